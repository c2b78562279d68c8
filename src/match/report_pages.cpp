// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/report_pages.h"

#include <filesystem>

#include "match/match_files.h"
#include "report/game_analysis.h"
#include "report/html_report.h"

namespace branan::match {

Expected<bool> make_report_dir(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
        return Error{"cannot create the report folder '" + dir +
                     "': " + (ec ? ec.message() : std::string("a file is in the way"))};
    return true;
}

bool write_report_page(const GameRecord& g, const std::string& dir, std::string& error) {
    const std::string page =
        dir + "/round" + std::to_string(g.round) + "-game" + std::to_string(g.game) + ".html";
    auto game = replay_record(g);
    if (!game) {
        error = "no report " + page + ": " + game.error();
        return false;
    }
    report::ReportGame r{{}, std::move(game).value()};
    r.header = {g.event,
                g.date,
                g.attackers,
                g.defenders,
                std::to_string(g.round) + ", game " + std::to_string(g.game),
                g.result,
                g.termination,
                g.time_control,
                ""};
    report::AnalysisOptions options;
    options.limits.depth = kReportDepth;
    const report::GameAnalysis analysis = report::analyse_game(r.game, options);
    if (!write_atomically(page, report::render_html_report(r, analysis))) {
        error = "cannot write " + page;
        return false;
    }
    return true;
}

}  // namespace branan::match
