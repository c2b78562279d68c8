// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/presets.h"

#include "core/rules_string.h"

namespace branan {
namespace {

constexpr PieceSet kAttackerSoldier = PieceSet::of(Piece::AttackerSoldier);
constexpr PieceSet kDefenderSoldier = PieceSet::of(Piece::DefenderSoldier);

// Seeds 001 and 004: king strong on the throne only; corners hostile to all; the empty throne
// hostile to soldiers, the occupied one acting for the armed king; repeating thrice loses.
Rules brandubh() {
    Rules r;
    r.name = "brandubh";
    r.throne.hostile_empty = kSoldiers;
    r.throne.hostile = kAttackerSoldier;
    r.corners.hostile = r.corners.hostile_empty = PieceSet::all();
    return r;
}

// World Tafl Federation / aagenielsen.dk: "3 + throne" next to the throne, encirclement.
Rules brandubh_federation() {
    Rules r = brandubh();
    r.name = "brandubh-federation";
    r.king_strength = KingStrength::StrongNearThrone;
    r.throne.hostile_empty = PieceSet::all();  // the throne closes the king's fourth side
    r.encirclement = true;
    return r;
}

// OpenTafl's built-in Brandub: weak king, no hostile throne, threefold repetition draws.
Rules brandubh_opentafl() {
    Rules r = brandubh();
    r.name = "brandubh-opentafl";
    r.king_strength = KingStrength::Weak;
    r.throne.hostile_empty = PieceSet::none();
    r.throne.hostile = PieceSet::none();
    r.repetition = RepetitionRule::Draw;
    return r;
}

// Seed 003: unarmed king captured on four sides (the empty throne counting as one), never
// against a corner or the edge; corners hostile to soldiers only.
Rules brandubh_it() {
    Rules r = brandubh();
    r.name = "brandubh-it";
    r.king_armed = KingArmed::No;
    r.king_strength = KingStrength::Strong;
    r.throne.hostile_empty = PieceSet::all();
    r.throne.hostile = kAttackerSoldier;
    r.corners.hostile = r.corners.hostile_empty = kSoldiers;
    r.repetition = RepetitionRule::Draw;
    return r;
}

// Seed 000: every piece moves one square; anyone may enter a corner but a soldier that stays
// three of its side's moves is lost in the forest; the king may not return to the throne.
Rules brandubh_1step() {
    Rules r;
    r.name = "brandubh-1step";
    r.speed = {1, 1, 1};
    r.king_strength = KingStrength::StrongOnThrone;
    r.throne.reenter = kSoldiers;
    r.corners.stop = PieceSet::all();
    r.repetition = RepetitionRule::Draw;
    r.forest_moves = 3;
    return r;
}

// Seed 000's larger army; the diagram is lost, so this start position is a reconstruction.
Rules brandubh_1step_12() {
    Rules r = brandubh_1step();
    r.name = "brandubh-1step-12";
    r.start = "/2ttt2/7/t2T2t/tTTKTTt/t2T2t/7/2ttt2/";
    return r;
}

// Seed 002, historical Tablut: 9x9, edge escape, "3 + throne", encirclement.
Rules tablut() {
    Rules r;
    r.name = "tablut";
    r.size = 9;
    r.start = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
    r.escape = Escape::Edge;
    r.encirclement = true;
    r.king_strength = KingStrength::StrongNearThrone;
    r.corners.exists = false;
    r.corners.stop = PieceSet::all();
    r.throne.hostile_empty = PieceSet::all();
    r.throne.hostile = kAttackerSoldier;
    r.repetition = RepetitionRule::Draw;
    return r;
}

// Seed 002 after Linnaeus: as historical, with Linnaean capture; the king may not return.
Rules tablut_linnaeus() {
    Rules r = tablut();
    r.name = "tablut-linnaeus";
    r.linnaean_capture = true;
    r.throne.reenter = kSoldiers;
    r.king_crosses_left_throne = true;
    return r;
}

// Copenhagen Hnefatafl as the 1,752 real aagenielsen.dk games bear it out: 11x11, king strong
// (four sides, or three and the throne; never on the edge), corners for the king alone and
// hostile to all, the throne hostile to attackers and, empty, to everyone; shieldwalls (a corner
// closes one), exit forts, an unbreakable ring, and a position's third occurrence loses for the
// defenders, whoever makes it (the published rule; docs/rules.md, section 6).
Rules copenhagen() {
    Rules r;
    r.name = "copenhagen";
    r.size = 11;
    r.start = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    r.king_strength = KingStrength::Strong;
    r.throne.hostile = kAttackerSoldier;
    r.throne.hostile_empty = PieceSet::all();
    r.corners.pass = kKingOnly;
    r.corners.hostile = r.corners.hostile_empty = PieceSet::all();
    r.encirclement = true;
    r.encirclement_unbreakable = true;
    r.shieldwall = Shieldwall::Strong;
    r.shieldwall_scan = ShieldwallScan::Rows;
    r.edge_fort = EdgeFort::Sealed;
    r.repetition = RepetitionRule::DefendersLose;
    return r;
}

// OpenTafl's built-in Fetlar: the Copenhagen board and captures without shieldwalls or forts,
// plain encirclement (no defender reaches the edge), threefold repetition draws.
Rules fetlar() {
    Rules r = copenhagen();
    r.name = "fetlar";
    r.encirclement_unbreakable = false;
    r.shieldwall = Shieldwall::None;
    r.shieldwall_scan = ShieldwallScan::OpenTafl;
    r.edge_fort = EdgeFort::None;
    r.repetition = RepetitionRule::Draw;
    return r;
}

// OpenTafl's built-in variants, by the rules strings OpenTafl 0.4.8 sends over OTEP (its Brandub
// and Fetlar are brandubh-opentafl and fetlar above). Each is played as the string says.
const char* const kSeaBattle =
    "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: "
    "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const char* const kCopenhagenOpenTafl =
    "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y "
    "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const char* const kCopenhagenRelaxed =
    "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y "
    "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const char* const kTawlbwrdd =
    "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: "
    "start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/";
const char* const kTablutOpenTafl =
    "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: "
    "cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const char* const kMagpie =
    "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, "
    "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const char* const kComputerFetlar =
    "dim:11 name:Computer_Fetlar atkf:y tfr:w "
    "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

// Foteviken Tablut: Tablut's board and start, edge escape; the attackers' four start groups are
// attacker fortresses that no piece enters from elsewhere (a piece on one may move over and onto
// any of them) and that are hostile to nobody; nobody stops on or crosses the throne.
const char* const kFoteviken =
    "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: "
    "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: "
    "cenh: cenhe:K aforh:K cenre: aforre: "
    "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";

// The larger boards: Tablut 15x15, Parlett's Sea Battle 13x13, and Alea Evangelii 19x19, whose
// corners are sixteen squares (a 2x2 block in each corner of the board).
const char* const kTablut15 =
    "dim:15 name:Tablut esc:e atkf:y ks:c nj:n cor: cens: cenh: "
    "start:/5ttttt5/6ttt6/7t7/7t7/7T7/t5TTT5t/tt3T1T1T3tt/ttttTTTKTTTtttt/tt3T1T1T3tt/t5TTT5t/"
    "7T7/7t7/7t7/6ttt6/5ttttt5/";
const char* const kSeaBattle13 =
    "dim:13 name:Sea_Battle_(Parlett) esc:e atkf:y ka:n nj:n cj:n cor: cen: "
    "start:/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/"
    "5t1t5/4ttttt4/";
const char* const kAleaEvangelii =
    "dim:19 name:Alea_Evangelii atkf:y tfr:w "
    "cor:a1,a2,b1,b2,a18,b18,a19,b19,r1,r2,s1,s2,r18,r19,s18,s19, cenp:tcnkTCNK cens: cenh: "
    "cenhe:tcnkTCNK "
    "start:/2t2t7t2t2/19/t4t7t4t/7t1t1t7/6t1T1T1t6/t1t2t7t2t1t/4t4T4t4/3t4T1T4t3/"
    "4T2T1T1T2T4/3t2T1TKT1T2t3/4T2T1T1T2T4/3t4T1T4t3/4t4T4t4/t1t2t7t2t1t/6t1T1T1t6/"
    "7t1t1t7/t4t7t4t/19/2t2t7t2t2/";

// Berserk: OpenTafl's 11x11 variant with commanders (c) and a knight (N); the king jumps onto
// or off the throne and corners over an attacker soldier; a capture lets the piece move again.
const char* const kBerserkRules =
    "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c "
    "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";

// A preset is made by a function of its own above, or read from an OpenTafl rules string.
struct Entry {
    const char* name;
    Rules (*make)() = nullptr;
    const char* opentafl = nullptr;
};

const Entry kPresets[] = {
    {"brandubh", brandubh},
    {"brandubh-federation", brandubh_federation},
    {"brandubh-opentafl", brandubh_opentafl},
    {"brandubh-it", brandubh_it},
    {"brandubh-1step", brandubh_1step},
    {"brandubh-1step-12", brandubh_1step_12},
    {"magpie", nullptr, kMagpie},
    {"tablut", tablut},
    {"tablut-linnaeus", tablut_linnaeus},
    {"tablut-opentafl", nullptr, kTablutOpenTafl},
    {"sea-battle", nullptr, kSeaBattle},
    {"copenhagen", copenhagen},
    {"copenhagen-opentafl", nullptr, kCopenhagenOpenTafl},
    {"copenhagen-opentafl-relaxed", nullptr, kCopenhagenRelaxed},
    {"fetlar", fetlar},
    {"fetlar-computer", nullptr, kComputerFetlar},
    {"tawlbwrdd", nullptr, kTawlbwrdd},
    {"foteviken", nullptr, kFoteviken},
    {"sea-battle-13", nullptr, kSeaBattle13},
    {"tablut-15", nullptr, kTablut15},
    {"alea-evangelii", nullptr, kAleaEvangelii},
    {"berserk", nullptr, kBerserkRules},
};

Rules make(const Entry& e) {
    if (e.make) return e.make();
    Rules r = parse_rules_string(e.opentafl).value();  // tested: every string parses
    r.name = e.name;
    return r;
}

}  // namespace

const std::vector<std::string>& preset_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& e : kPresets) v.push_back(e.name);
        return v;
    }();
    return names;
}

std::optional<Rules> preset(std::string_view name) {
    for (const auto& e : kPresets)
        if (name == e.name) return make(e);
    return std::nullopt;
}

}  // namespace branan
