// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's fortresses (afor / dfor squares) and lists of special squares (cor / cen): the
// Foteviken Tablut preset, perft from mid-game positions, and moves, captures and escapes that
// can be checked by hand.
#include <algorithm>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "fortress_cases.h"

using namespace branan;
using namespace branan::testing;

namespace {

Game game_at(const std::string& rules, const std::string& record, Side to_move) {
    return Game::create(rules_with_start(rules, record), record, to_move).value();
}

bool has_move(const Game& game, const std::string& text) {
    for (Move m : game.legal_moves())
        if (game.move_text(m).rfind(text, 0) == 0) return true;
    return false;
}

// The moves of the piece on `from` (e.g. "b3"), as written by the game, captures stripped.
std::vector<std::string> moves_from(const Game& game, const std::string& from) {
    std::vector<std::string> out;
    for (Move m : game.legal_moves()) {
        std::string text = game.move_text(m);
        if (text.rfind(from + "-", 0) != 0) continue;
        out.push_back(text.substr(0, text.find('x')));
    }
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

// (Its perft from the start is the first of opentafl_cases(), below.)
TEST_CASE("Foteviken Tablut: OpenTafl's string is the preset", "[fortress]") {
    Rules opentafl = rules_with_start(kFotevikenRules, kTablutStart);
    const Rules p = *preset("foteviken");
    opentafl.name = p.name;
    CHECK(opentafl == p);
}

TEST_CASE("fortresses and square lists: perft agrees with OpenTafl's move generator",
          "[perft][fortress]") {
    for (const Case& c : opentafl_cases()) {
        INFO(c.what << ": " << c.record);
        const Game game = game_at(c.rules, c.record, c.to_move);
        for (int d = 1; d <= 3; ++d) CHECK(game.perft(d) == c.counts[d - 1]);
    }
}

TEST_CASE("fortresses: who may stop on and cross them, by hand", "[fortress]") {
    const std::string record = "/3t5/9/4T4/tT5T1/2K6/9/4t4/9/5t3/";
    SECTION("a piece on a fortress moves within its fortresses and off them") {
        const Game game = game_at(kFotevikenRules, record, Side::Attackers);
        // d1 (a fortress): along rank 1 over e1 and f1 (fortresses) to i1; up the d file to d9,
        // a fortress of the same kind, though of another group: OpenTafl compares square kinds.
        const std::vector<std::string> expected = {
            "d1-a1", "d1-b1", "d1-c1", "d1-d2", "d1-d3", "d1-d4", "d1-d5", "d1-d6",
            "d1-d7", "d1-d8", "d1-d9", "d1-e1", "d1-f1", "d1-g1", "d1-h1", "d1-i1"};
        CHECK(moves_from(game, "d1") == expected);
        // a4 onto a5 and a6, fortresses too, not onto b4's side (occupied).
        CHECK(has_move(game, "a4-a6"));
        CHECK(has_move(game, "a4-a3"));
        // e7 is off the fortresses: e8 is closed to it, e6 and down is open.
        CHECK_FALSE(has_move(game, "e7-e8"));
        CHECK(has_move(game, "e7-e6"));
    }
    SECTION("defenders and the king may not enter an attacker fortress") {
        const Game game = game_at(kFotevikenRules, record, Side::Defenders);
        CHECK_FALSE(has_move(game, "c5-b5"));
        CHECK_FALSE(has_move(game, "e3-e2"));
        CHECK_FALSE(has_move(game, "h4-i4"));
        CHECK(has_move(game, "h4-h3"));
        // Nobody crosses the throne (e5): the king stops on d5.
        CHECK(has_move(game, "c5-d5"));
        CHECK_FALSE(has_move(game, "c5-f5"));
    }
    SECTION("an attacker crosses a defender fortress but may not stop on it") {
        const Game game = game_at(kDefenderForts, "/11/11/11/4t6/4T1T4/3T1K1T3/3t7/5t5/2T8/11/11/",
                                  Side::Attackers);
        CHECK_FALSE(has_move(game, "f8-f7"));  // f7: a defender fortress; f6: the king
        CHECK(has_move(game, "d7-e7") == false);
        CHECK(has_move(game, "d7-d8"));
    }
}

TEST_CASE("fortresses: captures against them, as OpenTafl plays them", "[fortress]") {
    SECTION("a defender on a fortress hostile to defenders is captured against the empty one") {
        Game game =
            game_at(kHostileForts, "/9/4T4/6t2/1Tt6/1T1t5/1Kt6/2t6/6t2/9/", Side::Attackers);
        // OpenTafl: d5-c5 captures b5 (a defender on the fortress b5, against the fortress a5).
        REQUIRE(game.play("d5-c5").ok());
        CHECK(game.piece_char(4 * 9 + 1) == '.');
        CHECK(game.status().outcome == Outcome::Ongoing);
    }
    SECTION("the king is captured with fortresses as two of his four sides") {
        Game game =
            game_at(kHostileForts, "/9/4T4/6t2/1Tt6/1T1t5/1Kt6/2t6/6t2/9/", Side::Attackers);
        // b6: a6 (a fortress), b5 (a fortress holding a defender: hostile still), c6, and b7.
        REQUIRE(game.play("c7-b7").ok());
        CHECK(game.status().outcome == Outcome::AttackersWin);
    }
    SECTION("an attacker is captured against an empty defender fortress") {
        Game game = game_at(kDefenderForts, "/11/11/11/4t6/4T1T4/3T1K1T3/3t7/5t5/2T8/11/11/",
                            Side::Defenders);
        REQUIRE(game.play("c9-c7").ok());  // OpenTafl: captures d7, against the fortress e7
        CHECK(game.piece_char(6 * 11 + 3) == '.');
    }
    SECTION("Foteviken's fortresses are hostile to nobody") {
        Game game = game_at(kFotevikenRules, "/9/9/9/1T7/9/2t6/9/6K2/9/", Side::Attackers);
        REQUIRE(game.play("c6-c4").ok());  // b4 between the fortress a4 and c4
        CHECK(game.piece_char(3 * 9 + 1) == 'T');
    }
}

TEST_CASE("corner lists: the king escapes to any listed corner, soldiers stop short",
          "[fortress]") {
    // 11x11, three squares a corner (a1 a2 b1, a10 a11 b11, ...); a king on b3, an attacker on a5.
    const std::string record = "/11/11/1K9/11/t10/11/11/11/11/11/11/";
    SECTION("the king's moves: b1 and b11 are corners, a3 an edge square") {
        const Game game = game_at(kCornerGroups, record, Side::Defenders);
        CHECK(moves_from(game, "b3").size() == 20);  // 2 down, 8 up, 1 west, 9 east
        for (const char* corner : {"b3-b1", "b3-b11"}) {
            INFO(corner);
            Game g = game;
            REQUIRE(g.play(corner).ok());
            CHECK(g.status().outcome == Outcome::DefendersWin);
        }
        Game g = game;
        REQUIRE(g.play("b3-a3").ok());
        CHECK(g.status().outcome == Outcome::Ongoing);
    }
    SECTION("an attacker stops before a corner square: a6-a9 and a4-a3, not a2 or a10") {
        const Game game = game_at(kCornerGroups, record, Side::Attackers);
        CHECK(moves_from(game, "a5").size() == 16);  // 4 up, 2 down, 10 east
        CHECK(has_move(game, "a5-a9"));
        CHECK(has_move(game, "a5-a3"));
        CHECK_FALSE(has_move(game, "a5-a10"));
        CHECK_FALSE(has_move(game, "a5-a2"));
    }
    SECTION("the list is written back as given, the default list as no list") {
        const Rules r = rules_with_start(kCornerGroups, record);
        CHECK(r.corners.squares.size() == 12);
        const std::string text = write_rules_string(r);
        CHECK(text.find("cor:a1,b1,j1,k1,a2,k2,a10,k10,a11,b11,j11,k11,") != std::string::npos);
        const Rules plain = rules_with_start("dim:11 atkf:y cor:a1,k1,a11,k11,", kFetlarStart);
        CHECK(plain.corners.squares.empty());
        CHECK(plain.corners.exists);
    }
}
