"""Speed of the rules index: cold parse, warm load, and `judge rules show` end to end.

Targets: the whole index (five documents) loads in under 100 ms warm, and
`judge rules show` runs well under half a second end to end.  Prints numbers
and their ratio to the target; run with `python3 bench/bench_rules.py`.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

WARM_LOAD_TARGET = 0.100
SHOW_TARGET = 0.500


def median_seconds(action, repeat: int) -> float:  # type: ignore[no-untyped-def]
    timings = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    os.environ["JUDGE_CACHE_DIR"] = tempfile.mkdtemp(prefix="judge-bench-cache-")
    from rules_index.cache import load_index
    from rules_index.index import build_index

    clauses = len(build_index())
    cold = median_seconds(build_index, 5)
    load_index()  # fill the cache
    warm = median_seconds(load_index, 20)
    show = median_seconds(
        lambda: subprocess.run(
            [sys.executable, "-m", "judge", "rules", "show", "ws:4.10.1.2"], check=True, capture_output=True
        ),
        10,
    )
    search_index = load_index()
    search_index.search("warm up")
    search = median_seconds(lambda: search_index.search("damage cancel"), 50)

    print(f"clauses indexed:                {clauses}")
    print(f"parse all five documents (cold): {cold * 1000:8.1f} ms")
    print(
        f"load index from cache (warm):    {warm * 1000:8.1f} ms   target {WARM_LOAD_TARGET * 1000:.0f} ms"
        f"   ratio {warm / WARM_LOAD_TARGET:.2f}"
    )
    print(f"cold parse / warm load:          {cold / warm:8.1f} x")
    print(
        f"`judge rules show` end to end:   {show * 1000:8.1f} ms   target {SHOW_TARGET * 1000:.0f} ms"
        f"   ratio {show / SHOW_TARGET:.2f}"
    )
    print(f"search 'damage cancel' (built):  {search * 1000:8.2f} ms")


if __name__ == "__main__":
    main()
