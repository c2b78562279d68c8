// SPDX-License-Identifier: GPL-3.0-or-later
// Independent, deliberately slow reference implementation of the tafl rules, for tests only.
// It was written from the project's rules brief (what docs/rules.md now says) and the switch
// comments in core/rules.h, NOT from the engine's code: a plain 2D char board, straightforward
// loops, boards copied on every move. Its job is to cross-check the bitboard engine (perft counts,
// captures, verdicts). Do not use it in the engine and do not "optimise" it: its value is that it
// is obviously right.
//
// Records are OpenTafl position records ("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/": rows between
// slashes, first row is rank 1, digits count empty squares, t attacker soldier, T defender soldier,
// K king). Moves are "d2-e2" (file letter + rank number; captures are not written).
// Repetition is ignored everywhere. A record without a king is refused (std::runtime_error).
// Special squares (OpenTafl's space types; each square has one kind): the throne and the corners
// (their `squares` lists, or the centre and the four corners by default), attacker and defender
// fortresses (their lists). Written from docs/rules.md (section 7.3) and OpenTafl's GenericRules:
// re-entry: a piece kind not in a kind's `reenter` may neither stop on nor cross a square of that
// kind unless the square it moves from is of the same kind (so the king still on a one-square
// throne may leave it; off it, he may not come back); with king_crosses_left_throne the king may
// still cross the empty throne he left, only never stop on it. A piece stops on a special square
// only if it may also cross it (OpenTafl's code; for the throne and corners Branan differs).
// Fortresses are hostile (`hostile`, `hostile_empty`) as any special square, also to a king
// captured on four sides; they count as nothing for escape and encirclement. Escape to corners is
// to any corner square of the list; a king "next to the throne" is next to any throne square. The
// forest rule's squares are the board's four corners. Encirclement is checked after every move of
// either side (Copenhagen's unbreakable ring with encirclement_unbreakable), sealed exit forts
// (EdgeFort::Sealed) after every defender move, OpenTafl's (`efe:y`, read from its
// GameState.checkEdgeFortEscape: the squares the king reaches by his moves) after every move,
// never in a record as given. Shieldwall captures: the clean rows (ShieldwallScan::Rows) happen
// with custodial ones, with the mover as one end of the row (or, with `swf:n`, every row its
// side closes); OpenTafl's (ShieldwallScan::OpenTafl) are transcribed from its Java code
// (BoardImpl.detectShieldwallPositionsForSide, GameState.checkShieldwallPositionForCaptures and
// the shieldwall test of checkVictory's edge forts), after the custodial captures, with a piece's
// first move never closing a flanking wall (OpenTafl's DEVELOPED bit). The operational
// meaning of each Copenhagen clause is written above the function deciding it in naive_tafl.cpp;
// they replay the 1,752 real Copenhagen games (every capture and every verdict reached) without a
// difference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rules.h"
#include "core/types.h"

namespace branan::reference {

// Legal moves of the side to move in text form "d2-e2" (captures not written), sorted by string.
// Empty when the game is over. Repetition ignored.
std::vector<std::string> legal_moves(const Rules& rules, const std::string& record, Side to_move);

// perft: number of legal move sequences of length depth (perft(0) = 1). A position where the game
// is over (king escaped or captured, encirclement) is not expanded. Repetition ignored.
uint64_t perft(const Rules& rules, const std::string& record, Side to_move, int depth);

// The result of playing a sequence of moves from a record.
struct Played {
    std::string record;  // the resulting position record
    Side to_move = Side::Attackers;
    int outcome = 0;  // 0 ongoing, 1 attackers win, 2 defenders win
    // One entry per move: the squares captured by it, sorted and comma-separated ("d3", "c2,d3"),
    // or "" when nothing was captured. Forest removals are not captures and are not listed.
    std::vector<std::string> captures_per_move;
};

// Plays the moves (text "d2-e2"; a trailing capture list "xd3" is accepted and ignored) from the
// record. Throws std::runtime_error on a malformed or illegal move, or a move after the game ended.
Played play(const Rules& rules, const std::string& record, Side to_move,
            const std::vector<std::string>& moves);

}  // namespace branan::reference
