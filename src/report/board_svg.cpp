// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/board_svg.h"

#include <algorithm>

#include "core/notation.h"
#include "core/rules_string.h"
#include "report/html_text.h"

namespace branan::report {
namespace {

// The board in user units (the viewBox): squares of kCell, a margin for the coordinates.
constexpr int kCell = 40, kLeft = 28, kTop = 6, kBottom = 24, kRight = 6;

int board_width(int size) {
    return kLeft + size * kCell + kRight;
}
int board_height(int size) {
    return kTop + size * kCell + kBottom;
}
int cell_x(Square sq, int size) {
    return kLeft + (sq % size) * kCell;
}
int cell_y(Square sq, int size) {
    return kTop + (size - 1 - sq / size) * kCell;
}
std::string num(int v) {
    return std::to_string(v);
}

std::string pieces_of(const Game& game) {
    std::string pieces;
    for (Square sq = 0; sq < game.size() * game.size(); ++sq) pieces += game.piece_char(sq);
    return pieces;
}

// The squares, the corners, throne and forts marked (a darker square with a cross, as OpenTafl
// players know them).
std::string squares(const Rules& rules) {
    const int n = rules.size;
    std::string out = "<g id=\"squares\">";
    auto listed = [](const std::vector<Square>& list, Square sq) {
        return std::find(list.begin(), list.end(), sq) != list.end();
    };
    const std::vector<Square> corners = corner_squares(rules), thrones = throne_squares(rules);
    for (Square sq = 0; sq < n * n; ++sq) {
        std::string kind = "square";
        if (listed(corners, sq)) kind += " corner";
        if (listed(thrones, sq)) kind += " throne";
        if (listed(rules.attacker_forts.squares, sq) || listed(rules.defender_forts.squares, sq))
            kind += " fort";
        const int x = cell_x(sq, n), y = cell_y(sq, n);
        out += "<rect class=\"" + kind + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
               num(kCell) + "\" height=\"" + num(kCell) + "\"/>";
        if (kind != "square")
            out += "<path class=\"mark\" d=\"M" + num(x + 8) + " " + num(y + 8) + "L" +
                   num(x + kCell - 8) + " " + num(y + kCell - 8) + "M" + num(x + kCell - 8) + " " +
                   num(y + 8) + "L" + num(x + 8) + " " + num(y + kCell - 8) + "\"/>";
    }
    return out + "</g>";
}

// The files under the board and the ranks beside it; `flipped`: as a flipped board shows them
// (a on the right, rank 1 at the top).
std::string coordinates(int n, bool flipped) {
    std::string out = std::string("<g id=\"coords-") + (flipped ? "flipped" : "normal") + "\">";
    for (int i = 0; i < n; ++i) {
        const int at = flipped ? n - 1 - i : i;
        out += "<text class=\"coord file\" x=\"" + num(kLeft + at * kCell + kCell / 2) + "\" y=\"" +
               num(kTop + n * kCell + 18) + "\">" + std::string(1, static_cast<char>('a' + i)) +
               "</text>";
        out += "<text class=\"coord rank\" x=\"" + num(kLeft / 2) + "\" y=\"" +
               num(kTop + (n - 1 - at) * kCell + kCell / 2 + 6) + "\">" + num(i + 1) + "</text>";
    }
    return out + "</g>";
}

}  // namespace

std::vector<Frame> frames_of(const Game& game) {
    Game replay = game.from_start();
    std::vector<Frame> frames(1);
    frames[0].pieces = pieces_of(replay);
    frames[0].record = replay.record();
    for (Move m : game.moves_played()) {
        Frame f;
        f.last = m;
        f.mover = replay.side_to_move();
        f.move_text = replay.describe(m);
        const std::string before = frames.back().pieces;
        replay.play(m);
        f.pieces = pieces_of(replay);
        f.record = replay.record();
        // The squares a move emptied (other than its own start) are its captures, whatever
        // rule took them; a captured king that stays on the board is marked where he stands.
        for (Square sq = 0; sq < static_cast<Square>(before.size()); ++sq) {
            const bool emptied = before[sq] != '.' && f.pieces[sq] == '.' && sq != m.from;
            const bool king_taken =
                f.pieces[sq] == 'K' && replay.status().reason == OutcomeReason::KingCaptured;
            if (emptied || king_taken) f.taken.push_back(sq);
        }
        frames.push_back(f);
    }
    return frames;
}

std::string board_defs(const Rules& rules) {
    const int n = rules.size;
    return "<rect id=\"frame\" class=\"frame\" x=\"0\" y=\"0\" width=\"" + num(board_width(n)) +
           "\" height=\"" + num(board_height(n)) + "\"/>" + squares(rules) + coordinates(n, false) +
           coordinates(n, true) +
           "<marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" "
           "markerWidth=\"3\" markerHeight=\"3\" orient=\"auto\">"
           "<path class=\"arrowhead\" d=\"M0 0L10 5L0 10z\"/></marker>";
}

std::string board_flip_style(int size) {
    return "#boards.flipped .field{transform:rotate(180deg);transform-origin:" +
           num(kLeft + size * kCell / 2) + "px " + num(kTop + size * kCell / 2) + "px}";
}

std::string board_svg(const Frame& f, int ply, int size, bool current, std::optional<Move> best) {
    std::string out =
        "<svg class=\"board" + std::string(current ? " current" : "") + "\" data-ply=\"" +
        num(ply) + "\" data-record=\"" + escape(f.record) + "\" viewBox=\"0 0 " +
        num(board_width(size)) + " " + num(board_height(size)) + "\" role=\"img\" aria-label=\"" +
        (ply == 0 ? std::string("start position") : "after " + escape(f.move_text)) +
        "\"><use href=\"#frame\"/><use class=\"coords-normal\" href=\"#coords-normal\"/>"
        "<use class=\"coords-flipped\" href=\"#coords-flipped\"/>"
        "<g class=\"field\"><use href=\"#squares\"/>";
    auto square_rect = [&](Square sq, const char* cls) {
        out += "<rect class=\"" + std::string(cls) + "\" x=\"" + num(cell_x(sq, size)) + "\" y=\"" +
               num(cell_y(sq, size)) + "\" width=\"" + num(kCell) + "\" height=\"" + num(kCell) +
               "\"/>";
    };
    auto centre = [&](Square sq, int dx, int dy) {
        return num(cell_x(sq, size) + kCell / 2 + dx) + " " +
               num(cell_y(sq, size) + kCell / 2 + dy);
    };
    if (f.last) {
        square_rect(f.last->from, "last-from");
        square_rect(f.last->to, "last-to");
    }
    for (Square sq = 0; sq < size * size; ++sq) {
        const char c = f.pieces[sq];
        if (c == '.') continue;
        const std::string cx = num(cell_x(sq, size) + kCell / 2),
                          cy = num(cell_y(sq, size) + kCell / 2);
        if (c == 'K') {
            out += "<g class=\"piece king\"><circle cx=\"" + cx + "\" cy=\"" + cy +
                   "\" r=\"16\"/><path d=\"M" + centre(sq, 0, -10) + "V" +
                   num(cell_y(sq, size) + kCell / 2 + 10) + "M" + centre(sq, -10, 0) + "H" +
                   num(cell_x(sq, size) + kCell / 2 + 10) + "\"/></g>";
        } else {
            out += std::string("<circle class=\"piece ") + (c == 't' ? "attacker" : "defender") +
                   "\" cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"14\"/>";
        }
    }
    if (f.last)
        out += "<path class=\"move-line\" d=\"M" + centre(f.last->from, 0, 0) + "L" +
               centre(f.last->to, 0, 0) + "\"/>";
    for (Square sq : f.taken)
        out += "<path class=\"captured\" d=\"M" + centre(sq, -12, -12) + "L" + centre(sq, 12, 12) +
               "M" + centre(sq, 12, -12) + "L" + centre(sq, -12, 12) + "\"><title>" +
               square_name(sq, size) + " captured</title></path>";
    if (best)
        out += "<path class=\"best-arrow\" marker-end=\"url(#arrowhead)\" d=\"M" +
               centre(best->from, 0, 0) + "L" + centre(best->to, 0, 0) +
               "\"><title>engine: " + square_name(best->from, size) + "-" +
               square_name(best->to, size) + "</title></path>";
    return out + "</g></svg>\n";
}

}  // namespace branan::report
