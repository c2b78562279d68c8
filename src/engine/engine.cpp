#include "engine/engine.h"

#include <algorithm>

#include "core/presets.h"
#include "engine/search.h"

namespace branan {

Engine::Engine()
    : game_(Game::create(*preset("brandubh")).value()), shared_(std::make_unique<SharedSearch>()) {}

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

void Engine::new_game() {
    wait();
    tt_.clear();
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
        shared_->time.restart(Clock::now());
        shared_->pondering = false;
    }
    wake_.notify_all();
}

void Engine::wait() {
    if (controller_.joinable()) controller_.join();
}

void Engine::go(const SearchLimits& limits, InfoCallback on_info, DoneCallback on_done) {
    wait();
    Game game = [&] {
        std::lock_guard lock(mutex_);
        running_ = true;
        shared_->stop = false;
        shared_->pondering = limits.ponder;
        return game_;
    }();
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
        for_side_to_move = branan::evaluate(pos, weights_, &trace);
        return trace;
    });
}

// The body of a search, on the controller thread: the main worker searches here, helpers on
// threads of their own; infinite and ponder searches then wait for stop or ponderhit.
void Engine::run(SearchLimits limits, InfoCallback on_info, DoneCallback on_done, Game game) {
    SharedSearch& sh = *shared_;
    sh.tt = &tt_;
    sh.weights = &weights_;
    sh.limits = limits;
    sh.multipv = std::max(1, multipv_);
    sh.time.start(limits, game.side_to_move(), move_overhead_ms_, Clock::now());
    tt_.new_search();

    std::vector<Move> roots = game.legal_moves();
    if (!limits.search_moves.empty())
        std::erase_if(roots, [&](Move m) {
            return std::find(limits.search_moves.begin(), limits.search_moves.end(), m) ==
                   limits.search_moves.end();
        });

    auto wait_for_release = [&] {
        std::unique_lock lock(mutex_);
        wake_.wait(lock,
                   [&] { return sh.stop.load() || (!limits.infinite && !sh.pondering.load()); });
    };

    SearchResult result;
    result.status = game.status();
    if (!roots.empty()) {
        game.visit_position([&](const auto& root) {
            using W = Worker<typename std::decay_t<decltype(root)>::Bitboard>;
            std::vector<std::unique_ptr<W>> workers;
            for (int i = 0; i < threads_; ++i)
                workers.push_back(std::make_unique<W>(i, sh, root, roots));
            sh.total_nodes = [&workers] {
                uint64_t n = 0;
                for (const auto& w : workers) n += w->nodes.load(std::memory_order_relaxed);
                return n;
            };
            std::vector<std::thread> helpers;
            for (int i = 1; i < threads_; ++i)
                helpers.emplace_back([&workers, i] { workers[i]->iterate(nullptr); });
            workers[0]->iterate(on_info);
            wait_for_release();
            sh.stop = true;
            for (auto& t : helpers) t.join();

            // The result is the main thread's, unless a helper completed the depth limit first
            // (iterate): then the helper's, whose lines are reported as the main thread's were.
            const W* chosen = workers[0].get();
            for (const auto& w : workers)
                if (limits.depth > 0 && w->completed_depth() >= max_depth(limits)) {
                    chosen = w.get();
                    break;
                }
            if (chosen != workers[0].get() && on_info) chosen->report_lines(on_info);
            const RootMove& best = chosen->root_moves()[0];
            result.best = best.move;
            if (best.pv.size() > 1) result.ponder = best.pv[1];
            result.pv = best.pv;
            result.nodes = sh.total_nodes();
            result.depth = chosen->completed_depth();
            result.score = best.score == -kScoreInfinite ? best.previous : best.score;
            sh.total_nodes = nullptr;
        });
    } else {
        wait_for_release();
    }
    // Idle before the result goes out, so that a GUI that answers bestmove with go at once
    // is not refused.
    {
        std::lock_guard lock(mutex_);
        running_ = false;
    }
    on_done(result);
}

}  // namespace branan
