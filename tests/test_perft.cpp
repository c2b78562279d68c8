// SPDX-License-Identifier: GPL-3.0-or-later
// perft from the start positions (docs/rules.md) and from mid-game positions,
// with the counts pinned: perft counts never change unless a rule was wrong.
#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "positions.h"
#include "reference/naive_tafl.h"

using namespace branan;

namespace {

uint64_t start_perft(const std::string& name, int depth) {
    return Game::create(*preset(name)).value().perft(depth);
}

}  // namespace

TEST_CASE("perft from the start: the rook-move brandubh presets", "[perft]") {
    const std::vector<uint64_t> expected = {40, 960, 39512, 1007392, 41843336};
    for (const char* name :
         {"brandubh", "brandubh-federation", "brandubh-opentafl", "brandubh-it"}) {
        INFO(name);
        for (int d = 1; d <= 4; ++d) CHECK(start_perft(name, d) == expected[d - 1]);
    }
    CHECK(start_perft("brandubh", 5) == expected[4]);
}

TEST_CASE("perft from the start: tablut presets", "[perft]") {
    const std::vector<uint64_t> expected = {80, 4400, 353200, 19913864};
    for (const char* name : {"tablut", "tablut-linnaeus"}) {
        INFO(name);
        for (int d = 1; d <= 3; ++d) CHECK(start_perft(name, d) == expected[d - 1]);
    }
    CHECK(start_perft("tablut", 4) == expected[3]);
}

TEST_CASE("perft from the start: 11x11 presets and OpenTafl's Copenhagen strings", "[perft]") {
    // OpenTafl's own move generator gives these for its Copenhagen, Fetlar and Computer Fetlar
    // strings; shieldwalls, forts and rings cannot arise in four plies from the start.
    const std::vector<uint64_t> expected = {116, 6788, 806344, 50456804};
    for (const char* name : {"copenhagen", "fetlar"}) {
        INFO(name);
        for (int d = 1; d <= 3; ++d) CHECK(start_perft(name, d) == expected[d - 1]);
    }
    CHECK(start_perft("copenhagen", 4) == expected[3]);
    const char* relaxed =
        "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y "
        "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    const Rules rules = parse_rules_string(relaxed).value();
    for (int d = 1; d <= 3; ++d) CHECK(Game::create(rules).value().perft(d) == expected[d - 1]);
}

TEST_CASE("perft from the start: every preset of an OpenTafl variant, by OpenTafl's counts",
          "[perft]") {
    // OpenTafl 0.4.8's own move generator from its built-in variants' start positions (terminal
    // positions not expanded, repetition ignored; a berserk continuation is a ply of the same
    // side).
    const std::vector<std::pair<std::string, std::vector<uint64_t>>> vectors = {
        {"brandubh-opentafl", {40, 960, 39512, 1007392}},
        {"magpie", {40, 960, 39512, 996096}},
        {"tablut-opentafl", {80, 4400, 353200, 19913864}},
        {"sea-battle", {80, 4400, 353200, 19913864}},
        {"copenhagen-opentafl", {116, 6788, 806344}},
        {"copenhagen-opentafl-relaxed", {116, 6788, 806344}},
        {"fetlar-computer", {116, 6788, 806344}},
        {"tawlbwrdd", {136, 7620, 1042016, 61550700}},
        {"foteviken", {80, 4344, 337856}},
        // the wide boards to depth 2 here (depth 3 in test_wide_boards.cpp's slow tier)
        {"sea-battle-13", {184, 23436}},
        {"tablut-15", {264, 35584}},
        {"alea-evangelii", {580, 107492}},
        {"berserk", {60, 6910, 440948}},
    };
    for (const auto& [name, counts] : vectors) {
        INFO(name);
        for (size_t d = 1; d <= counts.size(); ++d)
            CHECK(start_perft(name, static_cast<int>(d)) == counts[d - 1]);
    }
}

TEST_CASE("perft from the start: one-step presets", "[perft][reference]") {
    // rules.md gives no vectors for these: the counts are this engine's, and the first four
    // plies are checked against the independent reference on every run.
    const std::vector<std::pair<std::string, std::vector<uint64_t>>> vectors = {
        {"brandubh-1step", {16, 136, 2600, 24264, 489072, 5052848}},
        {"brandubh-1step-12", {18, 246, 4986, 73078, 1590750, 24047400}},
    };
    for (const auto& [name, counts] : vectors) {
        INFO(name);
        const Rules rules = *preset(name);
        for (int d = 1; d <= 6; ++d) {
            INFO("depth " << d);
            CHECK(start_perft(name, d) == counts[d - 1]);
            if (d <= 4)
                CHECK(reference::perft(rules, rules.start, rules.first_to_move, d) ==
                      counts[d - 1]);
        }
    }
}

TEST_CASE("divide sums to the total and names every root move", "[perft]") {
    const Game game = Game::create(*preset("brandubh")).value();
    uint64_t sum = 0;
    int roots = 0;
    const uint64_t total = game.perft(3, [&](Move, uint64_t n) {
        sum += n;
        ++roots;
    });
    CHECK(total == 39512);
    CHECK(sum == total);
    CHECK(roots == 40);
}
