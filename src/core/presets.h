// SPDX-License-Identifier: GPL-3.0-or-later
// The named variants Branan ships (docs/rules.md describes each, with its sources).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules.h"

namespace branan {

// Names of every preset, the default ("brandubh") first.
const std::vector<std::string>& preset_names();
// The preset of that name, or nothing.
std::optional<Rules> preset(std::string_view name);

}  // namespace branan
