// SPDX-License-Identifier: GPL-3.0-or-later
// branan-match as a user runs it, against the fake engine (tests/match/fake_engine.cpp): start-up
// failures, user errors, the records folder, Ctrl-C, the progress output, the SPRT stop, round
// robins and the per-engine settings.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "catch.h"
#include "core/text.h"
#include "match/records.h"
#include "match/results.h"
#include "match_cli_support.h"
#include "test_support.h"

using namespace branan;
using namespace branan::testing;

namespace {

size_t lines_in(const std::string& text) {
    return count_of(text, "\n");
}

match::MatchResults results_in_file(const std::string& path) {
    auto r = match::read_results_json(read_text(path));
    INFO(r.error());
    REQUIRE(r.ok());
    return *r;
}

match::MatchResults results_in(const std::string& folder) {
    return results_in_file(folder + "/results.json");
}

}  // namespace

TEST_CASE("an engine that cannot start stops the run before the first game, in one line",
          "[match][cli]") {
    struct Case {
        std::string what, engine_b, expected;
    };
    // Regression: these played the whole schedule as forfeits and exited 0.
    const std::vector<Case> cases = {
        {"missing binary", "--engine cmd=/nonexistent/brananx name=b",
         "engine 'b' cannot play: cannot start '/nonexistent/brananx'"},
        {"option it does not offer",
         std::string("--engine cmd=") + FAKE_ENGINE_BINARY + " name=b option.Hashh=32",
         "engine 'b' cannot play: has no option 'Hashh'"},
        {"option it refuses",
         std::string("--engine cmd=") + FAKE_ENGINE_BINARY + " name=b option.Fail=1",
         "engine 'b' cannot play: option refused"},
        {"not an engine", "--engine cmd=/bin/cat name=b timeout-start=1",
         "engine 'b' cannot play: no 'utiok' within 1 s of 'uti'"},
    };
    for (const auto& c : cases) {
        SECTION(c.what) {
            const std::string folder = fresh_folder("start-failure");
            const std::string command =
                std::string(BRANAN_MATCH_BINARY) + " --engine cmd=" + FAKE_ENGINE_BINARY +
                " name=a " + c.engine_b + " --each depth=1 --games 20 --records " + folder;
            const Run r = run_command(command, folder, 30);
            INFO(r.out << r.err);
            CHECK(r.status == 2);
            CHECK(lines_in(r.err) == 1);
            CHECK(r.err.find(c.expected) != std::string::npos);
            CHECK(r.out.find("Finished game") == std::string::npos);
            // Nothing left behind: the same command may be given again without --force.
            CHECK(std::filesystem::is_empty(folder));
        }
    }
}

TEST_CASE("timeout-start, and a big Hash lengthens the wait for the first readyok",
          "[match][cli]") {
    const std::string folder = fresh_folder("start-timeout");
    // The engine takes 1.5 s to its first readyok.
    const std::string slow = "arg=--ready-delay-ms arg=1500 timeout-start=1";
    Run r = run_command(fake_match("--each depth=1 --games 2 --quiet", "", slow), folder + "-1");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("did not answer 'isready' within 1 s") != std::string::npos);
    // Hash=200 adds 2 s (10 ms per MiB): 3 s is enough. Regression: option.Hash=1024 forfeited
    // every game with "did not answer 'isready' within 5 s".
    r = run_command(fake_match("--each depth=1 --games 2 --quiet", "", slow + " option.Hash=200"),
                    folder + "-2");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("Score of a") == std::string::npos);                   // --quiet
    CHECK(r.out.find("a                         2") != std::string::npos);  // 2 games in the table
}

TEST_CASE("user errors: one line and named, and a used records folder needs --resume or --force",
          "[match][cli]") {
    const std::string folder = fresh_folder("user-errors");
    Run r = run_command(fake_match("--each depth=1 --games 2 --gmaes 4"), folder + "-typo");
    CHECK(r.status == 2);
    CHECK(lines_in(r.err) == 1);  // not followed by the usage
    CHECK(r.err.find("gmaes") != std::string::npos);

    r = run_command(fake_match("--each depth=1 --games 2 --records /proc/nope"), folder + "-proc");
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(lines_in(r.err) == 1);
    CHECK(r.err.find("internal error") == std::string::npos);
    CHECK(r.err.find("cannot create the folder '/proc/nope'") != std::string::npos);

    const std::string records = folder + "/run";
    const std::string command = fake_match("--each depth=1 --games 2 --quiet --records " + records);
    REQUIRE(run_command(command, folder + "-1").status == 0);
    r = run_command(command, folder + "-2");
    CHECK(r.status == 2);
    CHECK(lines_in(r.err) == 1);
    CHECK(r.err.find("is not empty: give --resume to continue its run or --force to start over") !=
          std::string::npos);
    r = run_command(command + " --force", folder + "-3");
    CHECK(r.status == 0);
    CHECK(results_in(records).games.size() == 2);  // started over, not 4
    CHECK(read_lines(records + "/games.csv").size() == 2);
    r = run_command(command + " --resume", folder + "-4");
    CHECK(r.status == 0);
    CHECK(r.out.find("0 games to play (2 already played)") != std::string::npos);

    r = run_command(std::string(BRANAN_MATCH_BINARY) + " merge --help", folder + "-merge");
    CHECK(r.status == 0);
    CHECK(r.out.find("usage: branan-match merge") != std::string::npos);
    r = run_command(std::string(BRANAN_MATCH_BINARY) + " merge --out", folder + "-merge2");
    CHECK(r.status == 2);
    CHECK(r.err.find("--out needs a file name") != std::string::npos);
    // The same run twice: as shards its games collide; as separate runs they add up.
    const std::string twice = std::string(BRANAN_MATCH_BINARY) + " merge " + records +
                              "/results.json " + records + "/results.json";
    r = run_command(twice, folder + "-merge3");
    CHECK(r.status == 2);
    CHECK(r.err.find("results part 2: round 1 game 1 is already in results part 1 (shards hold "
                     "different games; separate runs of one pairing merge with --runs)") !=
          std::string::npos);
    r = run_command(twice + " --runs --out " + folder + "-runs.json", folder + "-merge4");
    CHECK(r.status == 0);
    CHECK(r.out.find("merged 2 result files: 4 games") != std::string::npos);
    CHECK(r.out.find("warning: merged from 2 separate runs") != std::string::npos);
    CHECK(results_in_file(folder + "-runs.json").games.size() == 4);

    // A directory where a file is wanted is named as one (it read as "exists: give --resume",
    // and merge failed on JSON).
    r = run_command(fake_match("--each depth=1 --games 2 --results " + records), folder + "-dir");
    CHECK(r.status == 2);
    CHECK(r.err.find("--results '" + records + "' is a directory: name a file") !=
          std::string::npos);
    r = run_command(std::string(BRANAN_MATCH_BINARY) + " merge " + records, folder + "-merge5");
    CHECK(r.status == 2);
    CHECK(r.err == "branan-match merge: cannot open '" + records + "': it is a directory\n");
}

TEST_CASE("Ctrl-C prints the summary so far and --resume finishes the schedule", "[match][cli]") {
    for (const char* signal_name : {"INT", "TERM"}) {
        SECTION(signal_name) {
            const std::string folder = fresh_folder(std::string("interrupt-") + signal_name);
            for (const char* log : {".out", ".err", ".early", ".status"})
                std::filesystem::remove(folder + log);  // an old log would end the wait at once
            // Slow games (50 ms a move), so that the signal comes in the middle of the run.
            const std::string command = fake_match(
                "--each depth=1 --games 20 --max-plies 12 --concurrency 2 --records " + folder,
                "arg=--late-ms arg=50", "arg=--late-ms arg=50");
            // The signal comes once the first game has finished (whatever the machine's speed).
            const std::string script = command + " > " + folder + ".out 2> " + folder +
                                       ".err & pid=$!; n=0; until grep -q " + "\"Finished game\" " +
                                       folder + ".out || [ $n -ge " +
                                       std::to_string(scaled_seconds(300)) +
                                       " ]; do sleep 0.1; n=$((n+1)); done; cp " + folder +
                                       ".out " + folder + ".early; kill -" + signal_name +
                                       " $pid; wait $pid; echo $? > " + folder + ".status";
            std::system(("sh -c '" + script + "'").c_str());
            const std::string out = read_text(folder + ".out");
            INFO(out << read_text(folder + ".err"));
            const int status = std::atoi(read_text(folder + ".status").c_str());
            CHECK(status == (std::string(signal_name) == "INT" ? 130 : 143));
            CHECK(out.find("interrupted (SIG" + std::string(signal_name) + ")") !=
                  std::string::npos);
            CHECK(out.find("with --resume to continue") != std::string::npos);
            CHECK(out.find("by side") != std::string::npos);  // the summary table
            // Line-buffered into a file: the finished games were there while the run went on.
            CHECK(read_text(folder + ".early").find("Finished game ") != std::string::npos);
            const size_t played = results_in(folder).games.size();
            CHECK(played > 0);
            CHECK(played < 20);
            const Run resumed = run_command(command + " --resume", folder + "-resume", 120);
            CHECK(resumed.status == 0);
            const auto results = results_in(folder);
            std::set<int> games;
            for (const auto& g : results.games) games.insert(g.game);
            CHECK(results.games.size() == 20);
            CHECK(games.size() == 20);
            CHECK(read_lines(folder + "/games.csv").size() == 20);
        }
    }
}

TEST_CASE("progress: a line per game started, the table every --rating-interval games",
          "[match][cli]") {
    const std::string folder = fresh_folder("progress");
    const Run r = run_command(
        fake_match("--each depth=1 --games 6 --max-plies 20 --rating-interval 2"), folder);
    INFO(r.out);
    CHECK(r.status == 0);
    for (int g = 1; g <= 6; ++g)
        CHECK(r.out.find("Started game " + std::to_string(g) + " of 6 (") != std::string::npos);
    CHECK(r.out.find("Started game 1 of 6 (a vs b)") != std::string::npos);
    CHECK(r.out.find("Started game 2 of 6 (b vs a)") != std::string::npos);
    // after games 2 and 4, and the final one
    CHECK(count_of(r.out, "by side") == 3);
    // Elo with its interval as [low, high], or an honest "too early"
    CHECK(r.out.find("+/-") == std::string::npos);
}

TEST_CASE("SPRT: stops when the LLR first crosses a bound, shown in the output", "[match][cli]") {
    const std::string folder = fresh_folder("sprt-stop");
    // b always plays an illegal move at once: a wins every game, so every pair. With the
    // variance floor the LLR crosses H1's bound (2.94) at the 29th pair (test_stats.cpp).
    const Run r = run_command(fake_match("--each depth=1 --games 400 --sprt elo0=0 elo1=5 --quiet "
                                         "--records " +
                                             folder,
                                         "", "arg=--illegal-after arg=1"),
                              folder, 120);
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("stops after the first game that takes the LLR to 2.94 or above (H1 "
                     "accepted) or to -2.94 or below (H0 accepted)") != std::string::npos);
    CHECK(r.out.find("SPRT: H1 accepted after 58 games (LLR 3.11 >= 2.94)") != std::string::npos);
    const auto results = results_in(folder);
    CHECK(results.games.size() == 58);
    CHECK(match::summarize(results).decision == match::SprtDecision::AcceptH1);
}

TEST_CASE("round robin of three: per pairing results and a crosstable", "[match][cli]") {
    const std::string folder = fresh_folder("round-robin");
    const Run r = run_command(fake_match("--engine cmd=" + std::string(FAKE_ENGINE_BINARY) +
                                         " name=c arg=--seed arg=3 --each depth=1 --games 4 "
                                         "--max-plies 30 --quiet --records " +
                                         folder),
                              folder);
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("crosstable") != std::string::npos);
    for (const char* p : {"a vs b", "a vs c", "b vs c"}) CHECK(r.out.find(p) != std::string::npos);
    const auto results = results_in(folder);
    CHECK(results.games.size() == 12);
    const auto s = match::summarize(results);
    REQUIRE(s.pairings.size() == 3);
    for (const auto& p : s.pairings) CHECK(p.wdl.games() == 4);
    const std::string json = read_text(folder + "/results.json");
    CHECK(count_of(json, "\"first\": ") == 3);
}

TEST_CASE("timeout-move caps a move no clock limits, and restart=on starts every game afresh",
          "[match][cli]") {
    const std::string folder = fresh_folder("engine-settings");
    // b answers isready but never moves: with depth=1 only timeout-move ends its wait.
    const auto started = std::chrono::steady_clock::now();
    Run r = run_command(fake_match("--each depth=1 --games 2 --quiet --records " + folder + "/a",
                                   "", "arg=--never-move timeout-move=0.5"),
                        folder + "-1", 60);
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started)
            .count();
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    CHECK(seconds < scaled_seconds(20));
    for (const auto& g : results_in(folder + "/a").games) {
        CHECK(g.termination.rfind("time forfeit by b", 0) == 0);
        CHECK(g.result == (g.attackers == "b" ? "defenders" : "attackers"));
    }
    // restart=on: one process per game (the fake engine says so on its stderr).
    const std::string log_a = folder + "/a.stderr", log_b = folder + "/b.stderr";
    r = run_command(fake_match("--each depth=1 --games 4 --max-plies 20 --quiet",
                               "restart=on stderr=" + log_a, "stderr=" + log_b),
                    folder + "-2", 60);
    CHECK(r.status == 0);
    CHECK(count_of(read_text(log_a), "started") == 4);
    CHECK(count_of(read_text(log_b), "started") == 1);
}

TEST_CASE("plot_match.py renders a lopsided SPRT run readably", "[match][cli][plot]") {
    const std::string folder = fresh_folder("plot");
    // Every game won by a: the Elo estimate is +inf throughout, the LLR climbs to H1.
    REQUIRE(run_command(fake_match("--each depth=1 --games 400 --sprt elo0=0 elo1=5 --quiet "
                                   "--records " +
                                       folder,
                                   "", "arg=--illegal-after arg=1"),
                        folder + "-match", 120)
                .status == 0);
    const std::string script = std::string(BRANAN_TEST_DATA) + "/../../scripts/plot_match.py";
    const std::string png = folder + "/elo.png";
    // The README's command: the output file as the second argument, no -o.
    const Run r = run_command("/usr/bin/python3 " + script + " " + folder + "/results.json " + png,
                              folder + "-plot", 120);
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const std::string image = read_text(png);
    REQUIRE(image.size() > 10000);
    CHECK(image.substr(1, 3) == "PNG");
    // Clipped axes: the Elo axis +-200 although the estimate is infinite (drawn at the edge); the
    // LLR axis around the bounds (+-2.94), not stretched by the run.
    CHECK(r.out.find("wrote " + png + " (Elo axis [-200, 200], LLR axis [") != std::string::npos);
    const size_t at = r.out.find("LLR axis [");
    REQUIRE(at != std::string::npos);
    const double llr_low = std::atof(r.out.c_str() + at + 10);
    const double llr_high = std::atof(r.out.c_str() + r.out.find(", ", at) + 2);
    CHECK(llr_low == Approx(-2.94 - 0.4).margin(0.01));
    CHECK(llr_high >= 2.94);
    CHECK(llr_high <= 2 * 2.95 + 0.4);
}

TEST_CASE(
    "the traffic log (option log): every line to and from each engine, a file per engine and slot",
    "[match][cli]") {
    const std::string folder = fresh_folder("traffic-log");
    const std::string logs = folder + "/logs";
    const Run r =
        run_command(fake_match("--each depth=1 --games 4 --concurrency 2 --quiet --log " + logs),
                    folder + "-1");
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    std::set<int> games_seen;
    for (const std::string engine : {"a", "b"})
        for (const std::string slot : {"1", "2"}) {
            const std::string path = logs + "/" + engine + "-" + slot + ".log";
            INFO(path);
            const auto lines = read_lines(path);
            REQUIRE_FALSE(lines.empty());
            size_t sent = 0, received = 0, moves = 0;
            for (const std::string& line : lines) {
                // "<seconds> game <n> pid <pid> > line" or "... < line"
                std::istringstream in(line);
                double seconds = -1;
                std::string game_word, pid_word, arrow;
                int game = -1, pid = -1;
                in >> seconds >> game_word >> game >> pid_word >> pid >> arrow;
                INFO(line);
                REQUIRE(in);
                CHECK(seconds >= 0);
                CHECK(game_word == "game");
                CHECK(pid_word == "pid");
                CHECK(pid > 0);
                CHECK((arrow == ">" || arrow == "<"));
                (arrow == ">" ? sent : received)++;
                if (arrow == "<" && line.find("bestmove") != std::string::npos) {
                    ++moves;
                    games_seen.insert(game);
                }
            }
            CHECK(sent > 0);
            CHECK(received > 0);
            CHECK(moves > 0);
        }
    // The moves are logged under the games they were played in: all four games appear.
    CHECK(games_seen == std::set<int>{1, 2, 3, 4});

    const Run bad =
        run_command(fake_match("--each depth=1 --games 2 --log /proc/nope"), folder + "-2");
    CHECK(bad.status == 2);
    CHECK(lines_in(bad.err) == 1);
    CHECK(bad.err.find("--log: cannot create the folder '/proc/nope'") != std::string::npos);

    // A file that cannot be opened (a folder in its place) or written (a full device): named on
    // stderr once each, and the match plays on (it was lost without a word).
    const std::string stuck = folder + "/stuck";
    std::filesystem::create_directories(stuck + "/a-1.log");
    std::filesystem::create_symlink("/dev/full", stuck + "/b-1.log");
    const Run lost =
        run_command(fake_match("--each depth=1 --games 2 --quiet --log " + stuck), folder + "-3");
    INFO(lost.err);
    CHECK(lost.status == 0);
    CHECK(lines_in(lost.err) == 2);
    CHECK(lost.err.find("branan-match: --log: cannot open " + branan::quoted(stuck + "/a-1.log") +
                        " (Is a directory): that engine's log stops here, the match goes on") !=
          std::string::npos);
    if (std::filesystem::exists("/dev/full"))
        CHECK(lost.err.find("branan-match: --log: cannot write " +
                            branan::quoted(stuck + "/b-1.log") + " (No space left on device)") !=
              std::string::npos);
}

TEST_CASE("branan-match --report writes a page per finished game, named like its record",
          "[match][cli]") {
    const std::string folder = fresh_folder("report-pages");
    const Run r = run_command(fake_match("--each depth=1 --games 2 --max-plies 20 --quiet "
                                         "--records " +
                                         folder + "/records --report " + folder + "/pages"),
                              folder + "/run");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const auto results = results_in(folder + "/records");
    REQUIRE(results.games.size() == 2);
    for (const auto& g : results.games) {
        const std::string name = "round1-game" + std::to_string(g.game);
        const std::string page = read_text(folder + "/pages/" + name + ".html");
        INFO(name);
        // One board and one graph point per position, from the start to the last move.
        CHECK(count_of(page, "<svg class=\"board") == static_cast<size_t>(g.plies) + 1);
        CHECK(count_of(page, "<circle class=\"point") == static_cast<size_t>(g.plies) + 1);
        CHECK(count_of(page, "depth 4") == 1);
        CHECK(std::filesystem::exists(folder + "/records/" + name + ".otg"));
    }
    // A file where the folder should be: one line, before any game.
    std::ofstream(folder + "/in-the-way") << "x";
    const Run bad = run_command(
        fake_match("--each depth=1 --games 2 --quiet --report " + folder + "/in-the-way"),
        folder + "/bad");
    CHECK(bad.status == 2);
    CHECK(bad.err.find("branan-match: cannot create the report folder '" + folder +
                       "/in-the-way'") == 0);
    CHECK(std::count(bad.err.begin(), bad.err.end(), '\n') == 1);
}

TEST_CASE("resume: a changed setup is refused and the difference named", "[match][cli]") {
    const std::string folder = fresh_folder("resume-setup");
    const std::string records = folder + "/run";
    REQUIRE(run_command(fake_match("--each depth=1 --games 2 --quiet --records " + records),
                        folder + "-1")
                .status == 0);
    // Regression: a depth=1 run resumed with depth=2 went on silently and results.json then
    // claimed the new setting for every game. (More games or rounds extend the schedule: a
    // real match's test resumes with --games 6 after 4.)
    struct Case {
        std::string extra, expected;
    };
    const std::vector<Case> cases = {
        {"--each depth=2 --games 2",
         "--resume: the saved match has 'depth=1' as limits for engine 'a', this command gives "
         "'depth=2'"},
        {"--each depth=1 --games 2 --max-plies 300",
         "the saved match has '400' as --max-plies, this command gives '300'"},
        {"--each depth=1 option.Hash=8 --games 2",
         "the saved match has '' as options for engine 'a', this command gives 'Hash=8'"},
        {"--each depth=1 --games 2 --resign movecount=3 score=500",
         "the saved match has 'off' as --resign"},
    };
    int n = 0;
    for (const auto& c : cases) {
        INFO(c.extra);
        const Run r = run_command(fake_match(c.extra + " --quiet --resume --records " + records),
                                  folder + "-changed" + std::to_string(++n));
        CHECK(r.status == 2);
        CHECK(lines_in(r.err) == 1);
        CHECK(r.err.find(c.expected) != std::string::npos);
    }
    CHECK(results_in(records).games.size() == 2);  // untouched
    // What only bounds failures may change: a resumed run with other timeouts goes on.
    const Run same = run_command(
        fake_match(
            "--each depth=1 timeout-move=100 ping=off --games 2 --quiet --resume --records " +
            records),
        folder + "-same");
    INFO(same.err);
    CHECK(same.status == 0);
    CHECK(same.out.find("0 games to play (2 already played)") != std::string::npos);
}

// Opening pairs are counted through the rounds, so with two rounds more --games would give the
// second round's games other openings: --games is then part of the setup. Fewer games than the
// journal's leave its later games outside the schedule: refused, not counted.
TEST_CASE("resume: with several rounds --games is fixed, and fewer games are refused",
          "[match][cli]") {
    const std::string folder = fresh_folder("resume-rounds");
    const std::string records = folder + "/run";
    const std::string setup = "--each depth=1 --quiet --records " + records;
    REQUIRE(run_command(fake_match(setup + " --games 2 --rounds 2"), folder + "-1").status == 0);
    Run r = run_command(fake_match(setup + " --games 4 --rounds 2 --resume"), folder + "-more");
    CHECK(r.status == 2);
    CHECK(r.err.find("the saved match has '2' as --games, this command gives '4'") !=
          std::string::npos);
    // Fewer rounds: the second round's games are outside the schedule.
    r = run_command(fake_match(setup + " --games 2 --rounds 1 --resume"), folder + "-fewer-rounds");
    CHECK(r.status == 2);
    CHECK(r.err.find("results.journal line 4: round 2 game 1 is not one of this run's games") !=
          std::string::npos);
    r = run_command(fake_match(setup + " --games 2 --rounds 3 --resume"), folder + "-extended");
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.out.find("2 games to play (4 already played)") != std::string::npos);
    CHECK(results_in(records).games.size() == 6);
    // One round: --games may change, but fewer than the journal holds leave games outside.
    const std::string one = "--each depth=1 --quiet --records " + folder + "/one";
    REQUIRE(run_command(fake_match(one + " --games 4"), folder + "-one").status == 0);
    r = run_command(fake_match(one + " --games 2 --resume"), folder + "-fewer");
    CHECK(r.status == 2);
    CHECK(r.err.find("results.journal line 4: round 1 game 3 is not one of this run's games "
                     "(a run of fewer --rounds or --games than the journal's, or another "
                     "shard's journal?)") != std::string::npos);
}

// The journal is the truth a resumed run rebuilds everything from: a game it holds twice, a game
// the schedule does not have (or has with the engines the other way round), an engine not of the
// match, a result that is none, a move that does not replay, or a result, termination or ply
// count its moves contradict is a damaged (or edited) journal, refused with its line named, not
// counted.
TEST_CASE("resume: a damaged journal line is refused, the line and the fault named",
          "[match][cli]") {
    const std::string folder = fresh_folder("resume-damaged");
    const std::string records = folder + "/run";
    const std::string command = fake_match("--each depth=1 --games 4 --quiet --records " + records);
    REQUIRE(run_command(command, folder + "-1").status == 0);
    const std::string journal = records + "/results.journal";
    const std::vector<std::string> lines = read_lines(journal);
    REQUIRE(lines.size() == 5);  // the header and 4 games
    // Writes the journal as `lines` with line `number` (from 1) replaced by `replacement`, the
    // original lines otherwise, and `extra` after them.
    auto write_journal = [&](size_t number, const std::string& replacement,
                             const std::string& extra = "") {
        std::ofstream out(journal, std::ios::trunc);
        for (size_t i = 0; i < lines.size(); ++i)
            out << (i + 1 == number ? replacement : lines[i]) << "\n";
        if (!extra.empty()) out << extra << "\n";
    };
    // `line` with the first `from` replaced by `to` (which must be there).
    auto edited = [](std::string line, const std::string& from, const std::string& to) {
        const size_t at = line.find(from);
        REQUIRE(at != std::string::npos);
        return line.replace(at, from.size(), to);
    };
    struct Case {
        std::string what, expected;
        size_t number;
        std::string replacement, extra;
    };
    const std::string third = lines[2];
    const std::string result = third.substr(third.find("\"result\": "));
    // The third line's result and termination (the fake engines' games end by the rules, the king
    // escaped or captured), and the line without its last move.
    const auto field = [&](const std::string& key) {
        const size_t at = third.find("\"" + key + "\": \"") + key.size() + 5;
        return third.substr(at, third.find('"', at) - at);
    };
    const std::string winner = field("result"), ending = field("termination");
    const std::string loser = winner == "attackers" ? "defenders" : "attackers";
    REQUIRE((ending == "king escaped" || ending == "king captured"));
    const size_t last_move = third.rfind(", \"", third.find("]", third.find("\"moves\": [")));
    std::string short_of_end = third;
    short_of_end.erase(last_move, short_of_end.find("]", last_move) - last_move);
    const std::string plies = third.substr(third.find("\"plies\": "));
    const int ply_count = std::stoi(plies.substr(9));
    short_of_end = edited(short_of_end, "\"plies\": " + std::to_string(ply_count),
                          "\"plies\": " + std::to_string(ply_count - 1));
    const std::vector<Case> cases = {
        {"a game twice", "results.journal line 6: round 1 game 1 is already on line 2", 0, "",
         lines[1]},
        {"a result that is none",
         "results.journal line 3: result 'bogus' is not 'attackers', 'defenders' or 'draw'", 3,
         edited(third, result.substr(0, result.find(',')), "\"result\": \"bogus\""), ""},
        {"an engine not of the match", "results.journal line 3: engine 'zed", 3,
         edited(third, "\"attackers\": \"", "\"attackers\": \"zed"), ""},
        {"a move that does not replay",
         "results.journal line 3: the game does not replay: move 1: move 'zz'", 3,
         edited(third, "\"moves\": [\"", "\"moves\": [\"zz\", \""), ""},
        {"a ply count other than its moves'",
         "results.journal line 3: round 1 game 2 has " + std::to_string(ply_count + 1) +
             " plies but " + std::to_string(ply_count) + " moves",
         3,
         edited(third, "\"plies\": " + std::to_string(ply_count),
                "\"plies\": " + std::to_string(ply_count + 1)),
         ""},
        {"a result the moves contradict",
         "results.journal line 3: round 1 game 2 ends by the rules after its moves (" + winner +
             ", " + ending + "), not as it reads ('" + loser + "', '" + ending + "')",
         3, edited(third, "\"result\": \"" + winner, "\"result\": \"" + loser), ""},
        {"a rules ending the moves do not reach",
         "results.journal line 3: round 1 game 2 reads '" + ending +
             "', but its moves leave the game in play",
         3, short_of_end, ""},
        {"a game the schedule does not have",
         "results.journal line 3: round 1 game 9 is not one of this run's games", 3,
         edited(third, "\"game\": 2,", "\"game\": 9,"), ""},
        {"a game with its engines the other way round",
         "results.journal line 3: round 1 game 2 has 'a' attacking and 'b' defending; the "
         "schedule has 'b' and 'a'",
         3,
         edited(third, "\"attackers\": \"b\", \"defenders\": \"a\"",
                "\"attackers\": \"a\", \"defenders\": \"b\""),
         ""},
    };
    for (const Case& c : cases) {
        INFO(c.what);
        write_journal(c.number, c.replacement, c.extra);
        const Run r = run_command(command + " --resume", folder + "-damaged");
        CHECK(r.status == 2);
        CHECK(lines_in(r.err) == 1);
        CHECK(r.err.find(c.expected) != std::string::npos);
    }
    // The journal as it was: resumed, nothing to play, the four games counted once.
    write_journal(0, "");
    const Run whole = run_command(command + " --resume", folder + "-whole");
    INFO(whole.err);
    CHECK(whole.status == 0);
    CHECK(whole.out.find("0 games to play (4 already played)") != std::string::npos);
    CHECK(results_in(records).games.size() == 4);
}

TEST_CASE("draw and resign adjudication by the engines' scores, said in the results",
          "[match][cli]") {
    const std::string folder = fresh_folder("adjudication");
    // b calls every position lost (-700 from its side): it loses each game by adjudication.
    Run r = run_command(fake_match("--each depth=1 --games 2 --quiet --resign movecount=2 "
                                   "score=500 --records " +
                                       folder + "/resign",
                                   "", "arg=--score arg=-700"),
                        folder + "-resign");
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    auto results = results_in(folder + "/resign");
    REQUIRE(results.games.size() == 2);
    for (const auto& g : results.games) {
        CHECK(g.termination ==
              "b loses by adjudication: its score was -500 cp or below (or a mate against it) for "
              "2 moves in a row");
        CHECK(g.result == (g.attackers == "b" ? "defenders" : "attackers"));
        CHECK(g.plies <= 4);
    }
    // Both say 0: a draw once each side has made 3 moves from move 2 on.
    r = run_command(fake_match("--each depth=1 --games 2 --quiet --draw movenumber=2 movecount=3 "
                               "score=0 --records " +
                               folder + "/draw"),
                    folder + "-draw");
    CHECK(r.status == 0);
    results = results_in(folder + "/draw");
    REQUIRE(results.games.size() == 2);
    for (const auto& g : results.games) {
        CHECK(g.result == "draw");
        CHECK(g.termination ==
              "draw by adjudication: both engines' scores within 0 cp for 3 moves each");
        CHECK(g.plies == 6);
    }
    // The record keeps the reason too.
    CHECK(read_text(folder + "/draw/round1-game1.otg").find("draw by adjudication") !=
          std::string::npos);
    r = run_command(fake_match("--each depth=1 --games 2 --draw movecount=3"), folder + "-bad");
    CHECK(r.status == 2);
    CHECK(r.err.find("--draw needs movecount=N and score=N") != std::string::npos);
}

TEST_CASE("an engine that writes a line without end loses its game and the match goes on",
          "[match][cli]") {
    const std::string folder = fresh_folder("endless-line");
    const Run r = run_command(fake_match("--each tc=20+0 --games 2 --quiet --records " + folder, "",
                                         "arg=--endless-line-after arg=2"),
                              folder + "-run", 60);
    INFO(r.out << r.err);
    CHECK(r.status == 0);
    const auto results = results_in(folder);
    REQUIRE(results.games.size() == 2);
    for (const auto& g : results.games)
        CHECK(g.termination == "b sent garbage: wrote a line longer than 1 MiB while thinking");
}

TEST_CASE("a file that cannot be written ends the run with a non-zero status", "[match][cli]") {
    const std::string folder = fresh_folder("write-failure");
    // Files may not grow beyond 8 KiB (SIGXFSZ ignored: the write fails with EFBIG, as on a
    // full disk). Regression: the run stopped with the message and exit status 0.
    const Run r =
        run_command("sh -c 'trap \"\" XFSZ; ulimit -f 16; exec " +
                        fake_match("--each depth=1 --games 40 --quiet --records " + folder) + "'",
                    folder + "-run", 120);
    INFO(r.out << r.err);
    CHECK(r.status == 1);
    CHECK(r.err.find("File too large") != std::string::npos);
    CHECK(r.err.find("files of the run could not be written") != std::string::npos);
}
