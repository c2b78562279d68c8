#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks, or adds, the licence line of every source file: SPDX-License-Identifier: GPL-3.0-or-later.

usage: scripts/spdx_headers.py --check | --fix [--root DIR]
  --check: exit 1, naming each source file without an SPDX-License-Identifier line in its first
           lines; 0 when every one has it.
  --fix:   add the line where it is missing (as the first line, after a #! line if there is one;
           `//` comments in C++, `#` elsewhere). Running it again changes nothing.
  DIR: the git checkout (default: this script's repository).

Source files: the C++ (.cpp, .h), Python (.py), shell (.sh), CMake (.cmake, CMakeLists.txt)
files git tracks or would track (untracked files not ignored), and extensionless scripts that
start with #!. Data (openings, weights, test data, fuzz corpora) and documents carry no line. A
file that names another licence in its own SPDX line keeps it. Standard library only.
"""

import os
import subprocess
import sys

LICENCE = "GPL-3.0-or-later"
TAG = "SPDX-License-Identifier:"
COMMENT = {".cpp": "//", ".h": "//", ".py": "#", ".sh": "#", ".cmake": "#"}


def comment_of(root, path):
    """The comment marker of a source file, or None when it is not a source file."""
    name = os.path.basename(path)
    if name == "CMakeLists.txt":
        return "#"
    ext = os.path.splitext(name)[1]
    if ext in COMMENT:
        return COMMENT[ext]
    if not ext:
        with open(os.path.join(root, path), "rb") as f:
            if f.read(2) == b"#!":
                return "#"
    return None


def source_files(root):
    listed = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others", "--exclude-standard"],
                            capture_output=True, text=True)
    if listed.returncode != 0:
        raise SystemExit("spdx_headers.py: %s is not a git checkout" % root)
    paths = sorted(set(p for p in listed.stdout.split("\n") if p and os.path.isfile(os.path.join(root, p))))
    return [(p, c) for p in paths for c in [comment_of(root, p)] if c]


def has_line(text, comment):
    """Whether one of the first lines is a comment naming a licence by SPDX identifier."""
    return any(line.startswith(comment) and TAG in line for line in text.split("\n")[:5])


def with_line(text, comment):
    """The file's text with the licence line added: first, or after a #! line."""
    line = "%s %s %s\n" % (comment, TAG, LICENCE)
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + line + rest
    return line + text


def main():
    args = sys.argv[1:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--root" in args:
        i = args.index("--root")
        if i + 1 >= len(args):
            print(__doc__.strip())
            return 2
        root = os.path.abspath(args[i + 1])
        args = args[:i] + args[i + 2:]
    if args not in (["--check"], ["--fix"]):
        print(__doc__.strip())
        return 2
    missing = []
    files = source_files(root)
    for path, comment in files:
        full = os.path.join(root, path)
        with open(full, encoding="utf-8") as f:
            text = f.read()
        if has_line(text, comment):
            continue
        missing.append(path)
        if args[0] == "--fix":
            mode = os.stat(full).st_mode
            with open(full, "w", encoding="utf-8") as f:
                f.write(with_line(text, comment))
            os.chmod(full, mode)
    if args[0] == "--fix":
        print("spdx_headers.py: added the licence line to %d of %d source files" % (len(missing), len(files)))
        return 0
    sys.stderr.writelines("%s: no '%s %s' line (scripts/spdx_headers.py --fix adds it)\n" % (path, TAG, LICENCE)
                          for path in missing)
    if not missing:
        print("spdx_headers.py: all %d source files name their licence" % len(files))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
