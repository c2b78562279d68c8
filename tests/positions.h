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
    const std::vector<std::string> brandubhs = {"brandubh", "brandubh-federation",
                                                "brandubh-opentafl", "brandubh-it"};
    const std::vector<std::string> one_steps = {"brandubh-1step", "brandubh-1step-12"};
    const std::vector<std::string> tabluts = {"tablut", "tablut-linnaeus"};
    return {
        {"king next to the empty throne, attackers on two sides", brandubhs,
         record_from_rows({"...t...", ".......", "....t..", "t...K.t", "..T.t..", ".T.....",
                           "...t..."}),
         Side::Attackers, 3},
        {"king on a corner neighbour", brandubhs,
         record_from_rows({".K..t..", "..t....", ".......", "tt..T.t", "...T...", "...t...",
                           "...t..."}),
         Side::Attackers, 3},
        {"defenders one move from encirclement", brandubhs,
         record_from_rows({".......", "..ttt..", ".t.T.t.", ".tTKT.t", ".t.T.t.", "..t.t..",
                           ".....t."}),
         Side::Attackers, 3},
        {"king on the throne, three attackers around", brandubhs,
         record_from_rows({"...t...", "...t...", "...t...", "..tKt..", "...T...", ".......",
                           ".t...t."}),
         Side::Defenders, 3},
        {"unarmed-king and throne-hostility captures", brandubhs,
         record_from_rows({"...t...", ".......", "...T...", ".tK.Tt.", "..t.t..", "...T...",
                           "...t..."}),
         Side::Defenders, 3},
        {"soldier on a corner: the forest timer", one_steps,
         record_from_rows({"t......", ".......", "...t...", "ttTKTtt", "...T...", "T......",
                           "tT....."}),
         Side::Attackers, 4},
        {"king left the throne: no return", one_steps,
         record_from_rows({"...t...", "...t...", "...T...", "ttT.Ktt", "...T...", "...t...",
                           "...t..."}),
         Side::Defenders, 4},
        {"defenders boxed in: one move from no legal move", one_steps,
         record_from_rows({".......", "...t...", "..tTt..", ".tTKTt.", "..tTtt.", ".......",
                           "...t..."}),
         Side::Attackers, 4},
        {"Linnaean capture against the occupied throne", tabluts,
         record_from_rows({"...ttt...", "t...t....", "....T....", "t...T...t", "tt.tKt.tt",
                           "t...t...t", "....T....", "....t....", "...ttt..."}),
         Side::Attackers, 3},
        {"tablut king near the edge and throne hostility", tabluts,
         record_from_rows({"...t.t...", "....t....", ".........", "t..T..T.t", "tt.t..Ttt",
                           "t..TK...t", "....T....", "....t....", "...ttt..."}),
         Side::Defenders, 3},
    };
}

}  // namespace branan::testing
