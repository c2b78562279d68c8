// SPDX-License-Identifier: GPL-3.0-or-later
// Zobrist hashing keys, drawn from a fixed-seed generator so that hashes (and searches) are
// reproducible from run to run.
#pragma once

#include <array>
#include <cstdint>

#include "core/types.h"

namespace branan::zobrist {

constexpr int kMaxForestMoves = 8;

struct Keys {
    std::array<std::array<uint64_t, kMaxSquares>, kPieceKinds> piece{};
    uint64_t side_defenders = 0;  // xored in when the defenders are to move
    uint64_t king_left_throne = 0;
    // forest[c][n]: the soldier on corner c has stood there n consecutive own moves (n >= 1).
    std::array<std::array<uint64_t, kMaxForestMoves + 1>, 4> forest{};
    // OpenTafl's ranks, xored in on top of the soldier's key: [side][0] commander, [side][1]
    // knight, [side][2] mercenary, [side][3] guard.
    std::array<std::array<std::array<uint64_t, kMaxSquares>, 4>, 2> rank{};
    // The piece on this square must continue its berserk turn.
    std::array<uint64_t, kMaxSquares> berserker{};
};

// Computed at compile time (zobrist.cpp), so reading them costs no initialisation guard.
extern const Keys kKeys;
inline const Keys& keys() {
    return kKeys;
}

}  // namespace branan::zobrist
