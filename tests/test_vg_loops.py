"""The close step and the end phase go back while an ability of theirs has not stood by (vg 7.7.1.1-7.7.1.3,
6.8.1.3-6.8.1.5): "at the end of the battle" (``timing: end_of_battle``) and "at the end of turn" (``timing:
end_of_turn``) automatic abilities stand by at their step, once in it, and the step goes back while one has not.

The unit whose ability comes too late for the first pass is put on a circle by card text the engine does not model
(an ``effect`` entry) while the first ability's cost is asked: a log without violations is then ``incomplete``,
never ``legal``.  A unit on its circle from the start plays its ability in a ``legal`` log.
"""

from __future__ import annotations

from typing import Any

from judge.verdict import Verdict, VerdictKind
from tests.test_vg_rules import ACTIVATED, CARDS, position_log, verify


def auto(timing: str, cost: dict[str, int] | None = None, **more: Any) -> dict[str, Any]:
    """A grade 2 unit (9000) with one automatic ability of ``timing``: +5000 to itself until end of turn."""
    ability = {"type": "auto", "timing": timing, "zone": "R",
               "effect": {"power": 5000, "target": "self", "until": "end_of_turn"},
               "text": f"[AUTO](RC) {timing}: this unit gets [Power]+5000 until end of turn."}  # fmt: skip
    if cost:
        ability["cost"] = cost
    return {**ACTIVATED, "abilities": [ability], **more}


def game(timing: str, setup: str, actions: str, first_cost: bool = True) -> dict[str, Any]:
    """P1's SL-SK (on FL) and SL-SB (in the hand), each with an ability of ``timing``; SL-SK's with a Counter
    Blast (1) when ``first_cost``, SL-SB's with a Soul Blast (1)."""
    document = position_log(f"setup: {setup}\nactions: {actions}")
    document["cards"] = {
        **CARDS,
        "SL-SK": auto(timing, {"counter_blast": 1} if first_cost else None),
        "SL-SB": auto(timing, {"soul_blast": 1}),
    }
    deck = document["players"][0]["deck"] = dict(document["players"][0]["deck"])
    deck.update({"SL-SK": 1, "SL-SB": 1})
    deck["SL-14"] -= 2
    return document


def clean(verdict: Verdict) -> None:
    assert verdict.violations == [], [v.message for v in verdict.violations]
    assert verdict.kind is VerdictKind.INCOMPLETE, verdict.kind


def refused(verdict: Verdict, entry: int, clause: str) -> None:
    assert verdict.kind is VerdictKind.ILLEGAL, verdict.kind
    first = verdict.violations[0]
    assert (first.entry, clause in first.clauses) == (entry, True), verdict.violations


def cites(verdict: Verdict, clause: str) -> bool:
    return any(clause in record.clauses for record in verdict.records)


# -- the close step (7.7.1) --------------------------------------------------------------------------------------

BATTLE = (
    "{turn: 3, active: P1, phase: battle, P1: {circles: {V: SL-21, FL: SL-SK}, damage: [SL-11, SL-13], "
    "soul: [SL-12], hand: [SL-SB]}, P2: {circles: {V: TW-21}, deck: {top: [TW-11, TW-13], rest: 20}}}"
)
"""P1's SL-SK (9000) on FL attacks P2's 9000 vanguard and hits: a damage check."""
ATTACK = "{p: P1, do: attack, from: FL, target: V}, {p: P2, do: pass}, {p: P2, do: damage, card: TW-11}"
CALL_SB = "{p: P1, do: effect, source: SL-SK, moves: {card: SL-SB, from: hand, to: circle, circle: BR}}"
PAY_SK = "{p: P1, do: resolve, source: SL-SK, ability: 0, pay: true, counter_blast: [SL-11]}"
PAY_SB = "{p: P1, do: resolve, source: SL-SB, ability: 0, pay: true, soul_blast: [SL-12]}"


def test_an_end_of_battle_ability_stands_by_at_the_close_step_vg_7_7_1_1() -> None:
    """vg:7.7.1.1, vg:7.7.1.2: "at the end of the battle" stands by at the beginning of the close step and is
    played at its check timing: SL-SK has +5000 after the battle."""
    after = "{p: P1, do: pass, expect: {P1: {circles: {FL: {power: 14000}}}}}"
    verdict = verify(game("end_of_battle", BATTLE, f"[{ATTACK}, {after}]", first_cost=False))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert cites(verdict, "vg:7.7.1.1")
    before = "{p: P2, do: damage, card: TW-11, expect: {P1: {circles: {FL: {power: 14000}}}}}"
    verdict = verify(game("end_of_battle", BATTLE, f"[{ATTACK[: ATTACK.rindex('{')]}{before}]", first_cost=False))
    refused(verdict, 2, "vg:7.6.1.6.4")  # not before the close step: the damage step's check, 9000 then


def test_the_close_step_goes_back_for_an_ability_that_has_not_stood_by_vg_7_7_1_3() -> None:
    """vg:7.7.1.3: SL-SB comes onto BR while SL-SK's ability is played; after the check timing its "at the end of
    the battle" ability has not stood by, so the close step goes back to 7.7.1.1 and it is played (its cost
    asked); a second ``resolve`` of it is refused: it stands by once in a close step."""
    after = "{p: P1, do: pass, expect: {P1: {circles: {FL: {power: 14000}, BR: {power: 14000}}, soul: 0}}}"
    verdict = verify(game("end_of_battle", BATTLE, f"[{ATTACK}, {CALL_SB}, {PAY_SK}, {PAY_SB}, {after}]"))
    clean(verdict)
    assert cites(verdict, "vg:7.7.1.3")
    verdict = verify(game("end_of_battle", BATTLE, f"[{ATTACK}, {CALL_SB}, {PAY_SK}, {PAY_SB}, {PAY_SB}]"))
    refused(verdict, 6, "vg:7.7.1.3")


def test_the_close_step_does_not_go_back_when_nothing_is_left_vg_7_7_1_3() -> None:
    """vg:7.7.1.3, vg:7.7.1.4: with every ability stood by once, the battle ends: no record of going back."""
    verdict = verify(game("end_of_battle", BATTLE, f"[{ATTACK}, {PAY_SK}]"))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert all("goes back" not in record.message for record in verdict.records)


# -- the end phase (6.8.1) ---------------------------------------------------------------------------------------

END = (
    "{turn: 3, active: P1, phase: battle, P1: {circles: {V: SL-21, FL: SL-SK}, damage: [SL-11, SL-13], "
    "soul: [SL-12], hand: [SL-SB]}, P2: {circles: {V: TW-21}}}"
)
"""P1's battle phase with no attack: the end phase follows."""
NO_ATTACK = "{p: P1, do: pass}"


def test_an_end_of_turn_ability_stands_by_in_the_end_phase_vg_6_8_1_3() -> None:
    """vg:6.8.1.3, vg:6.8.1.4: "at the end of turn" stands by in the end phase, after its returns, and is played;
    its +5000 until end of turn then ends with the turn."""
    verdict = verify(game("end_of_turn", END, f"[{NO_ATTACK}]", first_cost=False))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert cites(verdict, "vg:6.8.1.3")
    assert any("SL-SK gets +5000" in record.message for record in verdict.records)


def test_the_end_phase_goes_back_for_an_ability_that_has_not_stood_by_vg_6_8_1_5() -> None:
    """vg:6.8.1.5: SL-SB comes onto BR while SL-SK's "at the end of turn" ability is played: the end phase goes
    back to 6.8.1.1 and SL-SB's ability stands by and is played (its Soul Blast paid); a second ``resolve`` of it
    is refused: it stands by once in an end phase."""
    verdict = verify(game("end_of_turn", END, f"[{NO_ATTACK}, {CALL_SB}, {PAY_SK}, {PAY_SB}]"))
    clean(verdict)
    assert cites(verdict, "vg:6.8.1.5")
    again = PAY_SB.replace("{p: P1,", "{p: P1, turn: 3,")  # this end phase's, not the next turn's
    verdict = verify(game("end_of_turn", END, f"[{NO_ATTACK}, {CALL_SB}, {PAY_SK}, {PAY_SB}, {again}]"))
    refused(verdict, 4, "vg:6.8.1.5")


def test_without_a_late_unit_the_end_phase_ends_once_vg_6_8_1_5() -> None:
    """vg:6.8.1.5: SL-SK's ability stands by once in this end phase; a second ``resolve`` of it there (``turn:
    3``) is refused, citing 6.8.1.5.  Without ``turn``, it would be the next end phase's (P2's turn): "at the end
    of turn" abilities stand by at the end of every turn."""
    verdict = verify(game("end_of_turn", END, f"[{NO_ATTACK}, {PAY_SK}]"))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    again = PAY_SK.replace("{p: P1,", "{p: P1, turn: 3,")
    verdict = verify(game("end_of_turn", END, f"[{NO_ATTACK}, {PAY_SK}, {again}]"))
    refused(verdict, 2, "vg:6.8.1.5")
