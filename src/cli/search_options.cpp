// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/search_options.h"

#include "cli/subcommand.h"
#include "tablebase/probe.h"

namespace branan::cli {

void add_search_options(boost::program_options::options_description& desc,
                        const std::string& default_depth) {
    namespace po = boost::program_options;
    desc.add_options()  //
        ("depth", po::value<int>(),
         ("search depth per position (default " + default_depth +
          " when no --movetime or --nodes is given)")
             .c_str())                                                               //
        ("movetime", po::value<int>(), "milliseconds per position")                  //
        ("nodes", po::value<long long>(), "nodes per position")                      //
        ("threads", po::value<int>()->default_value(1), "search threads")            //
        ("hash", po::value<int>()->default_value(64), "transposition table in MiB")  //
        ("solve-pieces", po::value<int>()->default_value(RootSolverOptions{}.max_pieces),
         "positions with at most this many pieces are first given to the solver (0: never)")  //
        ("solve-nodes",
         po::value<long long>()->default_value(
             static_cast<long long>(RootSolverOptions{}.max_nodes)),
         "solver nodes per position (0: never)");
    add_tablebase_option(desc);
    add_eval_file_option(desc);
}

void add_eval_file_option(boost::program_options::options_description& desc) {
    desc.add_options()("eval-file", boost::program_options::value<std::string>(),
                       "the evaluation: <default>, <empty>, <embedded> or a net file (as the "
                       "daemon's EvalFile option)");
}

std::string eval_file_rules_error(const std::string& eval_file, const Rules& rules) {
    const std::string error = Engine::eval_file_error(eval_file, rules.size);
    return error.empty() ? error : "--eval-file: " + error;
}

void add_tablebase_option(boost::program_options::options_description& desc) {
    desc.add_options()("tablebase", boost::program_options::value<std::string>(),
                       "endgame tables' directory (branan tablebase generate) to probe");
}

Expected<std::shared_ptr<tablebase::Tablebase>> tablebase_from_options(
    const boost::program_options::variables_map& vm) {
    if (!vm.count("tablebase")) return std::shared_ptr<tablebase::Tablebase>{};
    auto tables = tablebase::Tablebase::open_for_play(vm["tablebase"].as<std::string>());
    if (!tables) return Error{"--tablebase: " + tables.error()};
    return *tables;
}

std::string tablebase_rules_error(const std::shared_ptr<tablebase::Tablebase>& tables,
                                  const Rules& rules) {
    if (!tables) return {};
    const std::string mismatch = tablebase::rules_mismatch(*tables, rules);
    return mismatch.empty() ? mismatch : "--tablebase: " + mismatch;
}

Expected<SearchSettings> search_settings_from_options(
    const boost::program_options::variables_map& vm, int default_depth) {
    SearchSettings s;
    if (vm.count("depth")) {
        const int depth = vm["depth"].as<int>();
        if (depth < 1 || depth > kMaxPly - 1)
            return Error{"--depth must be 1-" + std::to_string(kMaxPly - 1)};
        s.limits.depth = depth;
    }
    if (vm.count("movetime")) {
        const int movetime = vm["movetime"].as<int>();
        if (movetime < 1) return Error{"--movetime must be at least 1 (milliseconds)"};
        s.limits.move_time = movetime;
    }
    if (vm.count("nodes")) {
        const long long nodes = vm["nodes"].as<long long>();
        if (nodes < 1) return Error{"--nodes must be at least 1"};
        s.limits.nodes = static_cast<uint64_t>(nodes);
    }
    if (!s.limits.depth && !s.limits.move_time && !s.limits.nodes) s.limits.depth = default_depth;
    const int solve_pieces = vm["solve-pieces"].as<int>();
    if (solve_pieces < 0) return Error{"--solve-pieces must be at least 0"};
    const long long solve_nodes = vm["solve-nodes"].as<long long>();
    if (solve_nodes < 0) return Error{"--solve-nodes must be at least 0"};
    s.solver.max_pieces = solve_pieces;
    s.solver.max_nodes = static_cast<uint64_t>(solve_nodes);
    s.threads = vm["threads"].as<int>();
    s.hash_mb = vm["hash"].as<int>();
    if (auto error = search_resources_error(s.threads, s.hash_mb)) return Error{*error};
    auto tables = tablebase_from_options(vm);
    if (!tables) return Error{tables.error()};
    s.tables = *tables;
    if (vm.count("eval-file")) s.eval_file = vm["eval-file"].as<std::string>();
    return s;
}

}  // namespace branan::cli
