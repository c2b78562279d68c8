// Openings for a match: read from a file, or generated as random balanced move sequences.
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

// `count` random openings of `plies` plies from the start: each kept only when the game is still
// on and a short search scores it within `margin` centi-soldiers of even. Deterministic in `seed`.
std::vector<Opening> random_openings(const Rules& rules, int plies, int count, uint64_t seed,
                                     int margin = 150);

// The start position, as the one opening when none is given.
Opening start_opening(const Rules& rules);

}  // namespace branan::match
