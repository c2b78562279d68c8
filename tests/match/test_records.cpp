// SPDX-License-Identifier: GPL-3.0-or-later
// Game records (.otg, real-game CSV lines) and the results JSON of branan-match.
#include <algorithm>
#include <fstream>
#include <random>

#include "catch.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/otg_record.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "match/json.h"
#include "match/records.h"
#include "match/results.h"
#include "otg_support.h"

using namespace branan;
using namespace branan::match;
using catch_compat::Approx;

namespace {

// Lines 3 and 155 of tests/data/brandubh-federation-games.csv. Line 3 has king moves (d4 is the
// king) and single captures; line 155 has a double capture and ends with the king captured.
const char* kLine3 =
    "d2-e2 c4-c5 f4-f5 d4-c4 e2-d2xd3 c4-c3 f5-f4xe4 c3-d3 f4-f3 d3-c3 f3-d3 c3-c4 d6-e6 c4-e4 "
    "d3-e3,2,0,Ongoing";
const char* kLine155 =
    "d2-e2 d3-d2 d6-c6 e4-e3 f4-f3 d4-e4 c6-d6xd5 c4-c5 d6-d3xe3xd2 e4-e6 d3-d6 c5-c6xd6 d1-d6 "
    "e6-e5 b4-b6xc6 e5-f5 e2-e5 f5-f6 f3-f5 f6-g6 g4-g5,4,1,Black";

GameRecord record_of(const char* line, const std::string& result) {
    const CsvGame csv = parse_csv_game(line).value();
    GameRecord g;
    g.event = "test match";
    g.date = "2024.05.17";
    g.attackers = "new";
    g.defenders = "base";
    g.rules_string = "brandubh-federation";
    g.moves = csv.moves;
    g.result = result;
    g.round = 2;
    g.game = 3;
    return g;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

MatchResults sample_results() {
    MatchResults r;
    r.event = "sprt \"quoted\"\ttab";
    r.variant = "brandubh";
    r.engines = {"new", "base"};
    r.sprt = SprtConfig{0, 5, 0.05, 0.05};
    // Pair (1, games 1-2): new wins both -> WW. Pair (1, 3-4): win + draw -> WD.
    // Pair (2, 1-2): draw + loss -> LD. Game (2, 3): unpaired loss (its partner is missing).
    r.games = {
        {1, 1, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "new", "base", "attackers", "king captured",
         31},
        {1, 2, "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "base", "new", "defenders", "king escaped", 40},
        {1, 3, "op2", "new", "base", "draw", "repetition", 77},
        {1, 4, "op2", "base", "new", "defenders", "time forfeit by base", 12},
        {2, 1, "op3", "new", "base", "draw", "repetition", 60},
        {2, 2, "op3", "base", "new", "attackers", "king escaped", 22},
        {2, 3, "op4", "new", "base", "defenders", "king escaped", 18},
    };
    r.warnings = {"only 3 distinct random openings"};
    r.settings = {{"new", "./branan", {"--x", "y z"}, "uti", "10+0.1", {{"Hash", "64"}}},
                  {"base", "java", {}, "otep", "st=2", {}}};
    return r;
}

}  // namespace

TEST_CASE("write_otg: tags, turns, K prefixes", "[match]") {
    const std::string otg = write_otg(record_of(kLine3, ""));
    CHECK(otg ==
          "[event:test match]\n"
          "[date:2024.05.17]\n"
          "[round:2]\n"
          "[attackers:new]\n"
          "[defenders:base]\n"
          "[result:?]\n"
          "[compiler:branan-match]\n"
          "[rules:dim:7 name:brandubh-federation atkf:y tfr:w ks:c corp:tTK "
          "starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/]\n"
          "\n"
          "1. d2-e2 c4-c5 \n"
          "2. f4-f5 Kd4-c4 \n"
          "3. e2-d2xd3 Kc4-c3 \n"
          "4. f5-f4xe4 Kc3-d3 \n"
          "5. f4-f3 Kd3-c3 \n"
          "6. f3-d3 Kc3-c4 \n"
          "7. d6-e6 Kc4-e4 \n"
          "8. d3-e3 \n");
    CHECK(write_otg_checked(record_of(kLine3, "")).ok());
}

TEST_CASE("write_otg: capture order, '/' separators, captured king, result", "[match]") {
    GameRecord g = record_of(kLine155, "attackers");
    g.termination = "king captured";
    const std::string otg = write_otg(g);
    CHECK(contains(otg, "[result:1]\n"));
    CHECK(contains(otg, "[termination:king captured]\n"));
    // d6-d3 captures e3 (east of d3) and d2 (south): OpenTafl lists west, east, south, north.
    CHECK(contains(otg, "\n5. d6-d3xe3/d2 Ke4-e6 \n"));
    CHECK(contains(otg, "\n11. g4-g5xKg6 \n"));
    CHECK(contains(write_otg(record_of(kLine155, "defenders")), "[result:-1]"));
    CHECK(contains(write_otg(record_of(kLine155, "draw")), "[result:0]"));
}

TEST_CASE("write_otg: start position and side other than the rules'", "[match]") {
    GameRecord g = record_of(kLine3, "");
    // The position after 1. d2-e2, defenders to move.
    g.start_record = "/3t3/4t2/3T3/ttTKTtt/3T3/3t3/3t3/";
    g.start_side = "defenders";
    g.moves = {"c4-c5", "f4-f5", "d4-c4"};
    const std::string otg = write_otg(g);
    INFO(otg);
    CHECK(contains(otg, " atkf:n "));
    // starti: the rows top rank first.
    CHECK(contains(otg, "starti:/3t3/3t3/3T3/ttTKTtt/3T3/4t2/3t3/]\n"));
    CHECK(contains(otg, "\n1. c4-c5 f4-f5 \n2. Kd4-c4 \n"));
}

TEST_CASE("write_otg falls back on records that do not replay", "[match]") {
    GameRecord g = record_of(kLine3, "");
    g.moves = {"d2-e2", "d7-d4xc4xe4"};  // the second is illegal
    CHECK_FALSE(write_otg_checked(g).ok());
    const std::string otg = write_otg(g);
    CHECK(contains(otg, "[branan-warning:record not replayed: move 2: "));
    CHECK(contains(otg, "\n1. d2-e2 d7-d4xc4/e4 \n"));
    g.rules_string = "no-such-variant";
    CHECK(contains(write_otg(g), "[rules:no-such-variant]"));
}

// Every real game of tests/data written as an .otg record (OpenTafl's notation: K prefixes, '/'
// between captures, captured kings) and read back move by move with the one move reader: the
// replay must end in the position the plain-notation replay ends in.
TEST_CASE("every real game written as an OpenTafl record replays through the move reader",
          "[match]") {
    for (const auto& [file, variant] : {std::pair<std::string, std::string>{
                                            "brandubh-federation-games.csv", "brandubh-federation"},
                                        {"copenhagen-games.csv", "copenhagen"}}) {
        std::ifstream in(std::string(BRANAN_TEST_DATA) + "/" + file);
        REQUIRE(in);
        int games = 0, replayed = 0;
        testing::OtgForms forms;
        for (std::string line; std::getline(in, line);) {
            if (line.empty()) continue;
            ++games;
            INFO(file << " game " << games << ": " << line);
            GameRecord g;
            g.rules_string = variant;
            g.moves = parse_csv_game(line).value().moves;
            // The plain replay; records the site played on past a repetition do not replay.
            Game plain = Game::create(*preset(variant)).value();
            bool plays = true;
            for (const auto& m : g.moves)
                if (m != "timeout" && !plain.play(m)) plays = false;
            const auto otg = write_otg_checked(g);
            REQUIRE(otg.ok() == plays);
            if (!plays) continue;
            const testing::OtgTestRecord record = testing::parse_otg_for_test(*otg);
            forms.count(record.moves);
            const Game game = testing::replay_otg(record);
            CHECK(game.record() == plain.record());
            CHECK(game.side_to_move() == plain.side_to_move());
            CHECK(game.status() == plain.status());
            ++replayed;
        }
        INFO(file);
        // As tests/test_replay.cpp counts them: 5 and 11 games go on past a repetition.
        CHECK(replayed == games - (variant == "copenhagen" ? 11 : 5));
        CHECK(forms.king_moves > 1000);
        CHECK(forms.slash_captures > 0);
        CHECK(forms.king_captures > 10);
    }
}

TEST_CASE("write_csv_line gives back the real-game lines", "[match]") {
    // Line 3: attackers captured d3 (move 5) and e4 (move 7), the defenders nothing.
    CHECK(write_csv_line(record_of(kLine3, "")) == kLine3);
    // Line 155: attackers xd5, xe3xd2, xc6 = 4; defenders xd6 = 1; the king's capture is not
    // written in these files.
    CHECK(write_csv_line(record_of(kLine155, "attackers")) == kLine155);

    GameRecord g = record_of(kLine3, "defenders");
    g.moves = {"c4-c5", "e2-d2xd3", "d6-d5"};
    // Defenders first: c4-c5 (defenders), e2-d2xd3 (attackers: 1 capture), d6-d5 (defenders).
    // The counts come from the text of the moves; they are not replayed.
    g.start_side = "defenders";
    g.termination = "time forfeit by new";
    CHECK(write_csv_line(g) == "c4-c5 e2-d2xd3 d6-d5 timeout,1,0,White");
    g.result = "draw";
    g.termination = "repetition";
    CHECK(write_csv_line(g) == "c4-c5 e2-d2xd3 d6-d5,1,0,Draw");
}

TEST_CASE("summary of match results: W/D/L, pairs, SPRT", "[match]") {
    const MatchSummary s = summarize(sample_results());
    REQUIRE(s.engines.size() == 2);
    // new: W (1,1) W (1,2) D (1,3) W (1,4) D (2,1) L (2,2) L (2,3) -> 3 wins, 2 draws, 2 losses
    CHECK(s.engines[0].wdl == WDL{3, 2, 2});
    CHECK(s.engines[1].wdl == WDL{2, 2, 3});
    // pairs: WW, WD, LD; (2,3) is unpaired
    CHECK(s.pentanomial == Pentanomial{0, 1, 0, 1, 1});
    REQUIRE(s.sprt.has_value());
    CHECK(s.llr == Approx(sprt_llr(*s.sprt, s.pentanomial)));
    CHECK(s.decision == SprtDecision::Continue);

    MatchResults unpaired = sample_results();
    unpaired.paired = false;
    CHECK(summarize(unpaired).llr == Approx(sprt_llr(*unpaired.sprt, WDL{3, 2, 2})));
}

TEST_CASE("results JSON: write, read back, merge", "[match]") {
    const MatchResults r = sample_results();
    const std::string json = results_json(r);
    INFO(json);
    CHECK(contains(json, "\"format\": \"branan-match-results\""));
    CHECK(contains(json, "\"wins\": 3, \"draws\": 2, \"losses\": 2"));
    CHECK(contains(json, "\"decision\": \"continue\""));
    auto back = read_results_json(json);
    REQUIRE(back.ok());
    CHECK(*back == r);

    MatchResults empty;
    empty.engines = {"a", "b"};
    const std::string empty_json = results_json(empty);
    CHECK(contains(empty_json, "\"elo\": null"));
    CHECK(contains(empty_json, "\"los\": null"));
    auto empty_back = read_results_json(empty_json);
    REQUIRE(empty_back.ok());
    CHECK(*empty_back == empty);

    // A sweep: infinite Elo is written as a string, and the file still reads.
    MatchResults sweep = r;
    sweep.games.resize(2);
    const std::string sweep_json = results_json(sweep);
    CHECK(contains(sweep_json, "\"elo\": \"+inf\""));
    CHECK(read_results_json(sweep_json).ok());

    // Merge: shards with disjoint games.
    MatchResults a = r, b = r;
    a.games.resize(4);
    b.games.erase(b.games.begin(), b.games.begin() + 4);
    auto merged = merge_results({a, b});
    REQUIRE(merged.ok());
    CHECK(*merged == r);
    CHECK_FALSE(merge_results({r, r}).ok());
    MatchResults other = b;
    other.engines = {"x", "y"};
    CHECK_FALSE(merge_results({a, other}).ok());

    // Merge --runs: two separate runs of one pairing, one of them an SPRT with other settings.
    MatchResults fixed = r;
    fixed.sprt.reset();
    const auto shards = merge_results({fixed, r});
    REQUIRE_FALSE(shards.ok());
    CHECK(contains(shards.error(), "has other SPRT settings than part 1"));
    auto runs = merge_results({fixed, r}, MergeKind::Runs);
    REQUIRE(runs.ok());
    REQUIRE(runs->games.size() == 2 * r.games.size());
    CHECK_FALSE(runs->sprt.has_value());
    CHECK(runs->warnings.back() ==
          "merged from 2 separate runs; their games are numbered on run after run, and their "
          "SPRTs, if any, are not combined");
    // The second run's games are numbered on after the first run's last game (4), so its
    // opening pairs stay pairs and both runs' pentanomial counts add up.
    CHECK(runs->games[7].round == 1);
    CHECK(runs->games[7].game == 5);
    CHECK(runs->games[13].round == 2);
    CHECK(runs->games[13].game == 7);
    const MatchSummary one = summarize(r), both = summarize(*runs);
    CHECK(both.pentanomial == Pentanomial{0, 2, 0, 2, 2});
    CHECK(one.pentanomial == Pentanomial{0, 1, 0, 1, 1});
    CHECK(both.engines[0].wdl == WDL{6, 4, 4});
    // A later run's warnings are kept, once; other engine settings are said.
    MatchResults slower = r;
    slower.settings[0].limits = "20+0.2";
    slower.warnings.push_back("a warning of the second run");
    auto mixed = merge_results({r, slower}, MergeKind::Runs);
    REQUIRE(mixed.ok());
    CHECK(mixed->warnings ==
          std::vector<std::string>{
              "only 3 distinct random openings",
              "results part 2 ran its engines with other settings (command, limits or options) "
              "than part 1",
              "a warning of the second run",
              "merged from 2 separate runs; their games are numbered on run after run, and their "
              "SPRTs, if any, are not combined"});
    // A game listed twice within one run is named by its own number and its run.
    MatchResults twice = fixed;
    twice.games.push_back(twice.games[0]);
    const auto collision = merge_results({fixed, twice}, MergeKind::Runs);
    REQUIRE_FALSE(collision.ok());
    CHECK(collision.error() ==
          "results part 2: round 1 game 1 (game 5 once numbered on) is already in results part 2");
    MatchResults odd = fixed;  // a run ending on an odd game number: the next starts a new pair
    odd.games.resize(3);
    auto odd_runs = merge_results({odd, fixed}, MergeKind::Runs);
    REQUIRE(odd_runs.ok());
    CHECK(odd_runs->games[3].game == 5);
    CHECK(summarize(*odd_runs).pentanomial == Pentanomial{0, 1, 0, 1, 2});
}

TEST_CASE("results JSON reader is strict and says why", "[match]") {
    const std::string good = results_json(sample_results());
    auto error_of = [](const std::string& text) {
        auto r = read_results_json(text);
        return r.ok() ? std::string("(no error)") : r.error();
    };
    auto replaced = [&](const std::string& from, const std::string& to) {
        std::string s = good;
        const size_t at = s.find(from);
        REQUIRE(at != std::string::npos);
        return s.replace(at, from.size(), to);
    };
    CHECK(contains(error_of(""), "unexpected end of input"));
    CHECK(contains(error_of("{\"a\": 1,}"), "line 1, column 9: expected a string key"));
    CHECK(contains(error_of("[1, 2"), "expected ',' or ']'"));
    CHECK(contains(error_of("{\"a\": 01}"), "leading zero"));
    CHECK(contains(error_of("{\"a\": 1, \"a\": 2}"), "duplicate key 'a'"));
    CHECK(contains(error_of("\"tab\there\""), "control character"));
    CHECK(contains(error_of("{} x"), "unexpected text after the JSON value"));
    CHECK(contains(error_of("{\"a\": 1e999}"), "out of range"));
    CHECK(contains(error_of("{}"), "top level: missing key 'format'"));
    CHECK(contains(error_of(replaced("\"version\": 1", "\"version\": 2")),
                   "version 2 is not supported"));
    CHECK(contains(error_of(replaced("\"result\": \"draw\"", "\"result\": \"won\"")),
                   "games[2].result: result 'won' is not"));
    CHECK(contains(error_of(replaced("\"plies\": 31", "\"plies\": 31.5")),
                   "games[0].plies: expected an integer"));
    CHECK(contains(error_of(replaced("\"attackers\": \"new\"", "\"attackers\": \"nobody\"")),
                   "games[0].attackers: engine 'nobody' is not in 'engines'"));
    CHECK(contains(error_of(replaced("\"plies\": 31", "\"plies\": 31, \"extra\": 1")),
                   "games[0]: unknown key 'extra'"));
    CHECK(contains(error_of(replaced("\"game\": 2,", "\"game\": 1,")),
                   "round 1 game 1 is listed twice"));
    CHECK(contains(error_of(replaced("\"alpha\": 0.05", "\"alpha\": \"x\"")),
                   "sprt.alpha: expected a number"));
    CHECK(contains(error_of(replaced("\"alpha\": 0.05", "\"alpha\": 0.99")),
                   "sprt: SPRT alpha + beta"));
    // Escapes read back, including \u and surrogate pairs.
    auto s = read_results_json(
        replaced("\"variant\": \"brandubh\"", "\"variant\": \"b\\u00e9\\ud83d\\ude00\\/\""));
    REQUIRE(s.ok());
    CHECK(s->variant == "b\xc3\xa9\xf0\x9f\x98\x80/");
}

TEST_CASE("game records: time-control tag and the .notes side file", "[match]") {
    GameRecord g = record_of(kLine3, "");
    g.time_control = "attackers 10+0.1, defenders depth=6";
    g.moves.resize(3);
    g.notes = {"", "+0.35/12 1.204s", "-M3/7 0.010s"};
    CHECK(contains(write_otg(g), "[time-control:attackers 10+0.1, defenders depth=6]\n"));
    CHECK(write_move_notes(g) ==
          "# round 2 game 3: new (attackers) vs base (defenders), attackers 10+0.1, defenders "
          "depth=6\n1. " +
              g.moves[0] + " " + g.moves[1] + " {+0.35/12 1.204s}\n2. " + g.moves[2] +
              " {-M3/7 0.010s}\n");
}

TEST_CASE("json_string reads back through the strict JSON reader", "[match]") {
    std::string every_ascii;
    for (int c = 0; c < 0x80; ++c) every_ascii += static_cast<char>(c);
    for (const std::string& s : {every_ascii, std::string("K\xc3\xa9nig \xe2\x98\x83"),
                                 std::string("say \"hi\" a\\b"), std::string()}) {
        const auto v = parse_json(json_string(s));
        REQUIRE(v.ok());
        REQUIRE(v->kind == JsonValue::Kind::String);
        CHECK(v->string == s);
    }
}

TEST_CASE("write_otg's records read back: tags, moves, rules, replay", "[match]") {
    GameRecord g = record_of(kLine155, "attackers");
    g.termination = "king captured";
    auto otg = parse_otg(write_otg(g));
    INFO(otg.error());
    REQUIRE(otg.ok());
    CHECK(otg->tag("attackers") == "new");
    CHECK(otg->tag("result") == "1");
    CHECK(otg->tag("termination") == "king captured");
    // The moves as OpenTafl writes them (piece letters, '/' captures) are the record's moves.
    Game written = Game::create(*preset("brandubh-federation")).value();
    Game plain = written;
    for (const auto& m : otg->moves) REQUIRE(written.play(m));
    for (const auto& m : g.moves) REQUIRE(plain.play(m));
    CHECK(written.moves_played() == plain.moves_played());
    // The rules tag gives the game's rules back, and the game replays to the same end.
    auto rules = rules_from_name_or_string(otg->tag("rules"));
    REQUIRE(rules.ok());
    CHECK(*rules == *rules_from_name_or_string("brandubh-federation"));
    auto game = replay_record(g);
    REQUIRE(game.ok());
    CHECK(game->moves_played().size() == g.moves.size());
    CHECK(game->status().reason == OutcomeReason::KingCaptured);
}

TEST_CASE("replay_record names the move that does not replay", "[match]") {
    GameRecord g = record_of(kLine3, "");
    g.moves = {"d2-e2", "timeout"};
    CHECK(replay_record(g).ok());
    g.moves = {"d2-e2", "d7-d4xc4xe4"};
    auto game = replay_record(g);
    REQUIRE_FALSE(game.ok());
    CHECK(game.error().rfind("move 2: ", 0) == 0);
    g.rules_string = "no-such-variant";
    CHECK_FALSE(replay_record(g).ok());
}

// Under Berserk a side may move several times in a row. OpenTafl writes such a turn's moves on
// its turn number's line, the later ones marked '='; the move notes and the CSV capture counts
// follow the side that really moved.
TEST_CASE("write_otg: a berserk turn's moves share their turn number", "[match]") {
    // A random Berserk game (fixed seed) up to the first move that continues a berserk turn.
    std::mt19937 rng(7);
    Game game = Game::create(*preset("berserk")).value();
    GameRecord g;
    g.rules_string = "berserk";
    Side before = game.side_to_move();
    std::vector<Side> sides;  // who made each move
    while (true) {
        REQUIRE(g.moves.size() < 2000);
        if (game.status().over()) {
            game = Game::create(*preset("berserk")).value();
            g.moves.clear();
            sides.clear();
        }
        const std::vector<Move> legal = game.legal_moves();
        const Move m = legal[rng() % legal.size()];
        g.moves.push_back(game.move_text(m));
        before = game.side_to_move();
        sides.push_back(before);
        game.play(m);
        if (g.moves.size() >= 2 && game.side_to_move() == before) break;  // it captured
    }
    // One more move of the same side: the turn's continuation.
    const std::vector<Move> legal = game.legal_moves();
    g.moves.push_back(game.move_text(legal.front()));
    sides.push_back(before);
    game.play(legal.front());
    const size_t n = g.moves.size();
    const std::string otg = write_otg_checked(g).value();
    INFO(otg);
    // The capture and its continuation on one line, the continuation marked '='.
    const OtgRecord read = parse_otg(otg).value();
    REQUIRE(read.moves.size() == n);
    CHECK(read.moves[n - 1].find('=') != std::string::npos);
    const std::string pair = " " + read.moves[n - 2] + " " + read.moves[n - 1] + " \n";
    CHECK(contains(otg, pair));
    // The record reads back move by move into the same game.
    Game replay = Game::create(*preset("berserk")).value();
    for (const std::string& text : read.moves) REQUIRE(replay.play(text));
    CHECK(replay.record() == game.record());
    // The move notes put the continuation on its turn's line too.
    const std::string notes = write_move_notes(g);
    CHECK(contains(notes, " " + g.moves[n - 2] + " " + g.moves[n - 1] + "\n"));
    // The CSV line counts each side's captures ('x' in Branan's notation) by who moved.
    int captures[2] = {0, 0};
    for (size_t i = 0; i < n; ++i)
        captures[index(sides[i])] +=
            static_cast<int>(std::count(g.moves[i].begin(), g.moves[i].end(), 'x'));
    const CsvGame csv = parse_csv_game(write_csv_line(g)).value();
    CHECK(csv.attacker_captures == captures[index(Side::Attackers)]);
    CHECK(csv.defender_captures == captures[index(Side::Defenders)]);
}
