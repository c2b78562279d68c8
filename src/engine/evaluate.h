// The hand-crafted evaluation. evaluate() is called on the hot path; with a trace it also
// records each term for the protocol's `eval` command.
#pragma once

#include <string>
#include <vector>

#include "core/position.h"
#include "engine/eval_weights.h"
#include "engine/score.h"

namespace branan {

// One term of the evaluation, from the attackers' point of view.
struct EvalTerm {
    std::string name;
    int count = 0;   // how many times the feature is present (attackers' minus defenders')
    Score value = 0; // count x weight
};

struct EvalTrace {
    std::vector<EvalTerm> terms;
    Score total_for_attackers = 0;
};

// Squares diagonally next to the corners, where attackers guard the escape squares.
template <class BB>
BB corner_guard_squares(const Geometry<BB>& geo) {
    const int n = geo.size;
    return square_bb<BB>(n + 1) | square_bb<BB>(2 * n - 2) | square_bb<BB>(n * (n - 2) + 1) |
           square_bb<BB>(n * (n - 1) - 2);
}

// The static score of `pos` for the side to move.
template <class BB>
Score evaluate(const Position<BB>& pos, const EvalWeights& w, EvalTrace* trace = nullptr) {
    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const Square king = pos.king();
    const BB attackers = pos.soldiers(Side::Attackers);
    Score total = 0;
    auto term = [&](const char* name, int count, int weight) {
        total += count * weight;
        if (trace) trace->terms.push_back({name, count, count * weight});
    };

    // 1. Material.
    term("attacker soldiers", popcount(attackers), w.attacker_soldier);
    term("defender soldiers", popcount(pos.soldiers(Side::Defenders)), -w.defender_soldier);

    // 2. The king's ways out: escape squares in one move, in two, and his mobility.
    const BB king_moves = pos.destinations(king, Piece::King);
    const int routes = popcount(king_moves & t.escape);
    term("king escape routes", routes, -w.king_escape_route);
    term("king double route", routes >= 2, -w.king_double_route);
    BB second = 0;
    for (BB b = king_moves & ~t.escape; b;) second |= pos.destinations(pop_lsb(b), Piece::King);
    term("king two-move routes", popcount(second & t.escape & ~king_moves), -w.king_two_move_routes);
    term("king mobility", popcount(king_moves), -w.king_mobility);

    // 3. The attackers' hold on the king and on the corners.
    term("attackers beside the king", popcount(geo.neighbours(square_bb<BB>(king)) & attackers),
         w.attacker_next_to_king);
    int proximity = 0;
    const int kr = king / geo.size, kf = king % geo.size;
    for (BB b = attackers; b;) {
        const Square s = pop_lsb(b);
        proximity += geo.size - (std::abs(s / geo.size - kr) + std::abs(s % geo.size - kf));
    }
    term("attacker proximity", proximity, w.attacker_proximity);
    if (t.rules.escape == Escape::Corners)
        term("corner guards", popcount(attackers & corner_guard_squares(geo)), w.corner_guard);

    if (trace) trace->total_for_attackers = total;
    const Score for_mover = pos.side_to_move() == Side::Attackers ? total : -total;
    return for_mover + w.tempo;
}

}  // namespace branan
