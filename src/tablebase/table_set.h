// SPDX-License-Identifier: GPL-3.0-or-later
// The slices of one rule set held in memory: their indexes and values, looked up by placement.
// The generator adds slices as it finishes them; the probe and the verifier load them from files.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/rule_tables.h"
#include "tablebase/slice_index.h"
#include "tablebase/value.h"

namespace branan::tablebase {

struct Slice {
    SliceIndex index;
    std::vector<Value> values;

    // The value of `p` (a placement on table squares), or nothing when it does not fit here.
    std::optional<Value> value(const Placement& p) const {
        if (!index.fits(p)) return std::nullopt;
        return values[index.index(p)];
    }
};

class TableSet {
  public:
    // `rules` must be supported (rules_support.h).
    explicit TableSet(const Rules& rules);

    const Rules& rules() const { return tables_.rules; }
    const RuleTables<BoardBits>& tables() const { return tables_; }
    const Symmetry& symmetry() const { return sym_; }
    // The index of material m's slice (whether its values are here or not).
    SliceIndex index_of(Material m) const;
    // Where soldiers may stand; where the king stands in a table position.
    BoardBits soldier_squares() const { return soldier_squares_; }
    BoardBits king_squares() const { return king_squares_; }

    void add(Material m, std::vector<Value> values);
    const Slice* find(Material m) const;
    // The value of `p` (a placement on table squares), or nothing when its slice is not here.
    std::optional<Value> value(const Placement& p) const;

  private:
    RuleTables<BoardBits> tables_;
    Symmetry sym_;
    BoardBits soldier_squares_ = 0, king_squares_ = 0;
    std::map<Material, std::unique_ptr<Slice>> slices_;
};

inline Material material_of(const Placement& p) {
    return {popcount(p.attackers), popcount(p.defenders)};
}

}  // namespace branan::tablebase
