"""Every violation the judge reports cites at least one clause of its game, and every clause it cites exists.

A judge tool whose violation cites no rule has failed at its one job there.  This
runs the whole scenario library, self-played games broken in every simple way a
log can be wrong (an entry left out, written twice, two entries swapped, a wrong
turn, another card, another position, the other player), and fails on any
violation of an illegal verdict without a clause, with a clause of another
game, or with a clause the rules index does not have.  The mutation tests and
the rule tests are held to the same by ``tests/conftest.py``, which refuses a
violation without a clause wherever a replay reports one.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from judge.logfile import parse_log
from judge.replay import verify_log
from judge.scenarios import library
from judge.selfplay import play_game
from judge.verdict import Verdict, VerdictKind
from rules_index.index import RulesIndex

SEEDS = (0, 5, 11, 23)
"""Self-played games to break; four are enough to meet every kind of entry."""
PLACES = 6
"""How many entries of each game, spread over it, each mutation is tried at."""


def uncited(verdict: Verdict, game: str, index: RulesIndex) -> list[str]:
    """The violations of ``verdict`` that cite no clause, or a clause of another game or of no document."""
    problems = []
    for violation in verdict.violations:
        if not violation.clauses:
            problems.append(f"cites nothing: {violation.message}")
        for clause in violation.clauses:
            if not clause.startswith(f"{game}:"):
                problems.append(f"cites {clause}, not a {game} clause: {violation.message}")
            elif index.resolve(clause) is None:
                problems.append(f"cites {clause}, which is no clause: {violation.message}")
    return problems


def mutations(document: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(name, document) for each simple way to break ``document``'s entries, at places spread over the game."""
    entries = document["actions"]
    step = max(1, len(entries) // PLACES)
    players = [player["id"] for player in document["players"]]
    cards = sorted(document["cards"])
    for at in range(1, len(entries) - 1, step):
        entry = entries[at]
        changed: dict[str, list[dict[str, Any]]] = {
            "left out": entries[:at] + entries[at + 1 :],
            "written twice": entries[: at + 1] + entries[at:],
            "swapped with the next": entries[:at] + [entries[at + 1], entry] + entries[at + 2 :],
        }
        variants = {
            "in another turn": {**entry, "turn": 99},
            "by the other player": {**entry, "p": players[1 - players.index(entry["p"])]} if "p" in entry else None,
            "with another card": {**entry, "card": cards[(cards.index(entry["card"]) + 1) % len(cards)]}
            if isinstance(entry.get("card"), str) and entry["card"] in cards
            else None,
            "at another position": {**entry, "pos": entry["pos"] % 5 + 1}
            if isinstance(entry.get("pos"), int)
            else None,
        }
        for name, variant in variants.items():
            if variant is not None:
                changed[name] = [*entries[:at], variant, *entries[at + 1 :]]
        for name, actions in changed.items():
            yield f"entry {at} {name}", {**document, "actions": copy.deepcopy(actions)}


@pytest.mark.parametrize("seed", SEEDS)
def test_every_violation_in_broken_self_played_games_cites_its_games_clauses(seed: int, index: RulesIndex) -> None:
    document = play_game(seed)
    kinds = set()
    problems = []
    for name, broken in mutations(document):
        verdict = verify_log(parse_log(json.dumps(broken), f"seed-{seed}.json", "json"), trace=False)
        kinds.add(verdict.kind)
        if verdict.kind is not VerdictKind.MALFORMED:
            problems.extend(f"{name}: {problem}" for problem in uncited(verdict, "ws", index))
    assert VerdictKind.ILLEGAL in kinds, "the mutations made no illegal log: the test checks nothing"
    assert problems == []


def test_every_violation_of_the_scenario_library_cites_its_games_clauses(index: RulesIndex) -> None:
    scenarios = library()
    assert len(scenarios) >= 50
    illegal = 0
    for scenario in scenarios:
        verdict = verify_log(scenario.log)
        illegal += verdict.kind is VerdictKind.ILLEGAL
        assert uncited(verdict, scenario.game, index) == [], scenario.id
    assert illegal >= 5, "the library's illegal variants were not replayed"
