// SPDX-License-Identifier: GPL-3.0-or-later
// Catch2, v2 or v3: the build defines BRANAN_CATCH_V3 when it found v3. Every test file includes
// this header instead of Catch's own, and takes the two names that differ between the versions
// from catch_compat: Approx, and Contains (the substring matcher).
#pragma once

#include <string>

#if BRANAN_CATCH_V3
#include <catch2/catch_all.hpp>

namespace catch_compat {
using Catch::Approx;
inline Catch::Matchers::StringContainsMatcher Contains(const std::string& text) {
    return Catch::Matchers::ContainsSubstring(text);
}
}  // namespace catch_compat
// v2's header declares Approx in the global namespace too; tests may use it so under both.
using Catch::Approx;
#else
#include <catch2/catch.hpp>

namespace catch_compat {
using Catch::Detail::Approx;
using Catch::Matchers::Contains;
}  // namespace catch_compat
#endif
