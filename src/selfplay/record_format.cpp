// SPDX-License-Identifier: GPL-3.0-or-later
#include "selfplay/record_format.h"

#include <cstring>

#include "core/notation.h"
#include "core/position_record.h"

namespace branan::selfplay {
namespace {

// Bytes after the board: flags, result, score, ply, game, best move's from and to.
constexpr size_t kFieldBytes = 1 + 1 + 2 + 2 + 4 + 2 + 2;
constexpr size_t kHeaderFixedBytes = 4 + 2 + 1 + 1;

void put(std::string& out, uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xff);
}

uint64_t get(const std::string& in, size_t offset, int bytes) {
    uint64_t value = 0;
    for (int i = 0; i < bytes; ++i)
        value |= static_cast<uint64_t>(static_cast<uint8_t>(in[offset + i])) << (8 * i);
    return value;
}

int piece_code(char letter) {
    const char* at = std::strchr(kPieceCodes, letter);
    return at && letter ? static_cast<int>(at - kPieceCodes) : -1;
}

size_t board_bytes(const FileHeader& header) {
    const size_t bits = static_cast<size_t>(header.board_size * header.board_size) *
                        static_cast<size_t>(header.bits_per_square);
    return (bits + 7) / 8;
}

}  // namespace

FileHeader make_header(int size, const std::vector<char>& start_cells, std::string rules_string,
                       std::string settings) {
    FileHeader header;
    header.board_size = size;
    header.bits_per_square = 2;
    for (char c : start_cells)
        if (piece_code(c) > 3) header.bits_per_square = 4;  // pieces are never made in play
    header.rules = std::move(rules_string);
    header.settings = std::move(settings);
    return header;
}

size_t record_size(const FileHeader& header) {
    return board_bytes(header) + kFieldBytes;
}

std::string encode_header(const FileHeader& header) {
    std::string out(kMagic, sizeof kMagic);
    put(out, kFormatVersion, 2);
    put(out, static_cast<uint64_t>(header.board_size), 1);
    put(out, static_cast<uint64_t>(header.bits_per_square), 1);
    put(out, header.rules.size(), 2);
    out += header.rules;
    put(out, header.settings.size(), 2);
    out += header.settings;
    return out;
}

Expected<FileHeader> decode_header(const std::string& bytes, size_t& length) {
    if (bytes.size() < sizeof kMagic || bytes.compare(0, sizeof kMagic, kMagic, sizeof kMagic))
        return Error{"not a self-play data file (no 'BRSP' at its start)"};
    if (bytes.size() < kHeaderFixedBytes + 2) return Error{"the header is cut short"};
    const auto version = get(bytes, 4, 2);
    if (version != kFormatVersion)
        return Error{"format version " + std::to_string(version) + ", this Branan reads version " +
                     std::to_string(kFormatVersion)};
    FileHeader header;
    header.board_size = static_cast<int>(get(bytes, 6, 1));
    header.bits_per_square = static_cast<int>(get(bytes, 7, 1));
    if (header.board_size < 5 || header.board_size > kMaxBoardSize)
        return Error{"board size " + std::to_string(header.board_size) + " is not 5-19"};
    if (header.bits_per_square != 2 && header.bits_per_square != 4)
        return Error{"bits per square " + std::to_string(header.bits_per_square) +
                     " is not 2 or 4"};
    size_t at = kHeaderFixedBytes;
    for (std::string* text : {&header.rules, &header.settings}) {
        if (bytes.size() < at + 2) return Error{"the header is cut short"};
        const size_t n = get(bytes, at, 2);
        at += 2;
        if (bytes.size() < at + n) return Error{"the header is cut short"};
        *text = bytes.substr(at, n);
        at += n;
    }
    length = at;
    return header;
}

void encode_record(const FileHeader& header, const Record& record, std::string& out) {
    std::string board(board_bytes(header), '\0');
    const int bits = header.bits_per_square;
    for (size_t sq = 0; sq < record.board.cells.size(); ++sq) {
        const auto code = static_cast<unsigned>(piece_code(record.board.cells[sq]));
        const size_t bit = sq * static_cast<size_t>(bits);
        board[bit / 8] = static_cast<char>(static_cast<uint8_t>(board[bit / 8]) | code << bit % 8);
    }
    out += board;
    put(out, (record.side_to_move == Side::Defenders ? 1u : 0u) | (record.last_of_game ? 2u : 0u),
        1);
    put(out, static_cast<uint64_t>(record.result), 1);
    put(out, static_cast<uint16_t>(record.score), 2);
    put(out, record.ply, 2);
    put(out, record.game, 4);
    put(out, record.best.from, 2);
    put(out, record.best.to, 2);
}

Expected<Record> decode_record(const FileHeader& header, const std::string& bytes, size_t offset) {
    Record record;
    const int n = header.board_size, bits = header.bits_per_square;
    record.board.size = n;
    record.board.cells.resize(static_cast<size_t>(n * n));
    int kings = 0;
    for (size_t sq = 0; sq < record.board.cells.size(); ++sq) {
        const size_t bit = sq * static_cast<size_t>(bits);
        const unsigned code =
            (static_cast<uint8_t>(bytes[offset + bit / 8]) >> bit % 8) & ((1u << bits) - 1);
        if (code >= std::strlen(kPieceCodes))
            return Error{"piece code " + std::to_string(code) + " is not one of 0-11"};
        record.board.cells[sq] = kPieceCodes[code];
        kings += kPieceCodes[code] == 'K';
    }
    if (kings != 1) return Error{std::to_string(kings) + " kings on the board"};
    size_t at = offset + board_bytes(header);
    const auto flags = get(bytes, at, 1);
    const auto result = get(bytes, at + 1, 1);
    if (flags > 3) return Error{"flags " + std::to_string(flags) + " are not 0-3"};
    if (result < 1 || result > 3) return Error{"result " + std::to_string(result) + " is not 1-3"};
    record.side_to_move = flags & 1 ? Side::Defenders : Side::Attackers;
    record.last_of_game = flags & 2;
    record.result = static_cast<Outcome>(result);
    record.score = static_cast<int16_t>(static_cast<uint16_t>(get(bytes, at + 2, 2)));
    record.ply = static_cast<uint16_t>(get(bytes, at + 4, 2));
    record.game = static_cast<uint32_t>(get(bytes, at + 6, 4));
    record.best.from = static_cast<uint16_t>(get(bytes, at + 10, 2));
    record.best.to = static_cast<uint16_t>(get(bytes, at + 12, 2));
    const auto squares = static_cast<uint16_t>(n * n);
    if (record.best.from >= squares || record.best.to >= squares)
        return Error{"the best move's square is off the board"};
    return record;
}

std::string record_text(const Record& record) {
    return "game " + std::to_string(record.game) + " ply " + std::to_string(record.ply) + " side " +
           side_name(record.side_to_move) + " score " + std::to_string(record.score) + " result " +
           outcome_name(record.result) + " best " + move_name(record.best, record.board.size) +
           " otn " + write_position_record(record.board) + (record.last_of_game ? " end" : "");
}

}  // namespace branan::selfplay
