// SPDX-License-Identifier: GPL-3.0-or-later
// The time manager: the plan from a move time or a clock, and the limits, counted from the start.
#include "catch.h"
#include "engine/timeman.h"

using namespace branan;
using std::chrono::milliseconds;

namespace {

SearchLimits clock_limits(std::optional<int64_t> attackers, std::optional<int64_t> defenders,
                          int64_t inc = 0, int moves_to_go = 0) {
    SearchLimits l;
    l.attackers_time = attackers;
    l.defenders_time = defenders;
    l.attackers_inc = l.defenders_inc = inc;
    l.moves_to_go = moves_to_go;
    return l;
}

}  // namespace

TEST_CASE("timeman: movetime is the whole time, less the overhead", "[timeman]") {
    TimeManager tm;
    SearchLimits l;
    l.move_time = 1000;
    const auto now = Clock::now();
    tm.start(l, Side::Attackers, 30, now);
    CHECK(tm.optimum_ms() == 970);
    CHECK(tm.maximum_ms() == 970);
    REQUIRE(tm.hard_deadline());
    CHECK(*tm.hard_deadline() == now + milliseconds(970));
    CHECK_FALSE(tm.out_of_time());
    CHECK_FALSE(tm.stop_iterating(0.5));  // a fixed time is used whole

    l.move_time = 10;  // less than the overhead: still 1 ms
    tm.start(l, Side::Attackers, 30, now);
    CHECK(tm.maximum_ms() == 1);
}

TEST_CASE("timeman: the plan from the side to move's clock", "[timeman]") {
    TimeManager tm;
    const auto now = Clock::now();
    // left 40000 - 0, 40 moves: target 1000 + 3/4 * 400 = 1300, hard min(13333, 6500)
    tm.start(clock_limits(40000, 1000, 400), Side::Attackers, 0, now);
    CHECK(tm.optimum_ms() == 1300);
    CHECK(tm.maximum_ms() == 6500);
    // the defenders' clock for the defenders, with movestogo 10: left 970 / 10 + 300 = 397,
    // hard min(323, 1985) = 323, and the target capped at it
    tm.start(clock_limits(40000, 1000, 400, 10), Side::Defenders, 30, now);
    CHECK(tm.maximum_ms() == 970 / 3);
    CHECK(tm.optimum_ms() == 970 / 3);
    // movestogo above 40 counts as 40
    tm.start(clock_limits(40000, 40000, 0, 1000), Side::Attackers, 0, now);
    CHECK(tm.optimum_ms() == 1000);
    // a flag fallen (clock 0): at least 1 ms
    tm.start(clock_limits(0, 0), Side::Attackers, 30, now);
    CHECK(tm.optimum_ms() == 1);
    CHECK(tm.maximum_ms() == 1);
}

TEST_CASE("timeman: no limit of one's own, no deadline", "[timeman]") {
    TimeManager tm;
    const auto now = Clock::now() - std::chrono::hours(1);
    tm.start(clock_limits(std::nullopt, 5000), Side::Attackers, 0, now);  // only the other clock
    CHECK_FALSE(tm.hard_deadline());
    CHECK_FALSE(tm.out_of_time());
    CHECK_FALSE(tm.stop_iterating(1.0));
    SearchLimits infinite = clock_limits(5000, 5000);
    infinite.infinite = true;
    infinite.move_time = 100;
    tm.start(infinite, Side::Attackers, 0, now);
    CHECK_FALSE(tm.hard_deadline());
    CHECK_FALSE(tm.out_of_time());
}

TEST_CASE("timeman: elapsed time against the plan, counted from the start", "[timeman]") {
    TimeManager tm;
    // target 1000, hard 5000; started 2 s ago: past half the target and the target itself, not
    // past the hard limit
    const auto now = Clock::now();
    tm.start(clock_limits(40000, 40000), Side::Attackers, 0, now - milliseconds(2000));
    CHECK(tm.stop_iterating(1.0));
    CHECK(tm.past_optimum());
    CHECK_FALSE(tm.out_of_time());
    CHECK(tm.elapsed_ms() >= 2000);
    // started 0.3 s ago: the target is not spent yet
    tm.start(clock_limits(40000, 40000), Side::Attackers, 0, now - milliseconds(300));
    CHECK_FALSE(tm.past_optimum());
    CHECK_FALSE(tm.stop_iterating(1.0));
    // 6 s ago (a ponder search of 6 s, say): the hard limit, counted from the start, has passed
    const auto started = now - milliseconds(6000);
    tm.start(clock_limits(40000, 40000), Side::Attackers, 0, started);
    CHECK(tm.out_of_time());
    CHECK(*tm.hard_deadline() == started + milliseconds(5000));
    // without a clock of one's own, no limit of any kind
    tm.start(SearchLimits{}, Side::Attackers, 0, started);
    CHECK_FALSE(tm.past_optimum());
    CHECK_FALSE(tm.out_of_time());
}

TEST_CASE("timeman: a forced move shrinks a clock's plan, not a fixed move time", "[timeman]") {
    TimeManager tm;
    const auto now = Clock::now();
    tm.start(clock_limits(40000, 1000, 400), Side::Attackers, 0, now);  // 1300 / 6500, as above
    tm.forced_move();
    CHECK(tm.optimum_ms() == 130);
    CHECK(tm.maximum_ms() == 650);
    REQUIRE(tm.hard_deadline());
    CHECK(*tm.hard_deadline() == now + milliseconds(650));
    // a small hard limit is kept when five times the new plan is more
    tm.start(clock_limits(40000, 1000, 400, 10), Side::Defenders, 30, now);  // 323 / 323
    tm.forced_move();
    CHECK(tm.optimum_ms() == 32);
    CHECK(tm.maximum_ms() == 160);
    SearchLimits fixed;
    fixed.move_time = 1000;
    tm.start(fixed, Side::Attackers, 30, now);
    tm.forced_move();
    CHECK(tm.optimum_ms() == 970);
    CHECK(tm.maximum_ms() == 970);
    SearchLimits infinite;
    infinite.infinite = true;
    tm.start(infinite, Side::Attackers, 30, now);
    tm.forced_move();
    CHECK_FALSE(tm.hard_deadline());
}
