// SPDX-License-Identifier: GPL-3.0-or-later
// Bitboards: one bit a square, square index = rank * size + file. 7x7 boards use uint64_t,
// 9x9 and 11x11 a 128-bit integer, 13x13 and 15x15 four 64-bit words, 17x17 and 19x19 six.
// Everything here is generic over the four.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace branan {

using Bitboard64 = uint64_t;
__extension__ typedef unsigned __int128 Bitboard128;

// A bitboard of `Words` 64-bit words, word 0 holding squares 0-63. It has the operations the
// rules and the search use on the built-in types: the bitwise ones, shifts by a count below
// 64 * Words, comparison and a truth test. No arithmetic: pop_lsb() clears the lowest bit itself.
template <int Words>
struct WideBitboard {
    uint64_t w[Words] = {};

    constexpr WideBitboard() = default;
    // From an integer: its bits are the squares 0-63 (`BB b = 0`, `BB(1)`).
    constexpr WideBitboard(uint64_t low) : w{low} {}  // NOLINT: implicit, like the built-ins

    constexpr explicit operator bool() const {
        uint64_t any = 0;
        for (int i = 0; i < Words; ++i) any |= w[i];
        return any != 0;
    }
    constexpr bool operator==(const WideBitboard& o) const {
        for (int i = 0; i < Words; ++i)
            if (w[i] != o.w[i]) return false;
        return true;
    }

    constexpr WideBitboard operator~() const {
        WideBitboard r;
        for (int i = 0; i < Words; ++i) r.w[i] = ~w[i];
        return r;
    }
    constexpr WideBitboard& operator&=(const WideBitboard& o) {
        for (int i = 0; i < Words; ++i) w[i] &= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator|=(const WideBitboard& o) {
        for (int i = 0; i < Words; ++i) w[i] |= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator^=(const WideBitboard& o) {
        for (int i = 0; i < Words; ++i) w[i] ^= o.w[i];
        return *this;
    }
    friend constexpr WideBitboard operator&(WideBitboard a, const WideBitboard& b) {
        return a &= b;
    }
    friend constexpr WideBitboard operator|(WideBitboard a, const WideBitboard& b) {
        return a |= b;
    }
    friend constexpr WideBitboard operator^(WideBitboard a, const WideBitboard& b) {
        return a ^= b;
    }

    // The board of square sq alone (square_bb). At run time built two words at a time in vector
    // registers and stored as such: one word stored at a computed index and the board then read
    // as 16-byte vectors (as the bitwise operators do) stalled each load on that store (store
    // forwarding fails).
    static constexpr WideBitboard one_square(int sq) {
        WideBitboard b;
        const uint64_t bit = uint64_t(1) << (sq & 63);
        if (std::is_constant_evaluated()) {
            b.w[sq >> 6] = bit;
            return b;
        }
        const auto word = static_cast<uint64_t>(sq >> 6);
        const Pair words = {word, word}, bits = {bit, bit};
        for (int i = 0; i < Words; i += 2) {
            const Pair index = {static_cast<uint64_t>(i), static_cast<uint64_t>(i + 1)};
            b.set_pair(i, __builtin_convertvector(index == words, Pair) & bits);
        }
        return b;
    }

    // Shifts towards higher squares by n (0 <= n < 64 * Words); bits shifted out are lost. The
    // rules shift by less than a word (a rank or a file): that case is a plain carry chain.
    [[gnu::always_inline]] constexpr WideBitboard operator<<(int n) const {
        WideBitboard r;
        if (n > 0 && n < 64) {
            if (!std::is_constant_evaluated()) {
                // Two words at a time in vector registers, each pair's carry taken from the
                // pair below it by a shuffle (see Pair).
                Pair below = {0, 0};
                for (int i = 0; i < Words; i += 2) {
                    const Pair here = pair(i);
                    const Pair carry = __builtin_shufflevector(below, here, 1, 2);
                    r.set_pair(i, here << n | carry >> (64 - n));
                    below = here;
                }
                return r;
            }
            for (int i = Words - 1; i > 0; --i) r.w[i] = w[i] << n | w[i - 1] >> (64 - n);
            r.w[0] = w[0] << n;
            return r;
        }
        const int q = n >> 6, s = n & 63;
        for (int i = Words - 1; i >= q; --i) {
            uint64_t v = w[i - q] << s;
            if (s && i - q > 0) v |= w[i - q - 1] >> (64 - s);
            r.w[i] = v;
        }
        return r;
    }
    // Shifts towards lower squares by n (0 <= n < 64 * Words).
    [[gnu::always_inline]] constexpr WideBitboard operator>>(int n) const {
        WideBitboard r;
        if (n > 0 && n < 64) {
            if (!std::is_constant_evaluated()) {
                Pair above = {0, 0};
                for (int i = Words - 2; i >= 0; i -= 2) {
                    const Pair here = pair(i);
                    const Pair carry = __builtin_shufflevector(here, above, 1, 2);
                    r.set_pair(i, here >> n | carry << (64 - n));
                    above = here;
                }
                return r;
            }
            for (int i = 0; i < Words - 1; ++i) r.w[i] = w[i] >> n | w[i + 1] << (64 - n);
            r.w[Words - 1] = w[Words - 1] >> n;
            return r;
        }
        const int q = n >> 6, s = n & 63;
        for (int i = 0; i + q < Words; ++i) {
            uint64_t v = w[i + q] >> s;
            if (s && i + q + 1 < Words) v |= w[i + q + 1] << (64 - s);
            r.w[i] = v;
        }
        return r;
    }

  private:
    // Two words as one 16-byte vector (GCC's vector extension), for one_square and the shifts:
    // written word by word, GCC vectorized only parts of the shifts, and a 16-byte load of two
    // 8-byte stores stalls (store forwarding fails), many times in every flood.
    static_assert(Words % 2 == 0, "one_square and the shifts work on pairs of words");
    using Pair = uint64_t __attribute__((vector_size(16)));
    [[gnu::always_inline]] Pair pair(int i) const {
        Pair p;
        __builtin_memcpy(&p, &w[i], sizeof p);
        return p;
    }
    [[gnu::always_inline]] void set_pair(int i, Pair p) { __builtin_memcpy(&w[i], &p, sizeof p); }
};

using Bitboard256 = WideBitboard<4>;  // 13x13 and 15x15
using Bitboard384 = WideBitboard<6>;  // 17x17 and 19x19

template <class BB>
inline constexpr bool is_wide_bitboard = false;
template <int Words>
inline constexpr bool is_wide_bitboard<WideBitboard<Words>> = true;

// The squares a bitboard type can hold: tables indexed by square are this long.
template <class BB>
inline constexpr int max_squares = static_cast<int>(sizeof(BB) * 8);

constexpr int popcount(Bitboard64 b) {
    return std::popcount(b);
}
constexpr int popcount(Bitboard128 b) {
    return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}
template <int Words>
constexpr int popcount(const WideBitboard<Words>& b) {
    int n = 0;
    for (int i = 0; i < Words; ++i) n += std::popcount(b.w[i]);
    return n;
}

// The lowest / highest set square; b must not be empty.
constexpr int lsb(Bitboard64 b) {
    return std::countr_zero(b);
}
constexpr int lsb(Bitboard128 b) {
    const auto low = static_cast<uint64_t>(b);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}
template <int Words>
constexpr int lsb(const WideBitboard<Words>& b) {
    int i = 0;
    while (i < Words - 1 && !b.w[i]) ++i;
    return 64 * i + std::countr_zero(b.w[i]);
}

constexpr int msb(Bitboard64 b) {
    return 63 - std::countl_zero(b);
}
constexpr int msb(Bitboard128 b) {
    const auto high = static_cast<uint64_t>(b >> 64);
    return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<uint64_t>(b));
}
template <int Words>
constexpr int msb(const WideBitboard<Words>& b) {
    int i = Words - 1;
    while (i > 0 && !b.w[i]) --i;
    return 64 * i + 63 - std::countl_zero(b.w[i]);
}

template <class BB>
constexpr BB square_bb(int sq) {
    if constexpr (is_wide_bitboard<BB>) {
        return BB::one_square(sq);
    } else {
        return BB(1) << sq;
    }
}

// Removes and returns the lowest set square.
template <class BB>
constexpr int pop_lsb(BB& b) {
    const int sq = lsb(b);
    if constexpr (is_wide_bitboard<BB>)
        b.w[sq >> 6] &= b.w[sq >> 6] - 1;
    else
        b &= b - 1;
    return sq;
}

// Calls f(square) for each set square of b, lowest first. On the 128-bit and wide types the
// words are walked one by one, instead of pop_lsb's search for the lowest word at every square.
template <class BB, class F>
[[gnu::always_inline]] inline void for_each_square(const BB& b, F&& f) {
    if constexpr (is_wide_bitboard<BB>) {
        for (int i = 0; i < static_cast<int>(sizeof(BB) / 8); ++i)
            for (uint64_t w = b.w[i]; w; w &= w - 1) f(64 * i + std::countr_zero(w));
    } else if constexpr (sizeof(BB) == 16) {
        for (uint64_t w = static_cast<uint64_t>(b); w; w &= w - 1) f(std::countr_zero(w));
        for (uint64_t w = static_cast<uint64_t>(b >> 64); w; w &= w - 1)
            f(64 + std::countr_zero(w));
    } else {
        for (BB w = b; w; w &= w - 1) f(std::countr_zero(w));
    }
}

// Adds square sq to b (on wide bitboards one word is written, not the whole board).
template <class BB>
constexpr void set_square(BB& b, int sq) {
    if constexpr (is_wide_bitboard<BB>)
        b.w[sq >> 6] |= uint64_t(1) << (sq & 63);
    else
        b |= BB(1) << sq;
}

template <class BB>
constexpr bool test(const BB& b, int sq) {
    if constexpr (is_wide_bitboard<BB>)
        return (b.w[sq >> 6] >> (sq & 63)) & 1;
    else
        return (b >> sq) & 1;
}

// The `len` bits of `b` from bit `start` on (1 <= len <= 63, start + len within the type's bits),
// as the low bits of an integer: a short run of squares, such as a few squares of one rank.
template <class BB>
constexpr uint64_t bits_at(const BB& b, int start, int len) {
    const uint64_t mask = (uint64_t(1) << len) - 1;
    if constexpr (is_wide_bitboard<BB>) {
        const int word = start >> 6, offset = start & 63;
        uint64_t v = b.w[word] >> offset;
        if (offset + len > 64) v |= b.w[word + 1] << (64 - offset);
        return v & mask;
    } else {
        return static_cast<uint64_t>(b >> start) & mask;
    }
}

// Writes the low `len` bits of `v` into `b` from bit `start` on (as bits_at reads them).
template <class BB>
constexpr void set_bits_at(BB& b, int start, int len, uint64_t v) {
    const uint64_t mask = (uint64_t(1) << len) - 1;
    v &= mask;
    if constexpr (is_wide_bitboard<BB>) {
        const int word = start >> 6, offset = start & 63;
        b.w[word] = (b.w[word] & ~(mask << offset)) | v << offset;
        if (offset + len > 64)
            b.w[word + 1] = (b.w[word + 1] & ~(mask >> (64 - offset))) | v >> (64 - offset);
    } else {
        b = (b & ~(BB(mask) << start)) | BB(v) << start;
    }
}

// The bitboard type a board of `size` squares a side needs, as an index: 0 uint64_t (up to 8x8),
// 1 128 bits (up to 11x11), 2 256 bits (up to 16x16), 3 384 bits (up to 19x19).
constexpr int bitboard_width_index(int size) {
    const int squares = size * size;
    return squares <= 64 ? 0 : squares <= 128 ? 1 : squares <= 256 ? 2 : 3;
}

}  // namespace branan
