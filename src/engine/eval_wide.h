// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation of boards of 11x11 and more (Copenhagen first): what a player of the wide
// boards looks at. The king's routes to the escape squares in one and two moves and whether an
// attacker can block them, the corner blockades, the cordon and the ring with its gaps, the
// pieces' structure, material, and the piece-square tables. Each term has
// a weight of its own (eval_weights.h: the wide_ terms), fitted to real games (docs/tuning.md).
#pragma once

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>

#include "core/position.h"
#include "engine/cordon_cache.h"
#include "engine/eval_features.h"
#include "engine/eval_trace.h"

namespace branan {

// Whether an attacker can move onto a square of `block` in one move: some square of it is the
// first piece-free stop on a ray from an attacker (the first piece on the square's ray is an
// attacker).
template <class BB>
bool attacker_reaches(const Geometry<BB>& geo, BB block, BB attackers, BB occupied) {
    for (BB b = block; b;) {
        const Square sq = pop_lsb(b);
        for (int dir = 0; dir < kDirections; ++dir) {
            const Square first = geo.first_on_ray(dir, sq, occupied);
            if (first != kNoSquare && test(attackers, first)) return true;
        }
    }
    return false;
}

// The squares a blocker of the king's route from `from` may take: `from` itself and the free
// runs from it that end on an escape square (escape squares excluded).
template <class BB>
BB route_blocking_squares(const Geometry<BB>& geo, Square from, BB escape, BB occupied) {
    BB block = square_bb<BB>(from);
    for (int dir = 0; dir < kDirections; ++dir) {
        const BB run = geo.free_run(dir, from, occupied);
        if (run & escape) block |= run & ~escape;
    }
    return block;
}

// The square at `file` and `rank` counted from `corner` towards the board's middle.
inline Square from_corner(int n, Square corner, int file, int rank) {
    const int cr = corner / n, cf = corner % n;
    return (cr == 0 ? rank : n - 1 - rank) * n + (cf == 0 ? file : n - 1 - file);
}

// Pieces of `b` (squares of the board) side by side: each orthogonally adjacent pair once.
template <class BB>
int adjacent_pairs(const Geometry<BB>& geo, const BB& b) {
    if constexpr (is_wide_bitboard<BB>) {
        // Word by word, each square with its neighbours one rank and one file lower (the
        // shifts of geo.shift(b, 0) and (b, 1), the carries from the word below written out).
        const int n = geo.size;
        int pairs = 0;
        uint64_t below = 0;
        for (int i = 0; i < static_cast<int>(sizeof(BB) / 8); ++i) {
            const uint64_t w = b.w[i];
            const uint64_t rank_lower = w << n | below >> (64 - n);
            const uint64_t file_lower = (w << 1 | below >> 63) & geo.not_first_file.w[i];
            pairs += popcount(w & rank_lower) + popcount(w & file_lower);
            below = w;
        }
        return pairs;
    }
    return popcount(b & geo.shift(b, 0)) + popcount(b & geo.shift(b, 1));
}

// How many ways out the king could still reach through squares free of attackers (as
// open_escapes of king_region), and the squares flooded to find out: with corner escapes the
// flood stops once it holds every corner.
template <class BB>
CordonFlood<BB> reachable_escapes(const Geometry<BB>& geo, Escape escape, BB corners, Square king,
                                  BB attackers) {
    if (escape != Escape::Corners) {
        const BB region = king_region(geo, king, attackers);
        return {region, open_escapes(geo, escape, corners, region), true};
    }
    const BB open = geo.all & ~attackers;
    for (BB region = square_bb<BB>(king);;) {
        if ((region & corners) == corners) return {region, popcount(corners), false};
        const BB next = region | (geo.neighbours(region) & open);
        if (next == region) return {region, popcount(region & corners), true};
        region = next;
    }
}

// For each pattern of the eight squares around a square (bit i: clockwise from north, N NE E SE
// S SW W NW, set when the square belongs to a region), whether the region's orthogonal
// neighbours of the square all lie on one unbroken arc of region squares, so that taking the
// square out of the region leaves the rest connected: a path through it can go round it.
constexpr std::array<bool, 256> kRemovableFromRegion = [] {
    std::array<bool, 256> table{};
    for (int ring = 0; ring < 256; ++ring) {
        if (ring == 0xFF) {
            table[ring] = true;
            continue;
        }
        int start = 0;  // a square outside the region: every arc begins after one
        while (ring >> start & 1) ++start;
        int arcs_with_orthogonal = 0;
        bool in_arc = false, arc_has_orthogonal = false;
        for (int k = 1; k <= 8; ++k) {
            const int i = (start + k) % 8;
            if (ring >> i & 1) {
                in_arc = true;
                arc_has_orthogonal |= i % 2 == 0;
            } else if (in_arc) {
                arcs_with_orthogonal += arc_has_orthogonal;
                in_arc = arc_has_orthogonal = false;
            }
        }
        table[ring] = arcs_with_orthogonal <= 1;
    }
    return table;
}();

// Whether `region` less `sq` (a square of it) is still connected (kRemovableFromRegion).
template <class BB>
bool removable_from_region(const Geometry<BB>& geo, BB region, Square sq) {
    static constexpr int kRankStep[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    static constexpr int kFileStep[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    const int n = geo.size, rank = geo.rank_of[sq], file = geo.file_of[sq];
    unsigned ring = 0;
    for (int i = 0; i < 8; ++i) {
        const int r = rank + kRankStep[i], f = file + kFileStep[i];
        if (r >= 0 && r < n && f >= 0 && f < n && test(region, r * n + f)) ring |= 1u << i;
    }
    return kRemovableFromRegion[ring];
}

// Whether `region` less `sq` (a square of it) is still connected: removable_from_region, or else
// the region's squares beside `sq` meet again within a few steps through the rest of the region
// (a detour round `sq` longer than its ring, as on the ragged edge of a flood stopped early).
// False may be wrong (a longer detour), true never is.
template <class BB>
bool stays_connected(const Geometry<BB>& geo, BB region, Square sq) {
    if (removable_from_region(geo, region, sq)) return true;
    constexpr int kDetourSteps = 12;
    const BB rest = region & ~square_bb<BB>(sq);
    const BB beside = geo.adjacent[sq] & rest;  // not empty: the ring test passes a lone square
    BB reached = square_bb<BB>(lsb(beside));
    for (int step = 0; step < kDetourSteps; ++step) {
        reached |= geo.neighbours(reached) & rest;
        if (!(beside & ~reached)) return true;
    }
    return false;
}

// The flood for the present attackers from `before`, the flood for a set of attackers that held
// `closed` (kNoSquare: none) less and `opened` more, when it follows without flooding again: the
// region less `closed` if that leaves it connected; the count of ways out stands if the region
// still holds every way out, or if it is still the king's whole component (no opened square
// beside it).
template <class BB>
std::optional<CordonFlood<BB>> cordon_after_change(const Geometry<BB>& geo, Escape escape,
                                                   BB corners, const CordonFlood<BB>& before,
                                                   Square closed, BB opened) {
    BB region = before.region;
    if (closed != kNoSquare && test(region, closed)) {
        if (test(corners, closed) || !stays_connected(geo, region, closed)) return std::nullopt;
        region ^= square_bb<BB>(closed);
    }
    const bool complete = before.complete && !(geo.neighbours(opened) & before.region);
    const int escapes = open_escapes(geo, escape, corners, region);
    const int all = escape == Escape::Corners ? popcount(corners) : 4;
    if (escapes != all && !complete) return std::nullopt;
    return CordonFlood<BB>{region, escapes, complete};
}

// How one move changed the attackers: the square it closed (kNoSquare: none) and the squares it
// opened.
template <class BB>
struct AttackerChange {
    Square closed = kNoSquare;
    BB opened{};

    bool any() const { return closed != kNoSquare || opened; }
    // The attackers before the move, from `after`, those after it.
    BB undone(const BB& after) const {
        const BB before = after | opened;
        return closed == kNoSquare ? before : before ^ square_bb<BB>(closed);
    }
};

// The change `state`'s move made to the attackers, who hold `after` once it is made: an
// attacker's move closed its target and opened its origin (and the squares of attackers a rule
// removed after it); another move opened the squares of the attackers it captured. Nullopt when
// `after` does not fit that reading.
template <class BB>
[[gnu::always_inline]] inline std::optional<AttackerChange<BB>> attacker_change(
    const typename Position<BB>::State& state, const BB& after) {
    AttackerChange<BB> change{kNoSquare, state.captured};
    if (test(after, state.move.to))
        change = {state.move.to, square_bb<BB>(state.move.from) | state.forest_removed};
    if (change.opened & after) return std::nullopt;
    return change;
}

// The cordon's count of ways out for `pos` (reachable_escapes), through the thread's `cache`
// (none: flood every time). On a miss, the flood of a position a few moves back, if the cache
// holds it, often gives this one, one move's change at a time (cordon_after_change); else the
// board is flooded, and the flood of the position before the last move that changed the
// attackers, derived back from it, is kept too, for that position's other moves.
template <class BB>
int cordon_escapes(const Position<BB>& pos, CordonCache<BB>* cache) {
    const auto& t = pos.tables();
    const Square king = pos.king();
    const BB attackers = pos.soldiers(Side::Attackers);
    auto flood_now = [&] {
        return reachable_escapes(t.geo, t.rules.escape, t.corners_bb, king, attackers);
    };
    if (!cache) return flood_now().escapes;
    if (const CordonFlood<BB>* hit = cache->probe(attackers, king)) {
        ++cache->stats.hits;
        return hit->escapes;
    }

    // Walk back through the last moves, undoing their changes, until the cache knows the
    // attackers of a position (for the king's square); then replay the changes on its flood.
    constexpr int kMaxLookBack = 6;
    const auto& states = pos.states();
    std::array<AttackerChange<BB>, kMaxLookBack> changes;
    const CordonFlood<BB>* known = nullptr;
    int steps = 0;
    BB before = attackers;
    for (size_t i = states.size() - 1; i > 0 && steps < kMaxLookBack && !known; --i) {
        if (states[i].move == Move{}) continue;  // a null move changes nothing
        const std::optional<AttackerChange<BB>> change = attacker_change<BB>(states[i], before);
        if (!change) break;
        if (!change->any()) continue;
        changes[steps++] = *change;
        before = change->undone(before);
        known = cache->probe(before, king);
    }
    std::optional<CordonFlood<BB>> flood;
    if (known) {
        flood = *known;
        for (int k = steps - 1; k >= 0 && flood; --k)
            flood = cordon_after_change(t.geo, t.rules.escape, t.corners_bb, *flood,
                                        changes[k].closed, changes[k].opened);
    }
    if (flood) {
        ++cache->stats.derived;
    } else {
        ++cache->stats.floods;
        flood = flood_now();
        // The position before the last move that changed the attackers was not in the cache (its
        // evaluation came from a table, or its entry's replay failed), so its other moves would
        // miss too: leave them its flood, derived back from this one (the attacker's origin
        // closed again, its target opened) where that follows.
        const AttackerChange<BB>& last = changes[0];
        if (steps > 0 && last.closed != kNoSquare && popcount(last.opened) == 1) {
            const BB target = square_bb<BB>(last.closed);
            if (const auto back = cordon_after_change(t.geo, t.rules.escape, t.corners_bb, *flood,
                                                      lsb(last.opened), target))
                cache->store((attackers ^ target) | last.opened, *back);
        }
    }
    cache->store(attackers, *flood);
    return flood->escapes;
}

// One attacker's part of attacker_proximity: the board's size less his distance to the king
// (ranks and files apart).
template <class BB>
int proximity_of(const Geometry<BB>& geo, Square attacker, Square king) {
    return geo.size - std::abs(geo.rank_of[attacker] - geo.rank_of[king]) -
           std::abs(geo.file_of[attacker] - geo.file_of[king]);
}

// The attackers' proximity to the king: proximity_of summed over them.
template <class BB>
int attacker_proximity(const Geometry<BB>& geo, BB attackers, Square king) {
    int proximity = 0;
    for_each_square(attackers, [&](int s) { proximity += proximity_of(geo, s, king); });
    return proximity;
}

// The attackers' terms of `pos` from those the cache holds for the attackers before its last
// move, when that move changed them (attacker_change) and the cache knows them: the pairs and
// the proximity (for the same king's square) less the opened squares' and plus the closed one's,
// the ring's gaps worked out again around the changed squares. Exact, as fresh terms; nullopt
// where they are not derived.
template <class BB>
std::optional<AttackerTerms<BB>> terms_from_last_move(const Position<BB>& pos,
                                                      const CordonCache<BB>& cache) {
    const auto& states = pos.states();
    if (states.size() < 2 || states.back().move == Move{}) return std::nullopt;
    const BB attackers = pos.soldiers(Side::Attackers);
    const std::optional<AttackerChange<BB>> change = attacker_change<BB>(states.back(), attackers);
    if (!change || !change->any()) return std::nullopt;
    // The attackers before the move; the opened squares are taken out of it one by one.
    BB remaining = change->undone(attackers);
    const BB changed = remaining ^ attackers;
    const AttackerTerms<BB>* before = cache.terms(remaining);
    if (!before) return std::nullopt;

    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const Square king = pos.king();
    AttackerTerms<BB> terms = *before;
    const bool same_king = terms.king == king;
    for_each_square(change->opened, [&](int sq) {
        remaining ^= square_bb<BB>(sq);
        terms.adjacent_pairs -= popcount(geo.adjacent[sq] & remaining);
        if (same_king) terms.proximity -= proximity_of(geo, sq, king);
    });
    if (change->closed != kNoSquare) {
        terms.adjacent_pairs += popcount(geo.adjacent[change->closed] & remaining);
        if (same_king) terms.proximity += proximity_of(geo, change->closed, king);
    }
    if (!same_king) terms.proximity = attacker_proximity(geo, attackers, king);
    terms.king = king;
    if (t.rules.encirclement)
        terms.ring_gaps = ring_gaps_after_change(geo, terms.ring_gaps, attackers, changed);
    return terms;
}

// ring_gaps (under encirclement rules), adjacent_pairs and attacker_proximity of `pos`'s
// attackers, through the thread's `cache` (none: worked out every time): the positions after a
// node's defender moves share them (the proximity, those of the moves that leave the king), and
// those after its attacker moves derive them from the node's (terms_from_last_move).
template <class BB>
AttackerTerms<BB> attacker_terms(const Position<BB>& pos, CordonCache<BB>* cache) {
    const auto& t = pos.tables();
    const BB attackers = pos.soldiers(Side::Attackers);
    const Square king = pos.king();
    const AttackerTerms<BB>* hit = cache ? cache->terms(attackers) : nullptr;
    if (hit && hit->king == king) return *hit;
    AttackerTerms<BB> terms;
    if (hit) {
        terms = *hit;
        terms.king = king;
        terms.proximity = attacker_proximity(t.geo, attackers, king);
    } else if (const auto derived = cache ? terms_from_last_move(pos, *cache) : std::nullopt) {
        ++cache->stats.terms_derived;
        terms = *derived;
    } else {
        terms = {t.rules.encirclement ? ring_gaps(t.geo, attackers) : BB{},
                 adjacent_pairs(t.geo, attackers), king,
                 attacker_proximity(t.geo, attackers, king)};
    }
    if (cache) cache->store_terms(attackers, terms);
    return terms;
}

// The terms of boards of kWideBoardSize and more, for the attackers. `cordon`: the thread's
// cache of the cordon term's flood, or null.
template <class BB>
void add_wide_board_terms(const Position<BB>& pos, EvalSum& sum, CordonCache<BB>* cordon) {
    const auto& t = pos.tables();
    const auto& geo = t.geo;
    const int n = geo.size;
    const Square king = pos.king();
    const BB attackers = pos.soldiers(Side::Attackers), defenders = pos.soldiers(Side::Defenders);
    const BB occupied = pos.occupied(), king_bb = square_bb<BB>(king);

    // 1. Material.
    sum.add(kWideAttackerSoldiers, popcount(attackers));
    sum.add(kWideDefenderSoldiers, -popcount(defenders));

    // 2. The king's routes: escape squares in one move, in two, the squares he moves to that
    // threaten one, and those of them no attacker can block in one move. A slide reaches an
    // escape square only from its rank or file, so only squares there are followed further.
    const BB king_moves = pos.destinations(king, Piece::King);
    const int routes = popcount(king_moves & t.escape);
    sum.add(kWideKingEscapeRoutes, -routes);
    sum.add(kWideKingDoubleRoute, -(routes >= 2));
    BB second = 0;  // the escape squares (only those) of the king's second moves
    int route_squares = 0, unguarded = 0;
    for (BB b = king_moves & ~t.escape & t.escape_lines; b;) {
        const Square s = pop_lsb(b);
        const BB next = pos.destinations(s, Piece::King) & t.escape;
        if (!next) continue;
        second |= next;
        ++route_squares;
        unguarded += !attacker_reaches(geo, route_blocking_squares(geo, s, t.escape, occupied),
                                       attackers, occupied);
    }
    sum.add(kWideKingTwoMoveRoutes, -popcount(second & t.escape & ~king_moves));
    sum.add(kWideKingRouteSquares, -route_squares);
    sum.add(kWideUnguardedRoutes, -unguarded);
    sum.add(kWideKingMobility, -popcount(king_moves));

    // 3. The attackers' hold on the king.
    sum.add(kWideAttackersBesideKing, popcount(geo.adjacent[king] & attackers));
    const AttackerTerms<BB> terms = attacker_terms(pos, cordon);
    sum.add(kWideAttackerProximity, terms.proximity);
    sum.add(kWideKingOnEdge, -test(geo.edge, king));

    // 4. The corners: guards diagonally next to them, and blockades on b3 and c2.
    if (t.rules.escape == Escape::Corners) {
        sum.add(kWideCornerGuards, popcount(attackers & geo.corner_diagonals));
        int sealed = 0;
        for (Square c : geo.corner_squares)
            sealed += test(attackers, from_corner(n, c, 1, 2)) &&
                      test(attackers, from_corner(n, c, 2, 1));
        sum.add(kWideSealedCorners, sealed);
    }

    // 5. The cordon: the ways out the attackers leave the king (skipped when the term weighs
    // nothing and no trace asks for the feature).
    if (sum.trace || sum.w[kWideOpenEscapes])
        sum.add(kWideOpenEscapes, -cordon_escapes(pos, cordon));

    // 6. Encirclement: the ring's gaps, and the defenders' room inside it once it is closed.
    if (t.rules.encirclement) {
        const BB gaps = terms.ring_gaps;
        sum.add(kWideRingGaps, -popcount(gaps & ~occupied));
        const BB room = enclosed_defender_room(geo, defenders | king_bb, attackers, gaps);
        sum.add(kWideRingClosing, room != 0);
        sum.add(kWideDefenderRoom, -popcount(room));
    }

    // 7. Structure: pieces side by side guard each other's flanks.
    sum.add(kWideDefenderPairs, -adjacent_pairs(geo, defenders | king_bb));
    sum.add(kWideAttackerPairs, terms.adjacent_pairs);

    // 8. The piece-square tables of this board size, and the move.
    add_piece_square_terms(pos, sum);
    sum.add(kWideTempo, pos.side_to_move() == Side::Attackers ? 1 : -1);
}

}  // namespace branan
