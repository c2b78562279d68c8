// SPDX-License-Identifier: GPL-3.0-or-later
// The tactics suite, tests/data/tactics.txt, as the search and solver tests read it.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"

namespace branan::testing {

struct Tactic {
    std::string preset, record;
    Side side;
    int plies;
    std::string note;  // what the line shows, from its trailing "# ..." comment
};

// tests/data/tactics.txt: "<preset> <record> <side> <plies>", optionally "# note" after; lines
// starting with '#' are comments. A malformed line fails the test that loads it.
inline std::vector<Tactic> load_tactics() {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/tactics.txt");
    std::vector<Tactic> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        INFO("tactics.txt: " << line);
        std::istringstream f(line);
        Tactic t;
        std::string side;
        REQUIRE(f >> t.preset >> t.record >> side >> t.plies);
        REQUIRE(preset(t.preset));
        REQUIRE(side_from_name(side));
        t.side = *side_from_name(side);
        std::getline(f >> std::ws, t.note);
        REQUIRE((t.note.empty() || t.note[0] == '#'));
        out.push_back(t);
    }
    return out;
}

// The tactic's position, its side to move.
inline Game game_of(const Tactic& t) {
    return Game::create(*preset(t.preset), t.record, t.side).value();
}

}  // namespace branan::testing
