#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/spdx_headers.py on a made-up git checkout.

usage: test_spdx_headers.py

Makes a scratch git repository with sources of every kind (C++, Python and shell with and
without #!, CMake, an extensionless script), a file with another licence's SPDX line, and data
files; checks that --check names exactly the sources without the line, that --fix adds it in
the right place and form (after #!, modes kept) and nothing else, that --check then passes, and
that a second --fix changes nothing. Standard library only.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "spdx_headers.py")
LINE = "SPDX-License-Identifier: GPL-3.0-or-later"

FILES = {
    "src/a.cpp": "// A contract comment.\nint a() { return 1; }\n",
    "src/b.h": "#pragma once\n",
    "scripts/c.py": "#!/usr/bin/env python3\n\"\"\"Doc.\"\"\"\nprint(1)\n",
    "scripts/d.sh": "#!/usr/bin/env bash\necho d\n",
    "cmake/e.cmake": "message(STATUS e)\n",
    "CMakeLists.txt": "project(x)\n",
    ".ci/run": "#!/usr/bin/env bash\ntrue\n",
    "src/done.cpp": "// " + LINE + "\nint done;\n",
    "src/other.h": "// SPDX-License-Identifier: BSL-1.0\n#pragma once\n",
    "data/openings.txt": "startpos\n",
    "data/games.csv": "a,b\n",
    "data/corpus/seed": "uti\n",
    "README.md": "# Readme\n",
}
MISSING = ["src/a.cpp", "src/b.h", "scripts/c.py", "scripts/d.sh", "cmake/e.cmake", "CMakeLists.txt", ".ci/run"]


def run(root, *args):
    r = subprocess.run([sys.executable, SCRIPT, "--root", root] + list(args), capture_output=True, text=True,
                       timeout=60)
    return r.returncode, r.stdout + r.stderr


def snapshot(root):
    out = {}
    for path in FILES:
        with open(os.path.join(root, path)) as f:
            out[path] = f.read()
    return out


def main():
    if len(sys.argv) != 1:
        print(__doc__.strip())
        return 2
    with tempfile.TemporaryDirectory() as root:
        for path, text in FILES.items():
            os.makedirs(os.path.dirname(os.path.join(root, path)) or root, exist_ok=True)
            with open(os.path.join(root, path), "w") as f:
                f.write(text)
        os.chmod(os.path.join(root, "scripts/d.sh"), 0o755)
        subprocess.run(["git", "init", "-q", root], check=True)

        status, text = run(root, "--check")
        named = sorted(line.split(":")[0] for line in text.strip().splitlines())
        assert status == 1 and named == sorted(MISSING), (status, text)

        status, text = run(root, "--fix")
        assert status == 0 and "added the licence line to 7 of 9 source files" in text, (status, text)
        after = snapshot(root)
        assert after["src/a.cpp"] == "// " + LINE + "\n" + FILES["src/a.cpp"], after["src/a.cpp"]
        assert after["scripts/c.py"] == "#!/usr/bin/env python3\n# " + LINE + "\n\"\"\"Doc.\"\"\"\nprint(1)\n"
        assert after[".ci/run"].startswith("#!/usr/bin/env bash\n# " + LINE + "\n"), after[".ci/run"]
        assert after["CMakeLists.txt"] == "# " + LINE + "\nproject(x)\n", after["CMakeLists.txt"]
        for path in ("src/done.cpp", "src/other.h", "data/openings.txt", "data/games.csv", "data/corpus/seed",
                     "README.md"):
            assert after[path] == FILES[path], path
        assert os.stat(os.path.join(root, "scripts/d.sh")).st_mode & 0o777 == 0o755

        status, text = run(root, "--check")
        assert status == 0 and "all 9 source files" in text, (status, text)
        status, text = run(root, "--fix")
        assert status == 0 and snapshot(root) == after, text

        status, text = run(root, "--bogus")
        assert status == 2, (status, text)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
