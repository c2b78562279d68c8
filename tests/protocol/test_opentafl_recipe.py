#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The steps of docs/opentafl.md that need no OpenTafl, run as the document writes them.

usage: test_opentafl_recipe.py BRANAN BRANAN_MATCH

Each shell block of docs/opentafl.md that follows the comment
"<!-- tests/protocol/test_opentafl_recipe.py runs this block -->" is run with bash, word for word,
in a scratch copy of a Branan checkout (its scripts/opentafl/, and BRANAN and BRANAN_MATCH as
build/release/) with a scratch HOME:
- the install block: the engine file it writes is one OpenTafl accepts (an [engine] section whose
  directory and filename name the copied binary under engines/, OpenTafl's own check) and its
  command with its arguments is a working OTEP engine (it says hello and leaves on goodbye);
  install.sh refuses a missing OpenTafl folder and a missing binary with a message;
- the think-time block: on the records of a real branan-match run with an OTEP engine (Branan's
  own --otep standing in for OpenTafl's AI), it prints that engine's move count and the mean,
  median and largest of its move times, as the .notes files have them.
Standard library only.
"""

import configparser
import filecmp
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "opentafl.md")
MARK = "<!-- tests/protocol/test_opentafl_recipe.py runs this block -->"


def doc_blocks():
    """The shell blocks right after MARK, in document order."""
    lines = open(DOC, encoding="utf-8").read().split("\n")
    blocks = []
    for i, line in enumerate(lines):
        if line.strip() != MARK:
            continue
        assert lines[i + 1].startswith("```sh"), "the mark must stand right above a ```sh block"
        end = lines.index("```", i + 2)
        blocks.append("\n".join(lines[i + 2:end]) + "\n")
    return blocks


def bash(script, cwd, home, timeout=120):
    env = dict(os.environ, HOME=home)
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def checkout(scratch, branan, branan_match):
    """A scratch Branan checkout: the real scripts/opentafl/ and the binaries under test."""
    root = os.path.join(scratch, "branan")
    os.makedirs(os.path.join(root, "build", "release"))
    # A copy, not a link: the install script finds the binary relative to where it really is.
    shutil.copytree(os.path.join(ROOT, "scripts", "opentafl"),
                    os.path.join(root, "scripts", "opentafl"))
    shutil.copy2(branan, os.path.join(root, "build", "release", "branan"))
    shutil.copy2(branan_match, os.path.join(root, "build", "release", "branan-match"))
    return root


def check_install(block, root, home, branan):
    opentafl = os.path.join(home, "opentafl")
    # Before OpenTafl is there: refused, with the folder named.
    r = bash(block, root, home)
    assert r.returncode != 0 and "opentafl" in r.stderr, (r.returncode, r.stderr)
    os.makedirs(opentafl)
    r = bash(block, root, home)
    assert r.returncode == 0, r.stderr
    assert "installed:" in r.stdout, r.stdout

    ini = configparser.ConfigParser(comment_prefixes=(";", "#"))
    ini.read(os.path.join(opentafl, "engines", "branan.ini"))
    engine = ini["engine"]
    # OpenTafl's EngineSpec.validateEngineFile: engines/<directory>/<filename> must exist.
    installed = os.path.join(opentafl, "engines", engine["directory"], engine["filename"])
    assert os.access(installed, os.X_OK), installed
    assert filecmp.cmp(installed, branan, shallow=False)
    assert engine["command"] == installed, engine["command"]
    assert engine["arguments"].split() == ["--otep"], engine["arguments"]

    # The command line OpenTafl runs, in the folder it runs it in.
    r = subprocess.run([engine["command"]] + engine["arguments"].split(), input="goodbye\n",
                       cwd=os.path.dirname(installed), capture_output=True, text=True, timeout=30)
    assert r.returncode == 0 and r.stdout.split("\n")[0] == "hello", (r.returncode, r.stdout)
    assert r.stderr == "", r.stderr

    # No binary built: refused, with the path named.
    os.remove(os.path.join(root, "build", "release", "branan"))
    r = bash(block, root, home)
    assert r.returncode != 0 and "no executable at" in r.stderr, (r.returncode, r.stderr)
    shutil.copy2(branan, os.path.join(root, "build", "release", "branan"))
    print("ok   install block: engines/branan.ini accepted, its command says hello; refusals named")


def check_think_time(block, root, home):
    match = [os.path.join(root, "build", "release", "branan-match"),
             "--engine", "cmd=build/release/branan", "name=branan", "st=0.05",
             "--engine", "cmd=build/release/branan", "arg=--otep", "name=otep", "proto=otep",
             "st=2", "--variant", "brandubh", "--games", "2", "--records", "out/"]
    r = subprocess.run(match, cwd=root, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    # The OTEP engine's notes are a time alone; Branan's (UTI) carry a score and depth first.
    times = []
    for path in sorted(glob.glob(os.path.join(root, "out", "*.notes"))):
        for note in re.findall(r"\{([^}]*)\}", open(path).read()):
            if "/" not in note:
                times.append(float(note.rstrip("s")))
    assert times, "no OTEP move times in the notes"

    r = bash(block, root, home)
    assert r.returncode == 0, r.stderr
    m = re.fullmatch(r"(\d+) moves: mean ([\d.]+) s, median ([\d.]+) s, max ([\d.]+) s\n", r.stdout)
    assert m, r.stdout
    times.sort()
    assert int(m.group(1)) == len(times), (m.group(1), len(times))
    assert abs(float(m.group(2)) - statistics.mean(times)) < 0.006, (m.group(2), times)
    assert abs(float(m.group(3)) - times[(len(times) + 1) // 2 - 1]) < 0.006, (m.group(3), times)
    assert abs(float(m.group(4)) - times[-1]) < 0.006, (m.group(4), times)
    print("ok   think-time block: " + r.stdout.strip())


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    branan, branan_match = (os.path.abspath(a) for a in argv[1:])
    blocks = doc_blocks()
    install = [b for b in blocks if "scripts/opentafl/install.sh" in b]
    think = [b for b in blocks if "out/*.notes" in b]
    assert len(install) == 1 and len(think) == 1, blocks
    with tempfile.TemporaryDirectory() as scratch:
        home = os.path.join(scratch, "home")
        os.makedirs(home)
        root = checkout(scratch, branan, branan_match)
        check_install(install[0], root, home, branan)
        check_think_time(think[0], root, home)
    print("2 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
