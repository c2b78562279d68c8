// SPDX-License-Identifier: GPL-3.0-or-later
// The search's persistent helper threads: every helper runs each task once, wait() returns
// only when all have finished, the same threads serve search after search, and resizing
// between tasks gives the new count.
#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "catch.h"
#include "engine/thread_pool.h"

using namespace branan;

TEST_CASE("thread pool: each helper runs each task once, and wait() waits for all", "[threads]") {
    ThreadPool pool;
    pool.resize(5, false);
    REQUIRE(pool.size() == 5);
    std::set<std::thread::id> first_ids;
    for (int round = 0; round < 50; ++round) {
        std::vector<std::atomic<int>> runs(5);
        std::mutex m;
        std::set<std::thread::id> ids;
        pool.start([&](int i) {
            std::this_thread::sleep_for(std::chrono::microseconds(100 * i));
            ++runs[i];
            std::lock_guard lock(m);
            ids.insert(std::this_thread::get_id());
        });
        pool.wait();
        for (int i = 0; i < 5; ++i) CHECK(runs[i] == 1);
        CHECK(ids.size() == 5);
        CHECK_FALSE(ids.count(std::this_thread::get_id()));
        // The same threads every time: none is made per task.
        if (round == 0) first_ids = ids;
        CHECK(ids == first_ids);
    }
}

TEST_CASE("thread pool: resized between tasks, with and without low priority", "[threads]") {
    ThreadPool pool;
    for (int n : {3, 0, 8, 8, 1}) {
        pool.resize(n, n == 8);
        CHECK(pool.size() == n);
        std::atomic<int> total{0};
        pool.start([&](int i) { total += i + 1; });
        pool.wait();
        CHECK(total == n * (n + 1) / 2);
    }
    pool.wait();  // nothing running: returns at once
    // A task started right after a resize reaches every new thread, even one that has not yet
    // run at all (a new thread that took the then generation as its own missed it, and wait()
    // never returned).
    for (int round = 0; round < 300; ++round) {
        const int n = 1 + round % 4;
        pool.resize(n, false);
        std::atomic<int> ran{0};
        pool.start([&](int) { ++ran; });
        pool.wait();
        REQUIRE(ran == n);
    }
}
