// SPDX-License-Identifier: GPL-3.0-or-later
// The boards of a report page: every position of the game as an SVG that scales with its box
// (a viewBox, no fixed size), drawn on one shared grid, with the last move, its captures and the
// engine's best move as an arrow. A flip (the class "flipped" on an ancestor) turns the field
// half round and shows the coordinates the other way up.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace branan::report {

// What each position shows.
struct Frame {
    std::string pieces;         // piece_char of every square, a1 first
    std::string record;         // the position record (core/game.h Game::record)
    std::optional<Move> last;   // the move that led here
    std::string move_text;      // it in notation with its captures
    std::vector<Square> taken;  // the squares whose pieces that move removed
    Side mover = Side::Attackers;
};

// Every position of the game, replayed from its start.
std::vector<Frame> frames_of(const Game& game);

// The shared definitions every board uses (the squares, the two sets of coordinates, the arrow
// head), to be put once in the page in an <svg><defs>.
std::string board_defs(const Rules& rules);

// The CSS that turns a flipped board's field about its centre.
std::string board_flip_style(int size);

// Position `ply` as <svg class="board [current]" data-ply="ply">, with `best` (the engine's
// move from here, if any) as an arrow.
std::string board_svg(const Frame& f, int ply, int size, bool current, std::optional<Move> best);

}  // namespace branan::report
