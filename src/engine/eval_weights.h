// The evaluation's weights: data, not code, so that they can be tuned (branan tune), saved,
// loaded (--weights) and printed (eval). The evaluation is linear in them: each term is a
// feature of the position, counted from the attackers' point of view, times its weight.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace branan {

enum EvalTerm : int {
    kAttackerSoldiers,     // attackers on the board
    kDefenderSoldiers,     // defender soldiers on the board (counted negative)
    kKingEscapeRoutes,     // escape squares the king reaches in one move (negative)
    kKingDoubleRoute,      // 1 when he reaches two or more (negative)
    kKingTwoMoveRoutes,    // escape squares he reaches in two moves (negative)
    kKingMobility,         // squares the king can move to (negative)
    kAttackersBesideKing,  // attackers next to the king
    kAttackerProximity,    // sum over attackers of (board size - distance to the king)
    kCornerGuards,         // attackers diagonally next to a corner (corner-escape rules)
    kTempo,                // +1 attackers to move, -1 defenders to move
    kEvalTermCount
};

struct EvalWeights {
    std::array<int, kEvalTermCount> weight = {100, 180, 250, 900, 25, 4, 30, 3, 25, 10};

    int operator[](EvalTerm t) const { return weight[t]; }
    static const char* name(int term);  // "attacker_soldiers", ...

    // "name value" lines; '#' starts a comment.
    std::string write() const;
    // Reads what write() writes; every name must be known and appear once at most. Names left
    // out keep their default.
    static Expected<EvalWeights> parse(std::string_view text);
    static Expected<EvalWeights> load(const std::string& path);

    bool operator==(const EvalWeights&) const = default;
};

}  // namespace branan
