// SPDX-License-Identifier: GPL-3.0-or-later
// Endgame tables in play: the engine's answer at the root and its probes in the tree, the solver's
// table leaves and the proof verifier's check of them, on tables of two soldiers generated here.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <random>
#include <sstream>
#include <thread>

#include "catch.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "engine/engine.h"
#include "proof_verifier.h"
#include "solver/solve.h"
#include "table_lookup.h"
#include "tablebase/generator.h"
#include "tablebase/probe.h"
#include "tablebase/slice_file.h"
#include "test_support.h"

using namespace branan;
using namespace branan::tablebase;
using catch_compat::Contains;

namespace {

// Brandubh's tables up to two soldiers, written once to a fresh temporary directory and opened.
std::shared_ptr<Tablebase> two_soldier_tables() {
    static const std::shared_ptr<Tablebase> tables = [] {
        // Emptied first: a directory left by an earlier process of the same id would otherwise
        // be read instead of generated (generate_tables keeps the files it finds).
        const std::string dir = testing::unique_temp_path("tbplay");
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        TableSet set(*preset("brandubh"));
        const std::string error = generate_tables(set, 2, dir, GenerateOptions{});
        REQUIRE(error.empty());
        auto opened = Tablebase::open(dir);
        REQUIRE(opened);
        return *opened;
    }();
    return tables;
}

// An ongoing position of slice `m` that the tables give its side to move as a win in the most
// plies: the hardest for a search without them.
Game longest_win(Material m) {
    const std::shared_ptr<Tablebase> tables = two_soldier_tables();
    REQUIRE(tables->load_all().empty());
    const Slice& slice = *tables->set().find(m);
    std::optional<Game> best;
    int best_distance = 0;
    for (uint64_t i = 0; i < slice.index.size(); ++i) {
        const Value v = slice.values[i];
        if (!is_win(v) || distance(v) <= best_distance) continue;
        const Placement p = slice.index.placement(i);
        const std::string record =
            write_position_record(position_of(tables->set().tables(), p).setup());
        Game game = Game::create(tables->rules(), record, p.side).value();
        if (game.status().over()) continue;
        best = game;
        best_distance = distance(v);
    }
    REQUIRE(best);
    return *best;
}

// The table leaves of `node`'s proof (the game at `game`) on a line where some position has
// occurred twice by then (`repeated`: one has on the line to `game`).
size_t table_leaves_after_repeat(Game& game, const solver::ProofNode& node, bool repeated) {
    repeated = repeated || game.repetitions() >= 2;
    size_t n = node.table >= 0 && repeated ? 1 : 0;
    for (const solver::ProofNode& c : node.children) {
        game.play(c.move);
        n += table_leaves_after_repeat(game, c, repeated);
        game.undo();
    }
    return n;
}

}  // namespace

TEST_CASE("tablebase in play: the root's table win is answered with the fastest win",
          "[tablebase][play]") {
    const std::shared_ptr<Tablebase> tables = two_soldier_tables();
    const Game game = longest_win({1, 1});
    const ProbeResult root = tables->probe(game);
    REQUIRE(root.kind == ProbeResult::Kind::Win);
    INFO(game.record() << " " << side_name(game.side_to_move()) << " wins in " << root.distance);
    REQUIRE(root.distance >= 3);
    Engine engine(16);
    engine.set_tablebase(tables);
    engine.set_game(game);
    SearchLimits limits;
    limits.depth = 1;
    std::optional<uint64_t> tbhits;
    const SearchResult r = engine.search(limits, [&](const SearchInfo& i) { tbhits = i.tbhits; });
    REQUIRE(r.best);
    CHECK(r.score == mate_in(root.distance));
    CHECK(static_cast<int>(r.pv.size()) == root.distance);
    CHECK(tbhits == 1u);
    // The move keeps the win one ply nearer: a fastest win.
    Game after = game;
    after.play(*r.best);
    const ProbeResult next = tables->probe(after);
    CHECK(next.kind == ProbeResult::Kind::Loss);
    CHECK(next.distance == root.distance - 1);
    // The line ends in the win.
    Game played = game;
    for (Move m : r.pv) played.play(m);
    CHECK(played.status().outcome == win_for(game.side_to_move()));

    // Without tables, or under rules other than theirs, no table answer and no tbhits.
    engine.set_tablebase(nullptr);
    tbhits.reset();
    engine.search(limits, [&](const SearchInfo& i) { tbhits = i.tbhits; });
    CHECK_FALSE(tbhits);
    engine.set_tablebase(tables);
    engine.set_game(
        Game::create(*preset("brandubh-federation"), game.record(), game.side_to_move()).value());
    engine.search(limits, [&](const SearchInfo& i) { tbhits = i.tbhits; });
    CHECK_FALSE(tbhits);
}

TEST_CASE("tablebase in play: a search with tables finds the tables' result in the tree",
          "[tablebase][play]") {
    const std::shared_ptr<Tablebase> tables = two_soldier_tables();
    const Game game = longest_win({2, 0});
    const ProbeResult root = tables->probe(game);
    REQUIRE(root.kind == ProbeResult::Kind::Win);
    INFO(game.record() << " " << side_name(game.side_to_move()) << " wins in " << root.distance);
    Engine engine(16);
    engine.set_tablebase(tables);
    engine.set_game(game);
    engine.set_multipv(2);  // no answer from the root's tables: the search runs
    engine.set_solver_options(RootSolverOptions{0, 0});
    SearchLimits limits;
    limits.depth = 3;
    uint64_t hits = 0;
    const SearchResult r = engine.search(limits, [&](const SearchInfo& i) {
        REQUIRE(i.tbhits);
        hits = *i.tbhits;
    });
    CHECK(hits > 0);
    CHECK(r.score == mate_in(root.distance));
}

TEST_CASE("tablebase in play: the solver's table leaves, checked by the proof verifier",
          "[tablebase][play]") {
    const std::shared_ptr<Tablebase> tables = two_soldier_tables();
    const Game game = longest_win({1, 1});
    const Prober prober(tables, game.rules());
    REQUIRE(prober.active());
    solver::ProofTable table(16);
    solver::SolveLimits limits;
    limits.nodes = 5'000'000;
    const solver::Solution plain = solver::solve(game, table, limits);
    solver::SolveHooks hooks;
    hooks.tables = &prober;
    const solver::Solution with = solver::solve(game, table, limits, hooks);
    INFO(game.record() << ": " << plain.nodes << " nodes without the tables, " << with.nodes
                       << " with");
    REQUIRE(with.winner == game.side_to_move());
    CHECK(solver::table_leaves(with.proof) > 0);
    CHECK((!plain.winner || with.nodes * 5 < plain.nodes));

    std::ostringstream proof;
    solver::write_proof(proof, game, with);
    const std::string text = proof.str();
    auto check = [&](const std::string& t, const testing::TableLookup& lookup) {
        std::istringstream in(t);
        return testing::check_proof_file(in, lookup);
    };
    const testing::ProofCheck ok = check(text, testing::table_lookup(tables));
    CHECK(ok.error == "");
    CHECK(ok.table_leaves == solver::table_leaves(with.proof));
    CHECK_THAT(check(text, {}).error, Contains("no tables to check it against"));
    // A table leaf's distance changed by one is refused.
    const size_t at = text.find("tablebase ");
    REQUIRE(at != std::string::npos);
    const size_t end = text.find('\n', at);
    std::string tampered = text;
    const std::string leaf = text.substr(at, end - at);
    const int d = std::stoi(leaf.substr(leaf.rfind(' ') + 1));
    tampered.replace(at, end - at, leaf.substr(0, leaf.rfind(' ') + 1) + std::to_string(d + 1));
    CHECK_THAT(check(tampered, testing::table_lookup(tables)).error, Contains("the tables give"));
    // Tables of other rules cannot check it.
    std::string foreign = text;
    const size_t rules_at = foreign.find("name:brandubh");
    foreign.replace(rules_at, 13, "name:brandubh-opentafl");
    CHECK_FALSE(check(foreign, testing::table_lookup(tables)).error.empty());
}

// Under "third repetition: loss for the side that repeats" a position the tables give neither
// side without repetition may still be won by the rule: brandubh's a4d0 has 2,366 such
// positions, and the solver's cycle leaves prove the first ones won. With the tables the solver
// searches on from them (a leaf with no win only where it takes no cycle leaves), and its proof,
// its cycles played out and its table leaves checked against the tables, holds on the real path.
TEST_CASE("tablebase in play: the solver proves a repetition win where the tables give no win",
          "[tablebase][play][slow]") {
    const std::string dir = testing::unique_temp_path("tbnowin");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    TableSet set(*preset("brandubh"));
    GenerateOptions options;
    options.threads = 2;
    REQUIRE(generate_tables(set, 3, dir, options).empty());
    REQUIRE(generate_one(set, {4, 0}, dir, options).empty());
    auto opened = Tablebase::open(dir);
    REQUIRE(opened);
    const std::shared_ptr<Tablebase> tables = *opened;
    REQUIRE(tables->load_all().empty());

    const Slice& slice = *tables->set().find({4, 0});
    uint64_t i = 0;
    while (i < slice.index.size() && slice.values[i] != kNoWin) ++i;
    REQUIRE(i < slice.index.size());
    const Placement p = slice.index.placement(i);
    const std::string record =
        write_position_record(position_of(tables->set().tables(), p).setup());
    const Game game = Game::create(tables->rules(), record, p.side).value();
    INFO(record << " side " << side_name(p.side));
    const Prober prober(tables, game.rules());
    REQUIRE(prober.active());

    solver::SolveLimits limits;
    limits.nodes = 1'000'000;
    solver::ProofTable table(16);
    const solver::Solution plain = solver::solve(game, table, limits);
    REQUIRE(plain.winner);  // by the repetition rule: no side wins without it
    solver::SolveHooks hooks;
    hooks.tables = &prober;
    const solver::Solution with = solver::solve(game, table, limits, hooks);
    REQUIRE(with.winner == plain.winner);
    std::ostringstream proof;
    solver::write_proof(proof, game, with);
    std::istringstream in(proof.str());
    const testing::ProofCheck ok = testing::check_proof_file(in, testing::table_lookup(tables));
    CHECK(ok.error == "");
    CHECK(ok.table_leaves == solver::table_leaves(with.proof));
    // Table leaves below a position that occurred twice (a cycle played out): the case the
    // verifier refused before it asked whether the tables decide the repeated position.
    Game walk = game;
    CHECK(table_leaves_after_repeat(walk, with.proof, false) > 0);

    // Without cycle leaves the tables' "no win" is a leaf: nothing is proved, and the answer says
    // what the tables hold.
    limits.cycle_leaves = false;
    const solver::Solution none = solver::solve(game, table, limits, hooks);
    CHECK_FALSE(none.winner);
    CHECK_THAT(none.note, Contains("the tables give neither side a win without repetition"));
    std::filesystem::remove_all(dir);
}

// A table leaf where a position the tables decide occurred twice: the tables' winning line goes
// through positions they decide, so its third occurrence may lie on that line. The verifier
// refuses the leaf then, but where the tables' winner is to move at that position (under
// brandubh's "third repetition loses for the side that makes it" the loser would make it, and
// lose), which is how a proof's root looks after a cycle returned to it.
TEST_CASE(
    "tablebase in play: the proof verifier and table leaves after a decided position "
    "occurred twice",
    "[tablebase][play]") {
    const std::shared_ptr<Tablebase> tables = two_soldier_tables();
    const Game won = longest_win({1, 1});
    REQUIRE(tables->probe(won).kind == ProbeResult::Kind::Win);
    REQUIRE(won.rules().repetition == RepetitionRule::LossForRepeater);
    // Four plies that come back to the position, neither capturing nor ending the game.
    std::vector<std::string> shuffle;
    for (const Move a : won.legal_moves()) {
        if (!shuffle.empty()) break;
        Game g1 = won;
        if (!g1.captures_of(a).empty()) continue;
        g1.play(a);
        if (g1.status().over()) continue;
        for (const Move b : g1.legal_moves()) {
            Game g = g1;
            if (!g.captures_of(b).empty()) continue;
            g.play(b);
            const std::string back_a = g.move_text(Move{a.to, a.from});
            const std::string back_b = g1.move_text(Move{b.to, b.from});
            if (g.status().over() || !g.play(back_a) || g.status().over() || !g.play(back_b))
                continue;
            if (g.key() != won.key() || g.status().over()) continue;
            shuffle = {won.move_text(a), g1.move_text(b), back_a, back_b};
            break;
        }
    }
    REQUIRE(shuffle.size() == 4);
    // A block whose root, after `moves`, is a table leaf with the tables' value there.
    auto proof = [&](const std::vector<std::string>& moves) {
        Game at = won;
        std::string words;
        for (const std::string& m : moves) {
            REQUIRE(at.play(m));
            words += " " + m;
        }
        const ProbeResult v = tables->probe(at);
        REQUIRE((v.kind == ProbeResult::Kind::Win || v.kind == ProbeResult::Kind::Loss));
        const Side to_move = at.side_to_move();
        const Side winner = v.kind == ProbeResult::Kind::Win ? to_move : opponent(to_move);
        return "proof\nrules " + write_rules_string(won.rules()) + "\nposition otn " +
               won.record() + " side " + side_name(won.side_to_move()) +
               (words.empty() ? "" : " moves" + words) + "\nwinner " + side_name(winner) +
               "\ntablebase " + (winner == to_move ? "win " : "loss ") +
               std::to_string(v.distance) + "\nend\n";
    };
    auto check = [&](const std::string& text) {
        std::istringstream in(text);
        return testing::check_proof_file(in, testing::table_lookup(tables));
    };
    CHECK(check(proof({})).error == "");
    // The winner to move at the position that occurred twice: the loser would repeat it.
    CHECK(check(proof(shuffle)).error == "");
    // One ply on, the position after the first move has occurred twice too: of the two positions
    // that did, one has the side the tables make lose there to move, and the winner's line might
    // make its third occurrence.
    std::vector<std::string> further = shuffle;
    further.push_back(shuffle[0]);
    CHECK_THAT(check(proof(further)).error,
               Contains("occurred twice since the last capture is one the tables decide"));
}

// Slices are loaded once, by the first probe that needs one, and then read without a lock: probes
// from several threads, while a 2-thread search probes the same tables in its tree, all give the
// values one thread gets from tables of its own. The tables are opened afresh, so that the
// threads race to load every slice (run under ThreadSanitizer by scripts/test.sh).
TEST_CASE("tablebase in play: probes from several threads during a search",
          "[tablebase][threads]") {
    const std::shared_ptr<Tablebase> reference = two_soldier_tables();
    REQUIRE(reference->load_all().empty());
    // Positions of every material, drawn at random, with their values from one thread.
    std::vector<Game> games;
    std::vector<ProbeResult> expected;
    std::mt19937_64 rng(5);
    for (const Material m : reference->materials()) {
        const Slice& slice = *reference->set().find(m);
        for (int n = 0; n < 40; ++n) {
            const Placement p = slice.index.placement(rng() % slice.index.size());
            const std::string record =
                write_position_record(position_of(reference->set().tables(), p).setup());
            auto game = Game::create(reference->rules(), record, p.side);
            REQUIRE(game);
            games.push_back(*game);
            expected.push_back(reference->probe(*game));
        }
    }
    auto count = [&](ProbeResult::Kind kind) {
        return std::count_if(expected.begin(), expected.end(),
                             [&](const ProbeResult& r) { return r.kind == kind; });
    };
    REQUIRE(count(ProbeResult::Kind::Win) > 0);
    REQUIRE(count(ProbeResult::Kind::Loss) > 0);

    auto opened = Tablebase::open(reference->dir());
    REQUIRE(opened);
    const std::shared_ptr<Tablebase> tables = *opened;
    const Game game = longest_win({2, 0});
    Engine engine(16);
    engine.set_threads(2);
    engine.set_tablebase(tables);
    engine.set_game(game);
    engine.set_multipv(2);  // no answer from the root's tables: the search runs
    engine.set_solver_options(RootSolverOptions{0, 0});
    SearchLimits limits;
    limits.infinite = true;
    std::atomic<uint64_t> hits{0};
    engine.go(
        limits, [&](const SearchInfo& i) { hits = i.tbhits.value_or(0); },
        [](const SearchResult&) {});

    constexpr int kThreads = 3;
    std::vector<int> mismatches(kThreads, 0);
    std::vector<std::thread> probers;
    for (int t = 0; t < kThreads; ++t)
        probers.emplace_back([&, t] {
            const Prober prober(tables, game.rules());
            for (int round = 0; round < 3; ++round)
                for (size_t k = 0; k < games.size(); ++k) {
                    const size_t i = (k + static_cast<size_t>(t) * games.size() / kThreads) %
                                     games.size();  // each thread from another place
                    const ProbeResult r =
                        games[i].visit_position([&](const auto& pos) { return prober.probe(pos); });
                    if (r.kind != expected[i].kind || r.distance != expected[i].distance)
                        ++mismatches[t];
                }
        });
    for (std::thread& p : probers) p.join();
    // The search's first iteration reports its probes (at once but on a loaded machine).
    for (int wait = 0; hits == 0 && wait < 500; ++wait)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    engine.stop();
    engine.wait();
    CHECK(mismatches == std::vector<int>(kThreads, 0));
    CHECK(hits > 0);
}
