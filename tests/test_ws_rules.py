"""The Weiss Schwarz engine against the comprehensive rules (ws-cr-2.00), clause family by clause family.

Every test replays a small judge-log/1 log that starts from a ``setup`` position
(the game resumes at the beginning of the given phase) and asserts what the
rules text requires: the verdict, ``expect`` results (a failed expectation is a
violation, so a legal verdict proves them), the clauses and messages of the
violations of illegal variants, and records of the trace with their clauses.

Where the engine disagrees with the rules text the test keeps asserting the
rules and is marked ``xfail(strict=True, reason="engine bug: ...")``.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
import yaml

from engine.core.protocol import ActionRecord, RecordKind
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind, Violation
from rules_index.index import RulesIndex

# -- the card pool and the deck lists ------------------------------------------------

CARDS: dict[str, dict[str, object]] = {
    # level 0 characters (no color requirement, 8.6.2.1.1.1)
    "Y0A": {"name": "Sunny", "type": "character", "level": 0, "cost": 0, "color": "yellow", "power": 3000, "soul": 1},
    "Y0B": {"name": "Breeze", "type": "character", "level": 0, "cost": 0, "color": "yellow", "power": 2000, "soul": 1},
    "Y0C": {"name": "Pebble", "type": "character", "level": 0, "cost": 0, "color": "yellow", "power": 500, "soul": 1},
    "Y0D": {"name": "Dawn", "type": "character", "level": 0, "cost": 0, "color": "yellow", "power": 2500, "soul": 1},
    "Z00": {"name": "Ghost", "type": "character", "level": 0, "cost": 0, "color": "yellow", "power": 0, "soul": 1},
    # higher levels
    "Y1A": {"name": "Captain", "type": "character", "level": 1, "cost": 1, "color": "yellow", "power": 5500, "soul": 1},
    "Y1B": {
        "name": "Relief",
        "type": "character",
        "level": 1,
        "cost": 0,
        "color": "yellow",
        "power": 1000,
        "soul": 1,
        "abilities": [{"keyword": "backup", "power": 2000, "level": 1, "cost": {"stock": 1}}],
    },
    "Y2A": {"name": "Anchor", "type": "character", "level": 2, "cost": 1, "color": "yellow", "power": 7500, "soul": 1},
    "Y3A": {"name": "Finish", "type": "character", "level": 3, "cost": 2, "color": "yellow", "power": 10000, "soul": 2},
    "R1A": {"name": "Red Guard", "type": "character", "level": 1, "cost": 0, "color": "red", "power": 4000, "soul": 1},
    "R1B": {
        "name": "Red Relief",
        "type": "character",
        "level": 1,
        "cost": 0,
        "color": "red",
        "power": 1000,
        "soul": 1,
        "abilities": [{"keyword": "backup", "power": 2500, "level": 1, "cost": {"stock": 1}}],
    },
    "B2B": {
        "name": "Blue Wall",
        "type": "character",
        "level": 2,
        "cost": 0,
        "color": "blue",
        "power": 1000,
        "soul": 1,
        "abilities": [{"keyword": "backup", "power": 3000, "level": 2, "cost": {"stock": 1}}],
    },
    # one climax per trigger icon (4.12.2)
    "CXS": {"name": "Soul Cx", "type": "climax", "color": "yellow", "triggers": ["soul"]},
    "CXD": {"name": "Draw Cx", "type": "climax", "color": "yellow", "triggers": ["draw"]},
    "CXP": {"name": "Pool Cx", "type": "climax", "color": "yellow", "triggers": ["pool"]},
    "CXC": {"name": "Comeback Cx", "type": "climax", "color": "yellow", "triggers": ["comeback"]},
    "CXT": {"name": "Treasure Cx", "type": "climax", "color": "yellow", "triggers": ["treasure"]},
    "CXR": {"name": "Return Cx", "type": "climax", "color": "yellow", "triggers": ["return"]},
    "CXB": {"name": "Standby Cx", "type": "climax", "color": "yellow", "triggers": ["standby"]},
    "CXH": {"name": "Shot Cx", "type": "climax", "color": "yellow", "triggers": ["shot"]},
}

DECK: dict[str, int] = {
    "Y0A": 4,
    "Y0B": 4,
    "Y0C": 4,
    "Y0D": 1,
    "Z00": 1,
    "Y1A": 4,
    "Y1B": 4,
    "Y2A": 4,
    "Y3A": 4,
    "R1A": 4,
    "R1B": 4,
    "B2B": 4,
    "CXS": 1,
    "CXD": 1,
    "CXP": 1,
    "CXC": 1,
    "CXT": 1,
    "CXR": 1,
    "CXB": 1,
    "CXH": 1,
}
"""Both players' deck list: 50 cards, at most 4 of a name, 8 climaxes (ws 5.1.2)."""


# -- helpers --------------------------------------------------------------------------


def ws_log(body: str, first: str = "P1") -> str:
    """A whole judge-log/1 YAML text: the header (format, game, cards, players, first) and ``body``.

    ``body`` is YAML text with the test's own keys (``setup``, ``actions``, maybe ``result``).
    """
    header = {
        "format": "judge-log/1",
        "game": "ws",
        "cards": CARDS,
        "players": [
            {"id": "P1", "name": "Alice", "deck": DECK},
            {"id": "P2", "name": "Bob", "deck": DECK},
        ],
        "first": first,
    }
    return yaml.safe_dump(header, sort_keys=False, width=200) + textwrap.dedent(body).strip("\n") + "\n"


def with_actions(body: str, *entries: str) -> str:
    """``body`` (dedented) with more action entries, each a YAML flow mapping, appended."""
    return textwrap.dedent(body).rstrip("\n") + "\n" + "".join(f"  - {entry}\n" for entry in entries)


def verify(body: str, first: str = "P1") -> Verdict:
    """Replay the log made of the standard header and ``body``."""
    return verify_log(parse_log(ws_log(body, first), "x.yaml", "yaml"))


def describe(verdict: Verdict) -> str:
    lines = [f"verdict {verdict.kind.value}, winner {verdict.winner!r}, notes {verdict.notes}"]
    lines += [f"  violation entry {v.entry} line {v.line} {v.clauses}: {v.message}" for v in verdict.violations]
    lines += [f"  trace {r.phase} {r.kind.value} {r.player}: {r.message} {r.clauses}" for r in verdict.records]
    return "\n".join(lines)


def assert_legal(verdict: Verdict) -> None:
    assert verdict.kind is VerdictKind.LEGAL, describe(verdict)


def violations_at(verdict: Verdict, entry: int) -> list[Violation]:
    return [violation for violation in verdict.violations if violation.entry == entry]


def assert_violation(verdict: Verdict, entry: int, clause: str, *words: str) -> Violation:
    """The verdict is illegal with a violation at ``entry`` citing ``clause``, whose message has ``words``."""
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    for violation in violations_at(verdict, entry):
        if clause in violation.clauses and all(word in violation.message for word in words):
            return violation
    raise AssertionError(f"no violation at entry {entry} citing {clause} with {words}\n{describe(verdict)}")


def records(verdict: Verdict, clause: str | None = None, text: str = "") -> list[ActionRecord]:
    """The trace records citing ``clause`` (any, when None) whose message contains ``text``."""
    return [
        record for record in verdict.records if (clause is None or clause in record.clauses) and text in record.message
    ]


def entry_line(body: str, needle: str) -> int:
    """The file line (1-based) of the first line of the whole log that contains ``needle`` in the body."""
    text = ws_log(body)
    body_start = text.index(textwrap.dedent(body).strip("\n"))
    offset = text.index(needle, body_start)
    return text.count("\n", 0, offset) + 1


# =====================================================================================
# 1. Damage process and damage cancel (ws:4.10.1.1 - 4.10.1.3)
# =====================================================================================

DIRECT_ATTACK_3 = textwrap.dedent(
    """
    setup:
      turn: 3
      active: P1
      phase: attack
      P1: {stage: {2: Y3A}}
      P2: {}
    actions:
      - {p: P1, do: attack, pos: 2, type: direct}
      - {p: P1, do: trigger, card: Y0A}
    """
)
"""Y3A (soul 2) attacks directly: 3 damage (7.2.1.4.1); the trigger check reveals no icon."""


def test_damage_cancel_climax_first_ws_4_10_1_2() -> None:
    """ws:4.10.1.1, ws:4.10.1.2: a climax as the first damage card cancels the damage; it goes to the waiting room."""
    verdict = verify(
        DIRECT_ATTACK_3
        + "  - {p: P2, do: damage, cards: [CXS], expect: {P2: {clock: 0, waiting: [CXS], resolution: 0}}}\n"
    )
    assert_legal(verdict)
    [cancel] = records(verdict, "ws:4.10.1.2")
    assert "cancels" in cancel.message and cancel.data["cards"] == ["CXS"] and cancel.data["canceled"] is True
    assert "ws:4.10.1.1" in cancel.clauses


def test_damage_cancel_climax_in_the_middle_ws_4_10_1_2() -> None:
    """ws:4.10.1.2: every card this damage process revealed before the climax goes to the waiting room too."""
    verdict = verify(
        DIRECT_ATTACK_3
        + "  - {p: P2, do: damage, cards: [Y0B, CXS], expect: {P2: {clock: 0, waiting: [Y0B, CXS], resolution: 0}}}\n"
    )
    assert_legal(verdict)
    [cancel] = records(verdict, "ws:4.10.1.2")
    assert cancel.data["cards"] == ["Y0B", "CXS"]


def test_damage_cancel_climax_last_ws_4_10_1_2() -> None:
    """ws:4.10.1.2: a climax as the last of three damage cards still cancels all three."""
    verdict = verify(
        DIRECT_ATTACK_3
        + "  - {p: P2, do: damage, cards: [Y0B, Y0C, CXS], expect: {P2: {clock: 0, waiting: [Y0B, Y0C, CXS]}}}\n"
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.10.1.2", "cancels")
    assert not records(verdict, "ws:4.10.1.3")


def test_uncanceled_damage_goes_to_clock_in_reveal_order_ws_4_10_1_3() -> None:
    """ws:4.10.1.3: uncanceled damage goes to the top of the clock in the order the cards were revealed."""
    body = """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: Y3A}}
          P2: {clock: [Y2A]}
        actions:
          - {p: P1, do: attack, pos: 2, type: direct}
          - {p: P1, do: trigger, card: Y0A}
          - {p: P2, do: damage, cards: [Y0B, Y0C, Y1A], expect: {P2: {clock: [Y2A, Y0B, Y0C, Y1A], waiting: 0}}}
    """
    verdict = verify(body)
    assert_legal(verdict)
    [damage] = records(verdict, "ws:4.10.1.3")
    assert damage.data == {"cards": ["Y0B", "Y0C", "Y1A"], "canceled": False}
    assert "3 damage to P2" in damage.message


def test_wrong_clock_order_after_damage_is_a_failed_expectation_ws_4_10_1_3() -> None:
    """ws:4.10.1.3: a log claiming the reverse order in the clock fails its expectation (located at its line)."""
    body = DIRECT_ATTACK_3 + "  - {p: P2, do: damage, cards: [Y0B, Y0C, Y1A], expect: {P2: {clock: [Y1A, Y0C, Y0B]}}}\n"
    violation = assert_violation(verify(body), 2, "ws:4.10.1.3", "expect: P2 clock is ['Y0B', 'Y0C', 'Y1A']")
    assert violation.line == entry_line(body, "do: damage")


def test_the_waiting_room_may_be_listed_in_any_order_ws_3_4_2() -> None:
    """ws:3.4.2: its owner may reorder the waiting room at will, so an expectation lists it in any order;
    what it holds must still match."""
    body = DIRECT_ATTACK_3 + "  - {p: P2, do: damage, cards: [Y0B, CXS], expect: {P2: {waiting: [CXS, Y0B]}}}\n"
    assert_legal(verify(body))
    wrong = DIRECT_ATTACK_3 + "  - {p: P2, do: damage, cards: [Y0B, CXS], expect: {P2: {waiting: [CXS, Y0C]}}}\n"
    assert_violation(verify(wrong), 2, "ws:4.10.1.2", "expect: P2 waiting holds ['CXS', 'Y0B'], not ['CXS', 'Y0C']")


def test_card_listed_after_the_canceling_climax_is_a_violation_ws_4_10_1_2() -> None:
    """ws:4.10.1.2: the damage process ends at the climax; a card listed after it was never revealed."""
    verdict = verify(DIRECT_ATTACK_3 + "  - {p: P2, do: damage, cards: [Y0B, CXS, Y0C]}\n")
    violation = assert_violation(verdict, 2, "ws:4.10.1.2", "canceled by CXS", "1 more card")
    assert violation.clauses == ("ws:4.10.1.2",)
    # the replay still applied what the rules do: the two revealed cards are in the waiting room
    [cancel] = records(verdict, "ws:4.10.1.2", "cancels")
    assert cancel.data["cards"] == ["Y0B", "CXS"]


def test_damage_entry_naming_too_few_cards_is_a_violation_ws_4_10_1_3() -> None:
    """ws:4.10.1.3: three damage move three cards to the resolution zone; a damage entry naming one breaks it
    there (``judge/site/ws-logs.rst``, ``damage``).  The two cards it left out are taken as no climax, and said so."""
    verdict = verify(DIRECT_ATTACK_3 + "  - {p: P2, do: damage, cards: [Y0B]}\n")
    violation = assert_violation(verdict, 2, "ws:4.10.1.3", "moved 3 cards", "the log lists 1")
    assert violation.line == entry_line(DIRECT_ATTACK_3 + "  - {p: P2, do: damage, cards: [Y0B]}\n", "do: damage")
    assert len(records(verdict, "ws:4.10.1.1", "not revealed in the log")) == 2


def test_damage_entry_naming_fewer_cards_than_the_known_deck_reveals_is_a_violation_ws_4_10_1_3() -> None:
    """ws:4.10.1.3: with the deck order known, the replay knows all three cards; a damage entry naming two is still
    a list shorter than the rules make, at that entry."""
    known_deck = DIRECT_ATTACK_3.replace("P2: {}", "P2: {deck: [Y0B, Y0C, Y1A, Y0D]}")
    verdict = verify(known_deck + "  - {p: P2, do: damage, cards: [Y0B, Y0C]}\n")
    assert_violation(verdict, 2, "ws:4.10.1.3", "moved 3 cards", "the log lists 2")


# =====================================================================================
# 2. Refresh (ws:9.2.2, ws:3.2.3.1), the refresh point (ws:9.9.1), losing by deck-out
# =====================================================================================

REFRESH_IN_DAMAGE = textwrap.dedent(
    """
    setup:
      turn: 3
      active: P1
      phase: attack
      P1: {stage: {2: Y0A}}
      P2: {deck: [Y0B], waiting: [Y0C, Y1A, Y2A]}
    actions:
      - {p: P1, do: attack, pos: 2, type: direct}
      - {p: P1, do: trigger, card: Y0A}
    """
)
"""P2 has one card in the deck and three in the waiting room; Y0A's direct attack deals 2 damage."""


def test_refresh_during_damage_then_refresh_point_ws_9_2_2_ws_9_9_1() -> None:
    """ws:3.2.3.1, ws:9.2.2, ws:9.9.1: the deck runs out in the middle of the damage, the waiting room becomes
    the deck (refresh point 1), the damage goes on from the new deck, and at the next check timing the top card
    of the deck goes to the clock (a climax there is no damage, so no cancel: ws:4.10.2)."""
    verdict = verify(
        REFRESH_IN_DAMAGE
        + """\
  - {p: P2, do: damage, cards: [Y0B, Y1A]}
  - {p: P2, do: refresh, order: [Y1A, Y2A, Y0C]}
  - {p: P2, do: refresh_point, card: Y2A, expect: {P2: {clock: [Y0B, Y1A, Y2A], deck: [Y0C], waiting: 0, refresh_point: 0}}}
"""
    )
    assert_legal(verdict)
    [refresh] = records(verdict, "ws:9.2.2")
    assert refresh.kind is RecordKind.RULE_ACTION and "refresh point 1" in refresh.message
    [point] = records(verdict, "ws:9.9.1")
    assert point.data["card"] == "Y2A" and point.kind is RecordKind.RULE_ACTION
    # the refresh is an interrupt inside the damage process (9.2.1); the refresh point waits for a check timing
    damage = records(verdict, "ws:4.10.1.3")[0]
    assert refresh.seq < damage.seq < point.seq


def test_expectation_after_a_damage_with_an_inner_refresh_ws_9_2_2() -> None:
    """ws:9.2.2, ws:4.10.1.3: a true claim about the state after a damage entry whose process refreshed the deck
    (the clock holds both damage cards, the deck the two other cards of the former waiting room)."""
    verdict = verify(
        REFRESH_IN_DAMAGE
        + "  - {p: P2, do: damage, cards: [Y0B, Y1A], expect: {P2: {clock: [Y0B, Y1A], deck: 2, waiting: 0}}}\n"
    )
    # the rules' steps are right ...
    assert records(verdict, "ws:4.10.1.3", "Y0B, Y1A go to the clock"), describe(verdict)
    # ... and the log's expectation, true after the damage process, holds
    assert_legal(verdict)


def test_false_expectation_of_a_damage_entry_followed_by_a_refresh_entry_ws_9_2_2() -> None:
    """ws:9.2.2, ws:4.10.1.3: a false claim about the state after the damage (clock 5) must be reported even when
    the log writes the refresh forced event after the damage entry."""
    verdict = verify(
        REFRESH_IN_DAMAGE
        + """\
  - {p: P2, do: damage, cards: [Y0B, Y1A], expect: {P2: {clock: 5}}}
  - {p: P2, do: refresh, order: [Y1A, Y2A, Y0C]}
"""
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert any("expect: P2 clock has" in v.message for v in violations_at(verdict, 2)), describe(verdict)


def test_damage_card_after_refresh_not_from_the_waiting_room_is_a_violation_ws_9_2_2() -> None:
    """ws:9.2.2: after the refresh the deck holds exactly the former waiting room; Y3A was not there."""
    verdict = verify(REFRESH_IN_DAMAGE + "  - {p: P2, do: damage, cards: [Y0B, Y3A]}\n")
    assert_violation(verdict, 2, "ws:9.2.2", "Y3A", "not in the waiting room")


def test_fifth_copy_as_damage_before_the_refresh_is_a_violation_ws_5_1_2_2() -> None:
    """ws:5.1.2.2 (control for the test above): the first damage card, revealed before the refresh, is checked."""
    verdict = verify(
        REFRESH_IN_DAMAGE.replace(
            "P2: {deck: [Y0B], waiting: [Y0C, Y1A, Y2A]}",
            "P2: {deck: 1, waiting: [Y0C, Y1A, Y2A], clock: [Y3A, Y3A, Y3A, Y3A]}",
        )
        + "  - {p: P2, do: damage, cards: [Y3A, Y1A]}\n"
    )
    assert_violation(verdict, 2, "ws:5.1.2.2", "Y3A cannot be revealed here")


def test_refresh_order_naming_a_card_not_in_the_waiting_room_is_a_violation_ws_9_2_2() -> None:
    """ws:9.2.2: a refresh entry whose order names a card that was not in the waiting room."""
    verdict = verify(
        REFRESH_IN_DAMAGE
        + """\
  - {p: P2, do: damage, cards: [Y0B]}
  - {p: P2, do: refresh, order: [Y3A, Y2A, Y0C]}
"""
    )
    assert_violation(verdict, 3, "ws:9.2.2", "Y3A", "not in the waiting room")


def test_refresh_point_card_not_from_the_waiting_room_is_a_violation_ws_9_9_1_ws_9_2_2() -> None:
    """ws:9.9.1, ws:9.2.2: the refresh point takes the top card of the refreshed deck, which can only be a
    card that was in the waiting room; Y3A was not."""
    verdict = verify(
        REFRESH_IN_DAMAGE
        + """\
  - {p: P2, do: damage, cards: [Y0B, Y1A]}
  - {p: P2, do: refresh_point, card: Y3A}
"""
    )
    assert_violation(verdict, 3, "ws:9.2.2", "Y3A")


def test_refresh_in_the_middle_of_a_clock_phase_draw_ws_3_2_3_1() -> None:
    """ws:3.2.3.1, ws:6.4.1.2: the first card of the clock draw empties the deck; the refresh happens and the
    second card is drawn from the new deck; the refresh point is paid at the end of the clock phase (9.9.1)."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: clock
          P1: {hand: [Y0D], deck: [Y0A], waiting: [Y0B, Y0C, Y0C]}
          P2: {}
        actions:
          - {p: P1, do: clock, card: Y0D}
          - {p: P1, do: draw, cards: [Y0A, Y0C]}
          - {p: P1, do: refresh_point, card: Y0B, expect: {P1: {hand: [Y0A, Y0C], clock: [Y0D, Y0B], deck: 1, waiting: 0, refresh_point: 0}}}
        """
    )
    assert_legal(verdict)
    [refresh] = records(verdict, "ws:9.2.2", "refresh: P1's waiting room (3 cards)")
    [draw] = records(verdict, "ws:6.4.1.2", "draws 2")
    [point] = records(verdict, "ws:9.9.1")
    assert refresh.seq < draw.seq < point.seq
    assert point.phase == "clock"


def test_draw_from_the_refreshed_deck_not_from_the_waiting_room_is_a_violation_ws_9_2_2() -> None:
    """ws:3.2.3.1, ws:9.2.2: the second card of the clock draw comes from the refreshed deck; Y3A was not in the
    waiting room."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: clock
          P1: {hand: [Y0D], deck: [Y0A], waiting: [Y0B, Y0C, Y0C]}
          P2: {}
        actions:
          - {p: P1, do: clock, card: Y0D}
          - {p: P1, do: draw, cards: [Y0A, Y3A]}
        """
    )
    assert_violation(verdict, 1, "ws:9.2.2", "Y3A")


def test_deck_and_waiting_room_empty_during_damage_loses_ws_9_2_2_1() -> None:
    """ws:9.2.2.1: the deck runs out in a damage process, the waiting room is empty and no climax was
    revealed: that player loses at once."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: Y0A}}
          P2: {deck: [Y0B], waiting: []}
        actions:
          - {p: P1, do: attack, pos: 2, type: direct}
          - {p: P1, do: trigger, card: Y0A}
          - {p: P2, do: damage, cards: [Y0B]}
        result: {winner: P1}
        """
    )
    assert_legal(verdict)
    assert verdict.winner == "P1"
    [end] = records(verdict, None, "the game ends")
    assert "ws:9.2.2.1" in end.clauses and "P2 has no cards in deck or waiting room" in end.message


def test_climax_in_the_resolution_zone_saves_a_deck_out_ws_9_2_2_1() -> None:
    """ws:9.2.2.1: with a climax in the resolution zone of a damage process the player does not lose there; the
    damage is canceled, the climax goes to the waiting room and the refresh follows (9.2.2).  The refresh point
    (9.9.1) then moves that only card to the clock: deck and waiting room are empty and P2 loses."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: Y0A}}
          P2: {deck: [CXS], waiting: []}
        actions:
          - {p: P1, do: attack, pos: 2, type: direct}
          - {p: P1, do: trigger, card: Y0A}
          - {p: P2, do: damage, cards: [CXS]}
          - {p: P2, do: refresh_point, card: CXS, expect: {P2: {clock: [CXS], deck: 0, waiting: 0}}}
        result: {winner: P1}
        """
    )
    assert_legal(verdict)
    assert verdict.winner == "P1"
    [cancel] = records(verdict, "ws:4.10.1.2", "cancels")
    [refresh] = records(verdict, "ws:9.2.2", "refresh:")
    [end] = records(verdict, None, "the game ends")
    assert cancel.seq < refresh.seq < end.seq


def test_deck_and_waiting_room_empty_loses_at_the_check_timing_ws_9_4_1_2() -> None:
    """ws:9.4.1.2: a player with no cards in deck and waiting room loses at the next rule action."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {}
          P2: {deck: [], waiting: [], hand: [Y0A]}
        actions: []
        result: {winner: P1}
        """
    )
    assert_legal(verdict)
    assert verdict.winner == "P1"
    [end] = records(verdict, None, "the game ends")
    assert "ws:9.4.1" in end.clauses and "P2 loses (no cards in deck or waiting room)" in end.message


# =====================================================================================
# 3. Level up (ws:9.3.2), level 4 (ws:9.4.1.1), a draw (ws:1.2.3)
# =====================================================================================

LEVEL_UP = textwrap.dedent(
    """
    setup:
      turn: 3
      active: P1
      phase: attack
      P1: {stage: {2: Y0A}}
      P2: {clock: [Y0A, Y0A, Y0B, Y0B, Y0C, Y0C], level: LEVEL}
    actions:
      - {p: P1, do: attack, pos: 2, type: direct}
      - {p: P1, do: trigger, card: Y0A}
      - {p: P2, do: damage, cards: [Y1A, Y2A]}
    """
)
"""P2 has six cards in the clock; two damage make eight; the bottom seven are the six and Y1A."""


def level_up_log(level: str = "[]") -> str:
    return LEVEL_UP.replace("LEVEL", level)


def test_level_up_from_damage_ws_9_3_2() -> None:
    """ws:9.3.1, ws:9.3.2: one of the bottom seven goes to the level, the other six to the waiting room, and
    the eighth card stays in the clock."""
    verdict = verify(
        level_up_log()
        + "  - {p: P2, do: level_up, card: Y1A, expect: {P2: {level: [Y1A], clock: [Y2A], waiting: 6}}}\n"
    )
    assert_legal(verdict)
    [level_up] = records(verdict, "ws:9.3.2")
    assert level_up.kind is RecordKind.RULE_ACTION and level_up.data["card"] == "Y1A"


def test_level_up_choosing_a_card_above_the_bottom_seven_is_a_violation_ws_9_3_2() -> None:
    """ws:9.3.2: Y2A is the eighth card of the clock, not among the bottom seven."""
    verdict = verify(level_up_log() + "  - {p: P2, do: level_up, card: Y2A}\n")
    assert_violation(verdict, 3, "ws:9.3.2", "Y2A is not among the bottom seven")


def test_omitted_level_up_choice_is_a_violation_ws_9_3_2() -> None:
    """ws:9.3.2: the level up is a choice the log must state; the next entry cannot pass it."""
    verdict = verify(level_up_log() + "  - {p: P1, do: pass}\n")
    assert_violation(verdict, 3, "ws:9.3.2", "the rules required P2")


def test_level_up_in_the_clock_phase_comes_before_the_draw_ws_9_3_1() -> None:
    """ws:9.3.1 (an interrupt rule action), ws:6.4.1.2: the clocked card makes seven; the level up happens at once,
    before the two cards are drawn."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: clock
          P1: {hand: [Y1A], clock: [Y0A, Y0A, Y0B, Y0B, Y0C, Y0C]}
          P2: {}
        actions:
          - {p: P1, do: clock, card: Y1A}
          - {p: P1, do: level_up, card: Y1A, expect: {P1: {level: [Y1A], clock: 0, waiting: 6, hand: 0}}}
          - {p: P1, do: draw, cards: [Y2A, Y3A], expect: {P1: {hand: [Y2A, Y3A]}}}
        """
    )
    assert_legal(verdict)
    [level_up] = records(verdict, "ws:9.3.2")
    [draw] = records(verdict, "ws:6.4.1.2", "draws 2")
    assert level_up.seq < draw.seq


def test_wrong_result_claim_is_a_violation_ws_1_2_1() -> None:
    """ws:9.4.1.1, ws:1.2.1: P2 reaches level 4 and loses; a log claiming P2 won is contradicted."""
    verdict = verify(level_up_log("[Y3A, Y3A, Y3A]") + "  - {p: P2, do: level_up, card: Y0A}\nresult: {winner: P2}\n")
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    [violation] = verdict.violations
    assert violation.entry is None and violation.clauses == ("ws:1.2.1",) and "'P2' won" in violation.message


def test_reaching_level_4_loses_ws_9_4_1_1() -> None:
    """ws:9.4.1.1, ws:1.2.2.1: a fourth card in the level area loses the game at the next check timing."""
    verdict = verify(
        level_up_log("[Y3A, Y3A, Y3A]")
        + "  - {p: P2, do: level_up, card: Y0A, expect: {P2: {level: 4}, winner: null}}\nresult: {winner: P1}\n"
    )
    assert_legal(verdict)
    assert verdict.winner == "P1"
    [end] = records(verdict, None, "the game ends")
    assert "ws:9.4.1" in end.clauses and "P2 loses (level 4)" in end.message


def test_entries_after_a_loss_are_a_violation_ws_1_2_1() -> None:
    """ws:1.2.1: the game ends immediately; an entry after the loss cannot be placed."""
    verdict = verify(level_up_log("[Y3A, Y3A, Y3A]") + "  - {p: P2, do: level_up, card: Y0A}\n  - {p: P1, do: pass}\n")
    assert_violation(verdict, 4, "ws:1.2.1", "after the end of the game")


def test_both_players_reach_level_4_at_once_is_a_draw_ws_1_2_3() -> None:
    """ws:9.9.1, ws:9.1.2.2.1, ws:1.2.3: both players pay a refresh point at the same check timing, both level up
    to level 4, and both lose at once: the game is a draw."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {level: [Y3A, Y3A, Y3A], clock: [Y0A, Y0A, Y0A, Y0B, Y0B, Y0B], refresh_point: 1, deck: {top: [Y0C], rest: 10}}
          P2: {level: [Y3A, Y3A, Y3A], clock: [Y0A, Y0A, Y0A, Y0B, Y0B, Y0B], refresh_point: 1, deck: {top: [Y0C], rest: 10}}
        actions:
          - {p: P1, do: level_up, card: Y0C}
          - {p: P2, do: level_up, card: Y0C}
        result: {winner: draw}
        """
    )
    assert_legal(verdict)
    assert verdict.winner == "draw"
    [end] = records(verdict, "ws:1.2.3")
    assert "both players lose" in end.message


# =====================================================================================
# 4. Attack types (ws:7.2.1.3 - 7.2.1.4.2), damage (7.5.1.2.1), battle (7.6.1.2)
# =====================================================================================


def attack_log(p1_stage: str, p2_stage: str, *entries: str, trigger: bool = True) -> str:
    """P1 attacks in turn 3 with the first entry; the trigger check reveals Y0A (no icon) unless ``trigger`` is
    False; then ``entries``."""
    head = f"""
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {{stage: {p1_stage}, stock: [Y2A, Y2A, Y2A]}}
          P2: {{stage: {p2_stage}, stock: [Y2A, Y2A, Y2A]}}
        actions:
    """
    attack, *rest = entries
    if trigger:
        rest.insert(0, "{p: P1, do: trigger, card: Y0A}")
    return with_actions(head, attack, *rest)


def test_direct_attack_gets_plus_one_soul_ws_7_2_1_4_1() -> None:
    """ws:7.2.1.4.1: no character faces the attacker; the attack is direct and it gets +1 soul (2 damage)."""
    verdict = verify(
        attack_log(
            "{2: Y0A}",
            "{1: Y0B}",  # P2's 1 faces P1's 3, not 2 (3.6.5)
            "{p: P1, do: attack, pos: 2, type: direct, expect: {P1: {stage: {2: {soul: 2, state: rest}}}}}",
            "{p: P2, do: damage, cards: [Y0B, Y0C], expect: {P2: {clock: [Y0B, Y0C]}}}",
        )
    )
    assert_legal(verdict)
    [declare] = records(verdict, "ws:7.2.1.4.1", "direct attack")
    assert declare.data == {"pos": 2, "type": "direct"}


def test_direct_attack_declared_against_a_facing_character_is_a_violation_ws_7_2_1_4_2() -> None:
    """ws:7.2.1.4.1, ws:7.2.1.4.2: with a character facing it the attack is front or side, never direct."""
    verdict = verify(attack_log("{2: Y0A}", "{2: Y0B}", "{p: P1, do: attack, pos: 2, type: direct}", trigger=False))
    assert_violation(verdict, 0, "ws:7.2.1.4.2", "faces it")


def test_side_attack_reduces_soul_by_the_facing_level_ws_7_2_1_4_2() -> None:
    """ws:7.2.1.4.2: Y3A (soul 2) side attacks a level 1 character: soul 1, one damage; no battle."""
    verdict = verify(
        attack_log(
            "{1: Y3A}",
            "{3: R1A}",  # P1's 1 faces P2's 3
            "{p: P1, do: attack, pos: 1, type: side, expect: {P1: {stage: {1: {soul: 1}}}}}",
            "{p: P2, do: damage, cards: [Y0B], expect: {P2: {clock: [Y0B], stage: {3: {state: stand}}}}}",
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:7.2.1.4.2", "side attack")
    assert not records(verdict, "ws:7.6.1.2")
    assert not records(verdict, None, "counter step begins")


@pytest.mark.parametrize(("facing", "soul"), [("R1A", 0), ("Y2A", -1)])
def test_side_attack_to_zero_or_less_soul_deals_no_damage_ws_7_5_1_2_1(facing: str, soul: int) -> None:
    """ws:7.2.1.4.2, ws:7.5.1.2.1: soul 1 against level 1 (0) or level 2 (-1): no damage at all."""
    verdict = verify(
        attack_log(
            "{1: Y0A}",
            f"{{3: {facing}}}",
            f"{{p: P1, do: attack, pos: 1, type: side, expect: {{P1: {{stage: {{1: {{soul: {soul}}}}}}}}}}}",
            "{p: P1, do: pass, expect: {P2: {clock: 0, waiting: 0}}}",
        )
    )
    assert_legal(verdict)
    [none] = records(verdict, "ws:7.5.1.2.1")
    assert f"soul is {soul}: no damage" in none.message
    assert not records(verdict, "ws:4.10.1.1")


def test_damage_entry_for_a_zero_soul_side_attack_is_a_violation_ws_7_5_1_2_1() -> None:
    """ws:7.5.1.2.1: there is no damage to reveal; a damage entry there fits no point of the game."""
    verdict = verify(
        attack_log(
            "{1: Y0A}",
            "{3: R1A}",
            "{p: P1, do: attack, pos: 1, type: side}",
            "{p: P2, do: damage, cards: [Y0B]}",
            "{p: P1, do: pass}",
        )
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 2), describe(verdict)


def test_front_attack_lower_power_reverses_ws_7_6_1_2() -> None:
    """ws:7.6.1.2: Y0A (3000) front attacks Y0B (2000): the defender reverses, the attacker does not."""
    verdict = verify(
        attack_log(
            "{2: Y0A}",
            "{2: Y0B}",
            "{p: P1, do: attack, pos: 2, type: front}",
            "{p: P2, do: damage, cards: [Y0C]}",
            "{p: P1, do: pass, expect: {P1: {stage: {2: {state: rest}}}, P2: {stage: {2: {state: reverse}}}}}",
        )
    )
    assert_legal(verdict)
    [battle] = records(verdict, "ws:7.6.1.2")
    assert battle.data["power"] == [3000, 2000] and "Y0B reverse" in battle.message


def test_front_attack_tie_reverses_both_ws_7_6_1_2() -> None:
    """ws:7.6.1.2: equal power reverses both characters."""
    verdict = verify(
        attack_log(
            "{2: Y0A}",
            "{2: Y0A}",
            "{p: P1, do: attack, pos: 2, type: front}",
            "{p: P2, do: damage, cards: [Y0C]}",
            "{p: P1, do: pass, expect: {P1: {stage: {2: {state: reverse}}}, P2: {stage: {2: {state: reverse}}}}}",
        )
    )
    assert_legal(verdict)
    [battle] = records(verdict, "ws:7.6.1.2")
    assert battle.data["power"] == [3000, 3000]


def test_side_attack_stays_a_side_attack_when_the_facing_character_leaves_ws_7_2_1_4_3() -> None:
    """ws:7.2.1.4.3: a return trigger sends the facing character to the hand; the attack stays a side attack with
    its soul reduction (Y3A: 2 - 1 = 1 damage, not a direct attack's +1)."""
    verdict = verify(
        attack_log(
            "{1: Y3A}",
            "{3: R1A}",
            "{p: P1, do: attack, pos: 1, type: side}",
            "{p: P1, do: trigger, card: CXR, return: 3, expect: {P1: {stage: {1: {soul: 1}}}, P2: {hand: [R1A]}}}",
            "{p: P2, do: damage, cards: [Y0B], expect: {P2: {clock: [Y0B]}}}",
            trigger=False,
        )
    )
    assert_legal(verdict)


def test_defending_character_leaving_means_no_battle_ws_7_6_1_3() -> None:
    """ws:7.6.1.3: the defending character returned to the hand by a return trigger: the powers are not compared
    and the attacker is not reversed; the damage is still dealt (7.5.1.2)."""
    verdict = verify(
        attack_log(
            "{2: Y0A}",
            "{2: Y0B}",
            "{p: P1, do: attack, pos: 2, type: front}",
            "{p: P1, do: trigger, card: CXR, return: 2}",
            "{p: P2, do: damage, cards: [Y0C]}",
            "{p: P1, do: pass, expect: {P1: {stage: {2: {state: rest}}}, P2: {hand: [Y0B], clock: [Y0C]}}}",
            trigger=False,
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:7.6.1.3", "no comparison")
    assert not records(verdict, "ws:7.6.1.2")


def test_damage_entry_for_a_zero_soul_attack_cites_ws_7_5_1_2_1() -> None:
    """ws:7.5.1.2.1: the attacker with 0 soul deals no damage; the damage entry written for it is a violation there,
    citing the clause, and the next entry (P1 ends its attacks) is applied in this turn."""
    verdict = verify(
        attack_log(
            "{1: Y0A}",
            "{3: R1A}",
            "{p: P1, do: attack, pos: 1, type: side}",
            "{p: P2, do: damage, cards: [Y0B]}",
            "{p: P1, do: pass}",
        )
    )
    assert_violation(verdict, 2, "ws:7.5.1.2.1")
    assert not violations_at(verdict, 3), describe(verdict)
    assert all(record.turn == 3 for record in verdict.records), describe(verdict)


def test_attacking_with_a_rested_character_is_a_violation_ws_7_2_1_3() -> None:
    """ws:7.2.1.3: only a standing character on the center stage can attack."""
    verdict = verify(
        attack_log("{2: {card: Y0A, state: rest}}", "{}", "{p: P1, do: attack, pos: 2, type: direct}", trigger=False)
    )
    assert_violation(verdict, 0, "ws:7.2.1.3", "rested, not standing")


def test_a_second_attack_by_the_same_character_names_what_rested_it_ws_7_2_1_3() -> None:
    """ws:7.2.1.3: the refusal of an attack by a rested character says what rested it (its attack this turn,
    ws 7.2.1.5.3) and at which entry, the cause a judge looks for, not only the state."""
    verdict = verify(
        attack_log(
            "{2: Y0A}",
            "{}",
            "{p: P1, do: attack, pos: 2, type: direct}",
            "{p: P2, do: damage, cards: [Y0B, Y0C]}",
            "{p: P1, do: attack, pos: 2, type: direct}",
        )
    )
    assert_violation(
        verdict,
        3,
        "ws:7.2.1.3",
        "rested, not standing: it rested to attack from position 2 (direct attack, ws:7.2.1.5.3) in turn 3 (entry 0)",
    )


def test_an_attack_from_an_emptied_position_names_what_emptied_it_ws_7_2_1_3() -> None:
    """ws:7.2.1.3: an attack needs a character on the center stage; the refusal says where the character on
    that position went, by which rule and at which entry (a move to the back stage this turn, ws 6.5.1.2.4), not
    only that the position is empty."""
    body = """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {2: Y0A}}
          P2: {}
        actions:
          - {p: P1, do: move, from: 2, to: 4}
          - {p: P1, do: attack, pos: 2, type: direct}
    """
    verdict = verify(body)
    assert_violation(
        verdict,
        1,
        "ws:7.2.1.3",
        "no character on center-stage position 2",
        "Y0A moved from it to position 4 (ws:6.5.1.2.4) in turn 3 (entry 0)",
    )


def test_playing_a_card_that_is_not_in_hand_says_where_its_copies_are_ws_6_5_1_2() -> None:
    """The refusal of a card that is not in the hand says where the player's copies of it are, which points a
    judge at the entry that put them there."""
    body = """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {hand: [Y0B], waiting: [Y0A], stage: {2: Y0A}}
          P2: {}
        actions:
          - {p: P1, do: play, card: Y0A, pos: 1}
    """
    verdict = verify(body)
    assert_violation(verdict, 0, "ws:6.5.1.2", "Y0A is not in P1's hand", "the waiting room, stage position 2")


def test_attacking_from_the_back_stage_is_a_violation_ws_7_2_1_3() -> None:
    """ws:7.1.1, ws:7.2.1.3: a back-stage character (position 4) cannot attack."""
    verdict = verify(attack_log("{4: Y0A}", "{}", "{p: P1, do: attack, pos: 4, type: direct}", trigger=False))
    assert_violation(verdict, 0, "ws:7.2.1.3", "center-stage position 4")


FIRST_TURN = textwrap.dedent(
    """
    setup:
      turn: TURN
      active: ACTIVE
      phase: attack
      ACTIVE: {stage: {1: Y0A, 2: Y0B}}
      OTHER: {}
    actions:
      - {p: ACTIVE, do: attack, pos: 1, type: direct}
      - {p: ACTIVE, do: trigger, card: Y0A}
      - {p: OTHER, do: damage, cards: [Y0A, Y0A]}
      - {p: ACTIVE, do: attack, pos: 2, type: direct}
      - {p: ACTIVE, do: trigger, card: Y0A}
      - {p: OTHER, do: damage, cards: [Y0B, Y0B]}
    """
)


def first_turn_log(turn: int, active: str) -> str:
    other = "P2" if active == "P1" else "P1"
    return FIRST_TURN.replace("TURN", str(turn)).replace("ACTIVE", active).replace("OTHER", other)


@pytest.mark.parametrize("first", ["P1", "P2"])
def test_second_attack_in_the_starting_players_first_turn_is_a_violation_ws_7_2_1_3_1(first: str) -> None:
    """ws:7.2.1.3.1: in turn 1 the starting player (``first``) attacks once only."""
    verdict = verify(first_turn_log(1, first), first=first)
    violation = assert_violation(verdict, 3, "ws:7.2.1.3.1", "only once in the first turn")
    assert violation.clauses == ("ws:7.2.1.3.1",)
    # the replay then goes on as the log plays it: the second attack is carried out, marked as assumed
    assert len(records(verdict, "ws:7.2.1.4.1", "direct attack")) == 2
    assert any(record.message.startswith(f"assumed: {first} attack") for record in verdict.records)


@pytest.mark.parametrize(("turn", "active"), [(2, "P2"), (3, "P1")])
def test_second_attack_is_legal_outside_the_starting_players_first_turn_ws_7_2_1_3_1(turn: int, active: str) -> None:
    """ws:7.2.1.3.1 limits only the starting player's first turn: the other player's first turn (turn 2) and
    the starting player's second turn (turn 3) allow several attacks."""
    verdict = verify(first_turn_log(turn, active), first="P1")
    assert_legal(verdict)
    assert len(records(verdict, "ws:7.2.1.4.1", "direct attack")) == 2


# =====================================================================================
# 5. Trigger icons (ws:4.12.2.x)
# =====================================================================================


def trigger_log(trigger: str, *entries: str, p1: str = "", p2: str = "") -> str:
    """Y0A (soul 1) attacks directly from position 2 (2 damage unless a trigger changes it); P2 has Y0B at 1 and
    Y0C at 3 (neither faces position 2)."""
    head = f"""
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {{stage: {{2: Y0A}}{p1}}}
          P2: {{stage: {{1: Y0B, 3: Y0C}}{p2}}}
        actions:
          - {{p: P1, do: attack, pos: 2, type: direct}}
    """
    return with_actions(head, trigger, *entries)


def test_soul_trigger_ws_4_12_2_2() -> None:
    """ws:4.12.2.2: the attacker gets +1 soul (2 + 1 = 3 damage); the trigger card goes to the stock (7.3.1.2)."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXS, expect: {P1: {stage: {2: {soul: 3}}, stock: [CXS]}}}",
            "{p: P2, do: damage, cards: [Y0A, Y0A, Y0A], expect: {P2: {clock: 3}}}",
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.12.2.2", "+1 soul")


@pytest.mark.parametrize(("draw", "hand"), [(True, 1), (False, 0)])
def test_draw_trigger_ws_4_12_2_6(draw: bool, hand: int) -> None:
    """ws:4.12.2.6: the player may draw a card (``draw: true`` in the trigger entry); the trigger card then goes
    to the stock (7.3.1.2)."""
    flag = "true" if draw else "false"
    verdict = verify(
        trigger_log(
            f"{{p: P1, do: trigger, card: CXD, draw: {flag}}}",
            f"{{p: P2, do: damage, cards: [Y0A, Y0A], expect: {{P1: {{hand: {hand}, stock: [CXD]}}}}}}",
        )
    )
    assert_legal(verdict)
    assert bool(records(verdict, "ws:4.12.2.6", "draws 1")) is draw


def test_expectation_of_a_trigger_entry_with_a_draw_is_checked_after_the_trigger_check_ws_7_3_1_2() -> None:
    """ws:7.3.1.2, ws:4.12.2.6: the trigger check reveals the card, performs its icon (the draw) and puts it into
    the stock; the trigger entry's expectation describes the state after all of it."""
    verdict = verify(trigger_log("{p: P1, do: trigger, card: CXD, draw: true, expect: {P1: {hand: 1, stock: [CXD]}}}"))
    assert_legal(verdict)


def test_pool_trigger_ws_4_12_2_4() -> None:
    """ws:4.12.2.4: the top card of the deck goes to the stock, then the trigger card on top of it."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXP, pool: true, expect: {P1: {stock: [Y0B, CXP]}}}",
            p1=", deck: {top: [CXP, Y0B], rest: 10}",
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.12.2.4", "goes to the stock")


def test_comeback_trigger_ws_4_12_2_5() -> None:
    """ws:4.12.2.5: a character of the waiting room returns to the hand."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXC, comeback: Y1A, expect: {P1: {hand: [Y1A], waiting: [Y0B]}}}",
            p1=", waiting: [Y1A, Y0B]",
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.12.2.5", "Y1A returns to hand")


def test_comeback_of_a_card_not_in_the_waiting_room_is_a_violation_ws_4_12_2_5() -> None:
    """ws:4.12.2.5: the comeback chooses a character in the waiting room."""
    verdict = verify(trigger_log("{p: P1, do: trigger, card: CXC, comeback: Y2A}", p1=", waiting: [Y1A]"))
    assert_violation(verdict, 1, "ws:4.12.2.5")


@pytest.mark.parametrize(("pool", "stock"), [(True, 1), (False, 0)])
def test_treasure_trigger_returns_the_card_to_hand_ws_4_12_2_8(pool: bool, stock: int) -> None:
    """ws:4.12.2.8: the treasure card returns to its owner's hand (not to the stock); then the player may put the
    top card of the deck into the stock."""
    flag = "true" if pool else "false"
    verdict = verify(
        trigger_log(f"{{p: P1, do: trigger, card: CXT, pool: {flag}, expect: {{P1: {{hand: [CXT], stock: {stock}}}}}}}")
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.12.2.8", "CXT returns to hand")


def test_return_trigger_ws_4_12_2_3() -> None:
    """ws:4.12.2.3: one of the opponent's characters returns to its owner's hand."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXR, return: 3, expect: {P2: {hand: [Y0C], stage: {3: null, 1: {card: Y0B}}}}}"
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.12.2.3", "Y0C returns to its owner's hand")


def test_standby_trigger_ws_4_12_2_10() -> None:
    """ws:4.12.2.10: a character of level <= level + 1 from the waiting room goes to a stage position, rested."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXB, standby: {card: Y1A, pos: 4},"
            " expect: {P1: {stage: {4: {card: Y1A, state: rest}}, waiting: 0}}}",
            p1=", waiting: [Y1A]",
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:4.12.2.10", "standby: Y1A")


def test_standby_onto_an_occupied_position_ws_4_12_2_10_1() -> None:
    """ws:4.12.2.10.1, ws:9.6.1: standby onto an occupied position; the earlier character goes to the waiting room."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXB, standby: {card: Y1A, pos: 4}}",
            "{p: P2, do: damage, cards: [Y0A, Y0A], expect: {P1: {stage: {4: {card: Y1A}}, waiting: [Y0D]}}}",
            p1=", waiting: [Y1A]",
        ).replace("{2: Y0A}", "{2: Y0A, 4: Y0D}")
    )
    assert_legal(verdict)
    assert records(verdict, "ws:9.6.1", "Y0D leaves position 4")


def test_standby_above_level_plus_one_is_a_violation_ws_4_12_2_10() -> None:
    """ws:4.12.2.10: at level 0 the standby can take a level 1 character, not a level 2 one."""
    verdict = verify(
        trigger_log("{p: P1, do: trigger, card: CXB, standby: {card: Y2A, pos: 4}}", p1=", waiting: [Y2A]")
    )
    assert_violation(verdict, 1, "ws:4.12.2.10")


def test_shot_trigger_deals_one_more_damage_when_canceled_ws_4_12_2_7() -> None:
    """ws:4.12.2.7: the attacker's next damage is canceled, so its shot ability deals one damage."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXH}",
            "{p: P2, do: damage, cards: [Y0B, CXS], expect: {P2: {clock: 0, waiting: [Y0B, CXS]}}}",
            "{p: P2, do: damage, cards: [Y1A], expect: {P2: {clock: [Y1A]}}}",
        )
    )
    assert_legal(verdict)
    [triggered] = records(verdict, "ws:4.12.2.7", "the shot ability triggers")
    [played] = records(verdict, "ws:4.12.2.7", "shot of Y0A is played")
    [extra] = [r for r in records(verdict, "ws:4.10.1.3") if r.seq > played.seq]
    assert triggered.seq < played.seq and extra.data["cards"] == ["Y1A"] and "1 damage to P2" in extra.message


def test_shot_trigger_without_cancel_deals_nothing_more_ws_4_12_2_7() -> None:
    """ws:4.12.2.7: the damage is not canceled; the shot ability does not trigger and no damage follows."""
    verdict = verify(
        trigger_log(
            "{p: P1, do: trigger, card: CXH}",
            "{p: P2, do: damage, cards: [Y0B, Y0C]}",
            "{p: P2, do: damage, cards: [Y1A]}",
        )
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 3), describe(verdict)
    assert not records(verdict, "ws:4.12.2.7", "triggers")


# =====================================================================================
# 6. Counter step: backup (ws:10.5.2), only for front attacks (ws:7.3.1.3)
# =====================================================================================


def counter_log(*entries: str, level: str = "[Y0A]", attack_type: str = "front") -> str:
    """Y1A (5500) attacks P2's Y0A (3000) at position 2; P2 (level 1 by default, all yellow) holds three backups."""
    head = f"""
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {{stage: {{2: Y1A}}}}
          P2: {{stage: {{2: Y0A}}, level: {level}, stock: [Y0B, Y0C], hand: [Y1B, R1B, B2B]}}
        actions:
          - {{p: P1, do: attack, pos: 2, type: {attack_type}}}
          - {{p: P1, do: trigger, card: Y0A}}
    """
    return with_actions(head, *entries)


def test_backup_gives_power_to_the_defending_character_ws_10_5_2() -> None:
    """ws:7.4.1.2, ws:10.5.2: Y1B's backup (level 1, stock 1) gives Y0A +2000: 5000 against 5500."""
    verdict = verify(
        counter_log(
            "{p: P2, do: counter, card: Y1B, target: 2,"
            " expect: {P2: {stage: {2: {power: 5000}}, stock: [Y0B], waiting: [Y0C, Y1B], hand: [R1B, B2B]}}}"
        )
        + "  - {p: P2, do: damage, cards: [Y0A]}\n"
        + "  - {p: P1, do: pass, expect: {P2: {stage: {2: {state: reverse, power: 5000}}}}}\n"
    )
    assert_legal(verdict)
    assert records(verdict, "ws:10.5.2", "backup Y1B")


def test_backup_has_no_color_requirement_ws_10_5_2() -> None:
    """ws:10.5.2: Backup is an activated ability of a card in hand with a level condition only; the color
    requirement of 8.6.2.1.1 is for playing cards.  The red R1B backs up with only yellow cards in P2's level:
    Y0A gets +2500 (5500)."""
    verdict = verify(
        counter_log("{p: P2, do: counter, card: R1B, target: 2, expect: {P2: {stage: {2: {power: 5500}}}}}")
    )
    assert_legal(verdict)


def test_backup_needs_the_players_level_ws_10_5_2() -> None:
    """ws:10.5.2: Y1B's backup needs level 1; P2 is level 0: the backup is refused and nothing is paid."""
    verdict = verify(
        counter_log(
            "{p: P2, do: counter, card: Y1B, target: 2}",
            "{p: P2, do: damage, cards: [Y0B], expect: {P2: {stock: 2, hand: [Y1B, R1B, B2B]}}}",
            level="[]",
        )
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    [violation] = violations_at(verdict, 2)
    assert "Y1B" in violation.message and "level 1" in violation.message
    assert not records(verdict, "ws:10.5.2", "plays backup")


@pytest.mark.parametrize(("card", "level", "needed"), [("Y1B", "[]", "1"), ("B2B", "[Y0A]", "2")])
def test_refused_backup_cites_the_backup_level_condition_ws_10_5_2(card: str, level: str, needed: str) -> None:
    """ws:10.5.2: Backup is an activated ability played from hand; "only ... if your level is (Y) or higher" is
    its condition (the requirements for playing a card, 8.6.2.1, are for cards, not abilities)."""
    verdict = verify(counter_log(f"{{p: P2, do: counter, card: {card}, target: 2}}", level=level))
    violation = assert_violation(verdict, 2, "ws:10.5.2", f"needs level {needed}")
    assert "ws:8.6.2.1.2" not in violation.clauses


def test_backup_without_stock_is_refused_ws_10_5_2() -> None:
    """ws:10.5.2, ws:8.4.2.2: R1B's Backup costs one stock; P2 has none, so it cannot be played."""
    verdict = verify(
        counter_log("{p: P2, do: counter, card: R1B, target: 2}").replace("stock: [Y0B, Y0C]", "stock: []")
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 2), describe(verdict)
    assert not records(verdict, "ws:10.5.2", "plays backup")


def test_backup_without_stock_is_refused_for_its_cost_not_its_color_ws_8_4_2_2() -> None:
    """ws:10.5.2, ws:8.4.2.2: the refusal is about the cost that cannot be paid; Backup has no color requirement,
    so the refusal must not cite ws:8.6.2.1.1."""
    verdict = verify(
        counter_log("{p: P2, do: counter, card: R1B, target: 2}").replace("stock: [Y0B, Y0C]", "stock: []")
    )
    [violation] = violations_at(verdict, 2)
    assert "ws:8.6.2.1.1" not in violation.clauses, violation
    assert {"ws:8.4.2.2", "ws:10.5.2"} & set(violation.clauses), violation


def test_no_counter_step_for_a_side_attack_ws_7_3_1_3() -> None:
    """ws:7.3.1.3: after a side attack's trigger step the damage step follows; there is no counter step, so a
    backup there is a violation."""
    verdict = verify(
        counter_log("{p: P2, do: counter, card: Y1B, target: 2}", attack_type="side")
        + "  - {p: P2, do: damage, cards: [Y0A]}\n"
    )
    assert not records(verdict, None, "counter step begins"), describe(verdict)
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 2), describe(verdict)


def test_counter_entry_after_a_side_attack_is_a_violation_there_ws_7_3_1_3() -> None:
    """ws:7.3.1.3: the side attack has no counter step; the backup entry is a violation where it stands (citing the
    step order of 7.3.1.3 or the counter step of 7.4.1), and the damage entry after it is this attack's damage."""
    verdict = verify(
        counter_log("{p: P2, do: counter, card: Y1B, target: 2}", attack_type="side")
        + "  - {p: P2, do: damage, cards: [Y0A]}\n"
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    [violation] = violations_at(verdict, 2)
    assert {"ws:7.3.1.3", "ws:7.4.1", "ws:7.4.1.2"} & set(violation.clauses), violation
    assert not violations_at(verdict, 3), describe(verdict)
    [damage] = records(verdict, "ws:4.10.1.3")
    assert damage.data["cards"] == ["Y0A"]


def test_counter_step_happens_for_a_front_attack_ws_7_4_1() -> None:
    """ws:7.3.1.3, ws:7.4.1.2: a front attack goes to the counter step; passing it is recorded."""
    verdict = verify(counter_log("{p: P2, do: pass}") + "  - {p: P2, do: damage, cards: [Y0A]}\n")
    assert_legal(verdict)
    assert records(verdict, "ws:7.4.1.1", "counter step begins")
    assert records(verdict, "ws:7.4.1.2", "P2 plays no counter")


# =====================================================================================
# 7. Encore step (ws:7.7.1.2, 7.7.1.3, 10.2.2, 10.2.3)
# =====================================================================================

TIE = textwrap.dedent(
    """
    setup:
      turn: 3
      active: P1
      phase: attack
      P1: {stage: {2: Y0A}, stock: P1STOCK}
      P2: {stage: {2: Y0A}, stock: P2STOCK}
    actions:
      - {p: P1, do: attack, pos: 2, type: front}
      - {p: P1, do: trigger, card: Y0B}
      - {p: P2, do: damage, cards: [Y0C]}
      - {p: P1, do: pass}
    """
)
"""A front attack that ties: both Y0A reverse (7.6.1.2); the encore step follows."""


def tie_log(p1_stock: str = "[Y0C, Y0C, Y0C]", p2_stock: str = "[Y0D, Y1A, Y1A, Y1A]") -> str:
    """P1's stock gets the trigger card Y0B on top: four cards by default."""
    return TIE.replace("P1STOCK", p1_stock).replace("P2STOCK", p2_stock)


AFTER_ENCORE = (
    '{p: P2, do: draw, cards: ["?"], turn: 4, expect: '
    "{P1: {stage: {2: {card: Y0A, state: rest}}, stock: [Y0C], waiting: [Y0B, Y0C, Y0C]}, "
    "P2: {stage: {2: {card: Y0A}}, stock: [Y0D], waiting: [Y1A, Y1A, Y1A]}}}"
)
"""The first entry of turn 4: both encores paid (P2's characters stand again in 6.2.1.2, P1's stay rested)."""


def test_encore_paid_returns_the_character_rested_ws_10_2_2() -> None:
    """ws:10.2.2, ws:10.2.3: Encore [3] paid (stated by a ``resolve`` entry): three stock from the top go to the
    waiting room and the character returns to the position it was in, rested (its last-known position on the
    stage, ws:8.11.1)."""
    verdict = verify(
        tie_log()
        + "  - {p: P1, do: encore, pos: 2}\n"
        + "  - {p: P1, do: resolve, source: Y0A, ability: encore, pay: true}\n"
        + "  - {p: P2, do: encore, pos: 2}\n"
        + "  - {p: P2, do: resolve, source: Y0A, ability: encore, pay: true}\n"
        + f"  - {AFTER_ENCORE}\n"
    )
    assert_legal(verdict)
    encores = records(verdict, "ws:10.2.2", "Encore:")
    assert [(record.player, record.data["pos"]) for record in encores] == [("P1", 2), ("P2", 2)]
    paid = records(verdict, "ws:10.2.2", "pays 3 stock")
    assert [record.data["paid"] for record in paid] == [["Y0B", "Y0C", "Y0C"], ["Y1A", "Y1A", "Y1A"]]


def test_encore_entry_with_pay_true_pays_the_encore_ws_10_2_2() -> None:
    """ws:10.2.2: the log format's ``encore`` entry states the payment with ``pay: true``; the Encore is paid."""
    verdict = verify(
        tie_log()
        + "  - {p: P1, do: encore, pos: 2, pay: true}\n"
        + "  - {p: P2, do: encore, pos: 2, pay: true}\n"
        + f"  - {AFTER_ENCORE}\n"
    )
    assert_legal(verdict)


def test_an_encore_entry_paying_sees_its_encore_resolved_in_its_expect_ws_10_2_2() -> None:
    """ws:10.2.2 (``judge/site/ws-logs.rst``, ``encore``): an ``encore`` entry with ``pay: true`` pays the cost and resolves the
    Encore, so its own ``expect`` sees the character back on its position, rested, and the stock paid."""
    verdict = verify(
        tie_log()
        + "  - {p: P1, do: encore, pos: 2, pay: true, "
        + "expect: {P1: {stage: {2: {card: Y0A, state: rest}}, stock: [Y0C], waiting: [Y0B, Y0C, Y0C]}}}\n"
    )
    assert_legal(verdict)


def test_encore_not_paid_stays_in_the_waiting_room_ws_8_7_3_1_1() -> None:
    """ws:10.2.2, ws:8.7.3.1.1: the player may decline to pay; the character stays in the waiting room."""
    verdict = verify(
        tie_log()
        + "  - {p: P1, do: encore, pos: 2, pay: false}\n"
        + "  - {p: P2, do: encore, pos: 2, pay: false, expect: {P1: {stage: {2: null}, waiting: [Y0A], stock: 4}}}\n"
    )
    assert_legal(verdict)
    declined = records(verdict, "ws:8.7.3.2.1", "does not pay Encore")
    assert [record.player for record in declined] == ["P1", "P2"]
    assert not records(verdict, "ws:10.2.2", "Encore:")


def test_encore_without_enough_stock_stays_in_the_waiting_room_ws_10_2_2() -> None:
    """ws:10.2.2, ws:8.4.2.2: with two stock the Encore [3] cannot be paid; the character stays in the waiting room
    and the stock is untouched."""
    verdict = verify(
        tie_log(p1_stock="[Y0C]")
        + "  - {p: P1, do: encore, pos: 2}\n"
        + "  - {p: P2, do: encore, pos: 2, expect: {P1: {stage: {2: null}, waiting: [Y0A], stock: 2}}}\n"
    )
    assert_legal(verdict)
    assert not records(verdict, "ws:10.2.2", "Encore:")


def test_encore_paid_without_enough_stock_is_a_violation_ws_10_2_2() -> None:
    """ws:10.2.2, ws:8.4.2.2: a resolve entry paying Encore [3] from two stock is an impossible choice; nothing is
    paid and the character stays in the waiting room."""
    verdict = verify(
        tie_log(p1_stock="[Y0C]")
        + "  - {p: P1, do: encore, pos: 2}\n"
        + "  - {p: P1, do: resolve, source: Y0A, ability: encore, pay: true}\n"
        + "  - {p: P2, do: encore, pos: 2, expect: {P1: {stage: {2: null}, waiting: [Y0A], stock: 2}}}\n"
    )
    assert_violation(verdict, 5, "ws:10.2.2", "pay Y0A yes is not a legal option")
    assert not violations_at(verdict, 6), describe(verdict)
    assert not records(verdict, "ws:10.2.2", "Encore:")


def test_encore_entry_claiming_an_unaffordable_payment_is_a_violation_ws_8_4_2_2() -> None:
    """ws:10.2.2, ws:8.4.2.2: ``pay: true`` on the encore entry with two stock claims an impossible payment."""
    verdict = verify(tie_log(p1_stock="[Y0C]") + "  - {p: P1, do: encore, pos: 2, pay: true}\n")
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    [violation] = violations_at(verdict, 4)
    assert {"ws:8.4.2.2", "ws:10.2.2"} & set(violation.clauses)


def test_encore_turn_player_first_ws_7_7_1_2() -> None:
    """ws:7.7.1.2, ws:7.7.1.3: the turn player's reversed characters go to the waiting room first, then the
    other player's (a trace in that order, even when the log states only P2's choice)."""
    verdict = verify(tie_log() + "  - {p: P2, do: encore, pos: 2, pay: false}\n")
    assert_legal(verdict)
    steps = [r for r in verdict.records if "goes to the waiting room" in r.message and "(position 2)" in r.message]
    assert [(r.player, r.clauses) for r in steps] == [("P1", ("ws:7.7.1.2",)), ("P2", ("ws:7.7.1.3",))]
    implied = [r for r in verdict.records if r.data.get("implied") and "encore" in r.message]
    assert [(r.player, r.clauses) for r in implied] == [("P1", ("ws:7.7.1.2",))]


def test_encore_of_the_turn_player_after_the_other_players_is_a_violation_ws_7_7_1_2() -> None:
    """ws:7.7.1.2: P2's encore written first implies P1 put its character into the waiting room (not paying);
    P1's later encore entry then fits no point."""
    verdict = verify(
        tie_log()
        + """\
  - {p: P2, do: encore, pos: 2}
  - {p: P1, do: encore, pos: 2}
"""
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 5), describe(verdict)
    assert not violations_at(verdict, 4), describe(verdict)
    steps = [r for r in verdict.records if "goes to the waiting room" in r.message and "(position 2)" in r.message]
    assert [r.player for r in steps] == ["P1", "P2"]


# =====================================================================================
# 8. Playing cards (ws:8.6.2.1.1, 8.6.2.1.2, 8.6.2.3.2, 9.6.1, 6.6.1.2.1, 9.7.1, 9.5.1)
# =====================================================================================


def main_log(p1: str, *entries: str) -> str:
    """P1's main phase of turn 3 with the zones ``p1``, then ``entries``."""
    head = f"""
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {p1}
          P2: {{}}
        actions:
    """
    return with_actions(head, *entries)


def test_color_requirement_ws_8_6_2_1_1() -> None:
    """ws:8.6.2.1.1: the red level 1 R1A needs a red card in the level or clock; P1 has only yellow."""
    verdict = verify(main_log("{level: [Y0A], clock: [Y0B], hand: [R1A]}", "{p: P1, do: play, card: R1A, pos: 1}"))
    violation = assert_violation(verdict, 0, "ws:8.6.2.1.1", "R1A is red")
    assert "play R1A pos 1" not in violation.options


def test_color_requirement_met_by_the_clock_ws_8_6_2_1_1() -> None:
    """ws:8.6.2.1.1: a red card in the clock lets P1 play R1A."""
    verdict = verify(
        main_log(
            "{level: [Y0A], clock: [R1A], hand: [R1A]}",
            "{p: P1, do: play, card: R1A, pos: 1, expect: {P1: {stage: {1: {card: R1A}}, hand: 0}}}",
        )
    )
    assert_legal(verdict)


def test_level_0_cards_need_no_color_ws_8_6_2_1_1_1() -> None:
    """ws:8.6.2.1.1.1: a level 0 character is played without any card in level or clock."""
    verdict = verify(
        main_log("{hand: [Y0A]}", "{p: P1, do: play, card: Y0A, pos: 3, expect: {P1: {stage: {3: {card: Y0A}}}}}")
    )
    assert_legal(verdict)


def test_level_requirement_ws_8_6_2_1_2() -> None:
    """ws:8.6.2.1.2: Y1A (level 1) at level 0 cannot be played."""
    verdict = verify(main_log("{clock: [Y0A], stock: [Y0B], hand: [Y1A]}", "{p: P1, do: play, card: Y1A, pos: 1}"))
    assert_violation(verdict, 0, "ws:8.6.2.1.2", "Y1A is level 1 but P1 is level 0")


def test_cost_must_be_paid_in_full_ws_8_6_2_3_2() -> None:
    """ws:8.6.2.3.2: Y1A costs 1; with no stock it cannot be played."""
    verdict = verify(main_log("{level: [Y0A], hand: [Y1A]}", "{p: P1, do: play, card: Y1A, pos: 1}"))
    assert_violation(verdict, 0, "ws:8.6.2.3.2", "costs 1 but P1 has 0 stock")


def test_cost_is_paid_from_the_top_of_the_stock_ws_8_6_2_3() -> None:
    """ws:8.6.2.3, ws:8.4.3: the cost moves the top stock card(s) to the waiting room."""
    verdict = verify(
        main_log(
            "{level: [Y0A], stock: [Y0B, Y0C], hand: [Y1A]}",
            "{p: P1, do: play, card: Y1A, pos: 1, expect: {P1: {stock: [Y0B], waiting: [Y0C], stage: {1: {card: Y1A}}}}}",
        )
    )
    assert_legal(verdict)
    [paid] = records(verdict, "ws:8.6.2.3", "pays 1 stock")
    assert paid.data["paid"] == ["Y0C"]


def test_playing_on_an_occupied_position_ws_9_6_1() -> None:
    """ws:8.6.2.4.1, ws:9.6.1: the earlier character goes to the waiting room at the next check timing."""
    verdict = verify(
        main_log(
            "{stage: {2: Y0A}, hand: [Y0B]}",
            "{p: P1, do: play, card: Y0B, pos: 2}",
            "{p: P1, do: pass, expect: {P1: {stage: {2: {card: Y0B}}, waiting: [Y0A]}}}",
        )
    )
    assert_legal(verdict)
    [rule] = records(verdict, "ws:9.6.1")
    assert rule.kind is RecordKind.RULE_ACTION and "Y0A leaves position 2" in rule.message


def test_character_replaced_on_its_position_can_use_encore_ws_10_2_1() -> None:
    """ws:9.6.1, ws:10.2.1, ws:10.2.2: the replaced character goes from the stage to the waiting room, so its
    Encore [3] triggers; paid, it returns to its position rested and the newer character is now the earlier one
    there (9.6.1 again)."""
    verdict = verify(
        main_log(
            "{stage: {2: Y0A}, stock: [Y0C, Y0C, Y0C], hand: [Y0B]}",
            "{p: P1, do: play, card: Y0B, pos: 2}",
            "{p: P1, do: resolve, source: Y0A, ability: encore, pay: true}",
            "{p: P1, do: pass, expect: {P1: {stage: {2: {card: Y0A, state: rest}}, waiting: [Y0C, Y0C, Y0C, Y0B]}}}",
        )
    )
    assert_legal(verdict)
    replaced = records(verdict, "ws:9.6.1", "leaves position 2")
    assert [record.message.split()[0] for record in replaced] == ["Y0A", "Y0B"]


def test_climax_cannot_be_played_in_the_main_phase_ws_6_6_1_2_1() -> None:
    """ws:6.6.1.2.1: a climax is played in the climax phase only."""
    verdict = verify(main_log("{hand: [CXS]}", "{p: P1, do: play, card: CXS}"))
    assert_violation(verdict, 0, "ws:6.6.1.2.1", "climax phase")


def test_climax_in_the_climax_phase_ws_6_6_1_2_1() -> None:
    """ws:6.6.1.2.1, ws:8.6.2.4.3: the climax goes to the climax area."""
    verdict = verify(
        main_log(
            "{clock: [Y0A], hand: [CXS]}",
            "{p: P1, do: pass}",
            "{p: P1, do: climax, card: CXS, expect: {P1: {climax: [CXS], hand: 0}, phase: climax}}",
        )
    )
    assert_legal(verdict)
    assert records(verdict, "ws:6.6.1.2.1", "plays the climax CXS")


def test_second_climax_in_one_climax_phase_is_a_violation_ws_6_6_1_2_2() -> None:
    """ws:6.6.1.2.2: only one climax in the climax phase."""
    verdict = verify(
        main_log(
            "{clock: [Y0A], hand: [CXS, CXD]}",
            "{p: P1, do: climax, card: CXS}",
            "{p: P1, do: climax, card: CXD}",
        )
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 1), describe(verdict)
    assert len(records(verdict, "ws:6.6.1.2.1", "plays the climax")) == 1


def test_second_climax_in_the_climax_area_ws_9_7_1() -> None:
    """ws:9.7.1: with a climax already in the climax area, the earlier one goes to the waiting room."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: climax
          P1: {clock: [Y0A], climax: CXS, hand: [CXD]}
          P2: {}
        actions:
          - {p: P1, do: climax, card: CXD}
          - {p: P1, do: pass, expect: {P1: {climax: [CXD], waiting: [CXS]}}}
        """
    )
    assert_legal(verdict)
    [rule] = records(verdict, "ws:9.7.1")
    assert "CXS" in rule.message


def test_climax_color_requirement_ws_8_6_2_1_1() -> None:
    """ws:8.6.2.1.1: a climax has no level requirement but does have the color requirement."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: climax
          P1: {clock: [R1A], hand: [CXS]}
          P2: {}
        actions:
          - {p: P1, do: climax, card: CXS}
        """
    )
    assert_violation(verdict, 0, "ws:8.6.2.1.1")


def test_power_zero_character_goes_to_the_waiting_room_ws_9_5_1() -> None:
    """ws:9.5.1: a character with 0 power is put into the waiting room at the next check timing."""
    verdict = verify(
        main_log(
            "{hand: [Z00]}",
            "{p: P1, do: play, card: Z00, pos: 1, expect: {P1: {stage: {1: {card: Z00, power: 0}}}}}",
            "{p: P1, do: pass, expect: {P1: {stage: {1: null}, waiting: [Z00]}}}",
        )
    )
    assert_legal(verdict)
    [rule] = records(verdict, "ws:9.5.1")
    assert "Z00 has 0 or less power" in rule.message


# =====================================================================================
# 9. End phase (ws:6.8.1.2, 3.3.3.1, 6.8.1.3)
# =====================================================================================

END_PHASE = textwrap.dedent(
    """
    setup:
      turn: 3
      active: P1
      phase: end
      P1: {hand: [Y0A, Y0A, Y0B, Y0B, Y0C, Y0C, Y1A, Y1A, Y2A], climax: CXS}
      P2: {}
    actions:
    """
)
"""Nine cards in hand: two over the limit of seven."""


def test_end_phase_discard_to_seven_and_climax_to_waiting_room_ws_6_8_1_2_ws_6_8_1_3() -> None:
    """ws:6.8.1.2, ws:3.3.3.1: two cards go to the waiting room; ws:6.8.1.3: then the climax does too."""
    verdict = verify(
        END_PHASE
        + """\
  - {p: P1, do: discard, cards: [Y2A, Y1A], expect: {P1: {hand: 7, waiting: 2, climax: [CXS]}}}
  - {p: P2, do: draw, cards: ["?"], expect: {turn: 4, P1: {climax: 0, waiting: 3, hand: 7}}}
"""
    )
    assert_legal(verdict)
    [climax] = records(verdict, "ws:6.8.1.3")
    assert "CXS goes to the waiting room" in climax.message
    [discard] = records(verdict, "ws:6.8.1.2", "to the hand limit")
    assert sorted(discard.data["cards"]) == ["Y1A", "Y2A"]


@pytest.mark.parametrize("cards", ["[Y2A]", "[Y2A, Y1A, Y1A]"])
def test_end_phase_discarding_the_wrong_number_is_a_violation_ws_6_8_1_2(cards: str) -> None:
    """ws:6.8.1.2, ws:3.3.3.1: exactly the cards over the limit (two), not one, not three."""
    verdict = verify(END_PHASE + f"  - {{p: P1, do: discard, cards: {cards}}}\n")
    violation = assert_violation(verdict, 0, "ws:6.8.1.2", "must put exactly 2 cards")
    assert "ws:3.3.3.1" in violation.clauses


def test_end_phase_omitted_discard_is_a_violation_ws_6_8_1_2() -> None:
    """ws:6.8.1.2: the discard is a choice the log must state; the next turn's entry cannot pass it."""
    verdict = verify(END_PHASE + "  - {p: P2, do: pass}\n")
    assert_violation(verdict, 0, "ws:6.8.1.2")


def test_climax_area_emptied_without_a_discard_ws_6_8_1_3() -> None:
    """ws:6.8.1.3: at the end phase the climax goes to the waiting room (hand within the limit)."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: end
          P1: {hand: [Y0A], climax: CXS}
          P2: {}
        actions:
          - {p: P2, do: draw, cards: ["?"], expect: {turn: 4, P1: {climax: 0, waiting: [CXS]}}}
        """
    )
    assert_legal(verdict)
    assert records(verdict, "ws:6.8.1.3", "CXS goes to the waiting room")


# =====================================================================================
# 10. Clock phase (ws:6.4.1.2) and deck lists (ws:5.2.1.1, 5.1.2.2)
# =====================================================================================

CLOCK_PHASE = textwrap.dedent(
    """
    setup:
      turn: 3
      active: P1
      phase: clock
      P1: {hand: [Y0A, Y0B], waiting: [Y0A, Y0A, Y0A]}
      P2: {}
    actions:
      - {p: P1, do: clock, card: Y0B, expect: {P1: {clock: [Y0B], hand: [Y0A]}}}
    """
)


def test_clock_phase_draws_two_ws_6_4_1_2() -> None:
    """ws:6.4.1.2: a card from hand to the clock, then two cards drawn."""
    verdict = verify(CLOCK_PHASE + "  - {p: P1, do: draw, cards: [Y1A, Y2A], expect: {P1: {hand: [Y0A, Y1A, Y2A]}}}\n")
    assert_legal(verdict)
    [draw] = records(verdict, "ws:6.4.1.2", "draws 2")
    assert draw.data["cards"] == ["Y1A", "Y2A"]


@pytest.mark.parametrize("cards", ["[Y1A]", "[Y1A, Y2A, Y3A]"])
def test_clock_draw_with_the_wrong_number_of_cards_is_a_violation_ws_6_4_1_2(cards: str) -> None:
    """ws:6.4.1.2: the clock draw is two cards; a draw entry listing one or three is a violation."""
    verdict = verify(CLOCK_PHASE + f"  - {{p: P1, do: draw, cards: {cards}}}\n")
    assert_violation(verdict, 1, "ws:6.4.1.2", "draw 2 cards here")


def test_no_clock_no_draw_ws_6_4_1_2() -> None:
    """ws:6.4.1.2: without a clock there is no draw; a draw entry there is a violation."""
    verdict = verify(
        CLOCK_PHASE.replace(
            "{p: P1, do: clock, card: Y0B, expect: {P1: {clock: [Y0B], hand: [Y0A]}}}", "{p: P1, do: pass}"
        )
        + "  - {p: P1, do: draw, cards: [Y1A, Y2A]}\n"
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 1), describe(verdict)


def test_draw_phase_draws_one_ws_6_3_1_2() -> None:
    """ws:6.3.1.2: the draw phase draws one card; a draw entry with two is a violation."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: draw
          P1: {}
          P2: {}
        actions:
          - {p: P1, do: draw, cards: [Y0A, Y0B]}
        """
    )
    assert_violation(verdict, 0, "ws:6.3.1.2", "draw 1 card here; the log lists 2")
    [draw] = records(verdict, "ws:6.3.1.2", "draws 1")
    assert draw.data["cards"] == ["Y0A"]


def test_fifth_copy_revealed_is_a_violation_ws_5_1_2_2() -> None:
    """ws:5.2.1.1, ws:5.1.2.2: four Y0A are accounted for (hand and waiting room); a fifth cannot be drawn."""
    verdict = verify(CLOCK_PHASE + "  - {p: P1, do: draw, cards: [Y0A, Y1A]}\n")
    violation = assert_violation(verdict, 1, "ws:5.1.2.2", "Y0A cannot be revealed here", "4 copies")
    assert "ws:5.2.1.1" in violation.clauses


def test_fifth_copy_in_a_damage_is_a_violation_ws_5_1_2_2() -> None:
    """ws:5.2.1.1, ws:5.1.2.2: P2's four Y0B are on the stage and in the clock; the damage cannot reveal a fifth."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: Y0A}}
          P2: {stage: {1: Y0B}, clock: [Y0B, Y0B, Y0B]}
        actions:
          - {p: P1, do: attack, pos: 2, type: direct}
          - {p: P1, do: trigger, card: Y0A}
          - {p: P2, do: damage, cards: [Y0C, Y0B]}
        """
    )
    assert_violation(verdict, 2, "ws:5.1.2.2", "Y0B cannot be revealed here")


# =====================================================================================
# 11. Implied passes (log format; ws:6.5.1.3, 4.5.3.2)
# =====================================================================================


def test_climax_entry_in_the_main_phase_implies_passing_it_ws_6_5_1_3() -> None:
    """ws:6.5.1.3: a climax entry during the main phase passes the main phase (shown in the trace)."""
    verdict = verify(
        main_log(
            "{clock: [Y0A], hand: [CXS, Y0B]}",
            "{p: P1, do: climax, card: CXS, expect: {phase: climax, P1: {climax: [CXS], hand: [Y0B]}}}",
        )
    )
    assert_legal(verdict)
    [implied] = [r for r in verdict.records if r.data.get("implied")]
    assert implied.phase == "main" and "ws:6.5.1.2" in implied.clauses and "pass" in implied.message
    assert implied.seq < records(verdict, "ws:6.6.1.2.1", "plays the climax")[0].seq


def test_attack_entry_in_the_main_phase_implies_passing_main_and_climax_ws_6_6_1_2() -> None:
    """An attack entry in the main phase passes the main phase and the climax phase."""
    verdict = verify(
        main_log(
            "{stage: {2: Y0A}, hand: [CXS]}",
            "{p: P1, do: attack, pos: 2, type: direct, expect: {phase: attack, P1: {hand: [CXS], climax: 0}}}",
        )
    )
    assert_legal(verdict)
    implied = [r for r in verdict.records if r.data.get("implied")]
    assert [r.phase for r in implied] == ["main", "climax"]


def test_entry_that_fits_no_later_point_is_a_violation() -> None:
    """ws:6.4.1.2: a clock entry in the attack phase fits no later point of this turn (the next clock phase is the
    opponent's); it is a violation where it stands, citing the clock phase's clause."""
    body = """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: Y0A}, hand: [Y0B]}
          P2: {}
        actions:
          - {p: P1, do: clock, card: Y0B}
    """
    verdict = verify(body)
    violation = assert_violation(verdict, 0, "ws:6.4.1.2", "'clock' by P1 is not possible now")
    assert violation.line == entry_line(body, "do: clock")


def test_discard_entry_with_a_hand_within_the_limit_is_a_violation_ws_6_8_1_2() -> None:
    """ws:6.8.1.2: with three cards in hand there is no discard in the end phase; a discard entry in the main
    phase fits no later point of the turn."""
    verdict = verify(main_log("{hand: [Y0A, Y0B, Y0C]}", "{p: P1, do: discard, cards: [Y0A]}"))
    assert violations_at(verdict, 0), describe(verdict)
    assert verdict.kind is VerdictKind.ILLEGAL


def test_entry_that_fits_no_point_names_a_clause_and_stays_in_its_turn_ws_6_8_1_2() -> None:
    """Log format (a violation names its clauses); ws:6.8.1.2: the discard entry fits no point of turn 3 (the hand
    is within the limit); it is reported in turn 3 with a clause, without playing the opponent's turn 4 by implied
    passes."""
    verdict = verify(main_log("{hand: [Y0A, Y0B, Y0C]}", "{p: P1, do: discard, cards: [Y0A]}"))
    [violation] = violations_at(verdict, 0)
    assert violation.clauses, violation
    assert all(record.turn == 3 for record in verdict.records), describe(verdict)


def test_explicit_pass_then_a_main_phase_entry_is_a_violation_ws_6_5_1_3() -> None:
    """ws:6.5.1.3: after the main phase is passed, a play entry of that turn is a violation."""
    verdict = verify(
        main_log("{hand: [Y0A]}", "{p: P1, do: pass}", "{p: P1, do: pass}", "{p: P1, do: play, card: Y0A, pos: 1}")
    )
    assert verdict.kind is VerdictKind.ILLEGAL, describe(verdict)
    assert violations_at(verdict, 2), describe(verdict)


# -- the clauses these tests cite exist -------------------------------------------------


def test_cited_clauses_exist(index: RulesIndex) -> None:
    """Every ws clause id named in this file is a clause of the bundled rules (ws-cr-2.00)."""
    cited = set(re.findall(r"ws:\d+(?:\.\d+)*", Path(__file__).read_text(encoding="utf-8")))
    assert len(cited) > 50
    missing = sorted(clause for clause in cited if clause not in index)
    assert not missing
