"""A corpus of self-played games replays as legal: the engine checked against itself.

Each game is a few hundred entries with every forced event written out, so the
replay re-derives every reveal, refresh and level up the game went through.
"""

from __future__ import annotations

import json

import pytest

from judge.logfile import parse_log
from judge.replay import verify_log
from judge.selfplay import play_game
from judge.verdict import VerdictKind

CORPUS = range(40)


@pytest.mark.parametrize("seed", CORPUS)
def test_self_played_game_replays_as_legal(seed: int) -> None:
    document = play_game(seed)
    verdict = verify_log(parse_log(json.dumps(document), f"seed-{seed}.json", "json"))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations[:3]]
    assert verdict.winner == document["result"].get("winner")


def test_a_refresh_between_a_trigger_and_its_pool_choice() -> None:
    """ws:4.12.2.8, ws:9.2.2: seed 50's treasure trigger empties the deck; the refresh entry comes
    between the trigger entry and its `pool: true`, which must still answer the trigger's choice."""
    document = play_game(50)
    actions = document["actions"]
    trigger = next(
        i
        for i, entry in enumerate(actions)
        if entry["do"] == "trigger" and entry.get("pool") and actions[i + 1]["do"] == "refresh"
    )
    assert actions[trigger + 1]["p"] == actions[trigger]["p"]
    verdict = verify_log(parse_log(json.dumps(document), "seed-50.json", "json"))
    assert verdict.kind is VerdictKind.LEGAL
