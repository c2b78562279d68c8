// The transposition table: clusters of four 16-byte entries, one cache line each, shared by all
// search threads without locks. Each entry stores key ^ data beside data, so a torn write by two
// threads reads back as a miss instead of a wrong hit.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "core/types.h"
#include "engine/score.h"

namespace branan {

enum class Bound : uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TTData {
    Move move;
    Score score = 0;
    Score eval = 0;
    int depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
  public:
    TranspositionTable();
    ~TranspositionTable();
    // Sets the size in MiB (at least 1) and clears the table; false (and the table unchanged)
    // when the memory cannot be had or is more than half the machine's.
    bool resize(size_t megabytes);
    void clear();
    // A new search: entries of older searches become the first to be replaced.
    void new_search() { generation_ = (generation_ + 1) & kGenerationMask; }

    bool probe(uint64_t key, TTData& out) const;
    void store(uint64_t key, const TTData& data);
    // Permille of sampled entries written during the current search.
    int hashfull() const;
    size_t megabytes() const { return megabytes_; }

  private:
    // Data layout (64 bits):
    //   bits  0-15 move (from << 8 | to)   bits 16-31 score   bits 32-47 eval
    //   bits 48-55 depth + 1               bits 56-57 bound   bits 58-63 generation
    struct Entry {
        std::atomic<uint64_t> check{0};  // key ^ data
        std::atomic<uint64_t> data{0};
    };
    static constexpr int kClusterSize = 4;
    struct alignas(64) Cluster {
        Entry entries[kClusterSize];
    };
    static_assert(sizeof(Cluster) == 64, "a cluster is one cache line");
    static constexpr uint8_t kGenerationMask = 63;

    static uint64_t pack(const TTData& d, uint8_t generation);
    static TTData unpack(uint64_t data);
    Cluster& cluster_for(uint64_t key) const;

    std::unique_ptr<Cluster[]> clusters_;
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
