// SPDX-License-Identifier: GPL-3.0-or-later
// The bitboard engine against the independent slow reference (tests/reference/): legal moves,
// perft from mid-game positions, and captures and verdicts along random games, for every preset.
#include <random>

#include "catch.h"
#include "copenhagen_positions.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/presets.h"
#include "positions.h"
#include "reference/naive_tafl.h"
#include "reference_compare.h"
#include "test_support.h"

using namespace branan;
using testing::engine_moves;
using testing::joined_captures;
using testing::reference_outcome;

// Each position under each of its presets: the legal moves and perft to the position's depth
// agree with the reference; with `each_move`, also every move's captures and verdict.
static void check_against_reference(const std::vector<testing::TestPosition>& positions,
                                    bool each_move) {
    for (const auto& pos : positions) {
        for (const auto& name : pos.presets) {
            INFO(pos.what << " under " << name << ": " << pos.record);
            const Rules rules = *preset(name);
            auto game = Game::create(rules, pos.record, pos.to_move);
            INFO(game.error());
            REQUIRE(game.ok());
            const auto moves = engine_moves(*game);
            CHECK(moves == reference::legal_moves(rules, pos.record, pos.to_move));
            game->visit_position(
                [](const auto& p) { CHECK(p.has_moves() == (p.count_moves() > 0)); });
            for (int depth = 1; depth <= pos.depth; ++depth) {
                INFO("depth " << depth);
                CHECK(game->perft(depth) ==
                      reference::perft(rules, pos.record, pos.to_move, depth));
            }
            if (!each_move) continue;
            for (const auto& text : moves) {
                Game after = *game;
                const Move m = after.parse_move(text).value();
                const std::string captured = joined_captures(after, m);
                after.play(m);
                const auto played = reference::play(rules, pos.record, pos.to_move, {text});
                INFO("move " << text);
                CHECK(played.captures_per_move == std::vector<std::string>{captured});
                const Status verdict =
                    after.visit_position([](const auto& p) { return p.status(); });
                CHECK(played.outcome == reference_outcome(verdict.outcome));
            }
        }
    }
}

TEST_CASE("mid-game positions: legal moves and perft agree with the reference",
          "[reference][perft]") {
    check_against_reference(testing::test_positions(), false);
}

TEST_CASE("copenhagen positions where the rules bite: moves, perft and verdicts agree",
          "[reference][perft]") {
    check_against_reference(testing::copenhagen_test_positions(), true);
}

TEST_CASE("random games: captures and verdicts agree with the reference", "[reference]") {
    std::mt19937 rng(20261129);
    int total_moves = 0, capturing_moves = 0, decided = 0;
    for (const auto& name : preset_names()) {
        const Rules rules = *preset(name);
        // naive_tafl knows no commanders, knights, jumps or berserk turns: the berserk preset is
        // compared with naive_berserk (test_reference_berserk.cpp).
        if (special_rules(rules)) continue;
        for (int g = 0; g < testing::sanitized_share(100); ++g) {
            Game game = Game::create(rules).value();
            std::vector<std::string> moves, captures;
            while (!game.status().over() && moves.size() < 160) {
                const auto legal = game.legal_moves();
                REQUIRE_FALSE(legal.empty());
                const Move m = legal[rng() % legal.size()];
                moves.push_back(game.move_text(m));
                captures.push_back(joined_captures(game, m));
                game.play(m);
            }
            INFO(name << " game " << g << ": " << moves.size() << " moves");
            total_moves += static_cast<int>(moves.size());
            capturing_moves += static_cast<int>(std::count_if(
                captures.begin(), captures.end(), [](const std::string& c) { return !c.empty(); }));
            decided += game.status().over();
            testing::check_replay_in_reference(rules, game, moves, captures);
            const Status s = game.status();
            // History-free presets: the reference sees the same moves from the bare record.
            if (rules.forest_moves == 0 && rules.throne.reenter.has(Piece::King) && !s.over())
                CHECK(engine_moves(game) ==
                      reference::legal_moves(rules, game.record(), game.side_to_move()));
        }
    }
    // The games must exercise the rules, not just shuffle pieces.
    WARN(total_moves << " random moves, " << capturing_moves << " capturing, " << decided
                     << " games decided");
    CHECK(capturing_moves > testing::sanitized_share(2000));
    CHECK(decided > testing::sanitized_share(400));
}
