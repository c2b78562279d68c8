// SPDX-License-Identifier: GPL-3.0-or-later
// The search's static evaluation: one function of the position, whichever evaluation is in play
// (the learned network's, docs/nnue.md, or the hand-written one, evaluate.h), for the side to
// move, relative to the rules' zero point and kept below the mate scores.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>

#include "core/position.h"
#include "engine/cordon_cache.h"
#include "engine/eval_cache.h"
#include "engine/evaluate.h"
#include "nnue/accumulator.h"

namespace branan {

// `raw`, a score for `side`, relative to the zero point `offset` (a score for the attackers).
inline Score relative_to_zero_point(Score raw, Side side, Score offset) {
    return side == Side::Attackers ? raw - offset : raw + offset;
}

// One per search thread: the network's accumulators are the thread's, and so is `cache`.
template <class BB>
class StaticEval {
  public:
    // `net`: the network to evaluate with, or null for the hand-written evaluation by
    // `weights`; either's scores go through `cache`. `offset`: the zero point for the attackers
    // (Engine::eval_offset; 0 for a network, trained on scores already relative to it).
    StaticEval(const EvalWeights& weights, Score offset, const nnue::Network* net, EvalCache& cache)
        : weights_(weights),
          offset_(offset),
          cache_(cache),
          net_(net ? std::make_unique<nnue::Evaluator<BB>>(*net) : nullptr) {}

    Score operator()(const Position<BB>& pos) {
        const Score raw = cached(pos);
        return std::clamp(relative_to_zero_point(raw, pos.side_to_move(), offset_),
                          -kScoreMateBound + 1, kScoreMateBound - 1);
    }

    // Starts loading what evaluating the position with `key` will read first: the cache's
    // entry.
    void prefetch(uint64_t key) const { cache_.prefetch(key); }

  private:
    // The evaluation of `pos` (the network's or evaluate()), through the cache. A hit skips the
    // network's accumulators too: a child of this node then updates its own from an older slot
    // (nnue::Evaluator handles any difference), which still cost fewer instructions than
    // evaluating every node (a Copenhagen search 5% fewer).
    Score cached(const Position<BB>& pos) {
        if (const std::optional<Score> hit = cache_.probe(pos.key())) return *hit;
        const Score e = net_ ? net_->evaluate(pos) : evaluate(pos, weights_, nullptr, &cordon_);
        cache_.store(pos.key(), e);
        return e;
    }

    const EvalWeights& weights_;
    Score offset_;
    EvalCache& cache_;
    CordonCache<BB> cordon_;                    // the wide boards' cordon floods (cordon_cache.h)
    std::unique_ptr<nnue::Evaluator<BB>> net_;  // the network's accumulators, or none
};

}  // namespace branan
