#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fails when clang-format (.clang-format at the top) would change a C++ file of src/ or tests/.
# The tree was formatted with Debian 12's clang-format 14; another major version may format a
# few constructs differently, so the check names the version it ran with.
# Usage: scripts/check_format.sh [--fix]
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=${CLANG_FORMAT:-clang-format}
command -v "$fmt" >/dev/null || { echo "check_format.sh: $fmt not found (apt-get install clang-format)" >&2; exit 2; }
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h')
if [ "${1:-}" = "--fix" ]; then
    "$fmt" -i "${files[@]}"
    exit 0
fi
# One clang-format per file (so that the failures are named), as many at a time as there are cores.
mapfile -t bad < <(printf '%s\0' "${files[@]}" |
    xargs -0 -n 16 -P "$(nproc 2>/dev/null || echo 2)" sh -c \
        'for f; do "$0" --dry-run -Werror "$f" >/dev/null 2>&1 || echo "$f"; done' "$fmt" | sort)
if [ ${#bad[@]} -gt 0 ]; then
    echo "check_format.sh: $("$fmt" --version | head -1) would change ${#bad[@]} file(s):" >&2
    printf '  %s\n' "${bad[@]}" >&2
    echo "run scripts/check_format.sh --fix" >&2
    exit 1
fi
echo "check_format.sh: ${#files[@]} files formatted as .clang-format says"
