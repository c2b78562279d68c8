// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/timeman.h"

#include <algorithm>

namespace branan {

void TimeManager::start(const SearchLimits& limits, Side side, int64_t overhead_ms,
                        Clock::time_point now) {
    start_ = now;
    limited_ = fixed_ = false;
    if (limits.infinite) return;
    if (limits.move_time > 0) {
        limited_ = fixed_ = true;
        optimum_ms_ = maximum_ms_ = std::max<int64_t>(1, limits.move_time - overhead_ms);
        return;
    }
    const auto& clock = side == Side::Attackers ? limits.attackers_time : limits.defenders_time;
    if (!clock) return;
    limited_ = true;
    const int64_t inc = side == Side::Attackers ? limits.attackers_inc : limits.defenders_inc;
    const int64_t left = std::max<int64_t>(1, *clock - overhead_ms);
    // Tafl games run long: plan for 40 more moves unless told, and spend most of the increment.
    const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 40;
    optimum_ms_ = std::max<int64_t>(1, left / moves + inc * 3 / 4);
    maximum_ms_ = std::max<int64_t>(1, std::min(left / 3, optimum_ms_ * 5));
    optimum_ms_ = std::min(optimum_ms_, maximum_ms_);
}

int64_t TimeManager::elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

int64_t TimeManager::elapsed_us() const {
    return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count();
}

std::optional<Clock::time_point> TimeManager::hard_deadline() const {
    if (!limited_) return std::nullopt;
    return start_ + std::chrono::milliseconds(maximum_ms_);
}

void TimeManager::forced_move() {
    if (!limited_ || fixed_) return;
    optimum_ms_ = std::max<int64_t>(1, optimum_ms_ / 10);
    maximum_ms_ = std::min(maximum_ms_, optimum_ms_ * 5);
}

bool TimeManager::stop_iterating(double stability_factor) const {
    return limited_ && !fixed_ &&
           elapsed_ms() >= static_cast<int64_t>(optimum_ms_ * 0.5 * stability_factor);
}

}  // namespace branan
