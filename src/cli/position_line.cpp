// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/position_line.h"

#include "core/position_command.h"
#include "core/text_file.h"

namespace branan::cli {

std::vector<std::string> position_words(const std::string& line) {
    std::vector<std::string> words = split_words(line);
    if (!words.empty() && words[0] == "position") words.erase(words.begin());
    if (!words.empty() && words[0] != "startpos" && words[0] != "otn") {
        words.insert(words.begin(), "moves");
        words.insert(words.begin(), "startpos");
    }
    return words;
}

Expected<Game> game_from_line(const Rules& rules, const std::string& line) {
    return parse_position_command(rules, position_words(line));
}

Expected<Game> ongoing_game_from_line(const Rules& rules, const std::string& line) {
    Expected<Game> game = game_from_line(rules, line);
    if (game)
        if (const Status s = game->status(); s.over())
            return Error{std::string("the game is over (") + reason_name(s.reason) + ", " +
                         outcome_name(s.outcome) + ")"};
    return game;
}

std::string open_position_input(const std::string& path, PositionInput& input) {
    if (path == "-") return {};
    if (std::string error = open_text_file(path, input.file); !error.empty()) return error;
    input.stream = &input.file;
    return {};
}

bool is_blank_or_comment(const std::string& line) {
    const size_t text = line.find_first_not_of(" \t\r");
    return text == std::string::npos || line[text] == '#';
}

}  // namespace branan::cli
