"""A hang guard for tests and fuzzing runs: code that never returns becomes a failure instead of a stuck run.

A guard, not a speed target: its limit is far above any honest run (speed is measured in bench/).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


class RunawayError(Exception):
    """Raised by ``time_limit`` in the middle of a run that takes too long."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the code inside after ``seconds``: a hang becomes a reported failure, not a stuck run.

    Uses the process's real-time alarm (SIGALRM), so it works in the main thread only; where the platform
    has no such timer the code runs unguarded.
    """

    def interrupt(signum: int, frame: object) -> None:
        raise RunawayError(f"still running after {seconds} s")

    if not hasattr(signal, "setitimer"):
        yield
        return
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
