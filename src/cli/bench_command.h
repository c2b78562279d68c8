// SPDX-License-Identifier: GPL-3.0-or-later
// `branan bench [depth]`: searches a fixed list of positions to a fixed depth with one thread and
// prints the total node count (the bench signature of commit messages) and the speed.
#pragma once

#include <string>
#include <vector>

namespace branan::cli {

int run_bench(const std::vector<std::string>& args);

}  // namespace branan::cli
