// SPDX-License-Identifier: GPL-3.0-or-later
// Time controls of branan-match: a clock, a fixed time per move, or depth / nodes limits, as
// the engine settings (tc=, st=, depth=, nodes=) give them, and back to text for records.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace branan::match {

// A clock (base + increment per move, optionally `moves` moves per period: the base is added
// again after every `moves` own moves), or a fixed time per move, or depth / nodes limits.
// All zero: no limit ("inf"; give depth or nodes with it).
struct TimeControl {
    int64_t base_ms = 0, inc_ms = 0;
    int64_t move_ms = 0;
    int depth = 0;
    uint64_t nodes = 0;
    int moves = 0;  // moves per period ("40/60+1"); 0 = the whole game

    bool clocked() const { return move_ms == 0 && (base_ms > 0 || inc_ms > 0); }
};

// Parses "10+0.1" (seconds + seconds), "60" (no increment), "1:30+1" (minutes:seconds),
// "40/60+1" (40 moves in 60 s, repeating), "inf". Junk, negative numbers or no time at all
// are errors.
Expected<TimeControl> parse_time_control(std::string_view text);
// Back to text, as parse_time_control reads it (clock part only; "inf" when no clock).
std::string time_control_text(const TimeControl& tc);
// Every limit as the engine settings write them: "10+0.1", "st=2", "depth=6", "nodes=1000",
// "inf", space-separated.
std::string limits_text(const TimeControl& tc);

}  // namespace branan::match
