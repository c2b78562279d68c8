// SPDX-License-Identifier: GPL-3.0-or-later
// Tournament: the schedule of a match (pairings, rounds, colour-swapped opening pairs, shards),
// its games played `concurrency` at a time, records and results written as games finish, the
// live progress, the SPRT stop, and the final table.
#pragma once

#include <iosfwd>

#include "match/match_config.h"
#include "match/records.h"

namespace branan::match {

// Runs the match; returns the process exit code (0 when every scheduled game was played or an
// SPRT decided; 2 for a user error or an engine that cannot start before the first game; 128 +
// the signal after Ctrl-C or SIGTERM, once the summary so far is printed). Progress and the
// summary go to `out`, errors and warnings to stderr.
int run_tournament(const MatchConfig& config, std::ostream& out);

}  // namespace branan::match
