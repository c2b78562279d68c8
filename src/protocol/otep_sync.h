// SPDX-License-Identifier: GPL-3.0-or-later
// Keeping Branan's game in step with OpenTafl's when OpenTafl's messages do not replay.
//
// OpenTafl 0.4.8's "opponent-move <moves> <record>" lists the moves since the engine's last move,
// but after a berserk capture it asks the same engine to move again before it has noted that
// capture as the engine's own: the list then also holds moves the engine already knows (the
// opponent's previous move and the capture: "f8-i8|f10-f8"), or nothing but the engine's own
// capture ("f8-f3"), and after a refused move it may hold the whole game. The record is right.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace branan {

// Whether `record` (an OpenTafl position record) is the board of `game`.
bool same_position(const Game& game, std::string_view record);

// The game after OpenTafl's "opponent-move <moves> <record>" from `game`, keeping its history
// and any berserk turn under way: the longest tail of `moves` that replays from `game` to the
// board `record` (the whole list first, and an empty tail when `record` is the board Branan
// already has), else the one legal move that reaches `record`. Nothing when none does: then only
// the record itself is left to go by.
std::optional<Game> follow_opponent_moves(const Game& game, const std::vector<std::string>& moves,
                                          std::string_view record);

// The moves OpenTafl refused ("error" after our "move"), each with the board and side it was
// refused in, so that the same move is never sent again there.
class RefusedMoves {
  public:
    void add(const Game& game, Move move);
    // Nothing when OpenTafl refused no move of `game` (every legal move may be sent); else the
    // legal moves it has not refused there, which may be none.
    std::optional<std::vector<Move>> allowed(const Game& game) const;
    void clear() { refused_.clear(); }

  private:
    struct Entry {
        std::string record;
        Side side;
        Move move;
    };
    std::vector<Entry> refused_;
};

}  // namespace branan
