// SPDX-License-Identifier: GPL-3.0-or-later
// Moves in OpenTafl's notation (src/core/opentafl_notation.h): every form the spec allows that
// Branan's rules can mean, read against a game (piece letters, captures, the king among them),
// and the error of every kind of refusal; opentafl_move_text reads back as the same move.
#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "positions.h"
#include "test_support.h"

using namespace branan;

namespace {

Square sq(const char* name, int size) {
    return parse_square(name, size).value();
}

Move mv(const char* from, const char* to, int size) {
    return Move{static_cast<uint16_t>(sq(from, size)), static_cast<uint16_t>(sq(to, size))};
}

Game at(const std::vector<std::string>& rows, Side to_move) {
    auto g = Game::create(*preset("brandubh"), testing::record_from_rows(rows), to_move);
    INFO(g.error());
    REQUIRE(g.ok());
    return std::move(g).value();
}

// Brandubh: b3 t and c3 K, d2 T above d1 t; f3-d3 takes d2 (d1 and d3) and the king (b3 and d3,
// away from the throne). f7 T: a spare defender.
const std::vector<std::string> kKingAndSoldier = {".....T.", ".......", ".......", ".......",
                                                  ".tK..t.", "...T...", "...t..."};

}  // namespace

TEST_CASE("OpenTafl notation: every written form parses", "[notation]") {
    struct Case {
        const char* text;
        int size;
        char piece;
        const char* from;
        const char* to;
        std::vector<WrittenCapture> captures;
    };
    auto c7 = [](const char* name, char piece = 0) { return WrittenCapture{sq(name, 7), piece}; };
    const std::vector<Case> cases = {
        {"d2-e2", 7, 0, "d2", "e2", {}},
        {"Kd4-e4", 7, 'K', "d4", "e4", {}},
        {"kd4-e4", 7, 'k', "d4", "e4", {}},
        {"Td3-e3", 7, 'T', "d3", "e3", {}},
        {"td2-e2", 7, 't', "d2", "e2", {}},
        {"Nd3-e3", 7, 'N', "d3", "e3", {}},  // a knight: well formed, no such piece here
        {"e4-e1xd1", 7, 0, "e4", "e1", {c7("d1")}},
        {"e4-e1xd1/f1", 7, 0, "e4", "e1", {c7("d1"), c7("f1")}},
        {"e4-e1xd1xf1", 7, 0, "e4", "e1", {c7("d1"), c7("f1")}},
        {"e4-e1xd1/Kf1", 7, 0, "e4", "e1", {c7("d1"), c7("f1", 'K')}},
        {"f4-c4xKc3", 7, 0, "f4", "c4", {c7("c3", 'K')}},
        {"Kd4-c4xtc3/Tb4", 7, 'K', "d4", "c4", {c7("c3", 't'), c7("b4", 'T')}},
        {"e4-e1xd1/f1/d1", 7, 0, "e4", "e1", {c7("d1"), c7("f1")}},  // repeats count once
        {"Ke5-e1-", 7, 'K', "e5", "e1", {}},                         // info marks
        {"Ke1-a1--", 7, 'K', "e1", "a1", {}},
        {"a3-e3+", 7, 0, "a3", "e3", {}},
        {"e3-e4++", 7, 0, "e3", "e4", {}},
        {"e3-e4xe5/Kd4++", 7, 0, "e3", "e4", {c7("e5"), c7("d4", 'K')}},
        {"d2-e2xd3+", 7, 0, "d2", "e2", {c7("d3")}},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        const auto wm = parse_written_move(c.text, c.size);
        INFO(wm.error());
        REQUIRE(wm.ok());
        CHECK(wm->piece == c.piece);
        CHECK(wm->move == mv(c.from, c.to, c.size));
        CHECK(wm->captures == c.captures);
    }
    SECTION("files that are piece letters: a letter is a piece only before another letter") {
        // 11x11 has the files c, g and k, which are also piece letters.
        auto wm = parse_written_move("k11-k5xk4", 11);
        REQUIRE(wm.ok());
        CHECK(wm->piece == 0);
        CHECK(wm->move == mv("k11", "k5", 11));
        CHECK(wm->captures == std::vector<WrittenCapture>{{sq("k4", 11), 0}});
        wm = parse_written_move("Kk6-c6xkc7/g6/Kc5", 11);
        REQUIRE(wm.ok());
        CHECK(wm->piece == 'K');
        CHECK(wm->move == mv("k6", "c6", 11));
        CHECK(wm->captures == std::vector<WrittenCapture>{
                                  {sq("c7", 11), 'k'}, {sq("g6", 11), 0}, {sq("c5", 11), 'K'}});
        wm = parse_written_move("gg1-c1", 11);
        REQUIRE(wm.ok());
        CHECK(wm->piece == 'g');
        CHECK(wm->move == mv("g1", "c1", 11));
    }
}

TEST_CASE("OpenTafl notation: forms Branan's rules cannot mean are refused by name", "[notation]") {
    struct Case {
        const char* text;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"---", {"'---'", "resignation"}},
        {"d2-e2|e2-e3", {"'d2-e2|e2-e3'", "'|'", "berserk"}},
        {"d2-e2|", {"'|'", "berserk"}},
        // Jump and berserk marks ('^', '=', "^=") are read here and refused by read_move under
        // rules without them (test_berserk.cpp).
        {"d2-^e2", {"'-^'", "between its squares"}},
        {"Zd2-e2", {"'Zd2-e2'", "'Z' is not a piece letter"}},
        {"xd2-e2", {"'x' is not a piece letter"}},
        {"d2-e2xZd3", {"capture", "'Z' is not a piece letter"}},
        {"KD4-e4", {"'D4'", "file letter"}},
        {"Kd4", {"'Kd4'", "no '-'"}},
        {"d2-e2+++", {"'+++' is not an annotation"}},
        {"d2-e2+-", {"'+-' is not an annotation"}},
        {"d2-e2x+", {"capture", "empty square"}},
        {"d2-e2xd3/", {"capture", "empty square"}},
        {"d2-e2x/d3", {"capture", "empty square"}},
        {"d2-e2xK", {"capture", "'K'"}},
        {"Kd4-e5", {"not along a rank or a file"}},
        {"Kd4-d4", {"does not move"}},
    };
    for (const auto& c : cases) {
        INFO("move text '" << c.text << "'");
        testing::check_refused(parse_written_move(c.text, 7), c.expected);
    }
}

TEST_CASE("read_move: piece letters must name the piece on the square", "[notation]") {
    Game game = Game::create(*preset("brandubh")).value();  // attackers to move
    CHECK(read_move(game, "td2-e2").value() == mv("d2", "e2", 7));
    CHECK(read_move(game, "d2-e2").value() == mv("d2", "e2", 7));
    struct Case {
        const char* text;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"Kd2-e2", {"move 'Kd2-e2': no king on d2 (d2 holds an attackers' taflman)"}},
        {"Td2-e2", {"no defenders' taflman on d2 (d2 holds an attackers' taflman)"}},
        {"kd2-e2", {"no attackers' king on d2"}},
        {"Kd4-e4", {"move 'Kd4-e4'", "illegal", "side not to move"}},  // the king, not his turn
        {"Kc2-c1", {"no king on c2 (c2 is empty)"}},
        {"nd2-e2", {"no attackers' knight on d2"}},
        {"Cd3-e3", {"no defenders' commander on d3 (d3 holds a defenders' taflman)"}},
        {"md2-e2", {"no attackers' mercenary"}},
        {"Gd3-e3", {"no defenders' guard"}},
        {"Tb4-b5", {"no defenders' taflman on b4"}},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        testing::check_refused(read_move(game, c.text), c.expected);
    }
    // The defenders: the king and his soldiers by letter.
    REQUIRE(game.play("d2-e2").ok());
    CHECK(read_move(game, "Td3-d2").value() == mv("d3", "d2", 7));
    testing::check_refused(read_move(game, "Kd3-d2"), {"no king on d3 (d3 holds a defenders'"});
    testing::check_refused(read_move(game, "Td4-d2"), {"no defenders' taflman on d4 (d4 holds "
                                                       "the king)"});
}

TEST_CASE("read_move: written captures are the move's, the captured king with them or not",
          "[notation]") {
    const Game game = at(kKingAndSoldier, Side::Attackers);
    const Move f3d3 = mv("f3", "d3", 7);
    REQUIRE(game.captures_of(f3d3) == std::vector<Square>{sq("d2", 7)});
    REQUIRE(game.captures_king(f3d3));
    REQUIRE(game.king_square() == sq("c3", 7));
    for (const char* text :
         {"f3-d3", "f3-d3xd2", "f3-d3xd2/Kc3", "f3-d3xKc3/d2", "f3-d3xd2xc3", "f3-d3xc3/d2",
          "f3-d3xTd2/Kc3", "f3-d3xd2xd2", "tf3-d3xd2/Kc3++", "f3-d3xd2/c3/d2"}) {
        INFO(text);
        const auto m = read_move(game, text);
        INFO(m.error());
        CHECK(m.ok());
        if (m) CHECK(*m == f3d3);
    }
    struct Case {
        const char* text;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"f3-d3xc3",
         {"move 'f3-d3xc3' claims captures it does not make: it captures d2 and the king on c3, "
          "not c3"}},
        {"f3-d3xKc3", {"it captures d2 and the king on c3, not c3"}},
        {"f3-d3xd2/e3", {"it captures d2 and the king on c3, not d2 and e3"}},
        {"f3-d3xd2/c3/e3", {"not d2, c3 and e3"}},
        {"f3-d3xTc3",
         {"move 'f3-d3xTc3': no defenders' taflman on c3 to capture (c3 holds the "
          "king)"}},
        {"f3-d3xd2/Kc4", {"no king on c4 to capture (c4 is empty)"}},
        {"f3-d3xtd2", {"no attackers' taflman on d2 to capture (d2 holds a defenders' taflman)"}},
        {"f3-e3xKc3", {"it captures nothing, not c3"}},
        {"f3-e3xd2", {"it captures nothing, not d2"}},
        {"f3-d3|d3-d4", {"berserk"}},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        testing::check_refused(read_move(game, c.text), c.expected);
    }
    // The game is over after the capture: every further move is refused as such.
    Game after = game;
    REQUIRE(after.play("f3-d3xd2/Kc3").ok());
    CHECK(after.status().reason == OutcomeReason::KingCaptured);
    testing::check_refused(read_move(after, "Kc3-c4"), {"illegal: the game is over"});
}

namespace {

// `m` as opentafl_move_text writes it, checked to read back as `m`.
std::string written_and_read_back(const Game& game, Move m) {
    const std::string text = opentafl_move_text(game, m);
    INFO(text);
    const auto back = read_move(game, text);
    INFO(back.error());
    REQUIRE(back.ok());
    CHECK(*back == m);
    return text;
}

}  // namespace

TEST_CASE("opentafl_move_text writes what read_move reads back", "[notation]") {
    const Game attackers = at(kKingAndSoldier, Side::Attackers);
    CHECK(opentafl_move_text(attackers, mv("f3", "d3", 7)) == "f3-d3xKc3/d2");
    CHECK(opentafl_move_text(attackers, mv("f3", "e3", 7)) == "f3-e3");
    const Game defenders = at(kKingAndSoldier, Side::Defenders);
    CHECK(opentafl_move_text(defenders, mv("c3", "c4", 7)) == "Kc3-c4");
    CHECK(read_move(defenders, "Kc3-c4").value() == mv("c3", "c4", 7));
    // Every legal move of a few positions of a real game, both ways.
    Game game = Game::create(*preset("brandubh")).value();
    int moves = 0, king_moves = 0, with_captures = 0;
    for (const char* played : {"d2-e2", "d3-d2", "b4-b2", "d2-d3", "d6-c6", "d3-c3", "c6-c5",
                               "e4-e6", "d7-d6", "d4-e4", "f4-f5", "e6-e7", "e2-e3"}) {
        for (Move m : game.legal_moves()) {
            const std::string text = written_and_read_back(game, m);
            ++moves;
            king_moves += text[0] == 'K';
            with_captures += text.find('x') != std::string::npos;
        }
        REQUIRE(game.play(played).ok());
    }
    CHECK(moves > 100);
    CHECK(king_moves > 0);
    CHECK(with_captures > 0);
}

// OpenTafl's Berserk, where its notation writes more than Branan's: the letters of commanders and
// knights (moving and captured), '^' for a capturing jump, '=' for a berserk turn's later moves.
TEST_CASE("opentafl_move_text writes piece letters and jump and berserk marks", "[notation]") {
    Game game = Game::create(*preset("berserk")).value();
    REQUIRE(game.play("f4-c4"));
    REQUIRE(game.play("a5-d5"));
    // The knight on e5 jumps the soldier on d5 and captures it (test_berserk.cpp reads it).
    CHECK(opentafl_move_text(game, game.parse_move("e5-c5").value()) == "Ne5^c5xd5");
    // Random games of Berserk and of a string with mercenaries and guards (test_mercenaries.cpp):
    // every legal move written reads back as itself, marks and letters included.
    const Rules mercenaries = parse_rules_string(
                                  "dim:9 name:MercBerserk9 surf:n atkf:y tfr:i mj:j ber:c "
                                  "start:/3tmt3/4g4/4T4/m3M3t/tgMTKTGmt/t3T3m/4T4/4g4/3tmt3/")
                                  .value();
    std::mt19937 rng(20261201);
    int berserk_marks = 0, jump_marks = 0, lettered = 0, lettered_captures = 0;
    int mercenary_letters = 0;
    for (int g = 0; g < testing::sanitized_share(24); ++g) {
        game = Game::create(g % 2 ? mercenaries : *preset("berserk")).value();
        for (int ply = 0; ply < 150 && !game.status().over(); ++ply) {
            const std::vector<Move> legal = game.legal_moves();
            for (Move m : legal) {
                const std::string text = written_and_read_back(game, m);
                berserk_marks += text.find('=') != std::string::npos;
                jump_marks += text.find('^') != std::string::npos;
                // A piece letter is a letter before a square's file letter.
                auto letter_at = [&](size_t i) {
                    return i + 1 < text.size() && std::isalpha(text[i]) &&
                           std::isalpha(text[i + 1]);
                };
                lettered += text[0] != 'K' && letter_at(0);
                mercenary_letters += std::tolower(text[0]) == 'm' && letter_at(0);
                // Guards are never lettered (OpenTafl names kings, commanders, knights and
                // mercenaries only).
                CHECK_FALSE((std::tolower(text[0]) == 'g' && letter_at(0)));
                for (size_t i = text.find('x'); i != std::string::npos;
                     i = text.find_first_of("/", i + 1))
                    lettered_captures += text[i + 1] != 'K' && letter_at(i + 1);
            }
            game.play(legal[rng() % legal.size()]);
        }
    }
    CHECK(berserk_marks > 0);
    CHECK(jump_marks > 0);
    CHECK(lettered > 0);
    CHECK(lettered_captures > 0);
    CHECK(mercenary_letters > 0);
}
