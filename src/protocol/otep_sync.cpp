// SPDX-License-Identifier: GPL-3.0-or-later
#include "protocol/otep_sync.h"

#include <algorithm>

#include "core/position_record.h"

namespace branan {

bool same_position(const Game& game, std::string_view record) {
    const auto theirs = parse_position_record(record);
    const auto ours = parse_position_record(game.record());
    return theirs && ours && *theirs == *ours;
}

namespace {

// `game` after the moves from index `first` on, or nothing when one of them is not legal.
std::optional<Game> replay(const Game& game, const std::vector<std::string>& moves, size_t first) {
    Game next = game;
    for (size_t i = first; i < moves.size(); ++i)
        if (!next.play(moves[i])) return std::nullopt;
    return next;
}

}  // namespace

std::optional<Game> follow_opponent_moves(const Game& game, const std::vector<std::string>& moves,
                                          std::string_view record) {
    for (size_t first = 0; first <= moves.size(); ++first)
        if (auto next = replay(game, moves, first); next && same_position(*next, record))
            return next;
    for (const Move m : game.legal_moves()) {
        Game next = game;
        next.play(m);
        if (same_position(next, record)) return next;
    }
    return std::nullopt;
}

void RefusedMoves::add(const Game& game, Move move) {
    refused_.push_back({game.record(), game.side_to_move(), move});
}

std::optional<std::vector<Move>> RefusedMoves::allowed(const Game& game) const {
    const std::string record = game.record();
    const Side side = game.side_to_move();
    std::vector<Move> refused;
    for (const Entry& e : refused_)
        if (e.side == side && e.record == record) refused.push_back(e.move);
    if (refused.empty()) return std::nullopt;
    std::vector<Move> moves = game.legal_moves();
    std::erase_if(moves, [&](Move m) {
        return std::find(refused.begin(), refused.end(), m) != refused.end();
    });
    return moves;
}

}  // namespace branan
