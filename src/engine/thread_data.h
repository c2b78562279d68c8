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
        searched_ = true;
        if (renew_if_changed(rules, weights, net_id, history_size, threads)) return;
        reweighed_ = !(weights_ == weights) || net_id_ != net_id;
        weights_ = weights;
        net_id_ = net_id;
    }
    // Makes ahead of a search under these settings what begin_search() and prepare(0) would make
    // new at its start: the main search thread's data when there is none yet (or none for these
    // rules, history size or thread count), so that the first search of a game does not spend
    // its first milliseconds on it (UTI's isready; on 19x19 the history's megabyte and the cache's
    // pages fault in). Nothing a search learnt is touched: data kept from an earlier search stays
    // as it is (its halving and its emptying for another evaluation are the next search's), and
    // under other settings than that search's nothing is made (the settings may change back
    // before the next search, which would then keep that data). Returns whether thread 0's data
    // is ready for these settings. Not during a search.
    bool get_ready(const Rules& rules, const EvalWeights& weights, const nnue::Network* net,
                   size_t history_size, int threads) {
        if (searched_ && !same_settings(rules, history_size, threads)) return false;
        renew_if_changed(rules, weights, NetId{net, net ? net->checksum : 0}, history_size,
                         threads);
        if (!threads_[0]) threads_[0] = fresh_data();
        return true;
    }
    // Whether thread `i` has data now (for tests).
    bool has_data(int i) const {
        return static_cast<size_t>(i) < threads_.size() && threads_[static_cast<size_t>(i)];
    }
    // Thread `i`'s data readied for the search begin_search() announced. Called once per search
    // by thread i alone, before it searches (no other thread touches that data meanwhile).
    ThreadData& prepare(int i) {
        std::unique_ptr<ThreadData>& t = threads_[static_cast<size_t>(i)];
        if (!t) {
            t = fresh_data();
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
        searched_ = false;
    }

  private:
    struct NetId {
        const nnue::Network* net = nullptr;
        uint32_t checksum = 0;
        bool operator==(const NetId&) const = default;
    };

    // When the rules, the history size or the thread count changed since the last search (or
    // there was none): forgets every thread's data (prepare() builds it anew) and records the
    // new settings; true then.
    bool same_settings(const Rules& rules, size_t history_size, int threads) const {
        return rules_ == rules && threads_.size() == static_cast<size_t>(threads) &&
               history_size_ == history_size;
    }
    bool renew_if_changed(const Rules& rules, const EvalWeights& weights, const NetId& net_id,
                          size_t history_size, int threads) {
        if (same_settings(rules, history_size, threads)) return false;
        rules_ = rules;
        weights_ = weights;
        net_id_ = net_id;
        history_size_ = history_size;
        threads_.clear();
        threads_.resize(static_cast<size_t>(threads));  // built by prepare()
        reweighed_ = false;
        return true;
    }
    // A thread's data as a search starts it: a zero history, an empty cache.
    std::unique_ptr<ThreadData> fresh_data() const {
        auto t = std::make_unique<ThreadData>();
        t->history.assign(history_size_, 0);
        return t;
    }

    std::optional<Rules> rules_;
    EvalWeights weights_;
    NetId net_id_;
    size_t history_size_ = 0;
    bool reweighed_ = false;  // the evaluation changed since the last search: caches to empty
    bool searched_ = false;   // a search began since the store was made or cleared
    std::vector<std::unique_ptr<ThreadData>> threads_;
};

}  // namespace branan
