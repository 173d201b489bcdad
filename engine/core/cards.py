"""Card definitions, card objects, and what the replay knows of hidden cards.

A *definition* is what is printed on a card (its characteristics).  A *card* is
one physical card in the game.  The replay does not always know which card a
physical card is (a card drawn unseen): such a card has no identity yet and
belongs to an *identity pool*, the multiset of identities it could still turn
out to be.  When it is revealed, its identity must be in its pool; a revealed
card that is not (a fifth copy, a card that was not in the waiting room that
became the refreshed deck) is an impossible reveal.

Each card also carries an *instance* number that changes whenever it changes
zone (ws 3.1.4): effects that applied to the old instance no longer apply.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr


class _Numbering:
    """Hands out the numbers of card objects, 1, 2, 3 ..., across games.

    A small class rather than ``itertools.count``: compiled, ``next()`` on a count is a
    generic call looked up in the builtins, a method of this class a native call.
    """

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last = 0

    def next(self) -> int:
        self.last += 1
        return self.last


_instances: Final = _Numbering()


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(slots=True, init=False)
class CardDefinition:
    """What every game prints on a card, keyed by the log's card id; never changed once made.

    Each game's own characteristics (a Weiss Schwarz level and soul, a Vanguard grade and
    shield, an ENERGIO!! cost and life) are a subclass in its package
    (``engine.games.ws.cards.WsCardDefinition``); the core and the judge rely on these only.

    Its initialiser is written out, as those of ``engine.core.protocol`` are: every
    game makes one per card record, and a compiled build runs a written initialiser natively.
    """

    id: str
    name: str
    type: str
    """The card's category in its game's words (``character``, ``event``, ``climax`` for ws)."""
    abilities: tuple[dict[str, Any], ...]
    """Structured abilities, as the card record gives them (keywords and effects)."""

    def __init__(self, id: str, name: str, type: str, abilities: tuple[dict[str, Any], ...] = ()) -> None:
        self.id = id
        self.name = name
        self.type = type
        self.abilities = abilities

    def keyword(self, name: str) -> dict[str, Any] | None:
        """The first ability with this keyword, if the card has one."""
        for ability in self.abilities:
            if ability.get("keyword") == name:
                return ability
        return None


class IdentityPool:
    """The identities a group of not-yet-revealed cards can still turn out to be.

    ``contents`` counts the identities known to be in the group (a plain dict, which a
    compiled build reads natively; an identity never in the group has no key).  A group may also
    hold cards whose identity the replay never learned (a card put into the stock
    unseen, then into the waiting room that became a deck): each such card is one
    draw from the pool it came from, kept in ``unknown_from``.
    """

    __slots__ = ("contents", "name", "unknown_from")

    def __init__(self, name: str, contents: dict[str, int], unknown_from: list[IdentityPool] | None = None) -> None:
        self.name = name
        self.contents = contents
        self.unknown_from = unknown_from or []

    def can_be(self, identity: str) -> bool:
        return self.contents.get(identity, 0) > 0 or any(pool.can_be(identity) for pool in self.unknown_from)

    def identities(self) -> set[str]:
        """Every identity a card of the group could still turn out to be."""
        found = {identity for identity, count in self.contents.items() if count > 0}
        for pool in self.unknown_from:
            found |= pool.identities()
        return found

    def take(self, identity: str) -> None:
        count = self.contents.get(identity, 0)
        if count > 0:
            self.contents[identity] = count - 1
            return
        for pool in self.unknown_from:
            if pool.can_be(identity):
                pool.take(identity)
                self.unknown_from.remove(pool)
                return

    def __repr__(self) -> str:
        return f"IdentityPool({self.name!r}, {sum(self.contents.values()) + len(self.unknown_from)} cards)"


@dataclass(eq=False, slots=True, init=False)
class Card:
    """One physical card.  ``identity`` is None while the replay does not know it.

    Its initialiser is written out, as those of ``engine.core.protocol`` are: a game
    deals a hundred cards, and a compiled build runs a written initialiser natively.
    """

    owner: str
    identity: str | None
    pool: IdentityPool | None
    instance: int
    """Numbers the card's objects: a new one at each zone change (ws 3.1.4)."""
    orientation: str

    def __init__(self, owner: str, identity: str | None = None, pool: IdentityPool | None = None) -> None:
        self.owner = owner
        self.identity = identity
        self.pool = pool
        self.instance = _instances.next()
        self.orientation = "stand"

    def renew(self) -> None:
        """Become a new object after a zone change (effects on the old one stop applying)."""
        self.instance = _instances.next()
        self.orientation = "stand"

    def reveal(self, identity: str) -> bool:
        """Bind an unknown card to ``identity``; False when its pool cannot hold it.

        A known card is only consistent with its own identity.
        """
        if self.identity is not None:
            return self.identity == identity
        if self.pool is not None:
            if not self.pool.can_be(identity):
                return False
            self.pool.take(identity)
        self.identity = identity
        self.pool = None
        return True

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        """A copy for a copied game (``copy.deepcopy``), keeping the instance number; written out, as the
        generic copy of a slotted class is the most of a game's copying time."""
        twin = Card.__new__(Card)
        memo[id(self)] = twin
        twin.owner = self.owner
        twin.identity = self.identity
        twin.pool = None if self.pool is None else copy.deepcopy(self.pool, memo)
        twin.instance = self.instance
        twin.orientation = self.orientation
        return twin

    def hide_in(self, pool: IdentityPool) -> None:
        """Forget the identity (the card was shuffled into a hidden pool of known contents)."""
        self.identity = None
        self.pool = pool

    def __repr__(self) -> str:
        return f"<{self.identity or '?'}#{self.instance}>"


def possible_identities(cards: Iterable[Card]) -> list[str]:
    """The card ids a player could take from ``cards`` (a hand): the known cards', then what the unknown ones could
    still be (a card drawn unseen is any card its pool still holds)."""
    seen: dict[str, None] = {}
    pools: list[IdentityPool] = []
    for card in cards:
        if card.identity is not None:
            seen.setdefault(card.identity)
        elif card.pool is not None and card.pool not in pools:
            pools.append(card.pool)
    for pool in pools:
        for identity, count in pool.contents.items():
            if count > 0:
                seen.setdefault(identity)
    return list(seen)


def first_unheld(cards: Sequence[Card], wanted: Iterable[str]) -> str | None:
    """The first card id of ``wanted`` that ``cards`` cannot give, all of them at once: known cards of that id
    first, then unknown cards that could be it; None when they can give them all."""
    needed = Counter(wanted)
    known = Counter(card.identity for card in cards if card.identity is not None)
    unknown = [card for card in cards if card.identity is None]
    missing = 0
    for identity, count in needed.items():
        short = count - known[identity]
        if short > 0:
            if not any(card.pool is None or card.pool.contents.get(identity, 0) >= 1 for card in unknown):
                return identity
            missing += short
            if missing > len(unknown):
                return identity
    return None
