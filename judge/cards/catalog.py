"""Reading card catalogs: files of card records for the card ids a log names without defining them.

A catalog is JSON Lines (``.jsonl``: one record a line, each with its ``id``), JSON (``.json``) or YAML
(``.yaml``, ``.yml``): a mapping from card id to record, or a list of records that each carry ``id``.  It is
read as a log is (:mod:`judge.logfile`: UTF-8, the same size and nesting limits, YAML without tags and with
bounded aliases, every parse error located), and then checked, every problem a :class:`CatalogError` at its
file, line and column:

* every record is a mapping, and has one card id: a string, not ``?`` (the log's unknown card), given once
  in the file (in a mapping the key is the id, and a record may repeat it as ``id``);
* every key of a record is a card field of its game (the properties of the game's card record in its
  JSON Schema, ``judge/games/<game>/schema.py``), its printed ``text``, or ``meta``, the key the format leaves
  open for anything.

The values are not checked here: a record becomes a card of a log, and is checked as the log's own are.

Several catalogs merge into one (:func:`merge_catalogs`): a card id two catalogs give different records is an
error naming both places, since which one a user meant cannot be told; the same record twice is not.  A log's
own ``cards`` win over every catalog's.

The catalogs a command is given (``--cards``, :func:`use_catalogs`) are named in the environment variable
``JUDGE_CARDS`` (paths separated as in ``PATH``), so that the worker processes of a batch read the same ones;
a user may set it instead of writing ``--cards``.  Each log read then takes from them the records of the cards
its decks name and its ``cards`` lack (:func:`add_catalog_cards`); each process reads a catalog once.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

import yaml

from judge import games, logfile, loglimits
from judge.logformat import KeyPath, Location, LogFormatError, kind_of, show_value

__all__ = [
    "CATALOGS_VARIABLE",
    "CONTRACT_FIELDS",
    "Catalog",
    "CatalogError",
    "add_catalog_cards",
    "card_fields",
    "load_catalog",
    "load_catalogs",
    "merge_catalogs",
    "parse_catalog",
    "use_catalogs",
]

ID: Final = "id"
CONTRACT_FIELDS: Final = ("text", "meta")
"""The card keys of every game, beside its own fields: the whole printed text box, one ability a line (the
format's "Printed card text"), and ``meta``, the key the format leaves open everywhere."""
UNKNOWN_CARD: Final = logfile.UNKNOWN_CARD
CATALOGS_VARIABLE: Final = "JUDGE_CARDS"
"""The environment variable naming the catalogs in use (``--cards``)."""


class CatalogError(LogFormatError):
    """A located problem with a catalog file: it cannot be parsed, or a record is not a card record."""


class Catalog(dict[str, dict[str, Any]]):
    """A catalog read from a file: card id -> record (without its ``id``), with where each record is."""

    def __init__(self, path: str, records: dict[str, dict[str, Any]], locate: Callable[[KeyPath], Location]) -> None:
        super().__init__(records)
        self.path = path
        self._locate = locate
        self._places: dict[str, KeyPath] = {}

    def add(self, card_id: str, record: dict[str, Any], place: KeyPath) -> None:
        """Add a record found at ``place`` (its path in the file's data)."""
        self[card_id] = record
        self._places[card_id] = place

    def location(self, card_id: str) -> Location:
        """The line and column where the record of ``card_id`` starts."""
        return self._locate(self._places.get(card_id, (card_id,)))

    def where(self, card_id: str) -> str:
        """``path:line:column`` of the record of ``card_id``."""
        line, column = self.location(card_id)
        if line is None:
            return self.path
        return f"{self.path}:{line}" if column is None else f"{self.path}:{line}:{column}"


@cache
def card_fields(game: str) -> frozenset[str]:
    """The keys a card record of ``game`` may have: its schema's card record properties, and the format's
    :data:`CONTRACT_FIELDS`; ``games.UnknownGameError`` for a game that is not registered."""
    defs = games.get(game).schema_defs()
    card_ref = defs[f"{game}Log"]["properties"]["cards"]["additionalProperties"]["$ref"]
    record = defs[card_ref.rsplit("/", 1)[-1]]
    return frozenset(record.get("properties", {})) | frozenset(CONTRACT_FIELDS)


def load_catalog(path: str | os.PathLike[str], game: str | None = None) -> Catalog:
    """The catalog in the file at ``path``, of ``game``'s cards (None: the default game, ``judge.games``); the
    encoding follows the suffix (.jsonl, .json, .yaml/.yml).  CatalogError, located, for anything that is not a
    catalog."""
    name = os.fspath(path)
    encoding = _encoding_of(name)
    try:
        raw = logfile.read_log_bytes(name)
    except LogFormatError as error:
        raise _as_catalog_error(error) from None
    return parse_catalog(raw, name, game, encoding)


def load_catalogs(paths: Iterable[str | os.PathLike[str]], game: str | None = None) -> dict[str, dict[str, Any]]:
    """The catalogs of ``paths`` merged (:func:`merge_catalogs`)."""
    return merge_catalogs([load_catalog(path, game) for path in paths])


def merge_catalogs(catalogs: Sequence[Catalog]) -> dict[str, dict[str, Any]]:
    """One catalog of every card of ``catalogs``.  A card id two of them give different records is a
    CatalogError at the second, naming the first; the same record twice is kept once."""
    merged: dict[str, dict[str, Any]] = {}
    source: dict[str, Catalog] = {}
    for catalog in catalogs:
        for card_id, record in catalog.items():
            first = source.setdefault(card_id, catalog)
            if first is catalog:
                merged[card_id] = record
            elif merged[card_id] != record:
                line, column = catalog.location(card_id)
                raise CatalogError(
                    catalog.path,
                    f"card {card_id!r} is also in {first.where(card_id)}, with another record; a card id may have "
                    "one record in all the catalogs given",
                    line,
                    column,
                )
    return merged


def parse_catalog(raw: bytes, name: str, game: str | None = None, encoding: str | None = None) -> Catalog:
    """The catalog in ``raw``, the bytes of the file ``name``; ``encoding`` ("jsonl", "json" or "yaml") follows
    the name's suffix when not given."""
    encoding = encoding or _encoding_of(name)
    game = game or games.default()
    try:
        card_fields(game)
    except games.UnknownGameError as error:
        raise CatalogError(name, str(error)) from None
    if len(raw) > logfile.MAX_LOG_BYTES:
        raise CatalogError(name, f"the catalog is larger than the limit of {logfile.MAX_LOG_BYTES:,} bytes")
    try:
        text = logfile._decode(raw, name)
    except LogFormatError as error:
        raise _as_catalog_error(error) from None
    text = text.removeprefix("\ufeff")
    if encoding == "jsonl":
        return _read_jsonl(text, name, game)
    if _holds_nothing(text, encoding):
        raise CatalogError(name, "the catalog is empty; expected a mapping of card id to record, or a list of records")
    if encoding == "json":
        reader = _JsonReader(name)
        data, locate, repeated = reader.read(text)
        reader.check_nesting(text)
    else:
        data, locate, repeated = _parse_yaml(text, name)
    return _check_document(data, name, game, locate, repeated)


def _holds_nothing(text: str, encoding: str) -> bool:
    """Whether the text is blank, or for YAML only comments and document markers."""
    if encoding != "yaml":
        return not text.strip()
    for line in text.splitlines():
        bare = line.strip()
        if bare and not bare.startswith("#") and bare not in ("---", "..."):
            return False
    return True


def _encoding_of(name: str) -> str:
    suffix = Path(name).suffix.lower()
    encoding = logfile.ENCODINGS_BY_SUFFIX.get(suffix)
    if encoding is None:
        accepted = ", ".join(logfile.ENCODINGS_BY_SUFFIX)
        shown = f"the suffix {suffix!r}" if suffix else "a name without a suffix"
        raise CatalogError(name, f"cannot tell the catalog's encoding from {shown}; expected one of {accepted}")
    return encoding


# --------------------------------------------------------------------------- parsing

Repeats = list[tuple[KeyPath, str]]
"""The keys a mapping repeats: the path of the mapping and the key (JSON and PyYAML keep the last silently)."""


class _JsonReader:
    """Decodes the JSON texts of one file (the whole file, or each row of JSON Lines) with the loader's nesting
    limit, noting the keys a mapping repeats."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.repeats: list[tuple[dict[str, Any], str]] = []
        self.decoder = json.JSONDecoder(object_pairs_hook=self._mapping)

    def _mapping(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        made = dict(pairs)
        if len(made) < len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    self.repeats.append((made, key))
                    break
                seen.add(key)
        return made

    def read(self, text: str, first_line: int = 1) -> tuple[object, Callable[[KeyPath], Location], Repeats]:
        """The value of ``text``, which starts at line ``first_line`` of the file; where its parts are; the keys
        its top level and its records repeat."""
        name, lines_before = self.name, first_line - 1
        del self.repeats[:]
        try:
            data = self.decoder.decode(text)
        except json.JSONDecodeError as error:
            raise _as_catalog_error(logfile._json_error(name, error, lines_before + error.lineno)) from None
        except RecursionError:
            raise _as_catalog_error(loglimits.json_too_deep(name, text, loglimits.MAX_NESTING, lines_before)) from None
        except ValueError:  # an integer past Python's digit limit
            raise CatalogError(name, "a number with more digits than a catalog can hold", first_line) from None
        return data, _json_locator(text, first_line), _repeat_paths(data, self.repeats)

    def check_nesting(self, text: str, lines_before: int = 0, limit: int = loglimits.MAX_NESTING) -> None:
        if not loglimits.json_nests_within(text, limit):
            raise _as_catalog_error(loglimits.json_too_deep(self.name, text, limit, lines_before))


def _json_locator(text: str, line: int) -> Callable[[KeyPath], Location]:
    """Where each key and item of the JSON ``text`` (starting at ``line``) is, found when first asked."""
    table: dict[KeyPath, Location] = {}

    def locate(path: KeyPath) -> Location:
        if not table:
            start = len(text) - len(text.lstrip(" \t\r\n"))
            where = logfile._located_from(text, (line, 1))
            table[()] = where(start)
            logfile._locate_json_value(text, start, (), table, where)
        return _nearest(table, path)

    return locate


def _repeat_paths(data: object, repeats: list[tuple[dict[str, Any], str]]) -> Repeats:
    """Where the repeated keys are, for the top level and the records (deeper ones are left to the log)."""
    found: Repeats = []
    for mapping, key in repeats:
        if mapping is data:
            found.append(((key,), key))
        elif isinstance(data, dict):
            found.extend(((card_id, key), key) for card_id, record in data.items() if record is mapping)
        elif isinstance(data, list):
            found.extend(((index, key), key) for index, record in enumerate(data) if record is mapping)
    return found


def _parse_yaml(text: str, name: str) -> tuple[object, Callable[[KeyPath], Location], Repeats]:
    """The YAML document, read with the log loader's limits; where its top-level keys and items and their
    records' keys are, from the parser's events: all a catalog's checks point at."""
    try:
        data = logfile._parse_yaml(text, name, None)[0]
    except LogFormatError as error:
        raise _as_catalog_error(error) from None
    table, repeats = _yaml_locations(text)
    return data, lambda path: _nearest(table, path), repeats


class _Open:
    """A mapping or list open while the events are read: its path (None below the records, whose keys no check
    points at), how many nodes it holds so far, its keys, and the key its next value goes under."""

    def __init__(self, path: KeyPath | None, is_map: bool) -> None:
        self.path = path
        self.is_map = is_map
        self.count = 0
        self.keys: set[str | None] = set()
        self.key: str | None = None


def _yaml_locations(text: str) -> tuple[dict[KeyPath, Location], Repeats]:
    """Where the top level, its keys or items, and their records' keys start (keys as their text), and the keys
    these mappings repeat (PyYAML keeps the last silently)."""
    table: dict[KeyPath, Location] = {}
    repeats: Repeats = []
    stack: list[_Open] = []
    starts = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    nodes = (yaml.ScalarEvent, yaml.AliasEvent, *starts)
    loader = loglimits.YAML_LOADER(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                stack.pop()
                continue
            if not isinstance(event, nodes):
                continue
            mark = event.start_mark
            at = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
            path: KeyPath | None = ()
            if not stack:
                table[()] = at
            else:
                parent = stack[-1]
                if parent.is_map and parent.count % 2 == 0:  # a key
                    key = event.value if isinstance(event, yaml.ScalarEvent) else None
                    if parent.path is not None:
                        table.setdefault((*parent.path, key), at)
                        if key in parent.keys:
                            repeats.append(((*parent.path, key), str(key)))
                            table[(*parent.path, key)] = at
                        parent.keys.add(key)
                    parent.key, path = key, None
                elif parent.is_map:  # the value of parent.key
                    path = None if parent.path is None else (*parent.path, parent.key)
                else:
                    path = None if parent.path is None else (*parent.path, parent.count)
                    if path is not None:
                        table[path] = at
                parent.count += 1
            if isinstance(event, starts):
                held = path if path is not None and len(path) < 2 else None
                stack.append(_Open(held, isinstance(event, yaml.MappingStartEvent)))
    finally:
        loader.dispose()
    return table, repeats


def _nearest(table: dict[KeyPath, Location], path: KeyPath) -> Location:
    """The location of the deepest known part of ``path``; a key that is not a string (``123:`` in YAML) is
    looked for as its text too."""
    for end in range(len(path), -1, -1):
        found = table.get(path[:end])
        if found is None and end and not isinstance(path[end - 1], str):
            found = table.get((*path[: end - 1], str(path[end - 1])))
        if found is not None:
            return found
    return 1, None


def _as_catalog_error(error: LogFormatError) -> CatalogError:
    """The loader's error, said of a catalog."""
    message = error.message.replace("the log", "the catalog").replace("a log", "a catalog")
    return CatalogError(error.path, message, error.line, error.column)


# --------------------------------------------------------------------------- checking


def _check_document(
    data: object, name: str, game: str, locate: Callable[[KeyPath], Location], repeated: Repeats
) -> Catalog:
    def fail(where: KeyPath, message: str) -> CatalogError:
        line, column = locate(where)
        return CatalogError(name, message, line, column)

    for where, key in repeated:
        if len(where) == 1:
            raise fail(where, f"card id {key!r} is given twice")
        raise fail(where, f"the record of {where[0]!r} has the key {key!r} twice")
    catalog = Catalog(name, {}, locate)
    if isinstance(data, dict):
        for card_id, record in data.items():
            if not isinstance(card_id, str):
                raise fail((card_id,), f"card id {show_value(card_id)} is {kind_of(card_id)}, expected a string")
            checked = _check_record(record, (card_id,), game, fail)
            if ID in checked and checked.pop(ID) != card_id:
                raise fail((card_id, ID), f"the record of {card_id!r} has the id {show_value(record[ID])}")
            _add(catalog, card_id, checked, (card_id,), fail)
    elif isinstance(data, list):
        for index, record in enumerate(data):
            checked = _check_record(record, (index,), game, fail)
            _add(catalog, _record_id(checked, (index,), fail), checked, (index,), fail)
    else:
        raise fail((), f"the catalog is {kind_of(data)}, expected a mapping of card id to record, or a list of records")
    return catalog


def _read_jsonl(text: str, name: str, game: str) -> Catalog:
    rows: dict[int, Callable[[KeyPath], Location]] = {}
    """Each row's locator, by its line: a path into a JSON Lines catalog starts with the line."""

    def locate(path: KeyPath) -> Location:
        number = path[0] if path else None
        if isinstance(number, int) and number in rows:
            return rows[number](path[1:])
        return (number if isinstance(number, int) else 1), None

    def fail(where: KeyPath, message: str) -> CatalogError:
        line, column = locate(where)
        return CatalogError(name, message, line, column)

    catalog = Catalog(name, {}, locate)
    reader = _JsonReader(name)
    row_nesting = loglimits.MAX_NESTING - 1  # a row is a record, one level inside the catalog
    deep_enough = loglimits.json_nests_within(text, row_nesting)  # one pass; then which row
    for number, row in enumerate(text.split("\n"), start=1):
        if not row.strip():
            continue
        data, rows[number], repeated = reader.read(row, number)
        if not deep_enough:
            reader.check_nesting(row, number - 1, row_nesting)
        for where, key in repeated:
            raise fail((number, *where), f"the record has the key {key!r} twice")
        record = _check_record(data, (number,), game, fail)
        _add(catalog, _record_id(record, (number,), fail), record, (number,), fail)
    if not catalog:
        raise CatalogError(name, "the catalog is empty; expected one record a line, each with its id")
    return catalog


def _check_record(
    record: object, where: KeyPath, game: str, fail: Callable[[KeyPath, str], CatalogError]
) -> dict[str, Any]:
    fields = card_fields(game)
    if not isinstance(record, dict):
        raise fail(where, f"a record is {kind_of(record)}, expected a mapping of the card's fields")
    for key in record:
        if key != ID and key not in fields:
            close = difflib.get_close_matches(str(key), sorted(fields), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" ({', '.join(sorted(fields))})"
            raise fail((*where, key), f"{show_value(key)} is not a card field of {game}{hint}")
    return dict(record)


def _record_id(record: dict[str, Any], where: KeyPath, fail: Callable[[KeyPath, str], CatalogError]) -> str:
    if ID not in record:
        raise fail(where, f"a record has no {ID!r}: in a list, every record carries its card id")
    card_id = record.pop(ID)
    if not isinstance(card_id, str):
        raise fail((*where, ID), f"card id {show_value(card_id)} is {kind_of(card_id)}, expected a string")
    return card_id


def _add(
    catalog: Catalog, card_id: str, record: dict[str, Any], where: KeyPath, fail: Callable[[KeyPath, str], CatalogError]
) -> None:
    if card_id == UNKNOWN_CARD:
        raise fail(where, f"card id {UNKNOWN_CARD!r} is reserved for a card a log does not know")
    if not card_id.strip():
        raise fail(where, "a card id is empty")
    if card_id in catalog:
        first, _ = catalog.location(card_id)
        raise fail(where, f"card id {card_id!r} is given twice (first at line {first})")
    catalog.add(card_id, record, where)


# --------------------------------------------------------------------------- the catalogs a command uses


def use_catalogs(paths: Sequence[str | os.PathLike[str]]) -> None:
    """Use the catalogs at ``paths`` for every log this process and its workers read (``--cards``); none given
    leaves :data:`CATALOGS_VARIABLE` as the user set it."""
    if paths:
        os.environ[CATALOGS_VARIABLE] = os.pathsep.join(os.path.abspath(path) for path in paths)


def catalogs_in_use() -> tuple[str, ...]:
    return tuple(path for path in os.environ.get(CATALOGS_VARIABLE, "").split(os.pathsep) if path)


def add_catalog_cards(top: dict[str, Any]) -> None:
    """Give the log ``top`` (its header, as read) the catalogs' records of the cards its decks name and its
    ``cards`` lack; a log that names no catalog card is left as it is.  CatalogError for a catalog that
    cannot be read."""
    paths = catalogs_in_use()
    game = top.get("game")
    if not paths or not isinstance(game, str) or game not in games.available():
        return
    cards = top.get("cards", {})
    if not isinstance(cards, dict):
        return  # the shape check says what is wrong
    named = _named_cards(top) - cards.keys()
    if not named:
        return
    catalog = _catalog(paths, game)
    found = {card_id: catalog[card_id] for card_id in sorted(named) if card_id in catalog}
    if found:
        top["cards"] = {**found, **cards}


def _named_cards(top: dict[str, Any]) -> set[str]:
    """The card ids the decks of ``top`` name (a setup places cards of the decks only)."""
    named: set[str] = set()
    for player in top.get("players") or ():
        deck = player.get("deck") if isinstance(player, dict) else None
        if isinstance(deck, dict):
            named.update(card_id for card_id in deck if isinstance(card_id, str))
    return named


@cache
def _catalog_files(paths: tuple[str, ...], game: str, stamps: tuple[tuple[int, int], ...]) -> dict[str, dict[str, Any]]:
    del stamps  # part of the key: a catalog changed on disk is read again
    return load_catalogs(paths, game)


def _catalog(paths: tuple[str, ...], game: str) -> dict[str, dict[str, Any]]:
    stamps = []
    for path in paths:
        try:
            status = os.stat(path)
        except OSError as error:
            raise CatalogError(path, f"cannot read the catalog: {error.strerror or error}") from None
        stamps.append((status.st_mtime_ns, status.st_size))
    return _catalog_files(paths, game, tuple(stamps))
