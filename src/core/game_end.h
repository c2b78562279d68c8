// SPDX-License-Identifier: GPL-3.0-or-later
// The one authority on how a game ends. Everything in Branan that needs the rules' verdict asks
// here: Game (the referee of the front ends and of branan-match), the search, the threat tests.
//
//   move_verdict        what the last move (or the set-up) decided: the king's escape or
//                       capture, encirclement, an exit fort (judged by Position::do_move)
//   occurrences         how often the current position occurred since the last capture, and
//                       where first
//   repetitions         occurrences of the current position since the last capture
//   repetition_verdict  the rules' verdict on a third occurrence, if it ends the game
//   repetition_forbidden whether the last move was illegal as a third occurrence
//   no_move_verdict     the verdict on a side to move that has no legal move
//   game_end            all of them, in that order: what the rules say now
#pragma once

#include "core/position.h"

namespace branan {

template <class BB>
Status move_verdict(const Position<BB>& pos) {
    return pos.status();
}

// How often the current position has occurred, counting it, and the index in pos.states() of
// its first occurrence (the last state's when it is new). A capture (or a soldier lost in the
// forest) makes every earlier position different, so the walk stops there; only positions with
// the same side to move are compared. A position whose key no earlier state can have (the
// common case) costs no walk.
struct Occurrences {
    int count;  // 1 for a new position
    int first;  // an index of pos.states()
};
template <class BB>
Occurrences occurrences(const Position<BB>& pos) {
    const auto& st = pos.states();
    Occurrences o{1, static_cast<int>(st.size()) - 1};
    if (!pos.key_seen_before()) return o;
    const uint64_t key = st.back().key;
    for (int i = static_cast<int>(st.size()) - 1; i >= 2; i -= 2) {
        if (st[i].captured || st[i].forest_removed || st[i - 1].captured ||
            st[i - 1].forest_removed)
            break;
        if (st[i - 2].key == key) {
            ++o.count;
            o.first = i - 2;
        }
    }
    return o;
}

// How often the current position has occurred, counting it (occurrences()).
template <class BB>
int repetitions(const Position<BB>& pos) {
    return occurrences(pos).count;
}

// The verdict of the rules when the last move made a position's third occurrence: a draw, a
// loss or a win for the side that made it, a loss for the defenders; Ongoing when it ends nothing
// (fewer occurrences, the rule ignores repetition, or forbids the move instead).
template <class BB>
Status repetition_verdict(const Position<BB>& pos) {
    const RepetitionRule rule = pos.tables().rules.repetition;
    if (rule == RepetitionRule::Ignore || rule == RepetitionRule::Forbidden) return {};
    if (repetitions(pos) < 3) return {};
    const Side repeater = opponent(pos.side_to_move());
    switch (rule) {
        case RepetitionRule::Draw:
            return {Outcome::Draw, OutcomeReason::Repetition};
        case RepetitionRule::LossForRepeater:
            return {win_for(pos.side_to_move()), OutcomeReason::Repetition};
        case RepetitionRule::WinForRepeater:
            return {win_for(repeater), OutcomeReason::Repetition};
        case RepetitionRule::DefendersLose:
            return {Outcome::AttackersWin, OutcomeReason::Repetition};
        default:
            return {};
    }
}

// Whether the position st[j] (the other side to move, no capture since) is one move of the side
// to move away, as far as the squares tell: the squares whose occupancy differs from now are
// those the moves since toggled (from and to); the opponent's must be none, the mover's the
// origin and destination of one of his slides. Under special rules (berserk turns, which break
// the alternation) every position may be.
template <class BB>
bool one_move_back(const Position<BB>& pos, int j) {
    if (pos.tables().special) return true;
    const auto& st = pos.states();
    const int now = static_cast<int>(st.size()) - 1;
    BB mine = 0, theirs = 0;  // the squares toggled by the mover's moves, by the opponent's
    for (int i = now; i > j; --i) {
        const Move m = st[i].move;  // made in st[i - 1]; st[now]'s by the opponent
        if (m == Move{}) continue;
        BB& toggled = (now - i) % 2 == 0 ? theirs : mine;
        toggled ^= square_bb<BB>(m.from) ^ square_bb<BB>(m.to);
    }
    const Side us = pos.side_to_move();
    const BB own = pos.side_pieces(us);
    if (theirs || popcount(mine) != 2 || popcount(mine & own) != 1) return false;
    const Square from = lsb(mine & own), to = lsb(mine & ~own);
    if (test(pos.occupied(), to)) return false;
    const Piece piece = from == pos.king() ? Piece::King : soldier_of(us);
    return pos.reaches(from, piece, to);
}

// Whether a move of the side to move could end the game by repetition in the mover's favour or in
// a draw: the rule must give such a verdict (a draw, a win for the repeater, or the defenders'
// loss with the attackers to move), and the move would have to return to a position that has
// occurred twice already since the last capture (one with the other side to move, which the
// move makes) and that one move may reach (one_move_back). False is exact; true may be a false
// alarm (a slide that reaches the squares but captures, or another rule's state).
template <class BB>
bool repetition_may_save(const Position<BB>& pos) {
    const RepetitionRule rule = pos.tables().rules.repetition;
    const bool saves =
        rule == RepetitionRule::Draw || rule == RepetitionRule::WinForRepeater ||
        (rule == RepetitionRule::DefendersLose && pos.side_to_move() == Side::Attackers);
    if (!saves) return false;
    const auto& st = pos.states();
    const int now = static_cast<int>(st.size()) - 1;
    // st[j], j = now - 1, now - 3, ..., down to st[first]: the positions the move could repeat,
    // while no capture (or soldier lost in the forest) came between st[j] and now.
    const auto changed = [&](int i) { return st[i].captured || st[i].forest_removed; };
    int first = now + 1;
    for (int j = now - 1; j >= 0 && !changed(j + 1) && !(j + 2 <= now && changed(j + 2)); j -= 2)
        first = j;
    // One of them that occurred twice (the keys' buckets rule out most at once, key_repeated,
    // then the window is searched for the same key) and that one move may reach.
    for (int j = now - 1; j >= first; j -= 2) {
        if (!pos.key_repeated(st[j].key)) continue;
        bool twice = false;
        for (int i = j - 2; i >= first && !twice; i -= 2) twice = st[i].key == st[j].key;
        if (twice && one_move_back(pos, j)) return true;
    }
    return false;
}

// Whether the last move is illegal because it made a position's third occurrence.
template <class BB>
bool repetition_forbidden(const Position<BB>& pos) {
    return pos.tables().rules.repetition == RepetitionRule::Forbidden && repetitions(pos) >= 3;
}

// The verdict on the side to move when it has no legal move.
template <class BB>
Status no_move_verdict(const Position<BB>& pos) {
    const Outcome o = pos.tables().rules.no_move == NoMoveRule::Draw
                          ? Outcome::Draw
                          : win_for(opponent(pos.side_to_move()));
    return {o, OutcomeReason::NoLegalMove};
}

// Whether the side to move has a legal move: a pseudo-legal one that is not a forbidden
// repetition (found by trying the moves on a copy of `pos`).
template <class BB>
bool has_legal_move(const Position<BB>& pos) {
    if (!pos.has_moves()) return false;
    if (pos.tables().rules.repetition != RepetitionRule::Forbidden) return true;
    MoveList list;
    pos.generate(list);
    Position<BB> probe = pos;
    for (Move m : list) {
        probe.do_move(m);
        const bool forbidden = repetition_forbidden(probe);
        probe.undo_move();
        if (!forbidden) return true;
    }
    return false;
}

// The rules' verdict now.
template <class BB>
Status game_end(const Position<BB>& pos) {
    if (const Status s = move_verdict(pos); s.over()) return s;
    if (pos.states().size() > 1)
        if (const Status s = repetition_verdict(pos); s.over()) return s;
    if (!has_legal_move(pos)) return no_move_verdict(pos);
    return {};
}

}  // namespace branan
