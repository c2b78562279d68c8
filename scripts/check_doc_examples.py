#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that the documents' examples and bench figures are what the binaries print now.

usage: scripts/check_doc_examples.py [--fix] [--bench N] BUILD_DIR [FILE.md ...]
  BUILD_DIR: the build folder with `branan` and `branan-match` (e.g. build/release);
  FILE: the documents (default: every *.md file git tracks in this repository);
  --bench N: take N as the bench signature instead of running `BUILD_DIR/branan bench`;
  --fix: rewrite the examples' outputs and the transcripts' replies with what the binaries
         print (the bench figures are not rewritten: a stale one is a sentence to reword).

Examples. A fenced block right after a line `<!-- checked example -->` holds commands, each
on a line starting with `$ ` (a line ending in `\\` continues on the next), and after each the
output the reader should see (stdout and stderr). The commands run in order with bash in a
scratch folder where `build/release` is BUILD_DIR and `openings`, `weights`, `tests` and `docs`
are the repository's; `branan` and `branan-match` are on the PATH. An output line `...` stands
for any number of lines. The figures that vary from run to run (nps, time, time_ms, Time (ms),
Nodes/second) are not compared. Each example must finish within 60 s.

Transcripts. A fenced block right after a line `<!-- checked transcript -->` is a UTI session:
lines `< command` are sent to `BUILD_DIR/branan` (no arguments) one at a time and the lines
`> reply` after each are what it answers to that command (an output line `...` stands for any
number of lines, the varying figures as above). After a `go` the engine's lines are read until
its `bestmove`; after any other command until the answer to an `isready` sent behind it (which is
not shown); after `quit`, to the end; each line within 60 s. A search that does not end on its
own (`go infinite`, `go ponder`, a bare `go`, `stop`, `ponderhit`) and `go perft` cannot be
checked so: such a transcript is reported.

Bench figures. A number of six digits or more written after `Bench:`, `bench` or `bench
signature` (as `bench 4,757,378` or `Bench: 4757378`) must be the signature that `branan bench`
prints now, unless its paragraph, list item or table row names a commit (7 to 40 hex digits,
besides the figure): then it is the figure of that commit, a fact of history.

Exits 0 when everything agrees, 1 with one line per problem (file:line: what), 2 on bad usage.
Standard library only.
"""

import difflib
import os
import re
import shutil
import subprocess
import sys
import queue
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = "<!-- checked example -->"
TRANSCRIPT = "<!-- checked transcript -->"
LINKED = ("openings", "weights", "tests", "docs")
VARYING = [(re.compile(r"\b(nps|time) \d+"), r"\1 N"), (re.compile(r'"time_ms":\d+'), '"time_ms":N'),
           (re.compile(r"^(Total time \(ms\)|Time \(ms\)|Nodes/second)(\s*:\s*)\d+$"), r"\1\2N")]
BENCH = re.compile(r"(?:Bench:|\bbench(?: signature)?(?: is| was| of)?)[ *`:]*(\d{1,3}(?:,\d{3}){2,}|\d{6,})")
COMMIT = re.compile(r"\b[0-9a-f]{7,40}\b")


def shown(path):
    """A document's name in messages: relative to the repository when it is inside it."""
    relative = os.path.relpath(path, ROOT)
    return path if relative.startswith("..") else relative


def normalise(line):
    for pattern, replacement in VARYING:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def examples(path):
    """The checked examples of a document: (line of the fence, [(command, [expected lines])],
    index of the block's first and last content line)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    for i, line in enumerate(lines):
        if line.strip() != MARK:
            continue
        if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
            found.append((i + 1, None, 0, 0))
            continue
        end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), None)
        if end is None:
            found.append((i + 2, None, 0, 0))
            continue
        steps, command = [], None
        for text in lines[i + 2:end]:
            if command is not None and command.endswith("\\"):
                command = command[:-1] + "\n" + text
                steps[-1] = (command, steps[-1][1])
            elif text.startswith("$ "):
                command = text[2:]
                steps.append((command, []))
            elif steps:
                steps[-1][1].append(text)
        found.append((i + 2, steps or None, i + 2, end))
    return found


def transcripts(path):
    """A document's checked transcripts: (line of the fence, [(command, [expected replies])] or
    None when malformed, index of the block's first and last content line)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    for i, line in enumerate(lines):
        if line.strip() != TRANSCRIPT:
            continue
        end = next((j for j in range(i + 2, len(lines)) if lines[j].startswith("```")), None)
        if not lines[i + 1:i + 2] or not lines[i + 1].startswith("```") or end is None:
            found.append((i + 1, None, 0, 0))
            continue
        steps = []
        for text in lines[i + 2:end]:
            if text.startswith("< "):
                steps.append((text[2:], []))
            elif (text.startswith("> ") or text == "...") and steps:
                steps[-1][1].append(text[2:] if text.startswith("> ") else text)
            else:
                steps = None
                break
        found.append((i + 2, steps or None, i + 2, end))
    return found


def unbounded(command):
    """Whether `command` starts or steers a search that does not end on its own (`go` with no
    limit, `go infinite`, `go ponder`, `stop`, `ponderhit`) or is `go perft`, none of which a
    checked transcript may hold: its lines could not be told from the next command's."""
    words = command.split()
    if words[:1] in (["stop"], ["ponderhit"]):
        return True
    return words[:1] == ["go"] and (len(words) == 1 or any(w in ("infinite", "ponder", "perft") for w in words))


def run_transcript(steps, build):
    """The engine's lines after each command of `steps`: None for a command it did not answer
    within 60 s (the rest is then not run)."""
    engine = subprocess.Popen([os.path.join(build, "branan")], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines_out = queue.Queue()

    def read():
        for line in engine.stdout:
            lines_out.put(line.rstrip("\n"))
        lines_out.put(None)  # the end of the output

    threading.Thread(target=read, daemon=True).start()
    outputs = []
    try:
        for command, _ in steps:
            words = command.split()
            is_go, is_quit = words[:1] == ["go"], words == ["quit"]
            try:
                engine.stdin.write(command + "\n" + ("" if is_quit else "isready\n"))
                engine.stdin.flush()
            except BrokenPipeError:
                outputs.append(None)
                break
            # The isready behind the command is answered once the command is done, or, after a
            # `go` that starts a search, at once: then the search's lines go on to its bestmove.
            readyoks = 1 + (words[:1] == ["isready"])
            lines, refused, bestmove = [], False, False
            while True:
                try:
                    line = lines_out.get(timeout=60)
                except queue.Empty:
                    line = None
                if line is None:
                    lines = None if not is_quit else lines
                    break
                if line == "readyok" and not is_quit and readyoks > 0:
                    readyoks -= 1
                    if readyoks == 0 and (not is_go or refused or bestmove):
                        break
                    if readyoks == 0:
                        continue
                if is_go and line.startswith("info string error: go"):
                    refused = True
                lines.append(line)
                if is_go and line.startswith("bestmove"):
                    bestmove = True
                    if readyoks == 0:
                        break
            outputs.append(lines)
            if lines is None:
                break
    finally:
        engine.kill()
        engine.wait()
    return outputs


def check_transcripts(path, build):
    """The problems of a document's transcripts, and each one's block as the engine answers it
    now: (begin, end, lines)."""
    problems, blocks = [], []
    for first, steps, begin, end in transcripts(path):
        where = "%s:%d" % (shown(path), first)
        if steps is None:
            problems.append("%s: '%s' must be followed by a fenced block of `< ` and `> ` lines"
                            % (where, TRANSCRIPT))
            continue
        refused = [command for command, _ in steps if unbounded(command)]
        if refused:
            problems.append("%s: `%s` cannot be checked: a checked transcript's searches must end on "
                            "their own (go with depth, nodes, movetime, mate or a clock)" % (where, refused[0]))
            continue
        outputs = run_transcript(steps, build)
        block = []
        for (command, expected), actual in zip(steps, outputs + [None] * (len(steps) - len(outputs))):
            block.append("< " + command)
            if actual is None:
                problems.append("%s: `%s` got no (whole) answer" % (where, command))
                block += ["> " + l if l != "..." else l for l in expected]
                continue
            if not matches(expected, actual):
                diff = difflib.unified_diff([normalise(l) for l in expected], [normalise(l) for l in actual],
                                            "documented", "printed", lineterm="", n=1)
                problems.append("%s: `%s` is answered otherwise:\n%s" % (where, command, "\n".join(diff)))
            shown_lines = expected if matches(expected, actual) else refit(expected, actual)
            block += ["> " + l if l != "..." else l for l in shown_lines]
        blocks.append((begin, end, block))
    return problems, blocks


def matches(expected, actual):
    """Whether the actual lines fit the expected ones, `...` standing for any lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and normalise(expected[0]) == normalise(actual[0]) and matches(expected[1:], actual[1:])


def refit(expected, actual):
    """The expected lines rewritten from the actual ones, keeping the shape of one `...`: as
    many lines before it and after it as before."""
    if "..." not in expected:
        return actual
    head = expected.index("...")
    tail = len(expected) - head - 1
    if head + tail >= len(actual):
        return actual
    return actual[:head] + ["..."] + (actual[len(actual) - tail:] if tail else [])


def scratch(build):
    """A scratch folder laid out as the documents' commands expect."""
    work = tempfile.mkdtemp(prefix="doc-examples-")
    os.makedirs(os.path.join(work, "build"))
    os.symlink(os.path.abspath(build), os.path.join(work, "build", "release"))
    for name in LINKED:
        os.symlink(os.path.join(ROOT, name), os.path.join(work, name))
    return work


def run_example(steps, build):
    """Each command's output lines, run in order in one scratch folder."""
    work = scratch(build)
    env = dict(os.environ, PATH=os.path.abspath(build) + os.pathsep + os.environ.get("PATH", ""))
    outputs = []
    try:
        for command, _ in steps:
            try:
                r = subprocess.run(["bash", "-c", command], cwd=work, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, timeout=60)
                outputs.append(r.stdout.rstrip("\n").split("\n") if r.stdout.strip() else [])
            except subprocess.TimeoutExpired:
                outputs.append(None)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return outputs


def units(lines):
    """The document cut into paragraphs, list items and table rows: (first line number, text)."""
    out, start, text = [], None, []
    for number, line in enumerate(lines, 1):
        new_unit = not line.strip() or line.lstrip().startswith(("|", "- ", "* ", "#")) or re.match(r"\s*\d+\. ", line)
        if new_unit and text:
            out.append((start, "\n".join(text)))
            start, text = None, []
        if line.strip():
            if start is None:
                start = number
            text.append(line)
            if line.lstrip().startswith(("|", "#")):
                out.append((start, "\n".join(text)))
                start, text = None, []
    if text:
        out.append((start, "\n".join(text)))
    return out


def bench_problems(path, signature):
    problems = []
    lines = open(path, encoding="utf-8").read().split("\n")
    for start, text in units(lines):
        for m in BENCH.finditer(text):
            figure = int(m.group(1).replace(",", ""))
            if figure == signature or COMMIT.search(text[:m.start()] + " " + text[m.end():]):
                continue
            number = start + text[:m.start()].count("\n")
            problems.append("%s:%d: bench figure %s is not the bench signature %d (name the commit "
                            "it belongs to, or drop it)" % (shown(path), number, m.group(1),
                                                           signature))
    return problems


def bench_signature(build):
    r = subprocess.run([os.path.join(build, "branan"), "bench"], capture_output=True, text=True, timeout=300)
    m = re.search(r"^Nodes searched\s*:\s*(\d+)", r.stdout, re.M)
    if r.returncode != 0 or not m:
        raise SystemExit("check_doc_examples.py: '%s/branan bench' printed no node count:\n%s%s"
                         % (build, r.stdout, r.stderr))
    return int(m.group(1))


def check_file(path, build, fix):
    problems, blocks = check_transcripts(path, build)
    lines = open(path, encoding="utf-8").read().split("\n")
    for first, steps, begin, end in examples(path):
        where = "%s:%d" % (shown(path), first)
        if steps is None:
            problems.append("%s: '%s' must be followed by a fenced block with `$ ` commands" % (where, MARK))
            continue
        outputs = run_example(steps, build)
        block = []
        for (command, expected), actual in zip(steps, outputs):
            block.append("$ " + command)
            if actual is None:
                problems.append("%s: `%s` took more than 60 s" % (where, command.split("\n")[0]))
                block += expected
                continue
            if not matches(expected, actual):
                diff = difflib.unified_diff([normalise(l) for l in expected], [normalise(l) for l in actual],
                                            "documented", "printed", lineterm="", n=1)
                problems.append("%s: `%s` prints something else:\n%s" % (where, command.split("\n")[0],
                                                                          "\n".join(diff)))
            block += expected if matches(expected, actual) else refit(expected, actual)
        blocks.append((begin, end, block))
    # The blocks from the last up, so that each one's line numbers still hold.
    rewritten = list(lines)
    for begin, end, block in sorted(blocks, reverse=True):
        rewritten[begin:end] = block
    if fix and rewritten != lines:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(rewritten))
        print("check_doc_examples.py: rewrote the examples of %s" % shown(path))
    return problems


def main():
    args = sys.argv[1:]
    fix = "--fix" in args
    args = [a for a in args if a != "--fix"]
    signature = None
    if len(args) >= 2 and args[0] == "--bench":
        if not args[1].isdigit():
            print(__doc__.strip())
            return 2
        signature, args = int(args[1]), args[2:]
    if not args or any(a.startswith("-") for a in args):
        print(__doc__.strip())
        return 2
    build, files = args[0], [os.path.abspath(a) for a in args[1:]]
    if not os.access(os.path.join(build, "branan"), os.X_OK):
        print("check_doc_examples.py: no branan binary in '%s' (build it first)" % build, file=sys.stderr)
        return 2
    if not files:
        listed = subprocess.run(["git", "-C", ROOT, "ls-files", "*.md"], capture_output=True, text=True)
        files = [os.path.join(ROOT, f) for f in listed.stdout.split()]
    if signature is None:
        signature = bench_signature(build)
    problems = []
    for path in files:
        problems += bench_problems(path, signature)
        problems += check_file(path, build, fix)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    count = sum(len(examples(f)) for f in files)
    sessions = sum(len(transcripts(f)) for f in files)
    print("check_doc_examples.py: %d documents: %d examples print what they show, %d transcripts "
          "are what the engine answers, every bench figure is the signature %d or names its commit"
          % (len(files), count, sessions, signature))
    return 0


if __name__ == "__main__":
    sys.exit(main())
