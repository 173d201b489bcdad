"""The ``judge-log/1`` format as the readers share it: its id and games, the located error every reader
raises, and the shape every log must have whatever its encoding.

:mod:`judge.logfile` reads and parses a file and :mod:`judge.loglimits` bounds what it may hold; this
module checks what the format contract (``judge/site/log-format.rst``) requires of the parsed data: the header keys,
players, deck lists, and every field of the header and of each entry, as the JSON Schema defines them
(:mod:`judge.logfields` compiles the checks from the schema's definitions): a field of the wrong type, a key the
format does not know or a required key left out is a located error at that field.  It knows no game's rules: what
a verb means, whether a card may be played, or whether ``setup`` is a legal position is the replay's business.
"""

from __future__ import annotations

import difflib
import reprlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.logfields import FieldError, LogFields

__all__ = [
    "FORMAT_ID",
    "UNKNOWN_CARD",
    "Checker",
    "EntryError",
    "KeyPath",
    "Location",
    "LogFormatError",
    "check_shape",
    "log_games",
]

FORMAT_ID = "judge-log/1"
UNKNOWN_CARD = "?"


def log_games() -> tuple[str, ...]:
    """The ``game:`` keys a log may have: every game registered with the judge (``judge.games``), the built-in
    ones first."""
    from judge import games  # the registry imports no game until one is used

    return games.available()


Location = tuple[int | None, int | None]
KeyPath = tuple[object, ...]


class LogFormatError(ValueError):
    """A located problem with a log file: not parseable or not of the judge-log/1 shape."""

    path: str
    line: int | None
    column: int | None
    message: str

    def __init__(self, path: str, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(path, message, line, column)
        self.path = path
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.message}"


class EntryError(ValueError):
    """An entry whose arguments cannot be read as the format writes them (a card id that is a list, a position
    that is no number, a pay that is neither true, false nor a cost).

    A game's log reading (``judge.games.<key>.log``) raises it, naming the argument and echoing what was
    written; the replay reports it as a violation of that entry and goes on.  It is the only error the replay
    takes from a game's reading as the log's fault: any other is a fault of the program, and is not hidden.
    """


def offset_location(text: str, offset: int) -> Location:
    """The 1-based line and column of ``offset`` in ``text``; (None, None) for a negative offset."""
    if offset < 0:
        return None, None
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, line_start) + 1, offset - line_start + 1


# --------------------------------------------------------------------------- shape


class Checker:
    """Raises located shape errors."""

    def __init__(self, path: str, locate: Callable[[KeyPath], Location]) -> None:
        self.path = path
        self.locate = locate

    def fail(self, where: KeyPath, message: str) -> LogFormatError:
        line, column = self.locate(where)
        return LogFormatError(self.path, message, line, column)


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxlist = _SHORT_REPR.maxdict = _SHORT_REPR.maxtuple = _SHORT_REPR.maxset = 6
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 50


def show_value(value: object, limit: int = 60) -> str:
    """``value!r``, shortened for long values (built short: a value can be huge, as YAML aliases make it)."""
    text = _SHORT_REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def kind_of(value: object) -> str:
    """How a message names the kind of ``value``: ``an integer``, ``a list``, ``null``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _described(value: object) -> str:
    """The value and what it is, for "X is ..., expected ..." messages."""
    if value is None:
        return "null"
    if isinstance(value, (Mapping, list)):
        return f"{kind_of(value)} {show_value(value)}"
    return f"{show_value(value)} ({kind_of(value)})"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_shape(top: object, actions: object, check: Checker) -> dict[str, object]:
    """Check the judge-log/1 structure; return the header (every top-level key but ``actions``)."""
    if not isinstance(top, dict):
        raise check.fail((), f"the top level is {_described(top)}, expected a mapping of header keys and 'actions'")
    for key in top:
        if not isinstance(key, str):
            raise check.fail((key,), f"top-level key {show_value(key)} is {kind_of(key)}, expected a string")

    fmt = top.get("format")
    if "format" not in top:
        raise check.fail((), f"'format' is missing; expected 'format: {FORMAT_ID}'")
    if fmt != FORMAT_ID:
        raise check.fail(("format",), f"'format' is {show_value(fmt)}, expected {FORMAT_ID!r}")

    known_games = log_games()
    games = ", ".join(known_games)
    if "game" not in top:
        raise check.fail((), f"'game' is missing; expected one of {games}")
    game = top["game"]
    if not isinstance(game, str) or game not in known_games:
        raise check.fail(("game",), f"'game' is {show_value(game)}, expected one of {games}")

    cards = _check_cards(top, check)
    player_ids = _check_players(top, cards, check)
    known = ", ".join(player_ids)

    if "first" in top and top["first"] not in player_ids:
        raise check.fail(("first",), f"'first' is {show_value(top['first'])}, not a player of this log ({known})")

    if "actions" not in top:
        raise check.fail((), "'actions' is missing; expected a list of entries (an empty list is fine)")
    if not isinstance(actions, list):
        raise check.fail(("actions",), f"'actions' is {_described(actions)}, expected a list of entries")
    fields = _fields(game)
    try:
        fields.check_header(top, player_ids)
    except _field_error() as error:
        raise check.fail(error.path(), error.describe("the header")) from None
    _check_entries(actions, player_ids, known, check, fields)
    return {key: value for key, value in top.items() if key != "actions"}


def _fields(game: str | None) -> LogFields:
    """The checks of ``game``'s fields, compiled from the schema at their first use (``judge.logfields``)."""
    from judge.logfields import fields_of

    return fields_of(game)


def _field_error() -> type[FieldError]:
    from judge.logfields import FieldError

    return FieldError


def _check_cards(top: dict[str, object], check: Checker) -> dict[object, object]:
    if "cards" not in top:
        raise check.fail((), "'cards' is missing; expected a mapping of card id to the card's characteristics")
    cards = top["cards"]
    if not isinstance(cards, dict):
        raise check.fail(("cards",), f"'cards' is {_described(cards)}, expected a mapping of card id to card")
    for card_id, card in cards.items():
        if not isinstance(card_id, str):
            raise check.fail(
                ("cards", card_id), f"card id {show_value(card_id)} in 'cards' is {kind_of(card_id)}, expected a string"
            )
        if card_id == UNKNOWN_CARD:
            raise check.fail(("cards", card_id), f"card id {UNKNOWN_CARD!r} in 'cards' is reserved for unknown cards")
        if not isinstance(card, dict):
            raise check.fail(
                ("cards", card_id),
                f"card {card_id!r} in 'cards' is {_described(card)}, expected a mapping of its characteristics",
            )
    return cards


def _check_players(top: dict[str, object], cards: dict[object, object], check: Checker) -> list[str]:
    if "players" not in top:
        raise check.fail((), "'players' is missing; expected a list of two players with 'id' and 'deck'")
    players = top["players"]
    if not isinstance(players, list):
        raise check.fail(("players",), f"'players' is {_described(players)}, expected a list of two players")
    if len(players) != 2:
        raise check.fail(("players",), f"'players' has {len(players)} entries, expected exactly 2")
    ids: list[str] = []
    for index, player in enumerate(players):
        where = ("players", index)
        if not isinstance(player, dict):
            raise check.fail(
                where, f"players[{index}] is {_described(player)}, expected a mapping with 'id' and 'deck'"
            )
        if "id" not in player:
            raise check.fail(where, f"players[{index}] has no 'id'; expected a string such as 'P{index + 1}'")
        player_id = player["id"]
        if not isinstance(player_id, str) or not player_id:
            raise check.fail(
                (*where, "id"), f"players[{index}]: 'id' is {_described(player_id)}, expected a non-empty string"
            )
        if player_id in ids:
            raise check.fail(
                (*where, "id"), f"players[{index}]: 'id' is {player_id!r}, the same as players[0]'s; ids must differ"
            )
        ids.append(player_id)
        _check_deck(player, index, player_id, cards, check)
    return ids


def _check_deck(
    player: dict[object, object], index: int, player_id: str, cards: dict[object, object], check: Checker
) -> None:
    who = f"players[{index}] ({player_id!r})"
    where = ("players", index)
    if "deck" not in player:
        raise check.fail(where, f"{who} has no 'deck'; expected a mapping of card id to number of copies")
    deck = player["deck"]
    if not isinstance(deck, dict):
        raise check.fail(
            (*where, "deck"), f"{who}: 'deck' is {_described(deck)}, expected a mapping of card id to number of copies"
        )
    for card_id, copies in deck.items():
        if not isinstance(card_id, str):
            raise check.fail(
                (*where, "deck", card_id),
                f"{who}: deck card id {show_value(card_id)} is {kind_of(card_id)}, expected a string",
            )
        if card_id not in cards:
            raise check.fail(
                where, f"{who}: deck card {card_id!r} is not in 'cards' nor in a card catalog given (--cards)"
            )
        if not _is_int(copies) or copies < 1:
            raise check.fail(
                (*where, "deck", card_id),
                f"{who}: deck count of {card_id!r} is {_described(copies)}, expected a positive integer",
            )


def _check_entries(actions: list[object], player_ids: list[str], known: str, check: Checker, fields: LogFields) -> None:
    for index, entry in enumerate(actions):
        _check_entry(entry, index, player_ids, known, check, fields)


def check_entry(
    entry: object, index: int, player_ids: list[str], known: str, check: Checker, game: str | None = None
) -> None:
    """Check entry ``index`` of a ``game`` log: a mapping with a verb of the game, a player of the log, and every
    field as the verb's definition says (None: the fields every game's entries have), located by ``check`` as
    ``("actions", index, ...)``; ``known`` lists ``player_ids`` for the messages.  Each entry of a whole log, or
    one line of a log still being written (``judge.follow``)."""
    _check_entry(entry, index, player_ids, known, check, _fields(game))


def _check_entry(
    entry: object, index: int, player_ids: list[str], known: str, check: Checker, fields: LogFields
) -> None:
    if not isinstance(entry, dict):
        raise check.fail(("actions", index), f"entry {index} is {_described(entry)}, expected a mapping with 'do'")
    verb = entry.get("do")
    if not isinstance(verb, str) or not verb:
        if "do" not in entry:
            raise check.fail(("actions", index), f"entry {index} has no 'do'")
        raise check.fail(("actions", index, "do"), f"entry {index}: 'do' is {_described(verb)}, expected a verb")
    if fields.verbs and not fields.has_verb(verb):
        raise check.fail(("actions", index, "do"), f"entry {index}: {_unknown_verb(verb, fields)}")
    entry_check = fields.entry(verb)
    if fields.open_entries:
        for key in entry:
            if not isinstance(key, str):
                raise check.fail(
                    ("actions", index, key),
                    f"entry {index}: key {show_value(key)} is {kind_of(key)}, expected a string",
                )
    if "p" in entry and entry["p"] not in player_ids:
        raise check.fail(
            ("actions", index, "p"),
            f"entry {index}: 'p' is {show_value(entry['p'])}, not a player of this log ({known})",
        )
    if entry_check is not None:
        try:
            entry_check(entry, player_ids)
        except _field_error() as error:
            message = f"entry {index}: {error.describe(f'a {verb!r} entry')}"
            raise check.fail(("actions", index, *error.path()), message) from None


def _unknown_verb(verb: str, fields: LogFields) -> str:
    """A verb the game does not have, with the verbs it has and the closest of them."""
    close = difflib.get_close_matches(verb, fields.verbs, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"{verb!r} is not a verb of {fields.title} logs ({', '.join(fields.verbs)}){hint}"
