// SPDX-License-Identifier: GPL-3.0-or-later
// Depth-first proof-number search (Nagai's df-pn) over the rules core: does `prover` win from a
// position, whatever the other side does? OR nodes have the prover to move, AND nodes the other
// side. Leaves are judged by core/game_end.h, with the win-in-one tests of core/threats.h as
// shortcuts. A proof is then extracted from the table into a ProofNode tree, checked move by
// move against the rules on the real path; only a proof that passes is reported.
//
// Repetition (the GHI problem). The rules' verdict on a third occurrence depends on the path,
// not on the position alone, so a table keyed by position could carry a result to a path where
// it is false. The scheme, sound for every repetition rule, is conservative:
//   * The search plays a stricter game for the prover: a position that already occurred since
//     the last capture (on the search path or in the game's history) is a non-win for the
//     prover -- a "path" leaf -- but for the cycle leaves below. Third occurrences, hence the
//     rules' repetition verdicts, are met through the game's history (and in the played-out
//     cycles below), and are judged exactly by game_end().
//   * A proof in this game that rests on no cycle leaf is a proof in the real one: its lines
//     repeat no position, so no repetition rule fires on them, and every leaf is a win by the
//     rules. Such proofs are stored.
//   * A disproof that rests on a path leaf (any of its leaves, through the children that
//     disproved it) is "path-dependent": it is never stored in the table and never reported as
//     a disproof (it only means "unknown"). Other disproofs are stored; they are exact where
//     no third occurrence can help the prover (repetition ignored or a draw), which is where
//     solve() uses them to report draws.
//   * A stored proof may still meet, on another path, a position of that path. The extraction
//     replays every proof on the real path; where a stored proof does not hold there, its entry
//     is erased and the node is searched again on that path.
// The depth limit (optional) is a path leaf too: a proof found under it is a real proof.
//
// Cycles under "third repetition: loss for the side that repeats" (RepetitionRule::
// LossForRepeater). When the other side moves back into a position Q that occurred once before
// at or below the root -- a position where the prover was to move and chose his move -- the prover
// can answer by playing from Q as he did the first time: the other side must then leave that
// line somewhere, into replies the first pass answered already, or make Q's third occurrence
// and lose. So such a move is a "cycle" leaf: won for the prover on this path, not on others
// (a path-dependent proof, never stored in the table; combine() tracks it as it tracks
// path-dependent disproofs). Without it the other side holds every line that can come back to
// the path, which left real-game positions unproved (docs/solving.md). The search's claim is
// not trusted: the extraction writes the second pass out as a real line of the game
// (play_out_cycles: the prover's first moves copied and every node judged again by the rules on
// the longer line, where a return to Q is a third occurrence, a win by the rules), so a reported
// proof has only game ends and table wins for leaves. Cycle leaves are off under a depth limit
// and in an unguided search (the fallback stays as it was; Dfpn::set_cycle_leaves). They cost
// completeness, not soundness, in one way: a clean disproof stored on one path may hide, on
// another, a proof through a cycle leaf; disproofs are not reported under this rule anyway.
//
// Guidance. A node facing the other side's threat to win at once makes only the moves that may
// stop it (searched_moves: the others lose at once), and an undecided position starts from
// numbers that count the work ahead of its side to move (open_value, when guided), so that
// forcing lines are tried first. The long forcing lines make more proofs rest on positions that
// repeat on the real path; solve.cpp searches a question again unguided (from (1, 1), the moves
// that lose at once still left out) when the guided proof does not hold there.
//
// Endgame tables (optional, set_tables): a position in them is a leaf, won for the prover where
// they give him the win, else a clean non-win (they hold no win for him without repetition, the
// only wins this search proves) -- but where cycle leaves are taken, a position the tables give
// neither side without repetition is searched on, as the repetition rule may decide it. A table
// win holds on the real path when no position of the game's history since the last capture
// occurred twice (tablebase::history_repeats; the caller checks it at the root). On the search's
// own lines, cycles included, it holds too: a position occurs twice there only where the search
// went on from it, a position outside the tables or given to neither side, or the root with the
// prover to move (a cycle's return), while every position of a table win's line is won or lost in
// the tables: that line makes no third occurrence, but of such a root, where the other side's
// move would make it and lose. A proof's table leaf keeps the tables' distance, for the proof
// file (write_proof) and its independent check. Under a depth limit a table win counts only when
// it ends within the limit.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "core/game_end.h"
#include "core/threats.h"
#include "solver/proof_table.h"
#include "tablebase/probe.h"

namespace branan::solver {

// A node of a proof tree: the move that led here (none at the root) and the moves that follow:
// one at the prover's turns, every legal reply at the other side's. A leaf is a won game end, or
// a position the tables give the prover (`table` >= 0: their distance to the win from here).
struct ProofNode {
    Move move;
    std::vector<ProofNode> children;
    int height = 0;   // plies from here to the deepest leaf (a table leaf's: its distance)
    size_t size = 1;  // nodes in this subtree
    int table = -1;
    bool cycle = false;  // during extraction only: a cycle leaf not yet played out
};

// What a search below a node found: its numbers, and whether its proof or disproof rests on the
// path (a path leaf or a cycle leaf: see above).
struct NodeValue {
    uint32_t pn = 1;
    uint32_t dn = 1;
    bool path = false;
    bool proven() const { return pn == 0; }
    bool disproven() const { return dn == 0; }
};

template <class BB>
class Dfpn {
  public:
    // `node_limit`: counted in moves made, for the whole life of this object; 0 = none.
    // `max_depth`: plies below the root beyond which positions are path leaves; 0 = none.
    // `max_proof`: the most nodes an extracted proof may have.
    Dfpn(ProofTable& table, Side prover, uint64_t node_limit, int max_depth, size_t max_proof)
        : table_(table),
          prover_(prover),
          salt_(prover == Side::Defenders ? 0x9e3779b97f4a7c15ull : 0),
          node_limit_(node_limit),
          max_depth_(max_depth),
          max_proof_(max_proof) {}

    // Searches `pos` (an ongoing game) until it is decided or `budget` more nodes are spent.
    NodeValue search(Position<BB>& pos, uint64_t budget) {
        budget_end_ = nodes_ + budget;
        if (node_limit_) budget_end_ = std::min(budget_end_, node_limit_);
        root_ply_ = ply_of(pos);
        return mid(pos, kInfinity, kInfinity);
    }

    // After search() proved `pos`: the proof, checked on the real path (children of `root`),
    // or false when none holds within the node budget and the proof size limit. The searches
    // again of positions whose stored result did not hold on the real path spend at most
    // `budget` nodes in all (without a bound a proof's check could search for minutes).
    bool extract(Position<BB>& pos, ProofNode& root, uint64_t budget) {
        extract_end_ = nodes_ + std::min(budget, UINT64_MAX - nodes_);
        root_ply_ = ply_of(pos);
        proof_nodes_ = 0;
        proof_has_cycles_ = false;
        const bool built =
            pos.side_to_move() == prover_ ? extract_or(pos, root, 0) : extract_and(pos, root, 0);
        if (!built || !proof_has_cycles_) return built;
        std::vector<std::pair<uint64_t, const ProofNode*>> line;
        // From here proof_nodes_ counts the tree as it stands (the extraction's count also holds
        // subtrees it gave up), so that max_proof_ bounds the proof, not what its play-out tried.
        proof_nodes_ = measure(root);
        return play_out_cycles(pos, root, line) && measure(root) <= max_proof_;
    }

    uint64_t nodes() const { return nodes_; }
    // A flag (set by a signal handler, say) that ends every search as if its budget ran out.
    void set_stop_flag(const std::atomic<bool>* stop) { stop_ = stop; }
    bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }
    bool out_of_nodes() const { return node_limit_ && nodes_ >= node_limit_; }
    // Endgame tables whose positions are leaves (null: none); see the scheme above.
    void set_tables(const tablebase::Prober* tables) { tables_ = tables; }
    // Whether undecided positions start from open_value's numbers (the default) or from (1, 1):
    // the guided search proves most positions with far fewer nodes, but its long forcing lines
    // make more of its proofs rest on positions that repeat on the real path (solve.cpp). Cycle
    // leaves are taken in a guided search only: in a build of a7d7b99 that kept them in the
    // unguided one, it left the position of tests/test_solver.cpp's "a guided proof that fails
    // on the real path is found again unguided" unproved at 8 million nodes, searched unguided
    // from the start (937,048 without them). The line proofs of a guided search are forgotten.
    void set_guided(bool guided) {
        guided_ = guided;
        path_proofs_.clear();
    }
    // Whether the other side's return to a position of the path may be a cycle leaf (the
    // scheme above; the default).
    void set_cycle_leaves(bool on) {
        cycle_leaves_allowed_ = on;
        path_proofs_.clear();
    }
    bool guided() const { return guided_; }

  private:
    enum class Leaf { Win, TableWin, NonWin, PathLeaf, CycleLeaf, Open };
    struct Child {
        Move move;
        NodeValue value;
    };

    static int ply_of(const Position<BB>& pos) { return static_cast<int>(pos.states().size()); }
    uint64_t key(const Position<BB>& pos) const { return pos.key() ^ salt_; }
    bool spent() const { return nodes_ >= budget_end_ || stopped(); }

    // What the position after a move is for the prover (see the scheme above).
    Leaf classify(const Position<BB>& pos) const {
        const Status s = game_end(pos);
        if (s.over()) {
            if (s.outcome == win_for(prover_)) return Leaf::Win;
            return s.reason == OutcomeReason::Repetition ? Leaf::PathLeaf : Leaf::NonWin;
        }
        if (const Occurrences o = occurrences(pos); o.count >= 2)
            return closes_cycle(pos, o) ? Leaf::CycleLeaf : Leaf::PathLeaf;
        if (tables_) [[unlikely]] {
            using Kind = tablebase::ProbeResult::Kind;
            const tablebase::ProbeResult r = tables_->probe(pos);
            if (r.kind != Kind::Outside) {
                const bool prover_to_move = pos.side_to_move() == prover_;
                // No win without repetition: where cycle leaves are taken, the repetition rule
                // may still give the prover one, so the search goes on (the scheme above).
                if (r.kind == Kind::NoWin && cycles_taken(pos)) return Leaf::Open;
                if (r.kind != (prover_to_move ? Kind::Win : Kind::Loss)) return Leaf::NonWin;
                // Under a depth limit, a win that ends beyond it is a path leaf like any other
                // line that goes that deep: a proof under a limit stays within it.
                const int plies = ply_of(pos) - root_ply_ + r.distance;
                return max_depth_ && plies > max_depth_ ? Leaf::PathLeaf : Leaf::TableWin;
            }
        }
        if (max_depth_ && ply_of(pos) - root_ply_ >= max_depth_) return Leaf::PathLeaf;
        return Leaf::Open;
    }

    // Whether the ongoing `pos`, which occurred before (`o`: occurrences(pos)), is a cycle leaf
    // (see the scheme above): the rule is LossForRepeater, the prover is to move (the other side
    // made the repetition), and this is the second occurrence, the first at or below the root.
    bool closes_cycle(const Position<BB>& pos, Occurrences o) const {
        if (!cycles_taken(pos) || pos.side_to_move() != prover_) return false;
        return o.count == 2 && o.first >= root_ply_ - 1;
    }
    // Whether this search takes cycle leaves: the rule is LossForRepeater, and not in an
    // unguided search (set_guided) nor under a depth limit (the second pass would go past it).
    bool cycles_taken(const Position<BB>& pos) const {
        return cycle_leaves_allowed_ && guided_ && !max_depth_ &&
               pos.tables().rules.repetition == RepetitionRule::LossForRepeater;
    }

    // The line from the root to `pos`, as one number (the keys of its positions in order): a
    // path-dependent proof is remembered under it (path_proofs_).
    uint64_t path_key(const Position<BB>& pos) const {
        const auto& st = pos.states();
        uint64_t h = 0x2545f4914f6cdd1dull;
        for (size_t i = static_cast<size_t>(std::max(root_ply_ - 1, 0)); i < st.size(); ++i)
            h = (h ^ st[i].key) * 0x9e3779b97f4a7c15ull;
        return h;
    }

    // A won leaf after a move: a game end (`table` -1) or a table win (its distance).
    ProofNode won_leaf(const Position<BB>& pos, Move m, Leaf leaf) const {
        if (leaf != Leaf::TableWin) return ProofNode{m, {}, 0, 1};
        const int d = tables_->probe(pos).distance;
        return ProofNode{m, {}, d, 1, d};
    }
    static bool won(Leaf leaf) { return leaf == Leaf::Win || leaf == Leaf::TableWin; }

    // Whether the side to move of an ongoing `pos` wins with one move (threats.h).
    static bool wins_in_one(Position<BB>& pos) {
        return pos.side_to_move() == Side::Defenders ? defenders_win_in_one(pos)
                                                     : king_captured_in_one(pos);
    }

    // The legal moves of `pos` (forbidden repetitions removed).
    static void legal_moves(Position<BB>& pos, std::vector<Move>& out) {
        MoveList list;
        pos.generate(list);
        out.assign(list.begin(), list.end());
        if (pos.tables().rules.repetition != RepetitionRule::Forbidden) return;
        std::erase_if(out, [&](Move m) {
            pos.do_move(m);
            const bool forbidden = repetition_forbidden(pos);
            pos.undo_move();
            return forbidden;
        });
    }

    // The moves of the ongoing `pos` that mid() makes: the legal ones less those that lose at
    // once to the other side's threat to win (threat_stoppers, threats.h). A move left out
    // weighs what it would once made: nothing. At an OR node it is disproved (the least pn and
    // the sum of dn pass it by), at an AND node proved (likewise); and what it would prove is
    // true on the real path too (extract_and). Every move is made when the side to move wins in
    // one itself, and at an AND node whose children reach the depth limit (their loss would
    // come beyond it).
    void searched_moves(Position<BB>& pos, std::vector<Move>& out) const {
        legal_moves(pos, out);
        const bool or_node = pos.side_to_move() == prover_;
        if (!or_node && max_depth_ && ply_of(pos) + 1 - root_ply_ >= max_depth_) return;
        const std::optional<ThreatStoppers<BB>> stoppers =
            threat_stoppers(pos, threat_to_answer(pos));
        if (!stoppers || wins_in_one(pos)) return;
        std::erase_if(out, [&](Move m) { return !stoppers->may_stop(pos, m); });
    }

    // The value of the position after a move, before searching it: decided leaves, the table,
    // the win-in-one shortcuts, else open_value's numbers when guided, (1, 1) when not.
    NodeValue initial_value(Position<BB>& pos) {
        switch (classify(pos)) {
            case Leaf::Win:
            case Leaf::TableWin:
                return {0, kInfinity, false};
            case Leaf::NonWin:
                return {kInfinity, 0, false};
            case Leaf::PathLeaf:
                return {kInfinity, 0, true};
            case Leaf::CycleLeaf:
                return {0, kInfinity, true};
            case Leaf::Open:
                break;
        }
        ProofNumbers stored;
        if (table_.probe(key(pos), stored)) return {stored.pn, stored.dn, false};
        if (wins_in_one(pos))
            return pos.side_to_move() == prover_ ? NodeValue{0, kInfinity, false}
                                                 : NodeValue{kInfinity, 0, false};
        return guided_ ? open_value(pos) : NodeValue{1, 1, false};
    }

    // The numbers of an undecided position before its moves are searched (df-pn's heuristic
    // initialization), from the work its side to move has ahead: facing the other side's threat
    // to win at once, the moves that may stop it (at least 1), or 2 when which moves those are
    // is not known (a fort threatened, say); else every move it has. That number is the
    // position's dn when the prover is to move (each move is a way out of the disproof), its pn
    // otherwise (each reply must be refuted); the other number is 1. So a move that threatens to
    // win, leaving few answers, is tried before a quiet one that leaves many.
    // docs/solving.md has the measurements.
    NodeValue open_value(Position<BB>& pos) const {
        constexpr uint32_t kUnknownAnswers = 2;
        const Threat<BB> threat = threat_to_answer(pos);
        uint32_t work = 0;
        if (const std::optional<ThreatStoppers<BB>> stoppers = threat_stoppers(pos, threat)) {
            MoveList list;
            pos.generate(list);
            work = static_cast<uint32_t>(std::count_if(
                list.begin(), list.end(), [&](Move m) { return stoppers->may_stop(pos, m); }));
        } else {
            work = threat.any ? kUnknownAnswers : static_cast<uint32_t>(pos.count_moves());
        }
        work = std::max(work, 1u);
        return pos.side_to_move() == prover_ ? NodeValue{1, work, false}
                                             : NodeValue{work, 1, false};
    }

    // The node's numbers from its children's: OR takes the least pn and sums dn, AND the
    // reverse. A proof or disproof is path-dependent when one of the children it rests on is.
    static NodeValue combine(const std::vector<Child>& children, bool or_node) {
        NodeValue v{or_node ? kInfinity : 0, or_node ? 0 : kInfinity, false};
        bool clean_disproof = false, path_disproof = false, clean_proof = false, path_proof = false;
        for (const Child& c : children) {
            if (or_node) {
                v.pn = std::min(v.pn, c.value.pn);
                v.dn = saturated_sum(v.dn, c.value.dn);
            } else {
                v.pn = saturated_sum(v.pn, c.value.pn);
                v.dn = std::min(v.dn, c.value.dn);
            }
            if (c.value.disproven()) (c.value.path ? path_disproof : clean_disproof) = true;
            if (c.value.proven()) (c.value.path ? path_proof : clean_proof) = true;
        }
        // OR: every child disproved, any on the path taints it. AND: one clean disproof is enough.
        // Proofs the other way round.
        v.path = v.disproven() ? (or_node ? path_disproof : !clean_disproof)
                 : v.proven()  ? (or_node ? !clean_proof : path_proof)
                               : false;
        return v;
    }

    // Nagai's MID: searches the ongoing position `pos` until its pn reaches th_pn or its dn
    // reaches th_dn (or the budget is spent), and stores the result unless path-dependent (a
    // path-dependent proof is remembered for this line only, in path_proofs_).
    NodeValue mid(Position<BB>& pos, uint32_t th_pn, uint32_t th_dn) {
        const bool or_node = pos.side_to_move() == prover_;
        const uint64_t nodes_before = nodes_;
        std::vector<Move> moves;
        searched_moves(pos, moves);
        std::vector<Child> children;
        children.reserve(moves.size());
        for (Move m : moves) {
            pos.do_move(m);
            ++nodes_;
            table_.prefetch(key(pos));  // initial_value probes it after the game-end tests
            children.push_back({m, initial_value(pos)});
            pos.undo_move();
            const NodeValue& v = children.back().value;
            if ((or_node && v.proven()) || (!or_node && v.disproven() && !v.path)) break;
        }
        NodeValue v = combine(children, or_node);
        while (v.pn < th_pn && v.dn < th_dn && !spent()) {
            // The most proving child (least pn at OR nodes, least dn at AND nodes) and the
            // runner-up's number, which bounds how far the best may go before another is better.
            size_t best = 0;
            uint32_t second = kInfinity;
            auto phi = [&](const Child& c) { return or_node ? c.value.pn : c.value.dn; };
            for (size_t i = 1; i < children.size(); ++i) {
                if (phi(children[i]) < phi(children[best])) {
                    second = phi(children[best]);
                    best = i;
                } else {
                    second = std::min(second, phi(children[i]));
                }
            }
            Child& c = children[best];
            // 1 + epsilon (Pawlewicz & Lew): let the best child go a quarter past the runner-up.
            const uint32_t runner_up = saturated_sum(second, second / 4 + 1);
            uint32_t child_pn, child_dn;
            if (or_node) {
                child_pn = std::min(th_pn, runner_up);
                child_dn = saturated_sum(th_dn - v.dn, c.value.dn);
            } else {
                child_dn = std::min(th_dn, runner_up);
                child_pn = saturated_sum(th_pn - v.pn, c.value.pn);
            }
            pos.do_move(c.move);
            c.value = mid(pos, child_pn, child_dn);
            pos.undo_move();
            v = combine(children, or_node);
        }
        if (!v.path)
            table_.store(key(pos), {v.pn, v.dn}, nodes_ - nodes_before + 1);
        else if (v.proven() && !or_node)  // extract_or looks up the other side's positions
            remember_path_proof(pos);
        return v;
    }

    // Builds the proof below the ongoing position `pos`, the prover to move, into `node`: one
    // winning move. Tries the immediate wins, then the moves the table proved (or, proved through
    // the path, remembered in path_proofs_ for this line), then searches the node again on this
    // path (a few times, as stale entries are erased).
    bool extract_or(Position<BB>& pos, ProofNode& node, int attempt) {
        std::vector<Move> moves;
        legal_moves(pos, moves);
        if (add_immediate_win(pos, node, moves)) return true;
        for (Move m : moves) {
            pos.do_move(m);
            ProofNumbers stored;
            ProofNode child{m, {}, 0, 1};
            bool ok = false;
            if (classify(pos) == Leaf::Open) {
                if (table_.probe(key(pos), stored) && stored.pn == 0) {
                    ok = extract_and(pos, child, 0);
                    if (!ok) table_.erase(key(pos));
                } else if (!path_proofs_.empty()) {
                    // By key: extract_and's searches again may add to the set (or empty it).
                    const uint64_t line_key = path_key(pos);
                    if (path_proofs_.count(line_key)) {
                        ok = extract_and(pos, child, 0);
                        if (!ok) path_proofs_.erase(line_key);
                    }
                }
            }
            pos.undo_move();
            if (ok) return add_only_child(node, std::move(child));
            if (proof_nodes_ > max_proof_) return false;
        }
        return reprove(pos, attempt) && extract_or(pos, node, attempt + 1);
    }

    // Builds the proof below the ongoing position `pos`, the other side to move: every reply.
    bool extract_and(Position<BB>& pos, ProofNode& node, int attempt) {
        std::vector<Move> moves;
        legal_moves(pos, moves);
        node.children.clear();
        node.size = 1;  // a retry starts the node again
        node.height = 0;
        for (Move m : moves) {
            pos.do_move(m);
            const Leaf leaf = classify(pos);
            ProofNode child = won(leaf) ? won_leaf(pos, m, leaf) : ProofNode{m, {}, 0, 1};
            bool ok = won(leaf) || (leaf == Leaf::Open && extract_or(pos, child, 0)) ||
                      ((repeated(pos, leaf) || leaf == Leaf::CycleLeaf) &&
                       won_in_one_after_repetition(pos, child));
            // Else a cycle leaf is marked, and played out once the whole proof is built.
            // (A subtree given up later may leave proof_has_cycles_ set: one play-out pass more.)
            if (!ok && leaf == Leaf::CycleLeaf) {
                child.cycle = true;
                proof_has_cycles_ = true;
                ok = true;
            }
            pos.undo_move();
            if (!ok || proof_nodes_ > max_proof_) {
                node.children.clear();
                return reprove(pos, attempt) && extract_and(pos, node, attempt + 1);
            }
            ++proof_nodes_;
            node.height = std::max(node.height, child.height + 1);
            node.size += child.size;
            node.children.push_back(std::move(child));
        }
        return true;
    }

    // Adds to `node` a move of `moves` (the legal moves of `pos`, the prover to move) that wins
    // at once, if one does: a game end, or (with `table_wins`) a table win.
    bool add_immediate_win(Position<BB>& pos, ProofNode& node, const std::vector<Move>& moves,
                           bool table_wins = true) {
        for (Move m : moves) {
            pos.do_move(m);
            const Leaf leaf = classify(pos);
            const bool ok = leaf == Leaf::Win || (table_wins && leaf == Leaf::TableWin);
            const ProofNode child = ok ? won_leaf(pos, m, leaf) : ProofNode{};
            pos.undo_move();
            if (ok) return add_only_child(node, child);
        }
        return false;
    }

    // Whether `leaf`, the class of the ongoing `pos`, is a path leaf above the depth limit: a
    // repetition (or a table win that would end beyond the limit).
    bool repeated(const Position<BB>& pos, Leaf leaf) const {
        return leaf == Leaf::PathLeaf && !game_end(pos).over() &&
               !(max_depth_ && ply_of(pos) - root_ply_ >= max_depth_);
    }

    // A reply mid() left out (searched_moves) may return to a position of the path: a path leaf
    // for the search, but on the real path the game goes on and the prover wins at once. Adds
    // that win to `node`, if the prover has one by the rules: not a table win, which holds only
    // where no position since the last capture occurred twice (the scheme above).
    bool won_in_one_after_repetition(Position<BB>& pos, ProofNode& node) {
        std::vector<Move> moves;
        legal_moves(pos, moves);
        return add_immediate_win(pos, node, moves, false);
    }

    // Plays out the cycle leaves of the proof below `node` (the node of the ongoing `pos`) on the
    // real path: each becomes a copy of what the prover played from the position's previous
    // occurrence on the line (`line`: the prover's positions from the root to here, with their
    // nodes). Every node of the tree, copied or not, is judged again by the rules: a line that
    // makes a position's third occurrence ends there, a win for the prover when the other side
    // made it; a leaf must be a game end won by the prover or a table win (which holds on any
    // line: see the scheme above). Cycle leaves within a copy are played out in turn; max_proof_
    // bounds the tree as it stands (proof_nodes_: a copy adds its nodes, a line that ends sooner on
    // the longer path gives back those below it). False if a line is not won by the rules or the
    // proof grows past max_proof_.
    bool play_out_cycles(Position<BB>& pos, ProofNode& node,
                         std::vector<std::pair<uint64_t, const ProofNode*>>& line) {
        if (node.cycle) {
            const ProofNode* first = nullptr;
            for (auto it = line.rbegin(); it != line.rend() && !first; ++it)
                if (it->first == pos.key()) first = it->second;
            if (!first) return false;
            // `first`'s subtree holds `node`: copied whole before `node` changes.
            std::vector<ProofNode> copy = first->children;
            node.children = std::move(copy);
            node.cycle = false;
            proof_nodes_ += measure(node) - 1;  // the leaf itself was counted
            if (proof_nodes_ > max_proof_) return false;
        }
        const bool or_node = pos.side_to_move() == prover_;
        if (or_node) line.emplace_back(pos.key(), &node);
        bool ok = true;
        for (ProofNode& c : node.children) {
            pos.do_move(c.move);
            const Status s = game_end(pos);
            if (s.over()) {
                ok = s.outcome == win_for(prover_);
                if (!c.children.empty()) proof_nodes_ -= measure(c) - 1;
                c.children.clear();
                c.cycle = false;
                c.height = 0;
            } else if (c.table >= 0) {
                ok = true;  // a table win, as on the first pass
            } else {
                ok = (!c.children.empty() || c.cycle) && play_out_cycles(pos, c, line);
            }
            pos.undo_move();
            if (!ok) break;
        }
        if (or_node) line.pop_back();
        return ok;
    }

    // Sets the height and size of `node` and the nodes below it from its children; returns the
    // size.
    static size_t measure(ProofNode& node) {
        if (node.children.empty()) return node.size = 1;
        node.height = 0;
        node.size = 1;
        for (ProofNode& c : node.children) {
            node.size += measure(c);
            node.height = std::max(node.height, c.height + 1);
        }
        return node.size;
    }

    bool add_only_child(ProofNode& node, ProofNode child) {
        ++proof_nodes_;
        node.height = child.height + 1;
        node.size += child.size;
        node.children.assign(1, std::move(child));
        return true;
    }

    // Searches `pos` again on the real path, after a stored result did not hold there.
    bool reprove(Position<BB>& pos, int attempt) {
        constexpr int kAttempts = 4;
        if (attempt >= kAttempts || proof_nodes_ > max_proof_ || spent_total()) return false;
        table_.erase(key(pos));
        budget_end_ = std::min(node_limit_ ? node_limit_ : UINT64_MAX, extract_end_);
        return mid(pos, kInfinity, kInfinity).proven();
    }
    // Remembers that the line to `pos` is proved (forgets everything past kMaxPathProofs: the
    // extraction then searches again).
    void remember_path_proof(const Position<BB>& pos) {
        constexpr size_t kMaxPathProofs = 1 << 18;  // about 10 MB
        if (path_proofs_.size() >= kMaxPathProofs) path_proofs_.clear();
        path_proofs_.insert(path_key(pos));
    }
    bool spent_total() const {
        return (node_limit_ && nodes_ >= node_limit_) || nodes_ >= extract_end_ || stopped();
    }

    ProofTable& table_;
    const Side prover_;
    const uint64_t salt_;  // the two questions share the table under different keys
    const uint64_t node_limit_;
    const int max_depth_;
    const size_t max_proof_;
    uint64_t nodes_ = 0;
    uint64_t budget_end_ = 0;
    int root_ply_ = 0;
    uint64_t extract_end_ = UINT64_MAX;  // where extract()'s searches again must stop
    size_t proof_nodes_ = 0;  // nodes counted by the extraction, then the play-out (see there)
    bool proof_has_cycles_ = false;  // whether the proof being extracted has cycle leaves
    std::unordered_set<uint64_t> path_proofs_;  // path_key()s of lines proved through the path
    const std::atomic<bool>* stop_ = nullptr;
    const tablebase::Prober* tables_ = nullptr;
    bool guided_ = true;
    bool cycle_leaves_allowed_ = true;
};

}  // namespace branan::solver
