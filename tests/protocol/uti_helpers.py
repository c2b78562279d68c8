# SPDX-License-Identifier: GPL-3.0-or-later
"""Helpers for the UTI protocol tests: a driven engine process and small utilities.

Standard library only. The Engine class starts `branan` (plus any extra arguments) with pipes,
reads stdout and stderr on threads, and offers send / expect / read_until / sync.
"""

import os
import queue
import re
import subprocess
import threading
import time

# Every timeout is multiplied by this (e.g. BRANAN_TEST_TIMEOUT_SCALE=5 under AddressSanitizer).
SCALE = float(os.environ.get("BRANAN_TEST_TIMEOUT_SCALE", "1") or "1")


def T(seconds):
    """A timeout scaled by BRANAN_TEST_TIMEOUT_SCALE."""
    return seconds * SCALE


def thread_sanitized(binary):
    """True if `binary` was built with ThreadSanitizer (it holds the runtime's entry point)."""
    with open(binary, "rb") as f:
        return b"__tsan_init" in f.read()


class EngineTimeout(AssertionError):
    pass


class Engine:
    """One engine process driven over stdin/stdout."""

    def __init__(self, argv, preexec_fn=None):
        """preexec_fn runs in the child before the engine starts (e.g. to set resource limits)."""
        self.argv = list(argv)
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            preexec_fn=preexec_fn,
        )
        self.lines = queue.Queue()  # (receipt time, text) from stdout; None at end of stream
        self.transcript = []  # "< sent" / "> received" for failure messages
        self._stderr = []
        self._stderr_lock = threading.Lock()
        self.eof = False
        self._out_thread = threading.Thread(target=self._read_stdout, daemon=True)
        self._err_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self._out_thread.start()
        self._err_thread.start()

    # --- reading -------------------------------------------------------------------------------

    def _read_stdout(self):
        stream = self.proc.stdout
        while True:
            try:
                raw = stream.readline()
            except (ValueError, OSError):
                raw = b""
            if not raw:
                self.lines.put((time.monotonic(), None))
                return
            text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            self.lines.put((time.monotonic(), text))

    def _read_stderr(self):
        stream = self.proc.stderr
        while True:
            try:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            except (ValueError, OSError):
                return
            if not chunk:
                return
            with self._stderr_lock:
                self._stderr.append(chunk)

    def stderr_text(self):
        with self._stderr_lock:
            return b"".join(self._stderr).decode("utf-8", errors="replace")

    def _next(self, deadline):
        """The next (time, line) or raises EngineTimeout at the deadline; None line = EOF."""
        if self.eof:
            return (time.monotonic(), None)
        remaining = deadline - time.monotonic()
        try:
            t, line = self.lines.get(timeout=max(0.0, remaining))
        except queue.Empty:
            raise EngineTimeout("timed out")
        if line is None:
            self.eof = True
        else:
            self.transcript.append("> " + line)
        return (t, line)

    def read_until(self, predicate, timeout, what="a matching line"):
        """Lines up to and including the first one for which predicate(line) is true."""
        deadline = time.monotonic() + timeout
        got = []
        while True:
            try:
                _, line = self._next(deadline)
            except EngineTimeout:
                raise EngineTimeout(
                    "timed out after %.2fs waiting for %s; got %r" % (timeout, what, got[-20:])
                )
            if line is None:
                raise AssertionError(
                    "engine closed stdout (exit %r) while waiting for %s; got %r; stderr %r"
                    % (self.proc.poll(), what, got[-20:], self.stderr_text()[-2000:])
                )
            got.append(line)
            if predicate(line):
                return got

    def read_until_timed(self, predicate, timeout, what="a matching line"):
        """As read_until, and also the receipt time of the last line."""
        deadline = time.monotonic() + timeout
        got = []
        while True:
            try:
                t, line = self._next(deadline)
            except EngineTimeout:
                raise EngineTimeout(
                    "timed out after %.2fs waiting for %s; got %r" % (timeout, what, got[-20:])
                )
            if line is None:
                raise AssertionError("engine closed stdout while waiting for %s" % what)
            got.append(line)
            if predicate(line):
                return got, t

    def expect(self, regex, timeout):
        """Reads until a line matches regex (re.match, whole line); returns (match, lines)."""
        pattern = re.compile(regex)
        got = self.read_until(lambda l: pattern.fullmatch(l) is not None, timeout, "/%s/" % regex)
        return pattern.fullmatch(got[-1]), got

    def collect(self, duration):
        """Every line that arrives within `duration` seconds."""
        deadline = time.monotonic() + duration
        got = []
        while True:
            try:
                _, line = self._next(deadline)
            except EngineTimeout:
                return got
            if line is None:
                return got
            got.append(line)

    # --- writing -------------------------------------------------------------------------------

    def send(self, line):
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        shown = data[:200].decode("utf-8", errors="replace")
        self.transcript.append("< " + shown + ("..." if len(data) > 200 else ""))
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()
        return time.monotonic()

    def sync(self, timeout=None):
        """Sends isready; returns the lines that came before readyok."""
        self.send("isready")
        got = self.read_until(lambda l: l == "readyok", timeout or T(10), "readyok")
        return got[:-1]

    def command(self, line, timeout=None):
        """Sends a line and then isready; returns the output in between."""
        self.send(line)
        return self.sync(timeout)

    # --- helpers built on the protocol ---------------------------------------------------------

    def state(self):
        """The `d` fields Side to move, Rules, Position, Key, Moves played, Status (and Berserk
        turn, printed only during one) as a dict."""
        out = self.command("d")
        fields = {}
        for l in out:
            m = re.fullmatch(r"(Side to move|Berserk turn|Rules|Position|Key|Moves played|Status): (.*)", l)
            if m:
                fields[m.group(1)] = m.group(2)
        for k in ("Side to move", "Rules", "Position", "Key", "Moves played", "Status"):
            assert k in fields, "`d` printed no %r line: %r" % (k, out)
        return fields

    def perft_divide(self, depth, timeout=None):
        """`go perft depth` -> ({move: count}, total, raw lines)."""
        self.send("go perft %d" % depth)
        got = self.read_until(lambda l: l.startswith("Nodes searched:") or l.startswith("info string error"),
                              timeout or T(30), "Nodes searched")
        assert got[-1].startswith("Nodes searched:"), "go perft %d failed: %r" % (depth, got[-5:])
        total = int(got[-1].split(":")[1])
        counts = {}
        for l in got[:-1]:
            m = re.fullmatch(r"(\S+): (\d+)", l)
            if m:
                assert m.group(1) not in counts, "move %s listed twice by go perft" % m.group(1)
                counts[m.group(1)] = int(m.group(2))
            else:
                assert l == "", "unexpected line in go perft output: %r" % l
        return counts, total, got

    def legal_moves(self):
        counts, total, _ = self.perft_divide(1)
        assert total == len(counts), "perft 1 total %d != %d listed moves" % (total, len(counts))
        return set(counts)

    def search(self, go_line, timeout):
        """Sends a go command and reads to its bestmove; returns (bestmove line, all lines).

        Then waits until the engine accepts commands again (see wait_idle)."""
        self.send(go_line)
        got = self.read_until(lambda l: l.startswith("bestmove"), timeout, "bestmove after %r" % go_line)
        self.wait_idle()
        return got[-1], got

    # How often a command sent right after bestmove was refused with "a search is running"
    # (a known race in the engine, tested by go_right_after_bestmove).
    refused_after_bestmove = 0

    def wait_idle(self, timeout=None):
        """After a bestmove: probes with a no-op that is refused during a search (Move Overhead
        set to its default, which no test changes) until it is accepted. This keeps the engine's
        bestmove/idle race out of the tests that are about something else."""
        deadline = time.monotonic() + (timeout or T(5))
        while True:
            out = self.command("setoption name Move Overhead value 30")
            if not out:
                return
            assert all("a search is running" in l for l in out), "unexpected output %r" % out
            Engine.refused_after_bestmove += 1
            assert time.monotonic() < deadline, "the engine stays busy after bestmove"
            time.sleep(0.005)

    # --- ending --------------------------------------------------------------------------------

    def quit(self, timeout=None):
        """Sends quit and waits for the exit; returns (exit code, seconds taken)."""
        start = time.monotonic()
        try:
            self.send("quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            rc = self.proc.wait(timeout or T(5))
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("engine did not exit within %.1fs of quit" % (timeout or T(5)))
        return rc, time.monotonic() - start

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass

    def close(self):
        """Quits (or kills) the process and closes pipes; returns the exit code or None."""
        rc = None
        if self.proc.poll() is None:
            try:
                rc, _ = self.quit()
            except AssertionError:
                rc = None
        else:
            rc = self.proc.returncode
        self._err_thread.join(2)
        self._out_thread.join(2)
        for s in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                s.close()
            except Exception:
                pass
        return rc

    def tail(self, n=30):
        return "\n".join(self.transcript[-n:])


MOVE_RE = r"[a-s]\d{1,2}-[a-s]\d{1,2}(?:x[a-s]\d{1,2})*"

INFO_RE = re.compile(
    r"info depth (?P<depth>\d+) seldepth (?P<seldepth>\d+) multipv (?P<multipv>\d+)"
    r" score (?P<kind>cp|mate) (?P<score>-?\d+)(?P<bound> lowerbound| upperbound)?"
    r" nodes (?P<nodes>\d+) nps (?P<nps>\d+) hashfull (?P<hashfull>\d+)(?: tbhits (?P<tbhits>\d+))? time (?P<time>\d+)"
    r" pv(?P<pv>( \S+)+)"
)


def parse_info(line):
    """A search info line as a dict, or None if it does not have the exact expected form."""
    m = INFO_RE.fullmatch(line)
    if not m:
        return None
    d = m.groupdict()
    out = {k: int(d[k]) for k in ("depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time")}
    out["kind"] = d["kind"]
    out["bound"] = (d["bound"] or "").strip()
    out["pv"] = d["pv"].split()
    out["tbhits"] = int(d["tbhits"]) if d["tbhits"] is not None else None
    return out


def cli_perft(binary, depth, variant=None, rules=None, position=None, side=None, timeout=None):
    """`branan perft --divide`: ({move: count}, total)."""
    args = [binary, "perft", "--depth", str(depth), "--divide"]
    if variant:
        args += ["--variant", variant]
    if rules:
        args += ["--rules", rules]
    if position:
        args += ["--position", position]
    if side:
        args += ["--side", side]
    res = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout or T(60))
    out = res.stdout.decode("utf-8", errors="replace")
    assert res.returncode == 0, "%r exited %d: %s" % (args, res.returncode, res.stderr[-2000:])
    counts, total = {}, None
    for l in out.splitlines():
        m = re.fullmatch(r"(%s): (\d+)" % MOVE_RE, l)
        if m:
            counts[m.group(1)] = int(m.group(2))
        m = re.fullmatch(r"Nodes searched: (\d+)", l)
        if m:
            total = int(m.group(1))
    assert total is not None, "no 'Nodes searched' from %r: %r" % (args, out[-500:])
    return counts, total
