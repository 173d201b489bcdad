"""Vanguard abilities in the format's shared shape the engine plays, each test naming the clause it checks: the
keyword gates Limit Break and Generation Break written on the card, and automatic abilities; and the rule that a
verdict never accuses a log because of card text the engine does not play."""

from __future__ import annotations

import copy
from typing import Any

from judge.verdict import VerdictKind
from tests.test_vg_rules import ACTIVATED, CARDS, position_log, verify


def gated(keywords: list[dict[str, Any]]) -> dict[str, Any]:
    """SL-SK's activated ability, with the card's keywords ``keywords`` (Limit Break 4 as a keyword)."""
    return {**ACTIVATED, "keywords": keywords}


def unit_log(card: dict[str, Any], actions: str, damage: str, p1: str = "FL: SL-SK") -> dict[str, Any]:
    document = position_log(
        f"""
        setup:
          turn: 3
          active: P1
          phase: main
          P1: {{circles: {{V: SL-21, {p1}}}, damage: {damage}, hand: [SL-11]}}
          P2: {{circles: {{V: TW-21}}, deck: {{top: [TW-11, TW-13], rest: 20}}}}
        actions: {actions}
        """
    )
    document["cards"] = {**CARDS, "SL-SK": card}
    document["players"][0]["deck"] = {**document["players"][0]["deck"], "SL-SK": 1, "SL-14": 2}
    return document


THREE = "[SL-11, SL-13, SL-14]"
FOUR = "[SL-11, SL-13, SL-14, SL-22]"
ACT = "[{p: P1, do: act, source: FL, counter_blast: [SL-11], expect: {P1: {circles: {FL: {power: 14000}}}}}]"


def test_a_limit_break_keyword_gates_the_cards_activated_ability_vg_10_2_5_1() -> None:
    """vg:10.2.5.1, vg:10.2.5.3.3: a card with ``{keyword: limit_break, count: 4}`` plays its activated ability
    only with four damage or more; with three it is refused, citing Limit Break."""
    card = gated([{"keyword": "limit_break", "count": 4}])
    verdict = verify(unit_log(card, ACT, THREE))
    assert verdict.kind is VerdictKind.ILLEGAL and "vg:10.2.5.1" in verdict.violations[0].clauses
    verdict = verify(unit_log(card, ACT, FOUR))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_a_generation_break_keyword_gates_the_cards_activated_ability_vg_10_2_11_1() -> None:
    """vg:10.2.11.1: a card with ``{keyword: generation_break, count: 1}`` plays its ability only with a face-up
    G unit; with none it is refused."""
    card = gated([{"keyword": "generation_break", "count": 1}])
    verdict = verify(unit_log(card, ACT, THREE))
    assert verdict.kind is VerdictKind.ILLEGAL and "vg:10.2.11.1" in verdict.violations[0].clauses


def auto(timing: str, power: int = 5000, **more: Any) -> dict[str, Any]:
    return {**ACTIVATED, "abilities": [{"type": "auto", "timing": timing, "effect": {"power": power,
            "target": "self", "until": "end_of_turn"}, "text": f"[AUTO] {timing}: +{power}.", **more}]}  # fmt: skip


def test_a_unit_placed_on_its_circle_plays_its_automatic_ability_vg_8_6_2() -> None:
    """vg:8.1.1.2.1, vg:8.6.2, vg:8.6.3.1: "when placed on (RC)" goes into standby when the unit is called, and is
    played at the check timing that follows."""
    card = auto("on_play", zone="R")
    document = unit_log(
        card,
        "[{p: P1, do: call, card: SL-SK, to: FR}, {p: P1, do: pass, expect: {P1: {circles: {FR: {power: 14000}}}}}]",
        THREE,
        p1="FL: SL-11",
    )
    document["setup"]["P1"]["hand"] = ["SL-SK"]
    verdict = verify(document)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_an_automatic_ability_of_the_other_zone_does_not_trigger_vg_8_1_1_2_1() -> None:
    """vg:8.1.1.2.1: an ability of (VC) does not trigger on a rear-guard circle."""
    document = unit_log(
        auto("on_play", zone="V"),
        "[{p: P1, do: call, card: SL-SK, to: FR, expect: {P1: {circles: {FR: {power: 9000}}}}}]",
        THREE,
        p1="FL: SL-11",
    )
    document["setup"]["P1"]["hand"] = ["SL-SK"]
    assert verify(document).kind is VerdictKind.LEGAL


def battle_log(card: dict[str, Any], damage: str) -> dict[str, Any]:
    """SL-SK (9000) on FL attacks P2's 11000 TW-31 vanguard, and P2 takes a damage check: legal only with an
    automatic +power when it attacks."""
    document = unit_log(
        card,
        "[{p: P1, do: attack, from: FL, target: V}, {p: P2, do: pass}, {p: P2, do: damage, card: TW-11}]",
        damage,
    )
    document["setup"]["phase"] = "battle"
    document["setup"]["P2"]["circles"]["V"] = "TW-31"
    return document


def test_an_automatic_ability_when_the_unit_attacks_decides_the_battle_vg_7_3_1_8() -> None:
    """vg:7.3.1.8: "when this unit attacks" is played at the attack step's check timing; +5000 makes it hit."""
    verdict = verify(battle_log(auto("when_attacking"), THREE))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_a_limit_break_automatic_ability_does_not_trigger_below_its_count_vg_10_2_5_3_2_1() -> None:
    """vg:10.2.5.3.2.1: with Limit Break 4 and three damage the ability does not trigger: the attack does not hit,
    and the damage check is refused."""
    card = {**auto("when_attacking"), "keywords": [{"keyword": "limit_break", "count": 4}]}
    assert verify(battle_log(card, THREE)).kind is VerdictKind.ILLEGAL
    assert verify(battle_log(card, FOUR)).kind is VerdictKind.LEGAL


def test_an_outcome_that_unplayed_text_could_change_is_incomplete_not_illegal_vg_8_5() -> None:
    """vg:8.5, vg:8.6.2: a legal battle that a "when this unit attacks" ability with an effect the engine does not
    play decides is ``incomplete``, with a note naming the card, the text and the entry; never ``illegal``."""
    card = copy.deepcopy(auto("when_attacking"))
    card["abilities"][0]["effect"] = {"draw": 1}
    verdict = verify(battle_log(card, THREE))
    assert verdict.kind is VerdictKind.INCOMPLETE and verdict.violations == []
    assert any("entry 2 not judged" in note and "SL-SK" in note for note in verdict.notes), verdict.notes


def test_an_automatic_ability_when_the_unit_boosts_adds_to_the_attack_vg_7_3_1_8() -> None:
    """vg:7.3.1.8, vg:7.3.1.7: "when this unit boosts" is played at the attack step's check timing; the booster's
    +power counts in the boosted attack."""
    document = battle_log(ACTIVATED, THREE)
    document["setup"]["P1"]["circles"] = {"V": "SL-21", "FL": "SL-11", "BL": "SL-SK"}
    booster = {**auto("when_boosting", power=3000, zone="R"), "grade": 1, "power": 2000, "skills": ["boost"]}
    document["cards"]["SL-SK"] = booster
    document["actions"][0]["boost"] = "BL"
    verdict = verify(document)  # 7000 + 2000 + 3000 against 11000, and a damage check
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    booster["abilities"][0]["zone"] = "V"  # an ability of (VC) does not trigger on BL: 9000 does not hit
    verdict = verify(document)
    assert verdict.kind is VerdictKind.ILLEGAL, [v.message for v in verdict.violations]
    document["actions"] = document["actions"][:2]
    verdict = verify(document)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_an_automatic_ability_when_the_attack_hits_vg_7_6_1_9() -> None:
    """vg:7.6.1.9: "when this unit's attack hits" goes into standby after the hit and is played at the check
    timing of 7.6.1.9: the unit has its +5000 afterwards."""
    card = auto("on_attack_hits")
    document = battle_log(card, THREE)
    document["setup"]["P2"]["circles"]["V"] = "TW-21"
    document["actions"].append({"p": "P1", "do": "pass", "expect": {"P1": {"circles": {"FL": {"power": 14000}}}}})
    verdict = verify(document)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_self_play_reaches_every_ability_of_the_bundled_pool() -> None:
    """The bundled pool's abilities are met in self-play: automatic abilities of each timing are played, and
    activated ones with each cost, Limit Break and Generation Break among them."""
    import json

    from judge.games.vg.selfplay import play_game
    from judge.logfile import parse_log
    from judge.replay import verify_log

    seen: set[str] = set()
    for seed in range(30):
        document = play_game(seed)
        verdict = verify_log(parse_log(json.dumps(document), f"{seed}.json", "json"))
        seen.update(r.clauses[0] for r in verdict.records if r.kind.value == "ability" and "triggers" in r.message)
        for entry in document["actions"]:
            if entry["do"] == "act" and "return" not in entry:
                seen.update(word for word in ("counter_blast", "soul_blast", "discard") if word in entry)
    assert {"vg:8.1.1.2.1", "vg:7.3.1.8", "vg:7.6.1.9", "counter_blast", "soul_blast", "discard"} <= seen, seen


def test_an_automatic_abilitys_cost_is_paid_in_full_or_not_at_all_vg_8_6_4() -> None:
    """vg:8.6.4: "when this unit attacks, [Counter Blast (1)]: +5000": a ``resolve`` entry with ``pay: true``
    and the card turned face down plays it, and the attack hits; without it the cost is not paid, the attack does
    not hit and the damage check is refused; a Counter Blast of a card that is not there is refused."""
    card = auto("when_attacking", cost={"counter_blast": 1})
    paid = battle_log(card, THREE)
    paid["actions"].insert(1, {"p": "P1", "do": "resolve", "source": "SL-SK", "ability": 0, "pay": True,
                               "counter_blast": ["SL-11"], "expect": {"P1": {"damage_face_down": 1}}})  # fmt: skip
    verdict = verify(paid)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]
    assert verify(battle_log(card, THREE)).kind is VerdictKind.ILLEGAL
    paid["actions"][1]["counter_blast"] = ["TW-11"]
    verdict = verify(paid)
    assert verdict.violations and verdict.violations[0].entry == 1 and "vg:8.6.4" in verdict.violations[0].clauses
