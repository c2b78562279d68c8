#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The bench signature guard: runs BUILD_DIR/branan bench and compares its "Nodes searched" with
# the newest "Bench: N" of the commit messages (a commit that changes the search says the new
# count so; "No functional change" commits repeat it). Exits 0 when they agree, or when no commit
# message has a Bench: line (skipped, with a message); 1 when they differ; 2 on bad usage.
# Usage: scripts/check_bench.sh BUILD_DIR
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: scripts/check_bench.sh BUILD_DIR" >&2
  exit 2
fi
binary="$1/branan"
if [ ! -x "$binary" ]; then
  echo "check_bench: no branan binary in '$1' (build it first)" >&2
  exit 2
fi
repo="$(cd "$(dirname "$0")/.." && pwd)"
if ! git -C "$repo" rev-parse --git-dir >/dev/null 2>&1; then
  echo "check_bench: skipped: '$repo' is not a git checkout, so there is no 'Bench:' to compare"
  exit 0
fi

# The newest commit whose message has "Bench: <digits>"; its last such line.
# --first-parent: a merge states the bench of the merged whole; a side branch's older Bench: lines
# may be dated after the main line's.
commit=$(git -C "$repo" log -1 --first-parent -E --grep='Bench: [0-9]+' --format=%h)
if [ -z "$commit" ]; then
  if [ "$(git -C "$repo" rev-parse --is-shallow-repository)" = true ]; then
    echo "check_bench: skipped: no 'Bench: N' line in this shallow clone's history" \
      "(git fetch --unshallow to check)"
  else
    echo "check_bench: skipped: no commit message has a 'Bench: N' line"
  fi
  exit 0
fi
expected=$(git -C "$repo" log -1 --format=%B "$commit" | grep -oE 'Bench: [0-9]+' | tail -n 1 |
  grep -oE '[0-9]+')

output=$("$binary" bench 2>&1) || {
  echo "check_bench: '$binary bench' failed:" >&2
  echo "$output" >&2
  exit 1
}
actual=$(printf '%s\n' "$output" | sed -n 's/^Nodes searched *: *\([0-9][0-9]*\).*/\1/p' | tail -n 1)
if [ -z "$actual" ]; then
  echo "check_bench: '$binary bench' printed no 'Nodes searched' line:" >&2
  echo "$output" >&2
  exit 1
fi
if [ "$actual" != "$expected" ]; then
  echo "check_bench: FAIL: bench searched $actual nodes, but the newest 'Bench:' in the commit" \
    "messages (commit $commit) says $expected. A commit that changes the search must say" \
    "'Bench: $actual'; one that must not change it has changed it." >&2
  exit 1
fi
echo "check_bench: ok: bench $actual nodes, as commit $commit says"
