"""ENERGIO!! rules the engine applies, each test naming the clause it checks.

Logs are self-played games with one thing changed, or small positions written
here; the scenario library (``scenarios/wl``) holds the rulings a judge is asked
about.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import yaml

from engine.games.wl.cards import deck_problems, definition_from_record
from judge.games.wl.selfplay import play_game, starter_set
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

STARTER = starter_set()
CARDS = STARTER.cards


def verify(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "game.json", "json"))


def definitions() -> dict[str, Any]:
    return {card_id: definition_from_record(card_id, fields) for card_id, fields in CARDS.items()}


def test_the_bundled_decks_are_legal_wl_5_1_2() -> None:
    """wl:5.1.2, wl:5.1.2.1, wl:5.1.2.2, wl:5.1.2.3: a Leader, 50 cards of its colors, at most 4 per card number,
    and a 10-card ENERGIO!! deck."""
    for name, deck in STARTER.decks.items():
        assert deck_problems(name, deck["leader"], deck["deck"], deck["energio"], definitions()) == []


@pytest.mark.parametrize(
    ("change", "clause"),
    [
        (lambda deck: deck["deck"].update({"RD-10": 3}), "wl:5.1.2"),  # 51 cards
        (lambda deck: deck["deck"].update({"RD-10": 1, "BL-01": 1}), "wl:5.1.2.2"),  # a blue card, red Leader
        (lambda deck: deck["deck"].update({"RD-10": 1, "RD-01": 5}), "wl:5.1.2.3"),  # five of a card number
        (lambda deck: deck["energio"].update({"RD-EN": 9}), "wl:5.1.2"),  # nine ENERGIO!!
    ],
)
def test_deck_construction_is_checked_wl_5_2_1_1(change: Any, clause: str) -> None:
    """wl:5.2.1.1: the decks presented must meet 5.1.2; a log whose decks do not is reported."""
    document = copy.deepcopy(play_game(0))
    change(document["players"][0] if document["players"][0]["leader"] == "RD-L" else document["players"][1])
    verdict = verify(document)
    assert any(clause in violation.clauses for violation in verdict.violations), verdict.violations[:2]


def position(body: str, extra_cards: dict[str, Any] | None = None) -> dict[str, Any]:
    fleet, court = STARTER.decks["fleet"], STARTER.decks["court"]
    document: dict[str, Any] = {
        "format": "judge-log/1",
        "game": "wl",
        "cards": {**CARDS, **(extra_cards or {})},
        "players": [
            {"id": "P1", "leader": fleet["leader"], "deck": dict(fleet["deck"]), "energio": fleet["energio"]},
            {"id": "P2", "leader": court["leader"], "deck": dict(court["deck"]), "energio": court["energio"]},
        ],
        "first": "P1",
    }
    document.update(yaml.safe_load(body))
    return document


ACTIVATED = {
    "RD-11": {
        "name": "Signal Mate",
        "category": "character",
        "color": ["red"],
        "power": 3000,
        "cost": 2,
        "abilities": [
            {
                "type": "act",
                "timing": "activate_main",
                "once_per_turn": True,
                "cost": {"energio": 1},
                "effect": {"power": 2000, "target": "self", "until": "end_of_turn"},
                "text": "[Activate: Main] [Once Per Turn] (1): This Character gets +2000 power during this turn.",
            }
        ],
    }
}


def act_log(actions: str) -> dict[str, Any]:
    document = position(
        f"""
        setup:
          turn: 5
          active: P1
          phase: main
          P1: {{characters: [{{card: RD-11}}], cost: {{active: 3}}, life: 3, deck: 20}}
          P2: {{life: 3, deck: 20}}
        actions: {actions}
        """,
        ACTIVATED,
    )
    document["players"][0]["deck"]["RD-11"] = 2  # in place of the two RD-10
    del document["players"][0]["deck"]["RD-10"]
    return document


def test_an_activate_main_effect_pays_its_cost_and_gives_its_power_wl_6_5_4_1() -> None:
    """wl:6.5.4.1, wl:8.3.1.5: an [Activate: Main] effect rests its ① in ENERGIO!! and gives its effect."""
    verdict = verify(
        act_log(
            "[{p: P1, do: act, source: RD-11, expect: {P1: {cost: {active: 2, rested: 1},"
            " characters: [{card: RD-11, power: 5000}]}}}]"
        )
    )
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations]


def test_a_once_per_turn_effect_is_activated_once_a_turn_wl_10_2_13() -> None:
    """wl:10.2.13.1, wl:10.2.13.3: after a [Once Per Turn] effect resolved, it cannot be activated again this turn."""
    verdict = verify(act_log("[{p: P1, do: act, source: RD-11}, {p: P1, do: act, source: RD-11}]"))
    assert verdict.violations[0].entry == 1 and "wl:10.2.13.1" in verdict.violations[0].clauses


def test_the_first_player_does_not_draw_and_places_one_energio_in_the_first_turn_wl_6_3_1_and_6_4_1() -> None:
    """wl:6.3.1, wl:6.4.1: in the first turn the first player draws no card and places one ENERGIO!! card."""
    document = play_game(3)
    first = document["first"]
    opening = [e for e in document["actions"] if e["do"] in ("draw", "energio") and e["p"] == first]
    assert [e["do"] for e in opening[:2]] == ["draw", "energio"] and opening[1]["count"] == 1  # the opening five
    assert verify(document).kind is VerdictKind.LEGAL
    wrong = copy.deepcopy(document)
    index = wrong["actions"].index(opening[1])
    wrong["actions"][index]["count"] = 2
    verdict = verify(wrong)
    assert verdict.violations[0].entry == index and "wl:6.4.1" in verdict.violations[0].clauses


def test_a_pass_declares_the_end_of_the_main_phase_wl_6_5_2_1() -> None:
    """wl:6.5.2.1: the end of the main phase may be written as ``pass``, as any point may be passed."""
    document = copy.deepcopy(play_game(3))
    ends = [i for i, entry in enumerate(document["actions"]) if entry["do"] == "end"]
    for index in ends[:5]:
        document["actions"][index]["do"] = "pass"
    assert verify(document).kind is VerdictKind.LEGAL


def test_giving_no_energio_is_not_giving_wl_6_5_5_1() -> None:
    """wl:6.5.5.1: giving places ENERGIO!! cards under a card; a count of 0 gives nothing and is refused."""
    verdict = verify(act_log("[{p: P1, do: give, to: leader, count: 0}]"))
    assert verdict.violations[0].entry == 0 and "wl:6.5.5.1" in verdict.violations[0].clauses


def test_a_leader_with_card_text_the_engine_does_not_model_makes_the_verdict_incomplete_wl_8_1_1() -> None:
    """wl:8.1.1: a Leader's text outside the structured vocabulary is reported, never guessed."""
    document = act_log("[{p: P1, do: end}]")
    leader = dict(document["cards"]["RD-L"])
    leader["abilities"] = [{"type": "auto", "timing": "when_attacking", "text": "[When Attacking] Draw 1 card."}]
    document["cards"]["RD-L"] = leader
    assert verify(document).kind is VerdictKind.INCOMPLETE
