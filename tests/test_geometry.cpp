// SPDX-License-Identifier: GPL-3.0-or-later
// Board geometry: Geometry::lines_reach (the obstruction difference, src/core/geometry.h) against
// a walk square by square, on every square of boards whose bitboard is a built-in integer, the
// 8x8 board among them, whose last square is the top bit of its 64-bit integer (where the
// difference's doubling wraps).
#include <random>

#include "catch.h"
#include "core/bitboard.h"
#include "core/geometry.h"

using namespace branan;

namespace {

// The squares from `sq` each way up to and including the first square of `blockers`, walked.
template <class BB>
BB walked_reach(const Geometry<BB>& geo, Square sq, BB blockers) {
    BB reached = 0;
    for (int dir = 0; dir < kDirections; ++dir)
        for (Square to = geo.neighbour[sq][dir]; to != kNoSquare; to = geo.neighbour[to][dir]) {
            set_square(reached, to);
            if (test(blockers, to)) break;
        }
    return reached;
}

template <class BB>
void check_lines_reach(int n, uint32_t seed) {
    const Geometry<BB> geo(n);
    std::mt19937 rng(seed);
    for (int density : {0, 5, 20, 50, 90, 100}) {
        std::bernoulli_distribution blocked(density / 100.0);
        // An empty and a full board are the same every time: one trial each.
        for (int trial = 0; trial < (density % 100 == 0 ? 1 : 30); ++trial) {
            BB blockers = 0;
            for (Square sq = 0; sq < geo.squares; ++sq)
                if (blocked(rng)) set_square(blockers, sq);
            for (Square sq = 0; sq < geo.squares; ++sq) {
                INFO(n << "x" << n << ", density " << density << "%, square " << sq);
                REQUIRE(geo.lines_reach(sq, blockers) == walked_reach(geo, sq, blockers));
            }
        }
    }
    // The corner squares blocked alone: the lowest and the highest square of the board.
    const BB corners = square_bb<BB>(0) | square_bb<BB>(geo.squares - 1);
    for (Square sq = 0; sq < geo.squares; ++sq)
        REQUIRE(geo.lines_reach(sq, corners) == walked_reach(geo, sq, corners));
}

}  // namespace

TEST_CASE("A rank's and a file's reach at once equals a walk along them", "[geometry]") {
    check_lines_reach<Bitboard64>(5, 1);
    check_lines_reach<Bitboard64>(7, 2);
    check_lines_reach<Bitboard64>(8, 3);
    check_lines_reach<Bitboard128>(9, 4);
    check_lines_reach<Bitboard128>(11, 5);
}
