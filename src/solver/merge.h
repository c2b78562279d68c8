// SPDX-License-Identifier: GPL-3.0-or-later
// Split solving: one job per legal first move of a position (split_jobs), each solved apart by
// `branan solve`, and the jobs' result lines combined into the answer for the position
// (merge_results). A job is the position's game with the move played, written as a line
// `branan solve` reads ("otn <record> side S moves ... m"), so the game's history, which counts
// for repetition, is kept; its result line names that game in its "game" member.
#pragma once

#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"

namespace branan::solver {

// "otn <start record> side <start side>[ moves m1 m2 ...]": a line that gives back `game`.
std::string game_line(const Game& game);

// The jobs of an ongoing `game`, one line per legal move: game_line() of the game after it, or,
// when the move ends the game, a comment "# <move>: the game ends (<reason>, <outcome>)".
std::vector<std::string> split_jobs(const Game& game);

// One result line to merge and where it was read ("FILE:LINE"), for error messages.
struct ResultLine {
    std::string where;
    std::string text;
};

// The answer for the parent of the jobs whose result lines are `lines` (blank lines and '#'
// comments skipped), as one JSON object: the side to move wins iff one child is won for it (the
// line of the quickest such win, behind its move); loses iff every child is lost (the longest
// resistance); a draw iff no child is won for it or unknown and one is a draw; else unknown.
// Moves that end the game are judged by the rules, not looked for among the results. The error
// names the line that does not belong (another parent, a failed job, a child given twice) or
// the moves whose results are missing.
Expected<std::string> merge_results(const Rules& rules, const std::vector<ResultLine>& lines);

}  // namespace branan::solver
