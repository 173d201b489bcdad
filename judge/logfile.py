"""Loading ``judge-log/1`` game logs: YAML, JSON or JSON Lines into plain data, every entry located.

The replay reports each violation with the file line of the entry that caused it,
and a log that is not of the format must get a located error instead of a
traceback.  This module is the only place that reads log files: it decodes them
(UTF-8 only, size-limited, never written), parses them with the fast C parsers,
records the 1-based line (and column, where the encoding has one) of every
``actions`` entry and of every key and item of the header, and checks the *shape* the format
contract (``log-format.md``) requires: header keys, players, deck lists and the
basic form of every entry.  It knows no game's rules: what a verb
means, whether a card may be played, or whether ``setup`` is a legal position is
the replay's business.

Locations are obtained without parsing twice in Python: YAML is composed once
into its node tree (which carries the marks) and then constructed from that very
tree; JSON is decoded by ``json.loads`` and then walked with the C scanner
(``JSONDecoder.raw_decode``) to find where each element starts: the top-level
object and the actions list, and the header (small) down to its leaves.

Limits.  A log is data from anyone, so reading one is bounded; each refusal is a
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
import reprlib
import stat
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, cast

import yaml

from judge import collector

__all__ = [
    "ALIAS_EXPANSION_FLOOR",
    "ALIAS_EXPANSION_RATIO",
    "ENCODINGS_BY_SUFFIX",
    "FORMAT_ID",
    "GAMES",
    "MAX_LOG_BYTES",
    "MAX_NESTING",
    "GameLog",
    "LogEntry",
    "LogFormatError",
    "load_log",
    "load_log_bytes",
    "parse_log",
    "read_log_bytes",
]

FORMAT_ID = "judge-log/1"
GAMES = ("ws", "vg", "wl")
"""The games the format names; a game registered with the judge (``judge.games``) is accepted too."""
MAX_LOG_BYTES = 256 * 1024 * 1024
"""The largest log read, in bytes; a larger file is refused before it is read."""
MAX_NESTING = 64
"""How many mappings and lists a log may nest inside one another, the top-level mapping included.

A log needs about seven (``actions``, an entry, its ``expect``, a player, ``stage``, a
position); the bound keeps every parser and every walk of the data far from its stack's end."""
ALIAS_EXPANSION_RATIO = 10
"""A YAML document may expand, through its aliases, to this many times the values it writes..."""
ALIAS_EXPANSION_FLOOR = 10_000
"""...or to this many values, whichever is more."""
ENCODINGS_BY_SUFFIX = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "jsonl"}
UNKNOWN_CARD = "?"

_YamlLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_C_LOADER: type | None = getattr(yaml, "CSafeLoader", None)


def log_games() -> tuple[str, ...]:
    """The ``game:`` keys a log may have: those the format names, then any other game registered."""
    from judge import games  # the registry imports no game until one is used

    return tuple(dict.fromkeys([*GAMES, *games.available()]))


_YAML_STR_TAG = "tag:yaml.org,2002:str"
_JSON_WS = re.compile(r"[ \t\n\r]*")
_decode_row = json.JSONDecoder().raw_decode
"""The value at the start of a row and where it ends: the C scanner behind ``json.loads``, unwrapped."""
_BOM = "\ufeff"

Location = tuple[int | None, int | None]
KeyPath = tuple[object, ...]
HeaderWalk = Callable[[], dict[tuple[str, ...], Location]]


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
    header = _check_shape(top, actions, _Checker(path, locator))
    assert isinstance(actions, list)  # checked by _check_shape
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
    ) -> None:
        self.table = table
        self.walk = walk
        """Adds the header's deeper locations; run at the first error."""
        self.walked = False
        self.entries = entries
        """Where each ``actions`` entry starts: a list, not table keys, since a log has thousands."""

    def locate(self, path: KeyPath) -> Location:
        if len(path) > 1 and path[0] == "actions" and isinstance(path[1], int) and 0 <= path[1] < len(self.entries):
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
        if _may_need_event_check(text):
            _check_events(text, path)
        root, data = _compose_and_construct(text, path)
    except LogFormatError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        context = f" ({error.context})" if error.context else ""
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
        raise LogFormatError(path, f"YAML syntax error: {problem}{context}", line, column) from None
    except yaml.reader.ReaderError as error:
        found = text.find(chr(error.character))
        line, column = _offset_location(text, found if found >= 0 else max(0, min(error.position, len(text) - 1)))
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

    Constructing counts the nesting (see ``_construct``); a value the constructor cannot
    make (a date such as ``2026-13-45``, an integer of 5,000 digits) is a located error.
    """
    loader = _YamlLoader(text)  # the pure-Python reader already rejects bad characters here
    try:
        root = loader.get_single_node()
        if root is None:
            return None, None
        try:
            return root, _construct(loader, root, path)
        except LogFormatError:
            raise
        except ValueError as error:
            raise _unreadable_value(path, root, error) from None
    finally:
        loader.dispose()


# --------------------------------------------------------------------------- YAML limits

_TAG_START = re.compile(r"!(?<![\w!]!)")
"""A ``!`` that could begin a tag: one inside a word (``Go!``, ``ENERGIO!!``) cannot."""
_ANCHOR_START = re.compile(r"&(?<!\w&)(?=[\w-])")
"""An ``&`` that could begin an anchor: not inside a word (``Q&A``) and followed by a name."""
_LEAD_RUN = 64
_LONG_LEAD = re.compile(rf"\n[ \t?:-]{{{_LEAD_RUN}}}")
_LONG_LEAD_ANY_BREAK = re.compile(rf"(?:^|[\n\r\x85\u2028\u2029])[ \t?:-]{{{_LEAD_RUN}}}")
"""A line that starts with _LEAD_RUN characters of indentation and ``- ``, ``? ``, ``: `` indicators."""
_SAFE_FLOW_OPENINGS = 3000
"""How many ``[`` and ``{`` a document may hold to be composed by libyaml without the event pass first.

With no line led by _LEAD_RUN indentation or indicator characters, block collections nest at
most 2 * _LEAD_RUN deep (each second level of block nesting is indented further than the one
before), and flow collections no deeper than the text has ``[`` and ``{``: some 3,100 levels
at most, about a megabyte of C stack for libyaml's recursion, of the usual 8.  The pure-Python
composer recurses in Python frames, two a level, under the interpreter's limit of 1,000: 200."""
_SAFE_FLOW_OPENINGS_PURE = 200


def _may_need_event_check(text: str) -> bool:
    """Whether ``text`` might hold a tag, an anchor, or nesting too deep to compose; False when none can be there.

    A few scans of the text in C: a ``!`` or an ``&`` where a tag or an anchor could start,
    the count of ``[`` and ``{``, and a line led by a long run of indentation and indicators.
    """
    if "!" in text and _TAG_START.search(text) is not None:
        return True
    if "&" in text and _ANCHOR_START.search(text) is not None:
        return True
    safe = _SAFE_FLOW_OPENINGS if _YamlLoader is _C_LOADER else _SAFE_FLOW_OPENINGS_PURE
    if text.count("[") + text.count("{") > safe:
        return True
    breaks = "\x85" in text or "\u2028" in text or "\u2029" in text
    if breaks or ("\r" in text and text.count("\r") != text.count("\r\n")):
        return _LONG_LEAD_ANY_BREAK.search(text) is not None  # YAML breaks lines at these too
    return _LONG_LEAD.search(text) is not None or _LONG_LEAD_ANY_BREAK.match(text) is not None


def _check_events(text: str, path: str) -> None:
    """Refuse a tag, nesting past MAX_NESTING, an alias inside the node it names, or aliases expanding the document
    past its bound, each located; one pass over the parser's events, before any node tree is built.

    The values read so far, aliases expanded, may at no point exceed
    ``max(ALIAS_EXPANSION_RATIO * written, ALIAS_EXPANSION_FLOOR)``, ``written`` being the values written so far
    (an alias counts one): the first alias that takes the count past it is the one reported.
    Each anchor's expanded size and depth are kept, so an alias costs the same whatever it names.
    Only the first document is read; the composer refuses a second one.
    """
    loader = _YamlLoader(text)
    try:
        _walk_events(loader, text, path)
    finally:
        loader.dispose()


def _walk_events(loader: Any, text: str, path: str) -> None:
    """The pass of ``_check_events`` over ``loader``'s events, each value written counted once."""
    scalar, alias = yaml.ScalarEvent, yaml.AliasEvent
    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    sizes: dict[str, int] = {}
    """Each anchor's node, aliases expanded: how many values it holds, itself included..."""
    heights: dict[str, int] = {}
    """...and how many collections deep it goes (0 for a scalar)."""
    open_anchors: set[str] = set()
    frames: list[tuple[str | None, int]] = []
    """Each open collection: its anchor and the count of values read before it."""
    tallest: list[int] = []
    """Each open collection: the height of its tallest child collection so far."""
    written = 0
    expanded = 0
    while loader.check_event():
        event = loader.get_event()
        kind = type(event)
        if kind is scalar:
            if event.tag is not None:
                raise _tag_error(path, text)
            written += 1
            expanded += 1
            if event.anchor is not None:
                sizes[event.anchor] = 1
                heights[event.anchor] = 0
        elif kind in starts:
            if event.tag is not None:
                raise _tag_error(path, text)
            if len(frames) == MAX_NESTING:
                raise _too_deep(path, event.start_mark.line + 1, event.start_mark.column + 1)
            frames.append((event.anchor, expanded))
            tallest.append(0)
            if event.anchor is not None:
                open_anchors.add(event.anchor)
            written += 1
            expanded += 1
        elif kind in ends:
            anchor, before = frames.pop()
            height = tallest.pop() + 1
            if tallest and tallest[-1] < height:
                tallest[-1] = height
            if anchor is not None:
                sizes[anchor] = expanded - before
                heights[anchor] = height
                open_anchors.discard(anchor)
        elif kind is alias:
            name = event.anchor
            line, column = event.start_mark.line + 1, event.start_mark.column + 1
            if name in open_anchors:
                raise LogFormatError(
                    path,
                    f"the alias *{name} is inside the node &{name} it names: its data would never end",
                    line,
                    column,
                )
            height = heights.get(name, 0)
            if len(frames) + height > MAX_NESTING:
                raise _too_deep(path, line, column, f" (through the alias *{name})")
            if tallest and tallest[-1] < height:
                tallest[-1] = height
            written += 1
            expanded += sizes.get(name, 1)
            limit = max(ALIAS_EXPANSION_RATIO * written, ALIAS_EXPANSION_FLOOR)
            if expanded > limit:
                raise LogFormatError(
                    path,
                    f"YAML aliases expand the log past its limit: with the alias *{name} the {written:,} values "
                    f"written so far read as {expanded:,}, more than {limit:,} (the limit is "
                    f"{ALIAS_EXPANSION_RATIO} times the values written, or {ALIAS_EXPANSION_FLOOR:,})",
                    line,
                    column,
                )
        elif kind is yaml.DocumentEndEvent:
            return


def _too_deep(path: str, line: int | None, column: int | None, through: str = "") -> LogFormatError:
    return LogFormatError(
        path,
        f"nested too deeply: more than {MAX_NESTING} mappings and lists inside one another{through}; "
        f"the limit is {MAX_NESTING}",
        line,
        column,
    )


def _tag_error(path: str, text: str) -> LogFormatError:
    """The error for the first tag of ``text``, located at the tag itself (a node's mark is at its anchor, if any)."""
    loader = _YamlLoader(text)
    try:
        while loader.check_token():
            token = loader.get_token()
            if isinstance(token, yaml.TagToken):
                handle, suffix = token.value
                written = f"{handle}{suffix}" if handle else ("!" if suffix == "!" else f"!<{suffix}>")
                mark = token.start_mark
                return LogFormatError(
                    path,
                    f"YAML tag {written} is not allowed: a log is plain data (mappings, lists, strings, numbers, "
                    "booleans and null), with no tags",
                    mark.line + 1,
                    mark.column + 1,
                )
    finally:
        loader.dispose()
    return LogFormatError(path, "YAML tags are not allowed: a log is plain data", 1)


def _construct(loader: Any, root: yaml.Node, path: str) -> object:
    """The data of ``root``, constructed as ``construct_document`` does, refusing nesting past MAX_NESTING.

    PyYAML's constructor makes each collection empty and fills it in a later round
    (``state_generators``): round k fills the collections k levels down.  Counting rounds
    measures the nesting for nothing; the node past the limit is looked for only then.
    """
    data = loader.construct_object(root)
    level = 0
    while loader.state_generators:
        level += 1
        if level > MAX_NESTING:
            line, column = _deepest(root)
            raise _too_deep(path, line, column)
        pending = loader.state_generators
        loader.state_generators = []
        for generator in pending:
            for _ in generator:
                pass
    loader.constructed_objects = {}
    loader.recursive_objects = {}
    loader.deep_construct = False
    return data


def _deepest(root: yaml.Node) -> Location:
    """Where the first collection past MAX_NESTING levels starts, in document order."""
    pending: list[tuple[yaml.Node, int]] = [(root, 1)]
    while pending:  # a loop, not recursion, and never past the limit
        node, level = pending.pop()
        if not isinstance(node, (yaml.SequenceNode, yaml.MappingNode)):
            continue
        if level > MAX_NESTING:
            return node.start_mark.line + 1, node.start_mark.column + 1
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children.extend(node.value)
        else:
            for key, value in node.value:
                children.append(key)
                children.append(value)
        for child in children[::-1]:  # popped first to last: document order
            pending.append((child, level + 1))
    return 1, 1


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
                    message = f"{_show(node.value)} cannot be read as {_VALUE_KINDS[node.tag]}: {failed}"
                return LogFormatError(path, message, mark.line + 1, mark.column + 1)
    return LogFormatError(path, f"a value cannot be read: {error}", 1)


def _too_many_digits(path: str, text: str) -> LogFormatError:
    """The error for a number past Python's limit on digits, located at the first such run of digits."""
    match = re.search(r"\d{4000,}", text)
    line, column = _offset_location(text, match.start()) if match else (None, None)
    return LogFormatError(path, "a number with more digits than a log can hold", line, column)


def _offset_location(text: str, offset: int) -> Location:
    if offset < 0:
        return None, None
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, line_start) + 1, offset - line_start + 1


def _json_error(path: str, error: json.JSONDecodeError, line: int | None = None) -> LogFormatError:
    return LogFormatError(path, f"JSON syntax error: {error.msg}", line or error.lineno, error.colno)


_JSON_NOT_STRUCTURE = bytes(byte for byte in range(256) if byte not in b'"[]{}')
_AS_PARENTHESES = bytes.maketrans(b"[]{}", b"()()")
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _json_nests_within(text: str, limit: int) -> bool:
    """Whether the valid JSON value(s) of ``text`` nest at most ``limit`` arrays and objects deep.

    Done on the skeleton, in C: escaped backslashes and quotes dropped, then everything but
    quotes and brackets; strings dropped (only when one holds a bracket: otherwise each is
    an empty pair of quotes); then innermost pairs of brackets removed, one level a pass.
    """
    raw = text.encode("utf-8", "surrogatepass")
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    skeleton = raw.translate(None, _JSON_NOT_STRUCTURE)
    brackets = skeleton.translate(_AS_PARENTHESES, b'"')
    if skeleton.count(b'""') * 2 != len(skeleton) - len(brackets):  # not every string is an empty pair
        brackets = b"".join(skeleton.split(b'"')[::2]).translate(_AS_PARENTHESES)
    for _ in range(limit):
        if not brackets:
            return True
        brackets = brackets.replace(b"()", b"")
    return not brackets


def _json_too_deep(path: str, text: str, limit: int, lines_before: int = 0) -> LogFormatError:
    """The error for JSON nested past ``limit``, at the bracket that goes past it; ``text`` starts after
    ``lines_before`` lines of the file.  Read token by token in Python: only when the limit is crossed."""
    depth = 0
    for match in _JSON_TOKEN.finditer(text):
        opening = match.group()[0]
        if opening in "[{":
            depth += 1
            if depth > limit:
                line, column = _offset_location(text, match.start())
                return _too_deep(path, (line or 1) + lines_before, column)
        elif opening in "]}":
            depth -= 1
    return _too_deep(path, 1 + lines_before, None)


def _parse_json(text: str, path: str) -> _Parsed:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise _json_error(path, error) from None
    except RecursionError:
        raise _json_too_deep(path, text, MAX_NESTING) from None
    except ValueError:  # an integer past Python's digit limit
        raise _too_many_digits(path, text) from None
    if not _json_nests_within(text, MAX_NESTING):
        raise _json_too_deep(path, text, MAX_NESTING)
    newlines = [match.start() for match in re.finditer("\n", text)]

    def where(offset: int) -> tuple[int, int]:
        line = bisect_right(newlines, offset - 1)  # newlines before the offset
        start = newlines[line - 1] + 1 if line else 0
        return line + 1, offset - start + 1

    start = _JSON_WS.match(text).end()  # type: ignore[union-attr]  # always matches
    table: dict[KeyPath, Location] = {(): where(start)}
    actions: object = None
    lines: list[tuple[int, int | None]] = []
    header: list[tuple[str, str, Location]] = []
    """Each header value's text and where it starts: all a later walk needs, not the whole file."""
    if isinstance(data, dict):
        for key, key_at, value_at, value_end, items in _walk_json_object(text, start, {"actions"}):
            table[(key,)] = where(key_at)
            if items is not None:
                lines = [where(offset) for offset in items]
            else:
                header.append((key, text[value_at:value_end], where(value_at)))
        actions = data.get("actions")
    if not isinstance(actions, list):
        lines = []
    return data, actions, _TableLocator(table, lambda: _json_header_locations(header), lines), lines


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
    return MAX_NESTING - 2


def _parse_jsonl(text: str, path: str) -> _Parsed:
    rows = text.split("\n")
    if not rows[0].strip():
        raise LogFormatError(path, "line 1 must be the header object (every top-level key but 'actions')", 1)
    try:
        header = json.loads(rows[0])
    except json.JSONDecodeError as error:
        raise _json_error(path, error, 1) from None
    except RecursionError:
        raise _json_too_deep(path, rows[0], MAX_NESTING) from None
    except ValueError:  # an integer past Python's digit limit
        raise LogFormatError(path, "a number with more digits than a log can hold", 1) from None
    table: dict[KeyPath, Location] = {(): (1, None)}
    if not isinstance(header, dict):
        if not _json_nests_within(rows[0], MAX_NESTING):
            raise _json_too_deep(path, rows[0], MAX_NESTING)
        return header, None, _TableLocator(table), []
    if "actions" in header:
        raise LogFormatError(
            path, "the header line has 'actions'; in JSON Lines every action is its own line after the header", 1
        )
    actions: list[object] = []
    lines: list[tuple[int, int | None]] = []
    for number, row in enumerate(rows[1:], start=2):
        if not row or row.isspace():
            continue
        actions.append(_row_value(row, path, number))
        lines.append((number, None))
    if not _json_nests_within(text, _entry_nesting()):  # one pass for all rows; then which row
        if not _json_nests_within(rows[0], MAX_NESTING):
            raise _json_too_deep(path, rows[0], MAX_NESTING)
        body = text[len(rows[0]) + 1 :]
        if not _json_nests_within(body, _entry_nesting()):
            raise _json_too_deep(path, body, _entry_nesting(), 1)
    for key in header:
        table[(key,)] = (1, None)
    top = dict(header)
    top["actions"] = actions
    first_row = rows[0]
    return top, actions, _TableLocator(table, lambda: _jsonl_header_locations(first_row), lines), lines


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
        raise _json_too_deep(path, row, _entry_nesting(), number - 1) from None
    except ValueError:
        pass
    try:
        return json.loads(row)
    except json.JSONDecodeError as error:
        raise _json_error(path, error, number) from None
    except RecursionError:
        raise _json_too_deep(path, row, _entry_nesting(), number - 1) from None
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


# --------------------------------------------------------------------------- shape


class _Checker:
    """Raises located shape errors."""

    def __init__(self, path: str, locator: _Locator) -> None:
        self.path = path
        self.locator = locator

    def fail(self, where: KeyPath, message: str) -> LogFormatError:
        line, column = self.locator.locate(where)
        return LogFormatError(self.path, message, line, column)


_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxlist = _SHORT_REPR.maxdict = _SHORT_REPR.maxtuple = _SHORT_REPR.maxset = 6
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 50


def _show(value: object, limit: int = 60) -> str:
    """``value!r``, shortened for long values (built short: a value can be huge, as YAML aliases make it)."""
    text = _SHORT_REPR.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _kind(value: object) -> str:
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
        return f"{_kind(value)} {_show(value)}"
    return f"{_show(value)} ({_kind(value)})"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_shape(top: object, actions: object, check: _Checker) -> dict[str, object]:
    """Check the judge-log/1 structure; return the header (every top-level key but ``actions``)."""
    if not isinstance(top, dict):
        raise check.fail((), f"the top level is {_described(top)}, expected a mapping of header keys and 'actions'")
    for key in top:
        if not isinstance(key, str):
            raise check.fail((key,), f"top-level key {_show(key)} is {_kind(key)}, expected a string")

    fmt = top.get("format")
    if "format" not in top:
        raise check.fail((), f"'format' is missing; expected 'format: {FORMAT_ID}'")
    if fmt != FORMAT_ID:
        raise check.fail(("format",), f"'format' is {_show(fmt)}, expected {FORMAT_ID!r}")

    known_games = log_games()
    games = ", ".join(known_games)
    if "game" not in top:
        raise check.fail((), f"'game' is missing; expected one of {games}")
    game = top["game"]
    if not isinstance(game, str) or game not in known_games:
        raise check.fail(("game",), f"'game' is {_show(game)}, expected one of {games}")

    cards = _check_cards(top, check)
    player_ids = _check_players(top, cards, check)
    known = ", ".join(player_ids)

    if "first" in top and top["first"] not in player_ids:
        raise check.fail(("first",), f"'first' is {_show(top['first'])}, not a player of this log ({known})")

    if "actions" not in top:
        raise check.fail((), "'actions' is missing; expected a list of entries (an empty list is fine)")
    if not isinstance(actions, list):
        raise check.fail(("actions",), f"'actions' is {_described(actions)}, expected a list of entries")
    _check_entries(actions, player_ids, known, check)
    return {key: value for key, value in top.items() if key != "actions"}


def _check_cards(top: dict[str, object], check: _Checker) -> dict[object, object]:
    if "cards" not in top:
        raise check.fail((), "'cards' is missing; expected a mapping of card id to the card's characteristics")
    cards = top["cards"]
    if not isinstance(cards, dict):
        raise check.fail(("cards",), f"'cards' is {_described(cards)}, expected a mapping of card id to card")
    for card_id, card in cards.items():
        if not isinstance(card_id, str):
            raise check.fail(
                ("cards", card_id), f"card id {_show(card_id)} in 'cards' is {_kind(card_id)}, expected a string"
            )
        if card_id == UNKNOWN_CARD:
            raise check.fail(("cards", card_id), f"card id {UNKNOWN_CARD!r} in 'cards' is reserved for unknown cards")
        if not isinstance(card, dict):
            raise check.fail(
                ("cards", card_id),
                f"card {card_id!r} in 'cards' is {_described(card)}, expected a mapping of its characteristics",
            )
    return cards


def _check_players(top: dict[str, object], cards: dict[object, object], check: _Checker) -> list[str]:
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
    player: dict[object, object], index: int, player_id: str, cards: dict[object, object], check: _Checker
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
                f"{who}: deck card id {_show(card_id)} is {_kind(card_id)}, expected a string",
            )
        if card_id not in cards:
            raise check.fail(where, f"{who}: deck card {card_id!r} is not in 'cards'")
        if not _is_int(copies) or copies < 1:
            raise check.fail(
                (*where, "deck", card_id),
                f"{who}: deck count of {card_id!r} is {_described(copies)}, expected a positive integer",
            )


def _check_entries(actions: list[object], player_ids: list[str], known: str, check: _Checker) -> None:
    for index, entry in enumerate(actions):
        if not isinstance(entry, dict):
            raise check.fail(("actions", index), f"entry {index} is {_described(entry)}, expected a mapping with 'do'")
        verb = entry.get("do")
        if not isinstance(verb, str) or not verb:
            if "do" not in entry:
                raise check.fail(("actions", index), f"entry {index} has no 'do'")
            raise check.fail(("actions", index, "do"), f"entry {index}: 'do' is {_described(verb)}, expected a verb")
        if len(entry) > 1:
            _check_entry_keys(entry, index, player_ids, known, check)


def _check_entry_keys(
    entry: dict[object, object], index: int, player_ids: list[str], known: str, check: _Checker
) -> None:
    for key in entry:
        if not isinstance(key, str):
            raise check.fail(
                ("actions", index, key), f"entry {index}: key {_show(key)} is {_kind(key)}, expected a string"
            )
    if "p" in entry and entry["p"] not in player_ids:
        raise check.fail(
            ("actions", index, "p"), f"entry {index}: 'p' is {_show(entry['p'])}, not a player of this log ({known})"
        )
    if "turn" in entry and not _is_int(entry["turn"]):
        raise check.fail(
            ("actions", index, "turn"), f"entry {index}: 'turn' is {_described(entry['turn'])}, expected an integer"
        )
    if "rule" in entry and not isinstance(entry["rule"], str):
        raise check.fail(
            ("actions", index, "rule"),
            f"entry {index}: 'rule' is {_described(entry['rule'])}, expected a clause id string such as 'ws:6.5.1.2'",
        )
    if "expect" in entry and not isinstance(entry["expect"], dict):
        raise check.fail(
            ("actions", index, "expect"),
            f"entry {index}: 'expect' is {_described(entry['expect'])}, expected a mapping",
        )
