// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every real game of tests/data/brandubh-federation-games.csv under brandubh-federation
// and of tests/data/copenhagen-games.csv under copenhagen: every move must be legal, every
// written capture must match, and where the rules end a game the recorded winner must be the
// rules' winner.
#include <algorithm>
#include <fstream>
#include <map>

#include "catch.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/presets.h"

using namespace branan;

namespace {

struct ReplayTally {
    int games = 0;
    int moves = 0;
    int ended_by_rules = 0;                // the rules ended the game on its last move
    int skipped_repetition = 0;            // a repetition ending the record plays on through
    int unfinished = 0;                    // the record stops before the rules end the game
    std::map<OutcomeReason, int> endings;  // how the games the rules ended, ended
};

// How many of the captures written in `move` ("e2-d2xd3xd3") repeat an earlier one.
int repeated_captures(const std::string& move) {
    std::vector<std::string> written;
    for (size_t at = move.find('x'); at != std::string::npos; at = move.find('x', at + 1))
        written.push_back(move.substr(at + 1, move.find('x', at + 1) - at - 1));
    std::sort(written.begin(), written.end());
    return static_cast<int>(written.end() - std::unique(written.begin(), written.end()));
}

// Replays every game of `file` (tests/data) under `variant`, checking as it goes.
ReplayTally replay_file(const std::string& file, const std::string& variant) {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/" + file);
    REQUIRE(in);
    const Rules rules = *preset(variant);
    ReplayTally tally;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        ++tally.games;
        INFO("game " << tally.games << ": " << line);
        auto record = parse_csv_game(line);
        REQUIRE(record.ok());
        Game game = Game::create(rules).value();
        int attacker_captures = 0, defender_captures = 0;
        bool skipped = false;
        for (size_t i = 0; i < record->moves.size(); ++i) {
            const std::string& text = record->moves[i];
            if (text == "timeout") {
                CHECK(i + 1 == record->moves.size());
                break;
            }
            INFO("move " << i + 1 << " " << text);
            REQUIRE_FALSE(game.status().over());
            const Side mover = game.side_to_move();
            auto move = game.parse_move(text);  // checks legality and the written captures
            INFO(move.error());
            REQUIRE(move.ok());
            // The site writes a capture twice when two rules take the same piece ("xa7xa7");
            // its capture counts count the letters, so the repeats are added back here.
            (mover == Side::Attackers ? attacker_captures : defender_captures) +=
                static_cast<int>(game.captures_of(*move).size()) + repeated_captures(text);
            game.play(*move);
            ++tally.moves;
            if (game.status().reason == OutcomeReason::Repetition && i + 1 < record->moves.size()) {
                skipped = true;  // the site did not enforce repetition
                break;
            }
        }
        if (skipped) {
            ++tally.skipped_repetition;
            continue;
        }
        CHECK(attacker_captures == record->attacker_captures);
        CHECK(defender_captures == record->defender_captures);
        const Status status = game.status();
        if (status.over()) {
            ++tally.ended_by_rules;
            ++tally.endings[status.reason];
            CHECK(csv_result(status.outcome) == record->result);
        } else {
            ++tally.unfinished;
        }
    }
    std::string endings;
    for (const auto& [reason, n] : tally.endings)
        endings += std::string(" ") + reason_name(reason) + " " + std::to_string(n) + ";";
    WARN(variant << ": replayed " << tally.games << " games, " << tally.moves
                 << " moves: " << tally.ended_by_rules
                 << " ended by the rules with the recorded winner (" << endings << "), "
                 << tally.unfinished << " unfinished (resigned, timed out or abandoned), "
                 << tally.skipped_repetition << " skipped (repetition ending)");
    return tally;
}

}  // namespace

TEST_CASE("every real brandubh-federation game replays under the rules", "[replay]") {
    const ReplayTally tally = replay_file("brandubh-federation-games.csv", "brandubh-federation");
    // The file holds 525 games. Most end by resignation or time, which a record does not show;
    // these tallies change only if a rule changes.
    CHECK(tally.games == 525);
    CHECK(tally.ended_by_rules == 105);
    CHECK(tally.skipped_repetition == 5);
}

TEST_CASE("every real copenhagen game replays under the rules", "[replay]") {
    ReplayTally tally = replay_file("copenhagen-games.csv", "copenhagen");
    // Every way a Copenhagen game can end occurs; these tallies change only if a rule changes.
    CHECK(tally.games == 1752);
    CHECK(tally.ended_by_rules == 370);
    CHECK(tally.endings[OutcomeReason::KingEscaped] == 233);
    CHECK(tally.endings[OutcomeReason::KingCaptured] == 45);
    CHECK(tally.endings[OutcomeReason::Encircled] == 24);
    CHECK(tally.endings[OutcomeReason::ExitFort] == 48);
    CHECK(tally.endings[OutcomeReason::NoLegalMove] == 20);
    CHECK(tally.skipped_repetition == 11);
}

TEST_CASE("the real copenhagen games need shieldwalls and exit forts", "[replay]") {
    // Without either rule, fewer games replay to the ending and winner they record: some
    // written capture is no longer made, or a recorded win is no longer one.
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/copenhagen-games.csv");
    REQUIRE(in);
    std::vector<CsvGame> games;
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) games.push_back(parse_csv_game(line).value());
    auto decided_as_recorded = [&](const Rules& rules) {
        int count = 0;
        for (const auto& record : games) {
            Game game = Game::create(rules).value();
            bool legal = true;
            for (const auto& text : record.moves) {
                if (text == "timeout") break;
                if (!game.play(text).ok()) {
                    legal = false;
                    break;
                }
            }
            const Status s = game.status();
            count += legal && s.over() && csv_result(s.outcome) == record.result;
        }
        return count;
    };
    const Rules copenhagen = *preset("copenhagen");
    const int with_all = decided_as_recorded(copenhagen);
    Rules no_wall = copenhagen;
    no_wall.shieldwall = Shieldwall::None;
    CHECK(decided_as_recorded(no_wall) < with_all);
    Rules no_fort = copenhagen;
    no_fort.edge_fort = EdgeFort::None;
    CHECK(decided_as_recorded(no_fort) < with_all);
}
