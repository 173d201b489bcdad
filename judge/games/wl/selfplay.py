"""ENERGIO!! self-play: complete games chosen at random among the engine's legal options, as logs.

Each game is deterministic for its seed: the decks are shuffled, the first
player drawn and every choice made by one ``random.Random(seed)``, from the
bundled card pool and decks (``judge/data/wl-starter.yaml``).  The log records
the deck orders (``order``), every choice, and every draw and Life card with the
cards it moved, so that replaying it checks the engine against itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

from engine.core.game import Termination
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, Reveal
from engine.games.wl.cards import definition_from_record
from engine.games.wl.game import Energio, WlPlayer
from engine.games.wl.phases import END
from judge.games.wl.log import entry_of
from judge.verdict import winner_of

MAX_TURNS = 120
"""A game still going after this many turns stops, its result saying why."""
FORCED_VERB = {"draw": "draw", "opening": "draw", "life": "life", "energio": "energio", "damage": "damage"}


@dataclass(frozen=True, slots=True)
class StarterSet:
    """A card pool and two decks (Leader, deck, ENERGIO!! deck) to play with."""

    cards: dict[str, dict[str, Any]]
    decks: dict[str, dict[str, Any]]


def starter_set() -> StarterSet:
    """The bundled card pool and decks (``judge/data/wl-starter.yaml``)."""
    text = resources.files("judge").joinpath("data", "wl-starter.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return StarterSet(data["cards"], data["decks"])


class _Writer:
    """Turns the engine's requests into log entries, in replay order."""

    def __init__(self, game: Energio, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.entries: list[dict[str, Any]] = []
        self.last_choice: dict[str, Any] | None = None
        self.last_damage: dict[str, Any] | None = None

    def choose(self, decision: Decision) -> Choice:
        rng = self.rng
        if decision.kind == "mulligan":
            return Choice("mulligan", flag=rng.random() < 0.3)
        if decision.kind == "main":
            acts = [option for option in decision.options if option.verb != "end"]
            attacks = [option for option in acts if option.verb == "attack"]
            effects = [option for option in acts if option.verb == "act"]
            if effects and rng.random() < 0.5:  # one option among many plays and gives: give it its turn
                return rng.choice(effects)
            if attacks and rng.random() < 0.5:
                return rng.choice(attacks)
            return rng.choice(acts) if acts and rng.random() < 0.8 else END
        if decision.kind in ("block", "counter"):
            acts = [option for option in decision.options if option.verb != "pass"]
            return rng.choice(acts) if acts and rng.random() < 0.5 else PASS
        return rng.choice(decision.options)

    def decided(self, decision: Decision, choice: Choice) -> None:
        if decision.kind == "trigger":
            if self.last_damage is not None:
                self.last_damage["trigger"] = bool(choice.flag)
            return
        entry = entry_of(choice, decision)
        self.entries.append(entry)
        self.last_choice = entry

    def reveal(self, reveal: Reveal) -> list[str | None] | None:
        me = self.game.player_states[reveal.player]
        if reveal.purpose == "ko":
            return None
        if reveal.purpose == "energio":
            self.entries.append({"p": reveal.player, "do": "energio", "count": reveal.count})
            return None
        if reveal.purpose == "damage":
            card = me.life[-1] if me.life else None
            entry: dict[str, Any] = {
                "p": reveal.player,
                "do": "damage",
                "card": (card.identity or "?") if card else None,
            }
            self.entries.append(entry)
            self.last_damage = entry
            return None
        cards = [card.identity or "?" for card in me.deck[: reveal.count]]
        if reveal.purpose == "mulligan_draw" and self.last_choice is not None:
            self.last_choice["draw"] = cards
            return None
        verb = FORCED_VERB.get(reveal.purpose)
        if verb is not None:
            self.entries.append({"p": reveal.player, "do": verb, "cards": cards})
        return None


def play_game(seed: int, starter: StarterSet | None = None) -> dict[str, Any]:
    """One complete self-played ENERGIO!! game, as a ``judge-log/1`` document."""
    return self_played(seed, starter)[0]


def self_played(seed: int, starter: StarterSet | None = None) -> tuple[dict[str, Any], Energio]:
    """One complete self-played game: its log, and the game as it ended."""
    starter = starter or starter_set()
    rng = random.Random(seed)
    definitions = {card_id: definition_from_record(card_id, fields) for card_id, fields in starter.cards.items()}
    names = sorted(starter.decks)
    players = [
        WlPlayer(
            player, str(starter.decks[name]["leader"]), starter.decks[name]["deck"], starter.decks[name]["energio"]
        )
        for player, name in zip(("P1", "P2"), names, strict=True)
    ]
    order = {}
    for player in players:
        deck = [card for card, copies in sorted(player.deck.items()) for _ in range(copies)]
        rng.shuffle(deck)
        order[player.id] = deck
    first = rng.choice(["P1", "P2"])
    game = Energio(definitions, players, first, order=order)
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
                writer.decided(request, choice)
                game.fresh_budget()
                request = procedure.send(choice)
    except StopIteration:
        pass
    if game.outcome is not None:
        result = {"winner": winner_of(game.outcome), "reason": _reason(game)}
    document = {
        "format": "judge-log/1",
        "game": "wl",
        "meta": {"generator": "judge selfplay", "seed": seed},
        "cards": starter.cards,
        "players": [
            {"id": p.id, "name": f"Self-play {name}", "leader": p.leader, "deck": p.deck, "energio": p.energio}
            for p, name in zip(players, names, strict=True)
        ],
        "first": first,
        "order": order,
        "actions": writer.entries,
        "result": result,
    }
    return document, game


def _reason(game: Energio) -> str:
    """``result.reason`` as the log format words it (``life``, ``deck``, ``concede``)."""
    assert game.outcome is not None
    clauses = game.outcome.clauses
    if "wl:9.2.1.1" in clauses:
        return "life"
    if "wl:9.2.1.2" in clauses:
        return "deck"
    return "concede" if game.outcome.termination is Termination.CONCESSION else game.outcome.termination.value
