"""One mistake, one violation: how exactly, and at what cost, the replay finds single and double mistakes.

For each self-played legal game, ``tests/mutants.py`` tells one lie of each kind
the mutation tests have (a card missing from a draw, a play above the level, a
level up left out, an attack from the back stage ...).  Prints, over all of them:

* the share of logs with exactly one violation, at the lie, citing its clause
  (target: at least 95%), by kind, and the distribution of violations per log;
* the same for two independent lies in one log (two kinds, far apart): exactly
  two violations, one at each;
* what the look-ahead costs: for each lying log, its verification time over the
  time of the same game's legal log (target: at most 3), as median, 95th
  percentile and maximum, and over all logs together.

    python3 bench/bench_resync.py [--seeds N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests.mutants, from a checkout

from judge.logfile import GameLog, parse_log
from judge.replay import verify_log
from judge.selfplay import play_game
from tests.mutants import KINDS, check, double_mutants, mutants


def timed(log: GameLog, rounds: int = 3) -> float:
    """The best of ``rounds`` verifications of ``log``, in seconds (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        verify_log(log, trace=False)
        best = min(best, time.perf_counter() - start)
    return best


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=40, help="Self-played games to tell lies in.")
    arguments = parser.parse_args()
    seeds = range(arguments.seeds)

    legal_time = {seed: timed(parse_log(json.dumps(play_game(seed)), "legal.json", "json")) for seed in seeds}
    exact: Counter[str] = Counter()
    made: Counter[str] = Counter()
    counts: Counter[int] = Counter()
    ratios: list[float] = []
    lying_total = legal_total = 0.0
    for mutant in mutants(seeds):
        outcome = check(mutant)
        made[mutant.kind] += 1
        exact[mutant.kind] += outcome.exact
        counts[len(outcome.verdict.violations)] += 1
        seconds = timed(parse_log(json.dumps(mutant.document), "lie.json", "json"))
        ratios.append(seconds / legal_time[mutant.seed])
        lying_total += seconds
        legal_total += legal_time[mutant.seed]

    total = sum(made.values())
    print(f"{len(seeds)} self-played games, {total} logs with one lie")
    print(
        f"exactly one violation, at the lie, with its clause: {sum(exact.values())}/{total} "
        f"({100 * sum(exact.values()) / total:.1f}%)   target: 95%"
    )
    for kind in KINDS:
        if made[kind]:
            print(f"  {kind:<26} {exact[kind]:4}/{made[kind]:<4}")
    print("violations per log: " + ", ".join(f"{n}: {counts[n]}" for n in sorted(counts)))

    pairs = [check(mutant) for mutant in double_mutants(seeds)]
    both = sum(outcome.exact for outcome in pairs)
    pair_counts = Counter(len(outcome.verdict.violations) for outcome in pairs)
    if pairs:
        print(f"\n{len(pairs)} logs with two independent lies")
        print(f"exactly two violations, one at each lie: {both}/{len(pairs)} ({100 * both / len(pairs):.1f}%)")
        print("violations per log: " + ", ".join(f"{n}: {pair_counts[n]}" for n in sorted(pair_counts)))

    print("\nverification time of a lying log over its legal game's   target: at most 3")
    print(
        f"  median {statistics.median(ratios):.2f}   95th percentile {percentile(ratios, 0.95):.2f}   "
        f"maximum {max(ratios):.2f}   all logs together {lying_total / legal_total:.2f}"
    )
    print(f"  legal games: {1000 * statistics.mean(legal_time.values()):.1f} ms per game")


if __name__ == "__main__":
    main()
