#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""branan tablebase generate/probe/verify against the real binary.

usage: test_tablebase.py BRANAN

- generate --pieces 2 writes one file per material and one JSON line each; a second run loads
  the files instead of generating them (a stopped run continues);
- probe answers hand-checked positions (an attackers' win in 1, a defenders' win in 1, a
  defenders' win in 4 plies against a lone attacker beside the king on the throne) with a line
  of best play as long as the distance, 'unknown' outside the tables, and a JSON error line for a malformed line and a finished game (exit 1);
- verify passes on the files, and fails naming the file when one is damaged;
- mistakes exit non-zero with a message naming the problem: no --pieces, a bad --pieces, an
  unsupported variant, a missing directory, probing with another variant, an unknown command.
Standard library only.
"""

import json
import os
import subprocess
import sys
import tempfile


def run(args, stdin=""):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=240)


def refused(r, code, words):
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert words in r.stderr, (words, r.stderr)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip())
        return 2
    branan = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        tables = os.path.join(tmp, "brandubh")
        r = run([branan, "tablebase", "generate", "--pieces", "2", "--out", tables, "--threads", "2"])
        assert r.returncode == 0, r.stderr
        lines = [json.loads(l) for l in r.stdout.splitlines()]
        assert [l["material"] for l in lines] == ["a0d0", "a1d0", "a0d1", "a2d0", "a1d1", "a0d2"], lines
        assert all(not l["loaded"] and l["positions"] > 0 for l in lines), lines
        assert sorted(os.listdir(tables)) == sorted(l["material"] + ".btb" for l in lines)
        again = run([branan, "tablebase", "generate", "--pieces", "2", "--out", tables])
        assert again.returncode == 0, again.stderr
        assert all(json.loads(l)["loaded"] for l in again.stdout.splitlines()), again.stdout

        positions = (
            "otn /7/7/7/7/1t5/K6/7/ side attackers\n"
            "otn /7/7/7/7/1t5/K6/7/ side defenders\n"
            "otn /7/7/7/2tK3/7/7/7/ side attackers\n"
            "startpos\n"
            "otn /7/7/7/2tK3/7/7/7/ side attackers moves c4-c9\n"
            "otn /7/7/7/7/1t5/K6/7/ side attackers moves b5-a5\n"
        )
        r = run([branan, "tablebase", "probe", "--path", tables], positions)
        assert r.returncode == 1, (r.returncode, r.stderr)
        out = [json.loads(l) for l in r.stdout.splitlines()]
        assert out[0]["result"] == "attackers" and out[0]["distance"] == 1, out[0]
        assert out[1]["result"] == "defenders" and out[1]["distance"] == 1, out[1]
        assert out[2]["result"] == "defenders" and out[2]["distance"] == 4, out[2]
        assert out[3]["result"] == "unknown" and out[3]["distance"] is None, out[3]
        for o in out[:3]:  # the line of best play is as long as the distance
            assert len(o["line"]) == o["distance"], o
        assert "line" not in out[3], out[3]
        assert out[4]["input_line"] == 5 and "error" in out[4], out[4]
        assert out[5]["input_line"] == 6 and "game is over" in out[5]["error"], out[5]
        with open(os.path.join(tmp, "in.txt"), "w", encoding="utf-8") as f:
            f.write(positions.splitlines()[0] + "\n")
        r = run([branan, "tablebase", "probe", "--path", tables, "--input", os.path.join(tmp, "in.txt")])
        assert r.returncode == 0 and json.loads(r.stdout)["result"] == "attackers", (r.stdout, r.stderr)

        r = run([branan, "tablebase", "verify", "--path", tables])
        assert r.returncode == 0, r.stderr
        verified = [json.loads(l) for l in r.stdout.splitlines()]
        assert len(verified) == 6 and all(v["mismatches"] == 0 for v in verified), verified

        refused(run([branan, "tablebase", "generate", "--out", tables]), 2,
                "one of --pieces N and --material aXdY is required")
        refused(run([branan, "tablebase", "generate", "--pieces", "2", "--material", "a1d0",
                     "--out", tables]), 2, "give --pieces N or --material aXdY, not both")
        refused(run([branan, "tablebase", "generate", "--material", "a3x1", "--out", tables]), 2,
                "--material must be")
        # One slice as a job of its own: the slices below it must be there.
        one = os.path.join(tmp, "one")
        refused(run([branan, "tablebase", "generate", "--material", "a1d1", "--out", one]), 1,
                "a0d1 is needed")
        assert not os.path.exists(one), "a slice that cannot be made left its folder behind"
        for m in ["a0d0", "a1d0", "a0d1"]:
            r = run([branan, "tablebase", "generate", "--material", m, "--out", one])
            assert r.returncode == 0 and json.loads(r.stdout)["material"] == m, (r.stdout, r.stderr)
        r = run([branan, "tablebase", "generate", "--material", "a1d1", "--out", one])
        assert r.returncode == 0, r.stderr
        with open(os.path.join(one, "a1d1.btb"), "rb") as f, open(os.path.join(tables, "a1d1.btb"), "rb") as g:
            assert f.read() == g.read(), "a slice generated alone differs"
        refused(run([branan, "tablebase", "generate", "--pieces", "99", "--out", tables]), 2,
                "--pieces must be")
        refused(run([branan, "tablebase", "generate", "--pieces", "1", "--out", tables, "--variant",
                     "copenhagen"]), 2, "at most 8x8")
        refused(run([branan, "tablebase", "generate", "--pieces", "1", "--out", tables, "--variant",
                     "nosuch"]), 2, "nosuch")
        refused(run([branan, "tablebase", "probe", "--path", os.path.join(tmp, "missing")]), 2,
                "does not exist")
        refused(run([branan, "tablebase", "verify", "--path", os.path.join(tmp, "missing")]), 2,
                "does not exist")
        refused(run([branan, "tablebase", "probe", "--path", tables, "--variant",
                     "brandubh-federation"], "startpos\n"), 2, "are for rules 'brandubh'")
        refused(run([branan, "tablebase", "frobnicate"]), 2, "unknown command 'frobnicate'")
        refused(run([branan, "tablebase"]), 2, "a command is required")

        # A damaged file: verify (and a probe that needs it) name it.
        path = os.path.join(tables, "a1d1.btb")
        with open(path, "rb") as f:
            data = bytearray(f.read())
        data[-5] ^= 0x55
        with open(path, "wb") as f:
            f.write(data)
        r = run([branan, "tablebase", "verify", "--path", tables])
        assert r.returncode == 1 and "a1d1.btb" in r.stderr and "checksum" in r.stderr, r.stderr
        # The probe stops there: the tables leave the material out after the first read, so the
        # next position of it would have come back "not in the tables".
        r = run([branan, "tablebase", "probe", "--path", tables],
                "otn /7/7/7/7/1T5/K6/1t5/ side attackers\notn /7/7/7/7/2T4/K6/1t5/ side attackers\n")
        answers = [json.loads(line) for line in r.stdout.splitlines()]
        assert r.returncode == 1 and len(answers) == 1, r.stdout
        assert "checksum" in answers[0]["error"] and "read no further" in answers[0]["error"], r.stdout
        # A missing slice that another needs.
        os.remove(path)
        os.remove(os.path.join(tables, "a1d0.btb"))
        refused(run([branan, "tablebase", "verify", "--path", tables]), 1, "a2d0 needs a1d0")
    print("tablebase CLI: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
