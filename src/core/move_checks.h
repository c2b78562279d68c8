// SPDX-License-Identifier: GPL-3.0-or-later
// Cheap questions about one move, asked without generating the move list: whether generate()
// would produce it (the search's test of a move from the transposition table or a killer), and
// where a move must end to capture anything (the move picker's filter before captures_of).
#pragma once

#include "core/position.h"

namespace branan {

// Whether pos.generate() would produce `m` (repetition aside): a game going on, a piece of the
// side to move on m.from, and m.to among the squares that piece may reach (its path free, the
// rules' square restrictions kept: Position::destinations, which generate() uses too). Any
// value of `m` may be asked, also one from another position or none at all (Move{}).
template <class BB>
bool is_legal_move(const Position<BB>& pos, Move m) {
    const int squares = pos.tables().geo.squares;
    if (m.from >= squares || m.to >= squares || m.from == m.to || pos.status().over()) return false;
    // OpenTafl's jumps and berserk turns (which piece may continue) live in generate()'s special
    // path alone: under those rules the list is asked.
    if (pos.tables().special) [[unlikely]]
        return pos.is_pseudo_legal(m);
    const Side us = pos.side_to_move();
    Piece piece;
    if (m.from == pos.king())
        piece = Piece::King;
    else if (test(pos.soldiers(us), m.from))
        piece = soldier_of(us);
    else
        return false;
    if (piece == Piece::King && us != Side::Defenders) return false;
    return test(pos.destinations(m.from, piece), m.to);
}

// A superset of the squares on which a move of the side to move can capture: the squares next
// to an enemy soldier (a custodial capture takes a soldier beside the mover's new square), and
// every square where the rules have shieldwalls and at least two enemy pieces stand on the edge
// (a wall's row is of two or more enemy pieces on the edge, and may close far from the mover),
// and every square under OpenTafl's special rules.
// A move ending elsewhere has captures_of() == 0.
template <class BB>
BB capture_squares(const Position<BB>& pos) {
    const auto& t = pos.tables();
    const Side them = opponent(pos.side_to_move());
    // A capturing jump takes the piece it jumps, not only one beside its landing square.
    if (t.special) [[unlikely]]
        return t.geo.all;
    if (t.shieldwall) {
        const BB on_edge = pos.side_pieces(them) & t.geo.edge;
        if (popcount(on_edge) >= 2) return t.geo.all;
    }
    return t.geo.neighbours(pos.soldiers(them));
}

}  // namespace branan
