// SPDX-License-Identifier: GPL-3.0-or-later
// The tables as the engine's search and the solver ask them. A Prober holds a directory's tables
// (opened and read by Tablebase::open_for_play, or opened by Tablebase::open and read per
// material when first probed) and the rules in play: it answers only when those are the tables'
// rules, and only for positions on a board the tables can hold, so that a caller may probe any
// position of any game. Without tables, or under other rules, it is inactive and every probe
// answers Outside.
#pragma once

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "core/game.h"
#include "tablebase/placement.h"
#include "tablebase/tablebase.h"

namespace branan::tablebase {

// Why `tb`'s tables cannot serve a game of `rules` (they were built for other rules), or empty.
std::string rules_mismatch(const Tablebase& tb, const Rules& rules);

class Prober {
  public:
    // `tb` may be null (no tables).
    Prober(std::shared_ptr<Tablebase> tb, const Rules& rules);

    bool active() const { return active_; }
    // Whether a position the tables give no win to is a draw under these rules (tablebase.h).
    bool no_win_is_draw() const { return no_win_is_draw_; }
    const std::shared_ptr<Tablebase>& tables() const { return tb_; }

    // The value of `pos` for its side to move, from its board alone. Outside when inactive, on
    // another board width, with more pieces than any table holds, or when its table file cannot
    // be read (a damaged file is then left out; the caller plays on without it).
    template <class BB>
    ProbeResult probe(const Position<BB>& pos) const {
        if constexpr (std::is_same_v<BB, BoardBits>) {
            if (!active_ || popcount(pos.occupied()) > max_pieces_) return {};
            return probe_board(pos);
        } else {
            return {};
        }
    }
    // The tables' line of best play from `game` (Tablebase::best_line), empty when inactive.
    std::vector<Move> best_line(const Game& game) const;

  private:
    ProbeResult probe_board(const Position<BoardBits>& pos) const;

    std::shared_ptr<Tablebase> tb_;
    bool active_ = false;
    bool no_win_is_draw_ = false;
    int max_pieces_ = 0;  // on the board, king included: the largest material's
};

// Whether some position of `pos`'s history since the last capture occurred twice or more: a
// table value then need not hold (tablebase.md, "What a table holds"), as a further occurrence
// of it on the winner's line would end the game by repetition.
template <class BB>
bool history_repeats(const Position<BB>& pos) {
    const auto& st = pos.states();
    size_t first = 0;  // the first state since the last capture
    for (size_t i = st.size(); i-- > 1;)
        if (st[i].captured || st[i].forest_removed) {
            first = i;
            break;
        }
    for (size_t i = first; i < st.size(); ++i)
        for (size_t j = i + 2; j < st.size(); j += 2)
            if (st[j].key == st[i].key) return true;
    return false;
}

}  // namespace branan::tablebase
