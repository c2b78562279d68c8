#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Random table positions: the tablebase's answer against the df-pn solver's.

usage: scripts/tablebase_vs_solver.py BRANAN TABLES N [--count C] [--nodes K] [--seed S]
                                     [--attackers A] [--variant V]

Draws C random positions (default 1000) of the tables' rules with the king and N other pieces
(attackers and defenders in every split, soldiers on the squares they may stand on, either side
to move; finished games are drawn again; with --attackers A, A of the N are attackers: one
material), asks `branan tablebase probe --path TABLES` and
`branan solve --variant V --nodes K` (V the tables' preset, brandubh by default; K 1,000,000)
about each, and counts: both decided and agreeing,
the solver unknown, and disagreements (a different winner, or a solver's win where the tables
say no side can force one), which it lists. Exit status 1 on any disagreement.

The tables hold wins without repetition; where the third repetition loses for the side that
makes it, `branan solve` also proves wins that rest on that rule (its cycle leaves,
docs/solving.md). So a solver's win where the tables give none is solved again with
`--no-cycle-leaves`: if that proves no win (within --nodes: the tables say there is none), the
win rests on the repetition rule, which the tables leave to the rules ("repetition_wins", in
agreement; whether such a win holds is the proof verifier's question, verify_proof); if it still
proves one, that is a disagreement.
Standard library only.
"""

import argparse
import json
import random
import subprocess
import sys

from read_selfplay import position_record  # a board string as an OpenTafl record


def random_position(rng, size, pieces, attackers=None):
    """An 'otn' line: the king off the corners, soldiers off the corners and the throne;
    `attackers` of the soldiers are attackers (a random split when None)."""
    corners = {0, size - 1, size * (size - 1), size * size - 1}
    throne = (size // 2) * size + size // 2
    king = rng.choice([s for s in range(size * size) if s not in corners])
    free = [s for s in range(size * size) if s not in corners and s != throne and s != king]
    soldiers = rng.sample(free, pieces)
    if attackers is None:
        attackers = rng.randint(0, pieces)
    cells = ["."] * (size * size)
    cells[king] = "K"
    for i, s in enumerate(soldiers):
        cells[s] = "t" if i < attackers else "T"
    side = rng.choice(["attackers", "defenders"])
    return "otn %s side %s" % (position_record("".join(cells), size), side)


def solve(a, lines, extra=()):
    """`branan solve`'s answers (parsed JSON) for these 'otn' lines."""
    if not lines:
        return []
    r = subprocess.run([a.branan, "solve", "--variant", a.variant, "--nodes", str(a.nodes),
                        *extra], input="\n".join(lines) + "\n", capture_output=True, text=True)
    solved = [json.loads(l) for l in r.stdout.splitlines()]
    assert len(solved) == len(lines), r.stderr
    return solved


def tally(lines, answers, solved, solve_without_cycles):
    """The counts of the summary line and the disagreements, as (line, table answer, solver
    answer) triples, from the tables' answers and the solver's for the same lines.
    `solve_without_cycles(lines)` gives the solver's answers with --no-cycle-leaves: a solver's
    win where the tables give none is asked again so (see the module's comment)."""
    agree = unknown = 0
    bad, no_table_win = [], []
    for line, t, s in zip(lines, answers, solved):
        table_win = t["result"] in ("attackers", "defenders")
        if s["result"] == "unknown":
            unknown += 1
            if t["result"] == "unknown" and t.get("note", "").startswith("not in"):
                bad.append((line, t, s))
        elif table_win and s["result"] == t["result"]:
            agree += 1
        elif not table_win and s["result"] not in ("attackers", "defenders"):
            agree += 1
        elif not table_win and not t.get("note", "").startswith("not in"):
            no_table_win.append((line, t, s))
        else:
            bad.append((line, t, s))
    repetition_wins = 0
    again = solve_without_cycles([line for line, _, _ in no_table_win]) if no_table_win else []
    for (line, t, _), s2 in zip(no_table_win, again):
        if s2["result"] in ("attackers", "defenders"):
            bad.append((line, t, s2))
        else:
            repetition_wins += 1
    return ({"positions": len(lines), "agree": agree + repetition_wins,
             "repetition_wins": repetition_wins, "solver_unknown": unknown,
             "disagree": len(bad)}, bad)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("branan")
    ap.add_argument("tables")
    ap.add_argument("pieces", type=int)
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--nodes", type=int, default=1000000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--attackers", type=int, default=None)
    ap.add_argument("--variant", default="brandubh")
    a = ap.parse_args()
    if a.attackers is not None and not 0 <= a.attackers <= a.pieces:
        ap.error("--attackers must be between 0 and N (%d)" % a.pieces)
    rng = random.Random(a.seed)
    lines, answers = [], []
    while len(lines) < a.count:
        batch = [random_position(rng, a.size, a.pieces, a.attackers)
                 for _ in range(a.count - len(lines))]
        r = subprocess.run([a.branan, "tablebase", "probe", "--path", a.tables],
                           input="\n".join(batch) + "\n", capture_output=True, text=True)
        for line, out in zip(batch, r.stdout.splitlines()):
            j = json.loads(out)
            if "error" not in j:  # a finished game: drawn again
                lines.append(line)
                answers.append(j)
    summary, bad = tally(lines, answers, solve(a, lines),
                         lambda again: solve(a, again, ["--no-cycle-leaves"]))
    print(json.dumps(summary))
    for line, t, s in bad:
        print("DISAGREE %s: tables %s in %s, solver %s" % (line, t["result"], t["distance"],
                                                            s["result"]))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
