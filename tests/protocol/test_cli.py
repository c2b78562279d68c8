#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Help texts and option mistakes of the branan command line, against the real binary.

usage: test_cli.py BRANAN BRANAN-MATCH

- branan analyse --help names the depth searched when no limit is given, and a search without
  one reaches exactly that depth;
- a preset name given to --rules (which takes an OpenTafl rules string) is refused with exit
  status 2 and a message naming --variant with that preset, by the daemon and every subcommand
  that takes --rules; a word that is no preset still gets the rules string's own error;
- branan analyse reads moves in OpenTafl's notation (piece letters) as the same position, and
  names a piece letter that lies in the line's error;
- branan report refuses a missing or bad input with exit status 2 and one line that names the
  problem (the file, the game, the move), an unwritable page with exit status 1, and writes no
  page then; a short move list gives a page;
- analyse and solve refuse a directory as --input; a line over 1 MiB in their input (or
  /dev/zero), in a report's game file, a --weights file or a branan-match --openings file ends
  with an error naming the file and line, in bounded memory; bytes that are not UTF-8 come out
  as valid JSON;
- a stray word on the command line (one no option takes) is refused with exit status 2 and an
  error that names it, by the daemon, every subcommand and branan-match, instead of being
  dropped;
- a --hash of more than half the machine's memory is refused with exit status 2 naming --hash,
  by the daemon, bench, analyse and report, instead of a search with the default table;
- the daemon's --contempt sets the Contempt option's default (its `uti` reply shows it), and a
  value out of -1000..1000 exits with status 2 naming --contempt;
- docs/rules.md has a row for every preset `branan rules --list` names, and every canonical
  rules string of a preset that it quotes is the one the binary writes, and section 7 names
  every key `branan rules --keys` lists.
Standard library only.
"""

import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, stdin=""):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=120)


def check_help_headings(branan):
    """Every subcommand's --help: exit 0, usage on stdout, and its description ends as a sentence
    before the options' heading (Boost appends ':' to the caption: a caption ending in '.' printed
    '.:')."""
    for command in (["analyse"], ["solve"], ["perft"], ["bench"], ["rules"], ["report"],
                    ["selfplay"], ["tune"], ["tablebase", "generate"], ["tablebase", "probe"],
                    ["tablebase", "verify"]):
        r = run([branan] + command + ["--help"])
        assert r.returncode == 0 and r.stdout, (command, r.returncode, r.stderr)
        assert not [l for l in r.stdout.splitlines() if l.endswith(".:")], (command, r.stdout)


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


def check_analyse_opentafl_notation(branan):
    lines = ("startpos moves d2-e2 d3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 e4-e6 d7-d6 d4-e4\n"
             "td2-e2 Td3-d2 b4-b2 d2-d3 d6-c6 d3-c3 c6-c5 Te4-e6 d7-d6 Kd4-e4\n"
             "d2-e2 Kd3-c3\n")
    r = run([branan, "analyse", "--input", "-", "--depth", "1"], lines)
    assert r.returncode == 1, (r.returncode, r.stderr)  # a line was refused
    plain, opentafl, wrong = (json.loads(l) for l in r.stdout.splitlines())
    assert "error" not in plain and "error" not in opentafl, (plain, opentafl)
    assert plain["position"] == opentafl["position"] and plain["side"] == opentafl["side"], (
        plain, opentafl)
    assert wrong["line"] == 3 and wrong["error"] == (
        "position: move 2: move 'Kd3-c3': no king on d3 (d3 holds a defenders' taflman)"), wrong


def check_preset_given_to_rules(branan, branan_match):
    match = [branan_match, "--games", "2", "--engine", "cmd=a", "st=1", "--engine", "cmd=b", "st=1"]
    for name in ("brandubh", "tablut-linnaeus"):
        # branan-match reads --variant and --rules as the subcommands do (it played the preset).
        r = run(match + ["--rules", name])
        assert r.returncode == 2 and not r.stdout, (name, r.returncode, r.stdout, r.stderr)
        assert r.stderr == ("branan-match: --rules takes an OpenTafl rules string; '%s' is a "
                            "preset: use --variant %s (branan-match --help lists the options)\n" % (name, name)), r.stderr
        for command in ([], ["rules"], ["perft", "--depth", "1"], ["analyse", "--input", "-"], ["solve"],
                        ["tune", "--games", "none.csv"],
                        ["report", "--input", "none.csv", "--out", "none.html"]):
            r = run([branan] + command + ["--rules", name])
            assert r.returncode == 2, (command, name, r.returncode, r.stdout, r.stderr)
            assert "use --variant %s" % name in r.stderr, (command, name, r.stderr)
            assert not r.stdout, (command, name, r.stdout)
    # Not a preset: the rules string's own error, naming the entry.
    r = run([branan, "rules", "--rules", "brandub"])
    assert r.returncode == 2 and "'brandub' has no ':'" in r.stderr, (r.returncode, r.stderr)
    assert "--variant" not in r.stderr, r.stderr
    # A rules string given to --variant: the option that takes it named.
    string = "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    for command in ([branan, "perft", "--depth", "1"], match):
        r = run(command + ["--variant", string])
        assert r.returncode == 2 and not r.stdout, (command, r.returncode, r.stdout, r.stderr)
        assert ("--variant takes a preset name; '%s' is a rules string: use --rules" % string) in r.stderr, r.stderr
    r = run(match + ["--variant", "tablut", "--rules", "dim:7"])
    assert r.returncode == 2 and r.stderr.startswith("branan-match: give --variant or --rules, not both ("), r.stderr
    # The preset by its right option still works.
    r = run([branan, "rules", "--variant", "tablut-linnaeus"])
    assert r.returncode == 0 and "name: tablut-linnaeus" in r.stdout, (r.returncode, r.stdout)
    # --list and --keys are alternatives: with another option, refused, not half ignored.
    for args, first, second in ((["--list", "--keys"], "--list", "--keys"),
                                (["--variant", "tablut", "--list"], "--variant", "--list"),
                                (["--keys", "--rules", "dim:7"], "--rules", "--keys")):
        r = run([branan, "rules"] + args)
        assert r.returncode == 2 and not r.stdout, (args, r.returncode, r.stdout)
        assert r.stderr == ("branan rules: %s and %s cannot be given together (one of "
                            "--variant, --rules, --list, --keys)\n" % (first, second)), r.stderr


def check_report_errors(branan):
    with tempfile.TemporaryDirectory() as tmp:
        def path(name, text=None):
            full = os.path.join(tmp, name)
            if text is not None:
                with open(full, "w", encoding="utf-8") as f:
                    f.write(text)
            return full
        page = path("page.html")
        rules = "dim:7 name:brandubh atkf:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        two = path("two.csv", "d2-e2,0,0,Ongoing\n# a comment\n\nd2-e2 c4-c5,0,0,Ongoing\n")
        cases = [
            (["--out", page], "--input FILE is required"),
            (["--input", two], "--out PAGE.html is required"),
        ]
        cases += [(args + ["--out", page], expected) for args, expected in [
            (["--input", path("missing.otg")], "cannot open '%s'" % path("missing.otg")),
            (["--input", path("empty.csv", "\n# nothing\n")], "holds no game"),
            (["--input", tmp], "'%s' is a folder, not a game file" % tmp),
            (["--input", two], "holds 2 games: choose one with --game N"),
            (["--input", two, "--game", "3"], "--game 3: '%s' holds 2 games" % two),
            (["--input", path("bad.csv", "d2-e2 d2-d3,0,0,Ongoing\n")],
             "game 1: move 2 'd2-d3': "),
            (["--input", path("result.csv", "d2-e2,0,0,Maybe\n")], "unknown result 'Maybe'"),
            (["--input", path("bad.txt", "d2-e2 d2-d3\n")], "'d2-d3'"),
            (["--input", path("bad.otg", "[rules:%s]\n\n1. d2-e2 d2-d3 \n" % rules)],
             "move 2 'd2-d3': "),
            (["--input", path("comment.otg", "[rules:%s]\n\n1. d2-e2 {open\n" % rules)],
             "line 3: a comment '{' that does not end"),
            (["--input", path("rules.otg", "[rules:%s]\n\n1. d2-e2 \n" % rules), "--variant",
              "tablut"], "the record has its rules: leave out --variant and --rules"),
            (["--input", path("ok.otg"), "--game", "1"], "--game is for files of game lines"),
            (["--input", two, "--game", "1", "--threshold", "-1"], "--threshold must be"),
            (["--input", two, "--game", "1", "--depth", "0"], "--depth must be"),
            (["--input", two, "--game", "1", "--eval-file", path("none.nnue")],
             "--eval-file: cannot open net file '%s'" % path("none.nnue")),
            (["--input", two, "--game", "1", "--eval-file", os.path.join(ROOT, "nets", "copenhagen.nnue")],
             "is a net for 11x11 boards, the rules are 7x7"),
        ]]
        path("ok.otg", "[rules:%s]\n\n1. d2-e2 \n" % rules)
        for args, expected in cases:
            r = run([branan, "report"] + args)
            lines = r.stderr.splitlines()
            assert r.returncode == 2, (args, r.returncode, r.stderr)
            assert len(lines) == 1 and lines[0].startswith("branan report: "), (args, r.stderr)
            assert expected in lines[0], (args, expected, lines[0])
            assert not os.path.exists(page), args
        # An unwritable page: status 2, one line naming it, before the game is read (so before
        # its analysis: here the game does not exist either, and the page is what is named).
        out = os.path.join(tmp, "no-such-folder", "page.html")
        for input_file in (two, path("none.csv")):
            r = run([branan, "report", "--input", input_file, "--game", "2", "--depth", "1",
                     "--out", out])
            assert r.returncode == 2 and r.stderr == "branan report: cannot write '%s'\n" % out, r
        r = run([branan, "report", "--input", two, "--depth", "1", "--out", tmp])
        assert r.returncode == 2 and r.stderr == (
            "branan report: cannot write '%s': it is a directory\n" % tmp), r
        # The input file as the page, under another name: refused, the game kept.
        game = path("game.txt", "d2-e2 c4-c5\n")
        same = os.path.join(tmp, ".", "game.txt")
        r = run([branan, "report", "--input", game, "--depth", "1", "--out", same])
        assert r.returncode == 2 and r.stderr == (
            "branan report: --out '%s' is the --input file: the page would overwrite the game\n"
            % same), r
        with open(game, encoding="utf-8") as f:
            assert f.read() == "d2-e2 c4-c5\n"
        # A move list gives a page: one board per position.
        r = run([branan, "report", "--input", path("moves.txt", "d2-e2 c4-c5\n"), "--depth", "1",
                 "--out", page])
        assert r.returncode == 0 and "2 plies" in r.stdout, (r.returncode, r.stdout, r.stderr)
        with open(page, encoding="utf-8") as f:
            assert f.read().count('<svg class="board') == 3


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
    r = run([branan, "rules", "--keys"])
    assert r.returncode == 0, (r.returncode, r.stderr)
    keys = [line.split("\t") for line in r.stdout.splitlines()]
    assert len(keys) >= 30 and all(len(k) == 4 for k in keys), r.stdout
    section7 = doc[doc.index("## 7."):doc.index("## 8.")]
    for key, kind, _values, _meaning in keys:
        assert kind in ("opentafl", "extension", "ignored", "refused"), (key, kind)
        assert "`%s`" % key in section7, "docs/rules.md section 7 does not name the key " + key


def check_protocol_spec(branan):
    """protocol-spec.md against the binary: the option lists of its transcripts, every preset's
    canonical string it quotes, the extension keys of sections 6.4 and 6.5, the presets of 6.6
    and the key kinds of 7.4 (each had gone stale once)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "protocol-spec.md"), encoding="utf-8") as f:
        spec = f.read()
    r = run([branan], "uti\nquit\n")
    options = [l for l in r.stdout.splitlines() if l.startswith("option name ")]
    assert len(options) >= 10, r.stdout
    listings = re.findall(r"(?:^(?:> )?option name .*\n)+", spec, re.M)
    assert len(listings) >= 2, len(listings)
    for listing in listings:
        shown = [l[2:] if l.startswith("> ") else l for l in listing.splitlines()]
        assert shown == options, "protocol-spec.md lists the options otherwise:\n%s" % "\n".join(
            difflib.unified_diff(shown, options, "protocol-spec.md", "uti", lineterm=""))
    presets = dict(line.split("\t") for line in run([branan, "rules", "--list"]).stdout.splitlines())
    quoted = 0
    for text in re.findall(r"(dim:\S+ name:(\S+) .*?start:\S+)", spec):
        if text[1] in presets:
            assert text[0] == presets[text[1]], (text[0], presets[text[1]])
            quoted += 1
    assert quoted >= 5, quoted
    keys = [line.split("\t") for line in run([branan, "rules", "--keys"]).stdout.splitlines()]
    extension = [k[0] for k in keys if k[1] == "extension"]
    section = lambda title: spec[spec.index("### " + title):spec.index("\n### ", spec.index("### " + title) + 4)]
    table = re.findall(r"^\| `(x\w+)` \|", section("6.4"), re.M)
    assert table == extension, ("section 6.4's extension keys", table, extension)
    order = re.search(r"then the extension keys `([^`]*)`", section("6.5")).group(1).split()
    assert order == extension, ("section 6.5's order of extension keys", order, extension)
    listed = re.findall(r"`([a-z0-9-]+)`", section("6.6").split("; their rules")[0])
    assert sorted(listed) == sorted(presets), ("section 6.6's presets", listed, sorted(presets))
    kinds = {k[1] for k in keys}
    for kind in kinds:
        assert "`%s`" % kind in section("7.4"), "section 7.4 does not name the key kind " + kind
    # Section 7's start-up messages as the daemon prints them, its placeholders for what varies.
    flowing = " ".join(spec.split())
    string = "dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
    said = run([branan, "--variant", string], "quit\n").stderr.splitlines()[0]
    assert "`%s`" % said.replace(string, "<string>") in flowing, said
    if os.path.exists("/dev/full"):
        said = run([branan, "--log", "/dev/full"], "uti\nquit\n").stderr.strip()
        reason = re.search(r" \(([^)]*)\):", said).group(1)
        said = said.replace("/dev/full", "<path>").replace(reason, "<the system's reason>")
        assert "`%s`" % said in flowing, said


def check_stray_words(branan, branan_match):
    commands = ([branan], [branan, "rules"], [branan, "perft", "1"], [branan, "bench", "1"],
                [branan, "analyse", "--input", "-"], [branan, "solve"], [branan, "tune", "--games", "x.csv"],
                [branan, "report", "--input", "x.csv", "--out", "x.html"],
                [branan_match, "--games", "2", "--engine", "cmd=a", "st=1", "--engine", "cmd=b", "st=1"])
    for command in commands:
        for at in (1, len(command)):  # right after the command name, and last
            args = command[:at] + ["stray-word"] + command[at:]
            r = run(args, "quit\n")
            assert r.returncode == 2, (args, r.returncode, r.stdout, r.stderr)
            # (a first word names a subcommand, or the depth of perft and bench)
            assert "'stray-word'" in r.stderr.splitlines()[0], (args, r.stderr)
            assert not r.stdout, (args, r.stdout)
    # perft and bench take one positional argument, the depth: the second is the stray one.
    for command in ("perft", "bench"):
        r = run([branan, command, "1", "2"])
        assert r.returncode == 2 and "unexpected argument '2'" in r.stderr, (r.returncode, r.stderr)


def check_decided_start(branan, branan_match):
    """Rules whose start position is already decided (the king on a corner): branan-match and
    selfplay refuse them instead of playing games of no move; an openings file still in play
    under them is played."""
    rules = "dim:7 start:/K2t3/7/7/7/7/7/3t3/"
    engines = ["--engine", "cmd=" + branan, "depth=1", "--engine", "cmd=" + branan, "depth=1", "name=b"]
    decided = "the rules' start position is already decided (king escaped): no game can be played from it"
    for extra in ([], ["--random-openings", "4"]):
        r = run([branan_match, "--games", "2", "--rules", rules] + engines + extra)
        assert r.returncode == 2 and not r.stdout, (extra, r.returncode, r.stdout, r.stderr)
        assert r.stderr == "branan-match: %s (give --openings with positions in play)\n" % decided, r.stderr
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "x.bin")
        r = run([branan, "selfplay", "--out", out, "--rules", rules, "--games", "2"])
        assert r.returncode == 2 and r.stderr == "branan selfplay: %s (give --book with positions in play)\n" \
            % decided, (r.returncode, r.stderr)
        assert not os.path.exists(out), out
        # A position in play under those rules: played.
        openings = os.path.join(folder, "openings.txt")
        with open(openings, "w") as f:
            f.write("otn /3K3/7/7/7/7/7/3t3/ side attackers\n")
        r = run([branan_match, "--games", "2", "--rules", rules, "--openings", openings, "--quiet"] + engines)
        assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)


def check_unwritable_log(branan):
    """A --log that opens but cannot be written (/dev/full): one line on stderr, the session goes
    on (it was lost without a word)."""
    if not os.path.exists("/dev/full"):
        return
    r = run([branan, "--log", "/dev/full"], "uti\nisready\ngo depth 2\nisready\nquit\n")
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert r.stdout.count("readyok") == 2 and "bestmove " in r.stdout, r.stdout
    assert r.stderr == ("branan: cannot write log file '/dev/full' (No space left on device): the "
                        "log stops here, the session goes on\n"), r.stderr


def check_daemon_contempt(branan):
    r = run([branan, "--contempt", "-250"], "uti\nquit\n")
    assert r.returncode == 0, (r.returncode, r.stderr)
    assert "option name Contempt type spin default -250 min -1000 max 1000" in r.stdout.splitlines(), r.stdout
    for bad in ("1001", "-5000", "x"):
        r = run([branan, "--contempt", bad], "quit\n")
        assert r.returncode == 2 and "--contempt" in r.stderr.splitlines()[0], (bad, r.returncode, r.stderr)
        assert not r.stdout, (bad, r.stdout)


def check_hash_beyond_memory(branan):
    """A --hash of more than half the machine's memory (a table the engine refuses) exits with
    status 2 naming --hash, from the daemon and every subcommand whose search takes it, instead
    of searching with the default table."""
    machine_mb = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // (1 << 20)
    too_much = machine_mb // 2 + 1
    if too_much > 65536:
        print("     (skipped: half of this machine's memory is more than --hash can take)")
        return
    for command in ([branan], [branan, "bench", "1"], [branan, "analyse", "--input", "-"],
                    [branan, "report", "--input", "x.csv", "--out", "x.html"]):
        r = run(command + ["--hash", str(too_much)], "quit\n")
        assert r.returncode == 2, (command, r.returncode, r.stdout, r.stderr)
        assert r.stderr.splitlines()[0].endswith(
            "--hash %d is more than half of this machine's memory" % too_much), (command, r.stderr)
        assert not r.stdout, (command, r.stdout)


def limited_memory(binary, mib):
    """A preexec_fn capping the child's address space: an input read whole would fail. None for
    a binary built with AddressSanitizer, which reserves terabytes of address space for its
    shadow memory and cannot start under such a cap (the Release run checks the bound)."""
    import resource

    with open(binary, "rb") as f:
        if b"__asan_init" in f.read():
            return None

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    return limit


def check_bad_inputs(branan, branan_match):
    """Directories, endless files, huge lines and bytes that are not UTF-8: an error naming the
    file (and line), exit status non-zero, bounded memory, valid JSON. Regressions: the
    directories gave no output and status 0, /dev/zero grew without end, a 1 MiB + 1 line was
    echoed whole, and json_string copied bytes that broke json.load."""
    with tempfile.TemporaryDirectory() as tmp:
        for args in (["analyse", "--input", tmp], ["solve", "--input", tmp]):
            r = run([branan] + args)
            assert r.returncode == 2, (args, r.returncode, r.stderr)
            assert "cannot open '%s': it is a directory" % tmp in r.stderr, (args, r.stderr)
        huge = os.path.join(tmp, "huge.txt")
        with open(huge, "w", encoding="ascii") as f:
            f.write("startpos\n" + "d2-e2 " + "x" * (1 << 20) + "\nstartpos\n")
        for args, key in ((["analyse", "--depth", "1"], "line"), (["solve", "--nodes", "10"], "input_line")):
            for source in (huge, "/dev/zero"):
                r = subprocess.run([branan] + args + ["--input", source], capture_output=True,
                                   timeout=120, preexec_fn=limited_memory(branan, 1024))
                out = [json.loads(l) for l in r.stdout.decode("utf-8").splitlines()]
                assert r.returncode == 1, (args, source, r.returncode, r.stderr)
                bad = out[-1]
                number = 2 if source == huge else 1
                assert bad[key] == number, (args, source, bad)
                assert bad["error"] == "'%s' line %d: longer than 1 MiB (read no further)" % (
                    source, number), (args, bad)
        # The weights file and the openings file: /dev/zero ends with an error, not the memory.
        r = subprocess.run([branan, "--weights", "/dev/zero"], input=b"", capture_output=True,
                           timeout=60, preexec_fn=limited_memory(branan, 1024))
        assert r.returncode == 2, (r.returncode, r.stderr)
        assert r.stderr == b"branan: weights file '/dev/zero' is larger than 1 MiB\n", r.stderr
        r = subprocess.run([branan_match, "--engine", "cmd=" + branan, "name=a", "--engine",
                            "cmd=" + branan, "name=b", "--each", "depth=1", "--openings",
                            "/dev/zero"], capture_output=True, timeout=60,
                           preexec_fn=limited_memory(branan_match, 1024))
        assert r.returncode == 2, (r.returncode, r.stderr)
        assert r.stderr == b"branan-match: /dev/zero line 1: longer than 1 MiB\n", r.stderr
        r = run([branan, "report", "--input", huge, "--game", "2", "--out",
                 os.path.join(tmp, "page.html")])
        assert r.returncode == 2, (r.returncode, r.stderr)
        assert r.stderr == "branan report: '%s' line 2: longer than 1 MiB\n" % huge, r.stderr
        # Bytes that are not UTF-8 in a move: the error line is still valid JSON in UTF-8.
        r = subprocess.run([branan, "analyse", "--input", "-", "--depth", "1"],
                           input=b"d2-e2 \xff\xc3(\n", capture_output=True, timeout=60)
        assert r.returncode == 1, (r.returncode, r.stderr)
        error = json.loads(r.stdout.decode("utf-8"))["error"]
        assert "\ufffd\ufffd(" in error, error


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip())
        return 2
    check_stray_words(sys.argv[1], sys.argv[2])
    check_daemon_contempt(sys.argv[1])
    check_unwritable_log(sys.argv[1])
    check_decided_start(sys.argv[1], sys.argv[2])
    check_hash_beyond_memory(sys.argv[1])
    check_help_headings(sys.argv[1])
    check_analyse_default_depth(sys.argv[1])
    check_analyse_opentafl_notation(sys.argv[1])
    check_preset_given_to_rules(sys.argv[1], sys.argv[2])
    check_report_errors(sys.argv[1])
    check_bad_inputs(sys.argv[1], sys.argv[2])
    check_rules_document(sys.argv[1])
    check_protocol_spec(sys.argv[1])
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
