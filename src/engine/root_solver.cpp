// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/root_solver.h"

#include "solver/solve.h"

namespace branan {

bool RootSolver::eligible(const Game& game, const RootSolverOptions& options) {
    if (options.max_pieces <= 0 || options.max_nodes == 0) return false;
    // The solver's proof numbers assume the sides alternate and its threat tests know no jumps
    // nor commanders: it is off under special rules (Berserk).
    if (special_rules(game.rules())) return false;
    const int pieces =
        game.visit_position([](const auto& pos) { return popcount(pos.occupied()); });
    return pieces <= options.max_pieces;
}

void RootSolver::clear() {
    if (table_) table_->clear();
    table_rules_.reset();
}

std::optional<RootProof> RootSolver::solve(const Game& game, const RootSolverOptions& options,
                                           const std::atomic<bool>& stop,
                                           std::optional<Clock::time_point> deadline,
                                           uint64_t& spent, const tablebase::Prober* tables) {
    if (!table_) table_ = std::make_unique<solver::ProofTable>(RootSolverOptions::kTableMb);
    // Entries are keyed by position alone: results under other rules must go.
    if (table_rules_ != game.rules()) {
        if (table_rules_) table_->clear();  // a new table is empty already
        table_rules_ = game.rules();
    }
    // The solver polls its own flag; every tick passes on `stop` and the end of the time slice.
    spent = 0;
    std::atomic<bool> solve_stop{stop.load()};
    solver::SolveHooks hooks;
    hooks.stop = &solve_stop;
    hooks.keep_table = true;
    hooks.tables = tables;
    hooks.tick_every = 16384;
    hooks.tick = [&](uint64_t) {
        if (stop.load(std::memory_order_relaxed) || (deadline && Clock::now() >= *deadline))
            solve_stop = true;
    };
    // Deepening first, on a quarter of the nodes: a proof found under a depth limit of d plies,
    // after every smaller limit was searched out without one, is a quickest win (within the
    // solver's game, where a repeated position is no win). Then the unlimited search, which
    // proves more positions in the same nodes but not by their quickest line.
    solver::Solution s;
    // One solve under `max_depth` (0: none) with at most `nodes`; true when it ended the work.
    auto run = [&](int max_depth, uint64_t nodes) {
        solver::SolveLimits limits;
        limits.nodes = nodes;
        limits.max_depth = max_depth;
        limits.max_proof = RootSolverOptions::kMaxProof;
        // Played out, cycle leaves make proofs past kMaxProof: 32 of the 72 real-game positions
        // of scripts/solver_in_play.py proved with them (a build of a7d7b99 that kept them
        // here), 35 without.
        limits.cycle_leaves = false;
        s = solver::solve(game, *table_, limits, hooks);
        spent += s.nodes;
        return s.winner || s.stopped;
    };
    bool done = false;
    uint64_t share = options.max_nodes / 4;
    for (int depth = 1; !done && share > 0 && depth <= RootSolverOptions::kDeepeningPlies;
         ++depth) {
        const uint64_t before = spent;
        done = run(depth, share);
        share -= std::min(share, spent - before);
    }
    if (!done && spent < options.max_nodes) run(0, options.max_nodes - spent);
    if (!s.winner || s.line.empty()) return std::nullopt;
    RootProof proof;
    proof.win = *s.winner == game.side_to_move();
    proof.plies = s.proof.height;
    proof.line = s.line;
    proof.nodes = spent;
    proof.table_leaves = solver::table_leaves(s.proof);
    return proof;
}

}  // namespace branan
