// SPDX-License-Identifier: GPL-3.0-or-later
// What a search thread keeps from one search to the next: its quiet-move history and its cache of
// static evaluations. Engine owns one ThreadData per thread in a ThreadDataStore, which readies
// them before each search and empties them when what they depend on changes.
#pragma once

#include <optional>
#include <vector>

#include "core/rules.h"
#include "engine/eval_cache.h"
#include "engine/eval_weights.h"

namespace branan {

// history[(side * squares + from) * squares + to].
using QuietHistory = std::vector<int>;

struct ThreadData {
    // Which quiet moves cut off, as Stockfish keeps its own between searches: what a search
    // learnt still orders the next move's search, at half weight (each new search halves it).
    QuietHistory history;
    // The hand-written evaluation's scores by position key (eval_cache.h).
    EvalCache eval_cache;
};

class ThreadDataStore {
  public:
    // Readies one ThreadData per thread for a search by `threads` threads under `rules` and
    // `weights`, with histories of `history_size` entries. All new (zero histories, empty
    // caches) when new, or when the rules, the history size or the thread count changed since
    // the last search; otherwise each history halved, and each cache emptied when the weights
    // changed (the cached scores are theirs).
    void begin_search(const Rules& rules, const EvalWeights& weights, size_t history_size,
                      int threads) {
        if (rules_ != rules || threads_.size() != static_cast<size_t>(threads) ||
            (!threads_.empty() && threads_[0].history.size() != history_size)) {
            rules_ = rules;
            weights_ = weights;
            threads_ = std::vector<ThreadData>(static_cast<size_t>(threads));
            for (ThreadData& t : threads_) t.history.assign(history_size, 0);
            return;
        }
        const bool reweighed = !(weights_ == weights);
        weights_ = weights;
        for (ThreadData& t : threads_) {
            // What the last search learnt counts half: kept whole it lost Elo, halved it won
            // some (README, "Elo history").
            for (int& h : t.history) h /= 2;
            if (reweighed) t.eval_cache.clear();
        }
    }
    // The threads' data as begin_search() left them, one per thread.
    std::vector<ThreadData>& threads() { return threads_; }
    // Forgets everything (utinewgame, Clear Hash): the next search starts as in a fresh process.
    void clear() {
        threads_.clear();
        rules_.reset();
    }

  private:
    std::optional<Rules> rules_;
    EvalWeights weights_;
    std::vector<ThreadData> threads_;
};

}  // namespace branan
