// SPDX-License-Identifier: GPL-3.0-or-later
// What a search score means for a report: an evaluation in soldiers, or a result the search
// found (a forced win or loss, or a win or loss that rests on the game's history: a repetition's
// verdict, engine/search.h kScoreHistoryWin), with the plies to it.
#pragma once

#include <string>

#include "core/types.h"
#include "engine/score.h"

namespace branan::report {

struct ScoreMeaning {
    bool result = false;   // a win or loss, not an evaluation
    bool win = false;      // for the side whose score it is (when `result`)
    bool history = false;  // the result rests on a repetition, not on the position alone
    int plies = 0;         // plies to the result (when `result`)
};

ScoreMeaning meaning_of(Score score);

// `score` of the side `to_move` as the page shows it, from the attackers' point of view:
// "+2.39" (soldiers), "+#3" / "-#3" (the attackers / defenders win in 3 moves), "+rep#2" /
// "-rep#2" (the attackers / defenders win by a repetition in 2 moves).
std::string score_text(Score score, Side to_move);

}  // namespace branan::report
