// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's Berserk: commanders, a knight, the king's restricted jump and berserk turns. Every
// count here comes from OpenTafl 0.4.8's own engine code (GameState.moveTaflman and
// Taflman.getAllowableDestinations, driven by a scratch harness outside the repository: the moves
// below played through GameState.makeMove, then perft over moveTaflman with terminal positions
// not expanded and a berserking side moving only its berserker).
#include <algorithm>

#include "catch.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/position_command.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "core/rules_string.h"

using namespace branan;

namespace {

const char* const kBerserkString =
    "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c "
    "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";

// The Berserk game after `moves` ("d2-e2", space-separated), each checked legal.
Game after(const std::string& moves) {
    Game game = Game::create(parse_rules_string(kBerserkString).value()).value();
    size_t start = 0;
    while (start < moves.size()) {
        size_t end = moves.find(' ', start);
        if (end == std::string::npos) end = moves.size();
        const std::string text = moves.substr(start, end - start);
        INFO(text);
        REQUIRE(game.play(text));
        start = end + 1;
    }
    return game;
}

// The legal moves as "from-to", sorted as the harness prints them.
std::string legal_list(const Game& game) {
    std::vector<std::string> names;
    for (Move m : game.legal_moves())
        names.push_back(square_name(m.from, game.size()) + "-" + square_name(m.to, game.size()));
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
    return out;
}

struct MidGame {
    const char* what;
    const char* moves;
    Side to_move;
    const char* record;  // OpenTafl's position record after the moves
    std::vector<uint64_t> perft;
};

}  // namespace

TEST_CASE("berserk: the preset is OpenTafl's string, and its start perft", "[perft][berserk]") {
    Rules expected = parse_rules_string(kBerserkString).value();
    expected.name = "berserk";
    CHECK(*preset("berserk") == expected);
    const Game game = Game::create(*preset("berserk")).value();
    CHECK(game.side_to_move() == Side::Defenders);
    CHECK(game.perft(1) == 60);
    CHECK(game.perft(2) == 6910);
    CHECK(game.perft(3) == 440948);
}

TEST_CASE("berserk: mid-game positions, OpenTafl's counts", "[perft][berserk]") {
    const std::vector<MidGame> cases = {
        {"a capturing move by the commander on b11 that can capture again: berserk",
         "e7-c7 j6-j11 h6-j6 h1-h5 f8-c8 h5-j5 c8-c11 f10-b10 j6-j8 e1-e3 c7-d7 f11-f9 f4-c4 "
         "f2-i2 c4-c8 a7-b7 c8-c5 a4-g4 j8-j10 h11-h8 e6-e10 k4-j4 j10-h10 b10-b9 c5-c3 j4-j3 "
         "d7-d9 b7-e7 c3-c2 k5-k2 f5-f4 j11-j8 d9-d7 e3-g3 d7-d9 i2-i1 e5-e2 g3-c3 h10-h9 c3-c4 "
         "e2-e5 k2-k5 e5-e9 a8-e8 c2-f2 c4-e4 e10-k10 e8-g8 f6-e6 a6-a9 f2-f4 a5-d5 f7-b7 g8-g10 "
         "g5-e5 d5-a5 g6-h6 b9-b11",
         Side::Attackers,
         "/3t1tt1c2/11/9t1/4tTt4/t3T4tt/1c1TK2T2t/1T4T3t/7t1ct/t2TNt1T3/6t3T/1c1tt1t4/",
         {4, 271, 36755}},
        {"a defender's berserk turn (the soldier on b7)",
         "h6-h10 f10-g10 f8-b8 k7-j7 g5-i5 f2-d2 h10-h8 h1-h2 e5-d5 e1-e2 b8-g8 j6-j1 d6-d9 "
         "a8-c8 d5-d7 j7-i7 f5-e5 h2-h3 g6-g4 b6-c6 i5-i4 e2-g2 e5-c5 d11-c11 i4-i5 k6-i6 h8-h6 "
         "a4-d4 d9-k9 d2-d3 g4-j4 h11-h10 h6-h4 g2-h2 e6-d6 h2-g2 c5-c3 c8-a8 i5-h5 a5-a3 h5-h9 "
         "c11-c7 g8-j8 h3-f3 e7-e10 i6-i2 g7-g6 d1-d2 f7-e7 i7-i10 j8-j6 j1-h1 d7-b7",
         Side::Defenders,
         "/5ttc3/3t2t1t2/t1Tc1t5/3t1T1T1Tt/10t/t1cT1KT2T1/tN2T6/t9t/7T2T/4T1ctt2/4ttt4/",
         {12, 1474, 148858}},
        {"an attacker's berserk turn (the soldier on f4)",
         "g5-g2 d11-c11 h6-h10 d1-d4 e7-c7 b6-b3 f8-i8 h1-h6 c7-c6 f10-f8 e6-e10 f8-f9 i8-i5 "
         "k4-j4 i5-i10 a4-a2 f7-e7 f2-b2 f4-f2 f9-j9 e5-b5 a8-c8 f6-e6 b3-i3 b5-b6 g11-g9 "
         "e10-f10 e11-e10 e7-e9 k5-j5 f10-f8 d4-f4",
         Side::Attackers,
         "/4ttt4/tc3TT4/8c2/5t3t1/t8t1/tNTTK1Tt1ct/t5T3t/2t2T4t/4T1t2c1/4t2TT2/2t2t1t3/",
         {11, 878, 126783}},
        {"the knight's capturing jump (e5 over d5 to c5), no capture left to continue",
         "f4-c4 a5-d5 e5-c5",
         Side::Attackers,
         "/3ttttt3/5c5/11/t1T7t/2N2TT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
         {117, 8443, 1006911}},
        {"the king may jump over f5 onto the throne",
         "d6-d8 j6-j9 e7-d7 a8-a9 g7-i7 a9-c9 g5-g4 g11-g7 g4-g3 d1-d5 i7-i11 b6-b2 g3-g2 k4-j4 "
         "f7-e7 d5-d2 f8-e8 h1-h2 h6-h3 g1-g3 d7-d4 c9-c3 f4-i4 k8-k9 i4-i2 j4-g4 i2-i8 g7-g10 "
         "e6-b6 c3-c10 b6-b7 k5-g5 f5-f3 j9-e9 f3-a3 g5-k5 a3-d3 h2-h1 d3-g3 e1-e3 b7-b8 k6-i6 "
         "e7-f7 d11-d9 i11-i9 h1-h2 f6-c6 f1-c1 g6-g9 k5-f5 g9-g8 h11-h8 f7-e7 b2-b1 e5-d5 "
         "e9-h9 g8-g6 h8-h5 e7-d7 d9-a9 d8-d10 f2-g2 b8-b7 c10-b10 c6-f6 a9-a10 e8-f8 h5-k5 "
         "f8-g8 h9-b9 i9-h9 a10-a8 i8-i11 f10-f8 d7-d9 a8-e8",
         Side::Defenders,
         "/1ct8/3t2ct3/4t2T3/t2T2t4/t2N1t4t/t4KT1t2/tT8t/4tcT4/1c1T3T2t/1t1T2t4/4tt2T2/",
         {80, 12070, 950345}},
        {"the king may jump back onto the throne from f6 over f5",
         "f8-e8 k8-k9 e5-b5 f2-a2 e6-e5 k7-k8 d6-c6 f10-g10 g5-i5 d1-d9 f4-d4 j6-j4 e8-e9 j4-i4 "
         "f5-f4 a2-a3 e9-h9 e11-e10 d4-d5 k6-i6 g7-i7 g1-g4 h9-g9 g4-h4 e5-j5 k9-i9 g6-g8 "
         "h11-h8 i7-g7 e1-e3 e7-e6 a7-e7 j5-e5 d9-b9 f4-g4 a8-c8 g4-e4 i4-i1 g9-h9 e3-e2 c6-c1 "
         "e2-h2 g7-i7 i6-k6 e4-e2 f11-f10 c1-c3 f1-f5 g8-g7 h1-d1 e2-a2 e10-e11 c3-d3 b6-d6 "
         "d3-b3 g10-i10 b3-c3 b9-b6 i7-i5 g11-g10",
         Side::Defenders,
         "/3t4c2/T6t3/c1T8/t6t2t/tN1TTt2T1t/tt1cTK1T2t/4tTT4/2t4t2t/7Tt2/5tt1c2/3tt6/",
         {74, 10518, 751191}},
        {"the king may jump from the throne over f7",
         "g7-h7 d1-d4 g6-g9 f10-j10 d6-d9 b6-b8 d9-d7 e11-e9 g5-g2 j10-d10 f8-f9 j6-j3 e5-b5 "
         "e9-b9 e6-e2 h11-j11 h7-h10 j3-j1 f5-j5 d4-d3 f9-e9 d10-e10 b5-b2 j1-j3 g2-j2 g1-g8 "
         "b2-b1 a4-c4 g9-i9 k8-k9 f7-j7 a5-i5 i5-j5 f4-h4 f1-f3 j2-g2 d11-d9 g2-h2 b8-e8 h10-k10 "
         "g8-g6 e2-c2 c4-e4 i9-i1 k4-i4 i1-i3 a6-a5 c2-b2 d9-j9 h6-i6 f11-f7 e7-e5 a7-b7 d7-d6 "
         "d3-d5 b2-b5 j9-h9",
         Side::Defenders,
         "/1N2t2t3/7T3/5t2Tc1/4t2Tt2/tT1tT4tt/3T1Kt1T1t/1t3t3Tt/t3c6/1t5t2t/4c5T/6t2t1/",
         {72, 10791, 770330}},
    };
    for (const MidGame& c : cases) {
        INFO(c.what);
        const Game game = after(c.moves);
        CHECK(game.side_to_move() == c.to_move);
        CHECK(game.record() == c.record);
        for (size_t d = 1; d <= c.perft.size(); ++d) {
            INFO("depth " << d);
            CHECK(game.perft(static_cast<int>(d)) == c.perft[d - 1]);
        }
    }
}

TEST_CASE("berserk: the berserker alone moves, its moves as OpenTafl lists them",
          "[perft][berserk]") {
    // The second and third positions above: OpenTafl's legal moves there.
    const Game defenders = after(
        "h6-h10 f10-g10 f8-b8 k7-j7 g5-i5 f2-d2 h10-h8 h1-h2 e5-d5 e1-e2 b8-g8 j6-j1 d6-d9 "
        "a8-c8 d5-d7 j7-i7 f5-e5 h2-h3 g6-g4 b6-c6 i5-i4 e2-g2 e5-c5 d11-c11 i4-i5 k6-i6 h8-h6 "
        "a4-d4 d9-k9 d2-d3 g4-j4 h11-h10 h6-h4 g2-h2 e6-d6 h2-g2 c5-c3 c8-a8 i5-h5 a5-a3 h5-h9 "
        "c11-c7 g8-j8 h3-f3 e7-e10 i6-i2 g7-g6 d1-d2 f7-e7 i7-i10 j8-j6 j1-h1 d7-b7");
    CHECK(legal_list(defenders) ==
          "b7-b1 b7-b10 b7-b11 b7-b2 b7-b3 b7-b4 b7-b5 b7-b6 b7-b8 b7-b9 b7-c7 b7-d7");
    const Game attackers = after(
        "g5-g2 d11-c11 h6-h10 d1-d4 e7-c7 b6-b3 f8-i8 h1-h6 c7-c6 f10-f8 e6-e10 f8-f9 i8-i5 "
        "k4-j4 i5-i10 a4-a2 f7-e7 f2-b2 f4-f2 f9-j9 e5-b5 a8-c8 f6-e6 b3-i3 b5-b6 g11-g9 "
        "e10-f10 e11-e10 e7-e9 k5-j5 f10-f8 d4-f4");
    CHECK(legal_list(attackers) ==
          "f4-a4 f4-b4 f4-c4 f4-d4 f4-e4 f4-f3 f4-f5 f4-f7 f4-g4 f4-h4 f4-i4");
}

TEST_CASE("berserk: OpenTafl's jump and berserk marks are read and checked",
          "[berserk][notation]") {
    Game game = after("f4-c4 a5-d5");
    // The knight's capturing jump, as OpenTafl writes it.
    CHECK_FALSE(game.parse_move("Ne5^e3"));  // no piece to jump over: not a legal move
    CHECK(game.parse_move("e5-e3"));
    const auto not_a_jump = game.parse_move("e5^e3");
    REQUIRE_FALSE(not_a_jump);
    CHECK(not_a_jump.error().find("jumps over no piece") != std::string::npos);
    const auto no_turn = game.parse_move("e5=e3");
    REQUIRE_FALSE(no_turn);
    CHECK(no_turn.error().find("no berserk turn") != std::string::npos);
    REQUIRE(game.play("Ne5^c5xd5"));
    CHECK(game.record() ==
          "/3ttttt3/5c5/11/t1T7t/2N2TT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/");
    // A berserk turn's next move, marked '='.
    Game turn = after(
        "e7-c7 j6-j11 h6-j6 h1-h5 f8-c8 h5-j5 c8-c11 f10-b10 j6-j8 e1-e3 c7-d7 f11-f9 f4-c4 "
        "f2-i2 c4-c8 a7-b7 c8-c5 a4-g4 j8-j10 h11-h8 e6-e10 k4-j4 j10-h10 b10-b9 c5-c3 j4-j3 "
        "d7-d9 b7-e7 c3-c2 k5-k2 f5-f4 j11-j8 d9-d7 e3-g3 d7-d9 i2-i1 e5-e2 g3-c3 h10-h9 c3-c4 "
        "e2-e5 k2-k5 e5-e9 a8-e8 c2-f2 c4-e4 e10-k10 e8-g8 f6-e6 a6-a9 f2-f4 a5-d5 f7-b7 g8-g10 "
        "g5-e5 d5-a5 g6-h6 b9-b11");
    CHECK(turn.parse_move("cb11=b8"));
    CHECK(turn.parse_move("b11-b8"));
}

TEST_CASE("berserk marks under rules without them keep their refusals", "[notation]") {
    const Game game = Game::create(*preset("brandubh")).value();
    for (const char* text : {"d2^d4", "d2=d3", "d2^=d4"}) {
        INFO(text);
        const auto m = game.parse_move(text);
        REQUIRE_FALSE(m);
        CHECK(m.error().find("these rules have no") != std::string::npos);
    }
}

TEST_CASE("berserk: start perft depth 4, OpenTafl's count", "[perft][berserk][slow]") {
    // OpenTafl's engine took 43 minutes for this one (Branan: about 2 s).
    CHECK(Game::create(*preset("berserk")).value().perft(4) == 52106188);
}

TEST_CASE("commanders and knights are refused by name under rules without them", "[berserk]") {
    // Found by fuzz_position: brandubh took a knight as a plain defender.
    const Rules brandubh = *preset("brandubh");
    const auto knight =
        Game::create(brandubh, "/3t3/3t3/3N3/ttTKTtt/3T3/3t3/3t3/", Side::Attackers);
    REQUIRE_FALSE(knight.ok());
    CHECK(knight.error().find("a knight ('N') on d3") != std::string::npos);
    const auto commander =
        Game::create(brandubh, "/3c3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", Side::Attackers);
    REQUIRE_FALSE(commander.ok());
    CHECK(commander.error().find("a commander ('c') on d1") != std::string::npos);
    // Under Berserk's rules they stand where they stand.
    const Rules berserk = *preset("berserk");
    const auto game = Game::create(berserk, berserk.start, berserk.first_to_move);
    REQUIRE(game.ok());
    CHECK(game->record() == write_position_record(parse_position_record(berserk.start).value()));
}

TEST_CASE("berserk: a position record with the turn in progress is the same game",
          "[berserk][position]") {
    // The attackers' position above: after d4-f4 captured, the piece on f4 goes on.
    const std::string moves =
        "g5-g2 d11-c11 h6-h10 d1-d4 e7-c7 b6-b3 f8-i8 h1-h6 c7-c6 f10-f8 e6-e10 f8-f9 i8-i5 "
        "k4-j4 i5-i10 a4-a2 f7-e7 f2-b2 f4-f2 f9-j9 e5-b5 a8-c8 f6-e6 b3-i3 b5-b6 g11-g9 "
        "e10-f10 e11-e10 e7-e9 k5-j5 f10-f8 d4-f4";
    const Game played = after(moves);
    const Rules rules = played.rules();
    REQUIRE(played.berserker() == parse_square("f4", 11).value());
    auto words = split_words("otn " + played.record() + " side attackers berserk f4");
    const auto resumed = parse_position_command(rules, words);
    INFO(resumed.error());
    REQUIRE(resumed.ok());
    CHECK(resumed->key() == played.key());
    CHECK(legal_list(*resumed) == legal_list(played));
    CHECK(resumed->perft(3) == played.perft(3));
    CHECK(resumed->start_words() == "otn " + played.record() + " side attackers berserk f4");
    // Taken back to its start after a move, it is in the turn again.
    Game next = *resumed;
    next.play(next.legal_moves().front());
    const Game back = next.from_start();
    CHECK(back.key() == played.key());
    CHECK(back.moves_played().empty());
    // Without the word, any attacker moves: another game.
    const auto plain = parse_position_command(rules, split_words("otn " + played.record()));
    REQUIRE(plain.ok());
    CHECK(plain->key() != played.key());
    CHECK(plain->legal_moves().size() > played.legal_moves().size());

    // Refusals name the problem.
    auto refusal = [&](const std::string& line) {
        const auto r = parse_position_command(rules, split_words(line));
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    const std::string rec = "otn " + played.record();
    CHECK(refusal(rec + " side attackers berserk") == "position: 'berserk' needs a square");
    CHECK(refusal(rec + " side attackers berserk z40").find("off the 11x11 board") !=
          std::string::npos);
    CHECK(refusal(rec + " side attackers berserk a1") ==
          "position: berserk a1: no piece of the attackers (the side to move) there");
    CHECK(refusal(rec + " side defenders berserk f4") ==
          "position: berserk f4: no piece of the defenders (the side to move) there");
    // The defenders move first in Berserk; their soldier on f4 has nothing to capture.
    CHECK(refusal("startpos berserk f4") ==
          "position: berserk f4: the piece there has no capturing move to go on with");
    CHECK(refusal(rec + " side attackers berserk f4 side attackers") ==
          "position: unexpected 'side' (expected 'moves')");
    // The king escaped to a1: no turn goes on in a finished game.
    CHECK(refusal("otn /K2ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TT1TT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/ "
                  "side attackers berserk b6") ==
          "position: berserk b6: the game is over (king escaped)");
    const Rules brandubh = *preset("brandubh");
    CHECK(parse_position_command(brandubh, split_words("startpos berserk d2")).error() ==
          "position: berserk d2: the rules have no berserk turns ('ber')");
}
