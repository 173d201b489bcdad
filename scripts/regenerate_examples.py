"""Regenerate the bundled example game and the golden annotated traces.

The example game is self-play with a fixed seed; the golden traces are
`judge replay` of small logs.  Run after a change to the engine or the trace
format, then review the diff: the files are never edited by hand.

    python3 scripts/regenerate_examples.py
"""

from __future__ import annotations

from pathlib import Path

from judge.logfile import load_log
from judge.replay import Replay
from judge.report import trace_text, verdict_text
from judge.selfplay import play_game, write_log
from judge.ws_log import game_of

REPO = Path(__file__).resolve().parents[1]
EXAMPLE_SEED = 11
GOLDEN_LOGS = REPO / "tests" / "golden"


def golden_trace(path: Path) -> str:
    log = load_log(path)
    replay = Replay(log, game_of(log))
    replay.run()
    return (
        trace_text(replay.verdict().records, log)
        + "\n\n"
        + verdict_text(replay.verdict()).replace(str(path), path.name)
        + "\n"
    )


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
