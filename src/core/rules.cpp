#include "core/rules.h"

#include <algorithm>

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
    }
    return "?";
}

namespace {

std::string piece_set_words(PieceSet s) {
    if (s == PieceSet::all()) return "everyone";
    if (s == PieceSet::none()) return "nobody";
    std::string out;
    auto add = [&](Piece p, const char* word) {
        if (s.has(p)) out += (out.empty() ? "" : ", ") + std::string(word);
    };
    add(Piece::AttackerSoldier, "attackers");
    add(Piece::DefenderSoldier, "defender soldiers");
    add(Piece::King, "the king");
    return out;
}

std::string square_rules(const SpecialSquareRules& s) {
    if (!s.exists) return "none (an ordinary square)";
    return "stop: " + piece_set_words(s.stop) + "; pass when empty: " + piece_set_words(s.pass) +
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
    line("movement", "attackers " + speed_words(r.speed[0]) + ", defenders " +
                         speed_words(r.speed[1]) + ", king " + speed_words(r.speed[2]));
    line("escape", escape_name(r.escape));
    line("king armed", king_armed_name(r.king_armed));
    line("king captured", king_strength_name(r.king_strength));
    line("throne", square_rules(r.throne));
    line("corners", square_rules(r.corners));
    line("linnaean capture", r.linnaean_capture ? "yes" : "no");
    if (r.king_crosses_left_throne) line("king crosses the throne he left", "yes");
    line("encirclement", !r.encirclement ? "no"
                         : r.encirclement_unbreakable
                             ? "attackers win with an unbreakable ring around every defender"
                             : "attackers win");
    line("shieldwall",
         r.shieldwall == Shieldwall::None
             ? "no"
             : std::string(r.shieldwall == Shieldwall::Weak
                               ? "pieces close a wall"
                               : "pieces or an empty corner close a wall") +
                   (r.shieldwall_flank ? "; the capturing move lands on one end"
                                       : "; any move takes every wall its side closes"));
    line("exit forts", r.edge_fort == EdgeFort::None ? "no"
                       : r.edge_fort == EdgeFort::Sealed
                           ? "defenders win (a fort no attacker can break)"
                           : "defenders win (OpenTafl's test)");
    line("third repetition", repetition_name(r.repetition));
    line("no legal move", r.no_move == NoMoveRule::Loss ? "loss" : "draw");
    line("lost in the forest",
         r.forest_moves ? "after " + std::to_string(r.forest_moves) + " own moves on a corner"
                        : "no");
    return out;
}

std::string placement_problem(const Rules& rules, const BoardSetup& setup) {
    const int n = setup.size;
    const auto corners = corner_squares_of(n);
    for (Square sq = 0; sq < n * n; ++sq) {
        const char c = setup.at(sq);
        if (c != 't' && c != 'T') continue;
        const Piece p = c == 't' ? Piece::AttackerSoldier : Piece::DefenderSoldier;
        const char* where = nullptr;
        if (rules.throne.exists && sq == throne_square(n) && !rules.throne.stop.has(p))
            where = "the throne";
        if (rules.corners.exists &&
            std::find(corners.begin(), corners.end(), sq) != corners.end() &&
            !rules.corners.stop.has(p))
            where = "a corner";
        if (where)
            return std::string("position record: ") + (c == 't' ? "an attacker" : "a defender") +
                   " on " + square_name(sq, n) + ", " + where + ", where it may not stand";
    }
    return {};
}

std::string validate(const Rules& r) {
    if (r.size < 5 || r.size > kMaxBoardSize || r.size % 2 == 0)
        return "board size " + std::to_string(r.size) + " is not supported (odd sizes 5 to " +
               std::to_string(kMaxBoardSize) + ")";
    const auto setup = parse_position_record(r.start);
    if (!setup) return "start position: " + setup.error();
    if (setup->size != r.size)
        return "start position has " + std::to_string(setup->size) + " rows but the board is " +
               std::to_string(r.size) + "x" + std::to_string(r.size);
    if (std::string problem = placement_problem(r, *setup); !problem.empty())
        return "start position: " + problem;
    for (int k = 0; k < kPieceKinds; ++k)
        if (r.speed[k] < 0 || r.speed[k] > r.size)
            return "speed limit " + std::to_string(r.speed[k]) + " is out of range (0 = unlimited)";
    if (r.forest_moves < 0 || r.forest_moves > zobrist::kMaxForestMoves)
        return "forest timer " + std::to_string(r.forest_moves) + " is out of range (0 to " +
               std::to_string(zobrist::kMaxForestMoves) + ")";
    if (r.forest_moves > 0 && (!r.corners.exists || !r.corners.stop.has(Piece::AttackerSoldier) ||
                               !r.corners.stop.has(Piece::DefenderSoldier)))
        return "the forest timer needs corners that soldiers may stop on";
    if (r.corners.hostile != r.corners.hostile_empty)
        return "corner hostility cannot depend on whether the corner is occupied";
    if (r.escape == Escape::Corners && !r.corners.exists) return "corner escape needs corners";
    if (r.edge_fort != EdgeFort::None && r.escape == Escape::Edge)
        return "exit forts ('efe') need corner escape: with edge escape the king on the edge has "
               "won";
    if (r.encirclement_unbreakable && !r.encirclement)
        return "an unbreakable ring ('xsurf:u') needs encirclement ('surf:y')";
    return {};
}

}  // namespace branan
