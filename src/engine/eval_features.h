// SPDX-License-Identifier: GPL-3.0-or-later
// Features of a position that more than one evaluation uses: the corners' guard squares, the
// king's attacker-free region, the defenders' room inside the attackers' ring, and the
// piece-square tables.
#pragma once

#include <algorithm>
#include <array>

#include "core/position.h"
#include "engine/eval_trace.h"

namespace branan {

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

// The gaps of the attackers' ring: the squares between two attackers of their eight neighbours
// that are not next to each other (opposite, or a knight's move apart: three or four steps
// apart around it), which one attacker move may plug.
template <class BB>
BB ring_gaps(const Geometry<BB>& geo, BB attackers) {
    // around[i]: the squares with an attacker in direction i, clockwise from north.
    const BB n = geo.shift(attackers, 2), e = geo.shift(attackers, 3), s = geo.shift(attackers, 0),
             w = geo.shift(attackers, 1);
    const std::array<BB, 8> around = {n, geo.shift(n, 3), e, geo.shift(s, 3),
                                      s, geo.shift(s, 1), w, geo.shift(n, 1)};
    BB gaps = 0;
    for (int i = 0; i < 8; ++i) gaps |= around[i] & (around[(i + 3) % 8] | around[(i + 4) % 8]);
    return gaps & ~attackers;
}

// ring_gaps for the attackers on the squares of a 5x5 window, bit 8 * row + file (a row of eight
// bits, three of them always empty): only the inner 3x3 squares' answers are whole, as only they
// have all eight neighbours inside the window (the outer ones' answers are left over).
constexpr uint64_t window_ring_gaps(uint64_t attackers) {
    // around[i]: the squares with an attacker in direction i, clockwise from north (+8).
    const uint64_t around[8] = {attackers >> 8, attackers >> 9, attackers >> 1, attackers << 7,
                                attackers << 8, attackers << 9, attackers << 1, attackers >> 7};
    uint64_t gaps = 0;
    for (int i = 0; i < 8; ++i) gaps |= around[i] & (around[(i + 3) % 8] | around[(i + 4) % 8]);
    return gaps & ~attackers;
}

// ring_gaps(geo, attackers), given `gaps`, the gaps of a set of attackers that differs from
// `attackers` only on the squares of `changed` (a few): a square's gap depends only on its eight
// neighbours, so only the squares around a changed one (itself included) are worked out again,
// each changed square's 3x3 from the attackers of the 5x5 window round it.
template <class BB>
BB ring_gaps_after_change(const Geometry<BB>& geo, BB gaps, BB attackers, BB changed) {
    const int n = geo.size;
    for_each_square(changed, [&](int sq) {
        const int rank = geo.rank_of[sq], file = geo.file_of[sq];
        // Window bit 8 * (dr + 2) + (df + 2): the square dr ranks and df files from `sq`.
        const int first = std::max(file - 2, 0), last = std::min(file + 2, n - 1);
        uint64_t window = 0;
        for (int r = std::max(rank - 2, 0); r <= std::min(rank + 2, n - 1); ++r)
            window |= bits_at(attackers, r * n + first, last - first + 1)
                      << (8 * (r - rank + 2) + first - file + 2);
        const uint64_t window_gaps = window_ring_gaps(window);
        const int from = std::max(file - 1, 0), to = std::min(file + 1, n - 1);
        for (int r = std::max(rank - 1, 0); r <= std::min(rank + 1, n - 1); ++r)
            set_bits_at(gaps, r * n + from, to - from + 1,
                        window_gaps >> (8 * (r - rank + 2) + from - file + 2));
    });
    return gaps;
}

// Under encirclement rules, the room the attackers' ring leaves the defenders: the squares every
// defender reaches through squares free of attackers, where an empty gap of the ring
// (ring_gaps) counts as closed. When the room touches no edge, one move may finish the ring.
template <class BB>
BB defender_room(const Geometry<BB>& geo, BB defenders, BB attackers, BB gaps) {
    return geo.flood(defenders, geo.all & ~attackers & ~(gaps & ~defenders));
}
template <class BB>
BB defender_room(const Geometry<BB>& geo, BB defenders, BB attackers) {
    return defender_room(geo, defenders, attackers, ring_gaps(geo, attackers));
}

// The room of defender_room when it touches no edge (the ring is closed), or nothing as soon
// as the flood reaches an edge: cheaper where the ring is open, as it mostly is. Most often a
// defender's line to the edge holds no wall (an attacker or an empty gap): then the flood would
// reach the edge along it, and none is needed.
template <class BB>
BB enclosed_defender_room(const Geometry<BB>& geo, BB defenders, BB attackers, BB gaps) {
    const BB walls = attackers | (gaps & ~defenders);
    if (geo.has_clear_line_to_edge(defenders, walls)) return 0;
    const BB open = geo.all & ~walls;
    for (BB room = defenders;;) {
        if (room & geo.edge) return 0;
        const BB next = room | (geo.neighbours(room) & open);
        if (next == room) return room;
        room = next;
    }
}

// The piece-square tables of the position's board size, if it has them (skipped when they all
// weigh 0 and no trace asks for the features).
template <class BB>
void add_piece_square_terms(const Position<BB>& pos, EvalSum& sum) {
    const int size = pos.tables().geo.size, first = pst_term(PstPiece::Attacker, size, 0);
    if (first < 0 || !(sum.trace || sum.w.tables_weigh(size))) return;
    auto pst = [&](PstPiece piece, BB pieces, int sign) {
        const int table = first + static_cast<int>(piece) * kPstClassesPerPiece;
        for_each_square(pieces,
                        [&](int sq) { sum.add_table_piece(table + pst_class(size, sq), sign); });
    };
    pst(PstPiece::Attacker, pos.soldiers(Side::Attackers), 1);
    pst(PstPiece::Defender, pos.soldiers(Side::Defenders), -1);
    pst(PstPiece::King, pos.king_bb(), -1);
}

}  // namespace branan
