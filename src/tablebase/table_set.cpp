// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/table_set.h"

namespace branan::tablebase {

TableSet::TableSet(const Rules& rules) : tables_(rules), sym_(rules.size) {
    soldier_squares_ = tables_.geo.all & ~tables_.no_stop[kOffFort][0];
    king_squares_ = tables_.geo.all & ~tables_.no_stop[kOffFort][static_cast<int>(Piece::King)] &
                    ~tables_.escape;
}

SliceIndex TableSet::index_of(Material m) const {
    return SliceIndex(sym_, soldier_squares_, king_squares_, m);
}

void TableSet::add(Material m, std::vector<Value> values) {
    slices_[m] = std::make_unique<Slice>(Slice{index_of(m), std::move(values)});
}

const Slice* TableSet::find(Material m) const {
    const auto it = slices_.find(m);
    return it == slices_.end() ? nullptr : it->second.get();
}

std::optional<Value> TableSet::value(const Placement& p) const {
    const Slice* s = find(material_of(p));
    return s ? s->value(p) : std::nullopt;
}

}  // namespace branan::tablebase
