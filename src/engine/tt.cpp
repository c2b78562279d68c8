// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/tt.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <new>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older C libraries lack the name
#endif

namespace branan {
namespace {

// Tables up to this size are faulted in when mapped, by writing their zeros (some ms), and
// clear() zeroes them in place. Left to fault in as the search first touches them, their pages
// cost two search threads five times the system time they cost one (0.3 s against 0.06 s in a
// 1 s Copenhagen search of a fresh `branan analyse --hash 64`): a fresh process's 2-thread
// time to depth was 1.46x, against 1.57x to 1.77x with the table faulted in ahead (README,
// "Threads"). Larger tables fault in on a thread of their own (start_prefault), so that setting
// the size does not wait for them.
constexpr size_t kZeroInPlaceBytes = size_t(64) << 20;
constexpr size_t kHugePageBytes = size_t(2) << 20;

// Relaxed atomic access to the table's words (atomic_ref<const T> is C++26: the cast only lets
// a reader use the same accessor).
uint64_t load(const uint64_t& word) {
    return std::atomic_ref<uint64_t>(const_cast<uint64_t&>(word)).load(std::memory_order_relaxed);
}
void store_word(uint64_t& word, uint64_t value) {
    std::atomic_ref<uint64_t>(word).store(value, std::memory_order_relaxed);
}

}  // namespace

TranspositionTable::TranspositionTable(size_t megabytes) {
    megabytes = std::max<size_t>(megabytes, 1);
    if (!(fits_in_memory(megabytes) && map(megabytes)) && !map(kDefaultMegabytes))
        throw std::bad_alloc();
}
TranspositionTable::~TranspositionTable() {
    unmap();
}

bool TranspositionTable::map(size_t megabytes) {
    const size_t bytes = megabytes << 20;
    // One huge page more than the table, so that the table can start on a huge page's boundary
    // and the kernel back a table zeroed in place with transparent huge pages (2 MiB on x86-64)
    // where it allows them on request (the usual `madvise` setting): a probe at a random cluster
    // then seldom misses the TLB (a Copenhagen search 5% faster at 16 MiB). Not the larger
    // tables: each huge page may first need the kernel to compact memory, and a fresh 4 GiB
    // table took 11 s to bring in on a loaded machine (a search faulting them in itself reached
    // depth 3 in 0.5 s); their 4 KiB pages come in within a second.
    const size_t mapped = bytes + kHugePageBytes;
    void* raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return false;
    mapping_ = raw;
    mapped_bytes_ = mapped;
    const auto aligned = (reinterpret_cast<uintptr_t>(raw) + kHugePageBytes - 1) &
                         ~static_cast<uintptr_t>(kHugePageBytes - 1);
    void* memory = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
    if (bytes <= kZeroInPlaceBytes) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint
#endif
    clusters_ = static_cast<Cluster*>(memory);
    cluster_count_ = bytes / sizeof(Cluster);
    megabytes_ = megabytes;
    generation_ = 0;
    if (bytes <= kZeroInPlaceBytes) {
        std::memset(memory, 0, bytes);
        prefaulted_ = true;
    } else {
        start_prefault();
    }
    return true;
}

void TranspositionTable::start_prefault() {
    const size_t bytes = megabytes_ << 20;
    assert(bytes > kZeroInPlaceBytes);
    prefaulted_ = false;
    stop_prefault_ = false;
    prefault_ = std::thread([this, memory = reinterpret_cast<char*>(clusters_), bytes] {
        // In chunks, so that the memory map's lock is held briefly (thread creation needs it).
        constexpr size_t kChunk = size_t(8) << 20;
        for (size_t done = 0; done < bytes; done += kChunk)
            if (stop_prefault_.load() ||
                madvise(memory + done, std::min(kChunk, bytes - done), MADV_POPULATE_WRITE) != 0)
                return;  // stopped, an older kernel, or no memory now: pages fault in when used
        prefaulted_ = true;
    });
}

void TranspositionTable::stop_prefault() {
    stop_prefault_ = true;
    if (prefault_.joinable()) prefault_.join();
}

void TranspositionTable::unmap() {
    stop_prefault();
    if (mapping_) munmap(mapping_, mapped_bytes_);
    mapping_ = nullptr;
    mapped_bytes_ = 0;
    clusters_ = nullptr;
    cluster_count_ = megabytes_ = 0;
}

bool TranspositionTable::resize(size_t megabytes) {
    megabytes = std::max<size_t>(megabytes, 1);
    if (clusters_ && megabytes == megabytes_) return true;
    if (!fits_in_memory(megabytes)) return false;
    const size_t old = megabytes_;
    unmap();
    if (map(megabytes)) return true;
    for (size_t mb = old; mb >= 1; mb = mb == 1 ? 0 : std::bit_floor(mb - 1))
        if (map(mb)) return false;
    throw std::bad_alloc();  // not even 1 MiB: nothing can work
}

bool TranspositionTable::fits_in_memory(size_t megabytes) {
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    return pages <= 0 || page_size <= 0 ||
           (megabytes << 20) <= static_cast<size_t>(pages) * static_cast<size_t>(page_size) / 2;
}

void TranspositionTable::clear() {
    stop_prefault();
    const size_t bytes = megabytes_ << 20;
    // In memory already (every table up to kZeroInPlaceBytes, and a larger one whose pages its
    // thread has faulted in): zeroed in place, rather than handed back and faulted in again.
    if (prefaulted_.load() || madvise(clusters_, bytes, MADV_DONTNEED) != 0) {
        std::memset(static_cast<void*>(clusters_), 0, bytes);
    } else {
        start_prefault();
    }
    generation_ = 0;
}

uint64_t TranspositionTable::pack(const TTData& d, uint8_t generation) {
    const uint64_t move = static_cast<uint64_t>(d.move.from & 255) << 8 | (d.move.to & 255);
    return move | static_cast<uint64_t>(static_cast<uint16_t>(d.score)) << 16 |
           static_cast<uint64_t>(static_cast<uint16_t>(d.eval)) << 32 |
           static_cast<uint64_t>(std::clamp(d.depth + 1, 0, 255)) << 48 |
           static_cast<uint64_t>(d.bound) << 56 | static_cast<uint64_t>(generation) << 58;
}

uint64_t TranspositionTable::move_overflow(Move m) {
    return static_cast<uint64_t>(m.from >> 8) << 62 | static_cast<uint64_t>(m.to >> 8) << 63;
}

TTData TranspositionTable::unpack(uint64_t data, uint64_t overflow) {
    TTData d;
    d.move = Move{static_cast<uint16_t>((data >> 8 & 255) | (overflow >> 62 & 1) << 8),
                  static_cast<uint16_t>((data & 255) | (overflow >> 63) << 8)};
    d.score = static_cast<int16_t>(data >> 16);
    d.eval = static_cast<int16_t>(data >> 32);
    d.depth = static_cast<int>((data >> 48) & 255) - 1;
    d.bound = static_cast<Bound>((data >> 56) & 3);
    return d;
}

// The overflow bits of an entry's move if the entry holds `key` (check = key ^ data ^ overflow
// agrees with key on bits 0-61; bits 62-63 are then the overflow), else nothing. Two keys of one
// cluster that agree on bits 0-61 are the same key: they would differ by 2^62 or more, and a
// cluster covers keys within 2^64 / cluster_count_ of each other (a table has 16384 clusters
// or more).
std::optional<uint64_t> TranspositionTable::overflow_if_holds(uint64_t check, uint64_t data,
                                                              uint64_t key) {
    const uint64_t rest = check ^ data ^ key;
    if (!data || (rest << 2) != 0) return std::nullopt;
    return rest;
}

bool TranspositionTable::probe(uint64_t key, TTData& out) const {
    for (const Entry& e : cluster_for(key).entries) {
        const uint64_t data = load(e.data);
        if (const auto overflow = overflow_if_holds(load(e.check), data, key)) {
            out = unpack(data, *overflow);
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
    TTData fresh = d;
    for (Entry& e : c.entries) {
        const uint64_t data = load(e.data);
        const auto overflow = overflow_if_holds(load(e.check), data, key);
        if (!data || overflow) {
            victim = &e;
            // A store without a move (a fail-low) keeps the move found before for this key.
            if (data && fresh.move == Move{}) fresh.move = unpack(data, *overflow).move;
            // Keep a deeper result for the same key unless the new one is exact.
            if (data && d.bound != Bound::Exact && unpack(data).depth > d.depth + 2 &&
                ((data >> 58) & kGenerationMask) == generation_) {
                // Its move gives way to a newer one, as in Stockfish.
                TTData kept = unpack(data, *overflow);
                if (!(d.move == Move{}) && !(kept.move == d.move)) {
                    kept.move = d.move;
                    const uint64_t repacked = pack(kept, generation_);
                    store_word(e.data, repacked);
                    store_word(e.check, key ^ repacked ^ move_overflow(kept.move));
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
    const uint64_t packed = pack(fresh, generation_);
    store_word(victim->data, packed);
    store_word(victim->check, key ^ packed ^ move_overflow(fresh.move));
}

int TranspositionTable::hashfull() const {
    int used = 0;
    const size_t sample = std::min<size_t>(cluster_count_, 250);
    for (size_t i = 0; i < sample; ++i)
        for (const Entry& e : clusters_[i].entries) {
            const uint64_t data = load(e.data);
            used += data && ((data >> 58) & kGenerationMask) == generation_;
        }
    return static_cast<int>(used * 1000 / (sample * kClusterSize));
}

}  // namespace branan
