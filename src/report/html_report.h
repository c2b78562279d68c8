// SPDX-License-Identifier: GPL-3.0-or-later
// The report of a game as one self-contained HTML page (inline SVG, CSS and script; nothing
// fetched): the header with each player's inaccuracies, mistakes and blunders, the board after
// every move (scaled to the window, the engine's best move as an arrow, flippable), the engine's
// line, the position record and the clocks at each ply, the move list with the engine's moves
// and the judged moves, and the evaluation graph. The page's structure, for readers and tests:
//
//   <svg class="board [current]" data-ply="k" data-record="...">   one per position, k = 0 (the
//                                                  start) to n; only the current one displayed
//   <div class="ply-info [current]" data-ply="k">  the engine's score, depth and line, the
//                                                  clocks and the position record at k
//   <svg id="eval-graph"> <circle class="point [TIER|book] [current]" data-ply="k"> ...
//                                                  one point per position, k = 0 to n
//   <table id="moves"> <tr class="move [TIER|book] [current]" data-ply="k">
//                                                  a row per position: the start, then the move
//                                                  that led to position k
//   <table id="tier-counts"> <td data-side="attackers|defenders" data-tier="TIER">count</td>
//
// TIER is inaccuracy, mistake or blunder (game_analysis.h). ArrowLeft/ArrowRight step a ply,
// Home/End go to the start/end, "f" flips the board, a click on a row or a point goes to its
// position. The address's "#ply=K" opens position K; "#selftest" steps through the page with
// simulated key presses and clicks and writes what was displayed after each, the board's
// scale and the flip's effect as JSON into <pre id="selftest-result"> (for the browser test).
#pragma once

#include <string>

#include "report/game_analysis.h"
#include "report/report_game.h"

namespace branan::report {

// The page. `analysis` must be analyse_game(game.game, ...).
std::string render_html_report(const ReportGame& game, const GameAnalysis& analysis);

}  // namespace branan::report
