// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/game_analysis.h"

#include <algorithm>

#include "engine/engine.h"

namespace branan::report {
namespace {

// The score of the side to move in a finished game.
Score final_score(const Status& status, Side to_move) {
    if (status.outcome == Outcome::Draw) return kScoreDraw;
    return status.outcome == win_for(to_move) ? kScoreMate : -kScoreMate;
}

std::string limits_text(const SearchLimits& limits) {
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (limits.depth) add("depth " + std::to_string(limits.depth));
    if (limits.move_time) add(std::to_string(limits.move_time) + " ms a position");
    if (limits.nodes) add(std::to_string(limits.nodes) + " nodes a position");
    return text;
}

}  // namespace

int attackers_view(Score score, Side to_move) {
    const int capped = std::clamp(score, -kScoreCap, kScoreCap);
    return to_move == Side::Attackers ? capped : -capped;
}

GameAnalysis analyse_game(const Game& game, const AnalysisOptions& options) {
    GameAnalysis analysis;
    analysis.limits = limits_text(options.limits);
    analysis.threshold = options.threshold;
    Engine engine(static_cast<size_t>(options.hash_mb));  // the default size if refused
    engine.set_threads(options.threads);
    engine.set_solver_options(options.solver);
    Game replay = game.from_start();
    const std::vector<Move>& played = game.moves_played();
    for (size_t ply = 0;; ++ply) {
        PositionAnalysis p;
        p.to_move = replay.side_to_move();
        p.status = replay.status();
        if (p.status.over()) {
            p.score = final_score(p.status, p.to_move);
        } else {
            engine.set_game(replay);
            const SearchResult r = engine.search(options.limits);
            p.best = r.best;
            if (r.best) p.best_text = replay.describe(*r.best);
            p.score = r.score;
            p.depth = r.depth;
        }
        analysis.positions.push_back(p);
        if (ply == played.size()) break;
        replay.play(played[ply]);
    }
    for (size_t k = 0; k < played.size(); ++k) {
        const PositionAnalysis &before = analysis.positions[k], &after = analysis.positions[k + 1];
        MoveVerdict v;
        if (before.best != played[k]) {
            const int drop = attackers_view(before.score, before.to_move) -
                             attackers_view(after.score, after.to_move);
            v.loss = std::max(0, before.to_move == Side::Attackers ? drop : -drop);
        }
        v.mistake = v.loss > options.threshold;
        analysis.moves.push_back(v);
    }
    return analysis;
}

}  // namespace branan::report
