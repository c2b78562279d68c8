// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/report_pages.h"

#include <algorithm>
#include <filesystem>
#include <optional>

#include "match/match_files.h"
#include "match/time_control.h"
#include "report/game_analysis.h"
#include "report/html_report.h"

namespace branan::match {
namespace {

// The opening's plies: the first moves, which have no engine note (records.h).
int opening_plies(const GameRecord& g) {
    int plies = 0;
    while (plies < static_cast<int>(g.notes.size()) && g.notes[plies].empty()) ++plies;
    return plies;
}

// The thinking time at the end of a note ("+0.35/12 1.204s"), if any.
std::optional<int64_t> note_time_ms(const std::string& note) {
    const size_t space = note.rfind(' ');
    const std::string word = space == std::string::npos ? note : note.substr(space + 1);
    if (word.size() < 2 || word.back() != 's') return std::nullopt;
    try {
        size_t used = 0;
        const double seconds = std::stod(word.substr(0, word.size() - 1), &used);
        if (used != word.size() - 1 || seconds < 0) return std::nullopt;
        return static_cast<int64_t>(seconds * 1000 + 0.5);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// Each side's clock from the record's time control, "attackers 10+0.1, defenders depth=6"
// (tournament.cpp writes it so); nothing for a side without a clock.
std::optional<TimeControl> side_clock(const std::string& time_control, const std::string& side) {
    const std::string key = side + " ";
    const size_t at = time_control.find(key);
    if (at == std::string::npos) return std::nullopt;
    const size_t start = at + key.size();
    const std::string first =
        time_control.substr(start, time_control.find_first_of(" ,", start) - start);
    auto tc = parse_time_control(first);
    if (!tc || !tc->clocked()) return std::nullopt;
    return *tc;
}

// The time of each move and, for a side with a clock, its clock after each move, run as the
// referee ran it (game_runner.cpp): the move's time taken, the increment added, the base again
// after each period. Opening moves are not timed.
std::vector<report::MoveClock> move_clocks(const GameRecord& g, const Game& game) {
    std::vector<report::MoveClock> clocks;
    const std::optional<TimeControl> tc[2] = {side_clock(g.time_control, "attackers"),
                                              side_clock(g.time_control, "defenders")};
    std::optional<int64_t> left[2];
    int moves_made[2] = {0, 0};
    for (int s = 0; s < 2; ++s)
        if (tc[s]) left[s] = tc[s]->base_ms;
    Game replay = game.from_start();
    const int book = opening_plies(g);
    for (size_t k = 0; k < game.moves_played().size(); ++k) {
        const int s = replay.side_to_move() == Side::Attackers ? 0 : 1;
        report::MoveClock c;
        if (k < g.notes.size()) c.spent_ms = note_time_ms(g.notes[k]);
        if (static_cast<int>(k) >= book && left[s]) {
            ++moves_made[s];
            *left[s] = std::max<int64_t>(0, *left[s] - c.spent_ms.value_or(0)) + tc[s]->inc_ms;
            if (tc[s]->moves > 0 && moves_made[s] % tc[s]->moves == 0) *left[s] += tc[s]->base_ms;
        }
        c.attackers_ms = left[0];
        c.defenders_ms = left[1];
        clocks.push_back(c);
        replay.play(game.moves_played()[k]);
    }
    return clocks;
}

}  // namespace

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
    report::ReportGame r{{}, std::move(game).value(), {}};
    r.header = {g.event,
                g.date,
                g.attackers,
                g.defenders,
                std::to_string(g.round) + ", game " + std::to_string(g.game),
                g.result,
                g.termination,
                g.time_control,
                ""};
    r.clocks = move_clocks(g, r.game);
    report::AnalysisOptions options;
    options.limits.depth = std::min(kReportDepth, report::default_report_depth(r.game.size()));
    options.book_plies = opening_plies(g);
    const report::GameAnalysis analysis = report::analyse_game(r.game, options);
    if (!write_atomically(page, report::render_html_report(r, analysis))) {
        error = "cannot write " + page;
        return false;
    }
    return true;
}

}  // namespace branan::match
