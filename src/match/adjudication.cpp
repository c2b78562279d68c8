// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/adjudication.h"

#include <cstdlib>
#include <map>

#include "core/text.h"

namespace branan::match {
namespace {

// The "key=value" tokens of `option` (--draw, --resign) by key. Number keys take a whole number
// from their lower bound to 1000000; "twosided" (where `keys` has it, lower bound -1) takes true
// or false (1 or 0); movecount= and score= are required. Errors name the option and the key.
// (A key given twice is refused with the engine groups' check: match_config.cpp.)
Expected<std::map<std::string, int>> read_rule(const std::string& option,
                                               const std::vector<std::string>& tokens,
                                               const std::map<std::string, int>& keys) {
    std::map<std::string, int> values;
    for (const auto& token : tokens) {
        const size_t eq = token.find('=');
        if (eq == std::string::npos || eq == 0)
            return Error{option + ": " + branan::quoted(token) + " is not key=value"};
        const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
        const auto known = keys.find(key);
        if (known == keys.end()) {
            std::string names;
            for (const auto& [name, lo] : keys) names += (names.empty() ? "" : ", ") + name;
            return Error{option + ": unknown key " + branan::quoted(key) + " (" + names + ")"};
        }
        if (key == "twosided") {
            if (value != "true" && value != "false")
                return Error{option + " twosided must be true or false, not " +
                             branan::quoted(value)};
            values[key] = value == "true";
        } else if (const auto n = parse_in_range<int>(value, known->second, 1000000)) {
            values[key] = *n;
        } else {
            return Error{option + " " + key + " needs a whole number from " +
                         std::to_string(known->second) + " to 1000000, not " +
                         branan::quoted(value)};
        }
    }
    if (!values.count("movecount") || !values.count("score"))
        return Error{option + " needs movecount=N and score=N"};
    return values;
}

}  // namespace

std::string draw_rule_text(const DrawRule& r) {
    return "movenumber=" + std::to_string(r.move_number) +
           " movecount=" + std::to_string(r.move_count) + " score=" + std::to_string(r.score);
}

std::string resign_rule_text(const ResignRule& r) {
    return "movecount=" + std::to_string(r.move_count) + " score=" + std::to_string(r.score) +
           (r.two_sided ? " twosided=true" : "");
}

Expected<DrawRule> parse_draw_rule(const std::vector<std::string>& tokens) {
    auto v = read_rule("--draw", tokens, {{"movenumber", 0}, {"movecount", 1}, {"score", 0}});
    if (!v) return Error{v.error()};
    std::map<std::string, int> given = *v;  // a key not given is 0
    return DrawRule{given["movenumber"], given["movecount"], given["score"]};
}

Expected<ResignRule> parse_resign_rule(const std::vector<std::string>& tokens) {
    auto v = read_rule("--resign", tokens, {{"movecount", 1}, {"score", 1}, {"twosided", -1}});
    if (!v) return Error{v.error()};
    std::map<std::string, int> given = *v;  // a key not given is 0
    return ResignRule{given["movecount"], given["score"], given["twosided"] == 1};
}

std::optional<Verdict> Adjudicator::after_move(Side mover, std::optional<MoveScore> score,
                                               int plies) {
    const int i = index(mover);
    if (draw_) {
        const bool level = score && !score->mate && std::abs(score->cp) <= draw_->score;
        level_plies_ = level ? level_plies_ + 1 : 0;
        if (plies / 2 + 1 >= draw_->move_number && level_plies_ >= 2 * draw_->move_count)
            return Verdict{Outcome::Draw, "draw by adjudication: both engines' scores within " +
                                              std::to_string(draw_->score) + " cp for " +
                                              std::to_string(draw_->move_count) + " moves each"};
    }
    if (!resign_) return std::nullopt;
    const bool decisive = score && (score->mate || std::abs(score->cp) >= resign_->score);
    const bool mover_losing = decisive && score->cp < 0;
    if (!resign_->two_sided) {
        losing_moves_[i] = mover_losing ? losing_moves_[i] + 1 : 0;
        if (losing_moves_[i] < resign_->move_count) return std::nullopt;
        return Verdict{win_for(opponent(mover)),
                       "loses by adjudication: its score was -" + std::to_string(resign_->score) +
                           " cp or below (or a mate against it)" + " for " +
                           std::to_string(resign_->move_count) + " moves in a row"};
    }
    const Side loser = mover_losing ? mover : opponent(mover);
    agreed_plies_ = !decisive                                     ? 0
                    : agreed_plies_ > 0 && loser == agreed_loser_ ? agreed_plies_ + 1
                                                                  : 1;
    agreed_loser_ = loser;
    if (agreed_plies_ < 2 * resign_->move_count) return std::nullopt;
    return Verdict{win_for(opponent(loser)),
                   "loses by adjudication: both engines' scores agreed, by " +
                       std::to_string(resign_->score) + " cp or a mate, for " +
                       std::to_string(resign_->move_count) + " moves each"};
}

}  // namespace branan::match
