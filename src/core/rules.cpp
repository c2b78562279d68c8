// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/rules.h"

#include <algorithm>
#include <utility>

#include "core/geometry.h"
#include "core/notation.h"
#include "core/position_record.h"
#include "core/zobrist.h"

namespace branan {

const char* side_name(Side s) {
    return s == Side::Attackers ? "attackers" : "defenders";
}

const char* outcome_name(Outcome o) {
    switch (o) {
        case Outcome::Ongoing:
            return "ongoing";
        case Outcome::AttackersWin:
            return "attackers";
        case Outcome::DefendersWin:
            return "defenders";
        case Outcome::Draw:
            return "draw";
    }
    return "?";
}

const char* reason_name(OutcomeReason r) {
    switch (r) {
        case OutcomeReason::None:
            return "none";
        case OutcomeReason::KingEscaped:
            return "king escaped";
        case OutcomeReason::KingCaptured:
            return "king captured";
        case OutcomeReason::Encircled:
            return "defenders encircled";
        case OutcomeReason::ExitFort:
            return "exit fort";
        case OutcomeReason::NoLegalMove:
            return "no legal move";
        case OutcomeReason::Repetition:
            return "threefold repetition";
    }
    return "?";
}

const char* escape_name(Escape e) {
    return e == Escape::Corners ? "corners" : "edge";
}

const char* king_armed_name(KingArmed a) {
    switch (a) {
        case KingArmed::No:
            return "no";
        case KingArmed::Yes:
            return "yes";
        case KingArmed::AnvilOnly:
            return "anvil only";
        case KingArmed::HammerOnly:
            return "hammer only";
    }
    return "?";
}

const char* king_strength_name(KingStrength s) {
    switch (s) {
        case KingStrength::Weak:
            return "weak (2 sides)";
        case KingStrength::Strong:
            return "strong (4 sides)";
        case KingStrength::StrongOnThrone:
            return "strong on the throne, weak elsewhere";
        case KingStrength::StrongNearThrone:
            return "strong on and next to the throne, weak elsewhere";
        case KingStrength::Middleweight:
            return "middleweight";
    }
    return "?";
}

const char* repetition_name(RepetitionRule r) {
    switch (r) {
        case RepetitionRule::Ignore:
            return "ignored";
        case RepetitionRule::Draw:
            return "draw";
        case RepetitionRule::LossForRepeater:
            return "loss for the side that repeats";
        case RepetitionRule::WinForRepeater:
            return "win for the side that repeats";
        case RepetitionRule::Forbidden:
            return "forbidden";
        case RepetitionRule::DefendersLose:
            return "loss for the defenders, whoever repeats";
    }
    return "?";
}

SpecialSquareRules fortress_defaults(Side owner) {
    SpecialSquareRules s;
    s.exists = false;
    s.pass = s.reenter = PieceSet::all();
    const PieceSet attackers = PieceSet::of(Piece::AttackerSoldier);
    const PieceSet defenders = PieceSet::of(Piece::DefenderSoldier) | kKingOnly;
    s.stop = owner == Side::Attackers ? PieceSet::all() : defenders;
    s.hostile = s.hostile_empty = owner == Side::Attackers ? defenders : attackers;
    return s;
}

std::vector<Square> throne_squares(const Rules& r) {
    if (!r.throne.exists) return {};
    if (!r.throne.squares.empty()) return r.throne.squares;
    return {throne_square(r.size)};
}

std::vector<Square> corner_squares(const Rules& r) {
    if (!r.corners.exists) return {};
    if (!r.corners.squares.empty()) return r.corners.squares;
    const auto c = corner_squares_of(r.size);
    return {c.begin(), c.end()};
}

namespace {

std::string piece_set_words(PieceSet s) {
    // OpenTafl's "everyone" (of its defaults) names no guards.
    if (s == PieceSet::all()) return "everyone";
    if (s ==
        (PieceSet::all() | PieceSet::guard(Side::Attackers) | PieceSet::guard(Side::Defenders)))
        return "everyone, guards too";
    if (s == PieceSet::none()) return "nobody";
    std::string out;
    auto add = [&](Piece p, const char* word) {
        if (s.has(p)) out += (out.empty() ? "" : ", ") + std::string(word);
    };
    add(Piece::AttackerSoldier, "attackers");
    add(Piece::DefenderSoldier, "defender soldiers");
    add(Piece::King, "the king");
    if (s.has_guard(Side::Attackers))
        out += (out.empty() ? "" : ", ") + std::string("attackers' guards");
    if (s.has_guard(Side::Defenders))
        out += (out.empty() ? "" : ", ") + std::string("defenders' guards");
    return out;
}

std::string square_list(const std::vector<Square>& squares, int size) {
    std::string out;
    for (Square sq : squares) out += (out.empty() ? "" : ", ") + square_name(sq, size);
    return out;
}

// One special square kind: where it lies (`where`, empty for the default squares) and who may
// do what there.
std::string square_rules(const SpecialSquareRules& s, bool exists, const std::string& where) {
    if (!exists) return "none (an ordinary square)";
    return (where.empty() ? "" : "on " + where + "; ") + "stop: " + piece_set_words(s.stop) +
           "; pass when empty: " + piece_set_words(s.pass) +
           "; enter from elsewhere: " + piece_set_words(s.reenter) +
           "; hostile when empty to: " + piece_set_words(s.hostile_empty) +
           "; hostile when occupied to: " + piece_set_words(s.hostile);
}

std::string speed_words(int speed) {
    return speed == 0 ? "any distance" : std::to_string(speed) + " square(s)";
}

}  // namespace

std::string describe(const Rules& r) {
    std::string out;
    auto line = [&](const std::string& key, const std::string& value) {
        out += key + ": " + value + "\n";
    };
    line("name", r.name);
    line("board", std::to_string(r.size) + "x" + std::to_string(r.size));
    line("start", r.start);
    line("first to move", side_name(r.first_to_move));
    std::string movement = "attackers " + speed_words(r.speed[0]) + ", defenders " +
                           speed_words(r.speed[1]) + ", king " + speed_words(r.speed[2]);
    const char* const special_names[8] = {
        "attacker commanders", "attacker knights", "attacker mercenaries", "attacker guards",
        "defender commanders", "defender knights", "defender mercenaries", "defender guards"};
    for (int i = 0; i < 8; ++i)
        if (r.special_speed[i] >= 0)
            movement +=
                ", " + std::string(special_names[i]) + " " + speed_words(r.special_speed[i]);
    line("movement", movement);
    line("escape", escape_name(r.escape));
    line("king armed", king_armed_name(r.king_armed));
    line("king captured", king_strength_name(r.king_strength));
    line("throne", square_rules(r.throne, r.throne.exists, square_list(r.throne.squares, r.size)));
    line("corners",
         square_rules(r.corners, r.corners.exists, square_list(r.corners.squares, r.size)));
    if (!r.attacker_forts.squares.empty())
        line("attacker fortresses",
             square_rules(r.attacker_forts, true, square_list(r.attacker_forts.squares, r.size)));
    if (!r.defender_forts.squares.empty())
        line("defender fortresses",
             square_rules(r.defender_forts, true, square_list(r.defender_forts.squares, r.size)));
    line("linnaean capture", r.linnaean_capture ? "yes" : "no");
    if (r.king_crosses_left_throne) line("king crosses the throne he left", "yes");
    line("encirclement", !r.encirclement ? "no"
                         : r.encirclement_unbreakable
                             ? "attackers win with an unbreakable ring around every defender"
                             : "attackers win");
    line("shieldwall",
         r.shieldwall == Shieldwall::None
             ? "no"
             : std::string(r.shieldwall == Shieldwall::Weak ? "pieces close a wall"
                                                            : "pieces or a corner close a wall") +
                   (r.shieldwall_flank ? "; the capturing move lands on one end"
                                       : "; any move takes every wall its side closes") +
                   (r.shieldwall_scan == ShieldwallScan::OpenTafl ? " (OpenTafl's scan)"
                                                                  : " (clean rows)"));
    line("exit forts", r.edge_fort == EdgeFort::None ? "no"
                       : r.edge_fort == EdgeFort::Sealed
                           ? "defenders win (a fort no attacker can break)"
                           : "defenders win (OpenTafl's test)");
    line("third repetition", repetition_name(r.repetition));
    line("no legal move", r.no_move == NoMoveRule::Loss ? "loss" : "draw");
    line("lost in the forest",
         r.forest_moves ? "after " + std::to_string(r.forest_moves) + " own moves on a corner"
                        : "no");
    if (special_rules(r)) {
        auto jumps = [](JumpMode j) {
            switch (j) {
                case JumpMode::None:
                    return "no";
                case JumpMode::Jump:
                    return "over an enemy soldier";
                case JumpMode::Capture:
                    return "over an enemy soldier, capturing it";
                case JumpMode::Restricted:
                    return "over an enemy soldier, from or onto a special square";
            }
            return "no";
        };
        line("king jumps", jumps(r.king_jump));
        line("commander jumps", jumps(r.commander_jump));
        line("knight jumps", jumps(r.knight_jump));
        line("mercenary jumps", jumps(r.mercenary_jump));
        line("berserk", r.berserk == Berserk::None ? "no"
                        : r.berserk == Berserk::Capture
                            ? "after a capture, again while it can capture"
                            : "after a capture, again while it can move");
    }
    return out;
}

std::string placement_problem(const Rules& rules, const BoardSetup& setup) {
    const int n = setup.size;
    if (n != rules.size) return {};  // validate() names a size mismatch
    struct Kind {
        std::vector<Square> squares;
        PieceSet stop;
        const char* name;
        bool king_too;  // the king starts on the throne he may not stop on
    };
    const Kind kinds[] = {
        {throne_squares(rules), rules.throne.stop, "the throne ('cen')", false},
        {corner_squares(rules), rules.corners.stop, "a corner ('cor')", false},
        {rules.attacker_forts.squares, rules.attacker_forts.stop, "an attacker fortress ('afor')",
         true},
        {rules.defender_forts.squares, rules.defender_forts.stop, "a defender fortress ('dfor')",
         true},
    };
    const bool special = special_rules(rules);
    for (Square sq = 0; sq < n * n; ++sq) {
        const char c = setup.at(sq);
        if (c == '.') continue;
        // Special pieces exist only under rules that start with some or have jumps or berserk
        // turns (special_rules); elsewhere they would silently become soldiers.
        if (!special && is_special_piece_letter(c))
            return std::string("position record: a ") + special_piece_name(c) + " ('" + c +
                   "') on " + square_name(sq, n) +
                   ", but these rules have no special pieces (none in their start position, no "
                   "jumps, no berserk turns)";
        const Piece p = piece_of_letter(c);
        const bool guard = c == 'g' || c == 'G';
        for (const Kind& k : kinds) {
            if (p == Piece::King && !k.king_too) continue;
            if (std::find(k.squares.begin(), k.squares.end(), sq) == k.squares.end()) continue;
            // Guards stop only where a list names them (g, G); the others as their soldiers.
            if (guard ? k.stop.has_guard(side_of(p)) : k.stop.has(p)) continue;
            std::string who = p == Piece::King ? "the king"
                              : is_special_piece_letter(c)
                                  ? std::string(side_of(p) == Side::Attackers ? "an attackers' "
                                                                              : "a defenders' ") +
                                        special_piece_name(c)
                              : p == Piece::AttackerSoldier ? "an attacker"
                                                            : "a defender";
            return "position record: " + who + " on " + square_name(sq, n) + ", " + k.name +
                   ", where it may not stand";
        }
    }
    return {};
}

namespace {

// A square list of `key`: on the board, ascending, each square once, and none of another kind
// in `taken` (which gains this list's squares).
std::string list_problem(const char* key, const std::vector<Square>& squares, int size,
                         std::vector<std::pair<Square, const char*>>& taken) {
    for (size_t i = 0; i < squares.size(); ++i) {
        const Square sq = squares[i];
        if (sq < 0 || sq >= size * size)
            return "'" + std::string(key) + "': square " + std::to_string(sq) + " is off the board";
        if (i > 0 && squares[i - 1] >= sq)
            return "'" + std::string(key) + "': the squares must be listed once each, in order";
        for (const auto& [other, other_key] : taken)
            if (other == sq)
                return "'" + std::string(key) + "': " + square_name(sq, size) + " is already a '" +
                       other_key + "' square";
    }
    for (Square sq : squares) taken.emplace_back(sq, key);
    return {};
}

}  // namespace

std::string validate(const Rules& r) {
    if (r.size < 5 || r.size > kMaxBoardSize || r.size % 2 == 0)
        return "board size " + std::to_string(r.size) + " is not supported (odd sizes 5 to " +
               std::to_string(kMaxBoardSize) + ")";
    const auto setup = parse_position_record(r.start);
    if (!setup) return "start position: " + setup.error();
    if (setup->size != r.size)
        return "start position has " + std::to_string(setup->size) + " rows but the board is " +
               std::to_string(r.size) + "x" + std::to_string(r.size);
    if (r.throne.squares.size() && !r.throne.exists)
        return "'cen': a square list for a throne that does not exist";
    if (r.corners.squares.size() && !r.corners.exists)
        return "'cor': a square list for corners that do not exist";
    if (r.throne.squares == std::vector<Square>{throne_square(r.size)})
        return "'cen': the default square is written as an empty list";
    const auto default_corners = corner_squares_of(r.size);
    if (r.corners.squares == std::vector<Square>(default_corners.begin(), default_corners.end()))
        return "'cor': the default squares are written as an empty list";
    std::vector<std::pair<Square, const char*>> taken;
    for (const auto& [key, squares] :
         {std::pair{"cen", throne_squares(r)}, std::pair{"cor", corner_squares(r)},
          std::pair{"afor", r.attacker_forts.squares}, std::pair{"dfor", r.defender_forts.squares}})
        if (std::string problem = list_problem(key, squares, r.size, taken); !problem.empty())
            return problem;
    if (std::string problem = placement_problem(r, *setup); !problem.empty())
        return "start position: " + problem;
    for (int k = 0; k < kPieceKinds; ++k)
        if (r.speed[k] < 0 || r.speed[k] > r.size)
            return "speed limit " + std::to_string(r.speed[k]) + " is out of range (0 = unlimited)";
    for (int s : r.special_speed)
        if (s < -1 || s > r.size)
            return "special piece speed limit " + std::to_string(s) +
                   " is out of range (-1 = as soldiers, 0 = unlimited)";
    if (r.forest_moves < 0 || r.forest_moves > zobrist::kMaxForestMoves)
        return "forest timer " + std::to_string(r.forest_moves) + " is out of range (0 to " +
               std::to_string(zobrist::kMaxForestMoves) + ")";
    if (r.forest_moves > 0 && (!r.corners.exists || !r.corners.stop.has(Piece::AttackerSoldier) ||
                               !r.corners.stop.has(Piece::DefenderSoldier)))
        return "the forest timer needs corners that soldiers may stop on";
    if (r.forest_moves > 0 && !r.corners.squares.empty())
        return "the forest timer needs the four default corners ('cor' without a list)";
    for (const auto* f : {&r.attacker_forts, &r.defender_forts}) {
        if (f->hostile != f->hostile_empty)
            return "fortress hostility cannot depend on whether the fortress is occupied";
        if (f->hostile.has(Piece::King) != f->hostile.has(Piece::DefenderSoldier))
            return "fortress hostility cannot set the king apart from the defender soldiers";
    }
    if (r.corners.hostile != r.corners.hostile_empty)
        return "corner hostility cannot depend on whether the corner is occupied";
    // OpenTafl's exit forts (efe) go with any escape and with fortresses, as its code plays them;
    // Branan's sealed forts have nothing to check against there.
    if (r.edge_fort == EdgeFort::Sealed &&
        (!r.attacker_forts.squares.empty() || !r.defender_forts.squares.empty()))
        return "Branan's sealed exit forts ('xefe:s') with fortresses ('afor', 'dfor') are not "
               "supported";
    if (r.edge_fort == EdgeFort::Sealed && r.escape == Escape::Edge)
        return "Branan's sealed exit forts ('xefe:s') need corner escape: with edge escape the "
               "king on the edge has won";
    if (r.encirclement_unbreakable && !r.encirclement)
        return "an unbreakable ring ('xsurf:u') needs encirclement ('surf:y')";
    if (special_rules(r)) {
        // Every OpenTafl key is played with special pieces, jumps and berserk turns as
        // OpenTafl's code plays it (core/position_special.h); Branan's own extension keys have
        // nothing to be checked against there, so they are refused rather than played on a
        // guess.
        const std::string with = r.berserk != Berserk::None      ? "with berserk turns ('ber')"
                                 : r.king_jump != JumpMode::None ? "with king jumps ('kj')"
                                                                 : "with special pieces";
        if (r.encirclement_unbreakable)
            return std::string("Branan's unbreakable ring ('xsurf:u') ") + with +
                   " is not supported";
        if (r.edge_fort == EdgeFort::Sealed)
            return std::string("Branan's sealed exit forts ('xefe:s') ") + with +
                   " are not supported";
        if (r.shieldwall != Shieldwall::None && r.shieldwall_scan == ShieldwallScan::Rows)
            return std::string("Branan's clean shieldwall rows ('xsw:r') ") + with +
                   " are not supported";
        if (r.forest_moves)
            return std::string("the forest timer ('xforest') ") + with + " is not supported";
        if (r.king_strength == KingStrength::StrongOnThrone)
            return std::string("Branan's king strength 'xks:t' ") + with + " is not supported";
        if (r.repetition == RepetitionRule::Forbidden)
            return std::string("forbidden repetition ('xtfr:f') ") + with + " is not supported";
    }
    return {};
}

bool special_rules(const Rules& r) {
    return r.start.find_first_of("cCnNmMgG") != std::string::npos ||
           r.king_jump != JumpMode::None || r.berserk != Berserk::None;
}

}  // namespace branan
