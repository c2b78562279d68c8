// SPDX-License-Identifier: GPL-3.0-or-later
// The search: iterative deepening, principal variation search with aspiration windows, a shared
// transposition table, killer and history move ordering, late-move reductions and pruning, and a
// quiescence search over captures and threats to win at once (core/threats.h). Worker<BB> is
// one search thread; Lazy SMP runs several on one shared table (engine.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/move_checks.h"
#include "core/position.h"
#include "core/threats.h"
#include "engine/move_picker.h"
#include "engine/search_types.h"
#include "engine/static_eval.h"
#include "engine/thread_data.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace branan {

namespace tablebase {
class Prober;
}

// Results that rest on the game's history, not on the position alone: a repetition's verdict
// (the repeater loses or wins) and a loss for want of a move that is forbidden as a repetition
// here. Such a result holds on this path only: stored in the transposition table as a mate it
// would cut off other paths to the same position, where no repetition threatens (Stockfish
// guards the same graph-history interaction in value_from_tt), and a "proven" result would end
// iterative deepening early. So the search scores them as won or lost but never as mates: a band
// just below the mate scores, nearer results higher, which the table stores as it stores any
// score and which no test of a proven result (is_mate_score) accepts. Real mates still rank
// above them, and a mate survives only where every line of its proof ends in a real verdict.
// The one exception is a root move's own verdict (ply 1): the game's real history decides it,
// and a ply-1 verdict is returned before any table store. Draws score 0 but for the contempt
// (SharedSearch::contempt), as in Stockfish: the table may then keep a draw scored for the
// other root side until it is overwritten, the price Stockfish pays too.
constexpr Score kScoreHistoryWin = kScoreMateBound - 1;
constexpr Score history_win_in(int ply) {
    return kScoreHistoryWin - ply;
}

// The deepest iteration a search may complete.
inline int max_depth(const SearchLimits& limits) {
    return limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
}

// Which thread's result a search reports, from the depths the threads completed (index 0: the
// main thread): the main thread's, unless the search has a depth limit and a thread completed
// it: then the first that did, whose last iteration is the one the limit asks for.
inline size_t chosen_thread(const std::vector<int>& completed_depths, const SearchLimits& limits) {
    if (limits.depth > 0)
        for (size_t i = 0; i < completed_depths.size(); ++i)
            if (completed_depths[i] >= max_depth(limits)) return i;
    return 0;
}

// What all threads of one search share.
struct SharedSearch {
    TranspositionTable* tt = nullptr;
    const EvalWeights* weights = nullptr;
    SearchLimits limits;
    TimeManager time;
    std::atomic<bool> stop{false};
    std::atomic<bool> pondering{false};  // time limits wait for ponderhit
    // Set while pondering when the search would have stopped (time spent, result proven):
    // ponderhit then stops it at once.
    std::atomic<bool> stop_on_ponderhit{false};
    int multipv = 1;
    // What a draw is worth to the side to move at the root, negated (Worker::verdict_score): a
    // positive contempt makes the engine avoid draws, a negative one seek them.
    Score contempt = 0;
    // The evaluation's zero point for the attackers (Engine::eval_offset): subtracted from every
    // static score (StaticEval).
    Score eval_offset = 0;
    // The learned evaluation's network for this game (docs/nnue.md), or none: the hand-written
    // evaluation.
    const nnue::Network* net = nullptr;
    std::function<uint64_t()> total_nodes;  // over all threads
    // The endgame tables the search probes (tablebase/probe.h), active ones only; null for none.
    const tablebase::Prober* tables = nullptr;
    std::atomic<uint64_t> tbhits{0};  // positions found in them, over all threads
};

struct RootMove {
    Move move;
    Score score = -kScoreInfinite;
    Score previous = -kScoreInfinite;
    bool lowerbound = false, upperbound = false;
    int seldepth = 0;
    std::vector<Move> pv;
};

template <class BB>
class Worker {
  public:
    // `root_moves` are the legal moves to search (forbidden repetitions and searchmoves applied).
    // `data`: what the thread keeps between searches (thread_data.h), used and updated in place:
    // its quiet-move history, of history_size() entries (zeros for a worker that starts from
    // nothing), and its evaluation cache.
    Worker(int id, SharedSearch& shared, const Position<BB>& root,
           const std::vector<Move>& root_moves, ThreadData& data)
        : id_(id),
          shared_(shared),
          pos_(root),
          root_side_(root.side_to_move()),
          history_(data.history),
          eval_(*shared.weights, shared.eval_offset, shared.net, data.eval_cache) {
        assert(static_cast<int>(history_.size()) == history_size());
        for (Move m : root_moves)
            roots_.push_back(RootMove{m, -kScoreInfinite, -kScoreInfinite, false, false, 0, {m}});
        // The table's move first: it is the answer of a search stopped before any root move is
        // searched (else the first move in generation order).
        TTData tt;
        if (shared_.tt && shared_.tt->probe(root.key(), tt)) {
            const auto it = std::find_if(roots_.begin(), roots_.end(),
                                         [&](const RootMove& rm) { return rm.move == tt.move; });
            if (it != roots_.end()) std::rotate(roots_.begin(), it, it + 1);
        }
    }

    // Deepens until stopped, by a limit or by `stop`. `report` gets one info per completed PV line
    // (main thread only). A helper that completes the depth limit first stops the search.
    void iterate(const std::function<void(const SearchInfo&)>& report);
    // One info per PV line of the last completed iteration.
    void report_lines(const std::function<void(const SearchInfo&)>& report) const;
    // The info of a search stopped before its first iteration completed: depth 0, the first root
    // move (the table's, or the best one searched) and its score if searched, else the static
    // evaluation. Only once the search has returned to the root.
    SearchInfo unfinished_info() const;

    static constexpr int history_size() { return 2 * kSquares * kSquares; }
    const std::vector<RootMove>& root_moves() const { return roots_; }
    int completed_depth() const { return completed_depth_; }
    std::atomic<uint64_t> nodes{0};  // written by this worker only, read by any thread

  private:
    // A plain increment: with one writer a locked read-modify-write is not needed.
    void count_node() {
        nodes.store(nodes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }

    Score search(Score alpha, Score beta, int depth, int ply, bool pv_node);
    Score qsearch(Score alpha, Score beta, int ply, int qdepth);
    // With a threat to win at once (threat_to_answer) below the root, the moves that may stop
    // it (threats.h's threat_stoppers): the other moves lose at once and are not made. Nullopt
    // at the root, where every move is searched.
    std::optional<ThreatStoppers<BB>> threat_stoppers(const Threat<BB>& threat, int ply) const;
    // The score of a node where threat_stoppers gave `stoppers` and none of their moves was made
    // (none exists, or each was forbidden): every other move loses at once, in two plies, or on
    // this path only when a forbidden move might have saved it (`forbidden`). Nullopt without
    // `stoppers`, or when the side has no move at all (the rules' verdict on that is the
    // caller's).
    std::optional<Score> threat_unstopped(const std::optional<ThreatStoppers<BB>>& stoppers,
                                          bool forbidden, int ply) const;
    Score search_root(Score alpha, Score beta, int depth);
    // The endgame tables' word on the node (below the root): a score that ends it, or nothing.
    std::optional<Score> probe_tables(Score alpha, Score beta, int ply, bool pv_node);

    // The rules' verdict on the node before its moves (game_end.h: the last move's verdict,
    // then a third occurrence), Ongoing when the game goes on.
    Status verdict_before_moves() const;
    // Plays `m` unless it would make a repetition the rules forbid; then nothing is played,
    // `forbidden` is set and the answer is false.
    bool play_unless_forbidden(Move m, bool& forbidden);
    // `from_history`: the verdict holds on this path only (see kScoreHistoryWin); a repetition's
    // verdict below the root's moves always counts as such. A draw is worth -contempt to the
    // root's side to move, +contempt to the other.
    Score verdict_score(Status s, int ply, bool from_history = false) const;
    Score no_move_score(int ply) const { return verdict_score(no_move_verdict(pos_), ply); }
    // The static evaluation for the side to move, relative to the rules' zero point.
    Score static_eval() const { return eval_(pos_); }
    // Neither a capture nor a king move to an escape square: what the move picker orders by
    // killers and history.
    bool is_quiet(Move m) const { return !is_tactical(pos_, m); }
    // The quiet moves a node tried before a cutoff, as far as history updates look.
    static constexpr int kMaxQuiets = 64;
    using QuietList = BasicMoveList<kMaxQuiets>;
    void update_quiet_stats(Move m, int ply, int depth, const QuietList& list, int tried);
    void update_pv(int ply, Move m);
    void check_limits();
    // Whether the search must end now: `stop` is set (by the user, a limit or another thread).
    // Any iteration, the first included, ends at once: the root moves hold a legal answer from
    // the start (the table's move first).
    bool stopped() const { return shared_.stop.load(std::memory_order_relaxed); }
    SearchInfo make_info(int depth, int pv_index) const;
    int lines() const { return std::min<int>(shared_.multipv, static_cast<int>(roots_.size())); }

    // The history of side s, indexed from * kSquares + to.
    const int* history_of(Side s) const { return history_.data() + index(s) * kSquares * kSquares; }
    // The countermove slot of the move that led to the current node (none at the game's root).
    Move* counter_slot() {
        const Move prev = pos_.last_move();
        return prev == Move{} ? nullptr
                              : &counters_[index(pos_.side_to_move()) * kSquares + prev.to];
    }
    Move countermove() {
        const Move* slot = counter_slot();
        return slot ? *slot : Move{};
    }

    int id_;
    SharedSearch& shared_;
    Position<BB> pos_;
    Side root_side_;  // the side to move at the root, for the contempt of draws
    std::vector<RootMove> roots_;
    int pv_index_ = 0;
    int root_depth_ = 0;
    int completed_depth_ = 0;
    int seldepth_ = 0;
    std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
    // history_[(side * kSquares + from) * kSquares + to]
    static constexpr int kSquares = max_squares<BB>;
    // The quiet move that last cut off after a move to a square: counters_[side * kSquares + to],
    // `side` the side to move after it (Move{} for none).
    std::array<Move, 2 * kSquares> counters_{};
    QuietHistory& history_;
    // Mutable: evaluating updates the thread's cache and accumulators, not what the search sees.
    mutable StaticEval<BB> eval_;
    std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv_{};
    std::array<int, kMaxPly + 1> pv_length_{};
    uint64_t calls_ = 0;
};

// The definitions are in search.cpp, instantiated there for every bitboard width.

}  // namespace branan
