// SPDX-License-Identifier: GPL-3.0-or-later
// The moves of Position<BB>: where a piece may slide, the move list (whole, the king's, to
// given squares), bulk move counting and the pseudo-legality test. Included by position.h only.
#pragma once

#include "core/position.h"

namespace branan {

// Squares piece kind `p` may not end a move on / may not cross now, moving from `origin`
// (RuleTables::origin): the static masks, plus the throne once the king has left it where he
// may not return.
template <class BB>
BB Position<BB>::stop_forbidden(Piece p, int origin) const {
    BB mask = t_->no_stop[origin][static_cast<int>(p)];
    if (p == Piece::King && state().king_left_throne) mask |= t_->throne_bb;
    return mask;
}

template <class BB>
BB Position<BB>::pass_forbidden(Piece p, int origin) const {
    BB mask = t_->no_pass[origin][static_cast<int>(p)];
    if (p == Piece::King && state().king_left_throne && !t_->rules.king_crosses_left_throne)
        mask |= t_->throne_bb;
    return mask;
}

template <class BB>
BB Position<BB>::destinations(Square from, Piece p) const {
    const int origin = t_->origin(from);
    return slide_targets(from, t_->reach[static_cast<int>(p)], stop_forbidden(p, origin),
                         pass_forbidden(p, origin));
}

// The squares a piece on `from` slides to, at most `reach` squares, never crossing `no_pass` nor
// stopping on `no_stop`. On boards of up to 128 squares, for a piece whose reach spans the board,
// each line (rank, file) is worked out at once (Geometry::lines_reach); otherwise, and on wider
// boards, whose every operation touches four or six words, the squares are walked one by one (a
// test of one word each: a slide is a few squares long).
template <class BB>
BB Position<BB>::slide_targets(Square from, int reach, BB no_stop, BB no_pass) const {
    const auto& geo = t_->geo;
    const BB occ = occupied();
    if constexpr (!is_wide_bitboard<BB>) {
        // Up to the first piece (excluded) or square not to be crossed (included), both ways.
        if (reach >= geo.size) return geo.lines_reach(from, occ | no_pass) & ~occ & ~no_stop;
    }
    BB reached = 0;
    for (int dir = 0; dir < kDirections; ++dir) {
        Square sq = from;
        for (int step = 0; step < reach; ++step) {
            sq = geo.neighbour[sq][dir];
            if (sq == kNoSquare || test(occ, sq)) break;
            set_square(reached, sq);
            if (test(no_pass, sq)) break;
        }
    }
    return reached & ~no_stop;
}

// The moves of the piece of kind p on `from`, pushed in ascending order of their destinations as
// generate() lists them (south and west runs from their far end, then east and north from the
// near one), the squares walked one by one: on wide boards this spares building the
// destinations' bitboard and taking it apart again. The same moves as destinations(from, p).
template <class BB>
void Position<BB>::push_slides(MoveList& list, Square from, Piece p) const {
    const int origin = t_->origin(from);
    const BB no_stop = stop_forbidden(p, origin), no_pass = pass_forbidden(p, origin);
    const int reach = t_->reach[static_cast<int>(p)];
    const BB occ = occupied();
    const auto& nb = t_->geo.neighbour;
    Square run[kMaxBoardSize];
    auto walk = [&](int dir) {
        int n = 0;
        Square sq = from;
        for (int step = 0; step < reach; ++step) {
            sq = nb[sq][dir];
            if (sq == kNoSquare || test(occ, sq)) break;
            run[n++] = sq;
            if (test(no_pass, sq)) break;
        }
        return n;
    };
    auto push = [&](Square to) {
        if (!test(no_stop, to))
            list.push(Move{static_cast<uint16_t>(from), static_cast<uint16_t>(to)});
    };
    for (const int dir : {2, 3})  // south, west: the far end has the lowest square
        for (int i = walk(dir) - 1; i >= 0; --i) push(run[i]);
    for (const int dir : {1, 0})  // east, north
        for (int i = 0, n = walk(dir); i < n; ++i) push(run[i]);
}

template <class BB>
inline void Position<BB>::add_slides(MoveList& list, Square from, Piece p) const {
    if constexpr (is_wide_bitboard<BB>) {
        push_slides(list, from, p);
    } else {
        for (BB to = destinations(from, p); to;)
            list.push(Move{static_cast<uint16_t>(from), static_cast<uint16_t>(pop_lsb(to))});
    }
}

template <class BB>
void Position<BB>::generate(MoveList& list) const {
    list.count = 0;
    if (status().over()) return;
    if (t_->special) [[unlikely]] {
        generate_special(list);
        return;
    }
    BB own = soldiers_[index(to_move_)];
    const Piece soldier = soldier_of(to_move_);
    while (own) add_slides(list, pop_lsb(own), soldier);
    if (to_move_ == Side::Defenders) add_slides(list, king_, Piece::King);
}

template <class BB>
void Position<BB>::generate_king(MoveList& list) const {
    list.count = 0;
    if (status().over() || to_move_ != Side::Defenders) return;
    if (t_->special) [[unlikely]] {
        generate_special(list);
        int kept = 0;
        for (int i = 0; i < list.count; ++i)
            if (list.moves[i].from == king_) list.moves[kept++] = list.moves[i];
        list.count = kept;
        return;
    }
    add_slides(list, king_, Piece::King);
}

template <class BB>
bool Position<BB>::slides_to(Square from, Piece p, Square to, int dir) const {
    const auto& geo = t_->geo;
    const int origin = t_->origin(from);
    if (test(stop_forbidden(p, origin), to)) return false;
    const BB between = geo.ray[dir][from] & ~geo.ray[dir][to] & ~square_bb<BB>(to);
    if (between & pass_forbidden(p, origin)) return false;
    return popcount(between) < t_->reach[static_cast<int>(p)];
}

template <class BB>
bool Position<BB>::reaches(Square from, Piece p, Square to) const {
    const auto& geo = t_->geo;
    int dir;
    if (geo.rank_of[from] == geo.rank_of[to])
        dir = to > from ? 1 : 3;  // east, west
    else if (geo.file_of[from] == geo.file_of[to])
        dir = to > from ? 0 : 2;  // north, south
    else
        return false;
    // The squares from `from` (excluded) to `to` (included) must be empty: slides_to's premise.
    if (from == to || (geo.ray[dir][from] & ~geo.ray[dir][to] & occupied())) return false;
    return slides_to(from, p, to, dir);
}

template <class BB>
void Position<BB>::generate_to(MoveList& list, BB targets) const {
    assert(!t_->special);
    list.count = 0;
    if (status().over()) return;
    const auto& geo = t_->geo;
    const BB occ = occupied();
    const BB movers = side_pieces(to_move_);
    const Piece soldier = soldier_of(to_move_);
    for (BB open = targets & geo.all & ~occ; open;) {
        const Square to = pop_lsb(open);
        for (int dir = 0; dir < kDirections; ++dir) {
            const Square from = geo.first_on_ray(dir, to, occ);
            if (from == kNoSquare || !test(movers, from)) continue;
            const Piece p = from == king_ ? Piece::King : soldier;
            if (slides_to(from, p, to, (dir + 2) % kDirections))
                list.push(Move{static_cast<uint16_t>(from), static_cast<uint16_t>(to)});
        }
    }
}

// Counts slides of every piece in `from` (all of kind p) direction by direction: in one
// direction no two pieces can reach the same square (the nearer would block the other), so the
// union of the reached squares counts the moves exactly. With first_only, 1 at the first move.
// Every piece in `from` starts from `origin`.
template <class BB>
template <int origin>
int Position<BB>::count_slides(BB from, Piece p, BB empty, bool first_only) const {
    const int k = static_cast<int>(p);
    const BB passable = empty & ~pass_forbidden(p, origin);
    const BB stoppable = ~stop_forbidden(p, origin);
    int total = 0;
    for (int dir = 0; dir < kDirections; ++dir) {
        BB reached = 0;
        BB front = t_->geo.shift(from, dir) & empty;
        for (int step = 1; front; ++step) {
            reached |= front;
            if (first_only && (front & stoppable)) return 1;
            if (step == t_->reach[k]) break;
            front = t_->geo.shift(front & passable, dir) & empty;
        }
        total += popcount(reached & stoppable);
    }
    return total;
}

// count_slides for pieces of kind p on any squares, grouped by where their moves start.
template <class BB>
int Position<BB>::count_fort_slides(BB from, Piece p, BB empty, bool first_only) const {
    const BB forts = t_->forts_bb;
    int n = count_slides<kOffFort>(from & ~forts, p, empty, first_only);
    if (first_only && n) return n;
    n += count_slides<kOnAttackerFort>(from & t_->attacker_forts_bb, p, empty, first_only);
    if (first_only && n) return n;
    return n + count_slides<kOnDefenderFort>(from & t_->defender_forts_bb, p, empty, first_only);
}

// count_all_slides where the rules have fortresses, kept out of line so that variants without
// them pay nothing.
template <class BB>
int Position<BB>::count_all_fort_slides(bool first_only) const {
    if (t_->special) return count_special(first_only);
    const BB empty = t_->geo.all & ~occupied();
    const int n =
        count_fort_slides(soldiers_[index(to_move_)], soldier_of(to_move_), empty, first_only);
    if (first_only && n) return n;
    if (to_move_ == Side::Attackers) return n;
    return n + count_fort_slides(king_bb(), Piece::King, empty, first_only);
}

// The moves of the side to move, all of them or (first_only) 1 at the first.
template <class BB>
inline int Position<BB>::count_all_slides(bool first_only) const {
    if (status().over()) return 0;
    if (t_->out_of_line_count) [[unlikely]]
        return count_all_fort_slides(first_only);
    const BB empty = t_->geo.all & ~occupied();
    const int n =
        count_slides<kOffFort>(soldiers_[index(to_move_)], soldier_of(to_move_), empty, first_only);
    if (first_only && n) return n;
    if (to_move_ == Side::Attackers) return n;
    return n + count_slides<kOffFort>(king_bb(), Piece::King, empty, first_only);
}

template <class BB>
bool Position<BB>::is_pseudo_legal(Move m) const {
    MoveList list;
    generate(list);
    for (Move x : list)
        if (x == m) return true;
    return false;
}

}  // namespace branan
