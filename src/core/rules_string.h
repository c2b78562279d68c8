// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl rules strings: "dim:7 name:Brandub atkf:y ks:w ... start:/3t3/.../". Parsing fills a
// Rules value (keys Branan does not support are refused by name); writing gives back a string
// that parses to the same value. Branan's own extension keys start with "x" (see README).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "core/rules.h"

namespace branan {

Expected<Rules> parse_rules_string(std::string_view text);
std::string write_rules_string(const Rules& rules);

// A preset name or a rules string (anything containing ':' is taken as a rules string).
Expected<Rules> rules_from_name_or_string(std::string_view text);

// The rules a command line's --variant (a preset name) and --rules (an OpenTafl rules string)
// give, at most one of them (neither: brandubh): branan's subcommands and branan-match read them
// alike. A preset name given to --rules, or a rules string to --variant, is refused, naming the
// option that takes it.
Expected<Rules> rules_from_command_line(const std::optional<std::string>& variant,
                                        const std::optional<std::string>& rules);

}  // namespace branan
