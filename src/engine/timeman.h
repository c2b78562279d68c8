// SPDX-License-Identifier: GPL-3.0-or-later
// Time management: how long the side to move may think, from its clock, increment, moves to go
// and the move overhead, or from a fixed move time.
#pragma once

#include <algorithm>
#include <optional>

#include "engine/search_types.h"

namespace branan {

class TimeManager {
  public:
    // `side` is the side to move; `overhead_ms` is kept in hand for the GUI's and the pipe's lag.
    void start(const SearchLimits& limits, Side side, int64_t overhead_ms, Clock::time_point now);
    // Since the search began (what info lines report), in ms and in microseconds. Every limit
    // counts from there too, pondering included: a ponder hit credits the time already spent.
    int64_t elapsed_ms() const;
    int64_t elapsed_us() const;
    // `nodes` per second since the search began, from the time in microseconds.
    uint64_t per_second(uint64_t nodes) const {
        return nodes * 1'000'000 / static_cast<uint64_t>(std::max<int64_t>(1, elapsed_us()));
    }
    // The side to move has one legal move: the search only looks for the reply to ponder on, so
    // a clock's plan (not a fixed movetime) shrinks to a tenth, and its hard limit with it.
    void forced_move();
    // After an iteration: whether starting another is worth it.
    bool stop_iterating(double stability_factor) const;
    // At any node: whether the hard limit has passed.
    bool out_of_time() const { return limited_ && elapsed_ms() >= maximum_ms_; }
    // After a ponder hit: whether the planned time is already spent (answer at once).
    bool past_optimum() const { return limited_ && elapsed_ms() >= optimum_ms_; }
    // When the hard limit passes; none without one.
    std::optional<Clock::time_point> hard_deadline() const;
    // The planned thinking time and the hard limit in ms (0 without a time limit).
    int64_t optimum_ms() const { return limited_ ? optimum_ms_ : 0; }
    int64_t maximum_ms() const { return limited_ ? maximum_ms_ : 0; }

  private:
    Clock::time_point start_;
    bool limited_ = false;
    bool fixed_ = false;  // movetime: think for exactly that long
    int64_t optimum_ms_ = 0;
    int64_t maximum_ms_ = 0;
};

}  // namespace branan
