// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's fortresses (afor / dfor) and lists of special squares (cor / cen): the rules strings
// and positions that the engine's tests (test_fortresses.cpp) and the reference's
// (test_reference_forts.cpp) both check, with OpenTafl's own perft counts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/rules_string.h"

namespace branan::testing {

// OpenTafl's built-in Foteviken Tablut, as OpenTafl 0.4.8 sends it over its engine protocol.
inline const std::string kFotevikenRules =
    "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: "
    "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: "
    "cenh: cenhe:K aforh:K cenre: aforre:";
inline const std::string kTablutStart = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";

// Foteviken's fortresses made hostile to everyone, with two defender fortresses (dforre given:
// OpenTafl's parser reads the fortresses' re-entry keys as "nobody" when `cenre` is given and
// they are not).
inline const std::string kHostileForts =
    "dim:9 name:Fortress_test esc:e atkf:y cor: "
    "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, dfor:c3,g7, cens: cenh: cenhe: "
    "cenre: aforh:tT aforre: dforre:tcnkTCNK";
// Fetlar with defender fortresses around the throne, every fortress key at its default.
inline const std::string kDefenderForts =
    "dim:11 name:Dfor_test atkf:y dfor:e5,f5,g5,e7,f7,g7,d6,h6,";
// Three squares a corner on 11x11, as Alea Evangelii's corner groups.
inline const std::string kCornerGroups =
    "dim:11 name:Corner_groups atkf:y cor:a1,a2,b1,k1,k2,j1,a11,a10,b11,k11,k10,j11,";
// A 7x7 board with five corners and two throne squares.
inline const std::string kCornerList7 =
    "dim:7 name:Corner_list7 surf:n atkf:y ks:w cor:a1,g7,a7,g1,b1, cen:d4,c5, cens:TK";
// A 9x9 board with a fifth corner on c1 and two throne squares.
inline const std::string kCornerList9 =
    "dim:9 name:List9 atkf:y cor:a1,i9,a9,i1,c1, cen:e5,f5, cens:TK cenh:t";
inline const std::string kFetlarStart =
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

// A rules string (without start) with `record` as its start position.
inline Rules rules_with_start(const std::string& rules, const std::string& record) {
    return parse_rules_string(rules + " start:" + record).value();
}

struct Case {
    const char* what;
    const std::string& rules;
    std::string record;
    Side to_move;
    std::vector<uint64_t> counts;  // depth 1, 2, 3
};

// The counts come from OpenTafl 0.4.8's move generator (commit 6895051d5a3b: its
// Taflman.getAllowableDestinations and GameState.moveTaflman / checkVictory) on these rules
// strings with the record as their start.
inline const std::vector<Case>& opentafl_cases() {
    static const std::vector<Case> cases = {
        {"Foteviken from the start",
         kFotevikenRules,
         kTablutStart,
         Side::Attackers,
         {80, 4344, 337856}},
        {"Foteviken: pieces on, next to and off fortresses",
         kFotevikenRules,
         "/3t5/9/4T4/tT5T1/2K6/9/4t4/9/5t3/",
         Side::Attackers,
         {49, 1637, 66577}},
        {"Foteviken: the same, defenders to move",
         kFotevikenRules,
         "/3t5/9/4T4/tT5T1/2K6/9/4t4/9/5t3/",
         Side::Defenders,
         {34, 1556, 50465}},
        {"hostile fortresses: captures against them, the king beside them",
         kHostileForts,
         "/9/4T4/6t2/1Tt6/1T1t5/1Kt6/2t6/6t2/9/",
         Side::Attackers,
         {49, 942, 42368}},
        {"hostile fortresses, defenders to move",
         kHostileForts,
         "/9/4T4/6t2/1Tt6/1T1t5/1Kt6/2t6/6t2/9/",
         Side::Defenders,
         {19, 860, 15633}},
        {"defender fortresses from Fetlar's start",
         kDefenderForts,
         kFetlarStart,
         Side::Attackers,
         {116, 6788, 799596}},
        {"defender fortresses: crossed, not stopped on, hostile to attackers",
         kDefenderForts,
         "/11/11/11/4t6/4T1T4/3T1K1T3/3t7/5t5/2T8/11/11/",
         Side::Attackers,
         {37, 2920, 114580}},
        {"defender fortresses, defenders to move",
         kDefenderForts,
         "/11/11/11/4t6/4T1T4/3T1K1T3/3t7/5t5/2T8/11/11/",
         Side::Defenders,
         {77, 2847, 228155}},
        {"corner groups from Fetlar's start",
         kCornerGroups,
         kFetlarStart,
         Side::Attackers,
         {100, 5812, 602032}},
        {"corner groups: the king in the open",
         kCornerGroups,
         "/11/11/3t7/11/11/1t2K6/11/11/11/11/11/",
         Side::Defenders,
         {18, 618, 11583}},
        {"7x7: five corners, two throne squares",
         kCornerList7,
         "/7/3t3/2T4/ttTKTtt/3T3/3t3/3t3/",
         Side::Attackers,
         {37, 891, 33099}},
        {"9x9: five corners, two throne squares, from Tablut's start",
         kCornerList9,
         kTablutStart,
         Side::Attackers,
         {70, 3763, 264620}},
        {"9x9: the king on one throne square beside the other",
         kCornerList9,
         "/9/2t6/9/4T4/t3K4/9/9/9/1t7/",
         Side::Defenders,
         {22, 813, 22503}},
    };
    return cases;
}

}  // namespace branan::testing
