// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's view of a game for its report: every position searched, the best move and score
// there, and what each played move cost against the best one.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/root_solver.h"
#include "engine/search_types.h"

namespace branan::report {

struct PositionAnalysis {
    Side to_move = Side::Attackers;
    Status status;             // over: the game ended here, nothing was searched
    std::optional<Move> best;  // the engine's move (none when the game is over)
    std::string best_text;     // it in notation with its captures, "e2-d2xd3"
    Score score = 0;           // for the side to move; a finished game: mate or draw score
    int depth = 0;             // the depth reached (0: not searched)
};

struct MoveVerdict {
    int loss = 0;  // centi-soldiers the move gave away against the engine's best (capped scores)
    bool mistake = false;
};

struct GameAnalysis {
    std::vector<PositionAnalysis> positions;  // one per ply: the start (0) to after the last move
    std::vector<MoveVerdict> moves;           // moves[k]: the move from position k to k + 1
    std::string limits;                       // how deep it looked, "depth 6", "100 ms a move"
    int threshold = 0;                        // the loss above which a move is a mistake
};

struct AnalysisOptions {
    SearchLimits limits;  // per position
    int threads = 1;
    int hash_mb = 16;
    RootSolverOptions solver;  // the solver at the root (engine/root_solver.h)
    int threshold = 100;       // centi-soldiers
};

// Scores beyond this are drawn and compared as this (a mate counts as kScoreCap): 20 soldiers,
// above the scores of won Copenhagen positions short of a forced win.
constexpr int kScoreCap = 2000;
// `score` of the side `to_move`, from the attackers' point of view, capped at +-kScoreCap.
int attackers_view(Score score, Side to_move);

// Searches every position of `game` (from its start to its end) with a fresh engine and judges
// each played move: its loss is the best move's score minus the score after the played move
// (both capped, from the mover's point of view; 0 when the engine's move was played), a mistake
// when more than the threshold.
GameAnalysis analyse_game(const Game& game, const AnalysisOptions& options);

}  // namespace branan::report
