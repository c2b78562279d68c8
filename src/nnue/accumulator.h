// SPDX-License-Identifier: GPL-3.0-or-later
// The accumulators of the learned evaluation (docs/nnue.md) for one search thread. Position is
// not touched: each evaluation finds the accumulators of the parent node (or of the last node
// evaluated at the same depth), compares that node's pieces with the position's and adds and
// subtracts the weights of the pieces that moved or were captured. Any difference is handled,
// so a stale or missing parent costs speed, never correctness; far-apart positions are
// refreshed from scratch.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

#include "core/bitboard.h"
#include "core/position.h"
#include "nnue/network.h"

namespace branan::nnue {

// The pieces of a position as the network sees them: one board per piece type.
template <class BB>
using PieceBoards = std::array<BB, kPieceTypes>;

template <class BB>
PieceBoards<BB> piece_boards(const Position<BB>& pos) {
    return {pos.soldiers(Side::Attackers), pos.soldiers(Side::Defenders), pos.king_bb()};
}

// acc[0..2H) (both perspectives' accumulators) += or -= the weights of `feature` (the width a
// multiple of kWidthStep, so the inner loop is whole vector lanes).
template <bool Add>
inline void apply(const Network& net, int feature, int16_t* acc) {
    const int16_t* w = net.weights_of(feature);
    for (int j = 0; j < 2 * net.width; j += kWidthStep)
        for (int k = 0; k < kWidthStep; ++k) {
            if constexpr (Add)
                acc[j + k] = static_cast<int16_t>(acc[j + k] + w[j + k]);
            else
                acc[j + k] = static_cast<int16_t>(acc[j + k] - w[j + k]);
        }
}

// Both perspectives' accumulators (acc[0..2H)) from scratch.
template <class BB>
void refresh(const Network& net, const PieceBoards<BB>& boards, int16_t* acc) {
    std::copy(net.ft_bias.begin(), net.ft_bias.end(), acc);
    for (int t = 0; t < kPieceTypes; ++t)
        for (BB b = boards[t]; b;) {
            apply<true>(net, feature_index(t, pop_lsb(b), net.board_size), acc);
        }
}

// The network's score of `pos` for the side to move, with the accumulators made from scratch.
template <class BB>
int evaluate_from_scratch(const Network& net, const Position<BB>& pos) {
    std::vector<int16_t> acc(2 * static_cast<size_t>(net.width));
    refresh(net, piece_boards(pos), acc.data());
    const int us = index(pos.side_to_move());
    return evaluate_accumulators(net, acc.data() + us * net.width,
                                 acc.data() + (1 - us) * net.width);
}

template <class BB>
class Evaluator {
  public:
    // More changed squares than this, and the accumulators are made from scratch.
    static constexpr int kMaxChanges = 12;
    // Slots, one per position in the game's history modulo this (the search's plies).
    static constexpr int kSlots = 256;

    explicit Evaluator(const Network& net)
        : net_(net), acc_(kSlots * 2 * static_cast<size_t>(net.width)), slots_(kSlots) {}

    // The network's score of `pos` for the side to move (centi-soldiers).
    int evaluate(const Position<BB>& pos) {
        const size_t key = pos.states().size();
        const int here = static_cast<int>(key % kSlots);
        const int parent = static_cast<int>((key + kSlots - 1) % kSlots);
        const PieceBoards<BB> now = piece_boards(pos);
        int source = -1, best = kMaxChanges + 1;
        for (int s : {parent, here}) {
            if (!slots_[s].valid) continue;
            const int changes = count_changes(slots_[s].boards, now);
            if (changes < best) best = changes, source = s;
        }
        int16_t* acc = slot_acc(here);
        if (source < 0) {
            refresh(net_, now, acc);
            ++refreshes;
        } else {
            if (source != here) std::copy_n(slot_acc(source), 2 * net_.width, acc);
            update(slots_[source].boards, now, acc);
        }
        slots_[here] = {now, true};
        assert(matches_scratch(now, acc));
        const int us = index(pos.side_to_move());
        return evaluate_accumulators(net_, acc + us * net_.width, acc + (1 - us) * net_.width);
    }

    // Forgets every slot (the next evaluation refreshes).
    void clear() {
        for (auto& s : slots_) s.valid = false;
    }

    uint64_t refreshes = 0;  // evaluations that made the accumulators from scratch

  private:
    struct Slot {
        PieceBoards<BB> boards{};
        bool valid = false;
    };

    int16_t* slot_acc(int s) { return acc_.data() + static_cast<size_t>(s) * 2 * net_.width; }

    static int count_changes(const PieceBoards<BB>& a, const PieceBoards<BB>& b) {
        int n = 0;
        for (int t = 0; t < kPieceTypes; ++t) n += popcount(a[t] ^ b[t]);
        return n;
    }

    // Takes acc from the pieces `before` to the pieces `after`.
    void update(const PieceBoards<BB>& before, const PieceBoards<BB>& after, int16_t* acc) const {
        for (int t = 0; t < kPieceTypes; ++t) {
            for (BB b = before[t] & ~after[t]; b;) {
                apply<false>(net_, feature_index(t, pop_lsb(b), net_.board_size), acc);
            }
            for (BB b = after[t] & ~before[t]; b;) {
                apply<true>(net_, feature_index(t, pop_lsb(b), net_.board_size), acc);
            }
        }
    }

    // Whether `acc` equals the accumulators made from scratch (the debug build's assertion).
    bool matches_scratch(const PieceBoards<BB>& boards, const int16_t* acc) const {
        std::vector<int16_t> fresh(2 * static_cast<size_t>(net_.width));
        refresh(net_, boards, fresh.data());
        return std::equal(fresh.begin(), fresh.end(), acc);
    }

    const Network& net_;
    std::vector<int16_t> acc_;  // [slot][2][H]
    std::vector<Slot> slots_;
};

}  // namespace branan::nnue
