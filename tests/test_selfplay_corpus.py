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
    """ws:4.12.2.8, ws:9.2.2: a treasure trigger that empties the deck puts the refresh entry between the
    trigger entry and its `pool: true`, which must still answer the trigger's choice."""
    for seed in range(60, 100):
        document = play_game(seed)
        actions = document["actions"]
        if any(
            entry["do"] == "trigger" and entry.get("pool") and actions[i + 1]["do"] == "refresh"
            for i, entry in enumerate(actions[:-1])
        ):
            break
    else:
        pytest.fail("no self-played game in seeds 60-99 has a refresh right after a pool trigger")
    verdict = verify_log(parse_log(json.dumps(document), f"seed-{seed}.json", "json"))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations[:3]]
