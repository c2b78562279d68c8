#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plot a branan-match results file: the Elo estimate of the first engine with its 95% band, and
(with an SPRT) the LLR with its bounds, against the number of games played.

Usage: plot_match.py RESULTS.json [OUT.png] [--title TEXT]   (default OUT: RESULTS with .png;
       -o OUT.png also works)

The statistics are recomputed from the per-game list, in the order the games are listed, with the
formulas of src/match/stats.cpp (cutechess / fastchess / fishtest conventions):
  * paired runs: pentanomial model over complete pairs (games 2k-1 and 2k of a round with the same
    opening and swapped sides); otherwise the trinomial W/D/L model;
  * Elo = -400 log10(1/s - 1), interval from s -+ 1.959964 * sqrt(var / n) mapped to Elo;
  * LLR = the normal-approximation GSPRT LLR, n (s1 - s0) (2 mu - s0 - s1) / (2 v), with the
    variance floor v >= d^2 / (n + 1), d = max(mu, 1 - mu) (no regularised zero counts).
The axes are clipped so that lopsided runs stay readable: the Elo axis to the estimates and
intervals after the first tenth of the games (at most +-800; infinite values are drawn at the
edge), the LLR axis to the SPRT bounds and at most twice their distance.
Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""

import argparse
import json
import math
import sys

Z95 = 1.959963984540054


def score_to_elo(s):
    if s <= 0:
        return -math.inf
    if s >= 1:
        return math.inf
    return -400 * math.log10(1 / s - 1)


def elo_to_score(e):
    return 1 / (1 + 10 ** (-e / 400))


def mean_var(counts):
    """Mean and variance of outcomes 0 .. 1 in len(counts) equal steps."""
    n = sum(counts)
    k = len(counts)
    xs = [i / (k - 1) for i in range(k)]
    m = sum(c * x for c, x in zip(counts, xs)) / n
    v = sum(c / n * (x - m) ** 2 for c, x in zip(counts, xs))
    return m, v


ELO_CLIP = 800


def estimate(counts):
    """(elo, lower, upper) or None without samples. The interval is None when every sample is
    alike (no spread: no interval yet); infinities stay (drawn at the axis edge)."""
    n = sum(counts)
    if n == 0:
        return None
    m, v = mean_var(counts)
    if v <= 0:
        return [score_to_elo(m), None, None]
    sd = math.sqrt(v / n)
    return [score_to_elo(m), score_to_elo(min(1, max(0, m - Z95 * sd))),
            score_to_elo(min(1, max(0, m + Z95 * sd)))]


def llr_normal(counts, elo0, elo1):
    """The LLR of src/match/stats.cpp: normal approximation with the variance floor."""
    n = sum(counts)
    if n == 0:
        return 0.0
    m, v = mean_var(counts)
    d = max(m, 1 - m)
    v = max(v, d * d / (n + 1))
    s0, s1 = elo_to_score(elo0), elo_to_score(elo1)
    return n * (s1 - s0) * (2 * m - s0 - s1) / v / 2


def clip(values, low, high):
    """The values with None as NaN and everything (infinities too) clipped to [low, high]."""
    return [math.nan if x is None else min(high, max(low, x)) for x in values]


def score_of(game, engine):
    if (game["attackers"] == engine) == (game["defenders"] == engine):
        return None
    if game["result"] == "draw":
        return 0.5
    won = (game["result"] == "attackers") == (game["attackers"] == engine)
    return 1.0 if won else 0.0


def series(results):
    engine = results["engines"][0]
    paired = results.get("paired", True)
    sprt = results.get("sprt")
    wdl = [0, 0, 0]          # losses, draws, wins
    penta = [0, 0, 0, 0, 0]  # LL, LD, DD/WL, WD, WW
    waiting = {}
    xs, elo, lo, hi, llr = [], [], [], [], []
    for i, g in enumerate(results["games"], 1):
        s = score_of(g, engine)
        if s is not None:
            wdl[int(round(2 * s))] += 1
            key = (g["round"], (g["game"] - 1) // 2)
            if g["game"] >= 1 and key in waiting:
                a = waiting.pop(key)
                sa = score_of(a, engine)
                if (a["opening"] == g["opening"] and a["attackers"] == g["defenders"]
                        and a["defenders"] == g["attackers"] and sa is not None):
                    penta[int(round(2 * (sa + s)))] += 1
            elif g["game"] >= 1:
                waiting[key] = g
        counts = penta if paired and sum(penta) else wdl
        e = estimate(counts)
        xs.append(i)
        elo.append(e[0] if e else None)
        lo.append(e[1] if e else None)
        hi.append(e[2] if e else None)
        if sprt:
            llr.append(llr_normal(penta if paired else wdl, sprt["elo0"], sprt["elo1"]))
    return xs, elo, lo, hi, llr, wdl, penta


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", help="results JSON written by branan-match")
    ap.add_argument("out", nargs="?", help="PNG to write (default: RESULTS with .png)")
    ap.add_argument("-o", "--output", help="PNG to write (the same as OUT)")
    ap.add_argument("--title", help="plot title (default: the event and engines)")
    args = ap.parse_args()

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        hint = ""
        if sys.executable != "/usr/bin/python3":
            hint = (f" (this is {sys.executable}; Debian's package serves /usr/bin/python3: "
                    f"try '/usr/bin/python3 {sys.argv[0]} ...')")
        sys.exit("plot_match.py: matplotlib is missing; install it with "
                 "'apt-get install python3-matplotlib' (or 'pip install matplotlib')" + hint)

    try:
        with open(args.results, encoding="utf-8") as f:
            results = json.load(f)
        if results.get("format") != "branan-match-results":
            sys.exit(f"plot_match.py: {args.results} is not a branan-match results file")
        if len(results.get("engines", [])) < 2:
            sys.exit(f"plot_match.py: {args.results} names fewer than two engines")
    except (OSError, ValueError) as e:
        sys.exit(f"plot_match.py: cannot read {args.results}: {e}")

    xs, elo, lo, hi, llr, wdl, penta = series(results)
    if not xs:
        sys.exit("plot_match.py: the results file lists no games")
    sprt = results.get("sprt")
    engines = results["engines"]
    # The Elo axis: the estimates and intervals after the first tenth of the games, at most
    # +-ELO_CLIP; infinite estimates (a sweep) are drawn at its edge.
    skip = len(xs) // 10
    finite = [v for v in elo[skip:] + lo[skip:] + hi[skip:]
              if v is not None and math.isfinite(v)] + [0]
    pad = 0.1 * (max(finite) - min(finite) + 20)
    elo_low = max(-ELO_CLIP, min(finite) - pad)
    elo_high = min(ELO_CLIP, max(finite) + pad)
    if any(v is not None and math.isinf(v) for v in elo[skip:] + lo[skip:] + hi[skip:]):
        elo_low, elo_high = min(elo_low, -ELO_CLIP / 4), max(elo_high, ELO_CLIP / 4)

    rows = 2 if sprt else 1
    fig, axes = plt.subplots(rows, 1, figsize=(10, 4.2 * rows), sharex=True, squeeze=False)
    ax = axes[0][0]
    model = "pentanomial" if results.get("paired", True) and sum(penta) else "trinomial"
    ax.fill_between(xs, clip(lo, elo_low, elo_high), clip(hi, elo_low, elo_high),
                    color="tab:blue", alpha=0.2, label="95% interval", linewidth=0)
    ax.plot(xs, clip(elo, elo_low, elo_high), color="tab:blue", linewidth=1.5,
            label=f"Elo ({model})")
    ax.axhline(0, color="black", linewidth=0.8)
    if sprt:
        for v, style, name in ((sprt["elo0"], ":", "elo0"), (sprt["elo1"], "--", "elo1")):
            ax.axhline(v, color="grey", linestyle=style, linewidth=1, label=f"SPRT {name} = {v:g}")
    last = [x for x in elo if x is not None]
    final = f"{last[-1]:+.1f}" if last else "n/a"  # "+inf" for a sweep
    ax.set_ylabel(f"Elo of {engines[0]} vs {', '.join(engines[1:])}")
    ax.set_title(args.title or f"{results.get('event') or 'match'}: {engines[0]} vs "
                 f"{', '.join(engines[1:])} - W {wdl[2]} D {wdl[1]} L {wdl[0]}, Elo {final}")
    margin = 0.04 * (elo_high - elo_low)  # so that values clipped to the edge still show
    ax.set_ylim(elo_low - margin, elo_high + margin)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right")

    if sprt:
        ax2 = axes[1][0]
        lower = math.log(sprt["beta"] / (1 - sprt["alpha"]))
        upper = math.log((1 - sprt["beta"]) / sprt["alpha"])
        # Scaled to the bounds: an early spike may not flatten them (at most twice their span).
        llr_low = max(min(llr + [lower]), 2 * lower) - 0.4
        llr_high = min(max(llr + [upper]), 2 * upper) + 0.4
        ax2.plot(xs, clip(llr, llr_low, llr_high), color="tab:red", linewidth=1.5, label="LLR")
        ax2.axhline(upper, color="tab:green", linestyle="--", label=f"accept H1 ({upper:+.2f})")
        ax2.axhline(lower, color="tab:orange", linestyle="--", label=f"accept H0 ({lower:+.2f})")
        ax2.axhline(0, color="black", linewidth=0.8)
        verdict = ("H1 accepted" if llr[-1] >= upper else
                   "H0 accepted" if llr[-1] <= lower else "continue")
        ax2.set_title(f"SPRT elo0={sprt['elo0']:g} elo1={sprt['elo1']:g} "
                      f"alpha={sprt['alpha']:g} beta={sprt['beta']:g}: "
                      f"LLR {llr[-1]:.2f} [{lower:.2f}, {upper:.2f}], {verdict}")
        ax2.set_ylim(llr_low - 0.1, llr_high + 0.1)
        ax2.set_ylabel("log-likelihood ratio")
        ax2.grid(alpha=0.3)
        ax2.legend(loc="upper left")
    axes[-1][0].set_xlabel("games played")
    fig.tight_layout()

    out = args.out or args.output or (
        (args.results[:-5] if args.results.endswith(".json") else args.results) + ".png")
    try:
        fig.savefig(out, dpi=110)
    except OSError as e:
        sys.exit(f"plot_match.py: cannot write {out}: {e}")
    axes_text = f"Elo axis [{elo_low:.0f}, {elo_high:.0f}]"
    if sprt:
        axes_text += f", LLR axis [{llr_low:.2f}, {llr_high:.2f}]"
    print(f"wrote {out} ({axes_text})")


if __name__ == "__main__":
    main()
