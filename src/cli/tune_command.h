// SPDX-License-Identifier: GPL-3.0-or-later
// `branan tune`: Texel-style fit of the evaluation weights to the results of recorded games
// (the format of tests/data/*.csv, which branan-match also writes).
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_tune(const std::vector<std::string>& args);

}  // namespace branan::cli
