// SPDX-License-Identifier: GPL-3.0-or-later
// RuleTables: a Rules value resolved once into the masks the move generator and the capture code
// read on the hot path. Built when rules are set; positions keep a pointer to it.
#pragma once

#include <vector>

#include "core/geometry.h"
#include "core/rules.h"

namespace branan {

// Where a move starts, for the fortresses' re-entry rule: off any fortress, on an attacker
// fortress, on a defender fortress.
enum Origin : int { kOffFort = 0, kOnAttackerFort = 1, kOnDefenderFort = 2, kOrigins = 3 };

template <class BB>
BB squares_bb(const std::vector<Square>& squares) {
    BB b = 0;
    for (Square sq : squares) b |= square_bb<BB>(sq);
    return b;
}

template <class BB>
struct RuleTables {
    Rules rules;
    Geometry<BB> geo;
    BB throne_bb = 0;    // empty if the variant has no throne
    BB near_throne = 0;  // the throne and the squares beside it (a king "near the throne")
    BB corners_bb = 0;   // empty if corners are ordinary squares
    BB attacker_forts_bb = 0;
    BB defender_forts_bb = 0;
    BB forts_bb = 0;  // both fortress kinds; empty for most variants
    BB escape = 0;    // squares the king wins on
    // Squares on a rank or file with an escape square: the only ones a sliding king reaches an
    // escape square from in one move.
    BB escape_lines = 0;
    // Squares a piece kind may never end a move on / never cross even when empty, by where the
    // move starts (Origin): the fortresses' re-entry rule is lifted on a fortress of their kind.
    std::array<std::array<BB, kPieceKinds>, kOrigins> no_stop{};
    std::array<std::array<BB, kPieceKinds>, kOrigins> no_pass{};
    // The same for OpenTafl's guards, per side: they follow only the lists' g and G letters.
    std::array<std::array<BB, 2>, kOrigins> guard_no_stop{};
    std::array<std::array<BB, 2>, kOrigins> guard_no_pass{};
    // Special squares hostile to a piece kind while empty / while occupied (by anyone).
    std::array<BB, kPieceKinds> hostile_empty{};
    std::array<BB, kPieceKinds> hostile_occupied{};
    std::array<int, kPieceKinds> reach{};  // most squares per move (size for unlimited)
    // The same for the special pieces, in the order of Rules::special_speed.
    std::array<int, 8> special_reach{};
    bool king_hammer = true;    // a moving king captures
    bool king_anvil = true;     // a standing king closes a capture
    bool king_reenters = true;  // the king may come back to the throne after leaving it
    bool shieldwall = false;    // shieldwall captures along the edge
    BB wall_closers = 0;        // squares that close a shieldwall (strong: corners)
    // Shieldwalls found by OpenTafl's scan (ShieldwallScan::OpenTafl), not the clean rows.
    bool opentafl_walls = false;
    // OpenTafl's special pieces, jumps and berserk turns (special_rules): Position takes its
    // slower special path (core/position_special.h) for every move.
    bool special = false;
    // Position keeps which squares pieces have moved to (OpenTafl's DEVELOPED bit): read only by
    // OpenTafl's shieldwall scan, which special rules always use.
    bool tracks_developed = false;
    bool out_of_line_count = false;  // count moves out of line: fortresses or special rules
    BB special_squares = 0;          // throne, corners, fortresses: where restricted jumps go
    // The attackers start with commanders or knights: a strong king is then captured by two of
    // them (or one against a corner) in a line, as OpenTafl's code has it.
    bool attackers_ranked = false;

    explicit RuleTables(const Rules& r) : rules(r), geo(r.size) {
        throne_bb = squares_bb<BB>(throne_squares(r));
        near_throne = throne_bb | geo.neighbours(throne_bb);
        corners_bb = squares_bb<BB>(corner_squares(r));
        attacker_forts_bb = squares_bb<BB>(r.attacker_forts.squares);
        defender_forts_bb = squares_bb<BB>(r.defender_forts.squares);
        forts_bb = attacker_forts_bb | defender_forts_bb;
        escape = r.escape == Escape::Edge ? geo.edge : corners_bb;
        for (BB e = escape; e;) {
            const Square sq = pop_lsb(e);
            for (int dir = 0; dir < kDirections; ++dir) escape_lines |= geo.ray[dir][sq];
        }
        for (int k = 0; k < kPieceKinds; ++k) {
            const Piece p = static_cast<Piece>(k);
            const Masks m = closed_squares([p](PieceSet s) { return s.has(p); }, p == Piece::King);
            for (int o = 0; o < kOrigins; ++o) {
                no_stop[o][k] = m.stop[o];
                no_pass[o][k] = m.pass[o];
            }
            auto hostile = [&](const SpecialSquareRules& s, BB bb) {
                if (s.hostile_empty.has(p)) hostile_empty[k] |= bb;
                if (s.hostile.has(p)) hostile_occupied[k] |= bb;
            };
            hostile(r.corners, corners_bb);
            hostile(r.throne, throne_bb);
            hostile(r.attacker_forts, attacker_forts_bb);
            hostile(r.defender_forts, defender_forts_bb);
            reach[k] = r.speed[k] > 0 ? r.speed[k] : r.size;
        }
        for (int i = 0; i < 8; ++i) {
            const int own = r.special_speed[i];
            special_reach[i] = own < 0   ? reach[i < 4 ? 0 : 1]  // as the side's soldiers
                               : own > 0 ? own
                                         : r.size;
        }
        for (Side side : {Side::Attackers, Side::Defenders}) {
            const Masks m = closed_squares([side](PieceSet s) { return s.has_guard(side); }, false);
            for (int o = 0; o < kOrigins; ++o) {
                guard_no_stop[o][index(side)] = m.stop[o];
                guard_no_pass[o][index(side)] = m.pass[o];
            }
        }
        king_hammer = r.king_armed == KingArmed::Yes || r.king_armed == KingArmed::HammerOnly;
        king_anvil = r.king_armed == KingArmed::Yes || r.king_armed == KingArmed::AnvilOnly;
        king_reenters = !throne_bb || r.throne.reenter.has(Piece::King);
        shieldwall = r.shieldwall != Shieldwall::None;
        if (r.shieldwall == Shieldwall::Strong) wall_closers = corners_bb;
        opentafl_walls = shieldwall && r.shieldwall_scan == ShieldwallScan::OpenTafl;
        special = special_rules(r);
        tracks_developed = opentafl_walls || (shieldwall && special);
        out_of_line_count = forts_bb || special;
        special_squares = throne_bb | corners_bb | forts_bb;
        attackers_ranked = r.start.find_first_of("cn") != std::string::npos;
    }

    // Where a move from `from` starts, for no_stop / no_pass.
    int origin(Square from) const {
        if (!test(forts_bb, from)) return kOffFort;
        return test(attacker_forts_bb, from) ? kOnAttackerFort : kOnDefenderFort;
    }

  private:
    // Squares closed to a piece, by origin: where it may not stop, where it may not cross.
    struct Masks {
        std::array<BB, kOrigins> stop{};
        std::array<BB, kOrigins> pass{};
    };

    // The closed squares of the piece that `has` finds in a square list (a PieceSet); `king`: the
    // king, whose return to the throne is judged by position state, not here.
    template <class Has>
    Masks closed_squares(Has has, bool king) const {
        const Rules& r = rules;
        BB stop = 0, pass = 0;
        const bool throne_closed = !has(r.throne.reenter) && !king;
        // As OpenTafl's code moves: a piece may stop only where it may also pass.
        if (!has(r.throne.stop) || !has(r.throne.pass) || throne_closed) stop |= throne_bb;
        if (!has(r.throne.pass) || throne_closed) pass |= throne_bb;
        if (!has(r.corners.stop) || !has(r.corners.pass) || !has(r.corners.reenter))
            stop |= corners_bb;
        if (!has(r.corners.pass) || !has(r.corners.reenter)) pass |= corners_bb;
        Masks m;
        m.stop.fill(stop);
        m.pass.fill(pass);
        // Fortresses as OpenTafl moves: a square it may not cross it may not reach either.
        add_fort(m, r.attacker_forts, attacker_forts_bb, kOnAttackerFort, has);
        add_fort(m, r.defender_forts, defender_forts_bb, kOnDefenderFort, has);
        return m;
    }

    // The fortress squares `bb` of kind `f` closed to the piece, from every origin but `own` (a
    // move starting on the same kind), where only `stop` and `pass` count.
    template <class Has>
    static void add_fort(Masks& m, const SpecialSquareRules& f, BB bb, int own, Has has) {
        const bool pass = has(f.pass), stop = has(f.stop) && pass, enter = has(f.reenter);
        for (int o = 0; o < kOrigins; ++o) {
            const bool lifted = o == own;
            if (!pass || (!enter && !lifted)) m.pass[o] |= bb;
            if (!stop || (!enter && !lifted)) m.stop[o] |= bb;
        }
    }
};

}  // namespace branan
