// SPDX-License-Identifier: GPL-3.0-or-later
// Cheap questions about one move, asked without generating the move list: whether generate()
// would produce it (the search's test of a move from the transposition table or a killer),
// whether it is tactical (a capture or the king's escape), and where a move must end to capture
// anything (the move picker's filter before captures_of).
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
    return pos.reaches(m.from, piece, m.to);
}

// Whether `m` takes the king to an escape square (for a pseudo-legal move: the defenders' win).
template <class BB>
bool is_king_escape(const Position<BB>& pos, Move m) {
    return m.from == pos.king() && test(pos.tables().escape, m.to);
}

// Whether pseudo-legal `m` captures or takes the king to an escape square: the moves the move
// picker hands out first; killers and history learn only from the others (the quiet moves).
template <class BB>
bool is_tactical(const Position<BB>& pos, Move m) {
    return is_king_escape(pos, m) || pos.captures_of(m);
}

// A superset of the squares on which a move of the side to move can capture (a move ending
// elsewhere has captures_of() == 0), worked out once per node so that the move picker asks
// captures_of() only of the moves ending there:
// - custodial captures: squares s with an enemy soldier on s + d and, on s + 2d, a piece or
//   square that may close the capture (the mover's side's soldiers, the king, a square hostile
//   to the victim, empty or occupied), for each direction d;
// - clean shieldwalls whose capturing move lands on an end of the row (shieldwall_flank): edge
//   squares beside an enemy piece on the edge, when two or more stand there;
// - other shieldwalls (a wall's row may close far from the mover): every square;
// - OpenTafl's special rules: their sandwiches as above, which hold their other captures too (a
//   capturing jump's victim lies between the landing square and the jumper's own square, a
//   closer; a Linnaean capture's between the landing square and the king on the throne); every
//   square with shieldwalls (their rows may close far from the mover).
template <class BB>
BB capture_squares(const Position<BB>& pos) {
    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const Side us = pos.side_to_move(), them = opponent(us);
    if (t.special && t.shieldwall) [[unlikely]]
        return geo.all;  // special rules scan for walls as OpenTafl does
    BB zone = 0;
    if (t.shieldwall) {
        const BB on_edge = pos.side_pieces(them) & geo.edge;
        if (popcount(on_edge) >= 2) {
            if (!t.rules.shieldwall_flank || t.opentafl_walls) return geo.all;
            zone = geo.edge & geo.neighbours(on_edge);
        }
    }
    const int victim = static_cast<int>(soldier_of(them));
    const BB closers =
        pos.soldiers(us) | pos.king_bb() | t.hostile_empty[victim] | t.hostile_occupied[victim];
    const BB victims = pos.soldiers(them);
    for (int dir = 0; dir < kDirections; ++dir) {
        const int back = (dir + 2) % kDirections;
        // Victims with a closer beyond them in direction dir, then the squares before them.
        zone |= geo.shift(victims & geo.shift(closers, back), back);
    }
    return zone;
}

}  // namespace branan
