"""Reading a log's header the same way for every game: located errors, card ids, counts, deck orders.

Each game's log module (``judge.games.ws.log``, ``judge.games.vg.log``) reads its
own card records and ``setup``; what every game reads alike is here, so that a
bad card id or a huge count is refused with the same located message whatever
the game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Final, TypeVar

from engine.core.interface import PlayableGame
from judge.logfile import GameLog, LogFormatError
from judge.logformat import EntryError

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
    """An entry's list of card ids; EntryError for anything else."""
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise EntryError(f"{name} {short(value)} is not a list of card ids")
    return tuple(value)


def deck_list(log: GameLog, index: int, key: str) -> dict[str, int]:
    """A player's deck list under ``key`` (``deck``, a Vanguard ``g_deck``, an ENERGIO!! ``energio``): card id ->
    copies, every card one of this log's; an empty one where the header has none."""
    value = log.players[index].get(key) or {}
    at = ("players", index, key)
    if not isinstance(value, dict):
        raise located(log, at, f"{where(at)}: {short(value)} is not a deck list (card id -> copies)")
    for card, copies in value.items():
        if card not in log.cards:
            raise located(log, (*at, card), f"{where(at)}: {card!r} is not a card of this log")
        count(log, (*at, card), copies)
    if sum(value.values()) > MAX_CARDS:
        raise located(log, at, f"{where(at)} has more than {MAX_CARDS} cards")
    return {str(card): int(copies) for card, copies in value.items()}


def setup_head(log: GameLog, phases: Collection[str], first_phase: str) -> tuple[dict[str, Any], str, str, int] | None:
    """The ``setup`` block and what every game's reads alike: the turn player (``active``, by default the header's
    ``first``), the ``phase`` (one of ``phases``, by default ``first_phase``) and the ``turn``; None without one."""
    setup = log.header.get("setup")
    if setup is None:
        return None
    if not isinstance(setup, dict):
        raise located(log, ("setup",), f"setup is {short(setup)}, not a mapping")
    player_ids = [str(player["id"]) for player in log.players]
    active = setup.get("active", log.header.get("first"))
    if active not in player_ids:
        raise located(log, ("setup", "active"), f"setup active is {active!r}, not a player of this log")
    phase = setup.get("phase", first_phase)
    if phase not in phases:
        raise located(log, ("setup", "phase"), f"setup phase is {phase!r}, not one of {', '.join(phases)}")
    turn = setup.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise located(log, ("setup", "turn"), f"setup turn is {turn!r}, not a turn number")
    return setup, str(active), str(phase), turn


def setup_deck(
    log: GameLog, at: tuple[object, ...], value: Any, definitions: Collection[str]
) -> tuple[list[str], int | None]:
    """A position's deck, top first: a list of every card, a number of unknown cards, or ``{top, rest}``; the
    known top cards and how many unknown ones lie under them (None: every card the deck list places nowhere else)."""
    if value is None:
        return [], None
    if isinstance(value, list):
        top = [card for card in card_list(log, at, value, definitions) if card]
        if len(top) != len(value):
            raise located(log, at, f"{where(at)}: a deck written as a list names every card ('?' is not one)")
        return top, 0
    if isinstance(value, int) and not isinstance(value, bool):
        return [], count(log, at, value)
    if isinstance(value, dict):
        named = value.get("top") or []
        if not isinstance(named, list):
            raise located(log, (*at, "top"), f"{where(at)} top: {short(named)} is not a list of card ids")
        top = [card_id(log, (*at, "top", i), card, definitions) for i, card in enumerate(named)]
        return top, None if value.get("rest") is None else count(log, (*at, "rest"), value.get("rest"))
    raise located(log, at, f"{where(at)} is {short(value)}: a list, a number or {{top, rest}}")


def first_player(log: GameLog, player_ids: Collection[str], active: str | None) -> str:
    """Who takes the first turn: the header's ``first``; a game from a position (``active``, its turn player) may
    leave it out, and then its turn player is."""
    first = log.header.get("first")
    if first in player_ids:
        return str(first)
    if active is None:
        raise located(log, ("first",), f"first is {first!r}: a game from the opening needs the player going first")
    return active


def refuse_impossible(log: GameLog, game: PlayableGame, position: object | None) -> None:
    """A position the rules do not allow (a card its deck list cannot give, a zone that cannot hold it) is a
    located error at ``setup``: the log cannot start."""
    if position is not None and game.setup_problems:
        problem = game.setup_problems[0]
        raise located(log, ("setup",), f"impossible position ({', '.join(problem.clauses)}): {problem.message}")
