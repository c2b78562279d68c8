// SPDX-License-Identifier: GPL-3.0-or-later
// An exhaustive win finder for the tactics suite, independent of the engine's search: plain
// AND-OR search over the rules core, no evaluation, no pruning beyond "one winning move is
// enough". The only heuristic is the order: the move that last decided a node of the same length
// (our win, or their refutation) is tried first. Repetition is ignored (lines of at most 7 plies
// in these positions do not repeat).
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "core/game.h"

namespace branan::testing {

// A set of OutcomeReasons, one bit each: how the lines of a proof end.
using Endings = uint32_t;
constexpr Endings ending_bit(OutcomeReason r) {
    return Endings{1} << static_cast<int>(r);
}

// The move that last decided a node, per plies left there (ours: odd; their replies: even).
using Deciders = std::array<Move, 32>;

// Moves `decider` to the front of `list` if it is there: only the order of the search changes.
inline void try_first(MoveList& list, Move decider) {
    for (int i = 1; i < list.count; ++i)
        if (list.moves[i] == decider) {
            std::swap(list.moves[0], list.moves[i]);
            return;
        }
}

// Whether the side to move in `pos` wins within `plies` plies (its own moves included) whatever
// the opponent does. A side with no legal move loses. With `endings`, adds the reasons that end
// the lines of the proof found (the first winning move at each of our turns, every reply).
template <class BB>
bool forced_win(Position<BB>& pos, int plies, Endings* endings, Deciders& deciders) {
    if (plies <= 0) return false;
    const Side us = pos.side_to_move();
    const bool stuck_loses = pos.tables().rules.no_move == NoMoveRule::Loss;
    MoveList list;
    pos.generate(list);
    try_first(list, deciders[plies]);
    for (Move m : list) {
        pos.do_move(m);
        const Status s = pos.status();
        Endings ends = 0;  // of this move's proof, kept only if it wins
        bool win = s.outcome == win_for(us);
        if (win) ends |= ending_bit(s.reason);
        if (!win && !s.over() && plies >= 3) {
            // Every reply must leave us a forced win in plies - 2.
            MoveList replies;
            pos.generate(replies);
            try_first(replies, deciders[plies - 1]);
            win = stuck_loses || replies.size() > 0;  // no reply at all: they lose
            if (replies.size() == 0) ends |= ending_bit(OutcomeReason::NoLegalMove);
            for (Move r : replies) {
                pos.do_move(r);
                const Status rs = pos.status();
                const bool held = !rs.over() && forced_win(pos, plies - 2, &ends, deciders);
                pos.undo_move();
                if (!held) {
                    deciders[plies - 1] = r;
                    win = false;
                    break;
                }
            }
        } else if (!win && !s.over() && stuck_loses && pos.count_moves() == 0) {
            win = true;  // the opponent is stuck and loses
            ends |= ending_bit(OutcomeReason::NoLegalMove);
        }
        pos.undo_move();
        if (win) {
            deciders[plies] = m;
            if (endings) *endings |= ends;
            return true;
        }
    }
    return false;
}

template <class BB>
bool forced_win(Position<BB>& pos, int plies, Endings* endings = nullptr) {
    Deciders deciders{};
    return forced_win(pos, plies, endings, deciders);
}

// The fewest plies (1, 3, 5, ... up to max_plies) in which the side to move of `game` forces a
// win, or 0 if it does not within max_plies. With `endings`, how the lines of that proof end.
inline int shortest_forced_win(const Game& game, int max_plies, Endings* endings = nullptr) {
    return game.visit_position([&](const auto& root) {
        auto pos = root;
        Deciders deciders{};
        for (int plies = 1; plies <= max_plies; plies += 2)
            if (forced_win(pos, plies, endings, deciders)) return plies;
        return 0;
    });
}

}  // namespace branan::testing
