// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's view of a game for its report: every position searched, the best move, its line
// and score there, and what each played move cost from its mover's point of view.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/root_solver.h"
#include "engine/search_types.h"

namespace branan::tablebase {
class Tablebase;
}

namespace branan::report {

struct PositionAnalysis {
    Side to_move = Side::Attackers;
    Status status;             // over: the game ended here, nothing was searched
    std::optional<Move> best;  // the engine's move (none when the game is over)
    std::string best_text;     // it in notation with its captures, "e2-d2xd3"
    std::string pv_text;       // the line the engine expects, best move first, "e2-d2 c4-c5 ..."
    Score score = 0;           // for the side to move; a finished game: mate or draw score
    int depth = 0;             // the depth reached (0: not searched)
    // by_depth[d]: the score of the completed iteration of depth d (nothing: none reported,
    // e.g. below a solver's proof or above a proven result).
    std::vector<std::optional<Score>> by_depth;
};

enum class Tier { None, Inaccuracy, Mistake, Blunder };
const char* tier_name(Tier tier);  // "", "inaccuracy", "mistake", "blunder"

struct MoveVerdict {
    bool judged = false;       // false: an opening-book ply, or no search to judge it by
    int loss = 0;              // centi-soldiers the mover gave away (capped scores), 0 or more
    bool result_lost = false;  // the move threw away a found win, or walked into a found loss
    Tier tier = Tier::None;
};

struct GameAnalysis {
    std::vector<PositionAnalysis> positions;  // one per ply: the start (0) to after the last move
    std::vector<MoveVerdict> moves;           // moves[k]: the move from position k to k + 1
    std::string limits;                       // how deep it looked, "depth 6", "100 ms a move"
    int threshold = 0;                        // the loss above which a move is a mistake
    int book_plies = 0;                       // the first plies, not judged
};

struct AnalysisOptions {
    SearchLimits limits;  // per position
    int threads = 1;
    int hash_mb = 16;
    RootSolverOptions solver;  // the solver at the root (engine/root_solver.h)
    int threshold = 100;       // centi-soldiers
    int book_plies = 0;        // the first plies are an opening book's: not judged
    std::shared_ptr<tablebase::Tablebase> tables;  // endgame tables to probe; null for none
    // The evaluation (Engine::set_eval_file's value), already checked for the game's rules.
    std::string eval_file = Engine::kDefaultNets;
};

// Scores beyond this are drawn and compared as this (a mate counts as kScoreCap): 20 soldiers,
// above the scores of won Copenhagen positions short of a forced win.
constexpr int kScoreCap = 2000;
// `score` of the side `to_move`, from the attackers' point of view, capped at +-kScoreCap.
int attackers_view(Score score, Side to_move);

// The tier of a move's loss against the threshold T: over T/2 an inaccuracy, over T a mistake,
// over 3T (or a result lost) a blunder.
Tier tier_of(int loss, bool result_lost, int threshold);

// The verdict on the move from `before` to `after` (analyse_game's rules, below), whoever
// suggested it.
MoveVerdict judge(const PositionAnalysis& before, const PositionAnalysis& after, int threshold);

// The depth `branan report` searches when no limit is given, by the board's width: deep enough
// to see a few moves ahead, shallow enough that a long game on that board takes under a minute
// on one thread.
int default_report_depth(int board_size);

// Searches every position of `game` (from its start to its end) with a fresh engine and judges
// each played move after the book, whoever suggested it, from its mover's point of view at equal
// depth: its loss is the score before it at depth d minus the score after it at depth d - 1
// (negated, both capped), d the depth reached before it (less when the position after reached
// less than d - 1); where either position holds a found result (a proof, good at any depth),
// the scores each search ended with are compared instead. A move also loses the result when the
// position before held a found win that the position after does not, or the position after holds a
// found loss that the one before did not (each at the depth it reached; results are the search's
// proofs, not estimates).
GameAnalysis analyse_game(const Game& game, const AnalysisOptions& options);

// How many judged moves of `side` have `tier`.
int tier_count(const GameAnalysis& analysis, Side side, Tier tier);

}  // namespace branan::report
