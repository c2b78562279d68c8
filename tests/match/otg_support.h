// SPDX-License-Identifier: GPL-3.0-or-later
// Reading back the OpenTafl game records (.otg) branan-match writes (match/records.h): the tags,
// the moves in OpenTafl's notation, and a replay of them through Game's move reader.
#pragma once

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/rules_string.h"

namespace branan::testing {

struct OtgTestRecord {
    std::map<std::string, std::string> tags;  // "[key:value]" lines
    std::vector<std::string> moves;           // the turn lines' moves, turn numbers left out
};

// Tags up to the blank line, then turn lines "N. move [move] ".
inline OtgTestRecord parse_otg_for_test(const std::string& text) {
    OtgTestRecord r;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line) && !line.empty()) {
        REQUIRE(line.front() == '[');
        REQUIRE(line.back() == ']');
        const size_t colon = line.find(':');
        REQUIRE(colon != std::string::npos);
        r.tags[line.substr(1, colon - 1)] = line.substr(colon + 1, line.size() - colon - 2);
    }
    int turn = 0;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string number;
        words >> number;
        CHECK(number == std::to_string(++turn) + ".");
        for (std::string m; words >> m;) r.moves.push_back(m);
    }
    return r;
}

// Plays the record's moves under its rules tag (which carries the start and the first mover),
// every move through Game::parse_move; fails the test on a move it refuses.
inline Game replay_otg(const OtgTestRecord& r) {
    const auto rules_tag = r.tags.find("rules");
    REQUIRE(rules_tag != r.tags.end());
    auto rules = rules_from_name_or_string(rules_tag->second);
    INFO(rules_tag->second << ": " << rules.error());
    REQUIRE(rules.ok());
    Game game = Game::create(*rules).value();
    for (size_t i = 0; i < r.moves.size(); ++i) {
        auto played = game.play(r.moves[i]);
        INFO("move " << i + 1 << " " << r.moves[i] << ": " << played.error());
        REQUIRE(played.ok());
    }
    return game;
}

// How often the forms occur among `moves`: king moves ("Kd4-c4"), captures, several captures
// joined by '/', a captured king ("xKe6").
struct OtgForms {
    int king_moves = 0, captures = 0, slash_captures = 0, king_captures = 0;
    void count(const std::vector<std::string>& moves) {
        for (const auto& m : moves) {
            captures += m.find('x') != std::string::npos;
            king_moves += !m.empty() && m[0] == 'K';
            slash_captures += m.find('/') != std::string::npos;
            king_captures += m.find("xK") != std::string::npos || m.find("/K") != std::string::npos;
        }
    }
};

}  // namespace branan::testing
