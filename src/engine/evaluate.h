// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-crafted evaluation. evaluate() is called on the hot path; with a trace it also
// records each term for the protocol's `eval` command.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/position.h"
#include "engine/eval_weights.h"
#include "engine/score.h"

namespace branan {

// One term of the evaluation, from the attackers' point of view: value = feature x weight.
struct EvalTraceTerm {
    EvalTerm term;
    int feature = 0;
    Score value = 0;
};

struct EvalTrace {
    std::vector<EvalTraceTerm> terms;
    Score total_for_attackers = 0;
    // The rules' zero point, for the attackers, that the search subtracts (set by
    // Engine::evaluate; see eval_zero_point in engine.cpp).
    Score zero_point = 0;
};

// Squares diagonally next to the corners, where attackers guard the escape squares.
template <class BB>
BB corner_guard_squares(const Geometry<BB>& geo) {
    const int n = geo.size;
    return square_bb<BB>(n + 1) | square_bb<BB>(2 * n - 2) | square_bb<BB>(n * (n - 2) + 1) |
           square_bb<BB>(n * (n - 1) - 2);
}

// The squares the king could reach, in any number of moves, if only attackers blocked him: the
// attacker-free region connected to his square. Its size is the room the attackers' cordon
// leaves him.
template <class BB>
BB king_region(const Geometry<BB>& geo, Square king, BB attackers) {
    return geo.flood(square_bb<BB>(king), geo.all & ~attackers);
}

// How many ways out `region` still holds: the corner squares (`corners`) in corner-escape rules;
// in edge-escape rules, the board's four edges that it touches.
template <class BB>
int open_escapes(const Geometry<BB>& geo, Escape escape, BB corners, BB region) {
    if (escape == Escape::Corners) return popcount(region & corners);
    int touched = 0;
    for (BB edge : geo.edges) touched += (region & edge) != 0;
    return touched;
}

// Under encirclement rules, the room the attackers' ring leaves the defenders: the squares every
// defender reaches through squares free of attackers, where a gap of the ring that one attacker
// move may plug counts as closed. A gap is an empty square between two attackers of its eight
// neighbours that are not next to each other (opposite, or a knight's move apart: three or four
// steps apart around it). When the room touches no edge, one move may finish the ring.
template <class BB>
BB defender_room(const Geometry<BB>& geo, BB defenders, BB attackers) {
    // around[i]: the squares with an attacker in direction i, clockwise from north.
    const BB n = geo.shift(attackers, 2), e = geo.shift(attackers, 3), s = geo.shift(attackers, 0),
             w = geo.shift(attackers, 1);
    const std::array<BB, 8> around = {n, geo.shift(n, 3), e, geo.shift(s, 3),
                                      s, geo.shift(s, 1), w, geo.shift(n, 1)};
    BB gaps = 0;
    for (int i = 0; i < 8; ++i) gaps |= around[i] & (around[(i + 3) % 8] | around[(i + 4) % 8]);
    return geo.flood(defenders, geo.all & ~attackers & ~(gaps & ~defenders));
}

// The static score of `pos` for the side to move.
template <class BB>
Score evaluate(const Position<BB>& pos, const EvalWeights& w, EvalTrace* trace = nullptr) {
    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const Square king = pos.king();
    const BB attackers = pos.soldiers(Side::Attackers);
    Score total = 0;
    auto term = [&](EvalTerm id, int feature) {
        total += feature * w[id];
        if (trace) trace->terms.push_back({id, feature, feature * w[id]});
    };

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
    term(kAttackersBesideKing, popcount(geo.neighbours(square_bb<BB>(king)) & attackers));
    int proximity = 0;
    const int kr = king / geo.size, kf = king % geo.size;
    for (BB b = attackers; b;) {
        const Square s = pop_lsb(b);
        proximity += geo.size - (std::abs(s / geo.size - kr) + std::abs(s % geo.size - kf));
    }
    term(kAttackerProximity, proximity);
    if (t.rules.escape == Escape::Corners)
        term(kCornerGuards, popcount(attackers & corner_guard_squares(geo)));

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

    // 6. The piece-square tables of this board size (skipped when they all weigh 0 and no trace
    // asks for the features).
    if (const int size = geo.size, first = pst_term(PstPiece::Attacker, size, 0);
        first >= 0 && (trace || w.tables_weigh(size))) {
        auto pst = [&](PstPiece piece, BB pieces, int sign) {
            const int table = first + static_cast<int>(piece) * kPstClassesPerPiece;
            for (BB b = pieces; b;) {
                const int id = table + pst_class(size, pop_lsb(b));
                total += sign * w.weight[id];
                if (trace) {
                    auto same = std::find_if(trace->terms.begin(), trace->terms.end(),
                                             [&](const EvalTraceTerm& x) { return x.term == id; });
                    if (same == trace->terms.end())
                        same = trace->terms.insert(same, {EvalTerm(id), 0, 0});
                    same->feature += sign;
                    same->value += sign * w.weight[id];
                }
            }
        };
        pst(PstPiece::Attacker, attackers, 1);
        pst(PstPiece::Defender, pos.soldiers(Side::Defenders), -1);
        pst(PstPiece::King, square_bb<BB>(king), -1);
    }

    // 7. The move.
    term(kTempo, pos.side_to_move() == Side::Attackers ? 1 : -1);

    // Whatever the weights, a static score is never read as a mate (nor overflows the table).
    total = std::clamp(total, -kScoreMateBound + 1, kScoreMateBound - 1);
    if (trace) trace->total_for_attackers = total;
    return pos.side_to_move() == Side::Attackers ? total : -total;
}

}  // namespace branan
