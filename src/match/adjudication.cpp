#include "match/adjudication.h"

#include <cstdlib>

#include "core/text.h"

namespace branan::match {
namespace {

// "key=value" of an adjudication option: the whole number at least `lo`, or an error naming
// the option and the key.
Expected<int> rule_number(const std::string& option, const std::string& key,
                          const std::string& value, int lo) {
    if (const auto n = parse_in_range<int>(value, lo, 1000000)) return *n;
    return Error{option + " " + key + " needs a whole number from " + std::to_string(lo) +
                 " to 1000000, not '" + value + "'"};
}

// Splits "key=value"; an error names the option when there is no '='.
Expected<std::pair<std::string, std::string>> key_value(const std::string& option,
                                                        const std::string& token) {
    const size_t eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
        return Error{option + ": '" + token + "' is not key=value"};
    return std::pair{token.substr(0, eq), token.substr(eq + 1)};
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
    const std::string option = "--draw";
    DrawRule rule;
    bool count = false, score = false;
    for (const auto& token : tokens) {
        auto kv = key_value(option, token);
        if (!kv) return Error{kv.error()};
        const auto& [key, value] = *kv;
        const int lo = key == "movecount" ? 1 : 0;
        auto n = rule_number(option, key, value, lo);
        if (key != "movenumber" && key != "movecount" && key != "score")
            return Error{option + ": unknown key '" + key + "' (movenumber, movecount, score)"};
        if (!n) return Error{n.error()};
        (key == "movenumber"  ? rule.move_number
         : key == "movecount" ? rule.move_count
                              : rule.score) = *n;
        count |= key == "movecount";
        score |= key == "score";
    }
    if (!count || !score) return Error{option + " needs movecount=N and score=N"};
    return rule;
}

Expected<ResignRule> parse_resign_rule(const std::vector<std::string>& tokens) {
    const std::string option = "--resign";
    ResignRule rule;
    bool count = false, score = false;
    for (const auto& token : tokens) {
        auto kv = key_value(option, token);
        if (!kv) return Error{kv.error()};
        const auto& [key, value] = *kv;
        if (key == "twosided") {
            if (value != "true" && value != "false")
                return Error{option + " twosided must be true or false, not '" + value + "'"};
            rule.two_sided = value == "true";
            continue;
        }
        if (key != "movecount" && key != "score")
            return Error{option + ": unknown key '" + key + "' (movecount, score, twosided)"};
        auto n = rule_number(option, key, value, 1);
        if (!n) return Error{n.error()};
        (key == "movecount" ? rule.move_count : rule.score) = *n;
        count |= key == "movecount";
        score |= key == "score";
    }
    if (!count || !score) return Error{option + " needs movecount=N and score=N"};
    return rule;
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
