// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/report_command.h"

#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "cli/report_input.h"
#include "cli/rules_option.h"
#include "cli/search_options.h"
#include "cli/subcommand.h"
#include "report/game_analysis.h"
#include "report/html_report.h"

namespace branan::cli {
namespace {

// The depth searched when no limit is given: a 40-move Brandubh game takes a few seconds.
constexpr int kDefaultDepth = 6;
constexpr int kDefaultThreshold = 100;

}  // namespace

int run_report(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan report --input FILE --out PAGE.html [options]\n"
        "Writes a game's report, one HTML page with no outside files: the board after every\n"
        "move, the engine's best move and score beside each move, the mistakes and an\n"
        "evaluation graph. FILE is an OpenTafl record (.otg), a games.csv (one game a line:\n"
        "moves,captures,captures,result) or a move list as `branan analyse` reads them.\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                              //
        ("input,i", po::value<std::string>(), "the game: .otg record, games.csv or move list")  //
        ("out,o", po::value<std::string>(), "the page to write")                                //
        ("game", po::value<int>(), "which game line of FILE (1 = the first)")                   //
        ("variant", po::value<std::string>(), "preset name (default brandubh; not for .otg)")   //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")        //
        ("threshold", po::value<int>()->default_value(kDefaultThreshold),
         "a move losing more than this many centi-soldiers is a mistake");
    add_search_options(desc, kDefaultDepth);
    po::variables_map vm;
    if (auto done = parse_subcommand("report", args, desc, vm)) return *done;
    auto refuse = [](const std::string& why) {
        std::cerr << "branan report: " << why << "\n";
        return 2;
    };
    if (!vm.count("input")) return refuse("--input FILE is required (branan report --help)");
    if (!vm.count("out")) return refuse("--out PAGE.html is required (branan report --help)");
    auto rules = rules_from_options(vm);
    if (!rules) return refuse(rules.error());
    auto settings = search_settings_from_options(vm, kDefaultDepth);
    if (!settings) return refuse(settings.error());
    const int threshold = vm["threshold"].as<int>();
    if (threshold < 0) return refuse("--threshold must be 0 or more (centi-soldiers)");
    std::optional<int> game_number;
    if (vm.count("game")) game_number = vm["game"].as<int>();

    auto game = read_report_game(vm["input"].as<std::string>(), game_number, *rules,
                                 vm.count("variant") || vm.count("rules"));
    if (!game) return refuse(game.error());
    report::AnalysisOptions options;
    options.limits = settings->limits;
    options.threads = settings->threads;
    options.hash_mb = settings->hash_mb;
    options.solver = settings->solver;
    options.threshold = threshold;
    const report::GameAnalysis analysis = report::analyse_game(game->game, options);
    const std::string out_path = vm["out"].as<std::string>();
    std::ofstream out(out_path, std::ios::trunc);
    out << report::render_html_report(*game, analysis);
    out.flush();
    if (!out) {
        std::cerr << "branan report: cannot write '" << out_path << "'\n";
        return 1;
    }
    int mistakes = 0;
    for (const auto& v : analysis.moves) mistakes += v.mistake;
    std::cout << "wrote " << out_path << ": " << analysis.moves.size() << " plies, " << mistakes
              << (mistakes == 1 ? " mistake" : " mistakes") << " (" << analysis.limits << ")\n";
    return 0;
}

}  // namespace branan::cli
