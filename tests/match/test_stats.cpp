// SPDX-License-Identifier: GPL-3.0-or-later
// Match statistics against values computed by hand (arithmetic in the comments) and, for the
// LLR, against an independent Python transcription of fishtest's LLR_logistic, without its
// regularisation of zero counts and with the variance floor of stats.h:
//
//   def L(e): return 1 / (1 + 10 ** (-e / 400))
//   def llr(res, e0, e1):                       # res: L,D,W or LL,LD,DD+WL,WD,WW
//       N = sum(res); k = len(res)
//       pdf = [(i / (k - 1), r / N) for i, r in enumerate(res)]
//       m = sum(p * x for x, p in pdf); v = sum(p * (x - m) ** 2 for x, p in pdf)
//       d = max(m, 1 - m); v = max(v, d * d / (N + 1))
//       s0, s1 = L(e0), L(e1)
//       return N * (s1 - s0) * (2 * m - s0 - s1) / v / 2
#include <cmath>

#include "catch.h"
#include "match/stats.h"

using namespace branan::match;
using catch_compat::Approx;

TEST_CASE("score and Elo conversions", "[match]") {
    CHECK(elo_to_score(0) == Approx(0.5));
    // -400 * log10(1/0.7 - 1) = -400 * log10(0.428571) = -400 * -0.367977 = 147.19
    CHECK(score_to_elo(0.7) == Approx(147.19071411783776));
    CHECK(elo_to_score(score_to_elo(0.3)) == Approx(0.3));
    CHECK(score_to_elo(1) == INFINITY);
    CHECK(score_to_elo(0) == -INFINITY);
    CHECK(std::isnan(score_to_elo(1.5)));
}

TEST_CASE("trinomial Elo, interval and LOS: W=60 D=20 L=20", "[match]") {
    // n = 100; s = (60 + 20/2) / 100 = 0.7
    // variance per game = 0.6 (1 - 0.7)^2 + 0.2 (0.5 - 0.7)^2 + 0.2 (0 - 0.7)^2
    //                   = 0.6 * 0.09 + 0.2 * 0.04 + 0.2 * 0.49 = 0.054 + 0.008 + 0.098 = 0.16
    // stdev of the mean = sqrt(0.16 / 100) = 0.04
    // 95% scores: 0.7 -+ 1.959964 * 0.04 = 0.621601 .. 0.778399
    // Elo: 147.19, interval -400 log10(1/0.621601 - 1) = 86.23 .. 218.25, error (218.25-86.23)/2
    // = 66.01
    const EloEstimate e = elo_wdl({60, 20, 20});
    REQUIRE(e.valid);
    CHECK(e.score == Approx(0.7));
    CHECK(e.elo == Approx(147.19071411783776));
    CHECK(e.lower == Approx(86.22501520030423));
    CHECK(e.upper == Approx(218.2517776410748));
    CHECK(e.error == Approx(66.01338122038528));
    CHECK(e.spread);
    CHECK(format_estimate(e) == "147.19 [86.23, 218.25]");  // not symmetric: an interval
    // LOS = 0.5 (1 + erf((60 - 20) / sqrt(2 * 80))) = 0.5 (1 + erf(3.1623)) = 0.99999613
    REQUIRE(los({60, 20, 20}).has_value());
    CHECK(*los({60, 20, 20}) == Approx(0.9999961278917845));
    CHECK(*los({10, 5, 10}) == Approx(0.5));
}

TEST_CASE("edge cases give flags, not NaN", "[match]") {
    const EloEstimate none = elo_wdl({0, 0, 0});
    CHECK_FALSE(none.valid);
    CHECK(format_estimate(none) == "n/a");
    CHECK_FALSE(los({0, 7, 0}).has_value());  // only draws: no decisive game

    const EloEstimate sweep = elo_wdl({10, 0, 0});  // s = 1, variance 0
    REQUIRE(sweep.valid);
    CHECK(sweep.elo == INFINITY);
    CHECK(sweep.lower == INFINITY);
    CHECK(format_number(sweep.elo) == "+inf");
    CHECK_FALSE(sweep.spread);
    CHECK(format_estimate(sweep) == "+inf (no interval yet: every sample alike)");
    CHECK(format_number(elo_wdl({0, 0, 3}).elo) == "-inf");
    CHECK(*los({10, 0, 0}) == Approx(0.5 * (1 + std::erf(10 / std::sqrt(20.0)))));

    // Only draws: s = 0.5, variance 0, interval collapses to 0 .. 0.
    const EloEstimate draws = elo_wdl({0, 8, 0});
    CHECK(draws.elo == Approx(0).margin(1e-9));
    CHECK(draws.error == Approx(0).margin(1e-9));
    // Regression: four pairs all split 1-1 printed "0.00 +/- 0.00", a certainty they do not give.
    const EloEstimate split = elo_pentanomial({0, 0, 4, 0, 0});
    CHECK_FALSE(split.spread);
    CHECK(format_estimate(split) == "0.00 (no interval yet: every sample alike)");
    CHECK(format_estimate(elo_wdl({3, 1, 0})) == "338.04 [117.42, +inf]");
    CHECK(format_number(-0.0001) == "0.00");
    CHECK(format_number(NAN) == "n/a");

    // One win, one loss: s = 0.5, variance 0.25, stdev 0.3536, scores clamp to [0, 1] -> -inf..+inf
    const EloEstimate wide = elo_wdl({1, 0, 1});
    CHECK(wide.lower == -INFINITY);
    CHECK(wide.upper == INFINITY);
    CHECK(wide.error == INFINITY);
}

TEST_CASE("pentanomial Elo and interval", "[match]") {
    // LL=10 LD=20 DD/WL=40 WD=20 WW=15: 105 pairs, pair scores per game 0, 1/4, 1/2, 3/4, 1
    // s = (0*10 + 0.25*20 + 0.5*40 + 0.75*20 + 1*15) / 105 = (5 + 20 + 15 + 15) / 105 = 0.5238095
    // variance per pair = sum f_i (x_i - s)^2 = 0.0827664
    // stdev = sqrt(0.0827664 / 105) = 0.0280758 (normalised by pairs)
    // scores 0.5238095 -+ 1.959964 * 0.0280758 = 0.468782 .. 0.578837
    // Elo 16.557, interval -21.721 .. 55.243, error 38.482
    const Pentanomial p{10, 20, 40, 20, 15};
    const EloEstimate e = elo_pentanomial(p);
    REQUIRE(e.valid);
    CHECK(e.score == Approx(55.0 / 105));
    CHECK(e.elo == Approx(16.55707406329004));
    CHECK(e.lower == Approx(-21.720795735060534));
    CHECK(e.upper == Approx(55.24251825424506));
    CHECK(e.error == Approx(38.481656994652795));
    CHECK_FALSE(elo_pentanomial({}).valid);

    Pentanomial q;
    add_pair(q, 1, 1);
    add_pair(q, 1, 0.5);
    add_pair(q, 0.5, 0.5);
    add_pair(q, 1, 0);
    add_pair(q, 0, 0.5);
    add_pair(q, 0, 0);
    CHECK(q == Pentanomial{1, 1, 2, 1, 1});
}

TEST_CASE("SPRT bounds, LLR and decisions", "[match]") {
    const SprtConfig c{0, 5, 0.05, 0.05};
    REQUIRE(check_sprt_config(c).ok());
    // log(0.05 / 0.95) = -2.944439, log(0.95 / 0.05) = +2.944439
    const SprtBounds b = sprt_bounds(c);
    CHECK(b.lower == Approx(-2.9444389791664403));
    CHECK(b.upper == Approx(2.9444389791664403));

    // Pentanomial LL=10 LD=20 DD/WL=40 WD=20 WW=15 (N = 105 pairs):
    // s0 = L(0) = 0.5, s1 = L(5) = 0.5071951; mean 0.5238095, variance 0.0827664
    // LLR = 105 * (0.5071951 - 0.5) * (2 * 0.5238095 - 0.5 - 0.5071951) / (2 * 0.0827664) = 0.18449
    CHECK(sprt_llr(c, Pentanomial{10, 20, 40, 20, 15}) == Approx(0.1844929085673651));
    // Python llr([100, 420, 900, 480, 120], 0, 5) = 2.323154162101179
    CHECK(sprt_llr(c, Pentanomial{100, 420, 900, 480, 120}) == Approx(2.323154162101179));
    // Trinomial: Python llr([L=20, D=20, W=60], 0, 5) = 0.8832073383814437 and
    // llr([980, 2040, 1060], 0, 5) = 1.4586744156899256
    CHECK(sprt_llr(c, WDL{60, 20, 20}) == Approx(0.8832073383814437));
    CHECK(sprt_llr(c, WDL{1060, 2040, 980}) == Approx(1.4586744156899256));
    // One-sided samples: the variance floor d^2 / (N + 1) (here 1/11), finite and small.
    // Regression: regularising zero counts to 1e-3 gave 285.81 and 190.61 here, 17.80 after two
    // pairs won.
    CHECK(sprt_llr(c, WDL{10, 0, 0}) == Approx(0.3928821879538292));
    CHECK(sprt_llr(c, Pentanomial{0, 0, 0, 0, 10}) == Approx(0.3928821879538292));
    CHECK(sprt_llr(c, Pentanomial{0, 0, 0, 0, 2}) == Approx(0.02142993752475432));
    CHECK(sprt_llr(c, Pentanomial{0, 0, 0, 0, 1}) == Approx(0.00714331250825144));
    CHECK(sprt_llr(c, WDL{}) == 0);
    CHECK(sprt_llr(c, Pentanomial{}) == 0);

    CHECK(sprt_decision(c, 0.18) == SprtDecision::Continue);
    CHECK(sprt_decision(c, b.upper) == SprtDecision::AcceptH1);
    CHECK(sprt_decision(c, 3.0) == SprtDecision::AcceptH1);
    CHECK(sprt_decision(c, -3.0) == SprtDecision::AcceptH0);
    // The LLR needs a real run to cross a bound: three pairs split 1-1 are near 0 (regression:
    // -3.4, "H0 accepted" after six games); all pairs won crosses H1 at 29 pairs, all split
    // crosses H0 at 169 (Python above), not before.
    const SprtConfig wide{0, 15, 0.05, 0.05};
    CHECK(sprt_llr(wide, Pentanomial{0, 0, 3, 0, 0}) == Approx(-0.011169808774455527));
    CHECK(sprt_decision(c, sprt_llr(c, Pentanomial{0, 0, 0, 0, 28})) == SprtDecision::Continue);
    CHECK(sprt_decision(c, sprt_llr(c, Pentanomial{0, 0, 0, 0, 29})) == SprtDecision::AcceptH1);
    CHECK(sprt_decision(c, sprt_llr(c, Pentanomial{0, 0, 168, 0, 0})) == SprtDecision::Continue);
    CHECK(sprt_decision(c, sprt_llr(c, Pentanomial{0, 0, 169, 0, 0})) == SprtDecision::AcceptH0);
    CHECK(std::string(sprt_decision_name(SprtDecision::AcceptH1)) == "H1 accepted");

    CHECK_FALSE(check_sprt_config({5, 0, 0.05, 0.05}).ok());
    CHECK_FALSE(check_sprt_config({0, 5, 0, 0.05}).ok());
    CHECK_FALSE(check_sprt_config({0, 5, 0.6, 0.5}).ok());
}
