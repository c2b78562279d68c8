// SPDX-License-Identifier: GPL-3.0-or-later
// A tablebase position's value from its successors', with the rules core's verdicts: the one
// definition the generator, the verifier and the tests share. The rules' verdict on a position
// (game_end: escape, king capture, encirclement, no legal move) is taken from core/game_end.h,
// never judged here; repetition never counts, as the position has no history.
#pragma once

#include <algorithm>

#include "core/game_end.h"
#include "tablebase/placement.h"
#include "tablebase/value.h"

namespace branan::tablebase {

// The value of a finished game for the side to move in it.
inline Value terminal_value(Status s, Side to_move) {
    if (s.outcome == Outcome::Draw) return kNoWin;
    return s.outcome == win_for(to_move) ? win_in(0) : loss_in(0);
}

// The value of `pos` (a position without history) for its side to move: its own verdict if the
// game is over, else a win in d+1 plies if some move leads to a loss in d (the smallest d), a loss
// in d+1 if every move leads to a win in d (the largest d), else kNoWin. `successor(pos)` gives the
// value of a position a move led to whose game goes on, for its side to move (kNoWin where it is
// not known). `pos` is left as it was.
template <class Successor>
Value value_from_successors(Position<BoardBits>& pos, Successor&& successor) {
    if (const Status s = game_end(pos); s.over()) return terminal_value(s, pos.side_to_move());
    MoveList moves;
    pos.generate(moves);
    int fastest_win = kMaxDistance + 1, slowest_loss = -1;
    bool all_lost = true;
    for (const Move m : moves) {
        pos.do_move(m);
        const Status s = game_end(pos);
        const Value v = s.over() ? terminal_value(s, pos.side_to_move()) : successor(pos);
        pos.undo_move();
        if (is_loss(v)) {
            fastest_win = std::min(fastest_win, distance(v) + 1);
            all_lost = false;
        } else if (is_win(v)) {
            slowest_loss = std::max(slowest_loss, distance(v) + 1);
        } else {
            all_lost = false;
        }
    }
    if (fastest_win <= kMaxDistance) return win_in(fastest_win);
    if (all_lost && slowest_loss >= 0) return loss_in(slowest_loss);
    return kNoWin;
}

}  // namespace branan::tablebase
