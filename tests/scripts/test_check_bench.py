#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/check_bench.sh against made-up histories and builds.

usage: test_check_bench.py

Copies the script into a scratch git repository (the script reads the history of the checkout it
lies in), commits messages with and without "Bench: N" lines, and runs it on a build folder whose
`branan` is a shell script printing a chosen node count. Checks the exit status and the message
of each case: agreement, disagreement, the newest Bench: line winning, no Bench: line at all,
a bench that fails or prints no count, a missing binary. Needs git. Standard library only.
"""

import os
import shutil
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check_bench.sh")
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")


def git(repo, *args):
    subprocess.run(["git", "-C", repo] + list(args), check=True, env=GIT_ENV,
                   capture_output=True, text=True)


def commit(repo, message):
    git(repo, "commit", "--allow-empty", "-q", "-m", message)


def fake_build(folder, body):
    """A build folder whose branan runs `body` (a shell script)."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "branan")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body + "\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return folder


def bench_printing(folder, nodes):
    return fake_build(folder, 'echo "Total time (ms) : 1"\necho "Nodes searched  : %d"\n'
                              'echo "Nodes/second    : 1000"' % nodes)


def check(repo, build, status, *words):
    r = subprocess.run([os.path.join(repo, "scripts", "check_bench.sh"), build],
                       capture_output=True, text=True, timeout=60)
    text = r.stdout + r.stderr
    assert r.returncode == status, (build, status, r.returncode, text)
    for w in words:
        assert w in text, (w, text)


def main():
    if len(sys.argv) != 1:
        print(__doc__.strip())
        return 2
    with tempfile.TemporaryDirectory() as work:
        repo = os.path.join(work, "repo")
        os.makedirs(os.path.join(repo, "scripts"))
        shutil.copy(SCRIPT, os.path.join(repo, "scripts"))
        git(repo, "init", "-q")
        good = bench_printing(os.path.join(work, "good"), 4330525)
        other = bench_printing(os.path.join(work, "other"), 4330526)

        # No Bench: line anywhere: skipped, not failed.
        commit(repo, "first commit")
        check(repo, good, 0, "skipped", "no commit message has a 'Bench: N' line")

        # The newest Bench: line is the one compared, whatever came after it.
        commit(repo, "Search: something\n\nBench: 1234")
        commit(repo, "Search: something else\n\nBench: 4330525")
        commit(repo, "Docs only\n\nNo functional change")
        check(repo, good, 0, "ok", "4330525")
        check(repo, other, 1, "FAIL", "4330526", "4330525")

        # A newer functional commit moves the expected count.
        commit(repo, "Search: a change\n\nthe old count was Bench: 4330525\nBench: 4330526")
        check(repo, other, 0, "ok", "4330526")
        check(repo, good, 1, "FAIL", "4330525", "4330526")

        # A bench that fails, or prints no count, fails the check; no binary is bad usage.
        check(repo, fake_build(os.path.join(work, "crash"), "echo oops; exit 3"), 1, "failed", "oops")
        check(repo, fake_build(os.path.join(work, "silent"), "echo nothing"), 1,
              "no 'Nodes searched' line")
        check(repo, os.path.join(work, "nowhere"), 2, "no branan binary")

        # Outside a git checkout there is nothing to compare.
        shutil.rmtree(os.path.join(repo, ".git"))
        check(repo, good, 0, "skipped", "not a git checkout")
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
