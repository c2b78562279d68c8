// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers shared by the tests.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "catch.h"
#include "core/expected.h"

namespace branan::testing {

// A path under the system's temporary directory that no other test, in this process or another
// one running beside it (ctest -j), is given: `name` after this process's id and a count of the
// paths asked for so far. Nothing is created there.
inline std::string unique_temp_path(const std::string& name) {
    static std::atomic<int> count{0};
    return (std::filesystem::temp_directory_path() / ("branan-test-" + std::to_string(::getpid()) +
                                                      "-" + std::to_string(count++) + "-" + name))
        .string();
}

// True in a build under AddressSanitizer or ThreadSanitizer (GCC defines __SANITIZE_*__; Clang
// answers __has_feature).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizedBuild = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kSanitizedBuild = true;
#else
inline constexpr bool kSanitizedBuild = false;
#endif
#else
inline constexpr bool kSanitizedBuild = false;
#endif

// `n` (a number of random games, or a count that grows with them), or a third of it (at least 1)
// in a sanitized build. The tests that compare many random games with a reference, or play many
// engine games, run in full in the Release build, where the comparison is the point; under the
// sanitizers, which look for memory and thread faults rather than wrong answers, a third of the
// games covers the same code at a third of the time (CI's run must stay inside 30 minutes).
constexpr int sanitized_share(int n) {
    return kSanitizedBuild ? std::max(1, n / 3) : n;
}

// The error of a failed parse, or a text that no expected error contains.
template <class T>
std::string error_of(const Expected<T>& e) {
    return e.ok() ? std::string("<parsed without error>") : e.error();
}

// A parse that must fail with an error mentioning every one of `parts`.
template <class T>
void check_refused(const Expected<T>& result, const std::vector<std::string>& parts) {
    CHECK_FALSE(result.ok());
    for (const auto& part : parts) CHECK_THAT(error_of(result), catch_compat::Contains(part));
}

// How often `part` occurs in `text` (overlapping occurrences counted).
inline size_t count_of(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace branan::testing
