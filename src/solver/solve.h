// SPDX-License-Identifier: GPL-3.0-or-later
// Solving a position: who wins it with best play, by df-pn (dfpn.h) on the two questions "does
// the side to move win?" and "does the other side win?", with the proof of the answer.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/game.h"
#include "solver/dfpn.h"

namespace branan::solver {

struct SolveLimits {
    uint64_t nodes = 0;            // moves made by the searches and the proof's checks; 0 = none
    int max_depth = 0;             // plies below the position searched; 0 = none
    size_t max_proof = 4'000'000;  // nodes of the proof tree, beyond which it is not built
    // Whether the searches start guided (Dfpn::set_guided): false only to compare the two.
    bool guided = true;
    // Whether the guided searches take the other side's return to a position of the path as a
    // cycle leaf (dfpn.h; LossForRepeater rules, no depth limit, no tables; never in the
    // unguided search): false where proofs must stay small (played out, a cycle leaf copies the
    // prover's moves from the earlier occurrence), as in the root solver.
    bool cycle_leaves = true;
};

// What a solve may be asked to do besides searching: stop early, and act now and then (a long
// solve saves its checkpoint, solve_command.cpp; a solve in play checks its clock, root_solver.h).
struct SolveHooks {
    const std::atomic<bool>* stop = nullptr;   // when set, the solve ends as if out of nodes
    uint64_t tick_every = 0;                   // nodes between calls of `tick`; 0 = never
    std::function<void(uint64_t nodes)> tick;  // called with the nodes spent so far
    bool keep_table = false;  // resume from the table's entries instead of clearing it
    // Endgame tables whose positions are proved leaves (dfpn.h); null or inactive: none. Not
    // used when a position of the game's history since the last capture occurred twice.
    const tablebase::Prober* tables = nullptr;
    // The questions whose guided proof failed on the real path, so that they go on unguided
    // (bit 0: the side to move's win, bit 1: the other side's; Solution::unguided_retries): with
    // keep_table they resume unguided, and each such failure sets its bit (with or without nodes
    // left for the retry), so that a checkpoint keeps them (a resumed guided search would fail
    // again and empty the table). Without keep_table the solve zeroes it. Null: not kept.
    uint8_t* unguided = nullptr;
};

struct Solution {
    // The winner, a draw (both wins disproved where that is exact), or neither: unknown.
    std::optional<Side> winner;
    bool draw = false;
    uint64_t nodes = 0;
    ProofNode proof;  // with a winner: the root's proof (root.move unused)
    // The winner's moves and the loser's longest resistance (on from a table leaf: the tables').
    std::vector<Move> line;
    std::string note;      // why the result is unknown, when it is not the node limit
    bool stopped = false;  // the hooks' stop flag ended the solve
    // The questions searched again unguided after a guided proof did not hold on the real path.
    int unguided_retries = 0;
};

// How many leaves of the proof below `node` are table positions.
size_t table_leaves(const ProofNode& node);

// "attackers", "defenders", "draw" or "unknown".
const char* result_name(const Solution& s);

// Solves `game` (an ongoing game; its history counts for repetition) with `table` (shared
// between calls; it is cleared first unless hooks.keep_table).
Solution solve(const Game& game, ProofTable& table, const SolveLimits& limits,
               const SolveHooks& hooks = {});

// Writes the proof of `s` (which has a winner) for `game`: a header and one line per proof node,
// the move in notation indented by two spaces per ply (see README, "Solving positions"); below a
// table leaf's move, one line "tablebase win D" or "tablebase loss D": the tables' value for the
// side to move there (docs/solving.md, "Proof files").
void write_proof(std::ostream& out, const Game& game, const Solution& s);

}  // namespace branan::solver
