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
// twice is one the tables give neither side or do not hold. (This errs on the safe side: where
// the winner is to move, the third occurrence would be the loser's, which loses.) Empty, or the
// first one they decide.
inline std::string repeated_position_decided(tablebase::Tablebase& tables, const Game& game) {
    Game replay = game.from_start();
    std::vector<std::pair<uint64_t, std::string>> since_capture;  // keys and table values
    const auto note = [&] {
        since_capture.emplace_back(replay.key(), table_value(tables, replay));
    };
    note();
    for (const Move m : game.moves_played()) {
        const bool captures = !replay.captures_of(m).empty();
        replay.play(m);
        if (captures) since_capture.clear();
        note();
    }
    for (size_t i = 0; i < since_capture.size(); ++i)
        for (size_t j = i + 1; j < since_capture.size(); ++j)
            if (since_capture[j].first == since_capture[i].first &&
                since_capture[i].second != "no win" && since_capture[i].second != "outside")
                return "a position that occurred twice since the last capture is one the tables "
                       "decide ('" +
                       since_capture[i].second + "'): their value here need not hold";
    return "";
}

}  // namespace detail

inline TableLookup table_lookup(std::shared_ptr<tablebase::Tablebase> tables) {
    return [tables](const Game& game) -> Expected<std::string> {
        if (std::string why = tablebase::rules_mismatch(*tables, game.rules()); !why.empty())
            return Error{why};
        try {
            if (game.visit_position(
                    [](const auto& pos) { return tablebase::history_repeats(pos); }))
                if (std::string why = detail::repeated_position_decided(*tables, game);
                    !why.empty())
                    return Error{why};
            return detail::table_value(*tables, game);
        } catch (const std::runtime_error& e) {
            return Error{e.what()};
        }
    };
}

}  // namespace branan::testing
