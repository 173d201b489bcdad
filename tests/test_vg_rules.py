"""Vanguard (CR 1.37) rules the engine applies, each test naming the clause it checks.

Logs are the bundled example game with one thing changed, or small positions
written here; the scenario library (``scenarios/vg``) holds the rulings a judge
is asked about.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import yaml

from engine.games.vg.cards import CardRecordError, deck_problems, definition_from_record
from judge.games.vg.selfplay import play_game, starter_set
from judge.logfile import LogFormatError, parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

EXAMPLE_SEED = 12
CARDS = starter_set().cards


def verify(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "game.json", "json"))


def example() -> dict[str, Any]:
    return copy.deepcopy(play_game(EXAMPLE_SEED))


def definitions() -> dict[str, Any]:
    return {card_id: definition_from_record(card_id, fields) for card_id, fields in CARDS.items()}


def clauses_of(verdict: Verdict) -> set[str]:
    return {clause for violation in verdict.violations for clause in violation.clauses}


# -- deck construction (5.2, 5.3) ------------------------------------------------------------------


def test_the_bundled_decks_are_legal_vg_5_2_and_5_3() -> None:
    """vg:5.2.2.1, vg:5.2.2.3, vg:5.2.2.4, vg:5.2.2.5, vg:5.3.2: the starter decks meet every rule of deck
    construction."""
    for name, deck in starter_set().decks.items():
        assert deck_problems(name, deck["deck"], deck["g_deck"], definitions()) == []


@pytest.mark.parametrize(
    ("change", "clause"),
    [
        (lambda deck, g: deck.update({"SL-11": 5}), "vg:5.2.2.1"),  # 51 cards and five of a name
        (lambda deck, g: deck.update({"SL-C": 3, "SL-11": 5}), "vg:5.2.2.3"),  # 15 triggers
        (lambda deck, g: deck.update({"SL-H": 5, "SL-C": 3}), "vg:5.2.2.4"),  # five heal triggers
        (lambda deck, g: deck.update({"SL-G1": 1, "SL-14": 2}), "vg:5.2.2.6"),  # a G unit in the main deck
        (lambda deck, g: g.update({"SL-G1": 5}), "vg:5.3.2"),  # nine G units
        (lambda deck, g: g.update({"SL-11": 1}), "vg:5.3.3"),  # a normal unit in the G deck
    ],
)
def test_deck_construction_is_checked_when_the_decks_are_presented_vg_5_4_2(change: Any, clause: str) -> None:
    """vg:5.4.2: the decks presented must meet 5.2 and 5.3; a game from the opening with a deck that does not is
    reported, citing the rule it breaks."""
    deck = dict(starter_set().decks["lancers"]["deck"])
    g_deck = dict(starter_set().decks["lancers"]["g_deck"])
    change(deck, g_deck)
    problems = deck_problems("P1", deck, g_deck, definitions())
    assert any(clause in problem.clauses for problem in problems), problems


def test_a_fifth_sentinel_breaks_vg_5_2_2_5() -> None:
    """vg:5.2.2.5, vg:10.2.8: at most four cards with Sentinel in a main deck."""
    cards = dict(CARDS)
    cards["SL-13"] = {**CARDS["SL-13"], "keywords": [{"keyword": "sentinel"}]}
    own = {card_id: definition_from_record(card_id, fields) for card_id, fields in cards.items()}
    problems = deck_problems("P1", starter_set().decks["lancers"]["deck"], {}, own)
    assert any("vg:5.2.2.5" in problem.clauses for problem in problems)


def test_an_illegal_deck_in_a_log_is_a_violation_vg_5_4_2() -> None:
    """vg:5.4.2, vg:5.2.2.1: a log whose deck has 49 cards is not legal, whatever its entries."""
    document = example()
    document["players"][0]["deck"]["SL-14"] -= 1
    assert "vg:5.2.2.1" in clauses_of(verify(document))


def test_a_card_record_must_be_a_vanguard_card_vg_2() -> None:
    """vg:2.9, vg:2.8.1.1: a record's type and trigger icon are Vanguard's; a trigger unit has an icon."""
    with pytest.raises(CardRecordError, match="vg:2.9"):
        definition_from_record("X", {"type": "character"})
    with pytest.raises(CardRecordError, match="soul"):
        definition_from_record("X", {"type": "trigger", "trigger": "soul"})
    with pytest.raises(CardRecordError, match="trigger"):
        definition_from_record("X", {"type": "trigger"})


# -- the opening (5.4, 6.1) ---------------------------------------------------------------------------


def test_the_first_vanguards_may_be_written_in_either_order_vg_5_4_3() -> None:
    """vg:5.4.3: each player chooses a first vanguard, with no order between them: a log that writes the
    second player's first is as legal as the other."""
    document = example()
    actions = document["actions"]
    assert actions[0]["do"] == actions[1]["do"] == "first_vanguard"
    actions[0], actions[1] = actions[1], actions[0]
    assert verify(document).kind is VerdictKind.LEGAL


def test_the_opening_draws_may_be_written_in_either_order_vg_5_4_4() -> None:
    """vg:5.4.4: each player draws five cards; the two opening draws come in either order."""
    document = example()
    actions = document["actions"]
    assert actions[2]["do"] == actions[3]["do"] == "draw"
    actions[2], actions[3] = actions[3], actions[2]
    assert verify(document).kind is VerdictKind.LEGAL


def test_a_first_vanguard_above_grade_0_is_a_violation_vg_5_4_3() -> None:
    """vg:5.4.3: the first vanguard is a grade 0 card of the main deck."""
    document = example()
    first = document["actions"][0]
    first["card"] = "TW-31" if first["card"].startswith("TW") else "SL-31"
    verdict = verify(document)
    assert verdict.violations[0].entry == 0 and "vg:5.4.3" in verdict.violations[0].clauses


def test_stand_up_may_be_written_vg_6_1_1() -> None:
    """vg:6.1.1: Stand Up may be written as a forced ``stand_up`` entry after the mulligans."""
    document = example()
    actions = document["actions"]
    last_mulligan = max(index for index, entry in enumerate(actions) if entry["do"] == "mulligan")
    actions.insert(last_mulligan + 1, {"p": document["first"], "do": "stand_up"})
    assert verify(document).kind is VerdictKind.LEGAL


# -- positions --------------------------------------------------------------------------------------


def position_log(body: str) -> dict[str, Any]:
    """A log from a position, with the starter decks and pool."""
    decks = starter_set().decks
    document: dict[str, Any] = {
        "format": "judge-log/1",
        "game": "vg",
        "cards": CARDS,
        "players": [
            {"id": "P1", "deck": decks["lancers"]["deck"], "g_deck": decks["lancers"]["g_deck"]},
            {"id": "P2", "deck": decks["wardens"]["deck"], "g_deck": decks["wardens"]["g_deck"]},
        ],
        "first": "P1",
    }
    document.update(yaml.safe_load(body))
    return document


def test_a_guardian_outside_the_battle_phase_is_an_impossible_position_vg_9_4_1() -> None:
    """vg:9.4.1: guardians stay on the guardian circle only in the battle phase; a main-phase position that puts
    one on G is refused, citing the rule."""
    document = position_log(
        """
        setup: {turn: 3, active: P1, phase: main, P1: {circles: {V: SL-21, G: SL-11}}, P2: {circles: {V: TW-21}}}
        actions: []
        """
    )
    with pytest.raises(LogFormatError, match="9.4.1"):
        parse_and_build(document)


def parse_and_build(document: dict[str, Any]) -> None:
    from judge.games.vg import SUPPORT

    SUPPORT.build(parse_log(json.dumps(document), "position.json", "json"))


def test_a_call_over_a_rear_guard_sends_it_to_the_drop_zone_vg_8_5_3_2() -> None:
    """vg:8.5.3.2, vg:9.3.6: a unit called onto an occupied rear-guard circle stays; the one there goes to the
    drop zone by a rule action."""
    document = position_log(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {circles: {V: SL-21, FL: SL-11}, hand: [SL-13]}
          P2: {circles: {V: TW-21}}
        actions:
          - {p: P1, do: call, card: SL-13, to: FL}
          - {p: P1, do: pass, expect: {P1: {circles: {FL: {card: SL-13, state: stand}}, drop: [SL-11], hand: 0}}}
        """
    )
    verdict = verify(document)
    assert verdict.kind is not VerdictKind.ILLEGAL, [v.message for v in verdict.violations]


def test_a_hit_on_the_vanguard_deals_one_damage_check_per_critical_vg_7_6_1_5() -> None:
    """vg:7.6.1.5, vg:7.6.1.6: a hit on the vanguard deals damage equal to the attacker's critical, one damage
    check each; the power comparison of 7.6.1.2 counts the booster's power."""
    document = position_log(
        """
        setup:
          turn: 3
          active: P1
          phase: battle
          P1: {circles: {V: SL-21, BC: SL-11}, deck: 20}
          P2: {circles: {V: TW-31}, deck: {top: [TW-11, TW-13], rest: 20}}
        actions:
          - {p: P1, do: attack, from: V, target: V, boost: BC}
          - {p: P2, do: pass}
          - {p: P1, do: drive, card: SL-13}
          - {p: P2, do: damage, card: TW-11, expect: {P2: {damage: [TW-11]}}}
          - {p: P1, do: pass, expect: {P1: {circles: {V: {state: rest}, BC: {state: rest}}}, P2: {damage: 1}}}
        """
    )
    verdict = verify(document)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_a_second_damage_check_where_the_critical_is_one_is_a_violation_vg_7_6_1_5() -> None:
    """vg:7.6.1.5, vg:7.6.1.6.6: a critical of 1 deals one damage check; a second ``damage`` entry has no place,
    and the refusal says how much damage the attack dealt."""
    document = position_log(
        """
        setup:
          turn: 3
          active: P1
          phase: battle
          P1: {circles: {V: SL-21, BC: SL-11}, deck: 20}
          P2: {circles: {V: TW-31}, deck: {top: [TW-11, TW-13], rest: 20}}
        actions:
          - {p: P1, do: attack, from: V, target: V, boost: BC}
          - {p: P2, do: pass}
          - {p: P1, do: drive, card: SL-13}
          - {p: P2, do: damage, card: TW-11}
          - {p: P2, do: damage, card: TW-13}
        """
    )
    verdict = verify(document)
    assert verdict.violations and verdict.violations[0].entry == 4
    assert "vg:7.6.1.5" in verdict.violations[0].clauses and "dealt 1 damage" in verdict.violations[0].message


# -- abilities (8.1, 8.5) and card text the engine does not model ----------------------------------------

ACTIVATED = {
    "name": "Signal Knight",
    "type": "normal",
    "grade": 2,
    "power": 9000,
    "shield": 5000,
    "clan": ["Star Lancers"],
    "abilities": [
        {
            "type": "act",
            "zone": "R",
            "cost": {"counter_blast": 1},
            "effect": {"power": 5000, "target": "self", "until": "end_of_turn"},
            "text": "[ACT](RC):[Counter Blast (1)] This unit gets [Power]+5000 until end of turn.",
        }
    ],
}


def ability_log(actions: str, damage: str = "[SL-11, SL-13]") -> dict[str, Any]:
    document = position_log(
        f"""
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {{circles: {{V: SL-21, FL: SL-SK}}, damage: {damage}}}
          P2: {{circles: {{V: TW-21}}}}
        actions: {actions}
        """
    )
    document["cards"] = {**CARDS, "SL-SK": ACTIVATED}
    document["players"][0]["deck"] = {**document["players"][0]["deck"], "SL-SK": 1, "SL-14": 2}
    return document


def test_an_activated_ability_pays_its_counter_blast_and_gives_its_power_vg_8_5_2_3() -> None:
    """vg:6.6.1.2.2, vg:8.5.2.3, vg:10.1.15: an activated ability played at the main phase's play timing turns
    a face-up damage card face down and gives the structured effect."""
    verdict = verify(
        ability_log(
            "[{p: P1, do: act, source: FL, counter_blast: [SL-11],"
            " expect: {P1: {circles: {FL: {power: 14000}}, damage_face_down: 1}}}]"
        )
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_an_activated_ability_paid_short_is_a_violation_vg_8_5_2_3() -> None:
    """vg:8.5.2.3: the whole cost is paid or the ability is not played; a Counter Blast of a card that is not
    face up in the damage zone pays nothing."""
    verdict = verify(ability_log("[{p: P1, do: act, source: FL, counter_blast: [SL-31]}]"))
    assert verdict.violations[0].entry == 0
    assert {"vg:10.1.15", "vg:8.5.2.3"} & set(verdict.violations[0].clauses)


def test_limit_break_powers_a_continuous_ability_from_four_damage_vg_10_2_5() -> None:
    """vg:10.2.5: SL-31's "[CONT](VC) Limit Break 4: +2000" applies while its master has four damage or more."""
    for damage, power in (("[SL-11, SL-13, SL-14]", 11000), ("[SL-11, SL-13, SL-14, SL-22]", 13000)):
        document = position_log(
            f"""
            setup:
              turn: 3
              active: P1
              phase: main
              P1: {{circles: {{V: SL-31}}, damage: {damage}}}
              P2: {{circles: {{V: TW-21}}}}
            actions: [{{p: P1, do: pass, expect: {{P1: {{circles: {{V: {{power: {power}}}}}}}}}}}]
            """
        )
        verdict = verify(document)
        assert verdict.kind is VerdictKind.LEGAL, (damage, [v.message for v in verdict.violations])


def test_card_text_the_engine_does_not_model_makes_the_verdict_incomplete_vg_8_5() -> None:
    """vg:8.5: a unit called with card text the engine does not model, and an ``effect`` entry declaring what
    card text did, are reported, never guessed: the log cannot be legal, and is not illegal for it."""
    document = ability_log("[{p: P1, do: call, card: SL-TX, to: FR}]")
    document["cards"]["SL-TX"] = {**CARDS["SL-13"], "abilities": [{"type": "auto", "text": "When placed, draw."}]}
    document["players"][0]["deck"] = {**document["players"][0]["deck"], "SL-TX": 1, "SL-13": 3}
    document["setup"]["P1"]["hand"] = ["SL-TX"]
    assert verify(document).kind is VerdictKind.INCOMPLETE
    declared = ability_log("[{p: P1, do: effect, source: SL-SK, power: [{circle: V, amount: 3000}]}]")
    assert verify(declared).kind is VerdictKind.INCOMPLETE


def test_a_once_per_turn_ability_is_played_once_a_turn_vg_11_5_1_1() -> None:
    """vg:11.5.1.1: 1/Turn restricts an ability to one use a turn; the second is refused, citing the icon."""
    document = ability_log(
        "[{p: P1, do: act, source: FL, counter_blast: [SL-11]}, {p: P1, do: act, source: FL, counter_blast: [SL-13]}]"
    )
    document["cards"]["SL-SK"]["abilities"][0]["once_per_turn"] = True
    verdict = verify(document)
    assert verdict.violations[0].entry == 1 and "vg:11.5.1.1" in verdict.violations[0].clauses


SEEK_MATE = """
    setup:
      turn: 5
      active: P1
      phase: main
      P1: {circles: {V: SL-32}, drop: [SL-11, SL-13, SL-14, SL-21], deck: {top: [SL-23], rest: 20}, soul: [SL-00]}
      P2: {circles: {V: TW-31}}
    actions:
"""


def test_seek_mate_puts_the_named_mate_in_legion_vg_10_2_9_2() -> None:
    """vg:10.2.9.2, vg:10.1.24.1, vg:10.1.24.6: four drop-zone cards go back to the deck, the named card comes
    from the deck beside the vanguard in legion, and the legion attacks with both units' power."""
    document = position_log(
        SEEK_MATE
        + """
      - {p: P1, do: act, source: V, return: [SL-11, SL-13, SL-14, SL-21], mate: SL-23,
         expect: {P1: {drop: 0, circles: {V: {card: SL-32, mate: SL-23}}}}}
      - {p: P1, do: pass}
      - {p: P1, do: attack, from: V, target: V, expect: {P1: {circles: {V: {state: rest, power: 20000}}}}}
    """
    )
    verdict = verify(document)
    assert verdict.kind is not VerdictKind.ILLEGAL, [v.message for v in verdict.violations]


def test_seek_mate_against_a_vanguard_below_grade_3_is_a_violation_vg_10_2_9_2() -> None:
    """vg:10.2.9.2: Seek Mate needs the opponent's vanguard to be grade 3 or greater."""
    document = position_log(
        SEEK_MATE.replace("TW-31", "TW-21")
        + """
      - {p: P1, do: act, source: V, return: [SL-11, SL-13, SL-14, SL-21], mate: SL-23}
    """
    )
    verdict = verify(document)
    assert verdict.violations[0].entry == 0 and "vg:10.2.9.2" in verdict.violations[0].clauses


def test_an_extra_turn_declared_by_card_text_comes_right_after_this_turn_vg_11_4_1() -> None:
    """vg:11.4.1: an extra turn is added right after the current one: turn 4 is P1's again, so P1 rides in it."""

    def log(with_extra_turn: bool) -> dict[str, Any]:
        document = ability_log(
            ("[{p: P1, do: effect, source: SL-SK, extra_turn: true}, " if with_extra_turn else "[")
            + "{p: P1, do: pass}, {p: P1, do: pass}, {p: P1, do: ride, card: SL-31, turn: 4}]"
        )
        document["setup"]["P1"]["hand"] = ["SL-31"]
        return document

    verdict = verify(log(with_extra_turn=True))
    assert verdict.kind is VerdictKind.INCOMPLETE, [v.message for v in verdict.violations]
    assert verify(log(with_extra_turn=False)).kind is VerdictKind.ILLEGAL


def test_card_text_may_lock_and_delete_units_vg_10_1_21_and_10_1_25() -> None:
    """vg:10.1.21.3, vg:10.1.25.3: a locked card is no unit (it cannot attack); a deleted unit's power is 0."""
    document = ability_log(
        "[{p: P1, do: effect, source: SL-SK, delete: [{circle: V, p: P2}], lock: [FL],"
        " expect: {P2: {circles: {V: {power: 0, deleted: true}}}, P1: {circles: {FL: {locked: true}}}}},"
        " {p: P1, do: pass}, {p: P1, do: attack, from: FL, target: V}]"
    )
    verdict = verify(document)
    assert [v.entry for v in verdict.violations] == [2], [v.message for v in verdict.violations]
    assert "vg:7.3.1.3" in verdict.violations[0].clauses
