// SPDX-License-Identifier: GPL-3.0-or-later
// play_game: one game between two players, refereed by Game. Every move is checked; the clocks
// run from each player's own time control; any engine failure loses the game for that engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/types.h"
#include "match/adjudication.h"
#include "match/player.h"

namespace branan::match {

enum class Termination {
    Rules,
    MaxPlies,
    IllegalMove,
    Crash,
    Timeout,
    Stall,
    Garbage,
    Disconnect,
    StartFailure,
    Adjudication
};
// "rules", "max plies", "illegal move", "crash", "timeout", "stall", "garbage", "disconnect",
// "start failure", "adjudication"
const char* termination_name(Termination t);

struct GameSetup {
    Rules rules;
    std::string start_record;  // empty: the rules' start position (then start_side is ignored)
    Side start_side = Side::Attackers;
    std::vector<std::string> opening_moves;  // played before the engines take over
    int max_plies = 500;                     // all moves, the opening's included; 0 = no limit
    // Adjudication by the engines' scores (adjudication.h); none: the game is played out.
    std::optional<DrawRule> draw;
    std::optional<ResignRule> resign;
};

struct GameOutcome {
    Outcome outcome = Outcome::Draw;
    Termination termination = Termination::Rules;
    // For humans: "king escaped", "illegal move e2-e9 by Foo: <why>", "Foo crashed: ...".
    std::string reason;
    // Every move, the opening's included, each with its captures ("e2-d2xd3", Game::describe).
    std::vector<std::string> moves;
    int opening_plies = 0;  // how many of `moves` came from the opening
    std::string final_record;
    std::optional<Side> loser_side;  // the side that lost by failing or by the rules; none: draw
    int64_t time_ms[2] = {0, 0};     // thinking time used per side (index(Side))
    // Per move of `moves`: "score/depth time" from the engine's report ("" for opening moves).
    std::vector<std::string> notes;
};

// Plays one game. The players are started (restarted after an earlier failure) and told about
// the new game first; a failure there loses with Termination::StartFailure. A setup whose start
// record or opening is invalid gives a draw with StartFailure and no loser (reason says why).
// An engine that plays an illegal move is killed, so that its next game starts a fresh process.
GameOutcome play_game(Player& attackers, Player& defenders, const GameSetup& setup);

}  // namespace branan::match
