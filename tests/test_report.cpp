// SPDX-License-Identifier: GPL-3.0-or-later
// Game reports: reading OpenTafl records, the engine's judgement of each move, the HTML page's
// structure (the browser test, tests/protocol/test_report_browser.py, drives the page itself).
#include "catch.h"
#include "core/otg_record.h"
#include "core/presets.h"
#include "report/game_analysis.h"
#include "report/html_report.h"
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
    CHECK(a.moves[0].mistake);
    CHECK(a.moves[0].loss == 2 * kScoreCap);
    // The escape was the engine's move: no loss.
    CHECK(a.moves[1].loss == 0);
    CHECK_FALSE(a.moves[1].mistake);
    // The end: nothing searched, the side to move (attackers) has lost.
    CHECK(a.positions[2].status.outcome == Outcome::DefendersWin);
    CHECK_FALSE(a.positions[2].best);
    CHECK(attackers_view(a.positions[2].score, a.positions[2].to_move) == -kScoreCap);
    // The threshold decides: a loss over it, not at it.
    AnalysisOptions lenient = shallow();
    lenient.threshold = a.moves[0].loss;
    CHECK_FALSE(analyse_game(game, lenient).moves[0].mistake);
}

TEST_CASE("render_html_report: a board, a graph point and a row per position", "[report]") {
    // Line 3 of brandubh-federation-games.csv, its first five moves: e2-d2 captures d3.
    const Game game = played("brandubh-federation", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
                             Side::Attackers, {"d2-e2", "c4-c5", "f4-f5", "d4-c4", "e2-d2xd3"});
    ReportGame r{{}, game};
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
}

TEST_CASE("render_html_report flags the mistake in the list and on the graph", "[report]") {
    const Game game = blunder_game();
    const std::string page = render_html_report({{}, game}, analyse_game(game, shallow()));
    CHECK(count_of(page, "<tr class=\"move by-attackers mistake\" data-ply=\"1\"") == 1);
    CHECK(count_of(page, "<circle class=\"point mistake\" data-ply=\"1\"") == 1);
    CHECK(count_of(page, "mistake\" data-ply") == 2);
    CHECK(count_of(page, "Defenders won (king escaped)") == 1);
}
