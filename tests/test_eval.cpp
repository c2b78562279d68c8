// SPDX-License-Identifier: GPL-3.0-or-later
// Evaluation weights as data (write, parse, errors), the evaluation's terms, and the Texel fit.
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "catch.h"
#include "core/game_record.h"
#include "core/presets.h"
#include "engine/evaluate.h"
#include "engine/texel.h"

using namespace branan;

namespace {

// The evaluation's features (built-in weights) of a position record under a preset, the
// attackers to move.
std::map<EvalTerm, int> features(const char* variant, const char* record) {
    const Game game = Game::create(*preset(variant), record, Side::Attackers).value();
    std::map<EvalTerm, int> feature;
    game.visit_position([&](const auto& pos) {
        EvalTrace trace;
        evaluate(pos, EvalWeights{}, &trace);
        for (const auto& t : trace.terms) feature[t.term] = t.feature;
    });
    return feature;
}

// The Texel samples of the first `max_games` decided games of a test data file (csv), replayed
// under a preset.
std::vector<TexelSample> decided_game_samples(const char* file, const char* variant,
                                              int max_games) {
    std::ifstream in(std::string(BRANAN_TEST_DATA) + "/" + file);
    const Rules rules = *preset(variant);
    std::vector<TexelSample> samples;
    int games = 0;
    for (std::string line; std::getline(in, line) && games < max_games;) {
        auto rec = parse_csv_game(line);
        if (!rec || (rec->result != "Black" && rec->result != "White")) continue;
        Game game = Game::create(rules).value();
        for (const auto& m : rec->moves)
            if (m == "timeout" || game.status().over() || !game.play(m)) break;
        auto s = texel_samples(game, rec->result == "Black" ? 1.0 : 0.0, 4);
        samples.insert(samples.end(), s.begin(), s.end());
        ++games;
    }
    return samples;
}

}  // namespace

TEST_CASE("weights files round trip and refuse what they cannot mean", "[eval]") {
    EvalWeights w;
    w.weight[kKingMobility] = -7;
    auto back = EvalWeights::parse(w.write());
    REQUIRE(back.ok());
    CHECK(*back == w);
    auto partial = EvalWeights::parse("tempo 3  # the rest stays\n");
    REQUIRE(partial.ok());
    CHECK((*partial)[kTempo] == 3);
    CHECK((*partial)[kAttackerSoldiers] == EvalWeights{}[kAttackerSoldiers]);
    for (const char* bad :
         {"tempo", "tempo x", "tempo 1 2", "nonsense 4", "tempo 1\ntempo 2", "tempo 99999999999"}) {
        INFO(bad);
        const auto r = EvalWeights::parse(bad);
        CHECK_FALSE(r.ok());
        CHECK(r.error().find("line") != std::string::npos);
    }
    CHECK_FALSE(EvalWeights::load("/nonexistent/weights.txt").ok());
}

TEST_CASE("the evaluation of the brandubh start, term by term, computed by hand", "[eval]") {
    // Attackers d7 d6 a4 b4 f4 g4 d2 d1, defenders d5 c4 e4 d3, the king on d4 (hemmed in by his
    // own men: no moves, no routes). Proximity: board size 7 minus the distance to d4, per
    // attacker: d7 4, d6 5, a4 4, b4 5, f4 5, g4 4, d2 5, d1 4 = 36. No attacker stands
    // diagonally next to a corner or beside the king.
    const Game game = Game::create(*preset("brandubh")).value();
    const EvalWeights w;
    game.visit_position([&](const auto& pos) {
        EvalTrace trace;
        const Score score = evaluate(pos, w, &trace);
        std::map<EvalTerm, int> feature;
        for (const auto& t : trace.terms) feature[t.term] = t.feature;
        CHECK(feature[kAttackerSoldiers] == 8);
        CHECK(feature[kDefenderSoldiers] == -4);
        CHECK(feature[kKingEscapeRoutes] == 0);
        CHECK(feature[kKingMobility] == 0);
        CHECK(feature[kAttackersBesideKing] == 0);
        CHECK(feature[kAttackerProximity] == 36);
        CHECK(feature[kCornerGuards] == 0);
        CHECK(feature[kTempo] == 1);
        // Nothing seals the king in: all four corners, and the 41 squares free of attackers.
        CHECK(feature[kOpenEscapes] == -4);
        CHECK(feature[kKingRegion] == -41);
        // Tables: d1 d7 a4 g4 are one class (a4), d2 d6 b4 f4 another (b4); the defenders all
        // stand on c4's class, the king on d4. Defender pieces count negative.
        CHECK(feature[EvalTerm(pst_term(PstPiece::Attacker, 7, 3))] == 4);    // d1 is class a4
        CHECK(feature[EvalTerm(pst_term(PstPiece::Attacker, 7, 10))] == 4);   // d2 is class b4
        CHECK(feature[EvalTerm(pst_term(PstPiece::Defender, 7, 17))] == -4);  // d3 is class c4
        CHECK(feature[EvalTerm(pst_term(PstPiece::King, 7, 24))] == -1);
        // 8 x 100 - 4 x 180 + 36 x 3 + 10 (tempo), attackers to move, and with the weights
        // given to the cordon terms and the tables below.
        CHECK(score == 800 - 720 + 108 + 10 - 4 * w[kOpenEscapes] - 41 * w[kKingRegion] +
                           4 * w[EvalTerm(pst_term(PstPiece::Attacker, 7, 3))] +
                           4 * w[EvalTerm(pst_term(PstPiece::Attacker, 7, 10))] -
                           4 * w[EvalTerm(pst_term(PstPiece::Defender, 7, 17))] -
                           w[EvalTerm(pst_term(PstPiece::King, 7, 24))]);
    });
    // The same position with the defenders to move is worth the opposite, less the tempo.
    const Game flipped = Game::create(*preset("brandubh"), game.record(), Side::Defenders).value();
    game.visit_position([&](const auto& attackers_to_move) {
        flipped.visit_position([&](const auto& pos) {
            CHECK(evaluate(pos, w) == -(evaluate(attackers_to_move, w) - 20));
        });
    });
    // A table weight counts once per piece on its class, with the piece's side's sign.
    EvalWeights tables = w;
    tables.weight[pst_term(PstPiece::King, 7, 24)] = 50;
    tables.weight[pst_term(PstPiece::Attacker, 7, 10)] = 7;
    game.visit_position(
        [&](const auto& pos) { CHECK(evaluate(pos, tables) == evaluate(pos, w) - 50 + 4 * 7); });
}

TEST_CASE("the cordon: corners and edges the attackers have sealed off", "[eval]") {
    // Attackers on a3 b2 c1 wall off a1 with a2 and b1: three corners left, 49 - 3 - 3 squares.
    auto sealed = features("brandubh", "/2t4/1t5/t6/3K3/7/7/7/");
    CHECK(sealed[kOpenEscapes] == -3);
    CHECK(sealed[kKingRegion] == -43);
    // Tablut (edge escape): a king boxed in by four attackers reaches no edge; one gap opens all
    // four.
    auto boxed = features("tablut", "/9/2t6/1tKt5/2t6/9/9/9/9/9/");
    CHECK(boxed[kOpenEscapes] == 0);
    CHECK(boxed[kKingRegion] == -1);
    auto gap = features("tablut", "/9/2t6/1tK6/2t6/9/9/9/9/9/");
    CHECK(gap[kOpenEscapes] == -4);
    CHECK(gap[kKingRegion] == -(81 - 3));
}

TEST_CASE("encirclement: the defenders' room inside the attackers' near-closed ring", "[eval]") {
    // Tablut (encirclement rules). Eleven attackers three steps from the king on e5, e2 d3 f3 c4
    // g4 b5 h5 c6 g6 d7 f7, a diamond short of e8. Its one-square gap e7 (between d7 and f7)
    // counts as closed, and so do e3, c5 and g5 inside: the room is the 13 squares within two
    // steps of e5 less those four, and it touches no edge.
    const char* ring = "/9/4t4/3t1t3/2t3t2/1t2K2t1/2t3t2/3t1t3/9/9/";
    auto closing = features("tablut", ring);
    CHECK(closing[kDefenderRoom] == -9);
    CHECK(closing[kRingClosing] == 1);
    // Knight's-move gaps: with d7 e9 f8 g7 in place of d7 e8 f7, only the pair d7-e9 leaves a
    // hole, and e7 (between d7 and f8) and f7 (between f8 and g6) count as closed.
    auto knight = features("tablut", "/9/4t4/3t1t3/2t3t2/1t2K2t1/2t3t2/3t2t2/5t3/4t4/");
    CHECK(knight[kDefenderRoom] == -9);
    CHECK(knight[kRingClosing] == 1);
    // Without f7 the hole is two squares wide (e7 has one attacker beside it): the room runs out
    // to the edge.
    auto open = features("tablut", "/9/4t4/3t1t3/2t3t2/1t2K2t1/2t3t2/3t5/9/9/");
    CHECK(open[kRingClosing] == 0);
    CHECK(open[kDefenderRoom] < -40);
    // A defender outside the ring is not walled in, so neither is the side.
    auto outside = features("tablut", "/T8/4t4/3t1t3/2t3t2/1t2K2t1/2t3t2/3t1t3/9/9/");
    CHECK(outside[kRingClosing] == 0);
    CHECK(outside[kDefenderRoom] < -40);
    // Rules without encirclement (brandubh: surf:n) have no such terms.
    auto none = features("brandubh", "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    CHECK(none.count(kDefenderRoom) == 0);
    CHECK(none.count(kRingClosing) == 0);
}

TEST_CASE("wide boards: the king's routes, whether an attacker can block them", "[eval]") {
    // Copenhagen, the king on d5, one attacker on d3. The king moves to d4, d6-d11, a5-c5 and
    // e5-k5 (17 squares). From d11, a5 and k5 he would see corners (all four, none now); the
    // attacker reaches a3 (on a5's run to a1) and k3 (on k5's run to k1), but nothing of d11 and
    // its runs to a11 and k11.
    auto f = features("copenhagen", "/11/11/3t7/11/3K7/11/11/11/11/11/11/");
    CHECK(f[kWideKingEscapeRoutes] == 0);
    CHECK(f[kWideKingTwoMoveRoutes] == -4);
    CHECK(f[kWideKingRouteSquares] == -3);
    CHECK(f[kWideUnguardedRoutes] == -1);
    CHECK(f[kWideKingMobility] == -17);
    CHECK(f[kWideKingOnEdge] == 0);
    CHECK(f[kWideOpenEscapes] == -4);
    CHECK(f[kWideAttackerSoldiers] == 1);
    // The narrow boards' terms are not computed on 11x11, nor the wide ones on 7x7.
    CHECK(f.count(kKingEscapeRoutes) == 0);
    CHECK(features("brandubh", "/7/7/7/3K3/7/7/7/").count(kWideKingMobility) == 0);
    // Attackers on a3 b2 c1 wall a1 off from the king: three corners left.
    CHECK(features("copenhagen", "/2t8/1t9/t10/11/11/5K5/11/11/11/11/11/")[kWideOpenEscapes] == -3);
    // Attackers on b3 and c2 seal a1; with b2 too, one more guard.
    auto sealed = features("copenhagen", "/11/2t8/1t9/11/11/5K5/11/11/11/11/11/");
    CHECK(sealed[kWideSealedCorners] == 1);
    CHECK(sealed[kWideCornerGuards] == 0);
    auto guarded = features("copenhagen", "/11/1tt8/1t9/11/11/5K5/11/11/11/11/11/");
    CHECK(guarded[kWideSealedCorners] == 1);
    CHECK(guarded[kWideCornerGuards] == 1);
}

TEST_CASE("wide boards: the ring's gaps and the room inside a closed ring", "[eval]") {
    // Copenhagen (encirclement rules): eight attackers in a diamond two steps from the king on
    // f6. Its four inner squares f5 e6 g6 f7 lie between two attackers each (empty gaps), so
    // the room is the king's square, and it touches no edge.
    auto closed = features("copenhagen", "/11/11/11/5t5/4t1t4/3t1K1t3/4t1t4/5t5/11/11/11/");
    CHECK(closed[kWideRingClosing] == 1);
    CHECK(closed[kWideDefenderRoom] == -1);
    CHECK(closed[kWideRingGaps] == -4);
    CHECK(closed[kWideOpenEscapes] == 0);
    CHECK(closed[kWideDefenderPairs] == 0);
    CHECK(closed[kWideAttackerPairs] == 0);
    // Without f8 and g7 the room runs out through g6 and f7: the ring is open, its room not
    // counted.
    auto open = features("copenhagen", "/11/11/11/5t5/4t1t4/3t1K1t3/4t6/11/11/11/11/");
    CHECK(open[kWideRingClosing] == 0);
    CHECK(open[kWideDefenderRoom] == 0);
    // Side by side: the king and a defender on f6 g6, attackers on a4 a5 a6.
    auto pairs = features("copenhagen", "/11/11/11/t10/t10/t4KT4/11/11/11/11/11/");
    CHECK(pairs[kWideDefenderPairs] == -1);
    CHECK(pairs[kWideAttackerPairs] == 2);
}

namespace {

// Plays `plies` random moves of `variant` from `record` (empty: the start), the attackers to move
// first, and at every node makes each legal move in turn as a search does, checking that the
// cordon's count through one cache (cordon_cache.h) equals a fresh flood's, and the attackers'
// terms through it (asked before the count, as the evaluation does) fresh ones. `skip_parents`: the
// node itself is asked only one time in three, as a search whose node took its evaluation from a
// table, so that its children find no entry of theirs and derive it back. Returns how the cache
// found its counts.
CordonCacheStats cordon_walk(const char* variant, const char* record, uint32_t seed, int plies,
                             bool skip_parents = false) {
    const Game game = *record ? Game::create(*preset(variant), record, Side::Attackers).value()
                              : Game::create(*preset(variant)).value();
    CordonCacheStats counts;
    game.visit_position([&](const auto& start) {
        auto pos = start;
        using BB = typename std::decay_t<decltype(pos)>::Bitboard;
        const auto& t = pos.tables();
        CordonCache<BB> cache;
        std::mt19937 rng(seed);
        auto check = [&] {
            const int fresh = reachable_escapes(t.geo, t.rules.escape, t.corners_bb, pos.king(),
                                                pos.soldiers(Side::Attackers))
                                  .escapes;
            const BB attackers = pos.soldiers(Side::Attackers);
            const AttackerTerms<BB> terms = attacker_terms(pos, &cache);
            REQUIRE(cordon_escapes(pos, &cache) == fresh);
            REQUIRE(terms.ring_gaps == (t.rules.encirclement ? ring_gaps(t.geo, attackers) : BB{}));
            REQUIRE(terms.adjacent_pairs == adjacent_pairs(t.geo, attackers));
            REQUIRE(terms.king == pos.king());
            REQUIRE(terms.proximity == attacker_proximity(t.geo, attackers, pos.king()));
        };
        for (int i = 0; i < plies && !pos.status().over(); ++i) {
            if (!skip_parents || rng() % 3 == 0) check();
            MoveList list;
            pos.generate(list);
            if (list.size() == 0) break;
            for (int k = 0; k < list.size(); ++k) {
                pos.do_move(list[k]);
                check();
                pos.undo_move();
            }
            pos.do_move(list[std::uniform_int_distribution<int>(0, list.size() - 1)(rng)]);
        }
        counts = cache.stats;
    });
    return counts;
}

}  // namespace

TEST_CASE("the cordon's cache gives a fresh flood's count after every move", "[eval]") {
    // Corner escapes (Copenhagen, Alea Evangelii's 16 corner squares), edge escapes (Tawlbwrdd,
    // Sea Battle 13x13, Tablut 15x15), Berserk's second moves, on all three wide bitboards; and
    // from an attackers' ring round the king on f6, with a1's corner walled off and two defenders
    // outside, where the king's region is small and closed.
    const char* ring = "/11/1T9/11/5t5/4t1t4/3t1K1t3/4t1t4/5t5/t10/1t7T1/2t8/";
    for (auto [variant, record, plies] :
         {std::tuple{"copenhagen", "", 60}, std::tuple{"copenhagen", ring, 60},
          std::tuple{"alea-evangelii", "", 25}, std::tuple{"tawlbwrdd", "", 60},
          std::tuple{"sea-battle-13", "", 40}, std::tuple{"tablut-15", "", 40},
          std::tuple{"berserk", "", 60}}) {
        INFO(variant << " " << record);
        const auto counts = cordon_walk(variant, record, 11, plies);
        // Most counts came without a flood (from the start, about three in four; round the
        // ring, where an attacker's move more often splits the king's region, about two in
        // three).
        CHECK(counts.floods < counts.hits + counts.derived);
        CHECK(counts.derived > 0);
        CHECK(counts.terms_derived > 0);  // the children of attacker moves, from their node's
        // And with most nodes not asked: their children derive what a node would have stored.
        const auto skipping = cordon_walk(variant, record, 12, plies, true);
        CHECK(skipping.floods < skipping.hits + skipping.derived);
    }
}

TEST_CASE("the cordon's cache: a flood and the attackers' terms share an entry", "[eval]") {
    // Two attacker sets; the entry of each keeps its flood and its terms whichever came first,
    // and another set in the same slot replaces both (the slot's index is found by trying).
    using BB = Bitboard128;
    CordonCache<BB> cache;
    const BB a = BB(1) << 3 | BB(1) << 40;
    const CordonFlood<BB> flood{BB(1) << 60, 2, true};
    const AttackerTerms<BB> terms{BB(1) << 4, 1, 60, 9};
    CHECK(cache.terms(a) == nullptr);
    cache.store(a, flood);
    CHECK(cache.terms(a) == nullptr);
    cache.store_terms(a, terms);
    REQUIRE(cache.probe(a, 60) != nullptr);
    CHECK(cache.probe(a, 60)->escapes == 2);
    REQUIRE(cache.terms(a) != nullptr);
    CHECK(cache.terms(a)->adjacent_pairs == 1);
    cache.store(a, CordonFlood<BB>{BB(1) << 61, 3, true});  // a new flood keeps the terms
    REQUIRE(cache.terms(a) != nullptr);
    CHECK(cache.terms(a)->ring_gaps == terms.ring_gaps);
    CHECK(cache.probe(a, 60) == nullptr);
    CHECK(cache.probe(a, 61)->escapes == 3);
    // A set of attackers that lands in a's slot: found by storing sets until a's entry is gone.
    BB other = 0;
    for (int sq = 0; sq < 121 && cache.terms(a); ++sq)
        for (int sq2 = sq + 1; sq2 < 121 && cache.terms(a); ++sq2) {
            other = BB(1) << sq | BB(1) << sq2;
            if (other != a) cache.store_terms(other, AttackerTerms<BB>{0, 7, 61, 0});
        }
    REQUIRE(cache.terms(a) == nullptr);
    CHECK(cache.probe(a, 61) == nullptr);  // the flood went with it
    REQUIRE(cache.terms(other) != nullptr);
    CHECK(cache.terms(other)->adjacent_pairs == 7);
    CHECK(cache.probe(other, 61) == nullptr);  // terms alone: no flood holds a king
}

TEST_CASE("a region less one square: the ring test, then a short detour round it", "[eval]") {
    // On Copenhagen's board: a loop of eight squares round d4 (c3-e3, c5-e5, c4, e4) less d5
    // stays connected the long way round (six steps from c5 to e5), which the 3x3 ring test
    // alone cannot see; a corridor c7-g7 less e7 is cut in two.
    const Game game = Game::create(*preset("copenhagen")).value();
    game.visit_position([](const auto& pos) {
        using BB = typename std::decay_t<decltype(pos)>::Bitboard;
        const auto& geo = pos.tables().geo;
        const auto sq = [](const char* name) { return (name[1] - '1') * 11 + (name[0] - 'a'); };
        BB loop = 0, corridor = 0;
        for (const char* s : {"c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5"})
            loop |= square_bb<BB>(sq(s));
        for (const char* s : {"c7", "d7", "e7", "f7", "g7"}) corridor |= square_bb<BB>(sq(s));
        CHECK_FALSE(removable_from_region(geo, loop, sq("d5")));
        CHECK(stays_connected(geo, loop, sq("d5")));
        const BB block = loop | square_bb<BB>(sq("d4"));  // the whole 3x3: its ring suffices
        CHECK(removable_from_region(geo, block, sq("d5")));
        CHECK(stays_connected(geo, block, sq("d5")));
        CHECK_FALSE(stays_connected(geo, corridor, sq("e7")));
        CHECK(stays_connected(geo, corridor, sq("g7")));  // an end of the corridor
    });
}

TEST_CASE("the enclosed room's line test agrees with the full flood", "[eval]") {
    // enclosed_defender_room skips its flood when a defender's line to the edge holds no wall;
    // it must give defender_room's room when that touches no edge, and nothing otherwise. Random
    // games of the wide boards with rings, from their starts and from a closed ring round the
    // king (a diamond of attackers two steps from him), also without its f4: then the gap f5
    // still closes it, but the king's line south through f5 holds no attacker.
    const char* ring = "/11/11/11/5t5/4t1t4/3t1K1t3/4t1t4/5t5/11/11/11/";
    const char* gap_on_line = "/11/11/11/5t5/4t1t4/3t1K1t3/4t1t4/11/11/11/11/";
    int closed = 0, checked = 0;
    for (auto [variant, record] : {std::pair{"copenhagen", ""}, std::pair{"copenhagen", ring},
                                   std::pair{"copenhagen", gap_on_line},
                                   std::pair{"sea-battle-13", ""}, std::pair{"tablut-15", ""}}) {
        INFO(variant << " " << record);
        const Game game = *record ? Game::create(*preset(variant), record, Side::Attackers).value()
                                  : Game::create(*preset(variant)).value();
        game.visit_position([&](const auto& start) {
            auto pos = start;
            const auto& geo = pos.tables().geo;
            std::mt19937 rng(5);
            for (int i = 0; i < 200; ++i) {
                const auto defenders = pos.soldiers(Side::Defenders) | pos.king_bb();
                const auto attackers = pos.soldiers(Side::Attackers);
                const auto gaps = ring_gaps(geo, attackers);
                const auto room = defender_room(geo, defenders, attackers, gaps);
                const auto expected = room & geo.edge ? decltype(room){} : room;
                REQUIRE(enclosed_defender_room(geo, defenders, attackers, gaps) == expected);
                closed += static_cast<bool>(expected);
                ++checked;
                if (pos.status().over()) break;
                MoveList list;
                pos.generate(list);
                if (list.size() == 0) break;
                pos.do_move(list[std::uniform_int_distribution<int>(0, list.size() - 1)(rng)]);
            }
        });
    }
    CHECK(checked > 400);
    CHECK(closed > 0);  // the ring's start is closed: the room's flood ran, not only the lines
}

TEST_CASE("the ring's gaps worked out again round changed squares equal fresh ones", "[eval]") {
    // Random attacker sets on every bitboard type (7x7 to 19x19), each changed on one to three
    // random squares, half of them on the two outer ranks or files, where the 5x5 window is cut
    // off by the edge.
    std::mt19937 rng(17);
    int gaps_changed = 0, edge_changes = 0;
    for (const char* variant : {"brandubh", "copenhagen", "sea-battle-13", "alea-evangelii"}) {
        INFO(variant);
        Game::create(*preset(variant)).value().visit_position([&](const auto& start) {
            using BB = typename std::decay_t<decltype(start)>::Bitboard;
            const auto& geo = start.tables().geo;
            const int n = geo.size, squares = n * n;
            std::uniform_int_distribution<int> square(0, squares - 1), line(0, n - 1);
            auto near_edge = [&] {  // a square on rank or file 0, 1, n - 2 or n - 1
                const int outer[4] = {0, 1, n - 2, n - 1};
                const int a = outer[rng() % 4], b = line(rng);
                return rng() % 2 ? a * n + b : b * n + a;
            };
            for (int round = 0; round < 2000; ++round) {
                BB attackers{};
                const int count = std::uniform_int_distribution<int>(0, squares / 3)(rng);
                for (int i = 0; i < count; ++i) set_square(attackers, square(rng));
                BB changed{};
                for (int i = 0, k = 1 + static_cast<int>(rng() % 3); i < k; ++i) {
                    const bool edge = rng() % 2;
                    set_square(changed, edge ? near_edge() : square(rng));
                    edge_changes += edge;
                }
                const BB before = ring_gaps(geo, attackers);
                attackers ^= changed;
                const BB after = ring_gaps(geo, attackers);
                REQUIRE(ring_gaps_after_change(geo, before, attackers, changed) == after);
                gaps_changed += !(before == after);
            }
        });
    }
    CHECK(edge_changes > 4000);
    CHECK(gaps_changed > 4000);  // most changes move some gap: the test sees the windows work
}

TEST_CASE("bits_at and set_bits_at read and write runs of bits across words", "[bitboard]") {
    using Wide = WideBitboard<6>;
    Wide b{};
    for (int sq : {62, 63, 64, 66, 300}) set_square(b, sq);
    CHECK(bits_at(b, 60, 8) == 0b01011100);  // 60..67: 62 63 64 66
    CHECK(bits_at(b, 298, 5) == 0b00100);
    set_bits_at(b, 61, 5, 0b10001);  // 61 and 65 set; 62 63 64 cleared
    CHECK(bits_at(b, 60, 8) == 0b01100010);
    CHECK(test(b, 300));
    Bitboard128 n = 0;
    set_bits_at(n, 62, 4, 0b1111);
    CHECK(bits_at(n, 60, 8) == 0b00111100);
    CHECK(popcount(n) == 4);
}

TEST_CASE("piece-square tables: one weight per class of symmetric squares, named by it", "[eval]") {
    std::set<std::string> names;
    for (int t = 0; t < kEvalTermCount; ++t) CHECK(names.insert(EvalWeights::name(t)).second);
    CHECK(std::string(EvalWeights::name(pst_term(PstPiece::King, 7, 8))) == "pst_king_7_b2");
    CHECK(std::string(EvalWeights::name(pst_term(PstPiece::Defender, 11, 120))) ==
          "pst_defender_11_a1");
    for (int n : kPstBoardSizes) {
        std::set<int> classes;
        for (int sq = 0; sq < n * n; ++sq) {
            const int r = sq / n, f = sq % n;
            const int c = pst_class(n, sq);
            classes.insert(c);
            // The eight symmetries of the square board map a square onto its own class.
            for (int image : {r * n + (n - 1 - f), (n - 1 - r) * n + f, f * n + r,
                              (n - 1 - f) * n + (n - 1 - r)})
                CHECK(pst_class(n, image) == c);
        }
        CHECK(static_cast<int>(classes.size()) == pst_classes(n));
        CHECK(*classes.rbegin() == pst_classes(n) - 1);
    }
    CHECK(pst_term(PstPiece::King, 11, 120) == kEvalTermCount - 1 - 20);
    CHECK(pst_term(PstPiece::King, 13, 0) == -1);
    // Whether a board size's tables weigh, which the evaluation uses to skip them: the last
    // entry of the last table counts, and a size without tables never weighs.
    EvalWeights last;
    CHECK_FALSE(last.tables_weigh(11));
    last.weight[pst_term(PstPiece::King, 11, 5 * 11 + 5)] = 1;
    CHECK(last.tables_weigh(11));
    CHECK_FALSE(last.tables_weigh(9));
    CHECK_FALSE(last.tables_weigh(7));
    CHECK_FALSE(last.tables_weigh(13));
    // A weights file can set a table entry by name.
    auto w = EvalWeights::parse("pst_attacker_9_c3 -12\n");
    REQUIRE(w.ok());
    CHECK(w->weight[pst_term(PstPiece::Attacker, 9, 2 * 9 + 2)] == -12);
}

TEST_CASE("Texel: the fit lowers the error on the games it is fitted to", "[eval][tune]") {
    const std::vector<TexelSample> samples =
        decided_game_samples("brandubh-federation-games.csv", "brandubh-federation", 200);
    REQUIRE(samples.size() > 1000);
    const EvalWeights start;
    const double k = texel_fit_k(samples, start);
    CHECK(k > 0);
    const double before = texel_error(samples, start, k);
    double bias = 0;
    const EvalWeights tuned = texel_tune(samples, start, k, 8, nullptr, {}, bias);
    CHECK(texel_error(samples, tuned, k, bias) < before);
    CHECK(tuned[kAttackerSoldiers] == start[kAttackerSoldiers]);  // the anchor stays
    // A fit restricted to some terms moves only those.
    double tables_bias = 0;
    const EvalWeights tables_only = texel_tune(
        samples, start, k, 8, nullptr, [](int t) { return t >= kPstFirst; }, tables_bias);
    CHECK(texel_error(samples, tables_only, k, tables_bias) < before);
    int moved = 0;
    for (int t = 0; t < kEvalTermCount; ++t) {
        if (t < kPstFirst) CHECK(tables_only.weight[t] == start.weight[t]);
        moved += tables_only.weight[t] != start.weight[t];
    }
    CHECK(moved > 0);
}

TEST_CASE("Texel on real Copenhagen games: the wide boards' terms, and only they, move",
          "[eval][tune]") {
    const std::vector<TexelSample> samples =
        decided_game_samples("copenhagen-games.csv", "copenhagen", 150);
    REQUIRE(samples.size() > 1000);
    // The samples of an 11x11 board carry the wide terms (and its tables), none of the narrow.
    for (const auto& s : samples)
        for (const auto& f : s.features)
            REQUIRE(((f.term >= kWideAttackerSoldiers && f.term < kScalarTermCount) ||
                     f.term >= kPstFirst));
    const EvalWeights start;
    const double before = texel_error(samples, start, 1);
    double bias = 0;
    const EvalWeights tuned = texel_tune(
        samples, start, 1, 8, nullptr, [](int t) { return t < kScalarTermCount; }, bias);
    CHECK(texel_error(samples, tuned, 1, bias) < before);
    CHECK(tuned[kWideAttackerSoldiers] == start[kWideAttackerSoldiers]);  // the anchor stays
    for (int t = 0; t < kWideAttackerSoldiers; ++t) CHECK(tuned.weight[t] == start.weight[t]);
}
