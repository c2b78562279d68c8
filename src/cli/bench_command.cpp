// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/bench_command.h"

#include <boost/program_options.hpp>
#include <chrono>
#include <iostream>

#include "cli/subcommand.h"
#include "core/presets.h"
#include "engine/engine.h"

namespace branan::cli {
namespace {

struct BenchPosition {
    const char* variant;
    const char* moves;  // from the variant's start
};

// Start positions of every rule family and middle games from real brandubh and copenhagen games.
const BenchPosition kBenchPositions[] = {
    {"brandubh", ""},
    {"brandubh", "d2-e2 c4-c5 f4-f5 d4-c4 e2-d2xd3 c4-c3"},
    {"brandubh-federation", "d2-e2 c4-c2 b4-b3 c2-b2 d6-c6 d4-c4 d1-c1 d3-d1 e2-e1xd1 c4-c3"},
    {"brandubh-federation", "b4-b3 d5-b5 f4-f5 c4-c2 d6-d5 e4-e2xd2 d7-c7 e2-e5"},
    {"brandubh-opentafl", "d6-c6 e4-e6 d1-e1 d5-g5"},
    {"brandubh-it", "d2-e2 c4-c5"},
    {"brandubh-1step", ""},
    {"brandubh-1step-12", ""},
    {"tablut", ""},
    {"tablut-linnaeus", "e2-f2 e3-e2"},
    {"copenhagen", ""},
    {"copenhagen",
     "h1-h3 f8-i8 h11-h9 g7-g10 h9-g9xg10 h6-h9 g9-g10 g6-g9 k4-i4 g9-b9 f10-b10 f7-j7"},
    {"fetlar", "d1-d3 e5-e2 g1-g3 f4-c4"},
};

}  // namespace

int run_bench(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc("branan bench [depth] [options]");
    desc.add_options()("help,h", "show this help")                                        //
        ("depth,d", po::value<int>()->default_value(9), "search depth per position")      //
        ("hash", po::value<int>()->default_value(16), "transposition table size in MiB")  //
        ("threads", po::value<int>()->default_value(1), "search threads");
    po::positional_options_description positional;
    positional.add("depth", 1);
    po::variables_map vm;
    if (auto done = parse_subcommand("bench", args, desc, vm, &positional)) return *done;
    const int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > 64) {
        std::cerr << "branan bench: depth " << depth << " is out of range (1-64)\n";
        return 2;
    }
    if (auto error = search_resources_error(vm["threads"].as<int>(), vm["hash"].as<int>())) {
        std::cerr << "branan bench: " << *error << "\n";
        return 2;
    }
    Engine engine(static_cast<size_t>(vm["hash"].as<int>()));
    engine.set_threads(vm["threads"].as<int>());
    engine.set_solver_options({.max_pieces = 0});  // bench measures the search alone
    uint64_t nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    int n = 0;
    for (const auto& bp : kBenchPositions) {
        Game game = Game::create(*preset(bp.variant)).value();
        std::string moves = bp.moves;
        for (size_t pos = 0; pos < moves.size();) {
            const size_t end = std::min(moves.find(' ', pos), moves.size());
            auto played = game.play(moves.substr(pos, end - pos));
            if (!played) {
                std::cerr << "branan bench: bad bench position: " << played.error() << "\n";
                return 1;
            }
            pos = end + 1;
        }
        engine.new_game();
        engine.set_game(game);
        SearchLimits limits;
        limits.depth = depth;
        const SearchResult r = engine.search(limits);
        nodes += r.nodes;
        std::cerr << "position " << ++n << " (" << bp.variant
                  << "): " << (r.best ? game.move_text(*r.best) : "none") << " score " << r.score
                  << " nodes " << r.nodes << "\n";
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "===========================\n";
    std::cout << "Total time (ms) : " << static_cast<long long>(seconds * 1000) << "\n";
    std::cout << "Nodes searched  : " << nodes << "\n";
    std::cout << "Nodes/second    : " << static_cast<long long>(seconds > 0 ? nodes / seconds : 0)
              << "\n";
    return 0;
}

}  // namespace branan::cli
