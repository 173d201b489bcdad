"""Reading a log's header the same way for every game: located errors, card ids, counts, deck orders.

Each game's log module (``judge.games.ws.log``, ``judge.games.vg.log``) reads its
own card records and ``setup``; what every game reads alike is here, so that a
bad card id or a huge count is refused with the same located message whatever
the game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, TypeVar

from judge.logfile import GameLog, LogFormatError

MAX_CARDS: Final = 10_000
"""More cards than this in a deck list or a zone is not a game of cards: a located error, not a long wait."""
D = TypeVar("D")


def located(log: GameLog, at: tuple[object, ...], message: str) -> LogFormatError:
    """An error at header path ``at`` (``("setup", "P1", "stage", 2)``), located as deep as the file allows."""
    line, column = log.locate(*at)
    return LogFormatError(log.path, message, line=line, column=column)


def where(at: tuple[object, ...]) -> str:
    """How a message names a header path: ``setup P1 deck top``."""
    return " ".join(str(step) for step in at)


def short(value: Any) -> str:
    """A value as a message quotes it: cut to 60 characters, a huge number named as one."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**12 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def definitions_of(
    log: GameLog, from_record: Callable[[str, dict[str, Any]], D], error: type[Exception]
) -> dict[str, D]:
    """Every card record of the log as the game's definition; a record ``from_record`` refuses (raising
    ``error``) is a located error."""
    definitions = {}
    for card_id, fields in log.cards.items():
        try:
            definitions[str(card_id)] = from_record(str(card_id), fields)
        except error as refused:
            raise located(log, ("cards", card_id), str(refused)) from None
    return definitions


def count(log: GameLog, at: tuple[object, ...], value: Any) -> int:
    """A number of cards: a whole number from 0 to MAX_CARDS."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_CARDS:
        raise located(log, at, f"{where(at)}: {short(value)} is not a number of cards (0 to {MAX_CARDS})")
    return value


def card_id(log: GameLog, at: tuple[object, ...], value: Any, definitions: Collection[str]) -> str:
    """A card id of this log."""
    if not isinstance(value, str):
        raise located(log, at, f"{where(at)}: {short(value)} is not a card id")
    if value not in definitions:
        raise located(log, at, f"{where(at)}: {value!r} is not a card of this log")
    return value


def card_list(log: GameLog, at: tuple[object, ...], value: Any, definitions: Collection[str]) -> list[str | None]:
    """A zone as a position writes it: card ids (``"?"`` for an unknown card), or a number of unknown cards."""
    if value is None:
        return []
    if isinstance(value, int) and not isinstance(value, bool):
        return [None] * count(log, at, value)
    if not isinstance(value, list):
        raise located(log, at, f"{where(at)}: {short(value)} is not a list of card ids or a count")
    if len(value) > MAX_CARDS:
        raise located(log, at, f"{where(at)}: more than {MAX_CARDS} cards")
    return [
        None if item in (None, "?") else card_id(log, (*at, index), item, definitions)
        for index, item in enumerate(value)
    ]


def deck_orders(log: GameLog, player_ids: Collection[str], definitions: Mapping[str, object]) -> dict[str, list[str]]:
    """The header's ``order``: each player's deck after the opening shuffle, top first, as card ids."""
    order = log.header.get("order") or {}
    if not isinstance(order, dict) or any(
        key not in player_ids or not isinstance(value, list) or not all(isinstance(card, str) for card in value)
        for key, value in order.items()
    ):
        raise located(log, ("order",), "order maps a player id to that player's deck, top first, as card ids")
    for player_id, cards in order.items():
        for index, card in enumerate(cards):
            if card not in definitions:
                raise located(
                    log, ("order", player_id, index), f"order names {card!r}, which is not a card of this log"
                )
    return {str(key): [str(card) for card in value] for key, value in order.items()}


def card_ids(value: Any) -> list[str | None]:
    """A card id or a list of them, as the replay answers a reveal (None, or ``"?"``, for an unknown card)."""
    if value is None:
        return []
    return [str(item) if item is not None else None for item in (value if isinstance(value, list) else [value])]


def ids(value: Any, name: str = "cards") -> tuple[str, ...]:
    """An entry's list of card ids; TypeError for anything else."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise TypeError(f"{name} {short(value)} is not a list of card ids")
    return tuple(value)
