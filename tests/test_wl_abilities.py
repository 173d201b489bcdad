"""ENERGIO!! effects in the format's shared shape the engine plays, each test naming the clause it checks; and the
rule that a verdict never accuses a log because of card text the engine does not play."""

from __future__ import annotations

import copy
from typing import Any

from judge.verdict import VerdictKind
from tests.test_wl_rules import position, verify


def character(abilities: list[dict[str, Any]], power: int = 3000, **more: Any) -> dict[str, Any]:
    return {"name": "Signal Mate", "category": "character", "color": ["red"], "power": power, "cost": 2,
            "abilities": abilities, **more}  # fmt: skip


def when_attacking(power: int = 3000, **more: Any) -> dict[str, Any]:
    return {
        "type": "auto",
        "timing": "when_attacking",
        "effect": {"power": power, "target": "self", "until": "end_of_battle"},
        "text": f"[When Attacking] This Character gets +{power} power during this battle.",
        **more,
    }


def battle_log(card: dict[str, Any], actions: str, p1: str = "", p2: str = "") -> dict[str, Any]:
    """P1's RD-11 (``card``) on the field at P1's main phase; P2 has 3 Life."""
    document = position(
        f"""
        setup:
          turn: 5
          active: P1
          phase: main
          P1: {{characters: [{{card: RD-11}}], cost: {{active: 3}}, life: 3, deck: 20{p1}}}
          P2: {{life: 3, deck: 20{p2}}}
        actions: {actions}
        """,
        {"RD-11": card},
    )
    document["players"][0]["deck"]["RD-11"] = 2
    del document["players"][0]["deck"]["RD-10"]
    return document


HIT = "[{p: P1, do: attack, attacker: RD-11, target: leader}, {p: P2, do: pass}, {p: P2, do: damage, card: '?'}]"
"""RD-11 attacks P2's 5000 Leader and deals damage: legal only with +2000 or more."""


def messages(document: dict[str, Any]) -> tuple[VerdictKind, list[str], list[str]]:
    verdict = verify(document)
    return verdict.kind, [v.message for v in verdict.violations], verdict.notes


def test_a_when_attacking_effect_decides_the_battle_wl_10_2_5_1() -> None:
    """wl:10.2.5.1, wl:7.1.4.1: [When Attacking] activates when the attack is declared; its +3000 wins the battle."""
    kind, violations, _ = messages(battle_log(character([when_attacking()]), HIT))
    assert kind is VerdictKind.LEGAL, violations


def test_an_energio_condition_that_is_not_met_does_not_activate_wl_8_3_2_3() -> None:
    """wl:8.3.2.3, wl:8.4.1.1: an [ENERGIO!! x1] effect of a card given none does not activate, so the attack
    loses and a damage is refused; given one, it activates."""
    card = character([when_attacking(condition={"energio": 1})])
    kind, violations, _ = messages(battle_log(card, HIT))
    assert kind is VerdictKind.ILLEGAL and "not possible" in violations[0], violations
    given = "[{p: P1, do: give, to: RD-11}, " + HIT[1:]
    kind, violations, _ = messages(battle_log(card, given))
    assert kind is VerdictKind.LEGAL, violations


def test_an_on_play_effect_gives_its_power_when_the_card_is_played_wl_10_2_6_1() -> None:
    """wl:10.2.6.1: [On Play] activates when the card is played."""
    on_play = {"type": "auto", "timing": "on_play", "effect": {"power": 2000, "target": "leader"},
               "text": "[On Play] Your Leader gets +2000 power during this turn."}  # fmt: skip
    document = battle_log(
        character([on_play]),
        "[{p: P1, do: play, card: RD-11, expect: {P1: {leader: {power: 7000}}}}]",
        p1=", hand: [RD-11]",
    )
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations


def test_a_permanent_effect_gives_power_while_its_condition_holds_wl_8_1_3_4() -> None:
    """wl:8.1.3.4, wl:8.3.2.4: a permanent [Your Turn] +2000 counts in the battle of its turn."""
    permanent = {"type": "cont", "condition": {"turn": "yours"}, "effect": {"power": 2000, "target": "self"},
                 "text": "[Your Turn] This Character gets +2000 power."}  # fmt: skip
    kind, violations, _ = messages(battle_log(character([permanent]), HIT))
    assert kind is VerdictKind.LEGAL, violations


def test_an_on_block_effect_wins_the_blockers_battle_wl_10_2_15_1() -> None:
    """wl:10.2.15.1, wl:7.1.4.2: [On Block] activates when the [Blocker] blocks; the attack then loses, so no
    Character is K.O.'d."""
    blocker = {"name": "Reef Wall", "category": "character", "color": ["blue"], "power": 1000, "cost": 2,
               "keywords": ["blocker"],
               "abilities": [{"type": "auto", "timing": "on_block", "effect": {"power": 4000, "target": "self",
                              "until": "end_of_battle"}, "text": "[On Block] +4000 power during this battle."}]}  # fmt: skip
    document = battle_log(
        character([]),
        "[{p: P1, do: attack, attacker: RD-11, target: leader}, {p: P2, do: block, blocker: BL-11},"
        " {p: P2, do: pass, expect: {P2: {characters: 1}}}, {p: P1, do: end}]",
        p2=", characters: [{card: BL-11}]",
    )
    document["cards"]["BL-11"] = blocker
    document["players"][1]["deck"]["BL-11"] = 2
    del document["players"][1]["deck"]["BL-10"]
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations


def test_a_counter_event_in_the_shared_shape_is_a_counter_event_wl_10_2_4_1() -> None:
    """wl:10.2.4.1, wl:7.1.3.2.2: an Event whose ability has ``timing: counter`` is a [Counter] Event, written
    with or without the ``counter`` keyword; its +4000 makes the attack lose."""
    event = {"name": "Cross Wave", "category": "event", "color": ["blue"], "cost": 1,
             "abilities": [{"timing": "counter", "effect": {"power": 4000, "target": "leader", "until": "end_of_battle"},
                            "text": "[Counter] Your Leader gets +4000 power during this battle."}]}  # fmt: skip
    document = battle_log(
        character([when_attacking()]),
        "[{p: P1, do: attack, attacker: RD-11, target: leader}, {p: P2, do: counter, card: BL-E9},"
        " {p: P2, do: pass}, {p: P1, do: end}]",
        p2=", hand: [BL-E9], cost: {active: 1}",
    )
    document["cards"]["BL-E9"] = event
    document["players"][1]["deck"]["BL-E9"] = 2
    del document["players"][1]["deck"]["BL-10"]
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations


def test_an_outcome_that_unplayed_text_could_change_is_incomplete_not_illegal_wl_8_1_1() -> None:
    """wl:8.1.1: a legal game whose battle turns on an effect the engine does not play (its words are printed
    text only) is ``incomplete``, with a note naming the card, the text and the entry; never ``illegal``."""
    document = battle_log(character([when_attacking()]), HIT)
    del document["cards"]["RD-11"]["abilities"][0]["effect"]
    kind, violations, notes = messages(document)
    assert kind is VerdictKind.INCOMPLETE and violations == []
    assert any("entry 2 not judged" in note and "RD-11" in note and "[When Attacking]" in note for note in notes)


def test_an_energio_minus_cost_not_read_leaves_the_outcome_undecided_wl_10_2_10() -> None:
    """wl:10.2.10.1, wl:8.3.1.6: an ENERGIO!! -X cost is not read, so its effect is not played; the battle it
    decides is ``incomplete``."""
    document = battle_log(character([when_attacking(cost={"energio_return": 1})]), HIT)
    kind, violations, notes = messages(document)
    assert kind is VerdictKind.INCOMPLETE and violations == [], notes


def test_text_the_log_declares_leaves_later_mistakes_illegal_wl_8_1_1() -> None:
    """wl:8.1.1: once an ``effect`` entry declares what the text did, the entries after it are judged again."""
    document = battle_log(character([when_attacking()]), HIT)
    del document["cards"]["RD-11"]["abilities"][0]["effect"]
    document["actions"].insert(
        1, {"p": "P1", "do": "effect", "source": "RD-11", "power": [{"target": "RD-11", "amount": 1000}]}
    )
    kind, violations, _ = messages(copy.deepcopy(document))
    assert kind is VerdictKind.ILLEGAL and "not possible" in violations[0], violations


def test_an_on_ko_effect_is_checked_on_the_field_and_resolves_after_wl_10_2_17_1() -> None:
    """wl:10.2.17.1, wl:10.2.17.2: a Character K.O.'d in battle activates its [On K.O.] (its conditions checked
    while it is on the field); its +2000 to the Leader counts once it has left."""
    on_ko = {"type": "auto", "timing": "on_ko", "effect": {"power": 2000, "target": "leader", "until": "end_of_turn"},
             "text": "[On K.O.] Your Leader gets +2000 power during this turn."}  # fmt: skip
    document = battle_log(
        character([]),
        "[{p: P1, do: attack, attacker: RD-11, target: BL-11}, {p: P2, do: pass},"
        " {p: P2, do: ko, card: BL-11, expect: {P2: {characters: 0, leader: {power: 7000}}}}]",
        p2=", characters: [{card: BL-11, state: rest}]",
    )
    document["cards"]["BL-11"] = {"name": "Drowned Bell", "category": "character", "color": ["blue"], "power": 2000,
                                  "cost": 2, "abilities": [on_ko]}  # fmt: skip
    document["players"][1]["deck"]["BL-11"] = 2
    del document["players"][1]["deck"]["BL-10"]
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations


def test_an_effect_on_the_opponents_attack_counts_in_that_battle_wl_10_2_16_1() -> None:
    """wl:10.2.16.1, wl:8.6.1: [On Your Opponent's Attack] activates for the defender's cards when the attack is
    declared, after the attacker's effects; its +1000 to the Leader makes a 6000 attack lose."""
    guard = {"type": "auto", "timing": "on_opponents_attack", "effect": {"power": 2000, "target": "leader",
             "until": "end_of_battle"}, "text": "[On Your Opponent's Attack] Your Leader gets +2000 power."}  # fmt: skip
    document = battle_log(
        character([when_attacking()]),
        "[{p: P1, do: attack, attacker: RD-11, target: leader}, {p: P2, do: pass}, {p: P1, do: end}]",
        p2=", characters: [{card: BL-11}]",
    )
    document["cards"]["BL-11"] = {"name": "Sentry", "category": "character", "color": ["blue"], "power": 1000,
                                  "cost": 1, "abilities": [guard]}  # fmt: skip
    document["players"][1]["deck"]["BL-11"] = 2
    del document["players"][1]["deck"]["BL-10"]
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations


def test_end_of_turn_effects_activate_at_the_end_phase_wl_10_2_7_1_and_10_2_8_1() -> None:
    """wl:10.2.7.1, wl:10.2.8.1, wl:6.6.1.1: [End of Your Turn] and [End of Your Opponent's Turn] activate in the
    end phase, the turn player's first; the trace names each."""
    mine = {"type": "auto", "timing": "end_of_your_turn", "effect": {"power": 1000, "target": "leader"},
            "text": "[End of Your Turn] Your Leader gets +1000 power during this turn."}  # fmt: skip
    theirs = {"type": "auto", "timing": "end_of_opponents_turn", "effect": {"power": 1000, "target": "self"},
              "text": "[End of Your Opponent's Turn] This Character gets +1000 power during this turn."}  # fmt: skip
    document = battle_log(character([mine]), "[{p: P1, do: end}]", p2=", characters: [{card: BL-11}]")
    document["cards"]["BL-11"] = {"name": "Keeper", "category": "character", "color": ["blue"], "power": 1000,
                                  "cost": 1, "abilities": [theirs]}  # fmt: skip
    document["players"][1]["deck"]["BL-11"] = 2
    del document["players"][1]["deck"]["BL-10"]
    verdict = verify(document)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    activated = [r.message for r in verdict.records if "effect activates" in r.message]
    assert activated == ["RD-11's end_of_your_turn effect activates", "BL-11's end_of_opponents_turn effect activates"]


def test_a_main_event_in_the_shared_shape_is_a_main_event_wl_10_2_3_1() -> None:
    """wl:10.2.3.1, wl:6.5.3.1: an Event whose ability has ``timing: main`` is played in the main phase and its
    effect given, without the ``main`` keyword."""
    event = {"name": "High Water", "category": "event", "color": ["red"], "cost": 1,
             "abilities": [{"timing": "main", "effect": {"power": 1000, "target": "leader"},
                            "text": "[Main] Your Leader gets +1000 power during this turn."}]}  # fmt: skip
    document = battle_log(
        character([]), "[{p: P1, do: play, card: RD-E9, expect: {P1: {leader: {power: 6000}}}}]", p1=", hand: [RD-E9]"
    )
    document["cards"]["RD-E9"] = event
    document["players"][0]["deck"]["RD-E9"] = 1
    document["players"][0]["deck"]["RD-11"] = 1
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations


def test_self_play_reaches_every_timing_of_the_bundled_pool() -> None:
    """The bundled pool's abilities are met in self-play: each auto timing activates, [Activate: Main] effects
    are activated with each cost, and [Counter] and [Main] Events written with the timing alone are used."""
    import json

    from judge.games.wl.selfplay import play_game
    from judge.logfile import parse_log
    from judge.replay import verify_log

    seen: set[str] = set()
    for seed in range(40):
        document = play_game(seed)
        verdict = verify_log(parse_log(json.dumps(document), f"{seed}.json", "json"))
        seen.update(r.message.split("'s ")[-1] for r in verdict.records if r.message.endswith("effect activates"))
        for entry in document["actions"]:
            if entry["do"] == "act":
                seen.add("act with trash" if entry.get("trash") else "act")
            if entry["do"] in ("counter", "play") and entry.get("card") in ("BL-E1", "RD-E2"):
                seen.add(f"{entry['card']} by its timing")
    timings = {"on_play", "when_attacking", "on_opponents_attack", "on_block", "on_ko", "end_of_your_turn"}
    wanted = {f"{timing} effect activates" for timing in (*timings, "end_of_opponents_turn")}
    assert wanted | {"act", "act with trash", "BL-E1 by its timing", "RD-E2 by its timing"} <= seen, seen


def test_an_auto_effects_cost_may_be_paid_wl_8_3_1_4() -> None:
    """wl:8.3.1.4, wl:8.3.1.5: "[When Attacking] (1): +3000": a ``resolve`` entry with ``pay: true`` rests an
    active ENERGIO!! card and the attack wins; with no entry the cost is not paid, the effect is not activated
    and the damage is refused; a trash cost paid with a card the hand does not hold is refused."""
    document = battle_log(character([when_attacking(cost={"energio": 1})]), HIT)
    document["actions"].insert(
        1, {"p": "P1", "do": "resolve", "source": "RD-11", "ability": 0, "pay": True,
            "expect": {"P1": {"cost": {"active": 2, "rested": 1}}}},
    )  # fmt: skip
    kind, violations, _ = messages(document)
    assert kind is VerdictKind.LEGAL, violations
    kind, violations, _ = messages(battle_log(character([when_attacking(cost={"energio": 1})]), HIT))
    assert kind is VerdictKind.ILLEGAL and "not possible" in violations[0], violations
    trashing = battle_log(character([when_attacking(cost={"trash": 1})]), HIT, p1=", hand: [RD-01]")
    trashing["actions"].insert(1, {"p": "P1", "do": "resolve", "source": "RD-11", "ability": 0, "pay": True,
                                   "trash": ["RD-02"]})  # fmt: skip
    verdict = verify(trashing)
    assert verdict.violations and verdict.violations[0].entry == 1
    assert "wl:8.3.1.4" in verdict.violations[0].clauses, verdict.violations[0]
