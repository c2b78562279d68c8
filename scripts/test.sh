#!/usr/bin/env bash
# Builds Branan and runs every test: the Release build, then the same tests under
# AddressSanitizer + UndefinedBehaviorSanitizer. Usage: scripts/test.sh [--fast] (skip sanitizers)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

step() { printf '\n=== %s\n' "$*"; }

step "Release build (warnings are errors)"
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBRANAN_WERROR=ON >/dev/null
cmake --build build/release -j"$jobs"
step "Release tests"
(cd build/release && ctest --output-on-failure -j"$jobs")

if [ "${1:-}" != "--fast" ]; then
  step "AddressSanitizer + UndefinedBehaviorSanitizer build"
  cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBRANAN_WERROR=ON -DBRANAN_NATIVE=OFF \
    -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
    >/dev/null
  cmake --build build/asan -j"$jobs"
  step "Sanitizer tests"
  (cd build/asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --output-on-failure -j"$jobs")
fi
