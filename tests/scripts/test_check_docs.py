#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/check_docs.py against made-up documents.

usage: test_check_docs.py

Writes a small tree of Markdown files with good and bad links, anchors and paths into a scratch
folder, runs the checker on it (--root) and checks that it reports exactly the bad ones, with
their lines, and passes the good ones. Standard library only.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check_docs.py")

GOOD = """# Title

## 5. The `copenhagen` preset

### 7.4 Branan's keys

Links: [spec](sub/spec.md), [a part](sub/spec.md#the-part), [here](#5-the-copenhagen-preset),
[keys](#74-branans-keys), [web](https://example.org/a/b), [mail](mailto:x@example.org).

```text
[a link inside a code block is not followed](nowhere.md)
```
"""
BAD = """# Bad

[missing](missing.md)
[anchor](sub/spec.md#no-such-part)
[outside](../elsewhere.md)
see ../shared/rules.md
and /work/shared/seeds/
"""


def run(root, *files):
    r = subprocess.run([sys.executable, SCRIPT, "--root", root] + list(files), capture_output=True,
                       text=True, timeout=60)
    return r.returncode, r.stdout + r.stderr


def main():
    if len(sys.argv) != 1:
        print(__doc__.strip())
        return 2
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "sub"))
        with open(os.path.join(work, "sub", "spec.md"), "w") as f:
            f.write("# Spec\n\n## The part\n")
        good = os.path.join(work, "good.md")
        with open(good, "w") as f:
            f.write(GOOD)
        status, text = run(work, good, os.path.join(work, "sub", "spec.md"))
        assert status == 0 and "2 documents" in text, (status, text)

        bad = os.path.join(work, "bad.md")
        with open(bad, "w") as f:
            f.write(BAD)
        status, text = run(work, good, bad)
        assert status == 1, (status, text)
        lines = sorted(text.strip().splitlines())
        expected = sorted(["bad.md:3: link 'missing.md': no such file",
                           "bad.md:4: link 'sub/spec.md#no-such-part': no heading with that anchor",
                           "bad.md:5: link '../elsewhere.md' leaves the repository",
                           "bad.md:6: points at ../shared, which a clone does not have",
                           "bad.md:7: names a machine path"])
        assert lines == expected, lines

        # A machine path is refused even inside a code block (a reader would copy it).
        with open(good, "w") as f:
            f.write(GOOD.replace("(nowhere.md)", "(nowhere.md) cd /home/me/branan"))
        status, text = run(work, good)
        assert status == 1 and text.strip() == "good.md:11: names a machine path", (status, text)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
