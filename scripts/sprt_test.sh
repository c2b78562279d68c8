#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPRT of a new engine build against a base build with branan-match:
#
#   scripts/sprt_test.sh BASE_BINARY NEW_BINARY [extra branan-match args]
#
# Brandubh, 5+0.05 s, H0: elo = 0 against H1: elo = 5, alpha = beta = 0.05, games in
# colour-swapped pairs from the openings of openings/brandubh-handicap.txt (positions where skill
# decides the game: from the start position, equal engines' pairs nearly all split 1-1 and tell
# nothing), up to 20000 games on every core. Game records go to out/sprt, the results file to
# out/sprt/results.json (plot it with scripts/plot_match.py). A new run replaces the last one
# (--force); RESUME=1 continues an interrupted run instead (--resume). Extra arguments are
# passed on to branan-match after the defaults (another time control goes in TC: a second
# --each tc= is refused as a key given twice). The run stops as soon as the LLR crosses a
# bound (branan-match prints "SPRT: H1 accepted after N games (LLR x >= upper)").
#
# The defaults can be changed through the environment: TC (5+0.05), GAMES (20000),
# VARIANT (brandubh), OPENINGS (openings/VARIANT-handicap.txt where there is one, as for brandubh
# and tablut; random openings otherwise), OPENING_PLIES (4, for random openings), ELO0 (0), ELO1 (5), ALPHA (0.05),
# BETA (0.05), CONCURRENCY (games at a time: the core count; 1 for engines of 2 threads on
# 2 cores).
# branan-match is taken from $BRANAN_MATCH, else from PATH, else from build/release or build.
# Prints the verdict line at the end. Exit status: 0 H1 accepted (the new build is better),
# 1 H0 accepted, 2 no decision (game limit reached or interrupted), 3 usage or run error.
# (Environment: also RESUME=1, see above.)
set -u

usage() {
    sed -n '2,24p' "$0" | grep -v 'SPDX-License-Identifier' | sed -n '1,22p' | sed 's/^# \{0,1\}//' >&2
    exit 3
}
[ $# -ge 2 ] || usage
BASE=$1
NEW=$2
shift 2
for bin in "$BASE" "$NEW"; do
    if [ ! -x "$bin" ]; then
        echo "sprt_test.sh: '$bin' is not an executable file" >&2
        exit 3
    fi
done

root=$(cd "$(dirname "$0")/.." && pwd)
match=${BRANAN_MATCH:-}
if [ -z "$match" ]; then
    if command -v branan-match >/dev/null 2>&1; then
        match=$(command -v branan-match)
    else
        for candidate in "$root/build/release/branan-match" "$root/build/branan-match"; do
            if [ -x "$candidate" ]; then match=$candidate; break; fi
        done
    fi
fi
if [ -z "$match" ] || [ ! -x "$match" ]; then
    echo "sprt_test.sh: branan-match not found (set BRANAN_MATCH, put it on PATH or build it)" >&2
    exit 3
fi

variant=${VARIANT:-brandubh}
openings=${OPENINGS:-}
if [ -z "$openings" ] && [ -f "$root/openings/$variant-handicap.txt" ]; then
    openings=$root/openings/$variant-handicap.txt
fi
if [ -n "$openings" ]; then
    book=(--openings "$openings")
else
    book=(--random-openings "${OPENING_PLIES:-4}")
fi

mkdir -p out/sprt
results=out/sprt/results.json
if [ "${RESUME:-0}" = 1 ]; then again=--resume; else again=--force; fi
"$match" --engine cmd="$NEW" name=new --engine cmd="$BASE" name=base \
    --each tc="${TC:-5+0.05}" --variant "$variant" --games "${GAMES:-20000}" \
    --concurrency "${CONCURRENCY:-$(nproc)}" "${book[@]}" \
    --sprt elo0="${ELO0:-0}" elo1="${ELO1:-5}" alpha="${ALPHA:-0.05}" beta="${BETA:-0.05}" \
    --records out/sprt --results "$results" "$again" "$@"
status=$?

if [ ! -f "$results" ]; then
    echo "sprt_test.sh: branan-match exited with status $status and wrote no $results" >&2
    exit 3
fi

# The verdict, recomputed from the results file's summary (standard library only).
python3 - "$results" "$status" <<'EOF'
import json, sys
path, status = sys.argv[1], int(sys.argv[2])
try:
    r = json.load(open(path, encoding="utf-8"))
    s = r["summary"]
    e = s["engines"][0]
    p = s["pentanomial"]
    sp = s["sprt"]
except (OSError, ValueError, KeyError, IndexError, TypeError) as err:
    print(f"sprt_test.sh: cannot read {path}: {err}", file=sys.stderr)
    sys.exit(3)
def num(v, fmt):
    return v if isinstance(v, str) else ("n/a" if v is None else format(v, fmt))
if sp is None:
    print("sprt_test.sh: the results file has no SPRT", file=sys.stderr)
    sys.exit(3)
print(f"SPRT verdict: {sp['decision']} | LLR {sp['llr']:.2f} [{sp['lower']:.2f}, {sp['upper']:.2f}] | "
      f"games {e['games']} W {e['wins']} D {e['draws']} L {e['losses']} | "
      f"Elo {num(p['elo'], '+.2f')} [{num(p['elo_lower'], '+.2f')}, {num(p['elo_upper'], '+.2f')}] (pentanomial "
      f"{p['ll']}/{p['ld']}/{p['dd_or_wl']}/{p['wd']}/{p['ww']}) | LOS {num(e['los'], '.4f')}"
      + ("" if status == 0 else f" | branan-match exit status {status}"))
sys.exit({"H1 accepted": 0, "H0 accepted": 1}.get(sp["decision"], 2))
EOF
