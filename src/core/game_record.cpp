// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/game_record.h"

#include <sstream>

#include "core/text.h"

namespace branan {
namespace {

Expected<int> parse_count(std::string_view text, const char* what) {
    if (const auto n = parse_in_range(text, 0, 9999)) return *n;
    return Error{std::string("bad ") + what + " count " + branan::quoted(text)};
}

}  // namespace

Expected<CsvGame> parse_csv_game(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.remove_suffix(1);
    std::vector<std::string_view> fields;
    for (size_t start = 0;;) {
        const size_t comma = line.find(',', start);
        fields.push_back(line.substr(start, comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (fields.size() != 4)
        return Error{"game line has " + std::to_string(fields.size()) +
                     " fields, expected 4 (moves, two capture counts, result)"};
    CsvGame game;
    std::istringstream moves{std::string(fields[0])};
    for (std::string m; moves >> m;) game.moves.push_back(m);
    auto a = parse_count(fields[1], "attacker capture");
    if (!a) return Error{a.error()};
    auto d = parse_count(fields[2], "defender capture");
    if (!d) return Error{d.error()};
    game.attacker_captures = *a;
    game.defender_captures = *d;
    game.result = std::string(fields[3]);
    if (game.result != "Black" && game.result != "White" && game.result != "Draw" &&
        game.result != "Ongoing" && !game.result.empty())
        return Error{"unknown result " + branan::quoted(game.result) +
                     " (Black, White, Draw, Ongoing or empty)"};
    return game;
}

std::string write_csv_game(const CsvGame& game) {
    std::string out;
    for (const auto& m : game.moves) out += (out.empty() ? "" : " ") + m;
    return out + "," + std::to_string(game.attacker_captures) + "," +
           std::to_string(game.defender_captures) + "," + game.result;
}

const char* csv_result(Outcome o) {
    switch (o) {
        case Outcome::AttackersWin:
            return "Black";
        case Outcome::DefendersWin:
            return "White";
        case Outcome::Draw:
            return "Draw";
        case Outcome::Ongoing:
            return "Ongoing";
    }
    return "Ongoing";
}

}  // namespace branan
