// Solving a position: who wins it with best play, by df-pn (dfpn.h) on the two questions "does
// the side to move win?" and "does the other side win?", with the proof of the answer.
#pragma once

#include <cstdint>
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
};

struct Solution {
    // The winner, a draw (both wins disproved where that is exact), or neither: unknown.
    std::optional<Side> winner;
    bool draw = false;
    uint64_t nodes = 0;
    ProofNode proof;         // with a winner: the root's proof (root.move unused)
    std::vector<Move> line;  // the winner's moves and the loser's longest resistance
    std::string note;        // why the result is unknown, when it is not the node limit
};

// "attackers", "defenders", "draw" or "unknown".
const char* result_name(const Solution& s);

// Solves `game` (an ongoing game; its history counts for repetition) with `table` (shared
// between calls; it is cleared first).
Solution solve(const Game& game, ProofTable& table, const SolveLimits& limits);

// Writes the proof of `s` (which has a winner) for `game`: a header and one line per proof node,
// the move in notation indented by two spaces per ply (see README, "Solving positions").
void write_proof(std::ostream& out, const Game& game, const Solution& s);

}  // namespace branan::solver
