// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/position_record.h"

#include <vector>

#include "core/notation.h"
#include "core/text.h"
#include "core/types.h"

namespace branan {
namespace {

std::string piece_refusal(char c) {
    switch (c) {
        case 'k':
            return "an attacking king is not supported";
        default:
            return "not a piece letter (t, c, n, m, g, T, C, N, M, G, K) or a digit";
    }
}

}  // namespace

Expected<BoardSetup> parse_position_record(std::string_view text) {
    if (text.size() < 2 || text.front() != '/' || text.back() != '/')
        return Error{"position record must start and end with '/'"};
    std::vector<std::string_view> rows;
    for (size_t start = 1; start < text.size();) {
        const size_t slash = text.find('/', start);
        rows.push_back(text.substr(start, slash - start));
        start = slash + 1;
    }
    const int size = static_cast<int>(rows.size());
    if (size < 5 || size > kMaxBoardSize || size % 2 == 0)
        return Error{"position record has " + std::to_string(size) + " rows; boards from 5x5 to " +
                     std::to_string(kMaxBoardSize) + "x" + std::to_string(kMaxBoardSize) +
                     ", odd-sized (a centre square for the throne), are supported"};
    BoardSetup setup{size, std::vector<char>(size * size, '.')};
    int kings = 0;
    for (int r = 0; r < size; ++r) {
        const std::string row_name = "row " + std::to_string(r + 1) + " " + branan::quoted(rows[r]);
        int file = 0;
        const auto& row = rows[r];
        for (size_t i = 0; i < row.size(); ++i) {
            const char c = row[i];
            if (c >= '0' && c <= '9') {
                int run = 0;
                while (i < row.size() && row[i] >= '0' && row[i] <= '9' && run <= size)
                    run = run * 10 + (row[i++] - '0');
                --i;
                if (run == 0)
                    return Error{"position record " + row_name + " has an empty run of 0"};
                file += run;
            } else if (c == 't' || c == 'T' || c == 'K' || is_special_piece_letter(c)) {
                if (c == 'K' && ++kings > 1 && file < size)
                    return Error{"position record " + row_name + ": a second king on " +
                                 square_name(r * size + file, size)};
                if (file < size) setup.cells[r * size + file] = c;
                ++file;
            } else {
                const std::string where = file < size
                                              ? "square " + square_name(r * size + file, size)
                                              : "character " + std::to_string(i + 1);
                return Error{"position record " + row_name + ", " + where + " '" +
                             std::string(1, c) + "': " + piece_refusal(c)};
            }
            if (file > size)
                return Error{"position record " + row_name + " is longer than " +
                             std::to_string(size) + " squares"};
        }
        if (file < size)
            return Error{"position record " + row_name + " has " + std::to_string(file) +
                         " squares, expected " + std::to_string(size)};
    }
    if (kings == 0) return Error{"position record has no king"};
    return setup;
}

std::string write_position_record(const BoardSetup& setup) {
    std::string out = "/";
    for (int r = 0; r < setup.size; ++r) {
        int empty = 0;
        for (int f = 0; f < setup.size; ++f) {
            const char c = setup.at(r * setup.size + f);
            if (c == '.') {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            out += c;
        }
        if (empty) out += std::to_string(empty);
        out += '/';
    }
    return out;
}

}  // namespace branan
