// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/tune_command.h"

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "cli/rules_option.h"
#include "cli/subcommand.h"
#include "cli/weights_file.h"
#include "core/game_record.h"
#include "core/text_file.h"
#include "engine/texel.h"

namespace branan::cli {
namespace {

// Counts of what a games file held besides the games fitted to.
struct LeftOut {
    int refused = 0;            // a move the rules refuse
    int unfinished = 0;         // no result (Ongoing)
    std::string first_refusal;  // where the first refused game is, and why
};

// The games of the file at `path` with a decisive or drawn result, replayed under the rules from
// `start`, appended to `games`; games with a move the rules refuse, or without a result, are
// counted in `left_out` and left out. A line that is not a game record (core/game_record.h) is an
// error naming the file and the line; empty lines are skipped.
std::string load_games(const std::string& path, const Game& start,
                       std::vector<std::pair<Game, double>>& games, LeftOut& left_out) {
    std::ifstream in;
    if (std::string error = open_text_file(path, in); !error.empty()) return error;
    size_t number = 0;
    for (std::string line;;) {
        const LineRead r = read_counted_line(in, line, number);
        if (r == LineRead::End) break;
        if (r == LineRead::TooLong) return too_long_line_error(path, number);
        if (line.empty()) continue;
        auto record = parse_csv_game(line);
        if (!record)
            return input_name(path) + " line " + std::to_string(number) + ": " + record.error();
        const double result = record->result == "Black"   ? 1.0
                              : record->result == "White" ? 0.0
                              : record->result == "Draw"  ? 0.5
                                                          : -1.0;
        if (result < 0) {
            ++left_out.unfinished;
            continue;
        }
        Game game = start;
        bool ok = true;
        for (size_t k = 0; k < record->moves.size() && ok; ++k) {
            const std::string& m = record->moves[k];
            if (m == "timeout" || game.status().over()) break;
            if (const auto played = game.play(m); !played) {
                ok = false;
                if (left_out.first_refusal.empty())
                    left_out.first_refusal = input_name(path) + " line " + std::to_string(number) +
                                             ": move " + std::to_string(k + 1) + ": " +
                                             played.error();
            }
        }
        if (ok)
            games.emplace_back(std::move(game), result);
        else
            ++left_out.refused;
    }
    return {};
}

}  // namespace

int run_tune(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan tune --games FILE [--games FILE ...] [options]\n"
        "Fits the evaluation weights to game results (Texel's method). Every fifth game is held\n"
        "out to measure the fit on games it was not fitted to.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                           //
        ("games", po::value<std::vector<std::string>>(), "game records (csv), one or more")  //
        ("variant", po::value<std::string>(), "preset the games were played under")          //
        ("rules", po::value<std::string>(), "rules string instead of a preset")              //
        ("weights", po::value<std::string>(), "weights to start from (default: built in)")   //
        ("out", po::value<std::string>(), "write the fitted weights here")                   //
        ("start-record", po::value<std::string>(),
         "OTN record the games started from, the rules' first side to move (default: the "
         "variant's start)")  //
        ("k", po::value<double>(),
         "scale K of the logistic curve, fixed (default: fitted to the starting weights, which "
         "is degenerate when they predict the results badly)")  //
        ("only", po::value<std::vector<std::string>>(),
         "fit only the terms whose names start with this (repeatable; e.g. pst_)")               //
        ("skip", po::value<int>()->default_value(4), "plies skipped at the start of each game")  //
        ("step", po::value<int>()->default_value(16), "first step of the search");
    po::variables_map vm;
    if (auto done = parse_subcommand("tune", args, desc, vm)) return *done;
    if (!vm.count("games")) {
        std::cerr << "branan tune: --games FILE is required\n" << desc;
        return 2;
    }
    auto rules = rules_from_options(vm);
    if (!rules) {
        std::cerr << "branan tune: " << rules.error() << "\n";
        return 2;
    }
    auto start_game =
        vm.count("start-record")
            ? Game::create(*rules, vm["start-record"].as<std::string>(), rules->first_to_move)
            : Game::create(*rules);
    if (!start_game) {
        std::cerr << "branan tune: --start-record: " << start_game.error() << "\n";
        return 2;
    }
    std::vector<std::string> only;
    if (vm.count("only")) only = vm["only"].as<std::vector<std::string>>();
    for (const auto& prefix : only) {
        int named = 0;
        for (int t = 0; t < kEvalTermCount; ++t)
            named += std::string(EvalWeights::name(t)).rfind(prefix, 0) == 0;
        if (named == 0) {
            std::cerr << "branan tune: --only '" << prefix << "' starts no term's name\n";
            return 2;
        }
    }
    if (vm["step"].as<int>() < 1) {
        std::cerr << "branan tune: --step must be at least 1\n";
        return 2;
    }
    if (vm["skip"].as<int>() < 0) {
        std::cerr << "branan tune: --skip must be 0 or more\n";
        return 2;
    }
    if (vm.count("k") && !(vm["k"].as<double>() > 0 && vm["k"].as<double>() < 100)) {
        std::cerr << "branan tune: --k must be greater than 0 and less than 100\n";
        return 2;
    }
    EvalWeights start;
    if (vm.count("weights")) {
        auto w = load_weights_file(vm["weights"].as<std::string>());
        if (!w) {
            std::cerr << "branan tune: " << w.error() << "\n";
            return 2;
        }
        start = *w;
    }
    std::vector<TexelSample> train, holdout;
    int games = 0;
    LeftOut left_out;
    for (const auto& path : vm["games"].as<std::vector<std::string>>()) {
        std::vector<std::pair<Game, double>> loaded;
        if (std::string error = load_games(path, *start_game, loaded, left_out); !error.empty()) {
            std::cerr << "branan tune: " << error << "\n";
            return 2;
        }
        for (const auto& [game, result] : loaded) {
            auto samples = texel_samples(game, result, vm["skip"].as<int>());
            auto& into = games++ % 5 == 4 ? holdout : train;
            into.insert(into.end(), samples.begin(), samples.end());
        }
    }
    std::cout << "games " << games << " (" << left_out.refused << " refused by the rules"
              << (left_out.refused ? "; the first: " + left_out.first_refusal : "") << "), "
              << left_out.unfinished << " without a result left out, positions " << train.size()
              << " to fit, " << holdout.size() << " held out\n";
    if (train.empty()) {
        std::cerr << "branan tune: no positions to fit\n";
        return 1;
    }
    const double k = vm.count("k") ? vm["k"].as<double>() : texel_fit_k(train, start);
    std::cout << "K " << k << "\n";
    const double train_before = texel_error(train, start, k),
                 hold_before = texel_error(holdout, start, k);
    auto free = [&](int term) {
        if (only.empty()) return true;
        const std::string name = EvalWeights::name(term);
        for (const auto& prefix : only)
            if (name.rfind(prefix, 0) == 0) return true;
        return false;
    };
    double bias = 0;
    const EvalWeights tuned = texel_tune(
        train, start, k, vm["step"].as<int>(),
        [](const std::string& line) { std::cout << line << "\n"; }, free, bias);
    std::cout << "intercept (the results' lean to the attackers, not part of the evaluation): "
              << bias << "\nerror on fitted positions: " << train_before << " -> "
              << texel_error(train, tuned, k, bias)
              << "\nerror on held-out positions: " << hold_before << " -> "
              << texel_error(holdout, tuned, k, bias) << "\n\n"
              << tuned.write();
    if (vm.count("out")) {
        std::ofstream out(vm["out"].as<std::string>());
        out << tuned.write();
        if (!out) {
            std::cerr << "branan tune: cannot write '" << vm["out"].as<std::string>() << "'\n";
            return 1;
        }
    }
    return 0;
}

}  // namespace branan::cli
