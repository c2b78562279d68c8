// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's mercenaries (m, M) and guards (g, G). Every count and outcome written here is OpenTafl
// 0.4.8's own (commit 6895051d5a3b), from a scratch harness outside the repository around its
// engine code: `Perft2 perft '<rules>' <depth> [moves]` (Taflman.getAllowableDestinations,
// GameState.moveTaflman and Game.advanceState, terminal positions not expanded, every move of a
// berserk turn a ply) and `Perft2 legal '<rules>' <moves>` (the captures, the verdict and the
// record after the moves, played through GameState.makeMove).
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "reference_compare.h"

using namespace branan;
using testing::play_captures;

namespace {

struct MercenaryPerftCase {
    const char* what;
    std::string rules;
    std::vector<std::string> moves;  // played from the start first
    std::vector<uint64_t> counts;    // perft 1, 2, 3 (and 4)
};

// Each: Perft2 perft '<rules>' 3 [moves] (4 where a fourth count is given).
const std::vector<MercenaryPerftCase>& mercenary_perft_cases() {
    static const std::vector<MercenaryPerftCase> list = {
        {"7x7, mercenaries and guards of both sides, capturing mercenary jumps",
         "dim:7 name:MercGuard7 surf:n atkf:y ks:w mj:c cenh: cenhe: "
         "start:/3t3/2mtg2/3T3/tMGKTmt/3T3/2gtM2/3t3/",
         {},
         {34, 881, 31222, 835314}},
        {"9x9, berserk (ber:c), mercenaries jump (mj:j)",
         "dim:9 name:MercBerserk9 surf:n atkf:y tfr:i mj:j ber:c "
         "start:/3tmt3/4g4/4T4/m3M3t/tgMTKTGmt/t3T3m/4T4/4g4/3tmt3/",
         {},
         {72, 3950, 287341, 16094241}},
        {"11x11, berserk with any move (ber:m), capturing mercenary jumps, guards in the lists",
         "dim:11 name:MercJump11 surf:n atkf:n tfr:i kj:r mj:c ber:m cenp:tcnkmgTCNKMG cens:KG "
         "start:/3ttmtt3/5g5/11/t4M4t/t3TGT3m/tm1MTKTM1mt/t3TGT3t/t4T4t/11/5g5/3ttmtt3/",
         {},
         {60, 6907, 440347}},
        {"9x9, commanders and a knight with mercenaries and guards, strong king, ber:c",
         "dim:9 name:MercCommander9 surf:n atkf:y ks:s mj:c ber:c "
         "start:/3tct3/4m4/4T4/t3M3g/tgTTKTTmt/t3G3t/4T4/4m4/3tnt3/",
         {},
         {72, 3948, 287587}},
        {"7x7, the last attacker, a mercenary, won over in a berserk turn (ber:m): the game ends",
         "dim:7 name:LastAttacker surf:n atkf:n ber:m start:/7/1Tm3T/7/3K3/7/7/7/",
         {},
         {26, 226, 6507}},
        {"9x9, restricted mercenary jumps, ber:m, a berserk turn going on",
         "dim:9 name:Mix esc:e surf:n tfr:i ka:a ks:c kj:c nj:j cj:c mj:r ber:m atkf:n "
         "start:/9/5tmT1/2T6/1t1t5/3TK4/9/9/7t1/9/",
         {"c3-d3"},
         {11, 533, 21238}},
    };
    return list;
}

Game start_of(const std::string& rules_text) {
    const auto rules = parse_rules_string(rules_text);
    INFO(rules_text);
    REQUIRE(rules.ok());
    return Game::create(*rules).value();
}

// The 7x7 rules of the single-move checks below, with the position `record` to play from.
const std::string kSmall = "dim:7 name:G7 surf:n atkf:y ks:s mj:c cenh: cenhe:";

Game small(const std::string& record, Side to_move = Side::Attackers,
           const std::string& extra = "") {
    return testing::game_from(kSmall + extra, record, to_move);
}

}  // namespace

TEST_CASE("mercenaries and guards: perft against OpenTafl's counts", "[perft][berserk]") {
    for (const MercenaryPerftCase& c : mercenary_perft_cases()) {
        INFO(c.what << ": " << c.rules);
        Game game = start_of(c.rules);
        for (const auto& text : c.moves) REQUIRE(game.play(text).ok());
        for (int d = 1; d <= static_cast<int>(c.counts.size()); ++d) {
            INFO("depth " << d);
            CHECK(game.perft(d) == c.counts[d - 1]);
        }
    }
}

TEST_CASE("a captured mercenary changes sides where it stands: record, hash, undo", "[berserk]") {
    Game game = small("/7/1tM3t/7/3K3/7/7/7/");
    const uint64_t start_key = game.key();
    const std::string start_record = game.record();
    CHECK(play_captures(game, "g2-d2") == "c2");  // OpenTafl: captures c2
    CHECK(game.record() == "/7/1tmt3/7/3K3/7/7/7/");
    CHECK(game.piece_char(1 * 7 + 2) == 'm');  // c2, an attacker now
    CHECK(game.status().outcome == Outcome::Ongoing);
    // The hash is the position's: the same as a game set up on the record afterwards.
    const Game fresh = small("/7/1tmt3/7/3K3/7/7/7/", Side::Defenders);
    CHECK(game.key() == fresh.key());
    CHECK(game.key() != start_key);
    REQUIRE(game.undo());
    CHECK(game.record() == start_record);
    CHECK(game.key() == start_key);
    CHECK(game.piece_char(1 * 7 + 2) == 'M');
    Game again = small("/7/1tM3t/7/3K3/7/7/7/");
    play_captures(again, "g2-d2");
    CHECK(again.side_to_move() == Side::Defenders);
    auto mercenaries = [&](Side s) {
        return again.visit_position([s](const auto& p) { return popcount(p.mercenaries(s)); });
    };
    CHECK(mercenaries(Side::Attackers) == 1);
    CHECK(mercenaries(Side::Defenders) == 0);
}

TEST_CASE("the game ends when the attackers have no piece left, within a berserk turn too",
          "[berserk]") {
    // OpenTafl (Perft2 legal): g2-d2 captures c2, verdict 2 (the defenders win), although the
    // capturer could move on (ber:m).
    const Rules rules =
        parse_rules_string(
            "dim:7 name:LastAttacker surf:n atkf:n ber:m start:/7/1Tm3T/7/3K3/7/7/7/")
            .value();
    Game game = Game::create(rules).value();
    CHECK(play_captures(game, "g2-d2") == "c2");
    CHECK(game.record() == "/7/1TMT3/7/3K3/7/7/7/");
    CHECK(game.status().outcome == Outcome::DefendersWin);
    CHECK(game.legal_moves().empty());
}

TEST_CASE("guards neither capture, nor are captured, nor close a capture", "[berserk]") {
    // OpenTafl's outcomes of g2-d2 on each record (Perft2 legal).
    SECTION("an attacker soldier against an attacker guard captures nothing") {
        Game game = small("/7/1gT3t/7/3K3/7/7/7/");
        CHECK(play_captures(game, "g2-d2").empty());
        CHECK(game.record() == "/7/1gTt3/7/3K3/7/7/7/");
    }
    SECTION("the same against a soldier captures") {
        Game game = small("/7/1tT3t/7/3K3/7/7/7/");
        CHECK(play_captures(game, "g2-d2") == "c2");
    }
    SECTION("a guard moving in captures nothing") {
        Game game = small("/7/1tT3g/7/3K3/7/7/7/");
        CHECK(play_captures(game, "g2-d2").empty());
    }
    SECTION("a guard between two attackers is not captured") {
        Game game = small("/7/1tG3t/7/3K3/7/7/7/");
        CHECK(play_captures(game, "g2-d2").empty());
        CHECK(game.record() == "/7/1tGt3/7/3K3/7/7/7/");
    }
    SECTION("a capturing jump takes a guard") {
        Game game = small("/7/1mG4/7/3K3/7/7/7/");
        CHECK(play_captures(game, "b2-d2") == "c2");
        CHECK(game.record() == "/7/3m3/7/3K3/7/7/7/");
    }
    SECTION("a guard closes none of the king's sides") {
        Game guard = small("/7/2t4/1tK3t/2g4/7/5T1/7/");
        const Move m = guard.parse_move("g3-d3").value();
        CHECK_FALSE(guard.captures_king(m));
        guard.play(m);
        CHECK(guard.status().outcome == Outcome::Ongoing);
        Game soldier = small("/7/2t4/1tK3t/2t4/7/5T1/7/");
        soldier.play(soldier.parse_move("g3-d3").value());
        CHECK(soldier.status().outcome == Outcome::AttackersWin);
    }
}

TEST_CASE("guards cross and stop on special squares only where the lists name them", "[berserk]") {
    // OpenTafl's moves of the guard on d5 (Perft2 legal): the empty throne on d4 below it.
    auto guard_moves = [](const std::string& extra) {
        Game game = small("/7/7/7/7/3G3/5K1/1t5/", Side::Defenders, extra);
        std::vector<std::string> out;
        for (const auto& m : testing::engine_moves(game))
            if (m.rfind("d5-", 0) == 0) out.push_back(m);
        return out;
    };
    CHECK(guard_moves("") == std::vector<std::string>{"d5-a5", "d5-b5", "d5-c5", "d5-d6", "d5-d7",
                                                      "d5-e5", "d5-f5", "d5-g5"});
    CHECK(guard_moves(" cenp:tTG cenre:tTKG corre:tTK") ==
          std::vector<std::string>{"d5-a5", "d5-b5", "d5-c5", "d5-d1", "d5-d2", "d5-d3", "d5-d6",
                                   "d5-d7", "d5-e5", "d5-f5", "d5-g5"});
    CHECK(guard_moves(" cenp:tTG cenre:tTKG corre:tTK cens:KG") ==
          std::vector<std::string>{"d5-a5", "d5-b5", "d5-c5", "d5-d1", "d5-d2", "d5-d3", "d5-d4",
                                   "d5-d6", "d5-d7", "d5-e5", "d5-f5", "d5-g5"});
}

TEST_CASE("mercenaries and guards in records and rules strings", "[berserk][notation]") {
    // Under rules without special pieces they are refused by name.
    const Rules brandubh = *preset("brandubh");
    const auto merc = Game::create(brandubh, "/3t3/3m3/3T3/ttTKTtt/3T3/3t3/3t3/", Side::Attackers);
    REQUIRE_FALSE(merc.ok());
    CHECK(merc.error().find("a mercenary ('m') on d2") != std::string::npos);
    const auto guard = Game::create(brandubh, "/3t3/3t3/3T3/ttTKTtt/3G3/3t3/3t3/", Side::Attackers);
    REQUIRE_FALSE(guard.ok());
    CHECK(guard.error().find("a guard ('G') on d5") != std::string::npos);
    // Under rules with them: where they may stand, and not where they may not.
    const Rules rules = parse_rules_string(kSmall + " start:/7/1tM3t/7/3K3/7/7/5g1/").value();
    const auto on_throne = Game::create(rules, "/7/1tM3t/7/3G3/7/7/K6/", Side::Attackers);
    REQUIRE_FALSE(on_throne.ok());
    CHECK(on_throne.error().find("a defenders' guard on d4, the throne ('cen'), where it may not "
                                 "stand") != std::string::npos);
    const auto merc_corner = Game::create(rules, "/m6/2T4/7/3K3/7/7/7/", Side::Attackers);
    REQUIRE_FALSE(merc_corner.ok());
    CHECK(merc_corner.error().find("an attackers' mercenary on a1, a corner") != std::string::npos);
    const auto fine = Game::create(rules, "/7/1gM3t/7/3K3/7/7/7/", Side::Defenders);
    REQUIRE(fine.ok());
    CHECK(fine->record() == "/7/1gM3t/7/3K3/7/7/7/");
    CHECK(fine->piece_char(7 + 1) == 'g');

    // mj is played and written; the guards' list letters are kept.
    const std::string text =
        "dim:7 name:MG surf:n mj:c cens:KG cenp:tmgTMKG start:/7/1tM3t/7/3K3/7/7/7/";
    const auto parsed = parse_rules_string(text);
    REQUIRE(parsed.ok());
    CHECK(parsed->mercenary_jump == JumpMode::Capture);
    CHECK(parsed->throne.stop.has_guard(Side::Defenders));
    CHECK_FALSE(parsed->throne.stop.has_guard(Side::Attackers));
    CHECK(parsed->throne.pass.has_guard(Side::Attackers));
    const std::string written = write_rules_string(*parsed);
    CHECK(written.find("mj:c") != std::string::npos);
    CHECK(written.find("cens:KG") != std::string::npos);
    CHECK(written.find("cenp:tmgTMKG") != std::string::npos);  // m with t: M changes sides
    CHECK(parse_rules_string(written).value() == *parsed);
    CHECK_FALSE(parse_rules_string("dim:7 mj:q start:/7/1tM3t/7/3K3/7/7/7/").ok());
    // OpenTafl reads each letter of a list; Branan moves mercenaries as soldiers, so a list that
    // sets them apart is refused, naming the key.
    const auto apart =
        parse_rules_string("dim:7 surf:n afor:b4 afors:tgTK start:/7/1tM3t/7/3K3/7/7/7/");
    REQUIRE_FALSE(apart.ok());
    CHECK(apart.error().find("'afors'") != std::string::npos);
    CHECK(apart.error().find("mercenaries") != std::string::npos);
    CHECK(parse_rules_string("dim:7 surf:n afor:b4 afors:tgTK start:/7/1tT3t/7/3K3/7/7/7/").ok());
}
