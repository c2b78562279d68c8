// SPDX-License-Identifier: GPL-3.0-or-later
// A tablebase position: the king's square, each side's soldiers and the side to move, on a board
// of at most 64 squares (Brandubh's 7x7). Nothing else: a tablebase holds only rules whose
// positions carry no state beyond the board (rules_support.h).
#pragma once

#include <cstdint>

#include "core/bitboard.h"
#include "core/position.h"

namespace branan::tablebase {

using BoardBits = Bitboard64;

struct Placement {
    Square king = kNoSquare;
    BoardBits attackers = 0;
    BoardBits defenders = 0;
    Side side = Side::Attackers;
    bool operator==(const Placement&) const = default;
};

inline Placement placement_of(const Position<BoardBits>& pos) {
    return {pos.king(), pos.soldiers(Side::Attackers), pos.soldiers(Side::Defenders),
            pos.side_to_move()};
}

// The position of `p` under `tables`, as a game would start from it (no history).
inline Position<BoardBits> position_of(const RuleTables<BoardBits>& tables, const Placement& p) {
    BoardSetup setup{tables.geo.size, std::vector<char>(tables.geo.squares, '.')};
    for (BoardBits b = p.attackers; b;) setup.cells[pop_lsb(b)] = 't';
    for (BoardBits b = p.defenders; b;) setup.cells[pop_lsb(b)] = 'T';
    setup.cells[p.king] = 'K';
    return Position<BoardBits>(tables, setup, p.side);
}

}  // namespace branan::tablebase
