#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""branan selfplay against the real binary, its files against scripts/read_selfplay.py; the
balanced-book script and the committed Copenhagen book.

usage: test_selfplay.py BRANAN

- a run writes a file whose `--dump` text is line for line what the Python reader prints, with
  one record per position the summary counts; games played two at a time give the same bytes;
- a file cut short (an interrupted run) is finished by the same command, with warnings, to the
  bytes of the uninterrupted run; a complete file has nothing left to play;
- a book: every game starts from one of its lines;
- usage mistakes (no --out, --nodes 0, a missing or malformed book, other settings for an
  existing file, a file that is not self-play data) are refused with exit status 2 (1 for a
  bad --dump), naming the problem;
- scripts/make_balanced_book.py: a small run writes at most KEEP openings, its header counting
  them, that selfplay reads as a book;
- openings/copenhagen-book.txt: as many openings as its header says, each a game of the
  copenhagen preset still going (selfplay reads every line and refuses a finished one).
Standard library only.
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
READER = os.path.join(ROOT, "scripts", "read_selfplay.py")
BOOK_SCRIPT = os.path.join(ROOT, "scripts", "make_balanced_book.py")
COPENHAGEN_BOOK = os.path.join(ROOT, "openings", "copenhagen-book.txt")


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=240)


def refused(args, status, *parts):
    r = run(args)
    assert r.returncode == status, (args, r.returncode, r.stdout, r.stderr)
    for part in parts:
        assert part in r.stderr, (args, part, r.stderr)


def book_lines(path):
    """The openings of a book and the count its first header line states."""
    with open(path, encoding="utf-8") as f:
        lines = [line.strip() for line in f]
    stated = int(lines[0].split()[2])
    return [line for line in lines if line and not line.startswith("#")], stated


def check_books(branan, tmp):
    book = os.path.join(tmp, "balanced.txt")
    r = run([sys.executable, BOOK_SCRIPT, "--branan", branan, "--variant", "brandubh",
             "--plies", "4", "--count", "6", "--nodes", "2000", "--margin", "100000",
             "--keep", "3", "--out", book])
    assert r.returncode == 0, (r.stdout, r.stderr)
    openings, stated = book_lines(book)
    assert 1 <= len(openings) <= 3 and stated == len(openings), (openings, stated)
    assert all(len(line.split()) == 2 + 4 for line in openings), openings
    for variant, path, count in (("brandubh", book, len(openings)),
                                 ("copenhagen", COPENHAGEN_BOOK, None)):
        if count is None:
            openings, count = book_lines(path)
            assert len(openings) == count and count >= 100, (len(openings), count)
        r = run([branan, "selfplay", "--variant", variant, "--book", path, "--random-plies", "0",
                 "--games", "1", "--nodes", "200", "--hash", "1",
                 "--out", os.path.join(tmp, variant + "-book.bin")])
        assert r.returncode == 0, (path, r.stderr)


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip())
        return 2
    branan = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "a.bin")
        defaults = {"--variant": "brandubh", "--nodes": "1500", "--hash": "2", "--seed": "7"}

        def with_options(**changed):
            options = dict(defaults, **{"--" + k.replace("_", "-"): v for k, v in changed.items()})
            return [branan, "selfplay"] + [w for item in options.items() for w in item]

        base = with_options()
        r = run(base + ["--games", "5", "--out", data])
        assert r.returncode == 0, r.stderr
        positions = int(r.stdout.split(" positions")[0].split()[-1])
        assert r.stdout.startswith("5 games, ") and positions > 5, r.stdout
        dump = run([branan, "selfplay", "--dump", data])
        assert dump.returncode == 0, dump.stderr
        lines = dump.stdout.splitlines()
        assert len(lines) == positions, (len(lines), positions)
        assert sum(line.endswith(" end") for line in lines) <= 5
        reader = run([sys.executable, READER, data])
        assert reader.returncode == 0, reader.stderr
        assert reader.stdout == dump.stdout
        whole = open(data, "rb").read()

        parallel = os.path.join(tmp, "p.bin")
        r = run(base + ["--games", "5", "--threads", "2", "--out", parallel])
        assert r.returncode == 0, r.stderr
        assert open(parallel, "rb").read() == whole

        cut = os.path.join(tmp, "cut.bin")
        with open(cut, "wb") as f:
            f.write(whole[:-5])
        reader = run([sys.executable, READER, cut])
        assert "cut short" in reader.stderr, reader.stderr
        cut_dump = run([branan, "selfplay", "--dump", cut])
        assert cut_dump.returncode == 0 and "cut short" in cut_dump.stderr, cut_dump.stderr
        assert cut_dump.stdout == reader.stdout and len(cut_dump.stdout.splitlines()) == positions - 1
        r = run(base + ["--games", "5", "--out", cut])
        assert r.returncode == 0, r.stderr
        assert "bytes of a record cut short" in r.stderr, r.stderr
        assert "records of a game that was not finished" in r.stderr, r.stderr
        assert open(cut, "rb").read() == whole
        r = run(base + ["--games", "5", "--out", cut])
        assert r.returncode == 0 and "nothing to play" in r.stdout, (r.stdout, r.stderr)

        book = os.path.join(tmp, "book.txt")
        with open(book, "w", encoding="utf-8") as f:
            f.write("# two openings\nstartpos moves d2-b2 d3-c3\n\nstartpos moves d6-f6\n")
        booked = os.path.join(tmp, "b.bin")
        r = run(base + ["--games", "4", "--book", book, "--random-plies", "0", "--out", booked,
                        "--keep-captures"])
        assert r.returncode == 0, r.stderr
        firsts = {}
        for line in run([branan, "selfplay", "--dump", booked]).stdout.splitlines():
            words = line.split()
            firsts.setdefault(words[1], int(words[3]))
        assert firsts and set(firsts.values()) <= {1, 2}, firsts

        refused([branan, "selfplay", "--games", "2"], 2, "--out FILE is required")
        refused(with_options(nodes="0") + ["--out", data], 2, "--nodes must be at least 1")
        refused(base + ["--out", data, "--games", "0"], 2, "--games must be")
        refused(with_options(seed="-3") + ["--out", data], 2, "--seed must be 0 or more")
        refused(base + ["--out", data, "--threads", "0"], 2, "--threads must be")
        refused(base + ["--out", tmp], 2, "Is a directory")
        refused(base + ["--out", data, "--book", os.path.join(tmp, "none.txt")], 2,
                "cannot open book")
        with open(book, "w", encoding="utf-8") as f:
            f.write("startpos moves d2-b2\nstartpos moves d2-d9\n")
        refused(base + ["--out", data, "--book", book], 2, "line 2")
        refused(with_options(nodes="1000") + ["--games", "6", "--out", data], 2, "other settings",
                "nodes=1500")
        refused(with_options(variant="tablut") + ["--out", data], 2, "other rules")
        # The evaluation decides the games: brandubh's default is its built-in net, named in the
        # settings by its checksum; the hand-written evaluation's files read as they always have.
        assert re.search(r"settings .* net=[0-9a-f]{8}\n", dump.stderr), dump.stderr
        refused(base + ["--eval-file", "<empty>", "--games", "6", "--out", data], 2,
                "other settings")
        hand = os.path.join(tmp, "hand.bin")
        r = run(base + ["--eval-file", "<empty>", "--games", "2", "--out", hand])
        assert r.returncode == 0, r.stderr
        hand_dump = run([branan, "selfplay", "--dump", hand])
        assert "captures=skipped\n" in hand_dump.stderr, hand_dump.stderr
        refused(base + ["--eval-file", os.path.join(tmp, "none.nnue"), "--out", hand], 2,
                "--eval-file", "none.nnue")
        refused([branan, "selfplay", "--dump", book], 1, "not a self-play data file")
        assert open(data, "rb").read() == whole  # nothing refused touched the file
        check_books(branan, tmp)
    print("selfplay: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
