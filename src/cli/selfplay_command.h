// SPDX-License-Identifier: GPL-3.0-or-later
// `branan selfplay --out FILE`: plays fast games of Branan against itself and writes their
// positions with the search's scores and the games' results (docs/selfplay.md); `--dump FILE`
// prints such a file as text.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_selfplay(const std::vector<std::string>& args);

}  // namespace branan::cli
