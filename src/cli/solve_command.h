// SPDX-License-Identifier: GPL-3.0-or-later
// `branan solve`: one position a line in, one JSON object a line out: who wins it with best play,
// proved by df-pn (src/solver), with a principal line and optionally the proofs in a file.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_solve(const std::vector<std::string>& args);

}  // namespace branan::cli
