// SPDX-License-Identifier: GPL-3.0-or-later
// What a search thread keeps from one search to the next: its quiet-move history and its cache of
// static evaluations. Engine owns one ThreadData per thread in a ThreadDataStore; before each
// search each thread readies its own (prepare), emptied when what it depends on changed.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "core/rules.h"
#include "engine/eval_cache.h"
#include "engine/eval_weights.h"
#include "nnue/network.h"

namespace branan {

// history[(side * squares + from) * squares + to].
using QuietHistory = std::vector<int>;

struct ThreadData {
    // Which quiet moves cut off, as Stockfish keeps its own between searches: what a search
    // learnt still orders the next move's search, at half weight (each new search halves it).
    QuietHistory history;
    // The static evaluation's scores by position key (eval_cache.h): the network's, or the
    // hand-written evaluation's when no network plays these rules.
    EvalCache eval_cache;
};

class ThreadDataStore {
  public:
    // Announces a search by `threads` threads under `rules`, evaluating with `net` (null: the
    // hand-written evaluation by `weights`), with histories of `history_size` entries; each
    // thread then readies its own data (prepare), so that the threads do that work side by side
    // and none waits for the others'. The data is all new (zero histories, empty caches) when
    // new, or when the rules, the history size or the thread count changed since the last
    // search; otherwise each history is halved, and each cache emptied when the evaluation
    // changed (the cached scores are its): other weights, or another net (known by its address
    // and its file's checksum, so that a net loaded where a freed one was is still another).
    void begin_search(const Rules& rules, const EvalWeights& weights, const nnue::Network* net,
                      size_t history_size, int threads) {
        const NetId net_id{net, net ? net->checksum : 0};
        if (rules_ != rules || threads_.size() != static_cast<size_t>(threads) ||
            history_size_ != history_size) {
            rules_ = rules;
            weights_ = weights;
            net_id_ = net_id;
            history_size_ = history_size;
            threads_.clear();
            threads_.resize(static_cast<size_t>(threads));  // built by prepare()
            reweighed_ = false;
            return;
        }
        reweighed_ = !(weights_ == weights) || net_id_ != net_id;
        weights_ = weights;
        net_id_ = net_id;
    }
    // Thread `i`'s data readied for the search begin_search() announced. Called once per search
    // by thread i alone, before it searches (no other thread touches that data meanwhile).
    ThreadData& prepare(int i) {
        std::unique_ptr<ThreadData>& t = threads_[static_cast<size_t>(i)];
        if (!t) {
            t = std::make_unique<ThreadData>();
            t->history.assign(history_size_, 0);
            return *t;
        }
        // What the last search learnt counts half: kept whole it lost Elo, halved it won some
        // (README, "Elo history").
        for (int& h : t->history) h /= 2;
        if (reweighed_) t->eval_cache.clear();
        return *t;
    }
    // Forgets everything (utinewgame, Clear Hash): the next search starts as in a fresh process.
    void clear() {
        threads_.clear();
        rules_.reset();
    }

  private:
    struct NetId {
        const nnue::Network* net = nullptr;
        uint32_t checksum = 0;
        bool operator==(const NetId&) const = default;
    };

    std::optional<Rules> rules_;
    EvalWeights weights_;
    NetId net_id_;
    size_t history_size_ = 0;
    bool reweighed_ = false;  // the evaluation changed since the last search: caches to empty
    std::vector<std::unique_ptr<ThreadData>> threads_;
};

}  // namespace branan
