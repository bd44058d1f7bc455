# SPDX-License-Identifier: GPL-3.0-or-later
"""Raw UCI over an engine's stdin/stdout, for the scripts that time the protocol themselves.

Owns the one engine process of a script that does not go through python-chess (``stress.py``,
``latency.py``, ``smp.py``; ``make_openings.py`` and the smoke tests for :func:`speaks_uci`):
starting it, writing commands, reading lines until one that starts with a prefix or until a
deadline, the ``uci``/``setoption``/``isready`` handshake, and ``quit`` or kill.  A reader thread
stamps every output line with ``time.monotonic()`` as it arrives, so an answer's time does not
depend on when the caller gets round to reading it.  Standard library only.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from typing import List, Optional, Sequence, Tuple

#: uciok / readyok (a large Hash is allocated and cleared)
SYNC_TIMEOUT = 60.0

Line = Tuple[float, str]  #: arrival time (time.monotonic()) and text without the newline


class Dead(Exception):
    """The engine exited or closed its output."""


class Hung(Exception):
    """No expected answer before the deadline."""


class Engine:
    """One engine process.  Deadlines are ``time.monotonic()`` values; None waits for ever."""

    def __init__(self, cmd: Sequence[str], stderr: Optional[int] = None):
        """Start ``cmd``; ``stderr`` as for :class:`subprocess.Popen` (None: ours)."""
        self.p = subprocess.Popen(list(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                  text=True, bufsize=1)
        self.lines: "queue.Queue[Tuple[float, Optional[str]]]" = queue.Queue()
        self.dead = False
        self.reader = threading.Thread(target=self._reader, daemon=True)
        self.reader.start()

    def _reader(self) -> None:
        assert self.p.stdout
        for line in self.p.stdout:
            self.lines.put((time.monotonic(), line.strip()))
        self.lines.put((time.monotonic(), None))

    def send(self, line: str) -> float:
        """Write one command; the time just before it was written (an answer is never earlier)."""
        if self.dead or self.p.poll() is not None:
            raise Dead("the engine has exited")
        sent = time.monotonic()
        try:
            assert self.p.stdin
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (OSError, ValueError) as err:
            raise Dead(f"{type(err).__name__} writing to the engine") from None
        return sent

    def read(self, deadline: Optional[float]) -> Optional[Line]:
        """The next line, or None when the deadline passes first."""
        if self.dead:
            raise Dead("the engine closed its output")
        try:
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            t, line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self.dead = True
            raise Dead("the engine closed its output")
        return t, line

    def passed(self, line: str) -> None:
        """Called with each line that :meth:`wait` or :meth:`drain` reads past; does nothing here."""

    def _line(self, prefix: str, deadline: Optional[float]) -> Line:
        got = self.read(deadline)
        if got is None:
            raise Hung(f"no {prefix} in time")
        return got

    def wait(self, prefix: str, deadline: Optional[float] = None) -> Line:
        """The first line that starts with ``prefix``; the lines before it go to :meth:`passed`."""
        while True:
            t, line = self._line(prefix, deadline)
            if line.startswith(prefix):
                return t, line
            self.passed(line)

    def lines_until(self, prefix: str, deadline: Optional[float] = None) -> List[str]:
        """Every line up to and including the first that starts with ``prefix``."""
        seen: List[str] = []
        while not seen or not seen[-1].startswith(prefix):
            seen.append(self._line(prefix, deadline)[1])
        return seen

    def drain(self) -> None:
        """Read what has arrived, without waiting; each line goes to :meth:`passed`."""
        while True:
            got = self.read(time.monotonic())
            if got is None:
                return
            self.passed(got[1])

    def sync(self, timeout: float = SYNC_TIMEOUT) -> None:
        """``isready`` and its ``readyok``."""
        self.send("isready")
        self.wait("readyok", time.monotonic() + timeout)

    def handshake(self, options: Sequence[Tuple[str, str]] = (), timeout: float = SYNC_TIMEOUT) -> None:
        """``uci`` and its ``uciok``, one ``setoption`` per (name, value), then :meth:`sync`."""
        self.send("uci")
        self.wait("uciok", time.monotonic() + timeout)
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.sync(timeout)

    def close(self, kill: bool = False) -> None:
        """``quit`` and two seconds to exit (none with ``kill``), then kill the process."""
        if not kill:
            try:
                self.send("quit")
                self.p.wait(timeout=2)
            except (Dead, subprocess.TimeoutExpired):
                pass
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()
        self.reader.join(timeout=1)
        for pipe in (self.p.stdin, self.p.stdout):
            try:
                if pipe:
                    pipe.close()
            except OSError:
                pass


def speaks_uci(cmd: Sequence[str], timeout: float = 10.0) -> bool:
    """True when ``cmd`` starts and answers ``uci`` with ``uciok`` within ``timeout`` seconds."""
    try:
        out = subprocess.run(list(cmd), input="uci\nquit\n", capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "uciok" in out.stdout
