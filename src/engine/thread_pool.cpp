// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/thread_pool.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cassert>

namespace branan {
namespace {

// The lowest scheduling class a thread may put itself in: SCHED_IDLE (Linux), which runs only
// when no ordinary thread wants the core; else nice 19. At nice 19 each helper still weighs
// 15/1024 of an ordinary thread, so 255 of them outweighed the main search thread nearly four
// to one and the answer to `go movetime 500` came after up to 0.9 s on 2 cores.
void lower_own_priority() {
#ifdef SCHED_IDLE
    const sched_param idle{};
    if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) == 0) return;
#endif
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
}

}  // namespace

ThreadPool::~ThreadPool() {
    wait();
    join_all();
}

void ThreadPool::join_all() {
    quit_ = true;
    generation_.fetch_add(1);
    generation_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
    quit_ = false;
}

void ThreadPool::resize(int n, bool low_priority) {
    assert(busy_ == 0);
    if (n == size() && low_priority == low_priority_) return;
    join_all();
    low_priority_ = low_priority;
    // The new threads wait for the next start(): they are told the generation of now, since a
    // start() may come before one of them first runs.
    for (int i = 0; i < n; ++i)
        threads_.emplace_back(&ThreadPool::loop, this, i, low_priority, generation_.load());
}

void ThreadPool::start(std::function<void(int)> task) {
    assert(busy_ == 0);
    task_ = std::move(task);
    busy_ = size();
    generation_.fetch_add(1);  // publishes task_ and busy_ to the helpers that see it
    generation_.notify_all();
}

void ThreadPool::wait() {
    for (int busy = busy_.load(); busy != 0; busy = busy_.load()) busy_.wait(busy);
}

void ThreadPool::loop(int index, bool low_priority, uint32_t seen) {
    if (low_priority) lower_own_priority();
    for (;;) {
        generation_.wait(seen);
        seen = generation_.load();
        if (quit_) return;
        task_(index);
        if (busy_.fetch_sub(1) == 1) busy_.notify_all();
    }
}

}  // namespace branan
