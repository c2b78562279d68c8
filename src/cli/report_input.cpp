// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/report_input.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/position_line.h"
#include "core/game_record.h"
#include "core/otg_record.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "core/text_file.h"

namespace branan::cli {
namespace {

// A game file is read whole: a collection of many games fits, a runaway file does not.
constexpr size_t kMaxGameFileBytes = size_t(64) << 20;

// Plays `moves` (in Branan's notation) on `game`; the error names the move.
Expected<bool> play_moves(Game& game, const std::vector<std::string>& moves) {
    for (size_t i = 0; i < moves.size(); ++i) {
        const std::string which = "move " + std::to_string(i + 1) + " " + branan::quoted(moves[i]);
        if (game.status().over())
            return Error{which + ": the game was already over (" +
                         reason_name(game.status().reason) + ")"};
        if (auto played = game.play(moves[i]); !played) return Error{which + ": " + played.error()};
    }
    return true;
}

Expected<report::ReportGame> read_otg(const std::string& text, std::optional<int> game_number,
                                      const Rules& rules, bool rules_given) {
    if (game_number) return Error{"--game is for files of game lines, not .otg records"};
    auto record = parse_otg(text);
    if (!record) return Error{record.error()};
    Rules game_rules = rules;
    if (const std::string tag = record->tag("rules"); !tag.empty()) {
        if (rules_given) return Error{"the record has its rules: leave out --variant and --rules"};
        auto parsed = rules_from_name_or_string(tag);
        if (!parsed) return Error{"rules tag: " + parsed.error()};
        game_rules = *parsed;
    }
    auto created = Game::create(game_rules);
    if (!created) return Error{created.error()};
    report::ReportGame g{{}, std::move(created).value(), {}};
    // As written: the move reader takes OpenTafl's notation and checks the captures it claims.
    if (auto played = play_moves(g.game, record->moves); !played) return Error{played.error()};
    report::ReportHeader& h = g.header;
    h.event = record->tag("event");
    h.date = record->tag("date");
    h.round = record->tag("round");
    h.attackers = record->tag("attackers");
    h.defenders = record->tag("defenders");
    h.termination = record->tag("termination");
    h.time_control = record->tag("time-control");
    const std::string result = record->tag("result");
    h.result = result == "1"    ? "attackers"
               : result == "-1" ? "defenders"
               : result == "0"  ? "draw"
                                : "";
    return g;
}

Expected<report::ReportGame> read_csv_line(const std::string& line, const Rules& rules) {
    auto csv = parse_csv_game(line);
    if (!csv) return Error{csv.error()};
    report::ReportGame g{{}, Game::create(rules).value(), {}};
    std::vector<std::string> moves;
    bool timeout = false;
    for (const auto& m : csv->moves) {
        if (m == "timeout")
            timeout = true;
        else
            moves.push_back(m);
    }
    if (auto played = play_moves(g.game, moves); !played) return Error{played.error()};
    g.header.result = csv->result == "Black"   ? "attackers"
                      : csv->result == "White" ? "defenders"
                      : csv->result == "Draw"  ? "draw"
                                               : "";
    if (timeout) g.header.termination = "time forfeit";
    return g;
}

}  // namespace

Expected<report::ReportGame> read_report_game(const std::string& path,
                                              std::optional<int> game_number, const Rules& rules,
                                              bool rules_given) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return Error{branan::quoted(path) + " is a folder, not a game file"};
    std::string text;
    if (std::string error = read_small_file(path, text, "", kMaxGameFileBytes); !error.empty())
        return Error{error};
    if (const size_t line = first_long_line(text))
        return Error{branan::quoted(path) + " line " + std::to_string(line) + ": " +
                     too_long_text()};
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return Error{branan::quoted(path) + " holds no game"};
    const bool otg =
        text[first] == '[' || (path.size() > 4 && path.compare(path.size() - 4, 4, ".otg") == 0);
    if (otg) {
        auto g = read_otg(text, game_number, rules, rules_given);
        if (!g) return Error{branan::quoted(path) + ": " + g.error()};
        g.value().header.source = std::filesystem::path(path).filename().string();
        return g;
    }
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);)
        if (!is_blank_or_comment(line)) lines.push_back(line);
    if (lines.empty()) return Error{branan::quoted(path) + " holds no game"};
    const int count = static_cast<int>(lines.size());
    if (!game_number && count > 1)
        return Error{branan::quoted(path) + " holds " + std::to_string(count) +
                     " games: choose one with --game N"};
    const int number = game_number.value_or(1);
    if (number < 1 || number > count)
        return Error{"--game " + std::to_string(number) + ": " + branan::quoted(path) + " holds " +
                     std::to_string(count) + (count == 1 ? " game" : " games")};
    const std::string& line = lines[number - 1];
    const std::string where = branan::quoted(path) + " game " + std::to_string(number) + ": ";
    Expected<report::ReportGame> g = Error{""};
    if (line.find(',') != std::string::npos) {
        g = read_csv_line(line, rules);
    } else if (auto game = game_from_line(rules, line)) {
        g = report::ReportGame{{}, std::move(game).value(), {}};
    } else {
        g = Error{game.error()};
    }
    if (!g) return Error{where + g.error()};
    g.value().header.source = std::filesystem::path(path).filename().string() +
                              (count > 1 ? ", game " + std::to_string(number) : "");
    return g;
}

}  // namespace branan::cli
