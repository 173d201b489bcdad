"""The Weiss Schwarz choices that carry more than a card, a position, cards or a yes/no (``engine.core.protocol``).

Each is a ``Choice`` with named, typed fields: exchanging two stage positions
(6.5.1.2.4), declaring an attack of a type (7.2.1.4), playing an activated
ability (6.5.1.2.3), paying a cost of so much stock (8.4, 10.2) and putting a
reversed character into the waiting room with its Encore paid or not (7.7, 10.2), the characters a cost
rests (8.4.2).
"""

from __future__ import annotations

from typing import Final

from engine.core.protocol import Choice

ATTACK_TYPES: Final = ("front", "side", "direct")
"""ws 7.2.1.4: a frontal attack, a side attack, a direct attack."""


class Move(Choice):
    """Exchange what two stage positions hold (6.5.1.2.4): ``pos``, the lower, and ``other``."""

    __slots__ = ("other",)

    def __init__(self, pos: int | None, other: int | None) -> None:
        self.verb = "move"
        self.card = None
        self.pos = pos
        self.cards = ()
        self.flag = None
        self.other = other

    def details(self) -> tuple[object, ...]:
        return (self.other,)


class DeclareAttack(Choice):
    """Attack with the character on center-stage ``pos`` (7.2.1.3), as a front, side or direct attack."""

    __slots__ = ("attack_type",)

    def __init__(self, pos: int | None, attack_type: str) -> None:
        self.verb = "attack"
        self.card = None
        self.pos = pos
        self.cards = ()
        self.flag = None
        self.attack_type = attack_type

    def details(self) -> tuple[object, ...]:
        return (self.attack_type,)


class Activate(Choice):
    """Play an activated ability of the character on ``pos`` (6.5.1.2.3): its place in the card's abilities."""

    __slots__ = ("ability",)

    def __init__(self, pos: int | None, ability: int | None) -> None:
        self.verb = "act"
        self.card = None
        self.pos = pos
        self.cards = ()
        self.flag = None
        self.ability = ability

    def details(self) -> tuple[object, ...]:
        return (self.ability,)


class PayCost(Choice):
    """Pay an ability's cost, or not (8.7.3.1.1): ``flag``, and which cost, where there is more than one to pay:
    the stock paid (an Encore [2] beside the Encore [3] of 10.2.3), or ``"hand"``, a card put from the hand into
    the waiting room (an Encore of that cost); ``cost`` None: not said."""

    __slots__ = ("cost",)

    def __init__(self, card: str | None, pay: bool, cost: int | str | None = None) -> None:
        self.verb = "pay"
        self.card = card
        self.pos = None
        self.cards = ()
        self.flag = pay
        self.cost = cost

    def details(self) -> tuple[object, ...]:
        return (self.cost,)


class PutReversed(Choice):
    """Put the reversed character on ``pos`` into the waiting room in the encore step (7.7.1.2), and, when the
    entry says it, whether its Encore is paid (``flag``) and with which cost (``cost``, as ``PayCost``'s)."""

    __slots__ = ("cost",)

    def __init__(self, pos: int | None, pay: bool | None = None, cost: int | str | None = None) -> None:
        self.verb = "encore"
        self.card = None
        self.pos = pos
        self.cards = ()
        self.flag = pay
        self.cost = cost

    def details(self) -> tuple[object, ...]:
        return (self.cost,)


class RestCharacters(Choice):
    """The characters a cost rests (8.4.2, "【REST】 2 of your characters"): their stage ``positions``, in order."""

    __slots__ = ("positions",)

    def __init__(self, positions: tuple[int, ...]) -> None:
        self.verb = "rest_cost"
        self.card = None
        self.pos = None
        self.cards = ()
        self.flag = None
        self.positions = positions

    def details(self) -> tuple[object, ...]:
        return (self.positions,)


class DrawUpTo(Choice):
    """How many cards its master draws of a "draw up to N cards" (4.7.4): from none to N."""

    __slots__ = ("count",)

    def __init__(self, count: int) -> None:
        self.verb = "draw_up_to"
        self.card = None
        self.pos = None
        self.cards = ()
        self.flag = None
        self.count = count

    def details(self) -> tuple[object, ...]:
        return (self.count,)


class PutTo(Choice):
    """Where a card a text lets its master place goes (``to``): ``deck_top``, ``deck_bottom`` or ``waiting``."""

    __slots__ = ("place",)

    def __init__(self, place: str) -> None:
        self.verb = "put_to"
        self.card = None
        self.pos = None
        self.cards = ()
        self.flag = None
        self.place = place

    def details(self) -> tuple[object, ...]:
        return (self.place,)
