// SPDX-License-Identifier: GPL-3.0-or-later
// Position's special path: OpenTafl's special pieces, jumps and berserk turns, taken for
// every move where RuleTables::special is set (and never otherwise, so the ordinary variants keep
// their hot path). What it follows is OpenTafl's code (rules/Taflman.java, engine/GameState.java),
// where that differs from its notation spec:
//   - commanders, knights and mercenaries move, capture and are captured as soldiers of their
//     side; commanders and knights are never jumped over and never captured by a jump;
//   - a captured mercenary changes sides where it stands (by a jump too); the game ends for the
//     defenders as soon as no attacker is left (OpenTafl's checkVictory), in a berserk turn too;
//   - guards move as soldiers but only where the square lists name them (g, G; no default list
//     does), never jump, never capture (nor the king), are never captured but by a capturing
//     jump, and never close a capture of their enemies (nor a side of the king);
//   - a jump goes over one adjacent enemy soldier (a mercenary or a guard too) onto the empty
//     square beyond, where the
//     piece may stop; a restricted jump (kj:r) starts or ends on a special square; a capturing
//     jump (nj:c) removes the soldier jumped;
//   - a strong king, where the attackers start with commanders or knights, is captured only in a
//     line between the arriving attacker and a hostile square, neither of them nor the king's
//     square the throne, with at least two of: a commander or knight moving, a commander or
//     knight on the far square, a hostile corner on either side. A move counts as capturing only
//     if it already does before the piece arrives (OpenTafl's capturing-move test), so a
//     commander arriving next to the king against a plain attacker captures nothing;
//   - a middleweight king (ks:m) is captured with every side that exists closed (guards close
//     none), but where the attackers start with commanders or knights, OpenTafl first asks for a
//     sandwich on the arriving attacker's line, so on the edge an attacker arriving from inside
//     the board does not capture him (one arriving along the edge does);
//   - Linnaean capture (linc) is judged apart from the capturing-move test, on the board before
//     the move, for any attacker moving (a guard too); the victim is no guard, any attacker (a
//     guard too) holds a side of the throne, and it starts a berserk turn like any capture;
//   - after every move of either side, a berserk turn's too, the attackers win when no defender
//     (the king included) is next to an empty square, though one could jump (checkVictory);
//   - encirclement (surf:y) and exit forts (efe) are judged after every move of either side, a
//     berserk turn's too (OpenTafl's checkVictory, the fort first): every piece of the attackers
//     (guards too) walls the defenders in, every defender (guards too) walls a fort; the defenders
//     are not encircled while one of them jumps onto the edge (Board.isSideEncircled asks every
//     defender's destinations, jumps included, before its flood from the edge);
//   - shieldwalls (sw) are looked for on the board after the move's other captures, apart from
//     the capturing-move test (position_edge_rules.h's rows; OpenTafl's detection quirks are not
//     copied, as on the plain path): any piece of the mover's side (a guard too) fronts or closes
//     a row, any enemy piece (a guard too) belongs to one, but a guard moving captures none, the
//     row's guards (and king) stay, its mercenaries change sides, and an unarmed king moving
//     captures rows as any piece does (OpenTafl's code; the plain path lets him not);
//   - a shieldwall or Linnaean capture starts a berserk turn like any capture, but the turn goes
//     on under ber:c only while the piece has a sandwich or jump capture (getCapturingMoves);
//   - berserk: after a move that captures, the same side moves again with the same piece while it
//     has a capturing move (ber:c) or any move (ber:m); the continuation need not capture (the
//     spec says "must capture if available"; the code lets any move of that piece through).
#pragma once

#include <algorithm>

namespace branan {

template <class BB>
JumpMode Position<BB>::jump_mode(Square sq) const {
    const Rules& r = t_->rules;
    if (sq == king_) return r.king_jump;
    const SpecialState& sp = special_.back();
    if (test(sp.commanders[0] | sp.commanders[1], sq)) return r.commander_jump;
    if (test(sp.knights[0] | sp.knights[1], sq)) return r.knight_jump;
    if (r.mercenary_jump != JumpMode::None && test(sp.mercenaries[0] | sp.mercenaries[1], sq))
        return r.mercenary_jump;
    return JumpMode::None;  // soldiers and guards
}

// The squares the piece of `side` on `from` may not stop on / not cross (a guard follows its own
// lists).
template <class BB>
void Position<BB>::special_masks(Square from, Side side, BB& no_stop, BB& no_pass) const {
    const int origin = t_->origin(from);
    const int us = index(side);
    if (test(special_.back().guards[us], from)) [[unlikely]] {
        no_stop = t_->guard_no_stop[origin][us];
        no_pass = t_->guard_no_pass[origin][us];
        return;
    }
    const Piece p = from == king_ ? Piece::King : soldier_of(side);
    no_stop = stop_forbidden(p, origin);
    no_pass = pass_forbidden(p, origin);
}

// The squares the piece of `side` on `from` reaches by jumping.
template <class BB>
BB Position<BB>::jumps_from(Square from, Side side) const {
    const JumpMode mode = jump_mode(from);
    if (mode == JumpMode::None) return 0;
    const auto& geo = t_->geo;
    const SpecialState& sp = special_.back();
    const int them = index(opponent(side));
    const BB plain = soldiers_[them] & ~sp.commanders[them] & ~sp.knights[them];
    BB no_stop, no_pass;
    special_masks(from, side, no_stop, no_pass);
    const BB occ = occupied();
    BB jumps = 0;
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square over = geo.neighbour[from][dir];
        if (over == kNoSquare || !test(plain, over)) continue;
        const Square to = geo.neighbour[over][dir];
        if (to == kNoSquare || test(occ, to) || test(no_stop, to)) continue;
        if (mode == JumpMode::Restricted && !test(t_->special_squares, from) &&
            !test(t_->special_squares, to))
            continue;
        jumps |= square_bb<BB>(to);
    }
    return jumps;
}

// The most squares the piece of `side` on `from` slides in one move: commanders, knights,
// mercenaries and guards may have their own limits ('spd', OpenTafl's getTaflmanSpeedLimit).
template <class BB>
int Position<BB>::special_reach(Square from, Side side) const {
    if (from == king_) return t_->reach[static_cast<int>(Piece::King)];
    const SpecialState& sp = special_.back();
    const int us = index(side);
    const int kind = test(sp.commanders[us], from)    ? 0
                     : test(sp.knights[us], from)     ? 1
                     : test(sp.mercenaries[us], from) ? 2
                     : test(sp.guards[us], from)      ? 3
                                                      : -1;
    return kind < 0 ? t_->reach[static_cast<int>(soldier_of(side))]
                    : t_->special_reach[4 * us + kind];
}

// The squares the piece of `side` on `from` moves to, jumps included.
template <class BB>
BB Position<BB>::special_destinations(Square from, Side side) const {
    BB no_stop, no_pass;
    special_masks(from, side, no_stop, no_pass);
    return slide_targets(from, special_reach(from, side), no_stop, no_pass) |
           jumps_from(from, side);
}

// The pieces that may move: the berserker alone in the middle of a berserk turn, else every
// piece of the side to move.
template <class BB>
BB Position<BB>::special_movers() const {
    const Square b = special_.back().berserker;
    return b != kNoSquare ? square_bb<BB>(b) : side_pieces(to_move_);
}

template <class BB>
void Position<BB>::generate_special(MoveList& list) const {
    for (BB movers = special_movers(); movers;) {
        const Square from = pop_lsb(movers);
        for (BB to = special_destinations(from); to;)
            list.push(Move{static_cast<uint16_t>(from), static_cast<uint16_t>(pop_lsb(to))});
    }
}

template <class BB>
int Position<BB>::count_special(bool first_only) const {
    if (status().over()) return 0;
    if (first_only) {
        // One move is enough: the first piece with a destination.
        for (BB movers = special_movers(); movers;)
            if (special_destinations(pop_lsb(movers))) return 1;
        return 0;
    }
    MoveList list;
    generate_special(list);
    return list.count;
}

// The sandwich captures of `m` by the side to move, judged as OpenTafl does: before the piece
// arrives (pre: its capturing-move test, the mover still on its square) or after (post).
template <class BB>
typename Position<BB>::SpecialEffect Position<BB>::special_sandwich(Move m, bool pre) const {
    const auto& geo = t_->geo;
    const SpecialState& sp = special_.back();
    const Side us = to_move_, them = opponent(us);
    const Square from = m.from, to = m.to;
    const bool king_moves = from == king_;
    SpecialEffect e;
    if (king_moves && !t_->king_hammer) return e;
    const BB guards = sp.guards[0] | sp.guards[1];
    if (test(guards, from)) return e;  // guards never capture
    const BB ranked = sp.commanders[0] | sp.commanders[1] | sp.knights[0] | sp.knights[1];
    const bool mover_ranked = test(ranked, from);
    const BB occ = occupied();
    // Whether square b (not `to`) is hostile to a piece of side `vs`: an enemy piece on it (a
    // king only where he is an anvil; never a guard, whatever its square), else the square's own
    // hostility to vs's soldiers.
    auto hostile = [&](Square b, Side vs) {
        bool occupied_b = test(occ, b), enemy = test(side_pieces(opponent(vs)), b);
        bool king_there = b == king_;
        if (b == from && !pre) occupied_b = enemy = king_there = false;
        if (enemy && test(guards, b)) return false;
        const int k = static_cast<int>(soldier_of(vs));
        const bool square =
            occupied_b ? test(t_->hostile_occupied[k], b) : test(t_->hostile_empty[k], b);
        if (enemy && !(king_there && !t_->king_anvil)) return true;
        return square;
    };
    const BB victims = soldiers_[index(them)] & ~guards;  // guards are never sandwiched
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square n = geo.neighbour[to][dir];
        if (n == kNoSquare || !test(victims, n)) continue;
        const Square beyond = geo.neighbour[n][dir];
        if (beyond == kNoSquare) continue;
        // A piece never captures against itself (a jump), unless it left a special square.
        if (pre && beyond == from && !test(t_->special_squares, from)) continue;
        if (hostile(beyond, them)) e.captured |= square_bb<BB>(n);
    }
    if (us != Side::Attackers || !test(geo.adjacent[to], king_)) return e;
    const KingStrength ks = t_->rules.king_strength;
    if (!t_->attackers_ranked ||
        (ks != KingStrength::Strong && ks != KingStrength::StrongNearThrone)) {
        // Guards close none of his sides. The move changes none of them (see king_captured).
        // A middleweight king against commanders or knights is judged on the sandwich's line
        // first (Taflman.checkSandwichCapture): on the edge, an attacker arriving from inside
        // the board captures him not.
        if (ks == KingStrength::Middleweight && t_->attackers_ranked) {
            int d = 0;
            while (geo.neighbour[to][d] != king_) ++d;
            if (geo.neighbour[king_][d] == kNoSquare) return e;
        }
        e.king = king_captured_by(to, soldiers_[0] & ~sp.guards[0]);
        return e;
    }
    int dir = 0;
    while (geo.neighbour[to][dir] != king_) ++dir;
    const Square far = geo.neighbour[king_][dir];
    if (far == kNoSquare || !hostile(far, Side::Defenders)) return e;
    const BB throne = t_->throne_bb;
    if (test(throne, to) || test(throne, far) || test(throne, king_)) return e;
    const int defender = static_cast<int>(Piece::DefenderSoldier);
    int count = mover_ranked + test(ranked, far);
    if (!pre) count += mover_ranked;  // OpenTafl counts the arrived piece again as an occupant
    if (test(t_->corners_bb, far)) ++count;  // hostile, as tested above
    if (test(t_->corners_bb, to) && (!pre || test(t_->hostile_empty[defender], to))) ++count;
    e.king = count >= 2;
    return e;
}

// What `m` captures: nothing unless it captures before the piece arrives (or is a capturing
// jump); then the sandwiches after it arrives, and the soldier a capturing jump goes over.
template <class BB>
typename Position<BB>::SpecialEffect Position<BB>::special_effect(Move m) const {
    const auto& geo = t_->geo;
    Square over = kNoSquare;
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square n = geo.neighbour[m.from][dir];
        if (n != kNoSquare && geo.neighbour[n][dir] == m.to && test(occupied(), n)) over = n;
    }
    const bool jump_captures = over != kNoSquare && jump_mode(m.from) == JumpMode::Capture;
    const SpecialEffect before = special_sandwich(m, true);
    SpecialEffect e;
    if (before.captured || before.king || jump_captures) e = special_sandwich(m, false);
    if (jump_captures) e.captured |= square_bb<BB>(over);
    if (t_->shieldwall) e.captured |= special_shieldwall(m, e.captured);
    e.captured |= special_linnaean(m.to);  // judged on the board before the move
    return e;
}

// The shieldwall captures of `m`, which first captures `captured` (mercenaries among them change
// sides): GameState.moveTaflman looks for OpenTafl's shieldwall positions (special rules always
// scan as OpenTafl does) on the board after those captures, apart from the capturing-move test,
// for any mover but a guard (an unarmed king too); a row's guards (and its king) stay, its other
// pieces are captured (its mercenaries change sides). Side.getTaflmen lists the pieces before the
// move, so a mercenary won over counts on the edge for neither side.
template <class BB>
BB Position<BB>::special_shieldwall(Move m, BB captured) const {
    const SpecialState& sp = special_.back();
    const int us = index(to_move_), them = index(opponent(to_move_));
    if (test(sp.guards[us], m.from)) return 0;
    const bool king_moves = m.from == king_;
    const BB moved = square_bb<BB>(m.from) | square_bb<BB>(m.to);
    const BB converted = captured & sp.mercenaries[them];
    const Square king = king_moves ? Square(m.to) : king_;
    const BB own = (king_moves ? soldiers_[us] : soldiers_[us] ^ moved) | converted;
    const auto b = WallBoard<BB>::of(to_move_, own, soldiers_[them] & ~captured, king, converted);
    return opentafl_wall_captures(m.to, to_move_, test(developed(), m.from), b,
                                  square_bb<BB>(king) | sp.guards[them],
                                  sp.mercenaries[them] & ~captured);
}

// The Linnaean capture of an attacker's move to `to`, as GameState.checkLinnaeanCapture judges
// it: on the board before the move, whatever the mover (a guard too) and apart from OpenTafl's
// capturing-move test; the victim is no guard; any attacker (a guard too) holds a throne side.
template <class BB>
BB Position<BB>::special_linnaean(Square to) const {
    if (!t_->rules.linnaean_capture || to_move_ != Side::Attackers) return 0;
    const auto& geo = t_->geo;
    const BB victims = soldiers_[1] & ~special_.back().guards[1];
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square n = geo.neighbour[to][dir];
        if (n == kNoSquare || !test(victims, n)) continue;
        const Square beyond = geo.neighbour[n][dir];
        if (beyond != kNoSquare && linnaean_anvil(n, beyond, soldiers_[0], king_))
            return square_bb<BB>(n);
    }
    return 0;
}

// Whether the piece on `sq` (of the side to move) has a capturing move (OpenTafl's
// getCapturingMoves: every jump of a capturing jumper, every move that captures before arriving).
template <class BB>
bool Position<BB>::has_capturing_move(Square sq) const {
    if (jump_mode(sq) == JumpMode::Capture && jumps_from(sq, to_move_)) return true;
    for (BB to = special_destinations(sq); to;) {
        const Move m{static_cast<uint16_t>(sq), static_cast<uint16_t>(pop_lsb(to))};
        const SpecialEffect e = special_sandwich(m, true);
        if (e.captured || e.king) return true;
    }
    return false;
}

// Whether the piece on `sq` may take one step (OpenTafl's getAllowableMoves is not empty).
template <class BB>
bool Position<BB>::can_step(Square sq) const {
    BB no_stop, no_pass;
    special_masks(sq, to_move_, no_stop, no_pass);
    const BB occ = occupied();
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square n = t_->geo.neighbour[sq][dir];
        if (n != kNoSquare && !test(occ, n) && !test(no_pass, n)) return true;
    }
    return false;
}

// Whether a defender (the king included) jumps onto the edge: OpenTafl's isSideEncircled asks
// every defender's destinations, jumps included, before its flood from the edge.
template <class BB>
bool Position<BB>::defender_jumps_to_edge() const {
    const SpecialState& sp = special_.back();
    for (BB b = king_bb() | sp.commanders[1] | sp.knights[1] | sp.mercenaries[1]; b;)
        if (jumps_from(pop_lsb(b), Side::Defenders) & t_->geo.edge) return true;
    return false;
}

// The verdicts OpenTafl's checkVictory gives after any move of either side (a berserk turn's
// too) from the board alone: no defender (the king included) next to an empty square (a jump
// does not help; under Branan's xnomove:d left to the no-move rule), an exit fort, encirclement.
template <class BB>
Status Position<BB>::special_verdict() const {
    const BB defenders = soldiers_[1] | king_bb();
    if (t_->rules.no_move == NoMoveRule::Loss &&
        !(t_->geo.neighbours(defenders) & t_->geo.all & ~occupied()))
        return {Outcome::AttackersWin, OutcomeReason::NoLegalMove};
    if (t_->rules.edge_fort != EdgeFort::None && in_exit_fort())
        return {Outcome::DefendersWin, OutcomeReason::ExitFort};
    if (t_->rules.encirclement && !defender_jumps_to_edge() && encircled())
        return {Outcome::AttackersWin, OutcomeReason::Encircled};
    return {};
}

template <class BB>
void Position<BB>::do_special_move(Move m) {
    const auto& z = zobrist::keys();
    const Side us = to_move_, them = opponent(us);
    const SpecialEffect effect = special_effect(m);
    SpecialState sp = special_.back();
    sp.mover = us;
    // 1. Move the piece, with its rank.
    const Piece mover = begin_move(m);
    State& st = states_.back();
    const Square from = m.from, to = m.to;
    const BB moved = square_bb<BB>(from) | square_bb<BB>(to);
    if (mover != Piece::King) {
        soldiers_[index(us)] ^= moved;
        auto ranks = sp.ranks();
        for (int rank = 0; rank < 4; ++rank) {
            BB& own = (*ranks[rank])[index(us)];
            if (!test(own, from)) continue;
            own ^= moved;
            st.key ^= z.rank[index(us)][rank][from] ^ z.rank[index(us)][rank][to];
            break;
        }
    }

    // 2. Captures, ranks included: a captured mercenary changes sides where it stands.
    sp.converted = 0;
    if (effect.captured) {
        st.captured = effect.captured;
        const BB converted = effect.captured & sp.mercenaries[index(them)];
        soldiers_[index(them)] &= ~effect.captured;
        soldiers_[index(us)] |= converted;
        auto ranks = sp.ranks();
        for (BB b = effect.captured; b;) {
            const Square sq = pop_lsb(b);
            st.key ^= z.piece[index(them)][sq];
            if (test(converted, sq)) st.key ^= z.piece[index(us)][sq] ^ z.rank[index(us)][2][sq];
            for (int rank = 0; rank < 4; ++rank)
                if (test((*ranks[rank])[index(them)], sq)) st.key ^= z.rank[index(them)][rank][sq];
        }
        for (auto* rank : ranks) (*rank)[index(them)] &= ~effect.captured;
        sp.mercenaries[index(us)] |= converted;
        sp.converted = converted;
    }

    // 3. Verdicts.
    if (mover == Piece::King && test(t_->escape, to))
        st.status = {Outcome::DefendersWin, OutcomeReason::KingEscaped};
    else if (effect.king)
        st.status = {Outcome::AttackersWin, OutcomeReason::KingCaptured};
    else if (!soldiers_[0])  // OpenTafl ends the game at once, within a berserk turn too
        st.status = {Outcome::DefendersWin, OutcomeReason::NoLegalMove};
    else
        st.status = special_verdict();  // after either side's move, within a berserk turn too

    // 4. Berserk: the same piece again, the same side to move.
    if (sp.berserker != kNoSquare) st.key ^= z.berserker[sp.berserker];
    sp.berserker = kNoSquare;
    special_.push_back(sp);
    const Berserk ber = t_->rules.berserk;
    if (ber != Berserk::None && (effect.captured || effect.king) && !st.status.over() &&
        (ber == Berserk::Capture ? has_capturing_move(to) : can_step(to))) {
        special_.back().berserker = to;
        st.key ^= z.berserker[to];
        return;
    }
    to_move_ = them;
    st.key ^= z.side_defenders;
    assert(is_consistent());
}

template <class BB>
BerserkStart Position<BB>::begin_berserk_turn(Square sq) {
    const Berserk ber = t_->rules.berserk;
    if (!t_->special || ber == Berserk::None) return BerserkStart::NoBerserkRule;
    if (states_.size() != 1) return BerserkStart::MovesPlayed;
    if (status().over()) return BerserkStart::GameOver;
    if (!test(side_pieces(to_move_), sq)) return BerserkStart::NotSidePiece;
    if (!(ber == Berserk::Capture ? has_capturing_move(sq) : can_step(sq)))
        return BerserkStart::NoMove;
    uncount_key();
    special_.back().berserker = sq;
    states_.back().key ^= zobrist::keys().berserker[sq];
    count_key();
    return BerserkStart::Begun;
}

}  // namespace branan
