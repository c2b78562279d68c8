// SPDX-License-Identifier: GPL-3.0-or-later
// Scores: centi-soldiers from the side to move's point of view; a won or lost game is a mate
// score that counts plies to the end, so that the engine plays the fastest win and slowest loss.
#pragma once

#include <cstdlib>

namespace branan {

using Score = int;

constexpr Score kScoreInfinite = 32001;
constexpr Score kScoreMate = 32000;
constexpr Score kScoreDraw = 0;
// Scores beyond this are mates; the gap leaves room for mates up to 1000 plies deep.
constexpr Score kScoreMateBound = kScoreMate - 1000;

constexpr Score mate_in(int ply) {
    return kScoreMate - ply;
}
constexpr Score mated_in(int ply) {
    return -kScoreMate + ply;
}
constexpr bool is_mate_score(Score s) {
    return s >= kScoreMateBound || s <= -kScoreMateBound;
}
// Plies to the end of a mate score (positive: we win).
constexpr int mate_plies(Score s) {
    return s > 0 ? kScoreMate - s : -(kScoreMate + s);
}

}  // namespace branan
