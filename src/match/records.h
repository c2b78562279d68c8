// SPDX-License-Identifier: GPL-3.0-or-later
// Records branan-match keeps: a finished game as an OpenTafl game record (.otg) or as a line in
// the format of the real-game collections (core/game_record.h), and its moves with the engines'
// reports. The match's results are in match/results.h.
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

}  // namespace branan::match
