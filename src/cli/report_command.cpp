// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/report_command.h"

#include <unistd.h>

#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/report_input.h"
#include "cli/rules_option.h"
#include "cli/search_options.h"
#include "cli/subcommand.h"
#include "core/text.h"
#include "report/game_analysis.h"
#include "report/html_report.h"

namespace branan::cli {
namespace {

constexpr int kDefaultThreshold = 100;

// "attackers 1 inaccuracy, 0 mistakes, 2 blunders; defenders ...".
std::string tier_summary(const report::GameAnalysis& a) {
    std::string text;
    for (Side side : {Side::Attackers, Side::Defenders}) {
        text += side == Side::Attackers ? "attackers " : "; defenders ";
        const char* sep = "";
        for (report::Tier t :
             {report::Tier::Inaccuracy, report::Tier::Mistake, report::Tier::Blunder}) {
            const int n = report::tier_count(a, side, t);
            const std::string name = report::tier_name(t);
            text += sep + std::to_string(n) + " " +
                    (n == 1                          ? name
                     : t == report::Tier::Inaccuracy ? "inaccuracies"
                                                     : name + "s");
            sep = ", ";
        }
    }
    return text;
}

// Why the page `path` could not be written, or empty; nothing is created or changed: an existing
// page must be a regular file (a folder, a pipe or a device is refused) that may be written, a
// new one's folder must exist and take new files.
std::string page_write_error(const std::string& path) {
    const std::string cannot = "cannot write " + branan::quoted(path);
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (std::filesystem::is_directory(status)) return cannot + ": it is a directory";
    if (std::filesystem::exists(status)) {
        if (!std::filesystem::is_regular_file(status)) return cannot + ": not a regular file";
        return ::access(path.c_str(), W_OK) == 0 ? "" : cannot;
    }
    std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (folder.empty()) folder = ".";
    return std::filesystem::is_directory(folder, ec) && ::access(folder.c_str(), W_OK | X_OK) == 0
               ? ""
               : cannot;
}

}  // namespace

int run_report(const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description desc(
        "branan report --input FILE --out PAGE.html [options]\n"
        "Writes a game's report, one HTML page with no outside files: the board after every\n"
        "move, the engine's best move and score beside each move, the mistakes and an\n"
        "evaluation graph. FILE is an OpenTafl record (.otg), a games.csv (one game a line:\n"
        "moves,captures,captures,result) or a move list as `branan analyse` reads them.\n"
        "Each move after the opening book is judged from its mover's side at equal depth:\n"
        "an inaccuracy loses over threshold/2, a mistake over threshold, a blunder over\n"
        "3 x threshold or a found result. Without --depth, --movetime or --nodes the depth\n"
        "follows the board: 6 up to 7x7, 5 up to 9x9, 4 up to 11x11, 3 up to 13x13 and\n"
        "2 on wider boards (a 300-ply 19x19 game in about 10 s of one core).\n"
        "Options");
    desc.add_options()("help,h", "show this help")                                              //
        ("input,i", po::value<std::string>(), "the game: .otg record, games.csv or move list")  //
        ("out,o", po::value<std::string>(), "the page to write")                                //
        ("game", po::value<int>(), "which game line of FILE (1 = the first)")                   //
        ("variant", po::value<std::string>(), "preset name (default brandubh; not for .otg)")   //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")        //
        ("threshold", po::value<int>()->default_value(kDefaultThreshold),
         "a move losing more than this many centi-soldiers is a mistake")  //
        ("book-plies", po::value<int>()->default_value(0),
         "the first plies came from an opening book: shown, not judged");
    std::string depths;  // "6 on 7x7, ..., 2 on 15x15 and wider", from default_report_depth
    for (const int size : {7, 9, 11, 13, 15})
        depths += (depths.empty() ? "" : ", ") +
                  std::to_string(report::default_report_depth(size)) + " on " +
                  std::to_string(size) + "x" + std::to_string(size);
    add_search_options(desc, depths + " and wider");
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
    // Checked before the game is read; the default depth follows the game's board (below).
    const Expected<SearchSettings> checked = search_settings_from_options(vm, 0);
    if (!checked) return refuse(checked.error());
    SearchSettings settings = checked.value();
    const int threshold = vm["threshold"].as<int>();
    if (threshold < 0) return refuse("--threshold must be 0 or more (centi-soldiers)");
    const int book_plies = vm["book-plies"].as<int>();
    if (book_plies < 0) return refuse("--book-plies must be 0 or more");
    std::optional<int> game_number;
    if (vm.count("game")) game_number = vm["game"].as<int>();

    // The page must be writable before the game's analysis (which may take minutes) is done.
    const std::string out_path = vm["out"].as<std::string>(),
                      in_path = vm["input"].as<std::string>();
    if (std::string error = page_write_error(out_path); !error.empty()) return refuse(error);
    // The page would replace the game it was read from.
    if (std::error_code ec; std::filesystem::equivalent(in_path, out_path, ec))
        return refuse("--out " + branan::quoted(out_path) +
                      " is the --input file: the page would overwrite the game");
    auto game =
        read_report_game(in_path, game_number, *rules, vm.count("variant") || vm.count("rules"));
    if (!game) return refuse(game.error());
    for (const std::string& error : {tablebase_rules_error(settings.tables, game->game.rules()),
                                     eval_file_rules_error(settings.eval_file, game->game.rules())})
        if (!error.empty()) return refuse(error);
    const int plies = static_cast<int>(game->game.moves_played().size());
    if (book_plies > plies)
        return refuse("--book-plies " + std::to_string(book_plies) + ": the game has only " +
                      std::to_string(plies) + " plies");
    // No limit given: the board's depth.
    if (!settings.limits.depth && !settings.limits.move_time && !settings.limits.nodes)
        settings.limits.depth = report::default_report_depth(game->game.size());
    report::AnalysisOptions options;
    options.limits = settings.limits;
    options.threads = settings.threads;
    options.hash_mb = settings.hash_mb;
    options.solver = settings.solver;
    options.threshold = threshold;
    options.book_plies = book_plies;
    options.tables = settings.tables;
    options.eval_file = settings.eval_file;
    const report::GameAnalysis analysis = report::analyse_game(game->game, options);
    std::ofstream out(out_path, std::ios::trunc);
    out << report::render_html_report(*game, analysis);
    out.flush();
    if (!out) return refuse("cannot write " + branan::quoted(out_path));
    std::cout << "wrote " << out_path << ": " << analysis.moves.size() << " plies; "
              << tier_summary(analysis) << " (" << analysis.limits << ")\n";
    return 0;
}

}  // namespace branan::cli
