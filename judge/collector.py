"""Pausing Python's cyclic garbage collector while a log is loaded and replayed.

Loading a log makes a great many containers (a YAML node tree, the entries) and a replay
makes its trace; neither makes garbage in reference cycles (the tests check it).  The
collector, started every few hundred new containers, would walk those growing structures
again and again and find nothing: about a third of the time to load a YAML log, and a
tenth of a replay's.  Reference counting still frees everything dropped while it is paused.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused"]


@contextmanager
def paused() -> Iterator[None]:
    """Run the block with the cyclic collector off, and turn it back on after, however the block ends.

    Nested or concurrent uses are harmless: only the use that turned the collector off turns it on.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
