// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-crafted evaluation. evaluate() is called on the hot path; with a trace it also
// records each term for the protocol's `eval` command.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "core/position.h"
#include "engine/eval_features.h"
#include "engine/eval_trace.h"
#include "engine/eval_weights.h"
#include "engine/eval_wide.h"
#include "engine/score.h"

namespace branan {

// The terms of boards below 11x11 (Brandubh, Tablut), for the attackers.
template <class BB>
void add_narrow_board_terms(const Position<BB>& pos, EvalSum& sum) {
    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const auto& w = sum.w;
    const EvalTrace* trace = sum.trace;
    const Square king = pos.king();
    const BB attackers = pos.soldiers(Side::Attackers);
    auto term = [&](EvalTerm id, int feature) { sum.add(id, feature); };

    // 1. Material.
    term(kAttackerSoldiers, popcount(attackers));
    term(kDefenderSoldiers, -popcount(pos.soldiers(Side::Defenders)));

    // 2. The king's ways out: escape squares in one move, in two, and his mobility.
    const BB king_moves = pos.destinations(king, Piece::King);
    const int routes = popcount(king_moves & t.escape);
    term(kKingEscapeRoutes, -routes);
    term(kKingDoubleRoute, -(routes >= 2));
    BB second = 0;
    for (BB b = king_moves & ~t.escape; b;) second |= pos.destinations(pop_lsb(b), Piece::King);
    term(kKingTwoMoveRoutes, -popcount(second & t.escape & ~king_moves));
    term(kKingMobility, -popcount(king_moves));

    // 3. The attackers' hold on the king and on the corners.
    term(kAttackersBesideKing, popcount(geo.adjacent[king] & attackers));
    int proximity = 0;
    const int kr = king / geo.size, kf = king % geo.size;
    for (BB b = attackers; b;) {
        const Square s = pop_lsb(b);
        proximity += geo.size - (std::abs(s / geo.size - kr) + std::abs(s % geo.size - kf));
    }
    term(kAttackerProximity, proximity);
    if (t.rules.escape == Escape::Corners)
        term(kCornerGuards, popcount(attackers & geo.corner_diagonals));

    // 4. The cordon: how much room and how many ways out the attackers leave the king (a flood
    // fill, skipped when neither term weighs and no trace asks for the features).
    if (trace || w[kOpenEscapes] || w[kKingRegion]) {
        const BB region = king_region(geo, king, attackers);
        term(kOpenEscapes, -open_escapes(geo, t.rules.escape, t.corners_bb, region));
        term(kKingRegion, -popcount(region));
    }

    // 5. Encirclement: the defenders' room inside the attackers' near-closed ring.
    if (t.rules.encirclement && (trace || w[kDefenderRoom] || w[kRingClosing])) {
        const BB room =
            defender_room(geo, pos.soldiers(Side::Defenders) | square_bb<BB>(king), attackers);
        term(kDefenderRoom, -popcount(room));
        term(kRingClosing, (room & geo.edge) == 0);
    }

    // 6. The piece-square tables of this board size.
    add_piece_square_terms(pos, sum);

    // 7. The move.
    term(kTempo, pos.side_to_move() == Side::Attackers ? 1 : -1);
}

// The static score of `pos` for the side to move: the wide boards' terms from 11x11 on
// (eval_wide.h), the narrow boards' below.
template <class BB>
Score evaluate(const Position<BB>& pos, const EvalWeights& w, EvalTrace* trace = nullptr,
               CordonCache<BB>* cordon = nullptr) {
    EvalSum sum{w, trace};
    if (pos.tables().geo.size >= kWideBoardSize)
        add_wide_board_terms(pos, sum, cordon);
    else
        add_narrow_board_terms(pos, sum);
    Score total = sum.total;

    // Whatever the weights, a static score is never read as a mate (nor overflows the table).
    total = std::clamp(total, -kScoreMateBound + 1, kScoreMateBound - 1);
    if (trace) trace->total_for_attackers = total;
    return pos.side_to_move() == Side::Attackers ? total : -total;
}

}  // namespace branan
