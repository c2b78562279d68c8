// The independent reference (tests/reference/naive_tafl.h) on OpenTafl's fortresses (afor / dfor)
// and lists of special squares (cor / cen): perft against OpenTafl's own counts, and the engine
// against the reference move by move in random games under rules strings that use them.
#include <random>
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "reference/naive_tafl.h"
#include "reference_compare.h"

using namespace branan;
using testing::engine_moves;
using testing::joined_captures;

namespace {

const std::string kFotevikenRules =
    "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: "
    "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: "
    "cenh: cenhe:K aforh:K cenre: aforre:";
const std::string kTablutStart = "/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
// Foteviken's fortresses hostile to everyone, plus two defender fortresses.
const std::string kHostileForts =
    "dim:9 name:Fortress_test esc:e atkf:y cor: "
    "afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, dfor:c3,g7, cens: cenh: cenhe: "
    "cenre: aforh:tT aforre: dforre:tcnkTCNK";
// Fetlar with defender fortresses around the throne, every fortress key at its default.
const std::string kDefenderForts = "dim:11 name:Dfor_test atkf:y dfor:e5,f5,g5,e7,f7,g7,d6,h6,";
// Three squares a corner on 11x11.
const std::string kCornerGroups =
    "dim:11 name:Corner_groups atkf:y cor:a1,a2,b1,k1,k2,j1,a11,a10,b11,k11,k10,j11,";
// Five corners and two throne squares, on 7x7 and 9x9.
const std::string kCornerList7 =
    "dim:7 name:Corner_list7 surf:n atkf:y ks:w cor:a1,g7,a7,g1,b1, cen:d4,c5, cens:TK";
const std::string kCornerList9 =
    "dim:9 name:List9 atkf:y cor:a1,i9,a9,i1,c1, cen:e5,f5, cens:TK cenh:t";
const std::string kFetlarStart =
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";

Rules rules_with_start(const std::string& rules, const std::string& record) {
    return parse_rules_string(rules + " start:" + record).value();
}

struct Case {
    const char* what;
    const std::string& rules;
    std::string record;
    Side to_move;
    std::vector<uint64_t> counts;  // depth 1, 2, 3
};

// The counts come from OpenTafl 0.4.8's move generator (commit 6895051d5a3b: its
// Taflman.getAllowableDestinations and GameState.moveTaflman / checkVictory) on these rules
// strings with the record as their start.
const std::vector<Case>& opentafl_cases() {
    static const std::vector<Case> cases = {
        {"Foteviken from the start",
         kFotevikenRules,
         kTablutStart,
         Side::Attackers,
         {80, 4344, 337856}},
        {"Foteviken: pieces on, next to and off fortresses",
         kFotevikenRules,
         "/3t5/9/4T4/tT5T1/2K6/9/4t4/9/5t3/",
         Side::Attackers,
         {49, 1637, 66577}},
        {"Foteviken: the same, defenders to move",
         kFotevikenRules,
         "/3t5/9/4T4/tT5T1/2K6/9/4t4/9/5t3/",
         Side::Defenders,
         {34, 1556, 50465}},
        {"hostile fortresses: captures against them, the king beside them",
         kHostileForts,
         "/9/4T4/6t2/1Tt6/1T1t5/1Kt6/2t6/6t2/9/",
         Side::Attackers,
         {49, 942, 42368}},
        {"hostile fortresses, defenders to move",
         kHostileForts,
         "/9/4T4/6t2/1Tt6/1T1t5/1Kt6/2t6/6t2/9/",
         Side::Defenders,
         {19, 860, 15633}},
        {"defender fortresses from Fetlar's start",
         kDefenderForts,
         kFetlarStart,
         Side::Attackers,
         {116, 6788, 799596}},
        {"defender fortresses: crossed, not stopped on, hostile to attackers",
         kDefenderForts,
         "/11/11/11/4t6/4T1T4/3T1K1T3/3t7/5t5/2T8/11/11/",
         Side::Attackers,
         {37, 2920, 114580}},
        {"defender fortresses, defenders to move",
         kDefenderForts,
         "/11/11/11/4t6/4T1T4/3T1K1T3/3t7/5t5/2T8/11/11/",
         Side::Defenders,
         {77, 2847, 228155}},
        {"corner groups from Fetlar's start",
         kCornerGroups,
         kFetlarStart,
         Side::Attackers,
         {100, 5812, 602032}},
        {"corner groups: the king in the open",
         kCornerGroups,
         "/11/11/3t7/11/11/1t2K6/11/11/11/11/11/",
         Side::Defenders,
         {18, 618, 11583}},
        {"7x7: five corners, two throne squares",
         kCornerList7,
         "/7/3t3/2T4/ttTKTtt/3T3/3t3/3t3/",
         Side::Attackers,
         {37, 891, 33099}},
        {"9x9: five corners, two throne squares, from Tablut's start",
         kCornerList9,
         kTablutStart,
         Side::Attackers,
         {70, 3763, 264620}},
        {"9x9: the king on one throne square beside the other",
         kCornerList9,
         "/9/2t6/9/4T4/t3K4/9/9/9/1t7/",
         Side::Defenders,
         {22, 813, 22503}},
    };
    return cases;
}

void check_opentafl_counts(int max_depth) {
    for (const Case& c : opentafl_cases()) {
        INFO(c.what << ": " << c.record);
        const Rules rules = rules_with_start(c.rules, c.record);
        for (int d = 1; d <= max_depth; ++d) {
            INFO("depth " << d);
            CHECK(reference::perft(rules, c.record, c.to_move, d) == c.counts[d - 1]);
        }
    }
}

// Plays `games` random games under `rules` with the engine; at every ply the legal moves agree
// with the reference's (the rules have no history a record lacks), and the whole game replays in
// the reference with the same captures, record and verdict. Returns capturing moves and decided
// games through the counters.
void random_games(const Rules& rules, int games, uint32_t seed, int& capturing, int& decided) {
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Game game = Game::create(rules).value();
        std::vector<std::string> moves, captures;
        while (!game.status().over() && moves.size() < 200) {
            INFO(rules.name << " game " << g << " ply " << moves.size() << ": " << game.record());
            REQUIRE(engine_moves(game) ==
                    reference::legal_moves(rules, game.record(), game.side_to_move()));
            const auto legal = game.legal_moves();
            REQUIRE_FALSE(legal.empty());
            const Move m = legal[rng() % legal.size()];
            moves.push_back(game.move_text(m));
            captures.push_back(joined_captures(game, m));
            capturing += !captures.back().empty();
            game.play(m);
        }
        INFO(rules.name << " game " << g << ": " << moves.size() << " moves");
        testing::check_replay_in_reference(rules, game, moves, captures);
        decided += game.status().over();
    }
}

}  // namespace

TEST_CASE("reference: fortresses and square lists, OpenTafl's perft counts to depth 2",
          "[reference][perft][fortress]") {
    check_opentafl_counts(2);
}

TEST_CASE("reference: fortresses and square lists, OpenTafl's perft counts to depth 3",
          "[reference][perft][fortress][slow]") {
    check_opentafl_counts(3);
}

TEST_CASE("reference: the Foteviken preset is OpenTafl's string, perft 80 4344 337856",
          "[reference][perft][fortress]") {
    const Rules rules = *preset("foteviken");
    const std::vector<uint64_t> expected = {80, 4344, 337856};  // OpenTafl 0.4.8's counts
    for (int d = 1; d <= 3; ++d)
        CHECK(reference::perft(rules, rules.start, rules.first_to_move, d) == expected[d - 1]);
}

TEST_CASE("fortresses and square lists: random games agree with the reference move by move",
          "[reference][fortress]") {
    int capturing = 0, decided = 0;
    uint32_t seed = 7;
    for (const std::string* text : {&kFotevikenRules, &kHostileForts, &kDefenderForts,
                                    &kCornerGroups, &kCornerList7, &kCornerList9}) {
        const std::string start = text == &kDefenderForts || text == &kCornerGroups ? kFetlarStart
                                  : text == &kCornerList7 ? "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
                                                          : kTablutStart;
        random_games(rules_with_start(*text, start), 12, ++seed, capturing, decided);
    }
    for (const char* name : {"foteviken", "alea-evangelii", "tablut-15", "sea-battle-13"})
        random_games(*preset(name), 8, ++seed, capturing, decided);
    WARN(capturing << " capturing moves, " << decided << " games decided");
    CHECK(capturing > 400);
    CHECK(decided > 30);
}

namespace {

// Corners (corp:K cors:tTK) and an empty throne (cenp:K cens:tTK) soldiers may stop on but not
// cross. OpenTafl checks "may pass" on the last square of a move too, so no soldier ever stops
// there; its counts (OpenTafl 0.4.8's move generator): corners 40 / 960, throne 38 / 743.
struct StopWithoutPass {
    const char* rules;
    uint64_t d1, d2;
};
const StopWithoutPass kStopWithoutPass[] = {
    {"dim:7 name:B atkf:y ks:w corp:K cors:tTK start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", 40, 960},
    {"dim:7 name:A atkf:y ks:w cenp:K cens:tTK start:/3t3/3t3/7/ttT1Ttt/3T3/3tK2/3t3/", 38, 743},
};

}  // namespace

TEST_CASE("reference: a special square a piece may stop on but not cross, as OpenTafl",
          "[reference][perft][fortress]") {
    for (const auto& c : kStopWithoutPass) {
        INFO(c.rules);
        const Rules rules = parse_rules_string(c.rules).value();
        CHECK(reference::perft(rules, rules.start, rules.first_to_move, 1) == c.d1);
        CHECK(reference::perft(rules, rules.start, rules.first_to_move, 2) == c.d2);
        if (c.d1 == 40)  // a4-a1: the soldier would stop on a corner it may not cross
            CHECK_THROWS(reference::play(rules, rules.start, rules.first_to_move, {"a4-a1"}));
    }
}

// The engine as OpenTafl: a soldier may not stop on a corner or an empty throne whose `cors` /
// `cens` name it but whose `corp` / `cenp` do not (the engine once allowed it: 48 / 1152 moves
// against OpenTafl's 40 / 960 in the first string; 39 / 862 against 38 / 743 on the throne).
TEST_CASE("stop without pass on corners and throne: the engine as OpenTafl", "[fortress]") {
    for (const auto& c : kStopWithoutPass) {
        INFO(c.rules);
        const Rules rules = parse_rules_string(c.rules).value();
        const Game game = Game::create(rules).value();
        CHECK(game.perft(1) == c.d1);
        CHECK(game.perft(2) == c.d2);
    }
}
