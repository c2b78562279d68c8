// SPDX-License-Identifier: GPL-3.0-or-later
// Game: a position under a rules value plus the history of the game, behind an interface that
// hides the bitboard width. It is what front ends, the tournament referee and the tests use:
// it validates user moves, judges repetition and no-legal-move, and writes records.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "core/rules.h"

namespace branan {

// A position together with the tables it points into. The tables live on the heap, never change
// once built, and are shared by the copies of a game: a copy is the position's copy, and moving
// the pair keeps the position's pointer valid.
template <class BB>
struct Board {
    std::shared_ptr<const RuleTables<BB>> tables;
    Position<BB> position;
};

class Game {
  public:
    // A game from the rules' start position, or from `record` with `to_move` to play; with a
    // `berserker`, in the middle of a berserk turn that the piece on that square must go on
    // with (Position::begin_berserk_turn; an error says why it cannot).
    static Expected<Game> create(const Rules& rules);
    static Expected<Game> create(const Rules& rules, std::string_view record, Side to_move,
                                 Square berserker = kNoSquare);
    // "the rules' start position is already decided (king escaped)" when the game is over at
    // the rules' start (a rules string can say so), else empty: the tools that play games from
    // the start refuse such rules rather than play games of no move.
    static std::string decided_start(const Rules& rules);

    Game(const Game&) = default;
    Game& operator=(const Game&) = default;
    Game(Game&&) noexcept = default;
    Game& operator=(Game&&) noexcept = default;

    const Rules& rules() const { return rules_; }
    int size() const { return rules_.size; }
    Side side_to_move() const;
    uint64_t key() const;
    std::string record() const;  // the current position record
    std::string start_record() const { return start_record_; }
    Side start_side() const { return start_side_; }
    Square start_berserker() const { return start_berserker_; }
    // The start as `position` words: "otn <record> side <side>[ berserk <square>]".
    std::string start_words() const;
    // This game taken back to its start (its rules, start position and berserk turn).
    Game from_start() const;
    // The piece that must continue a berserk turn now, or kNoSquare.
    Square berserker() const;
    const std::vector<Move>& moves_played() const { return played_; }
    char piece_char(Square sq) const;

    // Legal moves now: none when the game is over; forbidden repetitions removed.
    std::vector<Move> legal_moves() const;
    // Reads a move in OpenTafl's notation ("d2-e2", "e2-d2xd3", "Kd4-d3", "d6-d3xe3/d2") and
    // checks it is legal here: read_move (opentafl_notation.h).
    Expected<Move> parse_move(std::string_view text) const;
    // Plays a legal move (one from legal_moves()).
    void play(Move m);
    // Parses and plays; on error nothing changes.
    Expected<Move> play(std::string_view text);
    // Takes back the last move; false when there is none.
    bool undo();

    // The enemy soldiers `m` captures here (sorted squares); m must be legal.
    std::vector<Square> captures_of(Move m) const;
    // Whether `m` (legal) captures the king (he stays on his square: the game is over).
    bool captures_king(Move m) const;
    Square king_square() const;
    // The move in notation with its captures, "e2-d2xd3".
    std::string describe(Move m) const;
    std::string move_text(Move m) const;

    // The rules' verdict now: escape, capture, encirclement, repetition, no legal move.
    Status status() const;
    // How often the current position has occurred in this game (1 = first time).
    int repetitions() const;

    // perft: legal move sequences of length `depth`, repetition ignored. With `divide`, called
    // once per root move with its count.
    uint64_t perft(int depth, const std::function<void(Move, uint64_t)>& divide = nullptr) const;

    // Calls f(position) with the current Position<BB> of the right width (the search uses it).
    template <class F>
    decltype(auto) visit_position(F&& f) const {
        return std::visit([&](const auto& b) -> decltype(auto) { return f(b.position); }, board_);
    }

    // A diagram, rank `size` at the top, for humans.
    std::string diagram() const;

  private:
    // One alternative per bitboard width; alternative i is the one bitboard_width_index() names.
    using AnyBoard =
        std::variant<Board<Bitboard64>, Board<Bitboard128>, Board<Bitboard256>, Board<Bitboard384>>;
    static AnyBoard make_any_board(const Rules& rules, const BoardSetup& setup, Side to_move);
    Game(Rules rules, AnyBoard board, std::string start_record, Side start_side);

    Rules rules_;
    AnyBoard board_;
    std::string start_record_;
    Side start_side_;
    Square start_berserker_ = kNoSquare;
    std::vector<Move> played_;
};

}  // namespace branan
