"""An entry whose arguments cannot be read is one precise error, ``EntryError``, reported as a violation of that
entry; any other error a game's log reading raises is a fault of the program, and fails loudly.

A position written as a list or as words, a card id written as a number, a ``pay`` that is neither true, false
nor a cost: each is a violation of its entry, citing the clauses of the point it was meant for, and the replay
goes on.  A ``TypeError`` from a game's reading (a bug in it) is not dressed up as an "illegal" verdict.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml

from judge.games import ws
from judge.logfile import parse_log
from judge.logformat import EntryError
from judge.replay import verify_log
from judge.verdict import VerdictKind
from tests.conftest import REPO

EXAMPLE = yaml.safe_load((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"))


def first_entry(verb: str) -> int:
    return next(index for index, entry in enumerate(EXAMPLE["actions"]) if entry["do"] == verb)


def verdict_with(index: int, **changes: Any) -> Any:
    document = copy.deepcopy(EXAMPLE)
    document["actions"][index].update(changes)
    return verify_log(parse_log(yaml.safe_dump(document), "game.yaml", "yaml"), trace=False)


@pytest.mark.parametrize(
    ("verb", "changes", "message"),
    [
        ("play", {"pos": [1]}, "play: pos [1] is not a position"),
        ("play", {"pos": "left"}, "play: pos 'left' is not a position"),
        ("play", {"card": 7}, "play: card 7 is not a card id"),
        ("attack", {"pos": {"at": 1}}, "attack: pos {'at': 1} is not a position"),
        ("mulligan", {"discard": "AL-01"}, "mulligan: cards 'AL-01' is not a list of card ids"),
    ],
)
def test_an_unreadable_argument_is_a_violation_of_its_entry(verb: str, changes: dict[str, Any], message: str) -> None:
    index = first_entry(verb)
    verdict = verdict_with(index, **changes)
    assert verdict.kind is VerdictKind.ILLEGAL
    first = verdict.violations[0]
    assert (first.entry, first.message) == (index, message)
    assert first.clauses  # the clauses of the point the entry was meant for


def test_the_adapters_raise_entry_error_and_it_is_a_value_error() -> None:
    """Code that catches ValueError for bad input (a caller of the reading) still catches it."""
    assert issubclass(EntryError, ValueError)
    with pytest.raises(EntryError, match="pay 'maybe' is not true, false or the cost paid"):
        ws.log.paid("maybe")


def test_a_fault_of_a_games_reading_is_not_reported_as_an_illegal_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A TypeError from the reading is a bug: it reaches the caller instead of becoming a violation."""

    def broken(data: dict[str, Any], decision: Any) -> Any:
        raise TypeError("a bug in the reading")

    monkeypatch.setattr(ws.log, "choice_of", broken)
    with pytest.raises(TypeError, match="a bug in the reading"):
        verdict_with(first_entry("play"))
