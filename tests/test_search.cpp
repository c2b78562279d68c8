// The search: exact results on the tactics suite (forced wins verified by exhaustive search),
// determinism, limits, stop, threads.
#include <catch2/catch.hpp>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "core/game_record.h"
#include "core/presets.h"
#include "engine/engine.h"
#include "solver.h"

using namespace branan;

namespace {

struct Tactic {
    std::string preset, record;
    Side side;
    int plies;
};

std::vector<Tactic> load_tactics() {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/tactics.txt");
    std::vector<Tactic> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream f(line);
        Tactic t;
        std::string side;
        f >> t.preset >> t.record >> side >> t.plies;
        t.side = side == "attackers" ? Side::Attackers : Side::Defenders;
        out.push_back(t);
    }
    return out;
}

Game game_of(const Tactic& t) {
    return Game::create(*preset(t.preset), t.record, t.side).value();
}

}  // namespace

TEST_CASE("tactics: the engine finds every forced win at its exact distance", "[search][tactics]") {
    const auto tactics = load_tactics();
    REQUIRE(tactics.size() >= 50);
    Engine engine;
    engine.set_hash_mb(16);
    for (const auto& t : tactics) {
        INFO(t.preset << " " << t.record << " " << side_name(t.side) << " wins in " << t.plies);
        const Game game = game_of(t);
        // The suite's claim, re-proved: a win in t.plies and none sooner.
        REQUIRE(testing::shortest_forced_win(game, t.plies) == t.plies);
        engine.new_game();
        engine.set_game(game);
        SearchLimits limits;
        limits.nodes = 3'000'000;
        limits.mate = (t.plies + 1) / 2;
        const SearchResult r = engine.search(limits);
        REQUIRE(r.best);
        CHECK(r.score == mate_in(t.plies));
        // The move played keeps the win: after it the opponent cannot escape in t.plies - 1.
        Game after = game;
        after.play(*r.best);
        if (!after.status().over()) {
            const bool opponent_holds = after.visit_position([&](const auto& root) {
                auto pos = root;
                MoveList replies;
                pos.generate(replies);
                for (Move reply : replies) {
                    pos.do_move(reply);
                    const bool escapes =
                        !pos.status().over() && !testing::forced_win(pos, t.plies - 2);
                    pos.undo_move();
                    if (escapes) return true;
                }
                return false;
            });
            CHECK_FALSE(opponent_holds);
        }
    }
}

TEST_CASE("search is deterministic with one thread, also after new_game", "[search]") {
    Engine engine;
    Game game = Game::create(*preset("brandubh")).value();
    REQUIRE(game.play("d2-e2").ok());
    SearchLimits limits;
    limits.nodes = 60000;
    engine.set_game(game);
    const SearchResult first = engine.search(limits);
    engine.new_game();
    const SearchResult second = engine.search(limits);
    Engine fresh;
    fresh.set_game(game);
    const SearchResult third = fresh.search(limits);
    REQUIRE(first.best);
    CHECK(first.best == second.best);
    CHECK(first.nodes == second.nodes);
    CHECK(first.best == third.best);
    CHECK(first.nodes == third.nodes);
}

TEST_CASE("limits: depth, nodes, movetime end the search, and the move is legal", "[search]") {
    Engine engine;
    const Game game = Game::create(*preset("tablut")).value();
    engine.set_game(game);
    const auto legal = game.legal_moves();
    auto is_legal = [&](std::optional<Move> m) {
        return m && std::find(legal.begin(), legal.end(), *m) != legal.end();
    };
    SearchLimits depth;
    depth.depth = 4;
    SearchResult r = engine.search(depth);
    CHECK(is_legal(r.best));
    CHECK(r.depth == 4);
    SearchLimits nodes;
    nodes.nodes = 5000;
    r = engine.search(nodes);
    CHECK(is_legal(r.best));
    CHECK(r.nodes < 5000 + 2048);  // checked every 1024 calls
    SearchLimits movetime;
    movetime.move_time = 100;
    const auto start = Clock::now();
    r = engine.search(movetime);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    CHECK(is_legal(r.best));
    CHECK(ms < 1000);
}

TEST_CASE("an infinite search runs until stop, and two threads give a legal move",
          "[search][threads]") {
    Engine engine;
    engine.set_threads(2);
    const Game game = Game::create(*preset("brandubh")).value();
    engine.set_game(game);
    SearchLimits limits;
    limits.infinite = true;
    std::atomic<int> done{0};
    SearchResult result;
    engine.go(limits, nullptr, [&](const SearchResult& r) {
        result = r;
        ++done;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    CHECK(engine.searching());
    CHECK(done == 0);
    engine.stop();
    engine.wait();
    CHECK(done == 1);
    const auto legal = game.legal_moves();
    REQUIRE(result.best);
    CHECK(std::find(legal.begin(), legal.end(), *result.best) != legal.end());
}

TEST_CASE("a finished game: no move, the verdict", "[search]") {
    Engine engine;
    const Game game =
        Game::create(*preset("brandubh"), "/K2t3/3t3/3T3/tt3tt/3T3/3t3/3t3/", Side::Attackers)
            .value();
    engine.set_game(game);
    SearchLimits limits;
    limits.depth = 3;
    const SearchResult r = engine.search(limits);
    CHECK_FALSE(r.best);
    CHECK(r.status == Status{Outcome::DefendersWin, OutcomeReason::KingEscaped});
}

// Not run by default: scans real and random games for tactics and prints suite lines.
TEST_CASE("generate tactics suite candidates", "[.generate-tactics]") {
    std::mt19937 rng(7);
    std::vector<std::pair<std::string, Game>> positions;
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/brandubh-federation-games.csv");
    for (std::string line; std::getline(in, line);) {
        auto rec = parse_csv_game(line);
        if (!rec) continue;
        Game g = Game::create(*preset("brandubh-federation")).value();
        for (const auto& m : rec->moves) {
            if (m == "timeout" || !g.play(m).ok() || g.status().over()) break;
            positions.emplace_back("brandubh-federation", g);
        }
    }
    for (const auto& name : preset_names()) {
        if (name == "brandubh-federation") continue;
        for (int n = 0; n < 200; ++n) {
            Game g = Game::create(*preset(name)).value();
            for (int ply = 0; ply < 120 && !g.status().over(); ++ply) {
                const auto legal = g.legal_moves();
                g.play(legal[rng() % legal.size()]);
                if (!g.status().over() && ply > 6) positions.emplace_back(name, g);
            }
        }
    }
    std::shuffle(positions.begin(), positions.end(), rng);
    std::map<std::string, int> per_preset;
    const int max_plies =
        std::getenv("TACTICS_PLIES") ? std::atoi(std::getenv("TACTICS_PLIES")) : 5;
    for (const auto& [name, played] : positions) {
        if (per_preset[name] >= 8) continue;
        // As the suite will load it: from the bare record.
        const Game g = Game::create(*preset(name), played.record(), played.side_to_move()).value();
        const int plies = testing::shortest_forced_win(g, max_plies);
        if (plies < 3) continue;
        ++per_preset[name];
        std::cout << name << " " << g.record() << " " << side_name(g.side_to_move()) << " " << plies
                  << std::endl;
    }
}
