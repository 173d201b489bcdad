"""Loading ``judge-log/1`` game logs: YAML, JSON or JSON Lines into plain data, every entry located.

The replay reports each violation with the file line of the entry that caused it,
and a log that is not of the format must get a located error instead of a
traceback.  This module is the only place that reads log files: it decodes them
(UTF-8 only, size-limited, never written), parses them with the fast C parsers,
records the 1-based line (and column, where the encoding has one) of every
``actions`` entry and of every top-level key, and has the *shape* the format
contract (``judge/site/log-format.rst``) requires checked (:mod:`judge.logformat`: header keys, players,
deck lists and the basic form of every entry).  It knows no game's rules: what a verb
means, whether a card may be played, or whether ``setup`` is a legal position is
the replay's business.

Reading is bounded in memory as well as in what a file may hold: a log is read in a few times
its size (``judge/site/limits.rst`` gives the figures).  YAML is read in one pass over
libyaml's events (:func:`judge.loglimits.build_yaml`), straight from the file's bytes: the
data is made as the events come, with no node tree, and only where each top-level key and each
entry starts is kept.  An error that must point deeper (a key inside an entry, a card of the
header) parses that part of the text again (:mod:`judge.loglocations`).  JSON is decoded by
``json.loads`` and then walked with the C scanner (``JSONDecoder.raw_decode``) to find where
each element starts: the top-level object and the actions list, and the header (small) down to
its leaves when an error needs it.  JSON Lines is read a line at a time.

Limits (checked by :mod:`judge.loglimits`).  A log is data from anyone, so reading one is bounded; each refusal is a
``LogFormatError`` that names the limit and its value, located where the file
crosses it:

* size: at most ``MAX_LOG_BYTES`` (64 MiB), checked before reading: the most a file can cost to
  read is some forty times its size (a file of nothing but empty entries), so a file at the limit
  stays within a few gigabytes;
* nesting: at most ``MAX_NESTING`` (64) mappings and lists inside one another, the
  top-level mapping counted, in every encoding (a JSON Lines entry sits two levels
  down, under the header and its ``actions``).  Deeper data would overflow every
  recursive walk that follows;
* YAML aliases: at no point of the document may the values read so far, aliases
  expanded, exceed ``max(ALIAS_EXPANSION_RATIO * written, ALIAS_EXPANSION_FLOOR)``
  (``written``: the values written so far, an alias counting one), and an alias
  may not sit inside the node it names (a cycle).  PyYAML shares an aliased node
  instead of copying it, but the checks and the replay walk the expanded data, so
  nine levels of nine aliases ("billion laughs") would take hours;
* YAML tags: none (``!!python/object``, ``!!binary``, ``!!set``, ``!foo``, even
  ``!!str``): the format is plain data.

A mapping may not repeat a key, in any encoding: the parsers would keep the last value and drop
the other without a word, so the second key is a located error that names the line of the first.
The YAML checks are made in the pass that builds the data, at the cost of a few comparisons an
event.  JSON is checked on its skeleton (nesting: the brackets outside strings, reduced a level at
a time with ``bytes.replace`` in C) and by counting (repeated keys: the keys ``json.loads`` kept
against the ``":`` of the text; only when they differ is the text searched for the repeated key).
"""

from __future__ import annotations

import codecs
import itertools
import json
import os
import re
import stat
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeGuard, cast

import yaml

from judge import collector, loglimits
from judge.loglocations import Found, Table, Walk, find, walk_yaml
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
from judge.loglimits import ALIAS_EXPANSION_FLOOR, ALIAS_EXPANSION_RATIO, MAX_NESTING, YamlDocument
from judge.progress import Progress
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

MAX_LOG_BYTES = 64 * 1024 * 1024
"""The largest log read, in bytes (64 MiB); a larger file is refused before it is read."""
ENCODINGS_BY_SUFFIX = {".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "jsonl"}


_JSON_WS = re.compile(r"[ \t\n\r]*")
_SPACED_KEY = re.compile(r'"[ \t\n\r]+:')
"""A key with blanks before its colon: the count of ``":`` would miss it (see ``_keys_repeat``)."""
_YAML_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")
"""What ends a line in YAML."""
_BOM = "\ufeff"
_BOM_BYTES = _BOM.encode("utf-8")
_CHUNK = 1 << 20
"""Bytes checked or counted at a time when a whole text need not be decoded at once."""
_ROW_TICK = 0x1FFF
"""Progress is reported every 8,192 entries."""
_SHARED_FROM = 16 << 20
"""From this many characters on, a JSON log's keys and short texts are shared as it is decoded."""
_SHORT_TEXT = 64

HeaderWalk = Callable[[], dict[tuple[str, ...], Location]]
Reporter = Callable[[int], None]
"""Told how far reading has got (an offset in the text) every few thousand entries."""


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


def load_log(path: str | os.PathLike[str], progress: Progress | None = None) -> GameLog:
    """Read and check the log at ``path``; the encoding follows the suffix (.yaml/.yml, .json, .jsonl).
    ``progress``, when given, is told how far the reading has got."""
    name = os.fspath(path)
    encoding = _encoding_of(name)  # before reading: a file of another kind is not read at all
    raw = _read_bytes(name)
    if encoding == "yaml":
        return _parse_yaml_bytes(raw, name, progress)
    text = _decode(raw, name)
    del raw  # the text is all that is read from here on
    return _parse_text(text, name, encoding, progress)


def read_log_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the log file at ``path``, size-limited, for a check that runs elsewhere
    (:func:`load_log_bytes` there); a file that cannot be read is a located ``LogFormatError``."""
    return _read_bytes(os.fspath(path))


def load_log_bytes(name: str, raw: bytes, progress: Progress | None = None) -> GameLog:
    """Check a log already read as bytes (by :func:`read_log_bytes`, maybe on another machine), named ``name``;
    the encoding follows the name's suffix, as for :func:`load_log`."""
    encoding = _encoding_of(name)
    if len(raw) > MAX_LOG_BYTES:
        raise LogFormatError(name, _too_large(len(raw), MAX_LOG_BYTES))
    if encoding == "yaml":
        return _parse_yaml_bytes(raw, name, progress)
    return _parse_text(_decode(raw, name), name, encoding, progress)


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
    return (
        f"the log is {size:,} bytes or more, larger than the limit of {limit:,} bytes "
        f"({limit / (1 << 20):g} MiB, MAX_LOG_BYTES); refusing to read it"
    )


def _decode(raw: bytes, name: str) -> str:
    """UTF-8 text; the first undecodable byte becomes a located error."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _not_utf8(raw, name, error) from None


def _not_utf8(raw: bytes, name: str, error: UnicodeDecodeError) -> LogFormatError:
    line_start = raw.rfind(b"\n", 0, error.start) + 1
    line = raw.count(b"\n", 0, line_start) + 1
    column = len(raw[line_start : error.start].decode("utf-8")) + 1
    bad = raw[error.start : error.end].hex(" ")
    return LogFormatError(name, f"not UTF-8: byte(s) {bad} cannot be decoded ({error.reason})", line, column)


def _check_utf8(raw: bytes, name: str) -> None:
    """Refuse bytes that are not UTF-8, as :func:`_decode` does, without holding the whole text decoded at once."""
    if raw.isascii():
        return
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(raw)
    try:
        for start in range(0, len(raw), _CHUNK):
            decoder.decode(view[start : start + _CHUNK], final=start + _CHUNK >= len(raw))
    except UnicodeDecodeError:
        _decode(raw, name)  # locates the first bad byte
        raise


def parse_log(text: str, path: str, encoding: str) -> GameLog:
    """Parse and check log ``text`` already read from ``path``; ``encoding`` is "yaml", "json" or "jsonl"."""
    return _parse_text(text, path, encoding, None)


def _parse_text(text: str, path: str, encoding: str, progress: Progress | None) -> GameLog:
    if text.startswith(_BOM):
        text = text[1:]
    with collector.paused():  # parsing makes no garbage for the collector to look for
        return _parse_log(text, path, encoding, _reporter(progress, len(text)))


def _parse_yaml_bytes(raw: bytes, path: str, progress: Progress | None) -> GameLog:
    """A YAML log read from its bytes: libyaml reads UTF-8 itself, so no decoded copy of the text is made."""
    _check_utf8(raw, path)
    if raw.startswith(_BOM_BYTES):
        raw = raw[len(_BOM_BYTES) :]
    with collector.paused():
        return _parse_log(raw, path, "yaml", _reporter(progress, len(raw)))


def _reporter(progress: Progress | None, total: int) -> Reporter | None:
    if progress is None:
        return None
    shown = progress
    return lambda offset: shown.update("reading", offset, total, "bytes")


def _parse_log(source: str | bytes, path: str, encoding: str, report: Reporter | None) -> GameLog:
    try:
        if encoding == "yaml":
            parsed = _parse_yaml(source, path, report)
        elif encoding == "json":
            parsed = _parse_json(_as_text(source), path, report)
        elif encoding == "jsonl":
            parsed = _parse_jsonl(_as_text(source), path, report)
        else:
            raise LogFormatError(path, f"unknown log encoding {encoding!r}; expected one of 'yaml', 'json', 'jsonl'")
    except RecursionError:
        raise LogFormatError(path, "the log is nested too deeply to be read") from None
    top, actions, locator, lines, columns = parsed
    if isinstance(top, dict):
        from judge.cards.catalog import add_catalog_cards  # the catalogs read logs' files as logs are read

        add_catalog_cards(top)
    header = check_shape(top, actions, Checker(path, locator.locate))
    assert isinstance(actions, list)  # checked by check_shape
    if columns is None:
        entries = [LogEntry(index, line, None, data) for index, (data, line) in enumerate(zip(actions, lines))]
    else:
        entries = [
            LogEntry(index, line, column, data)
            for index, (data, line, column) in enumerate(zip(actions, lines, columns))
        ]
    return GameLog(
        path=path,
        encoding=encoding,
        header=header,
        entries=entries,
        header_lines=locator.header_lines(),
        walk_header=locator.header_walk(),
    )


def _as_text(source: str | bytes) -> str:
    return source if isinstance(source, str) else source.decode("utf-8")


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

        It holds only what it needs (the text of the header's values), not the actions.
        """
        ...


def _deepest(path: KeyPath, known: int, found: Found | None, otherwise: Location) -> Location:
    """Where the deepest known part of ``path`` is, as PyYAML's node tree was walked: a whole path's last key (a
    list's item: the item), or the node of the deepest part found; ``otherwise`` when nothing was."""
    if found is None:
        return otherwise
    key_at, node_at = found
    return key_at if known == len(path) and key_at is not None else node_at


class _YamlLocator:
    """Locations in a YAML log: of the top level, its keys and the entries, as read; anything deeper found in the
    text when asked (:mod:`judge.loglocations`)."""

    def __init__(self, document: YamlDocument, source: str | bytes) -> None:
        self.document = document
        self.source = source
        self._text: str | None = None
        self.pairs = {pair[1]: pair for pair in document.top if pair[1] is not None}
        """Each top-level key by its text (a key is matched by its text, as in the node tree)."""
        self._entries: dict[int, Table] = {}
        self._header: Table | None = None
        self._actions: Table | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = _as_text(self.source)
        return self._text

    def locate(self, path: KeyPath) -> Location:
        document = self.document
        if not path:
            return document.root
        pair = self.pairs.get(str(path[0]))
        if pair is None:
            return document.root
        value_at: Location = (pair[6], pair[7])
        if len(path) == 1:
            return pair[2], pair[3]
        if pair[0] == "actions" and document.entries_end < 0:  # not read as a list: an alias, or no list at all
            known, found = find(self._actions_table(), path, 1)
            return _deepest(path, known, found, value_at)
        if pair[0] == "actions":
            index = path[1]
            if not isinstance(index, int) or not 0 <= index < len(document.entry_starts):
                return value_at
            entry_at: Location = (document.entry_lines[index], document.entry_columns[index])
            if len(path) == 2:
                return entry_at
            known, found = find(self._entry_table(index), path, 2)
            return _deepest(path, known, found, entry_at)
        if self._header is None:
            pieces = [(self.text()[_line_start(pair) : pair[5]], pair) for pair in _header_pairs(self.document)]
            in_pieces = _yaml_header_table(pieces) if _header_in_pieces(document) else None
            self._header = in_pieces if in_pieces is not None else _yaml_whole_header_table(self.text())
        known, found = find(self._header, path, 1)
        return _deepest(path, known, found, value_at)

    def entry_locations(self, count: int) -> tuple[Sequence[int], Sequence[int]]:
        """Where each of the first ``count`` entries starts: as read, or from the text for ``actions`` written as an
        alias (its entries are where its anchor is)."""
        document = self.document
        if len(document.entry_lines) == count:
            return document.entry_lines, document.entry_columns
        lines, columns = array("l"), array("l")
        for index in range(count):
            line, column = self.locate(("actions", index))
            lines.append(line or 1)
            columns.append(column or 1)
        return lines, columns

    def _actions_table(self) -> Table:
        """Where everything under ``actions`` is, for ``actions`` not read as a list: from the whole text."""
        if self._actions is None:
            walk = Walk(lambda path: len(path) > 1 and path[0] == "actions")
            walk_yaml(walk, self.text())
            self._actions = walk.table
        return self._actions

    def _entry_table(self, index: int) -> Table:
        """Where everything inside entry ``index`` is: from the entry's own text, or if that fails, the whole text."""
        table = self._entries.get(index)
        if table is not None:
            return table
        document = self.document
        start = document.entry_starts[index]
        end = document.entry_starts[index + 1] if index + 1 < len(document.entry_starts) else document.entries_end
        if end <= start:  # the next entry is an alias, which starts where its anchor is
            end = document.entries_end
        line, column = document.entry_lines[index], document.entry_columns[index]
        prefix = ("actions", index)
        walk = Walk(lambda path: True)
        alone = walk_yaml(walk, self.text(), line, column, prefix, start, end).at if start < end else None
        if not walk.complete or alone != (line, column):
            walk = Walk(lambda path: path[:2] == prefix)
            walk_yaml(walk, self.text())
        self._entries[index] = walk.table
        return walk.table

    def header_lines(self) -> dict[str, int]:
        return {pair[0]: pair[2] for pair in self.document.top if isinstance(pair[0], str)}

    def header_walk(self) -> HeaderWalk:
        document = self.document
        pairs = _header_pairs(document)
        top: dict[tuple[str, ...], Location] = {
            (pair[1],): (pair[2], pair[3]) for pair in document.top if pair[1] is not None
        }
        if _header_in_pieces(document):
            pieces = list(zip(_yaml_pieces(self.source, [(_line_start(pair), pair[5]) for pair in pairs]), pairs))

            def header_locations() -> dict[tuple[str, ...], Location]:
                return _as_text_paths(top, _yaml_header_table(pieces) or {})

            return header_locations
        source = self.source  # a flow-style top level, or aliases: the whole text is walked

        def whole_header_locations() -> dict[tuple[str, ...], Location]:
            return _as_text_paths(top, _yaml_whole_header_table(_as_text(source)))

        return whole_header_locations


def _header_pairs(document: YamlDocument) -> list[loglimits.TopPair]:
    """The top-level keys of the header (all but ``actions``) that a path can name: those written as scalars."""
    return [pair for pair in document.top if pair[0] != "actions" and pair[1] is not None]


def _line_start(pair: loglimits.TopPair) -> int:
    """Where the line of a top-level key starts (its indentation, or the ``?`` of an explicit key, before it)."""
    return pair[4] - (pair[3] - 1)


def _header_in_pieces(document: YamlDocument) -> bool:
    """Whether each header key's text can be read alone: each starts a line of a block mapping, and none holds an
    alias (whose anchor could be elsewhere)."""
    return document.block_root and not document.aliases_outside_actions


def _yaml_header_table(pieces: Iterable[tuple[str, loglimits.TopPair]]) -> Table | None:
    """Where everything in the header is, from each key's lines read alone (from the start of the key's line to the
    end of its value: a mapping of one key); None if a piece does not read as it did in the whole text."""
    walk = Walk(lambda path: True)
    for piece, pair in pieces:
        met = walk_yaml(walk, piece, pair[2])
        if not (
            walk.complete
            and met.keys == 1
            and met.first_key == pair[1]
            and met.first_key_at == (pair[2], pair[3])
            and met.first_value_at == (pair[6], pair[7])
        ):
            return None
    return walk.table


def _yaml_whole_header_table(text: str) -> Table:
    walk = Walk(lambda path: len(path) > 1 and path[0] != "actions")
    walk_yaml(walk, text)
    return walk.table


def _as_text_paths(top: dict[tuple[str, ...], Location], table: Table) -> dict[tuple[str, ...], Location]:
    """The header's locations as ``GameLog.header_locations`` gives them: every step as text, a key where it is
    written, a list's item where it starts."""
    found = dict(top)
    for path, (key_at, node_at) in table.items():
        found.setdefault(tuple(str(step) for step in path), key_at if key_at is not None else node_at)
    return found


def _yaml_pieces(source: str | bytes, spans: list[tuple[int, int]]) -> list[str]:
    """The text of each span of ``source`` (offsets in characters), without decoding all of a file's bytes at once."""
    if isinstance(source, str):
        return [source[start:end] for start, end in spans]
    if source.isascii():
        return [source[start:end].decode("ascii") for start, end in spans]
    at = _byte_offsets(source, sorted({offset for span in spans for offset in span}))
    return [source[at[start] : at[end]].decode("utf-8") for start, end in spans]


def _byte_offsets(raw: bytes, offsets: list[int]) -> dict[int, int]:
    """Where each character offset (in increasing order) falls in the UTF-8 ``raw``, counted a chunk at a time."""
    found: dict[int, int] = {}
    pending = iter(offsets)
    wanted = next(pending, None)
    characters = 0
    start = 0
    while wanted is not None and start <= len(raw):
        end = min(start + _CHUNK, len(raw))
        while end < len(raw) and raw[end] & 0xC0 == 0x80:  # not inside a character
            end += 1
        chunk = raw[start:end].decode("utf-8")
        while wanted is not None and wanted <= characters + len(chunk):
            found[wanted] = start + len(chunk[: wanted - characters].encode("utf-8"))
            wanted = next(pending, None)
        if end == len(raw):
            break
        characters += len(chunk)
        start = end
    for offset in [wanted, *pending]:
        if offset is not None:
            found[offset] = len(raw)
    return found


class _TableLocator:
    """Locations known for a few paths (top-level keys, the entries); deeper paths use their nearest known prefix."""

    def __init__(
        self,
        table: dict[KeyPath, Location],
        walk: Callable[[], dict[KeyPath, Location]] = dict,
        lines: Sequence[int] = (),
        columns: Sequence[int] | None = None,
        entry_walk: Callable[[int], dict[KeyPath, Location]] | None = None,
    ) -> None:
        self.table = table
        self.walk = walk
        """Adds the header's deeper locations; run at the first error."""
        self.walked = False
        self.lines = lines
        self.columns = columns
        """Where each ``actions`` entry starts: arrays, not table keys, since a log has thousands."""
        self.entry_walk = entry_walk
        """Where each key and item inside entry ``index`` is (paths inside the entry); run for an error inside it."""

    def locate(self, path: KeyPath) -> Location:
        if len(path) > 1 and path[0] == "actions" and isinstance(path[1], int) and 0 <= path[1] < len(self.lines):
            if len(path) > 2 and self.entry_walk is not None:
                inside = self.entry_walk(path[1])
                for end in range(len(path), 2, -1):
                    found = inside.get(path[2:end])
                    if found is not None:
                        return found
            return self.lines[path[1]], None if self.columns is None else self.columns[path[1]]
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

_Parsed = tuple[object, object, _Locator, Sequence[int], "Sequence[int] | None"]
"""The top level, its actions, the locator, and each entry's line and column (None: the encoding has none)."""


def _parse_yaml(source: str | bytes, path: str, report: Reporter | None) -> _Parsed:
    try:
        document = _build_yaml(source, path, report)
    except LogFormatError:
        raise
    except yaml.MarkedYAMLError as error:
        refusal = loglimits.locate_nesting(source, path) if loglimits.is_parser_nesting_limit(error) else None
        if refusal is not None:
            raise refusal from None
        mark = error.problem_mark or error.context_mark
        problem = error.problem or "invalid YAML"
        context = f" ({error.context})" if error.context else ""
        line, column = _within_yaml(_as_text(source), mark) if mark is not None else (None, None)
        raise LogFormatError(path, f"YAML syntax error: {problem}{context}", line, column) from None
    except yaml.reader.ReaderError as error:
        text = _as_text(source)
        found = text.find(chr(error.character))
        line, column = offset_location(text, found if found >= 0 else max(0, min(error.position, len(text) - 1)))
        raise LogFormatError(
            path, f"YAML cannot contain the character {chr(error.character)!r}: {error.reason}", line, column
        ) from None
    except yaml.YAMLError as error:
        raise LogFormatError(path, f"YAML error: {error}") from None
    if not document.found:
        raise LogFormatError(path, f"the log is empty; expected a mapping starting with 'format: {FORMAT_ID}'", 1)
    data = document.data
    actions = data.get("actions") if isinstance(data, dict) else None
    locator = _YamlLocator(document, source)
    if not isinstance(actions, list):
        return data, actions, locator, (), None
    lines, columns = locator.entry_locations(len(actions))
    return data, actions, locator, lines, columns


def _build_yaml(source: str | bytes, path: str, report: Reporter | None) -> YamlDocument:
    """The document read by :func:`judge.loglimits.build_yaml`; a repeated key is located by a second pass, which
    watches the mapping that repeats it (the first pass keeps no key's line)."""
    loader = _yaml_loader(source)
    try:
        return loglimits.build_yaml(loader, path, source, progress=report)
    except loglimits.DuplicateKey as duplicate:
        mapping_at = duplicate.mapping_at
    finally:
        loader.dispose()
    loader = _yaml_loader(source)
    try:
        loglimits.build_yaml(loader, path, source, watch=mapping_at)
    finally:
        loader.dispose()
    raise LogFormatError(path, "a mapping repeats a key")  # not reached: the second pass locates it


def _yaml_loader(source: str | bytes) -> Any:
    """The loader a YAML log is parsed with: ``LogLoader`` (which resolves each short scalar's tag once), unless the
    loader of :mod:`judge.loglimits` is another one (the pure-Python one, in tests)."""
    if issubclass(LogLoader, loglimits.YAML_LOADER):
        return LogLoader(source)  # the pure-Python reader already rejects bad characters here
    return loglimits.YAML_LOADER(source)


def _within_yaml(text: str, mark: Any) -> Location:
    """Where a YAML error's mark is, on a line that exists: an error at the end of the text (an unclosed list, a
    string without its closing quote) is placed just after the text's last character, not on the line past it
    (libyaml ends the last line even when the file does not)."""
    end = len(text.rstrip())
    offset = getattr(mark, "index", None)
    if not isinstance(offset, int) or offset < end:
        return mark.line + 1, mark.column + 1
    if not any(brk in text for brk in "\r\x85\u2028\u2029"):
        return offset_location(text, end)
    breaks = list(_YAML_BREAK.finditer(text, 0, end))
    line_start = breaks[-1].end() if breaks else 0
    return len(breaks) + 1, end - line_start + 1


def _too_many_digits(path: str, text: str) -> LogFormatError:
    """The error for a number past Python's limit on digits, located at the first such run of digits."""
    match = re.search(r"\d{4000,}", text)
    line, column = offset_location(text, match.start()) if match else (None, None)
    return LogFormatError(path, "a number with more digits than a log can hold", line, column)


def _json_error(path: str, error: json.JSONDecodeError, line: int | None = None) -> LogFormatError:
    """A JSON syntax error, located where the decoder stopped; at the end of the text (an object or a string left
    open), just after its last character rather than on a line past it.  ``line``: the row's, in JSON Lines."""
    if line is None:
        end = len(error.doc.rstrip(" \t\n\r"))
        if error.pos >= end:
            at_line, column = offset_location(error.doc, end)
            return LogFormatError(path, f"JSON syntax error: {error.msg}", at_line, column)
    return LogFormatError(path, f"JSON syntax error: {error.msg}", line or error.lineno, error.colno)


class _KeyCount:
    """An ``object_hook`` that counts the keys of every object decoded, leaving the objects as they are: the keys
    the decoder kept, to compare with the keys the text writes (see ``_keys_repeat``)."""

    def __init__(self) -> None:
        self.kept = 0

    def __call__(self, value: dict[str, Any]) -> dict[str, Any]:
        self.kept += len(value)
        return value


class _SharingKeyCount(_KeyCount):
    """A ``_KeyCount`` that also makes every key, and every short text value, one object per text: a large log
    repeats the same few thousand (card ids, verbs, players), and JSON Lines rows share nothing otherwise.  It makes
    each object anew, which costs time: only for a log large enough that memory matters (``_SHARED_FROM``)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: dict[str, str] = {}

    def __call__(self, value: dict[str, Any]) -> dict[str, Any]:
        self.kept += len(value)
        texts = self.texts
        shared: dict[str, Any] = {}
        for key, item in value.items():
            if type(item) is str and len(item) <= _SHORT_TEXT:
                item = texts.setdefault(item, item)
            shared[texts.setdefault(key, key)] = item
        return shared


def _key_count(text: str) -> _KeyCount:
    return _SharingKeyCount() if len(text) >= _SHARED_FROM else _KeyCount()


def _keys_repeat(text: str, kept: int) -> bool:
    """Whether an object of ``text`` may repeat a key, ``kept`` being the keys the decoder made.

    Every key is a string followed by ``:``; a text whose keys all have their colon right after them writes at
    least as many ``":`` as keys (more when a string holds one), so when the two counts are equal no key was
    dropped.  Only a text where they differ is searched for the repeated key, in Python."""
    return text.count('":') != kept or _SPACED_KEY.search(text) is not None


class _Repeated(Exception):
    """An object repeats a key (raised by ``_refuse_repeats`` to stop a decoder at the first one)."""


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise _Repeated
    return value


_REPEAT_DECODER = json.JSONDecoder(object_pairs_hook=_refuse_repeats)
_JSON_KEY_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:]')


def _repeats_in(text: str, at: int) -> bool:
    """Whether the (valid) JSON value at ``at`` holds an object that repeats a key: decoded in C, stopping there."""
    try:
        _REPEAT_DECODER.raw_decode(text, at)
    except _Repeated:
        return True
    return False


def _repeated_key(path: str, text: str, at: int, where: Callable[[int], Location]) -> LogFormatError | None:
    """The error for the first repeated key of the (valid) JSON value at ``at``: at the second key, naming the
    first's line; ``where`` maps an offset of ``text`` to its place in the file.  Read token by token in Python:
    only for a value that does repeat a key (``_repeats_in``)."""
    objects: list[dict[str, int] | None] = []
    previous: re.Match[str] | None = None
    for match in _JSON_KEY_TOKEN.finditer(text, at):
        token = match.group()
        if token in "{[":
            objects.append({} if token == "{" else None)
        elif token in "}]":
            objects.pop()
            if not objects:
                return None
        elif token == ":" and previous is not None and objects and objects[-1] is not None:
            key = json.loads(previous.group())
            keys = objects[-1]
            if key in keys:
                line, column = where(previous.start())
                first = where(keys[key])[0]
                return LogFormatError(path, f"duplicate key {show_value(key)} (first at line {first})", line, column)
            keys[key] = previous.start()
        previous = match if token.startswith('"') else None
    return None


class _Lines:
    """The line and column of offsets of a text, asked in increasing order: each answer counts only the newlines
    since the one before, so the text's lines are never all listed."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.line = 1
        self.line_start = 0

    def __call__(self, offset: int) -> tuple[int, int]:
        if offset < self.offset:
            self.offset, self.line, self.line_start = 0, 1, 0
        newlines = self.text.count("\n", self.offset, offset)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.offset, offset) + 1
        self.offset = offset
        return self.line, offset - self.line_start + 1


def _parse_json(text: str, path: str, report: Reporter | None) -> _Parsed:
    count = _key_count(text)
    try:
        data = json.loads(text, object_hook=count)
    except json.JSONDecodeError as error:
        raise _json_error(path, error) from None
    except RecursionError:
        raise loglimits.json_too_deep(path, text, loglimits.MAX_NESTING) from None
    except ValueError:  # an integer past Python's digit limit
        raise _too_many_digits(path, text) from None
    if not loglimits.json_nests_within(text, loglimits.MAX_NESTING):
        raise loglimits.json_too_deep(path, text, loglimits.MAX_NESTING)
    where = _Lines(text)
    start = _JSON_WS.match(text).end()  # type: ignore[union-attr]  # always matches
    table: dict[KeyPath, Location] = {(): where(start)}
    actions: object = None
    lines, columns = array("l"), array("l")
    items_at: Sequence[int] = ()
    header: list[tuple[str, str, Location]] = []
    """Each header value's text and where it starts: all a later walk needs, not the whole file."""
    values: list[Sequence[int]] = []
    """Where each value of the top-level object starts, and each entry: where a repeated key is looked for."""
    if isinstance(data, dict):
        first_lines: dict[str, int] = {}
        for key, key_at, value_at, value_end, items in _walk_json_object(text, start, {"actions"}, report):
            key_line, key_column = where(key_at)
            if key in first_lines:
                raise LogFormatError(
                    path, f"duplicate key {show_value(key)} (first at line {first_lines[key]})", key_line, key_column
                )
            first_lines[key] = key_line
            table[(key,)] = (key_line, key_column)
            if items is not None:
                items_at = items
                for offset in items:
                    line, column = where(offset)
                    lines.append(line)
                    columns.append(column)
                values.append(items)
            else:
                header.append((key, text[value_at:value_end], where(value_at)))
                values.append((value_at,))
        actions = data.get("actions")
        if _keys_repeat(text, count.kept):
            for at in itertools.chain.from_iterable(values):
                if _repeats_in(text, at):
                    repeated = _repeated_key(path, text, at, _Lines(text))
                    if repeated is not None:
                        raise repeated
    if not isinstance(actions, list):
        lines, columns = array("l"), array("l")
    offsets = items_at if isinstance(actions, list) else ()

    def entry_locations(index: int) -> dict[KeyPath, Location]:
        return _json_value_locations(text, offsets[index], where)

    locator = _TableLocator(table, lambda: _json_header_locations(header), lines, columns, entry_locations)
    return data, actions, locator, lines, columns


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


def _walk_json_object(
    text: str, at: int, arrays: set[str], report: Reporter | None = None
) -> Iterable[tuple[str, int, int, int, array[int] | None]]:
    """Each key of the (valid) top-level object at ``at``: its offset, its value's start and end, and for
    ``arrays`` its items' offsets.

    ``text`` has already been decoded by ``json.loads``, so it is well formed; values are skipped with
    the C scanner.  A repeated key is reported again (``json.loads`` kept the last one).
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
        items: array[int] | None = None
        if key in arrays and text[at] == "[":
            items = array("q")
            at = _past_blanks(text, at + 1)
            if text[at] == "]":
                at += 1
            else:
                while True:
                    items.append(at)
                    if report is not None and not len(items) & _ROW_TICK:
                        report(at)
                    _, at = decode(text, at)
                    at = _past_blanks(text, at)
                    closing = text[at] == "]"
                    at = _past_blanks(text, at + 1)
                    if closing:
                        break
        else:
            at = _past_value(text, at, decode)
        yield key, key_at, value_at, at, items
        at = _past_blanks(text, at)
        if text[at] == "}":
            return
        at = _past_blanks(text, at + 1)  # past ","


def _past_value(text: str, at: int, decode: Callable[[str, int], tuple[Any, int]]) -> int:
    """Where the (valid) JSON value at ``at`` ends; a list or an object is decoded an item at a time, so that a
    large one is not made a second time whole."""
    opening = text[at]
    if opening not in "[{":
        return decode(text, at)[1]
    closing = "]" if opening == "[" else "}"
    at = _past_blanks(text, at + 1)
    while text[at] != closing:
        if opening == "{":
            _, at = decode(text, at)  # the key
            at = _past_blanks(text, _past_blanks(text, at) + 1)  # past ":"
        _, at = decode(text, at)
        at = _past_blanks(text, at)
        if text[at] == ",":
            at = _past_blanks(text, at + 1)
    return at + 1


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


def _rows(text: str) -> Iterator[tuple[int, int, str]]:
    """Each row of a JSON Lines text: its number, where it starts, and its text; the rows are cut one at a time."""
    start = 0
    number = 1
    while True:
        end = text.find("\n", start)
        if end < 0:
            yield number, start, text[start:]
            return
        yield number, start, text[start:end]
        start = end + 1
        number += 1


def _parse_jsonl(text: str, path: str, report: Reporter | None) -> _Parsed:
    rows = _rows(text)
    _, _, first_row = next(rows)
    if not first_row.strip():
        raise LogFormatError(path, "line 1 must be the header object (every top-level key but 'actions')", 1)
    count = _key_count(text)
    decoder = json.JSONDecoder(object_hook=count)
    try:
        header = decoder.decode(first_row)
    except json.JSONDecodeError as error:
        raise _json_error(path, error, 1) from None
    except RecursionError:
        raise loglimits.json_too_deep(path, first_row, loglimits.MAX_NESTING) from None
    except ValueError:  # an integer past Python's digit limit
        raise LogFormatError(path, "a number with more digits than a log can hold", 1) from None
    table: dict[KeyPath, Location] = {(): (1, None)}
    if not isinstance(header, dict):
        if not loglimits.json_nests_within(first_row, loglimits.MAX_NESTING):
            raise loglimits.json_too_deep(path, first_row, loglimits.MAX_NESTING)
        return header, None, _TableLocator(table), (), None
    if "actions" in header:
        raise LogFormatError(
            path, "the header line has 'actions'; in JSON Lines every action is its own line after the header", 1
        )
    actions: list[object] = []
    lines, starts = array("l"), array("l")
    result_line: int | None = None
    result: object = None
    for number, start, row in rows:
        if not row or row.isspace():
            continue
        value = _row_value(row, path, number, decoder)
        if result_line is not None:
            raise LogFormatError(
                path, f"a line after the result line (line {result_line}): the result is the log's last line", number
            )
        if is_result_row(value):
            _check_result_row(value, header, path, number)
            result_line, result = number, value["result"]
            continue
        actions.append(value)
        lines.append(number)
        starts.append(start)
        if report is not None and not len(lines) & _ROW_TICK:
            report(start)
    if not loglimits.json_nests_within(text, _entry_nesting()):  # one pass for all rows; then which row
        if not loglimits.json_nests_within(first_row, loglimits.MAX_NESTING):
            raise loglimits.json_too_deep(path, first_row, loglimits.MAX_NESTING)
        body = text[len(first_row) + 1 :]
        if not loglimits.json_nests_within(body, _entry_nesting()):
            raise loglimits.json_too_deep(path, body, _entry_nesting(), 1)
    if _keys_repeat(text, count.kept):
        _refuse_repeated_rows(text, path)
    for key in header:
        table[(key,)] = (1, None)
    top = dict(header)
    top["actions"] = actions
    if result_line is not None:
        top["result"] = result
        table[("result",)] = (result_line, None)

    def entry_locations(index: int) -> dict[KeyPath, Location]:
        start = starts[index]
        end = text.find("\n", start)
        return _row_locations(text[start : end if end >= 0 else len(text)], lines[index])

    locator = _TableLocator(table, lambda: _jsonl_header_locations(first_row), lines, None, entry_locations)
    return top, actions, locator, lines, None


def _refuse_repeated_rows(text: str, path: str) -> None:
    """Refuse the first row of a JSON Lines text (all rows valid) whose object repeats a key, located at the key."""
    for number, _, row in _rows(text):
        at = _past_blanks(row, 0)
        if at < len(row) and _repeats_in(row, at):
            error = _repeated_key(path, row, at, _on_row(number))
            if error is not None:
                raise error


def _on_row(number: int) -> Callable[[int], Location]:
    """Maps an offset in JSON Lines row ``number`` to its place in the file."""
    return lambda offset: (number, offset + 1)


def _row_locations(row: str, number: int) -> dict[KeyPath, Location]:
    """Where every key and item inside the entry on JSON Lines row ``number`` is: that line, at its column."""
    return _json_value_locations(row, _past_blanks(row, 0), _on_row(number))


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
    checked as a whole log's entries are: its JSON, its nesting, its keys and its basic form; a ``LogFormatError``,
    located at the line, when it is not an entry.  None for the result line (``is_result_row``): its result is then
    the log's, as if the header had claimed it, and no line may follow."""
    index = len(log.entries)
    count = _KeyCount()
    value = _row_value(row, log.path, number, json.JSONDecoder(object_hook=count))
    if _keys_repeat(row, count.kept):
        error = _repeated_key(log.path, row, _past_blanks(row, 0), _on_row(number))
        if error is not None:
            raise error
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


def _row_value(row: str, path: str, number: int, decoder: json.JSONDecoder) -> object:
    """The value of JSON Lines row ``number``, decoded by ``decoder``.

    A row that is exactly one value, as written rows are, goes straight to the C
    scanner, in half the time ``json.loads`` takes for a short row; any other row
    (whitespace around the value, a syntax error) goes through ``decode``, which
    decides it and locates its error as ``json.loads`` does.
    """
    try:
        value, end = decoder.raw_decode(row)
        if end == len(row):
            return value
    except RecursionError:
        raise loglimits.json_too_deep(path, row, _entry_nesting(), number - 1) from None
    except ValueError:
        pass
    try:
        return decoder.decode(row)
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
