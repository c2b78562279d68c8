// The evaluation's weights: data, not code, so that they can be tuned and printed. Every term is
// scored from the attackers' point of view and flipped for the side to move.
#pragma once

#include <array>
#include <string>

namespace branan {

struct EvalWeights {
    int attacker_soldier = 100;     // per attacker on the board
    int defender_soldier = 180;     // per defender soldier on the board
    int king_escape_route = 250;    // per escape square the king reaches in one move
    int king_double_route = 900;    // once more when he reaches two or more
    int king_two_move_routes = 25;  // per escape square he reaches in two moves
    int king_mobility = 4;          // per square the king can move to
    int attacker_next_to_king = 30; // per attacker beside the king
    int attacker_proximity = 3;     // per attacker, (board size - distance to the king)
    int corner_guard = 25;          // per attacker on a square diagonally next to a corner
    int tempo = 10;                 // for the side to move

    // name=value pairs, for printing and for tuning files.
    static constexpr int kCount = 10;
    std::array<std::pair<const char*, int*>, kCount> fields() {
        return {{{"attacker_soldier", &attacker_soldier},
                 {"defender_soldier", &defender_soldier},
                 {"king_escape_route", &king_escape_route},
                 {"king_double_route", &king_double_route},
                 {"king_two_move_routes", &king_two_move_routes},
                 {"king_mobility", &king_mobility},
                 {"attacker_next_to_king", &attacker_next_to_king},
                 {"attacker_proximity", &attacker_proximity},
                 {"corner_guard", &corner_guard},
                 {"tempo", &tempo}}};
    }
};

}  // namespace branan
