"""Regenerate the bundled example game and the golden annotated traces.

The example game is self-play with a fixed seed; the golden traces are the
output of `judge replay` on the small logs in tests/golden.  Run after a change
to the engine or the trace format, then review the diff: these files are never
edited by hand.

    python3 scripts/regenerate_examples.py
"""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from judge.cli import main as judge_main
from judge.selfplay import play_game, write_log

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_SEED = 14
GOLDEN_LOGS = REPO / "tests" / "golden"


def golden_trace(path: Path) -> str:
    """`judge replay` of a golden log, run from the repository root as the test runs it."""
    os.chdir(REPO)
    return CliRunner().invoke(judge_main, ["replay", str(path.relative_to(REPO))]).output


def main() -> None:
    example = REPO / "judge" / "examples" / "ws-game.yaml"
    document = play_game(EXAMPLE_SEED)
    document["meta"] = {"event": "Example game", "generator": "judge selfplay", "seed": EXAMPLE_SEED}
    write_log(document, example)
    print(f"wrote {example.relative_to(REPO)} ({len(document['actions'])} entries)")
    for log in sorted(GOLDEN_LOGS.glob("*.yaml")):
        target = log.with_suffix(".trace.txt")
        target.write_text(golden_trace(log), encoding="utf-8")
        print(f"wrote {target.relative_to(REPO)}")


if __name__ == "__main__":
    main()
