// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/score_meaning.h"

#include <cstdio>
#include <cstdlib>

#include "engine/search.h"

namespace branan::report {

ScoreMeaning meaning_of(Score score) {
    ScoreMeaning m;
    const int magnitude = std::abs(score);
    if (is_mate_score(score)) {
        m.plies = kScoreMate - magnitude;
    } else if (magnitude >= kScoreHistoryWin - kMaxPly && magnitude <= kScoreHistoryWin) {
        m.history = true;
        m.plies = kScoreHistoryWin - magnitude;
    } else {
        return m;
    }
    m.result = true;
    m.win = score > 0;
    return m;
}

std::string score_text(Score score, Side to_move) {
    const ScoreMeaning m = meaning_of(score);
    const bool attackers_ahead = (score >= 0) == (to_move == Side::Attackers);
    if (m.result)
        return std::string(attackers_ahead ? "+" : "-") + (m.history ? "rep#" : "#") +
               std::to_string((m.plies + 1) / 2);
    const int cp = to_move == Side::Attackers ? score : -score;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f", cp / 100.0);
    return buf;
}

}  // namespace branan::report
