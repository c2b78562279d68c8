// SPDX-License-Identifier: GPL-3.0-or-later
// What the engine adapters of the match runner share (player.cpp, player_uti.cpp,
// player_otep.cpp): the clock helpers, how waits and times are written, and the makers of the
// two adapters. Internal to src/match.
#pragma once

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/position_record.h"
#include "match/player.h"

namespace branan::match::player_support {

using Clock = std::chrono::steady_clock;
using ReadResult = EngineProcess::ReadResult;

inline int64_t ms_since(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}
inline int64_t ms_until(Clock::time_point t) {
    return std::max<int64_t>(
        0, std::chrono::duration_cast<std::chrono::milliseconds>(t - Clock::now()).count());
}

// "5 s", "2.5 s": a wait in ms as people read it.
inline std::string seconds_text(int64_t ms) {
    std::string t = std::to_string(ms / 1000);
    if (ms % 1000) t += "." + std::to_string(ms % 1000 / 100);
    return t + " s";
}

// "1.204s".
inline std::string elapsed_text(int64_t ms) {
    std::string frac = std::to_string(1000 + ms % 1000).substr(1);
    return std::to_string(ms / 1000) + "." + frac + "s";
}

inline bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

inline bool same_record(std::string_view a, std::string_view b) {
    if (a == b) return true;
    const auto x = parse_position_record(a), y = parse_position_record(b);
    return x && y && *x == *y;
}

inline bool from_rules_start(const Game& game) {
    return game.start_side() == game.rules().first_to_move && game.start_berserker() == kNoSquare &&
           same_record(game.start_record(), game.rules().start);
}

// The adapters of the two protocols (player_uti.cpp, player_otep.cpp).
std::unique_ptr<Player> make_uti_player(const EngineConfig& config);
std::unique_ptr<Player> make_otep_player(const EngineConfig& config);

}  // namespace branan::match::player_support
