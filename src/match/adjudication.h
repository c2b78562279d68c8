// SPDX-License-Identifier: GPL-3.0-or-later
// Adjudication by the engines' reported scores, as fastchess has it (-draw, -resign): a game
// that both engines call level for long enough is a draw, one that an engine keeps calling lost
// is lost. Scores are each engine's last "score cp" (or "score mate") before its move, from its
// own side's point of view.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/types.h"

namespace branan::match {

// --draw movenumber=N movecount=C score=S: from move N on (a move is one of each side, as in
// chess: the moves of the game so far, opening included, halved and plus one), a draw once C
// moves of each side in a row (2C plies) reported a cp score within -S..S.
struct DrawRule {
    int move_number = 0, move_count = 0, score = 0;
};
// --resign movecount=C score=S [twosided=true]: an engine whose last C moves in a row each
// reported a score of -S or below (or a mate against it) loses. twosided: the last 2C plies
// agree: the losing side said -S or below and the winning side +S or above each time.
struct ResignRule {
    int move_count = 0, score = 0;
    bool two_sided = false;
};

// "movenumber=40 movecount=8 score=10" / "movecount=3 score=600 twosided=true": the rules as
// given (for the results and the resume check), parsed back by the parsers below.
std::string draw_rule_text(const DrawRule& rule);
std::string resign_rule_text(const ResignRule& rule);
Expected<DrawRule> parse_draw_rule(const std::vector<std::string>& tokens);
Expected<ResignRule> parse_resign_rule(const std::vector<std::string>& tokens);

// An engine's score for one move: centi-units, or a mate (then `cp` is its sign only).
struct MoveScore {
    int cp = 0;
    bool mate = false;
};

struct Verdict {
    Outcome outcome = Outcome::Draw;
    // "draw by adjudication: ...", or for a loss "loses by adjudication: ..." (the caller puts
    // the losing engine's name first).
    std::string reason;
};

class Adjudicator {
  public:
    Adjudicator(std::optional<DrawRule> draw, std::optional<ResignRule> resign)
        : draw_(draw), resign_(resign) {}
    // After `mover`'s move, the `plies` of the game so far included; `score` is what the engine
    // reported for it (none: it said nothing, which breaks every run). A verdict ends the game.
    std::optional<Verdict> after_move(Side mover, std::optional<MoveScore> score, int plies);

  private:
    std::optional<DrawRule> draw_;
    std::optional<ResignRule> resign_;
    int level_plies_ = 0;           // plies in a row within the draw score
    int losing_moves_[2] = {0, 0};  // per side: own moves in a row at or below -score
    int agreed_plies_ = 0;          // two-sided: plies in a row agreeing on `agreed_loser_`
    Side agreed_loser_ = Side::Attackers;
};

}  // namespace branan::match
