// SPDX-License-Identifier: GPL-3.0-or-later
// The solver in play: before the search, a position with few pieces left is given to the df-pn
// solver (solver/solve.h) for a bounded number of nodes and a slice of the move's time. A proven
// result is exact, so the engine answers with it (a mate score and the proof's line) instead of
// searching. The proof table is kept from one move to the next (a small store of solved
// positions: only results that hold for the position alone are in it), and cleared by a new game
// or other rules.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "core/game.h"
#include "engine/search_types.h"
#include "solver/proof_table.h"

namespace branan {

namespace tablebase {
class Prober;
}

struct RootSolverOptions {
    int max_pieces = 10;           // solve only with at most this many pieces on the board; 0 = off
    uint64_t max_nodes = 1000000;  // solver nodes per move
    static constexpr size_t kTableMb = 16;
    static constexpr size_t kMaxProof = 200'000;  // a larger proof is not extracted: unknown
    static constexpr int kDeepeningPlies = 15;    // depth limits tried before the unlimited solve
    static constexpr int64_t kMinSliceMs = 50;    // with a time limit, the least time worth a solve
};

// A proven result at the root, from the side to move's point of view.
struct RootProof {
    bool win = false;        // the side to move wins (else it loses whatever it plays)
    int plies = 0;           // the proof's depth: the game ends within this many plies
    std::vector<Move> line;  // the winner's moves and the loser's longest resistance
    uint64_t nodes = 0;
    uint64_t table_leaves = 0;  // leaves of the proof that are endgame table positions
    Score score() const { return win ? mate_in(plies) : mated_in(plies); }
};

class RootSolver {
  public:
    // Whether `game` is worth a solve under `options` (its piece count).
    static bool eligible(const Game& game, const RootSolverOptions& options);

    // Tries to prove `game` (ongoing, with a legal move) within options.max_nodes, stopping when
    // `stop` is set or `deadline` (if any) passes. Nothing when no result is proven; `spent`
    // gets the nodes searched either way. `tables` (if any): endgame tables whose positions are
    // proved leaves (solver/solve.h).
    std::optional<RootProof> solve(const Game& game, const RootSolverOptions& options,
                                   const std::atomic<bool>& stop,
                                   std::optional<Clock::time_point> deadline, uint64_t& spent,
                                   const tablebase::Prober* tables = nullptr);

    // Forgets every stored result (a new game).
    void clear();

  private:
    std::unique_ptr<solver::ProofTable> table_;  // allocated at the first solve
    std::optional<Rules> table_rules_;           // the rules the table's entries hold under
};

}  // namespace branan
