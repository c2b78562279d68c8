// SPDX-License-Identifier: GPL-3.0-or-later
// A game written on one line, as `branan analyse` and `branan report` read them: what follows
// UTI's `position` ("startpos [side S] [moves ...]", "otn <record> [side S] [moves ...]"), the
// same with the word "position" in front, or a bare list of moves from the start.
#pragma once

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"

namespace branan::cli {

// The words of `line` as UTI's position command takes them ("d2-e2 c4-c5" becomes
// "startpos moves d2-e2 c4-c5").
std::vector<std::string> position_words(const std::string& line);

// The game `line` describes under `rules`, every move checked; the error names the bad word.
Expected<Game> game_from_line(const Rules& rules, const std::string& line);

// game_from_line, refused when the game is over: "the game is over (king captured, attackers)".
Expected<Game> ongoing_game_from_line(const Rules& rules, const std::string& line);

// Where the position lines come from: the file at a path, or standard input for "-".
struct PositionInput {
    std::ifstream file;
    std::istream* stream = &std::cin;
};
// Opens `path` ("-": standard input) into `input`; an error naming the file, or empty.
std::string open_position_input(const std::string& path, PositionInput& input);

// Whether `line` holds no game: blank, or a '#' comment (as in opening books).
bool is_blank_or_comment(const std::string& line);

}  // namespace branan::cli
