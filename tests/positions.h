// SPDX-License-Identifier: GPL-3.0-or-later
// Mid-game test positions where the presets part ways: each names what it exercises. Records are
// OpenTafl position records (rank 1 first); `diagram` helpers build them from top-down rows.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/position_record.h"
#include "core/types.h"

namespace branan::testing {

// Rows from the top rank down, '.' empty: the way a board is drawn. Returns a position record.
inline std::string record_from_rows(std::vector<std::string> rows_top_down) {
    const int size = static_cast<int>(rows_top_down.size());
    BoardSetup setup{size, {}};
    for (auto row = rows_top_down.rbegin(); row != rows_top_down.rend(); ++row)
        setup.cells.insert(setup.cells.end(), row->begin(), row->end());
    return write_position_record(setup);
}

struct TestPosition {
    const char* what;
    std::vector<std::string> presets;  // the presets it is searched under
    std::string record;
    Side to_move;
    int depth;  // perft depth checked against the reference
};

inline std::vector<TestPosition> test_positions() {
    // The rook-move and one-step brandubh presets share the first five positions.
    const std::vector<std::string> brandubhs = {"brandubh",          "brandubh-federation",
                                                "brandubh-opentafl", "brandubh-it",
                                                "brandubh-1step",    "brandubh-1step-12"};
    const std::vector<std::string> one_steps = {"brandubh-1step", "brandubh-1step-12"};
    const std::vector<std::string> tabluts = {"tablut", "tablut-linnaeus"};
    return {
        {"king next to the empty throne, attackers on two sides", brandubhs,
         record_from_rows(
             {"...t...", ".......", "....t..", "t...K.t", "..T.t..", ".T.....", "...t..."}),
         Side::Attackers, 3},
        {"king on a corner neighbour", brandubhs,
         record_from_rows(
             {".K..t..", "..t....", ".......", "tt..T.t", "...T...", "...t...", "...t..."}),
         Side::Attackers, 3},
        {"defenders one move from encirclement", brandubhs,
         record_from_rows(
             {".......", "..ttt..", ".t.T.t.", ".tTKT.t", ".t.T.t.", "..t.t..", ".....t."}),
         Side::Attackers, 3},
        {"king on the throne, three attackers around", brandubhs,
         record_from_rows(
             {"...t...", "...t...", "...t...", "..tKt..", "...T...", ".......", ".t...t."}),
         Side::Defenders, 3},
        {"unarmed-king and throne-hostility captures", brandubhs,
         record_from_rows(
             {"...t...", ".......", "...T...", ".tK.Tt.", "..t.t..", "...T...", "...t..."}),
         Side::Defenders, 3},
        {"soldier on a corner: the forest timer", one_steps,
         record_from_rows(
             {"t......", ".......", "...t...", "ttTKTtt", "...T...", "T......", "tT....."}),
         Side::Attackers, 4},
        {"king left the throne: no return", one_steps,
         record_from_rows(
             {"...t...", "...t...", "...T...", "ttT.Ktt", "...T...", "...t...", "...t..."}),
         Side::Defenders, 4},
        {"defenders boxed in: one move from no legal move", one_steps,
         record_from_rows(
             {".......", "...t...", "..tTt..", ".tTKTt.", "..tTtt.", ".......", "...t..."}),
         Side::Attackers, 4},
        {"Linnaean capture against the occupied throne", tabluts,
         record_from_rows({"...ttt...", "t...t....", "....T....", "t...T...t", "tt.tKt.tt",
                           "t...t...t", "....T....", "....t....", "...ttt..."}),
         Side::Attackers, 3},
        {"tablut king near the edge and throne hostility", tabluts,
         record_from_rows({"...t.t...", "....t....", ".........", "t..T..T.t", "tt.t..Ttt",
                           "t..TK...t", "....T....", "....t....", "...ttt..."}),
         Side::Defenders, 3},
        // Middle games of seeded random tablut games (12, 20 and 30 plies).
        {"tablut middle game, 12 plies, king beside the throne", tabluts,
         "/2t1tt2t/9/1T7/t2TTt3/t1T2TTtt/tt2KT2t/5T3/4t4/2t1tt3/", Side::Attackers, 3},
        {"tablut middle game, 20 plies, king on the throne among attackers", tabluts,
         "/3tt4/tt7/T3T2T1/1t3t2t/3TK1Tt1/4t4/5t2t/2T5t/3ttt3/", Side::Attackers, 3},
        {"tablut middle game, 30 plies, king on the throne", tabluts,
         "/4t1tt1/t8/1T5t1/1tTT5/4K2tt/1tT4Tt/1T7/2ttTT1t1/1t2tt3/", Side::Attackers, 3},
    };
}

}  // namespace branan::testing
