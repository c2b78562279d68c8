// SPDX-License-Identifier: GPL-3.0-or-later
// One game a line, in the format of the aagenielsen.dk game collections:
//   "<move> <move> ...,<captures by attackers>,<captures by defenders>,<result>"
// Moves are "d2-e2" or "e2-d2xd3"; "timeout" marks a player out of time; the result is Black
// (attackers won), White (defenders won), Draw or Ongoing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/types.h"

namespace branan {

struct CsvGame {
    std::vector<std::string> moves;  // "timeout" entries included as written
    int attacker_captures = 0;
    int defender_captures = 0;
    std::string result;  // "Black", "White", "Draw", "Ongoing" or empty (not recorded)
};

Expected<CsvGame> parse_csv_game(std::string_view line);
std::string write_csv_game(const CsvGame& game);

// The result word for an outcome ("Black" for the attackers, "White" for the defenders).
const char* csv_result(Outcome o);

}  // namespace branan
