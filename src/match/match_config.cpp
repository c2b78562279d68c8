// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/match_config.h"

#include <boost/program_options.hpp>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>

#include "core/rules_string.h"
#include "core/text.h"
#include "options/parse_options.h"

namespace branan::match {
namespace {

namespace po = boost::program_options;

po::options_description flat_options() {
    po::options_description desc("Options");
    desc.add_options()                                                                    //
        ("help,h", "show this help")                                                      //
        ("variant", po::value<std::string>(), "preset (default brandubh)")                //
        ("rules", po::value<std::string>(), "OpenTafl rules string instead of a preset")  //
        ("tournament", po::value<std::string>()->default_value("round-robin"),
         "round-robin or gauntlet (the first engine against each other)")  //
        ("games", po::value<int>()->default_value(2),
         "games per pairing and round (even: colour-swapped pairs)")  //
        ("rounds", po::value<int>()->default_value(1), "rounds")      //
        ("openings", po::value<std::string>(),
         "openings file: a line is a move list, "
         "'startpos moves ...' or 'otn <record> [side S] [moves ...]'")  //
        ("random-openings", po::value<int>()->default_value(0),
         "random balanced openings of this many plies")                                          //
        ("concurrency", po::value<int>()->default_value(1), "games played at once")              //
        ("records", po::value<std::string>(), "folder for game records and games.csv")           //
        ("report", po::value<std::string>(), "folder for an HTML report page per game")          //
        ("results", po::value<std::string>(), "results JSON (default: <records>/results.json)")  //
        ("resume", "continue the run in the records folder / results file")                      //
        ("force", "start over in the folder / results file of an earlier run")                   //
        ("rating-interval", po::value<int>()->default_value(0),
         "print the summary table every N games (0: at the end only)")                        //
        ("shard", po::value<std::string>(), "i/n: play the i-th of n parts of the schedule")  //
        ("sprt", po::value<std::vector<std::string>>()->multitoken(),
         "elo0=E0 elo1=E1 alpha=A beta=B: stop on a decision (a key left out: elo0=0 elo1=5 "
         "alpha=0.05 beta=0.05)")  //
        ("max-plies", po::value<int>()->default_value(400),
         "adjudicate a draw after this many plies")  //
        ("draw", po::value<std::vector<std::string>>()->multitoken(),
         "movenumber=N movecount=C score=S: from move N on, a draw once both engines' "
         "scores were within S cp for C moves each in a row")  //
        ("resign", po::value<std::vector<std::string>>()->multitoken(),
         "movecount=C score=S [twosided=true]: an engine whose score was -S cp or below (or a "
         "mate against it) for C moves in a row loses; twosided: both engines agreed for C "
         "moves each")                                                                    //
        ("seed", po::value<uint64_t>()->default_value(1), "seed of the random openings")  //
        ("event", po::value<std::string>()->default_value("branan-match"), "event name")  //
        ("quiet", "no per-game lines")                                                    //
        ("log", po::value<std::string>(),
         "folder for every line to and from each engine (a file per engine and concurrent "
         "game slot)");
    return desc;
}

Expected<double> parse_double(const std::string& key, const std::string& v) {
    try {
        size_t used = 0;
        const double d = std::stod(v, &used);
        if (used == v.size()) return d;
    } catch (const std::exception&) {
    }
    return Error{key + " needs a number, not " + branan::quoted(v)};
}

Expected<int64_t> parse_at_least(const std::string& key, const std::string& v, int64_t lo) {
    if (const auto n = parse_in_range<int64_t>(v, lo, INT64_MAX)) return *n;
    return Error{key + " needs a whole number of at least " + std::to_string(lo) + ", not " +
                 branan::quoted(v)};
}

// A folder as given, without the trailing '/' ("out/" -> "out", "/" stays): the files in it
// are then named "out/results.json", not "out//results.json".
std::string folder_path(std::string path) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return path;
}

// Applies one key=value of an engine group.
std::string apply_engine_key(EngineConfig& e, const std::string& token) {
    const size_t eq = token.find('=');
    if (eq == std::string::npos || eq == 0)
        return "engine setting " + branan::quoted(token) + " is not key=value";
    const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
    if (key == "cmd") {
        e.command = value;
    } else if (key == "name") {
        e.name = value;
    } else if (key == "dir") {
        e.dir = value;
    } else if (key == "arg") {
        e.args.push_back(value);
    } else if (key == "proto") {
        if (value == "uci")
            return "proto=uci: tafl engines speak UTI, UCI's form for tafl ('uti' and 'utiok' "
                   "for 'uci' and 'uciok'): give proto=uti (or proto=otep for OpenTafl engines)";
        if (value != "uti" && value != "otep")
            return "proto must be uti or otep, not " + branan::quoted(value);
        e.protocol = value;
    } else if (key == "tc") {
        auto tc = parse_time_control(value);
        if (!tc) return "tc: " + tc.error();
        const int depth = e.tc.depth;
        const uint64_t nodes = e.tc.nodes;
        e.tc = *tc;
        e.tc.depth = depth;
        e.tc.nodes = nodes;
    } else if (key == "st") {
        // A millisecond to a day; the negated test refuses NaN as well (inf is above the day).
        auto s = parse_double(key, value);
        if (!s || !(*s >= 0.001 && *s <= 86400))
            return "st needs a number of seconds from 0.001 to 86400, not " + branan::quoted(value);
        // A time a move instead of a clock; a depth or node limit given stays, as with tc=.
        const int depth = e.tc.depth;
        const uint64_t nodes = e.tc.nodes;
        e.tc = TimeControl{};
        e.tc.move_ms = static_cast<int64_t>(*s * 1000);
        e.tc.depth = depth;
        e.tc.nodes = nodes;
    } else if (key == "depth") {
        auto d = parse_at_least(key, value, 1);
        if (!d) return d.error();
        e.tc.depth = static_cast<int>(*d);
    } else if (key == "nodes") {
        auto n = parse_at_least(key, value, 1);
        if (!n) return n.error();
        e.tc.nodes = static_cast<uint64_t>(*n);
    } else if (key == "timemargin") {
        auto m = parse_at_least(key, value, 0);
        if (!m) return m.error();
        e.timemargin_ms = *m;
    } else if (key == "stderr") {
        e.stderr_file = value;
    } else if (key == "timeout-start" || key == "timeout-move") {
        auto s = parse_double(key, value);
        if (!s || !(*s > 0) || *s > 86400)
            return key + " needs a number of seconds above 0 and at most 86400, not " +
                   branan::quoted(value);
        (key == "timeout-start" ? e.start_timeout_ms : e.move_timeout_ms) =
            std::max<int64_t>(1, static_cast<int64_t>(*s * 1000));
    } else if (key == "restart" || key == "ping") {
        if (value != "on" && value != "off")
            return key + " must be on or off, not " + branan::quoted(value);
        (key == "restart" ? e.restart : e.ping) = value == "on";
    } else if (key == "delay") {
        auto d = parse_at_least(key, value, 0);
        if (!d || *d > 60000)
            return "delay needs milliseconds from 0 to 60000, not " + branan::quoted(value);
        e.delay_ms = *d;
    } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
        const std::string name = key.substr(7);
        // The match sends the rules itself (UTI_Rules, after the options): an engine's own
        // would be overridden without a word, so it is refused.
        if (equal_ignoring_case(name, "UTI_Variant") || equal_ignoring_case(name, "UTI_Rules"))
            return "option." + name + ": the match sets the rules of every game (--variant or " +
                   "--rules), so an engine's own is refused";
        e.options.emplace_back(name, value);
    } else {
        return "unknown engine setting " + branan::quoted(key);
    }
    return {};
}

// --sprt's key=value tokens (none given twice: key_given_twice); a key not given keeps
// SprtConfig's default.
Expected<SprtConfig> parse_sprt(const std::vector<std::string>& tokens) {
    SprtConfig c;
    for (const auto& t : tokens) {
        const size_t eq = t.find('=');
        const std::string key = t.substr(0, eq);
        if (eq == std::string::npos)
            return Error{"--sprt: " + branan::quoted(t) + " is not key=value"};
        // The key first: its value's error names it, so it is one of the four (short).
        double* field = key == "elo0"    ? &c.elo0
                        : key == "elo1"  ? &c.elo1
                        : key == "alpha" ? &c.alpha
                        : key == "beta"  ? &c.beta
                                         : nullptr;
        if (!field)
            return Error{"--sprt: unknown key " + branan::quoted(key) +
                         " (elo0, elo1, alpha, beta)"};
        auto v = parse_double("--sprt " + key, t.substr(eq + 1));
        if (!v) return Error{v.error()};
        *field = *v;
    }
    if (std::abs(c.elo0) > kMaxSprtElo || std::abs(c.elo1) > kMaxSprtElo)
        return Error{"--sprt: elo0 and elo1 must lie between -" + std::to_string(kMaxSprtElo) +
                     " and " + std::to_string(kMaxSprtElo)};
    return check_sprt_config(c);
}

// Whether the engine's settings (--each, then its own group) end with a tc= (tc=inf included)
// rather than an st=, which replaces it.
bool gave_tc(const std::vector<std::string>& each, const std::vector<std::string>& group) {
    bool gave = false;
    for (const auto* tokens : {&each, &group})
        for (const auto& token : *tokens) {
            if (token.rfind("tc=", 0) == 0)
                gave = true;
            else if (token.rfind("st=", 0) == 0)
                gave = false;
        }
    return gave;
}

// Within one list of key=value settings (an engine group, --sprt, --draw, --resign), the first
// key given twice ("'depth' is given twice<where> (the last would win unseen)"), or empty. arg=
// is a list and repeats; an option.NAME is one key per NAME, in any case (UTI option names
// ignore it); tc= and st= are one key, the time control. (A key of --each given again in an
// --engine group is an override, not a repeat.)
std::string key_given_twice(const std::vector<std::string>& tokens, const std::string& where) {
    std::map<std::string, std::string> seen;  // the key as compared -> as given
    for (const auto& token : tokens) {
        const std::string key = token.substr(0, token.find('='));
        if (key == "arg" || key.empty() || key.size() == token.size()) continue;
        std::string same = key == "st" ? "tc" : key;
        if (same.rfind("option.", 0) == 0)
            for (char& c : same) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const auto [at, fresh] = seen.emplace(same, key);
        if (!fresh)
            return at->second == key
                       ? branan::quoted(key) + " is given twice" + where +
                             " (the last would win unseen)"
                       : branan::quoted(at->second) + " and " + branan::quoted(key) + where +
                             " set the same thing (the last would win unseen)";
    }
    return "";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> match_setup(const MatchConfig& c) {
    // More --rounds, or more --games between two engines in a single round and shard, extend
    // the schedule without changing the games already played (their numbers keep their openings
    // and colours). More games per pairing among three or more engines would renumber them, and
    // with several rounds or shards they would move the later rounds' opening pairs (pairs are
    // counted through the rounds) and the games' shards: --games is then fixed.
    const bool games_may_grow = c.engines.size() <= 2 && c.rounds == 1 && c.shards == 1;
    std::vector<std::pair<std::string, std::string>> setup = {
        {"--tournament", c.tournament},
        {"--games", games_may_grow ? "any" : std::to_string(c.games)},
        {"--openings", c.openings_file},
        {"--random-openings", std::to_string(c.random_openings)},
        {"--seed", std::to_string(c.seed)},
        {"--max-plies", std::to_string(c.max_plies)},
        {"--draw", c.draw ? draw_rule_text(*c.draw) : "off"},
        {"--resign", c.resign ? resign_rule_text(*c.resign) : "off"},
        {"--shard", std::to_string(c.shard) + "/" + std::to_string(c.shards)}};
    for (const auto& e : c.engines) {
        const std::string engine = " for engine " + branan::quoted(e.name);
        std::string command = e.command, options;
        for (const auto& a : e.args) command += " " + a;
        for (const auto& [name, value] : e.options)
            options += (options.empty() ? "" : " ") + name + "=" + value;
        setup.insert(setup.end(), {{"cmd" + engine, command},
                                   {"proto" + engine, e.protocol},
                                   {"limits" + engine, limits_text(e.tc)},
                                   {"timemargin" + engine, std::to_string(e.timemargin_ms)},
                                   {"options" + engine, options}});
    }
    return setup;
}

std::string match_usage() {
    std::ostringstream out;
    out << "branan-match: engine-vs-engine tafl matches.\n\n"
           "usage: branan-match --engine cmd=CMD [name=N] [key=value ...] --engine ... [--each "
           "key=value ...] [options]\n"
           "       branan-match merge RESULTS.json... --out MERGED.json\n\n"
           "Engine settings: cmd, name, dir, arg (repeatable), proto=uti|otep, tc=BASE+INC "
           "(seconds,\n"
           "e.g. 10+0.1, 40/60+1, inf), st=SECONDS per move, depth=N, nodes=N, timemargin=MS,\n"
           "stderr=FILE, option.NAME=VALUE (UTI setoption), timeout-start=SECONDS (handshake\n"
           "and first readyok, default 5; a Hash option adds 10 ms per MiB), timeout-move=SECONDS\n"
           "(the cap on a move no clock limits, default 3600), restart=on|off (a fresh process\n"
           "every game), delay=MS (pause before writing to the engine after its move),\n"
           "ping=on|off (UTI, default on: after 1 s without a line during a search the engine\n"
           "gets 'isready' and loses the game as stalled unless 'readyok' comes within 2 s;\n"
           "off: only its clock, or timeout-move, ends a search, as in cutechess and fastchess).\n"
           "OTEP engines (proto=otep) get only a clock: 'clock A D 0 0 0' before each move, with "
           "no\n"
           "increment (OTEP has none); st=S sends 'clock S S 0 0 0', which an OTEP engine budgets "
           "as\n"
           "the rest of its game; tc=inf sends no clock (the engine's own think time, at most "
           "timeout-move).\n"
           "depth=, nodes= and option. are refused for them.\n\n"
        << flat_options();
    return out.str();
}

Expected<MatchConfig> parse_match_args(const std::vector<std::string>& args) {
    // 1. Engine groups out, the rest to Boost.Program_options.
    std::vector<std::vector<std::string>> engines;
    std::vector<std::string> each, rest;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--engine" || args[i] == "--each") {
            std::vector<std::string> group;
            while (i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0)
                group.push_back(args[++i]);
            if (args[i - group.size()] == "--each")
                each.insert(each.end(), group.begin(), group.end());
            else
                engines.push_back(group);
        } else {
            rest.push_back(args[i]);
        }
    }
    po::variables_map vm;
    try {
        options::parse_options(rest, flat_options(), vm);
    } catch (const po::error& e) {
        return Error{e.what()};
    }
    if (vm.count("help")) return Error{"help"};

    MatchConfig c;
    if (const std::string twice = key_given_twice(each, " in one group"); !twice.empty())
        return Error{"--each: " + twice};
    for (const auto& group : engines) {
        if (const std::string twice = key_given_twice(group, " in one group"); !twice.empty())
            return Error{"--engine: " + twice};
        EngineConfig e;
        for (const auto& token : each)
            if (auto problem = apply_engine_key(e, token); !problem.empty())
                return Error{"--each: " + problem};
        for (const auto& token : group)
            if (auto problem = apply_engine_key(e, token); !problem.empty())
                return Error{"--engine: " + problem};
        if (e.command.empty()) return Error{"--engine needs cmd=COMMAND"};
        if (e.name.empty()) e.name = e.command;
        if (e.protocol == "otep") {
            // OTEP can carry a clock and nothing else: a depth, node count or option would be
            // dropped without a word. No clock at all (tc=inf) is an untimed OpenTafl game: the
            // engine thinks for its own configured time.
            if (e.tc.depth || e.tc.nodes)
                return Error{"engine " + branan::quoted(e.name) +
                             ": OTEP has no depth or node limit (give tc=, st= or tc=inf)"};
            if (!e.options.empty())
                return Error{"engine " + branan::quoted(e.name) + ": OTEP has no options (option." +
                             e.options.front().first + " is for UTI engines)"};
            if (!e.tc.clocked() && !e.tc.move_ms && !gave_tc(each, group))
                return Error{"engine " + branan::quoted(e.name) +
                             " has no time control (tc=, st=, or tc=inf for its own think time)"};
        } else if (!e.tc.clocked() && !e.tc.move_ms && !e.tc.depth && !e.tc.nodes) {
            return Error{"engine " + branan::quoted(e.name) +
                         " has no time control (tc=, st=, depth= or nodes=)"};
        }
        c.engines.push_back(e);
    }
    if (c.engines.size() < 2) return Error{"give at least two --engine groups"};
    for (size_t i = 0; i < c.engines.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (c.engines[i].name == c.engines[j].name)
                return Error{"two engines are named " + branan::quoted(c.engines[i].name) +
                             " (give name=)"};

    auto rules = rules_from_command_line(options::given_string(vm, "variant"),
                                         options::given_string(vm, "rules"));
    if (!rules) return Error{rules.error()};
    c.rules = *rules;
    c.tournament = vm["tournament"].as<std::string>();
    if (c.tournament != "round-robin" && c.tournament != "gauntlet")
        return Error{"--tournament must be round-robin or gauntlet"};
    c.games = vm["games"].as<int>();
    c.rounds = vm["rounds"].as<int>();
    c.concurrency = vm["concurrency"].as<int>();
    c.random_openings = vm["random-openings"].as<int>();
    c.max_plies = vm["max-plies"].as<int>();
    // Each count against its range, the one out of it named with its value.
    const struct {
        const char* name;
        int value, lo, hi;
    } counts[] = {{"--games", c.games, 1, INT_MAX},
                  {"--rounds", c.rounds, 1, INT_MAX},
                  {"--concurrency", c.concurrency, 1, 256},
                  {"--random-openings", c.random_openings, 0, 40},
                  {"--max-plies", c.max_plies, 1, INT_MAX}};
    for (const auto& n : counts)
        if (n.value < n.lo || n.value > n.hi)
            return Error{std::string(n.name) + " must be " +
                         (n.hi == INT_MAX
                              ? "at least " + std::to_string(n.lo)
                              : "from " + std::to_string(n.lo) + " to " + std::to_string(n.hi)) +
                         ", not " + std::to_string(n.value)};
    if (vm.count("openings")) c.openings_file = vm["openings"].as<std::string>();
    if (!c.openings_file.empty() && c.random_openings)
        return Error{"give --openings or --random-openings, not both"};
    if (vm.count("records")) c.records_dir = folder_path(vm["records"].as<std::string>());
    if (vm.count("log")) c.log_dir = folder_path(vm["log"].as<std::string>());
    if (vm.count("report")) c.report_dir = folder_path(vm["report"].as<std::string>());
    if (vm.count("results"))
        c.results_file = vm["results"].as<std::string>();
    else if (!c.records_dir.empty())
        c.results_file = c.records_dir + "/results.json";
    c.resume = vm.count("resume") > 0;
    if (c.resume && c.results_file.empty()) return Error{"--resume needs --results or --records"};
    if (vm.count("shard")) {
        const std::string s = vm["shard"].as<std::string>();
        const size_t slash = s.find('/');
        auto i = slash == std::string::npos ? Expected<int64_t>(Error{""})
                                            : parse_at_least("--shard", s.substr(0, slash), 1);
        auto n = slash == std::string::npos ? Expected<int64_t>(Error{""})
                                            : parse_at_least("--shard", s.substr(slash + 1), 1);
        if (!i || !n || *i > *n)
            return Error{"--shard takes i/n with 1 <= i <= n, not " + branan::quoted(s)};
        c.shard = static_cast<int>(*i);
        c.shards = static_cast<int>(*n);
    }
    for (const char* option : {"sprt", "draw", "resign"})
        if (vm.count(option))
            if (const std::string twice =
                    key_given_twice(vm[option].as<std::vector<std::string>>(), "");
                !twice.empty())
                return Error{"--" + std::string(option) + ": " + twice};
    if (vm.count("sprt")) {
        auto s = parse_sprt(vm["sprt"].as<std::vector<std::string>>());
        if (!s) return Error{s.error()};
        c.sprt = *s;
    }
    if (vm.count("draw")) {
        auto d = parse_draw_rule(vm["draw"].as<std::vector<std::string>>());
        if (!d) return Error{d.error()};
        c.draw = *d;
    }
    if (vm.count("resign")) {
        auto r = parse_resign_rule(vm["resign"].as<std::vector<std::string>>());
        if (!r) return Error{r.error()};
        c.resign = *r;
    }
    c.seed = vm["seed"].as<uint64_t>();
    c.event = vm["event"].as<std::string>();
    c.quiet = vm.count("quiet") > 0;
    c.force = vm.count("force") > 0;
    if (c.force && c.resume) return Error{"give --resume or --force, not both"};
    c.rating_interval = vm["rating-interval"].as<int>();
    if (c.rating_interval < 0) return Error{"--rating-interval needs a whole number of at least 0"};
    return c;
}

}  // namespace branan::match
