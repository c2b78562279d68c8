// Tournament: the schedule of a match (pairings, rounds, colour-swapped opening pairs, shards),
// its games played `concurrency` at a time, records and results written as games finish, the
// live progress, the SPRT stop, and the final table.
#pragma once

#include <iosfwd>

#include "match/match_config.h"
#include "match/records.h"

namespace branan::match {

// Runs the match; returns the process exit code (0 when every scheduled game was played or an
// SPRT decided). Progress and the summary go to `out`.
int run_tournament(const MatchConfig& config, std::ostream& out);

// The final table of a match summary, as printed at the end of a run and by merge.
void print_summary(const MatchResults& results, std::ostream& out);

}  // namespace branan::match
