// SPDX-License-Identifier: GPL-3.0-or-later
// The threats the search looks for around the king: a win in one move for either side, and the
// moves that threaten one. Free functions of a position, whoever is to move unless said.
// Not exact under special rules (core/position_special.h): they know neither jumps nor
// OpenTafl's capture of the king by commanders.
#pragma once

#include <cassert>
#include <optional>

#include "core/game_end.h"
#include "core/position.h"

namespace branan {

// The escape squares the king could reach with one move.
template <class BB>
BB escapes_in_reach(const Position<BB>& pos) {
    return pos.destinations(pos.king(), Piece::King) & pos.tables().escape;
}

// With the king in sight of an escape square and the attackers to move, the squares one of
// their moves must reach for the king not to escape at once: his line to the nearest escape
// square he sees, that square included. Nullopt when he sees none; empty when he sees escapes
// in two directions, as no one move then stops both. Not under special rules (a king's jump
// passes a blocker). The attackers' other moves lose at once unless they capture the king
// (king_captured_in_one) or make a position's third occurrence (repetition_may_save).
// `reach` is escapes_in_reach(pos), when the caller has it.
template <class BB>
std::optional<BB> escape_blocks(const Position<BB>& pos, BB reach) {
    assert(!pos.tables().special && reach == escapes_in_reach(pos));
    if (!reach) return std::nullopt;
    const auto& geo = pos.tables().geo;
    const Square king = pos.king();
    BB blocks = 0;
    int directions = 0;
    for (int dir = 0; dir < kDirections; ++dir) {
        const BB on_ray = reach & geo.ray[dir][king];
        if (!on_ray) continue;
        ++directions;
        const Square nearest = geo.first_on_ray(dir, king, on_ray);
        blocks = geo.ray[dir][king] & ~geo.ray[dir][nearest];
    }
    return directions == 1 ? blocks : BB{0};
}

// Whether the king could reach an escape square with one move.
template <class BB>
bool king_sees_escape(const Position<BB>& pos) {
    return escapes_in_reach(pos) != 0;
}

// Whether the defenders to move win at once: the king's escape.
template <class BB>
bool king_escapes_in_one(const Position<BB>& pos) {
    return pos.side_to_move() == Side::Defenders && king_sees_escape(pos);
}

// The empty squares next to the king.
template <class BB>
BB empty_beside_king(const Position<BB>& pos) {
    return pos.tables().geo.adjacent[pos.king()] & ~pos.occupied();
}

// Calls f(dir, sq) for each attacker soldier, on `sq`, that could move to the empty square
// `target`: the nearest piece from `target` in direction `dir`.
template <class BB, class F>
void for_attackers_reaching(const Position<BB>& pos, Square target, F&& f) {
    const auto& geo = pos.tables().geo;
    const BB occ = pos.occupied();
    const BB attackers = pos.soldiers(Side::Attackers);
    for (int dir = 0; dir < kDirections; ++dir) {
        const Square sq = geo.first_on_ray(dir, target, occ);
        if (sq != kNoSquare && test(attackers, sq) &&
            pos.reaches(sq, Piece::AttackerSoldier, target))
            f(dir, sq);
    }
}

// The attacker soldiers that could move to the empty square `target`.
template <class BB>
BB attackers_reaching(const Position<BB>& pos, Square target) {
    BB found = 0;
    for_attackers_reaching(pos, target, [&](int, Square sq) { found |= square_bb<BB>(sq); });
    return found;
}

// The ways of the attackers that could capture the king with one move: each empty square beside
// him where a soldier would capture him and that one reaches, with the squares between it and
// each soldier that reaches it. Empty when none could (king_capture_threatened).
template <class BB>
BB king_capture_ways(const Position<BB>& pos) {
    const auto& geo = pos.tables().geo;
    const BB occ = pos.occupied();
    BB ways = 0;
    for (BB rest = empty_beside_king(pos); rest;) {
        const Square target = pop_lsb(rest);
        if (!pos.king_captured(target)) continue;
        for_attackers_reaching(pos, target, [&](int dir, Square) {
            ways |= square_bb<BB>(target) | geo.free_run(dir, target, occ);
        });
    }
    return ways;
}

// Whether an attacker could capture the king with one move (a ring that move would close is not
// looked for).
template <class BB>
bool king_capture_threatened(const Position<BB>& pos) {
    return king_capture_ways(pos) != 0;
}

// The squares whose soldier moves may make an exit fort with the king on the edge: within two
// squares of the king and the empty squares he reaches. A move that neither starts nor ends
// there cannot change his area or the safety of its wall.
template <class BB>
BB fort_neighbourhood(const Position<BB>& pos) {
    const auto& geo = pos.tables().geo;
    const BB empty = geo.all & ~pos.occupied();
    BB area = pos.king_bb();
    for (BB next = area | (geo.neighbours(area) & empty); next != area;
         next = area | (geo.neighbours(area) & empty))
        area = next;
    return area | geo.neighbours(area | geo.neighbours(area));
}

// Whether the defenders to move make an exit fort (where the rules have them) with one move: a
// king move to the edge, or, with the king on the edge, a soldier move that starts or ends in
// fort_neighbourhood(). Each candidate is played and taken back; the verdict is do_move's.
template <class BB>
bool fort_in_one(Position<BB>& pos) {
    const auto& t = pos.tables();
    if (t.rules.edge_fort == EdgeFort::None || pos.side_to_move() != Side::Defenders) return false;
    auto makes_fort = [&](Square from, Square to) {
        pos.do_move(Move{static_cast<uint16_t>(from), static_cast<uint16_t>(to)});
        const bool fort = pos.status().reason == OutcomeReason::ExitFort;
        pos.undo_move();
        return fort;
    };
    const Square king = pos.king();
    for (BB to = pos.destinations(king, Piece::King) & t.geo.edge & ~t.escape; to;)
        if (makes_fort(king, pop_lsb(to))) return true;
    if (!test(t.geo.edge, king)) return false;
    const BB near = fort_neighbourhood(pos);
    for (BB soldiers = pos.soldiers(Side::Defenders); soldiers;) {
        const Square from = pop_lsb(soldiers);
        BB to = pos.destinations(from, Piece::DefenderSoldier);
        if (!test(near, from)) to &= near;
        while (to)
            if (makes_fort(from, pop_lsb(to))) return true;
    }
    return false;
}

// Whether the defenders to move win at once: the king's escape, or an exit fort.
template <class BB>
bool defenders_win_in_one(Position<BB>& pos) {
    return king_escapes_in_one(pos) || fort_in_one(pos);
}

// Whether the defenders, were it their move, would make an exit fort in one (attackers to
// move). The turn is passed with a null move and taken back.
template <class BB>
bool fort_threatened(Position<BB>& pos) {
    if (pos.tables().rules.edge_fort == EdgeFort::None || pos.side_to_move() != Side::Attackers)
        return false;
    pos.do_null_move();
    const bool threat = fort_in_one(pos);
    pos.undo_null_move();
    return threat;
}

// The moves that may stop a threat to win at once: those onto `to`, those from `from`, and (with
// `captures`) every capture; each other move of the side to move loses at once.
template <class BB>
struct ThreatStoppers {
    BB to = 0;
    BB from = 0;
    bool captures = false;

    // Whether no move can stop the threat.
    bool none() const { return !to && !from && !captures; }
    // Whether move `m` (a capture when `capture`) may stop it.
    bool may_stop(Move m, bool capture) const {
        return test(to, m.to) || test(from, m.from) || (captures && capture);
    }
    // The same for move `m` of `pos`, whose captures are worked out only when they matter.
    bool may_stop(const Position<BB>& pos, Move m) const {
        return may_stop(m, false) || (captures && pos.captures_of(m));
    }
};

// With the king one attacker move from capture (king_capture_threatened) and the defenders to
// move, the moves that may stop it: the king's, every capture, the moves from or to a square
// beside him (the hostility of his sides), and the moves onto the attackers' ways (`ways`,
// king_capture_ways(pos): onto the square one would take, or between). Any other move leaves an
// attacker its move, which still captures him, unless the move itself ends the game: a win in one
// for the defenders (defenders_win_in_one, tested before; it misses OpenTafl's exit forts made
// with the king off the edge, so not under those rules) or a third occurrence
// (repetition_may_save). Not under special rules.
template <class BB>
ThreatStoppers<BB> capture_stoppers(const Position<BB>& pos, BB ways) {
    assert(!pos.tables().special && ways == king_capture_ways(pos));
    const BB beside = pos.tables().geo.adjacent[pos.king()];
    return ThreatStoppers<BB>{beside | ways, beside | pos.king_bb(), true};
}

// A threat to win at once that the side to move must answer: the king in sight of an escape
// square or a fort in one (attackers to move), an attacker move from capturing him (defenders to
// move). `escapes` (attackers to move) holds the escape squares the king reaches
// (escapes_in_reach), `capture_ways` (defenders to move) king_capture_ways, so that
// escape_blocks and capture_stoppers need not work them out again.
template <class BB>
struct Threat {
    bool any = false;
    BB escapes = 0;
    BB capture_ways = 0;
};

template <class BB>
Threat<BB> threat_to_answer(Position<BB>& pos) {
    if (pos.side_to_move() == Side::Defenders) {
        const BB ways = king_capture_ways(pos);
        return {ways != 0, BB{0}, ways};
    }
    const BB escapes = escapes_in_reach(pos);
    return {escapes != 0 || fort_threatened(pos), escapes, BB{0}};
}

// With `threat` (threat_to_answer(pos)) against the side to move, the moves that may stop it
// (escape_blocks for the king's escape, capture_stoppers for his capture), when every other move
// loses at once: nullopt when there is no threat or the other moves are not known to lose. They
// may not under special rules, facing a fort in one, facing OpenTafl's exit forts (which may be
// made with the king off the edge, where fort_in_one does not look), or when a third occurrence
// might save a move (repetition_may_save). The side to move's own win in one is not looked for:
// the caller tests it first.
template <class BB>
std::optional<ThreatStoppers<BB>> threat_stoppers(const Position<BB>& pos,
                                                  const Threat<BB>& threat) {
    if (!threat.any || pos.tables().special) return std::nullopt;
    const bool defenders = pos.side_to_move() == Side::Defenders;
    if (!defenders && !threat.escapes) return std::nullopt;  // a fort threatened: every move
    if (defenders && pos.tables().rules.edge_fort == EdgeFort::OpenTafl) return std::nullopt;
    if (repetition_may_save(pos)) return std::nullopt;
    if (defenders) return capture_stoppers(pos, threat.capture_ways);
    return ThreatStoppers<BB>{*escape_blocks(pos, threat.escapes), 0, false};
}

// Whether the attackers to move win at once with a move next to the king: his capture, or
// (where encirclement wins) the ring closed by that move, the wins do_move can give such a move.
// The capture is judged without playing the move; a move is played (and taken back) only where
// it may close a ring.
template <class BB>
bool king_captured_in_one(Position<BB>& pos) {
    const BB targets = empty_beside_king(pos);
    // A move onto one target walls it and frees the mover's square, so it can close a ring
    // only if the defenders are cut off from the edge with every target walled.
    int ring = -1;  // unknown until a move needs it
    auto may_close_ring = [&] {
        if (ring < 0) ring = pos.tables().rules.encirclement && pos.encircled(targets);
        return ring == 1;
    };
    for (BB rest = targets; rest;) {
        const Square target = pop_lsb(rest);
        const bool captures = pos.king_captured(target);
        if (!captures && !may_close_ring()) continue;
        const BB movers = attackers_reaching(pos, target);
        if (captures) {
            if (movers) return true;
            continue;
        }
        for (BB b = movers; b;) {
            pos.do_move(Move{static_cast<uint16_t>(pop_lsb(b)), static_cast<uint16_t>(target)});
            const bool won = pos.status().outcome == Outcome::AttackersWin;
            pos.undo_move();
            if (won) return true;
        }
    }
    return false;
}

// Whether the king's move `king_move` (not itself an escape; defenders to move) leaves him at
// least `routes` escape squares in one move: with two (a fork) the attackers can rarely block
// both. The move is played and taken back.
template <class BB>
bool king_threatens(Position<BB>& pos, Move king_move, int routes) {
    if (test(pos.tables().escape, king_move.to)) return false;
    // First without playing it: the escape squares on free runs from his new square, counting
    // his old square and every attacker beside the new one (he may capture it) as free and no
    // square as barred, are at least those he reaches once moved. Fewer than `routes` of them:
    // no threat, and the move is not played (most king moves of a quiescence node).
    const auto& t = pos.tables();
    const BB free_of = square_bb<BB>(king_move.from) |
                       (t.geo.adjacent[king_move.to] & pos.soldiers(Side::Attackers));
    const BB occ = pos.occupied() & ~free_of;
    int seen = 0;
    for (int dir = 0; dir < kDirections; ++dir)
        seen += popcount(t.geo.free_run(dir, king_move.to, occ) & t.escape);
    // (Jumps and forests, which may open a run in other ways, have every move played.)
    if (seen < routes && !t.special && t.rules.forest_moves == 0) return false;
    pos.do_move(king_move);
    const bool threat = !pos.status().over() && popcount(escapes_in_reach(pos)) >= routes;
    pos.undo_move();
    return threat;
}

}  // namespace branan
