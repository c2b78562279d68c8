#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Latency benchmark of the UTI front end (a measurement, not a test: it asserts nothing).

usage: latency_bench.py BRANAN [--threads N ...] [--searches N] [--probes N] [--ponders N]
                         [--variant NAME [--moves MOVES]] [--early-stops]

For each thread count: the time from sending `go movetime 50` (Move Overhead 0) to reading its
bestmove, over --searches searches (overshoot = that time - 50 ms); and during `go infinite`,
the time from sending `isready` to reading `readyok`, and from `stop` to `bestmove`, over
--probes probes; and the time from `ponderhit` to `bestmove` after 3 s of `go ponder` on a 30 s
clock (a target of 0.75 s: the move is due at once), over --ponders hits. Prints median, 90th percentile and maximum of each in ms. The client is one
thread reading the pipe with select(), so that it adds as little delay of its own as it can (a
client with reader threads adds wake-ups of its own, each a chance to wait for a core on a
loaded machine). --variant plays a preset's start position (and --moves after it) instead of
Brandubh's; --early-stops sends each probe's `stop` at a random moment 10-300 ms after `go
infinite`, without waiting for its first info line, so that stops in the first iteration of a
wide board's search are measured too. Standard library only.
"""

import argparse
import os
import random
import select
import statistics
import subprocess
import sys
import time


class LeanEngine:
    """The engine over pipes, read by this thread alone."""

    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.buffer = b""

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        return time.monotonic()

    def read_until(self, predicate, timeout=30):
        """Reads to the first line for which predicate(line) holds; returns its receipt time."""
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n", 1)
                if predicate(raw.decode(errors="replace")):
                    return time.monotonic()
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("no matching line within %g s" % timeout)
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
            if not chunk:
                raise EOFError("the engine closed its output")
            self.buffer += chunk

    def sync(self):
        self.send("isready")
        self.read_until(lambda l: l == "readyok")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def summary(name, values):
    values = sorted(values)
    return "%-26s n=%-4d median %7.1f ms  p90 %7.1f ms  p99 %7.1f ms  max %7.1f ms" % (
        name, len(values), statistics.median(values), values[int(0.9 * (len(values) - 1))],
        values[int(0.99 * (len(values) - 1))], values[-1])


def measure(binary, threads, searches, probes, ponders, variant=None, moves="", early_stops=False):
    e = LeanEngine([binary])
    try:
        e.send("setoption name Threads value %d" % threads)
        e.send("setoption name Move Overhead value 0")
        if variant:
            e.send("setoption name UTI_Variant value %s" % variant)
            e.send("position startpos" + (" moves " + moves if moves else ""))
        else:
            e.send("position startpos moves d2-e2 c4-c2")
        e.sync()
        overshoot = []
        for _ in range(searches):
            sent = e.send("go movetime 50")
            overshoot.append((e.read_until(lambda l: l.startswith("bestmove")) - sent) * 1000 - 50)
            e.sync()
        ready, stop = [], []
        for _ in range(probes):
            e.send("go infinite")
            if early_stops:
                time.sleep(random.uniform(0.01, 0.3))
            else:
                e.read_until(lambda l: l.startswith("info depth"))
                time.sleep(0.05)
            for _ in range(3):
                sent = e.send("isready")
                ready.append((e.read_until(lambda l: l == "readyok") - sent) * 1000)
                time.sleep(0.01)
            sent = e.send("stop")
            stop.append((e.read_until(lambda l: l.startswith("bestmove")) - sent) * 1000)
            e.sync()
        hit = []
        for _ in range(ponders):
            e.send("go ponder atime 30000 dtime 30000")
            time.sleep(3.0)
            sent = e.send("ponderhit")
            hit.append((e.read_until(lambda l: l.startswith("bestmove")) - sent) * 1000)
            e.sync()
        print("threads %d" % threads)
        print("  " + summary("go movetime 50 overshoot", overshoot))
        print("  " + summary("isready -> readyok", ready))
        print("  " + summary("stop -> bestmove", stop))
        if hit:
            print("  " + summary("ponderhit -> bestmove", hit))
        sys.stdout.flush()
    finally:
        e.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--threads", type=int, nargs="+", default=[1, 64])
    p.add_argument("--searches", type=int, default=200)
    p.add_argument("--probes", type=int, default=30)
    p.add_argument("--ponders", type=int, default=5)
    p.add_argument("--variant")
    p.add_argument("--moves", default="")
    p.add_argument("--early-stops", action="store_true")
    a = p.parse_args()
    for n in a.threads:
        measure(a.binary, n, a.searches, a.probes, a.ponders, a.variant, a.moves, a.early_stops)
    return 0


if __name__ == "__main__":
    sys.exit(main())
