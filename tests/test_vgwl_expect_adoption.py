"""A failed ``expect`` in Vanguard and ENERGIO!! logs: one violation, and the replay goes on from the asserted state.

The log describes its own game: once an ``expect`` checkpoint differs, the replay takes the piles, circles,
characters and counters it asserts (``Opening.take_asserted`` of each game), so that a later checkpoint of the
same game is compared with the rules from there, not with the replay's own guess again.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from judge import games
from judge.logfile import parse_log
from judge.replay import Replay, verify_log
from judge.verdict import VerdictKind

REPO = Path(__file__).resolve().parent.parent


def example(game: str) -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load((REPO / "judge" / "examples" / f"{game}-game.yaml").read_text("utf-8"))
    return document


def counts_after_each_entry(document: dict[str, Any], zones: tuple[str, ...]) -> dict[int, dict[str, int]]:
    """P1's pile sizes after each entry of a legal log, as the replay has them."""
    log = parse_log(json.dumps(document), "legal.json", "json")
    support = games.get(str(document["game"]))
    replay = Replay(log, support.build(log), support)
    seen: dict[int, dict[str, int]] = {}

    def applied(entry: Any) -> None:
        view = replay.game.snapshot()["players"]["P1"]
        seen[entry.index] = {zone: len(view[zone]) for zone in zones}

    replay.on_applied = applied
    replay.run()
    return seen


LIES = {
    # game: the pile the log asserts one card fewer in, and the one it asserts one card more in
    "vg": ("hand", "damage"),
    "wl": ("life", "trash"),
}
CITED = {
    # the clauses the failed expect cites: those the rules applied for its entry (the bundled games' entry 21)
    "vg": ("vg:6.6.1.2.3", "vg:4.6.6.2"),  # P2 exchanges the rear-guards of a column (a move)
    "wl": ("wl:7.1.3.2.2", "wl:4.7.1", "wl:10.2.4", "wl:10.2.4.1", "wl:8.4.2", "wl:8.1.1"),  # a [Counter] Event
}


def asserted_log(game: str) -> tuple[dict[str, Any], int, int, dict[str, int]]:
    """The bundled legal game of ``game``, with an ``expect`` on two entries in a row (no card moving between
    them) that asserts one card of P1's moved from one pile to another: the first fails; the second asserts the
    same world.  The log ends there, its result ``time`` (the rest is the replay's game, not the log's)."""
    document = example(game)
    fewer, more = LIES[game]
    counts = counts_after_each_entry(document, (fewer, more))
    actions = document["actions"]
    first = next(
        i for i in sorted(counts) if i > 20 and i + 1 in counts and counts[i][fewer] > 0 and counts[i] == counts[i + 1]
    )
    later = first + 1
    asserted = {fewer: counts[first][fewer] - 1, more: counts[first][more] + 1}
    for index in (first, later):
        actions[index]["expect"] = {"P1": dict(asserted)}
    del actions[later + 1 :]
    document["result"] = {"reason": "time"}
    return document, first, later, asserted


@pytest.mark.parametrize("game", sorted(LIES))
def test_a_failed_expect_is_one_violation_and_a_later_checkpoint_of_the_asserted_world_holds(game: str) -> None:
    """One violation, at the first ``expect``, listing both piles, citing the clauses of its entry; the second
    ``expect``, of the same world, holds; the notes say what was taken."""
    document, first, _later, _asserted = asserted_log(game)
    verdict = verify_log(parse_log(json.dumps(document), "asserted.json", "json"))
    fewer, more = LIES[game]
    [violation] = verdict.violations
    assert violation.entry == first and violation.message.startswith("expect: ")
    assert f"P1 {fewer} has" in violation.message and f"; P1 {more} has" in violation.message
    assert violation.clauses == CITED[game]
    assert any("goes on from the state the log asserts" in note and f"P1 {fewer}" in note for note in verdict.notes)


@pytest.mark.parametrize("game", sorted(LIES))
def test_without_taking_the_asserted_state_the_later_checkpoint_would_fail_again(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the adoption is for: a replay that kept its own state would report the same departure twice."""
    document, first, later, _asserted = asserted_log(game)
    monkeypatch.setattr(type(games.get(game)), "take_expectation", lambda self, game, expect: [])
    verdict = verify_log(parse_log(json.dumps(document), "asserted.json", "json"))
    assert [violation.entry for violation in verdict.violations] == [first, later]


@pytest.mark.parametrize("game", sorted(LIES))
def test_a_legal_log_with_checkpoints_that_hold_takes_nothing(game: str) -> None:
    """An ``expect`` that holds changes nothing: the log stays legal and its trace is the same as without it."""
    document = example(game)
    fewer, more = LIES[game]
    counts = counts_after_each_entry(document, (fewer, more))
    plain = verify_log(parse_log(json.dumps(document), "legal.json", "json"))
    checked = copy.deepcopy(document)
    for index in (20, 21, 22):
        checked["actions"][index]["expect"] = {"P1": dict(counts[index])}
    verdict = verify_log(parse_log(json.dumps(checked), "checked.json", "json"))
    assert verdict.kind == plain.kind == VerdictKind.LEGAL and not verdict.violations
    assert not any("goes on from the state" in note for note in verdict.notes)
    assert [record.to_dict() for record in verdict.records] == [record.to_dict() for record in plain.records]


def verdict_with(game: str, expects: dict[int, dict[str, Any]], last: int) -> Any:
    """The bundled ``game`` with ``expects`` on entries, ending at entry ``last`` (its result ``time``)."""
    document = example(game)
    for index, expect in expects.items():
        document["actions"][index]["expect"] = expect
    del document["actions"][last + 1 :]
    document["result"] = {"reason": "time"}
    return verify_log(parse_log(json.dumps(document), "asserted.json", "json"))


def test_vg_circles_and_their_state_are_taken_but_not_power() -> None:
    """vg: after P1's pass at entry 30 (ending the main phase, vg 6.6.1.3, the clause the violation cites) the log asserts P1's BC empty, the unit on
    BL rested and the vanguard at 12000: one violation listing the three; the circles are taken (the attack at
    entry 31 then finds them so), the power, which the cards and the effects make, is not, and the notes say so."""
    verdict = verdict_with(
        "vg",
        {
            30: {"P1": {"circles": {"BC": None, "BL": {"card": "SL-11", "state": "rest"}, "V": {"power": 12000}}}},
            31: {"P1": {"circles": {"BC": None, "BL": {"card": "SL-11", "state": "rest"}, "FR": {"state": "rest"}}}},
        },
        31,
    )
    [violation] = verdict.violations
    assert violation.entry == 30 and violation.clauses == ("vg:6.6.1.3", "vg:8.4.2.3")
    assert all(f"P1 circles {circle}" in violation.message for circle in ("BC", "BL", "V"))
    [taken] = [note for note in verdict.notes if "goes on from the state the log asserts" in note]
    assert "P1 BC: SL-S taken off" in taken and "P1 BL: SL-11 rest" in taken
    assert "not taken (the cards and the effects make them): P1 V power" in taken


def test_wl_characters_in_order_with_state_and_given_are_taken_but_not_power() -> None:
    """wl: at P2's attack (entry 30, wl 7.1.1) the log asserts one Character of P1's, rested with an ENERGIO!!
    given (wl 6.5.5), and the Leader's power 7000: one violation; the Character taken, its partner going to the
    trash, so the same assertion at P1's [Counter] (entry 31, wl 7.1.3.2.2) holds; the power is not taken.  The
    violation cites the attack's clauses (wl 7.1.1.1, 7.1.1.2)."""
    one = [{"card": "BL-01", "state": "rested", "given": 1}]
    verdict = verdict_with(
        "wl",
        {
            30: {"P1": {"characters": one, "leader": {"power": 7000}}},
            31: {"P1": {"characters": one, "trash": 3}},  # and the [Counter] Event after it
        },
        31,
    )
    [violation] = verdict.violations
    assert violation.entry == 30 and violation.clauses == ("wl:7.1.1.1", "wl:7.1.1.2", "wl:4.4.1.2", "wl:6.5.6.2")
    assert "P1 has 2 Character(s), not 1" in violation.message and "P1 leader power" in violation.message
    [taken] = [note for note in verdict.notes if "goes on from the state the log asserts" in note]
    assert "P1 Character BL-07 taken off" in taken and "P1 Character 1: BL-01 rest" in taken
    assert "ENERGIO!! given 0 -> 1" in taken and "P1 trash" in taken
    assert "not taken (the cards and the effects make it): P1 leader power" in taken
