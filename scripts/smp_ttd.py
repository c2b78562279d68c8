#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lazy SMP time to depth: every position of a list is searched to its depth by a fresh
`branan analyse` process (an empty table), with 1 thread and with N threads alternately, for
several pairs of passes. Prints each position's median times and their ratio, the median over the
pairs of the whole pass's ratio, the geometric mean of the positions' ratios with a 95% interval
(bootstrap over the pairs: two-thread searches vary from run to run), and the load average
before and after: wall-clock ratios mean little when other work shares the cores. Also printed, less sensitive to that load: the ratio of
CPU times scaled by the thread count (N x CPU time with 1 thread / CPU time with N threads), the
speedup if every thread had a core of its own and the threads slowed each other down no more than
they did here.

Usage: scripts/smp_ttd.py BRANAN [--positions FILE] [--pairs 5] [--threads 2] [--hash 64]
                           [--extra-depth 0]
Positions file (default scripts/smp_positions.txt): 'variant depth position' a line, the position
as `branan analyse` reads it; '#' starts a comment line. --extra-depth N searches every position N
plies deeper than its line says (fewer for a negative N): how the figure changes with the length
of the searches.
"""
import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import time


def read_positions(path):
    positions = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            variant, depth, position = line.split(maxsplit=2)
            positions.append((variant, int(depth), position))
    return positions


def search(binary, variant, depth, position, threads, hash_mb):
    """Wall-clock seconds to the depth, CPU seconds, and the nodes searched."""
    command = [binary, "analyse", "--input", "-", "--variant", variant, "--depth", str(depth),
               "--threads", str(threads), "--hash", str(hash_mb)]
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(command, input=position + "\n", capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        raise SystemExit(f"{variant} '{position}': branan analyse failed (exit status "
                         f"{out.returncode}): {(out.stdout + out.stderr).strip()}")
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime + cpu_after.ru_stime) - (cpu_before.ru_utime + cpu_before.ru_stime)
    result = json.loads(out.stdout)
    if result.get("depth") != depth:
        reached = result.get("depth")
        raise SystemExit(f"{variant} '{position}': reached depth {reached}, not {depth}")
    return seconds, cpu, result["nodes"]


def ratio_of_sums(one, many, scale):
    return scale * sum(one) / sum(many)


def position_ratios(runs, n, pairs, k):
    """Each position's median(1-thread) / median(n-thread) of field k (0 wall time; 1 CPU time,
    then scaled by n), the medians taken over the given pairs' runs."""
    ratios = []
    for i in range(len(runs[1])):
        one = statistics.median(runs[1][i][p][k] for p in pairs)
        many = statistics.median(runs[n][i][p][k] for p in pairs)
        ratios.append(one / many if k == 0 else n * one / many)
    return ratios


def geometric_mean_of_medians(runs, n, pairs, k):
    """The geometric mean over the positions of their position_ratios."""
    return statistics.geometric_mean(position_ratios(runs, n, pairs, k))


def bootstrap_interval(runs, n, pair_count, k, samples=2000, seed=1):
    """A 95% interval of geometric_mean_of_medians by resampling the pairs with replacement: how
    far the figure could move with other runs of the same search, whose 2-thread trees vary."""
    rng = random.Random(seed)
    figures = sorted(
        geometric_mean_of_medians(runs, n, [rng.randrange(pair_count) for _ in range(pair_count)], k)
        for _ in range(samples))
    return figures[int(0.025 * samples)], figures[int(0.975 * samples) - 1]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--positions", default=os.path.join(here, "smp_positions.txt"))
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--hash", type=int, default=64, help="MiB")
    parser.add_argument("--extra-depth", type=int, default=0,
                        help="plies added to every position's depth")
    args = parser.parse_args()
    positions = [(variant, depth + args.extra_depth, position)
                 for variant, depth, position in read_positions(args.positions)]
    for variant, depth, position in positions:
        if depth < 1:
            extra = (f" with --extra-depth {args.extra_depth}: {depth}" if args.extra_depth else "")
            raise SystemExit(f"{variant} '{position}': depth {depth - args.extra_depth}{extra}, "
                             "less than 1")
    n = args.threads
    counts = (1, n)
    print("load average before: %.2f %.2f %.2f" % os.getloadavg(), flush=True)
    # runs[threads][position]: one (wall, cpu, nodes) per pair
    runs = {t: [[] for _ in positions] for t in counts}
    wall_ratios, cpu_ratios = [], []
    for pair in range(args.pairs):
        order = counts if pair % 2 == 0 else counts[::-1]
        for i, (variant, depth, position) in enumerate(positions):
            for t in order:
                runs[t][i].append(search(args.binary, variant, depth, position, t, args.hash))
        last = {t: [runs[t][i][-1] for i in range(len(positions))] for t in counts}
        wall_ratios.append(ratio_of_sums([r[0] for r in last[1]], [r[0] for r in last[n]], 1))
        cpu_ratios.append(ratio_of_sums([r[1] for r in last[1]], [r[1] for r in last[n]], n))
        print(f"pair {pair + 1}: wall {sum(r[0] for r in last[1]):.2f} s / "
              f"{sum(r[0] for r in last[n]):.2f} s = {wall_ratios[-1]:.3f}, "
              f"cpu ratio {cpu_ratios[-1]:.3f}", flush=True)
    header = ("position", "1 thread", f"{n} threads", "wall", "cpu", "nodes")
    print("{:<30} {:>8} {:>10} {:>6} {:>6} {:>6}".format(*header))
    every_pair = range(args.pairs)
    position_wall = position_ratios(runs, n, every_pair, 0)
    position_cpu = position_ratios(runs, n, every_pair, 1)
    for i, (variant, depth, _) in enumerate(positions):
        med = {t: [statistics.median(r[k] for r in runs[t][i]) for k in (0, 2)] for t in counts}
        print(f"{f'{i + 1}. {variant} depth {depth}':<30} {med[1][0]:7.2f}s {med[n][0]:9.2f}s "
              f"{position_wall[i]:6.3f} {position_cpu[i]:6.3f} {med[n][1] / med[1][1]:6.2f}")
    print("(per position: median times, their ratio, the CPU-time ratio, and nodes searched with "
          f"{n} threads / with 1)")
    print(f"median over the pairs of the pass ratio: wall {statistics.median(wall_ratios):.3f} "
          f"({' '.join(f'{r:.3f}' for r in wall_ratios)}), "
          f"cpu {statistics.median(cpu_ratios):.3f} ({' '.join(f'{r:.3f}' for r in cpu_ratios)})")
    # The pass ratio weighs each position by its length, so that one long position whose tree
    # size swings between builds can decide it; the geometric mean weighs every position the same.
    print(f"geometric mean over the positions of their ratios: wall "
          f"{statistics.geometric_mean(position_wall):.3f}, "
          f"cpu {statistics.geometric_mean(position_cpu):.3f}")
    if args.pairs >= 3:
        wall_low, wall_high = bootstrap_interval(runs, n, args.pairs, 0)
        cpu_low, cpu_high = bootstrap_interval(runs, n, args.pairs, 1)
        print(f"95% interval of the geometric mean (bootstrap over the pairs): wall "
              f"{wall_low:.3f} to {wall_high:.3f}, cpu {cpu_low:.3f} to {cpu_high:.3f}")
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
