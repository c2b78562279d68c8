// SPDX-License-Identifier: GPL-3.0-or-later
// The df-pn solver's transposition table: (proof, disproof) numbers by Zobrist key, in clusters
// of four entries of a fixed-size table. A new entry replaces the one of its cluster with the
// least work (the nodes searched below it), so that hard-won results stay longest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace branan::solver {

// pn/dn of a decided node: 0 on the side that won, kInfinity on the other.
constexpr uint32_t kInfinity = 1u << 30;

// a + b, at most kInfinity.
constexpr uint32_t saturated_sum(uint64_t a, uint64_t b) {
    return a + b >= kInfinity ? kInfinity : static_cast<uint32_t>(a + b);
}

struct ProofNumbers {
    uint32_t pn = 1;
    uint32_t dn = 1;
};

class ProofTable {
  public:
    // A table of `megabytes` MiB (at least one cluster), empty.
    explicit ProofTable(size_t megabytes);

    // The numbers stored for `key`, or false.
    bool probe(uint64_t key, ProofNumbers& out) const;
    // Stores the numbers of `key` found with `work` nodes of search.
    void store(uint64_t key, ProofNumbers numbers, uint64_t work);
    // Forgets `key` (a result found not to hold where it was looked up).
    void erase(uint64_t key);
    // Empties the table; a table with nothing stored since it was made or last emptied is left
    // as it is (so a solve of a few nodes does not write, and fault in, the whole table).
    void clear();
    // Asks the processor to bring the entries of `key` into its cache (for a probe soon after).
    void prefetch(uint64_t key) const {
        const Entry* c = cluster(key);
        __builtin_prefetch(c);
        __builtin_prefetch(c + kClusterSize - 1);
    }

    // The table's size in entries (a checkpoint is only loaded into a table of the same size).
    size_t capacity() const { return size_; }
    // Calls f(key, numbers, work) for every entry in use, in table order.
    template <class F>
    void for_each(F f) const {
        for (size_t i = 0; i < size_; ++i)
            if (const Entry& e = entries_[i]; e.work) f(e.key, ProofNumbers{e.pn, e.dn}, e.work);
    }

  private:
    struct Entry {
        uint64_t key = 0;
        uint32_t pn = 0, dn = 0;
        uint32_t work = 0;  // 0: empty
    };
    static constexpr size_t kClusterSize = 4;
    Entry* cluster(uint64_t key) { return &entries_[(key & mask_) * kClusterSize]; }
    const Entry* cluster(uint64_t key) const { return &entries_[(key & mask_) * kClusterSize]; }

    // Zeroed memory from calloc: the kernel's zero pages, faulted in only where entries are
    // written, so that a solve of a few nodes does not pay for the whole table (an all-zero
    // Entry is an empty one).
    struct Free {
        void operator()(Entry* p) const { std::free(p); }
    };
    std::unique_ptr<Entry[], Free> entries_;
    size_t size_ = 0;
    uint64_t mask_ = 0;     // clusters - 1 (a power of two)
    bool written_ = false;  // an entry stored since the table was made or emptied
};

}  // namespace branan::solver
