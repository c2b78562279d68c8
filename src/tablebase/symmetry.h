// SPDX-License-Identifier: GPL-3.0-or-later
// The 8 symmetries of a square board (rotations and reflections) as square maps, and whether the
// rules treat the board symmetrically (every special square, hostility and move restriction
// mapped onto itself), which a tablebase's index needs to store each position once.
#pragma once

#include <array>

#include "core/rule_tables.h"
#include "tablebase/placement.h"

namespace branan::tablebase {

class Symmetry {
  public:
    static constexpr int kCount = 8;
    explicit Symmetry(int size);

    // The square `sq` is carried to by symmetry t (t = 0 is the identity).
    Square map(int t, Square sq) const { return map_[t][sq]; }
    BoardBits map(int t, BoardBits b) const;
    Placement map(int t, const Placement& p) const;
    // The smallest square of sq's orbit: the king's square in a canonical placement.
    Square representative(Square sq) const { return representative_[sq]; }
    // The symmetries carrying sq to its representative (1, 2 or 8 of them).
    const std::vector<int>& to_representative(Square sq) const { return to_rep_[sq]; }

  private:
    std::array<std::array<Square, 64>, kCount> map_{};
    std::array<Square, 64> representative_{};
    std::array<std::vector<int>, 64> to_rep_;
};

// Whether every mask of `tables` that the rules read is mapped onto itself by all 8 symmetries.
bool rules_symmetric(const RuleTables<BoardBits>& tables, const Symmetry& sym);

}  // namespace branan::tablebase
