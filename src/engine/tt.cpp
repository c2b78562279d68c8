#include "engine/tt.h"

#include <unistd.h>

#include <algorithm>
#include <new>

namespace branan {

TranspositionTable::TranspositionTable() {
    resize(16);
}
TranspositionTable::~TranspositionTable() = default;

bool TranspositionTable::resize(size_t megabytes) {
    megabytes = std::max<size_t>(megabytes, 1);
    // The table is written through at once: more than half the machine's memory would push
    // everything else out (or get the process killed), so it is refused.
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page_size > 0 &&
        megabytes * 1024 * 1024 > static_cast<size_t>(pages) * static_cast<size_t>(page_size) / 2)
        return false;
    const size_t count = megabytes * 1024 * 1024 / sizeof(Cluster);
    std::unique_ptr<Cluster[]> table(new (std::nothrow) Cluster[count]);
    if (!table) return false;  // the old table stays
    clusters_ = std::move(table);
    cluster_count_ = count;
    megabytes_ = megabytes;
    generation_ = 0;
    return true;
}

void TranspositionTable::clear() {
    for (size_t i = 0; i < cluster_count_; ++i)
        for (auto& e : clusters_[i].entries) {
            e.check.store(0, std::memory_order_relaxed);
            e.data.store(0, std::memory_order_relaxed);
        }
    generation_ = 0;
}

TranspositionTable::Cluster& TranspositionTable::cluster_for(uint64_t key) const {
    const auto index =
        static_cast<size_t>((static_cast<unsigned __int128>(key) * cluster_count_) >> 64);
    return clusters_[index];
}

uint64_t TranspositionTable::pack(const TTData& d, uint8_t generation) {
    const uint64_t move = static_cast<uint64_t>(d.move.from) << 8 | d.move.to;
    return move | static_cast<uint64_t>(static_cast<uint16_t>(d.score)) << 16 |
           static_cast<uint64_t>(static_cast<uint16_t>(d.eval)) << 32 |
           static_cast<uint64_t>(std::clamp(d.depth + 1, 0, 255)) << 48 |
           static_cast<uint64_t>(d.bound) << 56 | static_cast<uint64_t>(generation) << 58;
}

TTData TranspositionTable::unpack(uint64_t data) {
    TTData d;
    d.move = Move{static_cast<uint8_t>(data >> 8), static_cast<uint8_t>(data)};
    d.score = static_cast<int16_t>(data >> 16);
    d.eval = static_cast<int16_t>(data >> 32);
    d.depth = static_cast<int>((data >> 48) & 255) - 1;
    d.bound = static_cast<Bound>((data >> 56) & 3);
    return d;
}

bool TranspositionTable::probe(uint64_t key, TTData& out) const {
    for (const Entry& e : cluster_for(key).entries) {
        const uint64_t data = e.data.load(std::memory_order_relaxed);
        if (data && (e.check.load(std::memory_order_relaxed) ^ data) == key) {
            out = unpack(data);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(uint64_t key, const TTData& d) {
    Cluster& c = cluster_for(key);
    // Replace the entry with this key, else the one least worth keeping: shallow and old.
    Entry* victim = &c.entries[0];
    int victim_worth = 1 << 30;
    for (Entry& e : c.entries) {
        const uint64_t data = e.data.load(std::memory_order_relaxed);
        if (!data || (e.check.load(std::memory_order_relaxed) ^ data) == key) {
            victim = &e;
            // Keep a deeper result for the same key unless the new one is exact.
            if (data && d.bound != Bound::Exact && unpack(data).depth > d.depth + 2 &&
                ((data >> 58) & kGenerationMask) == generation_) {
                TTData kept = unpack(data);
                if (kept.move == Move{} && !(d.move == Move{})) {
                    kept.move = d.move;
                    const uint64_t repacked = pack(kept, generation_);
                    e.data.store(repacked, std::memory_order_relaxed);
                    e.check.store(key ^ repacked, std::memory_order_relaxed);
                }
                return;
            }
            break;
        }
        const int age =
            (generation_ - static_cast<int>((data >> 58) & kGenerationMask)) & kGenerationMask;
        const int worth = static_cast<int>((data >> 48) & 255) - 8 * age;
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = &e;
        }
    }
    const uint64_t packed = pack(d, generation_);
    victim->data.store(packed, std::memory_order_relaxed);
    victim->check.store(key ^ packed, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const size_t sample = std::min<size_t>(cluster_count_, 250);
    for (size_t i = 0; i < sample; ++i)
        for (const Entry& e : clusters_[i].entries) {
            const uint64_t data = e.data.load(std::memory_order_relaxed);
            used += data && ((data >> 58) & kGenerationMask) == generation_;
        }
    return static_cast<int>(used * 1000 / (sample * kClusterSize));
}

}  // namespace branan
