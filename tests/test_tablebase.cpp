// SPDX-License-Identifier: GPL-3.0-or-later
// Endgame tablebases (src/tablebase/): the index, generated tables checked against their
// successors, hand-checked positions, agreement with the df-pn solver, and damaged files.
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "catch.h"
#include "core/position_record.h"
#include "core/presets.h"
#include "proof_verifier.h"
#include "solver/solve.h"
#include "tablebase/generator.h"
#include "tablebase/rules_support.h"
#include "tablebase/slice_file.h"
#include "tablebase/tablebase.h"
#include "tablebase/verifier.h"
#include "test_support.h"

using namespace branan;
using namespace branan::tablebase;
using catch_compat::Contains;

namespace {

// Every slice with at most `pieces` soldiers of `variant`, generated in memory.
std::unique_ptr<TableSet> generated(const std::string& variant, int pieces) {
    auto set = std::make_unique<TableSet>(*preset(variant));
    GenerateOptions options;
    options.threads = 2;
    for (const Material m : material_up_to(pieces)) set->add(m, generate_slice(*set, m, options));
    return set;
}

const TableSet& brandubh_two() {
    static const auto set = generated("brandubh", 2);
    return *set;
}

// The value the tables give the position of `record` with `side` to move.
Value value_at(const TableSet& set, const std::string& record, Side side) {
    const Game game = Game::create(set.rules(), record, side).value();
    return game.visit_position([&](const auto& pos) {
        if constexpr (std::is_same_v<std::decay_t<decltype(pos)>, Position<BoardBits>>)
            return set.value(placement_of(pos)).value();
        else
            return kUnused;
    });
}

// A fresh directory under the system's temporary one.
std::string temp_dir(const std::string& name) {
    const std::string dir = testing::unique_temp_path("tb-" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

// Every canonical entry of `set` agrees with the solver on `count` random positions of slice m.
void check_against_solver(const TableSet& set, Material m, int count, uint32_t seed) {
    const Slice& slice = *set.find(m);
    std::mt19937_64 rng(seed);
    solver::ProofTable table(16);
    solver::SolveLimits limits;
    limits.nodes = 2'000'000;
    int checked = 0, decided = 0;
    while (checked < count) {
        const uint64_t i = rng() % slice.index.size();
        const Value v = slice.values[i];
        if (v == kUnused) continue;
        const Placement p = slice.index.placement(i);
        const Position<BoardBits> pos = position_of(set.tables(), p);
        if (game_end(pos).over()) continue;  // the solver takes ongoing games only
        const std::string record = write_position_record(pos.setup());
        const Game game = Game::create(set.rules(), record, p.side).value();
        // The tables hold wins without repetition; the solver's cycle leaves also prove wins
        // that rest on the third repetition's loss (solving.md), so where the tables give no
        // win it is asked without them.
        solver::SolveLimits asked = limits;
        asked.cycle_leaves = v != kNoWin;
        const solver::Solution s = solver::solve(game, table, asked);
        INFO(record << " side " << side_name(p.side) << " table value " << v << " solver "
                    << solver::result_name(s));
        if (v == kNoWin) {
            CHECK_FALSE(s.winner);
        } else {
            const Side winner = is_win(v) ? p.side : opponent(p.side);
            REQUIRE(s.winner);
            CHECK(*s.winner == winner);
            // The proof's longest line is at least the shortest win the loser can be held to.
            CHECK(static_cast<int>(s.line.size()) >= distance(v));
            ++decided;
        }
        ++checked;
    }
    CHECK(decided > 0);
}

}  // namespace

TEST_CASE("tablebase: brandubh and brandubh-federation are supported, other rules refused",
          "[tablebase]") {
    CHECK(unsupported_rules_problem(*preset("brandubh")).empty());
    CHECK(unsupported_rules_problem(*preset("brandubh-federation")).empty());
    CHECK_THAT(unsupported_rules_problem(*preset("copenhagen")), Contains("at most 8x8"));
    CHECK_THAT(unsupported_rules_problem(*preset("brandubh-1step")), Contains("forest"));
}

TEST_CASE("tablebase: the index numbers every placement, symmetric ones alike", "[tablebase]") {
    const TableSet set(*preset("brandubh"));
    const SliceIndex index = set.index_of({2, 1});
    std::mt19937_64 rng(7);
    int canonical = 0;
    for (int n = 0; n < 20000; ++n) {
        const uint64_t i = rng() % index.size();
        const Placement p = index.placement(i);
        REQUIRE(index.fits(p));
        const uint64_t c = index.index(p);
        REQUIRE(c <= i);
        canonical += c == i;
        for (int t = 0; t < Symmetry::kCount; ++t)
            REQUIRE(index.index(set.symmetry().map(t, p)) == c);
        REQUIRE(index.index(index.placement(c)) == c);
    }
    CHECK(canonical > 10000);
}

TEST_CASE("tablebase: tables up to two soldiers are consistent with their successors",
          "[tablebase]") {
    const TableSet& set = brandubh_two();
    for (const Material m : material_up_to(2)) {
        const VerifyReport r = verify_slice(set, m, 2);
        INFO(material_name(m) << ": " << r.first_mismatch);
        CHECK(r.positions > 0);
        CHECK(r.mismatches == 0);
    }
}

TEST_CASE("tablebase: a changed entry fails verification", "[tablebase]") {
    auto set = generated("brandubh", 1);
    const Slice& s = *set->find({1, 0});
    std::vector<Value> values = s.values;
    const auto it = std::find_if(values.begin(), values.end(), [](Value v) { return is_win(v); });
    REQUIRE(it != values.end());
    *it = static_cast<Value>(*it + 2);  // a win one ply slower
    set->add({1, 0}, values);
    const VerifyReport r = verify_slice(*set, {1, 0}, 1);
    CHECK(r.mismatches >= 1);
    CHECK_THAT(r.first_mismatch, Contains("its successors give"));
}

TEST_CASE("tablebase: hand-checked positions", "[tablebase]") {
    const TableSet& set = brandubh_two();
    // (Records list rank 1 first.) The king on a6 beside the corner: the attacker b5-a5
    // captures him against the hostile corner a7; the defenders to move escape a6-a7.
    CHECK(value_at(set, "/7/7/7/7/1t5/K6/7/", Side::Attackers) == win_in(1));
    CHECK(value_at(set, "/7/7/7/7/1t5/K6/7/", Side::Defenders) == win_in(1));
    // Off the throne the king falls to two attackers: d5-d6 closes him on c6 against b6.
    CHECK(value_at(set, "/7/7/7/7/3t3/1tK4/7/", Side::Attackers) == win_in(1));
    // The king on the throne with a lone attacker beside him on c4: the attackers cannot stop
    // him reaching an edge and then a corner; they to move lose in 4 plies (the king needs two
    // moves, and no one attacker closes both corners of the edge he reaches).
    const Value v = value_at(set, "/7/7/7/2tK3/7/7/7/", Side::Attackers);
    CHECK(is_loss(v));
    CHECK(distance(v) == 4);
    // The king on b1, beside the corner a1, escapes at once.
    CHECK(value_at(set, "/1K5/7/7/7/7/7/3t3/", Side::Defenders) == win_in(1));
}

TEST_CASE("tablebase: random table positions agree with the solver (two soldiers)", "[tablebase]") {
    const TableSet& set = brandubh_two();
    check_against_solver(set, {1, 1}, 150, 1);
    check_against_solver(set, {2, 0}, 100, 2);
    check_against_solver(set, {0, 2}, 50, 3);
}

TEST_CASE("tablebase: random table positions agree with the solver (three soldiers)",
          "[tablebase][slow]") {
    const auto set = generated("brandubh", 3);
    for (const Material m : material_up_to(3)) REQUIRE(verify_slice(*set, m, 2).mismatches == 0);
    check_against_solver(*set, {2, 1}, 200, 4);
    check_against_solver(*set, {1, 2}, 200, 5);
    check_against_solver(*set, {3, 0}, 100, 6);
    const auto federation = generated("brandubh-federation", 3);
    for (const Material m : material_up_to(3))
        REQUIRE(verify_slice(*federation, m, 2).mismatches == 0);
    check_against_solver(*federation, {2, 1}, 200, 7);
}

TEST_CASE("tablebase: where no side can force a win without repetition, neither can the solver",
          "[tablebase][slow]") {
    // brandubh's a4d0 holds such positions (2,366; none has 3 soldiers or fewer). Asked without
    // cycle leaves, as the tables hold repetition-free wins only, the solver proves none of them
    // (with them it proves wins that rest on the third repetition's loss: solving.md). The
    // first 12 are asked, each within 200,000 nodes.
    const auto set = generated("brandubh", 3);
    GenerateOptions options;
    options.threads = 2;
    set->add({4, 0}, generate_slice(*set, {4, 0}, options));
    const Slice& slice = *set->find({4, 0});
    solver::SolveLimits limits;
    limits.nodes = 200'000;
    limits.cycle_leaves = false;
    solver::SolveLimits with_cycles = limits;
    with_cycles.cycle_leaves = true;
    int asked = 0, repetition_wins = 0;
    for (uint64_t i = 0; i < slice.index.size() && asked < 12; ++i) {
        if (slice.values[i] != kNoWin) continue;
        const Placement p = slice.index.placement(i);
        const Position<BoardBits> pos = position_of(set->tables(), p);
        const std::string record = write_position_record(pos.setup());
        INFO(record << " side " << side_name(p.side));
        const Game game = Game::create(set->rules(), record, p.side).value();
        solver::ProofTable table(16);
        CHECK_FALSE(solver::solve(game, table, limits).winner);
        solver::ProofTable cycles_table(16);
        const solver::Solution s = solver::solve(game, cycles_table, with_cycles);
        if (s.winner) {
            // Not a contradiction but the rules' repetition verdict, on the real path.
            std::ostringstream proof;
            solver::write_proof(proof, game, s);
            std::istringstream in(proof.str());
            CHECK(testing::check_proof_file(in, {}).error == "");
            ++repetition_wins;
        }
        ++asked;
    }
    CHECK(asked == 12);
    CHECK(repetition_wins == 12);
}

TEST_CASE("tablebase: files round-trip, and damaged, foreign or misnamed files are refused",
          "[tablebase]") {
    const TableSet& set = brandubh_two();
    const std::string dir = temp_dir("files");
    const Material m{1, 1};
    const std::string path = slice_path(dir, m);
    const auto& values = set.find(m)->values;
    REQUIRE(write_slice(path, set.rules(), m, values).empty());
    std::vector<Value> back;
    REQUIRE(read_slice(path, set.rules(), m, values.size(), back).empty());
    CHECK(back == values);
    CHECK_THAT(read_slice(path, *preset("brandubh-federation"), m, values.size(), back),
               Contains("other rules"));
    CHECK_THAT(read_slice(path, set.rules(), {2, 0}, values.size(), back), Contains("material"));

    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    auto rewrite = [&](const std::string& text) {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << text;
    };
    std::string damaged = bytes;
    damaged[damaged.size() - 10] ^= 0x5a;
    rewrite(damaged);
    CHECK_THAT(read_slice(path, set.rules(), m, values.size(), back), Contains("checksum"));
    CHECK(back.empty());
    rewrite(bytes.substr(0, bytes.size() - 3));
    CHECK_THAT(read_slice(path, set.rules(), m, values.size(), back), Contains("cut short"));
    rewrite("branan-tablebase 9\n");
    CHECK_THAT(read_slice(path, set.rules(), m, values.size(), back), Contains("version 9"));
    rewrite("hello\n");
    CHECK_THAT(read_slice(path, set.rules(), m, values.size(), back),
               Contains("not a Branan tablebase file"));

    CHECK_THAT(Tablebase::open(dir + "/missing").error(), Contains("does not exist"));
    CHECK_THAT(Tablebase::open(path).error(),  // a file, not a folder
               Contains("tablebase directory '" + path + "' is not a directory"));
    const std::string empty = temp_dir("empty");
    CHECK_THAT(Tablebase::open(empty).error(), Contains("no tablebase files"));
    rewrite(bytes);
    std::filesystem::rename(path, slice_path(dir, {2, 0}));
    CHECK_THAT(Tablebase::open(dir).error(), Contains("does not match"));
    std::filesystem::remove_all(dir);
    std::filesystem::remove_all(empty);
}

TEST_CASE("tablebase: probing a directory", "[tablebase]") {
    const TableSet& set = brandubh_two();
    const std::string dir = temp_dir("probe");
    for (const Material m : material_up_to(2))
        REQUIRE(write_slice(slice_path(dir, m), set.rules(), m, set.find(m)->values).empty());
    auto base = Tablebase::open(dir);
    REQUIRE(base);
    CHECK((*base)->complete_pieces() == 2);
    const Game mate =
        Game::create(*preset("brandubh"), "/7/7/7/7/1t5/K6/7/", Side::Attackers).value();
    const ProbeResult r = (*base)->probe(mate);
    CHECK(r.kind == ProbeResult::Kind::Win);
    CHECK(r.distance == 1);
    const Game three =
        Game::create(*preset("brandubh"), "/7/7/7/7/1t5/Kt5/3t3/", Side::Attackers).value();
    CHECK((*base)->probe(three).kind == ProbeResult::Kind::Outside);
    // The line of best play: as long as the distance, every position on it one ply nearer.
    const Slice& slice = *set.find({1, 1});
    std::mt19937_64 rng(11);
    for (int n = 0; n < 200;) {
        const uint64_t i = rng() % slice.index.size();
        const Value v = slice.values[i];
        if (!is_win(v) && !is_loss(v)) continue;
        const Placement p = slice.index.placement(i);
        const std::string record = write_position_record(position_of(set.tables(), p).setup());
        Game game = Game::create(set.rules(), record, p.side).value();
        if (game.status().over()) continue;
        const std::vector<Move> line = (*base)->best_line(game);
        INFO(record << " side " << side_name(p.side));
        REQUIRE(static_cast<int>(line.size()) == distance(v));
        for (size_t k = 0; k + 1 < line.size(); ++k) {
            game.play(line[k]);
            const ProbeResult step = (*base)->probe(game);
            REQUIRE(step.distance == distance(v) - static_cast<int>(k) - 1);
        }
        game.play(line.back());
        CHECK(game.status().outcome == win_for(is_win(v) ? p.side : opponent(p.side)));
        ++n;
    }
    const Game other =
        Game::create(*preset("brandubh-federation"), "/7/7/7/7/1t5/K6/7/", Side::Attackers).value();
    CHECK((*base)->probe(other).kind == ProbeResult::Kind::Outside);
    std::filesystem::remove_all(dir);
}
