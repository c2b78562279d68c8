#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Replays an OTEP (OpenTafl Engine Protocol) session against the real engine.

usage: otep_session.py [--transcript FILE] BINARY [EXTRA ARGS...]

Starts BINARY EXTRA_ARGS... --otep (the flag is added unless already given), talks to it over
pipes as OpenTafl would, and checks its replies against the transcript (by default
otep-transcript.txt next to this script; its format is described at the top of that file). Every
line the engine writes must be expected by the transcript, and nothing may appear on stderr.
Exits 0 and prints "N passed, 0 failed" on success; exits 1 with a message on the first failure.
Standard library only.
"""

import os
import queue
import re
import subprocess
import sys
import threading
import time

DEFAULT_TIMEOUT = 10.0
MOVE_RE = re.compile(r"^([a-s])(\d{1,2})-([a-s])(\d{1,2})$")


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Positions: OpenTafl records, first row = rank 1; t attacker, T defender, K king.

def parse_record(record):
    if not (record.startswith("/") and record.endswith("/")):
        raise Failure(f"transcript error: bad position record {record!r}")
    rows = []
    for text in record[1:-1].split("/"):
        row, digits = [], ""
        for c in text:
            if c.isdigit():
                digits += c
                continue
            if digits:
                row += ["."] * int(digits)
                digits = ""
            row.append(c)
        if digits:
            row += ["."] * int(digits)
        rows.append(row)
    size = len(rows)
    if any(len(r) != size for r in rows):
        raise Failure(f"transcript error: record {record!r} is not square")
    return rows


def write_record(rows):
    out = "/"
    for row in rows:
        empty = 0
        for c in row:
            if c == ".":
                empty += 1
            else:
                if empty:
                    out += str(empty)
                    empty = 0
                out += c
        if empty:
            out += str(empty)
        out += "/"
    return out


def parse_move(text, size):
    m = MOVE_RE.match(text)
    if not m:
        raise Failure(f"{text!r} is not a simple move like a4-a1")
    fx, fy = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    tx, ty = ord(m.group(3)) - ord("a"), int(m.group(4)) - 1
    for v in (fx, fy, tx, ty):
        if not 0 <= v < size:
            raise Failure(f"move {text!r} leaves the {size}x{size} board")
    return fx, fy, tx, ty


def check_legal(record, move, side):
    """Basic legality for Brandub-like rules: own piece, rook move along an empty path, an empty
    destination, and only the king may stop on the throne or a corner."""
    rows = parse_record(record)
    size = len(rows)
    fx, fy, tx, ty = parse_move(move, size)
    piece = rows[fy][fx]
    own = "t" if side == "attackers" else "TK"
    if piece == "." or piece not in own:
        raise Failure(f"move {move} is illegal for the {side}: no piece of theirs on the "
                      f"start square in {record}")
    if (fx != tx) == (fy != ty):
        raise Failure(f"move {move} is not along a rank or a file")
    dx = (tx > fx) - (tx < fx)
    dy = (ty > fy) - (ty < fy)
    x, y = fx + dx, fy + dy
    while True:
        if rows[y][x] != ".":
            raise Failure(f"move {move} is blocked at {chr(ord('a') + x)}{y + 1} in {record}")
        if (x, y) == (tx, ty):
            break
        x, y = x + dx, y + dy
    centre = size // 2
    corners = {(0, 0), (0, size - 1), (size - 1, 0), (size - 1, size - 1)}
    if piece != "K" and ((tx, ty) == (centre, centre) or (tx, ty) in corners):
        raise Failure(f"move {move}: only the king may stop on the throne or a corner")


def after_move(record, move):
    """The record after a simple move (captures are not computed)."""
    rows = parse_record(record)
    fx, fy, tx, ty = parse_move(move, len(rows))
    if rows[fy][fx] == "." or rows[ty][tx] != ".":
        raise Failure(f"cannot play {move} in {record}")
    rows[ty][tx], rows[fy][fx] = rows[fy][fx], "."
    return write_record(rows)


# ---------------------------------------------------------------------------------------------

class Engine:
    def __init__(self, command):
        self.command = command
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=0)
        self.lines = queue.Queue()
        self.stderr = bytearray()
        self.log = []  # the session as seen from here
        self.out_thread = threading.Thread(target=self._read_stdout, daemon=True)
        self.err_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self.out_thread.start()
        self.err_thread.start()

    def _read_stdout(self):
        buffer = b""
        while True:
            chunk = os.read(self.proc.stdout.fileno(), 4096)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                self.lines.put(line.decode("ascii", "replace").rstrip("\r"))
        if buffer:
            self.lines.put(buffer.decode("ascii", "replace"))
        self.lines.put(None)  # end of output

    def _read_stderr(self):
        while True:
            chunk = os.read(self.proc.stderr.fileno(), 4096)
            if not chunk:
                break
            self.stderr += chunk

    def send(self, text):
        self.log.append("> " + (text if len(text) <= 200 else text[:200] + "... (%d bytes)" % len(text)))
        try:
            self.proc.stdin.write((text + "\n").encode("ascii"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise Failure(f"cannot send {text!r}: the engine's input is closed ({e})")

    def read_line(self, timeout):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return "timeout"
        if line is None:
            self.lines.put(None)  # keep reporting end of output
            return None
        self.log.append("< " + line)
        return line

    def unread_lines(self):
        pending = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return pending
            if line is None:
                self.lines.put(None)
                return pending
            self.log.append("< " + line)
            pending.append(line)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def load_transcript(path):
    steps = []
    with open(path, encoding="ascii") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            steps.append((number, line))
    return steps


def substitute(text, captures, state):
    def repl(m):
        key = m.group(1)
        if key == "sp":
            return " "
        repeat = re.fullmatch(r"x\*(\d+)", key)
        if repeat:
            return "x" * int(repeat.group(1))
        if key.startswith("after:"):
            what = key[len("after:"):]
            move = captures.get(what, what).split("|")[0]
            return after_move(state["record"], move)
        if key not in captures:
            raise Failure(f"transcript error: nothing captured as {key!r}")
        return captures[key]
    return re.sub(r"\{([^{}]+)\}", repl, text)


def track_position(text, state):
    words = text.split()
    if not words:
        return
    if words[0] in ("position", "move") and len(words) >= 2:
        state["record"] = words[1]
    elif words[0] == "opponent-move" and len(words) >= 3:
        state["record"] = words[2]
    elif words[0] == "rules":
        for w in words[1:]:
            if w.startswith("start:"):
                state["record"] = w[len("start:"):]


def run(engine, steps):
    captures = {}
    state = {"record": None}
    passed = 0
    for number, line in steps:
        where = f"transcript line {number} ({line.strip()!r})"
        try:
            kind, _, arg = line.partition(" ")
            if kind == ">":
                text = substitute(arg, captures, state)
                track_position(text, state)
                engine.send(text)
            elif kind.startswith("<"):
                timeout = float(kind[2:]) if kind.startswith("<@") else DEFAULT_TIMEOUT
                start = time.monotonic()
                got = engine.read_line(timeout)
                if got == "timeout":
                    raise Failure(f"no reply within {timeout:g} s; expected /{arg}/")
                if got is None:
                    raise Failure(f"the engine closed its output (exit code {engine.proc.poll()}); "
                                  f"expected /{arg}/")
                m = re.fullmatch(arg, got)
                if not m:
                    shown = got if len(got) <= 300 else got[:300] + f"... ({len(got)} bytes)"
                    raise Failure(f"got {shown!r}, expected /{arg}/")
                captures.update({k: v for k, v in m.groupdict().items() if v is not None})
                passed += 1
                print(f"ok   line {number}: {got}  ({time.monotonic() - start:.2f} s)")
            elif kind == "~":
                time.sleep(float(arg))
                extra = engine.unread_lines()
                if extra:
                    raise Failure(f"expected silence, got {extra!r}")
                if engine.proc.poll() is not None:
                    raise Failure(f"the engine exited early with code {engine.proc.returncode}")
                passed += 1
            elif kind == "!":
                words = arg.split()
                if words[0] == "legal" and len(words) == 3:
                    if state["record"] is None:
                        raise Failure("transcript error: no position is tracked yet")
                    move = captures[words[1]].split("|")[0]
                    check_legal(state["record"], move, words[2])
                    print(f"ok   line {number}: {move} is legal for the {words[2]} in {state['record']}")
                elif words[0] == "differ" and len(words) == 3:
                    a, b = (captures[w].split("|")[0] for w in words[1:])
                    if a == b:
                        raise Failure(f"both lines start with {a}")
                else:
                    raise Failure("transcript error: unknown check")
                passed += 1
            elif kind == "$":
                words = arg.split()
                if words[0] != "exit" or len(words) != 3:
                    raise Failure("transcript error: expected '$ exit CODE SECONDS'")
                code, timeout = int(words[1]), float(words[2])
                try:
                    engine.proc.stdin.close()
                except OSError:
                    pass
                start = time.monotonic()
                try:
                    rc = engine.proc.wait(timeout=timeout)
                except subprocess.TimeoutExpired:
                    raise Failure(f"the engine did not exit within {timeout:g} s")
                engine.out_thread.join(5)
                extra = engine.unread_lines()
                if extra:
                    raise Failure(f"unexpected output before exit: {extra!r}")
                if rc != code:
                    raise Failure(f"exit code {rc}, expected {code}")
                passed += 1
                print(f"ok   line {number}: exited with {rc} ({time.monotonic() - start:.2f} s)")
            else:
                raise Failure(f"transcript error: unknown directive {kind!r}")
        except Failure as e:
            raise Failure(f"{where}: {e}") from None
        except (KeyError, ValueError, IndexError) as e:
            raise Failure(f"{where}: transcript error: {e!r}") from None
    return passed


def main(argv):
    args = argv[1:]
    transcript = os.path.join(os.path.dirname(os.path.abspath(__file__)), "otep-transcript.txt")
    if len(args) >= 2 and args[0] == "--transcript":
        transcript, args = args[1], args[2:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    command = list(args)
    if "--otep" not in command:
        command.append("--otep")

    steps = load_transcript(transcript)
    try:
        engine = Engine(command)
    except OSError as e:
        print(f"FAIL: cannot start {command!r}: {e}", file=sys.stderr)
        return 1
    passed = 0
    try:
        passed = run(engine, steps)
        engine.err_thread.join(5)
        if engine.proc.poll() is None:
            raise Failure("the transcript ended but the engine is still running "
                          "(end the transcript with '$ exit ...')")
        if engine.stderr:
            raise Failure("the engine wrote to stderr (OpenTafl never reads it): "
                          f"{bytes(engine.stderr).decode('ascii', 'replace')!r}")
        passed += 1
    except Failure as e:
        engine.kill()
        engine.err_thread.join(5)
        print(f"FAIL: {e}", file=sys.stderr)
        print("session so far:", file=sys.stderr)
        for entry in engine.log[-40:]:
            print("    " + entry, file=sys.stderr)
        if engine.stderr:
            print("engine stderr:\n" + bytes(engine.stderr).decode("ascii", "replace"), file=sys.stderr)
        print(f"{passed} passed, 1 failed")
        return 1
    finally:
        engine.kill()
    print(f"{passed} passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
