// SPDX-License-Identifier: GPL-3.0-or-later
// The solver in play (engine/root_solver.h): with few pieces left the engine answers with a
// proof, so a search too shallow to see a forced win still reports it as an exact mate score,
// for the winner and for the loser, and its best move keeps the win.
#include "catch.h"
#include "engine/engine.h"
#include "solver/solve.h"
#include "tactics.h"

using namespace branan;
using testing::load_tactics;

namespace {

int pieces(const Game& game) {
    return game.visit_position([](const auto& pos) { return popcount(pos.occupied()); });
}

// The tactics with at most `max_pieces` pieces whose forced win takes at least `min_plies`.
std::vector<testing::Tactic> small_tactics(int max_pieces, int min_plies) {
    std::vector<testing::Tactic> out;
    for (const auto& t : load_tactics())
        if (t.plies >= min_plies && pieces(testing::game_of(t)) <= max_pieces) out.push_back(t);
    return out;
}

SearchResult depth_one(Engine& engine, const Game& game) {
    engine.new_game();
    engine.set_game(game);
    SearchLimits limits;
    limits.depth = 1;
    return engine.search(limits);
}

// Whether the solver proves `game` won by `winner` (an independent solve, fresh table).
bool proved_for(const Game& game, Side winner) {
    solver::ProofTable table(16);
    const solver::Solution s = solver::solve(game, table, {.nodes = 5'000'000});
    return s.winner == winner;
}

}  // namespace

TEST_CASE("root solver: a depth-1 search reports each small tactic's win as its exact mate",
          "[solver][search]") {
    const RootSolverOptions options;
    const auto tactics = small_tactics(options.max_pieces, 3);
    REQUIRE(tactics.size() >= 10);
    Engine engine;
    for (const auto& t : tactics) {
        INFO(t.preset << " " << t.record << " " << side_name(t.side) << " in " << t.plies);
        Game game = testing::game_of(t);
        const SearchResult r = depth_one(engine, game);
        REQUIRE(r.best);
        CHECK(r.score == mate_in(t.plies));  // the suite's lengths are the shortest wins
        CHECK(static_cast<int>(r.pv.size()) == t.plies);
        CHECK(r.depth == t.plies);

        // The loser, one move later, is told how long it lasts; the winner's move keeps the win.
        game.play(*r.best);
        if (game.status().over()) continue;
        CHECK(proved_for(game, t.side));
        const SearchResult reply = depth_one(engine, game);
        CHECK(reply.score == mated_in(t.plies - 1));
    }
}

TEST_CASE("root solver: off, or with too many pieces, a depth-1 search sees no mate",
          "[solver][search]") {
    const auto tactics = small_tactics(RootSolverOptions{}.max_pieces, 5);
    REQUIRE(!tactics.empty());
    const Game game = testing::game_of(tactics[0]);
    Engine engine;
    REQUIRE(is_mate_score(depth_one(engine, game).score));
    engine.set_solver_options({.max_pieces = 0});
    CHECK_FALSE(is_mate_score(depth_one(engine, game).score));
    engine.set_solver_options({.max_pieces = pieces(game) - 1});
    CHECK_FALSE(is_mate_score(depth_one(engine, game).score));
    engine.set_solver_options({.max_pieces = pieces(game), .max_nodes = 0});
    CHECK_FALSE(is_mate_score(depth_one(engine, game).score));
}

TEST_CASE("root solver: a node-limited search, MultiPV and searchmoves are the search's alone",
          "[solver][search]") {
    const auto tactics = small_tactics(RootSolverOptions{}.max_pieces, 5);
    REQUIRE(!tactics.empty());
    const Game game = testing::game_of(tactics[0]);
    // The same search with the solver on and off: the same move, score and node count.
    auto same_with_and_without_solver = [&](const SearchLimits& limits, int multipv) {
        SearchResult on, off;
        for (bool solver : {true, false}) {
            Engine engine;
            engine.set_multipv(multipv);
            if (!solver) engine.set_solver_options({.max_pieces = 0});
            engine.set_game(game);
            (solver ? on : off) = engine.search(limits);
        }
        CHECK(on.best == off.best);
        CHECK(on.score == off.score);
        CHECK(on.nodes == off.nodes);
    };
    SearchLimits nodes;
    nodes.nodes = 3000;
    same_with_and_without_solver(nodes, 1);
    SearchLimits restricted;
    restricted.depth = 1;
    restricted.search_moves = game.legal_moves();
    same_with_and_without_solver(restricted, 1);
    SearchLimits shallow;
    shallow.depth = 1;
    same_with_and_without_solver(shallow, 2);
}
