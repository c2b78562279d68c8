// SPDX-License-Identifier: GPL-3.0-or-later
// The slow reference (tests/reference/) ALONE under Copenhagen rules: perft from the start and
// hand-built positions whose captures and verdicts were worked out by hand from rules.md section 3
// (Copenhagen). No engine code is involved, so these hold while the engine learns Copenhagen.
// Boards are drawn top-down (rank 11 first), '.' empty, files a-k left to right.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catch.h"
#include "copenhagen_positions.h"
#include "reference/naive_tafl.h"

using namespace branan;

namespace {

// Copenhagen built field by field from rules.md, not from the engine's presets.
Rules copenhagen_rules() {
    Rules r;
    r.name = "copenhagen";
    r.size = 11;
    r.start = "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
    r.first_to_move = Side::Attackers;
    r.escape = Escape::Corners;
    r.encirclement = true;
    r.encirclement_unbreakable = true;
    r.king_armed = KingArmed::Yes;
    r.king_strength = KingStrength::Strong;
    r.speed = {0, 0, 0};
    r.throne.exists = true;
    r.throne.stop = kKingOnly;
    r.throne.pass = PieceSet::all();
    r.throne.reenter = PieceSet::all();  // the king may return
    r.throne.hostile = PieceSet::of(Piece::AttackerSoldier);
    r.throne.hostile_empty = PieceSet::all();  // the king too: "three plus the throne"
    r.corners.exists = true;
    r.corners.stop = kKingOnly;
    r.corners.pass = PieceSet::all();
    r.corners.reenter = PieceSet::all();
    r.corners.hostile = PieceSet::all();
    r.corners.hostile_empty = PieceSet::all();
    r.linnaean_capture = false;
    r.king_crosses_left_throne = false;
    r.shieldwall = Shieldwall::Strong;
    r.shieldwall_scan = ShieldwallScan::Rows;
    r.edge_fort = EdgeFort::Sealed;
    r.repetition = RepetitionRule::DefendersLose;
    r.no_move = NoMoveRule::Loss;
    r.forest_moves = 0;
    return r;
}

// A position record from rows drawn top-down.
std::string board(const std::vector<std::string>& rows_top_down) {
    REQUIRE(rows_top_down.size() == 11);
    std::string out = "/";
    for (auto row = rows_top_down.rbegin(); row != rows_top_down.rend(); ++row) {
        REQUIRE(row->size() == 11);
        int empties = 0;
        for (char c : *row) {
            if (c == '.') {
                ++empties;
                continue;
            }
            if (empties) out += std::to_string(empties);
            empties = 0;
            out += c;
        }
        if (empties) out += std::to_string(empties);
        out += "/";
    }
    return out;
}

struct OneMove {
    std::string captures;
    int outcome;  // 0 ongoing, 1 attackers win, 2 defenders win
};

OneMove play_one(const Rules& rules, const std::vector<std::string>& rows, Side side,
                 const std::string& move) {
    const std::string record = board(rows);
    INFO(record << " " << side_name(side) << " " << move);
    const auto before = reference::legal_moves(rules, record, side);
    REQUIRE(std::find(before.begin(), before.end(), move) != before.end());
    const auto played = reference::play(rules, record, side, {move});
    REQUIRE(played.captures_per_move.size() == 1);
    return {played.captures_per_move[0], played.outcome};
}

bool has_move(const std::vector<std::string>& moves, const std::string& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace

TEST_CASE("reference Copenhagen: perft from the start", "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();
    CHECK(reference::perft(rules, rules.start, Side::Attackers, 1) == 116);
    CHECK(reference::perft(rules, rules.start, Side::Attackers, 2) == 6788);
    CHECK(reference::perft(rules, rules.start, Side::Attackers, 3) == 806344);
}

TEST_CASE("reference Copenhagen: shieldwall on each edge", "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();

    SECTION("rank 1, attackers; the same move also captures c2 custodially") {
        // b1-c1: d1 and e1 have attackers in front (d2, e2), f1 closes. c2 is taken between c1
        // and c3 as usual.
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", ".....K.....", "...........", "...........",
                           "..t........", "..Ttt......", ".t.TTt....."},
                          Side::Attackers, "b1-c1");
        CHECK(r.captures == "c2,d1,e1");
        CHECK(r.outcome == 0);
    }
    SECTION("rank 11, defenders, a row of three") {
        // e7-e11: f11, g11, h11 with defenders in front (f10-h10), i11 closes.
        auto r = play_one(rules,
                          {".....tttT..", ".....TTT...", "...........", "...........",
                           "....T......", ".....K.....", "...........", "...........",
                           "...........", "...........", "..........."},
                          Side::Defenders, "e7-e11");
        CHECK(r.captures == "f11,g11,h11");
    }
    SECTION("file a, attackers, towards the lower rank") {
        // d6-a6: a5 and a4 with b5, b4 in front, a3 closes.
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", "...t.K.....", "Tt.........", "Tt.........",
                           "t..........", "...........", "..........."},
                          Side::Attackers, "d6-a6");
        CHECK(r.captures == "a4,a5");
    }
    SECTION("file k, defenders, towards the higher rank") {
        // h6-k6: k7 and k8 with j7, j8 in front, k9 closes.
        auto r = play_one(rules,
                          {"...........", "...........", "..........T", ".........Tt",
                           ".........Tt", ".....K.T...", "...........", "...........",
                           "...........", "...........", "..........."},
                          Side::Defenders, "h6-k6");
        CHECK(r.captures == "k7,k8");
    }
}

TEST_CASE("reference Copenhagen: a wall closed by an empty corner", "[reference][copenhagen]") {
    // d5-d1: c1 and b1 with c2, b2 in front; the far end is the empty corner a1.
    const std::vector<std::string> rows = {
        "...........", "...........", "...........", "...........", "...........", ".....K.....",
        "...t.......", "...........", "...........", ".tt........", ".TT........"};
    Rules rules = copenhagen_rules();
    CHECK(play_one(rules, rows, Side::Attackers, "d5-d1").captures == "b1,c1");
    rules.shieldwall = Shieldwall::Weak;  // OpenTafl's sw:w: the corner no longer closes it
    CHECK(play_one(rules, rows, Side::Attackers, "d5-d1").captures == "");
}

TEST_CASE("reference Copenhagen: the king in a wall's row stays", "[reference][copenhagen]") {
    // c7-c11: the row is d11 (the king, d10 in front) and e11 (e10 in front), f11 closes. Two
    // pieces: the soldier is taken, the king stays and the game goes on (no king capture on the
    // edge).
    auto r = play_one(
        copenhagen_rules(),
        {"...KTt.....", "...tt......", "...........", "...........", "..t........", "...........",
         "...........", "...........", "...........", "...........", "..........."},
        Side::Attackers, "c7-c11");
    CHECK(r.captures == "e11");
    CHECK(r.outcome == 0);
}

TEST_CASE("reference Copenhagen: rows too short or broken", "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();
    SECTION("the king alone in the row: one piece, no wall, nothing taken") {
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", "...........", "..t........", "...........",
                           "...........", "...t.......", "...Kt......"},
                          Side::Attackers, "c5-c1");
        CHECK(r.captures == "");
        CHECK(r.outcome == 0);
    }
    SECTION("one soldier: taken by the ordinary custodial rule only") {
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", ".....K.....", "..t........", "...........",
                           "...........", "...t.......", "...Tt......"},
                          Side::Attackers, "c5-c1");
        CHECK(r.captures == "d1");
    }
    SECTION("the second piece has nobody in front: the row breaks, nothing taken") {
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", ".....K.....", "..t........", "...........",
                           "...........", "...t.......", "...TTt....."},
                          Side::Attackers, "c5-c1");
        CHECK(r.captures == "");
    }
}

TEST_CASE("reference Copenhagen: walls on both sides, the lower one is taken",
          "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();
    SECTION("rank 1: the lower file") {
        // f5-f1: d1, e1 (closed by c1) and g1, h1 (closed by i1) are both bracketed.
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", "...........", ".....t.....", "...........",
                           "...K.......", "...tt.tt...", "..tTT.TTt.."},
                          Side::Attackers, "f5-f1");
        CHECK(r.captures == "d1,e1");
    }
    SECTION("one piece on the lower side is no wall: the higher wall is taken") {
        // e5-e1: d1 alone (closed by c1) is a row of one, so no wall; it falls to the ordinary
        // custodial rule. f1, g1 (closed by h1) are the only wall.
        auto r = play_one(rules,
                          {"...........", "...........", "...........", "...........",
                           "...........", "...........", "....t......", "...........",
                           "...K.......", "...t.tt....", "..tT.TTt..."},
                          Side::Attackers, "e5-e1");
        CHECK(r.captures == "d1,f1,g1");
    }
    SECTION("file a: the lower rank") {
        // d6-a6: a4, a5 (closed by a3) and a7, a8 (closed by a9).
        auto r = play_one(rules,
                          {"...........", "...........", "t..........", "Tt.........",
                           "Tt.........", "...t.K.....", "Tt.........", "Tt.........",
                           "t..........", "...........", "..........."},
                          Side::Attackers, "d6-a6");
        CHECK(r.captures == "a4,a5");
    }
}

TEST_CASE("reference Copenhagen: exit forts", "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();
    SECTION("closed by the last defender: the defenders win") {
        // g5-g1: the king on e1 reaches only f1, which touches no attacker; g1 (off the board
        // below, f1 beside) and f2 (f1 below, e2 beside) cannot be taken.
        auto r = play_one(rules,
                          {".....t.....", "...........", "...........", "...........",
                           "...........", "t.........t", "......T....", "...........",
                           "...........", "....TT.....", "...TK......"},
                          Side::Defenders, "g5-g1");
        CHECK(r.captures == "");
        CHECK(r.outcome == 2);
    }
    SECTION("an attacker beside the king: no fort (the real games bear this out)") {
        auto r = play_one(rules,
                          {".....t.....", "...........", "...........", "...........",
                           "...........", "t.........t", "......T....", "...........",
                           "...........", "....TT.....", "...tK......"},
                          Side::Defenders, "g5-g1");
        CHECK(r.outcome == 0);
    }
    // The area is f1 and f2; i3-f3 closes it. f3 has f2 (the area) on its file, so everything
    // hangs on its rank: e3 and g3 empty means an attacker could take it in one move.
    const std::vector<std::string> breakable = {
        ".....t.....", "...........", "...........", "...........", "...........", "t.........t",
        "...........", "...........", "........T..", "....T.T....", "...TK.T...."};
    SECTION("a defender of the fort can be taken: no win") {
        CHECK(play_one(rules, breakable, Side::Defenders, "i3-f3").outcome == 0);
    }
    SECTION("the same fort with e3 held: unbreakable, the defenders win") {
        auto rows = breakable;
        rows[8] = "....T...T..";
        CHECK(play_one(rules, rows, Side::Defenders, "i3-f3").outcome == 2);
    }
    SECTION("the area touches an attacker: no win") {
        auto rows = breakable;
        rows[8] = "....T...T..";
        rows[9] = "....T.t....";  // g2 an attacker, beside the area square f2
        CHECK(play_one(rules, rows, Side::Defenders, "i3-f3").outcome == 0);
    }
    SECTION("exit forts off: no win") {
        Rules no_forts = rules;
        no_forts.edge_fort = EdgeFort::None;
        auto rows = breakable;
        rows[8] = "....T...T..";
        CHECK(play_one(no_forts, rows, Side::Defenders, "i3-f3").outcome == 0);
    }
}

TEST_CASE("reference Copenhagen: encirclement", "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();
    // c9-c6 closes a ring around the area c4 (king), c5, d4, e4 (defender), e5. The defenders'
    // moves are then K c4-c5, K c4-d4, T e4-e5 and T e4-d4, and none captures: nothing stands
    // beyond any ring attacker.
    const std::vector<std::string> ring = {
        "...........", "...........", "..t........", "...........", "...........", "....t......",
        ".t.t.t.....", ".tK.Tt.....", "..ttt......", "...........", "..........."};
    SECTION("an unbreakable ring: the attackers win") {
        auto r = play_one(rules, ring, Side::Attackers, "c9-c6");
        CHECK(r.captures == "");
        CHECK(r.outcome == 1);
    }
    SECTION("a breakable ring: e4-e5 would take d5 against c5, no win") {
        auto rows = ring;
        rows[6] = ".tTt.t.....";  // a defender on c5
        CHECK(play_one(rules, rows, Side::Attackers, "c9-c6").outcome == 0);
        Rules old = rules;  // the plain encirclement does not care
        old.encirclement_unbreakable = false;
        CHECK(play_one(old, rows, Side::Attackers, "c9-c6").outcome == 1);
    }
    SECTION("a defender outside the king's area: no win") {
        // j2 is shut in a pocket of its own (j1, i2, k2, j3): no defender reaches the edge, which
        // wins under plain encirclement but not Copenhagen's.
        auto rows = ring;
        rows[8] = "..ttt....t.";
        rows[9] = "........tTt";
        rows[10] = ".........t.";
        CHECK(play_one(rules, rows, Side::Attackers, "c9-c6").outcome == 0);
        Rules old = rules;
        old.encirclement_unbreakable = false;
        CHECK(play_one(old, rows, Side::Attackers, "c9-c6").outcome == 1);
    }
}

TEST_CASE("reference Copenhagen: the king", "[reference][copenhagen]") {
    const Rules rules = copenhagen_rules();
    SECTION("three attackers and the empty throne capture him") {
        auto r = play_one(rules,
                          {"...........", "...........", ".....t.....", "...........",
                           "....tKt....", "...........", "...........", "...........",
                           "...........", "...........", "..T........"},
                          Side::Attackers, "f9-f8");
        CHECK(r.outcome == 1);
    }
    SECTION("never on the edge") {
        auto r = play_one(rules,
                          {"...........", "...........", ".....T.....", "...........",
                           "...........", "...........", ".....t.....", "...........",
                           "...........", "....t......", "...tK......"},
                          Side::Attackers, "f5-f1");
        CHECK(r.outcome == 0);
        CHECK(r.captures == "");
    }
    SECTION("he may return to the throne and everyone crosses it") {
        const std::string record =
            board({"...........", "...........", "...........", "...........", "...........",
                   "...K......T", "...........", "...........", "...........", "...........",
                   ".t........."});
        const auto moves = reference::legal_moves(rules, record, Side::Defenders);
        CHECK(has_move(moves, "d6-f6"));
        CHECK(has_move(moves, "d6-j6"));
        CHECK(has_move(moves, "k6-e6"));
        CHECK_FALSE(has_move(moves, "k6-f6"));
    }
}

TEST_CASE("reference: a king who may not return to the throne crossing it",
          "[reference][copenhagen]") {
    // The king on d6 has left the throne f6 (a record with him elsewhere counts as "left").
    const std::string record = board({"...........", "...........", "...........", "...........",
                                      "...........", "...K.....T.", "...........", "...........",
                                      "...........", "...........", ".t........."});
    Rules rules = copenhagen_rules();
    rules.throne.reenter = kSoldiers;  // the king may not come back
    SECTION("Linnaeus: he crosses the empty throne, never stops on it") {
        rules.king_crosses_left_throne = true;
        const auto moves = reference::legal_moves(rules, record, Side::Defenders);
        CHECK(has_move(moves, "d6-e6"));
        CHECK_FALSE(has_move(moves, "d6-f6"));
        CHECK(has_move(moves, "d6-g6"));
        CHECK(has_move(moves, "d6-i6"));
        CHECK_FALSE(has_move(moves, "d6-j6"));
        CHECK(has_move(moves, "j6-e6"));  // soldiers still pass
    }
    SECTION("OpenTafl's re-enter key: he neither stops on nor crosses it") {
        rules.king_crosses_left_throne = false;
        const auto moves = reference::legal_moves(rules, record, Side::Defenders);
        CHECK(has_move(moves, "d6-e6"));
        CHECK_FALSE(has_move(moves, "d6-f6"));
        CHECK_FALSE(has_move(moves, "d6-g6"));
        CHECK(has_move(moves, "j6-e6"));
    }
}

TEST_CASE("reference Copenhagen: the mid-game positions are legal, not over, and searchable",
          "[reference][copenhagen][perft]") {
    const Rules rules = copenhagen_rules();
    const auto positions = testing::copenhagen_test_positions();
    CHECK(positions.size() >= 20);
    for (const auto& pos : positions) {
        INFO(pos.what << ": " << pos.record);
        CHECK(pos.presets == std::vector<std::string>{"copenhagen"});
        CHECK((pos.depth == 2 || pos.depth == 3));
        // Expand the record (rank 1 first) and look at the special squares.
        std::vector<std::string> ranks;
        std::string cur;
        for (size_t i = 0; i < pos.record.size(); ++i) {
            const char c = pos.record[i];
            if (c == '/') {
                if (!cur.empty()) ranks.push_back(cur);
                cur.clear();
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                int n = c - '0';
                if (i + 1 < pos.record.size() &&
                    std::isdigit(static_cast<unsigned char>(pos.record[i + 1])))
                    n = n * 10 + (pos.record[++i] - '0');
                cur += std::string(n, '.');
            } else {
                cur += c;
            }
        }
        REQUIRE(ranks.size() == 11);
        int kings = 0;
        for (const auto& rank : ranks) {
            REQUIRE(rank.size() == 11);
            kings += static_cast<int>(std::count(rank.begin(), rank.end(), 'K'));
        }
        CHECK(kings == 1);
        for (auto [r, f] : {std::pair{5, 5}, {0, 0}, {0, 10}, {10, 0}, {10, 10}})
            CHECK((ranks[r][f] != 't' && ranks[r][f] != 'T'));
        // Not over: the reference returns no move once the game is decided (king escaped or
        // captured, ring). Forts are decided only after a defender's move, never in a record as
        // given; that none of these is one already was checked when they were picked.
        const auto moves = reference::legal_moves(rules, pos.record, pos.to_move);
        CHECK_FALSE(moves.empty());
        CHECK(reference::perft(rules, pos.record, pos.to_move, pos.depth) > 0);
    }
}

// Every real game of tests/data/copenhagen-games.csv through the reference: every move legal,
// every capture the file marks ("e2-d2xd3", a king capture unmarked) exactly the reference's, no
// game going on after the reference ends it, and every verdict it reaches the game's result.
TEST_CASE("reference Copenhagen: the real games replay with the same captures and verdicts",
          "[reference][copenhagen][replay]") {
    const Rules rules = copenhagen_rules();
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/copenhagen-games.csv");
    REQUIRE(in);
    std::string line;
    int games = 0, capturing = 0, decided = 0;
    while (std::getline(in, line)) {
        ++games;
        INFO("line " << games << ": " << line);
        const auto comma = line.find(',');
        REQUIRE(comma != std::string::npos);
        const std::string result = line.substr(line.rfind(',') + 1);
        std::istringstream words(line.substr(0, comma));
        std::vector<std::string> moves, marked;
        for (std::string word; words >> word && word != "timeout";) {
            std::set<std::string> squares;  // a square may be marked twice ("xk6xk6")
            for (auto x = word.find('x'); x != std::string::npos;) {
                const auto next = word.find('x', x + 1);
                squares.insert(word.substr(x + 1, next == std::string::npos ? next : next - x - 1));
                x = next;
            }
            std::string joined;
            for (const auto& sq : squares) joined += (joined.empty() ? "" : ",") + sq;
            moves.push_back(word);
            marked.push_back(joined);
        }
        reference::Played played;
        REQUIRE_NOTHROW(played = reference::play(rules, rules.start, Side::Attackers, moves));
        CHECK(played.captures_per_move == marked);
        for (const auto& c : marked) capturing += !c.empty();
        if (played.outcome != 0) {
            ++decided;
            CHECK(result == (played.outcome == 1 ? "Black" : "White"));
        }
    }
    CHECK(games == 1752);
    CHECK(capturing > 10000);
    CHECK(decided > 300);  // escapes, king captures, exit forts and rings among them
}
