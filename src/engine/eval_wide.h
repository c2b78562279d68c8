// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation of boards of 11x11 and more (Copenhagen first): what a player of the wide
// boards looks at. The king's routes to the escape squares in one and two moves and whether an
// attacker can block them, the corner blockades, the cordon and the ring with its gaps, the
// pieces' structure, material, and the piece-square tables. Each term has
// a weight of its own (eval_weights.h: the wide_ terms), fitted to real games (docs/tuning.md).
#pragma once

#include <algorithm>
#include <cstdlib>

#include "core/position.h"
#include "engine/eval_features.h"
#include "engine/eval_trace.h"

namespace branan {

// Whether an attacker can move onto a square of `block` in one move: some square of it is the
// first piece-free stop on a ray from an attacker (the first piece on the square's ray is an
// attacker).
template <class BB>
bool attacker_reaches(const Geometry<BB>& geo, BB block, BB attackers, BB occupied) {
    for (BB b = block; b;) {
        const Square sq = pop_lsb(b);
        for (int dir = 0; dir < kDirections; ++dir) {
            const Square first = geo.first_on_ray(dir, sq, occupied);
            if (first != kNoSquare && (attackers & square_bb<BB>(first))) return true;
        }
    }
    return false;
}

// The squares a blocker of the king's route from `from` may take: `from` itself and the free
// runs from it that end on an escape square (escape squares excluded).
template <class BB>
BB route_blocking_squares(const Geometry<BB>& geo, Square from, BB escape, BB occupied) {
    BB block = square_bb<BB>(from);
    for (int dir = 0; dir < kDirections; ++dir) {
        const BB run = geo.free_run(dir, from, occupied);
        if (run & escape) block |= run & ~escape;
    }
    return block;
}

// The square at `file` and `rank` counted from `corner` towards the board's middle.
inline Square from_corner(int n, Square corner, int file, int rank) {
    const int cr = corner / n, cf = corner % n;
    return (cr == 0 ? rank : n - 1 - rank) * n + (cf == 0 ? file : n - 1 - file);
}

// Pieces of `b` side by side (each orthogonally adjacent pair once).
template <class BB>
int adjacent_pairs(const Geometry<BB>& geo, BB b) {
    return popcount(b & geo.shift(b, 0)) + popcount(b & geo.shift(b, 1));
}

// How many ways out the king could still reach through squares free of attackers (as
// open_escapes of king_region), the flood stopping once it holds every corner.
template <class BB>
int reachable_escapes(const Geometry<BB>& geo, Escape escape, BB corners, Square king,
                      BB attackers) {
    if (escape != Escape::Corners)
        return open_escapes(geo, escape, corners, king_region(geo, king, attackers));
    const BB open = geo.all & ~attackers;
    for (BB region = square_bb<BB>(king);;) {
        if ((region & corners) == corners) return popcount(corners);
        const BB next = region | (geo.neighbours(region) & open);
        if (next == region) return popcount(region & corners);
        region = next;
    }
}

// The terms of boards of kWideBoardSize and more, for the attackers.
template <class BB>
void add_wide_board_terms(const Position<BB>& pos, EvalSum& sum) {
    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const int n = geo.size;
    const Square king = pos.king();
    const BB attackers = pos.soldiers(Side::Attackers), defenders = pos.soldiers(Side::Defenders);
    const BB occupied = pos.occupied(), king_bb = square_bb<BB>(king);

    // 1. Material.
    sum.add(kWideAttackerSoldiers, popcount(attackers));
    sum.add(kWideDefenderSoldiers, -popcount(defenders));

    // 2. The king's routes: escape squares in one move, in two, the squares he moves to that
    // threaten one, and those of them no attacker can block in one move. A slide reaches an
    // escape square only from its rank or file, so only squares there are followed further.
    const BB king_moves = pos.destinations(king, Piece::King);
    const int routes = popcount(king_moves & t.escape);
    sum.add(kWideKingEscapeRoutes, -routes);
    sum.add(kWideKingDoubleRoute, -(routes >= 2));
    BB second = 0;  // the escape squares (only those) of the king's second moves
    int route_squares = 0, unguarded = 0;
    for (BB b = king_moves & ~t.escape & t.escape_lines; b;) {
        const Square s = pop_lsb(b);
        const BB next = pos.destinations(s, Piece::King) & t.escape;
        if (!next) continue;
        second |= next;
        ++route_squares;
        unguarded += !attacker_reaches(geo, route_blocking_squares(geo, s, t.escape, occupied),
                                       attackers, occupied);
    }
    sum.add(kWideKingTwoMoveRoutes, -popcount(second & t.escape & ~king_moves));
    sum.add(kWideKingRouteSquares, -route_squares);
    sum.add(kWideUnguardedRoutes, -unguarded);
    sum.add(kWideKingMobility, -popcount(king_moves));

    // 3. The attackers' hold on the king.
    sum.add(kWideAttackersBesideKing, popcount(geo.neighbours(king_bb) & attackers));
    int proximity = n * popcount(attackers);  // n less each attacker's distance to the king
    const int kr = geo.rank_of[king], kf = geo.file_of[king];
    for_each_square(attackers, [&](int s) {
        proximity -= std::abs(geo.rank_of[s] - kr) + std::abs(geo.file_of[s] - kf);
    });
    sum.add(kWideAttackerProximity, proximity);
    sum.add(kWideKingOnEdge, -((king_bb & geo.edge) != 0));

    // 4. The corners: guards diagonally next to them, and blockades on b3 and c2.
    if (t.rules.escape == Escape::Corners) {
        sum.add(kWideCornerGuards, popcount(attackers & corner_guard_squares(geo)));
        int sealed = 0;
        for (Square c : geo.corner_squares)
            sealed += (attackers & square_bb<BB>(from_corner(n, c, 1, 2))) &&
                      (attackers & square_bb<BB>(from_corner(n, c, 2, 1)));
        sum.add(kWideSealedCorners, sealed);
    }

    // 5. The cordon: the ways out the attackers leave the king (skipped when the term weighs
    // nothing and no trace asks for the feature).
    if (sum.trace || sum.w[kWideOpenEscapes])
        sum.add(kWideOpenEscapes,
                -reachable_escapes(geo, t.rules.escape, t.corners_bb, king, attackers));

    // 6. Encirclement: the ring's gaps, and the defenders' room inside it once it is closed.
    if (t.rules.encirclement) {
        const BB gaps = ring_gaps(geo, attackers);
        sum.add(kWideRingGaps, -popcount(gaps & ~occupied));
        const BB room = enclosed_defender_room(geo, defenders | king_bb, attackers, gaps);
        sum.add(kWideRingClosing, room != 0);
        sum.add(kWideDefenderRoom, -popcount(room));
    }

    // 7. Structure: pieces side by side guard each other's flanks.
    sum.add(kWideDefenderPairs, -adjacent_pairs(geo, defenders | king_bb));
    sum.add(kWideAttackerPairs, adjacent_pairs(geo, attackers));

    // 8. The piece-square tables of this board size, and the move.
    add_piece_square_terms(pos, sum);
    sum.add(kWideTempo, pos.side_to_move() == Side::Attackers ? 1 : -1);
}

}  // namespace branan
