// SPDX-License-Identifier: GPL-3.0-or-later
// Rules as data: one `Rules` value describes a tafl variant completely. Presets (presets.h) and
// OpenTafl rules strings (rules_string.h) both produce values of this struct; the hot code reads
// tables derived from it once (rule_tables.h), never branches on a variant's name.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/types.h"

namespace branan {

enum class Escape : uint8_t { Corners, Edge };

// Whether the king takes part in captures: as the moving piece (hammer), as the far piece (anvil).
enum class KingArmed : uint8_t { No, Yes, AnvilOnly, HammerOnly };

// How many sides the king must be enclosed on:
//   Weak             2 (custodial) everywhere, on the throne too
//   Strong           4 everywhere (hostile squares count as sides); never on the edge
//   StrongOnThrone   4 on the throne, 2 elsewhere
//   StrongNearThrone 4 on the throne and next to it (the throne counting where hostile), 2
//   elsewhere Middleweight     OpenTafl's "m": every existing neighbour closed (4 in the open, 3 on
//   the
//                    edge, 2 in a corner square)
enum class KingStrength : uint8_t { Weak, Strong, StrongOnThrone, StrongNearThrone, Middleweight };

// What the third occurrence of a position does. DefendersLose is the published Copenhagen rule
// ("perpetual repetitions are forbidden; any perpetual repetition results in a loss for the
// defenders"), whoever makes it; LossForRepeater is OpenTafl's reading of Copenhagen (`tfr:w`).
enum class RepetitionRule : uint8_t {
    Ignore,
    Draw,
    LossForRepeater,
    WinForRepeater,
    Forbidden,
    DefendersLose
};

// Shieldwall captures along the edge (OpenTafl's `sw`): a row of at least two enemy pieces on
// the edge, each with a piece of the mover's side in front of it (inward), bracketed at both
// ends, is captured, all but the king.
//   Weak     only pieces of the mover's side bracket a row
//   Strong   a corner brackets it too, empty or not (with a corner list, OpenTafl's scan of
//            an edge stops at a corner inside it: position_edge_rules.h)
enum class Shieldwall : uint8_t { None, Weak, Strong };

// Which scan finds the shieldwalls.
//   OpenTafl  OpenTafl's code, quirks and all (BoardImpl.detectShieldwallPositionsForSide and
//             GameState.checkShieldwallPositionForCaptures; position_opentafl_walls.h): what
//             every rules string with `sw` plays, as OpenTafl referees it
//   Rows      the clean rows above (Branan's `xsw:r`; its copenhagen preset)
enum class ShieldwallScan : uint8_t { OpenTafl, Rows };

// Exit (edge) forts: the defenders win with the king on the edge in a fort the attackers cannot
// break.
//   Sealed    the real Copenhagen games' rule, judged after a defender's move (the king on the
//             edge, his empty area touching no attacker, every wall soldier safe from capture in
//             one move; position_edge_rules.h)
//   OpenTafl  OpenTafl's `efe:y`, judged after every move: the squares the king reaches by his
//             moves touch no attacker and the edge, and no piece around them has three open
//             sides; under edge escape too (the king off the edge), and with fortresses
enum class EdgeFort : uint8_t { None, Sealed, OpenTafl };

// What happens to the side to move when it has no legal move.
enum class NoMoveRule : uint8_t { Loss, Draw };

// The rules of one special square kind: the throne, the corners, attacker or defender fortresses.
struct SpecialSquareRules {
    bool exists = true;  // false: ordinary squares (for fortresses, `squares` alone decides)
    // Where the kind lies, ascending square numbers. Empty: the throne's and corners' default
    // squares (the centre; the four corners); for fortresses, none.
    std::vector<Square> squares;
    PieceSet stop = kKingOnly;        // who may end a move on it
    PieceSet pass = PieceSet::all();  // who may move across it while it is empty
    // Who may enter it from elsewhere (OpenTafl's "re-enter"): a piece not in this set may neither
    // stop on nor cross the square unless it started the game on it. Only the king ever starts
    // on a special square, so for him "left the throne" is state; for soldiers it is a mask.
    PieceSet reenter = PieceSet::all();
    PieceSet hostile = PieceSet::none();        // to whom it is hostile while occupied
    PieceSet hostile_empty = PieceSet::none();  // to whom it is hostile while empty (for corners,
                                                // always equal to `hostile`)
    bool operator==(const SpecialSquareRules&) const = default;
};

// OpenTafl's fortress defaults (`afor`, `dfor`): everyone may cross; anyone may stop on an
// attacker fortress, only defenders on a defender fortress; hostile to the other side, empty or
// occupied. A piece outside `reenter` may neither stop on nor cross a fortress square unless it
// stands on a fortress square of the same kind (OpenTafl compares square kinds, not squares).
SpecialSquareRules fortress_defaults(Side owner);

struct Rules {
    std::string name = "brandubh";
    int size = 7;
    std::string start = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";  // OpenTafl position record
    Side first_to_move = Side::Attackers;
    Escape escape = Escape::Corners;
    bool encirclement = false;
    // Copenhagen's encirclement, with `encirclement`: the ring wins only when the area the king
    // reaches (through empty and defender squares) holds every defender and no attacker of the
    // ring can be captured in one move.
    bool encirclement_unbreakable = false;
    KingArmed king_armed = KingArmed::Yes;
    KingStrength king_strength = KingStrength::StrongOnThrone;
    // Most squares a piece may move in one turn, per Piece; 0 = unlimited (rook moves).
    std::array<int, kPieceKinds> speed = {0, 0, 0};
    // The special pieces' own limits where 'spd' gives them one (OpenTafl's 12-value form):
    // commanders, knights, mercenaries and guards of the attackers (c n m g), then of the
    // defenders (C N M G); -1 = as their side's soldiers, 0 = unlimited.
    std::array<int, 8> special_speed = {-1, -1, -1, -1, -1, -1, -1, -1};
    SpecialSquareRules throne;
    SpecialSquareRules corners;
    SpecialSquareRules attacker_forts = fortress_defaults(Side::Attackers);
    SpecialSquareRules defender_forts = fortress_defaults(Side::Defenders);
    bool linnaean_capture = false;
    // Where the king may not return to the throne: whether he may still cross it while it is
    // empty (Linnaeus: he may cross, not stop; OpenTafl's re-enter key: neither).
    bool king_crosses_left_throne = false;
    Shieldwall shieldwall = Shieldwall::None;
    // OpenTafl's `swf`: the capturing move lands on the edge as one end of the row (the lower
    // row where both ends close one); without it, any move captures every row its side has
    // bracketed, wherever it is.
    bool shieldwall_flank = true;
    ShieldwallScan shieldwall_scan = ShieldwallScan::OpenTafl;
    EdgeFort edge_fort = EdgeFort::None;
    RepetitionRule repetition = RepetitionRule::LossForRepeater;
    NoMoveRule no_move = NoMoveRule::Loss;
    // "Lost in the forest": a soldier on a corner at the end of this many consecutive moves of its
    // own side (the arriving move counts) is removed. 0 = off.
    int forest_moves = 0;
    // Jumps (OpenTafl's kj, cj, nj, mj; its defaults): the king, commanders, knights,
    // mercenaries. Guards never jump (OpenTafl reads gj and ignores it).
    JumpMode king_jump = JumpMode::None;
    JumpMode commander_jump = JumpMode::Jump;
    JumpMode knight_jump = JumpMode::Capture;
    JumpMode mercenary_jump = JumpMode::None;
    Berserk berserk = Berserk::None;

    bool operator==(const Rules&) const = default;
};

// Checks the fields against each other (size in range, start record matches the size, ...).
// Returns an empty string when the rules are usable, else what is wrong.
std::string validate(const Rules& rules);

struct BoardSetup;
// Pieces standing where the rules never let them stand (a soldier on a throne or corner it may
// not stop on) cannot come from play. Returns what is wrong, or an empty string.
std::string placement_problem(const Rules& rules, const BoardSetup& setup);

// The squares of each special kind on the rules' board, ascending: the throne's and the corners'
// lists or their default squares (none where the kind does not exist), the fortresses' lists.
std::vector<Square> throne_squares(const Rules& rules);
std::vector<Square> corner_squares(const Rules& rules);

// Whether the rules need Position's slower special path: commanders, knights, mercenaries or
// guards in the start position, a jumping king, or berserk turns.
bool special_rules(const Rules& rules);

// A human-readable description of every switch, one "switch: value" line each.
std::string describe(const Rules& rules);

const char* escape_name(Escape e);
const char* king_armed_name(KingArmed a);
const char* king_strength_name(KingStrength s);
const char* repetition_name(RepetitionRule r);

}  // namespace branan
