// SPDX-License-Identifier: GPL-3.0-or-later
// Mid-game Copenhagen test positions where the Copenhagen rules bite: shieldwalls on every edge,
// exit forts with and without a defender that can be taken, forts whose king touches an attacker,
// unbreakable rings, the king beside and on the throne, the king beside a corner. Same shape as
// positions.h (TestPosition), so an engine test can loop over them under the "copenhagen" preset.
//
// Most are real positions: "game N ply P" is the position after the first P moves of line N of
// data/copenhagen-games.csv (the 1,752 real aagenielsen.dk games; see data/README.md), with the
// move actually played next named in `what`. The verdicts quoted are the slow reference's
// (tests/reference/), which replays all those games with every capture and verdict agreeing. The
// last few are hand-built. Depths are chosen so that the reference's perft takes well under a
// second in a Release build: 3 where the position is small enough, else 2. None of the positions
// is over as given (no fort, no ring, king not captured or escaped) and no soldier stands on the
// throne or a corner; test_reference_copenhagen.cpp checks both.
#pragma once

#include <string>
#include <vector>

#include "positions.h"

namespace branan::testing {

inline std::vector<TestPosition> copenhagen_test_positions() {
    const std::vector<std::string> cph = {"copenhagen"};
    const Side A = Side::Attackers, D = Side::Defenders;
    return {
        // Shieldwalls, every edge, both sides, closed by a piece or by an empty corner.
        {"game 811 ply 62: rank 1 wall by the attackers, b2-b1 takes c1 and d1 (c2, d2 in front, "
         "e1 closes)",
         cph, "/2TTttt1t2/1ttt5t1/2t1K1t4/t1T2T2t2/2T8/t10/8t1t/11/t8tt/1t9/2t1tt1Tt2/", A, 2},
        {"game 180 ply 17: rank 1 wall by the defenders closed by the empty corner a1, d3-d1 takes "
         "c1 and b1 (the king on c2 is one of the pieces in front)",
         cph, "/1tt2t2t2/1TK6t1/3T3t3/t7T1t/1tT3T3t/t1t1T1TT2t/2t1TTT3t/t4T4t/11/5t5/3ttttt3/", D,
         2},
        {"game 1609 ply 21: rank 1 wall of three, h3-h1 takes g1, f1, e1 (closed by d1)", cph,
         "/2tTttt1T2/1t2TTT2t1/t1K4T2t/11/t8t1/t3T2t1tt/t3TT3Tt/2t2T2t2/11/5t5/3tttt4/", D, 2},
        {"game 984 ply 122: rank 11 wall of three by the attackers, d10-d11 takes e11, f11, g11 "
         "(h11 closes); the king on c10 is nearly shut in",
         cph, "/2t8/1t6tt1/t8t1/t1t8/11/1t9/11/11/2t1t5t/1tKtttt4/1T2TTTtt2/", A, 3},
        {"game 1655 ply 33: rank 11 wall by the defenders, g8-g11 takes h11 and i11 (j11 closes); "
         "the king on j8 beside an attacker",
         cph, "/3tttt4/5t5/7t3/1t6t2/t3T4t1/t2TT6/t6TT2/3t2T2Kt/1t5T1t1/2t1t2TTt1/3t1T1ttT1/", D,
         2},
        {"game 1295 ply 60: file a wall by the attackers, a4-a6 takes a7 and a8 (a9 closes); the "
         "king on the edge at k6",
         cph, "/3tttt4/2t4t3/1t2T3t1t/t4T4t/1t3TT4/10K/Tt5TT1t/Tt8t/t8t1/3t4t2/2t1t2t3/", A, 2},
        {"game 806 ply 31: file a wall of three by the defenders closed by the empty corner a11, "
         "a5-a7 takes a8, a9, a10 (the king on b8 in front of a8)",
         cph, "/3tttt4/1t9/t10/5T4t/T4TT3t/2t1t4tt/6T4/tK3t2t2/tTT4T2t/tTT3t4/2tt3t3/", D, 2},
        {"game 562 ply 76: file k wall by the attackers closed by the empty corner k1, k5-k4 "
         "takes k3 and k2",
         cph, "/2t4t3/1t6ttT/t7ttT/5t5/2K5t1t/t2T5T1/7TT2/2t4TT1t/t1t6t1/1t5tt2/3t2t4/", A, 2},
        {"game 69 ply 33: file k wall by the defenders, j5-k5 takes k6 and k7 (k8 closes)", cph,
         "/4tt2t2/4t4t1/3t5Tt/2t5T2/t8T1/tt1TT3TTt/2t1T2K1Tt/5t4T/7t3/11/3tttt1t2/", D, 2},
        // Exit forts that win.
        {"game 171 ply 51: exit fort, i6-j6 shuts the king on k6 in an unbreakable fort (the "
         "defenders win)",
         cph, "/3ttt2tt1/2t7t/10t/t9T/3t5T1/t7T1K/t1tt4tTT/4t1t2t1/7t2t/11/5t5/", D, 3},
        {"game 222 ply 39: exit fort, the king steps e2-e1 into it", cph,
         "/2T2Ttt3/1ttTKTt2t1/t2tTT1t3/5t5/8TTt/t2T6t/t3T1T3t/2t2T4t/11/1t7t1/3tttt4/", D, 2},
        {"game 611 ply 63: exit fort closed by a capture, k8-j8 takes j7 and the king on k7 is in "
         "a fort",
         cph, "/8t2/2T1tt3t1/3t1T4t/1t7T1/2t5T1T/2t4tTT1/3t1t2TtK/2t7T/3t4ttT/4t4t1/5t1t3/", D, 3},
        {"game 1165 ply 39: exit fort, the king steps i4-k4 onto the edge inside it", cph,
         "/3t3t1t1/2t5tt1/1t6TTT/t6TK2/t6TTTT/3t6t/t3T1T3t/2t5t1t/3t5t1/4t3t2/3t3t3/", D, 2},
        {"game 889 ply 67: exit fort on file a, a3-a6 closes it under the king on a7", cph,
         "/2T1t2t3/9T1/Ttt5t2/11/5tT3t/1T7t1/K1Tt7/2Ttt5t/TTt8/t10/1t3ttt3/", D, 2},
        // Near-forts with an attacker beside the king: no fort. The text of rules.md names only
        // the empty squares, but the real games went on from these (game 448 the same).
        {"game 110 ply 45: i9-i11 encloses an area around the king on f11 that touches no "
         "attacker, but g11 (an attacker) stands beside the king: no fort, the game went on",
         cph, "/5t2t2/4t4t1/3t1T4t/2t6T1/1t2T1T4/t1t1t5t/11/11/t7T1t/1t2TTT2t1/2tT1Kt4/", D, 2},
        {"game 448 ply 73: g3-g2 encloses the king on i1 with an attacker beside him on j1: no "
         "fort",
         cph, "/2t1TT2Kt1/1t3T1Tt2/3t2Tt1t1/2T3t3t/t10/tT6t2/1tT7t/t8tT/7t3/2t8/4tt3t1/", D, 3},
        {"game 812 ply 55: g10-h10 encloses the king on f11 with an attacker beside him on g11: "
         "no fort",
         cph, "/4tt5/1t9/t6t3/8t2/1T8t/t9t/11/5ttt3/t7Ttt/1t1tTTT2t1/2tT1Kt4/", D, 3},
        // Near-forts with a defender the attackers could take: no fort.
        {"game 161 ply 35: b6-a6 puts the king in an area touching no attacker, but c6 has both "
         "c7 and c5 empty (breakable): no fort, the attackers went on to win",
         cph, "/6tt3/11/1t3t2t2/t1t2T4t/TT1t2T3t/1KT4T2t/TT8t/t7T1t/1t2T4t1/2t5t2/4tttt3/", D, 2},
        {"game 171 ply 49: j6-k6 takes the king to the edge, but i6 (file open) and j5 (rank "
         "open) can be taken: no fort; two plies later i6-j6 makes a real one",
         cph, "/3ttt2tt1/2t7t/10t/t9T/3t5T1/t7TK1/t1tt5TT/4t1t2t1/7t2t/8t2/5t5/", D, 2},
        {"game 489 ply 45: c7-c6 takes b6 and closes an area around the king on a6, but c6 can "
         "be taken (c7 empty, c5 an attacker; the game's next move h7-c7 does)",
         cph, "/4tt2t2/1ttt7/t3T6/T2t7/1Tt4t3/Kt8t/TTT4t3/t4t4t/1t9/11/4t1tt3/", D, 3},
        {"game 1380 ply 57: f2-f1 puts the king in an area touching no attacker, but f3 has e3 "
         "and g3 empty (breakable): no fort",
         cph, "/3tT2Tt2/1tt1TKTt3/1t3T1t3/t4T3t1/4t2T2t/t2T7/t3T5t/2t2t2t2/3t7/11/4tttt3/", D, 2},
        // Rings.
        {"game 1549 ply 34: c8-d8 closes an unbreakable ring around the king on e8 and every "
         "defender (the attackers win)",
         cph, "/5t5/4ttt4/3tTT1t3/2t2T2t2/2t1T2Tt2/ttT6tt/2tT3Tt2/2t2KT1t2/4t1tt3/5t5/4tt5/", A, 2},
        {"game 1578 ply 30: k5-i5 closes an unbreakable ring around the king on e7 (diagonal "
         "to the throne) and all his defenders",
         cph, "/5t5/5t5/3tt1tt3/2t1TTT1t2/2tT3T2t/tt1T3T1tt/2tTK2Tt2/2t1T1T1t2/3ttTtt3/5t5/5t5/", A,
         2},
        {"game 1700 ply 26: k5-i5 closes an unbreakable ring around the king on c5 and every "
         "defender",
         cph, "/5t5/4tt5/3tT1tt3/2tT4t2/1tK2TT3t/tT2T1TT1tt/tT2T4t1/t1TT4t2/1t5t3/2t3t4/3ttt5/", A,
         2},
        {"game 360 ply 122: h4-h6 closes a ring around the lone king on i6", cph,
         "/11/2t4t3/5t2t2/4t2t2t/1t6tt1/8K1t/3t3t1t1/8t1t/11/4t2t3/5tt4/", A, 2},
        {"game 859 ply 96: c11-c10 closes a wide ring around the king on d6 and two defenders", cph,
         "/4ttt4/3t3t3/2t5t2/1t6t2/t1T3T2t1/t2K4t2/t6t3/t5t3t/1t3t5/4t6/2tt7/", A, 2},
        // The king and the throne.
        {"game 37 ply 50: king on e6 beside the empty throne, d5-e5 captures him with d6, e7 and "
         "the throne",
         cph, "/4tt5/11/1t4t4/4tTTt2t/2tt2T1t2/3tK2T1tt/4tt4t/1t1T2t2t1/7t3/5t5/2t2t5/", A, 2},
        {"game 1185 ply 86: king on f7 above the empty throne, e6-e7 captures him with g7, f8 and "
         "the throne",
         cph, "/2t8/1t7t1/t6T2t/4t3t2/2t7T/4t3ttT/5Ktt2t/t4t5/3t6t/11/11/", A, 2},
        {"game 582 ply 72: king on the throne, d6-e6 closes the fourth side", cph,
         "/3t1t5/11/11/2t1t1t1t2/2t2tt2t1/3t1Kt4/t1t1tt1t3/1t9/1t7t1/t7t2/3t3t3/", A, 3},
        // The king beside a corner.
        {"game 163 ply 36: king on a2 beside the corner a1, attackers to move cannot stop a2-a1",
         cph, "/3t1tt4/K10/2t1t2t3/10t/6T3t/t5TT2t/t9t/t10/4T1T1Tt1/4T3t2/1t1tt1t4/", A, 2},
        {"game 44 ply 32: king on j11 beside the corner k11, the game ended j11-k11", cph,
         "/4tttt3/7t1T1/3t2T3t/t4T2t2/t3TT3t1/tt1TT5t/t3T6/5t4t/11/4t5t/6ttTK1/", A, 2},
        // Hand-built (see test_reference_copenhagen.cpp for the one-move verdicts).
        {"hand-built: c9-c6 closes a ring the defenders can break (e4-e5 takes d5 against c5): no "
         "win",
         cph,
         record_from_rows({"...........", "...........", "..t........", "...........",
                           "...........", "....t......", ".tTt.t.....", ".tK.Tt.....",
                           "..ttt......", "...........", "..........."}),
         A, 3},
        {"hand-built: f5-f1 brackets walls on both sides of f1, only the lower-file one (d1, e1) "
         "is taken",
         cph,
         record_from_rows({"...........", "...........", "...........", "...........",
                           "...........", "...........", ".....t.....", "...........",
                           "...K.......", "...tt.tt...", "..tTT.TTt.."}),
         A, 3},
        {"hand-built: c7-c11 brackets a row of the king and e11: e11 is taken, the king stays", cph,
         record_from_rows({"...KTt.....", "...tt......", "...........", "...........",
                           "..t........", "...........", "...........", "...........",
                           "...........", "...........", "..........."}),
         A, 3},
        {"hand-built: i3-f3 closes a fort around the king on e1 whose f3 has e3 and g3 empty "
         "(breakable): no win",
         cph,
         record_from_rows({".....t.....", "...........", "...........", "...........",
                           "...........", "t.........t", "...........", "...........",
                           "........T..", "....T.T....", "...TK.T...."}),
         D, 3},
        {"hand-built: the same fort with e3 held, i3-f3 wins for the defenders", cph,
         record_from_rows({".....t.....", "...........", "...........", "...........",
                           "...........", "t.........t", "...........", "...........",
                           "....T...T..", "....T.T....", "...TK.T...."}),
         D, 3},
    };
}

}  // namespace branan::testing
