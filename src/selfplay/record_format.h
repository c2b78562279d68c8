// SPDX-License-Identifier: GPL-3.0-or-later
// The self-play data file (docs/selfplay.md has the byte layout): a header naming the rules and
// the settings the games were played with, then fixed-size records, one position each, with
// the search's score and the game's result. Little-endian throughout.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/board_setup.h"
#include "core/expected.h"
#include "core/types.h"

namespace branan::selfplay {

constexpr char kMagic[4] = {'B', 'R', 'S', 'P'};
constexpr uint16_t kFormatVersion = 1;
// The piece letters by their code in a record: 0 is the empty square.
constexpr const char* kPieceCodes = ".tTKcCnNmMgG";

struct FileHeader {
    int board_size = 0;
    int bits_per_square = 2;  // 2 (only t, T, K can stand on the board) or 4 (special pieces)
    std::string rules;        // the canonical rules string
    std::string settings;     // how the games were played ("nodes=5000 seed=1 ...")
    bool operator==(const FileHeader&) const = default;
};

// One position. `score` is in centi-soldiers for the side to move (mate scores as the engine
// gives them, see engine/score.h); `result` the game's end, seen from nobody (who won).
struct Record {
    BoardSetup board;
    Side side_to_move = Side::Attackers;
    bool last_of_game = false;  // the game's last record: the game is complete up to here
    int16_t score = 0;
    Outcome result = Outcome::Draw;
    uint16_t ply = 0;   // plies played from the game's start (the rules' or the book line's)
    uint32_t game = 0;  // the game's number in the run, from 0
    Move best;          // the move the search chose (and the game played)
    bool operator==(const Record&) const = default;
};

// The header for `rules_string` on a board of `size` whose start position is `start_cells`.
FileHeader make_header(int size, const std::vector<char>& start_cells, std::string rules_string,
                       std::string settings);

// Bytes of one record under `header`.
size_t record_size(const FileHeader& header);

std::string encode_header(const FileHeader& header);
// Reads a header from the front of `bytes`; sets `length` to its size in bytes. The error says
// what is wrong (not this format, another version, cut short).
Expected<FileHeader> decode_header(const std::string& bytes, size_t& length);

// Appends `record` to `out`; the board must hold only letters the header's width can code.
void encode_record(const FileHeader& header, const Record& record, std::string& out);
// The record at `bytes[offset]`, which holds record_size(header) bytes; an error names a code
// or value out of range.
Expected<Record> decode_record(const FileHeader& header, const std::string& bytes, size_t offset);

// One line of text for a record: "game G ply P side S score C result R best M otn RECORD".
std::string record_text(const Record& record);

}  // namespace branan::selfplay
