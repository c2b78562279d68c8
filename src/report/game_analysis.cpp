// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/game_analysis.h"

#include <algorithm>
#include <cassert>

#include "engine/engine.h"
#include "report/score_meaning.h"

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

// The first moves of `pv` in notation, played from `game`.
std::string line_text(Game game, const std::vector<Move>& pv) {
    constexpr size_t kShownPlies = 10;
    std::string text;
    for (size_t i = 0; i < pv.size() && i < kShownPlies && !game.status().over(); ++i) {
        text += (i ? " " : "") + game.describe(pv[i]);
        game.play(pv[i]);
    }
    return text;
}

// Searches the position `game` is at.
PositionAnalysis analyse_position(Engine& engine, const Game& game, const SearchLimits& limits) {
    PositionAnalysis p;
    p.to_move = game.side_to_move();
    p.status = game.status();
    if (p.status.over()) {
        p.score = final_score(p.status, p.to_move);
        return p;
    }
    engine.set_game(game);
    const SearchResult r = engine.search(limits, [&p](const SearchInfo& info) {
        if (info.multipv != 1 || info.lowerbound || info.upperbound || info.depth < 1) return;
        if (p.by_depth.size() <= static_cast<size_t>(info.depth)) p.by_depth.resize(info.depth + 1);
        p.by_depth[info.depth] = info.score;
    });
    p.best = r.best;
    if (r.best) p.best_text = game.describe(*r.best);
    p.pv_text = line_text(game, r.pv);
    p.score = r.score;
    p.depth = r.depth;
    return p;
}

// The score of the deepest completed iteration up to `depth`; the final score when there is
// none (a finished game, or a proof deeper than `depth`: exact at any depth).
Score score_at(const PositionAnalysis& p, int depth) {
    for (int d = std::min<int>(depth, static_cast<int>(p.by_depth.size()) - 1); d >= 1; --d)
        if (p.by_depth[d]) return *p.by_depth[d];
    return p.score;
}

// Whether the mover threw a result away (see analyse_game).
bool loses_result(const PositionAnalysis& before, const PositionAnalysis& after) {
    const ScoreMeaning was = meaning_of(before.score), now = meaning_of(after.score);
    const bool had_win = was.result && was.win, had_loss = was.result && !was.win;
    const bool keeps_win = now.result && !now.win, gets_loss = now.result && now.win;
    return (had_win && !keeps_win) || (gets_loss && !had_loss);
}

}  // namespace

const char* tier_name(Tier tier) {
    switch (tier) {
        case Tier::Inaccuracy:
            return "inaccuracy";
        case Tier::Mistake:
            return "mistake";
        case Tier::Blunder:
            return "blunder";
        case Tier::None:
            break;
    }
    return "";
}

int attackers_view(Score score, Side to_move) {
    const int capped = std::clamp(score, -kScoreCap, kScoreCap);
    return to_move == Side::Attackers ? capped : -capped;
}

Tier tier_of(int loss, bool result_lost, int threshold) {
    if (result_lost || loss > 3 * threshold) return Tier::Blunder;
    if (loss > threshold) return Tier::Mistake;
    if (loss > threshold / 2) return Tier::Inaccuracy;
    return Tier::None;
}

MoveVerdict judge(const PositionAnalysis& before, const PositionAnalysis& after, int threshold) {
    MoveVerdict v;
    if (!before.depth) return v;
    v.judged = true;
    // A found result holds at any depth: then the final scores are compared.
    const bool results = meaning_of(before.score).result || meaning_of(after.score).result;
    const int d = after.status.over() ? before.depth : std::min(before.depth, after.depth + 1);
    const int drop = results ? attackers_view(before.score, before.to_move) -
                                   attackers_view(after.score, after.to_move)
                             : attackers_view(score_at(before, d), before.to_move) -
                                   attackers_view(score_at(after, d - 1), after.to_move);
    v.loss = std::max(0, before.to_move == Side::Attackers ? drop : -drop);
    v.result_lost = loses_result(before, after);
    v.tier = tier_of(v.loss, v.result_lost, threshold);
    return v;
}

int default_report_depth(int board_size) {
    return board_size <= 7    ? 6
           : board_size <= 9  ? 5
           : board_size <= 11 ? 4
           : board_size <= 13 ? 3
                              : 2;
}

GameAnalysis analyse_game(const Game& game, const AnalysisOptions& options) {
    GameAnalysis analysis;
    analysis.limits = limits_text(options.limits);
    analysis.threshold = options.threshold;
    analysis.book_plies = options.book_plies;
    Engine engine(static_cast<size_t>(options.hash_mb));  // the default size if refused
    engine.set_threads(options.threads);
    engine.set_solver_options(options.solver);
    engine.set_tablebase(options.tables);
    Game replay = game.from_start();
    engine.set_game(replay);  // set_eval_file checks the board size
    [[maybe_unused]] const std::string refused = engine.set_eval_file(options.eval_file);
    assert(refused.empty());
    const std::vector<Move>& played = game.moves_played();
    for (size_t ply = 0;; ++ply) {
        analysis.positions.push_back(analyse_position(engine, replay, options.limits));
        if (ply == played.size()) break;
        replay.play(played[ply]);
    }
    for (size_t k = 0; k < played.size(); ++k)
        analysis.moves.push_back(
            static_cast<int>(k) < options.book_plies
                ? MoveVerdict{}
                : judge(analysis.positions[k], analysis.positions[k + 1], options.threshold));
    return analysis;
}

int tier_count(const GameAnalysis& analysis, Side side, Tier tier) {
    int count = 0;
    for (size_t k = 0; k < analysis.moves.size(); ++k)
        count += analysis.positions[k].to_move == side && analysis.moves[k].tier == tier;
    return count;
}

}  // namespace branan::report
