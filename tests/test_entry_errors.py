"""An entry whose arguments cannot be read is one precise error.  A field of the wrong type (a position written as a
list or as words, a card id written as a number) is the log's format broken: a located format error at that field,
before any replay.  What only a game's reading can tell (a ``pay`` whose stock is below zero) is ``EntryError``,
reported as a violation of that entry, citing the clauses of the point it was meant for, and the replay goes on.
Any other error a game's log reading raises is a fault of the program, and fails loudly: a ``TypeError`` from a
game's reading (a bug in it) is not dressed up as an "illegal" verdict.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml

from judge.games import ws
from judge.logfile import parse_log
from judge.logformat import EntryError, LogFormatError
from judge.replay import malformed, verify_log
from judge.verdict import VerdictKind
from tests.conftest import REPO

EXAMPLE = yaml.safe_load((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"))


def first_entry(verb: str) -> int:
    return next(index for index, entry in enumerate(EXAMPLE["actions"]) if entry["do"] == verb)


def changed(index: int, **changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(EXAMPLE)
    document["actions"][index].update(changes)
    return document


def verdict_with(index: int, **changes: Any) -> Any:
    """The verdict on the example with entry ``index`` changed; a malformed one as ``judge verify`` gives it."""
    text = yaml.safe_dump(changed(index, **changes))
    try:
        log = parse_log(text, "game.yaml", "yaml")
    except LogFormatError as error:
        return malformed(error)
    return verify_log(log, trace=False)


@pytest.mark.parametrize(
    ("verb", "changes", "message"),
    [
        ("play", {"pos": [1]}, "'pos' is a list [1], expected a stage position (1-5)"),
        ("play", {"pos": "left"}, "'pos' is 'left' (a string), expected a stage position (1-5)"),
        ("play", {"card": 7}, "'card' is 7 (an integer), expected a card id or '?'"),
        ("attack", {"pos": {"at": 1}}, "'pos' is a mapping {'at': 1}, expected a center stage position (1-3)"),
        ("mulligan", {"discard": "AL-01"}, "'discard' is 'AL-01' (a string), expected a list of card ids or '?'"),
    ],
)
def test_an_argument_of_the_wrong_type_is_a_located_format_error(
    verb: str, changes: dict[str, Any], message: str
) -> None:
    index = first_entry(verb)
    verdict = verdict_with(index, **changes)
    assert verdict.kind is VerdictKind.MALFORMED
    (only,) = verdict.violations
    field = next(iter(changes))
    assert only.message.endswith(f"entry {index}: {message}"), only.message
    text = yaml.safe_dump(changed(index, **changes))
    line = text.splitlines()[only.line - 1]
    assert line[only.column - 1 :].startswith(f"{field}:"), (line, only.column)  # at the field itself


def test_what_only_the_reading_can_tell_is_a_violation_of_its_entry() -> None:
    """A stock cost below zero has the shape of a cost (``{stock: N}``); that it pays nothing is the reading's to
    say (``ws.log.paid``): a violation of that entry, which cites the clauses of the point it was meant for."""
    index = first_entry("encore")
    verdict = verdict_with(index, pay={"stock": -1})
    assert verdict.kind is VerdictKind.ILLEGAL
    first = verdict.violations[0]
    refused = "encore: pay {'stock': -1} is not true, false or the cost paid ({stock: N}, {discard: 1} or {clock: 1})"
    assert (first.entry, first.message) == (index, refused)
    assert first.clauses


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
