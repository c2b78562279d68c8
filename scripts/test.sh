#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds Branan and runs every test:
#   0. the C++ sources as .clang-format says (scripts/check_format.sh); the Markdown documents'
#      links and paths (scripts/check_docs.py); every source file's SPDX licence line
#      (scripts/spdx_headers.py);
#   1. Release build (warnings are errors) and all tests: unit, perft, replay, tactics, protocol,
#      matches; then the bench signature against the newest "Bench:" commit (check_bench.sh),
#      and the documents against the binaries: the README's UTI session (readme_transcript.py),
#      the examples and bench figures (check_doc_examples.py);
#   2. the tests of 1 but the slow tier (deeper perft, solver proofs and reference comparisons of
#      code the fast tier runs too) under AddressSanitizer + UndefinedBehaviorSanitizer, with the
#      assert()s on (-O1 -g1 and no NDEBUG: the build that also stands for a Debug build;
#      warnings are not errors there: GCC 12 reports false maybe-uninitialized positives in
#      libstdc++ under ASan);
#   3. the threaded search, the tablebase probes shared by threads and the protocol tests (UTI
#      and OTEP; three of one search thread at a time left out) under ThreadSanitizer;
#   4. the libFuzzer targets for a bounded time (scripts/fuzz.sh, 12 s each).
# The sanitizer builds use -O1 -g1 (line tables): half the compile time of -O2 -g, the same
# reports with file and line; and they are unity builds (CMAKE_UNITY_BUILD: the sources, test
# files included, compiled a few to a translation unit), which parse the shared headers and
# compile the engine's templates once per batch instead of once per file. UBSan's vptr check
# (the dynamic type of polymorphic objects, of which Branan has few) is left out: with it
# tests/test_search.cpp took 40 s of CPU time to compile, without it 32 s. The ASan tree's
# executables are linked as position-dependent (-no-pie): as position-independent ones the loader
# applied 724,909 relocations (the sanitizers' data about every check and global) at each start,
# and the tests start the binaries thousands of times (a start took 183 ms, now 118 ms:
# docs/development.md); the ThreadSanitizer tree stays position-independent, as TSan's memory
# layout has long wanted. CI's whole run (2 cores) must stay inside 30 minutes
# (docs/development.md).
# Usage: scripts/test.sh [--fast]   (--fast: the Release build and its fast tier only)
# Test tiers are ctest labels (tests/CMakeLists.txt): fast, slow, protocol, match, soak.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
fast=false
case "${1:-}" in
  "") ;;
  --fast) fast=true ;;
  *)
    echo "usage: scripts/test.sh [--fast]" >&2
    exit 2
    ;;
esac
# Ninja where it is installed (scripts/deps.sh --test installs it): it compiles a target's files
# while the libraries it links are still being built, where Make builds target after target and
# left one of CI's two cores idle for long stretches. A build folder configured before keeps its
# generator (CMake refuses to change it).
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
# configure <build-dir> <cmake arguments...>
configure() {
  local dir=$1
  shift
  if [ -f "$dir/CMakeCache.txt" ]; then
    cmake -S . -B "$dir" "$@" >/dev/null
  else
    cmake -S . -B "$dir" "${generator[@]}" "$@" >/dev/null
  fi
}
# Each step's heading says how long the run has taken so far.
step() { printf '\n=== [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step "Formatting (clang-format)"
scripts/check_format.sh
step "Documents: links inside the repository, no machine paths; every source's licence line"
scripts/check_docs.py
scripts/spdx_headers.py --check

step "Release build"
configure build/release -DCMAKE_BUILD_TYPE=Release -DBRANAN_TESTS=ON -DBRANAN_WERROR=ON
cmake --build build/release -j"$jobs"
# Every test belongs to a tier, so that a tier's run misses none.
unlabelled=$(cd build/release && ctest -N -LE '^(fast|slow|protocol|match|soak)$' | sed -n 's/^Total Tests: //p')
if [ "$unlabelled" != 0 ]; then
  echo "test.sh: $unlabelled test(s) have no tier label (tests/CMakeLists.txt):" >&2
  (cd build/release && ctest -N -LE '^(fast|slow|protocol|match|soak)$') >&2
  exit 1
fi
if $fast; then
  step "Release tests: the fast tier"
  (cd build/release && ctest --no-tests=error --output-on-failure -j"$jobs" -L '^fast$')
  step "Done"
  exit 0
fi
step "Release tests"
(cd build/release && ctest --no-tests=error --output-on-failure -j"$jobs")
step "Bench signature"
scripts/check_bench.sh build/release
step "Documents against the binaries: the README's UTI session, the examples, the bench figures"
scripts/readme_transcript.py --check build/release/branan
scripts/check_doc_examples.py build/release

step "AddressSanitizer + UndefinedBehaviorSanitizer build, assertions on"
configure build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBRANAN_TESTS=ON -DBRANAN_WERROR=OFF \
  -DBRANAN_NATIVE=OFF -DCMAKE_UNITY_BUILD=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=all -fno-omit-frame-pointer" \
  -DCMAKE_EXE_LINKER_FLAGS="-no-pie"
cmake --build build/asan -j"$jobs"
# Two end-to-end script tests are left to the Release run: report_browser (its time is the
# browser's; branan report's C++ is under the sanitizers in test_report.cpp) and
# tools_tune_openings (its time is the games it plays; the fit is under them in test_eval.cpp).
# They are the two longest tests of the Release run. The guards of the Python scripts
# (script_check_bench, script_check_docs, script_spdx_headers) run no C++ and are left out too.
# So is "resume plays only the games the results file lacks" (about a minute of sanitized games
# for the run to keep within its 30 minutes): --resume runs under the sanitizers in the
# crash-safety test (a kill at every write step, then --resume) and the Ctrl-C test. And so is
# the real match of Berserk's turns (53 s of sanitized depth-2 searches in CI): berserk turns in a
# real match, refereed, stay under the sanitizers in the mercenaries-and-guards match (ber:c), and
# in the engine in the berserk random-game tests and protocol_uti.berserk_turns.
step "Sanitizer tests (assertions on; every tier but slow)"
(cd build/asan && BRANAN_TEST_TIMEOUT_SCALE=4 ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=print_stacktrace=1 ctest --no-tests=error --output-on-failure -j"$jobs" \
  -LE '^slow$' \
  -E '^(report_browser|tools_tune_openings|script_check_bench|script_check_docs|script_spdx_headers|resume plays only the games the results file lacks|a real match: Berserk.s turns of several moves, refereed without disagreement)$')

step "ThreadSanitizer build"
configure build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBRANAN_TESTS=ON -DBRANAN_WERROR=OFF \
  -DBRANAN_NATIVE=OFF -DCMAKE_UNITY_BUILD=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
  -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer"
# Only what the ThreadSanitizer step runs: the search tests (branan_search_tests, built from
# every file that holds a [search] test: checked here), the protocol binary and branan-match
# (which the OpenTafl recipe's protocol test drives), and the tablebase tests for the probes
# that several threads share ("[threads]").
search_files=$(grep -l '\[search\]' tests/*.cpp | sed 's|^tests/||' | sort | tr '\n' ' ')
listed=$(sed -n 's/^set(branan_search_test_files \(.*\))$/\1/p' tests/CMakeLists.txt | tr ' ' '\n' |
  sort | tr '\n' ' ')
if [ "$search_files" != "$listed" ]; then
  echo "test.sh: the files with [search] tests ($search_files) are not branan_search_test_files" \
    "in tests/CMakeLists.txt ($listed)" >&2
  exit 1
fi
cmake --build build/tsan -j"$jobs" --target branan branan-match branan_search_tests \
  branan_tablebase_tests
step "ThreadSanitizer: multithreaded search, shared tablebase probes, and the UTI and OTEP sessions (isready, stop, ponderhit during a search)"
# The search tests run in one process beside the protocol tests (which mostly wait on clocks and
# pipes); their output is shown when they end. Left to the other runs, for CI's 30 minutes: three
# protocol tests of one search thread at a time that took 47 s here (determinism, the solver's
# bounded proof check, long lines refused by the reader).
(cd build/tsan && TSAN_OPTIONS=halt_on_error=1 ./tests/branan_search_tests "[search]~[tactics]" \
  >search-tests.log 2>&1) &
search_tests=$!
(cd build/tsan && TSAN_OPTIONS=halt_on_error=1 ./tests/branan_tablebase_tests "[threads]" \
  && BRANAN_TEST_TIMEOUT_SCALE=6 TSAN_OPTIONS=halt_on_error=1 \
    ctest --no-tests=error --output-on-failure -j"$jobs" -R '^protocol_' \
    -E '^protocol_uti\.(determinism|solver_proof_check_is_bounded|long_lines_are_refused)$')
search_status=0
wait "$search_tests" || search_status=$?
cat build/tsan/search-tests.log
if [ "$search_status" != 0 ]; then
  echo "test.sh: the search tests failed under ThreadSanitizer (exit $search_status)" >&2
  exit 1
fi

step "Fuzzing (libFuzzer)"
scripts/fuzz.sh 12
step "Done"
