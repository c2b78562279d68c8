// SPDX-License-Identifier: GPL-3.0-or-later
// QuietMoveFacts (core/quiet_move_facts.h), the facts late-move pruning decides on before a move
// is made, against the moves made: on random games of every preset and on the test positions
// (rings, forts, shieldwalls) and every position one move after them, every quiet move that,
// made, wins at once or leaves the defenders' king in sight of an escape square must be one that
// may_matter() names. Asked only where the search asks it: no special rules, and no win in one
// that the search's threat tests see first (core/threats.h).
#include <random>
#include <vector>

#include "catch.h"
#include "core/game.h"
#include "core/presets.h"
#include "core/quiet_move_facts.h"
#include "core/threats.h"
#include "test_position_walks.h"

using namespace branan;

namespace {

struct QuietFactCounts {
    long positions = 0, quiet = 0, mattering = 0, named = 0, ring_checked = 0, none_named = 0,
         none_named_defenders = 0;
};

// Checks every quiet move of one position; `pos` is left as it was.
template <class BB>
void check_position(Position<BB>& pos, QuietFactCounts& counts) {
    if (pos.status().over() || pos.tables().special) return;
    const Side us = pos.side_to_move();
    if (us == Side::Defenders ? defenders_win_in_one(pos) : king_captured_in_one(pos)) return;
    const QuietMoveFacts<BB> facts(pos);
    if (!facts.exact()) return;
    ++counts.positions;
    // none_may_matter(): then may_matter() names no quiet move.
    const bool none = facts.none_may_matter();
    counts.none_named += none;
    counts.none_named_defenders += none && us == Side::Defenders;
    MoveList list;
    pos.generate(list);
    for (Move m : list) {
        const bool escape_move = m.from == pos.king() && test(pos.tables().escape, m.to);
        if (escape_move || pos.captures_of(m)) continue;
        ++counts.quiet;
        const bool named = facts.may_matter(m);
        counts.named += named;
        if (none && named)
            FAIL_CHECK("quiet move " << m.from << "-" << m.to
                                     << ": may_matter() though none_may_matter()");
        // Under ring rules, while the ring is open, an attacker move matters exactly when its
        // destination is not simple: the board-wide answer equals the move's own.
        if (us == Side::Attackers && pos.tables().rules.encirclement && !pos.encircled()) {
            ++counts.ring_checked;
            if (named != !facts.simple_after(m))
                FAIL_CHECK("attacker move " << m.from << "-" << m.to << ": may_matter() " << named
                                            << ", simple_after() " << facts.simple_after(m));
        }
        pos.do_move(m);
        const bool wins = pos.status().outcome == win_for(us);
        const bool opens_escape =
            us == Side::Defenders && !pos.status().over() && king_sees_escape(pos);
        pos.undo_move();
        if (wins || opens_escape) {
            ++counts.mattering;
            if (!named)
                FAIL_CHECK("quiet move " << m.from << "-" << m.to
                                         << (wins ? " wins" : " opens an escape")
                                         << " but may_matter() is false");
        }
    }
}

}  // namespace

TEST_CASE("quiet move facts: every quiet move that wins or opens an escape is named", "[picker]") {
    std::mt19937 rng(20261202);
    QuietFactCounts counts;
    // A copy of the position: the check makes and takes back moves.
    const auto check = [&](const auto& position) {
        auto pos = position;
        check_position(pos, counts);
    };
    for (const auto& name : preset_names()) {
        const Rules rules = *preset(name);
        INFO(rules.name);
        const int games = rules.size <= 11 ? 8 : 2;
        for (int g = 0; g < games; ++g) {
            Game game = Game::create(rules).value();
            for (int ply = 0; ply < 160; ++ply) {
                if (game.status().over()) break;
                if (ply % 2 == 0) game.visit_position(check);
                const auto moves = game.legal_moves();
                if (moves.empty()) break;
                game.play(moves[rng() % moves.size()]);
            }
        }
    }
    testing::visit_test_positions_and_successors(
        [&](const Game& game) { game.visit_position(check); });
    WARN(counts.positions << " positions, " << counts.quiet << " quiet moves, " << counts.mattering
                          << " that win or open an escape, " << counts.named << " named, "
                          << counts.ring_checked << " attacker moves checked against simple_after, "
                          << counts.none_named << " positions where none may matter ("
                          << counts.none_named_defenders << " of the defenders)");
    // The positions must exercise the facts: moves that matter, and far fewer named than quiet.
    CHECK(counts.positions > 1000);
    CHECK(counts.mattering > 100);
    CHECK(counts.named < counts.quiet / 4);
    CHECK(counts.ring_checked > 10000);
    CHECK(counts.none_named > 100);
    CHECK(counts.none_named_defenders > 100);
    CHECK(counts.none_named < counts.positions);
}
