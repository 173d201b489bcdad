"""The modelled card-ability vocabulary (engine.games.ws.abilities): activated, automatic, continuous and
event abilities, their costs (ws 8.4) and choices (ws 8.6.3)."""

from __future__ import annotations

import textwrap

import pytest

from judge.logfile import LogFormatError, parse_log
from judge.replay import malformed, verify_log
from judge.verdict import Verdict, VerdictKind

HEADER = """\
format: judge-log/1
game: ws
cards:
  Y0: {name: Runner, type: character, level: 0, cost: 0, color: yellow, power: 2500, soul: 1}
  KEEPER: {name: Keeper, type: character, level: 0, cost: 0, color: yellow, power: 3000, soul: 1,
           abilities: [{kind: act, cost: {stock: 1, rest: true}, effect: {power: 1500, target: choose}}]}
  CAPTAIN: {name: Captain, type: character, level: 0, cost: 0, color: yellow, power: 5000, soul: 1,
            abilities: [{kind: auto, when: attacks, cost: {stock: 1}, effect: {power: 2000}}]}
  SCOUT: {name: Scout, type: character, level: 0, cost: 0, color: yellow, power: 2000, soul: 1,
          abilities: [{kind: auto, when: played, effect: [{stock: 1}, {draw: 1}]}]}
  GUARD: {name: Guard, type: character, level: 0, cost: 0, color: yellow, power: 4000, soul: 1,
          abilities: [{kind: cont, effect: {power: 500, target: all}}]}
  WIND: {name: Second Wind, type: event, level: 0, cost: 0, color: yellow,
         abilities: [{kind: event, effect: {salvage: character}}]}
  LAP: {name: Victory Lap, type: climax, color: yellow, triggers: [soul],
        abilities: [{kind: auto, when: placed, effect: {soul: 1, target: all}}]}
players:
  - {id: P1, name: Alice, deck: {Y0: 4, KEEPER: 4, CAPTAIN: 4, SCOUT: 4, GUARD: 4, WIND: 4, LAP: 4}}
  - {id: P2, name: Bob, deck: {Y0: 4, KEEPER: 4, CAPTAIN: 4, SCOUT: 4, GUARD: 4, WIND: 4, LAP: 4}}
first: P2
"""


def verify(body: str, header: str = HEADER) -> Verdict:
    """The verdict ``judge verify`` gives: a log refused on loading is malformed, as one the replay refuses."""
    try:
        log = parse_log(header + textwrap.dedent(body), "abilities.yaml", "yaml")
    except LogFormatError as error:
        return malformed(error)
    return verify_log(log)


GUARD_ABILITIES = "abilities: [{kind: cont, effect: {power: 500, target: all}}]"


def guard_with(ability: str) -> str:
    """HEADER with GUARD's one ability replaced by ``ability`` (a flow-style YAML mapping)."""
    return HEADER.replace(GUARD_ABILITIES, f"abilities: [{ability}]")


def assert_legal(verdict: Verdict) -> None:
    assert verdict.kind is VerdictKind.LEGAL, ([v.message for v in verdict.violations], verdict.notes)


def test_activated_ability_pays_its_cost_and_its_chosen_target_gets_power_ws_8_6_2_3_1() -> None:
    """ws:6.5.1.2.3, ws:8.4.2, ws:8.6.3: rest KEEPER and pay one stock; the chosen character gets +1500."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: KEEPER, 2: Y0}, stock: [Y0, Y0], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: act, pos: 1, ability: 0, target: 2,
             expect: {P1: {stock: 1, stage: {1: {state: rest}, 2: {power: 4000}}}}}
          - {p: P1, do: pass}
        """
    )
    assert_legal(verdict)
    assert any(
        "plays the first ability of KEEPER" in r.message and "ws:6.5.1.2.3" in r.clauses for r in verdict.records
    )


def test_activated_ability_without_its_cost_is_refused_ws_8_4_2_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: {card: KEEPER, state: rest}}, stock: [Y0], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: act, pos: 1, ability: 0, target: 1}
        """
    )
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].entry == 0


@pytest.mark.parametrize(("pay", "power", "stock"), [(True, 7000, 0), (False, 5000, 1)])
def test_automatic_ability_with_a_cost_may_be_declined_ws_8_7_3_1_1(pay: bool, power: int, stock: int) -> None:
    """ws:8.7.3.1.1: CAPTAIN's 'when this attacks, you may pay 1: +2000 power'."""
    verdict = verify(
        f"""
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {{stage: {{2: CAPTAIN}}, stock: [Y0], deck: 5}}
          P2: {{deck: 5}}
        actions:
          - {{p: P1, do: attack, pos: 2, type: direct}}
          - {{p: P1, do: resolve, source: CAPTAIN, ability: 0, pay: {str(pay).lower()},
             expect: {{P1: {{stock: {stock}, stage: {{2: {{power: {power}}}}}}}}}}}
        """
    )
    assert_legal(verdict)


def test_automatic_ability_when_played_puts_a_card_in_stock_then_draws_ws_8_7_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {hand: [SCOUT], deck: {top: [Y0, KEEPER], rest: 3}}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: SCOUT, pos: 1}
          - {p: P1, do: draw, cards: [KEEPER], expect: {P1: {stock: [Y0], hand: [KEEPER]}}}
        """
    )
    assert_legal(verdict)


def test_continuous_ability_applies_while_on_the_stage_ws_8_9_1_3() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: GUARD, 2: Y0}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: pass, expect: {P1: {stage: {1: {power: 4500}, 2: {power: 3000}}}}}
        """
    )
    assert_legal(verdict)


def test_event_salvages_the_chosen_character_ws_8_6_2_4_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {hand: [WIND], waiting: [Y0, LAP], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: WIND, target: Y0, expect: {P1: {hand: [Y0], waiting: [LAP, WIND]}}}
        """
    )
    assert_legal(verdict)


def test_climax_placed_gives_all_characters_soul_ws_8_7_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: climax
          P1: {stage: {1: Y0, 3: Y0}, clock: [Y0], hand: [LAP], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: climax, card: LAP}
          - {p: P1, do: pass, expect: {P1: {stage: {1: {soul: 2}, 3: {soul: 2}}}}}
        """
    )
    assert_legal(verdict)


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        ("{kind: auto, when: sometimes, effect: {draw: 1}}", "when 'sometimes'"),
        ("{kind: act, effect: {fly: 1}}", "'fly' is not a key of 'cards.GUARD.abilities[0].effect'"),
        ("{kind: act, effect: {power: lots}}", "'cards.GUARD.abilities[0].effect.power' is 'lots' (a string)"),
        ("{kind: spell, effect: {draw: 1}}", "kind 'spell'"),
    ],
)
def test_an_ability_outside_the_vocabulary_is_a_located_error(ability: str, message: str) -> None:
    header = guard_with(ability)
    verdict = verify("actions: []\n", header)
    assert verdict.kind is VerdictKind.MALFORMED
    assert message in verdict.violations[0].message
    guard_line = next(number for number, line in enumerate(header.splitlines(), 1) if line.startswith("  GUARD:"))
    ability_line = next(number for number, line in enumerate(header.splitlines(), 1) if ability in line)
    assert verdict.violations[0].line in (guard_line, ability_line)  # the card's own record, or the field in it


def test_an_additional_turn_follows_this_one_ws_11_2_1() -> None:
    header = HEADER.replace(
        "abilities: [{kind: event, effect: {salvage: character}}]",
        "abilities: [{kind: event, effect: {extra_turn: true}}]",
    )
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {hand: [WIND], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: WIND}
          - {p: P1, do: pass}
          - {p: P1, do: pass}
          - {p: P1, do: pass}
          - {p: P1, do: draw, cards: [Y0], expect: {turn: 4, P1: {hand: [Y0]}}}
        """,
        header,
    )
    assert_legal(verdict)
    assert any(r.message == "P1 takes an additional turn" and "ws:11.2.1" in r.clauses for r in verdict.records)


REPLACING = guard_with("{kind: replace, when: reversed, instead: rest, optional: true}")


@pytest.mark.parametrize(("use", "state"), [(True, "rest"), (False, "reverse")])
def test_an_optional_replacement_of_being_reversed_ws_8_10_1(use: bool, state: str) -> None:
    """ws:8.2.1.3.2, ws:8.10.1: GUARD would be reversed in battle; its master may rest it instead."""
    verdict = verify(
        f"""
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {{stage: {{2: CAPTAIN}}, deck: 5}}
          P2: {{stage: {{2: GUARD}}, deck: 5}}
        actions:
          - {{p: P1, do: attack, pos: 2, type: front}}
          - {{p: P1, do: trigger, card: Y0}}
          - {{p: P2, do: pass}}
          - {{p: P2, do: damage, cards: [Y0]}}
          - {{p: P2, do: resolve, source: GUARD, ability: 0, use: {str(use).lower()},
             expect: {{P2: {{stage: {{2: {{card: GUARD, state: {state}}}}}}}}}}}
        """,
        REPLACING,
    )
    assert_legal(verdict)
    replaced = [r for r in verdict.records if "instead of being reversed" in r.message]
    assert bool(replaced) is use
    if use:
        assert "ws:8.10.1" in replaced[0].clauses


def test_a_compulsory_replacement_of_being_reversed_asks_nothing_ws_8_2_1_3_1() -> None:
    """ws:8.2.1.3.1, ws:8.10.1.1: GUARD "is rested instead of being reversed": no choice, never reversed."""
    header = guard_with("{kind: replace, when: reversed, instead: rest}")
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {2: CAPTAIN}, deck: 5}
          P2: {stage: {2: GUARD}, deck: 5}
        actions:
          - {p: P1, do: attack, pos: 2, type: front}
          - {p: P1, do: trigger, card: Y0}
          - {p: P2, do: pass}
          - {p: P2, do: damage, cards: [Y0]}
          - {p: P1, do: pass, expect: {P2: {stage: {2: {card: GUARD, state: rest}}}}}
        """,
        header,
    )
    assert_legal(verdict)
    [replaced] = [r for r in verdict.records if "instead of being reversed" in r.message]
    assert replaced.clauses == ("ws:8.10.1", "ws:8.10.1.1", "ws:8.2.1", "ws:8.2.1.3", "ws:8.2.1.3.1")
    assert not any(r.message.endswith("is reversed") for r in verdict.records)


@pytest.mark.parametrize("zone", ["memory", "hand"])
def test_a_replacement_of_leaving_the_stage_sends_the_card_elsewhere_ws_8_2_1_3_1(zone: str) -> None:
    """ws:8.2.1.3.1, ws:8.10.1: GUARD, replaced on the stage, goes to the memory or hand, not the waiting room."""
    header = guard_with(f"{{kind: replace, when: leaves_stage, instead: {zone}}}")
    verdict = verify(
        f"""
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {{stage: {{1: GUARD}}, hand: [Y0], deck: 5}}
          P2: {{deck: 5}}
        actions:
          - {{p: P1, do: play, card: Y0, pos: 1}}
          - {{p: P1, do: pass, expect: {{P1: {{{zone}: [GUARD], waiting: 0, stage: {{1: {{card: Y0}}}}}}}}}}
        """,
        header,
    )
    assert_legal(verdict)
    replaced = [r for r in verdict.records if f"goes to the {zone} instead of the waiting room" in r.message]
    assert replaced and "ws:8.10.1" in replaced[0].clauses


TRAITS = HEADER.replace(
    "players:",
    """\
  DRILL: {name: Drill Sergeant, type: character, level: 0, cost: 0, color: yellow, power: 3000, soul: 1,
          traits: [Soldier], abilities: [{kind: cont, effect: {trait: Corps, target: all}}]}
  HONOR: {name: Honor Guard, type: character, level: 0, cost: 0, color: yellow, power: 3000, soul: 1,
          abilities: [{kind: cont, effect: [{trait: Elite, target: all, with_trait: Corps},
                                            {power: 1000, target: all, with_trait: Elite}]}]}
players:""",
).replace("LAP: 4}}", "LAP: 4, DRILL: 4, HONOR: 4}}")


@pytest.mark.parametrize(("on_stage", "played"), [("HONOR", "DRILL"), ("DRILL", "HONOR")])
def test_an_effect_for_characters_with_a_trait_applies_after_the_one_giving_it_ws_8_9_1_4(
    on_stage: str, played: str
) -> None:
    """ws:8.9.1.4: whichever card came first, Honor Guard's "your Corps characters get Elite" depends on Drill
    Sergeant's "your characters get Corps", so every character is Elite and gets +1000 (ws:8.9.1.3)."""
    verdict = verify(
        f"""
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {{stage: {{1: {on_stage}, 2: Y0}}, hand: [{played}], deck: 5}}
          P2: {{deck: 5}}
        actions:
          - {{p: P1, do: play, card: {played}, pos: 3,
             expect: {{P1: {{stage: {{1: {{power: 4000}}, 2: {{traits: [Corps, Elite], power: 3500}},
                                      3: {{power: 4000}}}}}}}}}}
          - {{p: P1, do: pass}}
        """,
        TRAITS,
    )
    assert_legal(verdict)


def test_printed_traits_count_and_a_wrong_trait_expectation_is_a_violation_ws_8_9_1_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: DRILL, 2: HONOR}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: pass, expect: {P1: {stage: {1: {traits: [Soldier, Corps, Elite], power: 4000},
                                                     2: {traits: [Corps]}}}}}
        """,
        TRAITS,
    )
    assert verdict.kind is VerdictKind.ILLEGAL
    [violation] = verdict.violations
    assert "stage 2 traits are ['Corps', 'Elite'], not ['Corps']" in violation.message


def test_without_the_trait_giver_the_dependent_effect_applies_to_nothing_ws_8_9_1_4() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: HONOR, 2: Y0}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: pass, expect: {P1: {stage: {1: {traits: [], power: 3000}, 2: {traits: [], power: 2500}}}}}
        """,
        TRAITS,
    )
    assert_legal(verdict)


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        ("{kind: act, effect: {trait: Corps}}", "trait belongs to a cont ability, not act"),
        ("{kind: auto, when: played, effect: {draw: 1, with_trait: Corps}}", "with_trait chooses: target: choose"),
        ("{kind: cont, effect: {trait: 5}}", "'cards.GUARD.abilities[0].effect.trait' is 5 (an integer)"),
        ("{kind: cont, effect: {power: 500, with_trait: ''}}", "with_trait '' is not a trait's name"),
    ],
)
def test_traits_outside_continuous_abilities_are_located_errors(ability: str, message: str) -> None:
    header = guard_with(ability)
    verdict = verify("actions: []\n", header)
    assert verdict.kind is VerdictKind.MALFORMED
    assert message in verdict.violations[0].message


def test_a_continuous_ability_lowering_power_to_0_sends_the_character_to_the_waiting_room_ws_9_5_1() -> None:
    """ws:9.5.1, ws:8.9.1.3: Guard's "your characters get -3000" leaves Runner (2500) at -500 power."""
    header = guard_with("{kind: cont, effect: {power: -3000, target: all}}")
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: GUARD}, hand: [Y0], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: Y0, pos: 3}
          - {p: P1, do: pass, expect: {P1: {stage: {1: {power: 1000}, 3: null}, waiting: [Y0]}}}
        """,
        header,
    )
    assert_legal(verdict)
    powerless = ("ws:9.5.1", "ws:9.1.1", "ws:9.1.2", "ws:9.1.2.2", "ws:8.9.1", "ws:8.9.1.1")
    assert any(record.clauses == powerless for record in verdict.records)
