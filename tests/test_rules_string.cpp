// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl rules strings (src/core/rules_string.h): preset round trips, OpenTafl's own built-in
// strings, OpenTafl's code defaults, hostility letters, Branan's extension keys, and errors.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "catch.h"
#include "core/presets.h"
#include "core/rules_keys.h"
#include "core/rules_string.h"
#include "core/text.h"
#include "test_support.h"

using namespace branan;
using catch_compat::Contains;

namespace {

using testing::error_of;

constexpr PieceSet kT = PieceSet::of(Piece::AttackerSoldier);
constexpr PieceSet kD = PieceSet::of(Piece::DefenderSoldier);
constexpr PieceSet kK = PieceSet::of(Piece::King);

const std::string kBrandubhStart = "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const std::string kTablutStartPosition = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const std::string kCopenhagenStart =
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

// A minimal 7x7 rules string with extra entries.
std::string seven(const std::string& extra) {
    return "dim:7 " + extra + (extra.empty() ? "" : " ") + "start:" + kBrandubhStart;
}

Rules parse_ok(const std::string& text) {
    INFO("rules string: " << text);
    const auto r = parse_rules_string(text);
    INFO("error: " << error_of(r));
    REQUIRE(r.ok());
    return *r;
}

// OpenTafl's built-in variants as OpenTafl itself writes them
// (/tmp/research/builtin-rules-dump.txt).
const char* kSeaBattle =
    "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: "
    "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const char* kFetlar =
    "dim:11 name:Fetlar atkf:y nj:n cj:n "
    "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const char* kCopenhagen =
    "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y "
    "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const char* kCopenhagenRelaxed =
    "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y "
    "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
const char* kBerserkRulesText =
    "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c "
    "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/";
const char* kBrandub =
    "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
const char* kTawlbwrdd =
    "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: "
    "start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/";
const char* kTablut =
    "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y "
    "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
const char* kMagpie =
    "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, "
    "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

void check_round_trip(const Rules& r) {
    REQUIRE(validate(r).empty());
    const std::string text = write_rules_string(r);
    INFO("written: " << text);
    const auto back = parse_rules_string(text);
    INFO("error: " << error_of(back));
    REQUIRE(back.ok());
    CHECK(*back == r);
    CHECK(write_rules_string(*back) == text);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Round trips

TEST_CASE("every preset round trips through its rules string", "[rules-string]") {
    REQUIRE(preset_names().size() >= 8);
    CHECK(preset_names().front() == "brandubh");
    for (const auto& name : preset_names()) {
        INFO("preset " << name);
        const auto r = preset(name);
        REQUIRE(r.has_value());
        CHECK(r->name == name);
        const std::string text = write_rules_string(*r);
        INFO("written: " << text);
        // OpenTafl's layout: dim first, start last.
        CHECK(text.rfind("dim:" + std::to_string(r->size) + " ", 0) == 0);
        const std::string tail = " start:" + r->start;
        REQUIRE(text.size() > tail.size());
        CHECK(text.substr(text.size() - tail.size()) == tail);
        check_round_trip(*r);
    }
}

TEST_CASE("rules values off the presets round trip too", "[rules-string]") {
    const Rules base = *preset("brandubh");
    std::vector<Rules> variants;
    auto add = [&](auto change) {
        Rules r = base;
        change(r);
        variants.push_back(r);
    };
    add([](Rules& r) { r.first_to_move = Side::Defenders; });
    add([](Rules& r) { r.encirclement = true; });
    add([](Rules& r) { r.linnaean_capture = true; });
    add([](Rules& r) { r.no_move = NoMoveRule::Draw; });
    add([](Rules& r) { r.name = "Sea Battle variant"; });
    add([](Rules& r) { r.name = ""; });
    for (auto a : {KingArmed::No, KingArmed::Yes, KingArmed::AnvilOnly, KingArmed::HammerOnly})
        add([a](Rules& r) { r.king_armed = a; });
    for (auto s : {KingStrength::Weak, KingStrength::Strong, KingStrength::StrongOnThrone,
                   KingStrength::StrongNearThrone, KingStrength::Middleweight})
        add([s](Rules& r) { r.king_strength = s; });
    for (auto t :
         {RepetitionRule::Ignore, RepetitionRule::Draw, RepetitionRule::LossForRepeater,
          RepetitionRule::WinForRepeater, RepetitionRule::Forbidden, RepetitionRule::DefendersLose})
        add([t](Rules& r) { r.repetition = t; });
    for (std::array<int, 3> s : {std::array<int, 3>{1, 1, 1},
                                 {0, 2, 2},
                                 {3, 0, 0},
                                 {0, 0, 1},
                                 {2, 3, 4},
                                 {7, 7, 7},
                                 {0, 7, 0}})
        add([s](Rules& r) { r.speed = s; });
    for (uint8_t bits = 0; bits < 8; ++bits) {
        const PieceSet p{bits};
        add([p](Rules& r) { r.throne.stop = p; });
        add([p](Rules& r) { r.throne.pass = p; });
        add([p](Rules& r) { r.throne.reenter = p; });
        add([p](Rules& r) { r.throne.hostile = p; });
        add([p](Rules& r) { r.throne.hostile_empty = p; });
        add([p](Rules& r) { r.corners.stop = p; });
        add([p](Rules& r) { r.corners.pass = p; });
        add([p](Rules& r) { r.corners.reenter = p; });
        add([p](Rules& r) { r.corners.hostile = r.corners.hostile_empty = p; });
    }
    add([](Rules& r) { r.throne.exists = false; });
    add([](Rules& r) {
        r.corners.exists = false;
        r.escape = Escape::Edge;
    });
    add([](Rules& r) {
        r.corners.stop = PieceSet::all();
        r.forest_moves = 8;
    });
    add([](Rules& r) {
        r.size = 5;
        r.start = "/2t2/2T2/ttKtt/2T2/2t2/";
    });
    add([](Rules& r) {
        r.size = 11;
        r.start = kCopenhagenStart;
    });
    for (const Rules& r : variants) {
        INFO("variant of brandubh, written as: " << write_rules_string(r));
        check_round_trip(r);
    }
}

TEST_CASE("random rules values round trip", "[rules-string]") {
    uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&](int n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<int>((state >> 33) % static_cast<uint64_t>(n));
    };
    int checked = 0;
    for (int i = 0; i < 3000; ++i) {
        Rules r = *preset(preset_names()[next(static_cast<int>(preset_names().size()))]);
        r.first_to_move = next(2) ? Side::Attackers : Side::Defenders;
        r.escape = next(2) ? Escape::Corners : Escape::Edge;
        r.encirclement = next(2);
        r.king_armed = static_cast<KingArmed>(next(4));
        r.king_strength = static_cast<KingStrength>(next(5));
        r.repetition = static_cast<RepetitionRule>(next(5));
        r.no_move = static_cast<NoMoveRule>(next(2));
        r.linnaean_capture = next(2);
        for (int& s : r.speed) s = next(3) ? 0 : next(r.size + 1);
        for (SpecialSquareRules* sq : {&r.throne, &r.corners}) {
            sq->exists = next(4) != 0;
            sq->stop = PieceSet{static_cast<uint8_t>(next(8))};
            sq->pass = PieceSet{static_cast<uint8_t>(next(8))};
            sq->reenter = PieceSet{static_cast<uint8_t>(next(8))};
            sq->hostile = PieceSet{static_cast<uint8_t>(next(8))};
            sq->hostile_empty = PieceSet{static_cast<uint8_t>(next(8))};
        }
        r.corners.hostile_empty = r.corners.hostile;
        // Square lists: now and then a few squares of the board (the throne's and the corners'
        // replacing their defaults, fortresses on their own).
        for (SpecialSquareRules* sq :
             {&r.throne, &r.corners, &r.attacker_forts, &r.defender_forts}) {
            sq->squares.clear();
            if (next(5) == 0)
                for (int k = 1 + next(2); k > 0; --k) sq->squares.push_back(next(r.size * r.size));
            std::sort(sq->squares.begin(), sq->squares.end());
            sq->squares.erase(std::unique(sq->squares.begin(), sq->squares.end()),
                              sq->squares.end());
        }
        for (SpecialSquareRules* sq : {&r.attacker_forts, &r.defender_forts}) {
            sq->stop = PieceSet{static_cast<uint8_t>(next(8))};
            sq->pass = PieceSet{static_cast<uint8_t>(next(8))};
            sq->reenter = PieceSet{static_cast<uint8_t>(next(8))};
            const PieceSet hostile[] = {PieceSet::none(), PieceSet::all(),
                                        PieceSet::of(Piece::AttackerSoldier),
                                        PieceSet::of(Piece::DefenderSoldier) | kKingOnly};
            sq->hostile = sq->hostile_empty = hostile[next(4)];
        }
        r.forest_moves = next(3) ? 0 : next(9);
        r.shieldwall = static_cast<Shieldwall>(next(3));
        r.shieldwall_flank = next(2);
        r.shieldwall_scan = static_cast<ShieldwallScan>(next(2));
        r.edge_fort = static_cast<EdgeFort>(next(3));
        r.encirclement_unbreakable = next(2);
        r.king_crosses_left_throne = next(2);
        if (!validate(r).empty()) continue;
        ++checked;
        INFO("case " << i << ": " << write_rules_string(r));
        check_round_trip(r);
    }
    CHECK(checked > 500);
}

// ---------------------------------------------------------------------------------------------
// OpenTafl's built-in variants

TEST_CASE("OpenTafl's Brandub", "[rules-string]") {
    const Rules r = parse_ok(kBrandub);
    CHECK(r.name == "Brandub");
    CHECK(r.size == 7);
    CHECK(r.start == kBrandubhStart);
    CHECK(r.first_to_move == Side::Attackers);
    CHECK(r.escape == Escape::Corners);
    CHECK_FALSE(r.encirclement);
    CHECK(r.king_armed == KingArmed::Yes);
    CHECK(r.king_strength == KingStrength::Weak);
    CHECK(r.repetition == RepetitionRule::Draw);
    CHECK(r.throne.exists);
    CHECK(r.throne.hostile == PieceSet::none());
    CHECK(r.throne.hostile_empty == PieceSet::none());
    CHECK(r.throne.stop == kK);
    CHECK(r.throne.pass == PieceSet::all());
    CHECK(r.corners.exists);
    CHECK(r.corners.hostile == PieceSet::all());
    CHECK(r.corners.hostile_empty == PieceSet::all());
    CHECK(r.corners.stop == kK);
    CHECK(r.speed == std::array<int, 3>{0, 0, 0});
    CHECK_FALSE(r.linnaean_capture);

    // The same rules as the brandubh-opentafl preset, but for the name and who may pass a corner
    // (moot: no line runs through a corner).
    Rules p = *preset("brandubh-opentafl");
    p.name = r.name;
    p.corners.pass = r.corners.pass;
    CHECK(p == r);
}

TEST_CASE("OpenTafl's Tablut", "[rules-string]") {
    const Rules r = parse_ok(kTablut);
    CHECK(r.name == "Tablut");
    CHECK(r.size == 9);
    CHECK(r.start == kTablutStartPosition);
    CHECK(r.escape == Escape::Edge);
    CHECK(r.encirclement);
    CHECK(r.king_strength == KingStrength::StrongNearThrone);
    CHECK(r.king_armed == KingArmed::Yes);
    CHECK_FALSE(r.corners.exists);
    CHECK(r.throne.exists);
    CHECK(r.linnaean_capture);
    CHECK(r.throne.stop == PieceSet::none());
    CHECK(r.throne.pass == PieceSet::all());
    CHECK(r.throne.hostile == PieceSet::none());
    CHECK(r.throne.hostile_empty == PieceSet::all());
    CHECK(r.repetition == RepetitionRule::Draw);
}

TEST_CASE("OpenTafl's Magpie", "[rules-string]") {
    const Rules r = parse_ok(kMagpie);
    CHECK(r.name == "Magpie");
    CHECK(r.king_strength == KingStrength::Middleweight);
    CHECK_FALSE(r.encirclement);
    CHECK(r.speed[static_cast<int>(Piece::King)] == 1);
    CHECK(r.speed[static_cast<int>(Piece::AttackerSoldier)] == 0);
    CHECK(r.speed[static_cast<int>(Piece::DefenderSoldier)] == 0);
}

TEST_CASE("OpenTafl's Sea Battle, Tawlbwrdd and Fetlar", "[rules-string]") {
    SECTION("Sea Battle") {
        const Rules r = parse_ok(kSeaBattle);
        CHECK(r.name == "Sea Battle");
        CHECK(r.size == 9);
        CHECK(r.escape == Escape::Edge);
        CHECK(r.king_armed == KingArmed::No);
        CHECK_FALSE(r.corners.exists);
        CHECK_FALSE(r.throne.exists);
        CHECK(r.king_strength == KingStrength::Strong);
        CHECK(r.encirclement);
    }
    SECTION("Tawlbwrdd") {
        const Rules r = parse_ok(kTawlbwrdd);
        CHECK(r.name == "Tawlbwrdd");
        CHECK(r.size == 11);
        CHECK(r.start ==
              "/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/");
        CHECK(r.escape == Escape::Edge);
        CHECK(r.king_strength == KingStrength::Weak);
        CHECK(r.king_armed == KingArmed::Yes);
        CHECK_FALSE(r.corners.exists);
        CHECK_FALSE(r.throne.exists);
    }
    SECTION("Fetlar: OpenTafl's defaults on 11x11") {
        const Rules r = parse_ok(kFetlar);
        CHECK(r.name == "Fetlar");
        CHECK(r.size == 11);
        CHECK(r.start == kCopenhagenStart);
        CHECK(r.first_to_move == Side::Attackers);
        CHECK(r.escape == Escape::Corners);
        CHECK(r.encirclement);
        CHECK(r.king_armed == KingArmed::Yes);
        CHECK(r.king_strength == KingStrength::Strong);
        CHECK(r.repetition == RepetitionRule::Draw);
        CHECK(r.corners.hostile == PieceSet::all());
        CHECK(r.corners.stop == kK);
        CHECK(r.throne.stop == kK);
        CHECK(r.throne.pass == PieceSet::all());
        CHECK(r.throne.hostile == kT);
        CHECK(r.throne.hostile_empty == PieceSet::all());
    }
}

TEST_CASE("the accepted built-in strings round trip", "[rules-string]") {
    for (const char* text : {kSeaBattle, kFetlar, kBrandub, kTawlbwrdd, kTablut, kMagpie}) {
        INFO(text);
        const auto r = parse_rules_string(text);
        REQUIRE(r.ok());
        check_round_trip(*r);
    }
}

TEST_CASE("OpenTafl's Copenhagen strings play shieldwalls and exit forts", "[rules-string]") {
    const Rules strict = parse_ok(kCopenhagen);
    CHECK(strict.shieldwall == Shieldwall::Strong);
    CHECK(strict.shieldwall_flank);
    CHECK(strict.edge_fort == EdgeFort::OpenTafl);
    CHECK(strict.repetition == RepetitionRule::LossForRepeater);
    CHECK(strict.encirclement);
    CHECK_FALSE(strict.encirclement_unbreakable);  // OpenTafl's surf: no defender reaches the edge
    check_round_trip(strict);
    const Rules relaxed = parse_ok(kCopenhagenRelaxed);
    CHECK(relaxed.shieldwall == Shieldwall::Strong);
    CHECK_FALSE(relaxed.shieldwall_flank);
    check_round_trip(relaxed);
    CHECK(strict.shieldwall_scan == ShieldwallScan::OpenTafl);
    // The copenhagen preset is OpenTafl's strict string with the real games' unbreakable ring,
    // sealed forts, clean shieldwall rows and the published repetition rule.
    Rules preset_as_opentafl = *preset("copenhagen");
    CHECK(preset_as_opentafl.shieldwall_scan == ShieldwallScan::Rows);
    CHECK(preset_as_opentafl.repetition == RepetitionRule::DefendersLose);
    preset_as_opentafl.repetition = RepetitionRule::LossForRepeater;
    preset_as_opentafl.encirclement_unbreakable = false;
    preset_as_opentafl.edge_fort = EdgeFort::OpenTafl;
    preset_as_opentafl.shieldwall_scan = ShieldwallScan::OpenTafl;
    preset_as_opentafl.name = strict.name;
    CHECK(preset_as_opentafl == strict);
    CHECK(parse_ok(seven("sw:w")).shieldwall == Shieldwall::Weak);
}

TEST_CASE("inconsistent Copenhagen keys are refused, naming the key", "[rules-string]") {
    struct Case {
        std::string text;
        const char* names;
    };
    for (const Case& c :
         {Case{seven("esc:e efe:y xefe:s"), "xefe"}, Case{seven("surf:n xsurf:u"), "xsurf"},
          Case{seven("sw:x"), "'sw'"}, Case{seven("swf:maybe"), "'swf'"},
          Case{seven("efe:1"), "'efe'"}, Case{seven("xsurf:y"), "'xsurf'"},
          Case{seven("xkcross:t"), "'xkcross'"}, Case{seven("sw:s xsw:o"), "'xsw'"}}) {
        INFO(c.text);
        const auto r = parse_rules_string(c.text);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains(c.names));
    }
}

TEST_CASE("Berserk and OpenTafl's jump keys are read", "[rules-string]") {
    SECTION("Berserk") {
        const Rules r = parse_ok(kBerserkRulesText);
        CHECK(r.berserk == Berserk::Capture);
        CHECK(r.king_jump == JumpMode::Restricted);
        CHECK(r.knight_jump == JumpMode::Capture);  // OpenTafl's defaults
        CHECK(r.commander_jump == JumpMode::Jump);
        CHECK(special_rules(r));
        CHECK(parse_ok(write_rules_string(r)) == r);
    }
    SECTION("each key's values") {
        struct Case {
            const char* entry;
            JumpMode king, knight, commander;
            Berserk berserk;
        };
        for (const Case& c :
             {Case{"ber:c", JumpMode::None, JumpMode::Capture, JumpMode::Jump, Berserk::Capture},
              Case{"ber:m", JumpMode::None, JumpMode::Capture, JumpMode::Jump, Berserk::AnyMove},
              Case{"kj:j nj:r cj:c", JumpMode::Jump, JumpMode::Restricted, JumpMode::Capture,
                   Berserk::None},
              Case{"kj:c nj:n cj:n", JumpMode::Capture, JumpMode::None, JumpMode::None,
                   Berserk::None}}) {
            const std::string text = seven(std::string("surf:n ") + c.entry);
            INFO(text);
            const Rules r = parse_ok(text);
            CHECK(r.king_jump == c.king);
            CHECK(r.knight_jump == c.knight);
            CHECK(r.commander_jump == c.commander);
            CHECK(r.berserk == c.berserk);
            CHECK(parse_ok(write_rules_string(r)) == r);
        }
    }
    SECTION("bad values and combinations Branan does not play name the key") {
        struct Case {
            const char* entry;
            const char* names;
        };
        for (const Case& c :
             {Case{"ber:x", "'ber'"}, Case{"kj:y", "'kj'"}, Case{"nj:2", "'nj'"},
              Case{"cj:", "'cj'"}, Case{"mj:q", "'mj'"}, Case{"ber:c xsurf:u", "'xsurf:u'"},
              Case{"surf:n kj:r xks:t", "'xks:t'"}, Case{"kj:j efe:y xefe:s", "'xefe:s'"},
              Case{"surf:n ber:c xforest:5 cors:tcnkmTCNKM", "'xforest'"},
              Case{"surf:n kj:j xtfr:f", "'xtfr:f'"}, Case{"ber:m sw:s xsw:r", "'xsw:r'"}}) {
            const std::string text = seven(c.entry);
            INFO(text);
            const auto r = parse_rules_string(text);
            CHECK_FALSE(r.ok());
            CHECK_THAT(error_of(r), Contains(c.names));
        }
    }
    SECTION("OpenTafl's keys once refused with them are accepted and written back") {
        for (const char* entry : {"surf:n ber:m linc:y", "surf:n kj:r ks:m", "ber:c", "kj:j efe:y",
                                  "surf:n kj:j sw:w", "ber:m sw:s swf:n"}) {
            const std::string text = seven(entry);
            INFO(text);
            const Rules r = parse_ok(text);
            CHECK(parse_ok(write_rules_string(r)) == r);
        }
    }
    SECTION("the same keys set to 'off' are accepted") {
        const Rules d = parse_ok(seven(""));
        for (const char* entry :
             {"sw:n", "efe:n", "ber:n", "kj:n", "afor:", "dfor:", "swf:y", "nj:c", "cj:j", "mj:n",
              "gj:c", "aforh:TCNKM", "dforp:tcnkmTCNKM", "aforre:tTK", "dfors:TCNKM"}) {
            INFO(entry);
            Rules r = parse_ok(seven(entry));
            CHECK(r == d);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Defaults, keys and values

TEST_CASE("absent keys take OpenTafl's code defaults", "[rules-string]") {
    const Rules r = parse_ok(seven(""));
    CHECK(r.size == 7);
    CHECK(r.start == kBrandubhStart);
    CHECK(r.name.empty());
    CHECK(r.first_to_move == Side::Attackers);
    CHECK(r.escape == Escape::Corners);
    CHECK(r.encirclement);
    CHECK(r.king_armed == KingArmed::Yes);
    CHECK(r.king_strength == KingStrength::Strong);
    CHECK(r.repetition == RepetitionRule::Draw);
    CHECK(r.no_move == NoMoveRule::Loss);
    CHECK(r.speed == std::array<int, 3>{0, 0, 0});
    CHECK_FALSE(r.linnaean_capture);
    CHECK(r.forest_moves == 0);
    CHECK(r.corners.exists);
    CHECK(r.corners.hostile == PieceSet::all());
    CHECK(r.corners.hostile_empty == PieceSet::all());
    CHECK(r.corners.stop == kK);
    CHECK(r.corners.pass == kK);
    CHECK(r.corners.reenter == PieceSet::all());
    CHECK(r.throne.exists);
    CHECK(r.throne.hostile == kT);  // occupied throne: hostile to attackers only
    CHECK(r.throne.hostile_empty == PieceSet::all());
    CHECK(r.throne.stop == kK);
    CHECK(r.throne.pass == PieceSet::all());
    CHECK(r.throne.reenter == PieceSet::all());

    // Writing the defaults writes no optional OpenTafl key.
    CHECK(write_rules_string(r) == "dim:7 name: atkf:y start:" + kBrandubhStart);

    // Order of entries does not matter; extra spaces are tolerated.
    CHECK(parse_ok("start:" + kBrandubhStart + "   dim:7 ") == r);
}

TEST_CASE("simple keys and their values", "[rules-string]") {
    CHECK(parse_ok(seven("esc:e")).escape == Escape::Edge);
    CHECK(parse_ok(seven("esc:c")).escape == Escape::Corners);
    CHECK_FALSE(parse_ok(seven("surf:n")).encirclement);
    CHECK(parse_ok(seven("surf:y")).encirclement);
    CHECK(parse_ok(seven("atkf:n")).first_to_move == Side::Defenders);
    CHECK(parse_ok(seven("atkf:y")).first_to_move == Side::Attackers);
    CHECK(parse_ok(seven("linc:y")).linnaean_capture);
    CHECK(parse_ok(seven("name:Sea_Battle_2")).name == "Sea Battle 2");

    CHECK(parse_ok(seven("ka:y")).king_armed == KingArmed::Yes);
    CHECK(parse_ok(seven("ka:n")).king_armed == KingArmed::No);
    CHECK(parse_ok(seven("ka:a")).king_armed == KingArmed::AnvilOnly);
    CHECK(parse_ok(seven("ka:h")).king_armed == KingArmed::HammerOnly);

    CHECK(parse_ok(seven("ks:s")).king_strength == KingStrength::Strong);
    CHECK(parse_ok(seven("ks:c")).king_strength == KingStrength::StrongNearThrone);
    CHECK(parse_ok(seven("ks:m")).king_strength == KingStrength::Middleweight);
    CHECK(parse_ok(seven("ks:w")).king_strength == KingStrength::Weak);
    // Legacy values.
    CHECK(parse_ok(seven("ks:y")).king_strength == KingStrength::Strong);
    CHECK(parse_ok(seven("ks:n")).king_strength == KingStrength::Weak);

    CHECK(parse_ok(seven("cor: esc:e")).corners.exists == false);
    CHECK(parse_ok(seven("cor:a1,g1,a7,g7,")).corners.exists);
    CHECK(parse_ok(seven("cor:g7,a7,a1,g1")).corners.exists);
    CHECK_FALSE(parse_ok(seven("cen:")).throne.exists);
    CHECK(parse_ok(seven("cen:d4,")).throne.exists);
    CHECK(parse_ok("dim:9 cen:e5 start:" + kTablutStartPosition).throne.exists);

    CHECK(parse_ok(seven("cens:tTK")).throne.stop == PieceSet::all());
    CHECK(parse_ok(seven("cenp:K")).throne.pass == kK);
    CHECK(parse_ok(seven("cenre:tT")).throne.reenter == (kT | kD));
    // Guards have letters of their own; commanders, knights and mercenaries follow t and T.
    CHECK(parse_ok(seven("cors:tcnkmgTCNKMG")).corners.stop ==
          (PieceSet::all() | PieceSet::guard(Side::Attackers) | PieceSet::guard(Side::Defenders)));
    CHECK(parse_ok(seven("cors:tcnkmTCNKM")).corners.stop == PieceSet::all());
    CHECK(parse_ok(seven("corp:T")).corners.pass == kD);
    CHECK(parse_ok(seven("corre:")).corners.reenter == PieceSet::none());
}

TEST_CASE("tfr values", "[rules-string]") {
    CHECK(parse_ok(seven("tfr:i")).repetition == RepetitionRule::Ignore);
    CHECK(parse_ok(seven("tfr:d")).repetition == RepetitionRule::Draw);
    CHECK(parse_ok(seven("tfr:w")).repetition == RepetitionRule::LossForRepeater);
    CHECK(parse_ok(seven("tfr:l")).repetition == RepetitionRule::WinForRepeater);
    const auto bad = parse_rules_string(seven("tfr:x"));
    CHECK_FALSE(bad.ok());
    CHECK_THAT(error_of(bad), Contains("'tfr'"));
    CHECK_THAT(error_of(bad), Contains("'x'"));
}

TEST_CASE("spd: one, two or twelve values", "[rules-string]") {
    CHECK(parse_ok(seven("spd:1")).speed == std::array<int, 3>{1, 1, 1});
    CHECK(parse_ok(seven("spd:-1")).speed == std::array<int, 3>{0, 0, 0});
    CHECK(parse_ok(seven("spd:0")).speed == std::array<int, 3>{0, 0, 0});
    CHECK(parse_ok(seven("spd:7")).speed == std::array<int, 3>{7, 7, 7});
    CHECK(parse_ok(seven("spd:2,3")).speed == std::array<int, 3>{2, 3, 3});
    CHECK(parse_ok(seven("spd:2,3,")).speed == std::array<int, 3>{2, 3, 3});
    CHECK(parse_ok(seven("spd:-1,1")).speed == std::array<int, 3>{0, 1, 1});
    // t c n k m g T C N K M G
    CHECK(parse_ok(seven("spd:2,5,5,5,5,5,3,5,5,1,5,5")).speed == std::array<int, 3>{2, 3, 1});
    CHECK(parse_ok(seven("spd:2,5,5,5,5,5,3,5,5,1,5,5,")).speed == std::array<int, 3>{2, 3, 1});
    // The special pieces' own values (c n m g, then C N M G), kept where they differ from their
    // side's soldiers' (-1: as the soldiers); the 1- and 2-value forms give them their side's.
    CHECK(parse_ok(seven("spd:2,5,5,5,5,5,3,5,5,1,5,5")).special_speed ==
          std::array<int, 8>{5, 5, 5, 5, 5, 5, 5, 5});
    CHECK(parse_ok(seven("spd:2,2,1,2,-1,2,3,3,3,1,3,3")).special_speed ==
          std::array<int, 8>{-1, 1, 0, -1, -1, -1, -1, -1});
    CHECK(parse_ok(seven("spd:2,3")).special_speed == Rules{}.special_speed);
    // Written back as given, and read again to the same rules.
    for (const char* speeds :
         {"spd:2,5,5,2,5,5,3,5,5,1,5,5,", "spd:-1,2,-1,-1,-1,-1,-1,-1,1,2,-1,-1,"}) {
        const Rules r = parse_ok(seven(speeds));
        const std::string written = write_rules_string(r);
        INFO(written);
        CHECK(written.find(speeds) != std::string::npos);
        CHECK(parse_ok(written) == r);
    }
    // OpenTafl's code limits a move only by a speed above 0: any other is no limit, and so is a
    // speed above the board size.
    CHECK(parse_ok(seven("spd:8")).speed == std::array<int, 3>{0, 0, 0});
    CHECK(parse_ok(seven("spd:-2")).speed == std::array<int, 3>{0, 0, 0});
    CHECK(parse_ok(seven("spd:-5,30")).speed == std::array<int, 3>{0, 0, 0});

    for (const char* bad : {"spd:1,2,3", "spd:1,1,1,1,1,1,1,1,1,1", "spd:1,1,1,1,1,1,1,1",
                            "spd:1,1,1,1,1,1,1,1,1,1,1,1,1", "spd:", "spd:x", "spd:1,,2", "spd:1,x",
                            "spd:99999999999"}) {
        const std::string text = seven(bad);
        INFO(text);
        const auto r = parse_rules_string(text);
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'spd'"));
    }
}

TEST_CASE("hostility lists: T covers the king, K alone does nothing", "[rules-string]") {
    SECTION("cenhe:tT makes the empty throne hostile to the king too") {
        const Rules r = parse_ok(seven("cenhe:tT"));
        CHECK(r.throne.hostile_empty.has(Piece::King));
        CHECK(r.throne.hostile_empty.has(Piece::DefenderSoldier));
        CHECK(r.throne.hostile_empty.has(Piece::AttackerSoldier));
    }
    SECTION("cenhe:tK is hostile to attackers only") {
        const Rules r = parse_ok(seven("cenhe:tK"));
        CHECK_FALSE(r.throne.hostile_empty.has(Piece::King));
        CHECK_FALSE(r.throne.hostile_empty.has(Piece::DefenderSoldier));
        CHECK(r.throne.hostile_empty.has(Piece::AttackerSoldier));
    }
    SECTION("cenhe:K is hostile to nobody") {
        CHECK(parse_ok(seven("cenhe:K")).throne.hostile_empty == PieceSet::none());
    }
    SECTION("cenhe:T is hostile to the defenders and the king") {
        CHECK(parse_ok(seven("cenhe:T")).throne.hostile_empty == (kD | kK));
    }
    SECTION("the other letters of OpenTafl are accepted and ignored") {
        CHECK(parse_ok(seven("cenh:tcnkm")).throne.hostile == kT);
        CHECK(parse_ok(seven("cenh:cnkmCNKMG")).throne.hostile == PieceSet::none());
        CHECK(parse_ok(seven("corh:tcnkmTCNKM")).corners.hostile == PieceSet::all());
    }
    SECTION("corh sets corners' hostility, occupied or not") {
        const Rules r = parse_ok(seven("corh:t"));
        CHECK(r.corners.hostile == kT);
        CHECK(r.corners.hostile_empty == kT);
        const Rules s = parse_ok(seven("corh:"));
        CHECK(s.corners.hostile == PieceSet::none());
        CHECK(s.corners.hostile_empty == PieceSet::none());
    }
    SECTION("xcenhek:n removes the king only") {
        const Rules r = parse_ok(seven("xcenhek:n"));
        CHECK(r.throne.hostile_empty == (kT | kD));
        const Rules s = parse_ok(seven("cenhe:tT xcenhek:n"));
        CHECK(s.throne.hostile_empty == (kT | kD));
    }
    SECTION("xcenhek:y adds the king only") {
        CHECK(parse_ok(seven("cenhe:t xcenhek:y")).throne.hostile_empty == (kT | kK));
        CHECK(parse_ok(seven("cenhe: xcenhek:y")).throne.hostile_empty == kK);
    }
    SECTION("xcenhk and xcorhk") {
        CHECK(parse_ok(seven("xcenhk:y")).throne.hostile == (kT | kK));
        CHECK(parse_ok(seven("cenh:tT xcenhk:n")).throne.hostile == (kT | kD));
        const Rules r = parse_ok(seven("xcorhk:n"));
        CHECK(r.corners.hostile == (kT | kD));
        CHECK(r.corners.hostile_empty == (kT | kD));
        // Extension keys apply after the OpenTafl keys, whatever the order written.
        const Rules s = parse_ok("xcorhk:n dim:7 corh:tT start:" + kBrandubhStart);
        CHECK(s.corners.hostile == (kT | kD));
    }
    SECTION("bad letters and bad y/n values name the key") {
        for (const char* entry :
             {"cenhe:x", "corh:tX", "cens:1", "cenp:?", "corre:z", "cenre:q", "cors:a", "corp:b"}) {
            const std::string text = seven(entry);
            INFO(text);
            const auto r = parse_rules_string(text);
            CHECK_FALSE(r.ok());
            const std::string key = std::string(entry).substr(0, std::string(entry).find(':'));
            CHECK_THAT(error_of(r), Contains("'" + key + "'"));
        }
        for (const char* entry : {"xcenhek:t", "xcenhk:", "xcorhk:yes"}) {
            const std::string text = seven(entry);
            INFO(text);
            const auto r = parse_rules_string(text);
            CHECK_FALSE(r.ok());
            const std::string key = std::string(entry).substr(0, std::string(entry).find(':'));
            CHECK_THAT(error_of(r), Contains("'" + key + "'"));
        }
    }
}

TEST_CASE("Branan's extension keys", "[rules-string]") {
    CHECK(parse_ok(seven("xks:t")).king_strength == KingStrength::StrongOnThrone);
    CHECK(parse_ok(seven("ks:c xks:t")).king_strength == KingStrength::StrongOnThrone);
    CHECK(parse_ok(seven("xks:t ks:w")).king_strength == KingStrength::StrongOnThrone);
    CHECK(parse_ok(seven("xtfr:f")).repetition == RepetitionRule::Forbidden);
    CHECK(parse_ok(seven("tfr:w xtfr:f")).repetition == RepetitionRule::Forbidden);
    CHECK(parse_ok(seven("xnomove:d")).no_move == NoMoveRule::Draw);
    CHECK(parse_ok(seven("xnomove:l")).no_move == NoMoveRule::Loss);
    CHECK(parse_ok(seven("cors:tTK xforest:3")).forest_moves == 3);
    CHECK(parse_ok(seven("cors:tTK xforest:8")).forest_moves == 8);
    CHECK(parse_ok(seven("xforest:0")).forest_moves == 0);

    SECTION("the forest timer needs corners soldiers may stop on") {
        const auto r = parse_rules_string(seven("xforest:3"));
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("forest"));
    }
    SECTION("bad values are refused, naming the key") {
        for (const char* entry :
             {"xks:s", "xks:", "xtfr:d", "xtfr:", "xnomove:w", "xnomove:", "xforest:9",
              "xforest:-1", "xforest:x", "xforest:", "xforest:1000"}) {
            const std::string text = seven(std::string("cors:tTK ") + entry);
            INFO(text);
            const auto r = parse_rules_string(text);
            CHECK_FALSE(r.ok());
            const std::string key = std::string(entry).substr(0, std::string(entry).find(':'));
            CHECK_THAT(error_of(r), Contains("'" + key + "'"));
        }
    }
    SECTION("unknown extension keys are refused") {
        const auto r = parse_rules_string(seven("xfoo:1"));
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'xfoo'"));
    }
}

TEST_CASE("starti: gives the same start as the equivalent start:", "[rules-string]") {
    // Asymmetric, so that reversing the rows matters.
    const Rules a = parse_ok("dim:7 start:/1t5/7/7/3K3/7/7/5T1/");
    const Rules b = parse_ok("dim:7 starti:/5T1/7/7/3K3/7/7/1t5/");
    CHECK(a.start == "/1t5/7/7/3K3/7/7/5T1/");
    CHECK(b.start == a.start);
    CHECK(b == a);

    const Rules c = parse_ok("dim:9 starti:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/1t1ttt3/");
    CHECK(c.start == "/1t1ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/");

    // After the game record of OpenTafl's Copenhagen escape puzzle, less its Copenhagen-only
    // keys (and the soldier on a7, a corner here).
    const Rules d = parse_ok(
        "dim:7 name:CopenhagenPuzzle atkf:y tfr:w starti:/1t2T2/1t2K2/2tt3/6t/3TTt1/4Tt1/4Tt1/");
    CHECK(d.start == "/4Tt1/4Tt1/3TTt1/6t/2tt3/1t2K2/1t2T2/");

    SECTION("a bad starti record names starti") {
        const auto r = parse_rules_string("dim:7 starti:/6T/7/7/3K3/7/7/t5/");
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'starti'"));
    }
    SECTION("start and starti together are refused") {
        const auto r =
            parse_rules_string("dim:7 start:/1t5/7/7/3K3/7/7/5T1/ starti:/5T1/7/7/3K3/7/7/1t5/");
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("starti"));
    }
}

TEST_CASE("malformed rules strings are refused, naming the key", "[rules-string]") {
    struct Case {
        std::string text;
        std::vector<std::string> expected;  // substrings the error must contain
    };
    const std::vector<Case> cases = {
        {"", {"'dim'"}},
        {"start:" + kBrandubhStart, {"'dim'"}},
        {"dim:7 name:x", {"'start'"}},
        {"dim:7 surf start:" + kBrandubhStart, {"'surf'", "':'"}},
        {"dim:7 dim:7 start:" + kBrandubhStart, {"'dim'", "twice"}},
        {"dim:7 surf:y surf:n start:" + kBrandubhStart, {"'surf'", "twice"}},
        {seven("foo:1"), {"'foo'", "unknown"}},
        {seven(":1"), {"''"}},
        {seven("surf:x"), {"'surf'", "'x'"}},
        {seven("surf:"), {"'surf'"}},
        {seven("atkf:yes"), {"'atkf'", "'yes'"}},
        {seven("linc:Y"), {"'linc'"}},
        {seven("esc:x"), {"'esc'", "'x'"}},
        {seven("ka:x"), {"'ka'", "'x'"}},
        {seven("ks:x"), {"'ks'", "'x'"}},
        {seven("nj:x"), {"'nj'"}},
        {"dim:21 start:" + kBrandubhStart, {"'dim'", "21", "5 to 19"}},
        {"dim:25 start:" + kBrandubhStart, {"'dim'", "25", "5 to 19"}},
        {"dim:14 start:" + kBrandubhStart, {"'dim'", "14", "even"}},
        {"dim:4 start:/1t2/4/1K2/4/", {"'dim'", "4"}},
        {"dim:x start:" + kBrandubhStart, {"'dim'", "'x'"}},
        {"dim: start:" + kBrandubhStart, {"'dim'"}},
        {seven("cor:a1,a1"), {"'cor'", "twice"}},
        {seven("cor:d1"), {"'cor'", "d1"}},
        {seven("cor:a1,g1,a7,g7,d4"), {"'cor'", "'cen'"}},
        {seven("cor:h8"), {"'cor'", "'h8'"}},
        {seven("cen:d5"), {"'cen'", "d5"}},
        {seven("cen:d4,d5"), {"'cen'"}},
        {seven("afor:z9"), {"'afor'"}},
        {seven("afor:a4,a4"), {"'afor'", "twice"}},
        {seven("afor:a4 afors:T"), {"'afor'", "a4"}},
        {seven("afor:b1 dfor:b1"), {"'dfor'", "'afor'"}},
        {seven("dfor:a4"), {"'dfor'", "a4"}},
        {seven("efe:y xefe:s afor:b1"), {"'xefe:s'", "'afor'"}},
        {seven("cor:a1,g1,b7 xforest:2 cors:tTK"), {"forest", "'cor'"}},
        {"dim:9 start:" + kBrandubhStart, {"start", "9x9"}},
        {"dim:7 start:" + kTablutStartPosition, {"start", "7x7"}},
        {"dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/", {"start"}},
        {"dim:7 start:/3t3/3t3/3T3/ttTTTtt/3T3/3t3/3t3/", {"'start'", "no king"}},
        {"dim:7 xforest:3 cors:tcnkmTCNKM start:/3t3/3m3/3T3/ttTKTtt/3T3/3t3/3t3/",
         {"'xforest'", "with special pieces"}},
        {"dim:7 surf:n start:/g2t3/3m3/3T3/ttTKTtt/3G3/3t3/3t3/",
         {"start position", "an attackers' guard on a1, a corner ('cor')"}},
        {"dim:7 start:", {"'start'"}},
        // Entries are separated by spaces: a tab would join two (once: "has no 'start' key").
        {"dim:7\tstart:" + kBrandubhStart, {"a tab at character 6", "separated by spaces"}},
        {"dim:7\nstart:" + kBrandubhStart, {"white space at character 6"}},
    };
    for (const auto& c : cases) {
        INFO("rules string '" << c.text << "'");
        testing::check_refused(parse_rules_string(c.text), c.expected);
    }
}

// Regression: a bad swf value once came back as a bare "takes y or n", naming no key.
TEST_CASE("a bad swf value is refused, naming the key", "[rules-string]") {
    const auto r = parse_rules_string(seven("swf:x"));
    CHECK_FALSE(r.ok());
    CHECK_THAT(error_of(r), Contains("'swf'"));
}

// Regression: parse_int once read a lone "-" as 0 (the digit loop found nothing after the
// sign), so "xforest:-" and "spd:-" were accepted.
TEST_CASE("a lone minus sign is not a number", "[rules-string]") {
    for (const char* entry : {"xforest:-", "spd:-", "spd:-,-"}) {
        const std::string text = seven(std::string("cors:tTK ") + entry);
        INFO(text);
        const auto r = parse_rules_string(text);
        CHECK_FALSE(r.ok());
        const std::string key = std::string(entry).substr(0, std::string(entry).find(':'));
        CHECK_THAT(error_of(r), Contains("'" + key + "'"));
    }
}

// A number padded with thousands of zeros is named by its value, not its text (the message
// quoted the whole value: as long as the input).
TEST_CASE("a long zero-padded number is named by its value", "[rules-string]") {
    const std::string zeros(5000, '0');
    for (const auto& [text, expected] :
         {std::pair{"dim:" + zeros + "12 start:" + kBrandubhStart, std::string("12 is even")},
          std::pair{"dim:" + zeros + "21 start:" + kBrandubhStart, std::string("21 is out of")}}) {
        const auto r = parse_rules_string(text);
        REQUIRE_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains(expected));
        CHECK(error_of(r).size() < 200);
    }
}

TEST_CASE("an even board size is refused", "[rules-string]") {
    const auto r = parse_rules_string("dim:8 start:/8/8/8/4K3/8/8/8/8/");
    CHECK_FALSE(r.ok());
    CHECK_THAT(error_of(r), Contains("8"));
    CHECK_THAT(error_of(r), Contains("size"));
    CHECK_THAT(error_of(r), Contains("'dim'"));
}

TEST_CASE("rules_from_name_or_string", "[rules-string]") {
    SECTION("every preset by name") {
        for (const auto& name : preset_names()) {
            INFO(name);
            const auto r = rules_from_name_or_string(name);
            REQUIRE(r.ok());
            CHECK(*r == *preset(name));
        }
    }
    SECTION("a rules string") {
        const auto r = rules_from_name_or_string(kBrandub);
        REQUIRE(r.ok());
        CHECK(*r == parse_ok(kBrandub));
        const auto w = rules_from_name_or_string(write_rules_string(*preset("tablut-linnaeus")));
        REQUIRE(w.ok());
        CHECK(*w == *preset("tablut-linnaeus"));
    }
    SECTION("a bad rules string gives the parser's error") {
        const auto r = rules_from_name_or_string(seven("foo:1"));
        CHECK_FALSE(r.ok());
        CHECK_THAT(error_of(r), Contains("'foo'"));
    }
    SECTION("an unknown name lists the known presets") {
        for (const char* name : {"chess", "", "Brandubh", "tablut "}) {
            INFO("name '" << name << "'");
            const auto r = rules_from_name_or_string(name);
            CHECK_FALSE(r.ok());
            CHECK_THAT(error_of(r), Contains("'" + std::string(name) + "'"));
            for (const auto& known : preset_names()) CHECK_THAT(error_of(r), Contains(known));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The key table (src/core/rules_keys.h): parsing and writing both come from it

namespace {

// Rule sets that between them make every written key appear: the presets, OpenTafl's built-in
// strings, and strings for the extension keys no preset uses.
std::vector<Rules> rule_sets_writing_every_key() {
    std::vector<Rules> sets;
    for (const auto& name : preset_names()) sets.push_back(*preset(name));
    for (const char* text : {kSeaBattle, kFetlar, kCopenhagen, kCopenhagenRelaxed, kBrandub,
                             kTawlbwrdd, kTablut, kMagpie})
        sets.push_back(parse_ok(text));
    sets.push_back(parse_ok(seven("xtfr:f xnomove:d cenhe:tT xcenhek:n xcorhk:n")));
    sets.push_back(parse_ok(seven("cors:tTK xforest:2 cenh:tT xcenhk:n ks:s xkcross:y cenre:tT")));
    sets.push_back(parse_ok(seven("spd:2,3 esc:e sw:w corp:tTK ka:h cenp:t corre:tT")));
    sets.push_back(parse_ok(seven("mj:c cenp:tgTKG cens:KG")));
    sets.push_back(
        parse_ok(seven("afor:b1,c1 dfor:b7,f7,c4 aforp:tT dforp:T afors:t dfors:T "
                       "aforh:tT dforh:T aforre:t dforre:K cor:a1,g7 cen:d4,e4 cens:TK")));
    return sets;
}

// The keys of a written rules string, in order.
std::vector<std::string> written_keys(const std::string& text) {
    std::vector<std::string> keys;
    for (const std::string& entry : split_at(text, ' '))
        keys.push_back(entry.substr(0, entry.find(':')));
    return keys;
}

}  // namespace

TEST_CASE("the rules key table: unique names, extension keys and only they start with x",
          "[rules-string]") {
    std::set<std::string> names;
    for (const RulesKey& k : rules_keys()) {
        INFO("key " << k.name);
        CHECK(names.insert(k.name).second);
        CHECK(find_rules_key(k.name) == &k);
        CHECK((k.kind == RulesKeyKind::Extension) == (k.name[0] == 'x'));
        CHECK(k.parse != nullptr);
        CHECK(std::string(k.values) != "");
        CHECK(std::string(k.meaning) != "");
        // A key that is written is a key Branan plays.
        if (k.write) CHECK((k.kind == RulesKeyKind::OpenTafl || k.kind == RulesKeyKind::Extension));
    }
    CHECK(find_rules_key("foo") == nullptr);
    // The canonical layout: dim first, start last among the written keys.
    std::vector<std::string> written;
    for (const RulesKey& k : rules_keys())
        if (k.write) written.push_back(k.name);
    REQUIRE(written.size() > 2);
    CHECK(written.front() == "dim");
    CHECK(written.back() == "start");
}

TEST_CASE("each rules key parses what it writes, and the keys written are the table's",
          "[rules-string]") {
    std::set<std::string> seen;
    for (const Rules& r : rule_sets_writing_every_key()) {
        const std::string text = write_rules_string(r);
        INFO("rules string: " << text);
        const Rules defaults = opentafl_defaults(r.size);
        // Written in table order, each key once.
        Rules built = defaults;
        size_t next = 0;
        const auto table = rules_keys();
        for (const std::string& key : written_keys(text)) {
            INFO("key " << key);
            while (next < table.size() && key != table[next].name) ++next;
            REQUIRE(next < table.size());
            const RulesKey& k = table[next++];
            REQUIRE(k.write != nullptr);
            const std::optional<std::string> value = k.write(r, defaults);
            REQUIRE(value.has_value());
            CHECK(text.find(key + ":" + *value) != std::string::npos);
            // Read onto the defaults after the keys before it, it writes the same value again.
            CHECK(k.parse(built, RulesKeyInput{key, *value, r.size, true}) == "");
            CHECK(k.write(built, defaults) == value);
            seen.insert(key);
        }
        // Key by key in the table's order, the written keys make the rules they came from.
        CHECK(built == r);
    }
    std::set<std::string> table_written;
    for (const RulesKey& k : rules_keys())
        if (k.write) table_written.insert(k.name);
    CHECK(seen == table_written);
}

TEST_CASE("every rules key refuses a value it does not take, naming the key", "[rules-string]") {
    for (const RulesKey& k : rules_keys()) {
        const std::string key = k.name;
        INFO("key " << key);
        Rules r = opentafl_defaults(7);
        // '?' is no letter, number, square or record of any key; 'name' takes any text.
        const std::string problem = k.parse(r, RulesKeyInput{key, "?", 7, false});
        if (key == "name") {
            CHECK(problem == "");
            continue;
        }
        CHECK_THAT(problem, Contains("'" + key + "'"));
    }
}
