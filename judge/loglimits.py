"""What a log may hold: nesting, YAML aliases and tags, checked cheaply before and while a log is parsed.

A log is data from anyone, so reading one is bounded (see :mod:`judge.logfile` for every limit and why);
each refusal is a :class:`~judge.logformat.LogFormatError` that names the limit and its value, located
where the file crosses it.  The readers of :mod:`judge.logfile` call these checks; the limits are read
from this module when a check runs.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from judge.logformat import Location, LogFormatError, offset_location

__all__ = [
    "ALIAS_EXPANSION_FLOOR",
    "ALIAS_EXPANSION_RATIO",
    "MAX_NESTING",
    "YAML_LOADER",
    "check_events",
    "construct",
    "is_parser_nesting_limit",
    "json_nests_within",
    "json_too_deep",
    "may_need_event_check",
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


def may_need_event_check(text: str) -> bool:
    """Whether ``text`` might hold a tag, an anchor, or nesting too deep to compose; False when none can be there.

    A few scans of the text in C: a ``!`` or an ``&`` where a tag or an anchor could start,
    the count of ``[`` and ``{``, and a line led by a long run of indentation and indicators.
    """
    if "!" in text and _TAG_START.search(text) is not None:
        return True
    if "&" in text and _ANCHOR_START.search(text) is not None:
        return True
    safe = _SAFE_FLOW_OPENINGS if YAML_LOADER is C_YAML_LOADER else _SAFE_FLOW_OPENINGS_PURE
    if text.count("[") + text.count("{") > safe:
        return True
    breaks = "\x85" in text or "\u2028" in text or "\u2029" in text
    if breaks or ("\r" in text and text.count("\r") != text.count("\r\n")):
        return _LONG_LEAD_ANY_BREAK.search(text) is not None  # YAML breaks lines at these too
    return _LONG_LEAD.search(text) is not None or _LONG_LEAD_ANY_BREAK.match(text) is not None


def check_events(text: str, path: str) -> None:
    """Refuse a tag, nesting past MAX_NESTING, an alias inside the node it names, or aliases expanding the document
    past its bound, each located; one pass over the parser's events, before any node tree is built.

    The values read so far, aliases expanded, may at no point exceed
    ``max(ALIAS_EXPANSION_RATIO * written, ALIAS_EXPANSION_FLOOR)``, ``written`` being the values written so far
    (an alias counts one): the first alias that takes the count past it is the one reported.
    Each anchor's expanded size and depth are kept, so an alias costs the same whatever it names.
    Only the first document is read; the composer refuses a second one.
    """
    loader = YAML_LOADER(text)
    try:
        _walk_events(loader, text, path)
    finally:
        loader.dispose()


def is_parser_nesting_limit(error: yaml.MarkedYAMLError) -> bool:
    """Whether ``error`` is the parser's own bound on nesting, not a mistake in the text.

    Some releases of libyaml stop at a fixed depth (1,000 levels) while scanning ahead, so
    they refuse a deep document before the event pass reaches MAX_NESTING; the refusal must
    still be this module's, at the same place, whichever PyYAML is installed."""
    return "nesting depth" in (error.problem or "")


def locate_nesting(text: str, path: str) -> LogFormatError | None:
    """The refusal of ``text`` the event pass makes when read by the pure-Python parser, which has no depth bound
    of its own; None if that pass finds nothing to refuse before an error of the text's own.

    Called once the C parser gave up on the nesting: this pass stops at MAX_NESTING, far short
    of where the C parser did, so the refusal is located where the limit is crossed."""
    loader = yaml.SafeLoader(text)
    try:
        _walk_events(loader, text, path)
    except LogFormatError as refusal:
        return refusal
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return None


def _walk_events(loader: Any, text: str, path: str) -> None:
    """The pass of ``check_events`` over ``loader``'s events, each value written counted once."""
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
    loader = YAML_LOADER(text)
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
_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_SCALAR_TAGS = (
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    _INT_TAG,
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:timestamp",
)
_SCALARS = yaml.constructor.SafeConstructor()
"""Makes the scalars of the plain path that are neither text nor a plain whole number, as PyYAML does."""


class _NotPlain(Exception):
    """A document the plain path leaves to PyYAML's constructor: a tag of another kind, a merge key, an
    unhashable key, a collection that holds itself, nesting past MAX_NESTING, a value that cannot be made."""


def construct(loader: Any, root: yaml.Node, path: str) -> object:
    """The data of ``root``, constructed as ``construct_document`` does, refusing nesting past MAX_NESTING.

    A log is mappings, lists, text and small numbers: such a document is built in one walk of its nodes
    (``_plain``), in a third of the time PyYAML's general constructor takes.  Anything else, and every
    document that fails, is built by PyYAML's constructor, so that what it makes and the errors it raises
    stay PyYAML's.  That constructor makes each collection empty and fills it in a later round
    (``state_generators``): round k fills the collections k levels down.  Counting rounds measures the
    nesting for nothing; the node past the limit is looked for only then.
    """
    try:
        return _plain(root, 1, {})
    except Exception:  # noqa: BLE001, S110 - _NotPlain, or a value PyYAML's constructor refuses below, its way
        pass
    finally:
        _SCALARS.constructed_objects = {}
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


def _plain(node: yaml.Node, depth: int, made: dict[int, object]) -> object:
    """``node`` as PyYAML's safe constructor makes it, for the plain kinds (see ``construct``); else _NotPlain.

    ``made`` holds each collection made, by node: an alias is the same object, as PyYAML makes it, and a
    collection met again before it is made holds itself."""
    kind = type(node)
    if kind is yaml.ScalarNode:
        tag = node.tag
        if tag == _STR_TAG:
            return node.value
        value = node.value
        if tag == _INT_TAG and value.isascii() and value.isdigit() and (value[0] != "0" or value == "0"):
            return int(value)
        if tag in _SCALAR_TAGS:
            return _SCALARS.construct_object(node)
        raise _NotPlain
    key = id(node)
    if key in made:
        found = made[key]
        if found is None:  # being made: the collection holds itself
            raise _NotPlain
        return found
    if depth > MAX_NESTING:
        raise _NotPlain
    made[key] = None
    result: object
    if kind is yaml.MappingNode and node.tag == _MAP_TAG:
        mapping: dict[object, object] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _NotPlain
            item = _plain(key_node, depth + 1, made)
            if isinstance(item, (dict, list)):
                raise _NotPlain
            mapping[item] = _plain(value_node, depth + 1, made)
        result = mapping
    elif kind is yaml.SequenceNode and node.tag == _SEQ_TAG:
        result = [_plain(child, depth + 1, made) for child in node.value]
    else:
        raise _NotPlain
    made[key] = result
    return result


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


_JSON_NOT_STRUCTURE = bytes(byte for byte in range(256) if byte not in b'"[]{}')
_AS_PARENTHESES = bytes.maketrans(b"[]{}", b"()()")
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def json_nests_within(text: str, limit: int) -> bool:
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
