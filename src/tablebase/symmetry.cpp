// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/symmetry.h"

namespace branan::tablebase {

Symmetry::Symmetry(int size) {
    for (int t = 0; t < kCount; ++t)
        for (Square sq = 0; sq < size * size; ++sq) {
            int file = sq % size, rank = sq / size;
            if (t & 4) std::swap(file, rank);
            if (t & 1) file = size - 1 - file;
            if (t & 2) rank = size - 1 - rank;
            map_[t][sq] = rank * size + file;
        }
    for (Square sq = 0; sq < size * size; ++sq) {
        Square rep = sq;
        for (int t = 0; t < kCount; ++t) rep = std::min(rep, map_[t][sq]);
        representative_[sq] = rep;
        for (int t = 0; t < kCount; ++t)
            if (map_[t][sq] == rep) to_rep_[sq].push_back(t);
    }
}

BoardBits Symmetry::map(int t, BoardBits b) const {
    BoardBits out = 0;
    while (b) out |= square_bb<BoardBits>(map_[t][pop_lsb(b)]);
    return out;
}

Placement Symmetry::map(int t, const Placement& p) const {
    return {map_[t][p.king], map(t, p.attackers), map(t, p.defenders), p.side};
}

bool rules_symmetric(const RuleTables<BoardBits>& tables, const Symmetry& sym) {
    std::vector<BoardBits> masks = {tables.throne_bb, tables.corners_bb, tables.forts_bb,
                                    tables.escape, tables.wall_closers};
    for (int o = 0; o < kOrigins; ++o)
        for (int k = 0; k < kPieceKinds; ++k) {
            masks.push_back(tables.no_stop[o][k]);
            masks.push_back(tables.no_pass[o][k]);
        }
    for (int k = 0; k < kPieceKinds; ++k) {
        masks.push_back(tables.hostile_empty[k]);
        masks.push_back(tables.hostile_occupied[k]);
    }
    for (int t = 1; t < Symmetry::kCount; ++t)
        for (BoardBits m : masks)
            if (sym.map(t, m) != m) return false;
    return true;
}

}  // namespace branan::tablebase
