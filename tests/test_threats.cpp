// SPDX-License-Identifier: GPL-3.0-or-later
// The search's threat tests (core/threats.h) against brute force over the legal moves, along
// random games of every preset.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "catch.h"
#include "copenhagen_positions.h"
#include "core/game.h"
#include "core/game_end.h"
#include "core/presets.h"
#include "core/threats.h"
#include "positions.h"
#include "test_support.h"

using namespace branan;
using branan::testing::record_from_rows;

namespace {

// Every preset but those with special rules: threats.h knows neither jumps nor OpenTafl's
// commander capture of the king (see its header).
std::vector<Rules> plain_presets() {
    std::vector<Rules> all;
    for (const auto& name : preset_names())
        if (const Rules rules = *preset(name); !special_rules(rules)) all.push_back(rules);
    return all;
}

// Each position (not over) of `games` random games of each of `rule_sets`: check(game,
// position), the position a copy that the test may play moves on.
template <class F>
void for_random_positions_of(const std::vector<Rules>& rule_sets, int games, F&& check) {
    std::mt19937 rng(20261130);
    for (const Rules& rules : rule_sets) {
        const std::string& name = rules.name;
        for (int g = 0; g < games; ++g) {
            Game game = Game::create(rules).value();
            while (!game.status().over() && game.moves_played().size() < 120) {
                game.visit_position([&](const auto& pos) {
                    auto copy = pos;
                    INFO(name << " game " << g << ", position " << game.record());
                    check(game, copy);
                });
                const auto legal = game.legal_moves();
                game.play(legal[rng() % legal.size()]);
            }
        }
    }
}

// for_random_positions_of every plain preset.
template <class F>
void for_random_positions(int games, F&& check) {
    for_random_positions_of(plain_presets(), games, check);
}

// The plain presets again with the king's strength and arms no preset has, and with short slides
// (the capture tests read them all).
std::vector<Rules> king_rule_variants() {
    std::vector<Rules> all;
    for (const char* name : {"tablut", "copenhagen", "brandubh"}) {
        const Rules base = *preset(name);
        for (KingStrength strength : {KingStrength::Weak, KingStrength::Strong,
                                      KingStrength::StrongNearThrone, KingStrength::Middleweight})
            for (KingArmed armed : {KingArmed::No, KingArmed::AnvilOnly, KingArmed::HammerOnly}) {
                Rules r = base;
                r.king_strength = strength;
                r.king_armed = armed;
                r.name = base.name + " strength " + std::to_string(static_cast<int>(strength)) +
                         " armed " + std::to_string(static_cast<int>(armed));
                all.push_back(r);
            }
        Rules slow = base;
        slow.speed = {2, 3, 1};
        slow.name = base.name + " short slides";
        all.push_back(slow);
    }
    return all;
}

// The plain presets followed by king_rule_variants(): what the capture tests run on.
std::vector<Rules> presets_and_king_rule_variants() {
    std::vector<Rules> all = plain_presets(), variants = king_rule_variants();
    all.insert(all.end(), variants.begin(), variants.end());
    return all;
}

// The moves of the side to move, each played and judged by `wins`.
template <class BB, class F>
std::vector<Move> moves_where(Position<BB>& pos, F&& wins) {
    MoveList list;
    pos.generate(list);
    std::vector<Move> found;
    for (Move m : list) {
        pos.do_move(m);
        if (wins(pos)) found.push_back(m);
        pos.undo_move();
    }
    return found;
}

}  // namespace

TEST_CASE("threats: a win in one is found exactly when a legal move wins", "[threats]") {
    int escapes = 0, captures = 0, positions = 0, fort_wins = 0, forts_outside_contract = 0;
    for_random_positions(12, [&](const Game&, auto& pos) {
        ++positions;
        using BB = typename std::decay_t<decltype(pos)>::Bitboard;
        const bool defenders = pos.side_to_move() == Side::Defenders;
        if (defenders) {
            const auto escaping = moves_where(
                pos, [](const auto& p) { return p.status().reason == OutcomeReason::KingEscaped; });
            CHECK(king_escapes_in_one(pos) == !escaping.empty());
            // Exit forts made by the moves of fort_in_one's contract (a king move to the edge;
            // with the king on the edge, a soldier move from or to his neighbourhood).
            const auto& geo = pos.tables().geo;
            const bool king_on_edge = test(geo.edge, pos.king());
            const BB near = fort_neighbourhood(pos);
            const auto forts = moves_where(
                pos, [](const auto& p) { return p.status().reason == OutcomeReason::ExitFort; });
            const bool fort_in_contract = std::any_of(forts.begin(), forts.end(), [&](Move m) {
                return m.from == pos.king()
                           ? test(geo.edge, m.to)
                           : king_on_edge && (test(near, m.from) || test(near, m.to));
            });
            const uint64_t before = pos.key();
            CHECK(fort_in_one(pos) == fort_in_contract);
            CHECK(defenders_win_in_one(pos) == (!escaping.empty() || fort_in_contract));
            CHECK(pos.key() == before);
            fort_wins += !forts.empty();
            forts_outside_contract += !forts.empty() && !fort_in_contract;
            CHECK(threat_to_answer(pos).any == king_capture_threatened(pos));  // defenders to move
            // Every escape square in reach is one king move that wins.
            CHECK(popcount(escapes_in_reach(pos)) == static_cast<int>(escaping.size()));
            escapes += !escaping.empty();
        } else {
            // The wins of a move next to the king (the function's contract: a ring closed
            // elsewhere is not looked for).
            const BB beside = pos.tables().geo.adjacent[pos.king()];
            const auto winning = moves_where(
                pos, [](const auto& p) { return p.status().outcome == Outcome::AttackersWin; });
            const bool wins_beside = std::any_of(winning.begin(), winning.end(),
                                                 [&](Move m) { return test(beside, m.to); });
            const auto capturing = moves_where(pos, [](const auto& p) {
                return p.status().reason == OutcomeReason::KingCaptured;
            });
            CHECK(king_capture_threatened(pos) == !capturing.empty());
            // Attackers to move: the king in sight of an escape square, or a fort the defenders
            // would make in one were it their move.
            CHECK(threat_to_answer(pos).any == (king_sees_escape(pos) || fort_threatened(pos)));
            const uint64_t before = pos.key();
            CHECK(king_captured_in_one(pos) == wins_beside);
            CHECK(pos.key() == before);  // the moves it tried are taken back
            captures += wins_beside;
            // The attackers that reach each empty square next to the king are the legal moves'.
            MoveList list;
            pos.generate(list);
            for (auto rest = empty_beside_king(pos); rest;) {
                const Square target = pop_lsb(rest);
                BB from = 0;
                for (Move m : list)
                    if (m.to == target) from |= square_bb<BB>(m.from);
                CHECK(attackers_reaching(pos, target) == from);
            }
        }
    });
    WARN(positions << " positions, " << escapes << " with an escape in one, " << captures
                   << " with a capture in one, " << fort_wins << " with an exit fort in one ("
                   << forts_outside_contract << " outside fort_in_one's contract)");
    // The random games must reach both kinds of win.
    CHECK(escapes > 100);
    CHECK(captures > 20);
}

// Moves judged by judge_moves: refused by the stoppers (each checked to lose), kept, and kept
// ones that do stop the threat.
struct StopperCounts {
    int off = 0, on = 0, stopped = 0;
};

// Plays each move of the side to move: one that `may_stop(m, capture)` refuses must lose at once
// (the game goes on and `wins_next` holds: the opponent wins in one); of the others, counts
// those after which it does not.
template <class BB, class MayStop, class WinsNext>
void judge_moves(Position<BB>& pos, const MayStop& may_stop, const WinsNext& wins_next,
                 StopperCounts& counts) {
    MoveList list;
    pos.generate(list);
    for (Move m : list) {
        const bool capture = pos.captures_of(m) != 0;
        pos.do_move(m);
        if (may_stop(m, capture)) {
            ++counts.on;
            counts.stopped += !pos.status().over() && !wins_next(pos);
        } else {
            ++counts.off;
            CHECK_FALSE(pos.status().over());
            CHECK(wins_next(pos));
        }
        pos.undo_move();
    }
}

// The search plays only the moves onto escape_blocks when the attackers face the king's escape
// in one: every other move must lose at once (the game goes on, and the king escapes next), unless
// it captures the king, which the search tests first (king_captured_in_one).
TEST_CASE("threats: facing the king's escape, the attackers' moves off escape_blocks lose at once",
          "[threats]") {
    int positions = 0, none_stops = 0;
    StopperCounts counts;
    auto& [off, on, stopped] = counts;
    for_random_positions(12, [&](const Game&, auto& pos) {
        if (pos.side_to_move() != Side::Attackers) return;
        const auto blocks = escape_blocks(pos, escapes_in_reach(pos));
        CHECK(blocks.has_value() == king_sees_escape(pos));
        if (!blocks || king_captured_in_one(pos)) return;
        ++positions;
        none_stops += *blocks == 0;
        judge_moves(
            pos, [&](Move m, bool) { return test(*blocks, m.to); },
            [](auto& p) { return king_escapes_in_one(p); }, counts);
    });
    // Not vacuous: such positions came, with moves on and off the line, some stopping him, and
    // some positions where no one move could.
    CHECK(positions > 100);
    CHECK(off > 1000);
    CHECK(on > 20);
    CHECK(stopped > 20);
    CHECK(none_stops > 5);
}

// The search makes only the moves capture_stoppers names when the king is one attacker move from
// capture and the defenders, to move, cannot win at once: every other move must lose at once (the
// game goes on, and an attacker move then captures him or closes a ring, king_captured_in_one),
// where no move could end the game by repetition (repetition_may_save).
TEST_CASE("threats: facing the king's capture, the defenders' moves off capture_stoppers lose",
          "[threats]") {
    int positions = 0;
    StopperCounts counts;
    auto& [off, on, stopped] = counts;
    for_random_positions_of(presets_and_king_rule_variants(), 6, [&](const Game&, auto& pos) {
        if (pos.side_to_move() != Side::Defenders || !king_capture_threatened(pos) ||
            defenders_win_in_one(pos) || repetition_may_save(pos))
            return;
        ++positions;
        const auto stoppers = capture_stoppers(pos, king_capture_ways(pos));
        judge_moves(
            pos, [&](Move m, bool capture) { return stoppers.may_stop(m, capture); },
            [](auto& p) { return king_captured_in_one(p); }, counts);
    });
    // Not vacuous: such positions came, with moves on and off the stoppers, some stopping it.
    CHECK(positions > 100);
    CHECK(off > 1000);
    CHECK(on > 100);
    CHECK(stopped > 20);
}

// The attackers' capture ways (king_capture_ways, which capture_stoppers is built on) are the
// targets of the moves that capture the king and the squares those moves cross, under every king
// strength and arming and with short slides.
TEST_CASE("threats: the capture ways are the capturing moves' targets and paths", "[threats]") {
    int threatened = 0;
    for_random_positions_of(presets_and_king_rule_variants(), 4, [&](const Game&, auto& pos) {
        using BB = typename std::decay_t<decltype(pos)>::Bitboard;
        if (pos.side_to_move() != Side::Attackers) return;
        const auto capturing = moves_where(
            pos, [](const auto& p) { return p.status().reason == OutcomeReason::KingCaptured; });
        const auto& geo = pos.tables().geo;
        BB ways = 0;
        for (Move m : capturing)
            for (int dir = 0; dir < kDirections; ++dir)
                if (test(geo.ray[dir][m.to], m.from))
                    ways |= square_bb<BB>(m.to) |
                            (geo.ray[dir][m.to] & ~geo.ray[dir][m.from] & ~square_bb<BB>(m.from));
        CHECK(king_capture_ways(pos) == ways);
        threatened += !capturing.empty();
    });
    CHECK(threatened > 100);  // not vacuous
}

TEST_CASE("threats: a king move threatens as many escapes as he then has", "[threats]") {
    int forks = 0;
    for_random_positions(testing::sanitized_share(6), [&](const Game& game, auto& pos) {
        const Rules& rules = game.rules();
        // The brute force below starts a game from the position record, which forgets whether
        // the king has left the throne and the forest timers: rules without such history only.
        if (pos.side_to_move() != Side::Defenders || rules.forest_moves > 0 ||
            !rules.throne.reenter.has(Piece::King))
            return;
        for (Move m : game.legal_moves()) {
            if (m.from != pos.king()) continue;
            // After the move, the winning king moves of the defenders, were it their turn again.
            Game after = game;
            after.play(m);
            int routes = 0;
            if (!after.status().over()) {
                Game again = Game::create(rules, after.record(), Side::Defenders).value();
                for (Move k : again.legal_moves()) {
                    Game tried = again;
                    tried.play(k);
                    routes += tried.status().outcome == Outcome::DefendersWin;
                }
            }
            const bool escape = test(pos.tables().escape, m.to);
            for (int r = 1; r <= 3; ++r)
                CHECK(king_threatens(pos, m, r) == (!escape && routes >= r));
            forks += !escape && routes >= 2;
        }
    });
    CHECK(forks > testing::sanitized_share(10));
}

TEST_CASE("threats: a move beside the king that closes the ring wins in one", "[threats]") {
    // brandubh-federation: the king d5, a defender d6 and the empty throne d4 are walled in but
    // for e5, which only g5 reaches. g5-e5 does not capture the king (d6 is his own) but
    // encircles the defenders; e6-e5 would open e6 instead.
    const std::string record = record_from_rows(
        {"...t...", "..tTt..", "..tK..t", "..t.t..", "...t...", ".......", "......."});
    const Game game = Game::create(*preset("brandubh-federation"), record, Side::Attackers).value();
    game.visit_position([&](const auto& root) {
        auto pos = root;
        const auto winning = moves_where(
            pos, [](const auto& p) { return p.status().outcome == Outcome::AttackersWin; });
        std::vector<std::string> texts;
        for (Move m : winning) texts.push_back(game.move_text(m));
        std::sort(texts.begin(), texts.end());
        // g5-f5 closes the ring too, away from the king, where the function does not look.
        CHECK(texts == std::vector<std::string>{"g5-e5", "g5-f5"});
        CHECK(pos.status().reason != OutcomeReason::Encircled);  // not before the move
        CHECK(king_captured_in_one(pos));
    });
    // Where encirclement does not win, the same move wins nothing.
    Rules no_ring = *preset("brandubh-federation");
    no_ring.encirclement = false;
    const Game plain = Game::create(no_ring, record, Side::Attackers).value();
    plain.visit_position([&](const auto& root) {
        auto pos = root;
        CHECK_FALSE(king_captured_in_one(pos));
        CHECK_FALSE(king_capture_threatened(pos));  // a ring is no capture
    });
}

TEST_CASE("threats: exit forts in one in copenhagen positions, against brute force", "[threats]") {
    int forts_found = 0, threats_found = 0;
    for (const auto& tp : testing::copenhagen_test_positions()) {
        for (const Side side : {Side::Attackers, Side::Defenders}) {
            auto game = Game::create(*preset("copenhagen"), tp.record, side);
            REQUIRE(game.ok());
            if (game->status().over()) continue;
            INFO(tp.what << ", " << side_name(side) << " to move");
            game->visit_position([&](const auto& position) {
                auto pos = position;
                if (side == Side::Attackers) {
                    // The threat is the defenders' fort in one were it their move.
                    auto passed = Game::create(*preset("copenhagen"), tp.record, Side::Defenders);
                    const bool fort = passed->visit_position([](const auto& p) {
                        auto copy = p;
                        return fort_in_one(copy);
                    });
                    CHECK(fort_threatened(pos) == fort);
                    threats_found += fort;
                    return;
                }
                const auto& geo = pos.tables().geo;
                const bool king_on_edge = test(geo.edge, pos.king());
                const auto near = fort_neighbourhood(pos);
                const auto forts = moves_where(pos, [](const auto& p) {
                    return p.status().reason == OutcomeReason::ExitFort;
                });
                const bool in_contract = std::any_of(forts.begin(), forts.end(), [&](Move m) {
                    return m.from == pos.king()
                               ? test(geo.edge, m.to)
                               : king_on_edge && (test(near, m.from) || test(near, m.to));
                });
                CHECK(fort_in_one(pos) == in_contract);
                CHECK(forts.empty() == !in_contract);  // no fort these positions hold escapes it
                forts_found += in_contract;
            });
        }
    }
    WARN(forts_found << " positions with a fort in one, " << threats_found << " with a threat");
    CHECK(forts_found >= 4);
    CHECK(threats_found >= 4);
}
