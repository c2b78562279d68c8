#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/check_doc_examples.py against made-up documents.

usage: test_check_doc_examples.py BUILD_DIR VERSION

Writes Markdown files with checked examples (right, wrong, with `...`, with varying speed
figures, one of the real binary), checked UTI transcripts (right, with a refused `go`, wrong,
malformed) and bench figures (the signature, a stale one, a historical one
beside its commit) into a scratch folder, runs the checker on them and checks that it reports
exactly the wrong ones, with their lines, and that --fix makes a wrong example and transcript
right. The bench
signature is given with --bench, so that no bench runs. Standard library only.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check_doc_examples.py")
SIGNATURE = "4757378"

GOOD = """# Good

<!-- checked example -->
```text
$ echo one; echo two
one
two
$ printf 'a\\nb\\nc\\nd\\n'
a
...
d
$ echo "info depth 3 nps 123 time 5" && echo '{"time_ms":12}'
info depth 3 nps 999999 time 77
{"time_ms":4}
$ branan --version
Branan VERSION
```

The bench signature is 4,757,378 (`Bench: 4757378`). Commit abc1234 had bench 1,234,567.

<!-- checked transcript -->
```
< position otn /7/K6/7/7/3t3/7/1t5/ side defenders
< go depth 3
> info depth 1 seldepth 1 multipv 1 score mate 1 nodes 1 nps 5 hashfull 0 time 9 pv a2-a1
> bestmove a2-a1
< go depth 0 foo
> info string error: go: 'depth' needs a whole number from 1 to 1099511627776 (2^40), not '0'
< isready
> readyok
< hello
> ...
< quit
```

| commit | change |
|---|---|
| 1234abc | a change (bench 7,654,321) |
"""

BAD = """# Bad

<!-- checked example -->
```text
$ echo one
two
$ printf 'a\\nb\\n'
...
c
```

The bench signature is 7,637,756.

| — | an experiment (bench 6,466,554) |

<!-- checked example -->
no fence here

<!-- checked transcript -->
```
< hello
> info string error: unknown command 'goodbye'
```

<!-- checked transcript -->
```
isready
```

<!-- checked transcript -->
```
< go infinite
< stop
```
"""


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip())
        return 2
    build, version = os.path.abspath(sys.argv[1]), sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        good = os.path.join(work, "good.md")
        with open(good, "w") as f:
            f.write(GOOD.replace("VERSION", version))
        status, text = subprocess_check(build, good)
        assert status == 0 and "1 documents: 1 examples print what they show, 1 transcripts" in text, (status, text)

        bad = os.path.join(work, "bad.md")
        with open(bad, "w") as f:
            f.write(BAD)
        status, text = subprocess_check(build, bad)
        assert status == 1, (status, text)
        reported = [line for line in text.splitlines() if line.startswith(bad)]
        assert len(reported) == 8, text
        assert any(":31: `go infinite` cannot be checked" in line for line in reported), text
        assert any(":20: `hello` is answered otherwise" in line for line in reported), text
        assert any(":26: '<!-- checked transcript -->' must be followed" in line for line in reported), text
        assert "+info string error: unknown command 'hello'" in text, text
        assert any(":4: `echo one` prints something else" in line for line in reported), text
        assert any(":4: `printf 'a\\nb\\n'` prints something else" in line for line in reported), text
        assert any(":12: bench figure 7,637,756 is not the bench signature" in line for line in reported), text
        assert any(":14: bench figure 6,466,554" in line for line in reported), text
        assert any(":16: '<!-- checked example -->' must be followed" in line for line in reported), text
        assert "-two" in text and "+one" in text, text

        # --fix rewrites the wrong outputs (keeping the `...`) and replies, after which they pass;
        # the transcript first, so that the example after it must be found where it moved to.
        wrong = os.path.join(work, "wrong.md")
        with open(wrong, "w") as f:
            f.write("<!-- checked transcript -->\n```\n< hello\n> one\n> two\n< quit\n```\n\n" +
                    BAD.split("\nThe bench")[0] + "\n")
        status, text = subprocess_check(build, wrong, "--fix")
        assert status == 1, (status, text)
        fixed = open(wrong).read()
        assert "$ echo one\none\n$ printf 'a\\nb\\n'\n...\nb\n```" in fixed, fixed
        assert fixed.startswith("<!-- checked transcript -->\n```\n< hello\n"
                                "> info string error: unknown command 'hello'\n< quit\n```\n"), fixed
        status, text = subprocess_check(build, wrong)
        assert status == 0, (status, text)
    print("ok")
    return 0


def subprocess_check(build, path, *extra):
    r = subprocess.run([sys.executable, SCRIPT, "--bench", SIGNATURE] + list(extra) + [build, path],
                       capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


if __name__ == "__main__":
    sys.exit(main())
