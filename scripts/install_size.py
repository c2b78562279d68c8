#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What `scripts/deps.sh --build` (or --test) would install on a fresh Debian 12 system.

usage: scripts/install_size.py [--build | --test]   (default --build)

Works on any Debian machine with the archive's package lists (apt-get update): it simulates a
minimal system (the archive's packages of priority `required`, and apt, with their dependencies,
as `debootstrap --variant=minbase` installs) in a scratch dpkg status file, then asks
`apt-get --simulate install` for deps.sh's packages on top of it (without recommended packages
for --build, with them for --test, as deps.sh installs them). Prints the number of packages,
their download size and their installed size. Nothing is downloaded or installed. Standard
library only.
"""

import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def deps_packages(mode):
    """The package lists of scripts/deps.sh (build, or build and test)."""
    text = open(os.path.join(ROOT, "scripts", "deps.sh"), encoding="utf-8").read()
    lists = {name: body.split() for name, body in re.findall(r"^(\w+)_packages=\(([^)]*)\)", text, re.M)}
    return lists["build"] + (lists["test"] if mode == "--test" else [])


def stanzas():
    """The candidate version's stanza of every package in the archive's lists, by name."""
    out = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, text=True, check=True).stdout
    found = {}
    for stanza in out.split("\n\n"):
        m = re.search(r"^Package: (\S+)$", stanza, re.M)
        if m and m.group(1) not in found:
            found[m.group(1)] = stanza
    return found


def simulate(status, packages, recommends):
    """The names of the packages `apt-get install packages` would install over `status`."""
    r = subprocess.run(["apt-get", "--simulate", "-o", "Dir::State::status=" + status, "-o",
                        "APT::Install-Recommends=" + ("true" if recommends else "false"), "install"]
                       + packages, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("install_size.py: apt-get --simulate failed:\n" + r.stderr)
    return [line.split()[1] for line in r.stdout.splitlines() if line.startswith("Inst ")]


def field(stanza, name):
    m = re.search(r"^%s: (\d+)$" % name, stanza, re.M)
    return int(m.group(1)) if m else 0


def main():
    args = sys.argv[1:]
    if len(args) > 1 or (args and args[0] not in ("--build", "--test")):
        print(__doc__.strip())
        return 2
    mode = args[0] if args else "--build"
    archive = stanzas()
    required = [n for n, s in archive.items() if re.search(r"^Priority: required$", s, re.M)]
    with tempfile.TemporaryDirectory() as tmp:
        status = os.path.join(tmp, "status")
        open(status, "w").close()
        base = simulate(status, required + ["apt"], False)
        with open(status, "w", encoding="utf-8") as f:
            for name in base:
                f.write(re.sub(r"^(Package: .*)$", r"\1\nStatus: install ok installed", archive[name],
                               count=1, flags=re.M) + "\n\n")
        new = simulate(status, deps_packages(mode), mode == "--test")
    download = sum(field(archive[n], "Size") for n in new)
    installed = sum(field(archive[n], "Installed-Size") for n in new) * 1024
    print("scripts/deps.sh %s on a fresh Debian system of %d packages: %d packages, %.0f MB to "
          "download, %.0f MB installed" % (mode, len(base), len(new), download / 1e6, installed / 1e6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
