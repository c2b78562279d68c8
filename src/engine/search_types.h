// SPDX-License-Identifier: GPL-3.0-or-later
// What a search is asked (limits) and what it reports (info lines, the result). The search knows
// nothing of any protocol: front ends turn these into text.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/types.h"
#include "engine/score.h"

namespace branan {

// The deepest ply a search reaches; iterations go to kMaxPly - 1 at most.
constexpr int kMaxPly = 128;

struct SearchLimits {
    // Clocks and increments in milliseconds; unset when the GUI gives none.
    std::optional<int64_t> attackers_time, defenders_time;
    int64_t attackers_inc = 0, defenders_inc = 0;
    int moves_to_go = 0;
    int64_t move_time = 0;  // ms, 0 = none
    int depth = 0;          // 0 = none
    uint64_t nodes = 0;     // 0 = none
    int mate = 0;           // find a mate in this many moves; 0 = none
    bool infinite = false;
    bool ponder = false;
    std::vector<Move> search_moves;  // empty = all legal moves

    bool has_clock() const { return attackers_time || defenders_time; }
};

// One line of search information.
struct SearchInfo {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;
    Score score = 0;
    bool lowerbound = false;
    bool upperbound = false;
    uint64_t nodes = 0;
    uint64_t nps = 0;
    int hashfull = 0;
    int64_t time_ms = 0;
    std::vector<Move> pv;
    std::optional<uint64_t> tbhits;  // positions found in the endgame tables, when it has them
};

struct SearchResult {
    std::optional<Move> best;    // none when the game is over
    std::optional<Move> ponder;  // the reply expected to the best move
    std::vector<Move> pv;        // the principal variation, from the best move on
    Status status;               // the game's status when it is over at the root
    uint64_t nodes = 0;
    int depth = 0;
    Score score = 0;
};

using Clock = std::chrono::steady_clock;

}  // namespace branan
