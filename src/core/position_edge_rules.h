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

}  // namespace edge_rules

// Shieldwall: the mover of side `us`, arriving on the edge square `to`, is one end of a
// bracket. Along the edge from `to`, each enemy piece (the king too) joins the row while a piece
// of the mover's side stands directly in front of it (inward); the row must close at a piece of
// the mover's side or an empty wall closer (a corner) and hold at least two pieces. All of the
// row but the king is captured. Where both directions close a row, the one towards the lower
// file or rank is taken. `occ`, `own_soldiers` and `king` describe the board after the arrival.
template <class BB>
BB Position<BB>::shieldwall_set(Square to, Side us, BB occ, BB own_soldiers, Square king) const {
    const auto& geo = t_->geo;
    const BB king_sq = square_bb<BB>(king);
    const BB own = us == Side::Defenders ? own_soldiers | king_sq : own_soldiers;
    const BB enemy = us == Side::Attackers ? soldiers_[1] | king_sq : soldiers_[0];
    for (int edge = 0; edge < 4; ++edge) {
        if (!test(geo.edges[edge], to)) continue;
        const int inward = edge_rules::kInward[edge];
        for (int along : edge_rules::kAlong[edge]) {
            BB row = 0;
            int length = 0;
            Square sq = geo.neighbour[to][along];
            while (sq != kNoSquare && test(enemy, sq)) {
                const Square front = geo.neighbour[sq][inward];
                if (!test(own, front)) break;  // the row ends at an enemy: it cannot close
                row |= square_bb<BB>(sq);
                ++length;
                sq = geo.neighbour[sq][along];
            }
            if (sq == kNoSquare || length < 2) continue;
            const bool closed = test(own, sq) || (test(t_->wall_closers, sq) && !test(occ, sq));
            if (closed) return row & ~king_sq;
        }
    }
    return 0;
}

// Exit fort, judged after a defender's move: the king stands on the edge; the empty squares he
// can reach hold no corner; he has an empty neighbour; neither he nor those squares (his area)
// touch an attacker; and every defender soldier bordering the area is safe from capture in one
// move: on both lines through it, one side is off the board, a defender (the king included), or
// an empty square of the area other than the throne. (The real games bear out the king's own
// neighbours: a king beside an attacker is in no fort.)
template <class BB>
bool Position<BB>::in_exit_fort() const {
    const auto& geo = t_->geo;
    if (!test(geo.edge, king_)) return false;
    const BB empty = geo.all & ~occupied();
    BB area = geo.adjacent[king_] & empty;
    if (!area) return false;
    for (BB next = area | (geo.neighbours(area) & empty); next != area;
         next = area | (geo.neighbours(area) & empty))
        area = next;
    if (area & geo.corners) return false;
    const BB border = geo.neighbours(area | king_bb());
    if (border & soldiers_[0]) return false;
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
            if (capture_set(dest, p, Side::Defenders, occupied() ^ moved, own, king) & ring)
                return false;
        }
    }
    return true;
}

template <class BB>
bool Position<BB>::encirclement_wins() const {
    if (!t_->rules.encirclement_unbreakable) return encircled();
    const auto& geo = t_->geo;
    const BB open = geo.all & ~soldiers_[0];
    BB region = king_bb();
    for (BB next = region | (geo.neighbours(region) & open); next != region;
         next = region | (geo.neighbours(region) & open))
        region = next;
    if ((region & geo.edge) || (soldiers_[1] & ~region)) return false;
    return ring_unbreakable(region);
}

}  // namespace branan
