// SPDX-License-Identifier: GPL-3.0-or-later
// The game `branan report` reads: an OpenTafl record (.otg), a line of a games.csv (the
// branan-match and real-game collections' format, core/game_record.h), or a move list as
// `branan analyse` reads them (cli/position_line.h).
#pragma once

#include <optional>
#include <string>

#include "core/expected.h"
#include "report/report_game.h"

namespace branan::cli {

// Reads game `game_number` (1 = the first game line; nothing: the file must hold one game) of
// the file at `path`. A record is an .otg file or text beginning with '['; it carries its rules,
// so `rules_given` (--variant or --rules) is refused for one that has a rules tag. Other files
// hold a game a line ('#' comments and blank lines aside): a line with commas is a games.csv
// line, any other a move list; both are played under `rules`. Every move is checked; errors
// name the file, the game and the move.
Expected<report::ReportGame> read_report_game(const std::string& path,
                                              std::optional<int> game_number, const Rules& rules,
                                              bool rules_given);

}  // namespace branan::cli
