// Helpers shared by the parser tests.
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

}  // namespace branan::testing
