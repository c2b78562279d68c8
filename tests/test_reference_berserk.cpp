// SPDX-License-Identifier: GPL-3.0-or-later
// The independent reference for OpenTafl's special pieces, jumps and berserk turns
// (tests/reference/naive_berserk.h): perft and single moves against OpenTafl's own move generator,
// and, once the engine reads berserk rules strings, the engine against it in random games.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/rules_string.h"
#include "reference/naive_berserk.h"
#include "reference_compare.h"
#include "test_support.h"

using namespace branan;
namespace rb = branan::reference::berserk;

namespace {

// OpenTafl's built-in Berserk, as OpenTafl 0.4.8 sends it.
const std::string kOpenTaflBerserk =
    "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c "
    "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";
// Berserk's keys without a start, for positions of our own.
const std::string kBerserkKeys = "dim:11 name:Berserk surf:n tfr:l kj:r ber:c";
// Every special piece on 7x7: middleweight king, hammer-only king, knights capture by jumping,
// commanders jump only to or from special squares, mercenaries jump, hostile throne.
const std::string kMidKeys =
    "dim:7 name:Mid surf:n tfr:i ks:m ka:h nj:c cj:r mj:j ber:c cenh:tT cenhe:tT";
// 9x9: anvil-only king strong around the throne, berserk with any move (ber:m).
const std::string kMixKeys =
    "dim:9 name:Mix esc:e surf:y tfr:i ka:a ks:c kj:c nj:j cj:c mj:r ber:m";

struct BerserkCase {
    const char* what;
    std::string rules;
    std::vector<std::string> moves;  // played from the rules' start first
    std::vector<uint64_t> counts;    // perft 1, 2, 3
};

// Every count is OpenTafl 0.4.8's (commit 6895051d5a3b): its Taflman.getAllowableDestinations
// and GameState.moveTaflman / Game.advanceState / checkVictory on the rules string, after the
// moves, where during a berserk turn only the moves moveTaflman accepts count (the berserker's).
const std::vector<BerserkCase>& berserk_cases() {
    static const std::vector<BerserkCase> list = {
        {"a knight's capturing jump, before it",
         kBerserkKeys + " atkf:n start:/t10/9t1/2Nt1t5/11/4T6/5K5/11/11/11/11/10t/",
         {},
         {50, 3771, 186348}},
        {"the same knight in a berserk turn, after jumping c3-e3",
         kBerserkKeys + " atkf:n start:/t10/9t1/2Nt1t5/11/4T6/5K5/11/11/11/11/10t/",
         {"c3-e3"},
         {8, 517, 25948}},
        {"two commanders around the king",
         kBerserkKeys + " atkf:y start:/11/1t9/11/11/11/4T6/11/4cK1c3/6T4/6t4/11/",
         {},
         {53, 2381, 137001}},
        {"a commander and a soldier around the king, the commander capturing beside him",
         kBerserkKeys + " atkf:y start:/11/1t9/11/11/11/4T6/11/4tK1c3/6T4/6t4/11/",
         {},
         {53, 2381, 136872}},
        {"a commander and a soldier around the king, nothing else to capture",
         kBerserkKeys + " atkf:y start:/11/1t9/11/11/11/4T6/11/4tK1c3/11/11/11/",
         {},
         {42, 1178, 54414}},
        {"the king's restricted jump to a corner",
         kBerserkKeys + " atkf:n start:/11/t10/K1t8/11/11/11/11/11/1T9/10t/11/",
         {},
         {30, 1323, 42536}},
        {"the king's restricted jump onto the throne",
         kBerserkKeys + " atkf:n start:/11/11/2t8/5K5/5t5/11/11/11/1T9/10t/11/",
         {},
         {34, 1800, 62435}},
        {"a mercenary and a guard beside attackers",
         kMidKeys + " atkf:y start:/t6/2tM3/7/3Kt2/tG5/2t2T1/6t/",
         {},
         {44, 1450, 61870}},
        {"Berserk from the start, 28 random moves: an attacker's berserk turn",
         kOpenTaflBerserk,
         {"g5-g2",  "h1-h2", "g7-h7", "h2-k2",   "d6-d3",  "k5-h5", "d3-k3",
          "d1-d9",  "f4-h4", "d9-f9", "g6-g2",   "g11-g3", "f5-k5", "g3-g2",
          "f6-f4",  "a7-b7", "e7-e8", "f10-g10", "e8-c8",  "b6-d6", "e5-h5",
          "e1-e10", "f7-c7", "f2-f3", "h5-c5",   "k8-g8",  "f4-d4", "d6-d7"},
         {9, 687, 98638}},
        {"Berserk from the start, 44 random moves: an attacker's berserk turn",
         kOpenTaflBerserk,
         {"f4-i4",   "k7-j7",  "i4-i1",   "j6-j1",  "e5-d5",   "k8-k7", "f8-h8", "e1-e3", "d6-c6",
          "d11-d6",  "d5-d7",  "h11-h10", "g5-g4",  "d1-e1",   "d7-c7", "j7-j4", "c7-c6", "a5-b5",
          "c6-c3",   "b5-b4",  "f5-g5",   "g11-g9", "c3-c10",  "k5-h5", "g4-h4", "f2-c2", "g5-b5",
          "f10-d10", "e7-b7",  "c2-c7",   "e6-e10", "e11-b11", "h8-b8", "a6-b6", "b8-f8", "h1-i1",
          "c10-c11", "h10-h7", "f8-h8",   "a4-a2",  "f6-f3",   "a8-f8", "h6-j6", "i1-i6"},
         {12, 842, 124449}},
        // Mercenaries and guards of both sides (also in test_mercenaries.cpp, to depth 3 there).
        {"mercenaries and guards on 7x7, capturing mercenary jumps",
         "dim:7 name:MercGuard7 surf:n atkf:y ks:w mj:c cenh: cenhe: "
         "start:/3t3/2mtg2/3T3/tMGKTmt/3T3/2gtM2/3t3/",
         {},
         {34, 881, 31222}},
        {"mercenaries and guards with commanders and a knight, berserk",
         "dim:9 name:MercCommander9 surf:n atkf:y ks:s mj:c ber:c "
         "start:/3tct3/4m4/4T4/t3M3g/tgTTKTTmt/t3G3t/4T4/4m4/3tnt3/",
         {},
         {72, 3948, 287587}},
        {"berserk with any move, after a capture",
         kMixKeys + " atkf:n start:/9/5tmT1/2T6/1t1t5/3TK4/9/9/7t1/9/",
         {"c3-d3"},
         {11, 533, 21238}},
    };
    return list;
}

// The engine's captures of m in the reference's terms: OpenTafl (and the berserk reference) take
// a captured king off the board and list his square; the engine ends the game with him on it.
std::string captures_with_king(const Game& game, Move m) {
    std::string out = testing::joined_captures(game, m);
    if (!game.captures_king(m)) return out;
    std::vector<std::string> names;
    std::string cur;
    for (char c : out + ",") {
        if (c != ',') {
            cur += c;
        } else if (!cur.empty()) {
            names.push_back(cur);
            cur.clear();
        }
    }
    names.push_back(square_name(game.king_square(), game.size()));
    std::sort(names.begin(), names.end());
    out.clear();
    for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
    return out;
}

void check_cases(int max_depth) {
    for (const BerserkCase& c : berserk_cases()) {
        INFO(c.what << ": " << c.rules);
        const rb::OtRules rules = rb::parse_rules(c.rules);
        for (int d = 1; d <= max_depth; ++d) {
            INFO("depth " << d);
            CHECK(rb::perft(rules, c.moves, d) == c.counts[d - 1]);
        }
    }
}

}  // namespace

TEST_CASE("berserk reference: OpenTafl's Berserk perft from the start, depth 2",
          "[reference][berserk][perft]") {
    const rb::OtRules rules = rb::parse_rules(kOpenTaflBerserk);
    CHECK(rb::perft(rules, {}, 1) == 60);  // OpenTafl 0.4.8's counts
    CHECK(rb::perft(rules, {}, 2) == 6910);
}

TEST_CASE("berserk reference: OpenTafl's Berserk perft from the start, depth 3",
          "[reference][berserk][perft][slow]") {
    CHECK(rb::perft(rb::parse_rules(kOpenTaflBerserk), {}, 3) == 440948);  // OpenTafl 0.4.8's count
}

TEST_CASE("berserk reference: special pieces and berserk turns, OpenTafl's counts to depth 2",
          "[reference][berserk][perft]") {
    check_cases(2);
}

TEST_CASE("berserk reference: special pieces and berserk turns, OpenTafl's counts to depth 3",
          "[reference][berserk][perft][slow]") {
    check_cases(3);
}

// Single moves, each as OpenTafl's harness played it (captures, who moves next, the verdict).
TEST_CASE("berserk reference: jumps, commanders, mercenaries and berserk turns move by move",
          "[reference][berserk]") {
    SECTION("a knight's capturing jump starts a berserk turn, the knight must move on") {
        const auto rules = rb::parse_rules(
            kBerserkKeys + " atkf:n start:/t10/9t1/2Nt1t5/11/4T6/5K5/11/11/11/11/10t/");
        const auto p = rb::play(rules, {"c3-e3"});
        CHECK(p.captures_per_move == std::vector<std::string>{"d3"});
        CHECK(p.to_move == Side::Defenders);
        CHECK(p.berserker == "e3");
        // Only the knight moves, anywhere it may (OpenTafl does not demand a capture).
        CHECK(rb::legal_moves(rules, {"c3-e3"}) ==
              std::vector<std::string>{"e3-a3", "e3-b3", "e3-c3", "e3-d3", "e3-e1", "e3-e2",
                                       "e3-e4", "e3-g3"});
        const auto q = rb::play(rules, {"c3-e3", "e3-g3"});
        CHECK(q.captures_per_move == std::vector<std::string>{"d3", "f3"});
        CHECK(q.to_move == Side::Attackers);  // nothing left to capture: the turn ends
        CHECK(q.berserker.empty());
        const auto r = rb::play(rules, {"c3-e3", "e3-e4"});
        CHECK(r.captures_per_move == std::vector<std::string>{"d3", ""});
        CHECK(r.to_move == Side::Attackers);
        CHECK_THROWS(rb::play(rules, {"c3-e3", "e5-e4"}));  // not the berserker
    }
    SECTION("commanders capture the strong king between two of them, not against a soldier") {
        const auto two = rb::parse_rules(
            kBerserkKeys + " atkf:y start:/11/1t9/11/11/11/4T6/11/4cK1c3/6T4/6t4/11/");
        const auto p = rb::play(two, {"h8-g8"});
        CHECK(p.captures_per_move == std::vector<std::string>{"f8,g9"});
        CHECK(p.outcome == 1);
        const auto one = rb::parse_rules(kBerserkKeys +
                                         " atkf:y start:/11/1t9/11/11/11/4T6/11/4tK1c3/11/11/11/");
        CHECK(rb::play(one, {"h8-g8"}).captures_per_move == std::vector<std::string>{""});
        // OpenTafl's quirk: when the move captures something else, the commander standing on
        // its landing square counts twice and the king falls against the soldier.
        const auto quirk = rb::parse_rules(
            kBerserkKeys + " atkf:y start:/11/1t9/11/11/11/4T6/11/4tK1c3/6T4/6t4/11/");
        const auto q = rb::play(quirk, {"h8-g8"});
        CHECK(q.captures_per_move == std::vector<std::string>{"f8,g9"});
        CHECK(q.outcome == 1);
        // And a commander that has not moved yet does not recognise itself on its start square:
        // jumping over e8 to f8 counts as a capturing move, so the king falls the same way; the
        // same commander after moving away and back does not capture him.
        const auto jump = rb::parse_rules(
            kBerserkKeys + " atkf:y start:/10t/1t9/11/11/11/11/11/3cT1Kt3/11/1T9/11/");
        const auto fresh = rb::play(jump, {"d8-f8"});
        CHECK(fresh.captures_per_move == std::vector<std::string>{"g8"});
        CHECK(fresh.outcome == 1);
        const auto moved = rb::play(jump, {"d8-d7", "b10-c10", "d7-d8", "c10-b10", "d8-f8"});
        CHECK(moved.captures_per_move.back().empty());
        CHECK(moved.outcome == 0);
    }
    SECTION("the king's restricted jumps: onto the throne, and to a corner (he escapes)") {
        const auto throne =
            rb::parse_rules(kBerserkKeys + " atkf:n start:/11/11/2t8/5K5/5t5/11/11/11/1T9/10t/11/");
        const auto moves = rb::legal_moves(throne, {});
        CHECK(std::count(moves.begin(), moves.end(), "f4-f6") == 1);
        const auto corner =
            rb::parse_rules(kBerserkKeys + " atkf:n start:/11/t10/K1t8/11/11/11/11/11/1T9/10t/11/");
        const auto p = rb::play(corner, {"a3-a1"});
        CHECK(p.captures_per_move == std::vector<std::string>{""});  // a restricted jump
        CHECK(p.outcome == 2);
        CHECK(rb::legal_moves(corner, {}).size() == 30);  // OpenTafl's count
    }
    SECTION("a captured mercenary changes sides, a guard is never captured") {
        const auto rules =
            rb::parse_rules(kMidKeys + " atkf:y start:/t6/2tM3/7/3Kt2/tG5/2t2T1/6t/");
        const auto p = rb::play(rules, {"e4-e2"});
        CHECK(p.captures_per_move == std::vector<std::string>{"d2"});
        CHECK(p.record == "/t6/2tmt2/7/3K3/tG5/2t2T1/6t/");
        CHECK(rb::play(rules, {"c6-c5"}).captures_per_move == std::vector<std::string>{""});
    }
    SECTION("berserk with any move: the capturer moves again, capture or not") {
        const auto rules =
            rb::parse_rules(kMixKeys + " atkf:n start:/9/5tmT1/2T6/1t1t5/3TK4/9/9/7t1/9/");
        const auto p = rb::play(rules, {"c3-d3"});
        CHECK(p.captures_per_move == std::vector<std::string>{"d4"});
        CHECK(p.to_move == Side::Defenders);
        CHECK(p.berserker == "d3");
        CHECK(rb::legal_moves(rules, {"c3-d3"}).size() == 11);
    }
    SECTION("what the reference does not play is refused by name") {
        CHECK_THROWS_WITH(rb::parse_rules(kOpenTaflBerserk + " sw:s"),
                          catch_compat::Contains("shieldwalls"));
        CHECK_THROWS_WITH(rb::parse_rules(kOpenTaflBerserk + " xyz:1"),
                          catch_compat::Contains("xyz"));
        CHECK_THROWS_WITH(rb::parse_rules("dim:11 ber:c"), catch_compat::Contains("start"));
    }
}

// The engine against the reference in random games of `text`: at every ply the legal moves, each
// move's captures, the side to move (unchanged within a berserk turn), the record and the verdict.
// Returns the number of capturing moves; `converted` counts the mercenaries won over.
static int random_games_against_reference(const std::string& text, uint32_t seed, int games,
                                          int& converted) {
    const auto engine_rules = parse_rules_string(text);
    REQUIRE(engine_rules.ok());
    const rb::OtRules rules = rb::parse_rules(text);
    std::mt19937 rng(seed);
    int capturing = 0;
    for (int g = 0; g < games; ++g) {
        Game game = Game::create(*engine_rules).value();
        std::vector<std::string> moves;
        while (!game.status().over() && moves.size() < 150) {
            INFO(text << " game " << g << " after " << moves.size() << " moves: " << game.record());
            REQUIRE(testing::engine_moves(game) == rb::legal_moves(rules, moves));
            const auto legal = game.legal_moves();
            const Move m = legal[rng() % legal.size()];
            const std::string captured = captures_with_king(game, m);
            const bool king_falls = game.captures_king(m);
            for (Square sq : game.captures_of(m))
                converted += game.piece_char(sq) == 'm' || game.piece_char(sq) == 'M';
            moves.push_back(game.move_text(m));
            game.play(m);
            const rb::Played p = rb::play(rules, moves);
            CHECK(p.captures_per_move.back() == captured);
            INFO("last " << moves.back() << " captured " << captured);
            // A capture that ends the game may keep OpenTafl's berserk turn: moot, the game is
            // over.
            if (!game.status().over()) CHECK(p.to_move == game.side_to_move());
            if (!king_falls) CHECK(p.record == game.record());
            capturing += !captured.empty();
            const Status s = game.status();
            if (s.reason != OutcomeReason::Repetition)
                CHECK(p.outcome == testing::reference_outcome(s.outcome));
        }
    }
    return capturing;
}

TEST_CASE("berserk: random games, the engine against the reference", "[reference][berserk]") {
    int converted = 0;
    CHECK(random_games_against_reference(kOpenTaflBerserk, 20261201, testing::sanitized_share(10),
                                         converted) > testing::sanitized_share(20));
}

// Mercenaries and guards of both sides, with and without berserk turns and mercenary jumps; with
// fortresses, edge escape and a capturing king's jump; with guards and commanders in the lists.
TEST_CASE("mercenaries and guards: random games, the engine against the reference",
          "[reference][berserk]") {
    const std::string strings[] = {
        "dim:7 name:MercGuard7 surf:n atkf:y ks:w mj:c cenh: cenhe: "
        "start:/3t3/2mtg2/3T3/tMGKTmt/3T3/2gtM2/3t3/",
        "dim:9 name:MercBerserk9 surf:n atkf:y tfr:i mj:j ber:c "
        "start:/3tmt3/4g4/4T4/m3M3t/tgMTKTGmt/t3T3m/4T4/4g4/3tmt3/",
        "dim:11 name:MercJump11 surf:n atkf:n tfr:i kj:r mj:c ber:m cenp:tcnkmgTCNKMG cens:KG "
        "start:/3ttmtt3/5g5/11/t4M4t/t3TGT3m/tm1MTKTM1mt/t3TGT3t/t4T4t/11/5g5/3ttmtt3/",
        "dim:9 name:MercCommander9 surf:n atkf:y ks:s mj:c ber:c "
        "start:/3tct3/4m4/4T4/t3M3g/tgTTKTTmt/t3G3t/4T4/4m4/3tnt3/",
        "dim:9 name:MercForts9 esc:e surf:n atkf:y ks:w ka:n mj:r kj:c ber:m afor:a5,i5, "
        "dfor:e3,e7, "
        "aforp:tmgTMKG afors:tmgTMK dforp:tmTMKG dfors:TMKG cenhe:tT "
        "start:/3tmt3/4g4/9/m3M3t/t1MTKTGm1/t3T3m/9/4g4/3tmt3/",
        "dim:7 name:ListedGuards7 surf:n atkf:n ks:s cj:c nj:r mj:c ber:c cens:KgG cenp:tmgTCNMKG "
        "cenre:tmgTCNMKG corre:tmTCNMK start:/2tmt2/3g3/t2T2m/MgCKNGt/t2T2t/3G3/2tmt2/",
    };
    int capturing = 0, converted = 0;
    uint32_t seed = 15;
    for (const std::string& text : strings)
        capturing +=
            random_games_against_reference(text, seed++, testing::sanitized_share(4), converted);
    WARN(capturing << " capturing moves, " << converted << " mercenaries won over");
    CHECK(capturing > testing::sanitized_share(40));
    CHECK(converted > testing::sanitized_share(5));
}

// The berserk reference reads OpenTafl's strings on its own, so on OpenTafl's built-in variants
// without berserk it is a second, parser-independent check of the engine: random games, the
// legal moves at every ply, each move's captures, the record and the verdict.
TEST_CASE("berserk reference: OpenTafl's built-in strings in random games against the engine",
          "[reference][berserk]") {
    const char* const strings[] = {
        "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: "
        "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
        "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: "
        "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
        "dim:11 name:Fetlar atkf:y nj:n cj:n "
        "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
        "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: "
        "start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
        "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: "
        "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK "
        "cens: cenh: cenhe:K aforh:K cenre: aforre: "
        "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
        "dim:19 name:Alea_Evangelii atkf:y tfr:w "
        "cor:a1,a2,b1,b2,a18,b18,a19,b19,r1,r2,s1,s2,r18,r19,s18,s19, cenp:tcnkTCNK cens: cenh: "
        "cenhe:tcnkTCNK "
        "start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/"
        "4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/"
        "7t1t1t7/t4t7t4t/19/2t2t7t2t2/",
    };
    std::mt19937 rng(15);
    int capturing = 0, decided = 0;
    for (const char* text : strings) {
        const rb::OtRules rules = rb::parse_rules(text);
        const Rules engine_rules = parse_rules_string(text).value();
        for (int g = 0; g < 3; ++g) {
            Game game = Game::create(engine_rules).value();
            std::vector<std::string> moves;
            while (!game.status().over() && moves.size() < 100) {
                INFO(text << " game " << g << " after " << moves.size() << ": " << game.record());
                REQUIRE(testing::engine_moves(game) == rb::legal_moves(rules, moves));
                const auto legal = game.legal_moves();
                const Move m = legal[rng() % legal.size()];
                const std::string captured = captures_with_king(game, m);
                const bool king_falls = game.captures_king(m);
                moves.push_back(game.move_text(m));
                game.play(m);
                capturing += !captured.empty();
                const rb::Played p = rb::play(rules, moves);
                CHECK(p.captures_per_move.back() == captured);
                if (!king_falls) CHECK(p.record == game.record());
                const Status s = game.status();
                if (s.reason != OutcomeReason::Repetition)
                    CHECK(p.outcome == testing::reference_outcome(s.outcome));
            }
            decided += game.status().over();
        }
    }
    WARN(capturing << " capturing moves, " << decided << " games decided");
    CHECK(capturing > 50);
}

// The same OpenTafl counts for the engine (each move of a berserk turn a ply, as OpenTafl counts).
// The engine refuses what it does not play, by name: hand-made positions with a piece where its
// rules never let it stand; every other case must match, mercenaries and guards, encirclement and
// the middleweight king included.
TEST_CASE("berserk: the engine's perft against OpenTafl's counts", "[berserk][perft]") {
    int compared = 0, with_mercenaries = 0;
    for (const BerserkCase& c : berserk_cases()) {
        INFO(c.what << ": " << c.rules);
        const auto rules = parse_rules_string(c.rules);
        if (!rules.ok()) {
            INFO(rules.error());
            const std::string& e = rules.error();
            CHECK(e.find("where it may not stand") != std::string::npos);
            continue;
        }
        Game game = Game::create(*rules).value();
        for (const auto& text : c.moves) REQUIRE(game.play(text).ok());
        for (int d = 1; d <= 2; ++d) CHECK(game.perft(d) == c.counts[d - 1]);
        ++compared;
        with_mercenaries += rules->start.find_first_of("mM") != std::string::npos;
    }
    CHECK(compared >= 10);
    CHECK(with_mercenaries >= 2);
}
