// SPDX-License-Identifier: GPL-3.0-or-later
// The rules of Position<BB> that look along the edge and at enclosed areas: shieldwall
// captures, exit forts and Copenhagen's unbreakable ring. Included by position.h only.
#pragma once

#include "core/position.h"

namespace branan {

namespace edge_rules {

// The direction from an edge square into the board, for each of Geometry's four edges (first
// rank, last rank, first file, last file).
constexpr int kInward[4] = {0, 2, 1, 3};
// The two directions along each edge, the one towards the lower file or rank first.
constexpr int kAlong[4][2] = {{3, 1}, {3, 1}, {2, 0}, {2, 0}};

// For each set of open squares among the eight around a square (bit i: the i-th clockwise from
// north, so the even bits are its four neighbours), whether closing the square keeps its open
// neighbours joined: they all lie in one run of open squares around it. Then a path through
// the square can go round it.
constexpr std::array<bool, 256> kRingJoins = [] {
    std::array<bool, 256> joins{};
    for (int m = 0; m < 256; ++m) {
        auto open = [&](int i) { return (m >> (i & 7)) & 1; };
        int runs = 0;  // runs of open squares holding a neighbour
        for (int i = 0; i < 8; ++i) {
            if (!open(i) || open(i + 7)) continue;  // not the first square of a run
            bool neighbour = false;
            for (int j = i; open(j) && j < i + 8; ++j) neighbour |= (j & 1) == 0;
            runs += neighbour;
        }
        if (m == 255) runs = 1;  // one run round the whole square
        joins[m] = runs <= 1;
    }
    return joins;
}();

}  // namespace edge_rules

// Shieldwall (Rules::shieldwall) with the clean rows (ShieldwallScan::Rows; OpenTafl's scan is
// position_opentafl_walls.h): rows of enemy pieces (the king too) on the edge, each with a piece
// of the mover's side directly in front of it (inward), at least two long, closed at both ends by
// a piece of the mover's side or a wall closer (a corner of a strong shieldwall, empty or not; a
// corner is never in a row). All of a row but the king is captured. With shieldwall_flank, the
// mover arriving on the edge square `to` (not a corner) is one end, and where rows close on both
// sides of it the one towards the lower file or rank is taken; without, every row the mover's
// side closes is taken. `own_soldiers`, `enemy_soldiers` and `king` describe the board after the
// arrival.
template <class BB>
BB Position<BB>::shieldwall_set(Square to, Side us, BB own_soldiers, BB enemy_soldiers,
                                Square king) const {
    const auto& geo = t_->geo;
    const BB king_sq = square_bb<BB>(king);
    const BB own = us == Side::Defenders ? own_soldiers | king_sq : own_soldiers;
    const BB enemy =
        (us == Side::Attackers ? enemy_soldiers | king_sq : enemy_soldiers) & ~t_->wall_closers;
    const BB closers = own | t_->wall_closers;
    // The row from the bracket `end` along `along`, if it closes; else 0.
    auto row_from = [&](Square end, int inward, int along) -> BB {
        BB row = 0;
        int length = 0;
        Square sq = geo.neighbour[end][along];
        for (; sq != kNoSquare && test(enemy, sq); sq = geo.neighbour[sq][along]) {
            if (!test(own, geo.neighbour[sq][inward])) return 0;  // a gap in the front
            row |= square_bb<BB>(sq);
            ++length;
        }
        return sq != kNoSquare && length >= 2 && test(closers, sq) ? row : 0;
    };
    // A row beside the mover starts with an enemy piece on the edge next to it.
    if (t_->rules.shieldwall_flank &&
        (!(geo.adjacent[to] & geo.edge & enemy) || test(t_->wall_closers, to)))
        return 0;
    BB captured = 0;
    for (int edge = 0; edge < 4; ++edge) {
        const int inward = edge_rules::kInward[edge];
        if (t_->rules.shieldwall_flank) {
            if (!test(geo.edges[edge], to)) continue;
            for (int along : edge_rules::kAlong[edge])
                if (const BB row = row_from(to, inward, along)) return row & ~king_sq;
            continue;
        }
        // Every row has a lower end: walk up from each closer of the edge.
        const int up = edge_rules::kAlong[edge][1];
        for (BB ends = geo.edges[edge] & closers; ends;)
            captured |= row_from(pop_lsb(ends), inward, up);
    }
    return captured & ~king_sq;
}

template <class BB>
bool Position<BB>::in_exit_fort() const {
    return t_->rules.edge_fort == EdgeFort::Sealed ? in_sealed_fort() : in_opentafl_fort();
}

// The squares the king reaches with any number of his moves, jumps aside (OpenTafl's
// Taflman.getReachableSpaces without jumps): his own square and every square a chain of his moves
// ends on, each move judged with the closed squares of the square he stands on now (OpenTafl's
// re-entry test looks at his real square). Squares he may cross but not stop on are crossed,
// never reached; fortresses, throne and corners close what they close to him.
template <class BB>
BB Position<BB>::king_reach() const {
    const auto& geo = t_->geo;
    const int origin = t_->origin(king_);
    const BB no_stop = stop_forbidden(Piece::King, origin);
    const BB no_pass = pass_forbidden(Piece::King, origin);
    BB reach = king_bb();
    if (!(no_stop & ~no_pass)) {
        // Every square he may cross he may stop on: the empty squares joined to his own.
        return geo.flood(reach, geo.all & ~occupied() & ~no_pass);
    }
    const int speed = t_->reach[static_cast<int>(Piece::King)];
    for (BB frontier = reach; frontier;) {
        const BB to = slide_targets(pop_lsb(frontier), speed, no_stop, no_pass) & ~reach;
        reach |= to;
        frontier |= to;
    }
    return reach;
}

// OpenTafl's exit fort (GameState.checkEdgeFortEscape, its exhaustive test), judged after every
// move: the squares the king reaches (king_reach(), his own among them) touch no attacker; he
// stands on the edge with a move to make, or reaches the edge; and no defender next to those
// squares (the king too, when one is next to him) has three or more neighbours outside them that
// are not defenders. An empty square he cannot reach (a fortress or throne closed to him) counts
// as open. checkVictory tries its shieldwall test first (king_in_defenders_wall).
template <class BB>
bool Position<BB>::in_opentafl_fort() const {
    if (king_in_defenders_wall()) return true;
    const auto& geo = t_->geo;
    const BB reach = king_reach();
    const bool moves = reach != king_bb();
    if (test(geo.edge, king_) ? !moves : !(reach & geo.edge)) return false;
    const BB next_to = geo.neighbours(reach);
    if (next_to & ~reach & soldiers_[0]) return false;
    const BB defenders = soldiers_[1] | king_bb();
    for (BB walls = next_to & defenders; walls;) {
        const Square sq = pop_lsb(walls);
        if (popcount(geo.adjacent[sq] & ~reach & ~defenders) >= 3) return false;
    }
    return true;
}

// Exit fort, judged after a defender's move: the king stands on the edge; the empty squares he
// can reach hold no corner; he has an empty neighbour; neither he nor those squares (his area)
// touch an attacker; and every defender soldier bordering the area is safe from capture in one
// move: on both lines through it, one side is off the board, a defender (the king included), or
// an empty square of the area other than the throne. (The real games bear out the king's own
// neighbours: a king beside an attacker is in no fort.)
template <class BB>
bool Position<BB>::in_sealed_fort() const {
    const auto& geo = t_->geo;
    if (!test(geo.edge, king_)) return false;
    const BB empty = geo.all & ~occupied();
    BB area = geo.adjacent[king_] & empty;
    if (!area) return false;
    if (geo.adjacent[king_] & soldiers_[0]) return false;
    // The area grows one step at a time: a corner in it or an attacker beside it ends the test
    // at once (the whole area only adds to both), on an open board within a few steps instead
    // of after a flood of every empty square.
    BB around = geo.neighbours(area);
    for (;;) {
        if ((area & t_->corners_bb) || (around & soldiers_[0])) return false;
        const BB next = area | (around & empty);
        if (next == area) break;
        area = next;
        around = geo.neighbours(area);
    }
    const BB border = around | geo.adjacent[king_];
    const BB friends = soldiers_[1] | king_bb();
    const BB inside = area & ~t_->throne_bb;
    auto safe_side = [&](Square sq) {
        return sq == kNoSquare || test(friends, sq) || test(inside, sq);
    };
    for (BB wall = border & soldiers_[1]; wall;) {
        const Square sq = pop_lsb(wall);
        for (int dir = 0; dir < 2; ++dir)  // the north-south line, then the east-west line
            if (!safe_side(geo.neighbour[sq][dir]) && !safe_side(geo.neighbour[sq][dir + 2]))
                return false;
    }
    return true;
}

// Copenhagen's ring around `region`, the king's area (every defender inside it, the edge
// outside): unbreakable when no defender move captures an attacker bordering the region.
template <class BB>
bool Position<BB>::ring_unbreakable(BB region) const {
    const auto& geo = t_->geo;
    const BB ring = geo.neighbours(region) & soldiers_[0];
    for (BB pieces = soldiers_[1] | king_bb(); pieces;) {
        const Square from = pop_lsb(pieces);
        const Piece p = from == king_ ? Piece::King : Piece::DefenderSoldier;
        for (BB to = destinations(from, p); to;) {
            const Square dest = pop_lsb(to);
            const BB moved = square_bb<BB>(from) | square_bb<BB>(dest);
            const BB own = p == Piece::King ? soldiers_[1] : soldiers_[1] ^ moved;
            const Square king = p == Piece::King ? dest : king_;
            if (capture_set(from, dest, p, Side::Defenders, occupied() ^ moved, own, king) & ring)
                return false;
        }
    }
    return true;
}

// Whether the move of side `us` to `to` (capturing `captured`, losing `forest_removed` in the
// forest) may have encircled the defenders, in the position after it, the one before it not
// being encircled. False is exact for the plain ring (encircled()): the squares free of attackers
// only grow with a defender's move, which keeps the mover joined to where he came from, so one
// defender still reaches the edge unless the forest took one; an attacker's move closes only
// `to`, which cuts no path when it is off the edge and its open neighbours are joined around it
// (kRingJoins), unless it captured a defender. Copenhagen's unbreakable ring depends on every
// defender's captures: always true there.
template <class BB>
bool Position<BB>::ring_may_close(Side us, Square to, BB captured, BB forest_removed) const {
    if (t_->rules.encirclement_unbreakable) return true;
    if (us == Side::Defenders) return static_cast<bool>(forest_removed);
    const auto& geo = t_->geo;
    if (captured || test(geo.edge, to)) return true;
    const auto& nb = geo.neighbour;
    const Square n = nb[to][0], e = nb[to][1], s = nb[to][2], w = nb[to][3];
    const Square around[8] = {n, nb[n][1], e, nb[s][1], s, nb[s][3], w, nb[n][3]};
    unsigned open = 0;
    for (int i = 0; i < 8; ++i) open |= static_cast<unsigned>(!test(soldiers_[0], around[i])) << i;
    return !edge_rules::kRingJoins[open];
}

template <class BB>
bool Position<BB>::encirclement_wins() const {
    if (!t_->rules.encirclement_unbreakable) return encircled();
    // Every defender must be inside the king's area, which must not reach the edge.
    if (defender_sees_edge()) return false;
    const auto& geo = t_->geo;
    const BB open = geo.all & ~soldiers_[0];
    // A defender on the edge is in the king's area (which then touches the edge) or outside it.
    if ((soldiers_[1] | king_bb()) & geo.edge) return false;
    BB region = king_bb();
    for (BB next = region | (geo.neighbours(region) & open); next != region;
         next = region | (geo.neighbours(region) & open)) {
        if (next & geo.edge) return false;  // the king's area reaches the edge: no ring
        region = next;
    }
    if (soldiers_[1] & ~region) return false;
    return ring_unbreakable(region);
}

}  // namespace branan
