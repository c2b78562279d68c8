// SPDX-License-Identifier: GPL-3.0-or-later
// The perfect index of one material slice: every placement of the king and the given soldiers,
// each side to move, taken to a number below size(). Symmetric placements share the number of
// their canonical form: the king on the smallest square of his orbit under the board's 8
// symmetries, and among the symmetries that put him there the one with the smallest number.
// Layout: side to move, the king's representative square, the attackers' squares (a combination
// of the soldier squares left by the king, ranked in colexicographic order), the defenders'
// squares (a combination of the squares left by the attackers).
#pragma once

#include <cstdint>
#include <vector>

#include "tablebase/material.h"
#include "tablebase/symmetry.h"

namespace branan::tablebase {

class SliceIndex {
  public:
    // `soldier_squares`: where soldiers may stand; `king_squares`: where the king stands in a
    // table position (not on a square that ends the game by itself).
    SliceIndex(const Symmetry& sym, BoardBits soldier_squares, BoardBits king_squares, Material m);

    Material material() const { return material_; }
    uint64_t size() const { return 2 * half_; }
    // The canonical number of `p`, which must have this material, its soldiers on soldier
    // squares and its king on a king square.
    uint64_t index(const Placement& p) const;
    // The placement numbered i as laid out (its canonical number may be another one).
    Placement placement(uint64_t i) const;
    // Whether `p` fits this index's squares and material.
    bool fits(const Placement& p) const;

  private:
    struct KingClass {
        Square king = kNoSquare;
        std::vector<Square> free;  // the soldier squares without the king's, ascending
        uint64_t offset = 0;       // the class's first number (side to move aside)
        uint64_t defender_sets = 0;
    };
    uint64_t index_as_is(const Placement& p) const;

    const Symmetry* sym_;
    Material material_;
    BoardBits soldier_squares_, king_squares_;
    std::vector<KingClass> classes_;
    std::array<int, 64> class_of_{};          // by the king's representative square, or -1
    std::array<int, 64> soldier_position_{};  // by square: its place among the soldier squares
    uint64_t half_ = 0;
};

}  // namespace branan::tablebase
