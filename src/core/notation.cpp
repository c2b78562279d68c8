// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/notation.h"

#include "core/text.h"

namespace branan {

std::string square_name(Square sq, int size) {
    std::string name(1, static_cast<char>('a' + sq % size));
    name += std::to_string(sq / size + 1);
    return name;
}

Expected<Square> parse_square(std::string_view text, int size) {
    const std::string quoted = branan::quoted(text);
    if (text.empty()) return Error{"empty square"};
    const char file_char = text[0];
    if (file_char < 'a' || file_char > 'z')
        return Error{"square " + quoted + " must start with a file letter a-" +
                     std::string(1, static_cast<char>('a' + size - 1))};
    const int file = file_char - 'a';
    if (text.size() < 2 || text.size() > 3)
        return Error{"square " + quoted + " must be a file letter and a rank number"};
    int rank = 0;
    for (char c : text.substr(1)) {
        if (c < '0' || c > '9') return Error{"square " + quoted + " has a bad rank number"};
        rank = rank * 10 + (c - '0');
    }
    if (text[1] == '0') return Error{"square " + quoted + " has a bad rank number"};
    if (file >= size || rank < 1 || rank > size)
        return Error{"square " + quoted + " is off the " + std::to_string(size) + "x" +
                     std::to_string(size) + " board"};
    return (rank - 1) * size + file;
}

std::string move_name(Move m, int size) {
    std::string s = square_name(m.from, size);
    s += '-';
    s += square_name(m.to, size);
    return s;
}

std::string move_name(Move m, int size, const std::vector<Square>& captures) {
    std::string s = move_name(m, size);
    for (Square c : captures) {
        s += 'x';
        s += square_name(c, size);
    }
    return s;
}

}  // namespace branan
