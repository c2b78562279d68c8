#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compares the speed of two builds: runs `branan bench` of each alternately, RUNS times each
# (default 3), and prints per run the node count, bench's nodes per second (wall clock) and the
# process's user CPU seconds, then each build's mean. Alternating spreads a shared machine's load
# over both builds; the CPU time is the steadier figure when other work runs.
# Usage: scripts/bench_builds.sh BUILD_DIR_A BUILD_DIR_B [RUNS]
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: scripts/bench_builds.sh BUILD_DIR_A BUILD_DIR_B [RUNS]" >&2
  exit 2
fi
runs=${3:-3}
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "bench_builds.sh: RUNS must be a positive number, not '$runs'" >&2
  exit 2
fi
for dir in "$1" "$2"; do
  [ -x "$dir/branan" ] || { echo "bench_builds.sh: no branan binary in '$dir'" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "bench_builds.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A nps_sum cpu_sum
for ((i = 1; i <= runs; i++)); do
  for dir in "$1" "$2"; do
    out=$({ /usr/bin/time -f 'cpu %U' "$dir/branan" bench; } 2>&1)
    nodes=$(sed -n 's/^Nodes searched *: *//p' <<<"$out")
    nps=$(sed -n 's/^Nodes\/second *: *//p' <<<"$out")
    cpu=$(sed -n 's/^cpu //p' <<<"$out")
    printf '%s run %d: nodes %s, %s nodes/s, %s s CPU\n' "$dir" "$i" "$nodes" "$nps" "$cpu"
    nps_sum[$dir]=$(awk -v a="${nps_sum[$dir]:-0}" -v b="$nps" 'BEGIN { print a + b }')
    cpu_sum[$dir]=$(awk -v a="${cpu_sum[$dir]:-0}" -v b="$cpu" 'BEGIN { print a + b }')
  done
done
for dir in "$1" "$2"; do
  awk -v d="$dir" -v n="${nps_sum[$dir]}" -v c="${cpu_sum[$dir]}" -v r="$runs" \
    'BEGIN { printf "%s mean: %.0f nodes/s, %.2f s CPU\n", d, n / r, c / r }'
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
