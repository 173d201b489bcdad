"""Weiss Schwarz card characteristics (ws 2) read from a card record.

A card record is a mapping of the characteristics' names in lower case:
``{name, type, level, cost, color, power, soul, triggers, traits, counter,
abilities, text}``.  Keyword abilities are structured: ``{keyword: backup, power:
2000, level: 1, cost: {stock: 1}}``, ``{keyword: encore, cost: {stock: 2}}``.
Every character has ``Encore [3]`` without writing it (ws 10.2.3).  An ability may
be its printed text, a string, and a record with no ``abilities`` may give its
whole ``text`` box, one ability a line: both are read by ``engine.games.ws.text``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.core.card_records import CardRecordError, whole_number
from engine.core.cards import CardDefinition
from engine.games.ws import words
from engine.games.ws.abilities import card_abilities
from engine.games.ws.operation_records import AbilityRecordError
from engine.games.ws.text import ability_record, card_text_abilities, is_printed_text

CARD_TYPES: Final = ("character", "event", "climax")
"""ws 2.3.2."""
TRIGGER_ICONS: Final = words.TRIGGER_ICONS
"""ws 4.12.2 (gate and choice are printed on later cards; the engine reports them as unmodelled)."""
MODELLED_TRIGGERS: Final = frozenset(TRIGGER_ICONS) - {"gate", "choice"}
KEYWORDS: Final = ("encore", "backup", "assist", "bond", "great_performance", "shift")
"""The keyword abilities of ws 10 that change the procedure."""


@dataclass(slots=True, init=False)
class WsCardDefinition(CardDefinition):
    """A Weiss Schwarz card's printed characteristics (ws 2): those every game has, and its own."""

    level: int
    """ws 2.6."""
    cost: int
    """ws 2.7."""
    colors: tuple[str, ...]
    """ws 2.4."""
    power: int
    """ws 2.9."""
    soul: int
    """ws 2.10."""
    triggers: tuple[str, ...]
    """The trigger icons (ws 2.11)."""
    traits: tuple[str, ...]
    """ws 2.5."""
    counter: bool
    """Whether it has the counter icon (ws 2.8.2)."""

    def __init__(
        self,
        id: str,
        name: str,
        type: str,
        level: int = 0,
        cost: int = 0,
        colors: tuple[str, ...] = (),
        power: int = 0,
        soul: int = 0,
        triggers: tuple[str, ...] = (),
        traits: tuple[str, ...] = (),
        counter: bool = False,
        abilities: tuple[dict[str, Any], ...] = (),
    ) -> None:
        # not super(): a slots dataclass is a new class, which the zero-argument form does not know
        CardDefinition.__init__(self, id, name, type, abilities)
        self.level = level
        self.cost = cost
        self.colors = colors
        self.power = power
        self.soul = soul
        self.triggers = triggers
        self.traits = traits
        self.counter = counter


def definition_from_record(card_id: str, fields: dict[str, Any]) -> WsCardDefinition:
    """The definition of ``card_id`` from its record; raises CardRecordError naming the field."""
    card_type = fields.get("type")
    if card_type not in CARD_TYPES:
        raise CardRecordError(f"card {card_id!r}: type is {card_type!r}, not one of {', '.join(CARD_TYPES)}")
    color = fields.get("color", fields.get("colors", ()))
    if color is not None and not isinstance(color, str | list | tuple):
        raise CardRecordError(f"card {card_id!r}: color {color!r} is not a name or a list of names")
    colors = (color,) if isinstance(color, str) else tuple(color or ())
    for one in colors:
        if not isinstance(one, str):
            raise CardRecordError(f"card {card_id!r}: color {one!r} is not a name")
    triggers = fields.get("triggers", ())
    if isinstance(triggers, str):
        triggers = (triggers,)
    if not isinstance(triggers, list | tuple) or not all(isinstance(icon, str) for icon in triggers):
        raise CardRecordError(f"card {card_id!r}: triggers is {triggers!r}, not a list of icons")
    unknown = [icon for icon in triggers if icon not in TRIGGER_ICONS]
    if unknown:
        raise CardRecordError(f"card {card_id!r}: unknown trigger icon {unknown[0]!r} ({', '.join(TRIGGER_ICONS)})")
    traits = fields.get("traits", ())
    abilities = fields.get("abilities", ())
    if not isinstance(abilities, list | tuple) or not all(isinstance(a, dict | str) for a in abilities):
        raise CardRecordError(f"card {card_id!r}: abilities must be a list")
    text = fields.get("text")
    if text is not None and not isinstance(text, str):
        raise CardRecordError(f"card {card_id!r}: text is {text!r}, not the card's printed text")
    if text and not abilities:
        structured = tuple(card_text_abilities(text, card_type))
    else:
        structured = tuple(
            ability_record(a if isinstance(a, str) else a["text"], card_type) if is_printed_text(a) else a
            for a in abilities
        )
    for ability in structured:
        keyword = ability.get("keyword")
        if keyword is not None and keyword not in KEYWORDS:
            raise CardRecordError(f"card {card_id!r}: unknown keyword {keyword!r} ({', '.join(KEYWORDS)})")
        if keyword is not None:
            _check_keyword(card_id, keyword, ability)
    try:
        card_abilities(structured)
    except AbilityRecordError as error:
        raise CardRecordError(f"card {card_id!r}: {error}") from None
    return WsCardDefinition(
        id=card_id,
        name=str(fields.get("name", card_id)),
        type=card_type,
        level=whole_number(card_id, fields, "level", null_is_default=False),
        cost=whole_number(card_id, fields, "cost", null_is_default=False),
        colors=colors,
        power=whole_number(card_id, fields, "power", null_is_default=False),
        soul=whole_number(card_id, fields, "soul", 1 if card_type == "character" else 0, null_is_default=False),
        triggers=tuple(triggers),
        traits=tuple(str(trait) for trait in traits) if isinstance(traits, list | tuple) else (str(traits),),
        counter=bool(fields.get("counter", False)),
        abilities=structured,
    )


KEYWORD_NUMBERS: Final = {
    "backup": ("power", "level"),
    "assist": ("power", "min_level", "max_level"),
    "shift": ("level",),
    "encore": (),
    "bond": (),
    "great_performance": (),
}
"""The numbers each keyword ability takes (ws 10.3-10.11), besides its cost."""


def _check_keyword(card_id: str, keyword: str, ability: dict[str, Any]) -> None:
    for name in KEYWORD_NUMBERS[keyword]:
        value = ability.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise CardRecordError(f"card {card_id!r}: {keyword} {name} is {value!r}, not a whole number")
    cost = ability.get("cost", 0)
    stock = cost.get("stock", 0) if isinstance(cost, dict) else cost
    if isinstance(stock, bool) or not isinstance(stock, int) or stock < 0:
        raise CardRecordError(f"card {card_id!r}: {keyword} cost {cost!r} is not a number of stock")
    if isinstance(cost, dict) and cost.get("discard") is not None:
        _check_hand_cost(card_id, keyword, cost)
    if isinstance(cost, dict) and "clock" in cost and (keyword not in HAND_COST_KEYWORDS or cost != {"clock": 1}):
        raise CardRecordError(
            f"card {card_id!r}: {keyword} cost {cost!r}: a clock cost is Encore's or Bond's, {{clock: 1}} alone"
        )
    if not isinstance(ability.get("per_level", False), bool):
        raise CardRecordError(f"card {card_id!r}: {keyword} per_level is {ability['per_level']!r}, not true or false")
    if "turn" in ability and (keyword != "assist" or ability["turn"] not in ("own", "opponent")):
        raise CardRecordError(f"card {card_id!r}: {keyword} turn {ability['turn']!r}: Assist's turn is own or opponent")
    traits = ability.get("traits", [])
    if keyword != "assist" and "traits" in ability:
        raise CardRecordError(f"card {card_id!r}: {keyword} takes no traits; Assist does")
    if not isinstance(traits, list) or not all(isinstance(trait, str) and trait for trait in traits):
        raise CardRecordError(f"card {card_id!r}: {keyword} traits {traits!r} is not a list of traits")
    if keyword == "bond" and not isinstance(ability.get("name"), str):
        raise CardRecordError(f"card {card_id!r}: bond needs the name of the card it returns")


HAND_COST_KEYWORDS: Final = ("encore", "bond")
"""The keyword abilities whose cost may put a card from the hand into the waiting room instead of stock."""


def _check_hand_cost(card_id: str, keyword: str, cost: dict[str, Any]) -> None:
    """``cost: {discard: 1, discard_type: character, discard_traits: [..]}``: one card from the hand."""
    if keyword not in HAND_COST_KEYWORDS:
        raise CardRecordError(
            f"card {card_id!r}: {keyword}'s cost is stock; a card from the hand is Encore's and Bond's"
        )
    if cost.get("discard") != 1 or isinstance(cost.get("discard"), bool) or cost.get("stock"):
        raise CardRecordError(
            f"card {card_id!r}: {keyword} cost {cost!r}: a hand cost is one card (discard: 1), with no stock"
        )
    if cost.get("discard_type", "character") not in ("character", "climax", "event"):
        raise CardRecordError(f"card {card_id!r}: {keyword} discard_type {cost['discard_type']!r} is no card type")
    traits = cost.get("discard_traits", [])
    if not isinstance(traits, list) or not all(isinstance(trait, str) and trait for trait in traits):
        raise CardRecordError(f"card {card_id!r}: {keyword} discard_traits {traits!r} is not a list of traits")


def stock_cost(ability: dict[str, Any] | None, default: int) -> int:
    """The stock part of a keyword ability's cost (``cost: {stock: N}`` or ``cost: N``)."""
    if ability is None:
        return default
    cost = ability.get("cost", default)
    if isinstance(cost, dict):
        return int(cost.get("stock", 0))
    return int(cost)
