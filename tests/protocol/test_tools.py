#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The tuning and opening tools against the real binaries.

usage: test_tools.py BRANAN BRANAN_MATCH

- branan tune: refused options (exit 2 with a message naming the option), a games file with a
  line that is not a game record refused (the file and line named), and a fit of games played
  from a set-up position (--start-record) that lowers the error;
- scripts/make_openings.py: a small run whose kept openings are positions the daemon accepts,
  each a candidate of the header's count, and a book branan-match plays;
- branan analyse: the JSON lines of a small input with comments, a mate, a finished game and a
  bad line, its exit statuses, the out-of-range options it (and bench) refuse, and --eval-file;
- the committed books, openings/VARIANT-handicap.txt: every opening a position of its variant
  where the game goes on, as many as the header says were kept.
Standard library only.
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HANDICAP = "/3t3/3t3/3T3/ttTKTtt/7/3t3/3t3/"


def run(args, timeout=600, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


def check_tune_refusals(branan):
    games = os.path.join(ROOT, "tests/data/brandubh-federation-games.csv")
    for extra, words in ((["--only", "xyz"], "--only 'xyz'"), (["--k", "0"], "--k"),
                         (["--start-record", "/9/"], "--start-record"), (["--step", "0"], "--step"),
                         (["--skip", "-3"], "--skip")):
        r = run([branan, "tune", "--games", games] + extra)
        assert r.returncode == 2, (extra, r.returncode, r.stderr)
        assert words in r.stderr, (extra, r.stderr)


def check_tune_game_files(branan, work):
    """A line that is not a game record stops tune with the file and line named (it was skipped
    without a word); empty lines are skipped; games without a result are counted as left out."""
    def games_file(name, text):
        path = os.path.join(work, name)
        with open(path, "wb") as f:
            f.write(text)
        return path
    for text, words in ((b"d2-e2 c4-c5,0,0,White\nd2-e2,x,y,Black\n",
                         "line 2: bad attacker capture count 'x'"),
                        (bytes(range(256)) * 2, "line 1: game line has"),
                        (b"a" * (1 << 21), "line 1: longer than 1 MiB")):
        path = games_file("bad.csv", text)
        r = run([branan, "tune", "--games", path])
        assert r.returncode == 2 and not r.stdout, (words, r.returncode, r.stdout)
        assert r.stderr.startswith("branan tune: '%s' %s" % (path, words)), (words, r.stderr)
    r = run([branan, "tune", "--games", work])  # a folder opens on Linux, and reads nothing
    assert r.returncode == 2 and r.stderr == (
        "branan tune: cannot open '%s': it is a directory\n" % work), r.stderr
    path = games_file("ok.csv", b"d2-e2 c4-c5,0,0,White\r\n\r\nd2-e2,0,0,Ongoing\nzz,0,0,Black\n")
    r = run([branan, "tune", "--games", path])
    # The first refused game is named: its line, its move and why.
    assert ("games 1 (1 refused by the rules; the first: '%s' line 4: move 1: " % path) in r.stdout, r.stdout
    assert "'zz'" in r.stdout and "), 1 without a result left out" in r.stdout, r.stdout


def check_openings_and_tune(branan, match, work):
    book = os.path.join(work, "book.txt")
    r = run([sys.executable, os.path.join(ROOT, "scripts/make_openings.py"), "--branan", branan,
             "--branan-match", match, "--start", "otn %s side attackers" % HANDICAP, "--plies", "3",
             "--count", "6", "--strong", "3", "--weak", "1", "--concurrency", "2", "--out", book])
    assert r.returncode == 0, r.stderr
    lines = [l for l in open(book, encoding="utf-8").read().splitlines() if l and not l.startswith("#")]
    header = open(book, encoding="utf-8").read().splitlines()[1]
    assert header.startswith("# %d of 6 candidates" % len(lines)), header
    for line in lines:
        words = line.split()
        assert words[:4] == ["otn", HANDICAP, "side", "attackers"] and words[4] == "moves", line
        assert len(words) == 8, line  # three plies
    # Every kept line is a position the daemon takes without an error.
    session = "uti\n" + "".join("position %s\nisready\n" % l for l in lines) + "quit\n"
    r = run([branan], input=session)
    assert "error" not in r.stdout and r.stdout.count("readyok") == len(lines), r.stdout
    # Depth 3 against depth 1 with seed 1 keeps some (deterministic: fixed-depth games).
    assert lines, "no opening kept"
    # The book plays, and its games fit from the set-up position.
    records = os.path.join(work, "games")
    r = run([match, "--engine", "cmd=" + branan, "name=a", "depth=2", "--engine", "cmd=" + branan,
             "name=b", "depth=2", "--openings", book, "--games", str(2 * len(lines)), "--records", records,
             "--quiet"])
    assert r.returncode == 0, r.stderr
    csv = os.path.join(records, "games.csv")
    r = run([branan, "tune", "--games", csv, "--start-record", HANDICAP, "--k", "1", "--only", "pst_"])
    assert r.returncode == 0, r.stderr
    assert "(0 refused by the rules)" in r.stdout, r.stdout
    fitted = [l for l in r.stdout.splitlines() if l.startswith("error on fitted")][0]
    before, after = (float(x) for x in fitted.split(":")[1].split("->"))
    assert after < before, fitted
    # Only the tables moved: every other weight is still the built-in one.
    weights = dict(l.split() for l in r.stdout.splitlines()[-200:]
                   if len(l.split()) == 2 and not l.startswith(("K ", "#")) and l.split()[1].lstrip("-").isdigit())
    # The built-in weights, as a fit that can move nothing prints them (no 11x11 king on 7x7 games).
    built_in = dict(l.split() for l in run([branan, "tune", "--games", csv, "--start-record", HANDICAP,
                                                "--k", "1", "--step", "1", "--only", "pst_king_11"]).stdout.splitlines()
                    if len(l.split()) == 2 and l.split()[1].lstrip("-").isdigit() and not l.startswith("K "))
    assert any(k.startswith("pst_") and weights[k] != built_in[k] for k in weights), "no table weight moved"
    assert all(weights[k] == built_in[k] for k in weights if not k.startswith("pst_")), "a non-table weight moved"


def check_analyse(branan):
    """branan analyse: one JSON object per position line, numbered by input line (blank lines and
    '#' comments skipped but counted), a mate, a finished game, an error line and exit status 1
    when a line failed; 2 for a bad option."""
    text = ("# a comment\nstartpos\n\n   # an indented comment\n"
            "otn /7/K6/7/7/3t3/7/1t5/ side defenders\n"
            "otn /7/K6/7/7/3t3/7/1t5/ side defenders moves a2-a1\nz9-a1\n")
    r = run([branan, "analyse", "--depth", "4", "--input", "-"], input=text)
    assert r.returncode == 1, (r.returncode, r.stderr)
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert [x["line"] for x in out] == [2, 5, 6, 7], r.stdout
    start, mate, over, bad = out
    assert start["side"] == "attackers" and start["depth"] == 4 and "cp" in start["score"], start
    assert start["pv"][0].startswith(start["bestmove"]), start
    assert mate["bestmove"] == "a2-a1" and mate["score"] == {"mate": 1}, mate
    assert over["bestmove"] is None and over["result"] == "defenders", over
    assert over["reason"] == "king escaped", over
    assert set(bad) == {"line", "error"} and "z9" in bad["error"], bad
    r = run([branan, "analyse", "--depth", "4", "--input", "-"], input="startpos\n")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 1, (r.returncode, r.stdout)
    # Out-of-range limits and resources are refused with the option named, never clamped.
    for option, value in (("--depth", "0"), ("--depth", "128"), ("--movetime", "0"), ("--nodes", "0"),
                          ("--nodes", "-5"), ("--threads", "0"), ("--threads", "257"), ("--hash", "0")):
        r = run([branan, "analyse", option, value, "--input", "-"], input="startpos\n", timeout=30)
        assert r.returncode == 2 and option in r.stderr and not r.stdout, (option, value, r.returncode, r.stderr)
    # --eval-file: the daemon's EvalFile values; a net file for another board, or none, refused.
    def score(*extra):
        r = run([branan, "analyse", "--depth", "3", "--input", "-"] + list(extra), input="startpos\n")
        assert r.returncode == 0, (extra, r.stderr)
        return json.loads(r.stdout)["score"]
    net = os.path.join(ROOT, "nets", "brandubh.nnue")
    assert score("--eval-file", net) == score(), "Brandubh's default evaluation is its net"
    assert score("--eval-file", "<empty>") != score(), "<empty> is the hand-written evaluation"
    for value, words in ((os.path.join(ROOT, "nets", "copenhagen.nnue"), "a net for 11x11 boards"),
                         ("no-such.nnue", "cannot open net file 'no-such.nnue'")):
        r = run([branan, "analyse", "--eval-file", value, "--input", "-"], input="startpos\n", timeout=30)
        assert r.returncode == 2 and "--eval-file: " in r.stderr and words in r.stderr, (value, r.stderr)
        assert not r.stdout, r.stdout
    for option, value in (("--threads", "300"), ("--hash", "0")):
        r = run([branan, "bench", "1", option, value], timeout=30)
        assert r.returncode == 2 and option in r.stderr, (option, value, r.returncode, r.stderr)


def check_committed_books(branan):
    """Every opening of openings/VARIANT-handicap.txt is a position of its variant, with the game
    still going, and the header's count of kept openings is the file's."""
    folder = os.path.join(ROOT, "openings")
    books = sorted(f for f in os.listdir(folder) if f.endswith("-handicap.txt"))
    assert books, "no opening books in openings/"
    for name in books:
        variant = name[: -len("-handicap.txt")]
        with open(os.path.join(folder, name)) as f:
            lines = [line.strip() for line in f]
        openings = [line for line in lines if line and not line.startswith("#")]
        kept = [line for line in lines if line.startswith("# ") and " of " in line and "candidates" in line]
        assert kept and int(kept[0].split()[1]) == len(openings), (name, kept, len(openings))
        # The book itself, comments and all: analyse skips them.
        r = run([branan, "analyse", "--variant", variant, "--depth", "1", "--input",
                 os.path.join(folder, name)])
        assert r.returncode == 0, (name, r.stdout[:500], r.stderr)
        results = [json.loads(line) for line in r.stdout.splitlines()]
        assert len(results) == len(openings), (name, len(results))
        assert results[0]["line"] == lines.index(openings[0]) + 1, (name, results[0])
        assert all(x.get("bestmove") for x in results), (name, [x for x in results if not x.get("bestmove")][:3])


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip())
        return 2
    branan, match = sys.argv[1], sys.argv[2]
    check_tune_refusals(branan)
    check_analyse(branan)
    check_committed_books(branan)
    with tempfile.TemporaryDirectory() as work:
        check_tune_game_files(branan, work)
        check_openings_and_tune(branan, match, work)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
