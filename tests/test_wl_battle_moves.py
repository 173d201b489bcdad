"""The movement checks of the battle steps (wl 7.1.1.4, 7.1.2.3, 7.1.3.2.3): at the end of the Attack, the Block and
the Counter Step, a battle whose attacking card or target has moved areas goes to the End of the Battle (7.1.5).

In these logs the card moves by card text the engine does not model, declared by an ``effect`` entry (the only way
a card leaves the field before the Damage Step with what the engine plays): a log without violations is then
``incomplete``, never ``legal`` (``judge/site/wl-logs.rst``, ``effect``).  Each broken twin writes an entry of a step
the battle never reached, and is ``illegal`` there, citing the step's check.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

FORMAT = Path(__file__).parent / "data" / "format" / "wl"


def battle(setup: str, actions: str, cards: dict[str, Any] | None = None) -> dict[str, Any]:
    """The header of the format's block example (``tests/data/format/wl/block.yaml``) with this position and these
    entries: P1's main phase of turn 5."""
    document: dict[str, Any] = yaml.safe_load((FORMAT / "block.yaml").read_text(encoding="utf-8"))
    document["cards"].update(cards or {})
    document["setup"] = {"turn": 5, "active": "P1", "phase": "main", **yaml.safe_load(setup)}
    document["actions"] = yaml.safe_load(actions)
    return document


def verify(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "game.json", "json"))


def assert_clean(document: dict[str, Any]) -> Verdict:
    """No violation; ``incomplete`` only because an ``effect`` entry declared card text."""
    verdict = verify(document)
    assert verdict.violations == [], verdict.violations
    assert verdict.kind is VerdictKind.INCOMPLETE, verdict.kind
    return verdict


def assert_refused(document: dict[str, Any], entry: int, clause: str) -> None:
    verdict = verify(document)
    assert verdict.kind is VerdictKind.ILLEGAL, verdict.kind
    first = verdict.violations[0]
    assert (first.entry, clause in first.clauses) == (entry, True), verdict.violations


ATTACKER_TO_HAND = "{p: P1, do: effect, source: EM-M, moves: {card: EM-04@1, from: characters, to: hand, p: P1}}"
"""P2's Leader's text (not modelled) returns P1's attacking EM-04 to its owner's hand."""


# -- the Counter Step (7.1.3.2.3) ------------------------------------------------------------------------------


COUNTER_SETUP = "{P1: {deck: 30, characters: [EM-04]}, P2: {deck: 30, hand: [EM-05], life: [EM-01, EM-02]}}"


def test_the_attacker_returned_to_the_hand_in_the_counter_step_deals_no_damage_wl_7_1_3_2_3() -> None:
    """wl:7.1.3.2.3: the attacker left the field during the Counter Step: no Damage Step, so no Life is lost; a
    damage entry there is refused, citing 7.1.3.2.3."""
    legal = battle(
        COUNTER_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {ATTACKER_TO_HAND}
        - {{p: P2, do: pass, expect: {{P1: {{hand: [EM-04], characters: 0}}, P2: {{life: 2, hand: [EM-05]}}}}}}
        - {{p: P1, do: end}}
        """,
    )
    assert_clean(legal)
    broken = battle(
        COUNTER_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {ATTACKER_TO_HAND}
        - {{p: P2, do: pass}}
        - {{p: P2, do: damage, card: EM-02}}
        - {{p: P1, do: end}}
        """,
    )
    assert_refused(broken, 3, "wl:7.1.3.2.3")


def test_a_counter_still_comes_before_the_check_at_the_end_of_the_counter_step_wl_7_1_3_2_3() -> None:
    """wl:7.1.3.2, wl:7.1.3.2.3: the check is made at the end of the Counter Step, so the defender may still counter
    after the attacker left; the battle then ends without damage."""
    legal = battle(
        COUNTER_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {ATTACKER_TO_HAND}
        - {{p: P2, do: counter, card: EM-05, target: leader, expect: {{P2: {{trash: [EM-05]}}}}}}
        - {{p: P2, do: pass, expect: {{P2: {{life: 2}}}}}}
        - {{p: P1, do: end}}
        """,
    )
    assert_clean(legal)


def test_an_attacked_character_that_moved_is_not_knocked_out_wl_7_1_3_2_3() -> None:
    """wl:7.1.3.2.3: the target, P2's rested EM-02, goes to the hand during the Counter Step: the battle ends and
    nothing is K.O.'d; a ``ko`` entry is refused, citing 7.1.3.2.3."""
    setup = "{P1: {deck: 30, characters: [EM-04]}, P2: {deck: 30, characters: [{card: EM-02, state: rested}]}}"
    to_hand = "{p: P2, do: effect, source: EM-M, moves: {card: EM-02@1, from: characters, to: hand}}"
    legal = battle(
        setup,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: EM-02@1}}
        - {to_hand}
        - {{p: P2, do: pass, expect: {{P2: {{hand: [EM-02], characters: 0, trash: 0}}}}}}
        - {{p: P1, do: end}}
        """,
    )
    assert_clean(legal)
    broken = battle(
        setup,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: EM-02@1}}
        - {to_hand}
        - {{p: P2, do: pass}}
        - {{p: P2, do: ko, card: EM-02@1}}
        - {{p: P1, do: end}}
        """,
    )
    assert_refused(broken, 3, "wl:7.1.3.2.3")


def test_a_card_moved_away_and_back_is_another_card_wl_7_1_3_2_3_and_3_1_6() -> None:
    """wl:7.1.3.2.3, wl:3.1.6: the attacker goes to the hand and is put back among the Characters: it is a new
    card, not the attacking one, so the battle still ends without damage."""
    back = (
        "{p: P1, do: effect, source: EM-M, moves: [{card: EM-04@1, from: characters, to: hand, p: P1},"
        " {card: EM-04, from: hand, to: characters, p: P1}]}"
    )
    legal = battle(
        COUNTER_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {back}
        - {{p: P2, do: pass, expect: {{P1: {{characters: [EM-04]}}, P2: {{life: 2}}}}}}
        - {{p: P1, do: end}}
        """,
    )
    assert_clean(legal)
    broken = battle(
        COUNTER_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {back}
        - {{p: P2, do: pass}}
        - {{p: P2, do: damage, card: EM-02}}
        """,
    )
    assert_refused(broken, 3, "wl:7.1.3.2.3")


def test_a_battle_where_nothing_moved_still_reaches_its_damage_step_wl_7_1_3_2_3() -> None:
    """wl:7.1.3.2.3, wl:7.1.4.1.1: the same battle with the effect moving another card deals its damage."""
    setup = "{P1: {deck: 30, characters: [EM-04], trash: [EM-01]}, P2: {deck: 30, life: [EM-01, EM-02]}}"
    legal = battle(
        setup,
        """
        - {p: P1, do: attack, attacker: EM-04@1, target: leader}
        - {p: P1, do: effect, source: EM-L, moves: {card: EM-01, from: trash, to: hand}}
        - {p: P2, do: pass}
        - {p: P2, do: damage, card: EM-02, expect: {P2: {life: 1, hand: [EM-02]}}}
        - {p: P1, do: end}
        """,
    )
    assert_clean(legal)


# -- the Block Step (7.1.2.3) ----------------------------------------------------------------------------------


BLOCK_SETUP = "{P1: {deck: 30, characters: [EM-04]}, P2: {deck: 30, characters: [EM-03], hand: [EM-05]}}"


def test_the_attacker_returned_to_the_hand_in_the_block_step_skips_the_counter_step_wl_7_1_2_3() -> None:
    """wl:7.1.2.3: the attacker left the field during the Block Step: after the block, no Counter Step; a counter
    then is refused, citing 7.1.2.3."""
    legal = battle(
        BLOCK_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {ATTACKER_TO_HAND}
        - {{p: P2, do: block, blocker: EM-03@1, expect: {{P2: {{characters: [{{card: EM-03, state: rested}}]}}}}}}
        - {{p: P1, do: end, expect: {{P2: {{hand: [EM-05], characters: [EM-03]}}}}}}
        """,
    )
    assert_clean(legal)
    broken = battle(
        BLOCK_SETUP,
        f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {ATTACKER_TO_HAND}
        - {{p: P2, do: block, blocker: EM-03@1}}
        - {{p: P2, do: counter, card: EM-05, target: leader}}
        - {{p: P1, do: end}}
        """,
    )
    assert_refused(broken, 3, "wl:7.1.2.3")


def test_an_attacked_character_trashed_in_the_block_step_skips_the_counter_step_wl_7_1_2_3() -> None:
    """wl:7.1.2.3: the attacked Character is put into the trash (as a K.O. by text would) during the Block Step,
    and P2 declines to block: the battle ends with no Counter Step; a counter then is refused, citing 7.1.2.3."""
    setup = (
        "{P1: {deck: 30, characters: [EM-04]}, P2: {deck: 30, characters: [EM-03, {card: EM-02, state: rested}],"
        " hand: [EM-05]}}"
    )
    actions = """
        - {p: P1, do: attack, attacker: EM-04@1, target: EM-02@1}
        - {p: P1, do: effect, source: EM-L, moves: {card: EM-02@1, from: characters, to: trash, p: P2}}
        - {p: P2, do: pass}
        """
    legal = battle(setup, actions + "- {p: P1, do: end, expect: {P2: {trash: [EM-02], hand: [EM-05]}}}")
    assert_clean(legal)
    broken = battle(setup, actions + "- {p: P2, do: counter, card: EM-05, target: leader}")
    assert_refused(broken, 3, "wl:7.1.2.3")


# -- the Attack Step (7.1.1.4) ---------------------------------------------------------------------------------


PAID_WHEN_ATTACKING = {
    "EM-04": {"name": "Ash Lancer", "category": "character", "color": ["red"], "types": ["Ashen Guild"],
              "attributes": ["Slash"], "power": 5000, "cost": 4, "counter": 1000,
              "abilities": [{"type": "auto", "timing": "when_attacking", "cost": {"energio": 1},
                             "effect": {"power": 1000, "target": "self", "until": "end_of_battle"},
                             "text": "[When Attacking] (1): This Character gets +1000 power during this battle."}]},
}  # fmt: skip
"""EM-04 with a [When Attacking] effect with a cost: its ``resolve`` is a point of the Attack Step."""


def test_the_attacker_returned_to_the_hand_in_the_attack_step_skips_the_block_step_wl_7_1_1_4() -> None:
    """wl:7.1.1.4: the attacker leaves the field while its [When Attacking] effect waits (the Attack Step): no
    Block Step, though P2 has an active [Blocker]; a block is refused, citing 7.1.1.4."""
    setup = "{P1: {deck: 30, characters: [EM-04], cost: {active: 1}}, P2: {deck: 30, characters: [EM-03]}}"
    actions = f"""
        - {{p: P1, do: attack, attacker: EM-04@1, target: leader}}
        - {ATTACKER_TO_HAND}
        - {{p: P1, do: resolve, source: EM-04, ability: 0, pay: true}}
        """
    legal = battle(setup, actions + "- {p: P1, do: end, expect: {P2: {characters: [{card: EM-03, state: active}]}}}",
                   PAID_WHEN_ATTACKING)  # fmt: skip
    assert_clean(legal)
    broken = battle(setup, actions + "- {p: P2, do: block, blocker: EM-03@1}", PAID_WHEN_ATTACKING)
    assert_refused(broken, 3, "wl:7.1.1.4")
