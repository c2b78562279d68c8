// SPDX-License-Identifier: GPL-3.0-or-later
// The captures of Position<BB> (plain rules): custodial captures, their anvils and hostile
// squares, and the king's capture. Included by position.h only; shieldwalls are in
// position_edge_rules.h, OpenTafl's walls in position_opentafl_walls.h.
#pragma once

#include "core/position.h"

namespace branan {

// Whether the square beyond a victim closes a custodial capture of it: a piece of the mover's
// side that may act as anvil, or a special square hostile to the victim.
template <class BB>
bool Position<BB>::closes_capture(Square beyond, Piece victim, BB anvils, BB occ) const {
    const int v = static_cast<int>(victim);
    if (test(anvils, beyond)) return true;
    return test(occ, beyond) ? test(t_->hostile_occupied[v], beyond)
                             : test(t_->hostile_empty[v], beyond);
}

// Linnaean capture: a defender next to the throne is captured against it when the king sits on
// the throne and attackers hold the throne's other three sides.
template <class BB>
bool Position<BB>::linnaean_anvil(Square victim_sq, Square beyond, BB attackers,
                                  Square king) const {
    if (!t_->rules.linnaean_capture || beyond != king || !test(t_->throne_bb, beyond)) return false;
    const auto& geo = t_->geo;
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square n = geo.neighbour[beyond][dir];
        if (n != victim_sq && (n == kNoSquare || !test(attackers, n))) return false;
    }
    return true;
}

// Enemy soldiers captured by `mover` of side `us` arriving on `to` from `from`, given the board
// after the arrival: all pieces `occ`, the mover's side's soldiers `own_soldiers`, the king on
// `king`. The clean shieldwall rows look at the enemy soldiers before the sandwiches; OpenTafl's
// scan at the board after them (GameState.moveTaflman).
template <class BB>
BB Position<BB>::capture_set(Square from, Square to, Piece mover, Side us, BB occ, BB own_soldiers,
                             Square king) const {
    const BB custodial = custodial_set(to, mover, us, occ, own_soldiers, king);
    if (!t_->shieldwall) return custodial;
    const BB enemy = soldiers_[index(opponent(us))];
    if (!t_->opentafl_walls) {
        // An unarmed king moving still closes shieldwalls (OpenTafl's code).
        if (t_->rules.shieldwall_flank && !test(t_->geo.edge, to)) return custodial;
        return custodial | shieldwall_set(to, us, own_soldiers, enemy, king);
    }
    const auto b = WallBoard<BB>::of(us, own_soldiers, enemy & ~custodial, king);
    return custodial |
           opentafl_wall_captures(to, us, test(developed(), from), b, square_bb<BB>(king), 0);
}

// The sandwiches (custodial captures) of capture_set: the enemy soldiers beside `to` closed on
// the far side.
template <class BB>
BB Position<BB>::custodial_set(Square to, Piece mover, Side us, BB occ, BB own_soldiers,
                               Square king) const {
    const Side them = opponent(us);
    BB captured = 0;
    if (mover == Piece::King && !t_->king_hammer) return captured;
    if (!(t_->geo.adjacent[to] & soldiers_[index(them)])) return captured;  // no victim beside
    const Piece victim = soldier_of(them);
    BB anvils = own_soldiers;
    if (us == Side::Defenders && t_->king_anvil) anvils |= square_bb<BB>(king);
    const auto& nb = t_->geo.neighbour;
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square n = nb[to][dir];
        if (n == kNoSquare || !test(soldiers_[index(them)], n)) continue;
        const Square beyond = nb[n][dir];
        if (beyond == kNoSquare) continue;
        if (closes_capture(beyond, victim, anvils, occ) ||
            (us == Side::Attackers && linnaean_anvil(n, beyond, own_soldiers, king)))
            captured |= square_bb<BB>(n);
    }
    return captured;
}

// Whether sq closes a side of the king: a piece of `attackers` on it, else its square hostility.
template <class BB>
bool Position<BB>::hostile_to_king(Square sq, BB occ, BB attackers) const {
    if (sq == kNoSquare) return false;
    if (test(attackers, sq)) return true;
    const int k = static_cast<int>(Piece::King);
    return test(occ, sq) ? test(t_->hostile_occupied[k], sq) : test(t_->hostile_empty[k], sq);
}

template <class BB>
bool Position<BB>::king_captured(Square attacker_to) const {
    return king_captured_by(attacker_to, soldiers_[0]);
}

// king_captured where only the pieces of `attackers` close his sides (OpenTafl's guards do not).
// How many sides must be closed depends on the king strength and where he stands.
template <class BB>
bool Position<BB>::king_captured_by(Square attacker_to, BB attackers) const {
    const auto& geo = t_->geo;
    int dir = 0;
    while (dir < kDirections && geo.neighbour[attacker_to][dir] != king_) ++dir;
    if (dir == kDirections) return false;
    const BB occ = occupied();
    // Whether every side of the king on the board is closed (off the board counts as closed
    // only when `off_board_closes`), stopping at the first open one.
    auto surrounded = [&](bool off_board_closes) {
        for (int d = 0; d < kDirections; ++d) {
            const Square n = geo.neighbour[king_][d];
            if (n == kNoSquare) {
                if (!off_board_closes) return false;
            } else if (n != attacker_to && !hostile_to_king(n, occ, attackers)) {
                return false;
            }
        }
        return true;
    };
    auto sandwiched = [&] { return hostile_to_king(geo.neighbour[king_][dir], occ, attackers); };
    switch (t_->rules.king_strength) {
        case KingStrength::Weak:
            return sandwiched();
        case KingStrength::Strong:
            return surrounded(false);
        case KingStrength::StrongOnThrone:
            return test(t_->throne_bb, king_) ? surrounded(false) : sandwiched();
        case KingStrength::StrongNearThrone:
            return test(t_->near_throne, king_) ? surrounded(false) : sandwiched();
        case KingStrength::Middleweight:
            return surrounded(true);
    }
    return false;
}

}  // namespace branan
