// SPDX-License-Identifier: GPL-3.0-or-later
// branan-match's engine settings for OTEP engines: OTEP carries a clock and nothing else, so a
// depth, node limit or option must be refused rather than dropped, and tc=inf (no clock: the
// engine's own think time, as in an untimed OpenTafl game) must be accepted.
#include <string>
#include <vector>

#include "../test_support.h"
#include "catch.h"
#include "match/match_config.h"

using branan::Expected;
using namespace branan::match;
using branan::testing::check_refused;
using branan::testing::error_of;

namespace {

Expected<MatchConfig> parse(const std::vector<std::string>& args) {
    return parse_match_args(args);
}

const std::vector<std::string> kUti = {"--engine", "cmd=./branan", "name=a", "st=1"};

std::vector<std::string> with_otep(std::vector<std::string> otep_keys) {
    std::vector<std::string> args = kUti;
    args.insert(args.end(), {"--engine", "cmd=./opentafl", "name=b", "proto=otep"});
    args.insert(args.end(), otep_keys.begin(), otep_keys.end());
    return args;
}

}  // namespace

TEST_CASE("OTEP engine: tc=inf means no clock", "[match][config]") {
    const auto c = parse(with_otep({"tc=inf"}));
    INFO(error_of(c));
    REQUIRE(c.ok());
    const TimeControl& tc = c->engines[1].tc;
    CHECK_FALSE(tc.clocked());
    CHECK(tc.move_ms == 0);
    CHECK(tc.depth == 0);
    CHECK(tc.nodes == 0);
}

TEST_CASE("OTEP engine: clocks and st= still work", "[match][config]") {
    auto c = parse(with_otep({"tc=10+0.1"}));
    REQUIRE(c.ok());
    CHECK(c->engines[1].tc.clocked());
    c = parse(with_otep({"st=2"}));
    REQUIRE(c.ok());
    CHECK(c->engines[1].tc.move_ms == 2000);
    // --each tc=inf, then the engine's own st=: the st= wins
    auto args = with_otep({"st=1"});
    args.insert(args.end(), {"--each", "tc=inf"});
    c = parse(args);
    INFO(error_of(c));
    REQUIRE(c.ok());
    CHECK(c->engines[1].tc.move_ms == 1000);
}

TEST_CASE("OTEP engine: depth=, nodes= and option. are refused, not dropped", "[match][config]") {
    // Regression: depth=99 used to be accepted for an OTEP engine and then never sent (OTEP has
    // no depth), so the engine silently played without a clock.
    check_refused(parse(with_otep({"depth=99"})), {"'b'", "OTEP has no depth or node limit"});
    check_refused(parse(with_otep({"tc=inf", "nodes=1000"})), {"OTEP has no depth or node limit"});
    check_refused(parse(with_otep({"tc=10+0.1", "option.Hash=64"})),
                  {"OTEP has no options", "Hash"});
}

// The match sends the rules (UTI_Rules) after an engine's options: an engine's own rules option
// would be overridden without a word (a match on brandubh played under option.UTI_Variant=tablut
// was brandubh), so it is refused, in any case as UTI option names are.
TEST_CASE("an engine's own rules option is refused: the match sets the rules", "[match][config]") {
    for (const char* option :
         {"option.UTI_Variant=tablut", "option.uti_rules=dim:9", "option.UTI_RULES=dim:9"}) {
        std::vector<std::string> args = kUti;
        args.push_back(option);
        check_refused(parse(args), {"the match sets the rules of every game"});
    }
    std::vector<std::string> args = kUti;
    args.insert(args.end(), {"option.Hash=8", "--engine", "cmd=./branan", "name=b", "st=1"});
    const auto others = parse(args);  // other options are the engine's
    INFO(error_of(others));
    CHECK(others.ok());
}

TEST_CASE("no time control: refused for OTEP and UTI engines alike", "[match][config]") {
    check_refused(parse(with_otep({})), {"'b' has no time control"});
    // UTI: tc=inf alone would search until the hour's cap, so it stays refused
    check_refused(
        parse({"--engine", "cmd=./x", "name=u", "tc=inf", "--engine", "cmd=./y", "name=v", "st=1"}),
        {"'u' has no time control"});
    // and a UTI engine may still use depth=
    CHECK(
        parse({"--engine", "cmd=./x", "name=u", "depth=3", "--engine", "cmd=./y", "name=v", "st=1"})
            .ok());
}

TEST_CASE("ping=on|off per engine, from --each or the engine's own group", "[match][config]") {
    auto c = parse({"--engine", "cmd=./branan", "name=a", "st=1", "ping=off", "--engine",
                    "cmd=./branan", "name=b", "st=1"});
    INFO(error_of(c));
    REQUIRE(c.ok());
    CHECK_FALSE(c->engines[0].ping);
    CHECK(c->engines[1].ping);  // the default
    c = parse({"--engine", "cmd=./branan", "name=a", "st=1", "ping=on", "--engine", "cmd=./branan",
               "name=b", "st=1", "--each", "ping=off"});
    REQUIRE(c.ok());
    CHECK(c->engines[0].ping);  // its own setting wins
    CHECK_FALSE(c->engines[1].ping);
    check_refused(parse({"--engine", "cmd=./branan", "name=a", "st=1", "ping=maybe", "--engine",
                         "cmd=./branan", "name=b", "st=1"}),
                  {"ping must be on or off, not 'maybe'"});
    CHECK(match_usage().find("ping=on|off") != std::string::npos);
}

TEST_CASE("the UCI protocol name is refused with the reason and folders lose a trailing slash",
          "[match][config]") {
    check_refused(parse({"--engine", "cmd=./branan", "name=a", "st=1", "proto=uci", "--engine",
                         "cmd=./branan", "name=b", "st=1"}),
                  {"proto=uci: tafl engines speak UTI", "give proto=uti"});
    // Regression: "--records out/" printed and wrote "out//results.json".
    auto c = parse({"--engine", "cmd=./branan", "name=a", "st=1", "--engine", "cmd=./branan",
                    "name=b", "st=1", "--records", "out//", "--log", "logs/", "--report", "/"});
    REQUIRE(c.ok());
    CHECK(c->records_dir == "out");
    CHECK(c->results_file == "out/results.json");
    CHECK(c->log_dir == "logs");
    CHECK(c->report_dir == "/");
}

TEST_CASE("st= is a number of seconds from a millisecond to a day", "[match][config]") {
    auto with_st = [](const std::string& st) {
        return std::vector<std::string>{"--engine",     "cmd=./branan", "name=a", "--engine",
                                        "cmd=./branan", "name=b",       "--each", "st=" + st};
    };
    const auto c = parse(with_st("0.001"));
    INFO(error_of(c));
    REQUIRE(c.ok());
    CHECK(c->engines[0].tc.move_ms == 1);
    CHECK(parse(with_st("86400"))->engines[1].tc.move_ms == 86'400'000);
    // NaN passed a test of "not above 0", and infinity then made no limit at all: the match
    // waited on every move for the hour of timeout-move. A value under a millisecond made no
    // time either, and was refused as "no time control".
    for (const char* bad : {"nan", "inf", "-inf", "1e999", "0.0004", "1e-9", "0", "-1", "86401"})
        check_refused(
            parse(with_st(bad)),
            {"st needs a number of seconds from 0.001 to 86400, not '" + std::string(bad) + "'"});
}

TEST_CASE("a key given twice in one group is refused, an --engine key overrides --each's",
          "[match][config]") {
    // Two engines, `first` added to the first one's group, then `more`.
    auto with = [](std::vector<std::string> more, const std::vector<std::string>& first = {}) {
        std::vector<std::string> args = {"--engine", "cmd=./branan", "name=a"};
        args.insert(args.end(), first.begin(), first.end());
        args.insert(args.end(), {"--engine", "cmd=./branan", "name=b"});
        args.insert(args.end(), more.begin(), more.end());
        return parse(args);
    };
    auto accepted = [](const Expected<MatchConfig>& c) {
        INFO(error_of(c));
        REQUIRE(c.ok());
        return *c;
    };
    check_refused(with({"--each", "depth=1", "depth=3"}),
                  {"--each: 'depth' is given twice in one group"});
    check_refused(with({"--each", "st=1", "option.Hash=16", "option.Hash=32"}),
                  {"'option.Hash' is given twice"});
    // UTI option names ignore case; tc= and st= both set the time control.
    check_refused(with({"--each", "st=1", "option.Hash=16", "option.hash=32"}),
                  {"'option.Hash' and 'option.hash' in one group set the same thing"});
    check_refused(with({"--each", "tc=10+0.1", "st=1"}),
                  {"'tc' and 'st' in one group set the same thing"});
    check_refused(with({}, {"st=1", "st=2"}), {"--engine: 'st' is given twice in one group"});
    // Allowed: arg= repeated (a list), and an --engine group's own value over --each's.
    CHECK(accepted(with({"--each", "st=1", "arg=-x", "arg=-y"})).engines[0].args.size() == 2);
    const MatchConfig over = accepted(with({"--each", "depth=2"}, {"depth=5"}));
    CHECK(over.engines[0].tc.depth == 5);
    CHECK(over.engines[1].tc.depth == 2);
    // An engine's st= keeps --each's depth (it replaced the whole time control, depth included).
    const MatchConfig timed = accepted(with({"--each", "depth=2"}, {"st=1"}));
    CHECK(timed.engines[0].tc.move_ms == 1000);
    CHECK(timed.engines[0].tc.depth == 2);
}

TEST_CASE("a count out of its range is named, with its value", "[match][config]") {
    const std::vector<std::string> two = {"--engine",     "cmd=./branan", "name=a", "--engine",
                                          "cmd=./branan", "name=b",       "--each", "st=1"};
    auto with = [&](const std::string& option, const std::string& value) {
        std::vector<std::string> args = two;
        args.insert(args.end(), {option, value});
        return parse(args);
    };
    check_refused(with("--games", "0"), {"--games must be at least 1, not 0"});
    check_refused(with("--rounds", "-2"), {"--rounds must be at least 1, not -2"});
    check_refused(with("--concurrency", "300"), {"--concurrency must be from 1 to 256, not 300"});
    check_refused(with("--random-openings", "41"),
                  {"--random-openings must be from 0 to 40, not 41"});
    check_refused(with("--max-plies", "0"), {"--max-plies must be at least 1, not 0"});
    CHECK(with("--concurrency", "256").ok());
    CHECK(with("--random-openings", "0").ok());
}

TEST_CASE(
    "the sprt option: keys left out keep their defaults, a key given twice and absurd Elos are "
    "refused",
    "[match][config]") {
    auto with = [](std::vector<std::string> sprt) {
        std::vector<std::string> args = {"--engine", "cmd=./branan", "name=a",
                                         "st=1",     "--engine",     "cmd=./branan",
                                         "name=b",   "st=1",         "--sprt"};
        args.insert(args.end(), sprt.begin(), sprt.end());
        return parse(args);
    };
    const Expected<MatchConfig> some = with({"elo1=10"});
    INFO(error_of(some));
    REQUIRE(some.ok());
    REQUIRE(some->sprt.has_value());
    CHECK(*some->sprt == SprtConfig{0, 10, 0.05, 0.05});
    check_refused(with({"elo0=0", "elo0=1", "elo1=5"}),
                  {"--sprt: 'elo0' is given twice (the last would win unseen)"});
    check_refused(with({"elo0=-1e308", "elo1=1e308"}),
                  {"--sprt: elo0 and elo1 must lie between -1000 and 1000"});
    check_refused(with({"elo0=0", "elo1=1001"}), {"between -1000 and 1000"});
    const Expected<MatchConfig> widest = with({"elo0=-1000", "elo1=1000"});
    CHECK(widest.ok());
    // --draw and --resign: a key given twice refused too, not the last one taken unseen.
    const std::vector<std::string> engines = {"--engine", "cmd=./branan", "name=a", "st=1",
                                              "--engine", "cmd=./branan", "name=b", "st=1"};
    auto plus = [&](std::vector<std::string> more) {
        std::vector<std::string> args = engines;
        args.insert(args.end(), more.begin(), more.end());
        return parse(args);
    };
    check_refused(plus({"--resign", "movecount=1", "score=1", "score=2"}),
                  {"--resign: 'score' is given twice (the last would win unseen)"});
    check_refused(plus({"--draw", "movenumber=1", "movecount=1", "score=1", "movecount=2"}),
                  {"--draw: 'movecount' is given twice"});
    CHECK(plus({"--draw", "movenumber=1", "movecount=1", "score=1"}).ok());
}
