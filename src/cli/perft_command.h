// SPDX-License-Identifier: GPL-3.0-or-later
// `branan perft`: perft from a start position or a record, optionally divided by root move.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

// Runs the subcommand with its own arguments (after "perft"); returns the process exit code.
int run_perft(const std::vector<std::string>& args);

}  // namespace branan::cli
