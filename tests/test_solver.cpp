// SPDX-License-Identifier: GPL-3.0-or-later
// The df-pn solver (src/solver): every forced win of the tactics suite proved for the right side
// with a proof that the independent verifier accepts, answers on positions the side to move does
// not win, the repetition rule's path dependence, and a proof table too small to keep a proof.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>

#include "catch.h"
#include "core/position_command.h"
#include "core/presets.h"
#include "proof_verifier.h"
#include "solver.h"
#include "solver/checkpoint.h"
#include "solver/solve.h"
#include "tactics.h"
#include "test_support.h"

using namespace branan;
using testing::load_tactics;

namespace {

// The proof of `s` as `branan solve --proof` writes it, checked by the verifier.
testing::ProofCheck verified(const Game& game, const solver::Solution& s) {
    std::stringstream file;
    solver::write_proof(file, game, s);
    return testing::check_proof_file(file);
}

}  // namespace

// Proves every tactic whose preset `wanted` accepts with the solver, and checks the proof.
template <class F>
void prove_tactics(F wanted) {
    solver::ProofTable table(16);
    int proved = 0;
    for (const auto& t : load_tactics()) {
        if (!wanted(t.preset)) continue;
        INFO(t.preset << " " << t.record << " " << side_name(t.side) << " wins in " << t.plies);
        const Game game = Game::create(*preset(t.preset), t.record, t.side).value();
        solver::SolveLimits limits;
        limits.nodes = 10'000'000;
        const solver::Solution s = solver::solve(game, table, limits);
        REQUIRE(s.winner == t.side);
        const testing::ProofCheck check = verified(game, s);
        REQUIRE(check.error == "");
        CHECK(check.proofs == 1);
        // No proof is shorter than the suite's exact distance; the line is one of its longest.
        CHECK(check.height >= t.plies);
        CHECK(static_cast<int>(s.line.size()) == s.proof.height);
        ++proved;
    }
    CHECK(proved >= 20);
}

// clear() empties a table that was written to, every time (it skips only an unwritten table).
TEST_CASE("solver: the proof table's clear forgets what was stored, after every use", "[solver]") {
    solver::ProofTable table(1);
    solver::ProofNumbers out;
    table.clear();  // nothing stored yet
    CHECK_FALSE(table.probe(42, out));
    for (uint32_t round = 1; round <= 2; ++round) {
        table.store(42, {round, 7}, 10);
        REQUIRE(table.probe(42, out));
        CHECK(out.pn == round);
        table.clear();
        CHECK_FALSE(table.probe(42, out));
    }
    // Erasing is not emptying: a table whose entries were erased is still cleared.
    table.store(42, {1, 1}, 10);
    table.store(43, {1, 1}, 10);
    table.erase(42);
    table.clear();
    CHECK_FALSE(table.probe(43, out));
}

TEST_CASE("solver: every tactic but Copenhagen's is proved for its side, the proof verifies",
          "[solver]") {
    prove_tactics([](const std::string& p) { return p != "copenhagen"; });
}

// Copenhagen's (11x11) take 0.36 million nodes in all (22 million before the guidance): the slow
// tier.
TEST_CASE("solver: every Copenhagen tactic is proved for its side, the proof verifies",
          "[solver][slow]") {
    prove_tactics([](const std::string& p) { return p == "copenhagen"; });
}

// The nodes `branan solve` spends on the tactics of boards below 11x11, guided or not; each must
// be proved for its side.
static uint64_t tactics_nodes(bool guided) {
    solver::ProofTable table(16);
    uint64_t nodes = 0;
    for (const auto& t : load_tactics()) {
        if (t.preset == "copenhagen") continue;
        INFO(t.preset << " " << t.record << (guided ? " guided" : " unguided"));
        const Game game = Game::create(*preset(t.preset), t.record, t.side).value();
        solver::SolveLimits limits;
        limits.nodes = 10'000'000;
        limits.guided = guided;
        const solver::Solution s = solver::solve(game, table, limits);
        REQUIRE(s.winner == t.side);
        nodes += s.nodes;
    }
    return nodes;
}

// The threat-guided search (dfpn.h, "Guidance") against one whose positions start from (1, 1):
// 13,486 nodes against 722,794 for plain df-pn (which also made the moves that lose at once)
// when this test was written.
TEST_CASE("solver: guided, the tactics take a tenth of the unguided search's nodes",
          "[solver][slow]") {
    const uint64_t guided = tactics_nodes(true), unguided = tactics_nodes(false);
    INFO(guided << " guided, " << unguided << " unguided");
    CHECK(10 * guided < unguided);
}

// A brandubh-federation game after `moves` from the start.
static Game federation_game(std::initializer_list<const char*> moves) {
    Game game = Game::create(*preset("brandubh-federation")).value();
    for (const char* m : moves) REQUIRE(game.play(m));
    return game;
}

// A real Brandubh position (brandubh-federation-games.csv) whose guided proof rests on positions
// that repeat on the real path: the question is searched again unguided, which proves it, and
// the proof holds.
TEST_CASE("solver: a guided proof that fails on the real path is found again unguided",
          "[solver][slow]") {
    const Game game =
        federation_game({"f4-f3", "d5-f5", "d6-f6", "d4-d6", "f3-f4", "d6-b6", "a4-a6", "b6-d6",
                         "f6-f5", "d6-d5", "b4-b5", "d5-d4", "a6-a4", "c4-c6", "b5-b6", "d4-c4",
                         "d2-b2", "c6-e6", "f4-f2", "d3-d2", "f2-e2", "d2-d3", "e2-d2", "e6-e1"});
    solver::ProofTable table(64);
    solver::SolveLimits limits;
    limits.nodes = 2'000'000;
    uint8_t unguided = 0;
    solver::SolveHooks hooks;
    hooks.unguided = &unguided;
    const solver::Solution s = solver::solve(game, table, limits, hooks);
    CHECK(s.unguided_retries == 1);
    REQUIRE(s.winner == Side::Attackers);
    CHECK(verified(game, s).error == "");
    // Within the default million nodes, as the turns go to the question nearer its proof
    // (solve.cpp); 1,171,235 nodes when the two questions alternated.
    CHECK(s.nodes <= 1'000'000);
    // The retried question is the attackers', the side to move: its bit is kept, and a solve
    // resumed with it (as from a checkpoint) searches that question unguided from the start,
    // with no retry.
    CHECK(unguided == 1);
    table.clear();
    hooks.keep_table = true;
    const solver::Solution resumed = solver::solve(game, table, limits, hooks);
    CHECK(resumed.unguided_retries == 0);
    REQUIRE(resumed.winner == Side::Attackers);
    CHECK(verified(game, resumed).error == "");
    CHECK(unguided == 1);
    // A new position (the table not kept) starts guided again.
    hooks.keep_table = false;
    CHECK(solver::solve(game, table, limits, hooks).unguided_retries == 1);
    CHECK(unguided == 1);  // zeroed, then set again by the same retry
    // Out of nodes just as the guided proof fails its check (at 200,000 nodes here): no retry,
    // but the question is marked and the table emptied, as a retry would leave them for a
    // checkpoint to keep.
    limits.nodes = 200'000;
    const solver::Solution cut = solver::solve(game, table, limits, hooks);
    CHECK_FALSE(cut.winner);
    CHECK(cut.unguided_retries == 0);
    CHECK(cut.note == "a proof was found but could not be checked on this path");
    CHECK(unguided == 1);
    size_t entries = 0;
    table.for_each([&](uint64_t, solver::ProofNumbers, uint32_t) { ++entries; });
    CHECK(entries == 0);
}

// A real Brandubh position (line 60 of the real-game positions of docs/solving.md) whose guided
// proof has cycle leaves: played out, its copies pass 4 million nodes on the way (the copies of
// lines that end sooner on the longer path were counted) while the tree they leave has about 2
// million. max_proof bounds the tree as it stands, so the proof holds within a million nodes,
// `branan solve`'s default (before, it failed its check, and the unguided search found none by 10
// million).
TEST_CASE("solver: a proof whose cycles are played out is bounded by its size, not the work",
          "[solver][slow]") {
    const Game game =
        federation_game({"d2-e2", "c4-c2", "d6-c6", "e4-e6", "f4-e4", "d3-b3", "b4-b5", "d5-f5",
                         "e4-e3", "f5-f2", "d1-d2", "b3-b1", "b5-b2", "b1-d1", "e3-d3", "e6-e3",
                         "g4-e4", "f2-f4", "e2-e4", "d4-d5", "d3-g3", "d5-d4", "d2-e2", "d4-d5",
                         "g3-g4", "f4-f6", "g4-g5", "d1-e1", "c6-c5", "d5-d1", "c5-c1", "f6-f3"});
    solver::ProofTable table(64);
    solver::SolveLimits limits;
    limits.nodes = 1'000'000;
    const solver::Solution s = solver::solve(game, table, limits);
    CHECK(s.unguided_retries == 0);
    REQUIRE(s.winner == Side::Defenders);
    CHECK(verified(game, s).error == "");
}

TEST_CASE("solver: with a depth bound of the tactic's length, the proof is that short",
          "[solver]") {
    solver::ProofTable table(16);
    int proved = 0;
    for (const auto& t : load_tactics()) {
        if (t.preset.rfind("brandubh", 0) != 0) continue;
        INFO(t.preset << " " << t.record << " " << side_name(t.side) << " wins in " << t.plies);
        const Game game = Game::create(*preset(t.preset), t.record, t.side).value();
        solver::SolveLimits limits;
        limits.nodes = 2'000'000;
        limits.max_depth = t.plies;
        const solver::Solution s = solver::solve(game, table, limits);
        REQUIRE(s.winner == t.side);
        const testing::ProofCheck check = verified(game, s);
        REQUIRE(check.error == "");
        CHECK(check.height == t.plies);
        ++proved;
    }
    CHECK(proved >= 30);
}

TEST_CASE("solver: positions the side to move does not win are proved for the other side",
          "[solver]") {
    // The tactics with the other side to move: where the solver proves that side (the one the
    // tactic threatens) cannot be beaten, the exhaustive finder of tests/solver.h must find no
    // win for the side to move either, and the proof must verify.
    solver::ProofTable table(16);
    int other_side_wins = 0;
    for (const auto& t : load_tactics()) {
        if (t.preset.rfind("brandubh", 0) != 0) continue;
        auto game = Game::create(*preset(t.preset), t.record, opponent(t.side));
        if (!game || game->status().over()) continue;
        INFO(t.preset << " " << t.record << " " << side_name(opponent(t.side)) << " to move");
        solver::SolveLimits limits;
        limits.nodes = 300'000;
        const solver::Solution s = solver::solve(*game, table, limits);
        CHECK_FALSE(s.draw);  // brandubh has no draws
        if (!s.winner) continue;
        REQUIRE(verified(*game, s).error == "");
        if (*s.winner != game->side_to_move()) {
            ++other_side_wins;
            CHECK(testing::shortest_forced_win(*game, 5) == 0);
        }
    }
    CHECK(other_side_wins >= 5);
}

// The repetition case. In brandubh a side that makes a position's third occurrence loses. The
// tactic "/7/Tt2t2/4T2/4K1t/4T1t/7/4t2/ defenders" is won by the king's e4-a4 (two escapes).
// Here the game reaches it with a history in which the position after e4-a4 (Y) occurred twice:
// from Y the attackers and the king shuffle e7-f7, a4-e4, f7-e7, e4-a4 (Y again) and once more
// e7-f7, a4-e4, f7-e7. The position on the board is the same as the tactic's, but e4-a4 now makes
// Y's third occurrence and loses. A solver that kept results by position alone, or judged
// repetition without the history, would report the win by e4-a4; this one must not.
TEST_CASE("solver: a win that a repetition forbids is not reported", "[solver]") {
    const Rules rules = *preset("brandubh");
    const std::string record = "/7/Tt2t2/4T2/4K1t/4T1t/7/4t2/";
    const Game plain = Game::create(rules, record, Side::Defenders).value();
    Game after = plain;
    REQUIRE(after.play("e4-a4"));
    Game game = Game::create(rules, after.record(), Side::Attackers).value();
    for (const char* m : {"e7-f7", "a4-e4", "f7-e7", "e4-a4", "e7-f7", "a4-e4", "f7-e7"})
        REQUIRE(game.play(m));
    REQUIRE(game.record() == plain.record());
    REQUIRE(game.side_to_move() == Side::Defenders);
    REQUIRE(game.repetitions() == 2);
    // The construction is right: e4-a4 loses by repetition here.
    Game repeated = game;
    REQUIRE(repeated.play("e4-a4"));
    REQUIRE(repeated.status() == Status{Outcome::AttackersWin, OutcomeReason::Repetition});

    solver::ProofTable table(16);
    solver::SolveLimits limits;
    limits.nodes = 2'000'000;
    // Without the history the proof starts with e4-a4 (the only win in 3) ...
    const solver::Solution first = solver::solve(plain, table, limits);
    REQUIRE(first.winner == Side::Defenders);
    REQUIRE(!first.line.empty());
    CHECK(plain.move_text(first.line[0]) == "e4-a4");
    // ... with it, whatever the answer, its proof holds on this path, so it is not e4-a4. (The
    // defenders still win, in 7 plies, by e4-f4 and the king's way round to a4 with the attacker
    // on b5, a position that never occurred.)
    const solver::Solution s = solver::solve(game, table, limits);
    if (s.winner) {
        const testing::ProofCheck check = verified(game, s);
        REQUIRE(check.error == "");
        CHECK(plain.move_text(s.line.at(0)) != "e4-a4");
    }
    // The table is not cleared between the questions' positions: solving the plain position
    // again still finds its proof.
    CHECK(solver::solve(plain, table, limits).winner == Side::Defenders);
}

namespace {

// The leaves of `node`'s proof (the game at `game`) that end the game by a repetition.
int repetition_leaves(Game& game, const solver::ProofNode& node) {
    int n = 0;
    for (const solver::ProofNode& c : node.children) {
        game.play(c.move);
        n += c.children.empty() ? game.status().reason == OutcomeReason::Repetition
                                : repetition_leaves(game, c);
        game.undo();
    }
    return n;
}

}  // namespace

// Ply 24 of a real brandubh-federation game (tests/data/brandubh-federation-games.csv; third
// repetition loses for the side that makes it). The attackers win, but the defenders can hold
// them off by lines that come back to positions of the search path, which the solver once took
// as holding (a repetition is no win for the side proving): it left this position unknown at a
// million nodes. Such a return is now a cycle leaf, and the proof plays it out: the attackers
// play again what they played the first time, and the defenders' second return to it is a third
// occurrence, which loses.
TEST_CASE("solver: a defence that comes back to the path loses by the third occurrence",
          "[solver]") {
    const Rules rules = *preset("brandubh-federation");
    const std::vector<std::string> tokens = {
        "startpos", "moves", "d2-e2", "c4-c2", "d6-c6", "d4-c4", "d7-d6", "c4-c3", "a4-a3",
        "c2-b2",    "d1-c1", "d3-d1", "c6-c4", "c3-d3", "d6-d5", "d1-e1", "e2-f2", "d3-d1",
        "f2-f1",    "e4-e6", "d5-d2", "e6-e3", "a3-d3", "b2-b1", "c4-c1", "e3-e4"};
    const Game game = parse_position_command(rules, tokens).value();
    solver::ProofTable table(64);
    solver::SolveLimits limits;
    limits.nodes = 1'000'000;
    const solver::Solution s = solver::solve(game, table, limits);
    REQUIRE(s.winner == Side::Attackers);
    const testing::ProofCheck check = verified(game, s);
    REQUIRE(check.error == "");
    Game replay = game;
    CHECK(repetition_leaves(replay, s.proof) > 0);
    CHECK(check.nodes + 1 == s.proof.size);
    CHECK(check.height == s.proof.height);
    // Without cycle leaves (as the root solver in play runs) it is not proved in these nodes.
    table.clear();
    limits.cycle_leaves = false;
    CHECK_FALSE(solver::solve(game, table, limits).winner);
    // Under a depth limit they are not taken: the same search with them allowed or not.
    limits.nodes = 200'000;
    limits.max_depth = 60;
    table.clear();
    const solver::Solution without = solver::solve(game, table, limits);
    table.clear();
    limits.cycle_leaves = true;
    const solver::Solution with = solver::solve(game, table, limits);
    CHECK(with.nodes == without.nodes);
    CHECK(with.winner == without.winner);
    CHECK(with.note == without.note);
}

// occurrences(): the count since the last capture and the index of the first occurrence.
TEST_CASE("repetitions: occurrences counts back to the first occurrence", "[solver]") {
    Game game = Game::create(*preset("brandubh-federation")).value();
    for (const char* m : {"d2-e2", "c4-c2"}) REQUIRE(game.play(m));
    game.visit_position([](const auto& pos) {
        const Occurrences o = occurrences(pos);
        CHECK(o.count == 1);
        CHECK(o.first == static_cast<int>(pos.states().size()) - 1);
    });
    // A shuffle back and forth: the position after c4-c2 again, twice.
    for (int round = 1; round <= 2; ++round) {
        for (const char* m : {"e2-f2", "c2-c3", "f2-e2", "c3-c2"}) REQUIRE(game.play(m));
        game.visit_position([&](const auto& pos) {
            const Occurrences o = occurrences(pos);
            CHECK(o.count == round + 1);
            CHECK(o.first == static_cast<int>(pos.states().size()) - 1 - 4 * round);
            CHECK(repetitions(pos) == o.count);
        });
    }
}

TEST_CASE("proof verifier: refuses proofs that do not hold", "[solver]") {
    const Game game =
        Game::create(*preset("brandubh"), "/7/Tt2t2/4T2/4K1t/4T1t/7/4t2/", Side::Defenders).value();
    solver::ProofTable table(4);
    const solver::Solution s = solver::solve(game, table, {});
    REQUIRE(s.winner == Side::Defenders);
    std::stringstream file;
    solver::write_proof(file, game, s);
    const std::string text = file.str();
    REQUIRE(testing::check_proof_file(file).error == "");
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    // Each broken variant: the claimed winner, a reply left out, a line cut short.
    auto check_text = [](const std::vector<std::string>& v) {
        std::stringstream f;
        for (const auto& l : v) f << l << "\n";
        return testing::check_proof_file(f).error;
    };
    auto wrong_winner = lines;
    for (auto& l : wrong_winner)
        if (l == "winner defenders") l = "winner attackers";
    CHECK(check_text(wrong_winner) != "");
    // The first reply of the loser (ply 1) and its subtree removed.
    auto missing_reply = lines;
    auto first_reply = std::find_if(missing_reply.begin(), missing_reply.end(),
                                    [](auto& l) { return l.rfind("  ", 0) == 0 && l[2] != ' '; });
    REQUIRE(first_reply != missing_reply.end());
    auto next = std::find_if(first_reply + 1, missing_reply.end(),
                             [](auto& l) { return l.rfind("    ", 0) != 0; });
    missing_reply.erase(first_reply, next);
    CHECK(check_text(missing_reply).find("replies of") != std::string::npos);
    // The last winning move of the file removed: that line stops while the game goes on.
    auto cut = lines;
    cut.erase(cut.end() - 2);
    CHECK(check_text(cut) != "");
}

TEST_CASE("solver: a checkpoint gives back the table and the answers, other rules are refused",
          "[solver]") {
    const Rules rules = *preset("brandubh");
    const Game game =
        Game::create(rules, "/1t5/4ttt/1T1t3/T3K2/3Tt1t/6t/7/", Side::Defenders).value();
    solver::ProofTable table(1);
    solver::SolveLimits limits;
    limits.nodes = 900;  // of the 1,327 the whole solve takes
    const solver::Solution cut = solver::solve(game, table, limits);
    REQUIRE_FALSE(cut.winner);
    solver::Checkpoint cp;
    cp.answers.push_back({"otn x", ",\"result\":\"draw\"", ""});
    cp.table_input = "otn y";
    cp.table_nodes = cut.nodes;
    cp.table_unguided = 2;
    const std::string path = testing::unique_temp_path("solver-checkpoint.bin");
    REQUIRE(solver::save_checkpoint(path, rules, table, cp) == "");
    solver::ProofTable loaded(1);
    solver::Checkpoint back;
    REQUIRE(solver::load_checkpoint(path, rules, loaded, back) == "");
    CHECK(back.table_input == "otn y");
    CHECK(back.table_nodes == cut.nodes);
    CHECK(back.table_unguided == 2);
    REQUIRE(back.answers.size() == 1);
    CHECK(back.answers[0].json == cp.answers[0].json);
    size_t entries = 0, same = 0;
    table.for_each([&](uint64_t key, solver::ProofNumbers n, uint32_t) {
        ++entries;
        solver::ProofNumbers m;
        same += loaded.probe(key, m) && m.pn == n.pn && m.dn == n.dn;
    });
    CHECK(entries > 50);
    CHECK(same == entries);
    // Resumed from the loaded table, the solve proves the tactic.
    solver::SolveHooks hooks;
    hooks.keep_table = true;
    limits.nodes = 1'000'000;
    const solver::Solution s = solver::solve(game, loaded, limits, hooks);
    REQUIRE(s.winner == Side::Defenders);
    CHECK(verified(game, s).error == "");
    // A version 1 file (no unguided byte after the table's nodes) still loads, as "none".
    {
        std::ifstream in(path, std::ios::binary);
        std::string header[4], body;
        for (auto& h : header) std::getline(in, h);
        body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        REQUIRE(header[0] == "branan-solve-checkpoint 2");
        // answers: count, then input, json and proof as length and bytes; table_input; nodes.
        const size_t at = 8 + (8 + cp.answers[0].input.size()) + (8 + cp.answers[0].json.size()) +
                          8 + (8 + cp.table_input.size()) + 8;
        REQUIRE(body[at] == 2);
        body.erase(at, 1);
        uint64_t sum = 14695981039346656037ull;  // FNV-1a 64
        for (unsigned char c : body) sum = (sum ^ c) * 1099511628211ull;
        char line[80];
        std::snprintf(line, sizeof line, "body %zu fnv1a64 %016llx", body.size(),
                      static_cast<unsigned long long>(sum));
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << "branan-solve-checkpoint 1\n"
            << header[1] << "\n"
            << header[2] << "\n"
            << line << "\n"
            << body;
    }
    solver::ProofTable old_loaded(1);
    REQUIRE(solver::load_checkpoint(path, rules, old_loaded, back) == "");
    CHECK(back.table_unguided == 0);
    CHECK(back.table_nodes == cut.nodes);
    // Another rule set is refused, and the table is left empty.
    CHECK(solver::load_checkpoint(path, *preset("brandubh-it"), loaded, back).find("other rules") !=
          std::string::npos);
    size_t left = 0;
    loaded.for_each([&](uint64_t, solver::ProofNumbers, uint32_t) { ++left; });
    CHECK(left == 0);
    std::remove(path.c_str());
}
