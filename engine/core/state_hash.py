"""A state hash: one short, canonical digest of a game's state, the same whatever way the game got there.

Each game says what its state is (``Game.canonical_state``), as plain data built with the helpers
here; this module makes it canonical and hashes it.  The digest is the first ``HASH_LENGTH`` hex
digits of the SHA-256 of the state's canonical JSON (``canonical_json``): keys sorted, no spaces,
UTF-8, and nothing but strings, integers, booleans, None, lists and mappings with string keys (a
float or an object is refused: its text is not canonical).

What the state holds, and what it does not:

* every zone's cards: in a zone every player sees (a waiting room, a stage, a clock), each as its
  card id, or None for a card the log has not made known (never what the replay could guess it to
  be); in a zone some player may not see (a deck, a hand, a stock, Life, markers), each as unseen
  (None) whatever the log revealed of it, so that the hash is the table as an onlooker sees it and
  two logs of one game, each knowing different hidden cards (each player's own, a spectator's),
  hash alike.  A zone whose order the rules fix (a deck, a clock) in that order, one whose order its
  owner may change at will (a hand, a waiting room) sorted, as a multiset (``pile``);
* what the game keeps of each card on a place (its orientation, markers, being face down ...);
* the continuous effects in force, with their durations, each naming the card it applies to by where
  that card is (``Places``), never by the card's instance number, which counts the zone changes of
  the whole game; effects on one characteristic keep the order they apply in, their timestamps do not
  appear, and an effect on a card that has since moved (a new object) is left out (``effects``);
* the abilities waiting to be played (``standby``), as a multiset: their player picks the order;
* the turn, the turn player, the phase and step, and the outcome once the game is over.

Not in it: the trace, the step counters, timestamps and instance numbers, and what a refusal would
say about why something is as it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from engine.core.cards import Card
from engine.core.effects import EffectLedger
from engine.core.zones import ZoneType

HASH_LENGTH: Final = 16
"""Hex digits kept of the SHA-256 digest: 64 bits, far more than the positions of any set of logs."""


def _checked(value: object, where: str) -> None:
    """Refuse what has no canonical JSON text: a float, an object, a key that is not a string."""
    if value is None or isinstance(value, (str, bool, int)):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where}: key {key!r} is not a string")
            _checked(item, f"{where}.{key}")
        return
    if isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _checked(item, f"{where}[{index}]")
        return
    raise TypeError(f"{where}: {type(value).__name__} has no canonical text")


def canonical_json(state: object) -> str:
    """The canonical text of plain data: sorted keys, no spaces, UTF-8 characters as they are."""
    _checked(state, "state")
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(state: object) -> str:
    """The state hash of plain data: the first ``HASH_LENGTH`` hex digits of the SHA-256 of its canonical JSON."""
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()[:HASH_LENGTH]


def multiset(items: Iterable[Any]) -> list[Any]:
    """Items whose order means nothing, in the order of their canonical text."""
    return sorted(items, key=canonical_json)


class Places:
    """Where each card on the table is, by card instance, named as a reader would (``P1 stage 2``).

    A game names the places of its cards as it builds its canonical state; effects and abilities then
    name their cards by place, not by instance number (which depends on the game's whole history).
    """

    __slots__ = ("_at",)

    def __init__(self) -> None:
        self._at: dict[int, str] = {}

    def put(self, card: Card, place: str) -> None:
        self._at.setdefault(card.instance, place)

    def of(self, instance: int) -> str | None:
        """Where the card instance is; None for one no longer on the table as that instance."""
        return self._at.get(instance)

    def instances(self, instances: Iterable[int]) -> list[str | None]:
        """The places of a set of card instances, as a multiset (None for those gone)."""
        return multiset(self.of(instance) for instance in instances)


def identity(card: Card) -> str | None:
    """A card as the hash shows it: its card id, or None while the log has not made it known."""
    return card.identity


def unseen(shown: Callable[[Card], Any]) -> Callable[[Card], Any]:
    """``shown`` for a place some player does not see: the card's id is left out (None) whatever the log
    revealed of it; what the place keeps of the card (an orientation) stays."""

    def shown_unseen(card: Card) -> Any:
        view = shown(card)
        if isinstance(view, dict):
            return {**view, "card": None}
        return None

    return shown_unseen


def pile(
    zone: ZoneType,
    cards: Sequence[Card],
    places: Places,
    where: str,
    shown: Callable[[Card], Any] = identity,
    *,
    public: bool | None = None,
) -> list[Any]:
    """A zone's cards as the hash shows them: in the zone's own order where the rules fix it, else as a multiset.

    Cards of a zone that is not ``public`` (by default, as the zone's declaration says) are shown unseen
    (``unseen``).  Each card's place is ``where`` and its index in the list shown (so an effect on a card in
    a hand names one of the cards alike in that hand)."""
    if not (zone.public if public is None else public):
        shown = unseen(shown)
    if zone.owner_orders:
        ordered = sorted(cards, key=lambda card: canonical_json(shown(card)))
    else:
        ordered = list(cards)
    for index, card in enumerate(ordered):
        places.put(card, f"{where} {index}")
    return [shown(card) for card in ordered]


def effects(ledger: EffectLedger, places: Places) -> list[dict[str, Any]]:
    """The continuous effects in force, each naming its card by place; within one card's characteristic they
    keep their order of application (``order``), which their timestamps set, without the timestamps.  An effect
    on a card instance no longer on the table applies to nothing (the card moved and became a new object, ws
    3.1.4): it is left out, however long the ledger keeps it."""
    shown: list[dict[str, Any]] = []
    by_target: dict[tuple[int, str], int] = {}
    for effect in sorted(ledger.effects, key=lambda effect: (effect.layer, effect.timestamp)):
        if places.of(effect.target) is None:
            continue
        key = (effect.target, effect.attribute)
        order = by_target.get(key, 0)
        by_target[key] = order + 1
        shown.append(
            {
                "card": places.of(effect.target),
                "attribute": effect.attribute,
                "delta": effect.delta,
                "becomes": effect.becomes,
                "layer": int(effect.layer),
                "duration": effect.duration.value,
                "source": effect.source,
                "gains": effect.gains,
                "requires": _required(effect.requires),
                "controller": effect.controller,
                "order": order,
            }
        )
    return multiset(shown)


def standby(abilities: Iterable[Any], places: Places) -> list[dict[str, Any]]:
    """The automatic abilities waiting to be played (``engine.core.game.StandbyAbility``): whose, which, from what
    card and where that card is now; as a multiset, their player choosing the order."""
    return multiset(
        {
            "player": ability.master,
            "ability": ability.name,
            "source": ability.source_identity,
            "at": places.of(ability.source_instance),
        }
        for ability in abilities
    )


def common(game: Any) -> dict[str, Any]:
    """What every game's state holds besides its cards: the turn, its player, the phase, the outcome."""
    outcome = game.outcome
    return {
        "game": game.game_id,
        "turn": game.turn,
        "turn_player": game.turn_player,
        "phase": game.phase,
        "outcome": None if outcome is None else {"winner": outcome.winner, "termination": outcome.termination.value},
    }


def oriented(card: Card) -> dict[str, Any]:
    """A card on a place, as the hash shows it: its card id (None while unknown) and its orientation."""
    return {"card": card.identity, "state": card.orientation}


def _required(requires: tuple[str, ...] | None) -> str | list[str] | None:
    """An effect's required values as the hash has always written one: the value itself, or the list of several."""
    if requires is None:
        return None
    return requires[0] if len(requires) == 1 else sorted(requires)
