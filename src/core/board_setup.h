// BoardSetup: a placement of pieces independent of the bitboard width, the bridge between
// position records (text) and Position<BB>.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace branan {

// One character a square, rank-major from a1: '.' empty, 't' attacker, 'T' defender, 'K' king,
// 'c'/'C' an attacking/defending commander, 'n'/'N' an attacking/defending knight.
struct BoardSetup {
    int size = 0;
    std::vector<char> cells;
    char at(Square sq) const { return cells[sq]; }
    bool operator==(const BoardSetup&) const = default;
};

// The side a piece letter of a BoardSetup belongs to, as a soldier or the king ('.' excluded).
inline Piece piece_of_letter(char c) {
    if (c == 'K') return Piece::King;
    return c == 't' || c == 'c' || c == 'n' ? Piece::AttackerSoldier : Piece::DefenderSoldier;
}

// OpenTafl's commanders ('c', 'C') and knights ('n', 'N'): soldiers of a rank that only rules
// with special pieces (special_rules in rules.h) give meaning to.
inline bool is_special_piece_letter(char c) {
    return c == 'c' || c == 'C' || c == 'n' || c == 'N';
}

}  // namespace branan
