// SPDX-License-Identifier: GPL-3.0-or-later
// The results of a match: each game's result, how the engines were run, the summary statistics,
// and the results file (JSON) that is read back to resume an interrupted run or to merge the
// results of shards.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "match/stats.h"

namespace branan::match {

// A game of the match, as the results file lists it.
struct GameResult {
    int round = 0, game = 0;  // games 2k-1 and 2k of a round are an opening pair (see below)
    std::string opening;      // the opening's identifier or start record
    std::string attackers, defenders;  // engine names
    std::string result;                // "attackers" "defenders" "draw"
    std::string termination;
    int plies = 0;
    bool operator==(const GameResult&) const = default;
};

class ObjectReader;
// Reads a GameResult's fields from a JSON object (results.json's games, the journal's lines);
// a missing or malformed field is reported through the reader's error.
GameResult read_game_result(ObjectReader& o);

// What is wrong with `g` as a game between `engines`, read from a file (results.json, the
// journal): the field at fault ("attackers", "defenders", "result"; empty for the whole game)
// and the problem -- an engine not of the match, an engine playing itself, a result other than
// "attackers", "defenders" or "draw". Nothing (nullopt) when the game is whole.
struct GameProblem {
    std::string field, problem;
};
std::optional<GameProblem> game_problem(const GameResult& g,
                                        const std::vector<std::string>& engines);

// How an engine was run, for the record.
struct EngineSettings {
    std::string name, command;
    std::vector<std::string> args;
    std::string protocol;  // "uti" | "otep"
    std::string limits;    // "10+0.1", "st=2", "depth=6 nodes=1000", "inf"
    std::vector<std::pair<std::string, std::string>> options;
    bool operator==(const EngineSettings&) const = default;
};

struct MatchResults {
    std::string event;
    std::string variant;
    // The engines; statistics are given for each, and the pentanomial and SPRT are from
    // engines[0]'s point of view (the engine under test: "new" in an SPRT).
    std::vector<std::string> engines;
    // Games are played in colour-swapped pairs: the pentanomial model and the SPRT use pairs.
    // Without pairs, the SPRT uses the trinomial W/D/L.
    bool paired = true;
    std::optional<SprtConfig> sprt;
    std::vector<GameResult> games;  // in the order they finished
    // Said to the user during the run and kept with the results (e.g. fewer random openings
    // than asked for).
    std::vector<std::string> warnings;
    std::vector<EngineSettings> settings;  // per engine, when known
    bool operator==(const MatchResults&) const = default;
};

struct EngineSummary {
    std::string name;
    WDL wdl;          // against all opponents
    EloEstimate elo;  // trinomial
    std::optional<double> los;
};

// Two engines' games against each other, from `first`'s point of view (first before second in
// the match's engine list).
struct PairingSummary {
    std::string first, second;
    WDL wdl;
    EloEstimate elo;  // trinomial
};

struct MatchSummary {
    std::vector<EngineSummary> engines;
    std::vector<PairingSummary> pairings;  // the pairs of engines that met, in engine order
    // engines[0] against its opponents, over complete pairs only: two games with the same round
    // and pair number ((game - 1) / 2), the same opening and the same two engines on swapped
    // sides. Games of incomplete pairs count in W/D/L but not here.
    Pentanomial pentanomial;
    EloEstimate pentanomial_elo;
    std::optional<SprtConfig> sprt;
    double llr = 0;  // with sprt: pentanomial LLR if paired, else trinomial
    SprtBounds bounds{0, 0};
    SprtDecision decision = SprtDecision::Continue;
};

// Score of `engine` in the game: 1, 0.5, 0, or nothing when it did not play or no result.
std::optional<double> score_of(const GameResult& g, std::string_view engine);
MatchSummary summarize(const MatchResults& r);

// The results file: the match's identity, the SPRT configuration, a summary (recomputed, never
// trusted on reading) and the per-game list:
//   {"format": "branan-match-results", "version": 1, "event": ..., "variant": ...,
//    "engines": [...], "paired": true, "sprt": {"elo0":..,"elo1":..,"alpha":..,"beta":..} | null,
//    "summary": {"engines": [{"name", "wins", "draws", "losses", "games", "score", "elo",
//                             "elo_lower", "elo_upper", "elo_error", "los"}...],
//                "pentanomial": {"ll", "ld", "dd_or_wl", "wd", "ww", "pairs", "score", "elo",
//                                "elo_lower", "elo_upper", "elo_error"},
//                "pairings": [{"first", "second", "wins", "draws", "losses", "games", "score",
//                              "elo", "elo_lower", "elo_upper", "elo_error"}...],
//                "sprt": {"llr", "lower", "upper", "decision"} | null},
//    "warnings": ["..."],   (optional on reading)
//    "engine_settings": [{"name", "command", "args": [...], "protocol", "limits",
//                         "options": {"Hash": "64", ...}}...],   (optional on reading)
//    "games": [{"round", "game", "opening", "attackers", "defenders", "result", "termination",
//               "plies"}...]}
// JSON has no infinities: an infinite Elo is written as the string "+inf" or "-inf", a value
// that does not exist (no games, LOS without decisive games) as null.
std::string results_json(const MatchResults& r);

// Reads what results_json writes. Strict: well-formed JSON only (RFC 8259), the format tag and
// version must match, every known key must have the right type, unknown keys are refused, and
// each game must name known engines and a valid result. "summary" is checked to be an object and
// otherwise ignored: statistics are recomputed from the games. Errors name the line and column
// or the JSON path ("games[3].result").
Expected<MatchResults> read_results_json(std::string_view text);

// What the results files to merge are.
enum class MergeKind {
    // Shards of one match (--shard i/n): the same engines, variant, pairing and SPRT settings;
    // games are concatenated in order; a (round, game) appearing twice is an error.
    Shards,
    // Separate runs of one pairing (e.g. a fixed-length match and an SPRT after it): the same
    // engines, variant and pairing; each run's games are numbered on after the earlier runs'
    // (by an even offset, so that opening pairs stay pairs). SPRT settings may differ: the merged
    // results have no SPRT (runs stopped by their own tests are not one sequential test), and a
    // warning says what was merged.
    Runs,
};

Expected<MatchResults> merge_results(const std::vector<MatchResults>& parts,
                                     MergeKind kind = MergeKind::Shards);

}  // namespace branan::match
