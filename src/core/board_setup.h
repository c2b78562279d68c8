// SPDX-License-Identifier: GPL-3.0-or-later
// BoardSetup: a placement of pieces independent of the bitboard width, the bridge between
// position records (text) and Position<BB>.
#pragma once

#include <string>
#include <vector>

#include "core/types.h"

namespace branan {

// One character a square, rank-major from a1: '.' empty, 't' attacker, 'T' defender, 'K' king,
// 'c'/'C' an attacking/defending commander, 'n'/'N' knight, 'm'/'M' mercenary, 'g'/'G' guard.
struct BoardSetup {
    int size = 0;
    std::vector<char> cells;
    char at(Square sq) const { return cells[sq]; }
    bool operator==(const BoardSetup&) const = default;
};

// The side a piece letter of a BoardSetup belongs to, as a soldier or the king ('.' excluded).
inline Piece piece_of_letter(char c) {
    if (c == 'K') return Piece::King;
    return c == 't' || c == 'c' || c == 'n' || c == 'm' || c == 'g' ? Piece::AttackerSoldier
                                                                    : Piece::DefenderSoldier;
}

// OpenTafl's commanders ('c', 'C'), knights ('n', 'N'), mercenaries ('m', 'M') and guards ('g',
// 'G'): soldiers of a rank that only rules with special pieces (special_rules in rules.h) give
// meaning to.
inline bool is_special_piece_letter(char c) {
    switch (c) {
        case 'c':
        case 'C':
        case 'n':
        case 'N':
        case 'm':
        case 'M':
        case 'g':
        case 'G':
            return true;
        default:
            return false;
    }
}

// "commander", "knight", "mercenary" or "guard" for a special piece letter.
inline const char* special_piece_name(char c) {
    switch (c) {
        case 'c':
        case 'C':
            return "commander";
        case 'n':
        case 'N':
            return "knight";
        case 'm':
        case 'M':
            return "mercenary";
        default:
            return "guard";
    }
}

}  // namespace branan
