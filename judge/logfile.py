"""Loading ``judge-log/1`` game logs: YAML, JSON or JSON Lines into plain data, every entry located.

The replay reports each violation with the file line of the entry that caused it,
and a log that is not of the format must get a located error instead of a
traceback.  This module is the only place that reads log files: it decodes them
(UTF-8 only, size-limited, never written), parses them with the fast C parsers,
records the 1-based line (and column, where the encoding has one) of every
``actions`` entry and of every key and item of the header, and has the *shape* the format
contract (``judge/site/log-format.rst``) requires checked (:mod:`judge.logformat`: header keys, players,
deck lists and the basic form of every entry).  It knows no game's rules: what a verb
means, whether a card may be played, or whether ``setup`` is a legal position is
the replay's business.

Locations are obtained without parsing twice in Python: YAML is composed once
into its node tree (which carries the marks) and then constructed from that very
tree; JSON is decoded by ``json.loads`` and then walked with the C scanner
(``JSONDecoder.raw_decode``) to find where each element starts: the top-level
object and the actions list, and the header (small) down to its leaves.

Limits (checked by :mod:`judge.loglimits`).  A log is data from anyone, so reading one is bounded; each refusal is a
``LogFormatError`` that names the limit and its value, located where the file
crosses it:

* size: at most ``MAX_LOG_BYTES`` (256 MiB), checked before reading;
* nesting: at most ``MAX_NESTING`` (64) mappings and lists inside one another, the
  top-level mapping counted, in every encoding (a JSON Lines entry sits two levels
  down, under the header and its ``actions``).  Deeper data would overflow the
  parsers' stacks (libyaml's composer crashes the process past some 20,000 levels)
  or every recursive walk that follows;
* YAML aliases: at no point of the document may the values read so far, aliases
  expanded, exceed ``max(ALIAS_EXPANSION_RATIO * written, ALIAS_EXPANSION_FLOOR)``
  (``written``: the values written so far, an alias counting one), and an alias
  may not sit inside the node it names (a cycle).  PyYAML shares an aliased node
  instead of copying it, but the checks and the replay walk the expanded data, so
  nine levels of nine aliases ("billion laughs") would take hours;
* YAML tags: none (``!!python/object``, ``!!binary``, ``!!set``, ``!foo``, even
  ``!!str``): the format is plain data.

The checks cost next to nothing on an ordinary log.  Tags and aliases are looked
for only when the text has a ``!`` or an ``&`` where one could start (not inside a
word such as ``ENERGIO!!`` or ``Q&A``); then one pass over libyaml's events, with no
node tree and no recursion, checks tags, nesting and aliases together.  Without
them, a YAML document is nested no deeper than its count of ``[`` and ``{`` plus
twice its longest run of indentation and ``- ``/``? ``/``: `` indicators at a line
start; when that bound is too large to compose safely, the event pass runs too.
Otherwise the nesting is counted while constructing: PyYAML builds one level of
collections per round of its constructor, so counting rounds costs nothing.  JSON
is checked on its skeleton: the brackets outside strings, reduced a level at a
time with ``bytes.replace`` in C.
"""

from __future__ import annotations

import json
import os
import re
import stat
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeGuard, cast

import yaml

from judge import collector, loglimits
from judge.logformat import (
    FORMAT_ID,
    UNKNOWN_CARD,
    Checker,
    KeyPath,
    Location,
    LogFormatError,
    check_entry,
    check_shape,
    log_games,
    offset_location,
    show_value,
)
from judge.loglimits import ALIAS_EXPANSION_FLOOR, ALIAS_EXPANSION_RATIO, MAX_NESTING
from judge.yaml_loader import LogLoader

__all__ = [
    "ALIAS_EXPANSION_FLOOR",
    "ALIAS_EXPANSION_RATIO",
    "ENCODINGS_BY_SUFFIX",
    "FORMAT_ID",
    "MAX_LOG_BYTES",
    "MAX_NESTING",
    "UNKNOWN_CARD",
    "GameLog",
    "LogEntry",
    "LogFormatError",
    "load_log",
    "load_log_bytes",
    "log_games",
    "parse_log",
    "read_log_bytes",
]

MAX_LOG_BYTES = 256 * 1024 * 1024
"""The largest log read, in bytes; a larger file is refused before it is read."""
ENCODINGS_BY_SUFFIX = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "jsonl"}


_YAML_STR_TAG = "tag:yaml.org,2002:str"
_JSON_WS = re.compile(r"[ \t\n\r]*")
_decode_row = json.JSONDecoder().raw_decode
"""The value at the start of a row and where it ends: the C scanner behind ``json.loads``, unwrapped."""
_BOM = "\ufeff"

HeaderWalk = Callable[[], dict[tuple[str, ...], Location]]


@dataclass(slots=True, init=False)
class LogEntry:
    """One ``actions`` entry, where it starts in the file, and its data as parsed.

    Its initialiser is written out because a log makes one per entry: compiled (see
    ``setup.py``), a written initialiser runs as native code, a generated one does not.
    """

    index: int
    line: int
    column: int | None
    data: dict[str, object]

    def __init__(self, index: int, line: int, column: int | None, data: dict[str, object]) -> None:
        self.index = index
        self.line = line
        self.column = column
        self.data = data


@dataclass(slots=True)
class GameLog:
    """A loaded log: its header (every top-level key but ``actions``) and its located entries."""

    path: str
    encoding: str
    header: dict[str, object]
    entries: list[LogEntry]
    header_lines: dict[str, int]
    walk_header: HeaderWalk = field(default=dict, compare=False, repr=False)
    """Finds where each key and item of the header is; run when an error needs it, not on every load."""
    _header_locations: dict[tuple[str, ...], Location] | None = field(default=None, compare=False, repr=False)
    more: Callable[[int | None], bool] | None = field(default=None, compare=False, repr=False)
    """For a log still being written (``judge.follow``): reads on until ``entries`` holds the entry of that index
    (None: the rest of the log), waiting for the input, and says whether it does.  None for a whole log."""

    def has_entry(self, index: int) -> bool:
        """Whether the log has an entry at ``index``: for a log still being written, once it is read, or once the
        input ends without it."""
        return index < len(self.entries) or (self.more is not None and self.more(index))

    def count_reaches(self, holds: Callable[[int], bool]) -> bool:
        """``holds(number of entries)``, for a test that, once true, stays true as entries are added (a budget that
        grows with the log): a log still being written is read on until it holds or the input ends."""
        while not holds(len(self.entries)):
            if not self.has_entry(len(self.entries)):
                return False
        return True

    def read_to_end(self) -> None:
        """For a log still being written: read the rest of it (what follows its last entry is judged whole)."""
        if self.more is not None:
            self.more(None)

    @property
    def cards(self) -> dict[str, Any]:
        """The header's card records by card id (their shape is checked on loading)."""
        return cast("dict[str, Any]", self.header.get("cards") or {})

    @property
    def players(self) -> list[dict[str, Any]]:
        """The header's two players, each with its ``id`` and ``deck`` (their shape is checked on loading)."""
        return cast("list[dict[str, Any]]", self.header["players"])

    def header_locations(self) -> dict[tuple[str, ...], Location]:
        """Where each key and item of the header is (``("setup", "P1", "stage", "2")``); keys as text."""
        if self._header_locations is None:
            self._header_locations = self.walk_header()
        return self._header_locations

    def locate(self, *path: object) -> Location:
        """The location of the deepest known part of a header ``path`` (list indexes and keys alike); the header's
        first line when no part is known (a key the header lacks): every error about a file's content has a line."""
        key = tuple(str(step) for step in path)
        table = self.header_locations()
        for end in range(len(key), 0, -1):
            found = table.get(key[:end])
            if found is not None:
                return found
        return min(self.header_lines.values(), default=1), None


# --------------------------------------------------------------------------- reading


def load_log(path: str | os.PathLike[str]) -> GameLog:
    """Read and check the log at ``path``; the encoding follows the suffix (.yaml/.yml, .json, .jsonl)."""
    name = os.fspath(path)
    _encoding_of(name)  # before reading: a file of another kind is not read at all
    return load_log_bytes(name, _read_bytes(name))


def read_log_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the log file at ``path``, size-limited, for a check that runs elsewhere
    (:func:`load_log_bytes` there); a file that cannot be read is a located ``LogFormatError``."""
    return _read_bytes(os.fspath(path))


def load_log_bytes(name: str, raw: bytes) -> GameLog:
    """Check a log already read as bytes (by :func:`read_log_bytes`, maybe on another machine), named ``name``;
    the encoding follows the name's suffix, as for :func:`load_log`."""
    encoding = _encoding_of(name)
    if len(raw) > MAX_LOG_BYTES:
        raise LogFormatError(name, _too_large(len(raw), MAX_LOG_BYTES))
    return parse_log(_decode(raw, name), name, encoding)


def _encoding_of(name: str) -> str:
    suffix = Path(name).suffix.lower()
    encoding = ENCODINGS_BY_SUFFIX.get(suffix)
    if encoding is None:
        accepted = ", ".join(ENCODINGS_BY_SUFFIX)
        shown = f"the suffix {suffix!r}" if suffix else "a name without a suffix"
        raise LogFormatError(name, f"cannot tell the log's encoding from {shown}; expected one of {accepted}")
    return encoding


def _read_bytes(name: str) -> bytes:
    """The file's bytes, refusing anything larger than MAX_LOG_BYTES before reading it."""
    limit = MAX_LOG_BYTES
    try:
        status = os.stat(name)
        if stat.S_ISDIR(status.st_mode):
            raise LogFormatError(name, "cannot read the log: it is a directory")
        if not stat.S_ISREG(status.st_mode):  # a FIFO or a device would block or never end
            raise LogFormatError(name, "cannot read the log: it is not a regular file")
        if status.st_size > limit:
            raise LogFormatError(name, _too_large(status.st_size, limit))
        with open(name, "rb") as handle:
            raw = handle.read(limit + 1) if status.st_size == 0 else handle.read()
    except OSError as error:
        reason = error.strerror or str(error)
        raise LogFormatError(name, f"cannot read the log: {reason}") from None
    if len(raw) > limit:  # grew while being read, or a special file without a size
        raise LogFormatError(name, _too_large(len(raw), limit))
    return raw


def _too_large(size: int, limit: int) -> str:
    return f"the log is {size:,} bytes or more, larger than the limit of {limit:,} bytes; refusing to read it"


def _decode(raw: bytes, name: str) -> str:
    """UTF-8 text; the first undecodable byte becomes a located error."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = raw.rfind(b"\n", 0, error.start) + 1
        line = raw.count(b"\n", 0, line_start) + 1
        column = len(raw[line_start : error.start].decode("utf-8")) + 1
        bad = raw[error.start : error.end].hex(" ")
        raise LogFormatError(
            name, f"not UTF-8: byte(s) {bad} cannot be decoded ({error.reason})", line, column
        ) from None


def parse_log(text: str, path: str, encoding: str) -> GameLog:
    """Parse and check log ``text`` already read from ``path``; ``encoding`` is "yaml", "json" or "jsonl"."""
    with collector.paused():  # parsing makes no garbage for the collector to look for
        return _parse_log(text, path, encoding)


def _parse_log(text: str, path: str, encoding: str) -> GameLog:
    if text.startswith(_BOM):
        text = text[1:]
    try:
        if encoding == "yaml":
            top, actions, locator, lines = _parse_yaml(text, path)
        elif encoding == "json":
            top, actions, locator, lines = _parse_json(text, path)
        elif encoding == "jsonl":
            top, actions, locator, lines = _parse_jsonl(text, path)
        else:
            raise LogFormatError(path, f"unknown log encoding {encoding!r}; expected one of 'yaml', 'json', 'jsonl'")
    except RecursionError:
        raise LogFormatError(path, "the log is nested too deeply to be read") from None
    header = check_shape(top, actions, Checker(path, locator.locate))
    assert isinstance(actions, list)  # checked by check_shape
    entries = [LogEntry(index, line, column, data) for index, (data, (line, column)) in enumerate(zip(actions, lines))]
    return GameLog(
        path=path,
        encoding=encoding,
        header=header,
        entries=entries,
        header_lines=locator.header_lines(),
        walk_header=locator.header_walk(),
    )


# --------------------------------------------------------------------------- locations


class _Locator(Protocol):
    def locate(self, path: KeyPath) -> Location:
        """The line and column of the deepest known part of ``path`` (``()`` is the top level)."""
        ...

    def header_lines(self) -> dict[str, int]:
        """Each top-level key's 1-based line."""
        ...

    def header_walk(self) -> HeaderWalk:
        """What finds every key and item of the header (all but the actions' items), keys as text.

        It holds only what it needs (the header's nodes, or its text), not the actions.
        """
        ...


class _YamlLocator:
    """Locations read from the composed YAML node tree: any key or item, at any depth."""

    def __init__(self, root: yaml.Node) -> None:
        self.root = root

    def locate(self, path: KeyPath) -> Location:
        node = self.root
        mark = node.start_mark
        for step, key in enumerate(path):
            child: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for key_node, value_node in node.value:
                    if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(key):
                        mark, child = (
                            (key_node.start_mark if step == len(path) - 1 else value_node.start_mark),
                            value_node,
                        )
            elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
                child = node.value[key]
                mark = child.start_mark
            if child is None:
                break
            node = child
        return mark.line + 1, mark.column + 1

    def header_lines(self) -> dict[str, int]:
        lines: dict[str, int] = {}
        if isinstance(self.root, yaml.MappingNode):
            for key_node, _ in self.root.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _YAML_STR_TAG:
                    lines[key_node.value] = key_node.start_mark.line + 1
        return lines

    def header_walk(self) -> HeaderWalk:
        tops = self.root.value if isinstance(self.root, yaml.MappingNode) else []
        header = [  # the actions' nodes are most of the tree: not kept
            (key, None if key.value == "actions" else value) for key, value in tops if isinstance(key, yaml.ScalarNode)
        ]
        return lambda: _yaml_header_locations(header)


def _yaml_header_locations(
    header: list[tuple[yaml.ScalarNode, yaml.Node | None]],
) -> dict[tuple[str, ...], Location]:
    table: dict[tuple[str, ...], Location] = {}
    pending: list[tuple[tuple[str, ...], yaml.Node]] = []
    for key_node, value_node in header:
        table[(key_node.value,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        if value_node is not None:
            pending.append(((key_node.value,), value_node))
    while pending:  # a loop, not recursion: nesting depth is the file's choice
        path, node = pending.pop()
        if isinstance(node, yaml.MappingNode):
            children = [(key.value, key, value) for key, value in node.value if isinstance(key, yaml.ScalarNode)]
        elif isinstance(node, yaml.SequenceNode):
            children = [(str(index), item, item) for index, item in enumerate(node.value)]
        else:
            continue
        for name, marked, child in children:
            table.setdefault((*path, name), (marked.start_mark.line + 1, marked.start_mark.column + 1))
            pending.append(((*path, name), child))
    return table


class _TableLocator:
    """Locations known for a few paths (top-level keys, the entries); deeper paths use their nearest known prefix."""

    def __init__(
        self,
        table: dict[KeyPath, Location],
        walk: Callable[[], dict[KeyPath, Location]] = dict,
        entries: Sequence[Location] = (),
        entry_walk: Callable[[int], dict[KeyPath, Location]] | None = None,
    ) -> None:
        self.table = table
        self.walk = walk
        """Adds the header's deeper locations; run at the first error."""
        self.walked = False
        self.entries = entries
        """Where each ``actions`` entry starts: a list, not table keys, since a log has thousands."""
        self.entry_walk = entry_walk
        """Where each key and item inside entry ``index`` is (paths inside the entry); run for an error inside it."""

    def locate(self, path: KeyPath) -> Location:
        if len(path) > 1 and path[0] == "actions" and isinstance(path[1], int) and 0 <= path[1] < len(self.entries):
            if len(path) > 2 and self.entry_walk is not None:
                inside = self.entry_walk(path[1])
                for end in range(len(path), 2, -1):
                    found = inside.get(path[2:end])
                    if found is not None:
                        return found
            return self.entries[path[1]]
        if not self.walked:
            self.table.update(self.walk())
            self.walked = True
        for end in range(len(path), -1, -1):
            found = self.table.get(path[:end])
            if found is not None:
                return found
        return None, None

    def header_lines(self) -> dict[str, int]:
        return {
            path[0]: line
            for path, (line, _) in self.table.items()
            if len(path) == 1 and isinstance(path[0], str) and line is not None
        }

    def header_walk(self) -> HeaderWalk:
        top: dict[tuple[str, ...], Location] = {
            (str(path[0]),): location for path, location in self.table.items() if len(path) == 1
        }
        walk = self.walk

        def header_locations() -> dict[tuple[str, ...], Location]:
            found = {tuple(str(step) for step in path): location for path, location in walk().items()}
            return {**top, **found}

        return header_locations


# --------------------------------------------------------------------------- parsers

_Parsed = tuple[object, object, _Locator, list[tuple[int, int | None]]]


def _parse_yaml(text: str, path: str) -> _Parsed:
    try:
        if loglimits.may_need_event_check(text):
            loglimits.check_events(text, path)
        root, data = _compose_and_construct(text, path)
    except LogFormatError:
        raise
    except yaml.MarkedYAMLError as error:
        refusal = loglimits.locate_nesting(text, path) if loglimits.is_parser_nesting_limit(error) else None
        if refusal is not None:
            raise refusal from None
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        context = f" ({error.context})" if error.context else ""
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        raise LogFormatError(path, f"YAML syntax error: {problem}{context}", line, column) from None
    except yaml.reader.ReaderError as error:
        found = text.find(chr(error.character))
        line, column = offset_location(text, found if found >= 0 else max(0, min(error.position, len(text) - 1)))
        raise LogFormatError(
            path, f"YAML cannot contain the character {chr(error.character)!r}: {error.reason}", line, column
        ) from None
    except yaml.YAMLError as error:
        raise LogFormatError(path, f"YAML error: {error}") from None
    except RecursionError:
        raise LogFormatError(path, "the YAML is nested too deeply") from None
    if root is None:
        raise LogFormatError(path, f"the log is empty; expected a mapping starting with 'format: {FORMAT_ID}'", 1)
    actions: object = None
    lines: list[tuple[int, int | None]] = []
    if isinstance(root, yaml.MappingNode) and isinstance(data, dict):
        actions = data.get("actions")
        actions_node = None
        for key_node, value_node in root.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "actions" and key_node.tag == _YAML_STR_TAG:
                actions_node = value_node
        if isinstance(actions_node, yaml.SequenceNode):
            lines = [(item.start_mark.line + 1, item.start_mark.column + 1) for item in actions_node.value]
    return data, actions, _YamlLocator(root), lines


def _compose_and_construct(text: str, path: str) -> tuple[yaml.Node | None, object]:
    """The document's node tree and the data constructed from it: one parse, as ``yaml.load`` does.

    Constructing counts the nesting (see ``loglimits.construct``); a value the constructor cannot
    make (a date such as ``2026-13-45``, an integer of 5,000 digits) is a located error.
    """
    loader = LogLoader(text)  # the pure-Python reader already rejects bad characters here
    try:
        root = loader.get_single_node()
        if root is None:
            return None, None
        try:
            return root, loglimits.construct(loader, root, path)
        except LogFormatError:
            raise
        except ValueError as error:
            raise _unreadable_value(path, root, error) from None
    finally:
        loader.dispose()


_VALUE_KINDS = {
    "tag:yaml.org,2002:int": "an integer",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:timestamp": "a date",
}


def _unreadable_value(path: str, root: yaml.Node, error: ValueError) -> LogFormatError:
    """The error for a scalar the constructor refused with ``error``, located at the first scalar that fails."""
    constructor = yaml.constructor.SafeConstructor()
    pending: list[yaml.Node] = [root]
    seen: set[int] = set()
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            pending.extend(node.value[::-1])
        elif isinstance(node, yaml.MappingNode):
            for key, value in node.value[::-1]:
                pending.append(value)
                pending.append(key)
        elif isinstance(node, yaml.ScalarNode) and node.tag in _VALUE_KINDS:
            try:
                constructor.construct_object(node, deep=True)
            except ValueError as failed:
                mark = node.start_mark
                if "digits" in str(failed) and node.tag == "tag:yaml.org,2002:int":
                    message = "a number with more digits than a log can hold"
                else:
                    message = f"{show_value(node.value)} cannot be read as {_VALUE_KINDS[node.tag]}: {failed}"
                return LogFormatError(path, message, mark.line + 1, mark.column + 1)
    return LogFormatError(path, f"a value cannot be read: {error}", 1)


def _too_many_digits(path: str, text: str) -> LogFormatError:
    """The error for a number past Python's limit on digits, located at the first such run of digits."""
    match = re.search(r"\d{4000,}", text)
    line, column = offset_location(text, match.start()) if match else (None, None)
    return LogFormatError(path, "a number with more digits than a log can hold", line, column)


def _json_error(path: str, error: json.JSONDecodeError, line: int | None = None) -> LogFormatError:
    return LogFormatError(path, f"JSON syntax error: {error.msg}", line or error.lineno, error.colno)


def _parse_json(text: str, path: str) -> _Parsed:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _json_error(path, error) from None
    except RecursionError:
        raise loglimits.json_too_deep(path, text, loglimits.MAX_NESTING) from None
    except ValueError:  # an integer past Python's digit limit
        raise _too_many_digits(path, text) from None
    if not loglimits.json_nests_within(text, loglimits.MAX_NESTING):
        raise loglimits.json_too_deep(path, text, loglimits.MAX_NESTING)
    newlines = [match.start() for match in re.finditer("\n", text)]

    def where(offset: int) -> tuple[int, int]:
        line = bisect_right(newlines, offset - 1)  # newlines before the offset
        start = newlines[line - 1] + 1 if line else 0
        return line + 1, offset - start + 1

    start = _JSON_WS.match(text).end()  # type: ignore[union-attr]  # always matches
    table: dict[KeyPath, Location] = {(): where(start)}
    actions: object = None
    lines: list[tuple[int, int | None]] = []
    items_at: list[int] = []
    header: list[tuple[str, str, Location]] = []
    """Each header value's text and where it starts: all a later walk needs, not the whole file."""
    if isinstance(data, dict):
        for key, key_at, value_at, value_end, items in _walk_json_object(text, start, {"actions"}):
            table[(key,)] = where(key_at)
            if items is not None:
                items_at = items
                lines = [where(offset) for offset in items]
            else:
                header.append((key, text[value_at:value_end], where(value_at)))
        actions = data.get("actions")
    if not isinstance(actions, list):
        lines = []
    offsets = items_at if isinstance(actions, list) else []

    def entry_locations(index: int) -> dict[KeyPath, Location]:
        return _json_value_locations(text, offsets[index], where)

    return data, actions, _TableLocator(table, lambda: _json_header_locations(header), lines, entry_locations), lines


def _json_value_locations(text: str, at: int, where: Callable[[int], Location]) -> dict[KeyPath, Location]:
    """Where every key and item inside the (valid) JSON value at offset ``at`` of ``text`` is."""
    table: dict[KeyPath, Location] = {}
    _locate_json_value(text, at, (), table, where)
    return table


def _json_header_locations(header: list[tuple[str, str, Location]]) -> dict[KeyPath, Location]:
    """Where every key and item inside each header value is, from the value's text and its start."""
    table: dict[KeyPath, Location] = {}
    for key, value, start in header:
        _locate_json_value(value, 0, (key,), table, _located_from(value, start))
    return table


def _located_from(text: str, start: Location) -> Callable[[int], Location]:
    """Maps an offset in ``text``, a piece of the file that begins at ``start``, to its place in the file."""
    line, column = start

    def where(offset: int) -> Location:
        if line is None or column is None:
            return line, None
        newlines = text.count("\n", 0, offset)
        if newlines == 0:
            return line, column + offset
        return line + newlines, offset - text.rfind("\n", 0, offset)

    return where


def _past_blanks(text: str, at: int) -> int:
    """The offset of the first character at or after ``at`` that is not JSON whitespace."""
    blanks = _JSON_WS.match(text, at)
    return blanks.end() if blanks else at


def _walk_json_object(text: str, at: int, arrays: set[str]) -> Iterable[tuple[str, int, int, int, list[int] | None]]:
    """Each key of the (valid) top-level object at ``at``: its offset, its value's start and end, and for
    ``arrays`` its items' offsets.

    ``text`` has already been decoded by ``json.loads``, so it is well formed; values are skipped with
    the C scanner.  A repeated key is reported again, as ``json.loads`` keeps the last one.
    """
    decode = json.JSONDecoder().raw_decode
    at = _past_blanks(text, at + 1)  # past "{"
    if text[at] == "}":
        return
    while True:
        key_at = at
        key, at = decode(text, at)
        at = _past_blanks(text, at) + 1  # past ":"
        at = _past_blanks(text, at)
        value_at = at
        items: list[int] | None = None
        if key in arrays and text[at] == "[":
            items = []
            at = _past_blanks(text, at + 1)
            if text[at] == "]":
                at += 1
            else:
                while True:
                    items.append(at)
                    _, at = decode(text, at)
                    at = _past_blanks(text, at)
                    closing = text[at] == "]"
                    at = _past_blanks(text, at + 1)
                    if closing:
                        break
        else:
            _, at = decode(text, at)
        yield key, key_at, value_at, at, items
        at = _past_blanks(text, at)
        if text[at] == "}":
            return
        at = _past_blanks(text, at + 1)  # past ","


def _locate_json_value(
    text: str, at: int, path: KeyPath, table: dict[KeyPath, Location], where: Callable[[int], Location]
) -> None:
    """Record where every key and item inside the (valid) JSON value at ``at`` starts, under ``path``."""
    decode = json.JSONDecoder().raw_decode
    pending = [(path, at)]
    while pending:  # a loop, not recursion: nesting depth is the file's choice
        path, at = pending.pop()
        opening = text[at]
        if opening not in "{[":
            continue
        at = _past_blanks(text, at + 1)
        index = 0
        while text[at] not in "}]":
            if opening == "{":
                key, after = decode(text, at)
                child = (*path, key)
                table[child] = where(at)
                at = _past_blanks(text, _past_blanks(text, after) + 1)  # past ":"
            else:
                child = (*path, index)
                table[child] = where(at)
                index += 1
            pending.append((child, at))
            _, at = decode(text, at)
            at = _past_blanks(text, at)
            if text[at] == ",":
                at = _past_blanks(text, at + 1)


def _entry_nesting() -> int:
    """How deep a JSON Lines entry row may nest: the entry sits under the header and its ``actions``."""
    return loglimits.MAX_NESTING - 2


def _parse_jsonl(text: str, path: str) -> _Parsed:
    rows = text.split("\n")
    if not rows[0].strip():
        raise LogFormatError(path, "line 1 must be the header object (every top-level key but 'actions')", 1)
    try:
        header = json.loads(rows[0])
    except json.JSONDecodeError as error:
        raise _json_error(path, error, 1) from None
    except RecursionError:
        raise loglimits.json_too_deep(path, rows[0], loglimits.MAX_NESTING) from None
    except ValueError:  # an integer past Python's digit limit
        raise LogFormatError(path, "a number with more digits than a log can hold", 1) from None
    table: dict[KeyPath, Location] = {(): (1, None)}
    if not isinstance(header, dict):
        if not loglimits.json_nests_within(rows[0], loglimits.MAX_NESTING):
            raise loglimits.json_too_deep(path, rows[0], loglimits.MAX_NESTING)
        return header, None, _TableLocator(table), []
    if "actions" in header:
        raise LogFormatError(
            path, "the header line has 'actions'; in JSON Lines every action is its own line after the header", 1
        )
    actions: list[object] = []
    lines: list[tuple[int, int | None]] = []
    entry_rows: list[tuple[str, int]] = []
    result_line: int | None = None
    result: object = None
    for number, row in enumerate(rows[1:], start=2):
        if not row or row.isspace():
            continue
        value = _row_value(row, path, number)
        if result_line is not None:
            raise LogFormatError(
                path, f"a line after the result line (line {result_line}): the result is the log's last line", number
            )
        if is_result_row(value):
            _check_result_row(value, header, path, number)
            result_line, result = number, value["result"]
            continue
        actions.append(value)
        lines.append((number, None))
        entry_rows.append((row, number))
    if not loglimits.json_nests_within(text, _entry_nesting()):  # one pass for all rows; then which row
        if not loglimits.json_nests_within(rows[0], loglimits.MAX_NESTING):
            raise loglimits.json_too_deep(path, rows[0], loglimits.MAX_NESTING)
        body = text[len(rows[0]) + 1 :]
        if not loglimits.json_nests_within(body, _entry_nesting()):
            raise loglimits.json_too_deep(path, body, _entry_nesting(), 1)
    for key in header:
        table[(key,)] = (1, None)
    top = dict(header)
    top["actions"] = actions
    if result_line is not None:
        top["result"] = result
        table[("result",)] = (result_line, None)
    first_row = rows[0]

    def entry_locations(index: int) -> dict[KeyPath, Location]:
        return _row_locations(*entry_rows[index])

    locator = _TableLocator(table, lambda: _jsonl_header_locations(first_row), lines, entry_locations)
    return top, actions, locator, lines


def _row_locations(row: str, number: int) -> dict[KeyPath, Location]:
    """Where every key and item inside the entry on JSON Lines row ``number`` is: that line, at its column."""
    return _json_value_locations(row, _past_blanks(row, 0), lambda offset: (number, offset + 1))


def _row_locator(row: str, number: int) -> Callable[[KeyPath], Location]:
    """Locates a path inside the entry on row ``number`` (``("actions", index, "pos")``); the row for the rest."""

    def locate(path: KeyPath) -> Location:
        inside = _row_locations(row, number) if len(path) > 2 else {}
        for end in range(len(path), 2, -1):
            found = inside.get(path[2:end])
            if found is not None:
                return found
        return number, None

    return locate


def is_result_row(value: object) -> TypeGuard[dict[str, object]]:
    """Whether a JSON Lines row is the result line: an object whose one key is ``result``.

    The header line holds every key but ``actions``; a log written while the game is played does not know its
    result then, so the result may instead be the log's last line, ``{"result": {"winner": ..., "reason": ...}}``.
    """
    return isinstance(value, dict) and len(value) == 1 and "result" in value


def _check_result_row(value: dict[str, object], header: dict[str, object], path: str, number: int) -> None:
    if "result" in header:
        raise LogFormatError(path, "a result line, but the header line (line 1) already claims a result", number)
    if not isinstance(value["result"], dict):
        raise LogFormatError(
            path, f"the result line's 'result' is {show_value(value['result'])}, expected {{winner, reason}}", number
        )


def parse_jsonl_entry(row: str, log: GameLog, number: int) -> LogEntry | None:
    """Line ``number`` of a JSON Lines log still being written, as the next entry of ``log`` (its header read),
    checked as a whole log's entries are: its JSON, its nesting and its basic form; a ``LogFormatError``, located
    at the line, when it is not an entry.  None for the result line (``is_result_row``): its result is then the
    log's, as if the header had claimed it, and no line may follow."""
    index = len(log.entries)
    value = _row_value(row, log.path, number)
    if is_result_row(value):
        _check_result_row(value, log.header, log.path, number)
        log.header["result"] = value["result"]
        log.header_lines["result"] = number
        return None
    if not loglimits.json_nests_within(row, _entry_nesting()):
        raise loglimits.json_too_deep(log.path, row, _entry_nesting(), number - 1)
    player_ids = [str(player["id"]) for player in log.players]
    checker = Checker(log.path, _row_locator(row, number))
    check_entry(value, index, player_ids, ", ".join(player_ids), checker, game=str(log.header.get("game")))
    assert isinstance(value, dict)  # checked by check_entry
    return LogEntry(index, number, None, value)


def _row_value(row: str, path: str, number: int) -> object:
    """The value of JSON Lines row ``number``.

    A row that is exactly one value, as written rows are, goes straight to the C
    scanner, in half the time ``json.loads`` takes for a short row; any other row
    (whitespace around the value, a syntax error) goes through ``json.loads``,
    which decides it and locates its error.
    """
    try:
        value, end = _decode_row(row)
        if end == len(row):
            return value
    except RecursionError:
        raise loglimits.json_too_deep(path, row, _entry_nesting(), number - 1) from None
    except ValueError:
        pass
    try:
        return json.loads(row)
    except json.JSONDecodeError as error:
        raise _json_error(path, error, number) from None
    except RecursionError:
        raise loglimits.json_too_deep(path, row, _entry_nesting(), number - 1) from None
    except ValueError:  # an integer past Python's digit limit
        raise LogFormatError(path, "a number with more digits than a log can hold", number) from None


def _jsonl_header_locations(row: str) -> dict[KeyPath, Location]:
    """Where every key and item of the header line is: line 1, at its column."""
    table: dict[KeyPath, Location] = {}
    start = _JSON_WS.match(row).end()  # type: ignore[union-attr]  # always matches
    for key, key_at, value_at, _, _ in _walk_json_object(row, start, set()):
        table[(key,)] = (1, key_at + 1)
        _locate_json_value(row, value_at, (key,), table, lambda offset: (1, offset + 1))
    return table
