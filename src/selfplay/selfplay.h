// SPDX-License-Identifier: GPL-3.0-or-later
// Self-play: fast games of Branan against itself at a fixed number of nodes a move, from
// randomised openings, giving one record a kept position (the search's score, the game's
// result). A game depends only on the settings and its number, never on the thread that plays
// it or on the games before it: a run is the same whether it is played on one thread or many,
// at once or resumed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "selfplay/record_format.h"

namespace branan {
class Engine;
}

namespace branan::selfplay {

struct SelfplayConfig {
    Rules rules;
    uint64_t nodes = 5000;  // search nodes a move
    int hash_mb = 16;       // each engine's transposition table
    // Openings: a line of the book (chosen at random; none: the rules' start position), then
    // this many random legal plies.
    std::vector<Game> book;
    std::string book_name = "none";  // what the settings text calls the book
    int random_plies = 8;
    uint64_t seed = 1;
    int max_plies = 400;  // a game still going after this many plies of play is a draw
    // Keep positions whose best move captures (by default they are skipped: their score
    // depends on the capture about to happen, not on the position's quiet features).
    bool keep_captures = false;
    // The evaluation the engines play with (Engine::set_eval_file's value), and the checksum of
    // the net it gives these rules (none: the hand-written one), set by resolve_evaluation.
    std::string eval_file = "<default>";
    std::optional<uint32_t> net_checksum;
};

// Everything that decides the games, as one line ("nodes=5000 hash=16 ..."): the header's
// settings, compared when a run is resumed.
std::string settings_text(const SelfplayConfig& config);

// The opening of game `game_index`: a book line and the random plies. Never a finished game.
Game opening(const SelfplayConfig& config, uint32_t game_index);

// Plays game `game_index` with `engine` (cleared first) and returns its kept positions: not
// those of the opening, not a position whose best move captures (unless kept), not one in the
// middle of a berserk turn. The last carries last_of_game.
std::vector<Record> play_game(Engine& engine, const SelfplayConfig& config, uint32_t game_index);

// Checks config.eval_file on config.rules and sets config.net_checksum to the net it makes play
// (none: the hand-written evaluation). Returns the error naming the problem, empty on success.
// Every config given to play_games must have been through it.
std::string resolve_evaluation(SelfplayConfig& config);

// Plays games [first, end) on `threads` threads, each with an engine of its own, and calls
// `finished` with each game's records in game order (one call at a time). `finished` returns
// false to stop the run (the games under way are finished but not handed on). Returns an error
// when an engine cannot play with the evaluation config.net_checksum names (a net file changed
// or gone since it was checked), empty otherwise.
std::string play_games(
    const SelfplayConfig& config, uint32_t first, uint32_t end, int threads,
    const std::function<bool(uint32_t game, const std::vector<Record>&)>& finished);

}  // namespace branan::selfplay
