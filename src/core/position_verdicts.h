// SPDX-License-Identifier: GPL-3.0-or-later
// The verdicts of Position<BB> judged from the board alone after a move: the king on an
// escape square, the attackers' ring (encirclement), the exit fort. Included by position.h
// only; the ring's and the forts' tests themselves are in position_edge_rules.h.
#pragma once

#include "core/position.h"

namespace branan {

// Whether a defender (or the king) has no attacker between him and the edge along one of his
// lines: then no ring holds the defenders. Most positions are answered so, without a flood.
template <class BB>
bool Position<BB>::defender_sees_edge() const {
    const BB defenders = soldiers_[1] | king_bb();
    if (t_->geo.line_still_clear(defender_edge_line_, defenders, soldiers_[0])) return true;
    defender_edge_line_ = t_->geo.clear_line_to_edge(defenders, soldiers_[0]);
    return defender_edge_line_.from != kNoSquare;
}

template <class BB>
bool Position<BB>::encircled(BB walls) const {
    if (!walls && defender_sees_edge()) return false;
    const auto& geo = t_->geo;
    const BB open = geo.all & ~soldiers_[0] & ~walls;
    const BB defenders = soldiers_[1] | king_bb();
    BB reached = geo.edge & open;
    if (reached & defenders) return false;
    for (;;) {
        const BB next = reached | (geo.neighbours(reached) & open);
        if (next & defenders) return false;
        if (next == reached) return true;
        reached = next;
    }
}

template <class BB>
Status Position<BB>::static_status() const {
    if (test(t_->escape, king_)) return {Outcome::DefendersWin, OutcomeReason::KingEscaped};
    if (t_->special) return special_verdict();
    if (t_->rules.encirclement && encirclement_wins())
        return {Outcome::AttackersWin, OutcomeReason::Encircled};
    if (t_->rules.edge_fort != EdgeFort::None && in_exit_fort())
        return {Outcome::DefendersWin, OutcomeReason::ExitFort};
    return {};
}

}  // namespace branan
