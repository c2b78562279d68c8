// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/zobrist.h"

#include <cstddef>

namespace branan::zobrist {
namespace {

// SplitMix64: small, fast and good enough for hash keys.
constexpr uint64_t next(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// The keys of the squares beyond 11x11's 128 come last, so that the keys of smaller boards (and
// with them the searches on those boards) stay what they were before boards grew.
constexpr int kFirstSquares = 128;

constexpr Keys make_keys() {
    Keys k;
    uint64_t seed = 0xB4A4A7u;  // fixed: "Branan"
    for (auto& table : k.piece)
        for (int sq = 0; sq < kFirstSquares; ++sq) table[sq] = next(seed);
    k.side_defenders = next(seed);
    k.king_left_throne = next(seed);
    for (auto& corner : k.forest)
        for (std::size_t n = 1; n < corner.size(); ++n) corner[n] = next(seed);  // [0]: no timer
    for (auto& table : k.piece)
        for (int sq = kFirstSquares; sq < kMaxSquares; ++sq) table[sq] = next(seed);
    // Drawn last: the keys above stay what they were before special pieces came.
    for (auto& side : k.rank)
        for (int rank = 0; rank < 2; ++rank)
            for (auto& key : side[rank]) key = next(seed);
    for (auto& key : k.berserker) key = next(seed);
    // Mercenaries and guards after them all.
    for (auto& side : k.rank)
        for (int rank = 2; rank < 4; ++rank)
            for (auto& key : side[rank]) key = next(seed);
    return k;
}

}  // namespace

constinit const Keys kKeys = make_keys();

}  // namespace branan::zobrist
