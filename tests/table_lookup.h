// SPDX-License-Identifier: GPL-3.0-or-later
// The TableLookup of proof_verifier.h over a directory of endgame tables: the value its files
// hold for a game's position, read with the tables' probe (src/tablebase, whose files `branan
// tablebase verify` checks against the rules core).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "proof_verifier.h"
#include "tablebase/probe.h"

namespace branan::testing {

inline TableLookup table_lookup(std::shared_ptr<tablebase::Tablebase> tables) {
    return [tables](const Game& game) -> Expected<std::string> {
        if (std::string why = tablebase::rules_mismatch(*tables, game.rules()); !why.empty())
            return Error{why};
        if (game.visit_position([](const auto& pos) { return tablebase::history_repeats(pos); }))
            return Error{
                "a position occurred twice since the last capture: the tables' value "
                "need not hold"};
        try {
            const tablebase::ProbeResult r = tables->probe(game);
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
        } catch (const std::runtime_error& e) {
            return Error{e.what()};
        }
    };
}

}  // namespace branan::testing
