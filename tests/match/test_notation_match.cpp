// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's move notation end to end: a short branan-match between a fake engine that writes its
// moves as OpenTafl does ("Kd4-c4", "d6-d3xe3/d2", "g4-g5xKg6") and one that writes Branan's
// "d4-c4". The referee must read both, and every .otg record the match wrote must replay move by
// move through the same reader to the position its games.csv line replays to.
#include <filesystem>
#include <set>

#include "catch.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/presets.h"
#include "match/records.h"
#include "match/results.h"
#include "match_cli_support.h"
#include "otg_support.h"

using namespace branan;
using namespace branan::testing;

TEST_CASE("a match with an engine speaking OpenTafl notation writes records that replay",
          "[match]") {
    const std::string folder = fresh_folder("opentafl-notation-match");
    const Run run = run_command(
        fake_match("--variant brandubh --each depth=1 --games 16 --max-plies 120 --quiet "
                   "--records " +
                       folder + "/records",
                   "arg=--opentafl-notation"),
        folder + "/match");
    INFO(run.err);
    REQUIRE(run.status == 0);

    const auto results = match::read_results_json(read_text(folder + "/records/results.json"));
    INFO(results.error());
    REQUIRE(results.ok());
    REQUIRE(results->games.size() == 16);
    const std::set<std::string> by_rules = {"king escaped", "king captured", "defenders encircled",
                                            "no legal move", "threefold repetition"};
    for (const auto& g : results->games) {
        INFO("game " << g.game << ": " << g.termination);
        CHECK((by_rules.count(g.termination) || g.termination.rfind("max plies", 0) == 0));
    }

    const std::vector<std::string> csv = read_lines(folder + "/records/games.csv");
    REQUIRE(csv.size() == 16);
    OtgForms sent_by_a;  // engine a's moves: the .otg writes them as a wrote them
    for (int g = 1; g <= 16; ++g) {
        const std::string path = folder + "/records/round1-game" + std::to_string(g) + ".otg";
        INFO(path);
        REQUIRE(std::filesystem::exists(path));
        const OtgTestRecord record = parse_otg_for_test(read_text(path));
        CHECK(record.tags.count("branan-warning") == 0);
        const Game game = replay_otg(record);
        // The games.csv line (Branan's notation) of the same game: the one that replays to the
        // same moves.
        bool matched = false;
        for (const auto& line : csv) {
            const CsvGame c = parse_csv_game(line).value();
            Game plain = Game::create(*preset("brandubh")).value();
            for (const auto& m : c.moves)
                if (!plain.play(m)) break;
            if (plain.moves_played() != game.moves_played()) continue;
            matched = true;
            CHECK(game.record() == plain.record());
            CHECK(game.status() == plain.status());
        }
        CHECK(matched);
        const bool a_attacks = record.tags.at("attackers") == "a";
        std::vector<std::string> by_a;
        for (size_t i = a_attacks ? 0 : 1; i < record.moves.size(); i += 2)
            by_a.push_back(record.moves[i]);
        sent_by_a.count(by_a);
    }
    // The referee read these forms from engine a (they would have been illegal or malformed
    // replies otherwise, and the games would have ended by forfeit).
    CHECK(sent_by_a.king_moves > 0);
    CHECK(sent_by_a.captures > 0);
}
