#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the repository's Markdown documents (README.md, protocol-spec.md, docs/, ...).

usage: scripts/check_docs.py [--root DIR] [FILE.md ...]
  DIR: the repository the links must stay in (default: this script's repository);
  FILE: the documents to check (default: every *.md file git tracks there)

Fails (exit 1, one line per problem: file, line, what) when a document
- points outside the repository: `../shared`, or an absolute machine path such as `/work/`,
  `/home/`, `/tmp/` or `/root/` (a clone has none of them);
- links to a file of the repository that does not exist (`[text](path)`, relative to the
  document), or to a heading anchor (`path#anchor`, `#anchor`) that the target does not have
  (GitHub's anchors: the heading in lower case, punctuation dropped, spaces as hyphens).
Web links (http, https, mailto) are not followed. Standard library only.
"""

import os
import re
import subprocess
import sys

FORBIDDEN = [(re.compile(r"\.\./shared\b"), "points at ../shared, which a clone does not have"),
             (re.compile(r"(?<![\w.~-])/(work|home|tmp|root)/"), "names a machine path")]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def anchors(path):
    """GitHub's anchors for the headings of a Markdown file (repeats get -1, -2, ...)."""
    seen, out, fence = {}, set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = None if fence else HEADING.match(line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else "%s-%d" % (slug, n))
    return out


def check(path, root):
    problems = []
    fence = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        where = "%s:%d" % (os.path.relpath(path, root), number)
        for pattern, why in FORBIDDEN:
            if pattern.search(line):
                problems.append("%s: %s" % (where, why))
        if line.startswith("```"):
            fence = not fence
        if fence:
            continue
        for target in LINK.findall(line):
            if re.match(r"(https?|mailto):", target):
                continue
            file_part, _, anchor = target.partition("#")
            linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.realpath(linked).startswith(os.path.realpath(root) + os.sep):
                problems.append("%s: link '%s' leaves the repository" % (where, target))
            elif not os.path.exists(linked):
                problems.append("%s: link '%s': no such file" % (where, target))
            elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
                problems.append("%s: link '%s': no heading with that anchor" % (where, target))
    return problems


def main():
    args = sys.argv[1:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if len(args) >= 2 and args[0] == "--root":
        root, args = os.path.abspath(args[1]), args[2:]
    if any(a.startswith("-") for a in args):
        print(__doc__.strip())
        return 2
    files = [os.path.abspath(a) for a in args]
    if not files:
        listed = subprocess.run(["git", "-C", root, "ls-files", "*.md"], capture_output=True, text=True)
        if listed.returncode != 0:
            print("check_docs.py: %s is not a git checkout; name the files" % root, file=sys.stderr)
            return 2
        files = [os.path.join(root, f) for f in listed.stdout.split()]
    problems = [p for f in files for p in check(f, root)]
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print("check_docs.py: %d documents, no link or path outside the repository" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
