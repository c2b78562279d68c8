// SPDX-License-Identifier: GPL-3.0-or-later
// Basic vocabulary of the rules core: sides, pieces, squares, moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace branan {

enum class Side : uint8_t { Attackers = 0, Defenders = 1 };

constexpr Side opponent(Side s) {
    return s == Side::Attackers ? Side::Defenders : Side::Attackers;
}
constexpr int index(Side s) {
    return static_cast<int>(s);
}
const char* side_name(Side s);  // "attackers" / "defenders"
// The side side_name() names; nothing for any other text.
inline std::optional<Side> side_from_name(std::string_view name) {
    if (name == "attackers") return Side::Attackers;
    if (name == "defenders") return Side::Defenders;
    return std::nullopt;
}

// The kinds of piece Branan plays. OpenTafl's commanders, knights, mercenaries and guards (c/C,
// n/N, m/M, g/G) are soldiers of their side with a rank on top (Position keeps them as extra
// bitboards, core/position_special.h).
enum class Piece : uint8_t { AttackerSoldier = 0, DefenderSoldier = 1, King = 2 };
constexpr int kPieceKinds = 3;
constexpr Side side_of(Piece p) {
    return p == Piece::AttackerSoldier ? Side::Attackers : Side::Defenders;
}
constexpr Piece soldier_of(Side s) {
    return s == Side::Attackers ? Piece::AttackerSoldier : Piece::DefenderSoldier;
}

// How a piece jumps over an adjacent enemy soldier (OpenTafl's kj/nj/cj/mj/gj): not at all;
// onto the empty square beyond; the same, capturing the soldier jumped; or only from or onto a
// special square (throne, corner, fortress), without capturing.
enum class JumpMode : uint8_t { None, Jump, Capture, Restricted };

// OpenTafl's berserk rule (`ber`): after a capture the same piece moves again, while it has a
// capturing move (Capture) or any move at all (AnyMove).
enum class Berserk : uint8_t { None, Capture, AnyMove };

// Whether a position could start in the middle of a berserk turn (Position::begin_berserk_turn),
// or what stood in the way.
enum class BerserkStart : uint8_t {
    Begun,
    NoBerserkRule,
    MovesPlayed,
    GameOver,
    NotSidePiece,
    NoMove
};

// A set of piece kinds, as OpenTafl writes them ("tTK"): who may stop on a square, to whom it is
// hostile, and so on. OpenTafl's guards (g, G) have bits of their own, since no default list
// names them: all() is OpenTafl's "everyone" of its defaults, guards excluded. Commanders, knights
// and mercenaries take their side's soldier letter (t, T).
struct PieceSet {
    uint8_t bits = 0;
    static constexpr PieceSet none() { return {}; }
    static constexpr PieceSet all() { return {7}; }
    static constexpr PieceSet of(Piece p) {
        return {static_cast<uint8_t>(1u << static_cast<int>(p))};
    }
    static constexpr PieceSet guard(Side s) { return {static_cast<uint8_t>(8u << index(s))}; }
    constexpr bool has(Piece p) const { return bits & (1u << static_cast<int>(p)); }
    constexpr bool has_guard(Side s) const { return bits & guard(s).bits; }
    constexpr PieceSet operator|(PieceSet o) const { return {static_cast<uint8_t>(bits | o.bits)}; }
    constexpr bool operator==(const PieceSet&) const = default;
};
constexpr PieceSet kKingOnly = PieceSet::of(Piece::King);
constexpr PieceSet kSoldiers =
    PieceSet::of(Piece::AttackerSoldier) | PieceSet::of(Piece::DefenderSoldier);

// Squares are numbered rank-major from a1: index = rank * size + file (rank 0 is rank 1).
using Square = int;
constexpr Square kNoSquare = -1;
constexpr int kMaxBoardSize = 19;
constexpr int kMaxSquares = kMaxBoardSize * kMaxBoardSize;  // squares the Zobrist keys cover

// A move is a from-square and a to-square; captures follow from the rules.
struct Move {
    uint16_t from = 0;
    uint16_t to = 0;
    constexpr bool operator==(const Move&) const = default;
};

// The verdict of the rules on a position.
enum class Outcome : uint8_t { Ongoing, AttackersWin, DefendersWin, Draw };

enum class OutcomeReason : uint8_t {
    None,
    KingEscaped,
    KingCaptured,
    Encircled,
    ExitFort,
    NoLegalMove,
    Repetition,  // a new reason goes into kEndingReasons too
};

// Every reason a game ends for (all but None), for code that must consider each.
constexpr OutcomeReason kEndingReasons[] = {OutcomeReason::KingEscaped, OutcomeReason::KingCaptured,
                                            OutcomeReason::Encircled,   OutcomeReason::ExitFort,
                                            OutcomeReason::NoLegalMove, OutcomeReason::Repetition};

struct Status {
    Outcome outcome = Outcome::Ongoing;
    OutcomeReason reason = OutcomeReason::None;
    constexpr bool over() const { return outcome != Outcome::Ongoing; }
    constexpr bool operator==(const Status&) const = default;
};

const char* outcome_name(Outcome o);       // "ongoing", "attackers", "defenders", "draw"
const char* reason_name(OutcomeReason r);  // "king escaped", ...
constexpr Outcome win_for(Side s) {
    return s == Side::Attackers ? Outcome::AttackersWin : Outcome::DefendersWin;
}

}  // namespace branan
