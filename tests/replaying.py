"""What the mutation tests of every game share: the game as the replay has it just before one entry."""

from __future__ import annotations

import copy
import json
from typing import Any

from engine.core.interface import PlayableGame
from judge.games.support import GameSupport
from judge.logfile import LogEntry, parse_log
from judge.replay import Replay


def game_before(support: GameSupport, document: dict[str, Any], index: int) -> PlayableGame:
    """A copy of the game as the replay of ``document`` has it when it takes entry ``index``, before applying it:
    what a lie told in that entry can be made of (the hand, the grade, the cards on the field)."""
    log = parse_log(json.dumps(document), "game.json", "json")
    replay = Replay(log, support.build(log), support, trace=False)
    seen: list[PlayableGame] = []

    def taken(entry: LogEntry) -> None:
        if entry.index == index and not seen:
            seen.append(copy.deepcopy(replay.game))

    replay.on_taken = taken
    replay.run()
    assert seen, f"entry {index} was never taken"
    return seen[0]
