"""The Weiss Schwarz engine cites each clause where it applies it: in the record it makes or the refusal it gives,
or in the effect it builds.  Each clause below was once applied without a citation (``clauses.yaml``, applied);
these tests hold that the game's trace now names it where it happens."""

from __future__ import annotations

import textwrap
from functools import cache

import pytest

from engine.core.cards import Card
from engine.core.game import GameEnded
from engine.games.ws.game import WeissSchwarz
from judge.games.ws import SUPPORT as WS
from judge.games.ws.log import game_of
from judge.logfile import GameLog, load_log, parse_log
from judge.replay import Replay, verify_log
from judge.scenarios import find, library
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"

CITED_BY_RECORDS = [
    "ws:3.2.3",  # damage cards leave the deck one by one
    "ws:3.2.4",  # the refresh shuffles the new deck
    "ws:3.6.5",  # the facing position of a front or side attack
    "ws:3.8.3",  # seven clock cards: level up
    "ws:3.9.3",  # level 4 loses
    "ws:3.13.1.1",  # an event goes through the resolution zone
    "ws:3.13.1.3",  # damage cards wait in the resolution zone
    "ws:4.4.1",  # every check timing
    "ws:4.4.2",
    "ws:4.5.1",  # the play timings of the main phase, climax phase and counter step
    "ws:4.5.2",  # a check timing before each play timing
    "ws:4.5.3",
    "ws:4.5.3.1",  # after an action, the main phase's play timing again
    "ws:4.6.1.1",  # stand, rest, reverse
    "ws:4.6.1.2",
    "ws:4.6.1.3",
    "ws:4.12.2.1",  # a trigger check with no icon
    "ws:6.2.1",  # each phase begins its order
    "ws:6.3.1",
    "ws:6.4.1",
    "ws:6.5.1",
    "ws:6.6.1",
    "ws:6.8.1",
    "ws:7.1.2",  # the attack declaration opens the attack sub-phase
    "ws:7.2.1",
    "ws:7.2.1.5.2",  # the character facing a front attack is being attacked
    "ws:7.3.1",  # each step begins its order
    "ws:7.4.1",
    "ws:7.5.1",
    "ws:7.6.1",
    "ws:7.7.1",
    "ws:8.1.1.1",  # an activated ability played at the main phase's play timing
    "ws:8.1.1.2",  # an automatic ability triggered
    "ws:8.2.1.1",  # a one-shot effect
    "ws:8.2.1.3",  # a replacement effect
    "ws:8.4.1",  # an ability's cost paid in order, no rule action in between
    "ws:8.4.2.1",
    "ws:8.5.1.1",  # a check timing's rule actions first
    "ws:8.5.2",  # a play timing
    "ws:8.5.2.3",  # passing ends it
    "ws:8.6.2",  # a character played from hand
    "ws:8.6.2.1",  # a climax played, its color checked
    "ws:8.6.2.1.1.1",  # a level 0 character needs no color
    "ws:8.6.2.1.2.1",  # a climax needs no level
    "ws:8.7.1",  # automatic abilities are played in the check timing
    "ws:8.7.2.1",  # each event a standby of its own
    "ws:8.7.3.1",  # abilities in standby are played
    "ws:8.11.1",  # Encore returns the card where it last was
    "ws:9.1.2.2.1",  # refresh points paid with the other check rule actions
    "ws:9.4.1.2",  # no deck and no waiting room loses
    "ws:10.2.1",  # Encore triggers when a character goes from the stage to the waiting room
    "ws:10.6.1",  # Great Performance
    "ws:3.1.1",  # the opening draw: each player's own deck and hand
    "ws:3.1.4",  # a character back from Encore is a new card; one moved on the stage is not
    "ws:4.3.1",  # an automatic ability is played by its master ...
    "ws:4.3.2",  # ... the player whose zone holds its card ...
    "ws:4.3.5",  # ... the master of the card that has it
    "ws:4.3.3",  # an ability's effects are its master's
    "ws:4.3.4",  # an activated ability's master played it
    "ws:4.6.1",  # a character stands, rests or reverses
    "ws:5.2.1",  # the preparation ends with the first turn
    "ws:5.2.1.2",  # the opening draw comes from the shuffled deck
    "ws:8.1.1",  # an activated or an automatic ability
    "ws:8.2.1",  # a one-shot, continuous or replacement effect
    "ws:8.5.1.4",  # every check timing ends
    "ws:8.6.1",  # cards and abilities are played
    "ws:8.6.2.2",  # a character's position is chosen when it is played
    "ws:8.6.2.4",  # the card played resolves
    "ws:8.7.3.2",  # an Encore its master cannot pay is not played
    "ws:8.8.1",  # a one-shot effect done once
    "ws:8.9.1",  # the powers a battle compares, a power of 0 or less: continuous effects in order ...
    "ws:8.9.1.1",  # ... on the printed power
    "ws:9.1.1",  # rule actions
    "ws:9.1.2",  # of the interrupt type or the check type
    "ws:9.1.2.1.1",  # both players level up at once ...
    "ws:9.1.2.1.1.1",  # ... the turn player first
    "ws:9.2.3",  # no refresh while a cost is paid
    "ws:9.3.3",  # no level up while a cost is paid
]
"""Clauses a record or a refusal of the example game or of the scenario library cites."""


@cache
def cited_in_games() -> frozenset[str]:
    """Every clause a record or a violation of the ws example game or of a ws library scenario cites."""
    logs: list[GameLog] = [load_log(EXAMPLE)]
    logs.extend(scenario.log for scenario in library() if scenario.id.startswith("ws/"))
    cited: set[str] = set()
    for log in logs:
        verdict = verify_log(log)
        cited.update(clause for record in verdict.records for clause in record.clauses)
        cited.update(clause for violation in verdict.violations for clause in violation.clauses)
    return frozenset(cited)


@pytest.mark.parametrize("clause", CITED_BY_RECORDS)
def test_a_record_or_a_refusal_cites_the_clause_it_applies(clause: str) -> None:
    assert clause in cited_in_games()


def replayed(log: GameLog) -> WeissSchwarz:
    replay = Replay(log, game_of(log), WS)
    replay.run()
    game = replay.game
    assert isinstance(game, WeissSchwarz)
    return game


def test_continuous_abilities_cite_their_order_ws_8_1_1_3_ws_8_9_1_4_ws_8_9_1_5_1_ws_8_6_1_ws_4_3_6() -> None:
    """ws:8.1.1.3, 8.9.1.5 and 8.9.1.5.1: a continuous ability's effect applies while its character is on the
    stage, in the order its card arrived there; ws:8.9.1.4: one that needs a trait depends on the effects
    giving it; ws:8.6.1: it is never played; ws:4.3.6: it is its card's master's, and applies to that player's
    characters."""
    game = replayed(find("ws/effects/dependency-before-timestamp").log)
    me = game.player_states["P1"]
    effects = [effect for _, card in me.characters() for effect in game.characteristics.continuous_effects(card)]
    assert effects
    for effect in effects:
        assert {"ws:8.1.1", "ws:8.1.1.3", "ws:8.6.1", "ws:4.3.6", "ws:8.9.1.5", "ws:8.9.1.5.1"} <= set(effect.clauses)
        assert ("ws:8.9.1.4" in effect.clauses) == (effect.requires is not None)


KEYWORDS = """\
format: judge-log/1
game: ws
cards:
  Y0: {name: Runner, type: character, level: 0, cost: 0, color: yellow, power: 2500, soul: 1}
  Y0B: {name: Runner, type: character, level: 0, cost: 0, color: yellow, power: 2000, soul: 1}
  HELPER: {name: Library Keeper, type: character, level: 0, cost: 0, color: yellow, power: 1500, soul: 1,
           abilities: [{keyword: assist, power: 500}]}
  CX: {name: Finale, type: climax, color: yellow, triggers: [soul]}
players:
  - {id: P1, name: Alice, deck: {Y0: 3, Y0B: 2, HELPER: 41, CX: 4}}
  - {id: P2, name: Bob, deck: {Y0: 4, HELPER: 42, CX: 4}}
first: P1
"""


def keywords_log(body: str) -> GameLog:
    return parse_log(KEYWORDS + textwrap.dedent(body), "citations.yaml", "yaml")


ASSISTED = """\
setup:
  turn: 3
  active: P1
  phase: main
  P1: {stage: {1: Y0, 4: HELPER}, deck: 5}
  P2: {deck: 5}
actions:
  - {p: P1, do: pass}
"""


def test_assist_cites_the_keyword_and_the_position_behind_ws_10_3_1_ws_3_6_4() -> None:
    """ws:10.3.1: Assist works from the back stage; ws:3.6.4: on the character in front of it."""
    game = replayed(keywords_log(ASSISTED))
    front = game.player_states["P1"].character_on(1)
    (assist,) = game.keywords.assist_effects(front)
    assert {"ws:10.3.1", "ws:3.6.4"} <= set(assist.clauses)


def test_the_four_copy_limit_counts_cards_by_name_ws_5_1_2_2_1() -> None:
    """ws:5.1.2.2.1: three Y0 and two Y0B are five cards named Runner, one more than a deck may hold."""
    verdict = verify_log(keywords_log("actions: []\n"))
    (violation,) = [v for v in verdict.violations if "'Runner'" in v.message]
    assert "ws:5.1.2.2.1" in violation.clauses and "5 cards" in violation.message


def test_a_move_from_an_empty_deck_that_cannot_refresh_loses_ws_3_2_3_1() -> None:
    """ws:3.2.3.1: a move from an empty deck waits for a refresh; with a climax of the damage in the resolution
    zone and nothing in the waiting room there is none, and the player loses."""
    game = replayed(keywords_log(ASSISTED))
    me = game.player_states["P2"]
    me.deck.clear()
    me.waiting.clear()
    climax = Card("P2")
    climax.identity = "CX"
    me.resolution.append(climax)
    game.in_damage = "P2"
    with pytest.raises(GameEnded):
        list(game.moves.ensure_deck("P2"))
    assert game.outcome is not None and "ws:3.2.3.1" in game.outcome.clauses


def test_the_deck_construction_rules_hold_for_the_deck_each_player_prepared_ws_5_1_1() -> None:
    """ws:5.1.1: each player prepares their own deck, and each deck is checked on its own: only P1's breaks the
    four-copy limit."""
    verdict = verify_log(keywords_log("actions: []\n"))
    (violation,) = [v for v in verdict.violations if "'Runner'" in v.message]
    assert "ws:5.1.1" in violation.clauses and violation.message.startswith("P1's deck")


def test_markers_go_to_the_waiting_room_when_their_character_leaves_the_stage_ws_3_7_3_ws_3_7_3_2() -> None:
    """ws:3.7.3 and 3.7.3.2: markers (which only card text puts, 3.7.1) go to the waiting room at once when the
    character above them leaves the stage."""
    game = replayed(keywords_log(ASSISTED))
    me = game.player_states["P1"]
    marker = Card("P1")
    marker.identity = "HELPER"
    me.markers_at(1).append(marker)
    front = me.character_on(1)
    game.moves.leave_stage("P1", front, "waiting")
    assert not me.markers_at(1) and marker in me.waiting
    (record,) = [record for record in game.records if "markers of position 1" in record.message]
    assert record.clauses == ("ws:3.7.3", "ws:3.7.3.2")


def test_one_interrupt_rule_action_alone_cites_no_order_ws_9_1_2_1_1() -> None:
    """ws:9.1.2.1.1 and 9.1.2.1.1.1 order interrupt rule actions due at once: a level up alone cites neither."""
    game = replayed(load_log(REPO / "tests" / "golden" / "ws-level-up.yaml"))
    (level_up,) = [record for record in game.records if record.message.startswith("level up")]
    assert "ws:9.1.2.1" in level_up.clauses
    assert "ws:9.1.2.1.1" not in level_up.clauses and "ws:9.1.2.1.1.1" not in level_up.clauses


def test_both_players_level_up_at_once_the_turn_player_first_ws_9_1_2_1_1_1() -> None:
    """ws:9.1.2.1.1.1: both players' refresh points fill their clocks at once; the turn player levels up first,
    and both level ups cite the order."""
    verdict = verify_log(find("ws/deck/both-lose-draw").log)
    level_ups = [record for record in verdict.records if record.message.startswith("level up")]
    assert [record.player for record in level_ups][:2] == ["P1", "P2"]
    for record in level_ups[:2]:
        assert {"ws:9.1.2.1.1", "ws:9.1.2.1.1.1"} <= set(record.clauses)
