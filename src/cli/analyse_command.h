// SPDX-License-Identifier: GPL-3.0-or-later
// `branan analyse --input FILE`: one position a line in, one JSON object a line out (best move,
// score, principal variation), for scripted analysis of games.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_analyse(const std::vector<std::string>& args);

}  // namespace branan::cli
