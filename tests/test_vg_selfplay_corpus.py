"""A corpus of self-played Vanguard games replays as legal: the engine checked against itself.

Each game is a few hundred entries with every draw, drive check and damage check
written out, so the replay re-derives every reveal, trigger and shuffle the game
went through, and ends in the state the game ended in.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from judge.games.vg import SUPPORT
from judge.games.vg.selfplay import play_game, self_played
from judge.logfile import parse_log
from judge.replay import Replay
from judge.verdict import VerdictKind

CORPUS = range(200)
CHUNK = 25


@pytest.mark.parametrize("first", range(CORPUS.start, CORPUS.stop, CHUNK))
def test_self_played_vanguard_games_replay_as_legal_to_the_state_they_ended_in(first: int) -> None:
    """Each game's log replays as legal, with its winner, and the replay ends in the very state the game ended in."""
    for seed in range(first, first + CHUNK):
        document, played = self_played(seed)
        log = parse_log(json.dumps(document), f"vg-seed-{seed}.json", "json")
        replay = Replay(log, SUPPORT.build(log), SUPPORT, trace=False)
        replay.run()
        verdict = replay.verdict()
        assert verdict.kind is VerdictKind.LEGAL, (seed, [v.message for v in verdict.violations[:3]])
        assert verdict.winner == document["result"].get("winner"), seed
        assert replay.game.snapshot() == played.snapshot(), seed


def test_the_corpus_meets_every_part_of_the_procedure() -> None:
    """The corpus is worth replaying only if it goes through the procedure's rarer parts: G assists that take
    a card (vg 6.4.1.2.7), strides (6.5.1.2.2), intercepts (7.4.1.2.2), forerunner calls (10.2.6), Seek Mate
    and legion (10.2.9, 10.1.24), a trigger of
    every icon with its choice (2.8.1.1.2-2.8.1.1.5), and games won by damage (9.2.2) and by deck out (9.2.3)."""
    verbs: Counter[str] = Counter()
    fields: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(0, CORPUS.stop, 4):
        document = play_game(seed)
        reasons[document["result"].get("reason", "")] += 1
        for entry in document["actions"]:
            verbs[entry["do"]] += 1
            if entry["do"] == "g_assist" and entry.get("card"):
                verbs["g_assist taking a card"] += 1
            if entry["do"] == "resolve" and entry.get("to"):
                verbs["forerunner call"] += 1
            if entry["do"] == "act" and entry.get("mate"):
                verbs["seek mate"] += 1
            fields.update(key for key in ("power", "critical", "stand", "heal") if key in entry)
    assert {"g_assist taking a card", "stride", "intercept", "guard", "forerunner call", "move", "seek mate"} <= set(
        verbs
    )
    assert set(fields) == {"power", "critical", "stand", "heal"}
    assert {"damage", "deck"} <= set(reasons)
