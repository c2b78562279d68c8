// SPDX-License-Identifier: GPL-3.0-or-later
// The search's definitions (declared in search.h), instantiated for every bitboard width.
#include "engine/search.h"

#include <array>
#include <cmath>
#include <cstring>

#include "core/game_end.h"
#include "core/quiet_move_facts.h"
#include "core/threats.h"
#include "tablebase/probe.h"

namespace branan {

namespace {

// Late-move reductions: kReductions[depth][move number], both below 64.
const std::array<std::array<int, 64>, 64> kReductions = [] {
    std::array<std::array<int, 64>, 64> r{};
    for (int d = 1; d < 64; ++d)
        for (int m = 1; m < 64; ++m)
            r[d][m] = static_cast<int>(0.5 + std::log(d) * std::log(m) / 2.2);
    return r;
}();

// The quiescence search's move cap on the widest boards (see qsearch): boards of at least
// kCappedQsearchBoard squares a side, from qdepth kCappedQsearchFrom on, play at most
// kCappedQsearchMoves moves at a node that no win in one threatens.
constexpr int kCappedQsearchBoard = 19;
constexpr int kCappedQsearchFrom = 2;
constexpr int kCappedQsearchMoves = 4;

}  // namespace

template <class BB>
void Worker<BB>::check_limits() {
    // Every 256 calls: a few milliseconds at the slowest nodes/s of the widest boards.
    if (++calls_ & 255) return;
    if (id_ != 0) return;
    const auto& limits = shared_.limits;
    if (limits.nodes && shared_.total_nodes() >= limits.nodes) shared_.stop = true;
    if (!shared_.pondering && shared_.time.out_of_time()) shared_.stop = true;
}

template <class BB>
Status Worker<BB>::verdict_before_moves() const {
    if (const Status s = move_verdict(pos_); s.over()) return s;
    return repetition_verdict(pos_);
}

// A verdict as a score for the side to move at `ply`.
template <class BB>
bool Worker<BB>::play_unless_forbidden(Move m, bool& forbidden) {
    pos_.do_move(m);
    if (!repetition_forbidden(pos_)) return true;
    pos_.undo_move();
    forbidden = true;
    return false;
}

template <class BB>
Score Worker<BB>::verdict_score(Status s, int ply, bool from_history) const {
    if (s.outcome == Outcome::Draw)
        return pos_.side_to_move() == root_side_ ? kScoreDraw - shared_.contempt
                                                 : kScoreDraw + shared_.contempt;
    const bool won = s.outcome == win_for(pos_.side_to_move());
    if (from_history || (s.reason == OutcomeReason::Repetition && ply > 1))
        return won ? history_win_in(ply) : -history_win_in(ply);
    return won ? mate_in(ply) : mated_in(ply);
}

template <class BB>
void Worker<BB>::update_quiet_stats(Move m, int ply, int depth, const QuietList& list, int tried) {
    if (!(killers_[ply][0] == m)) {
        killers_[ply][1] = killers_[ply][0];
        killers_[ply][0] = m;
    }
    if (Move* slot = counter_slot()) *slot = m;
    const int us = index(pos_.side_to_move());
    const int bonus = std::min(depth * depth, 400);
    auto adjust = [&](Move x, int delta) {
        int& h = history_[(us * kSquares + x.from) * kSquares + x.to];
        h += delta - h * std::abs(delta) / 16384;
    };
    adjust(m, bonus);
    // Quiet moves tried before the cutoff were worse.
    for (int i = 0; i < tried; ++i)
        if (!(list[i] == m)) adjust(list[i], -bonus);
}

template <class BB>
void Worker<BB>::update_pv(int ply, Move m) {
    pv_[ply][0] = m;
    const int child = pv_length_[ply + 1];
    for (int i = 0; i < child; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
    pv_length_[ply] = child + 1;
}

template <class BB>
std::optional<ThreatStoppers<BB>> Worker<BB>::threat_stoppers(const Threat<BB>& threat,
                                                              int ply) const {
    if (ply == 0) return std::nullopt;
    return branan::threat_stoppers(pos_, threat);
}

template <class BB>
std::optional<Score> Worker<BB>::threat_unstopped(const std::optional<ThreatStoppers<BB>>& stoppers,
                                                  bool forbidden, int ply) const {
    if (!stoppers || !pos_.has_moves()) return std::nullopt;
    return forbidden ? -history_win_in(ply) : mated_in(ply + 2);
}

template <class BB>
Score Worker<BB>::qsearch(Score alpha, Score beta, int ply, int qdepth) {
    // A child is searched only below kMaxPly, so ply + 1 indexes the per-ply arrays.
    assert(ply >= 0 && ply <= kMaxPly && qdepth >= 0);
    assert(-kScoreInfinite <= alpha && alpha < beta && beta <= kScoreInfinite);
    count_node();
    pv_length_[ply] = 0;
    seldepth_ = std::max(seldepth_, ply);
    check_limits();
    if (const Status s = verdict_before_moves(); s.over()) return verdict_score(s, ply);
    const Side us = pos_.side_to_move();

    // 1. A win in one move ends the line: the king's escape, an exit fort, his capture (not
    // under special rules, whose jumps, commanders and berserk turns threats.h does not know).
    const bool special = pos_.tables().special;
    if (!special &&
        (us == Side::Defenders ? defenders_win_in_one(pos_) : king_captured_in_one(pos_)))
        return mate_in(ply + 1);
    // A side with no move has lost (or drawn) whatever its position looks like.
    if (!pos_.has_moves()) return no_move_score(ply);
    if (ply >= kMaxPly || stopped()) return static_eval();

    // 2. Stand pat, unless a win in one threatens the side to move (the king's escape, or his
    // capture): then every move is searched, to 8 plies of the quiescence search (12 let the
    // threat chains of edge-escape Tablut take most of the nodes; README, "Elo history"). A
    // threatened node evaluates only where it stops there.
    const Threat<BB> threat = threat_to_answer(pos_);
    const bool threatened = threat.any;
    Score best = -kScoreInfinite;
    if (!threatened) {
        const Score eval = static_eval();
        if (eval >= beta) return eval;
        alpha = std::max(alpha, eval);
        best = eval;
        if (qdepth >= 6) return eval;
    } else if (qdepth >= 8) {
        return static_eval();
    }

    // 3. Captures (all moves when threatened), best first; for the defenders also the king's
    // forks, moves to a square from which he has two ways out, and at the first ply of the
    // quiescence search every king move that threatens an escape; for the attackers, at the
    // first ply, every move to a square beside the king.
    const BB beside_king = pos_.tables().geo.adjacent[pos_.king()];
    const bool first_ply = qdepth == 0;
    const auto forcing = [&](Move m) {
        return threatened || (us == Side::Defenders ? m.from == pos_.king() &&
                                                          king_threatens(pos_, m, first_ply ? 1 : 2)
                                                    : first_ply && test(beside_king, m.to));
    };
    // Facing a win in one, only the moves that may stop it are made.
    const std::optional<ThreatStoppers<BB>> stoppers = threat_stoppers(threat, ply);
    if (stoppers && stoppers->none())
        if (const std::optional<Score> s = threat_unstopped(stoppers, false, ply)) return *s;
    // Only the quiet moves `forcing` (and `stoppers`) may keep are generated.
    const QuietMoves<BB> candidates = stoppers && !stoppers->from ? QuietMoves<BB>::to(stoppers->to)
                                      : threatened                ? QuietMoves<BB>::all()
                                      : us == Side::Defenders     ? QuietMoves<BB>::king()
                                      : first_ply                 ? QuietMoves<BB>::to(beside_king)
                                                                  : QuietMoves<BB>::none();
    MovePicker<BB, decltype(forcing)> picker(pos_, Move{}, killers_[ply], countermove(),
                                             history_of(us), kSquares, forcing, INT_MAX,
                                             candidates);
    int legal = 0;
    bool forbidden = false, quiet = false;
    const bool capped = pos_.tables().geo.size >= kCappedQsearchBoard && !threatened &&
                        qdepth >= kCappedQsearchFrom;
    for (Move m; !((m = picker.next(quiet)) == Move{});) {
        if (stoppers && !stoppers->may_stop(m, !quiet)) continue;
        // On 19x19 boards, from its third ply on, a node that no win in one threatens plays only
        // its first four moves (the best ordered): on dense boards every capture played to the
        // 6-ply cap made a depth-1 search of 1.3 million nodes. Measured on 19x19 only; on 9x9
        // (Tablut) it lost Elo (docs/strength.md, "Elo history").
        if (capped && legal >= kCappedQsearchMoves) break;
        if (!play_unless_forbidden(m, forbidden)) continue;
        // The child evaluates after its verdict and threat tests: time enough for the cache's
        // entry to arrive (its key known now, captures included, as most of these moves are).
        eval_.prefetch(pos_.key());
        ++legal;
        // A berserk continuation keeps the side to move: its score is not negated.
        const Score score = pos_.side_to_move() == us
                                ? qsearch(alpha, beta, ply + 1, qdepth + 1)
                                : -qsearch(-beta, -alpha, ply + 1, qdepth + 1);
        pos_.undo_move();
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) break;
            }
        }
    }
    if (threatened && legal == 0) {
        // No move stops the threat: each other move loses at once.
        if (const std::optional<Score> s = threat_unstopped(stoppers, forbidden, ply)) return *s;
        // Every move forbidden (a third repetition): no move at all, on this path.
        return verdict_score(no_move_verdict(pos_), ply, true);
    }
    // A loss that a forbidden move might have saved is not a proven one (kScoreHistoryWin).
    if (forbidden && best <= -kScoreMateBound) best = -history_win_in(ply);
    return best;
}

template <class BB>
Score Worker<BB>::search(Score alpha, Score beta, int depth, int ply, bool pv_node) {
    assert(ply >= 0 && ply <= kMaxPly);
    assert(-kScoreInfinite <= alpha && alpha < beta && beta <= kScoreInfinite);
    assert(pv_node || beta - alpha == 1);
    pv_length_[ply] = 0;
    if (const Status s = verdict_before_moves(); s.over()) return verdict_score(s, ply);
    if (depth <= 0) return qsearch(alpha, beta, ply, 0);
    count_node();
    seldepth_ = std::max(seldepth_, ply);
    check_limits();
    if (stopped()) return 0;
    if (ply >= kMaxPly) return static_eval();

    // 1. Mate distance pruning.
    alpha = std::max(alpha, mated_in(ply));
    beta = std::min(beta, mate_in(ply + 1));
    if (alpha >= beta) return alpha;

    // 2. Transposition table.
    const uint64_t key = pos_.key();
    TTData tt;
    const bool tt_hit = shared_.tt->probe(key, tt);
    Move tt_move = tt_hit ? tt.move : Move{};
    if (tt_hit && !pv_node && tt.depth >= depth) {
        const Score s = score_from_tt(tt.score, ply);
        if (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && s >= beta) ||
            (tt.bound == Bound::Upper && s <= alpha)) {
            // A quiet TT move that cuts off teaches the killers and history, as in the loop.
            if (s >= beta && !(tt_move == Move{}) && is_quiet(tt_move)) {
                const QuietList none;
                update_quiet_stats(tt_move, ply, depth, none, 0);
            }
            return s;
        }
    }

    // 2b. The endgame tables, when the search has them (one predictable branch otherwise).
    if (shared_.tables) [[unlikely]]
        if (const std::optional<Score> s = probe_tables(alpha, beta, ply, pv_node)) return *s;

    // 3. A win in one move (not under special rules: see qsearch).
    const Side us = pos_.side_to_move();
    if (!pos_.tables().special &&
        (us == Side::Defenders ? defenders_win_in_one(pos_) : king_captured_in_one(pos_)))
        return mate_in(ply + 1);

    const Threat<BB> threat = threat_to_answer(pos_);
    const bool threatened = threat.any;
    // Only reverse futility reads the static score, never at a threatened node: such a node
    // makes none and stores kNoEval. A node not threatened that finds kNoEval in its entry
    // evaluates: a threat depends on the position alone but under OpenTafl's flanking
    // shieldwall, where it depends on which pieces have moved, which the key leaves out.
    const Score eval = threatened                     ? kNoEval
                       : tt_hit && tt.eval != kNoEval ? tt.eval
                                                      : static_eval();
    // Facing a win in one, only the moves that may stop it are searched.
    const std::optional<ThreatStoppers<BB>> stoppers = threat_stoppers(threat, ply);
    if (stoppers && stoppers->none())
        if (const std::optional<Score> s = threat_unstopped(stoppers, false, ply)) return *s;

    // 4. Reverse futility: far above beta at low depth, trust the static score; not where the
    // rules forbid a third occurrence and this position has been met before, as then every move
    // may be forbidden, which loses (or draws) whatever the static score says.
    if (!pv_node && !threatened && depth <= 4 && !is_mate_score(beta) &&
        eval - 90 * depth >= beta &&
        !(pos_.tables().rules.repetition == RepetitionRule::Forbidden && pos_.key_seen_before()))
        return eval;

    // 5. Internal iterative reduction: with no move from the table to try first, the ordering is
    // a guess; search one ply less (the next iteration finds the table move this one stores).
    // Helper threads search two plies less: they run further ahead of the main thread and fill
    // the table for it sooner (README, "Threads": the main thread reaches its depths sooner, and
    // 2 threads play no worse). Their depths mean less, so a depth limit is the main thread's to
    // judge (iterate).
    if (depth >= 4 && tt_move == Move{}) depth -= id_ == 0 ? 1 : 2;

    // 6. The moves.
    // Late-move pruning is decided before a move is made: near the leaves, a quiet move this far
    // down the ordering is not searched, unless a win in one is at stake (a threat to the side to
    // move, or a win or a way out for the king that the move may bring: QuietMoveFacts) or every
    // move so far loses. The moves past that point need no order.
    const bool may_prune_late = !pv_node && !threatened && depth <= 4;
    const int late = 4 + 3 * depth * depth;  // moves searched before pruning starts
    MovePicker<BB> picker(pos_, tt_move, killers_[ply], countermove(), history_of(us), kSquares,
                          AllMoves{}, may_prune_late ? late + 1 : INT_MAX);
    Score best = -kScoreInfinite;
    Move best_move{};
    int legal = 0;
    bool forbidden = false, quiet = false;
    QuietList quiets;
    const Score original_alpha = alpha;
    std::optional<QuietMoveFacts<BB>> facts;  // worked out at the first move it could prune
    bool none_matter = false;                 // facts->none_may_matter(), asked once
    // Late-move pruning's ground: the `count`th move, quiet, past the first `late`, while some
    // move so far does not lose.
    const auto late_quiet = [&](int count) {
        return may_prune_late && quiet && count > late && best > -kScoreMateBound;
    };
    // Once a late quiet move came, every move after it is one too (quiet, further down, and
    // `best` only rises): the picker skips those that cannot matter, counted as if pruned here.
    bool skipping = false;
    const auto may_matter = [&](Move x) { return facts->may_matter(x); };
    // Whether a child probes the table (a child at depth 0 goes to the quiescence search, which
    // does not): only then is its entry prefetched (alea-evangelii 2.5% to 5% less CPU time,
    // measurements.md). The escape extension below is the one exception.
    const bool children_probe = depth > 1;
    for (;;) {
        Move m;
        if (skipping) {
            // A late quiet move that may matter (next_mattering asked), or none when no quiet
            // move can (the moves left dropped and counted at once).
            const std::optional<int> dropped =
                none_matter ? picker.skip_quiets_left() : std::nullopt;
            int skipped = 0;
            m = dropped ? Move{} : picker.next_mattering(quiet, may_matter, skipped);
            legal += dropped.value_or(skipped);
        } else {
            m = picker.next(quiet);
            if (!(m == Move{}) && late_quiet(legal + 1)) {
                if (!facts) {
                    facts.emplace(pos_);
                    none_matter = facts->none_may_matter();
                }
                skipping = true;
                if (!facts->may_matter(m)) {
                    ++legal;
                    continue;
                }
            }
        }
        if (m == Move{}) break;
        // Facing a win in one, a move that cannot stop it is not made: it loses at once. Its
        // quiet ones are still listed (the picker hands them out) for the history to learn, at a
        // cutoff by a move that stops it, that they failed here: without that lesson the
        // attackers' move order elsewhere was worse (facing the king's escape, Tablut's middle
        // game of scripts/speed_positions.txt took 1,450,703 nodes to depth 11 instead of
        // 698,030).
        if (stoppers && !stoppers->may_stop(m, !quiet)) {
            if (quiet && quiets.size() < kMaxQuiets) quiets.push(m);
            continue;
        }
        // The child's table and evaluation cache entries are loaded while the move is made
        // (again if the key differs from the one foreseen: a capture, or state that key_after
        // does not know); the table's only where the child probes it (children_probe).
        const uint64_t foreseen = pos_.key_after(m);
        if (children_probe) {
            shared_.tt->prefetch(foreseen);
            // The next sorted quiet move's child too: its load then has this child's whole
            // search to arrive in (measurements.md, twenty-second entry).
            if (const Move after = picker.peek(); !(after == Move{}))
                shared_.tt->prefetch(pos_.key_after(after));
        }
        eval_.prefetch(foreseen);
        if (!play_unless_forbidden(m, forbidden)) continue;
        if (pos_.key() != foreseen) {
            if (children_probe) shared_.tt->prefetch(pos_.key());
            eval_.prefetch(pos_.key());
        }
        ++legal;
        // A move that wins at once (a ring closed, an exit fort built: quiet moves) is never
        // pruned or reduced.
        const bool wins = pos_.status().outcome == win_for(us);
        // Extend a defender move that opens a way out for the king: the attackers must answer.
        const bool opens_escape =
            us == Side::Defenders && !pos_.status().over() && king_sees_escape(pos_);
        const int new_depth = depth - 1 + (opens_escape && ply < 2 * root_depth_ ? 1 : 0);
        if (!children_probe && new_depth > 0) shared_.tt->prefetch(pos_.key());
        // What QuietMoveFacts could not rule out is pruned here, once made and judged.
        if (late_quiet(legal) && !opens_escape && !wins) {
            pos_.undo_move();
            continue;
        }
        // The child's score for us in the window (a, b): negated unless a berserk continuation
        // keeps the side to move.
        auto child = [&](Score a, Score b, int d, bool pv) {
            return pos_.side_to_move() == us ? search(a, b, d, ply + 1, pv)
                                             : -search(-b, -a, d, ply + 1, pv);
        };
        Score score;
        if (legal == 1) {
            score = child(alpha, beta, new_depth, pv_node);
        } else {
            int r = 0;
            if (depth >= 3 && quiet && !opens_escape && !wins && !threatened)
                r = std::min(kReductions[std::min(depth, 63)][std::min(legal, 63)] + !pv_node,
                             new_depth - 1);
            r = std::max(r, 0);
            score = child(alpha, alpha + 1, new_depth - r, false);
            if (score > alpha && r > 0) score = child(alpha, alpha + 1, new_depth, false);
            if (score > alpha && score < beta) score = child(alpha, beta, new_depth, true);
        }
        pos_.undo_move();
        if (stopped()) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                if (pv_node) update_pv(ply, m);
                if (score >= beta) {
                    if (quiet) update_quiet_stats(m, ply, depth, quiets, quiets.size());
                    break;
                }
            }
        }
        if (quiet && quiets.size() < kMaxQuiets) quiets.push(m);
    }
    if (legal == 0) {
        // No move stops the threat: each other move loses at once.
        if (const std::optional<Score> s = threat_unstopped(stoppers, forbidden, ply)) return *s;
        // No move at all, or every move forbidden here as a repetition (a loss on this path only).
        return verdict_score(no_move_verdict(pos_), ply, forbidden);
    }
    // A loss that a forbidden move might have saved is not a proven one (kScoreHistoryWin).
    if (forbidden && best <= -kScoreMateBound) best = -history_win_in(ply);

    const Bound bound = best >= beta            ? Bound::Lower
                        : best > original_alpha ? Bound::Exact
                                                : Bound::Upper;
    shared_.tt->store(key, TTData{best_move, score_to_tt(best, ply), eval, depth, bound});
    return best;
}

// A table win in d plies is a score of at least mate_in(ply + d), a loss one of at most
// mated_in(ply + d): the table's line repeats no position, and a repetition can only end the game
// sooner (tablebase.md). They end the node when they are outside the window, and at a PV node,
// where the search below would find the same score through the tables (its children are in
// them too) for want of a repetition; else the node is searched. A position neither side can win is
// a draw where repetition draws (or does not count); elsewhere the rules' repetition verdict
// decides it, which the tables do not know: the node is searched.
template <class BB>
std::optional<Score> Worker<BB>::probe_tables(Score alpha, Score beta, int ply, bool pv_node) {
    using Kind = tablebase::ProbeResult::Kind;
    const tablebase::ProbeResult r = shared_.tables->probe(pos_);
    if (r.kind == Kind::Outside) return std::nullopt;
    shared_.tbhits.fetch_add(1, std::memory_order_relaxed);
    if (r.kind == Kind::Win) {
        if (const Score v = mate_in(ply + r.distance); v >= beta || pv_node) return v;
    } else if (r.kind == Kind::Loss) {
        if (const Score v = mated_in(ply + r.distance); v <= alpha || pv_node) return v;
    } else if (shared_.tables->no_win_is_draw()) {
        return verdict_score({Outcome::Draw, OutcomeReason::Repetition}, ply);
    }
    return std::nullopt;
}

// Searches the root moves from pv_index_ on; keeps each one's score for sorting.
template <class BB>
Score Worker<BB>::search_root(Score alpha, Score beta, int depth) {
    count_node();
    pv_length_[0] = 0;
    Score best = -kScoreInfinite;
    int searched = 0;
    for (size_t i = pv_index_; i < roots_.size(); ++i) {
        RootMove& rm = roots_[i];
        seldepth_ = 0;
        const Side us = pos_.side_to_move();
        pos_.do_move(rm.move);
        // The child's score for us: negated unless a berserk continuation keeps the side to move.
        auto child = [&](Score a, Score b, int d, bool pv) {
            return pos_.side_to_move() == us ? search(a, b, d, 1, pv) : -search(-b, -a, d, 1, pv);
        };
        const bool opens_escape = pos_.side_to_move() == Side::Attackers && !pos_.status().over() &&
                                  king_sees_escape(pos_);
        const int new_depth = depth - 1 + (opens_escape ? 1 : 0);
        Score score;
        if (searched == 0) {
            score = child(alpha, beta, new_depth, true);
        } else {
            score = child(alpha, alpha + 1, new_depth, false);
            if (score > alpha && score < beta) score = child(alpha, beta, new_depth, true);
        }
        pos_.undo_move();
        ++searched;
        if (stopped()) return best == -kScoreInfinite ? 0 : best;
        if (searched == 1 || score > alpha) {
            rm.score = score;
            rm.seldepth = seldepth_;
            rm.lowerbound = score >= beta;
            rm.upperbound = score <= alpha;
            rm.pv.assign(1, rm.move);
            for (int k = 0; k < pv_length_[1]; ++k) rm.pv.push_back(pv_[1][k]);
        } else {
            rm.score = -kScoreInfinite;  // below the window: sorts after the others
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) break;
            }
        }
    }
    return best;
}

template <class BB>
SearchInfo Worker<BB>::make_info(int depth, int pv_index) const {
    const RootMove& rm = roots_[pv_index];
    SearchInfo info;
    info.depth = depth;
    info.seldepth = std::max(rm.seldepth, depth);
    info.multipv = pv_index + 1;
    info.score = rm.score == -kScoreInfinite ? rm.previous : rm.score;
    info.lowerbound = rm.lowerbound;
    info.upperbound = rm.upperbound;
    info.nodes = shared_.total_nodes();
    info.time_ms = shared_.time.elapsed_ms();
    info.nps = shared_.time.per_second(info.nodes);
    info.hashfull = shared_.tt->hashfull();
    info.pv = rm.pv;
    if (shared_.tables) info.tbhits = shared_.tbhits.load(std::memory_order_relaxed);
    return info;
}

template <class BB>
SearchInfo Worker<BB>::unfinished_info() const {
    SearchInfo info = make_info(0, 0);
    info.seldepth = 0;
    info.lowerbound = info.upperbound = false;
    if (info.score == -kScoreInfinite) info.score = static_eval();
    info.pv.assign(1, roots_[0].move);
    return info;
}

template <class BB>
void Worker<BB>::report_lines(const std::function<void(const SearchInfo&)>& report) const {
    for (int line = 0; line < lines(); ++line) report(make_info(completed_depth_, line));
}

template <class BB>
void Worker<BB>::iterate(const std::function<void(const SearchInfo&)>& report) {
    const auto& limits = shared_.limits;
    const int last_depth = max_depth(limits);
    Move last_best{};
    Score last_score = -kScoreInfinite;
    int stable = 0;
    for (int depth = 1; depth <= last_depth; ++depth) {
        // Lazy SMP: helper threads skip depths in staggered patterns, so that the threads
        // spread over several depths and fill the shared table for each other. None skips a
        // depth limit (a helper that completes it first then waits for the main thread).
        if (id_ > 0 && depth < last_depth) {
            static constexpr int kSkipSize[] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                                3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
            static constexpr int kSkipPhase[] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3,
                                                 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
            const int i = (id_ - 1) % 20;
            if (((depth + kSkipPhase[i]) / kSkipSize[i]) % 2) continue;
        }
        root_depth_ = depth;
        for (auto& rm : roots_) rm.previous = rm.score;
        for (pv_index_ = 0; pv_index_ < lines(); ++pv_index_) {
            // Aspiration window around the last score, widened on failure.
            const Score prev = roots_[pv_index_].previous;
            Score delta = 30;
            Score alpha = -kScoreInfinite, beta = kScoreInfinite;
            if (depth >= 4 && !is_mate_score(prev) && prev != -kScoreInfinite) {
                alpha = std::max(prev - delta, -kScoreInfinite);
                beta = std::min(prev + delta, kScoreInfinite);
            }
            for (;;) {
                const Score score = search_root(alpha, beta, depth);
                std::stable_sort(
                    roots_.begin() + pv_index_, roots_.end(),
                    [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
                if (stopped()) break;
                if (score <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = std::max(score - delta, -kScoreInfinite);
                } else if (score >= beta) {
                    beta = std::min(score + delta, kScoreInfinite);
                } else {
                    break;
                }
                delta += delta / 2 + 10;
            }
            std::stable_sort(
                roots_.begin(), roots_.begin() + pv_index_ + 1,
                [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
            if (stopped()) break;
        }
        if (stopped()) break;
        completed_depth_ = depth;
        // A helper's iterations are only entries in the table: only the main thread reports, and
        // only it ends the search at a depth limit, as in Stockfish (a helper's depth, reduced
        // more, is a lesser search).
        if (id_ != 0) continue;
        if (report) report_lines(report);

        // Limits the main thread judges between iterations.
        const Score best = roots_[0].score;
        if (limits.mate > 0 && best >= kScoreMateBound && (mate_plies(best) + 1) / 2 <= limits.mate)
            break;
        // A proven result does not get better with depth, as far as the pruned search can
        // tell. Its slips can hide a shorter mate until a deeper iteration (with 2 threads, a
        // Copenhagen mate in 3 was reported as a mate in 4, found at depth 7, in 8 runs of 20),
        // so a search for a mate within a limit (go mate) goes on until it finds one that short.
        const bool proven = !limits.infinite && limits.mate == 0 && is_mate_score(best) &&
                            std::abs(mate_plies(best)) <= depth;
        stable = roots_[0].move == last_best ? stable + 1 : 0;
        last_best = roots_[0].move;
        // A falling score earns time, a rising one gives some back (Stockfish's falling eval):
        // a soldier lost since the last iteration is worth half as much time again.
        const double falling =
            is_mate_score(best) || is_mate_score(last_score)  // also before the first iteration
                ? 1.0
                : std::clamp(1.0 + (last_score - best) / 200.0, 0.75, 1.5);
        last_score = best;
        const double factor = (stable >= 4 ? 0.6 : stable >= 2 ? 0.9 : 1.3) * falling;
        if (proven || shared_.time.stop_iterating(factor)) {
            // While pondering the search goes on, to stop at the ponderhit. The flag is set
            // before pondering is read again, and ponderhit clears pondering before it reads the
            // flag, so that one of the two always sees the other.
            shared_.stop_on_ponderhit = true;
            if (!shared_.pondering) break;
        }
    }
}

template class Worker<Bitboard64>;
template class Worker<Bitboard128>;
template class Worker<Bitboard256>;
template class Worker<Bitboard384>;

}  // namespace branan
