"""A corpus of self-played ENERGIO!! games replays as legal: the engine checked against itself.

Each game writes every draw, Life card, ENERGIO!! placement and damage with the
cards it moved, so the replay re-derives them and ends in the state the game
ended in.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from judge.games.wl import SUPPORT
from judge.games.wl.selfplay import play_game, self_played
from judge.logfile import parse_log
from judge.replay import Replay
from judge.verdict import VerdictKind

CORPUS = range(200)
CHUNK = 25


@pytest.mark.parametrize("first", range(CORPUS.start, CORPUS.stop, CHUNK))
def test_self_played_energio_games_replay_as_legal_to_the_state_they_ended_in(first: int) -> None:
    """Each game's log replays as legal, with its winner, and the replay ends in the very state the game ended in."""
    for seed in range(first, first + CHUNK):
        document, played = self_played(seed)
        log = parse_log(json.dumps(document), f"wl-seed-{seed}.json", "json")
        replay = Replay(log, SUPPORT.build(log), SUPPORT, trace=False)
        replay.run()
        verdict = replay.verdict()
        assert verdict.kind is VerdictKind.LEGAL, (seed, [v.message for v in verdict.violations[:3]])
        assert verdict.winner == document["result"].get("winner"), seed
        assert replay.game.snapshot() == played.snapshot(), seed


def test_the_corpus_meets_every_part_of_the_procedure() -> None:
    """The corpus goes through the rarer parts: redraws (wl 5.2.1.6.1), blocks (7.1.2.1), counters (7.1.3.2),
    [Trigger]s activated (10.1.5), a sixth Character trashing one (3.7.6.1), giving ENERGIO!! (6.5.5)."""
    seen: Counter[str] = Counter()
    for seed in range(0, CORPUS.stop, 4):
        for entry in play_game(seed)["actions"]:
            seen[entry["do"]] += 1
            if entry["do"] == "mulligan" and entry.get("redraw"):
                seen["redraw"] += 1
            if entry["do"] == "damage" and entry.get("trigger"):
                seen["trigger"] += 1
            if entry["do"] == "play" and entry.get("trash"):
                seen["sixth character"] += 1
    assert {"redraw", "block", "counter", "trigger", "sixth character", "give", "attack"} <= set(seen)
