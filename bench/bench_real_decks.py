"""Speed of `judge verify` on games of real decks beside games of the bundled vanilla pool, in the same run.

Self-plays ``--games`` Weiss Schwarz games with the bundled cards and as many with two random decks of real cards
(drawn from the installed weiss-sim's catalog, the cards whose printed text the engine reads in full: ``judge
selfplay --decks random``), writes both corpora as JSON Lines, and times verifying each (best of several runs).
Prints entries per second for each and their ratio; the target of the catalog work is real-deck logs within 1.5x
of the vanilla ones per entry.  Every log must verify legal: a log that does not is printed and fails the run.

    python3 bench/bench_real_decks.py [--games 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's packages, run from anywhere

from judge import games
from judge.cards import weiss_sim
from judge.logfile import load_log
from judge.replay import verify_log
from judge.selfplay import write_log
from judge.verdict import VerdictKind

RATIO_TARGET = 1.5
REPEATS = 3
"""Each timing is the best of this many runs."""


def corpus_speed(documents: list[dict[str, Any]], folder: Path) -> tuple[int, float, list[str]]:
    """The entries of ``documents``, the best time to load and verify them all, and the logs not legal."""
    folder.mkdir()
    paths = []
    for index, document in enumerate(documents):
        path = folder / f"game-{index:03d}.jsonl"
        write_log(document, path)
        paths.append(path)
    entries = sum(len(document["actions"]) for document in documents)
    best, not_legal = float("inf"), []
    for _ in range(REPEATS):
        started = time.perf_counter()
        verdicts = [verify_log(load_log(path)) for path in paths]
        best = min(best, time.perf_counter() - started)
        not_legal = [
            f"{path.name}: {verdict.kind.value}"
            for path, verdict in zip(paths, verdicts)
            if verdict.kind is not VerdictKind.LEGAL
        ]
    return entries, best, not_legal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--games", type=int, default=20, help="Games of each kind.")
    parser.add_argument("--seed", type=int, default=0, help="Seed of the first game.")
    arguments = parser.parse_args()

    support = games.get("ws")
    catalog = {}
    for card in weiss_sim.read_cards():
        record = weiss_sim.catalog_record(card)
        catalog[str(record.pop("id"))] = record
    seeds = range(arguments.seed, arguments.seed + arguments.games)
    started = time.perf_counter()
    vanilla = [support.self_play(seed) for seed in seeds]
    real = [support.catalog_self_play(seed, catalog) for seed in seeds]
    print(f"self-played {2 * arguments.games} games in {time.perf_counter() - started:.1f} s")

    with tempfile.TemporaryDirectory() as folder:
        results = {
            name: corpus_speed(documents, Path(folder) / name)
            for name, documents in (("vanilla", vanilla), ("real decks", real))
        }
    speeds = {}
    failed = False
    for name, (entries, seconds, not_legal) in results.items():
        speeds[name] = entries / seconds
        print(f"  {name:>10}: {entries:,} entries in {seconds:.2f} s, {speeds[name]:,.0f} entries/s")
        for line in not_legal:
            print(f"    not legal: {line}")
            failed = True
    ratio = speeds["vanilla"] / speeds["real decks"]
    print(f"  time per entry, real decks / vanilla: {ratio:.2f}x   target: at most {RATIO_TARGET}x")
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
