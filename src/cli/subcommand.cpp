// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/subcommand.h"

#include <iostream>

#include "engine/engine.h"
#include "options/parse_options.h"

namespace branan::cli {

std::optional<int> parse_subcommand(
    const std::string& name, const std::vector<std::string>& args,
    const boost::program_options::options_description& desc,
    boost::program_options::variables_map& vm,
    const boost::program_options::positional_options_description* positional) {
    namespace po = boost::program_options;
    try {
        options::parse_options(args, desc, vm, positional);
    } catch (const po::error& e) {
        std::cerr << "branan " << name << ": " << e.what() << "\n" << desc;
        return 2;
    }
    if (vm.count("help")) {
        std::cout << desc;
        return 0;
    }
    return std::nullopt;
}

std::optional<std::string> search_resources_error(int threads, int hash_mb) {
    if (threads < 1 || threads > Engine::kMaxThreads || hash_mb < 1 || hash_mb > Engine::kMaxHashMb)
        return "--threads must be 1-" + std::to_string(Engine::kMaxThreads) + " and --hash 1-" +
               std::to_string(Engine::kMaxHashMb);
    if (!Engine::hash_fits_in_memory(static_cast<size_t>(hash_mb)))
        return "--hash " + std::to_string(hash_mb) + " is more than half of this machine's memory";
    return std::nullopt;
}

}  // namespace branan::cli
