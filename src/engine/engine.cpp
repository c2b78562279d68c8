// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/engine.h"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <memory>
#include <mutex>
#include <vector>

#include "core/presets.h"
#include "engine/search.h"
#include "engine/static_eval.h"
#include "nnue/accumulator.h"
#include "nnue/embedded.h"
#include "tablebase/probe.h"

namespace branan {

namespace {

// The evaluation's zero point under `rules`: the static score, for the attackers, of the rules'
// start position with the tempo term left out. The search scores every position relative to it,
// so that the start scores about 0 and a draw (scored 0) is worth what an even game is, whatever
// the rules' material ratio: 16 attackers at 100 against 8 defenders at 180, and the attackers'
// nearness to the king, would otherwise put Tablut's start at about +4 for the attackers, and a
// repetition draw would look like a gain of four soldiers to the defenders.
Score eval_zero_point(const Rules& rules, const EvalWeights& weights) {
    const auto start = Game::create(rules);
    if (!start) return 0;  // rules a game cannot start from are refused before any search
    return start->visit_position([&](const auto& pos) {
        EvalTrace trace;
        evaluate(pos, weights, &trace);
        Score tempo = 0;
        for (const EvalTraceTerm& t : trace.terms)
            if (is_tempo_term(t.term)) tempo = t.value;
        return trace.total_for_attackers - tempo;
    });
}

}  // namespace

Score Engine::eval_offset(const Rules& rules) const {
    if (!offset_cache_ || !(offset_cache_->first == rules))
        offset_cache_ = std::pair{rules, eval_zero_point(rules, weights_)};
    return offset_cache_->second;
}

Engine::Engine(size_t hash_mb)
    : game_(Game::create(*preset("brandubh")).value()),
      tt_(hash_mb),
      shared_(std::make_unique<SharedSearch>()) {
    // The built-in nets are checked by the tests. One that would not parse (a broken build)
    // leaves the hand-written evaluation everywhere, and says so on stderr, once a process.
    if (auto nets = load_nets(kDefaultNets, game_.rules().size)) {
        nets_ = std::move(nets).value();
    } else {
        static std::once_flag told;
        std::call_once(told, [&] {
            std::cerr << "branan: the built-in nets do not load (" << nets.error()
                      << "): the hand-written evaluation plays everywhere\n";
        });
    }
}

Engine::~Engine() {
    stop();
    wait();
}

bool Engine::set_hash_mb(size_t mb) {
    wait();
    return tt_.resize(mb);
}

void Engine::set_multipv(int n) {
    wait();
    multipv_ = std::max(1, n);
}

void Engine::set_threads(int n) {
    wait();
    threads_ = std::clamp(n, 1, kMaxThreads);
}

void Engine::set_solver_options(const RootSolverOptions& options) {
    wait();
    solver_options_ = options;
}

void Engine::set_tablebase(std::shared_ptr<tablebase::Tablebase> tables) {
    wait();
    tablebase_ = std::move(tables);
}

void Engine::new_game() {
    wait();
    tt_.clear();
    root_solver_.clear();
    thread_data_.clear();
}

void Engine::get_ready() {
    if (searching() || !controller_done_.load()) return;
    wait();  // run() has returned: at once
    game_.visit_position([&](const auto& root) {
        using W = Worker<typename std::decay_t<decltype(root)>::Bitboard>;
        thread_data_.get_ready(game_.rules(), weights_, network(game_.rules()), W::history_size(),
                               threads_);
    });
}

void Engine::set_game(const Game& game) {
    std::lock_guard lock(mutex_);
    game_ = game;
}

bool Engine::searching() const {
    std::lock_guard lock(mutex_);
    return running_;
}

void Engine::stop() {
    {
        std::lock_guard lock(mutex_);
        shared_->stop = true;
    }
    wake_.notify_all();
}

void Engine::ponderhit() {
    {
        std::lock_guard lock(mutex_);
        if (!running_ || !shared_->pondering) return;  // nothing to switch over
        // The limits have counted from `go ponder` all along: the pondering is credited. When
        // the search would have stopped had it not been pondering, or the planned time is spent,
        // it answers at once (the clock watcher, woken below, also sees a hard limit passed).
        shared_->pondering = false;
        if (shared_->stop_on_ponderhit || shared_->time.past_optimum()) shared_->stop = true;
    }
    wake_.notify_all();
}

void Engine::wait() {
    if (controller_.joinable()) controller_.join();
}

void Engine::go(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done,
                Clock::time_point started) {
    wait();
    tt_.before_search();
    Game game = [&] {
        std::lock_guard lock(mutex_);
        running_ = true;
        shared_->stop = false;
        shared_->pondering = limits.ponder;
        shared_->stop_on_ponderhit = false;
        // Here, not on the controller thread: ponderhit reads the clock as soon as go returns.
        shared_->time.start(limits, game_.side_to_move(), move_overhead_ms_, started);
        // A network is trained on the search's scores, already relative to the zero point.
        shared_->net = network(game_.rules());
        shared_->eval_offset = shared_->net ? 0 : eval_offset(game_.rules());
        return game_;
    }();
    controller_done_ = false;
    controller_ = std::thread(&Engine::run, this, limits, std::move(on_info), std::move(on_done),
                              std::move(game));
}

SearchResult Engine::search(const SearchLimits& limits, InfoCallback on_info) {
    SearchResult result;
    go(limits, std::move(on_info), [&result](const SearchResult& r) { result = r; });
    wait();
    return result;
}

EvalTrace Engine::evaluate(Score& for_side_to_move) const {
    std::lock_guard lock(mutex_);
    return game_.visit_position([&](const auto& pos) {
        EvalTrace trace;
        const Score raw = branan::evaluate(pos, weights_, &trace);
        trace.zero_point = eval_offset(game_.rules());
        for_side_to_move = relative_to_zero_point(raw, pos.side_to_move(), trace.zero_point);
        if (const nnue::Network* net = network(game_.rules()))
            for_side_to_move = nnue::evaluate_from_scratch(*net, pos);
        return trace;
    });
}

namespace {

// The built-in nets an engine plays with by default, each only on the rules it beat the
// hand-written evaluation on at tc=10+0.1 (docs/nnue.md, "Measurements"). A net joins this list
// only with such a result, and then only for the rules it was measured on.
struct DefaultNet {
    const char* file;    // its name under nets/
    const char* preset;  // the rules: a preset's (docs/rules.md)
};
constexpr DefaultNet kDefaultNetList[] = {{"brandubh.nnue", "brandubh"},
                                          {"copenhagen.nnue", "copenhagen"}};

// Built-in net number `i` (of nnue::embedded_nets()), parsed on first use and shared by every
// engine after that (each engine starts with the default nets: tests and self-play make many).
Expected<std::shared_ptr<const nnue::Network>> parse_embedded(size_t i) {
    using Parsed = Expected<std::shared_ptr<const nnue::Network>>;
    static const std::vector<Parsed> parsed = [] {
        std::vector<Parsed> all;
        for (const nnue::EmbeddedNet& net : nnue::embedded_nets()) {
            auto n = nnue::parse(std::string(reinterpret_cast<const char*>(net.data), net.size));
            if (n)
                all.emplace_back(std::make_shared<const nnue::Network>(std::move(n).value()));
            else
                all.emplace_back(Error{std::string("embedded ") + net.name + ": " + n.error()});
        }
        return all;
    }();
    return parsed[i];
}

// Whether a game of `rules` is one of `preset`'s: the same rules whatever their name.
bool plays_like(const Rules& rules, const Rules& preset) {
    Rules renamed = rules;
    renamed.name = preset.name;
    return renamed == preset;
}

}  // namespace

Expected<std::vector<Engine::LoadedNet>> Engine::load_nets(const std::string& value,
                                                           int board_size) {
    std::vector<LoadedNet> nets;
    const auto& embedded = nnue::embedded_nets();
    if (value == kDefaultNets) {
        for (const DefaultNet& d : kDefaultNetList)
            for (size_t i = 0; i < embedded.size(); ++i) {
                if (std::string_view(embedded[i].name) != d.file) continue;
                auto net = parse_embedded(i);
                if (!net) return Error{net.error()};
                nets.push_back({std::move(net).value(), *preset(d.preset)});
            }
    } else if (value == kEmbeddedNets) {
        if (embedded.empty()) return Error{"this build has no embedded net"};
        for (size_t i = 0; i < embedded.size(); ++i) {
            auto net = parse_embedded(i);
            if (!net) return Error{net.error()};
            nets.push_back({std::move(net).value(), std::nullopt});
        }
    } else if (!value.empty() && value != kNoNets) {
        auto net = nnue::load_file(value);
        if (!net) return Error{net.error()};
        if (net->board_size != board_size)
            return Error{"'" + value + "' is a net for " + std::to_string(net->board_size) + "x" +
                         std::to_string(net->board_size) + " boards, the rules are " +
                         std::to_string(board_size) + "x" + std::to_string(board_size)};
        nets.push_back(
            {std::make_shared<const nnue::Network>(std::move(net).value()), std::nullopt});
    }
    return nets;
}

std::string Engine::eval_file_error(const std::string& value, int board_size) {
    auto nets = load_nets(value, board_size);
    return nets ? std::string() : nets.error();
}

std::string Engine::set_eval_file(const std::string& value) {
    wait();
    const int size = [&] {
        std::lock_guard lock(mutex_);
        return game_.rules().size;
    }();
    auto nets = load_nets(value, size);
    if (!nets) return nets.error();
    bool changed = false;
    {
        std::lock_guard lock(mutex_);  // go() reads the nets under it
        changed = nets_ != *nets;
        nets_ = std::move(nets).value();
        eval_file_ = value == kNoNets ? "" : value;
    }
    // Another evaluation starts afresh, as after new_game(): the table's entries hold the static
    // scores of the one before, and the threads' histories learnt its search. The root solver's
    // proofs stay: they do not depend on the evaluation.
    if (changed) {
        tt_.clear();
        thread_data_.clear();
    }
    return {};
}

const nnue::Network* Engine::network(const Rules& rules) const {
    if (special_rules(rules)) return nullptr;
    for (const LoadedNet& n : nets_)
        if (n.net->board_size == rules.size && (!n.only_for || plays_like(rules, *n.only_for)))
            return n.net.get();
    return nullptr;
}

// The hard time limit, kept on a thread of its own: it sleeps until the limit passes (not while
// pondering; stop, ponderhit and the end of the search wake it) and then stops the search. A search
// thread checks the clock only every so many nodes, which with many threads on few cores can
// be long after the limit.
void Engine::watch_clock() {
    SharedSearch& sh = *shared_;
    std::unique_lock lock(mutex_);
    while (!sh.stop.load()) {
        const auto deadline = sh.pondering.load() ? std::nullopt : sh.time.hard_deadline();
        if (!deadline) {
            wake_.wait(lock);
        } else if (Clock::now() >= *deadline) {
            sh.stop = true;
        } else {
            wake_.wait_until(lock, *deadline);
        }
    }
}

// The solver's answer at the root, when it has one within its nodes and a quarter of the planned
// time (`solver_nodes` gets the nodes it spent). Not for several lines (MultiPV), a restricted root
// (searchmoves) or a node-limited search, whose node count must stay the search's.
std::optional<RootProof> Engine::prove_root(const Game& game, const SearchLimits& limits,
                                            uint64_t& solver_nodes,
                                            const tablebase::Prober& tables) {
    if (multipv_ > 1 || !limits.search_moves.empty() || limits.nodes ||
        !RootSolver::eligible(game, solver_options_))
        return std::nullopt;
    const SharedSearch& sh = *shared_;
    std::optional<Clock::time_point> deadline;
    if (const int64_t optimum = sh.time.optimum_ms(); optimum > 0) {
        // A slice shorter than this proves hardly anything the search would not see (at 2+0.02
        // the solver's SPRT did not decide, -5 Elo; README's Elo history): the time is the
        // search's.
        const int64_t slice = optimum / 4;
        if (slice < RootSolverOptions::kMinSliceMs) return std::nullopt;
        deadline = Clock::now() +
                   std::chrono::milliseconds(std::max<int64_t>(0, slice - sh.time.elapsed_ms()));
    }
    return root_solver_.solve(game, solver_options_, sh.stop, deadline, solver_nodes,
                              tables.active() ? &tables : nullptr);
}

// The tables' answer at the root: where they give the side to move a win or a loss, their line
// (the fastest win, the longest resistance), checked by playing it on the game: it must end in
// that result after the tables' distance, and the game's history must not make a repetition of
// it possible (tablebase::history_repeats). Not for several lines or a restricted root.
std::optional<RootProof> Engine::probe_root(const Game& game, const SearchLimits& limits,
                                            const tablebase::Prober& tables) const {
    using Kind = tablebase::ProbeResult::Kind;
    if (multipv_ > 1 || !limits.search_moves.empty()) return std::nullopt;
    const tablebase::ProbeResult r =
        game.visit_position([&](const auto& pos) { return tables.probe(pos); });
    if (r.kind != Kind::Win && r.kind != Kind::Loss) return std::nullopt;
    if (game.visit_position([](const auto& pos) { return tablebase::history_repeats(pos); }))
        return std::nullopt;
    RootProof proof{r.kind == Kind::Win, r.distance, tables.best_line(game), 0};
    if (proof.line.empty() || static_cast<int>(proof.line.size()) != r.distance)
        return std::nullopt;
    Game g = game;
    for (const Move m : proof.line) {
        if (g.status().over()) return std::nullopt;
        g.play(m);
    }
    const Side winner = proof.win ? game.side_to_move() : opponent(game.side_to_move());
    if (g.status().outcome != win_for(winner)) return std::nullopt;
    return proof;
}

// The search's result and info line from a proof at the root (or the tables' line).
void Engine::answer_with_proof(const RootProof& proof, const InfoCallback& on_info,
                               SearchResult& result, std::optional<uint64_t> tbhits) const {
    result.best = proof.line[0];
    if (proof.line.size() > 1) result.ponder = proof.line[1];
    result.pv = proof.line;
    result.nodes = proof.nodes;
    result.depth = proof.plies;
    result.score = proof.score();
    if (!on_info) return;
    const SharedSearch& sh = *shared_;
    SearchInfo info;
    info.depth = info.seldepth = proof.plies;
    info.score = proof.score();
    info.nodes = proof.nodes;
    info.time_ms = sh.time.elapsed_ms();
    info.nps = sh.time.per_second(info.nodes);
    info.hashfull = tt_.hashfull();
    info.pv = proof.line;
    info.tbhits = tbhits;
    on_info(info);
}

// The body of a search, on the controller thread: the main worker searches here, helpers on
// threads of their own; infinite and ponder searches then wait for stop or ponderhit.
void Engine::run(SearchLimits limits, InfoCallback on_info, DoneCallback on_done, Game game) {
    // Set last, as run() returns: its helpers and clock watcher have ended by then.
    struct MarkDone {
        std::atomic<bool>& done;
        ~MarkDone() { done = true; }
    } mark_done{controller_done_};
    SharedSearch& sh = *shared_;
    sh.tt = &tt_;
    sh.weights = &weights_;
    sh.limits = limits;
    sh.multipv = std::max(1, multipv_);
    sh.contempt = contempt_;
    tt_.new_search();
    std::thread clock_watcher;
    std::vector<Move> roots = game.legal_moves();
    if (!limits.search_moves.empty())
        std::erase_if(roots, [&](Move m) {
            return std::find(limits.search_moves.begin(), limits.search_moves.end(), m) ==
                   limits.search_moves.end();
        });
    if (roots.size() == 1) {
        std::lock_guard lock(mutex_);  // ponderhit reads the plan
        sh.time.forced_move();
    }
    if (sh.time.hard_deadline()) clock_watcher = std::thread(&Engine::watch_clock, this);
    // More search threads than cores: the helpers yield to the threads that must answer at once
    // (commands, the clock watcher, and the main search thread, which writes the info lines and
    // the bestmove while holding the output's lock).
    const bool yield = threads_ > static_cast<int>(std::thread::hardware_concurrency());
    helpers_.resize(threads_ - 1, yield);

    auto wait_for_release = [&] {
        std::unique_lock lock(mutex_);
        wake_.wait(lock,
                   [&] { return sh.stop.load() || (!limits.infinite && !sh.pondering.load()); });
    };

    // The end of a search: the clock watcher ends, the engine is idle, and then the result goes
    // out (idle first, so that a GUI that answers bestmove with go at once is not refused).
    bool published = false;
    auto publish = [&](const SearchResult& r) {
        {
            std::lock_guard lock(mutex_);
            sh.stop = true;  // under the lock: the clock watcher cannot miss it
        }
        wake_.notify_all();
        if (clock_watcher.joinable()) clock_watcher.join();
        {
            std::lock_guard lock(mutex_);
            running_ = false;
        }
        published = true;
        on_done(r);
    };

    SearchResult result;
    result.status = game.status();
    const tablebase::Prober tables(tablebase_, game.rules());
    sh.tables = tables.active() ? &tables : nullptr;
    sh.tbhits = 0;
    std::optional<RootProof> table_answer;
    if (!roots.empty() && tables.active()) table_answer = probe_root(game, limits, tables);
    uint64_t solver_nodes = 0;
    const std::optional<RootProof> proof = roots.empty() || table_answer
                                               ? std::nullopt
                                               : prove_root(game, limits, solver_nodes, tables);
    if (table_answer) {
        answer_with_proof(*table_answer, on_info, result, 1);
        sh.stop_on_ponderhit = true;
        wait_for_release();
    } else if (proof) {
        answer_with_proof(*proof, on_info, result,
                          tables.active() ? std::optional(proof->table_leaves) : std::nullopt);
        // Final: a ponder search answers at the ponderhit (see iterate in search.h).
        sh.stop_on_ponderhit = true;
        wait_for_release();
    } else if (!roots.empty()) {
        game.visit_position([&](const auto& root) {
            using W = Worker<typename std::decay_t<decltype(root)>::Bitboard>;
            thread_data_.begin_search(game.rules(), weights_, sh.net, W::history_size(), threads_);
            // Each thread readies its data and builds its worker itself: done one after the
            // other on this thread, that took the main thread's time (256 threads on 19x19:
            // halving 256 histories of 1 MB and building 256 workers of 87 KB, which answered
            // `go movetime 50` a median 77 ms late: tests/protocol/latency_bench.py --threads 256
            // --variant alea-evangelii). `built` holds each worker once it exists, for the node
            // count.
            std::vector<std::unique_ptr<W>> workers(static_cast<size_t>(threads_));
            std::vector<std::atomic<const W*>> built(static_cast<size_t>(threads_));
            auto build = [&](int i) {
                ThreadData& data = thread_data_.prepare(i);
                workers[i] = std::make_unique<W>(i, sh, root, roots, data);
                built[i].store(workers[i].get(), std::memory_order_release);
            };
            sh.total_nodes = [&built, solver_nodes] {
                uint64_t n = solver_nodes;
                for (const auto& b : built)
                    if (const W* w = b.load(std::memory_order_acquire))
                        n += w->nodes.load(std::memory_order_relaxed);
                return n;
            };
            build(0);
            helpers_.start([&](int i) {
                build(i + 1);
                workers[i + 1]->iterate(nullptr);
            });
            // A stop during the root solve, or before this, ends the first iteration at once:
            // the answer is then the table's move or the first root move (unfinished_info).
            workers[0]->iterate(on_info);
            wait_for_release();
            sh.stop = true;
            // The result is the main thread's, unless the search has a depth limit that a
            // helper completed and the main thread did not (stopped first by time, nodes or
            // stop): then the helper's, whose lines are reported as the main thread's were.
            // Without a depth limit the answer goes out before the helpers have seen the stop:
            // with more threads than cores, the last of them can take a scheduler round of
            // hundreds of milliseconds to end (256 threads on 2 cores: `go movetime 500`
            // answered after up to 0.8 s). The next command that needs the engine idle (go,
            // setoption, utinewgame) waits for them.
            const W* chosen = workers[0].get();
            if (limits.depth > 0) {
                helpers_.wait();
                std::vector<int> completed;
                for (const auto& w : workers) completed.push_back(w->completed_depth());
                chosen = workers[chosen_thread(completed, limits)].get();
            }
            if (chosen != workers[0].get() && on_info) chosen->report_lines(on_info);
            const RootMove& best = chosen->root_moves()[0];
            result.best = best.move;
            if (best.pv.size() > 1) result.ponder = best.pv[1];
            result.pv = best.pv;
            result.nodes = sh.total_nodes();
            result.depth = chosen->completed_depth();
            result.score = best.score == -kScoreInfinite ? best.previous : best.score;
            if (chosen->completed_depth() == 0) {  // stopped before depth 1 completed
                const SearchInfo early = chosen->unfinished_info();
                if (on_info) on_info(early);
                result.pv = early.pv;
                result.ponder.reset();
                result.score = early.score;
            }
            if (limits.depth == 0) {
                publish(result);
                helpers_.wait();
            }
            sh.total_nodes = nullptr;
        });
    } else {
        wait_for_release();
    }
    if (!published) publish(result);
    sh.tables = nullptr;  // `tables` ends here
}

}  // namespace branan
