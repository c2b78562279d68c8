// SPDX-License-Identifier: GPL-3.0-or-later
// What branan-match prints about a match: the progress line after a game, the summary table
// (per engine, per side, per pairing, a crosstable with three engines or more, the pentanomial
// and the SPRT), as at the end of a run, every --rating-interval games and after merge.
#pragma once

#include <iosfwd>
#include <string>

#include "match/records.h"
#include "match/results.h"

namespace branan::match {

// "Games 12/100  Score of new: 5 - 4 - 3 [0.542]  Elo 29.0 [-120.4, 181.2]  LLR 0.12
// (-2.94, 2.94)": the first engine's running score, after `played` of `total` games.
std::string score_line(const MatchResults& results, size_t total_games);

// The summary table.
void print_summary(const MatchResults& results, std::ostream& out);

}  // namespace branan::match
