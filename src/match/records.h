// Records branan-match keeps: a finished game as an OpenTafl game record (.otg) or as a line in
// the format of the real-game collections (core/game_record.h), and the whole match as JSON, which
// can be read back to resume an interrupted run or to merge the results of shards.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "match/stats.h"

namespace branan::match {

// One finished game as the referee saw it.
struct GameRecord {
    std::string event, date /* yyyy.mm.dd */, attackers, defenders, rules_string;
    std::string start_record;        // the position the game started from; empty = the rules' start
    std::string start_side;          // "attackers" | "defenders"; empty = the rules' first mover
    std::vector<std::string> moves;  // "e2-d2", "e2-d2xd3xc2", as the engines' moves were checked
    std::string result;              // "attackers" "defenders" "draw" (anything else: unknown)
    std::string termination;         // e.g. "king escaped", "time forfeit by X"
    int round = 0, game = 0;
    std::string time_control;  // e.g. "attackers 10+0.1, defenders depth 6"; empty: none
    // Per move (aligned with `moves`; may be shorter): "score/depth time" as the engine reported
    // it, e.g. "+0.35/12 1.204s"; "" for opening moves and moves without a report.
    std::vector<std::string> notes;
};

// The OpenTafl game record (OpenTafl's GameSerializer / Game.setDefaultTags, notation spec §4):
//
//   [event:...] [date:yyyy.mm.dd] [round:R] [attackers:...] [defenders:...]
//   [result:1|-1|0|?] [termination:...] [time-control:...] [compiler:branan-match]
//   [rules:<rules string, ending with starti:<start record, top rank first>>]   (always last)
//   <blank line>
//   1. d2-e2 Kd4-c4
//   2. e2-d2xd3/c2 ...
//
// one tag a line (empty tags left out); one turn (both sides' moves) a line, each move followed by
// a space, as OpenTafl writes them. Moves are in OpenTafl's move notation: the king's moves carry
// a "K" prefix, captures follow one "x" and are separated by "/", in OpenTafl's order (west, east,
// south, north neighbour of the destination), and a captured king is written "xKe6".
// To know which piece moved and what was captured, the game is replayed with branan::Game under
// `rules_string` (a preset name or a rules string) from `start_record`; the rules string written
// carries the game's start position and first mover (atkf) so that OpenTafl replays the record.
Expected<std::string> write_otg_checked(const GameRecord& g);
// As write_otg_checked; a record that does not replay (unknown rules, illegal move) is still
// written, its moves converted textually ("x" -> "/" between captures, no K prefixes) under an
// extra [branan-warning:...] tag that says why.
std::string write_otg(const GameRecord& g);

// The game replayed under its rules from its start: every move checked ("timeout" markers
// skipped). The error names the move, or what is wrong with the rules or the start.
Expected<Game> replay_record(const GameRecord& g);

// One line of the real-game format (core/game_record.h, written by branan::write_csv_game):
// "<moves>,<captures by attackers>,<captures by defenders>,<Black|White|Draw|Ongoing>".
// The capture counts are the squares after "x" in the moves, credited to the side that moved
// (attackers move first unless start_side is "defenders"). A termination beginning with
// "time forfeit" appends the "timeout" marker the collections use. Black = attackers won.
std::string write_csv_line(const GameRecord& g);

// The moves with the engines' reports, the side file of an .otg record (OpenTafl's records have
// no comments): a "# round R game G: X (attackers) vs Y (defenders), <time control>" line, then
// one turn a line, each move followed by its note in braces when it has one:
//   1. e2-d2 {+0.35/12 1.204s} d4-c4 {-0.20/11 0.981s}
std::string write_move_notes(const GameRecord& g);

// ---- match results -------------------------------------------------------------------------

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

// Merges shards of one match: the same engines, variant, pairing and SPRT settings; games are
// concatenated in order; a (round, game) appearing twice is an error.
Expected<MatchResults> merge_results(const std::vector<MatchResults>& parts);

}  // namespace branan::match
