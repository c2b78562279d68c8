#include "engine/thread_pool.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace branan {

ThreadPool::~ThreadPool() {
    wait();
    join_all();
}

void ThreadPool::join_all() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
    }
    work_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
    quit_ = false;
}

void ThreadPool::resize(int n, bool low_priority) {
    if (n == size() && low_priority == low_priority_) return;
    join_all();
    low_priority_ = low_priority;
    // The new threads wait for the next start(): they are told the generation of now, since a
    // start() may come before one of them first takes the lock.
    std::lock_guard lock(mutex_);
    for (int i = 0; i < n; ++i)
        threads_.emplace_back(&ThreadPool::loop, this, i, low_priority, generation_);
}

void ThreadPool::start(std::function<void(int)> task) {
    {
        std::lock_guard lock(mutex_);
        task_ = std::move(task);
        busy_ = size();
        ++generation_;
    }
    work_.notify_all();
}

void ThreadPool::wait() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
}

void ThreadPool::loop(int index, bool low_priority, uint64_t seen) {
    if (low_priority) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
    std::unique_lock lock(mutex_);
    for (;;) {
        work_.wait(lock, [&] { return quit_ || generation_ != seen; });
        if (quit_) return;
        seen = generation_;
        const std::function<void(int)> task = task_;
        lock.unlock();
        task(index);
        lock.lock();
        if (--busy_ == 0) done_.notify_all();
    }
}

}  // namespace branan
