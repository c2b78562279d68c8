// SPDX-License-Identifier: GPL-3.0-or-later
// MovePicker<BB>: the moves of one search node, handed out one at a time, best first, in stages
// (Stockfish's design where it fits tafl), each list made only when its stage is reached:
//   1. the transposition table's move, after a cheap test that generate() would produce it
//      (is_legal_move);
//   2. the king's moves to an escape square, then the captures, most soldiers taken first,
//      generated towards the squares where a capture can close (capture_squares,
//      Position::generate_to) rather than picked out of every move;
//   3. the two killers and the countermove, each after the same legality test;
//   4. the quiet moves, generated now (all of them, or only those the caller's QuietMoves names:
//      the quiescence search's king moves or moves beside the king), by history: picked one by
//      one for the first few (most nodes that get here cut off there), then sorted once (a
//      selection sort is quadratic in the hundreds of moves of wide boards), and only as far as
//      the caller will search them in order (late-move pruning).
// Ties go to the move generated first. Every move generate() produces comes out exactly once,
// except the quiet moves that the filter refuses or QuietMoves leaves out; repetition is the
// caller's. The lists live in the picker: no heap allocation. Under special rules (jumps,
// berserk turns), and where any square may close a capture, the good moves are picked out of
// the whole list instead, as generate_to cannot make them.
#pragma once

#include <algorithm>
#include <array>
#include <climits>
#include <functional>
#include <optional>
#include <utility>

#include "core/move_checks.h"
#include "core/position.h"
#include "core/threats.h"

namespace branan {

// A quiet-move filter that keeps every move.
struct AllMoves {
    bool operator()(Move) const { return true; }
};

// Which quiet moves the picker generates: every one, the king's only, or those ending on
// `targets`. Moves outside it never come out, whatever the filter says: the caller's filter
// must refuse them anyway (the quiescence search's forcing moves).
template <class BB>
struct QuietMoves {
    enum class Kind { All, King, To, None };
    Kind kind = Kind::All;
    BB targets = 0;
    static QuietMoves all() { return {}; }
    static QuietMoves king() { return {Kind::King, 0}; }
    static QuietMoves to(BB squares) { return {Kind::To, squares}; }
    static QuietMoves none() { return {Kind::None, 0}; }
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
               int ordered = INT_MAX, QuietMoves<BB> quiet_moves = QuietMoves<BB>::all())
        : pos_(pos),
          tt_move_(tt_move),
          refutations_{killers[0], killers[1], counter},
          history_(history),
          row_(row),
          keep_(keep),
          ordered_(ordered),
          quiet_moves_(quiet_moves) {
        if (!is_legal_move(pos_, tt_move_)) tt_move_ = Move{};
    }

    // The next move, Move{} when there is none left. `quiet`: neither a capture nor a king move to
    // an escape square (what killers and history learn from).
    Move next(bool& quiet) {
        const Move m = pick(quiet);
        if (!(m == Move{})) ++handed_;
        return m;
    }

    // The next move that `matters` accepts, counting in `skipped` the moves before it that it
    // refuses: the same moves in the same order as next() with the refused ones dropped, without
    // a call per move once the quiet moves are sorted. For late-move pruning, when every move
    // left is quiet (the good moves are handed out), so `quiet` is true.
    template <class Matters>
    Move next_mattering(bool& quiet, const Matters& matters, int& skipped) {
        skipped = 0;
        if (stage_ == Stage::SortedQuiets) {
            quiet = true;
            while (current_ < list_.count) {
                const Move m = list_.moves[kLastIndex - (scores_[current_++] & kLastIndex)];
                ++handed_;
                if (matters(m)) return m;
                ++skipped;
            }
            stage_ = Stage::Done;
            return Move{};
        }
        for (;;) {
            const Move m = next(quiet);
            if (m == Move{} || matters(m)) return m;
            ++skipped;
        }
    }

    // Once the quiet moves are generated (a quiet move other than a killer was handed out), drops
    // every move left and returns how many there were: next_mattering() with a `matters` that
    // refuses them all, without a call per move. Before that, drops nothing and returns nothing.
    std::optional<int> skip_quiets_left() {
        if (stage_ != Stage::Quiets && stage_ != Stage::SortedQuiets) return std::nullopt;
        const int left = list_.count - current_;
        handed_ += left;
        current_ = list_.count;
        stage_ = Stage::Done;
        return left;
    }

    // The move next() hands out after this one where it is known without work (among the
    // sorted quiet moves), else Move{}: for a prefetch of its child's table entry while the
    // child of this one is searched.
    Move peek() const {
        if (stage_ == Stage::SortedQuiets && current_ < list_.count)
            return list_.moves[kLastIndex - (scores_[current_] & kLastIndex)];
        return Move{};
    }

  private:
    enum class Stage {
        TTMove,
        GenerateGood,
        Good,
        Refutations,
        GenerateQuiets,
        Quiets,
        SortedQuiets,
        Done
    };
    // The quiet moves picked one by one before the rest is sorted.
    static constexpr int kSelected = 3;
    static constexpr int kLastIndex = 2047;  // above kMaxMoves
    static_assert(kMaxMoves <= kLastIndex);
    // Good moves' scores: an escape above every capture, captures by soldiers taken; the low
    // bits keep the generation order (first generated, highest).
    static constexpr int kEscape = 1 << 26, kCapture = 1 << 25;
    // A move whose stage has passed or that is not the stage's.
    static constexpr int kNone = INT_MIN;

    Move pick(bool& quiet) {
        switch (stage_) {
            case Stage::TTMove:
                stage_ = Stage::GenerateGood;
                if (!(tt_move_ == Move{})) {
                    quiet = !is_tactical(pos_, tt_move_);
                    return tt_move_;
                }
                [[fallthrough]];
            case Stage::GenerateGood:
                generate_good();
                stage_ = Stage::Good;
                [[fallthrough]];
            case Stage::Good:
                if (good_left_ > 0) {
                    --good_left_;
                    quiet = false;
                    return pick_best(good_end_);
                }
                stage_ = Stage::Refutations;
                [[fallthrough]];
            case Stage::Refutations:
                while (refutation_ < 3) {
                    const Move m = refutations_[refutation_++];
                    if (is_new_quiet(m, refutation_ - 1)) {
                        emitted_[emitted_count_++] = m;
                        quiet = true;
                        return m;
                    }
                }
                stage_ = Stage::GenerateQuiets;
                [[fallthrough]];
            case Stage::GenerateQuiets:
                generate_quiets();
                stage_ = Stage::Quiets;
                [[fallthrough]];
            case Stage::Quiets:
                if (current_ < list_.count && current_ < kSelected) {
                    quiet = true;
                    return pick_best_quiet();
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

    // Where generate() lists `m` relative to other moves: by the mover's square, the king last,
    // then by the destination's.
    int generate_order(Move m) const {
        const int from = m.from == pos_.king() ? kLastIndex : m.from;
        return from * (kLastIndex + 1) + m.to;
    }
    // A good move's score, kNone for a quiet move.
    int good_score(Move m) const {
        if (is_king_escape(pos_, m)) return kEscape;
        if (test(zone_, m.to))
            if (const BB captured = pos_.captures_of(m))
                return kCapture + (popcount(captured) << 11);
        return kNone;
    }

    // Generates the escapes and captures (the TT move left out, handed out already) and scores
    // them. Where generate_to cannot make them, the whole list is generated and its quiet moves
    // stay, scored kNone, for generate_quiets.
    void generate_good() {
        zone_ = capture_squares(pos_);
        const bool defenders = pos_.side_to_move() == Side::Defenders;
        whole_list_ = pos_.tables().special || zone_ == pos_.tables().geo.all;
        if (whole_list_) {
            pos_.generate(list_);
            for (int i = 0; i < list_.count; ++i) {
                const int score = list_.moves[i] == tt_move_ ? kNone : good_score(list_.moves[i]);
                scores_[i] = score == kNone ? kNone : score | (kLastIndex - i);
                good_left_ += score != kNone;
            }
            good_end_ = list_.count;
            return;
        }
        pos_.generate_to(list_, zone_);
        // Of the moves to escape squares only the king's are good: his alone, not every move to
        // every escape square (on edge-escape boards, the whole edge).
        if (defenders && !pos_.status().over())
            for (BB to = escapes_in_reach(pos_) & ~zone_; to;)
                list_.push(
                    Move{static_cast<uint16_t>(pos_.king()), static_cast<uint16_t>(pop_lsb(to))});
        for (int i = 0; i < list_.count; ++i) {
            const Move m = list_.moves[i];
            if (m == tt_move_) continue;
            if (const int score = good_score(m); score != kNone) {
                // To the front, in generate()'s order (the soldiers by square, then the king;
                // each piece's moves by square): an insertion, as the good moves are few.
                int at = good_left_;
                for (; at > 0 && generate_order(m) < generate_order(list_.moves[at - 1]); --at) {
                    list_.moves[at] = list_.moves[at - 1];
                    scores_[at] = scores_[at - 1];
                }
                list_.moves[at] = m;
                scores_[at] = score;
                ++good_left_;
            }
        }
        for (int i = 0; i < good_left_; ++i) scores_[i] |= kLastIndex - i;
        good_end_ = good_left_;
    }

    // Whether the killer or countermove `m` (refutations_[slot]) is to be handed out here: a
    // move generate() makes, quiet, kept by the filter and by QuietMoves, not handed out already.
    bool is_new_quiet(Move m, int slot) const {
        if (m == Move{} || m == tt_move_) return false;
        for (int i = 0; i < slot; ++i)
            if (refutations_[i] == m) return false;
        return is_legal_move(pos_, m) && in_quiet_moves(m) && good_score(m) == kNone && keep_(m);
    }
    bool in_quiet_moves(Move m) const {
        switch (quiet_moves_.kind) {
            case QuietMoves<BB>::Kind::King:
                return m.from == pos_.king();
            case QuietMoves<BB>::Kind::To:
                return test(quiet_moves_.targets, m.to);
            case QuietMoves<BB>::Kind::None:
                return false;
            default:
                return true;
        }
    }
    bool emitted(Move m) const {
        if (m == tt_move_) return true;
        for (int i = 0; i < emitted_count_; ++i)
            if (emitted_[i] == m) return true;
        return false;
    }

    // Generates the quiet moves that QuietMoves names and the filter keeps, less those handed out
    // already, and scores them by history; the list now holds only them, in generation order.
    void generate_quiets() {
        int begin = current_;  // the whole list's quiet moves: those not picked as good ones
        if (!whole_list_) {
            begin = 0;
            switch (quiet_moves_.kind) {
                case QuietMoves<BB>::Kind::All:
                    pos_.generate(list_);
                    break;
                case QuietMoves<BB>::Kind::King:
                    pos_.generate_king(list_);
                    break;
                case QuietMoves<BB>::Kind::To:
                    pos_.generate_to(list_, quiet_moves_.targets);
                    break;
                case QuietMoves<BB>::Kind::None:
                    list_.count = 0;
                    break;
            }
        }
        int kept = 0;
        for (int i = begin; i < list_.count; ++i) {
            const Move m = list_.moves[i];
            if (emitted(m) || !keep_(m) || (whole_list_ && !in_quiet_moves(m))) continue;
            // A good move of the whole list is before `begin`; of a new list, it is skipped here.
            if (!whole_list_ && good_score(m) != kNone) continue;
            list_.moves[kept++] = m;
        }
        list_.count = kept;
        current_ = 0;
        for (int i = 0; i < kept; ++i) {
            const Move m = list_.moves[i];
            const int h = std::clamp(history_[m.from * row_ + m.to], -32768, 32767);
            scores_[i] = ((h + 32768) << 11) | (kLastIndex - i);
        }
    }

    // Sorts the quiet moves left by their keys (history, then generation order): the moves stay
    // where they are, their keys' low bits pointing at them. The keys of the current_ moves
    // picked already (kNone) are dropped first, the others moved behind them in their order, so
    // that scores_[current_, count) holds the keys left. Only as many as the caller may still
    // search in order are sorted (a partial sort).
    void sort_rest() {
        for (int from = list_.count - 1, to = from; from >= 0 && to >= current_; --from)
            if (scores_[from] != kNone) scores_[to--] = scores_[from];
        const auto begin = scores_.begin() + current_, end = scores_.begin() + list_.count;
        const int wanted = ordered_ - handed_;
        if (wanted < end - begin)
            std::partial_sort(begin, begin + std::max(wanted, 0), end, std::greater<int>());
        else
            std::sort(begin, end, std::greater<int>());
    }

    // Selection step among the quiet moves (the whole list, generation order, keys whose low
    // bits point at their move): the best key is found, its move returned and the key set to
    // kNone, below every quiet key. Nothing moves, so the scan is a plain maximum, which the
    // compiler vectorises.
    Move pick_best_quiet() {
        ++current_;
        int best = kNone;
        for (int j = 0; j < list_.count; ++j) best = std::max(best, scores_[j]);
        const int top = kLastIndex - (best & kLastIndex);
        scores_[top] = kNone;
        return list_.moves[top];
    }

    // Selection step among the moves not handed out before `end`: the best-scored (the first
    // generated of equals) is moved to the front of the rest, which keeps its order, and
    // returned.
    Move pick_best(int end) {
        const int i = current_++;
        int top = i;
        for (int j = i + 1; j < end; ++j)
            if (scores_[j] > scores_[top]) top = j;
        const Move best = list_.moves[top];
        const int score = scores_[top];
        for (int j = top; j > i; --j) {
            list_.moves[j] = list_.moves[j - 1];
            scores_[j] = scores_[j - 1];
        }
        list_.moves[i] = best;
        scores_[i] = score;
        return best;
    }

    const Position<BB>& pos_;
    Move tt_move_;
    const std::array<Move, 3> refutations_;  // the killers and the countermove
    const int* history_;
    int row_;
    KeepQuiet keep_;
    int ordered_;
    QuietMoves<BB> quiet_moves_;
    Stage stage_ = Stage::TTMove;
    BB zone_ = 0;
    bool whole_list_ = false;
    int current_ = 0, good_left_ = 0, good_end_ = 0, handed_ = 0;
    int refutation_ = 0, emitted_count_ = 0;
    std::array<Move, 3> emitted_{};
    MoveList list_;
    std::array<int, kMaxMoves> scores_;
};

}  // namespace branan
