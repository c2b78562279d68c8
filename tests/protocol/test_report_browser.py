#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""branan report's page in a real browser: Debian's chromium, headless.

usage: test_report_browser.py BRANAN [--screenshot OUT.png]

A report is made with the real binary from a real game kept in tests/data (line 155 of
brandubh-federation-games.csv: 21 plies, a double capture, the king captured at the end). Then:
- chromium --dump-dom opens the page at "#selftest": the page's own script presses ArrowRight,
  ArrowLeft, End, Home through dispatchEvent and clicks a move and a graph point, and writes which
  boards were displayed after each into the DOM; this test checks them (one board, graph point
  and move row per position; ArrowRight N times shows ply N; End the last, Home the first);
- chromium --screenshot takes the page at 900x600, opened at the double capture (#ply=9): the
  PNG (decoded with zlib) must have that size and hold the board's colours and many others, not
  be blank. With --screenshot the PNG is also copied to OUT.png (docs/report-screenshot.png is
  made so).
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
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GAMES = os.path.join(ROOT, "tests", "data", "brandubh-federation-games.csv")
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


def make_report(branan, page):
    r = run([branan, "report", "--input", GAMES, "--game", str(GAME_LINE), "--variant",
             "brandubh-federation", "--depth", "4", "--out", page])
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    return r.stdout


def check_selftest(exe, profile, page, plies):
    r = browser(exe, profile, "--virtual-time-budget=5000", "--dump-dom",
                "file://" + page + "#selftest")
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    dom = r.stdout
    assert dom.count('<svg class="board') == plies + 1, dom.count('<svg class="board')
    found = re.search(r'<pre id="selftest-result">(.*?)</pre>', dom, re.S)
    assert found, "the page wrote no self-test result:\n" + dom[-2000:]
    t = json.loads(html.unescape(found.group(1)))
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
    if len(args) == 3 and args[1] == "--screenshot":
        copy_to = args[2]
        args = args[:1]
    if len(args) != 1:
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
        said = make_report(args[0], page)
        assert "%d plies" % plies in said, said
        check_selftest(exe, os.path.join(tmp, "profile"), page, plies)
        shot = os.path.join(tmp, "report.png")
        colours = check_screenshot(exe, os.path.join(tmp, "profile"), page, shot)
        if copy_to:
            shutil.copyfile(shot, copy_to)
    print("ok: %d plies, %d boards stepped through; screenshot with %d colours"
          % (plies, plies + 1, colours))
    return 0


if __name__ == "__main__":
    sys.exit(main())
