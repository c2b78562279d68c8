#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""branan report's page in a real browser: Debian's chromium, headless.

usage: test_report_browser.py BRANAN BRANAN_MATCH [--screenshot OUT.png]

A report is made with the real binary from a real game kept in tests/data (line 155 of
brandubh-federation-games.csv: 21 plies, a double capture, the king captured at the end). Then:
- chromium --dump-dom opens the page at "#selftest": the page's own script presses ArrowRight,
  ArrowLeft, End, Home through dispatchEvent and clicks a move and a graph point, and writes which
  boards were displayed after each into the DOM; this test checks them (one board, graph point
  and move row per position; ArrowRight N times shows ply N; End the last, Home the first);
- chromium --screenshot takes the page at 900x600, opened at the double capture (#ply=9): the
  PNG (decoded with zlib) must have that size and hold the board's colours and many others, not
  be blank. With --screenshot the PNG is also copied to OUT.png (docs/report-screenshot.png is
  made so);
- the self-test also reports the board's scale, the flip and the ply panel: the field turns
  half round about its centre and the coordinates change sides; the panel of the current ply
  shows the engine's line and the position record of the displayed board; every searched
  position has a best-move arrow; the tier counts on the page are the ones the command printed;
- a 300-ply 19x19 game (tests/data/alea-evangelii-match-game.otg, branan against itself in
  branan-match) is reported at the defaults in under a minute, and in a 1280x800 window its
  squares are at least 24 px and its coordinates at least 10 px high;
- --book-plies 4 leaves the first four plies unjudged (rows marked "book");
- a branan-match run with --report (two branan engines, a clock, random 2-ply openings) writes
  pages whose opening plies are unjudged and which show each move's time and the clocks.
Exits 77 (ctest: skipped, with the reason printed) when chromium is not installed; the CI
installs it (scripts/deps.sh). Standard library only.
"""

import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = os.path.join(ROOT, "tests", "data", "brandubh-federation-games.csv")
WIDE_GAME = os.path.join(ROOT, "tests", "data", "alea-evangelii-match-game.otg")
WIDE_PLIES = 300
WIDE_SECONDS = 60
GAME_LINE = 155
SCREENSHOT_PLY = 9  # d6-d3xe3xd2: two soldiers captured
WIDTH, HEIGHT = 900, 600
SKIP = 77


def chromium():
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def run(args, timeout=60):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def browser(exe, profile, *args):
    # A fresh profile each run: nothing of a user's browser is read or kept.
    return run([exe, "--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=" + profile,
                "--no-first-run", "--hide-scrollbars"] + list(args))


def game_plies():
    with open(GAMES, encoding="utf-8") as f:
        line = f.read().splitlines()[GAME_LINE - 1]
    return len([m for m in line.split(",")[0].split() if m != "timeout"])


def make_report(branan, page, *extra):
    r = run([branan, "report", "--input", GAMES, "--game", str(GAME_LINE), "--variant",
             "brandubh-federation", "--depth", "4", "--out", page] + list(extra))
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    return r.stdout


def selftest(exe, profile, page, size=None):
    args = ["--virtual-time-budget=5000", "--dump-dom"]
    if size:
        args.append("--window-size=%d,%d" % size)
    r = browser(exe, profile, *(args + ["file://" + page + "#selftest"]))
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    found = re.search(r'<pre id="selftest-result">(.*?)</pre>', r.stdout, re.S)
    assert found, "the page wrote no self-test result:\n" + r.stdout[-2000:]
    return r.stdout, json.loads(html.unescape(found.group(1)))


def row_classes(dom):
    """{ply: class list} of the move rows."""
    return {int(ply): cls.split() for cls, ply in
            re.findall(r'<tr class="(move[^"]*)" data-ply="(\d+)"', dom)}


def tier_counts(dom):
    return {(side, tier): int(n) for side, tier, n in
            re.findall(r'data-side="(\w+)" data-tier="(\w+)">(\d+)<', dom)}


def printed_counts(said):
    """The counts the command printed: "attackers 1 inaccuracy, 0 mistakes, 2 blunders; ..."."""
    counts = {}
    for side in ("attackers", "defenders"):
        part = re.search(side + r" (\d+) inaccurac\w+, (\d+) mistakes?, (\d+) blunders?", said)
        assert part, said
        for tier, n in zip(("inaccuracy", "mistake", "blunder"), part.groups()):
            counts[(side, tier)] = int(n)
    return counts


def check_selftest(exe, profile, page, plies, said):
    dom, t = selftest(exe, profile, page)
    assert dom.count('<svg class="board') == plies + 1, dom.count('<svg class="board')
    assert t["boards"] == plies + 1, t
    assert t["points"] == plies + 1, t
    assert t["rows"] == plies + 1, t
    assert t["start"] == [0], t
    # The page presses ArrowRight min(5, plies) + 1 times: ply N after the N-th press.
    assert t["right"] == [[min(n, plies)] for n in range(1, min(5, plies) + 2)], t["right"]
    assert t["left"] == [t["right"][-1][0] - 1], t
    assert t["end"] == [plies], t
    assert t["right_at_end"] == [plies], t
    assert t["home"] == [0], t
    assert t["left_at_start"] == [0], t
    assert t["click_row"] == {"ply": plies // 2, "visible": [plies // 2]}, t
    assert t["click_point"] == {"ply": plies, "visible": [plies]}, t
    check_flip(t)
    # The panel of ply 1: the engine's line from there and the displayed board's record.
    info = t["info"]
    assert info["count"] == plies + 1 and info["visible"] == [1], info
    assert "Engine" in info["text"] and info["record"] in info["text"], info
    # An arrow on every searched position's board (the last one is the game's end).
    assert info["arrows"] == plies, info
    assert tier_counts(dom) == printed_counts(said), (tier_counts(dom), said)


def check_flip(t):
    """Flipping turns the field half round about its centre; the coordinates change sides."""
    f, unit, n = t["flip"], t["board"]["square_px"] / 40, t["board"]["size"]
    centre = (f["box"][0] + (28 + 20 * n) * unit, f["box"][1] + (6 + 20 * n) * unit)
    for axis in (0, 1):
        assert abs(f["before"][axis] + f["after"][axis] - 2 * centre[axis]) < 1.5, f
        assert abs(f["before"][axis] - f["back"][axis]) < 0.5, f
    assert f["before"] != f["after"], f
    assert f["flipped"] and "#coords-flipped" in f["coords"], f
    assert "#coords-normal" not in f["coords"], f


def check_wide_board(branan, exe, profile, tmp):
    """A 19x19 game at the report's defaults: its time, and its board in a 1280x800 window."""
    page = os.path.join(tmp, "wide.html")
    started = time.monotonic()
    r = run([branan, "report", "--input", WIDE_GAME, "--out", page], timeout=300)
    seconds = time.monotonic() - started
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert "%d plies" % WIDE_PLIES in r.stdout, r.stdout
    assert seconds < WIDE_SECONDS, "a 19x19 report took %.1f s" % seconds
    _, t = selftest(exe, profile, page, (1280, 800))
    board = t["board"]
    assert board["size"] == 19, board
    assert board["square_px"] >= 24 and board["coord_px"] >= 10, board
    check_flip(t)
    return seconds, board


def check_book_plies(branan, exe, profile, tmp):
    page = os.path.join(tmp, "book.html")
    for bad, why in (("-1", "--book-plies must be 0 or more"),
                     ("22", "--book-plies 22: the game has only 21 plies")):
        r = run([branan, "report", "--input", GAMES, "--game", str(GAME_LINE), "--variant",
                 "brandubh-federation", "--book-plies", bad, "--out", page])
        assert r.returncode == 2 and r.stderr == "branan report: %s\n" % why, (bad, r)
        assert not os.path.exists(page), bad
    make_report(branan, page, "--book-plies", "4")
    dom, _ = selftest(exe, profile, page)
    rows = row_classes(dom)
    assert all("book" in rows[k] for k in range(1, 5)), rows
    assert not any("book" in rows[k] for k in range(5, len(rows))), rows


def check_match_pages(match, branan, exe, profile, tmp):
    """branan-match's pages: opening plies unjudged, each move's time and the clocks shown."""
    folder = os.path.join(tmp, "pages")
    r = run([match, "--variant", "brandubh", "--engine", "cmd=" + branan, "name=one", "tc=4+0.05",
             "--engine", "cmd=" + branan, "name=two", "tc=4+0.05", "--games", "2",
             "--random-openings", "2", "--max-plies", "24", "--records",
             os.path.join(tmp, "records"), "--report", folder, "--quiet"], timeout=240)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr[-2000:])
    pages = sorted(os.listdir(folder))
    assert pages == ["round1-game1.html", "round1-game2.html"], pages
    dom, t = selftest(exe, profile, os.path.join(folder, pages[0]))
    rows = row_classes(dom)
    assert all("book" in rows[k] for k in (1, 2)), rows
    assert not any("book" in rows[k] for k in range(3, len(rows))), rows
    assert "<th>Time</th>" in dom, dom[-2000:]
    assert re.search(r"<b>Clocks</b> attackers \d+:\d\d\.\d · defenders \d+:\d\d\.\d", dom), \
        dom[-3000:]


def png_pixels(path):
    """Width, height and the set of (r, g, b) colours of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    colours, previous, at = set(), bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        for i in range(0, stride, bpp):
            colours.add(bytes(line[i:i + 3]))
        previous = line
    return width, height, colours


def check_screenshot(exe, profile, page, shot):
    r = browser(exe, profile, "--screenshot=" + shot, "--window-size=%d,%d" % (WIDTH, HEIGHT),
                "file://%s#ply=%d" % (page, SCREENSHOT_PLY))
    assert r.returncode == 0 and os.path.exists(shot), (r.returncode, r.stderr[-2000:])
    width, height, colours = png_pixels(shot)
    assert (width, height) == (WIDTH, HEIGHT), (width, height)
    # A blank page has one colour; this one has the board, the pieces, text and the graph.
    assert len(colours) >= 50, len(colours)
    # The fills of the squares, the marked corners/throne and the attackers (report CSS).
    for fill in ("e8cf9a", "b58a55", "2b2b2b"):
        assert bytes.fromhex(fill) in colours, "no pixel of the colour #" + fill
    return len(colours)


def main():
    args = sys.argv[1:]
    copy_to = None
    if len(args) == 4 and args[2] == "--screenshot":
        copy_to = args[3]
        args = args[:2]
    if len(args) != 2:
        print(__doc__.strip())
        return 2
    exe = chromium()
    if not exe:
        print("SKIPPED: chromium is not installed (scripts/deps.sh installs it); the report page "
              "was not tested in a browser")
        return SKIP
    plies = game_plies()
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, "report.html")
        profile = os.path.join(tmp, "profile")
        said = make_report(args[0], page)
        assert "%d plies" % plies in said, said
        check_selftest(exe, profile, page, plies, said)
        shot = os.path.join(tmp, "report.png")
        colours = check_screenshot(exe, profile, page, shot)
        if copy_to:
            shutil.copyfile(shot, copy_to)
        check_book_plies(args[0], exe, profile, tmp)
        seconds, board = check_wide_board(args[0], exe, profile, tmp)
        check_match_pages(args[1], args[0], exe, profile, tmp)
    print("ok: %d plies, %d boards stepped through; screenshot with %d colours; 19x19 report of "
          "%d plies in %.1f s, %.1f px squares" % (plies, plies + 1, colours, WIDE_PLIES, seconds,
                                                   board["square_px"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
