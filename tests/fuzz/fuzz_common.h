// SPDX-License-Identifier: GPL-3.0-or-later
// Shared helpers for Branan's libFuzzer targets (tests/fuzz/). Built by scripts/fuzz.sh.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

// An invariant the fuzzer must never break: print what and abort, so libFuzzer saves the input.
#define FUZZ_CHECK(cond, ...)                                                                    \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            std::fprintf(stderr, "FUZZ_CHECK failed at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            std::fprintf(stderr, __VA_ARGS__);                                                   \
            std::fprintf(stderr, "\n");                                                          \
            std::abort();                                                                        \
        }                                                                                        \
    } while (0)
