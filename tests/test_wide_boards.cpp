// SPDX-License-Identifier: GPL-3.0-or-later
// Boards beyond 11x11 (13x13 to 19x19, on the 256- and 384-bit bitboards): perft from the start
// against OpenTafl's own counts, the wide bitboard's operations against a plain bit array, and
// random games checked move by move against the independent slow reference (tests/reference/).
#include <bitset>
#include <random>

#include "catch.h"
#include "core/bitboard.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/opentafl_notation.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "reference/naive_tafl.h"
#include "reference_compare.h"
#include "test_support.h"

using namespace branan;
using testing::engine_moves;
using testing::joined_captures;

namespace {

// OpenTafl's Tablut 15x15 and Sea Battle (Parlett) 13x13: the presets made from its strings.
const char* tablut15() {
    static const std::string text = write_rules_string(*preset("tablut-15"));
    return text.c_str();
}
const char* sea_battle13() {
    static const std::string text = write_rules_string(*preset("sea-battle-13"));
    return text.c_str();
}
// Copenhagen's rules (shieldwall, exit forts, encirclement) on Sea Battle's 13x13 start.
const char* const kCopenhagen13 =
    "dim:13 name:Copenhagen_13 atkf:y tfr:w sw:s efe:y "
    "start:/4ttttt4/5t1t5/6t6/6T6/t3T3T3t/tt3TTT3tt/t1tT1TKT1Tt1t/tt3TTT3tt/t3T3T3t/6T6/6t6/"
    "5t1t5/4ttttt4/";
// A 19x19 board with the four ordinary corners (OpenTafl's defaults: corner escape, strong armed
// king), attackers in wedges on the edges, defenders in a cross.
const char* const kCorners19 =
    "dim:19 name:Corners_19 atkf:y "
    "start:/6ttttttt6/8ttt8/9t9/19/9T9/9T9/t8T8t/t8T8t/tt7T7tt/ttt1TTTTTKTTTTT1ttt/tt7T7tt/"
    "t8T8t/t8T8t/9T9/9T9/19/9t9/8ttt8/6ttttttt6/";
// A 17x17 board (384 bits too), edge escape, weak king.
const char* const kEdge17 =
    "dim:17 name:Edge_17 esc:e ks:w atkf:y "
    "start:/5ttttttt5/8t8/17/8T8/t7T7t/t7T7t/t6TTT6t/t5TT1TT5t/tt1TTTTTKTTTTT1tt/t5TT1TT5t/"
    "t6TTT6t/t7T7t/t7T7t/8T8/17/8t8/5ttttttt5/";

Rules rules_of(const char* text) {
    auto r = parse_rules_string(text);
    INFO(text << ": " << r.error());
    REQUIRE(r.ok());
    return *r;
}

uint64_t start_perft(const char* rules, int depth) {
    return Game::create(rules_of(rules)).value().perft(depth);
}

template <class BB>
std::bitset<512> bits_of(const BB& b) {
    std::bitset<512> out;
    for (int sq = 0; sq < max_squares<BB>; ++sq) out[sq] = test(b, sq);
    return out;
}

template <class BB>
void check_wide_operations() {
    constexpr int n = max_squares<BB>;
    std::mt19937_64 rng(20261130);
    for (int round = 0; round < 200; ++round) {
        BB a = 0, b = 0;
        std::bitset<512> ra, rb;
        // Sparse and dense sets, with squares at the word boundaries now and then.
        const int density = round % 4 == 0 ? 2 : round % 4 == 1 ? 50 : 97;
        for (int sq = 0; sq < n; ++sq) {
            if (static_cast<int>(rng() % 100) < density) a |= square_bb<BB>(sq), ra[sq] = true;
            if (static_cast<int>(rng() % 100) < density) b |= square_bb<BB>(sq), rb[sq] = true;
        }
        std::bitset<512> mask;
        for (int sq = 0; sq < n; ++sq) mask[sq] = true;
        REQUIRE(bits_of(a) == ra);
        CHECK(bits_of(a & b) == (ra & rb));
        CHECK(bits_of(a | b) == (ra | rb));
        CHECK(bits_of(a ^ b) == (ra ^ rb));
        CHECK(bits_of(~a) == (~ra & mask));
        CHECK((a == b) == (ra == rb));
        CHECK(static_cast<bool>(a) == ra.any());
        CHECK(popcount(a) == static_cast<int>(ra.count()));
        for (int shift : {0, 1, 13, 19, 63, 64, 65, 127, 128, 200, n - 1}) {
            INFO("shift " << shift);
            CHECK(bits_of(a << shift) == ((ra << shift) & mask));
            CHECK(bits_of(a >> shift) == (ra >> shift));
        }
        if (ra.none()) continue;
        int low = 0, high = n - 1;
        while (!ra[low]) ++low;
        while (!ra[high]) --high;
        CHECK(lsb(a) == low);
        CHECK(msb(a) == high);
        BB c = a;
        std::vector<int> popped;
        while (c) popped.push_back(pop_lsb(c));
        CHECK(static_cast<int>(popped.size()) == popcount(a));
        CHECK(std::is_sorted(popped.begin(), popped.end()));
        CHECK(popped.front() == low);
    }
}

// Random games under `rules`: every move's captures, the records and the verdicts agree with the
// reference; every `probe_every` plies the legal moves and perft to `depth` do too. Adds the
// capturing moves and the games the rules decided to `tally`.
struct Tally {
    int capturing = 0, decided = 0;
};
void random_games_against_reference(Tally& tally, const char* text, int games, int max_plies,
                                    int probe_every, int depth, uint32_t seed) {
    const Rules rules = rules_of(text);
    std::mt19937 rng(seed);
    for (int g = 0; g < games; ++g) {
        Game game = Game::create(rules).value();
        std::vector<std::string> moves, captures;
        while (!game.status().over() && static_cast<int>(moves.size()) < max_plies) {
            if (static_cast<int>(moves.size()) % probe_every == probe_every - 1) {
                INFO(rules.name << " game " << g << " ply " << moves.size() << ": "
                                << game.record());
                const std::string record = game.record();
                CHECK(engine_moves(game) ==
                      reference::legal_moves(rules, record, game.side_to_move()));
                for (int d = 1; d <= depth; ++d)
                    CHECK(game.perft(d) == reference::perft(rules, record, game.side_to_move(), d));
            }
            const auto legal = game.legal_moves();
            REQUIRE_FALSE(legal.empty());
            const Move m = legal[rng() % legal.size()];
            moves.push_back(game.move_text(m));
            captures.push_back(joined_captures(game, m));
            tally.capturing += !captures.back().empty();
            game.play(m);
        }
        INFO(rules.name << " game " << g << ": " << moves.size() << " moves");
        testing::check_replay_in_reference(rules, game, moves, captures);
        const Status s = game.status();
        tally.decided += s.over();
    }
}

}  // namespace

TEST_CASE("wide bitboards: every operation agrees with a plain bit array", "[wide]") {
    check_wide_operations<Bitboard256>();
    check_wide_operations<Bitboard384>();
    // square_bb and the short shifts have a compile-time path (word by word) and a run-time one
    // (pairs of words in vector registers): the two agree, also where a bit crosses from one
    // pair of words to the next (120 and 250 up by 19 to 139 and 269, then down by 20 to 119
    // and 249).
    constexpr Bitboard384 at_compile_time =
        (square_bb<Bitboard384>(120) | square_bb<Bitboard384>(250)) << 19 >> 20;
    volatile int first = 120, second = 250;  // not known to the compiler
    const Bitboard384 at_run_time =
        (square_bb<Bitboard384>(first) | square_bb<Bitboard384>(second)) << 19 >> 20;
    CHECK(at_compile_time == at_run_time);
    CHECK(bits_of(at_run_time) ==
          bits_of(square_bb<Bitboard384>(119) | square_bb<Bitboard384>(249)));
    CHECK(bitboard_width_index(7) == 0);
    CHECK(bitboard_width_index(9) == 1);
    CHECK(bitboard_width_index(11) == 1);
    CHECK(bitboard_width_index(13) == 2);
    CHECK(bitboard_width_index(15) == 2);
    CHECK(bitboard_width_index(17) == 3);
    CHECK(bitboard_width_index(19) == 3);
}

TEST_CASE("perft from the start on wide boards: OpenTafl's counts", "[wide][perft]") {
    // OpenTafl's own generator gives these (its Tablut 15x15 and Sea Battle files, and the
    // 19x19 string above through its rules parser).
    CHECK(start_perft(tablut15(), 1) == 264);
    CHECK(start_perft(tablut15(), 2) == 35584);
    CHECK(start_perft(sea_battle13(), 1) == 184);
    CHECK(start_perft(sea_battle13(), 2) == 23436);
    CHECK(start_perft(kCorners19, 1) == 364);
    CHECK(start_perft(kCorners19, 2) == 119204);
}

TEST_CASE("perft from the start on wide boards, depth 3: OpenTafl's counts",
          "[wide][perft][slow]") {
    CHECK(start_perft(tablut15(), 3) == 9420728);
    CHECK(start_perft(sea_battle13(), 3) == 4370608);
    CHECK(start_perft(kCorners19, 3) == 44041152);
}

TEST_CASE("mid-game positions on wide boards: OpenTafl's counts", "[wide][perft]") {
    // Positions 80 plies into seeded random games, attackers to move; OpenTafl's generator
    // (the rules string with the record as its start) gives these counts to depth 2.
    struct Case {
        const char* rules;
        const char* record;
        uint64_t d1, d2;
    };
    const Case cases[] = {
        {tablut15(),
         "/2t1T1tt5t1/2t3tt5t1/15/t3T10/T6K1t1Tt2/4TTTT4tt1/tt1t6T2tt/ttt3T3Tt1t1/t2T2TTT5t/"
         "2t4TT2t3/t6t2T4/5T7t1/t14/3t3tt6/t3T1ttt4tt/",
         282, 51098},
        {sea_battle13(),
         "/5t1t2t1t/T11t/13/2T3t6/t2Tt4Tt2/tT3TTT4t/t5K1T1Ttt/1tt1tTT2t1tt/tt4t4tt/9t3/"
         "5T2Tt1t1/5t1T4t/1t1t9/",
         204, 27565},
        {kCopenhagen13,
         "/6t1t4/t5T2T2t/1t8t2/4T2t1Tt1t/2t3T6/t2ttTK3T1t/1t3T6t/tT3T1T2t2/tt1T4Tt2t/5Ttt5/"
         "4T2t5/5ttt5/4tt1t5/",
         194, 24421},
        {kEdge17,
         "/1t5ttt5t1/2t6t7/1T5T9/8T8/13t3/4t5tT4t/tt3tT1TT2t4/3T4T1T1TT2t/t2tTTTTKT1T4t/"
         "t5TTT1T6/t2T7T4t/t4t1TTT2t1t1t/2t5T2t5/11T5/3T6t6/16t/6tt2t1t4/",
         350, 91806},
        {kCorners19,
         "/6t1tt2t4t1/9tt3t4/9t3T4t/t6t11/1t7T7T1/1T8T8/1T8t8/5T4t5tt1/t17t/tt4tT1K1T4Ttt/"
         "tt3T9t2t/t9T6tt/5t13/9T1T7/19/t8T1T7/2TT2T3t8/5t3t2T4t1/6tttt1tt3t2/",
         495, 160495},
    };
    for (const Case& c : cases) {
        INFO(c.rules << " at " << c.record);
        const auto game = Game::create(rules_of(c.rules), c.record, Side::Attackers);
        REQUIRE(game.ok());
        CHECK(game->perft(1) == c.d1);
        CHECK(game->perft(2) == c.d2);
    }
}

TEST_CASE("wide boards: random games agree with the reference move by move", "[wide][reference]") {
    Tally tally;
    const int games = testing::sanitized_share(6);
    random_games_against_reference(tally, tablut15(), games, 300, 100, 2, 15);
    random_games_against_reference(tally, sea_battle13(), games, 300, 100, 2, 13);
    random_games_against_reference(tally, kCopenhagen13, games, 300, 100, 2, 1313);
    random_games_against_reference(tally, kEdge17, games / 2, 300, 150, 2, 17);
    random_games_against_reference(tally, kCorners19, games / 2, 300, 150, 2, 19);
    // The games must capture and end, or they test nothing but sliding.
    WARN(tally.capturing << " capturing moves, " << tally.decided << " games decided");
    CHECK(tally.capturing > testing::sanitized_share(100));
    CHECK(tally.decided > testing::sanitized_share(5));
}

TEST_CASE("wide boards: squares and moves up to s19 are read and written", "[wide][notation]") {
    CHECK(parse_square("s19", 19).value() == 360);
    CHECK(parse_square("j10", 19).value() == 9 * 19 + 9);
    CHECK(square_name(360, 19) == "s19");
    CHECK_FALSE(parse_square("t1", 19).ok());
    CHECK_FALSE(parse_square("a20", 19).ok());
    CHECK_FALSE(parse_square("o16", 15).ok());
    const auto m = parse_written_move("a19-s19", 19);
    REQUIRE(m.ok());
    CHECK(m->move == Move{342, 360});
    CHECK(move_name(m->move, 19) == "a19-s19");
    // A game plays moves with two-digit ranks and prints them back.
    Game game = Game::create(rules_of(kCorners19)).value();
    REQUIRE(game.play("j17-j16").ok());
    REQUIRE(game.play("j15-p15").ok());
    CHECK(game.move_text(game.moves_played().back()) == "j15-p15");
    CHECK(game.record().find("/9t9/") != std::string::npos);
}
