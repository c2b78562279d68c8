// SPDX-License-Identifier: GPL-3.0-or-later
// A tablebase entry, 16 bits: the result for the side to move and the plies to it with best play
// (the winner winning fastest, the loser resisting longest), repetition aside.
//   0          no side can force a win (or, during generation, not known yet)
//   1          an unused entry: an index that is not its position's canonical one
//   2 + 2d     the side to move wins in d plies
//   3 + 2d     the side to move loses in d plies
#pragma once

#include <cstdint>

namespace branan::tablebase {

using Value = uint16_t;
constexpr Value kNoWin = 0;
constexpr Value kUnused = 1;
constexpr int kMaxDistance = 32000;

constexpr Value win_in(int plies) {
    return static_cast<Value>(2 + 2 * plies);
}
constexpr Value loss_in(int plies) {
    return static_cast<Value>(3 + 2 * plies);
}
constexpr bool is_win(Value v) {
    return v >= 2 && v % 2 == 0;
}
constexpr bool is_loss(Value v) {
    return v >= 3 && v % 2 == 1;
}
constexpr int distance(Value v) {
    return (v - 2) / 2;
}

}  // namespace branan::tablebase
