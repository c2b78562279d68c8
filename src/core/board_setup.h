// BoardSetup: a placement of pieces independent of the bitboard width, the bridge between
// position records (text) and Position<BB>.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace branan {

// One character a square, rank-major from a1: '.' empty, 't' attacker, 'T' defender, 'K' king.
struct BoardSetup {
    int size = 0;
    std::vector<char> cells;
    char at(Square sq) const { return cells[sq]; }
    bool operator==(const BoardSetup&) const = default;
};

}  // namespace branan
