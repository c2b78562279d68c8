// SPDX-License-Identifier: GPL-3.0-or-later
// Which rules a tablebase can hold: those whose positions are the board and the side to move
// alone (no throne-exit, forest or berserk state), on a board of at most 64 squares, symmetric
// under the board's 8 symmetries, and whose every verdict a move brings is also the verdict of
// the position it leaves (no exit forts, judged after one side's moves only).
#pragma once

#include <string>

#include "core/rules.h"

namespace branan::tablebase {

// An empty string when tables can be built for `rules`, else why not.
std::string unsupported_rules_problem(const Rules& rules);

}  // namespace branan::tablebase
