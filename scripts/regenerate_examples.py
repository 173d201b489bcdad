"""Regenerate the bundled example games and the golden annotated traces.

Each example game is self-play with a fixed seed; the golden traces are the
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
EXAMPLE_SEEDS = {"ws": 14, "vg": 8, "wl": 157}
"""The seed of each game's example: ws 14 plays most of the Weiss Schwarz procedure; vg 8 has G assists,
strides, an intercept, a Seek Mate and its legion, a trigger of every icon, guards, and activated and automatic
abilities, one with its cost paid; wl 157 has a redraw, blocks, counters and [Counter] Events, a [Trigger], a
sixth Character, and [Activate: Main], auto (one with its cost paid) and permanent effects."""
GOLDEN_LOGS = REPO / "tests" / "golden"


def golden_trace(path: Path) -> str:
    """`judge replay` of a golden log, run from the repository root as the test runs it."""
    os.chdir(REPO)
    return CliRunner().invoke(judge_main, ["replay", str(path.relative_to(REPO))]).output


def main() -> None:
    for game, seed in EXAMPLE_SEEDS.items():
        example = REPO / "judge" / "examples" / f"{game}-game.yaml"
        document = play_game(seed, game)
        document["meta"] = {"event": "Example game", "generator": "judge selfplay", "seed": seed}
        write_log(document, example)
        print(f"wrote {example.relative_to(REPO)} ({len(document['actions'])} entries)")
    for log in sorted(GOLDEN_LOGS.glob("*.yaml")):
        target = log.with_suffix(".trace.txt")
        target.write_text(golden_trace(log), encoding="utf-8")
        print(f"wrote {target.relative_to(REPO)}")


if __name__ == "__main__":
    main()
