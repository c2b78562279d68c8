// SPDX-License-Identifier: GPL-3.0-or-later
// Game reports: reading OpenTafl records, the engine's judgement of each move, the HTML page's
// structure (the browser test, tests/protocol/test_report_browser.py, drives the page itself).
#include <fstream>
#include <optional>
#include <sstream>

#include "catch.h"
#include "core/otg_record.h"
#include "core/presets.h"
#include "engine/engine.h"
#include "engine/search.h"
#include "report/game_analysis.h"
#include "report/html_report.h"
#include "report/score_meaning.h"
#include "test_support.h"

using namespace branan;
using namespace branan::report;
using branan::testing::count_of;

namespace {

Game played(const std::string& variant, const std::string& record, Side to_move,
            const std::vector<std::string>& moves) {
    auto created = Game::create(*preset(variant), record, to_move);
    REQUIRE(created.ok());
    Game game = std::move(created).value();
    for (const auto& m : moves) {
        auto r = game.play(m);
        INFO(m << ": " << r.error());
        REQUIRE(r.ok());
    }
    return game;
}

// Brandubh, attackers to move (the record is rank 1 first): the king on c7, hemmed in by c6, d6
// and e7, threatens to escape to a7; b1-b7 stops it and wins. The attackers play b1-c1 instead
// and the king escapes.
Game blunder_game() {
    return played("brandubh", "/1t5/7/7/7/7/2tt3/2K1t2/", Side::Attackers, {"b1-c1", "c7-a7"});
}

// Game `line` of tests/data/brandubh-federation-games.csv, its first `plies` moves.
Game federation_game(int line, size_t plies) {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/brandubh-federation-games.csv");
    std::string text;
    for (int i = 0; i < line; ++i) std::getline(in, text);
    std::vector<std::string> moves;
    std::istringstream words(text.substr(0, text.find(',')));
    for (std::string m; words >> m && moves.size() < plies;) moves.push_back(m);
    REQUIRE(moves.size() == plies);
    auto created = Game::create(*preset("brandubh-federation"));
    REQUIRE(created.ok());
    Game game = std::move(created).value();
    for (const auto& m : moves) REQUIRE(game.play(m).ok());
    return game;
}

AnalysisOptions shallow() {
    AnalysisOptions o;
    o.limits.depth = 3;
    o.hash_mb = 1;
    return o;
}

}  // namespace

TEST_CASE("parse_otg: tags, moves without turn numbers and comments", "[report]") {
    auto r = parse_otg(
        "[event:club night]\n[result:-1]\n[rules:dim:7 name:brandubh start:/7/]\r\n\n"
        "1. d2-e2 Kd4-c4 {a comment\nover two lines} \n2. e2-d2xd3/c2 \n");
    INFO(r.error());
    REQUIRE(r.ok());
    CHECK(r->tag("event") == "club night");
    CHECK(r->tag("result") == "-1");
    CHECK(r->tag("rules") == "dim:7 name:brandubh start:/7/");
    CHECK(r->tag("date").empty());
    CHECK(r->moves == std::vector<std::string>{"d2-e2", "Kd4-c4", "e2-d2xd3/c2"});
}

TEST_CASE("parse_otg names the line of a broken record", "[report]") {
    auto unclosed = parse_otg("[event:x]\n\n1. d2-e2 {never closed\n2. e2-e3\n");
    REQUIRE_FALSE(unclosed.ok());
    CHECK(unclosed.error() == "line 3: a comment '{' that does not end");
    auto bad_tag = parse_otg("[event:x]\n[no colon]\n");
    REQUIRE_FALSE(bad_tag.ok());
    CHECK(bad_tag.error() == "line 2: tag '[no colon]' is not [key:value]");
    auto late_tag = parse_otg("1. d2-e2\n[event:x]\n");
    REQUIRE_FALSE(late_tag.ok());
    CHECK(late_tag.error() == "line 2: a tag after the moves");
}

TEST_CASE("analyse_game: one analysis a position, the missed defence is a mistake", "[report]") {
    const Game game = blunder_game();
    const GameAnalysis a = analyse_game(game, shallow());
    REQUIRE(a.positions.size() == 3);
    REQUIRE(a.moves.size() == 2);
    CHECK(a.limits == "depth 3");
    // Before the blunder the engine blocks the escape and wins; afterwards the defenders win.
    CHECK(a.positions[0].best_text == "b1-b7");
    CHECK(attackers_view(a.positions[0].score, a.positions[0].to_move) == kScoreCap);
    CHECK(a.positions[1].best_text == "c7-a7");
    CHECK(a.positions[1].to_move == Side::Defenders);
    CHECK(attackers_view(a.positions[1].score, a.positions[1].to_move) == -kScoreCap);
    CHECK(a.moves[0].tier == Tier::Blunder);
    CHECK(a.moves[0].result_lost);
    CHECK(a.moves[0].loss == 2 * kScoreCap);
    // The escape was the engine's move, judged all the same: no loss.
    CHECK(a.moves[1].judged);
    CHECK(a.moves[1].loss == 0);
    CHECK(a.moves[1].tier == Tier::None);
    CHECK(tier_count(a, Side::Attackers, Tier::Blunder) == 1);
    CHECK(tier_count(a, Side::Defenders, Tier::Blunder) == 0);
    // The end: nothing searched, the side to move (attackers) has lost.
    CHECK(a.positions[2].status.outcome == Outcome::DefendersWin);
    CHECK_FALSE(a.positions[2].best);
    CHECK(attackers_view(a.positions[2].score, a.positions[2].to_move) == -kScoreCap);
}

TEST_CASE("tier_of: over half the threshold, over it, over three times it or a result",
          "[report]") {
    CHECK(tier_of(50, false, 100) == Tier::None);
    CHECK(tier_of(51, false, 100) == Tier::Inaccuracy);
    CHECK(tier_of(100, false, 100) == Tier::Inaccuracy);
    CHECK(tier_of(101, false, 100) == Tier::Mistake);
    CHECK(tier_of(300, false, 100) == Tier::Mistake);
    CHECK(tier_of(301, false, 100) == Tier::Blunder);
    CHECK(tier_of(0, true, 100) == Tier::Blunder);
}

// Line `line` of tests/data/copenhagen-games.csv.
// Line `line` of the real Copenhagen games, under the preset or with another repetition rule.
Game copenhagen_game(int line, std::optional<RepetitionRule> repetition = std::nullopt) {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/copenhagen-games.csv");
    std::string text;
    for (int i = 0; i < line; ++i) std::getline(in, text);
    Rules rules = *preset("copenhagen");
    if (repetition) rules.repetition = *repetition;
    auto created = Game::create(rules);
    REQUIRE(created.ok());
    Game game = std::move(created).value();
    std::istringstream words(text.substr(0, text.find(',')));
    for (std::string m; words >> m;)
        if (m != "timeout") REQUIRE(game.play(m).ok());
    return game;
}

TEST_CASE("judge: a move that walks into a found loss is a blunder, whoever suggested it",
          "[report]") {
    // Line 29 of the real Copenhagen games at depth 6 (the move order of then): 26. b4-b1, the
    // engine's own move, and after it the defenders win by a repetition (-rep#6, shown as
    // -309.9x soldiers before). Judged only when the played move differed from the engine's,
    // it went unmarked. The two analyses as they were:
    PositionAnalysis before, after;
    before.to_move = Side::Attackers;
    before.best = Move{14, 11};
    before.score = 858;
    before.depth = 6;
    before.by_depth = {std::nullopt, 120, 300, 500, 700, 800, 858};
    after.to_move = Side::Defenders;
    after.score = history_win_in(6);
    after.depth = 6;
    after.by_depth = {std::nullopt, 200, 300, 400, 500, 600, history_win_in(6)};
    REQUIRE(meaning_of(after.score).result);
    const MoveVerdict v = judge(before, after, 100);
    CHECK(v.judged);
    CHECK(v.result_lost);
    CHECK(v.tier == Tier::Blunder);
    // The defenders' reply that keeps their win loses nothing, though the score one ply
    // shallower before the win was found was an ordinary one.
    PositionAnalysis reply = before;
    reply.to_move = Side::Attackers;
    reply.score = -history_win_in(5);
    reply.depth = 6;
    const MoveVerdict kept = judge(after, reply, 100);
    CHECK(kept.loss == 0);
    CHECK(kept.tier == Tier::None);
}

TEST_CASE("analyse_game judges the engine's own moves too", "[report][slow]") {
    // Every move after the book is judged, whether or not it was the engine's choice (the moves
    // of line 29 that the engine would have played itself went unjudged).
    const Game game = copenhagen_game(29, RepetitionRule::LossForRepeater);
    AnalysisOptions o = shallow();
    o.limits.depth = 7;
    o.hash_mb = 16;
    const GameAnalysis a = analyse_game(game, o);
    REQUIRE(game.moves_played().size() == 57);
    int own = 0;
    for (size_t k = 0; k < game.moves_played().size(); ++k) {
        CHECK(a.moves[k].judged);
        own += a.positions[k].best == game.moves_played()[k];
    }
    CHECK(own > 10);
    // The repetition the defenders win at the end is shown as a result, not as soldiers, from
    // the first position where the search finds it on.
    size_t found = 0;
    for (size_t k = 40; k < a.positions.size() && !found; ++k)
        if (meaning_of(a.positions[k].score).history) found = k;
    REQUIRE(found > 0);
    const PositionAnalysis& p = a.positions[found];
    const ScoreMeaning end = meaning_of(p.score);
    CHECK(end.result);
    CHECK(end.win == (p.to_move == Side::Defenders));  // the defenders' win
    CHECK(score_text(p.score, p.to_move).find("rep#") == 1);
}

TEST_CASE("analyse_game compares the mover's scores at equal depth", "[report]") {
    // Line 14, depth 4: 9. c6-c5 (not the engine's choice then) lost nothing at equal depth; the
    // score before it at depth 4 against the one after it at depth 4 swung with the side to move
    // and made it a mistake (1.18 soldiers). Since the move picker's order of equal moves
    // changed, the engine plays c6-c5 there itself; ply 6 (7. of the same side) is such a move
    // now: not the engine's choice, 0.41 soldiers lost at equal depth.
    const Game game = federation_game(14, 9);
    AnalysisOptions o = shallow();
    o.limits.depth = 4;
    const GameAnalysis a = analyse_game(game, o);
    REQUIRE(a.positions[6].best != game.moves_played()[6]);
    CHECK(a.moves[6].loss <= 50);
    CHECK(a.moves[6].tier == Tier::None);
}

TEST_CASE("analyse_game leaves the opening book's plies unjudged", "[report]") {
    AnalysisOptions o = shallow();
    o.book_plies = 1;
    const GameAnalysis a = analyse_game(blunder_game(), o);
    CHECK(a.book_plies == 1);
    CHECK_FALSE(a.moves[0].judged);
    CHECK(a.moves[0].tier == Tier::None);
    CHECK(a.moves[1].judged);
    CHECK(tier_count(a, Side::Attackers, Tier::Blunder) == 0);
    const std::string page = render_html_report({{}, blunder_game(), {}}, a);
    CHECK(count_of(page, "<tr class=\"move by-attackers book\" data-ply=\"1\"") == 1);
    CHECK(count_of(page, "not judged") == 1);
}

TEST_CASE("score_text: soldiers, forced results and results by repetition", "[report]") {
    CHECK(score_text(239, Side::Attackers) == "+2.39");
    CHECK(score_text(239, Side::Defenders) == "-2.39");
    CHECK(score_text(0, Side::Defenders) == "+0.00");
    CHECK(score_text(mate_in(5), Side::Attackers) == "+#3");
    CHECK(score_text(mated_in(4), Side::Attackers) == "-#2");
    CHECK(score_text(mate_in(1), Side::Defenders) == "-#1");
    // Scores in the band of results that rest on the game's history (engine/search.h): a loss
    // by repetition in 8 plies was shown as -309.92 soldiers.
    CHECK(score_text(-history_win_in(8), Side::Attackers) == "-rep#4");
    CHECK(score_text(history_win_in(3), Side::Defenders) == "-rep#2");
    const ScoreMeaning m = meaning_of(-history_win_in(8));
    CHECK((m.result && m.history && !m.win && m.plies == 8));
    CHECK_FALSE(meaning_of(kScoreCap).result);
}

TEST_CASE("default_report_depth: shallower on wider boards", "[report]") {
    CHECK(default_report_depth(7) == 6);
    CHECK(default_report_depth(9) == 5);
    CHECK(default_report_depth(11) == 4);
    CHECK(default_report_depth(13) == 3);
    CHECK(default_report_depth(19) == 2);
}

TEST_CASE("render_html_report: a board, a graph point and a row per position", "[report]") {
    // Line 3 of brandubh-federation-games.csv, its first five moves: e2-d2 captures d3.
    const Game game = played("brandubh-federation", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
                             Side::Attackers, {"d2-e2", "c4-c5", "f4-f5", "d4-c4", "e2-d2xd3"});
    ReportGame r{{}, game, {}};
    r.header.attackers = "<Ann & \"Bo\">";
    r.header.date = "2024.05.17";
    const std::string page = render_html_report(r, analyse_game(game, shallow()));
    CHECK(count_of(page, "<svg class=\"board") == 6);
    CHECK(count_of(page, "<svg class=\"board current\" data-ply=\"0\"") == 1);
    CHECK(count_of(page, "class=\"point") == 6);
    CHECK(count_of(page, "<tr class=\"move") == 6);
    CHECK(count_of(page, "id=\"eval-graph\"") == 1);
    for (int ply = 0; ply <= 5; ++ply)
        CHECK(count_of(page, "<svg class=\"board" + std::string(ply ? "" : " current") +
                                 "\" data-ply=\"" + std::to_string(ply) + "\"") == 1);
    // The capture is marked on the board after it, and only there.
    const size_t board5 = page.find("data-ply=\"5\"");
    CHECK(count_of(page, "class=\"captured\"") == 1);
    CHECK(page.find("d3 captured") > board5);
    CHECK(page.find("d3 captured") < page.find("</svg>", board5));
    // Every board but the first marks its move.
    CHECK(count_of(page, "class=\"last-from\"") == 5);
    CHECK(count_of(page, "class=\"last-to\"") == 5);
    // The corners and the throne are marked once, in the grid every board uses.
    CHECK(count_of(page, "class=\"square corner\"") == 4);
    CHECK(count_of(page, "class=\"square throne\"") == 1);
    // Header text is escaped; nothing is fetched from elsewhere.
    CHECK(count_of(page, "&lt;Ann &amp; &quot;Bo&quot;&gt;") >= 1);
    CHECK(count_of(page, "<Ann") == 0);
    CHECK(count_of(page, "2024.05.17") == 1);
    CHECK(count_of(page, "src=") == 0);
    CHECK(count_of(page, "http") == 0);
    // A panel a position with the engine's line and the position record; an arrow for the
    // engine's move on every board but the last (searched) one.
    CHECK(count_of(page, "class=\"ply-info") == 6);
    CHECK(count_of(page, "class=\"best-arrow\"") == 6);
    CHECK(count_of(page, "<code class=\"record\">") == 6);
    CHECK(count_of(page, "data-record=\"" + game.record() + "\"") == 1);
    CHECK(count_of(page, "id=\"tier-counts\"") == 1);
    CHECK(count_of(page, "<th>Time</th>") == 0);  // no clocks in this record
}

TEST_CASE("render_html_report shows the clocks and times the record has", "[report]") {
    const Game game = blunder_game();
    ReportGame r{{}, game, {}};
    r.clocks.push_back({1204, 58796, 60000});
    r.clocks.push_back({std::nullopt, std::nullopt, std::nullopt});
    const std::string page = render_html_report(r, analyse_game(game, shallow()));
    CHECK(count_of(page, "<th>Time</th>") == 1);
    CHECK(count_of(page, "<td>0:01.2</td>") == 1);
    CHECK(count_of(page, "<b>Clocks</b> attackers 0:58.7 · defenders 1:00.0") == 1);
}

TEST_CASE("render_html_report flags the blunder in the list, on the graph and in the counts",
          "[report]") {
    const Game game = blunder_game();
    const std::string page = render_html_report({{}, game, {}}, analyse_game(game, shallow()));
    CHECK(count_of(page, "<tr class=\"move by-attackers blunder\" data-ply=\"1\"") == 1);
    CHECK(count_of(page, "<circle class=\"point blunder\" data-ply=\"1\"") == 1);
    CHECK(count_of(page, "blunder\" data-ply") == 2);
    CHECK(count_of(page,
                   "title=\"blunder\">?"
                   "?</span>") == 1);
    CHECK(count_of(page, "data-side=\"attackers\" data-tier=\"blunder\">1<") == 1);
    CHECK(count_of(page, "data-side=\"defenders\" data-tier=\"blunder\">0<") == 1);
    CHECK(count_of(page, "Defenders won (king escaped)") == 1);
}
