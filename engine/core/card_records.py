"""Reading card records: what every game's reader of its records shares.

A log describes each card it uses by a record, a mapping of the card's characteristics in the
game's words (``judge/site/log-format.rst``, "Card records").  Each game reads its own (``engine.games.ws.cards.definition_from_record``)
and refuses a record that does not describe one of its cards with ``CardRecordError``, naming the
field.  The fields of one shape in every game are read here: a whole number, a list of names, and
the one structured effect the engines play themselves.
"""

from __future__ import annotations

from typing import Any

from engine.core.vocabulary import Vocabulary, fits, fits_structured_effect


class CardRecordError(ValueError):
    """A card record that does not describe a card of its game."""


def whole_number(card_id: str, fields: dict[str, Any], key: str, default: int = 0, null_is_default: bool = True) -> int:
    """The whole number at ``key`` of ``card_id``'s record, ``default`` where the record has none; a record that
    writes ``key`` with no value (null) means ``default`` too, unless the game refuses it (``null_is_default``)."""
    value = fields.get(key, default)
    if value is None and null_is_default:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardRecordError(f"card {card_id!r}: {key} is {value!r}, not a whole number")
    return value


def name_list(card_id: str, fields: dict[str, Any], key: str) -> tuple[str, ...]:
    """The names at ``key`` of ``card_id``'s record: a list of names, or one name alone; none where it has none."""
    value = fields.get(key, ())
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list | tuple) or not all(isinstance(item, str) for item in value):
        raise CardRecordError(f"card {card_id!r}: {key} is {value!r}, not a list of names")
    return tuple(value)


def has_structured_effect(ability: dict[str, Any], words: Vocabulary, costs: bool = True) -> bool:
    """Whether ``ability``'s record has the one structured effect every engine plays itself, ``{power: N, target,
    until}``, in the game's ``words`` (``engine.core.vocabulary.structured_effect_vocabulary``), with no condition
    but those of ``words`` and no cost but theirs (the ones the game's engine checks and pays), and none at all
    where ``costs`` is false.  Which abilities carry it (their type or timing) each game says."""
    condition = ability.get("condition") or {}
    cost = ability.get("cost") or {}
    return (
        fits_structured_effect(ability.get("effect"), words)
        and fits(words, "condition", condition)
        and fits(words, "cost", cost)
        and (costs or not cost)
    )


def ability_words(ability: dict[str, Any]) -> str:
    """How a report names an ability: its printed ``text`` where the record keeps it, else its structured words."""
    text = ability.get("text")
    if isinstance(text, str) and text:
        return text
    shown = {key: value for key, value in ability.items() if key != "text"}
    return ", ".join(f"{key}: {value}" for key, value in shown.items()) or "(no text)"
