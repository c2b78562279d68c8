// Real matches through the branan-match binary: Branan against Branan with concurrency 2. Every
// recorded game must replay legally, end as recorded, and no game may end by an engine failure.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/game.h"
#include "core/game_record.h"
#include "core/presets.h"
#include "match/records.h"

using namespace branan;

namespace {

struct MatchRun {
    int exit_code = -1;
    match::MatchResults results;
    std::vector<std::string> csv_lines;
    std::string folder;
};

MatchRun run_match(const std::string& name, const std::string& extra) {
    MatchRun run;
    run.folder = std::string(BRANAN_TEST_OUT) + "/" + name;
    std::filesystem::remove_all(run.folder);
    const std::string command = std::string(BRANAN_MATCH_BINARY) + " --engine cmd=" + BRANAN_BINARY +
                                " name=new --engine cmd=" + BRANAN_BINARY + " name=base " + extra +
                                " --concurrency 2 --quiet --records " + run.folder + " > " + run.folder +
                                ".log 2>&1";
    std::filesystem::create_directories(run.folder);
    run.exit_code = std::system(command.c_str());
    std::ifstream json(run.folder + "/results.json");
    std::stringstream text;
    text << json.rdbuf();
    auto results = match::read_results_json(text.str());
    INFO(results.error());
    REQUIRE(results.ok());
    run.results = *results;
    std::ifstream csv(run.folder + "/games.csv");
    for (std::string line; std::getline(csv, line);) run.csv_lines.push_back(line);
    return run;
}

// Replays a games.csv line under the rules: every move legal with its written captures, and
// the rules' verdict (when they end the game) equal to the recorded result.
void check_replay(const Rules& rules, const std::string& line) {
    INFO(line);
    auto record = parse_csv_game(line);
    REQUIRE(record.ok());
    Game game = Game::create(rules).value();
    for (const auto& m : record->moves) {
        if (m == "timeout") break;
        REQUIRE_FALSE(game.status().over());
        auto played = game.play(m);
        INFO(m << ": " << played.error());
        REQUIRE(played.ok());
    }
    if (game.status().over()) CHECK(csv_result(game.status().outcome) == record->result);
}

// Every game ended by the rules or by the ply limit: none by an engine failure (crash, illegal
// move, time forfeit, stall, garbage, disconnect).
void check_no_failures(const match::MatchResults& results) {
    const std::set<std::string> by_rules = {"king escaped", "king captured", "defenders encircled",
                                            "no legal move", "threefold repetition"};
    for (const auto& g : results.games) {
        INFO("round " << g.round << " game " << g.game << ": " << g.termination);
        CHECK((by_rules.count(g.termination) || g.termination.rfind("max plies", 0) == 0));
    }
}

}  // namespace

TEST_CASE("a real match: the issue's invocation plays 8 games that replay as recorded", "[match][real]") {
    const MatchRun run = run_match("real-match", "--each tc=1+0.02 --variant brandubh --games 8 --random-openings 4");
    CHECK(run.exit_code == 0);
    REQUIRE(run.results.games.size() == 8);
    REQUIRE(run.csv_lines.size() == 8);
    for (int g = 1; g <= 8; ++g)
        CHECK(std::filesystem::exists(run.folder + "/round1-game" + std::to_string(g) + ".otg"));
    for (const auto& line : run.csv_lines) check_replay(*preset("brandubh"), line);
    check_no_failures(run.results);
}

TEST_CASE("soak: 100 very fast games without a crash, an illegal move or a time forfeit", "[match][soak]") {
    const MatchRun run = run_match(
        "soak", "--each tc=0.5+0.01 --variant brandubh-federation --games 100 --random-openings 6 --max-plies 200");
    CHECK(run.exit_code == 0);
    REQUIRE(run.results.games.size() == 100);
    REQUIRE(run.csv_lines.size() == 100);
    for (const auto& line : run.csv_lines) check_replay(*preset("brandubh-federation"), line);
    check_no_failures(run.results);
}
