"""An overloaded vanguard circle (vg 9.3.1-9.3.5): which unit stays, and the player's choice where the rules give
one, the ``stays`` of a ``resolve`` entry (``judge/site/vg-logs.rst``).

A vanguard circle is overloaded only by card text the engine does not model, declared by an ``effect`` entry, so
a log without violations is ``incomplete`` here, never ``legal`` (``effect`` in the format).  Two or more Legion
Mates (vg 9.3.2, 9.3.4) cannot be on the circle with what the engine plays (``engine.games.vg.rule_actions``).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import yaml

from engine.games.vg import rule_actions
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

FORMAT = Path(__file__).parent / "data" / "format" / "vg"


def game(p1: str, actions: str) -> dict[str, Any]:
    """The header of the format's ``effect`` example with P1's side of the position and these entries: P1's
    main phase of turn 5."""
    document: dict[str, Any] = yaml.safe_load((FORMAT / "effect.yaml").read_text(encoding="utf-8"))
    document["setup"]["P1"] = yaml.safe_load(p1)
    document["actions"] = yaml.safe_load(actions)
    return document


def verify(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "game.json", "json"))


def assert_clean(document: dict[str, Any]) -> Verdict:
    verdict = verify(document)
    assert verdict.violations == [], verdict.violations
    assert verdict.kind is VerdictKind.INCOMPLETE, verdict.kind
    return verdict


def assert_refused(document: dict[str, Any], entry: int, clause: str) -> None:
    verdict = verify(document)
    assert verdict.kind is VerdictKind.ILLEGAL, verdict.kind
    first = verdict.violations[0]
    assert (first.entry, clause in first.clauses) == (entry, True), verdict.violations


def cites(document: dict[str, Any], clause: str) -> bool:
    """Whether the replay's trace cites ``clause``."""
    return any(clause in record.clauses for record in verify(document).records)


PLAIN = "{circles: {V: FG-22}, soul: [FG-00], hand: [FG-21, FG-31]}"
"""P1's vanguard FG-22 (not in legion), FG-21 and FG-31 in the hand."""


def test_one_unit_placed_over_the_vanguard_stays_the_others_go_to_the_soul_vg_9_3_1() -> None:
    """vg:9.3.1: a unit placed on the vanguard circle stays; the vanguard under it goes to the soul; no choice."""
    document = game(
        PLAIN,
        """
        - {p: P1, do: effect, source: FG-22, moves: {card: FG-31, from: hand, to: circle, circle: V}}
        - {p: P1, do: pass, expect: {P1: {circles: {V: FG-31}, soul: [FG-00, FG-22]}}}
        """,
    )
    assert_clean(document)
    assert cites(document, "vg:9.3.1")
    broken = game(
        PLAIN,
        """
        - {p: P1, do: effect, source: FG-22, moves: {card: FG-31, from: hand, to: circle, circle: V}}
        - {p: P1, do: resolve, stays: FG-22}
        """,
    )
    assert_refused(broken, 1, "vg:9.3.1")


def test_units_placed_last_together_the_player_chooses_which_stays_vg_9_3_3() -> None:
    """vg:9.3.3: two units placed on the vanguard circle by one effect: the ``stays`` of its entry stays, the other
    and the old vanguard go to the soul; a ``stays`` naming the old vanguard, not placed last, is refused."""
    both = "[{card: FG-21, from: hand, to: circle, circle: V}, {card: FG-31, from: hand, to: circle, circle: V}]"
    for stays, gone in (("FG-21", "FG-31"), ("FG-31", "FG-21")):
        document = game(
            PLAIN,
            f"""
            - {{p: P1, do: effect, source: FG-22, moves: {both}}}
            - {{p: P1, do: resolve, stays: {stays}}}
            - {{p: P1, do: pass, expect: {{P1: {{circles: {{V: {stays}}}, soul: [FG-00, FG-22, {gone}], hand: 0}}}}}}
            """,
        )
        assert_clean(document)
        assert cites(document, "vg:9.3.3") and not cites(document, "vg:9.3.1")
    broken = game(PLAIN, f"[{{p: P1, do: effect, source: FG-22, moves: {both}}}, {{p: P1, do: resolve, stays: FG-22}}]")
    assert_refused(broken, 1, "vg:9.3.3")


def test_units_placed_one_after_the_other_are_not_placed_together_vg_9_3_1() -> None:
    """vg:9.3.1: units placed by two effects were not placed at the same time: the last one stays, no choice."""
    document = game(
        PLAIN,
        """
        - {p: P1, do: effect, source: FG-22, moves: {card: FG-21, from: hand, to: circle, circle: V}}
        - {p: P1, do: effect, source: FG-22, moves: {card: FG-31, from: hand, to: circle, circle: V}}
        - {p: P1, do: pass, expect: {P1: {circles: {V: FG-31}, soul: [FG-00, FG-22, FG-21]}}}
        """,
    )
    assert_clean(document)
    assert not cites(document, "vg:9.3.3")


LEGION = "{circles: {V: {card: FG-31, mate: FG-21}}, soul: [FG-00], hand: [FG-22, FG-32]}"
"""P1's vanguard FG-31 in legion with FG-21; FG-22 and FG-32 in the hand."""


def test_a_unit_placed_over_a_legion_stays_and_both_legion_units_go_vg_9_3_5() -> None:
    """vg:9.3.5: a unit not in legion placed on a circle with a legion: the one placed last stays (the only one:
    no ``stays`` needed), the Legion Leader and Mate go to the soul and the legion is over; a ``stays`` naming the
    Legion Leader, not placed last, is refused."""
    document = game(
        LEGION,
        """
        - {p: P1, do: effect, source: FG-31, moves: {card: FG-22, from: hand, to: circle, circle: V}}
        - {p: P1, do: pass, expect: {P1: {circles: {V: FG-22}, soul: [FG-00, FG-31, FG-21]}}}
        """,
    )
    assert_clean(document)
    assert cites(document, "vg:9.3.5") and not cites(document, "vg:9.3.1")
    broken = game(
        LEGION,
        """
        - {p: P1, do: effect, source: FG-31, moves: {card: FG-22, from: hand, to: circle, circle: V}}
        - {p: P1, do: resolve, stays: FG-31}
        """,
    )
    assert_refused(broken, 1, "vg:9.3.5")


def test_several_units_placed_over_a_legion_the_player_chooses_one_of_them_vg_9_3_5() -> None:
    """vg:9.3.5: two units placed together over a legion: the ``stays`` of the entry stays, every other unit
    (the other placed, the Legion Leader and the Mate) goes to the soul."""
    both = "[{card: FG-22, from: hand, to: circle, circle: V}, {card: FG-32, from: hand, to: circle, circle: V}]"
    document = game(
        LEGION,
        f"""
        - {{p: P1, do: effect, source: FG-31, moves: {both}}}
        - {{p: P1, do: resolve, stays: FG-22}}
        - {{p: P1, do: pass, expect: {{P1: {{circles: {{V: FG-22}}, soul: 4}}}}}}
        """,
    )
    assert_clean(document)
    assert cites(document, "vg:9.3.5")
    broken = game(
        LEGION,
        f"""
        - {{p: P1, do: effect, source: FG-31, moves: {both}}}
        - {{p: P1, do: resolve, stays: FG-21}}
        """,
    )
    assert_refused(broken, 1, "vg:9.3.5")


def test_the_legion_mates_rules_cannot_arise_and_are_checked_all_the_same_vg_9_3_2_and_9_3_4() -> None:
    """vg:9.3.2, vg:9.3.4: the module says why two Legion Mates cannot be on the circle, and its check names both."""
    doc = rule_actions.__doc__ or ""
    assert "9.3.2" in doc and "9.3.4" in doc and "cannot arise" in doc
    source = Path(rule_actions.__file__).read_text(encoding="utf-8")
    cited = {n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert {"vg:9.3.2", "vg:9.3.4"} <= cited


def test_a_choice_the_log_does_not_state_is_missing_vg_9_3_3() -> None:
    """vg:9.3.3: with two units placed last, the player chooses; a log that goes on without a ``resolve`` naming
    the one that stays leaves the rules' choice unanswered, at the entry after the effect."""
    both = "[{card: FG-21, from: hand, to: circle, circle: V}, {card: FG-31, from: hand, to: circle, circle: V}]"
    broken = game(PLAIN, f"[{{p: P1, do: effect, source: FG-22, moves: {both}}}, {{p: P1, do: pass}}]")
    assert_refused(broken, 1, "vg:9.3.3")
