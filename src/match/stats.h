// SPDX-License-Identifier: GPL-3.0-or-later
// Match statistics for branan-match: score, Elo difference with its 95% interval, likelihood of
// superiority, the pentanomial (game-pair) model and the SPRT. Pure math, no I/O.
//
// Conventions follow cutechess-cli (elo.cpp, sprt.cpp), fastchess (elo_wdl.cpp,
// elo_pentanomial.cpp, sprt.cpp) and fishtest (server/fishtest/stats/LLRcalc.py, stat_util.py);
// each formula is written out next to its function in stats.cpp.
//
// Infinite values are legitimate results here (a 10-0 sweep has score 1 and Elo +inf); NaN never
// is. Functions that have no answer (no games) say so through `valid` or std::nullopt, and
// format_number() prints +inf / -inf / n/a instead of the C library's "inf" / "nan".
#pragma once

#include <optional>
#include <string>

#include "core/expected.h"

namespace branan::match {

// Game results from one engine's point of view.
struct WDL {
    int wins = 0, draws = 0, losses = 0;
    int games() const { return wins + draws + losses; }
    bool operator==(const WDL&) const = default;
};

// Outcomes of game pairs (same opening, colours swapped) from one engine's point of view, by the
// pair's total score: 0 (LL), 0.5 (LD), 1 (DD or WL), 1.5 (WD), 2 (WW).
struct Pentanomial {
    int ll = 0, ld = 0, dd_or_wl = 0, wd = 0, ww = 0;
    int pairs() const { return ll + ld + dd_or_wl + wd + ww; }
    bool operator==(const Pentanomial&) const = default;
};

// Adds the pair whose two games scored `first` and `second` (each 0, 0.5 or 1) for the engine.
void add_pair(Pentanomial& p, double first, double second);

// Expected score of an Elo difference, 1 / (1 + 10^(-elo/400)), and its inverse,
// -400 * log10(1/s - 1): +inf at s = 1, -inf at s = 0, NaN outside [0, 1].
double elo_to_score(double elo);
double score_to_elo(double score);

// An Elo estimate with its 95% confidence interval. Without games `valid` is false and the
// numbers are meaningless (0). elo, lower and upper may be +-inf (score 0 or 1 at a bound).
struct EloEstimate {
    bool valid = false;
    double score = 0;  // mean score per game
    double elo = 0;
    double lower = 0;  // 95% interval
    double upper = 0;
    double error = 0;  // (upper - lower) / 2, the "+-" cutechess and fastchess print
    // Whether the samples differ at all: with every sample alike (4 pairs all split 1-1) the
    // sample variance is 0 and the normal approximation gives no interval (lower = upper).
    bool spread = false;
};

// From the trinomial W/D/L counts (cutechess, fastchess EloWDL).
EloEstimate elo_wdl(const WDL& r);
// From the pentanomial pair counts, normalised by pairs (fastchess EloPentanomial).
EloEstimate elo_pentanomial(const Pentanomial& p);

// Likelihood of superiority from wins and losses (draws carry no information):
// 0.5 * (1 + erf((w - l) / sqrt(2 (w + l)))). Nothing without a decisive game.
std::optional<double> los(const WDL& r);

// "147.19", "+inf", "-inf", "n/a" (NaN); `decimals` digits after the point.
std::string format_number(double v, int decimals = 2);
// "147.19 [83.76, 224.54]" (the interval is not symmetric around the estimate), "n/a" without
// games, "0.00 (no interval yet: every sample alike)" without spread.
std::string format_estimate(const EloEstimate& e, int decimals = 2);

// ---- SPRT ----------------------------------------------------------------------------------

// elo0/elo1 are logistic Elo (H0: elo = elo0, H1: elo = elo1); alpha and beta are the error
// probabilities of the first and second kind.
struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    bool operator==(const SprtConfig&) const = default;
};

// The largest |elo0| and |elo1| branan-match --sprt takes (an expected score of 99.7%): far
// beyond any test worth running, and it keeps the printed figures readable. (Not a condition of
// check_sprt_config: a results file of an older run with wider Elos still merges.)
constexpr int kMaxSprtElo = 1000;

// Checks 0 < alpha, beta; alpha + beta < 1; elo0 < elo1; all finite. Returns the config.
Expected<SprtConfig> check_sprt_config(const SprtConfig& c);

struct SprtBounds {
    double lower;  // log(beta / (1 - alpha)): at or below it H0 is accepted
    double upper;  // log((1 - beta) / alpha): at or above it H1 is accepted
};
SprtBounds sprt_bounds(const SprtConfig& c);

// The log-likelihood ratio of the generalised SPRT in its normal approximation (fishtest's
// LLR_logistic form), from the observed counts themselves (zero counts are not "regularised"):
//   n samples (game pairs, or single games when unpaired), each scoring x in [0, 1] (pair: its
//   points / 2), mean mu, sample variance v;
//   v' = max(v, d^2 / (n + 1)) with d = max(mu, 1 - mu): a variance floor, the variance one
//        more sample at the far end would give; it keeps a few lopsided or identical samples
//        (v = 0) from dividing by nothing, and fades as the run grows;
//   s0, s1 = elo_to_score(elo0), elo_to_score(elo1);
//   LLR = n (s1 - s0) (2 mu - s0 - s1) / (2 v').
// 0 without samples.
double sprt_llr(const SprtConfig& c, const Pentanomial& p);
double sprt_llr(const SprtConfig& c, const WDL& r);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };
// Wald's decision: H1 at or above the upper bound, H0 at or below the lower one, else continue.
// Checked after every game; the first crossing stops the run.
SprtDecision sprt_decision(const SprtConfig& c, double llr);
// "continue", "H0 accepted", "H1 accepted"
const char* sprt_decision_name(SprtDecision d);

}  // namespace branan::match
