// SPDX-License-Identifier: GPL-3.0-or-later
// The independent reference (tests/reference/naive_tafl.h) on OpenTafl's fortresses (afor / dfor)
// and lists of special squares (cor / cen): perft against OpenTafl's own counts, and the engine
// against the reference move by move in random games under rules strings that use them.
#include <random>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "fortress_cases.h"
#include "reference/naive_tafl.h"
#include "reference_compare.h"

using namespace branan;
using namespace branan::testing;

namespace {

void check_opentafl_counts(int max_depth) {
    for (const Case& c : opentafl_cases()) {
        INFO(c.what << ": " << c.record);
        const Rules rules = rules_with_start(c.rules, c.record);
        for (int d = 1; d <= max_depth; ++d) {
            INFO("depth " << d);
            CHECK(reference::perft(rules, c.record, c.to_move, d) == c.counts[d - 1]);
        }
    }
}

}  // namespace

TEST_CASE("reference: fortresses and square lists, OpenTafl's perft counts to depth 2",
          "[reference][perft][fortress]") {
    check_opentafl_counts(2);
}

TEST_CASE("reference: fortresses and square lists, OpenTafl's perft counts to depth 3",
          "[reference][perft][fortress][slow]") {
    check_opentafl_counts(3);
}

TEST_CASE("reference: the Foteviken preset is OpenTafl's string, perft 80 4344 337856",
          "[reference][perft][fortress]") {
    const Rules rules = *preset("foteviken");
    const std::vector<uint64_t> expected = {80, 4344, 337856};  // OpenTafl 0.4.8's counts
    for (int d = 1; d <= 3; ++d)
        CHECK(reference::perft(rules, rules.start, rules.first_to_move, d) == expected[d - 1]);
}

TEST_CASE("fortresses and square lists: random games agree with the reference move by move",
          "[reference][fortress]") {
    int capturing = 0, decided = 0;
    uint32_t seed = 7;
    for (const std::string* text : {&kFotevikenRules, &kHostileForts, &kDefenderForts,
                                    &kCornerGroups, &kCornerList7, &kCornerList9}) {
        const std::string start = text == &kDefenderForts || text == &kCornerGroups ? kFetlarStart
                                  : text == &kCornerList7 ? "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
                                                          : kTablutStart;
        testing::random_games(rules_with_start(*text, start), 12, ++seed, capturing, decided);
    }
    for (const char* name : {"foteviken", "alea-evangelii", "tablut-15", "sea-battle-13"})
        testing::random_games(*preset(name), 8, ++seed, capturing, decided);
    WARN(capturing << " capturing moves, " << decided << " games decided");
    CHECK(capturing > 400);
    CHECK(decided > 30);
}

namespace {

// Corners (corp:K cors:tTK) and an empty throne (cenp:K cens:tTK) soldiers may stop on but not
// cross. OpenTafl checks "may pass" on the last square of a move too, so no soldier ever stops
// there; its counts (OpenTafl 0.4.8's move generator): corners 40 / 960, throne 38 / 743.
struct StopWithoutPass {
    const char* rules;
    uint64_t d1, d2;
};
const StopWithoutPass kStopWithoutPass[] = {
    {"dim:7 name:B atkf:y ks:w corp:K cors:tTK start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", 40, 960},
    {"dim:7 name:A atkf:y ks:w cenp:K cens:tTK start:/3t3/3t3/7/ttT1Ttt/3T3/3tK2/3t3/", 38, 743},
};

}  // namespace

TEST_CASE("reference: a special square a piece may stop on but not cross, as OpenTafl",
          "[reference][perft][fortress]") {
    for (const auto& c : kStopWithoutPass) {
        INFO(c.rules);
        const Rules rules = parse_rules_string(c.rules).value();
        CHECK(reference::perft(rules, rules.start, rules.first_to_move, 1) == c.d1);
        CHECK(reference::perft(rules, rules.start, rules.first_to_move, 2) == c.d2);
        if (c.d1 == 40)  // a4-a1: the soldier would stop on a corner it may not cross
            CHECK_THROWS(reference::play(rules, rules.start, rules.first_to_move, {"a4-a1"}));
    }
}

// The engine as OpenTafl: a soldier may not stop on a corner or an empty throne whose `cors` /
// `cens` name it but whose `corp` / `cenp` do not (the engine once allowed it: 48 / 1152 moves
// against OpenTafl's 40 / 960 in the first string; 39 / 862 against 38 / 743 on the throne).
TEST_CASE("stop without pass on corners and throne: the engine as OpenTafl", "[fortress]") {
    for (const auto& c : kStopWithoutPass) {
        INFO(c.rules);
        const Rules rules = parse_rules_string(c.rules).value();
        const Game game = Game::create(rules).value();
        CHECK(game.perft(1) == c.d1);
        CHECK(game.perft(2) == c.d2);
    }
}
