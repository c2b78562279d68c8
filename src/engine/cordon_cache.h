// SPDX-License-Identifier: GPL-3.0-or-later
// The cordon term of the wide boards' evaluation (eval_wide.h) floods the board from the king
// through every square no attacker stands on: on 19x19 a fifth of a search's instructions. The
// flood depends only on the attackers' squares and on where the king stands, and a defender's
// move leaves the attackers where they were, so the positions after a node's defender moves all
// flood the same region. This per-thread cache keeps the last flood for each set of attackers:
// the region it filled and the count of ways out it found; and beside it what the evaluation
// works out from the attackers alone (AttackerTerms), which those positions share too.
#pragma once

#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "core/types.h"

namespace branan {

// A region flooded from the king: every square of it reaches the same ways out.
template <class BB>
struct CordonFlood {
    BB region{};      // the squares filled: connected, free of attackers, the king's among them
    int escapes = 0;  // the ways out the king's component holds
    bool complete = false;  // `region` is the king's whole component (else a part of it that
                            // already holds every way out)
};

// What the wide boards' evaluation works out from the attackers' squares (eval_wide.h), and from
// them and the king's square.
template <class BB>
struct AttackerTerms {
    BB ring_gaps{};           // ring_gaps(attackers) under encirclement rules, else empty
    int adjacent_pairs = 0;   // adjacent_pairs(attackers)
    Square king = kNoSquare;  // where the king stood for `proximity` (none: no terms kept)
    int proximity = 0;        // attacker_proximity(attackers, king)
};

// How the cordon's counts (and some attacker terms) were found (cordon_escapes, eval_wide.h): for
// tests and tuning.
struct CordonCacheStats {
    uint64_t hits = 0;           // the entry of the position's attackers held the king
    uint64_t derived = 0;        // from an entry of the attackers a few moves back
    uint64_t floods = 0;         // by flooding the board
    uint64_t terms_derived = 0;  // AttackerTerms from those of the attackers before a move
};

template <class BB>
class CordonCache {
  public:
    // The flood kept for `attackers` if it holds `king`'s square, else null. Exact: the key is
    // the whole attacker bitboard, not a hash of it.
    const CordonFlood<BB>* probe(const BB& attackers, Square king) const {
        if (entries_.empty()) return nullptr;
        const Entry& e = entries_[index(attackers)];
        if (!(e.attackers == attackers) || !test(e.flood.region, king)) return nullptr;
        return &e.flood;
    }
    // Keeps `flood` for `attackers` (and their terms, if the entry held them already).
    void store(const BB& attackers, const CordonFlood<BB>& flood) {
        Entry& e = entry(attackers);
        if (!(e.attackers == attackers)) e = Entry{attackers, {}, {}};
        e.flood = flood;
    }

    // The terms kept for `attackers`, else null. Exact, as probe().
    const AttackerTerms<BB>* terms(const BB& attackers) const {
        if (entries_.empty()) return nullptr;
        const Entry& e = entries_[index(attackers)];
        return e.terms.king != kNoSquare && e.attackers == attackers ? &e.terms : nullptr;
    }
    // Keeps `terms` (whose king is a square) for `attackers` (and their flood, if the entry held
    // it already).
    void store_terms(const BB& attackers, const AttackerTerms<BB>& terms) {
        assert(terms.king != kNoSquare);
        Entry& e = entry(attackers);
        if (!(e.attackers == attackers)) e = Entry{attackers, {}, {}};
        e.terms = terms;
    }

    CordonCacheStats stats;

  private:
    struct Entry {
        BB attackers{};  // an empty region never holds the king: a fresh entry never answers
        CordonFlood<BB> flood;
        AttackerTerms<BB> terms;  // none while terms.king is kNoSquare
    };

    // The entry of `attackers`' slot (whatever attackers it holds), made on first use: narrow
    // boards never do.
    Entry& entry(const BB& attackers) {
        if (entries_.empty()) entries_.resize(kEntries);
        return entries_[index(attackers)];
    }
    // 2,048 entries (352 KiB on 19x19, 256 KiB on 13x13 and 15x15, 192 KiB on 11x11, with the
    // attacker terms). 16,384 answered more counts but ran slower (docs/measurements.md; measured
    // before the entries held the terms).
    static constexpr int kIndexBits = 11;
    static constexpr size_t kEntries = size_t{1} << kIndexBits;

    // The slot of `attackers`: its words folded by rotation and xor, then one multiplication,
    // the top bits taken (a short chain: the evaluation asks for slots often).
    static size_t index(const BB& attackers) {
        uint64_t h = 0;
        if constexpr (is_wide_bitboard<BB>) {
            int i = 0;
            for (uint64_t w : attackers.w) h ^= std::rotl(w, 11 * i++);
        } else if constexpr (sizeof(BB) == 16) {
            h = static_cast<uint64_t>(attackers) ^
                std::rotl(static_cast<uint64_t>(attackers >> 64), 29);
        } else {
            h = static_cast<uint64_t>(attackers);
        }
        return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> (64 - kIndexBits));
    }

    std::vector<Entry> entries_;  // kEntries once anything is stored
};

}  // namespace branan
