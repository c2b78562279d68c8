// SPDX-License-Identifier: GPL-3.0-or-later
// Openings for a match: read from a file, or generated as random move sequences that leave
// both sides with play.
// Each opening is played twice, colours swapped.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"

namespace branan::match {

struct Opening {
    std::string start_record;  // the position the game starts from
    Side start_side = Side::Attackers;
    std::vector<std::string> moves;  // played from there before the engines take over
    std::string label;               // for the results file
};

// A file of openings: each non-empty line (not starting with '#') is a move list from the start,
// "startpos [moves ...]" or "otn <record> [side S] [moves ...]". Every move is checked; the
// error names the line.
Expected<std::vector<Opening>> read_openings(const std::string& path, const Rules& rules);

// Up to `count` distinct random openings of `plies` plies from the start: random walks, each
// kept only when both sides still have play (the game is on, the side to move has a move, no
// move ends the game at once, and the captures so far differ by at most one). Fewer come back
// when the walks do not find that many distinct positions (Brandubh has few 2-ply openings).
// Deterministic in `seed`; no search, so 100 openings take milliseconds on any board.
std::vector<Opening> random_openings(const Rules& rules, int plies, int count, uint64_t seed);

// The start position, as the one opening when none is given. Refused when the rules' start
// position is already decided: no game can be played from it (random openings, which start
// there too, are refused by the same check).
Expected<Opening> start_opening(const Rules& rules);

}  // namespace branan::match
