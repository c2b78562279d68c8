#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""branan solve against the real binary, its proofs against the independent verifier.

usage: test_solve.py BRANAN VERIFY_PROOF DATA_DIR

- brandubh tactics of tests/data/tactics.txt, on standard input: one JSON line each, the
  result is the tactic's side, the line starts from the position and is legal (the verifier
  replays the proof file, which must hold for every position);
- a 1-node limit gives "unknown"; a malformed line and a finished game give a JSON error line
  naming the line (exit status 1), the other lines are still answered;
- usage mistakes (--nodes 0, a missing --input file) exit with status 2, and so does a
  --checkpoint that cannot be written, before solving;
- checkpoints: a solve cut short by --nodes resumes from its checkpoint and proves the position
  in about the one-shot run's nodes; a decided line is answered again without search; SIGINT
  stops a solve with status 130 and its work saved; a corrupt, truncated, other rules' or other
  table size's checkpoint is refused, naming the problem;
- tablebases: with --tablebase (tables of two soldiers generated here) a table position is a
  proved leaf, written as "tablebase win|loss D"; the verifier accepts the proof with the tables,
  refuses it without them and refuses a leaf whose distance was changed; tables of other rules
  and a missing directory are refused (status 2), also by analyse, which answers a table
  position from the tables;
- split and merge: the jobs of a position's first moves, answered one by one and merged, give the
  position's direct answer; the jobs' proofs verify; missing children and a result of another
  parent are refused.
Standard library only.
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time


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
        # The error names what is wrong, in solve's own terms (it has no --threads).
        named = "/nonexistent/positions.txt" if args[0] == "--input" else args[0]
        assert named in r.stderr and "--threads" not in r.stderr, (args, r.stderr)
    # A checkpoint that cannot be written is refused before the solve, naming it. Regression:
    # the solve ran and exited 0.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "no-such-folder", "work.cp")
        r = run([branan, "solve", "--checkpoint", path], "otn %s side %s\n" % cases[0])
        assert r.returncode == 2, (r.returncode, r.stderr)
        assert r.stderr == "branan solve: cannot write checkpoint '%s.tmp'\n" % path, r.stderr
        assert r.stdout == "", r.stdout
        # A directory as the checkpoint is named as one (it read as "not a checkpoint").
        r = run([branan, "solve", "--checkpoint", tmp], "otn %s side %s\n" % cases[0])
        assert r.returncode == 2 and r.stdout == "", (r.returncode, r.stdout)
        assert r.stderr == "branan solve: cannot open checkpoint '%s': it is a directory\n" % tmp, r.stderr
    table_leaves(branan, verify)
    checkpoints(branan, verify, cases)
    split_and_merge(branan, verify, data)
    print("ok")
    return 0


def table_leaves(branan, verify):
    # The king and two soldiers: in the tables, a defenders' win in 5 plies.
    position = "otn /7/TKt4/7/7/7/7/7/ side defenders\n"
    with tempfile.TemporaryDirectory() as tmp:
        tables = os.path.join(tmp, "tb")
        r = run([branan, "tablebase", "generate", "--pieces", "2", "--out", tables])
        assert r.returncode == 0, r.stderr
        plain = json.loads(run([branan, "solve"], position).stdout)
        proof = os.path.join(tmp, "proof.txt")
        r = run([branan, "solve", "--tablebase", tables, "--proof", proof], position)
        assert r.returncode == 0, r.stderr
        out = json.loads(r.stdout)
        assert out["result"] == plain["result"] == "defenders", (out, plain)
        assert out["table_leaves"] >= 1 and out["nodes"] < plain["nodes"], (out, plain)
        v = run([verify, proof, "--tablebase", tables])
        assert v.returncode == 0 and "table leaves" in v.stdout, (v.stdout, v.stderr)
        v = run([verify, proof])
        assert v.returncode == 1 and "no tables to check it against" in v.stderr, v.stderr
        with open(proof, encoding="utf-8") as f:
            text = f.read()
        at = text.index("tablebase ")
        leaf = text[at:text.index("\n", at)]
        bad = os.path.join(tmp, "bad.txt")
        with open(bad, "w", encoding="utf-8") as f:
            d = int(leaf.split()[-1])
            f.write(text.replace(leaf, leaf.rsplit(" ", 1)[0] + " %d" % (d + 2), 1))
        v = run([verify, bad, "--tablebase", tables])
        assert v.returncode == 1 and "the tables give" in v.stderr, v.stderr
        for command in (["solve"], ["analyse", "--input", "-", "--depth", "1"]):
            for args in (["--variant", "brandubh-federation", "--tablebase", tables],
                         ["--tablebase", os.path.join(tmp, "missing")]):
                r = run([branan] + command + args, position)
                assert r.returncode == 2 and "--tablebase" in r.stderr, (command, args, r.stderr)
        # analyse answers from the tables: the win's distance, no search.
        r = run([branan, "analyse", "--input", "-", "--depth", "1", "--tablebase", tables], position)
        out = json.loads(r.stdout)
        assert r.returncode == 0 and out["score"] == {"mate": 3} and out["nodes"] == 0, out
        assert len(out["pv"]) == 5, out


def checkpoints(branan, verify, cases):
    # A 5-ply tactic: 1,327 nodes in one shot (cut at 900).
    tactic = "otn /1t5/4ttt/1T1t3/T3K2/3Tt1t/6t/7/ side defenders\n"
    one = json.loads(run([branan, "solve", "--hash", "4"], tactic).stdout)
    assert one["result"] == "defenders", one
    with tempfile.TemporaryDirectory() as tmp:
        cp = os.path.join(tmp, "cp.bin")
        proof = os.path.join(tmp, "proof.txt")
        base = [branan, "solve", "--hash", "4", "--checkpoint", cp]
        r = run(base + ["--nodes", "900"], tactic)
        first = json.loads(r.stdout)
        assert r.returncode == 0 and first["result"] == "unknown", (r.returncode, r.stdout)
        assert os.path.exists(cp) and not os.path.exists(cp + ".tmp")
        r = run(base + ["--proof", proof], tactic)
        second = json.loads(r.stdout)
        assert r.returncode == 0 and second["result"] == "defenders", (r.returncode, r.stdout)
        assert second["earlier_nodes"] == first["nodes"], (first, second)
        total = first["nodes"] + second["nodes"]
        assert 0.8 * one["nodes"] <= total <= 1.2 * one["nodes"] + 1000, (one["nodes"], total)
        assert second["line"] == one["line"], (one, second)
        v = run([verify, proof])
        assert v.returncode == 0 and v.stdout.startswith("verified 1 proofs"), v.stderr
        # Decided: answered again from the checkpoint, proof and all, without search.
        with open(proof, encoding="utf-8") as f:
            proof_text = f.read()
        r = run(base + ["--proof", proof, "--nodes", "1"], tactic)
        assert json.loads(r.stdout) == second, (r.stdout, second)
        with open(proof, encoding="utf-8") as f:
            assert f.read() == proof_text

        # Refused files.
        with open(cp, "rb") as f:
            good = f.read()
        body = good.index(b"fnv1a64")
        body = good.index(b"\n", body) + 1

        def refused(content, needle, extra=()):
            bad = os.path.join(tmp, "bad.bin")
            with open(bad, "wb") as f:
                f.write(content)
            r = run([branan, "solve", "--hash", "4", "--checkpoint", bad] + list(extra), tactic)
            assert r.returncode == 2 and r.stdout == "", (needle, r.returncode, r.stdout)
            assert r.stderr.startswith("branan solve: checkpoint") and needle in r.stderr, (needle, r.stderr)

        flipped = bytearray(good)
        flipped[body + (len(good) - body) // 2] ^= 0x20
        refused(bytes(flipped), "corrupt")
        refused(good[: len(good) - 7], "truncated")
        refused(good + b"x", "after the body")
        refused(good, "other rules", ["--variant", "brandubh-it"])
        refused(good.replace(b"branan-solve-checkpoint 2", b"branan-solve-checkpoint 9"), "format version")
        refused(b"hello\n", "not a branan solve checkpoint")
        refused(b"", "': the file is empty")  # it read as cut short in line 1 of its header
        # Cut short inside the header: named so (it read as "other rules" or a bad body line, the
        # line's cut text compared). Each line cut one byte in, in its middle, before its newline
        # and after it (the next line missing).
        ends = [i for i in range(body) if good[i:i + 1] == b"\n"]
        for begin, newline in zip([0] + [e + 1 for e in ends[:-1]], ends):
            for cut in sorted({begin + 1, (begin + newline) // 2, newline, newline + 1}):
                if cut < body:
                    line = good[:cut].count(b"\n") + 1
                    refused(good[:cut], "cut short in its header (line %d of 4 has no end)" % line)
        bad = os.path.join(tmp, "bad.bin")
        with open(bad, "wb") as f:
            f.write(good)
        r = run([branan, "solve", "--hash", "8", "--checkpoint", bad], tactic)
        assert r.returncode == 2 and "another size" in r.stderr, r.stderr

        # SIGINT: the solve of the start position stops, saves, and says so; the work resumes.
        cp2 = os.path.join(tmp, "start.bin")
        start = [branan, "solve", "--hash", "4", "--checkpoint", cp2, "--checkpoint-every", "100000"]
        p = subprocess.Popen(start + ["--nodes", "1000000000"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        p.stdin.write("startpos\n")
        p.stdin.flush()
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
        assert p.returncode == 130 and "stopped by signal" in err, (p.returncode, err)
        stopped = json.loads(out)
        assert stopped["result"] == "unknown" and stopped["nodes"] > 0, stopped
        r = run(start + ["--nodes", "1000"], "startpos\n")
        resumed = json.loads(r.stdout)
        assert r.returncode == 0 and resumed["earlier_nodes"] == stopped["nodes"], (r.stderr, resumed)


def split_and_merge(branan, verify, data):
    # Two tactics: the second's merge of the first's child result checks "another parent".
    cases = tactics(data, "brandubh")[:2]
    with tempfile.TemporaryDirectory() as tmp:
        for i, (record, side) in enumerate(cases):
            parent = "otn %s side %s\n" % (record, side)
            # A small proof table (--hash 4, MiB): these solves need little, and under the
            # sanitizers most of a job's time was clearing the default 64 MiB.
            direct = json.loads(run([branan, "solve", "--nodes", "500000", "--hash", "4"],
                                    parent).stdout)
            r = run([branan, "solve", "--split-first-moves"], parent)
            assert r.returncode == 0, r.stderr
            jobs = [l for l in r.stdout.splitlines() if not l.startswith("#")]
            assert jobs and all(l.startswith("otn %s side %s moves " % (record, side)) for l in jobs), jobs
            # The jobs solved in one process (each line on a cleared proof table, as in a process
            # of its own; under the sanitizers a process per job made the test 36 s against
            # 28 s), each answer kept in a file of its own as a cluster's jobs would leave them.
            pf = os.path.join(tmp, "p%d.txt" % i)
            r = run([branan, "solve", "--nodes", "200000", "--hash", "4", "--proof", pf],
                    "".join(job + "\n" for job in jobs))
            assert r.returncode == 0, r.stderr
            answers = r.stdout.splitlines()
            assert len(answers) == len(jobs), (len(answers), len(jobs))
            results, proved = [], 0
            for j, answer in enumerate(answers):
                res = os.path.join(tmp, "r%d-%d.json" % (i, j))
                with open(res, "w", encoding="utf-8") as f:
                    f.write(answer + "\n")
                results.append(res)
                proved += json.loads(answer)["result"] in ("attackers", "defenders")
            r = run([branan, "solve", "--merge"] + results)
            assert r.returncode == 0, r.stderr
            merged = json.loads(r.stdout)
            assert merged["result"] == direct["result"] == side, (merged, direct)
            assert merged["position"] == record and merged["merged"] == len(jobs), merged
            assert len(merged["line"]) % 2 == 1, merged
            # The chosen child's proof holds (it and every other child's the verifier checks).
            v = run([verify, pf])
            assert v.returncode == 0, (pf, v.stderr)
            assert v.stdout.startswith("verified %d proofs" % proved), v.stdout
            # A child left out, and a result of another parent.
            r = run([branan, "solve", "--merge"] + results[1:])
            assert r.returncode == 1 and "results missing for 1 of" in r.stderr, r.stderr
            if i > 0:
                r = run([branan, "solve", "--merge", results[0], previous])
                assert r.returncode == 1 and "another parent" in r.stderr, r.stderr
            previous = results[0]


if __name__ == "__main__":
    sys.exit(main())
