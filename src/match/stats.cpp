// SPDX-License-Identifier: GPL-3.0-or-later
#include "match/stats.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace branan::match {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// The 0.975 quantile of the standard normal distribution: 95% two-sided intervals. fastchess
// writes this constant; cutechess computes the same number with its phiInv(0.975).
constexpr double kZ95 = 1.959963984540054;

// Mean and variance of a discrete distribution given as counts of the values `x`.
template <size_t N>
void mean_variance(const std::array<double, N>& x, const std::array<double, N>& count, double& mean,
                   double& variance) {
    double total = 0;
    for (double c : count) total += c;
    mean = 0;
    for (size_t i = 0; i < N; ++i) mean += x[i] * count[i] / total;
    variance = 0;
    for (size_t i = 0; i < N; ++i) variance += count[i] / total * (x[i] - mean) * (x[i] - mean);
}

// An estimate from the mean score per game `s`, the variance of one sample `variance` (one game,
// or one pair's score halved) and the number of samples `n`:
//   stdev of the mean = sqrt(variance / n)
//   interval = [elo(s - z * stdev), elo(s + z * stdev)], the scores clamped to [0, 1].
// This is cutechess's Elo::erroMargin / fastchess's EloBase::getError form: the interval is taken
// on the score scale and mapped through the (non-linear) Elo curve, so it is not symmetric in Elo;
// `error` is half its width.
EloEstimate estimate(double s, double variance, double n) {
    EloEstimate e;
    e.valid = true;
    e.score = s;
    e.elo = score_to_elo(s);
    const double stdev = std::sqrt(std::max(0.0, variance) / n);
    e.lower = score_to_elo(std::clamp(s - kZ95 * stdev, 0.0, 1.0));
    e.upper = score_to_elo(std::clamp(s + kZ95 * stdev, 0.0, 1.0));
    e.error = std::isfinite(e.lower) && std::isfinite(e.upper) ? (e.upper - e.lower) / 2 : kInf;
    e.spread = variance > 0;
    return e;
}

// The normal-approximation GSPRT LLR with its variance floor (stats.h, sprt_llr):
//   LLR = n (s1 - s0) (2 mu - s0 - s1) / (2 max(v, d^2 / (n + 1))), d = max(mu, 1 - mu),
// over the outcomes 0, 1/(N-1), ..., 1 with the given counts.
template <size_t N>
double llr_normal(const SprtConfig& c, const std::array<double, N>& counts) {
    double n = 0;
    for (double v : counts) n += v;
    if (n <= 0) return 0;
    std::array<double, N> x{};
    for (size_t i = 0; i < N; ++i) x[i] = static_cast<double>(i) / (N - 1);
    double mu = 0, var = 0;
    mean_variance(x, counts, mu, var);
    const double d = std::max(mu, 1 - mu);
    var = std::max(var, d * d / (n + 1));
    const double s0 = elo_to_score(c.elo0), s1 = elo_to_score(c.elo1);
    return n * (s1 - s0) * (2 * mu - s0 - s1) / var / 2;
}

}  // namespace

void add_pair(Pentanomial& p, double first, double second) {
    // Pair scores are multiples of 0.5: index = 2 * (first + second), rounded.
    switch (static_cast<int>(std::lround(2 * (first + second)))) {
        case 0:
            ++p.ll;
            break;
        case 1:
            ++p.ld;
            break;
        case 2:
            ++p.dd_or_wl;
            break;
        case 3:
            ++p.wd;
            break;
        default:
            ++p.ww;
            break;
    }
}

// Logistic Elo: E(score) = 1 / (1 + 10^(-elo / 400)).
double elo_to_score(double elo) {
    return 1 / (1 + std::pow(10.0, -elo / 400));
}

// Its inverse, elo = -400 * log10(1 / s - 1) (cutechess Elo::diff, fastchess scoreToEloDiff).
double score_to_elo(double score) {
    if (!(score >= 0 && score <= 1)) return std::numeric_limits<double>::quiet_NaN();
    if (score == 1) return kInf;
    if (score == 0) return -kInf;
    return -400 * std::log10(1 / score - 1);
}

// Trinomial model (cutechess Elo, fastchess EloWDL). With n = W + D + L games and the
// frequencies w = W/n, d = D/n, l = L/n:
//   s = w + d/2
//   variance per game = w (1 - s)^2 + d (1/2 - s)^2 + l (0 - s)^2
//   then estimate(s, variance, n) above.
EloEstimate elo_wdl(const WDL& r) {
    const int n = r.games();
    if (n <= 0) return {};
    double s = 0, variance = 0;
    mean_variance<3>({0.0, 0.5, 1.0}, {double(r.losses), double(r.draws), double(r.wins)}, s,
                     variance);
    return estimate(s, variance, n);
}

// Pentanomial model (fastchess EloPentanomial). With P pairs and the pair frequencies
// ll, ld, dd_or_wl, wd, ww (counts / P), each pair scoring 0, 1/4, 1/2, 3/4 or 1 per game:
//   s = ww + 3/4 wd + 1/2 dd_or_wl + 1/4 ld
//   variance per pair = ww (1 - s)^2 + wd (3/4 - s)^2 + dd_or_wl (1/2 - s)^2
//                       + ld (1/4 - s)^2 + ll (0 - s)^2
//   then estimate(s, variance, P): the spread is normalised by pairs, not games, which is what
//   makes the interval narrower when paired games are correlated.
EloEstimate elo_pentanomial(const Pentanomial& p) {
    const int n = p.pairs();
    if (n <= 0) return {};
    double s = 0, variance = 0;
    mean_variance<5>({0.0, 0.25, 0.5, 0.75, 1.0},
                     {double(p.ll), double(p.ld), double(p.dd_or_wl), double(p.wd), double(p.ww)},
                     s, variance);
    return estimate(s, variance, n);
}

// Likelihood of superiority (cutechess Elo::LOS): the normal approximation of the chance that
// the engine is stronger given W wins and L losses, 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))).
std::optional<double> los(const WDL& r) {
    const int decisive = r.wins + r.losses;
    if (decisive <= 0) return std::nullopt;
    return 0.5 * (1 + std::erf((r.wins - r.losses) / std::sqrt(2.0 * decisive)));
}

std::string format_number(double v, int decimals) {
    if (std::isnan(v)) return "n/a";
    if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s = buf;
    if (s.rfind("-0", 0) == 0 && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    return s;
}

std::string format_estimate(const EloEstimate& e, int decimals) {
    if (!e.valid) return "n/a";
    if (!e.spread) return format_number(e.elo, decimals) + " (no interval yet: every sample alike)";
    return format_number(e.elo, decimals) + " [" + format_number(e.lower, decimals) + ", " +
           format_number(e.upper, decimals) + "]";
}

Expected<SprtConfig> check_sprt_config(const SprtConfig& c) {
    if (!std::isfinite(c.elo0) || !std::isfinite(c.elo1) || !std::isfinite(c.alpha) ||
        !std::isfinite(c.beta))
        return Error{"SPRT parameters must be finite numbers"};
    if (!(c.alpha > 0 && c.alpha < 1) || !(c.beta > 0 && c.beta < 1))
        return Error{"SPRT alpha and beta must lie strictly between 0 and 1"};
    if (c.alpha + c.beta >= 1) return Error{"SPRT alpha + beta must be below 1"};
    if (!(c.elo0 < c.elo1)) return Error{"SPRT elo0 must be below elo1"};
    return c;
}

// Wald's bounds: accept H0 when LLR <= log(beta / (1 - alpha)), H1 when
// LLR >= log((1 - beta) / alpha). alpha = beta = 0.05 gives -+2.944.
SprtBounds sprt_bounds(const SprtConfig& c) {
    return {std::log(c.beta / (1 - c.alpha)), std::log((1 - c.beta) / c.alpha)};
}

double sprt_llr(const SprtConfig& c, const Pentanomial& p) {
    return llr_normal<5>(
        c, {double(p.ll), double(p.ld), double(p.dd_or_wl), double(p.wd), double(p.ww)});
}

double sprt_llr(const SprtConfig& c, const WDL& r) {
    return llr_normal<3>(c, {double(r.losses), double(r.draws), double(r.wins)});
}

SprtDecision sprt_decision(const SprtConfig& c, double llr) {
    const SprtBounds b = sprt_bounds(c);
    if (llr >= b.upper) return SprtDecision::AcceptH1;
    if (llr <= b.lower) return SprtDecision::AcceptH0;
    return SprtDecision::Continue;
}

const char* sprt_decision_name(SprtDecision d) {
    switch (d) {
        case SprtDecision::Continue:
            return "continue";
        case SprtDecision::AcceptH0:
            return "H0 accepted";
        case SprtDecision::AcceptH1:
            return "H1 accepted";
    }
    return "continue";
}

}  // namespace branan::match
