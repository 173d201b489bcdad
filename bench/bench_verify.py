"""Speed of `judge verify` on a corpus of self-played games, JSON Lines and YAML.

Prints entries per second and games per second for verifying, beside the time
to only parse the same files (our loader, and the bare C YAML loader / json).
Verifying is timed as ``judge verify`` does it: each verdict without its trace.
Replaying with the trace kept (``judge replay``, the stepper) is printed beside it.
Our loader and the replay pause the cyclic garbage collector (judge.collector);
the bare parse is timed as a program would call it, and again with it paused.
Targets: at least 100,000 entries per second on one core for JSON Lines, and
YAML verification within 1.25x of the C YAML loader's parse time alone.
With ``--game vg`` (any registered game), that game's self-played corpus is
measured beside the Weiss Schwarz one in the same run, and the two speeds compared.

    python3 bench/bench_verify.py [--games N] [--game KEY]

It measures the installed package: the sources after ``pip install .`` or ``-e .``, the
compiled modules after ``JUDGE_COMPILE=1 pip install .`` (see setup.py).  It says which.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import yaml

import engine.games.ws.game
from judge import collector
from judge.logfile import load_log
from judge.replay import verify_log
from judge.selfplay import play_game, write_log

T = TypeVar("T")
JSONL_TARGET = 100_000
YAML_RATIO_TARGET = 1.25


REPEATS = 5
"""Each timing is the best of this many runs: the least disturbed by whatever else the machine does."""


def timed(action: Callable[[], T]) -> tuple[float, T]:
    """The best time of ``action`` over REPEATS runs, and what it returned."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result


def measure(documents: list[dict], folder: Path, suffix: str) -> float:  # type: ignore[type-arg]
    """Write the corpus in one encoding, then time bare parsing, loading and replaying it; the entries per second
    verified."""
    entries = sum(len(document["actions"]) for document in documents)
    paths = []
    for index, document in enumerate(documents):
        path = folder / f"game-{index}.{suffix}"
        write_log(document, path)
        paths.append(path)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if suffix == "yaml":

        def bare_parse() -> list[object]:
            return [yaml.load(p.read_text(encoding="utf-8"), Loader=loader) for p in paths]
    else:

        def bare_parse() -> list[object]:
            return [[json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()] for p in paths]

    bare, _ = timed(bare_parse)
    with collector.paused():  # as our loader parses: shows how much of the difference is the collector
        bare_paused, _ = timed(bare_parse)
    parse, logs = timed(lambda: [load_log(p) for p in paths])
    replay, verdicts = timed(lambda: [verify_log(log, trace=False) for log in logs])  # as `judge verify` does
    replay_traced, _ = timed(lambda: [verify_log(log) for log in logs])
    total = parse + replay
    kinds = {verdict.kind.value for verdict in verdicts}
    print(f"\n{suffix}: verdicts {sorted(kinds)}")
    print(f"  bare parse ({'C YAML loader' if suffix == 'yaml' else 'json.loads'}): {bare:7.3f} s")
    print(f"  bare parse, garbage collector paused:  {bare_paused:7.3f} s")
    print(f"  our loader (parse + locations + shape): {parse:7.3f} s")
    print(f"  replay only:                           {replay:7.3f} s   {entries / replay:10,.0f} entries/s")
    print(
        f"  replay keeping each trace:             {replay_traced:7.3f} s   {entries / replay_traced:10,.0f} entries/s"
        "   (as `judge replay`; not part of verify)"
    )
    print(
        f"  verify (load + replay):                {total:7.3f} s   {entries / total:10,.0f} entries/s"
        f"   {len(paths) / total:8.1f} games/s"
    )
    if suffix == "jsonl":
        print(f"  target {JSONL_TARGET:,} entries/s: ratio {entries / total / JSONL_TARGET:.2f}")
    else:
        print(f"  our loader / bare C YAML parse: {parse / bare:.2f}x (target {YAML_RATIO_TARGET}x, loading alone)")
        print(
            f"  verify / bare C YAML parse:     {total / bare:.2f}x (target {YAML_RATIO_TARGET}x, whole verification)"
        )
    return entries / total


def build_name() -> str:
    """Which build is measured: the Python sources, or the modules compiled by setup.py."""
    return "Python sources" if engine.games.ws.game.__file__.endswith(".py") else "compiled (mypyc)"


def measure_game(game: str, count: int) -> dict[str, float]:
    """Time one game's self-played corpus in both encodings; entries per second verified, by encoding."""
    folder = Path(tempfile.mkdtemp(prefix=f"judge-bench-{game}-"))
    documents = [play_game(seed, game) for seed in range(count)]
    entries = sum(len(document["actions"]) for document in documents)
    print(
        f"\n== {game}: {len(documents)} self-played games, {entries} entries ({entries / len(documents):.0f} per game)"
    )
    return {suffix: measure(documents, folder, suffix) for suffix in ("jsonl", "yaml")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", default="ws", help="a registered game's key; another than ws is measured beside ws")
    arguments = parser.parse_args()
    print(f"build: {build_name()} ({engine.games.ws.game.__file__})")
    keys = ["ws"] if arguments.game == "ws" else ["ws", arguments.game]
    speeds = {key: measure_game(key, arguments.games) for key in keys}
    if len(keys) == 2:
        other = keys[1]
        print(f"\n{other} beside ws, entries verified per second:")
        for suffix in ("jsonl", "yaml"):
            print(
                f"  {suffix:5}  ws {speeds['ws'][suffix]:10,.0f}   {other} {speeds[other][suffix]:10,.0f}"
                f"   ratio {speeds[other][suffix] / speeds['ws'][suffix]:.2f}"
            )


if __name__ == "__main__":
    main()
