"""ENERGIO!! mutants: self-played legal games with one lie told in them, caught at that entry with its clause.

Each kind of lie breaks one rule a judge checks: a card played without enough
active ENERGIO!!, an attack on an active Character, an attack in a player's first
turn, an attack by a Character played this turn without [Rush], a block by a
card without [Blocker], a counter with a card that has no counter, giving more
ENERGIO!! than are active, and a draw of two cards.  The verifier must report
the lie at its entry, citing its clause.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any, cast

import pytest

from engine.games.wl.game import Energio
from judge.games.wl import SUPPORT
from judge.games.wl.selfplay import play_game, starter_set
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict
from tests import replaying

Document = dict[str, Any]
Mutation = Callable[[Document, int, Energio], bool | int]
SEEDS = range(10)
CARDS = starter_set().cards


def game_before(document: Document, index: int) -> Energio:
    """The game as the replay has it when it takes entry ``index`` (before applying it)."""
    return cast(Energio, replaying.game_before(SUPPORT, document, index))


def hand_of(game: Energio, player: str) -> list[str]:
    return [card.identity for card in game.player_states[player].hand if card.identity is not None]


def play_too_costly(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "play":
        return False
    active = game.player_states[entry["p"]].cost_active
    dear = [
        c for c in hand_of(game, entry["p"]) if CARDS[c].get("cost", 0) > active and CARDS[c]["category"] != "event"
    ]
    if not dear:
        return False
    entry["card"] = dear[0]
    entry.pop("trash", None)
    return True


def attack_an_active_character(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "attack":
        return False
    defender = game.player_states[game.opponent(entry["p"])]
    active = [c for c in defender.characters if c.orientation == "stand"]
    if not active:
        return False
    entry["target"] = defender.address(active[0])
    return True


def attack_with_a_fresh_character(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "attack":
        return False
    me = game.player_states[entry["p"]]
    fresh = [
        c for c in me.characters if c.instance in me.fresh and "rush" not in CARDS[str(c.identity)].get("keywords", [])
    ]
    if not fresh:
        return False
    entry["attacker"] = me.address(fresh[0])
    return True


def block_without_blocker(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "counter" or game.battle.battle is None:
        return False
    me = game.player_states[entry["p"]]
    others = [
        c
        for c in me.characters
        if c is not game.battle.battle.target and "blocker" not in CARDS[str(c.identity)].get("keywords", [])
    ]
    if not others:
        return False
    document["actions"].insert(index, {"p": entry["p"], "do": "block", "blocker": me.address(others[0])})
    return True


def counter_without_counter(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "counter":
        return False
    plain = [
        c for c in hand_of(game, entry["p"]) if CARDS[c]["category"] == "character" and not CARDS[c].get("counter")
    ]
    if not plain:
        return False
    entry["card"] = plain[0]
    return True


def give_too_many(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "give":
        return False
    entry["count"] = game.player_states[entry["p"]].cost_active + 1
    return True


def draw_two(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if entry["do"] != "draw" or game.phase != "draw" or len(entry["cards"]) != 1:
        return False
    entry["cards"] = [*entry["cards"], entry["cards"][0]]
    return True


def attack_in_the_first_turn(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if game.turn > 2 or game.phase != "main" or entry["do"] != "end" or entry["p"] != game.turn_player:
        return False
    document["actions"].insert(index, {"p": entry["p"], "do": "attack", "attacker": "leader", "target": "leader"})
    return True


def ability_of(entry: Document, game: Energio) -> Document | None:
    """The card record's [Activate: Main] ability an ``act`` entry activates, or None."""
    if entry["do"] != "act":
        return None
    me = game.player_states[entry["p"]]
    card = me.find(str(entry["source"])) or next((c for c in me.stage if c.identity == entry["source"]), None)
    abilities = CARDS.get(str(card.identity if card is not None else ""), {}).get("abilities", [])
    index = int(entry.get("ability", 0))
    return abilities[index] if index < len(abilities) else None


def once_per_turn_twice(document: Document, index: int, game: Energio) -> bool | int:
    entry = document["actions"][index]
    ability = ability_of(entry, game)
    if ability is None or not ability.get("once_per_turn"):
        return False
    document["actions"].insert(index + 1, copy.deepcopy(entry))
    return index + 1


def trash_cost_unpaid(document: Document, index: int, game: Energio) -> bool:
    entry = document["actions"][index]
    if ability_of(entry, game) is None or not entry.get("trash"):
        return False
    del entry["trash"]
    return True


MUTATIONS: dict[str, tuple[Mutation, tuple[str, ...]]] = {
    "a [Once Per Turn] effect activated twice": (once_per_turn_twice, ("wl:10.2.13.1",)),
    "an [Activate: Main] effect without its trash cost": (trash_cost_unpaid, ("wl:10.2.14.1",)),
    "a play without enough active ENERGIO!!": (play_too_costly, ("wl:2.7.2",)),
    "an attack on an active Character": (attack_an_active_character, ("wl:7.1.1.2",)),
    "an attack by a Character played this turn": (attack_with_a_fresh_character, ("wl:3.7.4",)),
    "a block without [Blocker]": (block_without_blocker, ("wl:7.1.2.1",)),
    "a counter with a card that has none": (counter_without_counter, ("wl:7.1.3.2.1",)),
    "more ENERGIO!! given than are active": (give_too_many, ("wl:6.5.5.1",)),
    "two cards drawn in the draw phase": (draw_two, ("wl:6.3.1",)),
    "an attack in the first turn": (attack_in_the_first_turn, ("wl:6.5.6.1",)),
}


def mutant(kind: str, seed: int) -> tuple[Document, int] | None:
    mutate, _ = MUTATIONS[kind]
    document = play_game(seed)
    verbs = {
        "a play without enough active ENERGIO!!": "play",
        "an attack on an active Character": "attack",
        "an attack by a Character played this turn": "attack",
        "a block without [Blocker]": "counter",
        "a counter with a card that has none": "counter",
        "more ENERGIO!! given than are active": "give",
        "two cards drawn in the draw phase": "draw",
        "an attack in the first turn": "end",
        "a [Once Per Turn] effect activated twice": "act",
        "an [Activate: Main] effect without its trash cost": "act",
    }
    for index, entry in enumerate(document["actions"]):
        if entry["do"] != verbs[kind] or (kind == "an attack in the first turn" and index > 40):
            continue
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
    clause, and in most mutants it is the only one."""
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


def test_a_violation_shows_the_documents_hyphen_form_beside_the_dotted_id() -> None:
    """wl clause ids are shown in both forms: ``wl:7.1.1.2 [7-1-1-2]``, the hyphen form the document prints."""
    from judge.report import verdict_text

    made = mutant("an attack on an active Character", 1) or mutant("an attack on an active Character", 2)
    assert made is not None
    text = verdict_text(verdict_of(made[0]))
    assert "wl:7.1.1.2 [7-1-1-2]" in text
