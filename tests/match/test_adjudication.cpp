// SPDX-License-Identifier: GPL-3.0-or-later
// Adjudication by the engines' scores (match/adjudication.h), as fastchess's -draw and -resign:
// the options as given, and the verdicts after runs of moves.
#include <optional>
#include <string>
#include <vector>

#include "../test_support.h"
#include "catch.h"
#include "match/adjudication.h"

using namespace branan;
using namespace branan::match;
using branan::testing::check_refused;

namespace {

std::optional<MoveScore> cp(int v) {
    return MoveScore{v, false};
}

// Plays scores alternately for the attackers and the defenders, each from its own side's view,
// from ply `first_ply`; the verdict and after how many plies it came (0: none).
std::pair<std::optional<Verdict>, int> play(Adjudicator& a,
                                            const std::vector<std::optional<MoveScore>>& scores,
                                            int first_ply = 0) {
    Side mover = Side::Attackers;
    for (size_t i = 0; i < scores.size(); ++i) {
        const int plies = first_ply + static_cast<int>(i) + 1;
        if (auto v = a.after_move(mover, scores[i], plies)) return {v, static_cast<int>(i) + 1};
        mover = opponent(mover);
    }
    return {std::nullopt, 0};
}

}  // namespace

TEST_CASE("draw and resign adjudication: the keys as fastchess has them and malformed ones refused",
          "[match][adjudication]") {
    auto d = parse_draw_rule({"movenumber=30", "movecount=8", "score=10"});
    REQUIRE(d.ok());
    CHECK(d->move_number == 30);
    CHECK(d->move_count == 8);
    CHECK(d->score == 10);
    CHECK(draw_rule_text(*d) == "movenumber=30 movecount=8 score=10");
    auto r = parse_resign_rule({"movecount=3", "score=600", "twosided=true"});
    REQUIRE(r.ok());
    CHECK(r->two_sided);
    CHECK(resign_rule_text(*r) == "movecount=3 score=600 twosided=true");
    check_refused(parse_draw_rule({"movecount=8"}), {"--draw needs movecount=N and score=N"});
    check_refused(parse_draw_rule({"movecount=8", "score=x"}),
                  {"--draw score needs a whole number", "'x'"});
    check_refused(parse_draw_rule({"movecount=0", "score=5"}), {"movecount", "'0'"});
    check_refused(parse_draw_rule({"moves=8", "score=5"}), {"unknown key 'moves'"});
    check_refused(parse_resign_rule({"movecount=3", "score=600", "twosided=yes"}),
                  {"twosided must be true or false, not 'yes'"});
    check_refused(parse_resign_rule({"movecount", "score=600"}), {"'movecount' is not key=value"});
}

TEST_CASE("draw adjudication: both engines level for C moves each, from move N on",
          "[match][adjudication]") {
    Adjudicator a(DrawRule{3, 2, 10}, std::nullopt);
    // Plies 1-4 are level, but move 3 begins at ply 4: the draw comes at the 4th ply.
    auto [v, at] = play(a, {cp(5), cp(-10), cp(0), cp(3), cp(0)});
    REQUIRE(v);
    CHECK(v->outcome == Outcome::Draw);
    CHECK(at == 4);
    CHECK(v->reason == "draw by adjudication: both engines' scores within 10 cp for 2 moves each");

    // A score outside the window, a missing score or a mate starts the count again.
    for (const auto& breaker :
         {cp(11), std::optional<MoveScore>{}, std::optional<MoveScore>{MoveScore{1, true}}}) {
        Adjudicator b(DrawRule{0, 2, 10}, std::nullopt);
        auto [w, when] = play(b, {cp(0), cp(0), cp(0), breaker, cp(0), cp(0), cp(0), cp(0)});
        REQUIRE(w);
        CHECK(when == 8);
    }
}

TEST_CASE("resign adjudication: one-sided and two-sided", "[match][adjudication]") {
    // One-sided: the defenders say -600 or worse at three of their moves in a row.
    Adjudicator one(std::nullopt, ResignRule{3, 600, false});
    auto [v, at] = play(one, {cp(700), cp(-600), cp(0), cp(-900), cp(0), cp(-650)});
    REQUIRE(v);
    CHECK(at == 6);
    CHECK(v->outcome == Outcome::AttackersWin);
    CHECK(v->reason.rfind(
              "loses by adjudication: its score was -600 cp or below (or a mate against it) "
              "for 3 moves in a row") == 0);
    // A better score in between starts its count again; the other side's scores do not matter.
    Adjudicator again(std::nullopt, ResignRule{2, 600, false});
    auto [w, when] = play(again, {cp(0), cp(-600), cp(0), cp(-100), cp(0), cp(-700), cp(0),
                                  std::optional<MoveScore>{MoveScore{-1, true}}});
    REQUIRE(w);
    CHECK(when == 8);
    CHECK(w->outcome == Outcome::AttackersWin);

    // Two-sided: both must agree. The defenders' -900 alone is not enough while the attackers
    // call it level; from the attackers' +600 on, 2 moves each in a row (the
    // defenders' -900 before it included) end it.
    Adjudicator two(std::nullopt, ResignRule{2, 600, true});
    auto [x, at2] =
        play(two, {cp(0), cp(-900), cp(0), cp(-900), cp(600), cp(-900), cp(800), cp(-950)});
    REQUIRE(x);
    CHECK(at2 == 7);  // plies 4-7: two moves each
    CHECK(x->outcome == Outcome::AttackersWin);
    CHECK(x->reason.find("both engines' scores agreed") != std::string::npos);
}
