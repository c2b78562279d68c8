// SPDX-License-Identifier: GPL-3.0-or-later
// OpenTafl's shieldwall scan, quirk by quirk (ShieldwallScan::OpenTafl,
// core/position_opentafl_walls.h), and the shieldwall test of its exit forts. Every count, capture
// and verdict written here is OpenTafl 0.4.8's own (commit 6895051d5a3b), from a scratch harness
// outside the repository around its engine code: `Perft2 perft '<rules>' <depth>`
// (Taflman.getAllowableDestinations, GameState.moveTaflman, Game.advanceState and checkVictory,
// terminal positions not expanded, every move of a berserk turn a ply) and `Perft2 legal '<rules>'
// <moves>` (for each move the captures, the verdict, who moves next and the board after). Where
// the clean rows (`xsw:r`) capture otherwise, the case says what they take.
#include <string>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/rules_string.h"
#include "reference_compare.h"

using namespace branan;
using testing::game_from;
using testing::play_captures;
using testing::verdict_after;

namespace {

const std::string kStrict = "dim:7 name:W atkf:y surf:n sw:s";
const std::string kRelaxed = kStrict + " swf:n";

struct WallCase {
    const char* quirk;
    std::string keys;
    std::string record;
    std::vector<std::string> moves;  // the captures of the last one are checked
    std::string captures;            // OpenTafl's (Perft2 legal)
    const char* clean;               // what the clean rows (xsw:r) take, or null where the same
    std::vector<uint64_t> counts;    // OpenTafl's perft 1 to 3 from the record
    std::vector<uint64_t> berserk;   // the same with ber:c (the special path), where given
};

const std::vector<WallCase>& wall_cases() {
    static const std::vector<WallCase> list = {
        {"the short cut counts the king among the defenders on the edge: b1 and the king c1 are "
         "two (detectShieldwallPositionsForSide's count); the row b1 c1 is taken but the king",
         kRelaxed,
         "/1TK4/1tt4/3t2t/7/7/7/7/",
         {"d3-d1"},
         "b1",
         nullptr,
         {31, 182, 4959},
         {31, 182, 4959}},
        {"the short cut: d1 is the only attacker on the edge, so no position is looked for",
         kRelaxed,
         "/1TK4/1tt4/3t3/7/7/6T/7/",
         {"d3-d1"},
         "",
         "b1",
         {26, 408, 10152},
         {}},
        {"the lagging index: b1, an attacker with an attacker in front, joins the surrounded "
         "squares (edge.get(index + 1) is b1 itself after the corner's continue), and a position "
         "holding a piece of the mover's side captures nothing",
         kRelaxed,
         "/1tTT3/1ttt3/4t2/3K2t/7/7/7/",
         {"e3-e1"},
         "",
         "c1,d1",
         {33, 378, 13283},
         {33, 378, 12751}},
        {"the piece that ends a row opens the next one without joining its surrounding taflmen: "
         "b1 (which has moved before) brackets c1 d1 against e1, but is in no position",
         kStrict,
         "/2TTt2/2tt3/7/1t1K3/7/7/7/",
         {"b4-b3", "d4-d5", "b3-b1"},
         "",
         "c1,d1",
         {26, 290, 8498},
         {26, 290, 8215}},
        {"lists are not reset between edges: the row b1-f1 closed by the corner g1 runs on into "
         "rank 7, where d7 (moved before) ends b7 c7 and takes the whole list",
         kStrict,
         "/1TTTTT1/1ttttt1/7/3K2t/3t3/1tt4/1TT4/",
         {"d5-e5", "d4-c4", "e5-d5", "c4-d4", "d5-d7"},
         "b1,b7,c1,c7,d1,e1,f1",
         "b7,c7",
         {44, 483, 21139},
         {44, 483, 19208}},
        {"a piece's first move closes no flanking wall: the Java char before the move lacks the "
         "DEVELOPED bit the board's has after it (surroundingTaflmen.contains fails)",
         kStrict,
         "/1TTTTT1/1ttttt1/7/3K2t/3t3/1tt4/1TT4/",
         {"d5-d7"},
         "",
         "b7,c7",
         {44, 483, 21139},
         {}},
        {"the first move of d3 closes nothing; after it has moved, the same arrival takes b1 c1",
         kStrict,
         "/1TT4/1tt4/3t2t/3K3/7/7/7/",
         {"d3-d1"},
         "",
         "b1,c1",
         {28, 405, 12274},
         {28, 405, 12274}},
        {"the same, developed",
         kStrict,
         "/1TT4/1tt4/3t2t/3K3/7/7/7/",
         {"d3-e3", "d4-d5", "e3-d3", "d5-d4", "d3-d1"},
         "b1,c1",
         nullptr,
         {28, 405, 12274},
         {}},
        {"the other side's positions are checked too: the defenders' scan surrounds b1 c1 d1 "
         "(each a defender with one in front and one next to it), and any attacker move takes "
         "them (the surrounded squares are looked at only then: none of the mover's side)",
         kRelaxed,
         "/1TTTT2/1TTT3/7/t2K2t/7/7/4t2/",
         {"e7-f7"},
         "b1,c1,d1",
         "",
         {21, 705, 15112},
         {21, 705, 15112}},
    };
    return list;
}

}  // namespace

TEST_CASE("OpenTafl's shieldwall scan: each quirk's captures and perft as OpenTafl's code",
          "[shieldwall][perft]") {
    for (const WallCase& c : wall_cases()) {
        INFO(c.quirk << "\n" << c.keys << " start:" << c.record);
        Game game = game_from(c.keys, c.record);
        for (size_t i = 0; i + 1 < c.moves.size(); ++i) play_captures(game, c.moves[i]);
        CHECK(play_captures(game, c.moves.back()) == c.captures);
        if (c.clean) {
            Game clean = game_from(c.keys + " xsw:r", c.record);
            for (size_t i = 0; i + 1 < c.moves.size(); ++i) play_captures(clean, c.moves[i]);
            CHECK(play_captures(clean, c.moves.back()) == c.clean);
        }
        const Game root = game_from(c.keys, c.record);
        for (int d = 1; d <= 3; ++d) CHECK(root.perft(d) == c.counts[d - 1]);
        if (c.berserk.empty()) continue;
        const Game berserk = game_from(c.keys + " ber:c", c.record);
        for (int d = 1; d <= 3; ++d) CHECK(berserk.perft(d) == c.berserk[d - 1]);
    }
}

TEST_CASE("OpenTafl's exit fort: a defenders' shieldwall holding the king wins first",
          "[efe][shieldwall]") {
    // OpenTafl (Perft2 legal): d3-d2 puts a defender in front of the king on d1; the defenders'
    // scan of rank 1 then surrounds b1, c1, the king (by its special case: the lagging index
    // points at the empty c1) and the attacker e1, ended by f1 (checkVictory's shieldwall test).
    // The king can move to c1, so the defenders win, though the exhaustive test refuses the fort
    // (e1 is an attacker next to the king).
    const std::string keys = kStrict + " efe:y";
    const std::string before = "/1T1KtT1/1TT1T2/3T3/t5t/7/3t3/7/";
    const Status win = verdict_after(keys, before, "d3-d2", Side::Defenders);
    CHECK(win.outcome == Outcome::DefendersWin);
    CHECK(win.reason == OutcomeReason::ExitFort);
    const Game root = game_from(keys, before, Side::Defenders);
    const std::vector<uint64_t> counts = {38, 905, 34761};
    for (int d = 1; d <= 3; ++d) CHECK(root.perft(d) == counts[d - 1]);
    const Game berserk_root = game_from(keys + " ber:c", before, Side::Defenders);
    const std::vector<uint64_t> berserk_counts = {38, 905, 34708};
    for (int d = 1; d <= 3; ++d) CHECK(berserk_root.perft(d) == berserk_counts[d - 1]);
    // With an attacker on c1 the king has no move: no win (verdict none), and the game goes on.
    const std::string boxed = "/1TtKtT1/1TTTT2/7/t5t/7/3t3/7/";
    CHECK(verdict_after(keys, boxed, "d6-c6").outcome == Outcome::Ongoing);
    const Game boxed_root = game_from(keys, boxed);
    const std::vector<uint64_t> opentafl = {25, 618, 15288};
    for (int d = 1; d <= 3; ++d) CHECK(boxed_root.perft(d) == opentafl[d - 1]);
    const Game berserk = game_from(keys + " ber:c", boxed);
    const std::vector<uint64_t> opentafl_berserk = {25, 618, 15277};
    for (int d = 1; d <= 3; ++d) CHECK(berserk.perft(d) == opentafl_berserk[d - 1]);
}

TEST_CASE("OpenTafl's shieldwall scan: a mercenary won over counts on the edge for neither side",
          "[shieldwall][berserk]") {
    // OpenTafl (Perft2 legal, swf:n): c3-c1 captures the mercenary b1 against the corner a1; it
    // becomes an attacker. The short cut counts the pieces listed before the move (Side.getTaflmen
    // of the state before it), where the mercenary was a defender: on the board after, the
    // attackers have c1 alone on the edge, so the row d1 e1 f1 (attackers in front, the corner
    // g1 closing it) is not looked for.
    const std::string keys = "dim:7 name:M atkf:y surf:n sw:s swf:n";
    const std::string record = "/1M1TTT1/3ttt1/2t4/3K3/7/7/7/";
    Game game = game_from(keys, record);
    CHECK(play_captures(game, "c3-c1") == "b1");
    CHECK(game.record() == "/1mtTTT1/3ttt1/7/3K3/7/7/7/");
    const Game root = game_from(keys, record);
    const std::vector<uint64_t> opentafl = {27, 503, 14029};
    for (int d = 1; d <= 3; ++d) CHECK(root.perft(d) == opentafl[d - 1]);
}
