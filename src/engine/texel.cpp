// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/texel.h"

#include <cmath>
#include <functional>

#include "core/threats.h"
#include "engine/evaluate.h"

namespace branan {
namespace {

double eval_for_attackers(const TexelSample& s, const EvalWeights& w) {
    double e = 0;
    for (const auto& f : s.features) e += static_cast<double>(f.value) * w.weight[f.term];
    return e;
}

double sigmoid(double eval, double k) {
    return 1.0 / (1.0 + std::pow(10.0, -k * eval / 400.0));
}

}  // namespace

std::vector<TexelSample> texel_samples(const Game& finished, double result, int skip_plies) {
    std::vector<TexelSample> samples;
    Game game = finished.from_start();
    const EvalWeights weights;
    const auto& moves = finished.moves_played();
    for (size_t i = 0; i < moves.size(); ++i) {
        if (static_cast<int>(i) >= skip_plies && !game.status().over()) {
            const bool quiet = game.visit_position([&](const auto& pos) {
                if (pos.side_to_move() == Side::Defenders && king_sees_escape(pos)) return false;
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
                    for (const auto& t : trace.terms)
                        if (t.feature != 0) s.features.push_back({t.term, t.feature});
                });
                samples.push_back(s);
            }
        }
        game.play(moves[i]);
    }
    return samples;
}

double texel_error(const std::vector<TexelSample>& samples, const EvalWeights& w, double k,
                   double bias) {
    if (samples.empty()) return 0;
    double sum = 0;
    for (const auto& s : samples) {
        const double d = s.result - sigmoid(eval_for_attackers(s, w) + bias, k);
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
                       int first_step, const std::function<void(const std::string&)>& log,
                       const std::function<bool(int term)>& free, double& bias) {
    if (samples.empty()) return w;
    // Per term, the samples that have it, with the feature's value; per sample, its evaluation
    // and squared error under the current weights.
    struct Use {
        size_t sample;
        int value;
    };
    // Term kEvalTermCount is the intercept: every sample uses it with value 1.
    const int kBias = kEvalTermCount;
    std::vector<std::vector<Use>> users(kEvalTermCount + 1);
    std::vector<double> eval(samples.size()), error(samples.size());
    double total = 0;
    for (size_t i = 0; i < samples.size(); ++i) {
        for (const auto& f : samples[i].features) users[f.term].push_back({i, f.value});
        users[kBias].push_back({i, 1});
        eval[i] = eval_for_attackers(samples[i], w) + bias;
        const double d = samples[i].result - sigmoid(eval[i], k);
        error[i] = d * d;
        total += error[i];
    }
    // The change of the total error if weight `t` moved by `delta`.
    auto change = [&](int t, int delta) {
        double sum = 0;
        for (const auto& u : users[t]) {
            const double d =
                samples[u.sample].result - sigmoid(eval[u.sample] + u.value * delta, k);
            sum += d * d - error[u.sample];
        }
        return sum;
    };
    for (int step = std::max(1, first_step); step >= 1; step /= 2) {
        for (bool improved = true; improved;) {
            improved = false;
            for (int t = 0; t <= kBias; ++t) {
                if (t < kBias && (tuning_anchor(t) || users[t].empty() || (free && !free(t))))
                    continue;
                for (int delta : {step, -step}) {
                    const double c = change(t, delta);
                    if (c >= -1e-12) continue;
                    if (t == kBias)
                        bias += delta;
                    else
                        w.weight[t] += delta;
                    total += c;
                    for (const auto& u : users[t]) {
                        eval[u.sample] += u.value * delta;
                        const double d = samples[u.sample].result - sigmoid(eval[u.sample], k);
                        error[u.sample] = d * d;
                    }
                    improved = true;
                    break;
                }
            }
            if (improved && log)
                log("step " + std::to_string(step) + ": error " +
                    std::to_string(total / samples.size()));
        }
    }
    return w;
}

}  // namespace branan
