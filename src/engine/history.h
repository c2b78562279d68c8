// SPDX-License-Identifier: GPL-3.0-or-later
// The quiet-move histories of the search threads, kept from one search to the next, as
// Stockfish keeps its own: what a search learnt about which quiet moves cut off still orders the
// next move's search, at half weight (each new search halves them). Engine owns one table per
// thread; utinewgame, Clear Hash and a change of rules or of the thread count clear them.
#pragma once

#include <optional>
#include <vector>

#include "core/rules.h"

namespace branan {

// history[(side * squares + from) * squares + to], one table per search thread.
using QuietHistory = std::vector<int>;

class HistoryStore {
  public:
    // Readies the tables for a new search by `threads` threads of `size` entries each under
    // `rules`: zero when new, or when the rules, the size or the thread count changed since the
    // last search; otherwise what the last search learnt, halved.
    void begin_search(const Rules& rules, size_t size, int threads) {
        if (rules_ != rules || tables_.size() != static_cast<size_t>(threads) ||
            (!tables_.empty() && tables_[0].size() != size)) {
            rules_ = rules;
            tables_.assign(static_cast<size_t>(threads), QuietHistory(size, 0));
            return;
        }
        // What the last search learnt counts half: kept whole it lost Elo, halved it won some
        // (README, "Elo history").
        for (QuietHistory& t : tables_)
            for (int& h : t) h /= 2;
    }
    // The tables as begin_search() left them, one per thread.
    std::vector<QuietHistory>& tables() { return tables_; }
    void clear() {
        tables_.clear();
        rules_.reset();
    }

  private:
    std::optional<Rules> rules_;
    std::vector<QuietHistory> tables_;
};

}  // namespace branan
