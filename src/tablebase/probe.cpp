// SPDX-License-Identifier: GPL-3.0-or-later
#include "tablebase/probe.h"

#include <algorithm>
#include <stdexcept>

#include "core/rules_string.h"
#include "core/text.h"

namespace branan::tablebase {

std::string rules_mismatch(const Tablebase& tb, const Rules& rules) {
    const std::string theirs = write_rules_string(tb.rules());
    const std::string ours = write_rules_string(rules);
    if (theirs == ours) return {};
    return "the tables in " + branan::quoted(tb.dir()) + " are for rules '" + theirs +
           "', not the game's '" + ours + "': they are not used";
}

Prober::Prober(std::shared_ptr<Tablebase> tb, const Rules& rules) : tb_(std::move(tb)) {
    if (!tb_ || !rules_mismatch(*tb_, rules).empty()) return;
    active_ = true;
    no_win_is_draw_ = branan::tablebase::no_win_is_draw(rules);
    for (const Material m : tb_->materials()) max_pieces_ = std::max(max_pieces_, m.pieces() + 1);
}

ProbeResult Prober::probe_board(const Position<BoardBits>& pos) const {
    try {
        return tb_->probe(pos);
    } catch (const std::runtime_error&) {
        return {};
    }
}

std::vector<Move> Prober::best_line(const Game& game) const {
    if (!active_) return {};
    try {
        return tb_->best_line(game);
    } catch (const std::runtime_error&) {
        return {};
    }
}

}  // namespace branan::tablebase
