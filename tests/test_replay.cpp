// Replays every real game of tests/data/brandubh-federation-games.csv under brandubh-federation:
// every move must be legal, every written capture must match, and where the rules end a game
// the recorded winner must be the rules' winner.
#include <catch2/catch.hpp>
#include <fstream>

#include "core/game.h"
#include "core/game_record.h"
#include "core/presets.h"

using namespace branan;

namespace {

struct ReplayTally {
    int games = 0;
    int moves = 0;
    int ended_by_rules = 0;      // the rules ended the game on its last move
    int skipped_repetition = 0;  // a repetition ending the record plays on through
    int unfinished = 0;          // the record stops before the rules end the game
};

}  // namespace

TEST_CASE("every real brandubh-federation game replays under the rules", "[replay]") {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/brandubh-federation-games.csv");
    REQUIRE(in);
    const Rules rules = *preset("brandubh-federation");
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
            REQUIRE(move.ok());
            (mover == Side::Attackers ? attacker_captures : defender_captures) +=
                static_cast<int>(game.captures_of(*move).size());
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
            CHECK(csv_result(status.outcome) == record->result);
        } else {
            ++tally.unfinished;
        }
    }
    WARN("replayed " << tally.games << " games, " << tally.moves << " moves: "
                     << tally.ended_by_rules << " ended by the rules with the recorded winner, "
                     << tally.unfinished << " unfinished (resigned, timed out or abandoned), "
                     << tally.skipped_repetition << " skipped (repetition ending)");
    // The file holds 525 games. Most end by resignation or time, which a record does not show;
    // these tallies change only if a rule changes.
    CHECK(tally.games == 525);
    CHECK(tally.ended_by_rules == 105);
    CHECK(tally.skipped_repetition == 5);
}
