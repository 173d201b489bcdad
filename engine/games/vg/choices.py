"""The Vanguard choices that name circles (``engine.core.protocol``).

Vanguard addresses the field by circles (``V``, ``FL`` ... ``G``, vg 4.6.1), not
by numbered positions, so its choices are ``Choice`` subclasses with named
fields: a card put on a circle or a unit chosen on one (a call, a guard, a
trigger's target), an attack with its target and booster (vg 7.3.1.3-7.3.1.6),
a stride with its cost and heart (vg 10.1.27, 10.2.10), a G assist
(vg 6.4.1.2.7), and an activated ability with its cost (vg 6.6.1.2.2, 8.5.2.3).
"""

from __future__ import annotations

from engine.core.protocol import Choice


class OnCircle(Choice):
    """A choice of a circle, with the card it puts there, if any: ``call`` (a card to a rear-guard circle),
    ``guard`` (a card to the guardian circle, guarding ``circle``), ``intercept`` (the unit on ``circle``,
    guarding ``other``), ``move`` (exchanging ``circle`` and ``other``), and the targets of a trigger's effects
    (``power``, ``critical``, ``stand``)."""

    __slots__ = ("circle", "other")

    def __init__(self, verb: str, circle: str | None, card: str | None = None, other: str | None = None) -> None:
        self.verb = verb
        self.card = card
        self.pos = None
        self.cards = ()
        self.flag = None
        self.circle = circle
        self.other = other

    def details(self) -> tuple[object, ...]:
        return (self.circle, self.other)

    def describe(self) -> str:
        """``call FG-12 -> FL``; a swap as ``move FL -> BL``."""
        if self.verb == "move":
            return f"move {self.circle} -> {self.other}"
        return super().describe()


class DeclareAttack(Choice):
    """Attack with the unit on ``attacker`` against the opponent's unit on ``target`` (vg 7.3.1.3, 7.3.1.4),
    boosted by the unit on ``boost``, or by none (vg 7.3.1.6)."""

    __slots__ = ("attacker", "boost", "target")

    def __init__(self, attacker: str | None, target: str | None, boost: str | None = None) -> None:
        self.verb = "attack"
        self.card = None
        self.pos = None
        self.cards = ()
        self.flag = None
        self.attacker = attacker
        self.target = target
        self.boost = boost

    def details(self) -> tuple[object, ...]:
        return (self.attacker, self.target, self.boost)


class Stride(Choice):
    """Normal stride the G unit ``card`` (vg 6.5.1.2.2), paying its cost with the hand cards ``cards``
    (vg 10.2.10.3.1), the card ``heart`` becoming the heart that gives its name and power (vg 10.1.27.2.3)."""

    __slots__ = ("heart",)

    def __init__(self, card: str | None, cards: tuple[str, ...], heart: str | None) -> None:
        self.verb = "stride"
        self.card = card
        self.pos = None
        self.cards = cards
        self.flag = None
        self.heart = heart

    def details(self) -> tuple[object, ...]:
        return (self.heart,)


class GAssist(Choice):
    """Search by the G assist step (vg 6.4.1.2.7): the card put into the hand (None: none), and the two hand
    cards (``cards``) and two G zone cards (``g_cards``) removed from the game for it."""

    __slots__ = ("g_cards",)

    def __init__(self, card: str | None, cards: tuple[str, ...], g_cards: tuple[str, ...]) -> None:
        self.verb = "g_assist"
        self.card = card
        self.pos = None
        self.cards = cards
        self.flag = None
        self.g_cards = g_cards

    def details(self) -> tuple[object, ...]:
        return (self.g_cards,)


def payment_words(counter_blast: tuple[str, ...], soul_blast: tuple[str, ...], cards: tuple[str, ...]) -> str:
    """The cards that pay a cost, by cost word: ``counter blast FG-13, soul blast FG-00``."""
    named = (("counter blast", counter_blast), ("soul blast", soul_blast), ("discard", cards))
    return ", ".join(f"{word} {' '.join(ids)}" for word, ids in named if ids)


class Activate(Choice):
    """Play an activated ability (vg 6.6.1.2.2) of the unit ``card`` names (a circle or a card id): which of its
    abilities (its place among them, None for its first activated one), and the cost paid (8.5.2.3): the damage
    cards turned face down (``counter_blast``, 10.1.15), the soul cards put into the drop zone (``soul_blast``,
    10.1.16) and the hand cards discarded (``cards``, 10.1.2)."""

    __slots__ = ("ability", "counter_blast", "soul_blast")

    def __init__(
        self,
        card: str | None,
        ability: str | None,
        counter_blast: tuple[str, ...] = (),
        soul_blast: tuple[str, ...] = (),
        cards: tuple[str, ...] = (),
    ) -> None:
        self.verb = "act"
        self.card = card
        self.pos = None
        self.cards = cards
        self.flag = None
        self.ability = ability
        self.counter_blast = counter_blast
        self.soul_blast = soul_blast

    def details(self) -> tuple[object, ...]:
        return (self.ability, self.counter_blast, self.soul_blast)

    def describe(self) -> str:
        """``act FG-24 ability 0, counter blast FG-13``."""
        ability = "" if self.ability is None else f" ability {self.ability}"
        payment = payment_words(self.counter_blast, self.soul_blast, self.cards)
        return f"act {self.card}{ability}" + (f", {payment}" if payment else "")


class PayAbility(Choice):
    """Pay the cost of an automatic ability of the unit ``card`` names, or not (vg 8.6.4): ``flag``, and the cards
    that pay it, as for ``Activate``: ``counter_blast``, ``soul_blast`` and the hand cards discarded (``cards``)."""

    __slots__ = ("counter_blast", "soul_blast")

    def __init__(
        self,
        card: str | None,
        pay: bool,
        counter_blast: tuple[str, ...] = (),
        soul_blast: tuple[str, ...] = (),
        cards: tuple[str, ...] = (),
    ) -> None:
        self.verb = "pay"
        self.card = card
        self.pos = None
        self.cards = cards
        self.flag = pay
        self.counter_blast = counter_blast
        self.soul_blast = soul_blast

    def details(self) -> tuple[object, ...]:
        return (self.counter_blast, self.soul_blast)

    def describe(self) -> str:
        """``pay FG-25 yes, counter blast FG-13`` or ``pay FG-25 no``."""
        payment = payment_words(self.counter_blast, self.soul_blast, self.cards)
        return f"pay {self.card} {'yes' if self.flag else 'no'}" + (f", {payment}" if payment else "")


class SeekMate(Choice):
    """Play the Seek Mate of the vanguard ``card`` names (vg 10.2.9.2): the four drop-zone cards returned to the
    deck (``cards``), and the card searched for and put in legion with it (``mate``; None: not found)."""

    __slots__ = ("mate",)

    def __init__(self, card: str | None, cards: tuple[str, ...], mate: str | None) -> None:
        self.verb = "act"
        self.card = card
        self.pos = None
        self.cards = cards
        self.flag = None
        self.mate = mate

    def details(self) -> tuple[object, ...]:
        return (self.mate,)
