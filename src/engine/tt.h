// SPDX-License-Identifier: GPL-3.0-or-later
// The transposition table: clusters of four 16-byte entries, one cache line each, shared by all
// search threads without locks. Each entry stores key ^ data beside data, so a torn write by two
// threads reads back as a miss instead of a wrong hit.
//
// The memory is mapped from the system (zero-filled by the kernel on first touch), so that
// allocating even gigabytes returns at once; a background thread then faults the pages in, so
// that the first search does not pay for them one by one.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <thread>

#include "core/types.h"
#include "engine/score.h"

namespace branan {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// TTData::eval of a node that made no static evaluation (search.cpp: a threatened one).
constexpr Score kNoEval = -32768;  // the 16 bits of the entry's eval field hold it

struct TTData {
    Move move;
    Score score = 0;
    Score eval = 0;
    int depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
  public:
    static constexpr size_t kDefaultMegabytes = 16;
    // A table of `megabytes` (at least 1) if resize would give it, else of the default size: a
    // caller that must know calls resize with the same size, which then has nothing to do. So a
    // program that knows its size at start writes its table once, not the default's first.
    explicit TranspositionTable(size_t megabytes = kDefaultMegabytes);
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Sets the size in MiB (at least 1); the table is empty afterwards. The size it has already:
    // nothing to do (the contents stay). The old table is released before the new one is mapped,
    // so the two never take memory together. False when the size is more than half the
    // machine's memory (the table unchanged) or cannot be mapped (the table is then re-made at
    // its old size, empty; if even that fails, at the largest power of two below it that can be
    // had). Not while a search runs.
    bool resize(size_t megabytes);
    // False for a table of more than half the machine's memory: once the search had written
    // through it, it would push everything else out (or get the process killed).
    static bool fits_in_memory(size_t megabytes);
    // Empties the table: zeroes it where its pages are in memory (small tables, or large ones
    // faulted in already); otherwise hands the pages back to the kernel, which zero-fills them
    // again (faulted in anew in the background), rather than faulting them in here.
    // Not while a search runs.
    void clear();
    // A search is about to start: a table still being brought into memory in the background
    // stops being so (within one 8 MiB chunk), and the search faults in the pages it touches.
    // The two together held a 64-thread search's start up by seconds, the new threads' stacks
    // waiting for the memory map behind the background thread's chunks.
    void before_search() { stop_prefault(); }
    // A new search: entries of older searches become the first to be replaced.
    void new_search() { generation_ = (generation_ + 1) & kGenerationMask; }

    bool probe(uint64_t key, TTData& out) const;
    // Starts loading the cluster of `key` into the cache (a child's, right after its move is
    // made: the load then overlaps the work before the child's probe).
    void prefetch(uint64_t key) const { __builtin_prefetch(&cluster_for(key)); }
    void store(uint64_t key, const TTData& data);
    // Permille of sampled entries written during the current search.
    int hashfull() const;
    size_t megabytes() const { return megabytes_; }

    // The 64-bit layout of an entry's data, and its generation bits (for tests); the bits of the
    // move that do not fit it (move_overflow) go with the key into the check word.
    static uint64_t pack(const TTData& d, uint8_t generation);
    static uint64_t move_overflow(Move m);
    static TTData unpack(uint64_t data, uint64_t overflow = 0);

  private:
    // Data layout (64 bits):
    //   bits  0-15 move (from << 8 | to, bits 0-7 of each square)
    //   bits 16-31 score   bits 32-47 eval   bits 48-55 depth + 1
    //   bits 56-57 bound   bits 58-63 generation
    // The check word is key ^ data ^ overflow, the overflow being bit 8 of from (at bit 62) and
    // of to (at bit 63): squares 256 and up, on 17x17 and 19x19 boards. On smaller boards it is 0.
    // Plain words in mapped memory, read and written through std::atomic_ref (relaxed).
    struct Entry {
        uint64_t check;  // key ^ data
        uint64_t data;
    };
    static constexpr int kClusterSize = 4;
    struct alignas(64) Cluster {
        Entry entries[kClusterSize];
    };
    static_assert(sizeof(Cluster) == 64, "a cluster is one cache line");
    static constexpr uint8_t kGenerationMask = 63;

    Cluster& cluster_for(uint64_t key) const {
        const auto index =
            static_cast<size_t>((static_cast<unsigned __int128>(key) * cluster_count_) >> 64);
        return clusters_[index];
    }
    static std::optional<uint64_t> overflow_if_holds(uint64_t check, uint64_t data, uint64_t key);
    // Maps `megabytes` of zeroed memory as the table, faulted in at once up to 64 MiB (tt.cpp,
    // kZeroInPlaceBytes) and above that by start_prefault; false (and no table) when it cannot.
    bool map(size_t megabytes);
    void unmap();
    // Faults a large table's pages in on a thread of its own, without changing their contents
    // (MADV_POPULATE_WRITE), so searches may use the table meanwhile; stopped before the
    // mapping changes. A hint: where the kernel does not have it, pages fault in when used.
    void start_prefault();
    void stop_prefault();

    void* mapping_ = nullptr;  // what mmap gave: the table starts at its first huge-page boundary
    size_t mapped_bytes_ = 0;
    Cluster* clusters_ = nullptr;
    std::thread prefault_;
    std::atomic<bool> stop_prefault_{false};
    std::atomic<bool> prefaulted_{false};  // every page of the table is in memory
    size_t cluster_count_ = 0;
    size_t megabytes_ = 0;
    uint8_t generation_ = 0;
};

// Mate scores are stored relative to the node, not the root.
inline Score score_to_tt(Score s, int ply) {
    return s >= kScoreMateBound ? s + ply : s <= -kScoreMateBound ? s - ply : s;
}
inline Score score_from_tt(Score s, int ply) {
    return s >= kScoreMateBound ? s - ply : s <= -kScoreMateBound ? s + ply : s;
}

}  // namespace branan
