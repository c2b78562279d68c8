// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's shieldwalls as its code plays them (Rules::shieldwall_scan == OpenTafl): the scan
// of BoardImpl.detectShieldwallPositionsForSide, ported quirk for quirk, and the captures of
// GameState.moveTaflman / checkShieldwallPositionForCaptures. Included by position.h only.
#pragma once

#include "core/position.h"

namespace branan {

// At most one list is opened, and one position added, per edge square the scan visits.
constexpr int kMaxWallLists = 4 * kMaxBoardSize + 1;

// The shieldwall positions the scan finds for one side. Java's positions share their lists: a
// list added to a position can still grow afterwards (the scan resets its lists only where it
// says so, never between edges nor after a corner ends a row), so a position is the index of its
// list, read once the scan is over.
template <class BB>
struct WallPositions {
    struct List {
        BB surrounded;   // surroundedSpaces
        BB surrounding;  // the squares of surroundingTaflmen
        int size;        // surroundedSpaces.size(), repeats counted
    };
    std::array<List, kMaxWallLists> lists;
    std::array<uint8_t, kMaxWallLists> held;  // the list of each position, in the order found
    int list_count = 0;
    int count = 0;

    int open() {
        lists[list_count] = List{0, 0, 0};
        return list_count++;
    }
    void add(int list) { held[count++] = static_cast<uint8_t>(list); }
    const List& position(int p) const { return lists[held[p]]; }
};

// The board a scan reads: each side's pieces (the king among the defenders'), the king's square,
// and the pieces its short cut counts (all but the mercenaries the move won over).
template <class BB>
struct WallBoard {
    std::array<BB, 2> sides;
    Square king;
    std::array<BB, 2> counted;

    // The board with side `us`'s soldiers `own`, the other side's `enemy`, the king on `king`;
    // `uncounted` (of us) stand on it but are not counted.
    static WallBoard of(Side us, BB own, BB enemy, Square king, BB uncounted = 0) {
        WallBoard b{{}, king, {}};
        b.sides[index(us)] = own;
        b.sides[index(opponent(us))] = enemy;
        b.sides[index(Side::Defenders)] |= square_bb<BB>(king);
        b.counted = b.sides;
        b.counted[index(us)] &= ~uncounted;
        return b;
    }
};

// BoardImpl.detectShieldwallPositionsForSide(surrounders = side s): nothing unless two pieces
// of each side (the king counts) stand on the edge; then each edge (first rank, last rank, first
// file, last file) is walked towards the higher file or rank. A row opens at a corner (strong
// shieldwall) or a piece of s; a square with a piece of s in front (inward) joins the surrounded
// squares, whatever stands on it, empty too; a piece of s on the edge joins them too when it has
// one of s in front and the square `index + 1` holds one of s (or it is the king), where index,
// as in the Java loop, counts only the iterations that reach the loop's end and so lags behind;
// any other piece of s ends the row (a position if it surrounds more than one square) and opens a
// new one, without joining it; a corner ends the row and the edge. A square with no piece of s
// in front closes the row without a position.
template <class BB>
void Position<BB>::find_walls(const WallBoard<BB>& b, Side s, WallPositions<BB>& w) const {
    const auto& geo = t_->geo;
    w.count = w.list_count = 0;
    if (popcount(b.counted[0] & geo.edge) < 2 || popcount(b.counted[1] & geo.edge) < 2) return;
    const BB own = b.sides[index(s)];
    int cur = w.open();
    auto join = [&](Square sq, Square front) {
        auto& list = w.lists[cur];
        list.surrounding |= square_bb<BB>(front);
        list.surrounded |= square_bb<BB>(sq);
        ++list.size;
    };
    for (int e = 0; e < 4; ++e) {
        const int inward = edge_rules::kInward[e], up = edge_rules::kAlong[e][1];
        std::array<Square, kMaxBoardSize> line;
        int n = 0;
        for (Square sq = lsb(geo.edges[e]); sq != kNoSquare; sq = geo.neighbour[sq][up])
            line[n++] = sq;
        bool open = false;  // startPosition != null
        int index = 0;
        for (int i = 0; i < n; ++i) {
            const Square sq = line[i], front = geo.neighbour[sq][inward];
            if (!open && (test(t_->wall_closers, sq) || test(own, sq))) {
                open = true;
                if (!test(t_->wall_closers, sq)) w.lists[cur].surrounding |= square_bb<BB>(sq);
                continue;
            }
            if (open) {
                if (test(t_->wall_closers, sq)) {
                    if (w.lists[cur].size > 1) w.add(cur);
                    break;
                }
                if (test(own, sq)) {
                    assert(index + 1 < n);
                    if ((test(own, line[index + 1]) || sq == b.king) && test(own, front)) {
                        join(sq, front);
                        continue;
                    }
                    if (w.lists[cur].size > 1) {
                        w.lists[cur].surrounding |= square_bb<BB>(sq);
                        w.add(cur);
                    }
                    cur = w.open();
                    continue;
                }
                if (test(own, front)) {
                    join(sq, front);
                } else {
                    open = false;
                    cur = w.open();
                }
            }
            ++index;
        }
    }
}

// The shieldwall captures of a move to `to` by side `us` (GameState.moveTaflman, lines 307-318):
// both sides' positions are found on board `b` (after the move and its other captures), the
// attackers' first, then each is checked in turn (checkShieldwallPositionForCaptures) with the
// mover as capturer: under swf:y only a move onto the edge, by a piece whose Java char is among
// the position's surrounding ones (`developed`: the char gains its DEVELOPED bit on the piece's
// first move, so a first move never closes a position); every surrounded square must hold a
// piece not of the mover's side (on the board as the earlier positions left it); all of them but
// `keep` (the king, guards) are captured, and `mercenaries` among them change sides.
template <class BB>
BB Position<BB>::opentafl_wall_captures(Square to, Side us, bool developed, WallBoard<BB> b,
                                        BB keep, BB mercenaries) const {
    const bool flank = t_->rules.shieldwall_flank;
    if (flank && (!developed || !test(t_->geo.edge, to))) return 0;
    std::array<WallPositions<BB>, 2> found;
    find_walls(b, Side::Attackers, found[0]);
    find_walls(b, Side::Defenders, found[1]);
    const int u = index(us), them = index(opponent(us));
    BB captured = 0;
    for (const auto& w : found) {
        for (int p = 0; p < w.count; ++p) {
            const auto& list = w.position(p);
            if (flank && !test(list.surrounding, to)) continue;
            if (list.surrounded & ~b.sides[them]) continue;
            const BB taken = list.surrounded & ~keep;
            captured |= taken;
            b.sides[them] &= ~taken;
            b.sides[u] |= taken & mercenaries;
        }
    }
    return captured;
}

// GameState.checkVictory's first exit-fort test (lines 470-483), before checkEdgeFortEscape: a
// defenders' shieldwall position on this board surrounds the king, and he has a move.
template <class BB>
bool Position<BB>::king_in_defenders_wall() const {
    const auto b = WallBoard<BB>::of(Side::Defenders, soldiers_[1], soldiers_[0], king_);
    WallPositions<BB> w;
    find_walls(b, Side::Defenders, w);
    for (int p = 0; p < w.count; ++p)
        if (test(w.position(p).surrounded, king_)) return king_can_move();
    return false;
}

// Whether the king has a move: OpenTafl's getAllowableDestinations, jumps included.
template <class BB>
bool Position<BB>::king_can_move() const {
    const BB to = t_->special ? special_destinations(king_, Side::Defenders)
                              : destinations(king_, Piece::King);
    return static_cast<bool>(to);
}

}  // namespace branan
