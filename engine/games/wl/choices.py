"""The ENERGIO!! choices that name cards by their place (``engine.core.protocol``).

ENERGIO!! addresses a player's Leader as ``leader`` and a Character by its card
id, with ``@k`` where copies need telling apart (``AL-01@2``, the second AL-01 to
enter the Character area).  ``Named`` carries those addresses: the card played and
the Character it trashes to make room (wl 3.7.6.1), the card an ENERGIO!! card is
given to and how many (6.5.5), the attacker and its target (7.1.1), the blocker
(7.1.2), a counter and the card it powers (7.1.3.2), an effect's source.
"""

from __future__ import annotations

from engine.core.protocol import Choice


class Named(Choice):
    """A choice of ``verb`` about the card ``card`` (a card id, from the hand) and the cards ``source`` and
    ``target`` (addresses), with a ``count`` where the verb takes one."""

    __slots__ = ("count", "source", "target")

    def __init__(
        self,
        verb: str,
        card: str | None = None,
        source: str | None = None,
        target: str | None = None,
        count: int | None = None,
        cards: tuple[str, ...] = (),
    ) -> None:
        self.verb = verb
        self.card = card
        self.pos = None
        self.cards = cards
        self.flag = None
        self.source = source
        self.target = target
        self.count = count

    def details(self) -> tuple[object, ...]:
        return (self.source, self.target, self.count)
