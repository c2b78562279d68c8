// Bitboards: one bit a square, square index = rank * size + file. 7x7 boards use uint64_t,
// 9x9 and 11x11 a 128-bit integer. Everything here is generic over the two.
#pragma once

#include <bit>
#include <cstdint>

namespace branan {

using Bitboard64 = uint64_t;
__extension__ typedef unsigned __int128 Bitboard128;

constexpr int popcount(Bitboard64 b) {
    return std::popcount(b);
}
constexpr int popcount(Bitboard128 b) {
    return std::popcount(static_cast<uint64_t>(b)) + std::popcount(static_cast<uint64_t>(b >> 64));
}

constexpr int lsb(Bitboard64 b) {
    return std::countr_zero(b);
}
constexpr int lsb(Bitboard128 b) {
    const auto low = static_cast<uint64_t>(b);
    return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<uint64_t>(b >> 64));
}

constexpr int msb(Bitboard64 b) {
    return 63 - std::countl_zero(b);
}
constexpr int msb(Bitboard128 b) {
    const auto high = static_cast<uint64_t>(b >> 64);
    return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<uint64_t>(b));
}

template <class BB>
constexpr BB square_bb(int sq) {
    return BB(1) << sq;
}

// Removes and returns the lowest set square.
template <class BB>
constexpr int pop_lsb(BB& b) {
    const int sq = lsb(b);
    b &= b - 1;
    return sq;
}

template <class BB>
constexpr bool test(BB b, int sq) {
    return (b >> sq) & 1;
}

// The widths a board of `size` squares a side needs.
constexpr bool fits_64(int size) {
    return size * size <= 64;
}

}  // namespace branan
