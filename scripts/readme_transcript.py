#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Re-records README.md's UTI session ("A UTI session") with the real binary.

usage: scripts/readme_transcript.py [--check] [BRANAN]   (BRANAN: default build/release/branan)

Plays the session the README shows (uti; position startpos moves d2-e2; go depth 8; quit) and
writes it, shortened as the README shows it, between the README's `readme_transcript` markers.
--check writes nothing: it exits 1, with a diff, when the README's transcript is not what the
binary prints now, or when the README's piped form of the session (the bash block after the
`readme_transcript.py: piped` marker, run with BRANAN in place of build/release/branan) does
not print the same lines. The speed and time figures, nps and time, are not compared: they vary
from run to run. Standard library only.
"""

import difflib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
BEGIN = "<!-- readme_transcript.py: begin -->"
END = "<!-- readme_transcript.py: end -->"
PIPED = "<!-- readme_transcript.py: piped -->"
COMMANDS = ["position startpos moves d2-e2", "go depth 8"]


def session(branan):
    """The engine's lines for the README's session, read until bestmove."""
    proc = subprocess.Popen([branan], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write("uti\n" + "".join(c + "\n" for c in COMMANDS))
    proc.stdin.flush()
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    if proc.wait(timeout=60) != 0 or not lines or not lines[-1].startswith("bestmove"):
        raise SystemExit("readme_transcript.py: %s ended without a bestmove: %r" % (branan, lines[-5:]))
    return lines


def piped(text, branan):
    """The lines the README's piped session prints, run with bash."""
    if PIPED not in text:
        raise SystemExit("readme_transcript.py: README.md has no %s block" % PIPED)
    start = text.index(PIPED) + 2
    end = text.index("```", start)
    script = "\n".join(text[start:end]).replace("build/release/branan", branan)
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    return r.stdout.rstrip("\n").split("\n")


def block(lines):
    """The transcript as the README shows it: the head of the uti answer, the first and last info."""
    utiok = lines.index("utiok")
    infos = [l for l in lines[utiok + 1:] if l.startswith("info depth")]
    out = ["$ build/release/branan", "uti"] + lines[:3] + ["...", "utiok"] + COMMANDS
    out += [infos[0], "...", infos[-1], lines[-1]]
    return ["```text"] + out + ["```"]


def without_speed(lines):
    return [re.sub(r" (nps|time) \d+", r" \1 N", l) for l in lines]


def main():
    args = sys.argv[1:]
    check = bool(args) and args[0] == "--check"
    if check:
        args = args[1:]
    if len(args) > 1 or (args and args[0].startswith("-")):
        print(__doc__.strip())
        return 2
    branan = args[0] if args else os.path.join(ROOT, "build", "release", "branan")
    text = open(README, encoding="utf-8").read().split("\n")
    if BEGIN not in text or END not in text:
        raise SystemExit("readme_transcript.py: README.md has no %s ... %s lines" % (BEGIN, END))
    start, end = text.index(BEGIN) + 1, text.index(END)
    lines = session(branan)
    fresh = block(lines)
    if check:
        old, new = without_speed(text[start:end]), without_speed(fresh)
        if old != new:
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(old, new, "README.md", branan, lineterm=""))
            print("readme_transcript.py: README.md's transcript is stale (scripts/readme_transcript.py re-records it)")
            return 1
        typed, pipe = without_speed(lines), without_speed(piped(text, branan))
        if typed != pipe:
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(typed, pipe, "typed", "piped", lineterm=""))
            print("readme_transcript.py: README.md's piped session does not print what the typed one does")
            return 1
        print("readme_transcript.py: README.md's transcript is what %s prints, typed and piped" % branan)
        return 0
    text[start:end] = fresh
    with open(README, "w", encoding="utf-8") as f:
        f.write("\n".join(text))
    print("readme_transcript.py: README.md's transcript re-recorded with %s" % branan)
    return 0


if __name__ == "__main__":
    sys.exit(main())
