// SPDX-License-Identifier: GPL-3.0-or-later
// The tournament manager's core against misbehaving engines: tests/match/fake_engine.cpp (UTI)
// and the real branan binary (UTI and OTEP). FAKE_ENGINE_BINARY and BRANAN_BINARY are paths
// given by the build.
#include <chrono>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "match/engine_process.h"
#include "match/game_runner.h"
#include "match/player.h"
#include "match/records.h"

using namespace branan;
using namespace branan::match;

namespace {

EngineConfig fake(const std::string& name, std::vector<std::string> args, TimeControl tc = {}) {
    EngineConfig c;
    c.name = name;
    c.command = FAKE_ENGINE_BINARY;
    c.args = std::move(args);
    c.tc = tc;
    return c;
}

TimeControl movetime(int64_t ms) {
    TimeControl tc;
    tc.move_ms = ms;
    return tc;
}

TimeControl clock_of(int64_t base_ms, int64_t inc_ms) {
    TimeControl tc;
    tc.base_ms = base_ms;
    tc.inc_ms = inc_ms;
    return tc;
}

GameSetup setup_for(const std::string& preset_name, int max_plies = 200) {
    GameSetup s;
    s.rules = *preset(preset_name);
    s.max_plies = max_plies;
    return s;
}

// Replays the recorded moves on a fresh game: every one must be legal, and the end must match.
void check_replay(const GameSetup& setup, const GameOutcome& out) {
    auto g = setup.start_record.empty()
                 ? Game::create(setup.rules)
                 : Game::create(setup.rules, setup.start_record, setup.start_side);
    REQUIRE(g);
    Game game = std::move(g.value());
    for (const std::string& m : out.moves) {
        INFO("move " << m);
        REQUIRE(game.play(m));
    }
    CHECK(game.record() == out.final_record);
    if (out.termination == Termination::Rules) {
        CHECK(game.status().over());
        CHECK(game.status().outcome == out.outcome);
        CHECK(out.reason == reason_name(game.status().reason));
    } else if (out.termination == Termination::MaxPlies) {
        CHECK(out.outcome == Outcome::Draw);
        CHECK(static_cast<int>(out.moves.size()) == setup.max_plies);
    }
}

void check_fault(const GameOutcome& out, Termination expected, Side faulty,
                 const std::string& name) {
    INFO("reason: " << out.reason << "; termination: " << termination_name(out.termination));
    CHECK(out.termination == expected);
    REQUIRE(out.loser_side.has_value());
    CHECK(*out.loser_side == faulty);
    CHECK(out.outcome == win_for(opponent(faulty)));
    CHECK(out.reason.find(name) != std::string::npos);
}

}  // namespace

TEST_CASE("time controls parse", "[match]") {
    auto tc = parse_time_control("10+0.1");
    REQUIRE(tc);
    CHECK(tc->base_ms == 10000);
    CHECK(tc->inc_ms == 100);
    CHECK(tc->clocked());
    CHECK(time_control_text(*tc) == "10+0.1");
    tc = parse_time_control("40/60+1");
    REQUIRE(tc);
    CHECK(tc->moves == 40);
    CHECK(tc->base_ms == 60000);
    CHECK(tc->inc_ms == 1000);
    tc = parse_time_control("1:30");
    REQUIRE(tc);
    CHECK(tc->base_ms == 90000);
    CHECK(tc->inc_ms == 0);
    tc = parse_time_control("0.5+0.05");
    REQUIRE(tc);
    CHECK(tc->base_ms == 500);
    CHECK(tc->inc_ms == 50);
    tc = parse_time_control("inf");
    REQUIRE(tc);
    CHECK(!tc->clocked());
    for (const char* junk : {"", "abc", "10+", "+1", "-5+1", "10+x", "0", "0+0", "1.+1", "x/60",
                             "0/60", "10 + 1", "1:x", "40/0+1"}) {
        INFO(junk);
        CHECK(!parse_time_control(junk));
    }
}

TEST_CASE("engine process: lines, partial lines, timeouts, end of file", "[match]") {
    EngineProcess p;
    std::string error;
    REQUIRE(p.start("/bin/sh",
                    {"-c", "printf 'abc'; sleep 0.3; printf 'def\\r\\nlast'; read x; echo got $x"},
                    "", error));
    std::string line;
    CHECK(p.read_line(line, 50) == EngineProcess::ReadResult::Timeout);
    REQUIRE(p.read_line(line, 3000) == EngineProcess::ReadResult::Line);
    CHECK(line == "abcdef");
    CHECK(p.write_line("hello"));
    REQUIRE(p.read_line(line, 3000) == EngineProcess::ReadResult::Line);
    CHECK(line == "lastgot hello");
    CHECK(p.read_line(line, 3000) == EngineProcess::ReadResult::Eof);
    CHECK(p.wait_exit(2000));
    CHECK(p.exit_description() == "exited with status 0");
    CHECK(!p.write_line("nobody listens"));  // no SIGPIPE

    EngineProcess missing;
    CHECK(!missing.start("/nonexistent/engine", {}, "", error));
    CHECK(error.find("/nonexistent/engine") != std::string::npos);

    EngineProcess in_dir;
    REQUIRE(in_dir.start("pwd", {}, "/tmp", error));
    REQUIRE(in_dir.read_line(line, 3000) == EngineProcess::ReadResult::Line);
    CHECK(line == "/tmp");

    EngineProcess sleeper;
    REQUIRE(sleeper.start("sleep", {"30"}, "", error));
    CHECK(sleeper.is_alive());
    sleeper.kill();
    CHECK(!sleeper.is_alive());
    CHECK(sleeper.exit_description().find("signal 9") != std::string::npos);
}

TEST_CASE("engine process: an endless line is cut at 1 MiB, a trickle keeps its deadline",
          "[match]") {
    using Clock = std::chrono::steady_clock;
    std::string error, line;
    const std::string mib = std::to_string(EngineProcess::kMaxLineBytes);

    // Exactly 1 MiB and "\r\n" is a line (the line end does not count); a byte more is not.
    EngineProcess exact;
    REQUIRE(exact.start("/bin/sh",
                        {"-c", "head -c " + mib +
                                   " /dev/zero | tr '\\0' y; printf '\\r\\n'; "
                                   "head -c " +
                                   mib + " /dev/zero | tr '\\0' z; printf 'zz\\n'"},
                        "", error));
    REQUIRE(exact.read_line(line, 5000) == EngineProcess::ReadResult::Line);
    CHECK(line.size() == EngineProcess::kMaxLineBytes);
    CHECK(line.back() == 'y');
    CHECK(exact.read_line(line, 5000) == EngineProcess::ReadResult::TooLong);

    // Bytes without a newline as fast as a pipe takes them: refused at the limit, at once.
    EngineProcess endless;
    REQUIRE(endless.start("/bin/sh", {"-c", "yes | tr -d '\\n'"}, "", error));
    auto start = Clock::now();
    CHECK(endless.read_line(line, 20000) == EngineProcess::ReadResult::TooLong);
    CHECK(Clock::now() - start < std::chrono::seconds(5));

    // A byte every 10 ms never ends a line: the read still ends at its deadline.
    EngineProcess trickle;
    REQUIRE(trickle.start("/bin/sh", {"-c", "while :; do printf x; sleep 0.01; done"}, "", error));
    start = Clock::now();
    CHECK(trickle.read_line(line, 300) == EngineProcess::ReadResult::Timeout);
    const auto took = Clock::now() - start;
    CHECK(took >= std::chrono::milliseconds(299));  // whole milliseconds: up to 1 ms early
    CHECK(took < std::chrono::milliseconds(1500));
}

TEST_CASE("two good engines play a legal game to its end", "[match]") {
    for (const char* variant : {"brandubh", "tablut"}) {
        INFO(variant);
        auto a = make_player(fake("Alpha", {"--seed", "1"}, clock_of(10000, 100)));
        auto d = make_player(fake("Beta", {"--seed", "2"}, movetime(100)));
        const GameSetup setup = setup_for(variant, 300);
        const GameOutcome out = play_game(*a, *d, setup);
        INFO(out.reason);
        CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
        CHECK(!out.moves.empty());
        check_replay(setup, out);
        a->quit();
        d->quit();
        CHECK(!a->alive());
    }
}

TEST_CASE("an opening and a start record are handed to the engines", "[match]") {
    auto a = make_player(fake("Alpha", {"--seed", "3"}));
    auto d = make_player(fake("Beta", {"--seed", "4"}));
    a->config();
    GameSetup setup = setup_for("brandubh", 40);
    setup.opening_moves = {"d2-e2", "d3-d2"};
    setup.rules.start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    a = make_player(fake("Alpha", {"--seed", "3"}, movetime(50)));
    d = make_player(fake("Beta", {"--seed", "4"}, movetime(50)));
    GameOutcome out = play_game(*a, *d, setup);
    CHECK(out.opening_plies == 2);
    CHECK(out.moves.at(0) == "d2-e2");
    check_replay(setup, out);

    // From a record, defenders to move
    setup.opening_moves.clear();
    setup.start_record = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    setup.start_side = Side::Defenders;
    out = play_game(*a, *d, setup);
    CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
    check_replay(setup, out);

    setup.opening_moves = {"a1-a2"};
    out = play_game(*a, *d, setup);
    CHECK(out.termination == Termination::StartFailure);
    CHECK(!out.loser_side);
}

TEST_CASE("each engine fault loses the game for the faulty engine", "[match]") {
    const GameSetup setup = setup_for("brandubh", 200);
    const std::vector<std::string> good = {"--seed", "7"};

    SECTION("crash") {
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(fake("Faulty", {"--crash-after", "3"}, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Crash, Side::Defenders, "Faulty");
        CHECK(out.reason.find("status 3") != std::string::npos);
        CHECK(out.moves.size() == 5);
        check_replay(setup, out);
    }
    SECTION("hang with a clock: stall") {
        auto a = make_player(fake("Faulty", {"--hang-after", "2"}, clock_of(20000, 0)));
        auto d = make_player(fake("Good", good, clock_of(20000, 0)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Stall, Side::Attackers, "Faulty");
        CHECK(out.time_ms[0] < 5000);
        check_replay(setup, out);
    }
    SECTION("hang with a short move time: timeout") {
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(fake("Faulty", {"--hang-after", "2"}, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Timeout, Side::Defenders, "Faulty");
        CHECK(!d->alive());
    }
    SECTION("illegal move") {
        auto a = make_player(fake("Faulty", {"--illegal-after", "2"}, movetime(100)));
        auto d = make_player(fake("Good", good, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::IllegalMove, Side::Attackers, "Faulty");
        CHECK(out.reason.rfind("illegal move ", 0) == 0);
        CHECK(out.reason.find(" by Faulty: there is no piece on ") != std::string::npos);
        CHECK(out.moves.size() == 2);
        check_replay(setup, out);
        // Killed after the illegal move (as the README says), a fresh process for the next game.
        const int pid = a->pid();
        CHECK_FALSE(a->alive());
        play_game(*a, *d, setup);
        CHECK(a->pid() != pid);
    }
    SECTION("two bestmoves to one go: garbage, named, before the next go") {
        auto a = make_player(fake("Faulty", {"--double-after", "2"}, movetime(100)));
        auto d = make_player(fake("Good", good, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Garbage, Side::Attackers, "Faulty");
        CHECK(out.reason.find("wrote a second bestmove to one 'go' ('bestmove ") !=
              std::string::npos);
        CHECK(out.moves.size() == 4);  // its second move stood; the fault came at its third
        check_replay(setup, out);
    }
    SECTION("late move: timeout") {
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(fake("Faulty", {"--late-ms", "800"}, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Timeout, Side::Defenders, "Faulty");
        CHECK(out.time_ms[1] >= 200);
        CHECK(out.time_ms[1] < 800);
        // The referee's wording is what the records key the collections' "timeout" marker on.
        GameRecord rec;
        rec.rules_string = "brandubh";
        rec.moves = out.moves;
        rec.result = "attackers";
        rec.termination = out.reason;
        const std::string line = write_csv_line(rec);
        CHECK(line.find(" timeout,") != std::string::npos);
    }
    SECTION("late move on a clock: timeout once the clock runs out") {
        auto a = make_player(fake("Faulty", {"--late-ms", "150"}, clock_of(1000, 0)));
        auto d = make_player(fake("Good", good, clock_of(1000, 0)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Timeout, Side::Attackers, "Faulty");
        CHECK(out.moves.size() >=
              10);  // 1000 + margin ms at 150 per move: 7 moves, then the 8th times out
        check_replay(setup, out);
    }
    SECTION("garbage") {
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(fake("Faulty", {"--garbage-after", "1"}, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Garbage, Side::Defenders, "Faulty");
        CHECK(out.reason.find("?!junk") != std::string::npos);
    }
    SECTION("a line without end: garbage at 1 MiB, within the move's time") {
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(fake("Faulty", {"--endless-line-after", "2"}, clock_of(20000, 0)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Garbage, Side::Defenders, "Faulty");
        CHECK(out.reason.find("wrote a line longer than 1 MiB") != std::string::npos);
        CHECK(out.time_ms[1] < 5000);
        CHECK(!d->alive());
        check_replay(setup, out);
    }
    SECTION("bytes without a newline, slowly: timeout") {
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(fake("Faulty", {"--trickle-after", "2"}, movetime(200)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::Timeout, Side::Defenders, "Faulty");
        CHECK(out.time_ms[1] < 2000);
        CHECK(!d->alive());
    }
    SECTION("bad handshake") {
        auto a = make_player(fake("Faulty", {"--bad-handshake"}, movetime(100)));
        auto d = make_player(fake("Good", good, movetime(100)));
        const GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::StartFailure, Side::Attackers, "Faulty");
        CHECK(out.reason.find("utiok") != std::string::npos);
        CHECK(out.moves.empty());
    }
    SECTION("missing binary and refused option") {
        EngineConfig missing = fake("Faulty", {}, movetime(100));
        missing.command = "/nonexistent/faulty-engine";
        auto a = make_player(fake("Good", good, movetime(100)));
        auto d = make_player(missing);
        GameOutcome out = play_game(*a, *d, setup);
        check_fault(out, Termination::StartFailure, Side::Defenders, "Faulty");

        EngineConfig bad_option = fake("Faulty", {}, movetime(100));
        bad_option.options = {{"Fail", "1"}};
        d = make_player(bad_option);
        out = play_game(*a, *d, setup);
        check_fault(out, Termination::StartFailure, Side::Defenders, "Faulty");
        CHECK(out.reason.find("unknown option") != std::string::npos);

        // An option the engine does not offer is refused before it is sent.
        EngineConfig typo = fake("Faulty", {}, movetime(100));
        typo.options = {{"Hashh", "32"}};
        d = make_player(typo);
        out = play_game(*a, *d, setup);
        check_fault(out, Termination::StartFailure, Side::Defenders, "Faulty");
        CHECK(out.reason.find("has no option 'Hashh' (it offers: UTI_Rules, Hash, Fail)") !=
              std::string::npos);
    }
}

TEST_CASE("ping=off: an engine that does not read while it thinks is waited for", "[match]") {
    // Thinks 3.2 s per move without reading its input: with pings (the default) that is a stall
    // (isready after 1 s of silence, no readyok 2 s later); with ping=off it plays on its clock.
    const GameSetup setup = setup_for("brandubh", 2);
    auto good = make_player(fake("Good", {"--seed", "7"}, movetime(50)));
    auto deaf = make_player(fake("Deaf", {"--deaf-ms", "3200"}, clock_of(20000, 0)));
    GameOutcome out = play_game(*deaf, *good, setup);
    check_fault(out, Termination::Stall, Side::Attackers, "Deaf");

    EngineConfig quiet = fake("Deaf", {"--deaf-ms", "3200"}, clock_of(20000, 0));
    quiet.ping = false;
    auto waited = make_player(quiet);
    out = play_game(*waited, *good, setup);
    INFO(out.reason);
    CHECK(out.termination == Termination::MaxPlies);
    CHECK(out.time_ms[0] >= 3200);
}

// A slow engine answers the ping sent while it thought after its bestmove: that readyok is read
// before its next move is asked for (it must still count, or the next game's isready waits for
// one answer too many and the engine loses at the start).
TEST_CASE("a readyok that comes after the bestmove still answers its ping", "[match]") {
    const GameSetup setup = setup_for("brandubh", 4);
    auto good = make_player(fake("Good", {"--seed", "7"}, movetime(50)));
    auto slow = make_player(fake("Slow", {"--deaf-ms", "1500"}, clock_of(20000, 0)));
    for (int game = 1; game <= 2; ++game) {
        INFO("game " << game);
        const GameOutcome out = play_game(*slow, *good, setup);
        INFO(out.reason);
        CHECK(out.termination == Termination::MaxPlies);
        CHECK(out.moves.size() == 4);
    }
}

TEST_CASE("an engine that crashed is restarted for the next game", "[match]") {
    const GameSetup setup = setup_for("brandubh", 60);
    // crashes at its 2nd go of each process: game 1 crashes, game 2 (restarted) crashes again at
    // its 2nd move, which proves the restart; with --crash-after 30 the second game is normal.
    auto a = make_player(fake("Good", {"--seed", "5"}, movetime(100)));
    auto d = make_player(fake("Flaky", {"--crash-after", "2"}, movetime(100)));
    GameOutcome out = play_game(*a, *d, setup);
    check_fault(out, Termination::Crash, Side::Defenders, "Flaky");
    CHECK(!d->alive());
    out = play_game(*a, *d, setup);
    check_fault(out, Termination::Crash, Side::Defenders, "Flaky");
    CHECK(out.moves.size() == 3);

    auto timeout = make_player(fake("Slow", {"--hang-after", "1"}, movetime(50)));
    out = play_game(*timeout, *a, setup);
    check_fault(out, Termination::Timeout, Side::Attackers, "Slow");
    out = play_game(*a, *timeout, setup);  // restarted; hangs again at its first go
    check_fault(out, Termination::Timeout, Side::Defenders, "Slow");
    CHECK(out.moves.size() == 1);
}

TEST_CASE("branan over UTI plays a legal game against the fake engine", "[match]") {
    EngineConfig branan;
    branan.name = "Branan";
    branan.command = BRANAN_BINARY;
    branan.options = {{"Hash", "8"}};
    branan.tc = clock_of(3000, 30);
    auto b = make_player(branan);
    auto f = make_player(fake("Fake", {"--seed", "11"}, movetime(50)));
    for (const char* variant : {"brandubh", "tablut"}) {
        INFO(variant);
        const GameSetup setup = setup_for(variant, 80);
        GameOutcome out = play_game(*f, *b, setup);
        INFO(out.reason);
        CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
        check_replay(setup, out);
        out = play_game(*b, *f, setup);
        CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
        check_replay(setup, out);
    }
    b->quit();
    CHECK(!b->alive());
}

TEST_CASE("branan over OTEP plays legal games against the fake engine", "[match]") {
    EngineConfig otep;
    otep.name = "BrananOTEP";
    otep.command = BRANAN_BINARY;
    otep.args = {"--otep"};
    otep.protocol = "otep";
    otep.tc = clock_of(4000, 50);
    auto b = make_player(otep);
    auto f = make_player(fake("Fake", {"--seed", "12"}, movetime(50)));
    for (const char* variant : {"brandubh", "tablut"}) {
        INFO(variant);
        GameSetup setup = setup_for(variant, 60);
        GameOutcome out = play_game(*b, *f, setup);
        INFO(out.reason);
        CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
        check_replay(setup, out);
        out = play_game(*f, *b, setup);
        CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
        check_replay(setup, out);
    }
    // Branan over UTI against Branan over OTEP: longer games, both directions.
    EngineConfig uti;
    uti.name = "BrananUTI";
    uti.command = BRANAN_BINARY;
    uti.tc = clock_of(2000, 20);
    auto u = make_player(uti);
    for (int round = 0; round < 2; ++round) {
        const GameSetup setup = setup_for("brandubh", 40);
        const GameOutcome out = round == 0 ? play_game(*u, *b, setup) : play_game(*b, *u, setup);
        INFO(out.reason);
        CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
        check_replay(setup, out);
    }
    // An opening: the engine gets the position record.
    GameSetup setup = setup_for("brandubh", 30);
    setup.opening_moves = {"d2-e2", "d3-d2", "a4-a3"};
    const GameOutcome out = play_game(*f, *b, setup);
    INFO(out.reason);
    CHECK((out.termination == Termination::Rules || out.termination == Termination::MaxPlies));
    check_replay(setup, out);
    b->quit();
    CHECK(!b->alive());
}

TEST_CASE("an OTEP engine that writes after its move: a second move or a critical error loses",
          "[match]") {
    // Branan over OTEP behind a filter that writes `extra` after its second move line (the shell
    // variable l holds that line). The fault is found before its third move is asked for:
    // before, a copied move was taken as that answer (and lost as an illegal move), and a
    // critical error went unread.
    const auto engine_writing = [](const std::string& name, const std::string& extra) {
        EngineConfig otep;
        otep.name = name;
        otep.command = "/bin/sh";
        otep.args = {"-c", std::string("'") + BRANAN_BINARY +
                               "' --otep | { n=0; while IFS= read -r l; do printf '%s\\n' \"$l\"; "
                               "case $l in 'move '*) n=$((n + 1)); "
                               "[ $n = 2 ] && printf '%s\\n' \"" +
                               extra + "\";; esac; done; }"};
        otep.protocol = "otep";
        otep.tc = clock_of(4000, 50);
        return otep;
    };
    const GameSetup setup = setup_for("brandubh", 60);
    // The opponent takes 300 ms a move: time for the filter's line to arrive, on a loaded machine
    // too, before Branan's next move is asked for.
    auto f = make_player(fake("Fake", {"--seed", "12", "--late-ms", "300"}, movetime(1000)));
    for (const auto& [extra, reason] :
         {std::pair<std::string, std::string>{"$l", "wrote a second move to one 'play' ('move "},
          {"error -1", "critical error: 'error -1'"},
          // An engine's long line is cut short in the reason, its length named.
          {"error -1 $(printf '%0800d' 0)", "critical error: 'error -1 0000"}}) {
        INFO(extra);
        auto b = make_player(engine_writing("Faulty", extra));
        const GameOutcome out = play_game(*b, *f, setup);
        check_fault(out, Termination::Garbage, Side::Attackers, "Faulty");
        CHECK(out.reason.find(reason) != std::string::npos);
        if (extra.size() > 20) {
            CHECK(out.reason.find("...' (809 characters)") != std::string::npos);
            CHECK(out.reason.size() < 300);
        }
        CHECK(out.moves.size() == 4);  // its second move stood; the fault came at its third
        check_replay(setup, out);
    }
}

TEST_CASE("a UTI engine that refuses a request during a search loses, its line quoted short",
          "[match]") {
    // Branan over UTI behind a filter that writes, instead of its third bestmove, an error about
    // the request: read while that search runs, it is a refusal and loses the game as garbage.
    const auto engine_refusing = [](const std::string& extra) {
        EngineConfig uti;
        uti.name = "Refusing";
        uti.command = "/bin/sh";
        uti.args = {"-c", std::string("'") + BRANAN_BINARY +
                              "' | { n=0; while IFS= read -r l; do case $l in 'bestmove '*) "
                              "n=$((n + 1)); [ $n = 3 ] && l=\"" +
                              extra + "\";; esac; printf '%s\\n' \"$l\"; done; }"};
        uti.tc = clock_of(4000, 50);
        return uti;
    };
    const GameSetup setup = setup_for("brandubh", 60);
    auto f = make_player(fake("Fake", {"--seed", "12", "--late-ms", "300"}, movetime(1000)));
    for (const auto& [extra, reason] :
         {std::pair<std::string, std::string>{"info string error: go: no",
                                              "refused the request: 'info string error: go: no'"},
          {"info string error: position: $(printf '%0800d' 0)",
           "refused the request: 'info string error: position: 0000"}}) {
        INFO(extra);
        auto b = make_player(engine_refusing(extra));
        const GameOutcome out = play_game(*b, *f, setup);
        check_fault(out, Termination::Garbage, Side::Attackers, "Refusing");
        CHECK(out.reason.find(reason) != std::string::npos);
        CHECK(out.reason.size() < 300);
        CHECK(out.moves.size() == 4);  // its third move never came
        check_replay(setup, out);
    }
}

TEST_CASE("delay= holds back what is written to an engine after its move", "[match]") {
    const GameSetup setup = setup_for("brandubh", 6);
    EngineConfig slow_host = fake("Delayed", {"--seed", "1"}, movetime(1000));
    slow_host.delay_ms = 150;
    auto a = make_player(slow_host);
    auto d = make_player(fake("Other", {"--seed", "2"}, movetime(1000)));
    const auto started = std::chrono::steady_clock::now();
    const GameOutcome out = play_game(*a, *d, setup);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
    CHECK(out.termination == Termination::MaxPlies);
    // Delayed moves 3 times; after its 1st and 2nd moves the next position waits 150 ms each
    // (the fake engine itself answers at once).
    CHECK(ms >= 300);
    CHECK(out.notes.size() == out.moves.size());
    CHECK(out.notes[0].find("+0.00/1 ") == 0);  // score/depth and the time the move took
}

TEST_CASE("a Hash or TablebasePath option lengthens the wait for the first readyok", "[match]") {
    EngineConfig c = fake("x", {});
    CHECK(start_wait_ms(c) == 5000);
    c.options = {{"hash", "1024"}};
    CHECK(start_wait_ms(c) == 5000 + 10240);
    c.start_timeout_ms = 1000;
    c.options = {{"Threads", "4"}, {"Hash", "junk"}};
    CHECK(start_wait_ms(c) == 1000);
    // Tables are read when the option is set: a minute more, none for no tables.
    c.options = {{"tablebasepath", "brandubh5"}, {"Hash", "16"}};
    CHECK(start_wait_ms(c) == 1000 + kTablebaseStartMs + 160);
    c.options = {{"TablebasePath", "<empty>"}};
    CHECK(start_wait_ms(c) == 1000);
}
