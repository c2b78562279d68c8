// SPDX-License-Identifier: GPL-3.0-or-later
// What the engine says of a game, in the reference's terms (tests/reference/naive_tafl.h), for the
// tests that compare the two: legal moves and captures as sorted text, outcomes as its numbers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/rules_string.h"
#include "reference/naive_tafl.h"

namespace branan::testing {

// The legal moves as "d2-e2" text, sorted.
inline std::vector<std::string> engine_moves(const Game& game) {
    std::vector<std::string> moves;
    for (Move m : game.legal_moves()) moves.push_back(game.move_text(m));
    std::sort(moves.begin(), moves.end());
    return moves;
}

// The squares `m` captures, sorted and comma-separated ("" for none).
inline std::string joined_captures(const Game& game, Move m) {
    std::vector<std::string> names;
    for (Square s : game.captures_of(m)) names.push_back(square_name(s, game.size()));
    std::sort(names.begin(), names.end());
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ",") + n;
    return out;
}

// Plays `text` on `game` and gives the squares it captured, as joined_captures writes them.
inline std::string play_captures(Game& game, const std::string& text) {
    const auto m = game.parse_move(text);
    INFO(text);
    REQUIRE(m.ok());
    const std::string captured = joined_captures(game, *m);
    game.play(*m);
    return captured;
}

// A game under the rules string `keys` (without start) with `record` as their start, `to_move`
// to move.
inline Game game_from(const std::string& keys, const std::string& record,
                      Side to_move = Side::Attackers) {
    const auto rules = parse_rules_string(keys + " start:" + record);
    INFO(keys << " start:" << record);
    REQUIRE(rules.ok());
    auto game = Game::create(*rules, record, to_move);
    REQUIRE(game.ok());
    return std::move(*game);
}

// The verdict after `text`, played on a game of `keys` from `record` with `to_move` to move.
inline Status verdict_after(const std::string& keys, const std::string& record,
                            const std::string& text, Side to_move = Side::Attackers) {
    Game game = game_from(keys, record, to_move);
    const auto m = game.parse_move(text);
    INFO(text);
    REQUIRE(m.ok());
    game.play(*m);
    return game.status();
}

// The reference's outcome numbers: 0 ongoing or drawn, 1 attackers win, 2 defenders win.
inline int reference_outcome(Outcome o) {
    return o == Outcome::AttackersWin ? 1 : o == Outcome::DefendersWin ? 2 : 0;
}

// Replays `moves`, the moves of `game` from its rules' start, in the reference: every move
// captures what the engine's did (`captures`, as joined_captures gives them), and the record, the
// side to move and (but for repetition and no-move endings, which the reference leaves out) the
// outcome agree.
inline void check_replay_in_reference(const Rules& rules, const Game& game,
                                      const std::vector<std::string>& moves,
                                      const std::vector<std::string>& captures) {
    const auto played = reference::play(rules, rules.start, rules.first_to_move, moves);
    CHECK(played.captures_per_move == captures);
    CHECK(played.record == game.record());
    CHECK(played.to_move == game.side_to_move());
    const Status s = game.status();
    if (s.reason != OutcomeReason::Repetition && s.reason != OutcomeReason::NoLegalMove)
        CHECK(played.outcome == reference_outcome(s.outcome));
}

// Plays `games` random games under `rules` with the engine; at every ply the legal moves agree
// with the reference's (the rules have no history a record lacks), and the whole game replays in
// the reference with the same captures, record and verdict. Returns capturing moves and decided
// games through the counters.
inline void random_games(const Rules& rules, int games, uint32_t seed, int& capturing,
                         int& decided) {
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Game game = Game::create(rules).value();
        std::vector<std::string> moves, captures;
        while (!game.status().over() && moves.size() < 200) {
            INFO(rules.name << " game " << g << " ply " << moves.size() << ": " << game.record());
            REQUIRE(engine_moves(game) ==
                    reference::legal_moves(rules, game.record(), game.side_to_move()));
            const auto legal = game.legal_moves();
            REQUIRE_FALSE(legal.empty());
            const Move m = legal[rng() % legal.size()];
            moves.push_back(game.move_text(m));
            captures.push_back(joined_captures(game, m));
            capturing += !captures.back().empty();
            game.play(m);
        }
        INFO(rules.name << " game " << g << ": " << moves.size() << " moves");
        testing::check_replay_in_reference(rules, game, moves, captures);
        decided += game.status().over();
    }
}

}  // namespace branan::testing
