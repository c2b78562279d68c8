// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's special pieces, jumps and berserk turns together with the rules Branan once refused
// with them: the middleweight king (ks:m), Linnaean capture (linc), encirclement (surf:y), exit
// forts (efe) and shieldwalls (sw). Every count and outcome written here is OpenTafl 0.4.8's own
// (commit 6895051d5a3b), from a scratch harness outside the repository around its engine code:
// `Perft2 perft '<rules>' <depth>` (Taflman.getAllowableDestinations, GameState.moveTaflman,
// Game.advanceState and checkVictory, terminal positions not expanded, every move of a berserk
// turn a ply) and `Perft2 legal '<rules>' <moves>` (the captures, the verdict and the record after
// the moves, played through GameState.makeMove).
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/rules_string.h"
#include "reference_compare.h"

using namespace branan;
using testing::play_captures;
using testing::verdict_after;

namespace {

struct ComboPerftCase {
    const char* what;
    std::string rules;
    std::vector<uint64_t> counts;      // perft 1, 2, 3 (and 4)
    std::vector<std::string> moves{};  // played from the start first
};

const std::string kTablutKeys =
    "dim:9 name:Tablut esc:e atkf:y nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y";

// Each: Perft2 perft '<rules>' 4 [moves] (3 where only three counts are given).
const std::vector<ComboPerftCase>& combo_perft_cases() {
    static const std::vector<ComboPerftCase> list = {
        {"7x7, middleweight king on the edge, attacker commanders",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: start:/7/7/7/7/2tTc2/7/1c1K1t1/",
         {30, 272, 8287, 119132}},
        {"7x7, middleweight king on the edge, a knight and commanders",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: start:/7/7/7/7/2nTc2/7/1c1K1t1/",
         {30, 272, 8318, 119397}},
        {"7x7, middleweight king, capturing knight jumps",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: nj:c start:/3n3/7/1t5/3K1t1/1c5/3T3/7/",
         {32, 481, 15582, 273306}},
        {"7x7, middleweight king, capturing commander jumps, ber:c",
         "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe: ber:c cj:c "
         "start:/7/7/7/7/2tTc2/1T5/1c1K1t1/",
         {25, 470, 12369, 247951}},
        {"7x7, Linnaean capture by a guard of a mercenary, guard and commander on the throne's "
         "sides",
         "dim:7 name:Lin surf:n atkf:y ks:s linc:y start:/7/g6/3M3/2tKg2/3c3/7/1T3t1/",
         {43, 748, 29540, 577072}},
        {"7x7, the same with berserk turns (ber:c)",
         "dim:7 name:Lin surf:n atkf:y ks:s linc:y ber:c start:/7/g6/3M3/2tKg2/3c3/7/1T3t1/",
         {43, 748, 29540, 577064}},
        {"7x7, Linnaean capture of a mercenary, middleweight king, ber:m",
         "dim:7 name:Lin surf:n atkf:y ks:m linc:y ber:m start:/7/t6/3M3/2tKg2/3c3/7/1T3t1/",
         {43, 742, 26069, 523685}},
        {"7x7, Linnaean capture, capturing mercenary jumps, ber:m",
         "dim:7 name:Lin surf:n atkf:y ks:s linc:y ber:m mj:c start:/7/m6/3T3/2tKg2/3c3/7/1T3t1/",
         {43, 743, 26106, 523949}},
        {"7x7, encirclement closing around the king, a mercenary in the ring",
         "dim:7 name:Enc surf:y atkf:y ks:w cenh: cenhe: start:/7/1tt4/tK4t/1tm4/7/7/7/",
         {31, 126, 4622, 39011}},
        {"7x7, the same ring, the king jumps out onto the edge (kj:j)",
         "dim:7 name:Enc surf:y atkf:y ks:w cenh: cenhe: kj:j start:/7/1tt4/tK4t/1tm4/7/7/7/",
         {31, 177, 6658, 56347}},
        {"7x7, the same ring, capturing king jumps, ber:c",
         "dim:7 name:Enc surf:y atkf:y ks:w cenh: cenhe: kj:c ber:c "
         "start:/7/1tt4/tK4t/1tm4/7/7/7/",
         {31, 177, 6532, 58907}},
        {"7x7, a ring closed by a capture that starts a berserk turn (ber:m)",
         "dim:7 name:Enc surf:y atkf:y ks:s cenh: cenhe: ber:m start:/7/7/2t4/1tT4/tK4t/t1m4/1t5/",
         {36, 362, 14106, 175206}},
        {"7x7, the same with king jumps and ber:c",
         "dim:7 name:Enc surf:y atkf:y ks:s cenh: cenhe: ber:c kj:j "
         "start:/7/7/2t4/1tT4/tK4t/t1m4/1t5/",
         {36, 389, 15620, 198579}},
        {"7x7, encirclement with guards and commanders in the ring, capturing commander jumps",
         "dim:7 name:Enc surf:y atkf:y ks:w cenh: cenhe: kj:j cj:c "
         "start:/7/2tgt2/1t1C1t1/1cTKTm1/1t3t1/2t1t2/7/",
         {41, 426, 17912, 241962}},
        {"7x7, the king and a mercenary shut in, the king jumps (kj:j)",
         "dim:7 name:Enc surf:n atkf:y ks:s cenh: cenhe: kj:j start:/7/1tt4/tKM3t/1tt4/7/7/7/",
         {28, 174, 5604, 71790}},
        {"7x7, the same with capturing king jumps and ber:m",
         "dim:7 name:Enc surf:n atkf:y ks:s cenh: cenhe: kj:c ber:m "
         "start:/7/1tt4/tKM3t/1tt4/7/7/7/",
         {28, 174, 4455, 62062}},
        {"7x7, an exit fort one move away, walls of commander, guard and mercenary",
         "dim:7 name:Fort atkf:n efe:y surf:n ks:w start:/2TKG2/2C1M2/2T3T/t6/7/1t3t1/7/",
         {35, 944, 34734, 863599}},
        {"7x7, the same fort with berserk turns and capturing mercenary jumps",
         "dim:7 name:Fort atkf:n efe:y surf:n ks:w ber:m mj:c "
         "start:/2TKG2/2C1M2/2T3T/t6/7/1t3t1/7/",
         {35, 944, 34629, 857126}},
        {"7x7, the same fort with encirclement and king jumps",
         "dim:7 name:Fort atkf:n efe:y surf:y ks:w kj:j start:/2TKG2/2C1M2/2T3T/t6/7/1t3t1/7/",
         {35, 944, 34739, 863706}},
        {"7x7, shieldwalls of both sides (sw:w swf:n) with guards, commanders, mercenaries",
         "dim:7 name:SW surf:n atkf:y ks:s sw:w swf:n "
         "start:/2TGt2/2cg3/7/t2K2t/1m2T2/2TC3/1Tmt3/",
         {35, 947, 33930, 937131}},
        {"7x7, the same, flanking shieldwalls (swf:y), the pieces that close them moved before "
         "(OpenTafl lets no piece close one on its first move)",
         "dim:7 name:SW surf:n atkf:y ks:s sw:w start:/2TGt2/2cg3/7/t2K2t/1m2T2/2TC3/1Tmt3/",
         {35, 947, 33930},
         {"b5-b4", "e5-f5", "b4-b5", "f5-e5"}},
        {"7x7, the same with berserk turns (ber:m)",
         "dim:7 name:SW surf:n atkf:y ks:s sw:w swf:n ber:m "
         "start:/2TGt2/2cg3/7/t2K2t/1m2T2/2TC3/1Tmt3/",
         {35, 854, 28772, 747615}},
        {"7x7, the same, strong shieldwall, capturing mercenary jumps, ber:c",
         "dim:7 name:SW surf:n atkf:y ks:s sw:s swf:n ber:c mj:c "
         "start:/2TGt2/2cg3/7/t2K2t/1m2T2/2TC3/1Tmt3/",
         {36, 886, 32107, 850497}},
        {"7x7, a guard that would close a shieldwall",
         "dim:7 name:SW surf:n atkf:y ks:s sw:w swf:n "
         "start:/2TGt2/2cg3/7/t2K2t/1g2T2/2TC3/1Tmt3/",
         {35, 944, 33645, 928954}},
        {"7x7, an unarmed king closes a shieldwall (ka:n)",
         "dim:7 name:SW surf:n atkf:n ks:s sw:w swf:n ka:n "
         "start:/2TGt2/2cg3/7/t5t/1m2K2/2TC3/1Tmt3/",
         {21, 841, 18691, 736859}},
        {"7x7, the same with capturing king jumps and ber:c",
         "dim:7 name:SW surf:n atkf:n ks:s sw:w swf:n ka:n kj:c ber:c "
         "start:/2TGt2/2cg3/7/t5t/1m2K2/2TC3/1Tmt3/",
         {21, 841, 18379, 717483}},
        {"OpenTafl's relaxed Copenhagen (encirclement, strong shieldwall, exit forts) with a "
         "commander, a knight, a mercenary and a guard",
         "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y "
         "start:/3ttctt3/5t5/11/t4T4t/t3TTT3t/mt1TTKTT1tn/t3TTT3t/t4T4t/11/5g5/3ttttt3/",
         {116, 6788, 806364}},
        {"OpenTafl's relaxed Copenhagen with a defending commander, king jumps and ber:c",
         "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y ber:c kj:r "
         "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TCT3t/t4T4t/11/5t5/3ttttt3/",
         {116, 6788, 806344}},
        {"Tablut (encirclement, Linnaean capture) with king jumps",
         kTablutKeys + " ks:c kj:j start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
         {80, 4400, 353200}},
        {"Berserk with encirclement, exit forts and Linnaean capture",
         "dim:11 name:Berserk atkf:n tfr:l kj:r ber:c surf:y efe:y linc:y "
         "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
         {60, 6910, 440948}},
        {"Tablut with commanders and a knight, a middleweight king, ber:c",
         kTablutKeys + " surf:n ks:m ber:c "
                       "start:/3tct3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3tnt3/",
         {80, 4400, 353212}},
        // Speed limits of their own ('spd', 12 values t c n k m g T C N K M G): Branan once
        // moved every special piece at its side's soldier speed (39,679 / 224,002 / 1,009,681
        // at the depths below).
        {"7x7, attacker commanders at 2, defender knights at 1, the king at 2",
         "dim:7 name:S surf:n atkf:y spd:-1,2,-1,-1,-1,-1,-1,-1,1,2,-1,-1 "
         "start:/3t3/3c3/3T3/ttNKTtt/3T3/3t3/3t3/",
         {38, 768, 30329, 659674}},
        {"9x9, attackers at 3, their commanders at 1 and mercenaries at 2, defender mercenaries "
         "at 1 (a captured mercenary takes its new side's limit)",
         "dim:9 name:M surf:n atkf:y ks:w spd:3,1,-1,-1,2,-1,-1,-1,-1,-1,1,-1 "
         "start:/3tct3/4m4/4T4/t3M3t/tnTTKTTtt/t3T3t/4T4/4t4/3tmt3/",
         {64, 3244, 208152}},
        {"7x7, attacker guards at 1, defender guards at 2",
         "dim:7 name:G surf:n atkf:y cenp:tcnkmgTCNKMG cens:g "
         "spd:-1,-1,-1,-1,-1,1,-1,-1,-1,-1,-1,2 start:/3t3/3g3/3T3/ttGKTtt/3T3/3t3/3t3/",
         {36, 792, 29827, 700757}},
    };
    return list;
}

Game game_of(const std::string& keys, const std::string& record, Side to_move = Side::Attackers) {
    return testing::game_from(keys, record, to_move);
}

}  // namespace

TEST_CASE("special pieces with once refused rules: perft against OpenTafl's counts",
          "[perft][berserk]") {
    for (const ComboPerftCase& c : combo_perft_cases()) {
        INFO(c.what << ": " << c.rules);
        const auto rules = parse_rules_string(c.rules);
        INFO(rules.error());
        REQUIRE(rules.ok());
        Game game = Game::create(*rules).value();
        for (const auto& text : c.moves) REQUIRE(game.play(text).ok());
        for (int d = 1; d <= static_cast<int>(c.counts.size()); ++d) {
            INFO("depth " << d);
            CHECK(game.perft(d) == c.counts[d - 1]);
        }
    }
}

TEST_CASE("a middleweight king against commanders is not captured from inside the board",
          "[berserk]") {
    // OpenTafl (Perft2 legal): a6-d6 beside the king on d7, between c7 and e7: captured by
    // soldiers alone (verdict 1), not where the attackers have a commander (verdict 0), as
    // Taflman.checkSandwichCapture refuses a sandwich across the edge.
    const std::string keys = "dim:7 name:MW surf:n atkf:y ks:m cenh: cenhe:";
    CHECK(verdict_after(keys, "/1t5/7/7/7/6T/t6/2tKt2/", "a6-d6").outcome == Outcome::AttackersWin);
    CHECK(verdict_after(keys, "/1c5/7/7/7/6T/t6/2tKt2/", "a6-d6").outcome == Outcome::Ongoing);
    // Along the edge the commander's side captures him: e4-e7 against c7 and d6, verdict 1.
    Game along = game_of(keys, "/1c5/7/7/4t2/7/3t3/2tK3/");
    CHECK(play_captures(along, "e4-e7").empty());
    CHECK(along.status().outcome == Outcome::AttackersWin);
}

TEST_CASE("Linnaean capture with special pieces: a guard captures, a mercenary changes sides",
          "[berserk]") {
    // OpenTafl (Perft2 legal): a2-d2 captures d3; the defenders' mercenary becomes an attacker's
    // where it stands; with ber:m the guard's turn goes on (berserker d2).
    const std::string keys = "dim:7 name:Lin surf:n atkf:y ks:s linc:y";
    Game game = game_of(keys, "/7/g6/3M3/2tKg2/3c3/7/1T3t1/");
    CHECK(play_captures(game, "a2-d2") == "d3");
    CHECK(game.record() == "/7/3g3/3m3/2tKg2/3c3/7/1T3t1/");
    CHECK(game.side_to_move() == Side::Defenders);
    Game berserk = game_of(keys + " ber:m", "/7/t6/3M3/2tKg2/3c3/7/1T3t1/");
    CHECK(play_captures(berserk, "a2-d2") == "d3");
    CHECK(berserk.record() == "/7/3t3/3m3/2tKg2/3c3/7/1T3t1/");
    CHECK(berserk.side_to_move() == Side::Attackers);
    // Without linc nothing is captured.
    Game plain = game_of("dim:7 name:Lin surf:n atkf:y ks:s", "/7/g6/3M3/2tKg2/3c3/7/1T3t1/");
    CHECK(play_captures(plain, "a2-d2").empty());
}

TEST_CASE("encirclement with special pieces: a jump onto the edge breaks it, a berserk turn ends",
          "[berserk]") {
    // OpenTafl (Perft2 legal): g3-d3 closes the ring around the king on b3: verdict 1; with
    // kj:j the king jumps b3-b1 over b2 (Board.isSideEncircled asks every defender's
    // destinations, jumps included): verdict 0.
    const std::string keys = "dim:7 name:Enc surf:y atkf:y ks:w cenh: cenhe:";
    const Status ring = verdict_after(keys, "/7/1tt4/tK4t/1tm4/7/7/7/", "g3-d3");
    CHECK(ring.outcome == Outcome::AttackersWin);
    CHECK(ring.reason == OutcomeReason::Encircled);
    CHECK(verdict_after(keys + " kj:j", "/7/1tt4/tK4t/1tm4/7/7/7/", "g3-d3").outcome ==
          Outcome::Ongoing);
    // g5-c5 captures c4 and closes the ring around b5 and b6; the berserk turn (ber:m) could go
    // on, but checkVictory ends the game at once: verdict 1.
    Game berserk = game_of("dim:7 name:Enc surf:y atkf:y ks:s cenh: cenhe: ber:m",
                           "/7/7/2t4/1tT4/tK4t/t1m4/1t5/");
    CHECK(play_captures(berserk, "g5-c5") == "c4");
    CHECK(berserk.record() == "/7/7/2t4/1t5/tKt4/t1m4/1t5/");
    CHECK(berserk.status().outcome == Outcome::AttackersWin);
    CHECK(berserk.legal_moves().empty());
}

TEST_CASE("exit forts with special pieces: commanders, guards and mercenaries are walls",
          "[berserk]") {
    // OpenTafl (Perft2 legal): g3-d3 closes the fort around the king on d1 (walls c1, e1 a
    // guard, c2 a commander, e2 a mercenary, d3): verdict 2.
    const std::string keys = "dim:7 name:Fort atkf:n efe:y surf:n ks:w";
    const std::string record = "/2TKG2/2C1M2/2T3T/t6/7/1t3t1/7/";
    const Status fort = verdict_after(keys, record, "g3-d3", Side::Defenders);
    CHECK(fort.outcome == Outcome::DefendersWin);
    CHECK(fort.reason == OutcomeReason::ExitFort);
    CHECK(verdict_after("dim:7 name:Fort atkf:n surf:n ks:w", record, "g3-d3", Side::Defenders)
              .outcome == Outcome::Ongoing);
}

TEST_CASE("shieldwalls with special pieces: guards stay and close none, mercenaries change sides",
          "[berserk]") {
    // OpenTafl (Perft2 legal, swf:n): b5-b1 closes the row c1 d1 (d1 a guard) in front of c2 (a
    // commander) and d2 (a guard) against e1: c1 is captured, the guard stays. A guard moving
    // there captures nothing (GameState: "Guards can't close a shieldwall capture"). e5-e7
    // closes c7 d7 against b7: both are captured, the mercenary on c7 changes sides.
    const std::string keys = "dim:7 name:SW surf:n atkf:y ks:s sw:w swf:n";
    Game soldier = game_of(keys, "/2TGt2/2cg3/7/t2K2t/1t2T2/2TC3/1Tmt3/");
    CHECK(play_captures(soldier, "b5-b1") == "c1");
    CHECK(soldier.record() == "/1t1Gt2/2cg3/7/t2K2t/4T2/2TC3/1Tmt3/");
    Game guard = game_of(keys, "/2TGt2/2cg3/7/t2K2t/1g2T2/2TC3/1Tmt3/");
    CHECK(play_captures(guard, "b5-b1").empty());
    Game defenders = game_of(keys, "/2TGt2/2cg3/7/t2K2t/1m2T2/2TC3/1Tmt3/", Side::Defenders);
    CHECK(play_captures(defenders, "e5-e7") == "c7,d7");
    CHECK(defenders.record() == "/2TGt2/2cg3/7/t2K2t/1m5/2TC3/1TM1T2/");
    // Without sw nothing is captured.
    Game none =
        game_of("dim:7 name:SW surf:n atkf:y ks:s", "/2TGt2/2cg3/7/t2K2t/1t2T2/2TC3/1Tmt3/");
    CHECK(play_captures(none, "b5-b1").empty());
}

TEST_CASE("shieldwalls with special pieces: an unarmed king closes one, as in OpenTafl's code",
          "[berserk]") {
    // OpenTafl (Perft2 legal, ka:n): the king's e5-e7 closes c7 d7 against b7 and captures both.
    Game game = game_of("dim:7 name:SW surf:n atkf:n ks:s sw:w swf:n ka:n",
                        "/2TGt2/2cg3/7/t5t/1m2K2/2TC3/1Tmt3/", Side::Defenders);
    CHECK(play_captures(game, "e5-e7") == "c7,d7");
    CHECK(game.record() == "/2TGt2/2cg3/7/t5t/1m5/2TC3/1TM1K2/");
}

TEST_CASE("no defender next to an empty square: the attackers win though the king could jump",
          "[berserk]") {
    // OpenTafl (Perft2 legal): g3-d3 leaves neither the king on b3 nor the mercenary on c3 an
    // empty neighbour: verdict 1 (checkVictory), although the king could jump b3-b1 or b3-b5.
    Game game =
        game_of("dim:7 name:Enc surf:n atkf:y ks:s cenh: cenhe: kj:j", "/7/1tt4/tKM3t/1tt4/7/7/7/");
    game.play(game.parse_move("g3-d3").value());
    CHECK(game.status().outcome == Outcome::AttackersWin);
    CHECK(game.legal_moves().empty());
}
