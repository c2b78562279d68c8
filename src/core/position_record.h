// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl position records ("OTN"): "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/". Rows between slashes,
// the first row is rank 1; digits count empty squares; t attacker, T defender, K king.
#pragma once

#include <string>
#include <string_view>

#include "core/board_setup.h"
#include "core/expected.h"

namespace branan {

// Parses a record of any square size from 5 to 19 with exactly one king. The error names the
// row and column where the record goes wrong.
Expected<BoardSetup> parse_position_record(std::string_view text);

std::string write_position_record(const BoardSetup& setup);

}  // namespace branan
