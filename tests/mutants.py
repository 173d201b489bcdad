"""Mutants: self-played legal games with one lie told in them, and how many violations a verifier reports.

A head judge reads the first departure from the rules and each independent one
after it, never the cascade that follows from one mistake.  This module makes,
from a self-played game, one mutant of each kind the mutation tests have (a
draw missing a card, a play above the level or without its colour, a second
attack by a rested character, a card listed after a damage cancel, a card that
is not in the deck, a level up left out or written late, a wrong refresh-point card, an attack
from the wrong position), each knowing the entry where the lie is told and the
clause it breaks, and counts what the verifier reports for it.

Used by ``tests/test_resync.py`` (a small sample, with a target) and
``bench/bench_resync.py`` (hundreds of mutants, the distribution and the time).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from engine.games.ws.game import WeissSchwarz
from judge.games.ws import SUPPORT as WS
from judge.games.ws.log import game_of
from judge.logfile import parse_log
from judge.replay import Replay, verify_log
from judge.selfplay import play_game
from judge.verdict import Verdict, Violation

Document = dict[str, Any]


Lie = tuple[int, tuple[str, ...]]
"""Where a lie is told (an entry), and the clauses a verifier may cite for it (any of them is right)."""


@dataclass(frozen=True, slots=True)
class Mutant:
    """A game with lies in it (one, or two independent ones): where each is told, and its clauses."""

    kind: str
    seed: int
    document: Document
    lies: tuple[Lie, ...]

    @property
    def entry(self) -> int:
        return self.lies[0][0]

    @property
    def clauses(self) -> tuple[str, ...]:
        return self.lies[0][1]


def _found(violation: Violation, lie: Lie) -> bool:
    return violation.entry == lie[0] and bool(set(violation.clauses) & set(lie[1]))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a verifier reported for a mutant."""

    mutant: Mutant
    verdict: Verdict

    @property
    def exact(self) -> bool:
        """One violation for each lie, at its entry, citing one of its clauses, and no other."""
        violations = self.verdict.violations
        lies = self.mutant.lies
        return len(violations) == len(lies) and all(map(_found, violations, lies))

    @property
    def first_right(self) -> bool:
        """The first violation is at the first lie, citing one of its clauses."""
        violations = self.verdict.violations
        return bool(violations) and _found(violations[0], self.mutant.lies[0])


@dataclass(frozen=True, slots=True)
class View:
    """One player's state just before an entry, as the mutations read it."""

    hand: tuple[str | None, ...]
    level: int
    colors: frozenset[str]
    stock: int


def views(document: Document) -> dict[int, dict[str, View]]:
    """Entry index -> each player's view just before the entry is applied (replaying the legal game)."""
    log = parse_log(json.dumps(document), "game.json", "json")
    game = game_of(log)
    replay = Replay(log, game, WS)
    taken: dict[int, dict[str, View]] = {}

    def take(entry: Any) -> None:
        taken[entry.index] = {player: _view(game, player) for player in game.players}

    replay.on_taken = take
    replay.run()
    return taken


def _view(game: WeissSchwarz, player: str) -> View:
    state = game.player_states[player]
    colors = frozenset(
        color for card in state.level + state.clock if (d := game.definition(card)) is not None for color in d.colors
    )
    return View(tuple(card.identity for card in state.hand), state.level_count, colors, len(state.stock))


def _deck(document: Document, player: str) -> dict[str, int]:
    return next(p["deck"] for p in document["players"] if p["id"] == player)  # type: ignore[no-any-return]


Maker = Callable[[Document, dict[int, dict[str, View]], random.Random], tuple[int, tuple[str, ...]] | None]
"""Tells one lie in the document (in place); returns the entry it is at and the clauses, or None when it cannot."""


def _pick(rng: random.Random, places: list[int]) -> int | None:
    return rng.choice(places) if places else None


def drop_drawn_card(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    places = [i for i, e in enumerate(document["actions"]) if e["do"] == "draw" and e.get("cards") and i > 2]
    at = _pick(rng, places)
    if at is None:
        return None
    document["actions"][at]["cards"].pop()
    return at, ("ws:6.3.1.2", "ws:6.4.1.2", "ws:4.7.2", "ws:4.12.2.6", "ws:8.6.2.4.4", "ws:5.2.1.4")


def _play_with(fits: Callable[[dict[str, Any], View], bool], clause: str) -> Maker:
    def make(
        document: Document, before: dict[int, dict[str, View]], rng: random.Random
    ) -> tuple[int, tuple[str, ...]] | None:
        places = []
        for index, entry in enumerate(document["actions"]):
            if entry["do"] != "play" or index not in before:
                continue
            view = before[index][entry["p"]]
            for held in view.hand:
                record = document["cards"].get(held or "")
                if held and held != entry["card"] and record and record["type"] == "character" and fits(record, view):
                    places.append((index, held))
        if not places:
            return None
        index, held = rng.choice(places)
        document["actions"][index]["card"] = held
        return index, (clause,)

    return make


def second_attack(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    entries = document["actions"]
    places = []
    for first, entry in enumerate(entries):
        if entry["do"] != "attack":
            continue
        later = next(
            (
                k
                for k in range(first + 1, len(entries))
                if entries[k]["p"] == entry["p"] and entries[k]["do"] in ("attack", "pass")
            ),
            None,
        )
        if later is not None and entries[later]["do"] == "attack":
            places.append((first, later))
    if not places:
        return None
    first, again = rng.choice(places)
    entries.insert(again, dict(entries[first]))
    return again, ("ws:7.2.1.3",)


def card_after_cancel(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    cards = document["cards"]
    places = [
        i
        for i, e in enumerate(document["actions"])
        if e["do"] == "damage" and e.get("cards") and cards[e["cards"][-1]]["type"] == "climax"
    ]
    at = _pick(rng, places)
    if at is None:
        return None
    entry = document["actions"][at]
    extra = next(c for c in sorted(_deck(document, entry["to"])) if cards[c]["type"] == "character")
    entry["cards"].append(extra)
    return at, ("ws:4.10.1.2",)


def foreign_card(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    places = [i for i, e in enumerate(document["actions"]) if e["do"] == "draw" and e.get("cards") and i > 2]
    at = _pick(rng, places)
    if at is None:
        return None
    entry = document["actions"][at]
    foreign = next(c for c in sorted(document["cards"]) if c not in _deck(document, entry["p"]))
    entry["cards"][0] = foreign
    return at, ("ws:5.2.1.1",)


def skipped_level_up(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    entries = document["actions"]
    places = [i for i, e in enumerate(entries) if e["do"] == "level_up" and i + 1 < len(entries)]
    at = _pick(rng, places)
    if at is None:
        return None
    del entries[at]
    return at, ("ws:9.3.2", "ws:9.3.1")


def late_level_up(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    entries = document["actions"]
    places = [i for i, e in enumerate(entries) if e["do"] == "level_up" and i + 2 < len(entries)]
    at = _pick(rng, places)
    if at is None:
        return None
    late = at + rng.choice((1, 2))
    entries.insert(late, entries.pop(at))
    return late, ("ws:9.3.1", "ws:9.1.2.1")


def late_refresh(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    entries = document["actions"]
    places = [i for i, e in enumerate(entries) if e["do"] == "refresh" and i + 3 < len(entries)]
    at = _pick(rng, places)
    if at is None:
        return None
    late = at + rng.choice((2, 3))
    entries.insert(late, entries.pop(at))
    return late, ("ws:9.2.1", "ws:9.1.2.1")


def wrong_refresh_point_card(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    places = [i for i, e in enumerate(document["actions"]) if e["do"] == "refresh_point"]
    at = _pick(rng, places)
    if at is None:
        return None
    entry = document["actions"][at]
    entry["card"] = next(c for c in sorted(document["cards"]) if c not in _deck(document, entry["p"]))
    return at, ("ws:3.2.2", "ws:5.2.1.1")


def attack_from_elsewhere(
    document: Document, _: dict[int, dict[str, View]], rng: random.Random
) -> tuple[int, tuple[str, ...]] | None:
    places = [i for i, e in enumerate(document["actions"]) if e["do"] == "attack"]
    at = _pick(rng, places)
    if at is None:
        return None
    entry = document["actions"][at]
    entry["pos"] = rng.choice((4, 5))  # the back stage, which never attacks (ws 7.1.1): the lie is at this entry
    return at, ("ws:7.1.1", "ws:7.2.1.3")


KINDS: dict[str, Maker] = {
    "draw-missing-a-card": drop_drawn_card,
    "play-above-level": _play_with(lambda record, view: record["level"] > view.level, "ws:8.6.2.1.2"),
    "play-without-color": _play_with(
        lambda record, view: (
            1 <= record["level"] <= view.level and record["cost"] <= view.stock and record["color"] not in view.colors
        ),
        "ws:8.6.2.1.1",
    ),
    "second-attack": second_attack,
    "card-after-cancel": card_after_cancel,
    "card-not-in-deck": foreign_card,
    "level-up-left-out": skipped_level_up,
    "level-up-written-late": late_level_up,
    "refresh-written-late": late_refresh,
    "wrong-refresh-point-card": wrong_refresh_point_card,
    "attack-from-elsewhere": attack_from_elsewhere,
}
"""Every kind of mutant, by name."""


def mutants(seeds: range, kinds: tuple[str, ...] = tuple(KINDS)) -> Iterator[Mutant]:
    """One mutant of each kind (where the game has the moment it needs) for each seed's self-played game."""
    for seed in seeds:
        original = play_game(seed)
        before = views(original)
        rng = random.Random(seed)
        for kind in kinds:
            document = copy.deepcopy(original)
            made = KINDS[kind](document, before, rng)
            if made is not None:
                yield Mutant(kind, seed, document, (made,))


IN_PLACE: Final = (
    "draw-missing-a-card",
    "card-not-in-deck",
    "play-above-level",
    "card-after-cancel",
    "play-without-color",
    "wrong-refresh-point-card",
    "attack-from-elsewhere",
)
"""The kinds that change an entry where it stands (no entry added, removed or moved): two of them combine."""
APART: Final = 100
"""How far apart two lies must be to be independent: beyond the replay's look-ahead."""


def double_mutants(seeds: range) -> Iterator[Mutant]:
    """Logs with two independent lies: for each seed, each kind of ``IN_PLACE`` with the next one, told in the
    same game far apart (each where its own one-lie mutant tells it)."""
    for seed in seeds:
        original = play_game(seed)
        before = views(original)
        for first, second in zip(IN_PLACE, IN_PLACE[1:] + IN_PLACE[:1]):
            made: list[tuple[Document, Lie]] = []
            for kind in (first, second):
                document = copy.deepcopy(original)
                lie = KINDS[kind](document, before, random.Random(seed))
                if lie is not None:
                    made.append((document, lie))
            if len(made) < 2 or abs(made[0][1][0] - made[1][1][0]) < APART:
                continue
            combined = copy.deepcopy(made[0][0])
            at = made[1][1][0]
            combined["actions"][at] = made[1][0]["actions"][at]
            lies = tuple(sorted((made[0][1], made[1][1])))
            yield Mutant(f"{first}+{second}", seed, combined, lies)


def check(mutant: Mutant) -> Outcome:
    """Verify a mutant as ``judge verify`` does."""
    log = parse_log(json.dumps(mutant.document), f"{mutant.kind}-{mutant.seed}.json", "json")
    return Outcome(mutant, verify_log(log, trace=False))
