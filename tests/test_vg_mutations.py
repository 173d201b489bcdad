"""Vanguard mutants: self-played legal games with one lie told in them, caught at that entry with its clause.

Each kind of lie breaks one rule a Vanguard judge checks: a ride two grades up,
a call above the vanguard's grade, an attack from the back row, an attack in
the very first turn, a guardian above the vanguard's grade, a boost from
another column, a stride paid short, a drive check revealing a card the deck
cannot hold (where the card checked had no trigger), and a draw of two cards
in the draw phase.  The verifier must report the lie at its entry,
citing its clause, and nothing that only follows from it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any, cast

import pytest

from engine.games.vg.game import Vanguard
from engine.games.vg.state import COLUMN
from judge.games.vg import SUPPORT
from judge.games.vg.selfplay import play_game, starter_set
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict
from tests import replaying

Document = dict[str, Any]
Mutation = Callable[[Document, int, Vanguard], bool | int]
"""Tell a lie in entry ``index`` of the document, knowing the game as it was just before it; False when this
entry cannot carry this lie, True when the lie is that entry, or the index of the entry that tells it."""
SEEDS = range(12)
CARDS = starter_set().cards


def grade(card: str | None) -> int:
    return int(CARDS[card]["grade"]) if card in CARDS else 0


def game_before(document: Document, index: int) -> Vanguard:
    """The game as the replay has it when it takes entry ``index`` (before applying it)."""
    return cast(Vanguard, replaying.game_before(SUPPORT, document, index))


def hand_of(game: Vanguard, player: str) -> list[str]:
    return [card.identity for card in game.player_states[player].hand if card.identity is not None]


def ride_two_grades_up(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "ride":
        return False
    higher = [c for c in hand_of(game, entry["p"]) if grade(c) >= game.vanguard_grade(entry["p"]) + 2]
    if not higher:
        return False
    entry["card"] = higher[0]
    return True


def call_above_grade(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "call":
        return False
    higher = [c for c in hand_of(game, entry["p"]) if grade(c) > game.vanguard_grade(entry["p"])]
    if not higher:
        return False
    entry["card"] = higher[0]
    return True


def attack_from_back_row(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "attack" or entry["from"] == "V":
        return False
    entry["from"] = COLUMN[entry["from"]]
    entry.pop("boost", None)
    return True


def guard_above_grade(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "guard":
        return False
    higher = [c for c in hand_of(game, entry["p"]) if grade(c) > game.vanguard_grade(entry["p"])]
    if not higher:
        return False
    entry["card"] = higher[0]
    return True


def boost_from_another_column(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "attack" or "boost" not in entry:
        return False
    others = [circle for circle in ("BL", "BC", "BR") if circle != entry["boost"]]
    me = game.player_states[entry["p"]]
    occupied = [circle for circle in others if me.unit_at(circle) is not None]
    if not occupied:
        return False
    entry["boost"] = occupied[0]
    return True


def stride_paid_short(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "stride" or not entry["discard"]:
        return False
    low = [c for c in hand_of(game, entry["p"]) if grade(c) <= 1]
    if not low:
        return False
    entry["discard"] = [low[0]]
    return True


def drive_check_not_in_the_deck(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "drive" or CARDS[entry["card"]].get("trigger"):
        return False
    entry["card"] = "TW-22" if str(entry["card"]).startswith("SL") else "SL-22"
    return True


def draw_two_in_the_draw_phase(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "draw" or game.phase != "draw" or len(entry["cards"]) != 1:
        return False
    entry["cards"] = [*entry["cards"], entry["cards"][0]]
    return True


def attack_in_the_first_turn(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if game.turn != 1 or game.phase != "main" or entry["do"] != "pass":
        return False
    document["actions"][index] = {"p": entry["p"], "do": "attack", "from": "V", "target": "V", "turn": 1}
    return True


def ability_of(entry: Document, game: Vanguard) -> Document | None:
    """The card record's ability an ``act`` entry plays (not Seek Mate), or None."""
    if entry["do"] != "act" or "return" in entry:
        return None
    unit = game.player_states[entry["p"]].unit_at(str(entry["source"]))
    abilities = CARDS.get(str(unit.identity if unit is not None else ""), {}).get("abilities", [])
    index = int(entry.get("ability", 0))
    return abilities[index] if index < len(abilities) else None


def once_per_turn_twice(document: Document, index: int, game: Vanguard) -> bool | int:
    entry = document["actions"][index]
    ability = ability_of(entry, game)
    if ability is None or not ability.get("once_per_turn"):
        return False
    document["actions"].insert(index + 1, copy.deepcopy(entry))
    return index + 1


def ability_paid_short(document: Document, index: int, game: Vanguard) -> bool:
    entry = document["actions"][index]
    if ability_of(entry, game) is None:
        return False
    for field in ("counter_blast", "soul_blast", "discard"):
        if entry.get(field):
            entry[field] = entry[field][:-1]
            return True
    return False


MUTATIONS: dict[str, tuple[Mutation, tuple[str, ...]]] = {
    "a 1/Turn ability played twice": (once_per_turn_twice, ("vg:11.5.1.1",)),
    "an activated ability paid short": (ability_paid_short, ("vg:8.5.2.3",)),
    "ride two grades up": (ride_two_grades_up, ("vg:8.5.2.1.1.1",)),
    "call above the vanguard's grade": (call_above_grade, ("vg:8.5.2.1.1.2",)),
    "attack from the back row": (attack_from_back_row, ("vg:7.3.1.3",)),
    "guardian above the vanguard's grade": (guard_above_grade, ("vg:8.5.2.1.1.2",)),
    "boost from another column": (boost_from_another_column, ("vg:7.3.1.6",)),
    "stride paid short": (stride_paid_short, ("vg:10.2.10.3.1",)),
    "drive check of a card not in the deck": (drive_check_not_in_the_deck, ("vg:5.4.2",)),
    "two cards drawn in the draw phase": (draw_two_in_the_draw_phase, ("vg:6.4.1.1.2",)),
    "attack in the very first turn": (attack_in_the_first_turn, ("vg:7.2.1.3",)),
}


def mutant(kind: str, seed: int) -> tuple[Document, int] | None:
    """The self-played game of ``seed`` with one lie of ``kind``, and where it is told; None when the game has
    no entry that can carry it."""
    mutate, _ = MUTATIONS[kind]
    document = play_game(seed)
    candidates = range(len(document["actions"]))
    verbs = {
        "ride two grades up": "ride",
        "call above the vanguard's grade": "call",
        "stride paid short": "stride",
        "a 1/Turn ability played twice": "act",
        "an activated ability paid short": "act",
    }
    wanted = verbs.get(kind)
    for index in candidates:
        if wanted is not None and document["actions"][index]["do"] != wanted:
            continue
        if kind == "attack in the very first turn" and index > 20:
            return None
        changed = copy.deepcopy(document)
        told = mutate(changed, index, game_before(document, index))
        if told is not False:
            return changed, index if told is True else int(told)
    return None


def verdict_of(document: Document) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "mutant.json", "json"), trace=False)


@pytest.mark.parametrize("kind", sorted(MUTATIONS))
def test_a_lie_is_caught_at_its_entry_with_its_clause(kind: str) -> None:
    """Each kind of lie, told in self-played games: the first violation is at the lie's entry and cites its
    clause, and in most mutants it is the only one (what follows from it is not reported again)."""
    _, clauses = MUTATIONS[kind]
    found = alone = 0
    for seed in SEEDS:
        made = mutant(kind, seed)
        if made is None:
            continue
        document, index = made
        verdict = verdict_of(document)
        assert verdict.violations, (kind, seed, index)
        first = verdict.violations[0]
        assert first.entry == index and set(first.clauses) & set(clauses), (
            kind,
            seed,
            index,
            [(v.entry, v.clauses, v.message) for v in verdict.violations[:3]],
        )
        found += 1
        alone += len(verdict.violations) == 1
    assert found >= 3, f"only {found} of the self-played games could carry a lie of this kind"
    assert alone >= found * 0.75, f"{kind}: {alone} of {found} mutants got exactly one violation"
