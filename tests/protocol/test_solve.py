#!/usr/bin/env python3
"""branan solve against the real binary, its proofs against the independent verifier.

usage: test_solve.py BRANAN VERIFY_PROOF DATA_DIR

- brandubh tactics of tests/data/tactics.txt, on standard input: one JSON line each, the
  result is the tactic's side, the line starts from the position and is legal (the verifier
  replays the proof file, which must hold for every position);
- a 1-node limit gives "unknown"; a malformed line and a finished game give a JSON error line
  naming the line (exit status 1), the other lines are still answered;
- usage mistakes (--nodes 0, a missing --input file) exit with status 2.
Standard library only.
"""

import json
import os
import subprocess
import sys
import tempfile


def run(args, stdin=""):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=240)


def tactics(data, preset):
    out = []
    with open(os.path.join(data, "tactics.txt"), encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if w and not w[0].startswith("#") and w[0] == preset:
                out.append((w[1], w[2]))
    return out


def main():
    if len(sys.argv) != 4:
        print(__doc__.strip())
        return 2
    branan, verify, data = sys.argv[1:]
    cases = tactics(data, "brandubh")
    assert len(cases) >= 5, cases
    stdin = "".join("otn %s side %s\n" % c for c in cases)
    with tempfile.TemporaryDirectory() as tmp:
        proof = os.path.join(tmp, "proof.txt")
        r = run([branan, "solve", "--proof", proof, "--nodes", "500000"], stdin)
        assert r.returncode == 0, (r.returncode, r.stderr)
        lines = [json.loads(l) for l in r.stdout.splitlines()]
        assert len(lines) == len(cases), r.stdout
        for (record, side), out in zip(cases, lines):
            assert out["position"] == record and out["side"] == side, out
            assert out["result"] == side, out
            assert out["nodes"] > 0 and out["time_ms"] >= 0, out
            assert len(out["line"]) % 2 == 1 and all("-" in m for m in out["line"]), out
        v = run([verify, proof])
        assert v.returncode == 0, (v.returncode, v.stderr)
        assert v.stdout.startswith("verified %d proofs" % len(cases)), v.stdout
        # A proof tampered with is refused: the winner changed.
        with open(proof, encoding="utf-8") as f:
            text = f.read()
        bad = os.path.join(tmp, "bad.txt")
        with open(bad, "w", encoding="utf-8") as f:
            f.write(text.replace("winner defenders", "winner attackers", 1))
        v = run([verify, bad])
        assert v.returncode == 1 and "proof at line 2: at the root:" in v.stderr, v.stderr

    # The node limit: unknown, with an empty line.
    r = run([branan, "solve", "--nodes", "1"], "otn %s side %s\n" % cases[0])
    out = json.loads(r.stdout)
    assert r.returncode == 0 and out["result"] == "unknown" and out["line"] == [], (r.returncode, out)

    # Bad lines: an error naming the input line; the good line between them is still solved.
    stdin = "otn /7/zz/ side defenders\n\notn %s side %s\nd2-d9\n" % cases[0]
    r = run([branan, "solve", "--nodes", "100000"], stdin)
    assert r.returncode == 1, (r.returncode, r.stderr)
    out = [json.loads(l) for l in r.stdout.splitlines()]
    assert out[0]["input_line"] == 1 and "error" in out[0], out
    assert out[1]["input_line"] == 3 and out[1]["result"] == cases[0][1], out
    assert out[2]["input_line"] == 4 and "d2-d9" in out[2]["error"], out
    # A finished game: the king on a corner.
    r = run([branan, "solve"], "otn /K6/7/7/7/7/7/3t3/ side attackers\n")
    out = json.loads(r.stdout)
    assert r.returncode == 1 and "over" in out["error"], (r.returncode, out)

    # Usage mistakes.
    for args in (["--nodes", "0"], ["--input", "/nonexistent/positions.txt"], ["--hash", "0"],
                 ["--depth", "0"], ["--rules", "brandubh"]):
        r = run([branan, "solve"] + args, "")
        assert r.returncode == 2 and r.stderr.startswith("branan solve: "), (args, r.returncode, r.stderr)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
