// The input of the subcommands that take one position a line (analyse, solve), and the JSON
// their answers are written in.
#pragma once

#include <functional>
#include <istream>
#include <string>

#include "core/expected.h"
#include "core/game.h"

namespace branan::cli {

// `s` as a JSON string literal, quotes included.
std::string json_string(const std::string& s);

// Reads `in` line by line. A line is what follows UTI's `position` ("startpos moves ...", "otn
// <record> side ... moves ..."), or a bare list of moves from the start. Blank lines and '#'
// comments are skipped (but counted). Calls f(line number, the game or why the line is not one)
// for every other line.
void for_each_position(std::istream& in, const Rules& rules,
                       const std::function<void(int, const Expected<Game>&)>& f);

}  // namespace branan::cli
