"""Causes for refusals in Cardfight!! Vanguard and ENERGIO!!: an entry the rules refuse says the clause that forbids
it, the state that blocks it, and the earlier entry and rule that made that state; two entries refused for one
cause are one departure of the log (one violation, then a note).

Each log is a small hand-written one, on the cards of ``tests/data/format/<game>``, with its own setup and entries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind, Violation
from tests.conftest import REPO

BASE = {
    "vg": REPO / "tests" / "data" / "format" / "vg" / "attack-boost.yaml",
    "wl": REPO / "tests" / "data" / "format" / "wl" / "attack.yaml",
}
"""A format log of each game, whose cards and players the logs here share."""


def verify(game: str, setup: dict[str, Any], actions: list[dict[str, Any]]) -> Verdict:
    data = yaml.safe_load(Path(BASE[game]).read_text(encoding="utf-8"))
    data["setup"], data["actions"] = setup, actions
    return verify_log(parse_log(yaml.safe_dump(data, sort_keys=False), f"{game}-causes.yaml", "yaml"))


def only_violation(verdict: Verdict) -> Violation:
    assert verdict.kind is VerdictKind.ILLEGAL
    assert len(verdict.violations) == 1, [v.message for v in verdict.violations]
    return verdict.violations[0]


# --------------------------------------------------------------------------- Cardfight!! Vanguard


def vg_setup(phase: str = "battle", **p1: Any) -> dict[str, Any]:
    return {
        "turn": 5,
        "active": "P1",
        "phase": phase,
        "P1": {"circles": {"V": "FG-31", "FL": "FG-21", "BL": "FG-12"}, "soul": ["FG-00", "FG-11", "FG-21"], **p1},
        "P2": {"circles": {"V": "FG-22", "FL": "FG-21"}, "soul": ["FG-00"], "hand": ["FG-11", "FG-12"]},
    }


def test_vg_a_unit_rested_by_its_attack_cannot_attack_again_vg_7_3_1_3() -> None:
    violation = only_violation(
        verify(
            "vg",
            vg_setup(),
            [
                {"p": "P1", "do": "attack", "from": "FL", "target": "V", "boost": "BL"},
                {"p": "P2", "do": "damage", "card": "FG-13"},
                {"p": "P1", "do": "attack", "from": "FL", "target": "V"},
            ],
        )
    )
    assert violation.entry == 2
    assert violation.clauses == ("vg:7.3.1.3", "vg:7.3.1.3.2")
    assert violation.message == (
        "P1: FG-21 on FL is rested, not standing: its attack at entry 0 rested it (vg:7.3.1.3)"
    )


def test_vg_a_unit_rested_by_its_boost_cannot_boost_again_vg_7_3_1_6() -> None:
    verdict = verify(
        "vg",
        vg_setup(),
        [
            {"p": "P1", "do": "attack", "from": "FL", "target": "V", "boost": "BL"},
            {"p": "P2", "do": "damage", "card": "FG-13"},
            {"p": "P1", "do": "attack", "from": "V", "target": "V"},
            {"p": "P1", "do": "drive", "card": "FG-S", "power": "V", "stand": "FL"},
            {"p": "P1", "do": "drive", "card": "FG-11"},
            {"p": "P2", "do": "damage", "card": "FG-13"},
            {"p": "P1", "do": "attack", "from": "FL", "target": "V", "boost": "BL"},
        ],
    )
    violation = only_violation(verdict)
    assert violation.entry == 6
    assert "vg:7.3.1.6" in violation.clauses
    assert violation.message == "P1: FG-12 is rested: it cannot boost: its boost at entry 0 rested it (vg:7.3.1.6)"


def test_vg_a_guard_after_the_guard_step_names_the_attack_vg_7_4_1_2() -> None:
    violation = only_violation(
        verify(
            "vg",
            vg_setup(),
            [
                {"p": "P1", "do": "attack", "from": "FL", "target": "V", "boost": "BL"},
                {"p": "P2", "do": "damage", "card": "FG-13"},
                {"p": "P2", "do": "guard", "card": "FG-11", "guards": "V"},
            ],
        )
    )
    assert violation.clauses == ("vg:7.4.1.2", "vg:7.4.1.4")
    assert violation.message.startswith(
        "'guard' by P2 is not possible now: guardians are called by the non-turn player in the guard step: "
        "the guard step of the attack at entry 0 ended"
    )
    assert "(vg:7.4.1.2.3, vg:7.4.1.4)" in violation.message


def test_vg_a_guard_of_a_unit_not_attacked_names_the_attack_and_its_target_vg_7_4_1_2_1() -> None:
    violation = only_violation(
        verify(
            "vg",
            vg_setup(),
            [
                {"p": "P1", "do": "attack", "from": "FL", "target": "V", "boost": "BL"},
                {"p": "P2", "do": "guard", "card": "FG-11", "guards": "FL"},
                {"p": "P2", "do": "pass"},
                {"p": "P2", "do": "damage", "card": "FG-13"},
            ],
        )
    )
    assert violation.entry == 1
    assert violation.clauses == ("vg:7.4.1.2.1", "vg:7.3.1.4")
    assert violation.message == (
        "P2: FL is not the circle of a unit being attacked: the attack at entry 0 chose V (vg:7.3.1.4)"
    )


def test_vg_a_second_ride_names_the_first_vg_6_5_1_1_2() -> None:
    violation = only_violation(
        verify(
            "vg",
            vg_setup("ride", circles={"V": "FG-11"}, hand=["FG-21", "FG-22"]),
            [{"p": "P1", "do": "ride", "card": "FG-21"}, {"p": "P1", "do": "ride", "card": "FG-22"}],
        )
    )
    assert violation.entry == 1
    assert violation.clauses == ("vg:6.5.1.1.2",)
    assert violation.message == (
        "'ride' by P1 is not possible now: a normal ride happens once a turn, in the ride step of the turn player: "
        "P1 rode at entry 0 in this turn (vg:6.5.1.1.2)"
    )


def test_vg_a_second_stride_names_the_first_vg_6_5_1_2_2() -> None:
    setup = vg_setup("ride", circles={"V": "FG-31"}, hand=["FG-12", "FG-21", "FG-13", "FG-22"])
    setup["P1"]["g_zone"] = {"down": ["FG-G1", "FG-G2"]}
    setup["turn"] = 7
    setup["P2"]["circles"] = {"V": "FG-32"}
    violation = only_violation(
        verify(
            "vg",
            setup,
            [
                {"p": "P1", "do": "stride", "card": "FG-G1", "discard": ["FG-12", "FG-21"], "heart": "FG-31"},
                {"p": "P1", "do": "stride", "card": "FG-G2", "discard": ["FG-13", "FG-22"], "heart": "FG-31"},
            ],
        )
    )
    assert violation.entry == 1
    assert violation.clauses == ("vg:6.5.1.2.2",)
    assert violation.message.endswith(": P1 strode at entry 0 in this turn (vg:6.5.1.2.2)")


def test_vg_a_call_to_a_locked_circle_names_the_effect_that_locked_it_vg_10_1_21_6() -> None:
    violation = only_violation(
        verify(
            "vg",
            vg_setup("main", circles={"V": "FG-31", "FL": "FG-21"}, hand=["FG-12"]),
            [
                {"p": "P1", "do": "effect", "source": "FG-31", "lock": ["FL"]},
                {"p": "P1", "do": "call", "card": "FG-12", "to": "FL"},
            ],
        )
    )
    assert violation.entry == 1
    assert violation.clauses == ("vg:6.6.1.2.1", "vg:10.1.21.6", "vg:4.6.7")
    assert violation.message == (
        "P1: FG-12 cannot be called now: FL holds a locked card, a lock type circle (vg:10.1.21.6): "
        "the effect at entry 0 locked it"
    )


def test_vg_two_entries_refused_for_one_attack_are_one_violation_and_a_note_vg_7_3_1_3() -> None:
    verdict = verify(
        "vg",
        vg_setup(),
        [
            {"p": "P1", "do": "attack", "from": "FL", "target": "V", "boost": "BL"},
            {"p": "P2", "do": "damage", "card": "FG-13"},
            {"p": "P1", "do": "attack", "from": "FL", "target": "V"},
            {"p": "P1", "do": "attack", "from": "FL", "target": "V"},
        ],
    )
    violation = only_violation(verdict)
    assert violation.entry == 2 and "its attack at entry 0 rested it (vg:7.3.1.3)" in violation.message
    notes = [note for note in verdict.notes if note.startswith("entry 3 ")]
    assert len(notes) == 1 and notes[0].endswith("it follows from entry 2's departure")


# --------------------------------------------------------------------------- ENERGIO!!


def wl_setup(**p2: Any) -> dict[str, Any]:
    return {
        "turn": 5,
        "active": "P1",
        "phase": "main",
        "P1": {"deck": 30, "characters": ["EM-01", "EM-02"], "hand": ["EM-02"], "cost": {"active": 3, "rested": 0}},
        "P2": {
            "deck": 30,
            "life": ["EM-01", "EM-02", "EM-04"],
            "characters": ["EM-03"],
            "hand": ["EM-01", "EM-02"],
            **p2,
        },
    }


def test_wl_a_character_rested_by_its_attack_cannot_attack_again_wl_7_1_1_1() -> None:
    violation = only_violation(
        verify(
            "wl",
            wl_setup(characters=[]),
            [
                {"p": "P1", "do": "attack", "attacker": "EM-01", "target": "leader"},
                {"p": "P2", "do": "pass"},
                {"p": "P1", "do": "attack", "attacker": "EM-01", "target": "leader"},
            ],
        )
    )
    assert violation.entry == 2
    assert violation.clauses == ("wl:7.1.1.1",)
    assert violation.message == (
        "P1: EM-01@1 is rested: only an active card attacks: its attack at entry 0 rested it (wl:7.1.1.1)"
    )


def test_wl_a_character_played_this_turn_without_rush_names_its_play_wl_3_7_4_10_1_1_1() -> None:
    violation = only_violation(
        verify(
            "wl",
            wl_setup(),
            [
                {"p": "P1", "do": "play", "card": "EM-02"},
                {"p": "P1", "do": "attack", "attacker": "EM-02@2", "target": "leader"},
            ],
        )
    )
    assert violation.entry == 1
    assert violation.clauses == ("wl:3.7.4", "wl:10.1.1", "wl:10.1.1.1", "wl:6.5.3.1")
    assert violation.message == (
        "P1: EM-02@2 was played this turn and has no [Rush]: it was played at entry 0 (wl:6.5.3.1), and a Character "
        "attacks from the turn after it is played unless it has [Rush] (wl:3.7.4, wl:10.1.1.1)"
    )


def test_wl_a_blocker_rested_by_its_block_names_that_block_wl_7_1_2_1() -> None:
    violation = only_violation(
        verify(
            "wl",
            wl_setup(characters=["EM-03", "EM-08"]),
            [
                {"p": "P1", "do": "attack", "attacker": "EM-01", "target": "leader"},
                {"p": "P2", "do": "block", "blocker": "EM-03"},
                {"p": "P2", "do": "pass"},
                {"p": "P1", "do": "attack", "attacker": "EM-02", "target": "leader"},
                {"p": "P2", "do": "block", "blocker": "EM-03"},
                {"p": "P2", "do": "pass"},
            ],
        )
    )
    assert violation.entry == 4
    assert violation.clauses == ("wl:7.1.2.1", "wl:10.1.4.1")
    assert violation.message == (
        "P2: EM-03@1 cannot block: an active [Blocker] other than the attacked card blocks: it is rested: "
        "its block at entry 1 rested it (wl:7.1.2.1)"
    )


def test_wl_a_block_after_the_block_step_names_the_attack_wl_7_1_2_3() -> None:
    violation = only_violation(
        verify(
            "wl",
            wl_setup(characters=["EM-03"]),
            [
                {"p": "P1", "do": "attack", "attacker": "EM-01", "target": "leader"},
                {"p": "P2", "do": "pass"},
                {"p": "P2", "do": "pass"},
                {"p": "P2", "do": "block", "blocker": "EM-03"},
            ],
        )
    )
    assert violation.entry == 3
    assert "wl:7.1.2.3" in violation.clauses
    assert "the Block Step of the battle of the attack at entry 0 is over (wl:7.1.2.3)" in violation.message


def test_wl_a_counter_after_the_counter_step_names_the_attack_wl_7_1_3_2_3() -> None:
    violation = only_violation(
        verify(
            "wl",
            wl_setup(characters=[]),
            [
                {"p": "P1", "do": "attack", "attacker": "EM-01", "target": "leader"},
                {"p": "P2", "do": "pass"},
                {"p": "P2", "do": "counter", "card": "EM-01", "target": "leader"},
            ],
        )
    )
    assert violation.entry == 2
    assert violation.clauses == ("wl:7.1.3.2", "wl:7.1.3.2.3")
    assert violation.message == (
        "'counter' by P2 is not possible now: counters are the attacked player's, in the Counter Step: the Counter "
        "Step of the battle of the attack at entry 0 is over (wl:7.1.3.2.3); the battle has ended (wl:7.1.5)"
    )


def test_wl_a_give_from_a_spent_cost_area_names_the_entries_that_spent_it_wl_6_5_5_1() -> None:
    violation = only_violation(
        verify(
            "wl",
            wl_setup(),
            [
                {"p": "P1", "do": "play", "card": "EM-02"},
                {"p": "P1", "do": "give", "to": "leader", "count": 1},
                {"p": "P1", "do": "give", "to": "leader", "count": 1},
            ],
        )
    )
    assert violation.entry == 2
    assert violation.clauses == ("wl:6.5.5.1", "wl:6.5.5.3")
    assert violation.message == (
        "P1: P1 has 0 active ENERGIO!! card(s), not 1 to give: the cost area was spent since P1's refresh phase "
        "(wl:6.2.3) by entry 0: 2 rested to play EM-02 (wl:2.7.3); entry 1: 1 given to leader (wl:6.5.5.1)"
    )


def test_wl_two_entries_refused_for_one_play_are_one_violation_and_a_note_wl_3_7_4() -> None:
    verdict = verify(
        "wl",
        wl_setup(),
        [
            {"p": "P1", "do": "play", "card": "EM-02"},
            {"p": "P1", "do": "attack", "attacker": "EM-02@2", "target": "leader"},
            {"p": "P1", "do": "attack", "attacker": "EM-02@2", "target": "leader"},
        ],
    )
    violation = only_violation(verdict)
    assert violation.entry == 1 and "it was played at entry 0 (wl:6.5.3.1)" in violation.message
    notes = [note for note in verdict.notes if note.startswith("entry 2 ")]
    assert len(notes) == 1 and notes[0].endswith("it follows from entry 1's departure")
