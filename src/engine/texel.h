// SPDX-License-Identifier: GPL-3.0-or-later
// Texel tuning: fits the evaluation weights to game results. Each sample is a quiet position from
// a game with the game's result; the evaluation is linear in the weights, so a position is kept
// as its feature vector and the fit never re-evaluates a board.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/eval_weights.h"

namespace branan {

struct TexelSample {
    struct Feature {
        int term = 0;
        int value = 0;
    };
    std::vector<Feature> features;  // the non-zero ones, attackers' point of view
    double result = 0.5;            // 1 attackers won, 0.5 draw, 0 defenders won
};

// The samples of one game: its positions after `skip_plies`, where the side to move can neither
// capture nor let the king escape (the evaluation judges quiet positions).
std::vector<TexelSample> texel_samples(const Game& finished, double result, int skip_plies);

// Mean squared error of sigmoid(K * (eval + bias) / 400) against the results. The bias is the
// fit's intercept: how far the games' results lean to one side whatever the position (it is
// not part of the evaluation).
double texel_error(const std::vector<TexelSample>& samples, const EvalWeights& w, double k,
                   double bias = 0);
// The K that minimises the error for these weights.
double texel_fit_k(const std::vector<TexelSample>& samples, const EvalWeights& w);
// Coordinate descent on the weights `free` accepts (all when it is empty) but the anchors
// (tuning_anchor()), and on the intercept `bias` (in and out), with steps shrinking from
// `first_step` to 1; `log` receives a line per improvement round. Each trial revisits only the
// samples whose feature for that term is non-zero. Without the intercept, a fit to games one
// side mostly won would push a constant into whatever weights act on every position.
EvalWeights texel_tune(const std::vector<TexelSample>& samples, EvalWeights w, double k,
                       int first_step, const std::function<void(const std::string&)>& log,
                       const std::function<bool(int term)>& free, double& bias);

}  // namespace branan
