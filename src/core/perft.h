// SPDX-License-Identifier: GPL-3.0-or-later
// perft: the number of legal move sequences of a given length, the move generator's check.
// Repetition is ignored; a position where the game is over has no moves. The last ply is
// counted in bulk (count_moves) rather than played.
#pragma once

#include <cstdint>

#include "core/position.h"

namespace branan {

template <class BB>
uint64_t perft(Position<BB>& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return static_cast<uint64_t>(pos.count_moves());
    MoveList list;
    pos.generate(list);
    uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move();
    }
    return nodes;
}

// perft with the count of each root move reported to `report(move, count)`.
template <class BB, class Report>
uint64_t perft_divide(Position<BB>& pos, int depth, const Report& report) {
    if (depth <= 0) return 1;
    MoveList list;
    pos.generate(list);
    uint64_t nodes = 0;
    for (Move m : list) {
        pos.do_move(m);
        const uint64_t n = perft(pos, depth - 1);
        pos.undo_move();
        report(m, n);
        nodes += n;
    }
    return nodes;
}

}  // namespace branan
