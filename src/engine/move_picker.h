// SPDX-License-Identifier: GPL-3.0-or-later
// MovePicker<BB>: the moves of one search node, handed out one at a time, best first, in stages
// (Stockfish's design where it fits tafl):
//   1. the transposition table's move, after a cheap test that generate() would produce it
//      (is_legal_move): no list is generated or scored while it is searched;
//   2. the king's moves to an escape square, then the captures, most soldiers taken first;
//      captures_of() is asked only of moves that end where a capture can close
//      (capture_squares);
//   3. the quiet moves: the two killers first, then the countermove, then by history; scored only
//      when the first two
//      stages did not cut off, picked one by one for the first few (most nodes cut off there),
//      then sorted once (a selection sort is quadratic in the hundreds of moves of wide boards),
//      and only as far as the caller will search them in order (late-move pruning).
// Ties go to the move first in the list: the list in generation order, each pick of the
// captures and the first quiet moves swapped to the front.
// Every move generate() produces comes out exactly once, except the quiet moves a filter
// refuses (the quiescence search's); repetition is the caller's. The lists live in the picker:
// no heap allocation.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <functional>
#include <utility>

#include "core/move_checks.h"
#include "core/position.h"

namespace branan {

// A quiet-move filter that keeps every move.
struct AllMoves {
    bool operator()(Move) const { return true; }
};

template <class BB, class KeepQuiet = AllMoves>
class MovePicker {
  public:
    // `killers`: the node's two killers; `counter`: the quiet move that last refuted the move
    // before (Move{} for none); `history`: the side to move's history, indexed from * row + to.
    // `keep`: which quiet moves to hand out at all; the TT move is never filtered (the
    // quiescence search passes none).
    // `ordered`: how many moves the caller may search in order at most (the TT move, the good
    // ones and the first quiet ones); quiet moves beyond it come in no particular order.
    MovePicker(const Position<BB>& pos, Move tt_move, const std::array<Move, 2>& killers,
               Move counter, const int* history, int row, KeepQuiet keep = {},
               int ordered = INT_MAX)
        : pos_(pos),
          tt_move_(tt_move),
          killers_(killers),
          counter_(counter),
          history_(history),
          row_(row),
          keep_(keep),
          ordered_(ordered) {
        if (!is_legal_move(pos_, tt_move_)) tt_move_ = Move{};
    }

    // The next move, Move{} when there is none left. `quiet`: neither a capture nor a king move to
    // an escape square (what killers and history learn from).
    Move next(bool& quiet) {
        switch (stage_) {
            case Stage::TTMove:
                stage_ = Stage::Generate;
                if (!(tt_move_ == Move{})) {
                    quiet = !is_tactical(tt_move_);
                    return tt_move_;
                }
                [[fallthrough]];
            case Stage::Generate:
                generate();
                stage_ = Stage::Good;
                [[fallthrough]];
            case Stage::Good:
                if (good_left_ > 0) {
                    --good_left_;
                    quiet = false;
                    return pick_best();
                }
                stage_ = Stage::ScoreQuiets;
                [[fallthrough]];
            case Stage::ScoreQuiets:
                score_quiets();
                stage_ = Stage::Quiets;
                [[fallthrough]];
            case Stage::Quiets:
                if (current_ < list_.count && current_ < quiets_begin_ + kSelected) {
                    quiet = true;
                    return pick_best();
                }
                sort_rest();
                stage_ = Stage::SortedQuiets;
                [[fallthrough]];
            case Stage::SortedQuiets:
                if (current_ < list_.count) {
                    quiet = true;
                    return list_.moves[kLastIndex - (scores_[current_++] & kLastIndex)];
                }
                stage_ = Stage::Done;
                [[fallthrough]];
            case Stage::Done:
                break;
        }
        return Move{};
    }

  private:
    enum class Stage { TTMove, Generate, Good, ScoreQuiets, Quiets, SortedQuiets, Done };
    // The quiet moves picked one by one (the killers among them) before the rest is sorted.
    static constexpr int kSelected = 3;
    static constexpr int kLastIndex = 2047;  // above kMaxMoves
    static_assert(kMaxMoves <= kLastIndex);
    static constexpr int kEscape = 1 << 29, kCapture = 1 << 28, kKiller = 1 << 27;
    // A quiet move before its score: below every score (history stays within +-16384).
    static constexpr int kQuiet = INT_MIN;

    // A capture or a king move to an escape square.
    bool is_tactical(Move m) const {
        return (m.from == pos_.king() && test(pos_.tables().escape, m.to)) || pos_.captures_of(m);
    }

    // Generates the moves, in generation order, scores the escapes and captures, and drops the
    // quiet moves the filter refuses. The TT move, handed out already, is taken as the first pick.
    void generate() {
        pos_.generate(list_);
        const BB zone = capture_squares(pos_);
        const BB escape = pos_.tables().escape;
        const Square king = pos_.king();
        const bool has_tt = !(tt_move_ == Move{});
        int kept = 0, tt_index = -1;
        for (int i = 0; i < list_.count; ++i) {
            const Move m = list_.moves[i];
            int score = kQuiet;
            if (has_tt && m == tt_move_)
                tt_index = kept;
            else if (m.from == king && test(escape, m.to))
                score = kEscape;
            else if (test(zone, m.to))
                if (const BB captured = pos_.captures_of(m)) score = kCapture + popcount(captured);
            if (score != kQuiet)
                ++good_left_;
            else if (tt_index != kept && !keep_(m))
                continue;
            list_.moves[kept] = m;
            scores_[kept++] = score;
        }
        list_.count = kept;
        if (tt_index >= 0) {
            std::swap(list_.moves[0], list_.moves[tt_index]);
            std::swap(scores_[0], scores_[tt_index]);
            current_ = 1;
        }
    }

    // Scores the moves not handed out yet, all quiet: killers, the countermove, then history.
    void score_quiets() {
        quiets_begin_ = current_;
        for (int i = current_; i < list_.count; ++i) {
            const Move m = list_.moves[i];
            scores_[i] = m == killers_[0]   ? kKiller + 2
                         : m == killers_[1] ? kKiller + 1
                         : m == counter_    ? kKiller
                                            : history_[m.from * row_ + m.to];
        }
    }

    // Sorts the quiet moves left, by history, the first of equals first: their sort keys
    // (history, index) replace their scores; the moves stay where they are. The killers and the
    // countermove, whose scores are above history's range, were among the first kSelected picks.
    // Only the first `ordered_` moves in all are put in order (a partial sort): the caller
    // searches no more of them in order (late-move pruning).
    void sort_rest() {
        for (int i = current_; i < list_.count; ++i) {
            const int h = std::clamp(scores_[i], -32768, 32767);
            scores_[i] = ((h + 32768) << 11) | (kLastIndex - i);
        }
        const auto begin = scores_.begin() + current_, end = scores_.begin() + list_.count;
        const int wanted = ordered_ - current_;
        if (wanted < end - begin)
            std::partial_sort(begin, begin + std::max(wanted, 0), end, std::greater<int>());
        else
            std::sort(begin, end, std::greater<int>());
    }

    // Selection step: brings the best-scored move not handed out (the first of equals) to the
    // front of the rest and returns it.
    Move pick_best() {
        const int i = current_++;
        int top = i;
        for (int j = i + 1; j < list_.count; ++j)
            if (scores_[j] > scores_[top]) top = j;
        std::swap(list_.moves[i], list_.moves[top]);
        std::swap(scores_[i], scores_[top]);
        return list_.moves[i];
    }

    const Position<BB>& pos_;
    Move tt_move_;
    const std::array<Move, 2> killers_;
    const Move counter_;
    const int* history_;
    int row_;
    KeepQuiet keep_;
    int ordered_;
    Stage stage_ = Stage::TTMove;
    int current_ = 0, good_left_ = 0, quiets_begin_ = 0;
    MoveList list_;
    std::array<int, kMaxMoves> scores_;
};

}  // namespace branan
