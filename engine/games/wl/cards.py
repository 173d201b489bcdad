"""ENERGIO!! card information (wl 2) and deck construction (wl 5.1).

A card record is a mapping of the characteristics' names in lower case (the
``wl`` part of the log format): ``{name, category, color, types, attributes,
power, cost, life, counter, trigger, keywords, abilities}``.  ``category`` is
``leader``, ``character``, ``event``, ``stage`` or ``energio`` (wl 2.2.2);
``keywords`` are the keyword effects of wl 10.1 and the timing words of 10.2
the procedure needs (``rush``, ``blocker``, ``double_attack``, ``banish``,
``main``, ``counter``); ``abilities`` the shared shape of card records, or printed
text, which ``engine.games.wl.text`` reads into that shape.

``deck_problems`` checks a player's Leader, deck and ENERGIO!! deck against wl 5.1.2.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from engine.core.card_records import CardRecordError, name_list, whole_number
from engine.core.cards import CardDefinition
from engine.core.printed_text import printed_text_of, text_lines
from engine.core.protocol import Refusal

CATEGORIES: Final = ("leader", "character", "event", "stage", "energio")
"""wl 2.2.2."""
COLORS: Final = ("red", "green", "blue", "purple", "black", "yellow")
"""wl 2.3.3."""
KEYWORDS: Final = ("rush", "blocker", "double_attack", "banish", "main", "counter")
"""The keyword effects of wl 10.1 (Rush, Blocker, Double Attack, Banish) and the Event timings of 10.2 ([Main],
[Counter]) a card record may list."""
DECK_SIZE: Final = 50
"""wl 5.1.2."""
ENERGIO_DECK_SIZE: Final = 10
"""wl 5.1.2."""
COPIES: Final = 4
"""wl 5.1.2.3: cards of one card number per deck."""
DECK_CATEGORIES: Final = ("character", "event", "stage")
"""wl 5.1.2.1."""


@dataclass(slots=True, init=False)
class WlCardDefinition(CardDefinition):
    """An ENERGIO!! card's information (wl 2): what every game has, and its own.  ``type`` is the category."""

    colors: tuple[str, ...]
    """wl 2.3."""
    types: tuple[str, ...]
    """wl 2.4."""
    attributes: tuple[str, ...]
    """wl 2.5."""
    power: int
    """wl 2.6."""
    cost: int
    """wl 2.7."""
    life: int
    """wl 2.9 (a Leader's)."""
    counter: int
    """wl 2.10 (a Character's (Symbol) Counter; 0 for none)."""
    trigger: bool
    """Whether it has [Trigger] (wl 2.11, 10.1.5)."""
    keywords: frozenset[str]

    def __init__(
        self,
        id: str,
        name: str,
        type: str,
        colors: tuple[str, ...] = (),
        types: tuple[str, ...] = (),
        attributes: tuple[str, ...] = (),
        power: int = 0,
        cost: int = 0,
        life: int = 0,
        counter: int = 0,
        trigger: bool = False,
        keywords: frozenset[str] = frozenset(),
        abilities: tuple[dict[str, Any], ...] = (),
    ) -> None:
        # not super(): a slots dataclass is a new class, which the zero-argument form does not know
        CardDefinition.__init__(self, id, name, type, abilities)
        self.colors = colors
        self.types = types
        self.attributes = attributes
        self.power = power
        self.cost = cost
        self.life = life
        self.counter = counter
        self.trigger = trigger
        self.keywords = keywords


def definition_from_record(card_id: str, fields: dict[str, Any]) -> WlCardDefinition:
    """The definition of ``card_id`` from its record; raises CardRecordError naming the field."""
    category = fields.get("category")
    if category not in CATEGORIES:
        raise CardRecordError(
            f"card {card_id!r}: category is {category!r}, not one of {', '.join(CATEGORIES)} (wl:2.2.2)"
        )
    colors = name_list(card_id, fields, "color")
    unknown = [color for color in colors if color not in COLORS]
    if unknown:
        raise CardRecordError(f"card {card_id!r}: {unknown[0]!r} is not a color ({', '.join(COLORS)}, wl:2.3.3)")
    keywords = name_list(card_id, fields, "keywords")
    unknown = [keyword for keyword in keywords if keyword not in KEYWORDS]
    if unknown:
        raise CardRecordError(f"card {card_id!r}: unknown keyword {unknown[0]!r} ({', '.join(KEYWORDS)})")
    abilities = fields.get("abilities", ())
    if not isinstance(abilities, list | tuple) or not all(isinstance(a, dict | str) for a in abilities):
        raise CardRecordError(f"card {card_id!r}: abilities must be a list")
    text = fields.get("text")
    if text is not None and not isinstance(text, str):
        raise CardRecordError(f"card {card_id!r}: text is {text!r}, not the card's printed text")
    if text and not abilities:  # the text box, one ability a line, each read as printed text
        abilities = text_lines(text)
    cost = whole_number(card_id, fields, "cost")
    return WlCardDefinition(
        id=card_id,
        name=str(fields.get("name", card_id)),
        type=str(category),
        colors=colors,
        types=name_list(card_id, fields, "types"),
        attributes=name_list(card_id, fields, "attributes"),
        power=whole_number(card_id, fields, "power"),
        cost=max(0, cost),
        life=whole_number(card_id, fields, "life"),
        counter=whole_number(card_id, fields, "counter"),
        trigger=bool(fields.get("trigger", False)),
        keywords=frozenset(keywords),
        abilities=tuple(_ability(a) for a in abilities),
    )


def _ability(written: dict[str, Any] | str) -> dict[str, Any]:
    """An ability as the engine plays it: a structured record as written; printed text as the grammar reads it
    (``engine.games.wl.text``), or kept as text where it is not read."""
    text = printed_text_of(written)
    if text is None:
        assert isinstance(written, dict)
        return written
    from engine.games.wl.text import ability_record  # the grammar is compiled only for a card with printed text

    return ability_record(text)


def deck_problems(
    player: str, leader: str, deck: dict[str, int], energio: dict[str, int], definitions: dict[str, WlCardDefinition]
) -> list[Refusal]:
    """What in ``player``'s Leader, deck and ENERGIO!! deck wl 5.1.2 does not allow (wl 5.2.1.1: checked when
    presented before the game)."""
    unknown = sorted(card for card in [leader, *deck, *energio] if card not in definitions)
    if unknown:
        return [Refusal(("wl:2.1",), f"{player}'s decks name {', '.join(unknown)}, which no card record describes")]
    problems: list[Refusal] = []
    if definitions[leader].type != "leader":
        problems.append(
            Refusal(("wl:5.1.1", "wl:5.1.2"), f"{player}'s Leader {leader} is a {definitions[leader].type} card")
        )
    size = sum(deck.values())
    if size != DECK_SIZE:
        problems.append(Refusal(("wl:5.1.2",), f"{player}'s deck has {size} cards, not {DECK_SIZE}"))
    outside = sorted(card for card in deck if definitions[card].type not in DECK_CATEGORIES)
    if outside:
        problems.append(
            Refusal(("wl:5.1.2.1",), f"{player}'s deck holds {', '.join(outside)}: only Characters, Events and Stages")
        )
    colors = set(definitions[leader].colors)
    off_color = sorted(card for card in deck if not set(definitions[card].colors) <= colors)
    if off_color:
        problems.append(
            Refusal(
                ("wl:5.1.2.2",),
                f"{player}'s deck holds {', '.join(off_color)}, of a color the Leader {leader} does not have",
            )
        )
    for card, copies in sorted(Counter(deck).items()):
        if copies > COPIES:
            problems.append(
                Refusal(("wl:5.1.2.3",), f"{player}'s deck has {copies} copies of {card}, at most {COPIES}")
            )
    energio_size = sum(energio.values())
    not_energio = sorted(card for card in energio if definitions[card].type != "energio")
    if energio_size != ENERGIO_DECK_SIZE or not_energio:
        problems.append(
            Refusal(
                ("wl:5.1.1", "wl:5.1.2"),
                f"{player}'s ENERGIO!! deck has {energio_size} cards"
                + (f", {', '.join(not_energio)} not ENERGIO!! cards" if not_energio else "")
                + f": it must be {ENERGIO_DECK_SIZE} ENERGIO!! cards",
            )
        )
    return problems
