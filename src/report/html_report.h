// SPDX-License-Identifier: GPL-3.0-or-later
// The report of a game as one self-contained HTML page (inline SVG, CSS and script; nothing
// fetched): the header, the board after every move, the move list with the engine's best moves
// and the mistakes, and the evaluation graph. The page's structure, for readers and tests:
//
//   <svg class="board [current]" data-ply="k">   one per position, k = 0 (the start) to n; only
//                                                  the current one is displayed
//   <svg id="eval-graph"> <circle class="point [mistake] [current]" data-ply="k"> ...
//                                                  one point per position, k = 0 to n
//   <table id="moves"> <tr class="move [mistake] [current]" data-ply="k">
//                                                  a row per position: the start, then the move
//                                                  that led to position k
//
// ArrowLeft/ArrowRight step a ply, Home/End go to the start/end, a click on a row or a point
// goes to its position. The address's "#ply=K" opens position K; "#selftest" steps through the
// page with simulated key presses and clicks and writes what was displayed after each as JSON
// into <pre id="selftest-result"> (for the browser test).
#pragma once

#include <string>

#include "report/game_analysis.h"
#include "report/report_game.h"

namespace branan::report {

// The page. `analysis` must be analyse_game(game.game, ...).
std::string render_html_report(const ReportGame& game, const GameAnalysis& analysis);

}  // namespace branan::report
