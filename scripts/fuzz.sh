#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds Branan's libFuzzer targets (tests/fuzz/fuzz_*.cpp) into build/fuzz/ with clang++
# (-fsanitize=fuzzer,address,undefined) and runs each for a while on a copy of its seed corpus.
#
#   scripts/fuzz.sh [seconds-per-target]     (default 20)
#
# Environment: CXX (default: the newest clang++ found), FUZZ_JOBS (compiles and fuzzer runs at a
# time, default nproc), FUZZ_TARGETS (space-separated subset, e.g. "fuzz_position").
# Exits non-zero if a target fails to build or finds a crash, leak, timeout or failed check;
# crashing inputs are left in build/fuzz/artifacts/<target>/. The repository is never written to.
set -euo pipefail

seconds="${1:-20}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: $0 [seconds-per-target]" >&2
    exit 2
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# --- compiler ------------------------------------------------------------------------------
if [ -z "${CXX:-}" ]; then
    for c in clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++ clang++-14; do
        if command -v "$c" >/dev/null 2>&1; then CXX="$c"; break; fi
    done
fi
if [ -z "${CXX:-}" ] || ! command -v "$CXX" >/dev/null 2>&1 || ! "$CXX" --version 2>/dev/null | grep -qi clang; then
    echo "fuzz.sh: clang++ is required (libFuzzer is part of clang) but was not found." >&2
    echo "         On Debian/Ubuntu: sudo apt-get install clang   (or set CXX=clang++-NN)" >&2
    exit 1
fi
echo "fuzz.sh: using $CXX ($("$CXX" --version | head -n1))"

out="build/fuzz"
# Every source is compiled afresh; objects of sources since moved or deleted must not linger in
# the archives (a stale one once gave the fuzzer a Game of an older layout).
rm -rf "$out/obj"
mkdir -p "$out/obj" "$out/artifacts"
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"

# -g1: line tables, enough for the file and line of a report.
common=(-std=c++20 -I src -I tests/fuzz -O1 -g1 -fno-omit-frame-pointer -pthread)
# Library code gets coverage instrumentation but no libFuzzer main; targets get both.
lib_flags=("${common[@]}" -fsanitize=fuzzer-no-link,address,undefined)
target_flags=("${common[@]}" -fsanitize=fuzzer,address,undefined)

# Sanity check: can this clang link a libFuzzer binary at all?
probe="$out/probe.cpp"
printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n' >"$probe"
if ! "$CXX" "${target_flags[@]}" "$probe" -o "$out/probe" 2>"$out/probe.log"; then
    echo "fuzz.sh: $CXX cannot build libFuzzer binaries (-fsanitize=fuzzer); see $out/probe.log" >&2
    echo "         On Debian the fuzzer runtime comes with the clang package (libclang-rt-NN-dev on newer releases)." >&2
    exit 1
fi

# --- library objects -------------------------------------------------------------------------
# compile <src.cpp> <obj.o>
compile() {
    local src="$1" obj="$2" log="$2.log"
    if "$CXX" "${lib_flags[@]}" -c "$src" -o "$obj" 2>"$log"; then return 0; fi
    cat "$log" >&2
    return 1
}

# The nets built into the binary, as CMake embeds them (cmake/embed_nets.cmake).
nets=$(ls nets/*.nnue 2>/dev/null | tr '\n' '|' | sed 's/|$//')
mkdir -p "$out/nnue"
cmake -DNETS="$nets" -DOUT="$out/nnue/embedded_nets.cpp" -P cmake/embed_nets.cmake
# Each library's sources are compiled a few to a translation unit (batches of 8, as the
# sanitizer trees' unity builds do), which parses the shared headers once per batch; the Release
# build of scripts/test.sh compiles every source on its own and so still catches a missing include.
# The engine first: its batch (the search) is the longest, and started last it ran alone at the end.
libraries=(engine core solver protocol tablebase nnue)
rm -rf "$out/unity"
mkdir -p "$out/unity"
batches=()
for lib in "${libraries[@]}"; do
    lib_sources=(src/"$lib"/*.cpp)
    [ "$lib" = nnue ] && lib_sources+=("$out/nnue/embedded_nets.cpp")
    for ((i = 0; i < ${#lib_sources[@]}; i += 8)); do
        batch="$out/unity/${lib}_$((i / 8)).cpp"
        for src in "${lib_sources[@]:i:8}"; do printf '#include "%s"\n' "$root/$src"; done >"$batch"
        batches+=("$batch")
    done
done
echo "fuzz.sh: compiling the library sources in ${#batches[@]} batches ($jobs at a time)"
build_ok=1
running=0
for batch in "${batches[@]}"; do
    compile "$batch" "$out/obj/$(basename "$batch" .cpp).o" &
    running=$((running + 1))
    # A new compile as soon as any one ends (waiting for the oldest left a core idle).
    if [ "$running" -ge "$jobs" ]; then
        wait -n || build_ok=0
        running=$((running - 1))
    fi
done
while [ "$running" -gt 0 ]; do
    wait -n || build_ok=0
    running=$((running - 1))
done
if [ "$build_ok" != 1 ]; then
    echo "fuzz.sh: compiling the sources failed" >&2
    exit 1
fi
for lib in "${libraries[@]}"; do
    rm -f "$out/lib$lib.a"
    ar rcs "$out/lib$lib.a" "$out"/obj/${lib}_*.o
done

# --- targets ---------------------------------------------------------------------------------
declare -A libs=(
    [fuzz_rules_string]="$out/libcore.a"
    [fuzz_position]="$out/libcore.a"
    [fuzz_commands]="-Wl,--start-group $out/libprotocol.a $out/libengine.a $out/libsolver.a $out/libtablebase.a $out/libnnue.a $out/libcore.a -Wl,--end-group -lz"
)
targets=(${FUZZ_TARGETS:-fuzz_rules_string fuzz_position fuzz_commands})
for t in "${targets[@]}"; do
    if [ -z "${libs[$t]:-}" ]; then echo "fuzz.sh: unknown target $t" >&2; exit 2; fi
done
echo "fuzz.sh: linking ${targets[*]}"
pids=()
for t in "${targets[@]}"; do
    # shellcheck disable=SC2086
    "$CXX" "${target_flags[@]}" "tests/fuzz/$t.cpp" ${libs[$t]} -o "$out/$t" 2>"$out/$t.build.log" &
    pids+=($!)
done
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        cat "$out/${targets[$i]}.build.log" >&2
        echo "fuzz.sh: building ${targets[$i]} failed" >&2
        build_ok=0
    fi
done
[ "$build_ok" = 1 ] || exit 1

# --- runs ------------------------------------------------------------------------------------
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# fuzz_one <target>: runs one target on a fresh copy of its seed corpus; its exit status is the
# fuzzer's, its output is in build/fuzz/<target>.log.
fuzz_one() {
    local t="$1" corpus="$out/corpus-run/$1"
    rm -rf "$corpus"
    mkdir -p "$corpus" "$out/artifacts/$t"
    if [ -d "tests/fuzz/corpus/$t" ]; then cp -R "tests/fuzz/corpus/$t/." "$corpus/"; fi
    local args=(-max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1
                -artifact_prefix="$out/artifacts/$t/")
    if [ -f "tests/fuzz/$t.dict" ]; then args+=(-dict="tests/fuzz/$t.dict"); fi
    "$out/$t" "${args[@]}" "$corpus" >"$out/$t.log" 2>&1
}

# The targets run side by side, $jobs at a time, each for $seconds.
echo "fuzz.sh: running ${targets[*]} for ${seconds}s each, $jobs at a time"
declare -A status=()
pending=("${targets[@]}")
while [ "${#pending[@]}" -gt 0 ]; do
    batch=("${pending[@]:0:$jobs}")
    pending=("${pending[@]:$jobs}")
    pids=()
    for t in "${batch[@]}"; do
        fuzz_one "$t" &
        pids+=($!)
    done
    for i in "${!pids[@]}"; do
        set +e
        wait "${pids[$i]}"
        status[${batch[$i]}]=$?
        set -e
    done
done

failed=()
summary=()
for t in "${targets[@]}"; do
    rc="${status[$t]}"
    log="$out/$t.log"
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n1)
    speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -n1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n1 | grep -o '[0-9]*')
    line="$t: exit $rc, ${execs:-?} runs, ${speed:-?} exec/s, cov ${cov:-?}"
    summary+=("$line")
    if [ "$rc" != 0 ]; then
        failed+=("$t")
        echo "fuzz.sh: $t FAILED (exit $rc); log $log; inputs in $out/artifacts/$t/" >&2
        grep -E 'ERROR: |FUZZ_CHECK|runtime error|SUMMARY|Test unit written' "$log" | head -n 20 >&2 || true
    fi
done

echo
echo "fuzz.sh: summary"
for l in "${summary[@]}"; do echo "  $l"; done
if [ "${#failed[@]}" -ne 0 ]; then
    echo "fuzz.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: all targets ran clean"
