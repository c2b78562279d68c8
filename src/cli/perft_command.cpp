// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/perft_command.h"

#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>

#include "cli/rules_option.h"
#include "cli/subcommand.h"
#include "core/game.h"

namespace branan::cli {

namespace po = boost::program_options;

int run_perft(const std::vector<std::string>& args) {
    po::options_description desc("branan perft [options]");
    desc.add_options()("help,h", "show this help")                                               //
        ("depth,d", po::value<int>()->default_value(5), "plies to count (1-20)")                 //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")                  //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")         //
        ("position", po::value<std::string>(), "position record (default: the start)")           //
        ("side", po::value<std::string>(), "side to move with --position: attackers|defenders")  //
        ("divide", "print the count of each root move");
    po::positional_options_description positional;
    positional.add("depth", 1);
    po::variables_map vm;
    if (auto done = parse_subcommand("perft", args, desc, vm, &positional)) return *done;
    const int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > 20) {
        std::cerr << "branan perft: depth " << depth << " is out of range (1-20)\n";
        return 2;
    }
    auto game = game_from_options(vm);
    if (!game) {
        std::cerr << "branan perft: " << game.error() << "\n";
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    uint64_t nodes = 0;
    if (vm.count("divide")) {
        nodes = game->perft(depth, [&](Move m, uint64_t n) {
            std::cout << game->move_text(m) << ": " << n << "\n";
        });
        std::cout << "\n";
    } else {
        nodes = game->perft(depth);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "Nodes searched: " << nodes << "\n";
    std::cout << "Time (ms): " << static_cast<long long>(seconds * 1000) << "\n";
    std::cout << "Nodes/second: " << static_cast<long long>(seconds > 0 ? nodes / seconds : 0)
              << "\n";
    return 0;
}

}  // namespace branan::cli
