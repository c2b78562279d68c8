// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/openings.h"

#include <cstdlib>
#include <fstream>
#include <random>
#include <set>

#include "core/position_command.h"
#include "core/text_file.h"

namespace branan::match {
namespace {

// Random walks tried per opening asked for before giving up (short walks on a small board
// repeat themselves: Brandubh has few distinct 2-ply openings).
constexpr long kWalksPerOpening = 200;

// Whether a position is a fair start: the game is on, the side to move has a move and none of
// its moves ends the game at once (a king one move from an edge or from capture is no opening),
// and neither side has lost more than one soldier more than the other.
bool both_sides_have_play(Game& game, const int captured[2]) {
    if (game.status().over() || std::abs(captured[0] - captured[1]) > 1) return false;
    const auto legal = game.legal_moves();
    if (legal.empty()) return false;
    for (Move m : legal) {
        game.play(m);
        const bool ends = game.status().over();
        game.undo();
        if (ends) return false;
    }
    return true;
}

Opening opening_of(const Game& game, const std::string& label) {
    Opening o{game.start_record(), game.start_side(), {}, label};
    for (Move m : game.moves_played()) o.moves.push_back(game.move_text(m));
    return o;
}

}  // namespace

Expected<Opening> start_opening(const Rules& rules) {
    if (const std::string decided = Game::decided_start(rules); !decided.empty())
        return Error{decided +
                     ": no game can be played from it (give --openings with positions "
                     "in play)"};
    return opening_of(Game::create(rules).value(), "startpos");
}

Expected<std::vector<Opening>> read_openings(const std::string& path, const Rules& rules) {
    std::ifstream in;
    if (const std::string error = open_text_file(path, in, "openings file"); !error.empty())
        return Error{error};
    std::vector<Opening> openings;
    size_t number = 0;
    std::string line;
    for (LineRead read; (read = read_counted_line(in, line, number)) != LineRead::End;) {
        if (read == LineRead::TooLong)
            return Error{path + " line " + std::to_string(number) + ": " + too_long_text()};
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
        if (game->start_berserker() != kNoSquare)
            return Error{path + " line " + std::to_string(number) +
                         ": an opening cannot start in the middle of a berserk turn ('berserk'): "
                         "start it before the capture"};
        openings.push_back(opening_of(*game, path + ":" + std::to_string(number)));
    }
    if (openings.empty()) return Error{"openings file '" + path + "' holds no opening"};
    return openings;
}

std::vector<Opening> random_openings(const Rules& rules, int plies, int count, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Opening> openings;
    std::set<std::string> seen;  // position records with the side to move
    const Game start = Game::create(rules).value();
    for (long attempt = 0; static_cast<int>(openings.size()) < count &&
                           attempt < static_cast<long>(count) * kWalksPerOpening;
         ++attempt) {
        Game game = start;
        int captured[2] = {0, 0};  // soldiers lost, by side (index(Side))
        for (int ply = 0; ply < plies && !game.status().over(); ++ply) {
            const auto legal = game.legal_moves();
            if (legal.empty()) break;
            const Move m = legal[rng() % legal.size()];
            captured[index(opponent(game.side_to_move()))] +=
                static_cast<int>(game.captures_of(m).size());
            game.play(m);
        }
        if (!both_sides_have_play(game, captured)) continue;
        if (!seen.insert(game.record() + " " + side_name(game.side_to_move())).second) continue;
        openings.push_back(opening_of(game, "random-" + std::to_string(openings.size() + 1)));
    }
    return openings;
}

}  // namespace branan::match
