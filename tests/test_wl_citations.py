"""The ENERGIO!! engine cites each clause where it applies it: in the record it makes or the refusal it gives, or in
the table that declares a structure.  Each clause below was once applied without a citation (``clauses.yaml``,
applied); these tests hold that the game's trace now names it where it happens."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from engine.games.wl.cards import deck_problems, definition_from_record
from engine.games.wl.game import Energio
from engine.games.wl.state import ZONES
from judge import games
from judge.games.wl import SUPPORT as WL
from judge.games.wl.selfplay import starter_set
from judge.logfile import GameLog, load_log, parse_log
from judge.replay import Replay, verify_log
from judge.scenarios import library
from tests.conftest import REPO
from tests.test_wl_rules import ACTIVATED, act_log

EXAMPLE = REPO / "judge" / "examples" / "wl-game.yaml"
SEEDS = range(15)
"""Self-played games: seed 1 has an [End of Your Opponent's Turn] effect, 2 an [On Block], 14 an [On K.O.]."""

CITED_BY_RECORDS = [
    "wl:3.1.6",  # a Character leaving its area for the trash is a new card
    "wl:3.2.3",  # the opening hand leaves the deck one card at a time
    "wl:3.2.4",  # the deck shuffled
    "wl:3.3.3",  # the ENERGIO!! phase's two cards move one by one
    "wl:3.7.3",  # a Character placed in its area is played
    "wl:3.8.3",  # a Stage placed in its area is played
    "wl:3.8.4",  # ... and placed active
    "wl:3.9.3",  # ENERGIO!! cards placed active in the cost area
    "wl:4.3.1",  # the turn player's effects "during this turn" end, then the non-turn player's
    "wl:4.3.2",
    "wl:4.2.1",  # "your" turn in an [End of Your Turn] effect is that of the card's player
    "wl:4.4.1",  # the refresh makes every rested card active
    "wl:4.4.1.1",
    "wl:4.4.1.2",  # an attacker rests
    "wl:4.5.1",  # drawing
    "wl:4.5.2",  # the draw phase's one card
    "wl:4.5.3",  # five cards, one at a time
    "wl:4.6.1",  # damage processing
    "wl:4.6.2",
    "wl:4.6.2.1",  # one damage: the top Life card to the hand
    "wl:4.6.2.2",  # [Double Attack]'s 2 damage as two
    "wl:4.6.3",  # a [Trigger] Life card activated
    "wl:4.7.1",  # playing a card: its cost paid, played or activated from the hand
    "wl:5.2.1",  # the pre-game procedure
    "wl:6.5.5.4",  # ENERGIO!! given to a K.O.'d Character go to the cost area, rested
    "wl:6.5.6.2",  # the main phase's battle is fought as chapter 7 says
    "wl:6.6.1",  # the end phase's procedure
    "wl:6.6.1.1.1",  # "end of your turn" effects activate once
    "wl:8.1.3",  # an effect is played as its kind: auto, activate or permanent
    "wl:8.1.3.1",  # auto effects activate when their event happens
    "wl:8.1.3.2.1",
    "wl:8.1.3.3",  # an [Activate: Main] effect activated
    "wl:8.1.3.3.1",
    "wl:8.1.3.4",  # a permanent effect's power counts in a battle
    "wl:8.3.1",  # an activation cost
    "wl:8.3.1.8",  # an activation timing
    "wl:8.4.1",  # the steps of activating an effect
    "wl:8.4.1.2",
    "wl:8.4.1.3",
    "wl:8.4.1.4",
    "wl:8.4.1.5",
    "wl:8.4.2",  # an Event trashed and its effect carried out
    "wl:8.4.3",  # the effect of a card on the field carried out
    "wl:8.6.2.1",  # damage suspended for a [Trigger]
    "wl:9.1.1",  # defeat judgment, by the rules
    "wl:10.1.1",  # [Rush]: a Character played this turn without it does not attack
    "wl:10.1.2",  # [Double Attack]
    "wl:10.1.2.1",
    "wl:10.1.3",  # [Banish]
    "wl:10.1.4",  # [Blocker]
    "wl:10.1.5",  # [Trigger]
    "wl:10.2.1.1",  # K.O.
    "wl:10.2.2",  # [Activate: Main]
    "wl:10.2.3",  # [Main]
    "wl:10.2.4",  # [Counter]
    "wl:10.2.5",  # [When Attacking]
    "wl:10.2.6",  # [On Play]
    "wl:10.2.7",  # [End of Your Turn]
    "wl:10.2.8",  # [End of Your Opponent's Turn]
    "wl:10.2.15",  # [On Block]
    "wl:10.2.16",  # [On Your Opponent's Attack]
    "wl:10.2.17",  # [On K.O.]
]
"""Clauses a record or a refusal of the example game, of the scenario library or of a self-played game cites."""


@cache
def cited_in_games() -> frozenset[str]:
    """Every clause a record or a violation of the wl example game, a wl library scenario or a self-played game
    cites."""
    logs: list[GameLog] = [load_log(EXAMPLE)]
    logs.extend(scenario.log for scenario in library() if scenario.id.startswith("wl/"))
    support = games.get("wl")
    logs.extend(parse_log(json.dumps(support.self_play(seed)), f"wl-{seed}.json", "json") for seed in SEEDS)
    cited: set[str] = set()
    for log in logs:
        verdict = verify_log(log)
        cited.update(clause for record in verdict.records for clause in record.clauses)
        cited.update(clause for violation in verdict.violations for clause in violation.clauses)
    return frozenset(cited)


@pytest.mark.parametrize("clause", CITED_BY_RECORDS)
def test_a_record_or_a_refusal_cites_the_clause_it_applies(clause: str) -> None:
    assert clause in cited_in_games()


def test_the_zone_table_cites_the_areas_wl_3_1_1_wl_3_1_3_and_which_are_open() -> None:
    """wl:3.1.1 names the areas and 3.1.3 gives each player one of each: the table that declares them cites both;
    the Leader, Character and Stage areas are open (3.6.2, 3.7.2, 3.8.2), as their declarations say."""
    assert {"wl:3.1.1", "wl:3.1.3"} <= set(ZONES.clauses)
    for zone, clause in (("leader", "wl:3.6.2"), ("characters", "wl:3.7.2"), ("stage", "wl:3.8.2")):
        assert ZONES[zone].public and clause in ZONES[zone].clauses


def act_violations(document: dict[str, Any]) -> set[str]:
    verdict = verify_log(parse_log(json.dumps(document), "game.json", "json"))
    assert verdict.violations
    return set(verdict.violations[0].clauses)


def test_a_player_prepares_a_leader_and_an_energio_deck_wl_5_1_1() -> None:
    """wl:5.1.1: each player brings a Leader card and an ENERGIO!! deck; a Character as the Leader, or nine
    ENERGIO!! cards, is refused citing it."""
    starter = starter_set()
    definitions = {card_id: definition_from_record(card_id, fields) for card_id, fields in starter.cards.items()}
    deck = starter.decks["fleet"]
    character = next(card for card in deck["deck"] if definitions[card].type == "character")
    energio = {card: 9 for card in deck["energio"]}
    for leader, energio_deck in ((character, deck["energio"]), (deck["leader"], energio)):
        problems = deck_problems("P1", leader, deck["deck"], energio_deck, definitions)
        assert any("wl:5.1.1" in problem.clauses for problem in problems), problems


def test_an_entry_in_another_turn_cites_the_turn_order_wl_6_1_2() -> None:
    """wl:6.1.2: the game goes on in turns, each of one turn player; an entry that says another turn than the
    replay's is refused citing it."""
    cited = act_violations(act_log("[{p: P1, do: act, source: RD-11, turn: 6}]"))
    assert {"wl:6.1.1", "wl:6.1.2"} <= cited


def test_an_activate_effect_of_a_card_not_on_the_field_is_refused_wl_3_1_2() -> None:
    """wl:3.1.2: an [Activate: Main] effect is activated from a card on the field (the Leader, Character and Stage
    areas); naming a card that is not there is refused citing what the field is."""
    cited = act_violations(act_log("[{p: P1, do: act, source: RD-10}]"))
    assert {"wl:6.5.4.1", "wl:3.1.2"} <= cited


def test_a_once_per_turn_effect_counts_by_card_wl_10_2_13_wl_10_2_13_2() -> None:
    """wl:10.2.13.2: the engine counts a [Once Per Turn] effect's uses by card; the refusal of a second use cites
    the keyword and that clause."""
    cited = act_violations(act_log("[{p: P1, do: act, source: RD-11}, {p: P1, do: act, source: RD-11}]"))
    assert {"wl:10.2.13", "wl:10.2.13.1", "wl:10.2.13.2"} <= cited


@pytest.mark.parametrize(
    ("condition", "clauses"),
    [({"energio": 1}, {"wl:10.2.9", "wl:10.2.9.1"}), ({"turn": "opponents"}, {"wl:10.2.12", "wl:10.2.12.1"})],
)
def test_an_activate_effect_refused_for_its_condition_cites_it_wl_8_1_3_3_2(
    condition: dict[str, Any], clauses: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """wl:8.1.3.3.2: an activate effect may need its conditions fulfilled: [ENERGIO!! x1] with none given, or
    [Opponent's Turn] in its own turn."""
    card: dict[str, Any] = ACTIVATED["RD-11"]
    ability = {**card["abilities"][0], "condition": condition, "once_per_turn": False}
    monkeypatch.setitem(ACTIVATED, "RD-11", {**card, "abilities": [ability]})
    cited = act_violations(act_log("[{p: P1, do: act, source: RD-11}]"))
    assert {"wl:8.1.3.3.2", *clauses} <= cited


@pytest.mark.parametrize(
    ("player", "condition", "clauses"),
    [
        ("P1", {"turn": "yours", "energio": 1}, {"wl:10.2.9", "wl:8.3.2.3"}),
        ("P2", {"turn": "yours"}, {"wl:10.2.11", "wl:8.3.2.4", "wl:4.2.1"}),
        ("P1", {"turn": "opponents"}, {"wl:10.2.12", "wl:8.3.2.5", "wl:4.2.1"}),
    ],
)
def test_an_effect_whose_condition_fails_is_refused_citing_it_wl_8_3_2_wl_8_3_2_1(
    player: str, condition: dict[str, Any], clauses: set[str]
) -> None:
    """wl:8.3.2, 8.3.2.1: an effect's conditions must all be fulfilled; the first that is not says why (the turn is
    P1's, and nothing is given to P1's Character).  "Your" turn is that of the card's player (4.2.1)."""
    log = parse_log(json.dumps(act_log("[]")), "game.json", "json")
    replay = Replay(log, WL.build(log), WL, trace=False)
    replay.run()
    game = replay.game
    assert isinstance(game, Energio)
    card = game.player_states["P1"].characters[0]
    refusal = game.playing.condition_refusal(player, card, {"condition": condition})
    assert refusal is not None and {"wl:8.3.2", "wl:8.3.2.1", *clauses} <= set(refusal.clauses)
