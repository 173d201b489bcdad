"""Weiss Schwarz self-play: complete games chosen at random among the engine's legal options, as logs.

Each game is deterministic for its seed: the decks are shuffled, the first
player drawn and every choice made by one ``random.Random(seed)``, from the
bundled card pool and decks (``judge/data/ws-starter.yaml``).  The log records
the deck order (``order``), every choice, and every forced event with the cards
it revealed, so that replaying it checks the engine against itself and the
mutation tests have real games to corrupt.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass
from importlib import resources
from collections.abc import Callable
from typing import Any, Final

import yaml

from engine.core.interface import PlayerSpec
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Reveal
from engine.games.ws.cards import definition_from_record
from engine.games.ws.game import WeissSchwarz
from judge.games.ws.log import entry_of, field_stating
from judge.verdict import winner_of

MAX_TURNS = 200
"""A game still going after this many turns stops, its result saying why."""
TEXT_REVEAL_VERBS: Final = ("play", "act", "resolve", "encore")
"""The entries a text's cards from the top of the deck are named on (``revealed``): the one being applied."""
FORCED_VERB = {
    "draw": "draw",
    "opening": "draw",
    "trigger": "trigger",
    "damage": "damage",
    "refresh": "refresh",
    "refresh_point": "refresh_point",
}


@dataclass(frozen=True, slots=True)
class StarterSet:
    """A card pool and two deck lists to play with."""

    cards: dict[str, dict[str, Any]]
    decks: dict[str, dict[str, int]]


def starter_set() -> StarterSet:
    """The bundled card pool and decks (``judge/data/ws-starter.yaml``)."""
    text = resources.files("judge").joinpath("data", "ws-starter.yaml").read_text(encoding="utf-8")
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return StarterSet(data["cards"], data["decks"])


class _Writer:
    """Turns the engine's requests and records into log entries, in replay order."""

    def __init__(self, game: WeissSchwarz, rng: random.Random) -> None:
        self.game = game
        self.rng = rng
        self.entries: list[dict[str, Any]] = []
        self.waiting: deque[tuple[str, str, dict[str, Any]]] = deque()
        """Forced entries written at their reveal, to fill with the cards once the record appears."""
        self.seen = 0
        self.last_trigger: dict[str, Any] | None = None
        self.last_mulligan: dict[str, Any] | None = None

    def choose(self, decision: Decision) -> Choice:
        hand = [
            card.identity or "?" for card in self.game.player_states[decision.player].hand
        ]  # self-play knows every card
        if decision.kind == "mulligan":
            return Choice("mulligan", cards=tuple(sorted(self.rng.sample(hand, self.rng.randint(0, len(hand))))))
        if decision.kind == "discard":
            excess = len(hand) - 7
            return Choice("discard", cards=tuple(sorted(self.rng.sample(hand, excess))))
        return self.rng.choice(decision.options)

    def decided(self, decision: Decision, choice: Choice) -> None:
        field = field_stating(choice, decision) if "resolve" not in decision.verbs else None  # a trigger's choice
        if field is not None:
            if self.last_trigger is not None:
                self.last_trigger[field[0]] = field[1]
            return
        entry = entry_of(choice, decision)
        self.entries.append(entry)
        if decision.kind == "mulligan":
            self.last_mulligan = entry

    def reveal(self, reveal: Reveal) -> list[str] | None:
        if reveal.purpose == "mulligan_draw":
            self.waiting.append(("mulligan_draw", reveal.player, self.last_mulligan or {}))
            return None
        if reveal.purpose in ("refresh", "shuffle"):  # self-play knows every card: the new order is drawn here
            deck = self.game.player_states[reveal.player].deck
            pool = deck[0].pool if deck else None
            order = sorted(Counter(pool.contents).elements()) if pool is not None else []
            self.rng.shuffle(order)
            if reveal.purpose == "refresh":
                self.entries.append({"p": reveal.player, "do": "refresh", "order": order})
            return order
        if reveal.purpose == "text":  # cards a text moves or looks at: named on the entry its text answers to
            deck = self.game.player_states[reveal.player].deck
            named = [card.identity or "?" for card in deck[: reveal.count]]
            if self.entries and self.entries[-1].get("do") in TEXT_REVEAL_VERBS:
                self.entries[-1]["revealed"] = [*self.entries[-1].get("revealed", []), *named]
            return named
        verb = FORCED_VERB.get(reveal.purpose)
        if verb is None:
            return None
        entry: dict[str, Any] = {"p": reveal.player, "do": verb}
        self.entries.append(entry)
        if verb == "trigger":
            self.last_trigger = entry
        self.waiting.append((reveal.purpose, reveal.player, entry))
        return None

    def collect(self) -> None:
        """Fill the waiting forced entries from the records the engine has written since."""
        for record in self.game.records[self.seen :]:
            if record.kind not in (RecordKind.FORCED, RecordKind.RULE_ACTION) or not self.waiting:
                continue
            purpose, player, entry = self.waiting[0]
            cards = record.data.get("cards")
            card = record.data.get("card")
            if (
                purpose in ("draw", "opening", "mulligan_draw")
                and "draws" in record.message
                and record.player == player
            ):
                if purpose == "mulligan_draw":
                    entry["draw"] = cards
                else:
                    entry["cards"] = cards
                self.waiting.popleft()
            elif purpose == "damage" and "damage" in record.message and cards is not None:
                entry["to"] = player
                entry["cards"] = cards
                self.waiting.popleft()
            elif (
                purpose == "trigger"
                and "trigger check" in record.message
                or purpose == "refresh_point"
                and "refresh point" in record.message
            ):
                entry["card"] = card
                self.waiting.popleft()
        self.seen = len(self.game.records)


def play_game(seed: int, starter: StarterSet | None = None) -> dict[str, Any]:
    """One complete self-played Weiss Schwarz game, as a ``judge-log/1`` document."""
    return self_played(seed, starter)[0]


def self_played(seed: int, starter: StarterSet | None = None) -> tuple[dict[str, Any], WeissSchwarz]:
    """One complete self-played game: its log, and the game as it ended, to compare a replay's with."""
    starter = starter or starter_set()
    rng = random.Random(seed)
    definitions = {card_id: definition_from_record(card_id, fields) for card_id, fields in starter.cards.items()}
    names = sorted(starter.decks)
    players = [PlayerSpec("P1", starter.decks[names[0]]), PlayerSpec("P2", starter.decks[names[1]])]
    order = {}
    for player in players:
        deck = [card for card, copies in sorted(player.deck.items()) for _ in range(copies)]
        rng.shuffle(deck)
        order[player.id] = deck
    first = rng.choice(["P1", "P2"])
    game = WeissSchwarz(definitions, players, first, order=order)
    writer = _Writer(game, rng)
    procedure = game.run()
    result: dict[str, Any] = {}
    try:
        request = next(procedure)
        while True:
            if game.turn > MAX_TURNS:
                result = {"winner": None, "reason": "turn-limit"}
                break
            if isinstance(request, Checkpoint):
                writer.collect()
                request = procedure.send(None)
            elif isinstance(request, Reveal):
                answer = writer.reveal(request)
                request = procedure.send(answer)
                writer.collect()
            else:
                choice = writer.choose(request)
                writer.decided(request, choice)
                game.fresh_budget()
                request = procedure.send(choice)
                writer.collect()
    except StopIteration:
        writer.collect()
    if game.outcome is not None:
        result = {"winner": winner_of(game.outcome), "reason": game.outcome.reason}
    document = {
        "format": "judge-log/1",
        "game": "ws",
        "meta": {"generator": "judge selfplay", "seed": seed},
        "cards": starter.cards,
        "players": [
            {"id": "P1", "name": f"Self-play {names[0]}", "deck": players[0].deck},
            {"id": "P2", "name": f"Self-play {names[1]}", "deck": players[1].deck},
        ],
        "first": first,
        "order": order,
        "actions": writer.entries,
        "result": result,
    }
    return document, game


DECK_SIZE: Final = 50
"""ws 5.1.2: a deck is 50 cards."""
MAX_COPIES: Final = 4
"""ws 5.1.2: at most 4 cards of one name."""
CLIMAXES: Final = 8
"""ws 5.1.2: at most 8 climaxes; a random deck takes 8."""
CURVE: Final = {0: 4, 1: 3, 2: 2, 3: 2}
"""How many distinct characters and events of each level a random deck takes, 4 copies each (the rest of the 42
cards are the first level's)."""


def random_decks(
    catalog: dict[str, dict[str, Any]], seed: int, readable: Callable[[dict[str, Any]], bool]
) -> StarterSet:
    """Two legal decks (ws 5.1.2) drawn at random from the cards of ``catalog`` that ``readable`` says the engine
    plays in full: each of one color, 8 climaxes and 42 characters and events over the levels of ``CURVE``,
    at most 4 of a name.  The set's cards are those the decks use.  ValueError when the catalog has too few."""
    rng = random.Random(seed)
    playable = {card_id: record for card_id, record in catalog.items() if readable(record)}
    by_color: dict[str, list[str]] = {}
    for card_id, record in sorted(playable.items()):
        by_color.setdefault(str(record.get("color")), []).append(card_id)
    colors = [color for color, ids in sorted(by_color.items()) if _deck_of(ids, playable, random.Random(0))]
    if not colors:
        raise ValueError("the catalog has too few cards the engine reads in full to make a deck of one color")
    decks = {}
    for name in ("first", "second"):
        color = rng.choice(colors)
        deck = _deck_of(by_color[color], playable, rng)
        assert deck is not None  # the color was kept because it makes one
        decks[f"{name}-{color}"] = deck
    used = {card_id for deck in decks.values() for card_id in deck}
    return StarterSet({card_id: playable[card_id] for card_id in sorted(used)}, decks)


def _deck_of(ids: list[str], cards: dict[str, dict[str, Any]], rng: random.Random) -> dict[str, int] | None:
    """A 50-card deck of ``ids`` (one color) as ``random_decks`` says, or None when they are too few."""
    named: dict[str, str] = {}
    for card_id in ids:  # one card of each name: at most 4 copies of a name (ws 5.1.2)
        named.setdefault(str(cards[card_id].get("name", card_id)), card_id)
    distinct = sorted(named.values())
    climaxes = [card_id for card_id in distinct if cards[card_id].get("type") == "climax"]
    by_level: dict[int, list[str]] = {}
    for card_id in distinct:
        if cards[card_id].get("type") != "climax":
            by_level.setdefault(int(cards[card_id].get("level") or 0), []).append(card_id)
    if len(climaxes) < 2 or any(len(by_level.get(level, ())) < count for level, count in CURVE.items()):
        return None
    deck = dict.fromkeys(rng.sample(climaxes, 2), CLIMAXES // 2)
    for level, count in CURVE.items():
        deck.update(dict.fromkeys(rng.sample(by_level[level], count), MAX_COPIES))
    extra = sum(deck.values()) - DECK_SIZE
    for card_id in sorted(
        deck, key=lambda card: (cards[card].get("type") == "climax", -int(cards[card].get("level") or 0))
    ):
        if extra <= 0:
            break
        if cards[card_id].get("type") != "climax" and deck[card_id] > 1:
            taken = min(extra, deck[card_id] - 1)
            deck[card_id] -= taken
            extra -= taken
    return deck
