// An exhaustive win finder for the tactics suite, independent of the engine's search: plain
// AND-OR search over the rules core, no evaluation, no pruning beyond "one winning move is
// enough". Repetition is ignored (lines of at most 7 plies in these positions do not repeat).
#pragma once

#include "core/game.h"

namespace branan::testing {

// Whether the side to move in `pos` wins within `plies` plies (its own moves included) whatever
// the opponent does. A side with no legal move loses.
template <class BB>
bool forced_win(Position<BB>& pos, int plies) {
    if (plies <= 0) return false;
    const Side us = pos.side_to_move();
    const bool stuck_loses = pos.tables().rules.no_move == NoMoveRule::Loss;
    MoveList list;
    pos.generate(list);
    for (Move m : list) {
        pos.do_move(m);
        const Status s = pos.status();
        bool win = s.outcome == win_for(us);
        if (!win && !s.over() && plies >= 3) {
            // Every reply must leave us a forced win in plies - 2.
            MoveList replies;
            pos.generate(replies);
            win = stuck_loses || replies.size() > 0;  // no reply at all: they lose
            for (Move r : replies) {
                pos.do_move(r);
                const Status rs = pos.status();
                const bool held = !rs.over() && forced_win(pos, plies - 2);
                pos.undo_move();
                if (!held) {
                    win = false;
                    break;
                }
            }
        } else if (!win && !s.over() && stuck_loses && pos.count_moves() == 0) {
            win = true;  // the opponent is stuck and loses
        }
        pos.undo_move();
        if (win) return true;
    }
    return false;
}

// The fewest plies (1, 3, 5, ... up to max_plies) in which the side to move of `game` forces a
// win, or 0 if it does not within max_plies.
inline int shortest_forced_win(const Game& game, int max_plies) {
    return game.visit_position([&](const auto& root) {
        auto pos = root;
        for (int plies = 1; plies <= max_plies; plies += 2)
            if (forced_win(pos, plies)) return plies;
        return 0;
    });
}

}  // namespace branan::testing
