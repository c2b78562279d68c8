// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/position_command.h"

#include <sstream>

#include "core/notation.h"
#include "core/text.h"

namespace branan {

Expected<Game> parse_position_command(const Rules& rules, const std::vector<std::string>& tokens) {
    if (tokens.empty()) return Error{"position needs 'startpos' or 'otn <record>'"};
    std::string record;
    size_t i = 0;
    if (tokens[0] == "startpos") {
        record = rules.start;
        i = 1;
    } else if (tokens[0] == "otn") {
        if (tokens.size() < 2) return Error{"position otn needs a position record"};
        record = tokens[1];
        i = 2;
    } else {
        return Error{"position: " + branan::quoted(tokens[0]) + " is not 'startpos' or 'otn'"};
    }
    Side side = rules.first_to_move;
    if (i < tokens.size() && tokens[i] == "side") {
        if (i + 1 >= tokens.size()) return Error{"position: 'side' needs attackers or defenders"};
        const auto named = side_from_name(tokens[i + 1]);
        if (!named)
            return Error{"position: side " + branan::quoted(tokens[i + 1]) +
                         " is not attackers or defenders"};
        side = *named;
        i += 2;
    }
    Square berserker = kNoSquare;
    if (i < tokens.size() && tokens[i] == "berserk") {
        if (i + 1 >= tokens.size()) return Error{"position: 'berserk' needs a square"};
        auto sq = parse_square(tokens[i + 1], rules.size);
        if (!sq) return Error{"position: berserk: " + sq.error()};
        berserker = *sq;
        i += 2;
    }
    Expected<Game> game =
        tokens[0] == "startpos" && side == rules.first_to_move && berserker == kNoSquare
            ? Game::create(rules)
            : Game::create(rules, record, side, berserker);
    if (!game.ok()) return Error{"position: " + game.error()};
    Game g = std::move(game).value();
    if (i < tokens.size()) {
        if (tokens[i] != "moves")
            return Error{"position: unexpected " + branan::quoted(tokens[i]) +
                         " (expected 'moves')"};
        for (++i; i < tokens.size(); ++i) {
            auto played = g.play(tokens[i]);
            if (!played)
                return Error{"position: move " + std::to_string(g.moves_played().size() + 1) +
                             ": " + played.error()};
        }
    }
    return g;
}

}  // namespace branan
