// SPDX-License-Identifier: GPL-3.0-or-later
// Engine: the search behind a small API that front ends (UTI, OTEP, bench, the match runner) drive.
// It owns the game, the transposition table, the options and the search threads, and reports
// through callbacks; it knows nothing of any protocol.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "engine/eval_weights.h"
#include "engine/evaluate.h"
#include "engine/root_solver.h"
#include "engine/search_types.h"
#include "engine/thread_data.h"
#include "engine/thread_pool.h"
#include "engine/tt.h"
#include "nnue/network.h"

namespace branan {

namespace tablebase {
class Tablebase;
class Prober;
}  // namespace tablebase

struct SharedSearch;

class Engine {
  public:
    using InfoCallback = std::function<void(const SearchInfo&)>;
    using DoneCallback = std::function<void(const SearchResult&)>;

    // The table is made at `hash_mb` (TranspositionTable's constructor): a caller that knows its
    // size passes it here and then checks set_hash_mb(hash_mb), which has nothing left to do.
    explicit Engine(size_t hash_mb = TranspositionTable::kDefaultMegabytes);
    ~Engine();
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Options. Each waits for a running search to end first.
    // False, with the table as it was, when that much memory cannot be had.
    bool set_hash_mb(size_t mb);
    static constexpr int kMaxHashMb = 65536;  // the largest table a front end offers
    size_t hash_mb() const { return tt_.megabytes(); }
    // False for a table set_hash_mb refuses whatever else runs: more than half the memory.
    static bool hash_fits_in_memory(size_t mb) { return TranspositionTable::fits_in_memory(mb); }
    static constexpr int kMaxThreads = 256;
    void set_threads(int n);  // clamped to 1..kMaxThreads
    int threads() const { return threads_; }
    void set_multipv(int n);
    int multipv() const { return multipv_; }
    void set_move_overhead_ms(int ms) { move_overhead_ms_ = ms; }  // read at go()
    int move_overhead_ms() const { return move_overhead_ms_; }
    // How much worse than 0 a draw is for the side the engine searches for, in evaluation units
    // (an attacker soldier is 100): positive avoids draws, negative seeks them; read at go().
    static constexpr int kMaxContempt = 1000;
    void set_contempt(int units) { contempt_ = std::clamp(units, -kMaxContempt, kMaxContempt); }
    int contempt() const { return contempt_; }
    EvalWeights& weights() { return weights_; }
    // The solver at the root (root_solver.h): positions with at most `max_pieces` pieces get
    // `max_nodes` solver nodes before the search; max_pieces 0 switches it off.
    void set_solver_options(const RootSolverOptions& options);
    const RootSolverOptions& solver_options() const { return solver_options_; }
    // Endgame tables (tablebase/tablebase.h) for the search to probe: at the root (a win or loss
    // there is answered from them) and in the tree; null for none. A search uses them only when
    // the game's rules are the tables' rules (tablebase::rules_mismatch says why not).
    void set_tablebase(std::shared_ptr<tablebase::Tablebase> tables);
    const std::shared_ptr<tablebase::Tablebase>& tablebase() const { return tablebase_; }

    // Forgets everything learnt (the transposition table, the solved positions, and the search
    // threads' quiet-move histories and evaluation caches; killers live only within one search):
    // the next search is as in a fresh process.
    void new_game();
    // Readies, while idle, what the next search would make at its start (UTI's isready): the
    // main search thread's history and evaluation cache for the current rules, when it has none
    // (ThreadDataStore::get_ready). The search that follows is the same as without it. Does
    // nothing, at once, during a search or while its helper threads are still ending.
    void get_ready();
    // The position to search from (a copy is taken at go()).
    void set_game(const Game& game);
    const Game& game() const { return game_; }

    // Starts searching in the background. `on_info` and then exactly one `on_done` are called
    // from a search thread. Infinite and ponder searches end only with stop() (or ponderhit()
    // for ponder searches whose time has run out). The time limits count from `started` (the
    // moment the front end read its command), not from when the search threads get going.
    void go(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done,
            Clock::time_point started = Clock::now());
    void stop();
    void ponderhit();
    // Blocks until the running search (if any) has called on_done.
    void wait();
    bool searching() const;

    // Searches and returns when done (bench, analysis, tests).
    SearchResult search(const SearchLimits& limits, InfoCallback on_info = nullptr);

    // The static evaluation of the current position with its terms; score for the side to move
    // (the network's, when one is loaded for these rules: see network()).
    EvalTrace evaluate(Score& for_side_to_move) const;

    // The learned evaluation (docs/nnue.md). `value`:
    // - kDefaultNets (what an engine starts with): the built-in nets that beat the hand-written
    //   evaluation in an SPRT, each only on the rules it was measured on (kDefaultNetList in
    //   engine.cpp); every other game keeps the hand-written evaluation;
    // - empty or kNoNets: the hand-written evaluation everywhere;
    // - kEmbeddedNets: every built-in net, each on its board size;
    // - else a net file's path, which must be for the current rules' board size.
    // When the loaded nets change (another net by its checksum, or another choice of nets, even
    // one that evaluates the current rules alike), the transposition table and the threads'
    // histories are emptied, as by new_game(). On an error (returned; empty on success) the
    // evaluation stays as it was.
    static constexpr const char* kDefaultNets = "<default>";
    static constexpr const char* kNoNets = "<empty>";
    static constexpr const char* kEmbeddedNets = "<embedded>";
    std::string set_eval_file(const std::string& value);
    // Why set_eval_file(value) would refuse a game on `board_size` boards; empty when it would
    // not (the command line checks a value before it makes its engines).
    static std::string eval_file_error(const std::string& value, int board_size);
    // The value set_eval_file last accepted (kDefaultNets until then; "" for the hand-written one).
    const std::string& eval_file() const { return eval_file_; }
    // The loaded network for `rules`, or none: the hand-written evaluation is used (no net is
    // loaded, none is for this board size or these rules, or the rules have special pieces).
    const nnue::Network* network(const Rules& rules) const;

  private:
    // The evaluation's zero point under `rules` (see eval_zero_point in engine.cpp), for the
    // attackers: what the search subtracts from every static score. Called with mutex_ held.
    Score eval_offset(const Rules& rules) const;
    void run(SearchLimits limits, InfoCallback on_info, DoneCallback on_done, Game game);
    std::optional<RootProof> prove_root(const Game& game, const SearchLimits& limits,
                                        uint64_t& solver_nodes, const tablebase::Prober& tables);
    void answer_with_proof(const RootProof& proof, const InfoCallback& on_info,
                           SearchResult& result, std::optional<uint64_t> tbhits = {}) const;
    std::optional<RootProof> probe_root(const Game& game, const SearchLimits& limits,
                                        const tablebase::Prober& tables) const;
    void watch_clock();

    Game game_;
    TranspositionTable tt_;
    EvalWeights weights_;
    RootSolver root_solver_;
    ThreadDataStore thread_data_;  // what the search threads keep between searches
    RootSolverOptions solver_options_;
    std::shared_ptr<tablebase::Tablebase> tablebase_;
    int threads_ = 1;
    int multipv_ = 1;
    int move_overhead_ms_ = 30;
    int contempt_ = 0;
    // A net set_eval_file loaded, for every game on its board size or only for `only_for`'s rules.
    struct LoadedNet {
        std::shared_ptr<const nnue::Network> net;
        std::optional<Rules> only_for;
        // The same net (by its file's checksum) for the same games.
        bool operator==(const LoadedNet& o) const {
            return net->checksum == o.net->checksum && net->board_size == o.net->board_size &&
                   only_for == o.only_for;
        }
    };
    // The nets `value` names (see set_eval_file), or the error naming the problem.
    static Expected<std::vector<LoadedNet>> load_nets(const std::string& value, int board_size);
    std::vector<LoadedNet> nets_;
    std::string eval_file_ = kDefaultNets;
    // eval_offset's last answer, for the rules it was worked out for (rules change seldom).
    mutable std::optional<std::pair<Rules, Score>> offset_cache_;

    std::unique_ptr<SharedSearch> shared_;
    ThreadPool helpers_;  // the search threads beside the main one (on controller_)
    std::thread controller_;
    // run() has returned (its helpers have ended): joining controller_ does not wait.
    std::atomic<bool> controller_done_{true};
    mutable std::mutex mutex_;
    // stop, ponderhit and the end of a search: for a finished search waiting for its release
    // and for the clock watcher.
    std::condition_variable wake_;
    bool running_ = false;
};

}  // namespace branan
