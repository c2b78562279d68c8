// SPDX-License-Identifier: GPL-3.0-or-later
// The TableLookup of proof_verifier.h over a directory of endgame tables: the value its files
// hold for a game's position, read with the tables' probe (src/tablebase, whose files `branan
// tablebase verify` checks against the rules core).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "proof_verifier.h"
#include "tablebase/probe.h"

namespace branan::testing {

namespace detail {

// The tables' value of `game`'s position as a table leaf writes it (see TableLookup).
inline std::string table_value(tablebase::Tablebase& tables, const Game& game) {
    const tablebase::ProbeResult r = tables.probe(game);
    switch (r.kind) {
        case tablebase::ProbeResult::Kind::Win:
            return "win " + std::to_string(r.distance);
        case tablebase::ProbeResult::Kind::Loss:
            return "loss " + std::to_string(r.distance);
        case tablebase::ProbeResult::Kind::NoWin:
            return std::string("no win");
        default:
            return std::string("outside");
    }
}

// Where a position occurred twice since the last capture of `game`, the tables' value of its
// position holds only if their winning line cannot make that position's third occurrence. Every
// position of such a line (either side to move) is won or lost in the tables, and a position
// never recurs on it (the distance falls), so the value holds when each position that occurred
// twice is one the tables give neither side or do not hold -- or, where the third repetition
// loses for the side that makes it, one with the tables' winner to move, whose third occurrence
// would be the loser's move (a proof's root that a cycle returned to). `winner`: the side the
// tables give the win at `game`'s position. Empty, or the first such position they decide.
inline std::string repeated_position_decided(tablebase::Tablebase& tables, const Game& game,
                                             Side winner) {
    // The positions since the last capture: their keys, then which of them occurred twice.
    Game replay = game.from_start();
    std::vector<uint64_t> keys{replay.key()};
    size_t first = 0;  // the index in the game of keys[0]
    for (const Move m : game.moves_played()) {
        const bool captures = !replay.captures_of(m).empty();
        replay.play(m);
        if (captures) {
            first += keys.size();
            keys.clear();
        }
        keys.push_back(replay.key());
    }
    std::vector<bool> repeated(keys.size());
    for (size_t i = 0; i < keys.size(); ++i)
        for (size_t j = i + 1; j < keys.size(); ++j)
            if (keys[j] == keys[i]) repeated[i] = true;
    const bool loser_repeats_loses = game.rules().repetition == RepetitionRule::LossForRepeater;
    // Only those are probed, on a second replay.
    replay = game.from_start();
    for (size_t n = 0;; ++n) {
        if (n >= first && repeated[n - first]) {
            const std::string value = table_value(tables, replay);
            const bool decided = value != "no win" && value != "outside";
            if (decided && !(loser_repeats_loses && replay.side_to_move() == winner))
                return "a position that occurred twice since the last capture is one the tables "
                       "decide ('" +
                       value + "'), with " + side_name(replay.side_to_move()) +
                       " to move: their value here need not hold";
        }
        if (n == game.moves_played().size()) break;
        replay.play(game.moves_played()[n]);
    }
    return "";
}

}  // namespace detail

inline TableLookup table_lookup(std::shared_ptr<tablebase::Tablebase> tables) {
    return [tables](const Game& game) -> Expected<std::string> {
        if (std::string why = tablebase::rules_mismatch(*tables, game.rules()); !why.empty())
            return Error{why};
        try {
            const std::string value = detail::table_value(*tables, game);
            const bool win = value.rfind("win ", 0) == 0, loss = value.rfind("loss ", 0) == 0;
            if ((win || loss) && game.visit_position([](const auto& pos) {
                    return tablebase::history_repeats(pos);
                })) {
                const Side winner = win ? game.side_to_move() : opponent(game.side_to_move());
                if (std::string why = detail::repeated_position_decided(*tables, game, winner);
                    !why.empty())
                    return Error{why};
            }
            return value;
        } catch (const std::runtime_error& e) {
            return Error{e.what()};
        }
    };
}

}  // namespace branan::testing
