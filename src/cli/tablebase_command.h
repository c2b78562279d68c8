// SPDX-License-Identifier: GPL-3.0-or-later
// `branan tablebase generate|probe|verify`: endgame tablebases (src/tablebase/,
// docs/tablebases.md).
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_tablebase(const std::vector<std::string>& args);

}  // namespace branan::cli
