// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/records.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "core/game.h"
#include "core/game_record.h"
#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/position_record.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "match/json.h"

namespace branan::match {

namespace {

// ---- games --------------------------------------------------------------------------------

bool is_time_forfeit(const std::string& termination) {
    return termination.rfind("time forfeit", 0) == 0;
}

// "d7-d4xc4xe4" -> "d7-d4xc4/e4": OpenTafl separates captures with '/'.
std::string slash_captures(const std::string& move) {
    const size_t x = move.find('x');
    if (x == std::string::npos) return move;
    std::string out = move.substr(0, x + 1);
    for (size_t i = x + 1; i < move.size(); ++i) out += move[i] == 'x' ? '/' : move[i];
    return out;
}

// The rules and start of the game, as OpenTafl must see them: the game's start position and first
// mover replace the rules' own.
struct Setup {
    Rules rules;
    Side first;
};

Expected<Setup> game_setup(const GameRecord& g) {
    auto rules = rules_from_name_or_string(g.rules_string);
    if (!rules) return Error{rules.error()};
    Setup s{*rules, rules->first_to_move};
    if (!g.start_record.empty()) {
        auto setup = parse_position_record(g.start_record);
        if (!setup)
            return Error{"start record " + branan::quoted(g.start_record) + ": " + setup.error()};
        s.rules.start = write_position_record(*setup);
    }
    if (!g.start_side.empty()) {
        auto side = side_from_name(g.start_side);
        if (!side)
            return Error{"start side " + branan::quoted(g.start_side) +
                         " is not 'attackers' or 'defenders'"};
        s.first = *side;
    }
    s.rules.first_to_move = s.first;
    return s;
}

// The rules string with "start:<record>" (rank 1 first) turned into "starti:<record>" (top rank
// first), as OpenTafl's saved games write it.
std::string rules_with_starti(const Rules& rules) {
    std::string text = write_rules_string(rules);
    const std::string key = " start:";
    const size_t at = text.rfind(key);
    if (at == std::string::npos) return text;
    std::string record = text.substr(at + key.size());
    std::vector<std::string> rows;
    for (size_t start = 1; start < record.size();) {  // records begin and end with '/'
        const size_t slash = record.find('/', start);
        if (slash == std::string::npos) break;
        rows.push_back(record.substr(start, slash - start));
        start = slash + 1;
    }
    std::string inverted = "/";
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) inverted += *it + "/";
    return text.substr(0, at) + " starti:" + inverted;
}

const char* otg_result(const std::string& result) {
    if (result == "attackers") return "1";
    if (result == "defenders") return "-1";
    if (result == "draw") return "0";
    return "?";
}

// Tag values may not contain newlines or the closing bracket.
std::string tag_value(std::string v) {
    for (char& c : v)
        if (c == '\n' || c == '\r' || c == ']') c = ' ';
    return v;
}

// One replay of a record's moves ("timeout" markers skipped), for everything written from it:
// the game after the moves, and for each move the side that made it (under berserk rules a side
// may move several times in a row) and its text in OpenTafl's notation. It stops at the first
// move that does not play (or at the set-up) with the error that names it.
struct Replay {
    std::optional<Game> game;  // set when every move played
    std::vector<Side> movers;
    std::vector<std::string> opentafl_moves;
    Side to_move = Side::Attackers;  // after the moves that played (the set-up's first mover)
    std::string error;               // empty when every move played
};

Replay replay(const GameRecord& g) {
    Replay r;
    auto setup = game_setup(g);
    if (!setup) {
        r.error = setup.error();
        return r;
    }
    r.to_move = setup->first;
    auto created = Game::create(setup->rules, setup->rules.start, setup->first);
    if (!created) {
        r.error = created.error();
        return r;
    }
    Game game = std::move(created).value();
    for (size_t i = 0; i < g.moves.size(); ++i) {
        if (g.moves[i] == "timeout") continue;  // a marker of the real-game files, not a move
        auto m = game.parse_move(g.moves[i]);
        if (!m) {
            r.error = "move " + std::to_string(i + 1) + ": " + m.error();
            return r;
        }
        r.movers.push_back(game.side_to_move());
        r.opentafl_moves.push_back(opentafl_move_text(game, *m));
        game.play(*m);
        r.to_move = game.side_to_move();
    }
    r.game = std::move(game);
    return r;
}

// Which side made each of the record's moves ("timeout" markers skipped): the replay's, and past
// a move that does not replay, alternating from the last known mover.
std::vector<Side> movers(const GameRecord& g, const Replay& r) {
    std::vector<Side> sides = r.movers;
    const auto moves = static_cast<size_t>(std::count_if(
        g.moves.begin(), g.moves.end(), [](const std::string& m) { return m != "timeout"; }));
    for (Side next = r.to_move; sides.size() < moves; next = opponent(next)) sides.push_back(next);
    return sides;
}

// Whether the move after `previous` begins a new turn number, as OpenTafl counts them
// (MoveAddress.increment): when the side that moved first in the game moves again after the
// other side has moved. A berserk turn's moves share their turn number with the first.
bool starts_turn(const std::vector<Side>& sides, size_t i) {
    return i == 0 || (sides[i] == sides[0] && sides[i - 1] != sides[0]);
}

// The moves grouped by turn number, each turn on its own line: "1. <moves...>", each move
// followed by a space as OpenTafl writes them ("1. d2-e2 c4-c5 "), or, with notes, each move
// after a space and followed by its note ("1. d2-e2 {note} c4-c5").
std::string numbered_turns(const std::vector<std::string>& moves, const std::vector<Side>& sides,
                           const std::vector<std::string>* notes = nullptr) {
    std::string out;
    int turn = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
        if (starts_turn(sides, i)) out += (i ? "\n" : "") + std::to_string(++turn) + ".";
        if (!notes) {
            out += (starts_turn(sides, i) ? " " : "") + moves[i] + " ";
            continue;
        }
        out += " " + moves[i];
        if (i < notes->size() && !(*notes)[i].empty()) out += " {" + (*notes)[i] + "}";
    }
    return moves.empty() ? out : out + "\n";
}

std::string otg_text(const GameRecord& g, const std::string& rules_text,
                     const std::vector<std::string>& moves, const std::vector<Side>& sides,
                     const std::string& warning) {
    std::string out;
    auto tag = [&](const char* key, const std::string& value) {
        if (!value.empty()) out += std::string("[") + key + ":" + tag_value(value) + "]\n";
    };
    tag("event", g.event);
    tag("date", g.date);
    if (g.round > 0) tag("round", std::to_string(g.round));
    tag("attackers", g.attackers);
    tag("defenders", g.defenders);
    tag("result", otg_result(g.result));
    tag("termination", g.termination);
    tag("time-control", g.time_control);
    tag("compiler", "branan-match");
    tag("branan-warning", warning);
    tag("rules", rules_text);  // the rules tag must be the last tag
    return out + "\n" + numbered_turns(moves, sides);
}

}  // namespace

// ---- game records ---------------------------------------------------------------------------

Expected<std::string> write_otg_checked(const GameRecord& g) {
    const Replay r = replay(g);
    if (!r.game) return Error{r.error};
    return otg_text(g, rules_with_starti(r.game->rules()), r.opentafl_moves, r.movers, "");
}

std::string write_otg(const GameRecord& g) {
    const Replay r = replay(g);
    if (r.game)
        return otg_text(g, rules_with_starti(r.game->rules()), r.opentafl_moves, r.movers, "");
    // Fallback: the moves as written, the rules string as far as it can be made.
    std::string rules_text = g.rules_string;
    if (auto setup = game_setup(g)) rules_text = rules_with_starti(setup->rules);
    std::vector<std::string> moves;
    for (const auto& m : g.moves)
        if (m != "timeout") moves.push_back(slash_captures(m));
    return otg_text(g, rules_text, moves, movers(g, r), "record not replayed: " + r.error);
}

Expected<Game> replay_record(const GameRecord& g) {
    Replay r = replay(g);
    if (!r.game) return Error{r.error};
    return std::move(*r.game);
}

std::string write_move_notes(const GameRecord& g) {
    std::string out = "# round " + std::to_string(g.round) + " game " + std::to_string(g.game) +
                      ": " + g.attackers + " (attackers) vs " + g.defenders + " (defenders)" +
                      (g.time_control.empty() ? "" : ", " + g.time_control) + "\n";
    std::vector<std::string> moves, notes;
    for (size_t i = 0; i < g.moves.size(); ++i) {
        if (g.moves[i] == "timeout") continue;
        moves.push_back(g.moves[i]);
        notes.push_back(i < g.notes.size() ? g.notes[i] : "");
    }
    return out + numbered_turns(moves, movers(g, replay(g)), &notes);
}

std::string write_csv_line(const GameRecord& g) {
    CsvGame csv;
    csv.moves = g.moves;
    const std::vector<Side> sides = movers(g, replay(g));
    size_t played = 0;
    for (const auto& m : g.moves) {
        if (m == "timeout") continue;
        const int captures = static_cast<int>(std::count(m.begin(), m.end(), 'x'));
        (sides[played++] == Side::Attackers ? csv.attacker_captures : csv.defender_captures) +=
            captures;
    }
    if (is_time_forfeit(g.termination) && (csv.moves.empty() || csv.moves.back() != "timeout"))
        csv.moves.push_back("timeout");
    csv.result = g.result == "attackers"   ? csv_result(Outcome::AttackersWin)
                 : g.result == "defenders" ? csv_result(Outcome::DefendersWin)
                 : g.result == "draw"      ? csv_result(Outcome::Draw)
                                           : csv_result(Outcome::Ongoing);
    return write_csv_game(csv);
}

}  // namespace branan::match
