"""Keyword abilities of ws 10 that change the procedure: Great Performance, Bond, Shift, Assist, an
Encore of the card's own beside Encore [3], and the order of several automatic abilities in standby (ws 8.5.1.2)."""

from __future__ import annotations

import textwrap

from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

HEADER = """\
format: judge-log/1
game: ws
cards:
  Y0: {name: Runner, type: character, level: 0, cost: 0, color: yellow, power: 2500, soul: 1}
  READER: {name: Night Reader, type: character, level: 0, cost: 0, color: blue, power: 2000, soul: 1}
  IDOL: {name: Center Idol, type: character, level: 1, cost: 1, color: yellow, power: 4500, soul: 1,
         abilities: [{keyword: great_performance}]}
  CALLER: {name: Tide Caller, type: character, level: 1, cost: 1, color: blue, power: 5000, soul: 1,
           abilities: [{keyword: bond, name: Night Reader, cost: {stock: 1}}]}
  SHIFTER: {name: Quick Change, type: character, level: 1, cost: 0, color: yellow, power: 3000, soul: 1,
            abilities: [{keyword: shift, level: 1}]}
  HELPER: {name: Library Keeper, type: character, level: 0, cost: 0, color: yellow, power: 1500, soul: 1,
           abilities: [{keyword: assist, power: 500}]}
  ENCORER: {name: Curtain Call, type: character, level: 0, cost: 0, color: yellow, power: 1000, soul: 1,
            abilities: [{keyword: encore, cost: {stock: 2}}]}
  CX: {name: Finale, type: climax, color: yellow, triggers: [soul]}
players:
  - {id: P1, name: Alice, deck: {Y0: 4, READER: 4, IDOL: 4, CALLER: 4, SHIFTER: 4, HELPER: 4, ENCORER: 4, CX: 4}}
  - {id: P2, name: Bob, deck: {Y0: 4, READER: 4, IDOL: 4, CALLER: 4, SHIFTER: 4, HELPER: 4, ENCORER: 4, CX: 4}}
first: P2
"""


def verify(body: str, header: str = HEADER) -> Verdict:
    return verify_log(parse_log(header + textwrap.dedent(body), "keywords.yaml", "yaml"))


def messages(verdict: Verdict, clause: str) -> list[str]:
    return [record.message for record in verdict.records if clause in record.clauses]


def test_great_performance_turns_every_attack_into_a_front_attack_on_it_ws_10_6_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {1: Y0}, deck: 5}
          P2: {stage: {2: IDOL}, level: [Y0], deck: 5}
        actions:
          - {p: P1, do: attack, pos: 1, type: front}
          - {p: P1, do: trigger, card: Y0}
          - {p: P2, do: pass}
          - {p: P2, do: damage, cards: [Y0], expect: {P2: {stage: {2: {card: IDOL}}}}}
          - {p: P1, do: pass, expect: {P1: {stage: {1: {state: reverse}}}}}
        """
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert any("front attack" in message for message in messages(verdict, "ws:10.6.2"))


def test_a_direct_attack_past_a_great_performer_is_refused_ws_10_6_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: attack
          P1: {stage: {1: Y0}, deck: 5}
          P2: {stage: {2: IDOL}, level: [Y0], deck: 5}
        actions:
          - {p: P1, do: attack, pos: 1, type: direct}
        """
    )
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].clauses == ("ws:10.6.1", "ws:10.6.2")
    assert "Great Performance" in verdict.violations[0].message


def test_bond_returns_the_named_card_to_hand_ws_10_4_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {level: [CALLER], clock: [CALLER], stock: [Y0, Y0], hand: [CALLER], waiting: [READER, Y0], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: CALLER, pos: 1}
          - {p: P1, do: resolve, source: CALLER, ability: bond, pay: true, target: READER,
             expect: {P1: {hand: [READER], stock: 0, waiting: [Y0, Y0, Y0]}}}
        """
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert messages(verdict, "ws:10.4.2")[-1] == "Bond: READER returns to hand"


def test_bond_declined_by_moving_on_ws_8_7_3_1_1() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {level: [CALLER], clock: [CALLER], stock: [Y0, Y0], hand: [CALLER], waiting: [READER], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: CALLER, pos: 1}
          - {p: P1, do: pass, expect: {P1: {hand: 0, waiting: [READER, Y0]}}}
        """
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert "P1 does not use Bond of CALLER" in messages(verdict, "ws:8.7.3.2.1")


def test_shift_exchanges_clock_and_hand_cards_of_one_color_ws_10_11_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {level: [Y0], clock: [SHIFTER, Y0], hand: [IDOL, READER], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: resolve, source: SHIFTER, ability: shift, target: IDOL,
             expect: {P1: {clock: [IDOL, Y0], hand: [READER, SHIFTER]}}}
        """
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_shift_with_a_card_of_another_color_is_refused_ws_10_11_3_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {level: [Y0], clock: [SHIFTER, Y0], hand: [IDOL, READER], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: resolve, source: SHIFTER, ability: shift, target: READER}
        """
    )
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].entry == 0
    assert "shift IDOL" in verdict.violations[0].options


def test_assist_adds_power_to_the_character_in_front_ws_10_3_2() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {1: Y0, 2: Y0, 4: HELPER}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: pass, expect: {P1: {stage: {1: {power: 3000}, 2: {power: 3000}, 4: {power: 1500}}}}}
        """
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_moving_a_character_in_front_of_a_lowering_assist_can_send_it_away_ws_9_5_1() -> None:
    """ws:10.3.2, ws:9.5.1: a move changes which characters an Assist applies to; one moved in front of an
    Assist of -3000 has 0 or less power and leaves the stage at the next check timing."""
    header = HEADER.replace(
        "abilities: [{keyword: assist, power: 500}]", "abilities: [{keyword: assist, power: -3000}]"
    )
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {3: Y0, 4: HELPER}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: move, from: 1, to: 3}
          - {p: P1, do: pass, expect: {P1: {stage: {1: null, 3: null, 4: {card: HELPER}}, waiting: [Y0]}}}
        """,
        header,
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert messages(verdict, "ws:9.5.1") == ["Y0 has 0 or less power"]


def test_standby_abilities_in_the_order_the_log_resolves_them_ws_8_5_1_2() -> None:
    """Playing CALLER onto Y0's position triggers Y0's Encore (ws:9.6.1) and CALLER's Bond at one check
    timing; the log resolves the Bond first, then declines the Encore."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {level: [CALLER], clock: [CALLER], stage: {1: Y0}, stock: [Y0, Y0, READER, READER],
               hand: [CALLER], waiting: [READER], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: play, card: CALLER, pos: 1}
          - {p: P1, do: resolve, source: CALLER, ability: bond, pay: true, target: READER}
          - {p: P1, do: resolve, source: Y0, ability: encore, pay: false,
             expect: {P1: {hand: [READER], stage: {1: {card: CALLER}}}}}
        """
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    played = [r.message for r in verdict.records if r.message.endswith("is played")]
    assert played == ["bond of CALLER is played", "encore of Y0 is played"]


def test_an_effect_entry_applies_its_declared_moves_and_changes_ws_8_6() -> None:
    """Card text the engine does not model: the log's effect entry moves a card and changes power; the replay
    applies it, checks it was possible, and the verdict is incomplete (never guessed, never legal)."""
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {2: Y0}, waiting: [READER], deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: effect, source: Y0, moves: [{card: READER, from: waiting, to: hand}],
             power: [{pos: 2, amount: 1500}],
             expect: {P1: {hand: [READER], waiting: 0, stage: {2: {power: 4000}}}}}
          - {p: P1, do: pass}
        """
    )
    assert verdict.kind is VerdictKind.INCOMPLETE, [v.message for v in verdict.violations]
    assert "READER moves from waiting to hand (declared)" in messages(verdict, "ws:8.6")


def test_an_effect_entry_moving_a_card_that_is_not_there_is_a_violation_ws_8_6() -> None:
    verdict = verify(
        """
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {stage: {2: Y0}, deck: 5}
          P2: {deck: 5}
        actions:
          - {p: P1, do: effect, source: Y0, moves: [{card: READER, from: waiting, to: hand}]}
        """
    )
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].message == "effect: READER is not in P1's waiting"


ENCORE_CHOICE = """\
setup:
  turn: 3
  active: P1
  phase: attack
  P1: {stage: {2: Y0}}
  P2: {stage: {2: ENCORER}, stock: [Y0, Y0, Y0]}
actions:
  - {p: P1, do: attack, pos: 2, type: front}
  - {p: P1, do: trigger, card: Y0}
  - {p: P2, do: damage, cards: [Y0]}
"""
"""Y0 (2500) reverses ENCORER (1000), which has Encore [2] beside Encore [3] (ws 10.2.3), with three stock."""


def test_the_encore_paid_is_named_where_two_can_be_paid_ws_10_2_3() -> None:
    """ws:10.2.3: every character has Encore [3]; with its own Encore [2] and three stock, the entry names the
    one paid, as its cost or as the card record writes the ability; the stock paid is that cost."""
    for paid in ("{stock: 2}", "{keyword: encore, cost: {stock: 2}}"):
        verdict = verify(
            ENCORE_CHOICE
            + f"  - {{p: P2, do: encore, pos: 2, pay: {paid}, expect: {{P2: {{stage: {{2: {{card: ENCORER, "
            + "state: rest}}, stock: 1}}}\n"
        )
        assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    three = verify(ENCORE_CHOICE + "  - {p: P2, do: encore, pos: 2, pay: {stock: 3}, expect: {P2: {stock: 0}}}\n")
    assert three.kind is VerdictKind.LEGAL, [v.message for v in three.violations]
    two = verify(ENCORE_CHOICE + "  - {p: P2, do: encore, pos: 2, pay: {stock: 2}, expect: {P2: {stock: 0}}}\n")
    assert [v.message for v in two.violations] == ["expect: P2 stock has 1 card(s), not 0"]


def test_a_plain_pay_where_two_encores_can_be_paid_is_refused_ws_10_2_3() -> None:
    """ws:10.2.3: ``pay: true`` could be Encore [2] or Encore [3] here; the log does not say which game was
    played, so the entry is refused, there, asking for the one paid.  The same holds for a ``resolve``."""
    verdict = verify(ENCORE_CHOICE + "  - {p: P2, do: encore, pos: 2, pay: true}\n")
    [violation] = verdict.violations
    assert violation.entry == 3 and "ws:10.2.3" in violation.clauses
    assert "Encore [2] or Encore [3]" in violation.message and "pay: {stock: 2}" in violation.message
    resolved = verify(
        ENCORE_CHOICE
        + "  - {p: P2, do: encore, pos: 2}\n"
        + "  - {p: P2, do: resolve, source: ENCORER, ability: encore, pay: true}\n"
    )
    [violation] = resolved.violations
    assert violation.entry == 4 and "ws:10.2.3" in violation.clauses


def test_an_encore_the_card_does_not_have_is_refused_ws_10_2_2() -> None:
    """ws:10.2.2: the Encore paid must be one the character has: Encore [1] is not."""
    verdict = verify(ENCORE_CHOICE + "  - {p: P2, do: encore, pos: 2, pay: {stock: 1}}\n")
    [violation] = verdict.violations
    assert violation.entry == 3 and "has no Encore [1]" in violation.message
