// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of branan-match's files: a kill at any write step (BRANAN_MATCH_CRASH_AT, see
// src/match/fault_hook.h), then --resume, must leave every game of the schedule recorded exactly
// once in the journal, results.json, games.csv, games-index.csv and the .otg records.
#include <signal.h>

#include <filesystem>
#include <set>
#include <string>

#include "catch.h"
#include "match/records.h"
#include "match/results.h"
#include "match_cli_support.h"

using namespace branan;
using namespace branan::testing;

namespace {

constexpr int kGames = 8;

// Checks the folder holds the whole schedule of kGames games, each once, consistently.
void check_complete(const std::string& folder) {
    auto results = match::read_results_json(read_text(folder + "/results.json"));
    INFO(results.error());
    REQUIRE(results.ok());
    std::set<std::pair<int, int>> games;
    for (const auto& g : results->games) games.emplace(g.round, g.game);
    CHECK(results->games.size() == kGames);
    CHECK(games.size() == kGames);
    for (int g = 1; g <= kGames; ++g) {
        CHECK(games.count({1, g}) == 1);
        CHECK(std::filesystem::exists(folder + "/round1-game" + std::to_string(g) + ".otg"));
        CHECK(std::filesystem::exists(folder + "/round1-game" + std::to_string(g) + ".notes"));
    }
    CHECK(read_lines(folder + "/games.csv").size() == kGames);
    CHECK(read_lines(folder + "/games-index.csv").size() == kGames + 1);  // and its header
    CHECK(read_lines(folder + "/results.journal").size() == kGames + 1);  // and its header
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        CHECK(entry.path().extension() != ".tmp");
    // games-index.csv line k names the k-th game of results.json (same order as games.csv).
    const auto index = read_lines(folder + "/games-index.csv");
    for (size_t k = 0; k < results->games.size() && k + 1 < index.size(); ++k) {
        const auto& g = results->games[k];
        CHECK(index[k + 1].rfind(std::to_string(k + 1) + ",1," + std::to_string(g.game) + "," +
                                     g.attackers + "," + g.defenders + "," + g.result + ",",
                                 0) == 0);
    }
}

}  // namespace

TEST_CASE("a kill at any write step, then --resume: every game exactly once",
          "[match][cli][crash]") {
    const std::vector<std::string> steps = {"journal-torn", "journal",     "record",
                                            "csv",          "results-tmp", "results"};
    for (const std::string& step : steps) {
        for (int n : {1, 3, kGames}) {
            const std::string where = step + ":" + std::to_string(n);
            SECTION(where) {
                const std::string folder = fresh_folder("crash-" + step + "-" + std::to_string(n));
                const std::string command =
                    fake_match("--each depth=1 --games " + std::to_string(kGames) +
                               " --random-openings 3 --concurrency 2 --quiet --records " + folder);
                const Run crashed =
                    run_command(command, folder + "-1", 60, "BRANAN_MATCH_CRASH_AT=" + where);
                INFO(crashed.err);
                CHECK(crashed.status == 128 + SIGKILL);  // the hook's kill
                // Killed again while resuming, at the first time the step comes.
                const Run again = run_command(command + " --resume", folder + "-2", 60,
                                              "BRANAN_MATCH_CRASH_AT=" + step + ":1");
                INFO(again.err);
                // (a kill at the last game leaves nothing to play: no write step comes)
                CHECK((again.status == 128 + SIGKILL || again.status == 0));
                const Run resumed = run_command(command + " --resume", folder + "-3", 60);
                INFO(resumed.out << resumed.err);
                CHECK(resumed.status == 0);
                check_complete(folder);
            }
        }
    }
}

TEST_CASE("a torn journal line is cut off and its game played again", "[match][cli][crash]") {
    const std::string folder = fresh_folder("crash-torn-once");
    const std::string command = fake_match("--each depth=1 --games 4 --quiet --records " + folder);
    CHECK(run_command(command, folder + "-1", 60, "BRANAN_MATCH_CRASH_AT=journal-torn:2").status ==
          128 + SIGKILL);
    const auto torn = read_text(folder + "/results.journal");
    REQUIRE_FALSE(torn.empty());
    CHECK(torn.back() != '\n');  // half a line at the end
    const Run resumed = run_command(command + " --resume", folder + "-2", 60);
    CHECK(resumed.status == 0);
    CHECK(resumed.out.find("3 games to play (1 already played)") != std::string::npos);
    CHECK(read_lines(folder + "/results.journal").size() == 5);
    CHECK(read_lines(folder + "/games.csv").size() == 4);
}
