// SPDX-License-Identifier: GPL-3.0-or-later
// Moves as text in OpenTafl's move notation (opentafl-notation-spec.txt §2), read and written in
// one place. Branan's own notation ("d2-e2", "e2-d2xd3xc2") is a part of it, so every move Branan
// reads (UTI `position ... moves` and `go searchmoves`, OTEP, openings files, engines' replies to
// branan-match, game records) goes through read_move.
//
//   [piece]<from>-<to>[x[piece]<square>[/[piece]<square>]...][info]
//
//   piece    one letter, upper case for the defenders, lower case for the attackers: K/k king,
//            T/t taflman, C/c commander, N/n knight, M/m mercenary, G/g guard. Optional; when
//            written it must name the piece on that square (c, n, m, g and their capitals
//            stand only under rules with special pieces).
//   captures separated by '/' (OpenTafl) or by another 'x' (Branan, the real-game files); a
//            square written twice counts once. The king may be written among them ("xKc3") when
//            the move captures him, or left out.
//   info     "+", "++", "-" or "--" (OpenTafl's threat and result marks): accepted, not checked.
//
// Jumps ('^'), berserk moves ('=') and berserk jumps ("^=") are read where the rules have them
// (OpenTafl's Berserk): the mark must be true of the move. Refused with an error that names the
// problem: those marks under rules without them, several moves joined by '|' (a berserk turn:
// each move is read on its own; OTEP's opponent-move splits them), the resignation "---".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/types.h"

namespace branan {

class Game;

// A square as written after the 'x', with the piece letter before it (0 when none).
struct WrittenCapture {
    Square square = kNoSquare;
    char piece = 0;
    bool operator==(const WrittenCapture&) const = default;
};

// A move as written, checked for form only.
struct WrittenMove {
    char piece = 0;  // the letter before the origin, 0 when none
    Move move;
    bool jump = false;     // written with '^' (or "^=")
    bool berserk = false;  // written with '=' (or "^="): a move of a berserk turn after its first
    std::vector<WrittenCapture> captures;  // in the order written, repeats dropped
};

// Parses the text on a board of `size`: the squares on the board, the move along a rank or a
// file. Whether the move is legal, and its piece and captures right, is read_move's business.
Expected<WrittenMove> parse_written_move(std::string_view text, int size);

// Parses the text and checks it against the game: the move legal now, a written piece letter
// the piece on its square, written captures exactly the ones the move makes (the king optional).
// The error starts with "move '<text>'" and says what is wrong.
Expected<Move> read_move(const Game& game, std::string_view text);

// The legal move `m` as OpenTafl writes it (MoveSerializer): the letter of a king, commander,
// knight or mercenary before its square (moving or captured), captures after one 'x' separated
// by '/', in OpenTafl's order (jumped piece, then west, east, south, north of the destination),
// '^' for a capturing jump, '=' for a berserk turn's move after its first, "^=" for both.
// "Kd4-d3", "d6-d3xe3/d2", "g4-g5xKg6", "Ne6^=e8xce7".
std::string opentafl_move_text(const Game& game, Move m);

}  // namespace branan
