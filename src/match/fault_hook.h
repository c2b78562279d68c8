// SPDX-License-Identifier: GPL-3.0-or-later
// A test hook for crash safety: with BRANAN_MATCH_CRASH_AT=<step>:<n> in the environment, the n-th
// time branan-match reaches the write step named <step> it kills itself with SIGKILL (exit
// status 137 in a shell), without flushing or cleaning up. Steps (in the order a finished game is
// written):
//   journal-torn  half of the game's journal line written (the rest never is)
//   journal       the journal line written and synced
//   record        the game's .otg record written
//   csv           the game's games.csv line appended
//   results-tmp   the new results file written to its temporary file, not yet renamed
//   results       the results file renamed into place
// Without the variable (or with a value that is not <step>:<n>) nothing happens.
#pragma once

namespace branan::match {

// Called at each write step; may not return (see above). Thread-safe.
void crash_point(const char* step);
// For steps that must do something before crashing: whether this call is the n-th at `step`
// (counts it), and the crash itself.
bool crash_due(const char* step);
[[noreturn]] void crash_now();

}  // namespace branan::match
