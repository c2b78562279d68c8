// SPDX-License-Identifier: GPL-3.0-or-later
// Rules strings OpenTafl writes that Branan once refused: exit forts (efe) under edge escape and
// with fortresses (afor, dfor), a strong shieldwall (sw:s) with a corner list (cor), corner
// escape without corners. Every
// count and verdict written here is OpenTafl 0.4.8's own (commit 6895051d5a3b), from a scratch
// harness outside the repository around its engine code: `perft '<rules>' <depth>`
// (Taflman.getAllowableDestinations, GameState.moveTaflman, Game.advanceState and checkVictory,
// terminal positions not expanded) and `perft --moves '<rules>' <moves>` (the captures and the
// verdict after each move, played through GameState.moveTaflman).
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/rules_string.h"
#include "fortress_cases.h"
#include "reference_compare.h"

using namespace branan;
using testing::game_from;
using testing::play_captures;
using testing::verdict_after;

namespace {

struct FortPerftCase {
    const char* what;
    std::string rules;
    std::vector<uint64_t> counts;  // perft 1 to 4
};

// The exit fort position: defenders c1 e1 c2 e2 d3 around the king on d2; c5-c3 closes it.
const std::string kFort = "/2T1T2/2TKT2/3T3/t5t/2T4/7/1t3t1/";
// The same one rank up, with d2 a fortress the king crosses but may not stop on; c6-c4 closes it.
const std::string kFortOverFortress = "/2T1T2/2T1T2/2TKT2/3T3/t5t/2T4/1t3t1/";
// File g: defenders g2 g3 and g5 g6 with attackers in front (f2 f3 f5 f6).
const std::string kWalls = "/2t1t2/5tT/5tT/3K3/5tT/5tT/2t1t2/";

const std::vector<FortPerftCase>& fort_perft_cases() {
    static const std::vector<FortPerftCase> list = {
        {"exit fort under edge escape: the king off the edge wins in a fort reaching it",
         "dim:7 name:F esc:e efe:y atkf:n start:" + kFort,
         {35, 1051, 38415, 1058669}},
        {"exit fort and a fortress on the edge square the king may not stop on",
         "dim:7 name:F efe:y atkf:n afor:d1 afors:t start:" + kFort,
         {32, 1017, 34063, 976927}},
        {"exit fort whose king crosses a fortress he may not stop on to reach the edge",
         "dim:7 name:F efe:y atkf:n cen: afor:d2 afors:t start:" + kFortOverFortress,
         {37, 1202, 46323, 1325058}},
        {"strong shieldwall, relaxed, with a corner g4 inside the edge",
         "dim:7 name:SW surf:n atkf:y sw:s swf:n cor:a1,g1,g4,a7,g7 start:" + kWalls,
         {52, 678, 32074, 389273}},
        {"special path: the fort with a fortress, a commander, a knight and king jumps",
         "dim:7 name:F efe:y atkf:n afor:d1 afors:tcn kj:j start:/2T1T2/2TKT2/3T3/c5t/2T4/7/1t3n1/",
         {32, 1019, 34133, 983703}},
        {"special path: the fort over a fortress under edge escape, berserk turns (ber:c)",
         "dim:7 name:F esc:e efe:y atkf:n cen: afor:d2 afors:tcn ber:c "
         "start:/2T1T2/2T1T2/2TKT2/3T3/c5t/2T4/1t3n1/",
         {37, 1129, 43248, 1202412}},
        {"corner escape without corners (esc:c cor:): the king never escapes",
         "dim:7 name:NC esc:c cor: surf:n atkf:y start:/7/1K5/7/2t4/7/7/5t1/",
         {23, 264, 5567, 61485}},
    };
    return list;
}

}  // namespace

TEST_CASE(
    "exit forts under edge escape, with fortresses, strong shieldwalls with corner lists, "
    "corner escape without corners: perft against OpenTafl's counts",
    "[perft][efe][shieldwall]") {
    for (const FortPerftCase& c : fort_perft_cases()) {
        INFO(c.what << ": " << c.rules);
        const auto rules = parse_rules_string(c.rules);
        INFO(rules.error());
        REQUIRE(rules.ok());
        Game game = Game::create(*rules).value();
        for (int d = 1; d <= static_cast<int>(c.counts.size()); ++d) {
            INFO("depth " << d);
            CHECK(game.perft(d) == c.counts[d - 1]);
        }
    }
}

TEST_CASE("an exit fort under edge escape wins with the king off the edge, as OpenTafl's code",
          "[efe]") {
    // OpenTafl: c5-c3 makes the fort (d1 the only square the king reaches, on the edge): verdict
    // "defenders win", by checkEdgeFortEscape. checkVictory tests the king on the edge first, so
    // d2-d1 wins as an escape.
    Game fort = game_from("dim:7 name:F esc:e efe:y", kFort, Side::Defenders);
    CHECK(play_captures(fort, "c5-c3").empty());
    CHECK(fort.status().outcome == Outcome::DefendersWin);
    CHECK(fort.status().reason == OutcomeReason::ExitFort);
    CHECK(verdict_after("dim:7 name:F esc:e efe:y", kFort, "d2-d1", Side::Defenders).reason ==
          OutcomeReason::KingEscaped);
    CHECK(verdict_after("dim:7 name:F esc:e", kFort, "c5-c3", Side::Defenders).outcome ==
          Outcome::Ongoing);
}

TEST_CASE("an exit fort with fortresses counts the squares the king reaches by his moves",
          "[efe][fortress]") {
    // OpenTafl: with d1 an attacker fortress only attackers stop on, c5-c3 leaves the king no
    // square to reach, so no fort (verdict "ongoing"); without the fortress it is a fort.
    CHECK(verdict_after("dim:7 name:F efe:y afor:d1 afors:t", kFort, "c5-c3", Side::Defenders)
              .outcome == Outcome::Ongoing);
    CHECK(verdict_after("dim:7 name:F efe:y", kFort, "c5-c3", Side::Defenders).reason ==
          OutcomeReason::ExitFort);
    // OpenTafl: the king on d3 crosses the fortress d2 to d1; c6-c4 closes the fort: verdict
    // "defenders win" by checkEdgeFortEscape.
    CHECK(verdict_after("dim:7 name:F efe:y cen: afor:d2 afors:t", kFortOverFortress, "c6-c4",
                        Side::Defenders)
              .reason == OutcomeReason::ExitFort);
}

TEST_CASE("a strong shieldwall with a corner list: OpenTafl's scan of an edge ends at a corner",
          "[shieldwall]") {
    // OpenTafl, relaxed (swf:n): any attacker move captures the row a1..d1 (b1 c1), but its scan
    // of rank 1 stops at the corner d1 that closes it, so e1 f1 stay.
    const std::string relaxed = "dim:7 name:SW surf:n atkf:y sw:s swf:n cor:a1,d1,g1,a7,g7";
    Game both = game_from(relaxed, "/1TT1TT1/1tt1tt1/t5t/7/t5t/3K3/7/");
    CHECK(play_captures(both, "a5-a6") == "b1,c1");
    // A row open at d1 starts there: with b2 gone, b2-b3 captures e1 f1.
    Game right = game_from(relaxed, "/1TT1TT1/1tt1tt1/t5t/7/t5t/3K3/7/");
    CHECK(play_captures(right, "b2-b3") == "e1,f1");
    // Flanking (swf:y) with a mover that moved before (OpenTafl's flank test wants that): d7-g7
    // closes g5 g6 against the corner g4 only where OpenTafl's scan of file g reaches g7, that is
    // where no row is open at g4 (g3 has no attacker in front).
    const std::string flank = "dim:7 name:SW surf:n atkf:y sw:s cor:a1,g1,g4,a7";
    Game stopped = game_from(flank, "/7/5tT/t4tT/3K3/t4tT/5tT/2t4/");
    CHECK(play_captures(stopped, "c7-d7").empty());
    CHECK(play_captures(stopped, "d4-c4").empty());
    CHECK(play_captures(stopped, "d7-g7").empty());
    Game reached = game_from(flank, "/7/5tT/t5T/3K3/t4tT/5tT/2t4/");
    CHECK(play_captures(reached, "c7-d7").empty());
    CHECK(play_captures(reached, "d4-c4").empty());
    CHECK(play_captures(reached, "d7-g7") == "g5,g6");
}

TEST_CASE("a strong shieldwall's corners close rows occupied or not, and never capture",
          "[shieldwall]") {
    // OpenTafl: a defender standing on the corner g4 (cors:TK) still closes g5 g6 for d7-g7.
    Game occupied = game_from("dim:7 name:SW surf:n atkf:y sw:s cor:a1,g1,g4,a7 cors:TK",
                              "/7/7/t6/3K2T/t4tT/5tT/2t4/");
    CHECK(play_captures(occupied, "c7-d7").empty());
    CHECK(play_captures(occupied, "d4-c4").empty());
    CHECK(play_captures(occupied, "d7-g7") == "g5,g6");
    // OpenTafl: an attacker arriving on the corner g7 (cors:tK corp:tK) is no end of the row g5 g6
    // in its flank test: no capture.
    Game onto = game_from("dim:7 name:SW surf:n atkf:y sw:s cor:a1,g1,g4,a7,g7 cors:tK corp:tK",
                          "/7/7/t6/3K3/t4tT/5tT/2t4/");
    CHECK(play_captures(onto, "c7-d7").empty());
    CHECK(play_captures(onto, "d4-c4").empty());
    CHECK(play_captures(onto, "d7-g7").empty());
}

TEST_CASE(
    "exit forts and strong shieldwalls with fortresses and corner lists: random games agree "
    "with the reference move by move",
    "[reference][efe][shieldwall]") {
    const std::string brandubh = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    const std::vector<std::pair<std::string, std::string>> strings = {
        {testing::kFotevikenRules + " efe:y", testing::kTablutStart},
        {testing::kCornerList7 + " sw:s efe:y", brandubh},
        {testing::kCornerList9 + " sw:s efe:y", testing::kTablutStart},
        {"dim:7 name:Edge esc:e efe:y surf:n ks:w", brandubh},
        {"dim:9 name:Forts efe:y surf:n afor:d1,e1,f1,a4,a5,a6,i4,i5,i6,d9,e9,f9 afors:t",
         testing::kTablutStart},
        {"dim:9 name:Walls sw:s efe:y cor:a1,a9,i1,i9,e1,a5,e9,i5 cors:tK corp:tK",
         testing::kTablutStart},
        {"dim:7 name:Walls surf:n sw:s cor:a1,g1,g4,a7,g7", kWalls},
        {"dim:7 name:Walls surf:n sw:s cor:a1,g1,g4,a7", "/2t1t2/5tT/t4tT/3K3/t4tT/5tT/2t4/"},
        {"dim:7 name:Forts efe:y surf:n afor:d1,b1 afors:t", kFort},
        {"dim:7 name:Forts efe:y surf:n cen: afor:d2 afors:t", kFortOverFortress},
    };
    int capturing = 0, decided = 0;
    uint32_t seed = 15;
    for (const auto& [keys, start] : strings) {
        const auto rules = parse_rules_string(keys + " start:" + start);
        INFO(keys);
        REQUIRE(rules.ok());
        testing::random_games(*rules, 12, ++seed, capturing, decided);
    }
    WARN(capturing << " capturing moves, " << decided << " games decided");
    CHECK(capturing > 200);
    CHECK(decided > 30);
}
