#!/usr/bin/env python3
"""Help texts and option mistakes of the branan command line, against the real binary.

usage: test_cli.py BRANAN

- branan analyse --help names the depth searched when no limit is given, and a search without
  one reaches exactly that depth;
- a preset name given to --rules (which takes an OpenTafl rules string) is refused with exit
  status 2 and a message naming --variant with that preset, by the daemon and every subcommand
  that takes --rules; a word that is no preset still gets the rules string's own error;
- docs/rules.md has a row for every preset `branan rules --list` names, and every canonical
  rules string of a preset that it quotes is the one the binary writes.
Standard library only.
"""

import json
import os
import re
import subprocess
import sys


def run(args, stdin=""):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=120)


def check_analyse_default_depth(branan):
    r = run([branan, "analyse", "--help"])
    assert r.returncode == 0, (r.returncode, r.stderr)
    found = re.search(r"--depth arg\s+search depth per position \(default (\d+) when no\s+--movetime\s+or\s+"
                      r"--nodes is given\)", r.stdout)
    assert found, r.stdout
    r = run([branan, "analyse", "--input", "-"], "startpos\n")
    assert r.returncode == 0, (r.returncode, r.stderr)
    result = json.loads(r.stdout.splitlines()[-1])
    assert result["depth"] == int(found.group(1)), (result, found.group(0))


def check_preset_given_to_rules(branan):
    for name in ("brandubh", "tablut-linnaeus"):
        for command in ([], ["rules"], ["perft", "--depth", "1"], ["analyse", "--input", "-"], ["solve"],
                        ["tune", "--games", "none.csv"]):
            r = run([branan] + command + ["--rules", name])
            assert r.returncode == 2, (command, name, r.returncode, r.stdout, r.stderr)
            assert "use --variant %s" % name in r.stderr, (command, name, r.stderr)
            assert not r.stdout, (command, name, r.stdout)
    # Not a preset: the rules string's own error, naming the entry.
    r = run([branan, "rules", "--rules", "brandub"])
    assert r.returncode == 2 and "'brandub' has no ':'" in r.stderr, (r.returncode, r.stderr)
    assert "--variant" not in r.stderr, r.stderr
    # The preset by its right option still works.
    r = run([branan, "rules", "--variant", "tablut-linnaeus"])
    assert r.returncode == 0 and "name: tablut-linnaeus" in r.stdout, (r.returncode, r.stdout)


def check_rules_document(branan):
    r = run([branan, "rules", "--list"])
    assert r.returncode == 0, (r.returncode, r.stderr)
    canonical = dict(line.split("\t") for line in r.stdout.splitlines())
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "docs", "rules.md"), encoding="utf-8") as f:
        doc = f.read()
    for name in canonical:
        assert "\n| `%s` |" % name in doc, "docs/rules.md has no row for the preset " + name
    quoted = 0
    for text in re.findall(r"`(dim:[^`]*)`", doc):
        name = re.search(r"(?:^| )name:(\S*)", text)
        if name and name.group(1) in canonical:
            assert text == canonical[name.group(1)], (text, canonical[name.group(1)])
            quoted += 1
    assert quoted >= 5, quoted  # the document quotes most presets' strings


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip())
        return 2
    check_analyse_default_depth(sys.argv[1])
    check_preset_given_to_rules(sys.argv[1])
    check_rules_document(sys.argv[1])
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
