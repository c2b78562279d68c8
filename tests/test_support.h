// SPDX-License-Identifier: GPL-3.0-or-later
// Helpers shared by the tests.
#pragma once

#include <string>
#include <vector>

#include "catch.h"
#include "core/expected.h"

namespace branan::testing {

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
