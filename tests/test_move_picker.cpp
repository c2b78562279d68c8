// SPDX-License-Identifier: GPL-3.0-or-later
// The move picker (engine/move_picker.h) and the cheap move tests it rests on (core/move_checks.h),
// on random games of every preset (7x7 to 19x19, fortresses, speed limits, shieldwalls) and of
// rules with defender fortresses: is_legal_move against the generator, capture_squares against
// captures_of, and the picker's moves against the generator's, in the order of its stages.
#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "catch.h"
#include "copenhagen_positions.h"
#include "core/game.h"
#include "core/move_checks.h"
#include "core/presets.h"
#include "core/rules_string.h"
#include "engine/move_picker.h"
#include "positions.h"
#include "test_position_walks.h"

using namespace branan;

namespace {

using MoveSet = std::set<std::pair<int, int>>;

MoveSet set_of(const std::vector<Move>& moves) {
    MoveSet s;
    for (Move m : moves) s.insert({m.from, m.to});
    return s;
}

// Every preset, and Fetlar with defender fortresses around the throne.
std::vector<Rules> rules_to_test() {
    std::vector<Rules> all;
    for (const auto& name : preset_names()) all.push_back(*preset(name));
    for (const char* text : {
             "dim:11 name:Dfor_test atkf:y dfor:e5,f5,g5,e7,f7,g7,d6,h6, "
             "start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
             // OpenTafl's special rules, whose captures capture_squares finds in the sandwich
             // zone (every square with shieldwalls): a king's plain jump, capturing jumps
             // (a king's, mercenaries', commanders'), guards, knights, Linnaean capture.
             "dim:7 name:KingJump7 surf:n atkf:y ks:w kj:j cenh: cenhe: "
             "start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
             "dim:7 name:MercGuard7 surf:n atkf:y ks:w mj:c cenh: cenhe: "
             "start:/3t3/2mtg2/3T3/tMGKTmt/3T3/2gtM2/3t3/",
             "dim:9 name:MercForts9 esc:e surf:n atkf:y ks:w ka:n mj:r kj:c ber:m afor:a5,i5, "
             "dfor:e3,e7, aforp:tmgTMKG afors:tmgTMK dforp:tmTMKG dfors:TMKG cenhe:tT "
             "start:/3tmt3/4g4/9/m3M3t/t1MTKTGm1/t3T3m/9/4g4/3tmt3/",
             "dim:7 name:ListedGuards7 surf:n atkf:n ks:s cj:c nj:r mj:c ber:c cens:KgG "
             "cenp:tmgTCNMKG cenre:tmgTCNMKG corre:tmTCNMK "
             "start:/2tmt2/3g3/t2T2m/MgCKNGt/t2T2t/3G3/2tmt2/",
             "dim:11 name:Ranked11 atkf:y nj:j cj:j "
             "start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/",
             "dim:7 name:Lin surf:n atkf:y ks:s linc:y start:/7/g6/3M3/2tKg2/3c3/7/1T3t1/",
         })
        all.push_back(parse_rules_string(text).value());
    return all;
}

struct Counts {
    long positions = 0, asked = 0, legal_asked = 0, captures = 0, tt_first = 0, killers = 0,
         counters = 0, targeted = 0, skipped_at_once = 0, peeked = 0;
};

// Checks one position; `rng` picks the TT move, the killers and the history.
template <class BB>
void check_position(const Position<BB>& pos, std::mt19937& rng, Counts& counts) {
    MoveList list;
    pos.generate(list);
    std::vector<Move> generated(list.begin(), list.end());
    const MoveSet legal = set_of(generated);
    const int squares = pos.tables().geo.squares;
    ++counts.positions;
    // has_moves() answers without the whole list (under special rules: the first piece with a
    // destination).
    CHECK(pos.has_moves() == !generated.empty());

    // 1. is_legal_move: every generated move, moves from each own piece to every square, and
    // random pairs (also off the board and from empty or enemy squares).
    for (Move m : generated)
        if (!is_legal_move(pos, m)) FAIL_CHECK("generated move refused " << m.from << "-" << m.to);
    std::vector<Move> probes;
    for (Square from = 0; from < squares; ++from) {
        const bool own = from == pos.king() || test(pos.side_pieces(pos.side_to_move()), from);
        if (!own && rng() % 8) continue;
        for (Square to = 0; to < squares; ++to)
            if (own || rng() % 16 == 0)
                probes.push_back(Move{static_cast<uint16_t>(from), static_cast<uint16_t>(to)});
    }
    for (int i = 0; i < 20; ++i)
        probes.push_back(
            Move{static_cast<uint16_t>(rng() % 400), static_cast<uint16_t>(rng() % 400)});
    probes.push_back(Move{});
    for (Move m : probes) {
        const bool expected = legal.count({m.from, m.to}) > 0;
        ++counts.asked;
        counts.legal_asked += expected;
        if (is_legal_move(pos, m) != expected)
            FAIL_CHECK("is_legal_move(" << m.from << "-" << m.to << ") != " << expected);
    }

    // 2. capture_squares: a superset of where captures end.
    const BB zone = capture_squares(pos);
    for (Move m : generated)
        if (pos.captures_of(m)) {
            ++counts.captures;
            if (!test(zone, m.to)) FAIL_CHECK("a capture ends outside capture_squares: " << m.to);
        }

    // 2b. generate_to and generate_king: the generator's moves to random targets (every square
    // one time in four, else a random third of them), the king's moves.
    if (!pos.tables().special) {
        BB targets = 0;
        const bool everywhere = rng() % 4 == 0;
        for (Square sq = 0; sq < squares; ++sq)
            if (everywhere || rng() % 3 == 0) targets |= square_bb<BB>(sq);
        MoveList to_list;
        pos.generate_to(to_list, targets);
        std::vector<Move> expected_to;
        for (Move m : generated)
            if (test(targets, m.to)) expected_to.push_back(m);
        const std::vector<Move> got_to(to_list.begin(), to_list.end());
        CHECK(set_of(got_to) == set_of(expected_to));
        CHECK(got_to.size() == expected_to.size());
        ++counts.targeted;
    }
    MoveList king_list;
    pos.generate_king(king_list);
    std::vector<Move> expected_king;
    for (Move m : generated)
        if (m.from == pos.king()) expected_king.push_back(m);
    CHECK(std::vector<Move>(king_list.begin(), king_list.end()) == expected_king);

    // 3. The picker, with a TT move, killers and a countermove that are legal here or not.
    auto any_move = [&]() {
        if (!generated.empty() && rng() % 4) return generated[rng() % generated.size()];
        return probes[rng() % probes.size()];
    };
    const Move tt = rng() % 3 ? any_move() : Move{};
    const std::array<Move, 2> killers{any_move(), any_move()};
    const Move counter = any_move();
    constexpr int kRow = max_squares<BB>;
    std::vector<int> history(kRow * kRow);
    // Fine histories, or coarse ones (five values) where most quiet moves tie.
    const bool coarse = rng() % 2 == 0;
    for (int& h : history)
        h = coarse ? (static_cast<int>(rng() % 5) - 2) * 100
                   : static_cast<int>(rng() % 2001) - 1000;
    // A quiescence-style filter too: quiet moves to even squares only; and the quiescence
    // search's narrower quiet lists (the king's moves, moves beside him).
    const BB beside_king = pos.tables().geo.adjacent[pos.king()];
    for (int filtered = 0; filtered < 4; ++filtered) {
        auto keep = [&](Move m) { return !filtered || m.to % 2 == 0; };
        const QuietMoves<BB> quiet_moves = filtered == 2   ? QuietMoves<BB>::king()
                                           : filtered == 3 ? QuietMoves<BB>::to(beside_king)
                                                           : QuietMoves<BB>::all();
        auto named = [&](Move m) {
            return filtered == 2   ? m.from == pos.king()
                   : filtered == 3 ? test(beside_king, m.to)
                                   : true;
        };
        MovePicker<BB, decltype(keep)> picker(pos, tt, killers, counter, history.data(), kRow, keep,
                                              INT_MAX, quiet_moves);
        std::vector<Move> out;
        std::vector<bool> quiet_flags;
        bool quiet = false;
        Move peeked{};  // what peek() said after the last move: the next one, when it knew
        for (Move m; !((m = picker.next(quiet)) == Move{});) {
            if (!(peeked == Move{})) {
                CHECK(m == peeked);
                ++counts.peeked;
            }
            out.push_back(m);
            quiet_flags.push_back(quiet);
            peeked = picker.peek();
        }
        CHECK(peeked == Move{});  // nothing foretold after the last move
        // Every move out once, all of them generated; with no filter, all generated moves.
        INFO("moves out: " <<
             [&] {
                 std::string text;
                 for (size_t k = 0; k < out.size(); ++k)
                     text += std::to_string(out[k].from) + "-" + std::to_string(out[k].to) +
                             (quiet_flags[k] ? "q " : " ");
                 return text;
             }() << " tt " << tt.from
                           << "-" << tt.to << " mode " << filtered);
        REQUIRE(set_of(out).size() == out.size());
        // next_mattering, from the first quiet move after the good ones on: the same moves in the
        // same order as next() with the refused ones dropped, each refused one counted.
        {
            MovePicker<BB, decltype(keep)> skipper(pos, tt, killers, counter, history.data(), kRow,
                                                   keep, INT_MAX, quiet_moves);
            size_t k = 0;
            bool q = false;
            for (; k < out.size(); ++k) {
                REQUIRE(skipper.next(q) == out[k]);
                if (q && k > 0) break;
            }
            const auto matters = [](Move m) { return m.to % 3 != 0; };
            std::vector<Move> kept, expected_kept;
            int skipped_total = 0, expected_skipped = 0;
            for (size_t j = k + 1; j < out.size(); ++j)
                matters(out[j]) ? expected_kept.push_back(out[j]) : void(++expected_skipped);
            for (int skipped = 0;;) {
                const Move m = skipper.next_mattering(q, matters, skipped);
                skipped_total += skipped;
                if (m == Move{}) break;
                CHECK(q);
                kept.push_back(m);
            }
            CHECK(kept == expected_kept);
            CHECK(skipped_total == expected_skipped);
        }
        // skip_quiets_left, tried after some twenty of the moves handed out, the last included:
        // before the quiet moves are generated it drops nothing (no count, and next() goes on as
        // before); after, it counts the moves left and hands out no more.
        const size_t step = std::max<size_t>(1, out.size() / 16);
        for (size_t back = 0; back < out.size(); back += step) {
            const size_t at = out.size() - 1 - back;
            MovePicker<BB, decltype(keep)> skipper(pos, tt, killers, counter, history.data(), kRow,
                                                   keep, INT_MAX, quiet_moves);
            bool q = false;
            for (size_t k = 0; k <= at; ++k) REQUIRE(skipper.next(q) == out[k]);
            const std::optional<int> left = skipper.skip_quiets_left();
            if (!left) {
                CHECK(skipper.next(q) == (at + 1 < out.size() ? out[at + 1] : Move{}));
            } else {
                CHECK(q);
                CHECK(*left == static_cast<int>(out.size() - at - 1));
                CHECK(skipper.next(q) == Move{});
                ++counts.skipped_at_once;
            }
        }
        std::vector<Move> expected;
        for (Move m : generated) {
            const bool tactical =
                pos.captures_of(m) || (m.from == pos.king() && test(pos.tables().escape, m.to));
            if (tactical || (keep(m) && named(m)) || m == tt) expected.push_back(m);
        }
        CHECK(set_of(out) == set_of(expected));
        // The TT move first when legal; the quiet flags true; captures (best first) before the
        // quiet moves; killers first among the quiet moves, then the countermove; then history,
        // highest first.
        if (legal.count({tt.from, tt.to})) {
            CHECK(out[0] == tt);
            ++counts.tt_first;
        }
        size_t i = !out.empty() && out[0] == tt ? 1 : 0;
        int last_good = INT_MAX;
        long last_place = -1;  // among equal scores: generate()'s order
        const auto place = [&](Move m) {
            return std::find(generated.begin(), generated.end(), m) - generated.begin();
        };
        for (; i < out.size() && !quiet_flags[i]; ++i) {
            const Move m = out[i];
            const BB c = pos.captures_of(m);
            const int score =
                m.from == pos.king() && test(pos.tables().escape, m.to) ? 1000 : popcount(c);
            CHECK((c || score == 1000));
            CHECK(score <= last_good);
            if (score == last_good) CHECK(place(m) > last_place);
            last_good = score;
            last_place = place(m);
        }
        for (const Move k : killers)
            if (i < out.size() && out[i] == k && !(k == tt)) ++i, ++counts.killers;
        if (i < out.size() && out[i] == counter && !(counter == tt)) ++i, ++counts.counters;
        // Quiet moves of equal history come in the order of the list the picker made of them:
        // generate_to's for moves beside the king, unless the picker took the whole list (under
        // special rules, or where any square may close a capture).
        const bool whole_list =
            pos.tables().special || capture_squares(pos) == pos.tables().geo.all;
        MoveList quiet_list;
        if (filtered == 3 && !whole_list)
            pos.generate_to(quiet_list, beside_king);
        else
            pos.generate(quiet_list);
        const auto quiet_place = [&](Move m) {
            return std::find(quiet_list.begin(), quiet_list.end(), m) - quiet_list.begin();
        };
        int last_history = INT_MAX;
        last_place = -1;
        for (; i < out.size(); ++i) {
            const Move m = out[i];
            CHECK(quiet_flags[i]);
            CHECK_FALSE(pos.captures_of(m));
            CHECK_FALSE((m == killers[0] || m == killers[1] || m == counter));
            const int h = history[m.from * kRow + m.to];
            CHECK(h <= last_history);
            if (h == last_history) CHECK(quiet_place(m) > last_place);
            last_history = h;
            last_place = quiet_place(m);
        }
        // With late-move pruning's bound (`ordered`: only so many moves sorted), the same moves
        // come out, the first `ordered` of them in the same order.
        const int ordered = static_cast<int>(rng() % 12);
        MovePicker<BB, decltype(keep)> bounded(pos, tt, killers, counter, history.data(), kRow,
                                               keep, ordered, quiet_moves);
        std::vector<Move> bounded_out;
        for (Move m; !((m = bounded.next(quiet)) == Move{});) bounded_out.push_back(m);
        REQUIRE(bounded_out.size() == out.size());
        CHECK(set_of(bounded_out) == set_of(out));
        const size_t prefix = std::min(out.size(), static_cast<size_t>(ordered));
        CHECK(
            std::equal(out.begin(), out.begin() + static_cast<long>(prefix), bounded_out.begin()));
    }
}

}  // namespace

TEST_CASE(
    "move picker: is_legal_move and capture_squares agree with the generator, the picker "
    "hands out every move once in its stages' order",
    "[picker]") {
    std::mt19937 rng(20261201);
    Counts counts;
    for (const Rules& rules : rules_to_test()) {
        INFO(rules.name);
        const int games = rules.size <= 11 && !special_rules(rules) ? 6 : 2;
        for (int g = 0; g < games; ++g) {
            Game game = Game::create(rules).value();
            for (int ply = 0; ply < 120; ++ply) {
                if (ply % 3 == 0 || game.status().over())
                    game.visit_position([&](const auto& pos) { check_position(pos, rng, counts); });
                const auto moves = game.legal_moves();
                if (game.status().over() || moves.empty()) break;
                game.play(moves[rng() % moves.size()]);
            }
        }
    }
    // The positions must exercise the tests: legal and illegal probes, captures, TT moves first.
    WARN(counts.positions << " positions, " << counts.asked << " moves asked ("
                          << counts.legal_asked << " legal), " << counts.captures << " captures, "
                          << counts.tt_first << " TT moves first, " << counts.killers
                          << " killers, " << counts.counters << " countermoves, "
                          << counts.skipped_at_once << " quiet tails skipped at once, "
                          << counts.peeked << " next moves foretold by peek()");
    CHECK(counts.positions > 500);
    CHECK(counts.legal_asked > 10000);
    CHECK(counts.asked > 10 * counts.legal_asked);
    CHECK(counts.captures > 500);
    CHECK(counts.tt_first > 200);
    CHECK(counts.killers > 200);
    CHECK(counts.counters > 100);
    CHECK(counts.targeted > 500);
    CHECK(counts.skipped_at_once > 1000);
    CHECK(counts.peeked > 10000);
}

TEST_CASE(
    "move picker: the test positions (shieldwalls, forts, rings) and every position one move "
    "after them",
    "[picker]") {
    std::mt19937 rng(20261202);
    Counts counts;
    testing::visit_test_positions_and_successors([&](const Game& game) {
        game.visit_position([&](const auto& pos) { check_position(pos, rng, counts); });
    });
    WARN(counts.positions << " positions, " << counts.captures << " captures");
    CHECK(counts.positions > 1000);
    CHECK(counts.captures > 1000);
}
