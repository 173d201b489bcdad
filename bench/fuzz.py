"""Fuzzing `judge verify` at a large budget: mutated logs, every one must get a located verdict.

The same inputs and contract as tests/test_fuzz.py (tests/fuzzing.py), many more of
them: structure-aware mutations of the shipped logs written as YAML, JSON or JSON
Lines, and byte-level mutations of their files.  Each input is written to a file and
given to ``judge.replay.verify_path``, which must return a verdict and raise
nothing; a ``malformed`` verdict must name the file and, unless the file is
empty, a line.  Prints the inputs run, the verdicts by kind, the tracebacks and
unlocated verdicts found (both must be 0), the slowest input, and inputs per
second.  The input of each failure is saved in ``--save`` with its traceback.

    PYTHONPATH=. python3 bench/fuzz.py --examples 5000 --seed 1 [--kind structure|bytes|both]

Runs are reproducible: the same seed and budget give the same inputs.
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from tests import fuzzing

SHOWN = 3
"""How many failures are printed in full (all are saved)."""


class Tally:
    """What the run found, input by input."""

    def __init__(self, save: Path) -> None:
        self.save = save
        self.inputs = 0
        self.kinds: collections.Counter[str] = collections.Counter()
        self.by_encoding: collections.Counter[str] = collections.Counter()
        self.crashes: list[tuple[Path, str]] = []
        self.unlocated: list[tuple[Path, str]] = []
        self.other: list[tuple[Path, str]] = []
        self.slowest = (0.0, "")

    def keep(self, case: fuzzing.FuzzInput, problems: list[str]) -> Path:
        """Save a failing input and what went wrong, for a test to reproduce it."""
        self.save.mkdir(parents=True, exist_ok=True)
        number = len(self.crashes) + len(self.unlocated) + len(self.other)
        path = fuzzing.write_input(self.save, case, f"failure-{number:03d}")
        path.with_suffix(path.suffix + ".txt").write_text(f"{case.how}\n\n" + "\n".join(problems), encoding="utf-8")
        return path

    def record(self, case: fuzzing.FuzzInput, path: Path, outcome: fuzzing.Outcome) -> None:
        self.inputs += 1
        kind = outcome.verdict.kind.value if outcome.verdict is not None else "raised"
        self.kinds[kind] += 1
        self.by_encoding[f"{case.suffix} {kind}"] += 1
        if outcome.seconds > self.slowest[0]:
            self.slowest = (outcome.seconds, case.how)
        problems = fuzzing.contract_problems(outcome, path, case.content)
        if not problems:
            return
        saved = self.keep(case, problems)
        if outcome.crash is not None:
            self.crashes.append((saved, outcome.crash))
        elif fuzzing.unlocated(outcome, case.content):
            self.unlocated.append((saved, "\n".join(problems)))
        else:
            self.other.append((saved, "\n".join(problems)))


def strategy(kind: str) -> st.SearchStrategy[fuzzing.FuzzInput]:
    if kind == "structure":
        return fuzzing.structured_inputs()
    if kind == "bytes":
        return fuzzing.byte_inputs()
    return fuzzing.any_inputs()


def fuzz(examples: int, seed_value: int, kind: str, folder: Path, tally: Tally, timeout: float) -> None:
    """Run ``examples`` inputs through the contract, recording each in ``tally``; nothing is raised on a finding."""

    @seed(seed_value)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy(kind))
    def target(case: fuzzing.FuzzInput) -> None:
        path = fuzzing.write_input(folder, case)
        tally.record(case, path, fuzzing.run(path, timeout))

    target()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000, help="how many inputs to run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kind", choices=("structure", "bytes", "both"), default="both")
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds one input may take before it is a hang")
    parser.add_argument("--save", type=Path, default=Path("fuzz-failures"), help="where failing inputs are saved")
    arguments = parser.parse_args()
    tally = Tally(arguments.save)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="judge-fuzz-") as temporary:
        fuzz(arguments.examples, arguments.seed, arguments.kind, Path(temporary), tally, arguments.timeout)
    elapsed = time.perf_counter() - started
    print(f"inputs run: {tally.inputs} ({arguments.kind}, seed {arguments.seed})")
    print("verdicts:   " + ", ".join(f"{kind} {count}" for kind, count in sorted(tally.kinds.items())))
    for key, count in sorted(tally.by_encoding.items()):
        print(f"            {key:22} {count:6}")
    print(f"tracebacks: {len(tally.crashes)}")
    print(f"malformed without a line: {len(tally.unlocated)}")
    print(f"other contract problems:  {len(tally.other)}")
    print(f"slowest input: {tally.slowest[0]:.3f} s ({tally.slowest[1][:120]})")
    print(f"time: {elapsed:.1f} s, {tally.inputs / elapsed:.1f} inputs per second")
    failures = [*tally.crashes, *tally.unlocated, *tally.other]
    for saved, problem in failures[:SHOWN]:
        print(f"\n--- {saved} ---\n{problem.rstrip()[-3000:]}")
    if failures:
        print(f"\n{len(failures)} failing input(s) saved in {arguments.save}/")
        sys.exit(1)


if __name__ == "__main__":
    main()
