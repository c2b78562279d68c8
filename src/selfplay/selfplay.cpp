// SPDX-License-Identifier: GPL-3.0-or-later
#include "selfplay/selfplay.h"

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "engine/engine.h"

namespace branan::selfplay {
namespace {

// Gives `engine` the rules and evaluation of `config` (eval_file): the checksum of the net that
// then plays these rules (none: the hand-written evaluation), or the error naming the problem.
Expected<std::optional<uint32_t>> use_evaluation(Engine& engine, const SelfplayConfig& config) {
    engine.set_game(Game::create(config.rules).value());  // a net file's board is checked
    if (std::string error = engine.set_eval_file(config.eval_file); !error.empty())
        return Error{error};
    const nnue::Network* net = engine.network(config.rules);
    return net ? std::optional<uint32_t>(net->checksum) : std::optional<uint32_t>();
}

// How often an opening's random plies are drawn again when they end the game.
constexpr int kOpeningAttempts = 100;

uint64_t splitmix64(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// The seed of one game's random choices: a function of the run's seed and the game's number
// alone. Choices are drawn as rng() % n, the same with every standard library.
uint64_t game_seed(uint64_t seed, uint32_t game_index) {
    return splitmix64(seed ^ splitmix64(game_index));
}

Record record_of(const Game& game, const SearchResult& result) {
    Record record;
    record.board = game.visit_position([](const auto& position) { return position.setup(); });
    record.side_to_move = game.side_to_move();
    record.score = static_cast<int16_t>(result.score);
    record.ply = static_cast<uint16_t>(game.moves_played().size());
    record.best = *result.best;
    return record;
}

}  // namespace

// The settings' word for the net that plays (by its checksum): none for the hand-written
// evaluation, so that the settings of files played with it read as they always have.
std::string net_text(const SelfplayConfig& config) {
    if (!config.net_checksum) return "";
    char hex[9];
    std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(*config.net_checksum));
    return std::string(" net=") + hex;
}

std::string settings_text(const SelfplayConfig& config) {
    return "nodes=" + std::to_string(config.nodes) + " hash=" + std::to_string(config.hash_mb) +
           " book=" + config.book_name + " random-plies=" + std::to_string(config.random_plies) +
           " seed=" + std::to_string(config.seed) +
           " max-plies=" + std::to_string(config.max_plies) +
           " captures=" + (config.keep_captures ? "kept" : "skipped") + net_text(config);
}

Game opening(const SelfplayConfig& config, uint32_t game_index) {
    std::mt19937_64 rng(game_seed(config.seed, game_index));
    const Game base = config.book.empty() ? Game::create(config.rules).value()
                                          : config.book[rng() % config.book.size()];
    for (int attempt = 0; attempt < kOpeningAttempts; ++attempt) {
        Game game = base;
        for (int ply = 0; ply < config.random_plies; ++ply) {
            const std::vector<Move> moves = game.legal_moves();  // none once the game is over
            if (moves.empty()) break;
            game.play(moves[rng() % moves.size()]);
        }
        if (!game.status().over()) return game;
    }
    return base;
}

std::vector<Record> play_game(Engine& engine, const SelfplayConfig& config, uint32_t game_index) {
    Game game = opening(config, game_index);
    engine.new_game();
    SearchLimits limits;
    limits.nodes = config.nodes;
    std::vector<Record> records;
    Outcome result = Outcome::Draw;  // when the ply limit ends the game
    for (int ply = 0; ply < config.max_plies; ++ply) {
        if (const Status status = game.status(); status.over()) {
            result = status.outcome;
            break;
        }
        engine.set_game(game);
        const SearchResult searched = engine.search(limits);
        if (!searched.best) {  // the search's verdict on a finished game
            result = searched.status.outcome;
            break;
        }
        const Move best = *searched.best;
        const bool captures = !game.captures_of(best).empty() || game.captures_king(best);
        if ((config.keep_captures || !captures) && game.berserker() == kNoSquare)
            records.push_back(record_of(game, searched));
        game.play(best);
    }
    if (const Status status = game.status(); status.over()) result = status.outcome;
    for (Record& r : records) {
        r.result = result;
        r.game = game_index;
    }
    if (!records.empty()) records.back().last_of_game = true;
    return records;
}

std::string resolve_evaluation(SelfplayConfig& config) {
    Engine probe(1);
    const auto net = use_evaluation(probe, config);
    if (!net) return "--eval-file: " + net.error();
    config.net_checksum = *net;
    return {};
}

std::string play_games(
    const SelfplayConfig& config, uint32_t first, uint32_t end, int threads,
    const std::function<bool(uint32_t game, const std::vector<Record>&)>& finished) {
    std::atomic<uint32_t> next{first};
    std::atomic<bool> stop{false};
    std::mutex mutex;  // guards the two below and the calls of `finished`
    std::map<uint32_t, std::vector<Record>> done;
    uint32_t next_to_hand = first;
    std::string error;  // under `mutex`
    auto worker = [&] {
        Engine engine(static_cast<size_t>(config.hash_mb));
        engine.set_solver_options({.max_pieces = 0});  // the score is the search's alone
        if (const auto net = use_evaluation(engine, config); !net || *net != config.net_checksum) {
            std::lock_guard lock(mutex);
            error = "--eval-file: " + (net ? std::string("the net is not the one checked before "
                                                         "the games began")
                                           : net.error());
            stop = true;
            return;
        }
        for (uint32_t g; !stop && (g = next++) < end;) {
            std::vector<Record> records = play_game(engine, config, g);
            std::lock_guard lock(mutex);
            done.emplace(g, std::move(records));
            for (auto it = done.find(next_to_hand); it != done.end() && !stop;
                 it = done.find(next_to_hand)) {
                if (!finished(next_to_hand, it->second)) stop = true;
                done.erase(it);
                ++next_to_hand;
            }
        }
    };
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) pool.emplace_back(worker);
    worker();
    for (auto& t : pool) t.join();
    return error;
}

}  // namespace branan::selfplay
