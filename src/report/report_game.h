// SPDX-License-Identifier: GPL-3.0-or-later
// The game a report shows: what is known about it (players, result, ...) and the game itself,
// every move played and checked by the rules.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace branan::report {

struct ReportHeader {
    std::string event, date /* yyyy.mm.dd */, attackers, defenders, round;
    std::string result;       // "attackers" "defenders" "draw"; "": the rules' verdict, if any
    std::string termination;  // e.g. "king captured", "time forfeit by X"; "": as the rules say
    std::string time_control;
    std::string source;  // where the game comes from (a file name, "round 1 game 2")
};

// The time a move took and the clocks after it, as far as the record tells.
struct MoveClock {
    std::optional<int64_t> spent_ms;                    // the move's thinking time
    std::optional<int64_t> attackers_ms, defenders_ms;  // each side's clock after the move
};

struct ReportGame {
    ReportHeader header;
    Game game;                      // from its start, with every move of the record played
    std::vector<MoveClock> clocks;  // clocks[k]: the move from position k; may be shorter
};

}  // namespace branan::report
