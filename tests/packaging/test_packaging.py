#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The installed Branan: `cmake --install` into a temporary prefix, and the Debian package.

usage: test_packaging.py install BUILD VERSION CMAKE
       test_packaging.py deb BUILD VERSION CPACK

install: `cmake --install BUILD --prefix TMP`, then from TMP: `branan --version` and a bench
  whose node count is the build tree's; `branan-match --help`; the man pages, rendered (man -l,
  else groff, else their roff structure checked), with a section for every subcommand the
  binary's --help lists, gzip-compressed; the copyright file and the documents; the data files
  found where they were installed: a match played from the installed opening book, the weights
  files loaded by the daemon, and the OpenTafl engine file's command the installed binary.
deb: `cpack -G DEB` into a temporary folder, `dpkg-deb --info` (name, version, maintainer,
  the Boost library among the dependencies), `dpkg-deb --contents` (every file at its path under
  /usr), then `dpkg-deb -x` into a plain folder and the same binary checks from there, and
  `lintian` on the package with no error.
Standard library only; BUILD must be built (the man pages are part of the default target).
"""

import gzip
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(args, timeout=300, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout, **kw)


def check_run(args, **kw):
    r = run(args, **kw)
    assert r.returncode == 0, (args, r.returncode, r.stdout[-2000:], r.stderr[-2000:])
    return r.stdout


def bench_nodes(branan):
    """The node count `branan bench 5` prints."""
    out = check_run([branan, "bench", "5"])
    m = re.search(r"Nodes searched\s*:\s*(\d+)", out)
    assert m, out
    return int(m.group(1))


def data_files(folder):
    """The names of the files in the source tree's folder that are installed (*.txt)."""
    return sorted(f for f in os.listdir(os.path.join(ROOT, folder)) if f.endswith(".txt"))


def expected_files(prefix):
    """Every file the install puts under `prefix` (relative paths)."""
    files = ["bin/branan", "bin/branan-match", "share/man/man1/branan.1.gz",
             "share/man/man1/branan-match.1.gz", "share/branan/opentafl/branan.ini",
             "share/doc/branan/README.md", "share/doc/branan/protocol-spec.md",
             "share/doc/branan/copyright", "share/doc/branan/changelog.gz"]
    for folder in ("openings", "weights"):
        files += [f"share/branan/{folder}/{name}" for name in data_files(folder)]
    files += [f"share/doc/branan/docs/{name}" for name in sorted(os.listdir(os.path.join(ROOT, "docs")))
              if name.endswith((".md", ".png"))]
    return [os.path.join(prefix, f) for f in files]


def subcommands(program, name):
    """The subcommands `program --help` lists, as in "  branan bench [depth] ..."."""
    out = check_run([program, "--help"])
    return sorted(set(re.findall(r"^\s*(?:usage: )?" + re.escape(name) + r" ([a-z]+)", out, re.M)))


def render_man(page, roff):
    """The page as text: man -l, else groff, else None (then only its roff is checked)."""
    env = dict(os.environ, MANPAGER="cat", PAGER="cat", MANWIDTH="100", LC_ALL="C.UTF-8")
    if shutil.which("man"):
        return check_run(["man", "-l", page], env=env)
    if shutil.which("groff"):
        return check_run(["groff", "-man", "-Tutf8"], env=env, input=roff)
    return None


def check_man_page(page, program, name):
    """A gzip-compressed man page (as Debian wants them): its roff, and the page rendered."""
    with open(page, "rb") as f:
        assert f.read(2) == b"\x1f\x8b", f"{page} is not gzip-compressed"
    with gzip.open(page, "rt", encoding="utf-8") as f:
        roff = f.read()
    title = re.escape(name.upper()).replace("\\-", r"\\?-")
    assert re.search(r'^\.TH "?' + title + r'"? "?1"? ', roff, re.M), roff[:500]
    for section in ("NAME", "DESCRIPTION"):
        assert re.search(r'^\.SH "?' + section, roff, re.M), (page, section)
    subs = subcommands(program, name)
    if name == "branan":
        assert "bench" in subs and "perft" in subs, subs
    for sub in subs:
        assert f'.SS "{name} {sub}"' in roff, (page, sub)
    text = render_man(page, roff)
    if text is not None:
        assert "NAME" in text and "DESCRIPTION" in text, text[:500]
        for sub in subs:
            assert f"{name} {sub}" in text, (page, sub)
        # The rendered page shows the options of the --help (a hyphen escaped as \- renders as -).
        assert "--help" in text.replace("\u2010", "-").replace("\u2212", "-"), text[:1000]
    print(f"ok: {os.path.basename(page)}: {len(subs)} subcommand section(s)"
          f"{', rendered' if text is not None else ', roff checked (no man or groff)'}")


def check_binaries(bindir, version, reference_nodes):
    branan = os.path.join(bindir, "branan")
    match = os.path.join(bindir, "branan-match")
    assert check_run([branan, "--version"]).strip() == f"Branan {version}"
    nodes = bench_nodes(branan)
    assert nodes == reference_nodes, (nodes, reference_nodes)
    out = check_run([match, "--help"])
    assert "usage: branan-match" in out, out[:300]
    print(f"ok: {bindir}: --version, bench 5 = {nodes} nodes as the build's, branan-match --help")


def check_data(prefix, work):
    """The installed data, used by the installed binaries from a folder outside the trees."""
    branan = os.path.join(prefix, "bin", "branan")
    book = os.path.join(prefix, "share/branan/openings/brandubh-handicap.txt")
    records = os.path.join(work, "records")
    check_run([os.path.join(prefix, "bin", "branan-match"), "--engine", f"cmd={branan}",
               "name=a", "depth=1", "--engine", f"cmd={branan}", "name=b", "depth=2", "--games",
               "2", "--openings", book, "--records", records, "--quiet"], cwd=work)
    with open(book, encoding="utf-8") as f:
        first = next(line for line in f if line.strip() and not line.startswith("#"))
    opening = first.split(" moves ", 1)[1].split()
    with open(os.path.join(records, "games.csv"), encoding="utf-8") as f:
        games = [line.split(",")[0].split() for line in f if line.strip()]
    assert len(games) == 2, games
    for moves in games:
        assert moves[: len(opening)] == opening, (moves[:10], opening)
    for name in data_files("weights"):
        path = os.path.join(prefix, "share/branan/weights", name)
        r = run([branan, "--weights", path], input="uti\nisready\nquit\n", cwd=work)
        assert r.returncode == 0 and "readyok" in r.stdout, (name, r.stdout, r.stderr)
    print(f"ok: a match from the installed book, {len(data_files('weights'))} weights file(s) loaded")


def check_ini(ini, bindir):
    with open(ini, encoding="utf-8") as f:
        text = f.read()
    command = re.search(r"^command=(.*)$", text, re.M).group(1)
    assert command == os.path.join(bindir, "branan"), (command, bindir)
    assert re.search(r"^arguments=--otep$", text, re.M), text


def check_install(build, version, cmake, reference_nodes):
    with tempfile.TemporaryDirectory() as tmp:
        prefix = os.path.join(tmp, "prefix")
        check_run([cmake, "--install", build, "--prefix", prefix])
        for path in expected_files(prefix):
            assert os.path.isfile(path), f"not installed: {path}"
        bindir = os.path.join(prefix, "bin")
        check_binaries(bindir, version, reference_nodes)
        for name in ("branan", "branan-match"):
            check_man_page(os.path.join(prefix, "share/man/man1", name + ".1.gz"),
                           os.path.join(bindir, name), name)
        check_ini(os.path.join(prefix, "share/branan/opentafl/branan.ini"), bindir)
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        check_data(prefix, work)


def check_lintian(deb):
    """lintian, Debian's package checker, reports no error (E:) on the package."""
    assert shutil.which("lintian"), "lintian is not installed (scripts/deps.sh --test installs it)"
    r = run(["lintian", "--no-tag-display-limit", deb])
    errors = [line for line in r.stdout.splitlines() if line.startswith("E:")]
    assert not errors and r.returncode in (0, 2), (r.returncode, r.stdout[-3000:], r.stderr[-2000:])
    print(f"ok: lintian: no error ({len(r.stdout.splitlines())} warning or info line(s))")


def check_deb(build, version, cpack, reference_nodes):
    with tempfile.TemporaryDirectory() as tmp:
        check_run([cpack, "-G", "DEB", "-B", tmp, "--config",
                   os.path.join(build, "CPackConfig.cmake")], cwd=tmp)
        debs = [f for f in os.listdir(tmp) if f.endswith(".deb")]
        assert len(debs) == 1, os.listdir(tmp)
        deb = os.path.join(tmp, debs[0])
        info = check_run(["dpkg-deb", "--info", deb])
        fields = dict(re.findall(r"^ (\w[\w-]*): (.*)$", info, re.M))
        assert fields.get("Package") == "branan", info
        assert fields.get("Version") == version, info
        assert fields.get("Maintainer"), info
        assert "libboost-program-options" in fields.get("Depends", ""), info
        assert fields.get("Description"), info
        contents = check_run(["dpkg-deb", "--contents", deb])
        paths = {line.split()[-1].lstrip(".") for line in contents.splitlines() if line.strip()}
        for path in expected_files("/usr"):
            assert path in paths, f"not in the package: {path}"
        root = os.path.join(tmp, "root")
        check_run(["dpkg-deb", "-x", deb, root])
        check_binaries(os.path.join(root, "usr/bin"), version, reference_nodes)
        # Installed with dpkg, the engine file's command is the binary in /usr/bin.
        check_ini(os.path.join(root, "usr/share/branan/opentafl/branan.ini"), "/usr/bin")
        check_lintian(deb)
        print(f"ok: {debs[0]}: Depends: {fields['Depends']}")


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("install", "deb"):
        print("\n".join(__doc__.strip().splitlines()[2:4]), file=sys.stderr)
        return 2
    mode, build, version, tool = sys.argv[1:]
    build = os.path.abspath(build)
    reference_nodes = bench_nodes(os.path.join(build, "branan"))
    (check_install if mode == "install" else check_deb)(build, version, tool, reference_nodes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
