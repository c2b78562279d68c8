// SPDX-License-Identifier: GPL-3.0-or-later
#include "solver/proof_table.h"

#include <algorithm>
#include <new>

namespace branan::solver {

ProofTable::ProofTable(size_t megabytes) {
    const size_t bytes = std::max<size_t>(megabytes, 1) << 20;
    size_t clusters = 1;
    while (clusters * 2 * kClusterSize * sizeof(Entry) <= bytes) clusters *= 2;
    size_ = clusters * kClusterSize;
    entries_.reset(static_cast<Entry*>(std::calloc(size_, sizeof(Entry))));
    if (!entries_) throw std::bad_alloc();
    mask_ = clusters - 1;
}

bool ProofTable::probe(uint64_t key, ProofNumbers& out) const {
    const Entry* c = cluster(key);
    for (size_t i = 0; i < kClusterSize; ++i)
        if (c[i].work && c[i].key == key) {
            out = {c[i].pn, c[i].dn};
            return true;
        }
    return false;
}

void ProofTable::store(uint64_t key, ProofNumbers numbers, uint64_t work) {
    Entry* c = cluster(key);
    Entry* victim = c;
    for (size_t i = 0; i < kClusterSize; ++i) {
        if (c[i].work && c[i].key == key) {
            victim = &c[i];
            break;
        }
        if (c[i].work < victim->work) victim = &c[i];
    }
    const uint32_t w = static_cast<uint32_t>(std::clamp<uint64_t>(work, 1, UINT32_MAX));
    // The same key keeps the larger work it was searched with.
    const uint32_t kept = victim->work && victim->key == key ? std::max(victim->work, w) : w;
    *victim = Entry{key, numbers.pn, numbers.dn, kept};
    written_ = true;
}

void ProofTable::erase(uint64_t key) {
    Entry* c = cluster(key);
    for (size_t i = 0; i < kClusterSize; ++i)
        if (c[i].work && c[i].key == key) c[i] = Entry{};
}

void ProofTable::clear() {
    if (!written_) return;
    std::fill(entries_.get(), entries_.get() + size_, Entry{});
    written_ = false;
}

}  // namespace branan::solver
