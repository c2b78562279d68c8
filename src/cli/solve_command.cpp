// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/solve_command.h"

#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/position_line.h"
#include "cli/rules_option.h"
#include "cli/search_options.h"
#include "cli/subcommand.h"
#include "core/json_escape.h"
#include "core/text_file.h"
#include "engine/engine.h"
#include "solver/checkpoint.h"
#include "solver/merge.h"
#include "solver/solve.h"
#include "tablebase/probe.h"

namespace branan::cli {
namespace {

constexpr long long kDefaultNodes = 1'000'000;
constexpr long long kDefaultCheckpointEvery = 50'000'000;

// Set by SIGINT/SIGTERM while a checkpointed solve runs: the solve stops and saves its work.
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void on_stop_signal(int sig) {
    g_signal.store(sig);
    g_stop.store(true);
}

// `branan solve --merge FILES`: the parent's answer from its jobs' result lines.
int run_merge(const Rules& rules, const std::vector<std::string>& files) {
    std::vector<solver::ResultLine> lines;
    for (const std::string& f : files) {
        std::ifstream in;
        if (const std::string error = open_text_file(f, in); !error.empty()) {
            std::cerr << "branan solve: " << error << "\n";
            return 2;
        }
        size_t number = 0;
        std::string line;
        for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
            if (read == LineRead::TooLong) {
                std::cerr << "branan solve: " << f << " line " << number << ": " << too_long_text()
                          << "\n";
                return 2;
            }
            lines.push_back({f + ":" + std::to_string(number), line});
        }
    }
    const auto merged = solver::merge_results(rules, lines);
    if (!merged) {
        std::cerr << "branan solve: merge: " << merged.error() << "\n";
        return 1;
    }
    std::cout << *merged << std::endl;
    return 0;
}

// `branan solve --split-first-moves`: the jobs of every input line.
int run_split(const Rules& rules, std::istream& in) {
    int failures = 0;
    size_t number = 0;
    std::string line;
    for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
        if (read == LineRead::TooLong) {
            std::cerr << "branan solve: input line " << number << ": " << too_long_text()
                      << " (read no further)\n";
            return 1;  // the rest of the line is not read: the input ends here
        }
        if (is_blank_or_comment(line)) continue;
        const Expected<Game> game = game_from_line(rules, line);
        std::string error = game ? "" : game.error();
        if (game && game->status().over()) error = "the game is over";
        if (!error.empty()) {
            ++failures;
            std::cerr << "branan solve: input line " << number << ": " << error << "\n";
            continue;
        }
        for (const std::string& job : solver::split_jobs(*game)) std::cout << job << "\n";
    }
    std::cout.flush();
    return failures ? 1 : 0;
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan solve [--input FILE] [options]\n"
        "Proves who wins each position with best play (df-pn). Each input line (standard input\n"
        "without --input): 'startpos [moves ...]', 'otn <record> [side S] [moves ...]', or a move\n"
        "list from the start. Each output line: a JSON object with the result ('attackers',\n"
        "'defenders', 'draw' or 'unknown'), the nodes, the time and a principal line.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                        //
        ("input,i", po::value<std::string>(), "positions file ('-' for standard input)")  //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")           //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")  //
        ("nodes", po::value<long long>()->default_value(kDefaultNodes),
         "nodes per position (moves made); the result is 'unknown' when they run out")           //
        ("depth", po::value<int>(), "plies below each position searched at most")                //
        ("hash", po::value<int>()->default_value(64), "proof table in MiB")                      //
        ("proof", po::value<std::string>(), "write the proof of every solved position to FILE")  //
        ("checkpoint", po::value<std::string>(),
         "save the work to FILE (on SIGINT/SIGTERM, every --checkpoint-every nodes, at the end) "
         "and continue from it when it exists")  //
        ("checkpoint-every", po::value<long long>()->default_value(kDefaultCheckpointEvery),
         "nodes between checkpoints")  //
        ("no-cycle-leaves",
         "take no return of the other side to a position of the path as won (docs/solving.md, "
         "\"Cycles\"; to compare)")  //
        ("split-first-moves",
         "write one job line per legal move of each position instead of solving")  //
        ("merge", po::value<std::vector<std::string>>()->multitoken(),
         "combine the result files of a position's split jobs into its answer");
    add_tablebase_option(desc);
    po::variables_map vm;
    if (auto done = parse_subcommand("solve", args, desc, vm)) return *done;
    auto refuse = [](const std::string& why) {
        std::cerr << "branan solve: " << why << "\n";
        return 2;
    };
    auto rules = rules_from_options(vm);
    if (!rules) return refuse(rules.error());
    const int modes = static_cast<int>(vm.count("merge") + vm.count("split-first-moves") +
                                       vm.count("checkpoint"));
    if (modes > 1)
        return refuse("--merge, --split-first-moves and --checkpoint exclude each other");
    if (vm.count("merge")) return run_merge(*rules, vm["merge"].as<std::vector<std::string>>());
    solver::SolveLimits limits;
    const long long nodes = vm["nodes"].as<long long>();
    if (nodes < 1) return refuse("--nodes must be at least 1");
    limits.nodes = static_cast<uint64_t>(nodes);
    limits.cycle_leaves = !vm.count("no-cycle-leaves");
    if (vm.count("depth")) {
        const int depth = vm["depth"].as<int>();
        if (depth < 1 || depth > 10000) return refuse("--depth must be 1-10000");
        limits.max_depth = depth;
    }
    const int hash = vm["hash"].as<int>();
    if (hash < 1 || hash > Engine::kMaxHashMb)
        return refuse("--hash must be 1-" + std::to_string(Engine::kMaxHashMb) + " (MiB)");
    const long long every = vm["checkpoint-every"].as<long long>();
    if (every < 1) return refuse("--checkpoint-every must be at least 1");
    auto tables = tablebase_from_options(vm);
    if (!tables) return refuse(tables.error());
    if (const std::string error = tablebase_rules_error(*tables, *rules); !error.empty())
        return refuse(error);
    const tablebase::Prober prober(*tables, *rules);

    const std::string path = vm.count("input") ? vm["input"].as<std::string>() : "-";
    PositionInput input;
    if (const std::string error = open_position_input(path, input); !error.empty())
        return refuse(error);
    std::istream& in = *input.stream;
    if (vm.count("split-first-moves")) return run_split(*rules, in);
    std::ofstream proof;
    if (vm.count("proof")) {
        proof.open(vm["proof"].as<std::string>());
        if (!proof) return refuse("cannot write '" + vm["proof"].as<std::string>() + "'");
    }
    solver::ProofTable table(static_cast<size_t>(hash));

    // Checkpoints: the answers so far and the table of the line searched last.
    const std::string checkpoint = vm.count("checkpoint") ? vm["checkpoint"].as<std::string>() : "";
    solver::Checkpoint cp;
    if (!checkpoint.empty()) {
        if (std::filesystem::exists(checkpoint))
            if (auto error = solver::load_checkpoint(checkpoint, *rules, table, cp); !error.empty())
                return refuse(error);
        std::signal(SIGINT, on_stop_signal);
        std::signal(SIGTERM, on_stop_signal);
    }
    bool save_failed = false;
    auto save = [&]() {
        if (auto error = solver::save_checkpoint(checkpoint, *rules, table, cp); !error.empty()) {
            std::cerr << "branan solve: " << error << "\n";
            save_failed = true;
        }
    };
    // A checkpoint that cannot be written is found now, not after hours of solving.
    if (!checkpoint.empty())
        if (auto error = solver::save_checkpoint(checkpoint, *rules, table, cp); !error.empty())
            return refuse(error);

    int failures = 0;
    size_t number = 0;
    std::string line;
    for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
        const std::string head = "{\"input_line\":" + std::to_string(number);
        if (read == LineRead::TooLong) {
            ++failures;
            std::cout << head << ",\"error\":" << json_string(too_long_line_error(path, number))
                      << "}" << std::endl;
            break;  // the rest of the line is not read: the input ends here
        }
        if (is_blank_or_comment(line)) continue;  // skipped, but counted
        auto answered = std::find_if(cp.answers.begin(), cp.answers.end(),
                                     [&](const auto& a) { return a.input == line; });
        if (answered != cp.answers.end()) {  // decided in an earlier run
            std::cout << head << answered->json << "}" << std::endl;
            if (!answered->proof.empty() && proof.is_open())
                proof << "# input line " << number << "\n" << answered->proof << std::flush;
            continue;
        }
        const Expected<Game> game = ongoing_game_from_line(*rules, line);
        auto fail = [&](const std::string& why) {
            ++failures;
            std::cout << head << ",\"error\":" << json_string(why) << "}" << std::endl;
        };
        if (!game) {
            fail(game.error());
            continue;
        }
        solver::SolveHooks hooks;
        hooks.tables = &prober;
        uint64_t earlier = 0;
        if (!checkpoint.empty()) {
            hooks.keep_table = cp.table_input == line;
            hooks.unguided = &cp.table_unguided;
            earlier = hooks.keep_table ? cp.table_nodes : 0;
            cp.table_input = line;
            cp.table_nodes = earlier;
            hooks.stop = &g_stop;
            hooks.tick_every = static_cast<uint64_t>(every);
            hooks.tick = [&](uint64_t spent) {
                cp.table_nodes = earlier + spent;
                save();
            };
        }
        const auto start = std::chrono::steady_clock::now();
        const solver::Solution s = solver::solve(*game, table, limits, hooks);
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now() - start)
                            .count();
        std::string json = ",\"position\":" + json_string(game->record());
        json += ",\"side\":" + json_string(side_name(game->side_to_move()));
        if (!game->moves_played().empty())
            json += ",\"game\":" + json_string(solver::game_line(*game));
        json += ",\"result\":" + json_string(solver::result_name(s));
        json += ",\"nodes\":" + std::to_string(s.nodes) + ",\"time_ms\":" + std::to_string(ms);
        if (earlier) json += ",\"earlier_nodes\":" + std::to_string(earlier);
        json += ",\"line\":[";
        Game line_game = *game;
        for (size_t i = 0; i < s.line.size(); ++i) {
            json += (i ? "," : "") + json_string(line_game.describe(s.line[i]));
            line_game.play(s.line[i]);
        }
        json += "]";
        if (s.winner) json += ",\"proof_nodes\":" + std::to_string(s.proof.size);
        if (s.winner && prober.active())
            json += ",\"table_leaves\":" + std::to_string(solver::table_leaves(s.proof));
        if (!s.note.empty()) json += ",\"note\":" + json_string(s.note);
        std::cout << head << json << "}" << std::endl;
        std::string proof_text;
        if (s.winner && (proof.is_open() || !checkpoint.empty())) {
            std::ostringstream text;
            solver::write_proof(text, *game, s);
            proof_text = text.str();
        }
        if (s.winner && proof.is_open())
            proof << "# input line " << number << "\n" << proof_text << std::flush;
        if (checkpoint.empty()) continue;
        cp.table_nodes = earlier + s.nodes;
        if (s.winner || s.draw) cp.answers.push_back({line, json, proof_text});
        if (s.stopped) {
            save();
            const int sig = g_signal.load();
            std::cerr << "branan solve: stopped by signal " << sig << "; the work is saved in '"
                      << checkpoint << "'\n";
            return 128 + sig;
        }
    }
    if (!checkpoint.empty()) save();
    if (save_failed) {
        std::cerr << "branan solve: the checkpoint '" << checkpoint
                  << "' could not be written (see above)\n";
        return 1;
    }
    return failures ? 1 : 0;
}

}  // namespace branan::cli
