"""Vanguard self-play: complete games chosen at random among the engine's legal options, as logs.

Each game is deterministic for its seed: the decks are shuffled, the first
player drawn and every choice made by one ``random.Random(seed)``, from the
bundled card pool and decks (``judge/data/vg-starter.yaml``).  Where the rules
shuffle a deck whose order the log does not give (a mulligan, a G assist),
each card revealed from it is drawn at random among the cards it could be, as
a shuffle would have put it there.  The log records every choice and every
forced event with the cards it revealed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from engine.core.cards import Card
from engine.core.game import Termination
from engine.core.interface import PlayerSpec
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, Reveal
from engine.games.vg.cards import definition_from_record
from engine.games.vg.choices import Activate, GAssist, Stride
from engine.games.vg.game import Vanguard
from judge.games.vg.log import entry_of, field_stating
from judge.verdict import winner_of

MAX_TURNS = 120
"""A game still going after this many turns stops, its result saying why."""
FORCED_VERB = {"draw": "draw", "opening": "draw", "drive": "drive", "damage": "damage"}
"""Reveal purposes whose entry self-play writes (the others, Stand Up and retiring, are left to the rules)."""


@dataclass(frozen=True, slots=True)
class StarterSet:
    """A card pool and two decks (main deck and G deck) to play with."""

    cards: dict[str, dict[str, Any]]
    decks: dict[str, dict[str, dict[str, int]]]


def starter_set() -> StarterSet:
    """The bundled card pool and decks (``judge/data/vg-starter.yaml``)."""
    text = resources.files("judge").joinpath("data", "vg-starter.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return StarterSet(data["cards"], data["decks"])


class _Writer:
    """Turns the engine's requests into log entries, in replay order."""

    def __init__(self, game: Vanguard, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.entries: list[dict[str, Any]] = []
        self.last_check: dict[str, Any] | None = None
        """The ``drive`` or ``damage`` entry whose trigger is resolving, which states its choices."""
        self.last_choice: dict[str, Any] | None = None
        """The entry of the choice being applied, which states the cards a reveal inside it shows."""
        self.looked: list[str] = []
        """The five cards a G assist looks at, drawn when the search is chosen."""

    def choose(self, decision: Decision) -> Choice:
        rng = self.rng
        me = self.game.player_states[decision.player]
        hand = [card.identity or "?" for card in me.hand]
        if decision.kind == "mulligan":
            returned = [identity for identity in hand if rng.random() < 0.3]
            return Choice("mulligan", cards=tuple(sorted(returned)))
        if decision.kind == "stride":
            options = [option for option in decision.options if isinstance(option, Stride)]
            return rng.choice(options) if options and rng.random() < 0.8 else PASS
        if decision.kind == "g_assist":
            return self.g_assist(decision) if rng.random() < 0.8 else PASS
        if decision.kind == "ride":
            rides = [option for option in decision.options if option.verb == "ride"]
            grade = self.game.vanguard_grade(decision.player)
            higher = [o for o in rides if self.game.grade_of_id(o.card) == grade + 1]
            if higher and rng.random() < 0.9:
                return rng.choice(higher)
            return rng.choice(decision.options)
        if decision.kind == "main":
            abilities = [option for option in decision.options if isinstance(option, Activate)]
            if abilities and rng.random() < 0.5:  # an ability is one option among many calls: give it its turn
                return rng.choice(abilities)
        if decision.kind in ("main", "guard", "attack"):
            acts = [option for option in decision.options if option.verb != "pass"]
            keep_on = {"main": 0.7, "guard": 0.4, "attack": 0.85}[decision.kind]
            return rng.choice(acts) if acts and rng.random() < keep_on else PASS
        return rng.choice(decision.options)

    def decided(self, decision: Decision, choice: Choice) -> None:
        field = field_stating(choice, decision)
        if field is not None:
            if self.last_check is not None:
                self.last_check[field[0]] = field[1]
            return
        entry = entry_of(choice, decision)
        self.entries.append(entry)
        self.last_choice = entry

    def reveal(self, reveal: Reveal) -> list[str | None] | None:
        """The cards the reveal shows, drawn as a shuffle would have put them where the deck's order is not
        known; the entry that states them."""
        me = self.game.player_states[reveal.player]
        if reveal.purpose in ("stand_up", "retire"):
            return None
        cards = self.identities_of(me.deck[: reveal.count])
        if reveal.purpose == "mulligan_draw" and self.last_choice is not None:
            self.last_choice["draw"] = cards
            return list(cards)
        if reveal.purpose == "g_assist" and self.last_choice is not None:
            self.last_choice["looked"] = self.looked
            return list(self.looked)
        verb = FORCED_VERB.get(reveal.purpose)
        if verb is None:
            return list(cards)
        entry: dict[str, Any] = {"p": reveal.player, "do": verb}
        if verb == "draw":
            entry["cards"] = cards
        else:
            entry["card"] = cards[0] if cards else None
            self.last_check = entry
        self.entries.append(entry)
        return list(cards)

    def identities_of(self, cards: list[Card]) -> list[str]:
        """Deck cards' identities: known, or drawn at random, one after another, from what they could be."""
        drawn: Counter[str] = Counter()
        found = []
        for card in cards:
            if card.identity is not None:
                found.append(card.identity)
                continue
            assert card.pool is not None
            left = Counter(card.pool.contents) - drawn
            identity = self.rng.choice(sorted(left.elements()))
            drawn[identity] += 1
            found.append(identity)
        return found

    def g_assist(self, decision: Decision) -> GAssist:
        """A G assist: the five cards it will look at are drawn now, so that the card taken (one of the next
        grade, when there is one) and the four cards removed for it are chosen from what is there."""
        game = self.game
        me = game.player_states[decision.player]
        self.looked = self.identities_of(me.deck[:5])
        grade = game.vanguard_grade(decision.player)
        fitting = [identity for identity in self.looked if game.grade_of_id(identity) == grade + 1]
        if not fitting:
            return GAssist(None, (), ())
        taken = self.rng.choice(fitting)
        hand = [card.identity or "?" for card in me.hand] + [taken]
        g_zone = [card.identity or "?" for card in [*me.g_down, *me.g_up]]
        return GAssist(
            taken,
            tuple(sorted(self.rng.sample(hand, min(2, len(hand))))),
            tuple(sorted(self.rng.sample(g_zone, min(2, len(g_zone))))),
        )


def play_game(seed: int, starter: StarterSet | None = None) -> dict[str, Any]:
    """One complete self-played Vanguard game, as a ``judge-log/1`` document."""
    return self_played(seed, starter)[0]


def self_played(seed: int, starter: StarterSet | None = None) -> tuple[dict[str, Any], Vanguard]:
    """One complete self-played game: its log, and the game as it ended, to compare a replay's with."""
    starter = starter or starter_set()
    rng = random.Random(seed)
    definitions = {card_id: definition_from_record(card_id, fields) for card_id, fields in starter.cards.items()}
    names = sorted(starter.decks)
    players = [
        PlayerSpec(player, starter.decks[name]["deck"], {"g_deck": starter.decks[name]["g_deck"]})
        for player, name in zip(("P1", "P2"), names, strict=True)
    ]
    first = rng.choice(["P1", "P2"])
    game = Vanguard(definitions, players, first)
    writer = _Writer(game, rng)
    procedure = game.run()
    result: dict[str, Any] = {}
    try:
        request = next(procedure)
        while True:
            if game.turn > MAX_TURNS:
                result = {"reason": "time"}
                break
            if isinstance(request, Checkpoint):
                request = procedure.send(None)
            elif isinstance(request, Reveal):
                request = procedure.send(writer.reveal(request))
            else:
                choice = writer.choose(request)
                if request.kind == "first_vanguard":
                    choice = rng.choice(request.options)
                writer.decided(request, choice)
                game.fresh_budget()
                request = procedure.send(choice)
    except StopIteration:
        pass
    if game.outcome is not None:
        result = {"winner": winner_of(game.outcome), "reason": _reason(game)}
    document = {
        "format": "judge-log/1",
        "game": "vg",
        "meta": {"generator": "judge selfplay", "seed": seed},
        "cards": starter.cards,
        "players": [
            {"id": player.id, "name": f"Self-play {name}", "deck": player.deck, "g_deck": player.other_decks["g_deck"]}
            for player, name in zip(players, names, strict=True)
        ],
        "first": first,
        "actions": writer.entries,
        "result": result,
    }
    return document, game


def _reason(game: Vanguard) -> str:
    """``result.reason`` as the log format words it (``damage``, ``deck``, ``no_vanguard``, ``concede``)."""
    assert game.outcome is not None
    clauses = game.outcome.clauses
    if "vg:9.2.2" in clauses:
        return "damage"
    if "vg:9.2.3" in clauses:
        return "deck"
    if "vg:9.2.4" in clauses:
        return "no_vanguard"
    return "concede" if game.outcome.termination is Termination.CONCESSION else game.outcome.termination.value
