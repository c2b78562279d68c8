// SPDX-License-Identifier: GPL-3.0-or-later
// The search's helper threads, kept from one search to the next: a search hands every helper
// a task and waits until all have finished it. Threads are created only when their number or
// priority changes, not on every go (63 threads made and torn down per search cost time at
// the start and end of each, with their stacks mapped and unmapped).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace branan {

class ThreadPool {
  public:
    ThreadPool() = default;
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    // `n` helper threads; with `low_priority`, each runs at the lowest scheduling priority
    // (Linux: SCHED_IDLE, else nice 19; per thread), so that the threads that must answer at once
    // (commands, the clock, the main search thread) are scheduled first when there are more threads
    // than cores. Only between tasks (after wait()).
    void resize(int n, bool low_priority);
    int size() const { return static_cast<int>(threads_.size()); }

    // Runs task(i) on helper i (0-based), for every helper; returns at once. Only between
    // tasks (after wait()).
    void start(std::function<void(int)> task);
    // Until every helper has finished the task of the last start().
    void wait();

  private:
    // A helper's life: runs each task started after generation `seen`, until quit_.
    void loop(int index, bool low_priority, uint32_t seen);
    void join_all();

    // No mutex: a helper holding one while the scheduler runs its 62 siblings first (at nice
    // 19, on 2 cores) held up the end of every search by about 15 ms. The helpers sleep on
    // generation_ and the caller of wait() on busy_ (futexes, through std::atomic::wait).
    std::vector<std::thread> threads_;
    bool low_priority_ = false;
    std::function<void(int)> task_;        // written only while no helper runs a task
    std::atomic<uint32_t> generation_{0};  // one per start(), and one to quit
    std::atomic<int> busy_{0};             // helpers still running the task
    std::atomic<bool> quit_{false};
};

}  // namespace branan
