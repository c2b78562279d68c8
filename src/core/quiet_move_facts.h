// SPDX-License-Identifier: GPL-3.0-or-later
// QuietMoveFacts<BB>: what late-move pruning must know of a quiet move before it is made, worked
// out once per node from bitboards (tafl's counterpart of Stockfish's check squares and
// blockers), so that a pruned move is never made.
//
// may_matter(m) is true for every quiet move (no capture, no king move to an escape square) that,
// once made, wins at once or leaves the defenders' king in sight of an escape square; it may also
// be true for moves that do neither (then the caller makes the move and judges it exactly). It
// holds only where the caller has already ruled out every win in one move that the search's
// threat tests know (core/threats.h: the king's escape, an exit fort, the king's capture), and
// not under special rules, forests or the like, where `exact()` is false and every move matters.
//
// Why the two tests suffice:
// - A defender soldier's quiet move changes the king's lines of sight only by leaving its square
//   (its destination can only block): it can open a way out only if it is the first piece on one
//   of the king's rays and the ray beyond it runs free to an escape square.
// - A king's quiet move: the rays from his destination, with his origin empty.
// - An attacker's quiet move can win at once (no king capture: ruled out) only by closing a ring.
//   Only attackers wall the defenders in (encircled(): defenders do not block), so a defender
//   move never closes one, and an attacker move whose destination leaves the free squares around
//   it connected through its eight neighbours (a "simple" square of digital topology) disconnects
//   nothing: the defenders reach the edge after it as before. If they are walled in already (a
//   ring not yet unbreakable), every attacker move may matter.
#pragma once

#include <array>

#include "core/position.h"

namespace branan {

template <class BB>
class QuietMoveFacts {
  public:
    explicit QuietMoveFacts(const Position<BB>& pos) : pos_(pos) {
        const auto& t = pos.tables();
        exact_ = !t.special && t.rules.forest_moves == 0;
        if (!exact_) return;
        if (pos.side_to_move() == Side::Defenders) {
            opening_soldiers_ = soldiers_blocking_escape();
        } else {
            ring_rules_ = t.rules.encirclement;
            walled_in_ = ring_rules_ && pos.encircled();
            if (ring_rules_ && !walled_in_) not_simple_ = squares_not_simple();
        }
    }

    // False where the facts do not hold (special rules, forests): every move may matter.
    bool exact() const { return exact_; }

    // Whether may_matter() is false for every quiet move: the attackers' when no ring can win;
    // the defenders' when no soldier opens a way out and no square the king can reach sees one.
    bool none_may_matter() const {
        if (!exact_) return false;
        if (pos_.side_to_move() == Side::Attackers) return !ring_rules_;
        if (opening_soldiers_) return false;
        const Square king = pos_.king();
        for (BB to = pos_.destinations(king, Piece::King); to;)
            if (king_sees_escape_from(pop_lsb(to), king)) return false;
        return true;
    }

    // Whether quiet move `m` (pseudo-legal) may win at once or open a way out for the king.
    bool may_matter(Move m) const {
        if (!exact_) return true;
        if (pos_.side_to_move() == Side::Defenders)
            return m.from == pos_.king() ? king_sees_escape_from(m.to, m.from)
                                         : test(opening_soldiers_, m.from);
        if (!ring_rules_) return false;
        if (walled_in_) return true;
        // A move from beside its destination frees a square of the ring around it.
        return from_beside(m) ? !simple_after(m) : test(not_simple_, m.to);
    }

    // Whether, after attacker move `m`, the free squares (not attackers; off the board counts as
    // free: the outside joins every edge square) among the eight around m.to form one run around
    // it that holds all of its free orthogonal neighbours: then walling m.to cuts no path.
    // may_matter() asks it only of moves from beside m.to, and reads the others' answer from the
    // board-wide squares_not_simple(); the tests check that the two agree.
    bool simple_after(Move m) const {
        const auto& nb = pos_.tables().geo.neighbour;
        const BB walls = pos_.soldiers(Side::Attackers) ^ square_bb<BB>(m.from);
        auto free_at = [&](Square sq) { return sq == kNoSquare || !test(walls, sq); };
        auto step = [&](Square sq, int dir) { return sq == kNoSquare ? kNoSquare : nb[sq][dir]; };
        const Square to = m.to;
        // Clockwise from north: N, NE, E, SE, S, SW, W, NW. Off-board diagonals are free.
        const Square n = nb[to][0], e = nb[to][1], s = nb[to][2], w = nb[to][3];
        const Square ring[8] = {n, step(n, 1), e, step(s, 1), s, step(s, 3), w, step(n, 3)};
        unsigned open = 0;
        for (int i = 0; i < 8; ++i) open |= unsigned{free_at(ring[i])} << i;
        return kSimpleRings[open];
    }

  private:
    // Whether the squares strictly beyond `from` along `dir`, up to the first piece of `occ`,
    // hold an escape square.
    bool ray_reaches_escape(Square from, int dir, BB occ) const {
        return (pos_.tables().geo.free_run(dir, from, occ) & pos_.tables().escape) != 0;
    }

    // The defender soldiers that are the first piece on one of the king's rays with a free run
    // to an escape square behind them.
    BB soldiers_blocking_escape() const {
        const auto& geo = pos_.tables().geo;
        const BB occ = pos_.occupied();
        const BB soldiers = pos_.soldiers(Side::Defenders);
        BB found = 0;
        for (int dir = 0; dir < kDirections; ++dir) {
            const Square first = geo.first_on_ray(dir, pos_.king(), occ);
            if (first != kNoSquare && test(soldiers, first) && ray_reaches_escape(first, dir, occ))
                found |= square_bb<BB>(first);
        }
        return found;
    }

    // Whether the king, moved from `from` to `to`, has a free run to an escape square (squares
    // he may not pass are not looked at: a superset).
    bool king_sees_escape_from(Square to, Square from) const {
        const BB occ = pos_.occupied() & ~square_bb<BB>(from);
        for (int dir = 0; dir < kDirections; ++dir)
            if (ray_reaches_escape(to, dir, occ)) return true;
        return false;
    }

    bool from_beside(Move m) const {
        const auto& nb = pos_.tables().geo.neighbour[m.to];
        return nb[0] == m.from || nb[1] == m.from || nb[2] == m.from || nb[3] == m.from;
    }

    // The squares that are not simple (simple_after) for an attacker moving in from afar (not
    // from one of its eight neighbours, so the attackers around it stay as they are), all at
    // once: with x_i the ring square i free, clockwise from north, a ring is simple when Yokoi's
    // connectivity number, the sum over the orthogonal i of x_i and not (x_i+1 and x_i+2), is at
    // most 1 (kYokoiAgrees checks that this is simple_ring).
    BB squares_not_simple() const {
        const auto& geo = pos_.tables().geo;
        const BB free = ~pos_.soldiers(Side::Attackers);
        // Off the board counts as free.
        const BB bottom = geo.edges[0], top = geo.edges[1];
        const BB first_file = geo.edges[2], last_file = geo.edges[3];
        const BB above = geo.shift(free, 2), below = geo.shift(free, 0);  // [s]: free[s +- n]
        const BB n = above | top, s = below | bottom;
        const BB e = geo.shift(free, 3) | last_file, w = geo.shift(free, 1) | first_file;
        const BB ne = geo.shift(above, 3) | top | last_file,
                 nw = geo.shift(above, 1) | top | first_file;
        const BB se = geo.shift(below, 3) | bottom | last_file,
                 sw = geo.shift(below, 1) | bottom | first_file;
        const BB tn = n & ~(ne & e), te = e & ~(se & s), ts = s & ~(sw & w), tw = w & ~(nw & n);
        return geo.all & ((tn & (te | ts | tw)) | (te & (ts | tw)) | (ts & tw));
    }

    // Whether the ring of eight whose free squares are the bits of `open` (bit i: ring square i,
    // clockwise from north, even bits orthogonal) is "simple": all free, or at most one run of
    // free squares around it holds an orthogonal square.
    static constexpr bool simple_ring(unsigned open) {
        auto is_open = [open](int i) { return (open >> (i % 8)) & 1; };
        if (open == 0xff) return true;
        int runs = 0;
        for (int i = 0; i < 8; ++i) {
            if (!is_open(i) || is_open(i + 7)) continue;  // not the start of a run
            bool orthogonal = false;
            for (int j = i; is_open(j); ++j) orthogonal |= j % 2 == 0;
            runs += orthogonal;
        }
        return runs <= 1;
    }
    static constexpr std::array<bool, 256> kSimpleRings = [] {
        std::array<bool, 256> table{};
        for (unsigned open = 0; open < 256; ++open) table[open] = simple_ring(open);
        return table;
    }();
    // squares_not_simple()'s formula gives simple_ring for every ring.
    static constexpr bool kYokoiAgrees = [] {
        for (unsigned open = 0; open < 256; ++open) {
            auto x = [open](int i) { return (open >> (i % 8)) & 1; };
            int connectivity = 0;
            for (int i = 0; i < 8; i += 2) connectivity += x(i) && !(x(i + 1) && x(i + 2));
            if ((connectivity <= 1) != simple_ring(open)) return false;
        }
        return true;
    }();
    static_assert(kYokoiAgrees);

    const Position<BB>& pos_;
    bool exact_ = false;
    bool ring_rules_ = false;  // the rules let a ring win
    bool walled_in_ = false;   // the defenders cannot reach the edge now
    BB opening_soldiers_ = 0;
    BB not_simple_ = 0;  // squares_not_simple(), under ring rules while the ring is open
};

}  // namespace branan
