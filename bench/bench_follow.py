"""Latency of `judge verify --follow`: how long after an entry's line arrives its line is printed.

Each game's self-played corpus (and its bundled example) is followed in this process, one JSON Lines row at a
time, pinned to one core: the time from the follower receiving a row to its printing the row's line (its outcome,
or ``pending``) is that entry's latency.  Printed per game: the median and the 99th percentile, the worst, the
latency in the first and the last quarter of the games' entries (a follower that replayed from the start on each
entry would grow with the position), the share of entries first reported pending and how many rows later their
outcome came, and the whole run against `judge verify` of the same files.  Target: under 1 ms at the 99th
percentile for ws.

    python3 bench/bench_follow.py [--games N] [--game KEY ...]

It measures the installed package (the Python sources, or the modules compiled by setup.py).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import yaml

from judge.follow import Feed, Follower
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.selfplay import play_game

TARGET_P99_MS = 1.0
EXAMPLES = Path(__file__).resolve().parent.parent / "judge" / "examples"


class Rows(io.RawIOBase):
    """A log's rows handed to the follower one ``readline`` at a time, each one's hand-over time noted."""

    def __init__(self, rows: list[str]) -> None:
        super().__init__()
        self.rows = [(row + "\n").encode() for row in rows]
        self.next = 0
        self.given: list[float] = []

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> bytes:  # whole rows only
        if self.next == len(self.rows):
            return b""
        row = self.rows[self.next]
        self.next += 1
        self.given.append(time.perf_counter())
        return row


class Printed(io.StringIO):
    """The follower's output, each line's time noted as it is written."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def write(self, text: str) -> int:
        self.times.append(time.perf_counter())
        return super().write(text)


def followed(rows: list[str]) -> dict[str, Any]:
    """Follow one log; each entry's latency (seconds) and what was pending."""
    source, out = Rows(rows), Printed()
    started = time.perf_counter()
    Follower(Feed("game.jsonl", 1.0, stream=source), as_json=True, out=out).run()  # type: ignore[arg-type]
    whole = time.perf_counter() - started
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    first: dict[int, float] = {}
    settled_at: dict[int, int] = {}
    rows_given = source.given
    for line, at in zip(lines, out.times, strict=True):
        entry = line.get("entry")
        if entry is None:
            continue
        first.setdefault(entry, at)
        if line["status"] != "pending":
            settled_at[entry] = sum(1 for given in rows_given if given <= at) - 2  # the last entry read by then
    latencies = [first[entry] - rows_given[entry + 1] for entry in sorted(first)]
    pending = [entry for entry in sorted(first) if settled_at.get(entry, entry) > entry]
    waits = [settled_at[entry] - entry for entry in pending if entry in settled_at]
    return {"latencies": latencies, "pending": len(pending), "waits": waits, "whole": whole}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def as_rows(document: dict[str, Any]) -> list[str]:
    header = {key: value for key, value in document.items() if key != "actions"}
    return [json.dumps(header, default=str)] + [json.dumps(entry) for entry in document["actions"]]


def measure(game: str, count: int) -> float:
    documents = [play_game(seed, game) for seed in range(count)]
    documents.append(yaml.safe_load((EXAMPLES / f"{game}-game.yaml").read_text(encoding="utf-8")))
    latencies: list[float] = []
    early: list[float] = []
    late: list[float] = []
    pending = 0
    waits: list[int] = []
    following = batch = 0.0
    entries = 0
    for document in documents:
        rows = as_rows(document)
        result = followed(rows)
        these = result["latencies"]
        latencies.extend(these)
        quarter = max(1, len(these) // 4)
        early.extend(these[:quarter])
        late.extend(these[-quarter:])
        pending += result["pending"]
        waits.extend(result["waits"])
        following += result["whole"]
        entries += len(these)
        started = time.perf_counter()
        verify_log(parse_log("\n".join(rows) + "\n", "game.jsonl", "jsonl"), trace=False)
        batch += time.perf_counter() - started
    ms = 1000.0
    median, p99 = statistics.median(latencies) * ms, percentile(latencies, 0.99) * ms
    print(f"\n== {game}: {len(documents)} games ({count} self-played and the example), {entries} entries")
    print(f"  latency per entry, median:         {median:8.3f} ms")
    print(f"  latency per entry, 99th percentile:{p99:8.3f} ms")
    print(f"  latency per entry, worst:          {max(latencies) * ms:8.3f} ms")
    print(
        f"  median in the first quarter of each game {statistics.median(early) * ms:.3f} ms, in the last "
        f"{statistics.median(late) * ms:.3f} ms: ratio {statistics.median(late) / statistics.median(early):.2f}"
    )
    print(f"  first reported pending: {pending} entries ({pending / max(entries, 1):.1%})", end="")
    print(f", settled a median {statistics.median(waits):.0f} rows later" if waits else "")
    print(
        f"  whole run followed {following:.3f} s, `judge verify` of the same files {batch:.3f} s: "
        f"ratio {following / batch:.2f}"
    )
    if game == "ws":
        print(f"  target {TARGET_P99_MS} ms at the 99th percentile: ratio {p99 / TARGET_P99_MS:.2f}")
    return p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="self-played games per game")
    parser.add_argument("--game", action="append", help="a registered game's key (repeat); default ws, vg and wl")
    arguments = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        core = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {core})
        print(f"pinned to core {core}")
    for game in arguments.game or ["ws", "vg", "wl"]:
        measure(game, arguments.games)


if __name__ == "__main__":
    main()
