#include "match/openings.h"

#include <fstream>
#include <random>

#include "engine/engine.h"
#include "protocol/position_command.h"

namespace branan::match {
namespace {

Opening opening_of(const Game& game, const std::string& label) {
    Opening o{game.start_record(), game.start_side(), {}, label};
    for (Move m : game.moves_played()) o.moves.push_back(game.move_text(m));
    return o;
}

}  // namespace

Opening start_opening(const Rules& rules) {
    return opening_of(Game::create(rules).value(), "startpos");
}

Expected<std::vector<Opening>> read_openings(const std::string& path, const Rules& rules) {
    std::ifstream in(path);
    if (!in) return Error{"cannot open openings file '" + path + "'"};
    std::vector<Opening> openings;
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        std::vector<std::string> words = split_words(line);
        if (words.empty() || words[0][0] == '#') continue;
        if (words[0] != "startpos" && words[0] != "otn") {
            words.insert(words.begin(), "moves");
            words.insert(words.begin(), "startpos");
        }
        auto game = parse_position_command(rules, words);
        if (!game) return Error{path + " line " + std::to_string(number) + ": " + game.error()};
        if (game->status().over())
            return Error{path + " line " + std::to_string(number) + ": the game is already over"};
        openings.push_back(opening_of(*game, path + ":" + std::to_string(number)));
    }
    if (openings.empty()) return Error{"openings file '" + path + "' holds no opening"};
    return openings;
}

std::vector<Opening> random_openings(const Rules& rules, int plies, int count, uint64_t seed,
                                     int margin) {
    std::mt19937_64 rng(seed);
    Engine judge;
    judge.set_hash_mb(4);
    std::vector<Opening> openings;
    for (int attempt = 0; static_cast<int>(openings.size()) < count && attempt < count * 50;
         ++attempt) {
        Game game = Game::create(rules).value();
        for (int ply = 0; ply < plies && !game.status().over(); ++ply) {
            const auto legal = game.legal_moves();
            game.play(legal[rng() % legal.size()]);
        }
        if (game.status().over()) continue;
        judge.set_game(game);
        SearchLimits limits;
        limits.depth = 4;
        const SearchResult r = judge.search(limits);
        if (!r.best || r.score > margin || r.score < -margin) continue;
        openings.push_back(opening_of(game, "random-" + std::to_string(openings.size() + 1)));
    }
    if (openings.empty()) openings.push_back(start_opening(rules));
    return openings;
}

}  // namespace branan::match
