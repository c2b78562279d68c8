// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/analyse_command.h"

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "cli/position_line.h"
#include "cli/rules_option.h"
#include "cli/search_options.h"
#include "cli/subcommand.h"
#include "core/json_escape.h"
#include "core/text_file.h"
#include "engine/engine.h"
#include "engine/search_types.h"
#include "protocol/uti.h"

namespace branan::cli {
namespace {

// The depth searched when no limit is given (shown by --help).
constexpr int kDefaultDepth = 8;

}  // namespace

int run_analyse(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan analyse --input FILE [options]\n"
        "Each input line: 'startpos [moves ...]', 'otn <record> [side S] [moves ...]', or a move\n"
        "list from the start. Each output line: a JSON object with the best move, score and PV.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                        //
        ("input,i", po::value<std::string>(), "positions file ('-' for standard input)")  //
        ("variant", po::value<std::string>(), "preset name (default brandubh)")           //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset");
    add_search_options(desc, std::to_string(kDefaultDepth));
    po::variables_map vm;
    if (auto done = parse_subcommand("analyse", args, desc, vm)) return *done;
    if (!vm.count("input")) {
        std::cerr << "branan analyse: --input FILE is required\n" << desc;
        return 2;
    }
    auto rules = rules_from_options(vm);
    if (!rules) {
        std::cerr << "branan analyse: " << rules.error() << "\n";
        return 2;
    }
    auto settings = search_settings_from_options(vm, kDefaultDepth);
    if (!settings) {
        std::cerr << "branan analyse: " << settings.error() << "\n";
        return 2;
    }
    if (const std::string error = tablebase_rules_error(settings->tables, *rules); !error.empty()) {
        std::cerr << "branan analyse: " << error << "\n";
        return 2;
    }
    const SearchLimits& limits = settings->limits;

    const std::string path = vm["input"].as<std::string>();
    PositionInput input;
    if (const std::string error = open_position_input(path, input); !error.empty()) {
        std::cerr << "branan analyse: " << error << "\n";
        return 2;
    }
    std::istream& in = *input.stream;
    Engine engine(static_cast<size_t>(settings->hash_mb));
    engine.set_threads(settings->threads);
    engine.set_solver_options(settings->solver);
    engine.set_tablebase(settings->tables);
    engine.set_game(Game::create(*rules).value());  // set_eval_file checks the board size
    if (const std::string error = engine.set_eval_file(settings->eval_file); !error.empty()) {
        std::cerr << "branan analyse: --eval-file: " << error << "\n";
        return 2;
    }
    size_t number = 0;
    int failures = 0;
    std::string line;
    for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
        std::string json = "{\"line\":" + std::to_string(number);
        if (read == LineRead::TooLong) {
            ++failures;
            std::cout << json << ",\"error\":" << json_string(too_long_line_error(path, number))
                      << "}" << std::endl;
            break;  // the rest of the line is not read: the input ends here
        }
        if (is_blank_or_comment(line)) continue;  // skipped, but counted
        auto game = game_from_line(*rules, line);
        if (!game) {
            ++failures;
            std::cout << json << ",\"error\":" << json_string(game.error()) << "}" << std::endl;
            continue;
        }
        engine.set_game(*game);
        const SearchResult r = engine.search(limits);
        json += ",\"position\":" + json_string(game->record());
        json += ",\"side\":" + json_string(side_name(game->side_to_move()));
        if (!r.best) {
            json += ",\"bestmove\":null,\"result\":" + json_string(outcome_name(r.status.outcome)) +
                    ",\"reason\":" + json_string(reason_name(r.status.reason));
        } else {
            const std::string score = format_score(r.score);  // "score cp 31" / "score mate 3"
            const bool mate = score.find("mate") != std::string::npos;
            json += ",\"bestmove\":" + json_string(game->move_text(*r.best));
            json += std::string(",\"score\":{\"") + (mate ? "mate" : "cp") +
                    "\":" + score.substr(score.rfind(' ') + 1) + "}";
            json +=
                ",\"depth\":" + std::to_string(r.depth) + ",\"nodes\":" + std::to_string(r.nodes);
            // The PV from the best move on, replayed for notation.
            json += ",\"pv\":[";
            Game line_game = *game;
            bool first = true;
            for (Move m : r.pv) {
                json += (first ? "" : ",") + json_string(line_game.describe(m));
                first = false;
                line_game.play(m);
            }
            json += "]";
        }
        std::cout << json << "}" << std::endl;
    }
    return failures ? 1 : 0;
}

}  // namespace branan::cli
