// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/game.h"

#include <algorithm>

#include "core/game_end.h"
#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/perft.h"
#include "core/position_record.h"

namespace branan {
namespace {

template <class BB>
Board<BB> make_board(const Rules& rules, const BoardSetup& setup, Side to_move) {
    auto tables = std::make_shared<const RuleTables<BB>>(rules);
    Position<BB> position(*tables, setup, to_move);
    return Board<BB>{std::move(tables), std::move(position)};
}

}  // namespace

// The board on the narrowest bitboard type that holds rules.size squares a side.
Game::AnyBoard Game::make_any_board(const Rules& rules, const BoardSetup& setup, Side to_move) {
    switch (bitboard_width_index(rules.size)) {
        case 0:
            return make_board<Bitboard64>(rules, setup, to_move);
        case 1:
            return make_board<Bitboard128>(rules, setup, to_move);
        case 2:
            return make_board<Bitboard256>(rules, setup, to_move);
        default:
            return make_board<Bitboard384>(rules, setup, to_move);
    }
}

Game::Game(Rules rules, AnyBoard board, std::string start_record, Side start_side)
    : rules_(std::move(rules)),
      board_(std::move(board)),
      start_record_(std::move(start_record)),
      start_side_(start_side) {}

Expected<Game> Game::create(const Rules& rules) {
    return create(rules, rules.start, rules.first_to_move);
}

std::string Game::decided_start(const Rules& rules) {
    const Expected<Game> start = create(rules);
    if (!start) return {};
    const Status s = start->status();
    if (!s.over()) return {};
    return std::string("the rules' start position is already decided (") + reason_name(s.reason) +
           ")";
}

Expected<Game> Game::create(const Rules& rules, std::string_view record, Side to_move,
                            Square berserker) {
    if (const std::string problem = validate(rules); !problem.empty()) return Error{problem};
    auto setup = parse_position_record(record);
    if (!setup) return Error{setup.error()};
    if (setup->size != rules.size)
        return Error{"position record is " + std::to_string(setup->size) + "x" +
                     std::to_string(setup->size) + " but the rules are for " +
                     std::to_string(rules.size) + "x" + std::to_string(rules.size)};
    if (const std::string problem = placement_problem(rules, *setup); !problem.empty())
        return Error{problem};
    Game game(rules, make_any_board(rules, *setup, to_move), write_position_record(*setup),
              to_move);
    if (berserker == kNoSquare) return game;
    const std::string where = "berserk " + square_name(berserker, rules.size) + ": ";
    const BerserkStart start = std::visit(
        [berserker](auto& b) { return b.position.begin_berserk_turn(berserker); }, game.board_);
    switch (start) {
        case BerserkStart::Begun:
            break;
        case BerserkStart::NoBerserkRule:
            return Error{where + "the rules have no berserk turns ('ber')"};
        case BerserkStart::MovesPlayed:  // a new game has none: unreachable from here
        case BerserkStart::GameOver:
            return Error{where + "the game is over (" + reason_name(game.status().reason) + ")"};
        case BerserkStart::NotSidePiece:
            return Error{where + "no piece of the " + side_name(to_move) +
                         " (the side to move) there"};
        case BerserkStart::NoMove:
            return Error{where + "the piece there has no " +
                         (rules.berserk == Berserk::Capture ? "capturing " : "") +
                         "move to go on with"};
    }
    game.start_berserker_ = berserker;
    return game;
}

std::string Game::start_words() const {
    std::string words = "otn " + start_record_ + " side " + side_name(start_side_);
    if (start_berserker_ != kNoSquare) words += " berserk " + square_name(start_berserker_, size());
    return words;
}

Game Game::from_start() const {
    Game start = *this;
    while (start.undo()) {
    }
    return start;
}

Square Game::berserker() const {
    return visit_position([](const auto& p) { return p.berserker(); });
}

Side Game::side_to_move() const {
    return std::visit([](const auto& b) { return b.position.side_to_move(); }, board_);
}

uint64_t Game::key() const {
    return std::visit([](const auto& b) { return b.position.key(); }, board_);
}

char Game::piece_char(Square sq) const {
    return std::visit([sq](const auto& b) { return b.position.piece_char(sq); }, board_);
}

std::string Game::record() const {
    return std::visit([](const auto& b) { return write_position_record(b.position.setup()); },
                      board_);
}

int Game::repetitions() const {
    return visit_position([](const auto& position) { return branan::repetitions(position); });
}

std::vector<Move> Game::legal_moves() const {
    std::vector<Move> moves;
    if (status().over()) return moves;
    std::visit(
        [&](const auto& b) {
            MoveList list;
            b.position.generate(list);
            if (rules_.repetition != RepetitionRule::Forbidden) {
                moves.assign(list.begin(), list.end());
                return;
            }
            auto probe = b.position;
            for (Move m : list) {
                probe.do_move(m);
                if (!repetition_forbidden(probe)) moves.push_back(m);
                probe.undo_move();
            }
        },
        board_);
    return moves;
}

Expected<Move> Game::parse_move(std::string_view text) const {
    return read_move(*this, text);
}

void Game::play(Move m) {
    std::visit([m](auto& b) { b.position.do_move(m); }, board_);
    played_.push_back(m);
}

Expected<Move> Game::play(std::string_view text) {
    auto m = parse_move(text);
    if (m) play(*m);
    return m;
}

bool Game::undo() {
    if (played_.empty()) return false;
    std::visit([](auto& b) { b.position.undo_move(); }, board_);
    played_.pop_back();
    return true;
}

std::vector<Square> Game::captures_of(Move m) const {
    return std::visit(
        [m](const auto& b) {
            std::vector<Square> squares;
            for (auto bb = b.position.captures_of(m); bb;) squares.push_back(pop_lsb(bb));
            return squares;
        },
        board_);
}

bool Game::captures_king(Move m) const {
    return std::visit(
        [m](const auto& b) {
            auto after = b.position;
            after.do_move(m);
            return after.status().reason == OutcomeReason::KingCaptured;
        },
        board_);
}

Square Game::king_square() const {
    return visit_position([](const auto& position) { return position.king(); });
}

std::string Game::move_text(Move m) const {
    return move_name(m, size());
}

std::string Game::describe(Move m) const {
    return move_name(m, size(), captures_of(m));
}

Status Game::status() const {
    return visit_position([](const auto& position) { return game_end(position); });
}

uint64_t Game::perft(int depth, const std::function<void(Move, uint64_t)>& divide) const {
    return std::visit(
        [&](const auto& b) {
            auto position = b.position;
            return divide ? perft_divide(position, depth, divide) : branan::perft(position, depth);
        },
        board_);
}

std::string Game::diagram() const {
    const int n = size();
    std::vector<Square> special = throne_squares(rules_);
    for (Square sq : corner_squares(rules_)) special.push_back(sq);
    std::string out;
    for (int rank = n - 1; rank >= 0; --rank) {
        const std::string label = std::to_string(rank + 1);
        out += std::string(3 - label.size(), ' ') + label + " ";
        for (int file = 0; file < n; ++file) {
            const Square sq = rank * n + file;
            char c = piece_char(sq);
            if (c == '.') {
                const bool marked = std::find(special.begin(), special.end(), sq) != special.end();
                c = marked ? '+' : '.';
            }
            out += ' ';
            out += c;
        }
        out += '\n';
    }
    out += "    ";
    for (int file = 0; file < n; ++file) {
        out += ' ';
        out += static_cast<char>('a' + file);
    }
    out += '\n';
    return out;
}

}  // namespace branan
