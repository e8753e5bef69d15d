"""A progress bar on stderr for the long bench and fuzz commands.

On a terminal the bar is redrawn in place; in a log (not a terminal) one line is written
per tenth of the work, so a piped run still says how far it is. The time left is the time
so far scaled by the work left, the work being weighted as the caller says (op counts for
the benchmark, cases for the fuzzers).
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

_WIDTH = 30
_REDRAW_SECONDS = 0.2  # on a terminal, at most five redraws a second
_LOG_STEPS = 10        # in a log, a line per tenth of the work


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


class Progress:
    """`total` units of work; `advance(units, note)` as they are done, `finish()` at the end.
    Safe to advance from several threads."""

    def __init__(self, total: float, what: str, stream: TextIO | None = None):
        self.total = max(float(total), 1e-9)
        self.what = what
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0.0
        self.note = ""
        self.start = time.perf_counter()
        self._drawn_at = 0.0
        self._logged_step = 0
        self._lock = threading.Lock()
        self._terminal = self.stream.isatty()
        self._write_line(force=True)

    def advance(self, units: float = 1.0, note: str = "") -> None:
        with self._lock:
            self.done = min(self.total, self.done + units)
            self.note = note or self.note
            self._write_line()

    def clear(self) -> None:
        """Take the bar off a terminal's last line (before printing to stdout); the next
        advance draws it again."""
        with self._lock:
            if self._terminal:
                self.stream.write("\r\x1b[K")
                self.stream.flush()

    def say(self, message: str) -> None:
        """Write a line of its own above the bar."""
        with self._lock:
            self.stream.write(("\r\x1b[K" if self._terminal else "") + message + "\n")
            self._write_line(force=self._terminal)

    def finish(self, note: str = "done") -> None:
        with self._lock:
            self.done, self.note = self.total, note
            self._write_line(force=self._terminal or self._logged_step < _LOG_STEPS)
            if self._terminal:
                self.stream.write("\n")
                self.stream.flush()

    def line(self) -> str:
        """The bar as text: `what [#####-----]  40%  1m02s, ~1m33s left  note`."""
        fraction = self.done / self.total
        filled = int(fraction * _WIDTH)
        elapsed = time.perf_counter() - self.start
        left = f", ~{_duration(elapsed / fraction - elapsed)} left" if 0 < fraction < 1 else ""
        note = f"  {self.note}" if self.note else ""
        return (f"{self.what} [{'#' * filled}{'-' * (_WIDTH - filled)}] {fraction:4.0%}  "
                f"{_duration(elapsed)}{left}{note}")

    def _write_line(self, force: bool = False) -> None:
        now = time.perf_counter()
        if self._terminal:
            if force or now - self._drawn_at >= _REDRAW_SECONDS:
                self.stream.write("\r\x1b[K" + self.line())
                self.stream.flush()
                self._drawn_at = now
            return
        step = int(self.done / self.total * _LOG_STEPS)
        if force or step > self._logged_step:
            self._logged_step = step
            self.stream.write(self.line() + "\n")
            self.stream.flush()
