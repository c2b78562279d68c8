// SPDX-License-Identifier: GPL-3.0-or-later
// Random openings: distinct, legal, with both sides still in play, for every board size, and a
// loud warning when fewer could be made than asked for.
#include <chrono>
#include <fstream>
#include <set>
#include <string>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "core/text.h"
#include "match/openings.h"
#include "match/records.h"
#include "match/results.h"
#include "match_cli_support.h"

using namespace branan;
using namespace branan::match;
using namespace branan::testing;

TEST_CASE("random openings: 100 distinct playable openings for Tablut and Brandubh",
          "[match][openings]") {
    for (const char* variant : {"tablut", "brandubh"}) {
        SECTION(variant) {
            const Rules rules = *preset(variant);
            const auto started = std::chrono::steady_clock::now();
            const auto openings = random_openings(rules, 6, 100, 7);
            const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                                std::chrono::steady_clock::now() - started)
                                .count();
            WARN(variant << ": 100 openings of 6 plies in " << ms << " ms");
            // Regression: 1-7 Tablut openings for 50-100 pairs (a depth-4 search judged each).
            REQUIRE(openings.size() == 100);
            std::set<std::string> distinct;
            for (const auto& o : openings) {
                CHECK(o.moves.size() == 6);
                Game game = Game::create(rules).value();
                for (const auto& m : o.moves) REQUIRE(game.play(m));
                distinct.insert(game.record() + side_name(game.side_to_move()));
                // Both sides have play: the game is on and no move ends it at once.
                REQUIRE_FALSE(game.status().over());
                for (Move m : game.legal_moves()) {
                    game.play(m);
                    CHECK_FALSE(game.status().over());
                    game.undo();
                }
            }
            CHECK(distinct.size() == 100);
            // Deterministic in the seed.
            CHECK(random_openings(rules, 6, 100, 7).front().moves == openings.front().moves);
        }
    }
}

TEST_CASE("random openings: fewer than asked for is said loudly", "[match][openings][cli]") {
    // One ply of Brandubh: only the attackers' first moves, far fewer than 100.
    const auto few = random_openings(*preset("brandubh"), 1, 100, 1);
    CHECK(few.size() < 100);
    CHECK_FALSE(few.empty());

    const std::string folder = fresh_folder("few-openings");
    const Run r = run_command(fake_match("--each depth=1 --games 200 --max-plies 4 --quiet "
                                         "--random-openings 1 --records " +
                                         folder),
                              folder, 120);
    INFO(r.err);
    CHECK(r.status == 0);
    const std::string expected = "only " + std::to_string(few.size()) +
                                 " distinct random openings of 1 plies could be made for 100 pairs";
    CHECK(r.err.find("warning: " + expected) != std::string::npos);
    auto results = read_results_json(read_text(folder + "/results.json"));
    REQUIRE(results.ok());
    REQUIRE(results->warnings.size() == 1);
    CHECK(results->warnings[0].rfind(expected, 0) == 0);
}

TEST_CASE("openings files take moves in OpenTafl's notation", "[match][openings]") {
    const std::string folder = fresh_folder("openings-opentafl");
    const std::string path = folder + "/openings.txt";
    {
        std::ofstream out(path);
        out << "# the same opening twice, in both notations\n"
               "d2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4\n"
               "startpos moves td2-e2 Td3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 Te4-e6 d7-d6 Kd4-e4\n";
    }
    const auto openings = read_openings(path, *preset("brandubh"));
    INFO(openings.error());
    REQUIRE(openings.ok());
    REQUIRE(openings->size() == 2);
    // Stored in Branan's notation: the two lines are one opening.
    CHECK((*openings)[0].moves == (*openings)[1].moves);
    CHECK((*openings)[1].moves.back() == "d4-e4");
    {
        std::ofstream out(path);
        out << "d2-e2 Kd3-c3\n";
    }
    const auto refused = read_openings(path, *preset("brandubh"));
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().find("line 1") != std::string::npos);
    CHECK(refused.error().find("no king on d3 (d3 holds a defenders' taflman)") !=
          std::string::npos);
}

TEST_CASE("openings files refuse a start in the middle of a berserk turn", "[match][openings]") {
    const std::string folder = fresh_folder("openings-berserk");
    const std::string path = folder + "/openings.txt";
    const Rules rules = *preset("berserk");
    // A Berserk game where the attackers' d4-f4 has just captured and the piece on f4 goes on.
    const std::string moves =
        "g5-g2 d11-c11 h6-h10 d1-d4 e7-c7 b6-b3 f8-i8 h1-h6 c7-c6 f10-f8 e6-e10 f8-f9 i8-i5 "
        "k4-j4 i5-i10 a4-a2 f7-e7 f2-b2 f4-f2 f9-j9 e5-b5 a8-c8 f6-e6 b3-i3 b5-b6 g11-g9 "
        "e10-f10 e11-e10 e7-e9 k5-j5 f10-f8 d4-f4";
    Game game = Game::create(rules).value();
    for (const std::string& m : split_words(moves)) REQUIRE(game.play(m));
    REQUIRE(game.berserker() != kNoSquare);
    {
        std::ofstream out(path);
        out << "startpos moves " << moves << "\n";  // the turn reached by its moves: kept
    }
    const auto kept = read_openings(path, rules);
    INFO(kept.error());
    REQUIRE(kept.ok());
    CHECK(kept->front().moves.size() == 32);
    {
        std::ofstream out(path);
        out << "otn " << game.record() << " side attackers berserk f4\n";
    }
    const auto refused = read_openings(path, rules);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().find("line 1: an opening cannot start in the middle of a berserk turn") !=
          std::string::npos);
}
