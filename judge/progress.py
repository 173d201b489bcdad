"""A line on the terminal saying how far the reading and the replay of one large log have got.

A log of a few thousand entries is judged in well under a second, but one of a million takes
long enough to look stuck.  ``judge verify`` of a single file, with standard error a terminal,
shows the stage, the part done and the time so far, once the log has taken more than
``DELAY`` seconds (a small log never shows it), rewritten in place a few times a second and
cleared when the verdict is printed.  With standard error not a terminal (a script, a pipe,
``--json`` output collected), nothing is written: the output is the same byte for byte.

:func:`enable` turns it on for the process (``judge.batch_cli`` does, for a batch of one file);
:func:`for_log` then gives a :class:`Progress`, which the loader and the replay report to.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from judge.logfile import LogEntry

__all__ = ["DELAY", "Progress", "enable", "enabled", "for_log"]

DELAY = 3.0
"""Seconds a log is read and replayed before its progress line is shown."""
INTERVAL = 0.25
"""Seconds between two drawings of the line."""

_stream: TextIO | None = None


def enable(stream: TextIO | None) -> None:
    """Show the progress of each log on ``stream`` (a terminal), or on nothing (None)."""
    global _stream
    _stream = stream


def enabled() -> bool:
    return _stream is not None


@contextmanager
def for_log(name: str) -> Iterator[Progress | None]:
    """The progress of log ``name`` while the block reads and replays it, cleared at its end; None when progress
    is not shown."""
    if _stream is None:
        yield None
        return
    shown = Progress(name, _stream)
    try:
        yield shown
    finally:
        shown.close()


class Progress:
    """The progress line of one log: its stage (``reading``, ``replaying``), how much of it is done, and the time.

    ``update`` is cheap (a clock reading): callers report every few thousand entries.  The line appears once
    ``delay`` seconds have passed since the progress began, and is drawn again at most every ``interval`` seconds;
    ``close`` erases it, so that what follows starts on a clean line.
    """

    def __init__(
        self,
        name: str,
        stream: TextIO,
        delay: float | None = None,
        interval: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self.stream = stream
        self.delay = DELAY if delay is None else delay
        self.interval = INTERVAL if interval is None else interval
        self.clock = clock
        self.started = clock()
        self.drawn_at: float | None = None
        self.width = 0
        """The length of the line drawn last (0: none is shown)."""

    def update(self, stage: str, done: int, total: int, unit: str) -> None:
        """Report ``done`` of ``total`` ``unit`` in ``stage``: "reading" 12,000,000 of 50,000,000 "bytes"."""
        now = self.clock()
        if now - self.started < self.delay:
            return
        if self.drawn_at is not None and now - self.drawn_at < self.interval:
            return
        self.drawn_at = now
        self.draw(self.line(stage, done, total, unit, now - self.started))

    def replaying(self, entries: int) -> Callable[[LogEntry], None]:
        """What the replay of a log of ``entries`` entries tells of each entry it takes (``verify_log(taken=)``)."""
        return lambda entry: self.update("replaying", entry.index + 1, entries, "entry")

    def line(self, stage: str, done: int, total: int, unit: str, seconds: float) -> str:
        share = f" ({100 * done // total}%)" if total > 0 else ""
        if unit == "bytes":
            amount = f"{done / 1e6:,.1f} of {total / 1e6:,.1f} MB"
        else:
            amount = f"{unit} {done:,} of {total:,}"
        return f"{self.name}: {stage}: {amount}{share}, {seconds:.0f} s"

    def draw(self, text: str) -> None:
        padding = " " * max(0, self.width - len(text))  # over what is left of a longer line
        self.stream.write(f"\r{text}{padding}")
        self.stream.flush()
        self.width = len(text) + len(padding)

    def close(self) -> None:
        """Erase the line, if one is shown."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
