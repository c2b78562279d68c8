#include "engine/texel.h"

#include <cmath>
#include <functional>

#include "engine/evaluate.h"

namespace branan {
namespace {

double eval_for_attackers(const TexelSample& s, const EvalWeights& w) {
    double e = 0;
    for (int t = 0; t < kEvalTermCount; ++t) e += static_cast<double>(s.features[t]) * w.weight[t];
    return e;
}

double sigmoid(double eval, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0)); }

}  // namespace

std::vector<TexelSample> texel_samples(const Game& finished, double result, int skip_plies) {
    std::vector<TexelSample> samples;
    auto replay = Game::create(finished.rules(), finished.start_record(), finished.start_side());
    if (!replay) return samples;
    Game game = std::move(replay).value();
    const EvalWeights weights;
    const auto& moves = finished.moves_played();
    for (size_t i = 0; i < moves.size(); ++i) {
        if (static_cast<int>(i) >= skip_plies && !game.status().over()) {
            const bool quiet = game.visit_position([&](const auto& pos) {
                if (pos.side_to_move() == Side::Defenders &&
                    (pos.destinations(pos.king(), Piece::King) & pos.tables().escape))
                    return false;
                MoveList list;
                pos.generate(list);
                for (Move m : list)
                    if (pos.captures_of(m)) return false;
                return true;
            });
            if (quiet) {
                TexelSample s;
                s.result = result;
                game.visit_position([&](const auto& pos) {
                    EvalTrace trace;
                    evaluate(pos, weights, &trace);
                    for (const auto& t : trace.terms) s.features[t.term] = t.feature;
                });
                samples.push_back(s);
            }
        }
        game.play(moves[i]);
    }
    return samples;
}

double texel_error(const std::vector<TexelSample>& samples, const EvalWeights& w, double k) {
    if (samples.empty()) return 0;
    double sum = 0;
    for (const auto& s : samples) {
        const double d = s.result - sigmoid(eval_for_attackers(s, w), k);
        sum += d * d;
    }
    return sum / static_cast<double>(samples.size());
}

double texel_fit_k(const std::vector<TexelSample>& samples, const EvalWeights& w) {
    double best_k = 1, best = texel_error(samples, w, 1);
    for (double step = 0.5; step > 0.001; step /= 2) {
        for (double k : {best_k - step, best_k + step}) {
            if (k <= 0) continue;
            const double e = texel_error(samples, w, k);
            if (e < best) {
                best = e;
                best_k = k;
            }
        }
    }
    return best_k;
}

EvalWeights texel_tune(const std::vector<TexelSample>& samples, EvalWeights w, double k,
                       int first_step, const std::function<void(const std::string&)>& log) {
    double best = texel_error(samples, w, k);
    for (int step = std::max(1, first_step); step >= 1; step /= 2) {
        for (bool improved = true; improved;) {
            improved = false;
            for (int t = 0; t < kEvalTermCount; ++t) {
                if (t == kAttackerSoldiers) continue;  // the anchor of the scale
                for (int delta : {step, -step}) {
                    EvalWeights trial = w;
                    trial.weight[t] += delta;
                    const double e = texel_error(samples, trial, k);
                    if (e < best) {
                        best = e;
                        w = trial;
                        improved = true;
                        break;
                    }
                }
            }
            if (improved && log) log("step " + std::to_string(step) + ": error " + std::to_string(best));
        }
    }
    return w;
}

}  // namespace branan
