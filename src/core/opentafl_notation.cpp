// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/opentafl_notation.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <utility>

#include "core/game.h"
#include "core/notation.h"
#include "core/text.h"

namespace branan {
namespace {

constexpr std::string_view kPieceLetters = "tcnkmgTCNKMG";

bool is_letter(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

// "king", "attackers' knight", ... for a piece letter of the notation.
std::string piece_letter_name(char letter) {
    const bool attackers = std::islower(static_cast<unsigned char>(letter)) != 0;
    std::string kind;
    switch (std::tolower(static_cast<unsigned char>(letter))) {
        case 't':
            kind = "taflman";
            break;
        case 'c':
            kind = "commander";
            break;
        case 'n':
            kind = "knight";
            break;
        case 'k':
            kind = "king";
            break;
        case 'm':
            kind = "mercenary";
            break;
        default:
            kind = "guard";
            break;
    }
    if (letter == 'K') return kind;  // the king of the defenders, the only one in Branan
    return std::string(attackers ? "attackers' " : "defenders' ") + kind;
}

// What stands on a square, for errors: "d4 is empty", "d4 holds the king".
std::string square_content(const Game& game, Square sq) {
    const std::string name = square_name(sq, game.size());
    switch (game.piece_char(sq)) {
        case 'K':
            return name + " holds the king";
        case 'T':
            return name + " holds a defenders' taflman";
        case 't':
            return name + " holds an attackers' taflman";
        case '.':
            return name + " is empty";
        default:
            return name + " holds the " + piece_letter_name(game.piece_char(sq));
    }
}

// Splits a piece letter off the front of `text` ("Kd4" -> 'K', "d4"): a letter is a piece letter
// only when another letter follows it, since files are letters too.
Expected<char> take_piece_letter(std::string_view& text) {
    if (text.size() < 2 || !is_letter(text[0]) || !is_letter(text[1])) return char{0};
    const char letter = text[0];
    if (kPieceLetters.find(letter) == std::string_view::npos)
        return Error{branan::quoted(std::string(1, letter)) +
                     " is not a piece letter (t, c, n, k, m or g; upper case for the defenders)"};
    text.remove_prefix(1);
    return letter;
}

// What the separator between the squares says, when it is not a plain move.
std::string separator_problem(std::string_view sep) {
    if (sep == "^") return "is a jump ('^'); these rules have no jumps";
    if (sep == "=") return "is a berserk move ('='); these rules have no berserk moves";
    if (sep == "^=") return "is a berserk jump ('^='); these rules have no jumps or berserk moves";
    return "has " + branan::quoted(sep) + " between its squares (a move is written from-to)";
}

std::string joined(const std::vector<std::string>& items) {
    if (items.empty()) return "nothing";
    std::string out = items[0];
    for (size_t i = 1; i < items.size(); ++i)
        out += (i + 1 == items.size() ? " and " : ", ") + items[i];
    return out;
}

// Whether `m` goes two squares over a piece (a jump; a slide never passes a piece).
bool jumps_over_piece(const Game& game, Move m) {
    const int size = game.size();
    const int step = std::abs(m.to - m.from) == 2          ? 1
                     : std::abs(m.to - m.from) == 2 * size ? size
                                                           : 0;
    return step && game.piece_char(std::min(m.from, m.to) + step) != '.';
}

// Whether `m` is a move of a berserk turn after its first: the piece that captured moves again.
bool continues_berserk_turn(const Game& game, Move m) {
    return game.visit_position([](const auto& p) { return p.berserker(); }) == Square(m.from);
}

// The letter OpenTafl writes before a piece, or 0: it names kings, commanders, knights and
// mercenaries, never plain soldiers or guards (DetailedMoveRecord.getTaflmanCharForFlag).
std::string written_piece(char c) {
    return std::string_view("KkCcNnMm").find(c) != std::string_view::npos ? std::string(1, c) : "";
}

}  // namespace

Expected<WrittenMove> parse_written_move(std::string_view text, int size) {
    const std::string name = "move " + branan::quoted(text);
    if (text == "---") return Error{name + " is a resignation ('---'), not a move"};
    if (text.find('|') != std::string_view::npos)
        return Error{name +
                     " joins several moves with '|' (a berserk turn); each move of a turn is "
                     "given on its own"};
    const size_t sep_start = text.find_first_of("-^=");
    if (sep_start == std::string_view::npos)
        return Error{name + " has no '-' between its from and to squares"};
    const size_t sep_end = text.find_first_not_of("-^=", sep_start);
    const std::string_view sep = text.substr(sep_start, sep_end - sep_start);
    if (sep != "-" && sep != "^" && sep != "=" && sep != "^=")
        return Error{name + " " + separator_problem(sep)};

    WrittenMove wm;
    wm.jump = sep == "^" || sep == "^=";
    wm.berserk = sep == "=" || sep == "^=";
    std::string_view from_text = text.substr(0, sep_start);
    const auto piece = take_piece_letter(from_text);
    if (!piece) return Error{name + ": " + piece.error()};
    wm.piece = *piece;
    const auto from = parse_square(from_text, size);
    if (!from) return Error{name + ": " + from.error()};

    // The rest: <to>[x<captures>][info], info being a run of '+' or '-' at the end.
    std::string_view rest = sep_end == std::string_view::npos ? "" : text.substr(sep_end);
    const size_t info_start = rest.find_last_not_of("+-") + 1;  // npos + 1 == 0: all info
    const std::string_view info = rest.substr(info_start);
    if (!info.empty() && info != "+" && info != "++" && info != "-" && info != "--")
        return Error{name + ": " + branan::quoted(info) + " is not an annotation (+, ++, - or --)"};
    rest = rest.substr(0, info_start);
    const size_t first_x = rest.find('x');
    const auto to = parse_square(rest.substr(0, first_x), size);
    if (!to) return Error{name + ": " + to.error()};
    if (*from == *to) return Error{name + " does not move"};
    if (*from % size != *to % size && *from / size != *to / size)
        return Error{name + " is not along a rank or a file"};
    wm.move = Move{static_cast<uint16_t>(*from), static_cast<uint16_t>(*to)};

    for (size_t pos = first_x; pos != std::string_view::npos;) {
        const size_t next = rest.find_first_of("x/", pos + 1);
        std::string_view item = rest.substr(pos + 1, next - pos - 1);
        const auto letter = take_piece_letter(item);
        if (!letter) return Error{name + ", capture: " + letter.error()};
        const auto square = parse_square(item, size);
        if (!square) return Error{name + ", capture: " + square.error()};
        // The real-game files sometimes write a capture twice; one mention is enough.
        if (std::none_of(wm.captures.begin(), wm.captures.end(),
                         [&](const WrittenCapture& c) { return c.square == *square; }))
            wm.captures.push_back({*square, *letter});
        pos = next;
    }
    return wm;
}

Expected<Move> read_move(const Game& game, std::string_view text) {
    const int size = game.size();
    auto written = parse_written_move(text, size);
    if (!written) return Error{written.error()};
    const Move m = written->move;
    const std::string name = "move " + branan::quoted(text);
    // The marks of OpenTafl's special moves, where the rules have no such moves.
    const Rules& rules = game.rules();
    const bool has_jumps = special_rules(rules);
    if (written->jump && written->berserk && !has_jumps && rules.berserk == Berserk::None)
        return Error{name + " " + separator_problem("^=")};
    if (written->jump && written->berserk && !has_jumps)
        return Error{name + " is a berserk jump ('^='); these rules have no jumps"};
    if (written->jump && written->berserk && rules.berserk == Berserk::None)
        return Error{name + " is a berserk jump ('^='); these rules have no berserk moves"};
    if (written->jump && !has_jumps) return Error{name + " " + separator_problem("^")};
    if (written->berserk && rules.berserk == Berserk::None)
        return Error{name + " " + separator_problem("=")};
    if (const Status s = game.status(); s.over())
        return Error{name + " is illegal: the game is over (" + reason_name(s.reason) + ")"};

    // A piece letter names the piece on its square.
    auto holds = [&](char letter, Square sq) { return game.piece_char(sq) == letter; };
    if (written->piece && !holds(written->piece, m.from))
        return Error{name + ": no " + piece_letter_name(written->piece) + " on " +
                     square_name(m.from, size) + " (" + square_content(game, m.from) + ")"};

    const std::vector<Move> legal = game.legal_moves();
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) {
        const char c = game.piece_char(m.from);
        const bool ours = c != '.' && side_of(piece_of_letter(c)) == game.side_to_move();
        const Square berserker = game.visit_position([](const auto& p) { return p.berserker(); });
        std::string why =
            c == '.' ? "there is no piece on " + square_name(m.from, size)
            : !ours
                ? "the piece on " + square_name(m.from, size) + " belongs to the side not to move"
            : berserker != kNoSquare && berserker != m.from
                ? "a berserk turn: only the piece on " + square_name(berserker, size) + " moves"
            : game.rules().repetition == RepetitionRule::Forbidden &&
                    game.visit_position([&](const auto& p) { return p.is_pseudo_legal(m); })
                ? "it would repeat a position a third time"
                : "the piece cannot move there";
        return Error{name + " is illegal: " + why};
    }
    // The marks must be true of the move: '^' a jump over a piece, '=' a berserk turn's move.
    if (written->jump && !jumps_over_piece(game, m))
        return Error{name + " is marked a jump ('^') but jumps over no piece"};
    if (written->berserk && !continues_berserk_turn(game, m))
        return Error{name + " is marked a berserk move ('=') but no berserk turn goes on"};
    if (written->captures.empty()) return m;

    for (const WrittenCapture& c : written->captures)
        if (c.piece && !holds(c.piece, c.square))
            return Error{name + ": no " + piece_letter_name(c.piece) + " on " +
                         square_name(c.square, size) + " to capture (" +
                         square_content(game, c.square) + ")"};
    // The captures written must be the soldiers the move takes, and the king when it takes him
    // (or not: OpenTafl's own "e3-e4++" leaves him out).
    const std::vector<Square> soldiers = game.captures_of(m);
    const Square king = game.captures_king(m) ? game.king_square() : kNoSquare;
    std::vector<Square> claimed;
    for (const WrittenCapture& c : written->captures)
        if (c.square != king) claimed.push_back(c.square);
    std::sort(claimed.begin(), claimed.end());
    if (claimed == soldiers) return m;

    std::vector<std::string> actual, as_written;
    for (Square s : soldiers) actual.push_back(square_name(s, size));
    if (king != kNoSquare) actual.push_back("the king on " + square_name(king, size));
    for (const WrittenCapture& c : written->captures)
        as_written.push_back(square_name(c.square, size));
    return Error{name + " claims captures it does not make: it captures " + joined(actual) +
                 ", not " + joined(as_written)};
}

std::string opentafl_move_text(const Game& game, Move m) {
    const int size = game.size();
    // OpenTafl lists captures jumped piece first, then the destination's neighbours west, east,
    // south, north (Coord adjacency order); anything else (not adjacent) after them.
    const Square jumped = jumps_over_piece(game, m) ? (m.from + m.to) / 2 : kNoSquare;
    auto rank_of = [&](Square captured) {
        if (captured == jumped) return -1;
        const int df = captured % size - m.to % size, dr = captured / size - m.to / size;
        if (dr == 0 && df == -1) return 0;
        if (dr == 0 && df == 1) return 1;
        if (df == 0 && dr == -1) return 2;
        if (df == 0 && dr == 1) return 3;
        return 4;
    };
    std::vector<std::pair<int, std::string>> ordered;
    for (Square c : game.captures_of(m))
        ordered.emplace_back(rank_of(c), written_piece(game.piece_char(c)) + square_name(c, size));
    if (game.captures_king(m)) {
        const Square king = game.king_square();
        ordered.emplace_back(rank_of(king), "K" + square_name(king, size));
    }
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    // '^' marks a jump that captures (OpenTafl marks a jump only where its capturing-move test
    // holds), '=' a berserk turn's move after its first, "^=" both.
    const bool jump = !ordered.empty() && jumped != kNoSquare;
    const bool berserk = continues_berserk_turn(game, m);
    const char* separator = jump && berserk ? "^=" : jump ? "^" : berserk ? "=" : "-";
    std::string out = written_piece(game.piece_char(m.from)) + square_name(m.from, size) +
                      separator + square_name(m.to, size);
    for (size_t k = 0; k < ordered.size(); ++k) out += (k ? "/" : "x") + ordered[k].second;
    return out;
}

}  // namespace branan
