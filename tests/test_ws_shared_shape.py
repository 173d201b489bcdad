"""Weiss Schwarz abilities in the format's shared shape ``{type, timing, zone, once_per_turn, condition, cost,
effect, text}``, and the first vocabulary ``{kind, when}`` read as its alias (``judge/site/ws-logs.rst``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.games.ws.abilities import parse_ability, unplayed
from judge.verdict import VerdictKind
from tests.test_ws_abilities import HEADER, assert_legal, verify

ALIASES = [
    ({"kind": "auto", "when": "played", "effect": {"draw": 1}}, {"type": "auto", "timing": "on_play", "effect": {"draw": 1}}),
    ({"kind": "auto", "when": "placed", "effect": {"soul": 1, "target": "all"}},
     {"type": "auto", "timing": "on_play", "effect": {"soul": 1, "target": "all"}}),
    ({"kind": "auto", "when": "attacks", "cost": {"stock": 1}, "effect": {"power": 2000}},
     {"type": "auto", "timing": "when_attacking", "cost": {"stock": 1}, "effect": {"power": 2000}}),
    ({"kind": "act", "cost": {"stock": 1, "rest": True}, "effect": {"power": 1500, "target": "choose"}},
     {"type": "act", "cost": {"stock": 1, "rest": True}, "effect": {"power": 1500, "target": "choose"}}),
    ({"kind": "cont", "effect": {"power": 500, "target": "all"}}, {"type": "cont", "effect": {"power": 500, "target": "all"}}),
    ({"kind": "event", "effect": {"salvage": "character"}}, {"timing": "main", "effect": {"salvage": "character"}}),
    ({"kind": "replace", "when": "reversed", "instead": "rest", "optional": True},
     {"type": "replace", "timing": "reversed", "instead": "rest", "optional": True}),
]  # fmt: skip


@pytest.mark.parametrize(("alias", "shared"), ALIASES)
def test_the_first_vocabulary_reads_as_the_shared_shape_ws_8_1_1(alias: dict[str, Any], shared: dict[str, Any]) -> None:
    """ws:8.1.1: ``{kind, when}`` is an alias of ``{type, timing}``: both read as the same ability."""
    assert parse_ability(0, alias) == parse_ability(0, shared) is not None


def shared_header() -> str:
    """The abilities tests' header with every ability written in the shared shape."""
    header = HEADER
    replacements = {
        "{kind: act,": "{type: act,",
        "{kind: auto, when: attacks,": "{type: auto, timing: when_attacking,",
        "{kind: auto, when: played,": "{type: auto, timing: on_play,",
        "{kind: cont,": "{type: cont,",
        "{kind: event,": "{timing: main,",
        "{kind: auto, when: placed,": "{type: auto, timing: on_play,",
    }
    for old, new in replacements.items():
        header = header.replace(old, new)
    assert "kind:" not in header
    return header


def test_abilities_in_the_shared_shape_are_played_as_the_alias_was_ws_8_7_2() -> None:
    """ws:8.7.2, ws:8.7.3.1.1: CAPTAIN's automatic ability written ``{type: auto, timing: when_attacking}`` goes
    into standby when it attacks and its cost may be paid."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: CAPTAIN}, stock: [Y0], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: attack, pos: 2, type: direct}
          - {p: P1, do: resolve, source: CAPTAIN, ability: 0, pay: true, expect: {P1: {stock: 0, stage: {2: {power: 7000}}}}}
        """,
        shared_header(),
    )
    assert_legal(verdict)


def test_text_beyond_the_vocabulary_is_card_text_not_an_error_ws_8_6() -> None:
    """ws:8.6: a shared-shape ability with a condition, [1/Turn] or another timing is card text: not an error."""
    for record in (
        {"type": "auto", "timing": "when_attacking", "condition": {"level": 2}, "effect": {"power": 2000}},
        {"type": "act", "once_per_turn": True, "effect": {"power": 2000}},
        {"type": "auto", "timing": "on_reverse", "effect": {"draw": 1}},
        {"type": "auto", "timing": "on_play", "effect": {"power": 2000, "until": "end_of_battle"}},
    ):
        assert parse_ability(0, record) is None and unplayed(record)
    assert not unplayed({"type": "cont", "effect": {"power": 500}}) and not unplayed({"text": "printed"})


def test_an_outcome_that_unplayed_text_could_change_is_incomplete_not_illegal_ws_8_6() -> None:
    """ws:8.6: CAPTAIN's "when it attacks, +3000" with a condition the engine does not model is not played; the
    log's ``expect`` that counts it is not judged: the verdict is ``incomplete``, with a note naming the card, the
    text and the entry."""
    header = HEADER.replace(
        "abilities: [{kind: auto, when: attacks, cost: {stock: 1}, effect: {power: 2000}}]",
        "abilities: [{type: auto, timing: when_attacking, condition: {climax: true}, effect: {power: 3000},"
        ' text: "When this attacks, if you have a climax, +3000."}]',
    )
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: CAPTAIN}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: attack, pos: 2, type: direct, expect: {P1: {stage: {2: {power: 8000}}}}}
        """,
        header,
    )
    assert verdict.kind is VerdictKind.INCOMPLETE and verdict.violations == []
    assert any("entry 0 not judged" in n and "CAPTAIN" in n and "if you have a climax" in n for n in verdict.notes)


def test_the_bundled_records_use_the_shared_shape() -> None:
    """The bundled card pool and scenarios write the shared shape; the alias is only read."""
    root = Path(__file__).resolve().parents[1]
    for path in [root / "judge" / "data" / "ws-starter.yaml", *sorted((root / "scenarios" / "ws").rglob("*.yaml"))]:
        assert "kind:" not in path.read_text(encoding="utf-8"), path
