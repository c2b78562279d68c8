// SPDX-License-Identifier: GPL-3.0-or-later
// Squares and moves as text, in OpenTafl's notation: files a.., ranks 1.. from the bottom;
// a move is "d2-e2", optionally followed by its captures, "e2-d2xd3xc2". Moves are read by
// opentafl_notation.h.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/types.h"

namespace branan {

std::string square_name(Square sq, int size);
// Parses "a1".."k11" on a board of `size`; the error says what is wrong with the text.
Expected<Square> parse_square(std::string_view text, int size);

std::string move_name(Move m, int size);
std::string move_name(Move m, int size, const std::vector<Square>& captures);

}  // namespace branan
