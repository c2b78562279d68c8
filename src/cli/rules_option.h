// SPDX-License-Identifier: GPL-3.0-or-later
// The --variant / --rules / --position / --side options shared by the subcommands.
#pragma once

#include <boost/program_options.hpp>

#include "core/expected.h"
#include "core/game.h"

namespace branan::cli {

// Rules from --variant (a preset) or --rules (an OpenTafl rules string); brandubh by default.
Expected<Rules> rules_from_options(const boost::program_options::variables_map& vm);
// A game from those rules, at --position with --side to move, or at the start.
Expected<Game> game_from_options(const boost::program_options::variables_map& vm);
// "attackers" / "defenders" (also "a"/"d", "black"/"white" as OpenTafl says them).
Expected<Side> parse_side(const std::string& text);

}  // namespace branan::cli
