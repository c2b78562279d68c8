#include "cli/solve_command.h"

#include <boost/program_options.hpp>
#include <chrono>
#include <fstream>
#include <iostream>

#include "cli/position_line.h"
#include "cli/rules_option.h"
#include "cli/subcommand.h"
#include "core/json_escape.h"
#include "solver/solve.h"

namespace branan::cli {
namespace {

constexpr long long kDefaultNodes = 1'000'000;

}  // namespace

int run_solve(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan solve [--input FILE] [options]\n"
        "Proves who wins each position with best play (df-pn). Each input line (standard input\n"
        "without --input): 'startpos [moves ...]', 'otn <record> [side S] [moves ...]', or a move\n"
        "list from the start. Each output line: a JSON object with the result ('attackers',\n"
        "'defenders', 'draw' or 'unknown'), the nodes, the time and a principal line.");
    desc.add_options()("help,h", "show this help")                                        //
        ("input,i", po::value<std::string>(), "positions file ('-' for standard input)")  //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")           //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")  //
        ("nodes", po::value<long long>()->default_value(kDefaultNodes),
         "nodes per position (moves made); the result is 'unknown' when they run out")  //
        ("depth", po::value<int>(), "plies below each position searched at most")       //
        ("hash", po::value<int>()->default_value(64), "proof table in MiB")             //
        ("proof", po::value<std::string>(), "write the proof of every solved position to FILE");
    po::variables_map vm;
    if (auto done = parse_subcommand("solve", args, desc, vm)) return *done;
    auto refuse = [](const std::string& why) {
        std::cerr << "branan solve: " << why << "\n";
        return 2;
    };
    auto rules = rules_from_options(vm);
    if (!rules) return refuse(rules.error());
    solver::SolveLimits limits;
    const long long nodes = vm["nodes"].as<long long>();
    if (nodes < 1) return refuse("--nodes must be at least 1");
    limits.nodes = static_cast<uint64_t>(nodes);
    if (vm.count("depth")) {
        const int depth = vm["depth"].as<int>();
        if (depth < 1 || depth > 10000) return refuse("--depth must be 1-10000");
        limits.max_depth = depth;
    }
    const int hash = vm["hash"].as<int>();
    if (auto error = search_resources_error(1, hash)) return refuse(*error);

    const std::string path = vm.count("input") ? vm["input"].as<std::string>() : "-";
    std::ifstream file;
    if (path != "-") {
        file.open(path);
        if (!file) return refuse("cannot open '" + path + "'");
    }
    std::ofstream proof;
    if (vm.count("proof")) {
        proof.open(vm["proof"].as<std::string>());
        if (!proof) return refuse("cannot write '" + vm["proof"].as<std::string>() + "'");
    }
    std::istream& in = path == "-" ? std::cin : file;
    solver::ProofTable table(static_cast<size_t>(hash));
    int failures = 0;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (is_blank_or_comment(line)) continue;  // skipped, but counted
        const Expected<Game> game = game_from_line(*rules, line);
        std::string json = "{\"input_line\":" + std::to_string(number);
        auto fail = [&](const std::string& why) {
            ++failures;
            std::cout << json << ",\"error\":" << json_string(why) << "}" << std::endl;
        };
        if (!game) {
            fail(game.error());
            continue;
        }
        if (const Status s = game->status(); s.over()) {
            fail(std::string("the game is over (") + reason_name(s.reason) + ", " +
                 outcome_name(s.outcome) + ")");
            continue;
        }
        const auto start = std::chrono::steady_clock::now();
        const solver::Solution s = solver::solve(*game, table, limits);
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - start)
                            .count();
        json += ",\"position\":" + json_string(game->record());
        json += ",\"side\":" + json_string(side_name(game->side_to_move()));
        json += ",\"result\":" + json_string(solver::result_name(s));
        json += ",\"nodes\":" + std::to_string(s.nodes) + ",\"time_ms\":" + std::to_string(ms);
        json += ",\"line\":[";
        Game line_game = *game;
        for (size_t i = 0; i < s.line.size(); ++i) {
            json += (i ? "," : "") + json_string(line_game.describe(s.line[i]));
            line_game.play(s.line[i]);
        }
        json += "]";
        if (s.winner) json += ",\"proof_nodes\":" + std::to_string(s.proof.size);
        if (!s.note.empty()) json += ",\"note\":" + json_string(s.note);
        std::cout << json << "}" << std::endl;
        if (s.winner && proof.is_open()) {
            proof << "# input line " << number << "\n";
            solver::write_proof(proof, *game, s);
            proof.flush();
        }
    }
    return failures ? 1 : 0;
}

}  // namespace branan::cli
