// SPDX-License-Identifier: GPL-3.0-or-later
// The evaluation's weights: data, not code, so that they can be tuned (branan tune), saved,
// loaded (--weights) and printed (eval). The evaluation is linear in them: each term is a
// feature of the position, counted from the attackers' point of view, times its weight.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace branan {

enum EvalTerm : int {
    kAttackerSoldiers,     // attackers on the board
    kDefenderSoldiers,     // defender soldiers on the board (counted negative)
    kKingEscapeRoutes,     // escape squares the king reaches in one move (negative)
    kKingDoubleRoute,      // 1 when he reaches two or more (negative)
    kKingTwoMoveRoutes,    // escape squares he reaches in two moves (negative)
    kKingMobility,         // squares the king can move to (negative)
    kAttackersBesideKing,  // attackers next to the king
    kAttackerProximity,    // sum over attackers of (board size - distance to the king)
    kCornerGuards,         // attackers diagonally next to a corner (corner-escape rules)
    kTempo,                // +1 attackers to move, -1 defenders to move
    kOpenEscapes,          // corners (edges, in edge-escape rules) the king could reach through
                           // squares free of attackers (negative)
    kKingRegion,           // squares in that attacker-free region around the king (negative)
    kDefenderRoom,         // encirclement rules: squares of the defenders' room inside the
                           // attackers' near-closed ring (negative)
    kRingClosing,          // encirclement rules: 1 when that room touches no edge
    // The terms of boards of 11x11 and more (eval_wide.h), which use none of the above: their own
    // material, king's routes, corners, cordon, ring, structure and phase.
    kWideAttackerSoldiers,     // attackers on the board
    kWideDefenderSoldiers,     // defender soldiers (negative)
    kWideKingEscapeRoutes,     // escape squares the king reaches in one move (negative)
    kWideKingDoubleRoute,      // 1 when he reaches two or more (negative)
    kWideKingTwoMoveRoutes,    // escape squares he reaches in two moves, not one (negative)
    kWideKingRouteSquares,     // squares he moves to from which an escape square is in reach
                               // (negative)
    kWideUnguardedRoutes,      // those of them that no attacker can block in one move: neither
                               // the square nor the run from it to the escape (negative)
    kWideKingMobility,         // squares the king can move to (negative)
    kWideAttackersBesideKing,  // attackers next to the king
    kWideAttackerProximity,    // sum over attackers of (board size - distance to the king)
    kWideCornerGuards,         // attackers diagonally next to a corner
    kWideSealedCorners,        // corners with attackers on both squares a knight's move away
                               // towards the board (b3 and c2 for a1): the corner blockade
    kWideOpenEscapes,          // escape squares the king could reach through squares free of
                               // attackers (negative)
    kWideDefenderRoom,         // encirclement rules: the defenders' room inside the attackers'
                               // near-closed ring, when it touches no edge (negative)
    kWideRingClosing,          // encirclement rules: 1 when that room touches no edge
    kWideRingGaps,             // encirclement rules: the empty gaps of the ring, squares that one
                               // attacker move may plug (negative)
    kWideDefenderPairs,        // defender pieces side by side, king included (negative)
    kWideAttackerPairs,        // attackers side by side
    kWideKingOnEdge,           // 1 when the king stands on an edge (negative)
    kWideTempo,                // +1 attackers to move, -1 defenders to move
    kScalarTermCount,
    // Then the piece-square tables: for each piece kind (attackers, defender soldiers, king) and
    // each board size (7, 9, 11), one weight per class of squares that the board's eight
    // symmetries map onto each other. The feature is the number of pieces of that kind on squares
    // of that class, from the attackers' point of view (defender pieces count negative).
    kPstFirst = kScalarTermCount,
};

// The scalar terms' names (in weights files and `eval` output) and default weights: their one
// home, in the order of the enum (checked below).
struct ScalarTerm {
    EvalTerm term;
    const char* name;
    int weight;  // the default
};
constexpr ScalarTerm kScalarTerms[] = {
    {kAttackerSoldiers, "attacker_soldiers", 100},
    {kDefenderSoldiers, "defender_soldiers", 180},
    {kKingEscapeRoutes, "king_escape_routes", 250},
    {kKingDoubleRoute, "king_double_route", 900},
    {kKingTwoMoveRoutes, "king_two_move_routes", 25},
    {kKingMobility, "king_mobility", 4},
    {kAttackersBesideKing, "attackers_beside_king", 30},
    {kAttackerProximity, "attacker_proximity", 3},
    {kCornerGuards, "corner_guards", 25},
    {kTempo, "tempo", 10},
    {kOpenEscapes, "open_escapes", 0},
    {kKingRegion, "king_region", 0},
    {kDefenderRoom, "defender_room", 6},
    {kRingClosing, "ring_closing", 150},
    {kWideAttackerSoldiers, "wide_attacker_soldiers", 100},
    {kWideDefenderSoldiers, "wide_defender_soldiers", 136},
    {kWideKingEscapeRoutes, "wide_king_escape_routes", 195},
    {kWideKingDoubleRoute, "wide_king_double_route", 900},
    {kWideKingTwoMoveRoutes, "wide_king_two_move_routes", 99},
    {kWideKingRouteSquares, "wide_king_route_squares", -42},
    {kWideUnguardedRoutes, "wide_unguarded_routes", 420},
    {kWideKingMobility, "wide_king_mobility", 10},
    {kWideAttackersBesideKing, "wide_attackers_beside_king", 15},
    {kWideAttackerProximity, "wide_attacker_proximity", 3},
    {kWideCornerGuards, "wide_corner_guards", 8},
    {kWideSealedCorners, "wide_sealed_corners", 77},
    {kWideOpenEscapes, "wide_open_escapes", 91},
    {kWideDefenderRoom, "wide_defender_room", -2},
    {kWideRingClosing, "wide_ring_closing", -1},
    {kWideRingGaps, "wide_ring_gaps", 5},
    {kWideDefenderPairs, "wide_defender_pairs", -4},
    {kWideAttackerPairs, "wide_attacker_pairs", -10},
    {kWideKingOnEdge, "wide_king_on_edge", -9},
    {kWideTempo, "wide_tempo", -6},
};
constexpr bool scalar_terms_in_enum_order() {
    int t = 0;
    for (const ScalarTerm& s : kScalarTerms)
        if (s.term != t++) return false;
    return t == kScalarTermCount;
}
static_assert(scalar_terms_in_enum_order(), "kScalarTerms: one entry per scalar term, in order");

// The piece kinds of the piece-square tables, and the board sizes they are kept for.
enum class PstPiece : int { Attacker, Defender, King };
constexpr int kPstPieceKinds = 3;
constexpr std::array<int, 3> kPstBoardSizes = {7, 9, 11};
// Classes of a board of size n: the squares (file a, rank b) with a <= b < (n + 1) / 2.
constexpr int pst_classes(int n) {
    return (n + 1) / 2 * ((n + 1) / 2 + 1) / 2;
}
constexpr int kPstClassesPerPiece = pst_classes(7) + pst_classes(9) + pst_classes(11);  // 46
constexpr int kEvalTermCount = kPstFirst + kPstPieceKinds * kPstClassesPerPiece;

// The square class of `sq` on an n x n board (n one of kPstBoardSizes), counted within its
// board size: fold the square into the lower-left quarter, then onto the lower triangle.
constexpr int pst_class(int n, int sq) {
    const int rank = sq / n, file = sq % n;
    const int r = rank < n - 1 - rank ? rank : n - 1 - rank;
    const int f = file < n - 1 - file ? file : n - 1 - file;
    const int low = r < f ? r : f, high = r < f ? f : r;
    return high * (high + 1) / 2 + low;
}

// The term of the table entry for `piece` on square `sq` of an n x n board; -1 when the board
// size has no table.
constexpr int pst_term(PstPiece piece, int n, int sq) {
    int offset = 0;
    for (int size : kPstBoardSizes) {
        if (size == n)
            return kPstFirst + static_cast<int>(piece) * kPstClassesPerPiece + offset +
                   pst_class(n, sq);
        offset += pst_classes(size);
    }
    return -1;
}

// The board size from which the wide boards' terms replace the narrow boards' ones.
constexpr int kWideBoardSize = 11;

// Whether `term` is a side-to-move term (tempo, wide_tempo): the one term of a start position
// that the evaluation's zero point keeps.
constexpr bool is_tempo_term(int term) {
    return term == kTempo || term == kWideTempo;
}

// The weights a fit leaves alone: attacker_soldiers (wide_attacker_soldiers) sets the scale (one
// soldier = 100), and one entry of each table is 0, so that the tables say where a piece stands
// better than on that square, not how much a piece is worth (material) or how the games leaned (the
// fit's intercept): the king's on the throne, an attacker's at the middle of an edge, a defender's
// next to the throne.
constexpr bool tuning_anchor(int term) {
    if (term == kAttackerSoldiers || term == kWideAttackerSoldiers) return true;
    for (int n : kPstBoardSizes) {
        const int middle_rank = n / 2 * n;
        if (term == pst_term(PstPiece::King, n, middle_rank + n / 2) ||
            term == pst_term(PstPiece::Attacker, n, middle_rank) ||
            term == pst_term(PstPiece::Defender, n, middle_rank + n / 2 - 1))
            return true;
    }
    return false;
}

// The default weights: the scalar terms' from kScalarTerms, 0 for every table entry.
constexpr std::array<int, kEvalTermCount> default_weights() {
    std::array<int, kEvalTermCount> w{};
    for (const ScalarTerm& s : kScalarTerms) w[s.term] = s.weight;
    return w;
}

struct EvalWeights {
    std::array<int, kEvalTermCount> weight = default_weights();

    int operator[](EvalTerm t) const { return weight[t]; }
    // Whether any piece-square table entry of the n x n board weighs (false for a size without
    // tables): the evaluation skips the tables when none does.
    // Called for every evaluation: the entries are or-ed together without a branch each, which
    // the compiler vectorises.
    bool tables_weigh(int n) const {
        const int first = pst_term(PstPiece::Attacker, n, 0);
        if (first < 0) return false;
        int any = 0;
        for (int piece = 0; piece < kPstPieceKinds; ++piece) {
            const int* table = weight.data() + first + piece * kPstClassesPerPiece;
            for (int c = 0; c < pst_classes(n); ++c) any |= table[c];
        }
        return any != 0;
    }
    // "attacker_soldiers", ..., and for the tables "pst_<piece>_<size>_<square>", the square
    // being the class's member in the lower-left triangle: "pst_king_7_b2".
    static const char* name(int term);

    // "name value" lines; '#' starts a comment.
    std::string write() const;
    // Reads what write() writes; every name must be known and appear once at most. Names left
    // out keep their default.
    static Expected<EvalWeights> parse(std::string_view text);
    static Expected<EvalWeights> load(const std::string& path);

    bool operator==(const EvalWeights&) const = default;
};

}  // namespace branan
