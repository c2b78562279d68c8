// SPDX-License-Identifier: GPL-3.0-or-later
// The configuration of a match, from branan-match's command line (cutechess-like):
//   branan-match --engine cmd=./branan name=new --engine cmd=./branan name=base
//                --each tc=1+0.02 --variant brandubh --games 8 --concurrency 2 --records out/
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/rules.h"
#include "match/adjudication.h"
#include "match/player.h"
#include "match/stats.h"

namespace branan::match {

struct MatchConfig {
    std::vector<EngineConfig> engines;
    Rules rules;
    std::string tournament = "round-robin";  // or "gauntlet": engines[0] against each other
    int games = 2;                           // games per pairing per round (pairs: even)
    int rounds = 1;
    std::string openings_file;  // one opening a line
    int random_openings = 0;    // plies of random balanced openings (0: the start position)
    int concurrency = 1;
    std::string records_dir;   // a record file per game and games.csv
    std::string results_file;  // JSON results (default: <records_dir>/results.json)
    std::string report_dir;    // an HTML report page per game (report_pages.h); empty: none
    bool resume = false;
    bool force = false;         // start over in a records folder or results file of an earlier run
    int shard = 1, shards = 1;  // --shard i/n
    std::optional<SprtConfig> sprt;
    int max_plies = 400;           // adjudicated a draw beyond this
    std::optional<DrawRule> draw;  // --draw: adjudication by score (adjudication.h)
    std::optional<ResignRule> resign;
    uint64_t seed = 1;
    std::string event = "branan-match";
    bool quiet = false;
    int rating_interval = 0;  // print the summary table every N games (0: only at the end)
    std::string log_dir;      // --log: every engine's traffic, a file per engine and worker
};

// What decides the games besides the variant and the engines' names, for the resume check:
// ("--seed", "1"), ("limits for engine 'a'", "depth=3"), ... in a fixed order. Settings that
// only bound failures (timeouts, ping, restart, delay, stderr, dir) are left out, and so are
// --rounds and, between two engines in one round and shard, --games ("any"): a resumed run may
// change them (more rounds or games extend the schedule).
std::vector<std::pair<std::string, std::string>> match_setup(const MatchConfig& config);

// The usage text of branan-match.
std::string match_usage();

// Parses the arguments after the program name. An engine group is "--engine key=value ...";
// "--each key=value ..." applies to every engine (an engine's own keys win). Keys: cmd, name,
// dir, arg (repeatable), proto (uti|otep), tc, st (seconds per move), depth, nodes,
// timemargin (ms), stderr (file), timeout-start (s), timeout-move (s), restart (on|off),
// delay (ms), ping (on|off), option.<Name>=<value>.
Expected<MatchConfig> parse_match_args(const std::vector<std::string>& args);

}  // namespace branan::match
