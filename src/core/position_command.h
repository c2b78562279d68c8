// SPDX-License-Identifier: GPL-3.0-or-later
// The argument of UTI's `position` command, also used by `branan analyse`:
//   startpos [side attackers|defenders] [berserk <square>] [moves m1 m2 ...]
//   otn <record> [side attackers|defenders] [berserk <square>] [moves m1 m2 ...]
#pragma once

#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/text.h"  // split_words, for callers

namespace branan {

// Builds the game the tokens describe under `rules`; every move is checked. The error names the
// offending token (and the move number for moves).
Expected<Game> parse_position_command(const Rules& rules, const std::vector<std::string>& tokens);

}  // namespace branan
