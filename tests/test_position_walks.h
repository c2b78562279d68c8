// SPDX-License-Identifier: GPL-3.0-or-later
// Walks over the test positions for tests that check a property of every position: the
// positions of positions.h and copenhagen_positions.h, each under every preset it names, and
// every position one legal move after each.
#pragma once

#include "catch.h"
#include "copenhagen_positions.h"
#include "core/game.h"
#include "core/presets.h"

namespace branan::testing {

// Calls visit(game) for every test position under each of its presets and for every position
// one move after it.
template <class Visit>
void visit_test_positions_and_successors(Visit visit) {
    auto positions = test_positions();
    for (const auto& p : copenhagen_test_positions()) positions.push_back(p);
    for (const auto& p : positions) {
        for (const auto& name : p.presets) {
            INFO(p.what << " under " << name);
            const Game game = Game::create(*preset(name), p.record, p.to_move).value();
            visit(game);
            for (Move m : game.legal_moves()) {
                Game next = game;
                next.play(m);
                visit(next);
            }
        }
    }
}

}  // namespace branan::testing
