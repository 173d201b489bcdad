"""Violations per genuine departure: the judge against the importer's referee, on games weiss-sim played.

Each game is imported as ``judge import weiss-sim`` does (seeded, the ``mix``
policy, departures allowed: the games a realistic user would bring), verified,
and compared with what the referee found in it.  Prints per game the violations
the judge reported, the departures the referee found and their ratio, and the
judge's first violation (entry, clauses) against the referee's first departure;
then the totals and the overall ratio.  The target is 0.7 to 1.5 violations per
genuine departure: one mistake, one violation, and none missed.  Numbers only; no
timing is measured.

    python3 bench/bench_weiss_sim.py [--games 40] [--seed 1000] [--policy mix] [--avoid KIND,...]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's judge, from a checkout

from judge.importers.weiss_sim import SimulatorMissing, simulator_version
from judge.importers.weiss_sim.departures import AVOIDABLE, Departure
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Violation

TARGET = (0.7, 1.5)


def first_violation(violations: list[Violation]) -> Violation | None:
    """The violation of the earliest entry (one of the header, entry None, last)."""
    if not violations:
        return None
    return min(violations, key=lambda violation: (violation.entry is None, violation.entry or 0))


def agreement(violation: Violation | None, departure: Departure | None) -> str:
    """How the judge's first violation meets the referee's first departure."""
    if violation is None and departure is None:
        return "both clean"
    if violation is None:
        return "judge silent"
    if departure is None:
        return "referee silent"
    if violation.entry != departure.entry:
        return "other entry"
    return "same" if set(violation.clauses) & set(departure.clauses) else "other clause"


def ratio(violations: int, departures: int) -> str:
    return f"{violations / departures:.2f}" if departures else ("-" if not violations else "inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1000, help="Seed of the first game; game i uses seed+i.")
    parser.add_argument("--policy", choices=["random", "heuristic", "mix"], default="mix")
    parser.add_argument("--avoid", default="", help="Departure kinds the policy avoids, comma-separated, or 'all'.")
    arguments = parser.parse_args()
    try:
        simulator_version()
    except SimulatorMissing as error:
        sys.exit(str(error))
    from judge.importers.weiss_sim.importer import import_game
    from judge.importers.weiss_sim.play import Policy

    names = [name for name in arguments.avoid.split(",") if name]
    avoid = set(AVOIDABLE) if names == ["all"] else {kind for kind in AVOIDABLE if kind.value in names}

    print(
        f"{'seed':>6} {'entries':>7} {'violations':>10} {'departures':>10} {'ratio':>6}  first violation / first departure"
    )
    total_violations = total_departures = 0
    outcomes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(arguments.seed, arguments.seed + arguments.games):
        game = import_game(seed, Policy(arguments.policy), avoid)
        verdict = verify_log(parse_log(json.dumps(game.document), f"weiss-sim-{seed}.json", "json"), trace=False)
        violations, departures = len(verdict.violations), len(game.departures)
        total_violations += violations
        total_departures += departures
        kinds.update(departure.kind.value for departure in game.departures)
        violation = first_violation(verdict.violations)
        departure = game.departures[0] if game.departures else None
        outcome = agreement(violation, departure)
        outcomes[outcome] += 1
        judged = "-" if violation is None else f"{violation.entry} {','.join(violation.clauses)}"
        refereed = (
            "-" if departure is None else f"{departure.entry} {','.join(departure.clauses)} ({departure.kind.value})"
        )
        print(
            f"{seed:>6} {game.entries:>7} {violations:>10} {departures:>10} {ratio(violations, departures):>6}  "
            f"{judged} / {refereed}: {outcome}"
        )
    print()
    print(f"games: {arguments.games}   violations: {total_violations}   departures: {total_departures}")
    print(f"violations per departure: {ratio(total_violations, total_departures)} (target {TARGET[0]} to {TARGET[1]})")
    print("first violation against first departure: " + ", ".join(f"{name} {n}" for name, n in outcomes.most_common()))
    print("departures by kind: " + ", ".join(f"{name} {n}" for name, n in kinds.most_common()))


if __name__ == "__main__":
    main()
