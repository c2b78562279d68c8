// SPDX-License-Identifier: GPL-3.0-or-later
// What every subcommand does with its arguments before its own work: parse them with
// Boost.Program_options, print help or the error.
#pragma once

#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

namespace branan::cli {

// Parses `args` of subcommand `name` into `vm`. Returns the exit code to stop with (0 after
// --help, 2 after an error, both printed), or nothing when the subcommand should go on.
std::optional<int> parse_subcommand(
    const std::string& name, const std::vector<std::string>& args,
    const boost::program_options::options_description& desc,
    boost::program_options::variables_map& vm,
    const boost::program_options::positional_options_description* positional = nullptr);

// The error of out-of-range search resources, shared by the daemon and the subcommands that
// search: "--threads must be 1-256 and --hash 1-65536", "--hash N is more than half of this
// machine's memory" (a table the engine would refuse), or nothing when both are fine.
std::optional<std::string> search_resources_error(int threads, int hash_mb);

}  // namespace branan::cli
