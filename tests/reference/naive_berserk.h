// SPDX-License-Identifier: GPL-3.0-or-later
// Independent, deliberately slow reference for OpenTafl's special pieces, jumps and berserk turns,
// for tests only. Like naive_tafl.h it is NOT written from the engine's code: it has its own
// reading of OpenTafl rules strings (it does not use branan::Rules, which knows none of this) and
// follows OpenTafl 0.4.8's CODE (RulesSerializer, GenericRules, BoardImpl, Taflman, GameState)
// where its notation spec says less or otherwise. Plain 2D board, boards copied on every move.
//
// Pieces are OpenTafl's letters, lower case attackers, upper case defenders: t/T soldier,
// c/C commander, n/N knight, k/K king, m/M mercenary, g/G guard.
//   - Jumps (kj king, nj knight, cj commander, mj mercenary; n none, j jump, c jump and capture,
//     r restricted; defaults kj:n nj:c cj:j mj:n; guards never jump): over one orthogonally
//     adjacent enemy that is not a king, knight or commander, not along the edge it stands on, to
//     the empty square behind it where the jumper may stop. A restricted jump needs its start or
//     its landing square to be a special square. A capturing jump captures the piece jumped over
//     (any piece a jump may pass, guards included).
//   - Guards neither capture nor are captured by custodial capture, nor close a capture (they are
//     not hostile), nor close a shieldwall; no default square list names them (so they may not
//     cross the throne).
//   - Mercenaries change sides when captured (they stay where they are).
//   - Commanders and knights: with ks:s or ks:c, when the capturer's side STARTED with
//     commanders or knights (the start record decides, not the board), the king is never taken
//     on four sides but, anywhere (with ks:c too), between two hostile squares of which at
//     least two (the capturer counting when it is one) are commanders/knights of either side or
//     hostile corners; never against or on the throne. Middleweight (ks:m) and weak kings are
//     not affected. OpenTafl decides a move's captures in two steps, and the
//     reference does the same: whether the landing square is a capturing move at all is asked on
//     the board before the move (with the mover still on its start square; a piece that has not
//     moved yet does not recognise itself there, OpenTafl's DEVELOPED bit), then each neighbour is
//     asked again on the board after it (where the mover is on the landing square and counts
//     twice as a commander). These quirks are OpenTafl's, kept on purpose.
//   - Berserk (ber:c, ber:m): after a move that captured, the same side moves again if the piece
//     that captured ("the berserker") has a capturing move (ber:c) or any move (ber:m); then only
//     the berserker may move, to ANY of its destinations (OpenTafl's GameState.moveTaflman does
//     not ask for a capture); a continuation that captures may continue again, one that does not
//     ends the turn. The game's end is judged after every move, continuations included.
//
// A berserk turn is written as its moves, one entry each, in order: "f6-f8", "f8-d8" (file letter
// and rank, captures not written, jumps written like any move). After a move that continues the
// turn the side to move does not change and `berserker` names the piece that must move; perft
// counts every move of a turn as a ply. Repetition is ignored. Refused (std::runtime_error): the
// keys the reference does not play (sw other than n, efe:y, linc:y, spd other than -1, unknown
// keys), a malformed rules string, an illegal or malformed move, a move after the game ended.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace branan::reference::berserk {

// An OpenTafl rules string, read the way OpenTafl's RulesSerializer reads it.
struct OtRules {
    int n = 0;
    std::string start;  // position record, rank 1 first
    Side first_to_move = Side::Attackers;
    bool edge_escape = false;
    bool surround_fatal = true;
    char king_armed = 'y';     // y n a h
    char king_strength = 's';  // s c m w
    char king_jump = 'n', knight_jump = 'c', commander_jump = 'j', mercenary_jump = 'n';
    char berserk = 'n';  // n c m
    // Square kinds: 0 plain, 1 throne (centre), 2 corner, 3 attacker fort, 4 defender fort.
    std::vector<int> kind;  // n*n, index rank * n + file
    // Per kind, per OpenTafl piece letter index ("tcnkmgTCNKMG"): who may pass, stop, re-enter.
    std::array<std::array<bool, 12>, 5> pass{}, stop{}, reenter{};
    // Per kind: hostile to attackers [0] / defenders [1]; the throne when empty separately.
    std::array<std::array<bool, 2>, 5> hostile{};
    std::array<bool, 2> throne_empty_hostile{};
    std::array<bool, 2> commanders{}, knights{};  // per side (0 attackers): in the start record
};

// Throws std::runtime_error naming the key on what it cannot read or does not play.
OtRules parse_rules(const std::string& text);

struct Played {
    std::string record;  // rank 1 first, OpenTafl's letters
    Side to_move = Side::Attackers;
    std::string berserker;  // the square of the piece that must move again, or ""
    int outcome = 0;        // 0 ongoing, 1 attackers win, 2 defenders win
    // Per move: the captured squares, sorted, comma-separated (a captured mercenary that changed
    // sides is listed too).
    std::vector<std::string> captures_per_move;
};

// Plays the moves ("d2-e2"; a trailing "x..." is ignored) from the rules' start.
Played play(const OtRules& rules, const std::vector<std::string>& moves);

// The legal moves after `moves` (from the start), sorted; empty when the game is over.
std::vector<std::string> legal_moves(const OtRules& rules, const std::vector<std::string>& moves);

// perft after `moves`: every move of a berserk turn is a ply; a finished game is not expanded.
uint64_t perft(const OtRules& rules, const std::vector<std::string>& moves, int depth);

}  // namespace branan::reference::berserk
