// SPDX-License-Identifier: GPL-3.0-or-later
// Board geometry for one board size: masks, neighbour tables and directional shifts.
#pragma once

#include <array>

#include "core/bitboard.h"
#include "core/types.h"

namespace branan {

// Directions in the order north (rank+1), east (file+1), south, west.
constexpr int kDirections = 4;

// A line from a square to the edge: the square's ray in direction `dir` (none: from kNoSquare).
struct LineToEdge {
    Square from = kNoSquare;
    int dir = 0;
};

// The centre square and the four corners of a board `n` squares a side.
constexpr Square throne_square(int n) {
    return (n / 2) * n + n / 2;
}
constexpr std::array<Square, 4> corner_squares_of(int n) {
    return {0, n - 1, n * (n - 1), n * n - 1};
}

// The squares of one line (a rank or a file) through a square, given the square's two rays on it
// (`up` towards higher square numbers, `down` towards lower ones, the square itself on neither),
// up to and including the first square of `blockers` each way, or to the line's end where there
// is none: the obstruction difference (the chess programming wiki's name). The lowest blocker
// above, doubled, less the highest blocker below sets every bit from that one up to the lowest
// above; with no blocker below, square 0 stands in for one (the ray reaches it anyway); with none
// above, 0 less the one below wraps to every bit from it up. The line's mask keeps its squares.
// No branch but msb's choice of word. Built-in unsigned integers only: the arithmetic wraps.
template <class BB>
constexpr BB line_reach(BB up, BB down, BB blockers) {
    static_assert(!is_wide_bitboard<BB>, "line_reach: built-in integers only");
    const BB above = up & blockers, below = down & blockers;
    const BB lowest_above = above & (BB(0) - above);
    const BB highest_below = square_bb<BB>(msb(below | BB(1)));
    return (up | down) & (BB(lowest_above << 1) - highest_below);
}

template <class BB>
struct Geometry {
    int size = 0;
    int squares = 0;
    BB all = 0;
    BB not_first_file = 0;  // every square but file a: where an east shift may land
    BB not_last_file = 0;   // every square but the last file: where a west shift may land
    BB edge = 0;
    BB corners = 0;
    BB corner_diagonals = 0;  // the four squares diagonally next to the corners
    Square throne = kNoSquare;
    std::array<Square, 4> corner_squares{};
    // neighbour[sq][dir]: the adjacent square in that direction, or kNoSquare off the board.
    std::array<std::array<Square, kDirections>, max_squares<BB>> neighbour{};
    // ray[dir][sq]: the squares from sq (excluded) to the edge in direction dir.
    std::array<std::array<BB, max_squares<BB>>, kDirections> ray{};
    // adjacent[sq]: the squares next to sq.
    std::array<BB, max_squares<BB>> adjacent{};
    // The four edges: first rank, last rank, first file, last file.
    std::array<BB, 4> edges{};
    // rank_of[sq], file_of[sq]: sq / size and sq % size, without the division.
    std::array<uint8_t, max_squares<BB>> rank_of{};
    std::array<uint8_t, max_squares<BB>> file_of{};

    explicit Geometry(int board_size) : size(board_size), squares(board_size * board_size) {
        const int n = size;
        corner_squares = corner_squares_of(n);
        throne = throne_square(n);
        for (Square sq = 0; sq < squares; ++sq) {
            const int rank = sq / n, file = sq % n;
            rank_of[sq] = static_cast<uint8_t>(rank);
            file_of[sq] = static_cast<uint8_t>(file);
            all |= square_bb<BB>(sq);
            if (file != 0) not_first_file |= square_bb<BB>(sq);
            if (file != n - 1) not_last_file |= square_bb<BB>(sq);
            if (rank == 0 || rank == n - 1 || file == 0 || file == n - 1) edge |= square_bb<BB>(sq);
            if (rank == 0) edges[0] |= square_bb<BB>(sq);
            if (rank == n - 1) edges[1] |= square_bb<BB>(sq);
            if (file == 0) edges[2] |= square_bb<BB>(sq);
            if (file == n - 1) edges[3] |= square_bb<BB>(sq);
            neighbour[sq] = {rank + 1 < n ? sq + n : kNoSquare, file + 1 < n ? sq + 1 : kNoSquare,
                             rank > 0 ? sq - n : kNoSquare, file > 0 ? sq - 1 : kNoSquare};
        }
        for (Square c : corner_squares) corners |= square_bb<BB>(c);
        for (Square d : {n + 1, 2 * n - 2, n * (n - 2) + 1, n * (n - 1) - 2})
            corner_diagonals |= square_bb<BB>(d);
        for (int dir = 0; dir < kDirections; ++dir)
            for (Square sq = 0; sq < squares; ++sq)
                for (Square to = neighbour[sq][dir]; to != kNoSquare; to = neighbour[to][dir])
                    ray[dir][sq] |= square_bb<BB>(to);
        for (Square sq = 0; sq < squares; ++sq) adjacent[sq] = neighbours(square_bb<BB>(sq));
    }

    // The first square of `b` on the ray from `sq` (excluded) in direction `dir`, or kNoSquare.
    // North and east rays run to higher square numbers.
    Square first_on_ray(int dir, Square sq, BB b) const {
        const BB hit = ray[dir][sq] & b;
        if (!hit) return kNoSquare;
        return dir < 2 ? lsb(hit) : msb(hit);
    }

    // The squares of `sq`'s rank and file up to and including the first square of `blockers` in
    // each direction (line_reach, so for boards of built-in integers only).
    BB lines_reach(Square sq, BB blockers) const {
        return line_reach(ray[0][sq], ray[2][sq], blockers) |
               line_reach(ray[1][sq], ray[3][sq], blockers);
    }

    // Whether a square of `from` has a line to the edge (one of its rays) with no square of
    // `walls` on it: then anything spreading from it through squares off `walls` reaches the edge.
    bool has_clear_line_to_edge(BB from, BB walls) const {
        return clear_line_to_edge(from, walls).from != kNoSquare;
    }
    // The first such line (the lowest square of `from` that has one, its first direction); where
    // no square has one, a LineToEdge whose `.from` is kNoSquare.
    LineToEdge clear_line_to_edge(BB from, BB walls) const {
        for (BB b = from; b;) {
            const Square sq = pop_lsb(b);
            for (int dir = 0; dir < kDirections; ++dir)
                if (!(ray[dir][sq] & walls)) return {sq, dir};
        }
        return {};
    }
    // Whether `line` starts on a square of `from` and has no square of `walls` on it.
    bool line_still_clear(LineToEdge line, BB from, BB walls) const {
        return line.from != kNoSquare && test(from, line.from) &&
               !(ray[line.dir][line.from] & walls);
    }

    // The squares after `sq` along `dir` up to the first square of `b` (excluded): the run a
    // slider on `sq` could cover if `b` were every piece and no square were barred.
    BB free_run(int dir, Square sq, BB b) const {
        BB run = ray[dir][sq];
        if (const Square stop = first_on_ray(dir, sq, b); stop != kNoSquare)
            run &= ~(ray[dir][stop] | square_bb<BB>(stop));
        return run;
    }

    // Every square one step from a square of `b` in direction `dir`.
    [[gnu::always_inline]] BB shift(BB b, int dir) const {
        switch (dir) {
            case 0:
                return (b << size) & all;
            case 1:
                return (b << 1) & not_first_file;
            case 2:
                return b >> size;
            default:
                return (b >> 1) & not_last_file;
        }
    }

    [[gnu::always_inline]] BB neighbours(BB b) const {
        return shift(b, 0) | shift(b, 1) | shift(b, 2) | shift(b, 3);
    }

    // `seeds` grown square by square through `open` (orthogonal steps) until it stops growing.
    BB flood(BB seeds, BB open) const {
        for (;;) {
            const BB next = seeds | (neighbours(seeds) & open);
            if (next == seeds) return seeds;
            seeds = next;
        }
    }
};

}  // namespace branan
