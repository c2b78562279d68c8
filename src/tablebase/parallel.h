// SPDX-License-Identifier: GPL-3.0-or-later
// parallel_for: `threads` std::threads share the numbers 0..count-1 in chunks.
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace branan::tablebase {

// Calls work(thread, begin, end) on consecutive ranges covering [0, count), from `threads`
// threads (numbered 0..threads-1), and returns when all are done.
template <class Work>
void parallel_for(uint64_t count, int threads, Work&& work) {
    constexpr uint64_t kChunk = 4096;
    std::atomic<uint64_t> next{0};
    auto run = [&](int thread) {
        for (;;) {
            const uint64_t begin = next.fetch_add(kChunk);
            if (begin >= count) return;
            work(thread, begin, std::min(count, begin + kChunk));
        }
    };
    if (threads <= 1) {
        run(0);
        return;
    }
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(run, t);
    for (auto& t : pool) t.join();
}

}  // namespace branan::tablebase
