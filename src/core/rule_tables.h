// RuleTables: a Rules value resolved once into the masks the move generator and the capture code
// read on the hot path. Built when rules are set; positions keep a pointer to it.
#pragma once

#include "core/geometry.h"
#include "core/rules.h"

namespace branan {

template <class BB>
struct RuleTables {
    Rules rules;
    Geometry<BB> geo;
    BB throne_bb = 0;                       // empty if the variant has no throne
    BB corners_bb = 0;                      // empty if corners are ordinary squares
    BB escape = 0;                          // squares the king wins on
    std::array<BB, kPieceKinds> no_stop{};  // squares a piece kind may never end a move on
    std::array<BB, kPieceKinds> no_pass{};  // squares it may never cross, even when empty
    // Special squares hostile to a piece kind while empty / while occupied (by anyone).
    std::array<BB, kPieceKinds> hostile_empty{};
    std::array<BB, kPieceKinds> hostile_occupied{};
    std::array<int, kPieceKinds> reach{};  // most squares per move (size for unlimited)
    bool king_hammer = true;               // a moving king captures
    bool king_anvil = true;                // a standing king closes a capture
    bool king_reenters = true;             // the king may come back to the throne after leaving it
    bool shieldwall = false;               // shieldwall captures along the edge
    BB wall_closers = 0;                   // squares that close a shieldwall while empty (corners)

    explicit RuleTables(const Rules& r) : rules(r), geo(r.size) {
        if (r.throne.exists) throne_bb = square_bb<BB>(geo.throne);
        if (r.corners.exists) corners_bb = geo.corners;
        escape = r.escape == Escape::Edge ? geo.edge : geo.corners;
        for (int k = 0; k < kPieceKinds; ++k) {
            const Piece p = static_cast<Piece>(k);
            // The king's return to the throne is judged by position state, not here.
            const bool throne_closed = !r.throne.reenter.has(p) && p != Piece::King;
            if (!r.throne.stop.has(p) || throne_closed) no_stop[k] |= throne_bb;
            if (!r.throne.pass.has(p) || throne_closed) no_pass[k] |= throne_bb;
            if (!r.corners.stop.has(p) || !r.corners.reenter.has(p)) no_stop[k] |= corners_bb;
            if (!r.corners.pass.has(p) || !r.corners.reenter.has(p)) no_pass[k] |= corners_bb;
            if (r.corners.hostile_empty.has(p)) hostile_empty[k] |= corners_bb;
            if (r.corners.hostile.has(p)) hostile_occupied[k] |= corners_bb;
            if (r.throne.hostile_empty.has(p)) hostile_empty[k] |= throne_bb;
            if (r.throne.hostile.has(p)) hostile_occupied[k] |= throne_bb;
            reach[k] = r.speed[k] > 0 ? r.speed[k] : r.size;
        }
        king_hammer = r.king_armed == KingArmed::Yes || r.king_armed == KingArmed::HammerOnly;
        king_anvil = r.king_armed == KingArmed::Yes || r.king_armed == KingArmed::AnvilOnly;
        king_reenters = !r.throne.exists || r.throne.reenter.has(Piece::King);
        shieldwall = r.shieldwall != Shieldwall::None;
        if (r.shieldwall == Shieldwall::Strong) wall_closers = corners_bb;
    }
};

}  // namespace branan
