"""The Vanguard engine cites each clause where it applies it: in the record it makes or the refusal it gives.
Each clause below was once applied without a citation (``clauses.yaml``, applied); these tests hold that the
game's trace now names it where it happens."""

from __future__ import annotations

import json
import textwrap
from functools import cache
from typing import Any

import pytest
import yaml

from engine.games.vg.state import ZONES
from judge import games
from judge.logfile import GameLog, load_log, parse_log
from judge.replay import verify_log
from judge.scenarios import library
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "vg-game.yaml"
LOCKED = REPO / "scenarios" / "vg" / "rules" / "locked-card-cannot-attack.yaml"
"""A position in P1's battle phase with a locked card on FL."""
EFFECT = REPO / "tests" / "data" / "format" / "vg" / "effect.yaml"

CITED_BY_RECORDS = [
    "vg:4.1.4",  # a retired unit is a new card in the drop zone
    "vg:4.2.3",  # the opening hand leaves the deck one by one
    "vg:4.6.4.1",  # a ridden unit stands on the vanguard circle
    "vg:4.6.6.1",  # a called unit stands on its rear-guard circle
    "vg:4.6.6.2",  # a column swap keeps the units' orientation
    "vg:4.8.3",  # six damage loses
    "vg:4.10.2",  # a drive-checked card goes to the hand
    "vg:4.10.3",  # a damage-checked card goes to the damage zone
    "vg:4.11.4",  # the G deck face down in the G zone
    "vg:5.1.1",  # each player's own main deck and G deck
    "vg:5.2.1",
    "vg:5.3.1",
    "vg:5.4.1",  # the preparation's steps, in order
    "vg:6.4.1.2.1",  # the G assist step begins
    "vg:6.5.1.1.3",  # the ride step plays on the vanguard circle
    "vg:6.5.1.2.3",  # the stride step plays on the vanguard circle
    "vg:7.1.2",  # the battle begins
    "vg:7.2.1",  # each step begins its order
    "vg:7.3.1",
    "vg:7.4.1",
    "vg:7.3.1.3.1",  # the attacking unit
    "vg:7.3.1.3.2",  # a rested unit cannot be chosen to attack
    "vg:7.3.1.4.1",  # the unit being attacked
    "vg:7.3.1.6.1",  # the boosting and the boosted unit
    "vg:7.3.1.6.1.1",  # the booster's power counts while both stay on their circles
    "vg:7.3.1.7",
    "vg:7.4.1.3",  # the guardians' shield
    "vg:8.1.1",  # an activated or automatic ability played, one of the three kinds
    "vg:8.1.1.2",  # an automatic ability stands by when its event happens
    "vg:8.1.1.3",  # a continuous ability's power in a battle
    "vg:8.4.1.1",  # a check timing's rule actions first
    "vg:8.4.1.4",  # a check timing ends
    "vg:8.4.2",  # a play timing's order, which ends when the player does nothing
    "vg:8.4.2.3",
    "vg:8.5.1",  # abilities and hand cards are played
    "vg:8.5.1.1",  # a normal ride
    "vg:8.5.1.1.1",  # a ridden vanguard stands
    "vg:8.5.1.1.2",  # a normal call
    "vg:8.5.1.1.3",  # a normal stride, in the stridden unit's orientation
    "vg:8.5.1.1.3.1",
    "vg:8.5.2",  # a card played in steps, its circle chosen, then resolved
    "vg:8.5.2.1.1",  # the grade requirements of ride, call and stride
    "vg:8.5.2.2",
    "vg:8.5.2.2.1",
    "vg:8.5.2.2.1.1",  # a card played in the guard step goes to the guardian circle
    "vg:8.5.3",
    "vg:8.6.1",  # automatic abilities are played in the check timing
    "vg:8.6.2.1",  # each event a standby of its own
    "vg:8.6.3",  # abilities in standby are played, their master choosing the order
    "vg:8.6.3.1",
    "vg:8.7.1",  # the powers a hit compares: printed, then the numeric changes
    "vg:8.7.1.1",
    "vg:8.7.1.3",
    "vg:9.1.1",  # rule actions happen by themselves
    "vg:10.1",  # the specific actions
    "vg:10.1.1.1",  # drawing
    "vg:10.1.3.1",  # retiring
    "vg:10.1.3.2",
    "vg:10.1.5.1",  # riding
    "vg:10.1.5.1.1",  # normal and superior ride
    "vg:10.1.5.1.2",  # riding over a legion
    "vg:10.1.6.1",  # calling
    "vg:10.1.6.1.1",  # calling in its steps
    "vg:10.1.6.1.1.1",
    "vg:10.1.6.1.1.2",
    "vg:10.1.6.1.2",  # a normal call, to a rear-guard or a guardian circle
    "vg:10.1.6.1.2.1",  # the two kinds of normal call
    "vg:10.1.7.1",  # healing
    "vg:10.1.10.1",  # shuffling
    "vg:10.1.11.1",  # standing and resting
    "vg:10.1.13.1",  # the drive check
    "vg:10.1.14.1",  # the damage check
    "vg:10.1.14.1.1",  # a damage check for each damage to a vanguard
    "vg:10.1.15.1",  # Counter Blast
    "vg:10.1.15.1.1",  # as many face-up damage cards as it says
    "vg:10.1.16.1",  # Soul Blast
    "vg:10.1.16.1.1",  # as many soul cards as it says
    "vg:10.1.21.3",  # a locked card is no unit and has no orientation: it cannot attack
    "vg:10.1.21.4",
    "vg:10.1.24.3",  # Legion Leader and Mate are both vanguards, two cards
    "vg:10.1.24.4",
    "vg:10.1.24.5",  # a legion attacks and rests as one
    "vg:10.1.24.6",  # an attacking legion's power is the sum of both
    "vg:10.1.24.8",  # a legion checks once a damage
    "vg:10.1.24.9",  # an attacked legion's power is the Legion Leader's
    "vg:10.1.24.16",  # the Legion Mate is not the attacking unit
    "vg:10.1.25.3",  # a deleted unit's power 0, and it battles
    "vg:10.1.25.4",
    "vg:10.1.26.1",  # the stridden vanguard becomes a heart
    "vg:10.1.26.2",  # the hearts, face up and standing, not units
    "vg:10.1.26.3",
    "vg:10.1.26.4",  # a legion's hearts are a legion again
    "vg:10.1.26.6",  # a heart returning is no placing
    "vg:10.1.26.5",  # the hearts lie under the G unit
    "vg:10.1.26.5.1",  # the chosen heart's power
    "vg:10.1.27.2",  # striding in steps
    "vg:10.1.27.2.1",  # the G unit from the G zone, in the stridden unit's orientation, over its hearts
    "vg:10.1.27.2.1.1",
    "vg:10.1.27.2.2",
    "vg:10.1.27.5",  # a stride is neither a ride nor a call
    "vg:10.2",  # the keyword abilities
    "vg:10.2.1.1",  # drive abilities: Twin Drive!! and Triple Drive!!!
    "vg:10.2.1.3.1",
    "vg:10.2.1.4.1",
    "vg:10.2.2.1",  # Intercept
    "vg:10.2.3.1",  # Boost
    "vg:10.2.4.1",  # Restraint
    "vg:10.2.5.3",  # Limit Break checked when an ability is played or triggers
    "vg:10.2.5.3.2",
    "vg:10.2.5.3.2.1",
    "vg:10.2.5.3.3",
    "vg:10.2.5.3.3.1",
    "vg:10.2.6.1",  # Forerunner
    "vg:10.2.7.1",  # Lord
    "vg:10.2.10.1",  # the stride skill, its timing and cost
    "vg:10.2.10.3",
    "vg:10.2.11.3",  # Generation Break checked when an ability is played or triggers
    "vg:10.2.11.3.2",
    "vg:10.2.11.3.2.1",
    "vg:10.2.11.3.3",
    "vg:10.2.11.3.3.1",
    "vg:10.1.24.10",  # a ride over a legion takes the Legion Leader's grade
    "vg:10.1.24.11",  # the Leader and the Mate stand and rest as one
    "vg:10.2.5.3.1",  # a continuous ability's Limit Break and Generation Break, checked all the time
    "vg:10.2.5.3.1.1",
    "vg:10.2.11.3.1",
    "vg:10.2.11.3.1.1",
]
"""Clauses a record or a refusal of the example game, of a few self-played games or of the scenario library
cites."""
SELF_PLAY_SEEDS = (1, 2, 3)


def cited(log: GameLog) -> set[str]:
    """Every clause a record or a violation of ``log``'s replay cites."""
    verdict = verify_log(log)
    found = {clause for record in verdict.records for clause in record.clauses}
    found.update(clause for violation in verdict.violations for clause in violation.clauses)
    return found


@cache
def cited_in_games() -> frozenset[str]:
    """Every clause a record or a violation of the vg example game, of a self-played game or of a vg library
    scenario cites."""
    logs: list[GameLog] = [load_log(EXAMPLE)]
    vg = games.get("vg")
    logs.extend(parse_log(json.dumps(vg.self_play(seed)), f"vg-{seed}.json", "json") for seed in SELF_PLAY_SEEDS)
    logs.extend(scenario.log for scenario in library() if scenario.id.startswith("vg/"))
    return frozenset(clause for log in logs for clause in cited(log))


@pytest.mark.parametrize("clause", CITED_BY_RECORDS)
def test_a_record_or_a_refusal_cites_the_clause_it_applies(clause: str) -> None:
    assert clause in cited_in_games()


def test_the_end_phase_unlocks_and_turns_deleted_units_face_up_vg_10_1_21_vg_10_1_23_vg_10_1_25_5() -> None:
    """vg 10.1.23.1-10.1.23.4: the turn player's locked card is unlocked, face up, a new card, standing, and not
    placed; vg 10.1.21.5 and 10.1.21.7: its lock circle is a rear-guard circle again; vg 10.1.25.5: the deleted
    unit is turned face up."""
    position = LOCKED.read_text()
    head = position[position.index("format:") : position.index("actions:")].replace(
        "FL: {card: FG-22, locked: true}}", "FL: {card: FG-22, locked: true}, FR: {card: FG-13, deleted: true}}"
    )
    log = parse_log(head + "actions:\n  - {p: P1, do: pass}\n", "unlock.yaml", "yaml")
    found = cited(log)
    for clause in ("vg:10.1.21.5", "vg:10.1.21.7", "vg:10.1.23.1", "vg:10.1.23.2", "vg:10.1.23.3", "vg:10.1.23.4"):
        assert clause in found
    assert "vg:10.1.25.5" in found


DECKS = """\
format: judge-log/1
game: vg
cards:
  SQ: {name: Squire, type: normal, grade: 0, power: 6000, shield: 10000, critical: 1, clan: [Forge Guard]}
  SQB: {name: Squire, type: normal, grade: 1, power: 7000, shield: 5000, critical: 1, clan: [Forge Guard]}
  WALL: {name: Wall, type: normal, grade: 1, power: 6000, shield: 0, critical: 1, clan: [Forge Guard],
         keywords: [{keyword: sentinel}]}
  WALLB: {name: Rampart, type: normal, grade: 1, power: 6000, shield: 0, critical: 1, clan: [Forge Guard],
          keywords: [{keyword: sentinel}]}
players:
  - {id: P1, name: Alice, deck: {SQ: 3, SQB: 2, WALL: 3, WALLB: 2}}
  - {id: P2, name: Bob, deck: {SQ: 3, SQB: 1}}
first: P1
actions: []
"""


def test_the_deck_limits_count_by_name_and_count_sentinels_vg_5_2_2_2_1_vg_10_2_8_1() -> None:
    """vg 5.2.2.2.1: three SQ and two SQB are five cards named Squire; vg 10.2.8.1: five Sentinels."""
    verdict = verify_log(parse_log(textwrap.dedent(DECKS), "decks.yaml", "yaml"))
    (by_name,) = [v for v in verdict.violations if "'Squire'" in v.message]
    assert "vg:5.2.2.2.1" in by_name.clauses
    (sentinels,) = [v for v in verdict.violations if "Sentinels" in v.message]
    assert "vg:10.2.8.1" in sentinels.clauses and "5 Sentinels" in sentinels.message


def test_the_circles_and_the_soul_cite_the_clauses_that_define_them_vg_4_5_vg_4_6_vg_4_7_2() -> None:
    """vg 4.5.1: the field holds the units; 4.6.2-4.6.6: its columns, rows and the circles' types; 4.6.8.2: one
    card a circle, any number on the guardian circle; 4.7.2: the soul lies under the vanguard."""
    circles = ZONES["circles"].clauses
    for clause in ("vg:4.5.1", "vg:4.6.2", "vg:4.6.3", "vg:4.6.4", "vg:4.6.5", "vg:4.6.6", "vg:4.6.8.2"):
        assert clause in circles
    assert "vg:4.7.2" in ZONES["soul"].clauses


def effect_log(p2: str, actions: str, p1: str | None = None) -> GameLog:
    """The format's ``effect`` example (P1's main phase of turn 5) with P2's side of the position (and P1's) and
    these entries."""
    document: dict[str, Any] = yaml.safe_load(EFFECT.read_text(encoding="utf-8"))
    document["setup"]["P2"] = yaml.safe_load(p2)
    if p1 is not None:
        document["setup"]["P1"] = yaml.safe_load(p1)
    document["actions"] = yaml.safe_load(actions)
    return parse_log(json.dumps(document), "effect.json", "json")


def test_a_declared_lock_and_delete_cite_the_actions_vg_10_1_21_1_vg_10_1_21_2_vg_10_1_25_1_vg_10_1_25_2() -> None:
    """vg 10.1.21.1-10.1.21.2: a locked card is turned face down, another card; vg 10.1.25.1-10.1.25.2: a deleted
    unit keeps its orientation, face down."""
    log = effect_log(
        "{circles: {V: FG-22, FL: FG-21}, soul: [FG-00, FG-11]}",
        "[{p: P1, do: effect, source: FG-22, lock: [{circle: FL, p: P2}], delete: [{circle: V, p: P2}]}]",
    )
    found = cited(log)
    assert {"vg:10.1.21.1", "vg:10.1.21.2", "vg:10.1.25.1", "vg:10.1.25.2"} <= found


LEAVES = """\
- {p: P1, do: pass}
- {p: P1, do: attack, from: FL, target: V}
- {p: P2, do: effect, source: FG-22, moves: [{card: FG-21, from: circle, circle: FL, to: hand, p: P1}]}
- {p: P2, do: pass}
"""


def test_an_attacker_that_leaves_its_circle_is_no_attacker_vg_7_3_1_4_3() -> None:
    """vg 7.3.1.4.3: the attacking unit returned to the hand in the guard step is no longer attacking: no hit."""
    log = effect_log("{circles: {V: FG-22}, soul: [FG-00, FG-11]}", LEAVES, "{circles: {V: FG-22, FL: FG-21}}")
    verdict = verify_log(log)
    (left,) = [record for record in verdict.records if "left its circle" in record.message]
    assert "vg:7.3.1.4.3" in left.clauses


def test_each_player_has_their_own_zones_vg_4_1_1() -> None:
    """vg 4.1.1: the zone table is each player's (``PlayerState`` holds one of each zone per player)."""
    assert "vg:4.1.1" in ZONES.clauses


def effect_document() -> dict[str, Any]:
    """The format's ``effect`` example as data, for a test to change its cards, position and entries."""
    document: dict[str, Any] = yaml.safe_load(EFFECT.read_text(encoding="utf-8"))
    return document


def records_citing(document: dict[str, Any], clause: str) -> list[str]:
    """The messages of the records of ``document``'s replay that cite ``clause``."""
    verdict = verify_log(parse_log(json.dumps(document), "position.json", "json"))
    return [record.message for record in verdict.records if clause in record.clauses]


def test_a_ride_over_a_g_unit_sends_it_to_the_g_zone_and_its_hearts_to_the_soul_vg_10_1_5_1_3_vg_10_1_27_3() -> None:
    """vg 10.1.5.1.3, 10.1.27.3: the G unit ridden over goes to the G zone face up, not to the soul; 10.1.5.1.4: its
    heart goes to the soul.  Its grade is 3 here, so that a normal ride may take its place."""
    document = effect_document()
    document["cards"]["FG-G1"]["grade"] = 3
    document["setup"]["phase"] = "ride"
    document["setup"]["P1"] = {
        "circles": {"V": {"card": "FG-G1", "hearts": ["FG-31"]}},
        "soul": ["FG-00", "FG-11"],
        "hand": ["FG-32"],
    }
    document["actions"] = [
        {"p": "P1", "do": "ride", "card": "FG-32", "expect": {"P1": {"g_zone": {"up": ["FG-G1"]}, "soul": 3}}}
    ]
    assert not verify_log(parse_log(json.dumps(document), "ride.json", "json")).violations
    for clause in ("vg:10.1.5.1.3", "vg:10.1.27.3", "vg:10.1.5.1.4"):
        assert records_citing(document, clause) == ["P1 rides FG-32"]


def test_rule_actions_due_together_are_performed_at_once_vg_9_1_3() -> None:
    """vg 9.1.3: two rear-guard circles overloaded by one declared effect; both rule actions cite it."""
    document = effect_document()
    document["setup"]["P1"] = {
        "circles": {"V": "FG-22", "FL": "FG-21", "FR": "FG-23"},
        "soul": ["FG-00", "FG-11"],
        "hand": ["FG-12", "FG-13"],
    }
    document["actions"] = [
        {
            "p": "P1",
            "do": "effect",
            "source": "FG-22",
            "moves": [
                {"card": "FG-12", "from": "hand", "to": "circle", "to_circle": "FL"},
                {"card": "FG-13", "from": "hand", "to": "circle", "to_circle": "FR"},
            ],
            "expect": {"P1": {"drop": ["FG-21", "FG-23"]}},
        }
    ]
    assert records_citing(document, "vg:9.1.3") == [
        "FG-21 leaves the overloaded FL for the drop zone",
        "FG-23 leaves the overloaded FR for the drop zone",
    ]


def test_a_deleted_legion_leader_stays_in_legion_vg_10_1_25_10() -> None:
    """vg 10.1.25.10: the Legion Leader deleted keeps its Legion Mate beside it."""
    log = effect_log(
        "{circles: {V: {card: FG-31, mate: FG-21}}, soul: [FG-00, FG-11]}",
        "[{p: P1, do: effect, source: FG-22, delete: [{circle: V, p: P2}], expect: {P2: {circles: {V: {mate: FG-21}}}}}]",
    )
    verdict = verify_log(log)
    assert not verdict.violations
    (deleted,) = [record for record in verdict.records if record.message.startswith("declared: FG-31 on V")]
    assert "vg:10.1.25.10" in deleted.clauses


def test_only_the_largest_drive_ability_counts_vg_10_2_1_2() -> None:
    """vg 10.2.1.2: a vanguard with Twin Drive!! and Triple Drive!!! has the Triple Drive's +2 alone: drive 3."""
    document = effect_document()
    document["cards"]["FG-31"]["skills"] = ["twin_drive", "triple_drive"]
    document["setup"].update(turn=7, phase="battle")
    document["setup"]["P1"] = {"circles": {"V": "FG-31"}, "soul": ["FG-00", "FG-11"]}
    document["actions"] = [{"p": "P1", "do": "attack", "from": "V", "target": "V"}, {"p": "P2", "do": "pass"}]
    assert records_citing(document, "vg:10.2.1.2") == ["drive step begins"]


def test_a_g_unit_an_effect_moves_elsewhere_goes_to_the_g_zone_vg_10_1_27_3() -> None:
    """vg 10.1.27.3: a G unit that card text would put into the drop zone is put into the G zone face up instead."""
    document = effect_document()
    document["setup"]["P1"] = {"circles": {"V": {"card": "FG-G1", "hearts": ["FG-31"]}}}
    document["actions"] = [
        {
            "p": "P1",
            "do": "effect",
            "source": "FG-22",
            "moves": [{"card": "FG-G1", "from": "circle", "circle": "V", "to": "drop"}],
            "expect": {"P1": {"g_zone": {"up": ["FG-G1"]}, "drop": 0}},
        }
    ]
    verdict = verify_log(parse_log(json.dumps(document), "move.json", "json"))
    assert not verdict.violations, verdict.violations
    assert records_citing(document, "vg:10.1.27.3") == [
        "declared: FG-G1 moves from circle to drop: a G unit goes to the G zone face up instead"
    ]


def test_a_deleted_unit_ridden_on_goes_to_the_soul_face_up_vg_10_1_25_11() -> None:
    """vg 10.1.25.11: the deleted vanguard a card rides on goes to the soul, face up, as any ridden unit."""
    document = effect_document()
    document["setup"]["phase"] = "ride"
    document["setup"]["P1"] = {"circles": {"V": {"card": "FG-21", "deleted": True}}, "hand": ["FG-31"]}
    document["actions"] = [{"p": "P1", "do": "ride", "card": "FG-31", "expect": {"P1": {"soul": ["FG-21"]}}}]
    assert not verify_log(parse_log(json.dumps(document), "ride.json", "json")).violations
    assert records_citing(document, "vg:10.1.25.11") == ["P1 rides FG-31"]
    document["setup"]["P1"]["circles"]["V"] = "FG-21"
    assert records_citing(document, "vg:10.1.25.11") == []  # a unit not deleted: the clause is not the ride's
