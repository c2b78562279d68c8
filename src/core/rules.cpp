#include "core/rules.h"

#include "core/position_record.h"
#include "core/zobrist.h"

namespace branan {

const char* side_name(Side s) { return s == Side::Attackers ? "attackers" : "defenders"; }

const char* outcome_name(Outcome o) {
    switch (o) {
        case Outcome::Ongoing: return "ongoing";
        case Outcome::AttackersWin: return "attackers";
        case Outcome::DefendersWin: return "defenders";
        case Outcome::Draw: return "draw";
    }
    return "?";
}

const char* reason_name(OutcomeReason r) {
    switch (r) {
        case OutcomeReason::None: return "none";
        case OutcomeReason::KingEscaped: return "king escaped";
        case OutcomeReason::KingCaptured: return "king captured";
        case OutcomeReason::Encircled: return "defenders encircled";
        case OutcomeReason::NoLegalMove: return "no legal move";
        case OutcomeReason::Repetition: return "threefold repetition";
    }
    return "?";
}

const char* escape_name(Escape e) { return e == Escape::Corners ? "corners" : "edge"; }

const char* king_armed_name(KingArmed a) {
    switch (a) {
        case KingArmed::No: return "no";
        case KingArmed::Yes: return "yes";
        case KingArmed::AnvilOnly: return "anvil only";
        case KingArmed::HammerOnly: return "hammer only";
    }
    return "?";
}

const char* king_strength_name(KingStrength s) {
    switch (s) {
        case KingStrength::Weak: return "weak (2 sides)";
        case KingStrength::Strong: return "strong (4 sides)";
        case KingStrength::StrongOnThrone: return "strong on the throne, weak elsewhere";
        case KingStrength::StrongNearThrone: return "strong on and next to the throne, weak elsewhere";
        case KingStrength::Middleweight: return "middleweight";
    }
    return "?";
}

const char* repetition_name(RepetitionRule r) {
    switch (r) {
        case RepetitionRule::Ignore: return "ignored";
        case RepetitionRule::Draw: return "draw";
        case RepetitionRule::LossForRepeater: return "loss for the side that repeats";
        case RepetitionRule::WinForRepeater: return "win for the side that repeats";
        case RepetitionRule::Forbidden: return "forbidden";
    }
    return "?";
}

std::string validate(const Rules& r) {
    if (r.size < 5 || r.size > kMaxBoardSize || r.size % 2 == 0)
        return "board size " + std::to_string(r.size) + " is not supported (odd sizes 5 to 11)";
    const auto setup = parse_position_record(r.start);
    if (!setup) return "start position: " + setup.error();
    if (setup->size != r.size)
        return "start position has " + std::to_string(setup->size) + " rows but the board is " +
               std::to_string(r.size) + "x" + std::to_string(r.size);
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
    if (r.escape == Escape::Corners && !r.corners.exists)
        return "corner escape needs corners";
    return {};
}

}  // namespace branan
