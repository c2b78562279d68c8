// SPDX-License-Identifier: GPL-3.0-or-later
#include "solver/solve.h"

#include "core/rules_string.h"
#include "solver/merge.h"

namespace branan::solver {
namespace {

// Whether an unflagged disproof is exact on every path: where no third occurrence can turn a
// line into a win for the prover (see the scheme in dfpn.h).
bool disproofs_exact(const Rules& rules) {
    return rules.repetition == RepetitionRule::Ignore || rules.repetition == RepetitionRule::Draw;
}

// Whether the rules can end a game in a draw.
bool draws_possible(const Rules& rules) {
    return rules.repetition == RepetitionRule::Draw || rules.no_move == NoMoveRule::Draw ||
           rules.repetition == RepetitionRule::Ignore;
}

// The principal line: the winner's move at his turns, the reply with the deepest proof at the
// loser's.
std::vector<Move> principal_line(const ProofNode& root) {
    std::vector<Move> line;
    for (const ProofNode* n = &root; !n->children.empty();) {
        const ProofNode* next = &n->children[0];
        for (const ProofNode& c : n->children)
            if (c.height > next->height) next = &c;
        line.push_back(next->move);
        n = next;
    }
    return line;
}

template <class BB>
Solution solve_position(const Position<BB>& root, ProofTable& table, const SolveLimits& limits,
                        const SolveHooks& hooks) {
    Solution s;
    const Side us = root.side_to_move();
    // The two questions share the node limit: their searches take turns with doubling budgets,
    // each resuming from the table, until one is decided or the limit is reached. After the
    // first turn each, while both are open, a turn goes only to a question whose root proof
    // number is no larger than the other's (both when equal): the one nearer its proof, as df-pn
    // picks a child. (Alternating regardless spent about as much on the question that was
    // losing: docs/solving.md.) A question whose guided proof failed its check on the real path
    // and is searched again unguided (below) takes every turn while it is open: a proof was
    // found for it, so it is the one nearer its proof, and the two numbers no longer compare
    // (open_value's counts against 1s; the other's from the emptied table). A budget is spent in
    // pieces that end where a checkpoint is due.
    Dfpn<BB> mine(table, us, 0, limits.max_depth, limits.max_proof);
    Dfpn<BB> theirs(table, opponent(us), 0, limits.max_depth, limits.max_proof);
    if (hooks.unguided && !hooks.keep_table) *hooks.unguided = 0;
    const uint8_t resumed_unguided = hooks.unguided ? *hooks.unguided : 0;
    mine.set_guided(limits.guided && !(resumed_unguided & 1));
    theirs.set_guided(limits.guided && !(resumed_unguided & 2));
    mine.set_cycle_leaves(limits.cycle_leaves);  // taken by the guided searches only
    theirs.set_cycle_leaves(limits.cycle_leaves);
    mine.set_stop_flag(hooks.stop);
    theirs.set_stop_flag(hooks.stop);
    const bool with_tables =
        hooks.tables && hooks.tables->active() && !tablebase::history_repeats(root);
    if (with_tables) {
        mine.set_tables(hooks.tables);
        theirs.set_tables(hooks.tables);
    }
    auto spent = [&] { return mine.nodes() + theirs.nodes(); };
    auto left = [&] {
        return limits.nodes ? limits.nodes - std::min(limits.nodes, spent()) : UINT64_MAX;
    };
    auto stopped = [&] { return hooks.stop && hooks.stop->load(std::memory_order_relaxed); };
    uint64_t next_tick = hooks.tick_every && hooks.tick ? hooks.tick_every : UINT64_MAX;
    NodeValue v_mine, v_theirs;
    auto pos = root;
    uint64_t budget = 10'000;
    bool mine_open = true, theirs_open = true, first_turn = true;
    // Whether question q (0 mine, 1 theirs), open, takes this round's turn (see above). A
    // question searched again unguided is one set to be guided that no longer is (also when
    // resumed from a checkpoint); when both are, they take turns as at first.
    auto takes_turn = [&](int q) {
        if (!mine_open || !theirs_open) return true;
        const bool retried[2] = {limits.guided && !mine.guided(),
                                 limits.guided && !theirs.guided()};
        if (retried[0] != retried[1]) return retried[q];
        if (retried[0] || first_turn) return true;
        return (q == 0 ? v_mine : v_theirs).pn <= (q == 0 ? v_theirs : v_mine).pn;
    };
    while ((mine_open || theirs_open) && left() > 0 && !stopped()) {
        for (int q = 0; q < 2 && left() > 0 && !stopped(); ++q) {
            Dfpn<BB>& d = q == 0 ? mine : theirs;
            NodeValue& v = q == 0 ? v_mine : v_theirs;
            bool& open = q == 0 ? mine_open : theirs_open;
            if (!open || !takes_turn(q)) continue;
            const uint64_t end = d.nodes() + std::min(budget, left());
            do {
                v = d.search(pos,
                             std::min(end - d.nodes(), next_tick - std::min(next_tick, spent())));
                if (spent() >= next_tick) {
                    hooks.tick(spent());
                    next_tick = spent() + hooks.tick_every;
                }
            } while (!v.proven() && !v.disproven() && d.nodes() < end && left() > 0 && !stopped());
            if (v.proven()) {
                // The guided search's proof is checked within as many nodes as it took (at
                // least 100,000); when that fails, the table is emptied (the other question's
                // entries too) and the question searched again unguided, without cycle leaves,
                // with what is left (if any). (Searching it again guided without cycle leaves
                // first, the table kept, in a build of e279886 made for it, proved the same 41 of
                // the 72 real-game positions of docs/solving.md and took one of them longer.)
                const uint64_t check_budget =
                    d.guided() ? std::min(left(), std::max<uint64_t>(d.nodes(), 100'000)) : left();
                if (d.extract(pos, s.proof, check_budget)) {
                    s.winner = q == 0 ? us : opponent(us);
                    s.nodes = spent();
                    s.line = principal_line(s.proof);
                    return s;
                }
                s.proof = ProofNode{};
                if (stopped()) break;
                if (d.guided()) {
                    // Marked even when no node is left for the retry, so that a solve resumed
                    // from a checkpoint goes on unguided from the emptied table.
                    table.clear();
                    d.set_guided(false);
                    if (hooks.unguided) *hooks.unguided |= q == 0 ? 1 : 2;
                    if (left() > 0) {
                        ++s.unguided_retries;
                        continue;
                    }
                }
                open = false;
                s.note = "a proof was found but could not be checked on this path";
            } else if (v.disproven()) {
                open = false;
            }
        }
        budget *= 2;
        first_turn = false;
    }
    if (stopped()) {
        s.nodes = spent();
        s.stopped = true;
        s.note = "stopped before the end";
        return s;
    }
    s.nodes = spent();
    const Rules& rules = root.tables().rules;
    const bool exact = disproofs_exact(rules) && draws_possible(rules);
    if (exact && v_mine.disproven() && !v_mine.path && v_theirs.disproven() && !v_theirs.path)
        s.draw = true;
    else if (v_mine.disproven() && v_theirs.disproven() && s.note.empty())
        s.note = "neither side's win could be proved (repetitions make the search inexact)";
    // Undecided at a position the tables give neither side: say so, as `tablebase probe` does.
    if (!s.draw && with_tables &&
        hooks.tables->probe(root).kind == tablebase::ProbeResult::Kind::NoWin)
        s.note =
            "the tables give neither side a win without repetition: the rules' repetition verdict "
            "decides, and no proof of it was found";
    return s;
}

void write_tree(std::ostream& out, Game& game, Side winner, const ProofNode& node, int ply) {
    for (const ProofNode& c : node.children) {
        out << std::string(2 * ply, ' ') << game.describe(c.move) << "\n";
        game.play(c.move);
        if (c.table >= 0)
            out << std::string(2 * ply + 2, ' ') << "tablebase "
                << (game.side_to_move() == winner ? "win " : "loss ") << c.table << "\n";
        write_tree(out, game, winner, c, ply + 1);
        game.undo();
    }
}

}  // namespace

size_t table_leaves(const ProofNode& node) {
    size_t n = node.table >= 0 ? 1 : 0;
    for (const ProofNode& c : node.children) n += table_leaves(c);
    return n;
}

const char* result_name(const Solution& s) {
    if (s.winner) return side_name(*s.winner);
    return s.draw ? "draw" : "unknown";
}

Solution solve(const Game& game, ProofTable& table, const SolveLimits& limits,
               const SolveHooks& hooks) {
    if (!hooks.keep_table) table.clear();
    Solution s = game.visit_position(
        [&](const auto& root) { return solve_position(root, table, limits, hooks); });
    // A line that stops at a table leaf goes on with the tables' line.
    if (s.winner && hooks.tables && !s.line.empty()) {
        Game end = game;
        for (Move m : s.line) end.play(m);
        if (!end.status().over())
            for (Move m : hooks.tables->best_line(end)) s.line.push_back(m);
    }
    return s;
}

void write_proof(std::ostream& out, const Game& game, const Solution& s) {
    out << "proof\n";
    out << "rules " << write_rules_string(game.rules()) << "\n";
    out << "position " << game_line(game) << "\n";
    out << "winner " << side_name(*s.winner) << "\n";
    Game g = game;
    write_tree(out, g, *s.winner, s.proof, 0);
    out << "end\n";
}

}  // namespace branan::solver
