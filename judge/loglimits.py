"""What a log may hold: nesting, YAML aliases and tags, checked while a log is parsed; and the YAML reader itself.

A log is data from anyone, so reading one is bounded (see :mod:`judge.logfile` for every limit and why);
each refusal is a :class:`~judge.logformat.LogFormatError` that names the limit and its value, located
where the file crosses it.  The readers of :mod:`judge.logfile` call these checks; the limits are read
from this module when a check runs.

A YAML log is read by :func:`build_yaml` in one pass over the parser's events: the data is made as the events
come, with no node tree (a node and its two marks cost some twenty times the text they stand for), and the
limits are checked on the way.  JSON is checked on its skeleton (:func:`json_nests_within`).
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterator
from typing import Any

import yaml

from judge.logformat import Location, LogFormatError, offset_location, show_value

__all__ = [
    "ALIAS_EXPANSION_FLOOR",
    "ALIAS_EXPANSION_RATIO",
    "MAX_NESTING",
    "YAML_LOADER",
    "DuplicateKey",
    "YamlDocument",
    "build_yaml",
    "is_parser_nesting_limit",
    "json_nests_within",
    "json_too_deep",
    "locate_nesting",
]

MAX_NESTING = 64
"""How many mappings and lists a log may nest inside one another, the top-level mapping included.

A log needs about seven (``actions``, an entry, its ``expect``, a player, ``stage``, a
position); the bound keeps every parser and every walk of the data far from its stack's end."""
ALIAS_EXPANSION_RATIO = 10
"""A YAML document may expand, through its aliases, to this many times the values it writes..."""
ALIAS_EXPANSION_FLOOR = 10_000
"""...or to this many values, whichever is more."""
YAML_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
C_YAML_LOADER: type | None = getattr(yaml, "CSafeLoader", None)
"""The YAML loader every reader uses: libyaml's C loader when PyYAML has it."""


def is_parser_nesting_limit(error: yaml.MarkedYAMLError) -> bool:
    """Whether ``error`` is the parser's own bound on nesting, not a mistake in the text.

    Some releases of libyaml stop at a fixed depth (1,000 levels) while scanning ahead, so
    they refuse a deep document before the reader reaches MAX_NESTING; the refusal must
    still be this module's, at the same place, whichever PyYAML is installed."""
    return "nesting depth" in (error.problem or "")


def locate_nesting(source: str | bytes, path: str) -> LogFormatError | None:
    """The refusal of ``source`` that :func:`build_yaml` makes when it reads the pure-Python parser's events, which
    have no depth bound of their own; None if that pass finds nothing to refuse before an error of the text's own.

    Called once the C parser gave up on the nesting: this pass stops at MAX_NESTING, far short
    of where the C parser did, so the refusal is located where the limit is crossed."""
    loader = yaml.SafeLoader(source)
    try:
        build_yaml(loader, path, source)
    except LogFormatError as refusal:
        return refusal
    except (yaml.YAMLError, DuplicateKey):
        return None
    finally:
        loader.dispose()
    return None


def _too_deep(path: str, line: int | None, column: int | None, through: str = "") -> LogFormatError:
    return LogFormatError(
        path,
        f"nested too deeply: more than {MAX_NESTING} mappings and lists inside one another{through}; "
        f"the limit is {MAX_NESTING}",
        line,
        column,
    )


def _tag_error(path: str, source: str | bytes) -> LogFormatError:
    """The error for the first tag of ``source``, located at the tag itself (a node's mark is at its anchor, if
    any)."""
    loader = YAML_LOADER(source)
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


_STR_TAG = "tag:yaml.org,2002:str"
_INT_TAG = "tag:yaml.org,2002:int"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_VALUE_TAG = "tag:yaml.org,2002:value"
_PLAIN = (True, False)
"""The ``implicit`` of a plain scalar: its tag is resolved from its text."""
_SCALARS = yaml.constructor.SafeConstructor()
"""Makes the scalars that are neither text nor a plain whole number, as PyYAML's safe loader does."""
_MADE_HELD = 100_000
"""How many distinct short scalars one read remembers the value of: a log repeats the same few thousand."""
_SHORT = 64
_ENTRY_TICK = 0x1FFF
"""Progress is reported every 8,192 entries."""

_VALUE_KINDS = {
    "tag:yaml.org,2002:int": "an integer",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:timestamp": "a date",
}

_NOTHING = 0
_ROOT = 1
_ACTIONS = 2
"""What an open collection is to the reader: nothing special, the top-level mapping, or the ``actions`` list."""


class _Special:
    """A plain scalar that means something only as a mapping key: ``<<`` (merge the mappings it names) or ``=``."""

    def __init__(self, name: str) -> None:
        self.name = name


_MERGE = _Special("<<")
_VALUE = _Special("=")
_UNMADE = _Special("")


class _Anchor:
    """What an anchor names: the value made (once its node ends), where that node starts, how many values it
    holds with its aliases expanded (itself included), how many collections deep it goes, and for a scalar its
    text (a key matched through an alias is matched on it)."""

    def __init__(self, mark: Any, text: str | None) -> None:
        self.value: object = None
        self.mark = mark
        self.size = 1
        self.height = 0
        self.text = text


TopPair = tuple[object, "str | None", int, int, int, int, int, int]
"""A key of the top-level mapping: the key made, its text (None unless a scalar), its line and column, where its
text starts and where its value's ends (offsets in characters), and its value's line and column."""


class YamlDocument:
    """What one pass over a YAML log's events makes: its data, and where its parts start.

    Lines and columns are 1-based; offsets count characters from the start of the text.  Only what every load
    needs is kept: the top-level keys and where each entry of ``actions`` starts.  Anything else is found in the
    text when an error needs it (``judge.loglocations``).
    """

    def __init__(self) -> None:
        self.found = False
        """Whether the text holds a document at all (an empty one holds only comments)."""
        self.data: object = None
        self.root: Location = (1, 1)
        """Where the top-level node starts."""
        self.block_root = False
        """Whether the top level is a block mapping: each of its keys starts a line of its own."""
        self.top: list[TopPair] = []
        self.entry_lines = array("l")
        self.entry_columns = array("l")
        self.entry_starts = array("q")
        self.entries_end = -1
        """Where the ``actions`` list ends (the offset of what follows it); -1 for a log without one."""
        self.aliases_outside_actions = False
        """Whether an alias appears anywhere but inside the ``actions`` list."""


class DuplicateKey(Exception):
    """A mapping repeats a key: raised by a first pass, which keeps no key's line, so that a second pass watching
    that mapping (``build_yaml(watch=offset)``) can say where the key was first."""

    def __init__(self, mapping_at: int) -> None:
        super().__init__(mapping_at)
        self.mapping_at = mapping_at


def build_yaml(
    loader: Any, path: str, source: str | bytes, watch: int = -1, progress: Callable[[int], None] | None = None
) -> YamlDocument:
    """The log's data, made from ``loader``'s parser events in one pass, with no node tree; the limits checked on
    the way, each refusal located.

    The data is what PyYAML's safe loader makes of the document (the same values, an alias the same object as its
    anchor, merge keys merged), except that a mapping may not repeat a key: that is a located error naming where
    the key was first (found by a second pass, ``watch`` being the offset of the mapping to watch).  The limits:

    * no tag, not even ``!!str``;
    * no more than MAX_NESTING mappings and lists inside one another, aliases expanded;
    * no alias inside the node it names, and at no point more values read, aliases expanded, than
      ``max(ALIAS_EXPANSION_RATIO * written, ALIAS_EXPANSION_FLOOR)``, ``written`` being the values written so far
      (an alias counts one): the first alias that takes the count past it is the one reported.  Each anchor's
      expanded size and depth are kept, so an alias costs the same whatever it names.

    ``progress``, when given, is called with the offset reached every few thousand entries.  Parser errors
    (``yaml.MarkedYAMLError``, ``yaml.reader.ReaderError``) are left to the caller.
    """
    document = YamlDocument()
    limit = MAX_NESTING
    ratio, floor = ALIAS_EXPANSION_RATIO, ALIAS_EXPANSION_FLOOR
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent
    get_event = loader.get_event
    resolve = loader.resolve
    scalar_node = yaml.ScalarNode
    plain_made: dict[str, object] = {}
    """Each short plain scalar's value, by its text: resolved and made once, the value shared."""
    texts: dict[str, str] = {}
    """Each short quoted scalar, shared: a log repeats the same card ids and names."""
    anchors: dict[str, _Anchor] = {}
    open_anchors: set[str] = set()
    stack: list[tuple[Any, bool, object, bool, str | None, int, int, Any, int, Any, Any, bool]] = []
    """The collections open around the current one, each as the variables below held it."""
    container: Any = None
    """The open collection: a dict or a list; None at the level of the document."""
    is_map = False
    key: object = None
    has_key = False
    """Whether ``key`` is a key waiting for its value."""
    anchor: str | None = None
    before = 0
    """The values read before the open collection."""
    tallest = 0
    """The height of the open collection's tallest child collection so far."""
    start_mark: Any = None
    role = _NOTHING
    merges: list[dict[Any, Any]] | None = None
    """The mappings ``<<`` keys merge into the open mapping, the one that gives way first."""
    lines_of: dict[Any, int] | None = None
    """In the watched mapping: the line of each key."""
    noted = False
    """Whether the open collection needs more than its values: where its items start (the ``actions`` list), its
    keys (the top-level mapping), or each key's line (the watched mapping)."""
    in_actions = False
    written = 0
    """The values written so far, an alias counting one..."""
    extra = 0
    """...and how many more they read as, aliases expanded."""
    node_mark: Any = None
    """Where the value just made starts (a collection's first event, an alias's anchor)."""
    key_text: str | None = None
    entry_lines, entry_columns, entry_starts = document.entry_lines, document.entry_columns, document.entry_starts
    top = document.top

    get_event()  # the stream's start
    event = get_event()
    if type(event) is yaml.StreamEndEvent:
        return document
    document.found = True
    root_mark: Any = None
    while True:
        event = get_event()
        kind = type(event)
        if kind is scalar_event:  # most events: read and placed here, the rarer cases below
            if event.tag is not None:
                raise _tag_error(path, source)
            value = event.value
            made: Any
            if event.implicit[0]:
                made = plain_made.get(value, _UNMADE)
                if made is _UNMADE:
                    made = _made_plain(resolve(scalar_node, value, _PLAIN), value, event, path)
                    if made is _MERGE or made is _VALUE:
                        made = _special_key(made, event, is_map and not has_key)
                    elif len(value) <= _SHORT and len(plain_made) < _MADE_HELD:
                        plain_made[value] = made
            elif len(value) <= _SHORT:
                made = texts.get(value)
                if made is None:
                    if len(texts) < _MADE_HELD:
                        texts[value] = value
                    made = value
            else:
                made = value
            written += 1
            if event.anchor is not None:
                _check_new_anchor(loader, anchors, event.anchor, event.start_mark)
                found = anchors[event.anchor] = _Anchor(event.start_mark, value)
                found.value = made
            if noted or not is_map or made is _MERGE:
                node_mark = event.start_mark
                key_text = value
            elif has_key:
                container[key] = made
                has_key = False
                continue
            else:
                if made in container:
                    node_mark = event.start_mark
                else:
                    key = made
                    has_key = True
                    continue
        elif kind is mapping_start or kind is sequence_start:
            if event.tag is not None:
                raise _tag_error(path, source)
            mark = event.start_mark
            if len(stack) == limit:
                raise _too_deep(path, mark.line + 1, mark.column + 1)
            name = event.anchor
            if name is not None:
                _check_new_anchor(loader, anchors, name, mark)
                anchors[name] = _Anchor(mark, None)
                open_anchors.add(name)
            if container is None:
                new_role = _ROOT if kind is mapping_start else _NOTHING
                root_mark = mark
                document.block_root = kind is mapping_start and not event.flow_style
            elif role == _ROOT and has_key and key == "actions" and kind is sequence_start:
                new_role = _ACTIONS
                in_actions = True
            else:
                new_role = _NOTHING
            stack.append(
                (container, is_map, key, has_key, anchor, before, tallest, start_mark, role, merges, lines_of, noted)
            )
            is_map = kind is mapping_start
            container = {} if is_map else []
            key, has_key, anchor, before, tallest = None, False, name, written + extra, 0
            start_mark, role, merges = mark, new_role, None
            lines_of = {} if is_map and watch == mark.index else None
            noted = role != _NOTHING or lines_of is not None
            written += 1
            continue
        elif kind is mapping_end or kind is sequence_end:
            made = container if merges is None else _merged(merges, container)
            height = tallest + 1
            done_anchor, done_before, node_mark, done_role = anchor, before, start_mark, role
            (container, is_map, key, has_key, anchor, before, tallest, start_mark, role, merges, lines_of, noted) = (
                stack.pop()
            )
            if tallest < height:
                tallest = height
            if done_anchor is not None:
                found = anchors[done_anchor]
                found.value, found.size, found.height = made, written + extra - done_before, height
                open_anchors.discard(done_anchor)
            if done_role == _ACTIONS:
                document.entries_end = event.start_mark.index
                in_actions = False
            key_text = None
        elif kind is alias_event:
            name = event.anchor
            named = anchors.get(name)
            mark = event.start_mark
            if named is None:
                raise _undefined_alias(loader, name, mark)
            if name in open_anchors:
                raise LogFormatError(
                    path,
                    f"the alias *{name} is inside the node &{name} it names: its data would never end",
                    mark.line + 1,
                    mark.column + 1,
                )
            if len(stack) + named.height > limit:
                raise _too_deep(path, mark.line + 1, mark.column + 1, f" (through the alias *{name})")
            if tallest < named.height:
                tallest = named.height
            written += 1
            extra += named.size - 1
            bound = max(ratio * written, floor)
            if written + extra > bound:
                raise LogFormatError(
                    path,
                    f"YAML aliases expand the log past its limit: with the alias *{name} the {written:,} values "
                    f"written so far read as {written + extra:,}, more than {bound:,} (the limit is "
                    f"{ratio} times the values written, or {floor:,})",
                    mark.line + 1,
                    mark.column + 1,
                )
            if not in_actions:
                document.aliases_outside_actions = True
            made = named.value
            node_mark = named.mark
            key_text = named.text
            if made is _MERGE or made is _VALUE:
                made = _special_key(made, event, is_map and not has_key)
        elif kind is yaml.DocumentEndEvent:
            break
        else:
            continue

        # The value made joins the open collection: a collection, an alias, or a scalar of a rarer case.
        if role == _ACTIONS:
            entry_lines.append(node_mark.line + 1)
            entry_columns.append(node_mark.column + 1)
            entry_starts.append(node_mark.index)
            if progress is not None and not len(entry_starts) & _ENTRY_TICK:
                progress(node_mark.index)
        if container is None:
            document.data = made
            if root_mark is None:
                root_mark = node_mark
        elif not is_map:
            container.append(made)
        elif has_key:
            if key is _MERGE:
                if merges is None:
                    merges = []
                _add_merge(merges, made, start_mark, node_mark)
            else:
                container[key] = made
                if role == _ROOT:
                    top[-1] = (*top[-1][:5], event.end_mark.index, node_mark.line + 1, node_mark.column + 1)
            has_key = False
        else:
            if type(made) is dict or type(made) is list:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping", start_mark, "found unhashable key", node_mark
                )
            key = made
            has_key = True
            if made is _MERGE:
                noted = True  # its value is merged, not placed: this mapping's values go the longer way
                if merges is not None:  # a second ``<<``: PyYAML releases differ on which one wins
                    if lines_of is None:
                        raise DuplicateKey(start_mark.index)
                    raise LogFormatError(
                        path,
                        f"duplicate key '<<' (first at line {lines_of[_MERGE]})",
                        node_mark.line + 1,
                        node_mark.column + 1,
                    )
                if lines_of is not None:
                    lines_of[_MERGE] = node_mark.line + 1
            else:
                if made in container:
                    if lines_of is None:
                        raise DuplicateKey(start_mark.index)
                    raise LogFormatError(
                        path,
                        f"duplicate key {show_value(made)} (first at line {lines_of[made]})",
                        node_mark.line + 1,
                        node_mark.column + 1,
                    )
                if lines_of is not None:
                    lines_of[made] = node_mark.line + 1
                if role == _ROOT:
                    top.append(
                        (made, key_text, node_mark.line + 1, node_mark.column + 1, event.start_mark.index, -1, 0, 0)
                    )

    event = get_event()
    if type(event) is not yaml.StreamEndEvent:
        raise yaml.composer.ComposerError(
            "expected a single document in the stream", root_mark, "but found another document", event.start_mark
        )
    if root_mark is not None:
        document.root = (root_mark.line + 1, root_mark.column + 1)
    return document


def _made_plain(tag: str, value: str, event: Any, path: str) -> object:
    """The value of a plain scalar whose tag resolved to ``tag``, as PyYAML's safe constructor makes it; a value it
    cannot make (a date such as ``2026-13-45``, an integer of 5,000 digits) is a located error."""
    if tag == _STR_TAG:
        return value
    try:
        if tag == _INT_TAG and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
            return int(value)
        if tag == _MERGE_TAG:
            return _MERGE
        if tag == _VALUE_TAG:
            return _VALUE
        constructor = _SCALARS.yaml_constructors.get(tag) or _SCALARS.yaml_constructors[None]
        return constructor(_SCALARS, yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style))
    except ValueError as failed:
        mark = event.start_mark
        if "digits" in str(failed) and tag == _INT_TAG:
            message = "a number with more digits than a log can hold"
        else:
            message = f"{show_value(value)} cannot be read as {_VALUE_KINDS.get(tag, tag)}: {failed}"
        raise LogFormatError(path, message, mark.line + 1, mark.column + 1) from None


def _special_key(made: _Special, event: Any, as_key: bool) -> object:
    """``<<`` or ``=`` where it was read: a mapping key means merging or the text ``=``; anywhere else, PyYAML's
    constructor has nothing to make of it."""
    if as_key:
        return _MERGE if made is _MERGE else "="
    tag = _MERGE_TAG if made is _MERGE else _VALUE_TAG
    raise yaml.constructor.ConstructorError(
        None, None, f"could not determine a constructor for the tag {tag!r}", event.start_mark
    )


def _add_merge(merges: list[dict[Any, Any]], value: object, mapping_mark: Any, value_mark: Any) -> None:
    """Check what a ``<<`` key names, as PyYAML's ``flatten_mapping`` does: a mapping or a list of mappings; add
    them to ``merges`` (in the order they give way: of a list, the last first)."""
    if type(value) is list:
        for item in value:
            if type(item) is not dict:
                found = "sequence" if type(item) is list else "scalar"
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping",
                    mapping_mark,
                    f"expected a mapping for merging, but found {found}",
                    value_mark,
                )
        merges.extend(reversed(value))
    elif type(value) is dict:
        merges.append(value)
    else:
        raise yaml.constructor.ConstructorError(
            "while constructing a mapping",
            mapping_mark,
            "expected a mapping or list of mappings for merging, but found scalar",
            value_mark,
        )


def _merged(merges: list[dict[Any, Any]], own: dict[Any, Any]) -> dict[Any, Any]:
    """A mapping with ``<<`` keys, as PyYAML makes it: the merged keys first, its own keys over them."""
    result: dict[Any, Any] = {}
    for merged in merges:
        result.update(merged)
    result.update(own)
    return result


def _check_new_anchor(loader: Any, anchors: dict[str, _Anchor], name: str, mark: Any) -> None:
    """PyYAML's composer refuses an anchor given twice; the message is its own, the C composer's or the other's."""
    if name in anchors:
        first = (
            f"found duplicate anchor {name!r}; first occurrence"
            if _pure(loader)
            else ("found duplicate anchor; first occurrence")
        )
        raise yaml.composer.ComposerError(first, anchors[name].mark, "second occurrence", mark)


def _undefined_alias(loader: Any, name: str, mark: Any) -> yaml.composer.ComposerError:
    problem = f"found undefined alias {name!r}" if _pure(loader) else "found undefined alias"
    return yaml.composer.ComposerError(None, None, problem, mark)


def _pure(loader: Any) -> bool:
    """Whether ``loader`` is PyYAML's pure-Python one (its messages name the anchor; libyaml's do not)."""
    return C_YAML_LOADER is None or not isinstance(loader, C_YAML_LOADER)


_JSON_NOT_STRUCTURE = bytes(byte for byte in range(256) if byte not in b'"[]{}')
_AS_PARENTHESES = bytes.maketrans(b"[]{}", b"()()")
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_JSON_CHUNK = 1 << 20


def json_nests_within(text: str, limit: int) -> bool:
    """Whether the valid JSON value(s) of ``text`` nest at most ``limit`` arrays and objects deep.

    Done on the skeleton, in C: escaped backslashes and quotes dropped, then everything but
    quotes and brackets; strings dropped (only when one holds a bracket: otherwise each is
    an empty pair of quotes); then innermost pairs of brackets removed, one level a pass.
    The skeleton is made a megabyte of text at a time, so that no whole copy of a large text is.
    """
    skeleton = b"".join(_skeleton_parts(text))
    brackets = skeleton.translate(_AS_PARENTHESES, b'"')
    if skeleton.count(b'""') * 2 != len(skeleton) - len(brackets):  # not every string is an empty pair
        brackets = b"".join(skeleton.split(b'"')[::2]).translate(_AS_PARENTHESES)
    for _ in range(limit):
        if not brackets:
            return True
        brackets = brackets.replace(b"()", b"")
    return not brackets


def _skeleton_parts(text: str) -> Iterator[bytes]:
    """The quotes and brackets of ``text``, escapes dropped, a chunk at a time (never cut after a backslash, so
    that no escape is cut in two)."""
    start = 0
    while start < len(text):
        end = min(start + _JSON_CHUNK, len(text))
        while end < len(text) and text[end - 1] == "\\":
            end += 1
        raw = text[start:end].encode("utf-8", "surrogatepass")
        if b"\\" in raw:
            raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
        yield raw.translate(None, _JSON_NOT_STRUCTURE)
        start = end


def json_too_deep(path: str, text: str, limit: int, lines_before: int = 0) -> LogFormatError:
    """The error for JSON nested past ``limit``, at the bracket that goes past it; ``text`` starts after
    ``lines_before`` lines of the file.  Read token by token in Python: only when the limit is crossed."""
    depth = 0
    for match in _JSON_TOKEN.finditer(text):
        opening = match.group()[0]
        if opening in "[{":
            depth += 1
            if depth > limit:
                line, column = offset_location(text, match.start())
                return _too_deep(path, (line or 1) + lines_before, column)
        elif opening in "]}":
            depth -= 1
    return _too_deep(path, 1 + lines_before, None)
