// SPDX-License-Identifier: GPL-3.0-or-later
// `branan rules [--variant NAME | --rules STRING | --list]`: prints what a preset or rules
// string means, switch by switch, and its canonical rules string.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_rules(const std::vector<std::string>& args);

}  // namespace branan::cli
