"""Where a part of a YAML log is, found in the text when an error needs it.

Reading a log keeps only where each top-level key and each entry of ``actions`` starts
(:class:`judge.loglimits.YamlDocument`): a location for every node would cost many times the
text.  When an error must point deeper (a key inside an entry, a card of the header), the text
of just that entry, or of each header key, is parsed again and walked (:func:`walk_yaml`): a
block mapping's key and a list's item start where a node could, so that text parses alone, at
the same lines and columns, once preceded by spaces up to its column.  Where it does not (a
flow-style top level, an alias to an anchor outside it), the caller walks the whole text.

A table maps a path to where its key is (None for a list item) and where its node starts.  A
path's steps are a list item's index (an int) or a mapping key's text (a str), as PyYAML's node
tree had them: a key is matched by its text, whatever it resolves to.  A node reached through an
alias is where its anchor's node is, as in the node tree, where an alias was that node.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml

from judge import loglimits
from judge.logformat import KeyPath, Location

__all__ = ["Found", "Piece", "Table", "Walk", "find", "walk_yaml"]

Path = tuple[object, ...]
Found = tuple["Location | None", Location]
Table = dict[Path, Found]

_HELD = 1_000_000
"""At most this many locations inside anchors are kept, to be found again through their aliases."""


class _Frame:
    """A collection open during a walk: its path, whether it is a mapping, its anchor, and for a mapping the key its
    next value goes under (the key's text, None for a key that is not a scalar) and where that key is; for a list,
    its next item's index.  A ``dead`` collection (a key, or under a key that is not a scalar) has no path."""

    def __init__(self, path: Path, is_map: bool, anchor: str | None, dead: bool) -> None:
        self.path = path
        self.is_map = is_map
        self.anchor = anchor
        self.dead = dead
        self.has_key = False
        self.key: str | None = None
        self.key_at: Location | None = None
        self.index = 0


class _Anchored:
    """An anchor met during a walk: where its node starts, its text for a scalar, and the locations inside its node
    by path from it."""

    def __init__(self, at: Location, text: str | None) -> None:
        self.at = at
        self.text = text
        self.inside: Table = {}


class Walk:
    """Walking one or more pieces of a YAML text: the table of what ``wanted`` asks for, and the anchors met so far
    (an alias in a later piece may name an anchor of an earlier one).  ``complete`` turns False when an alias names
    an anchor the walk did not meet, or a piece does not parse."""

    def __init__(self, wanted: Callable[[Path], bool]) -> None:
        self.wanted = wanted
        self.table: Table = {}
        self.anchors: dict[str, _Anchored] = {}
        self.complete = True
        self.held = 0


class Piece:
    """What the walk of one piece met first: where its node starts and, for a mapping, its first key's text and
    location; and how many keys it had.  The caller compares them with what the whole text's reading found."""

    def __init__(self) -> None:
        self.at: Location | None = None
        self.first_key: str | None = None
        self.first_key_at: Location | None = None
        self.first_value_at: Location | None = None
        self.keys = 0


def walk_yaml(
    walk: Walk, text: str, line: int = 1, column: int = 1, prefix: Path = (), start: int = 0, end: int | None = None
) -> Piece:
    """Walk the YAML node that ``text[start:end]`` begins with, found at ``line`` and ``column`` of the file, as the
    node at path ``prefix``: record in ``walk`` every node under it that ``walk`` wants.

    The piece is preceded by spaces up to its column, so that its first line is where it was in the file; the walk
    stops at the end of its first node, so that what follows (the next entry's ``- ``) is never read.
    """
    whole = start == 0 and end is None and column == 1
    piece = text if whole else " " * (column - 1) + text[start:end]
    first_line = line - 1
    met = Piece()
    loader = loglimits.YAML_LOADER(piece)
    stack: list[_Frame] = []
    try:
        while True:
            event = loader.get_event()
            if event is None or isinstance(event, (yaml.StreamEndEvent, yaml.DocumentEndEvent)):
                break
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                stack.pop()
                if not stack:
                    break
                continue
            if not isinstance(
                event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)
            ):
                continue
            if _node(walk, stack, event, first_line, prefix, met) and not stack:
                break
    except yaml.YAMLError:
        walk.complete = False
    finally:
        loader.dispose()
    return met


def _node(walk: Walk, stack: list[_Frame], event: Any, first_line: int, prefix: Path, met: Piece) -> bool:
    """Take one node's first event; whether the node is already whole (a scalar or an alias)."""
    mark = event.start_mark
    at: Location = (mark.line + first_line + 1, mark.column + 1)
    text: str | None = event.value if isinstance(event, yaml.ScalarEvent) else None
    whole = isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent))
    named: _Anchored | None = None
    if isinstance(event, yaml.AliasEvent):
        named = walk.anchors.get(str(event.anchor))
        if named is None:
            walk.complete = False
        else:
            at, text = named.at, named.text
    anchor = None if isinstance(event, yaml.AliasEvent) else event.anchor
    parent = stack[-1] if stack else None
    if parent is None:
        met.at = at
    if parent is not None and parent.is_map and not parent.has_key:  # a key
        parent.has_key, parent.key, parent.key_at = True, text, at
        if len(stack) == 1:
            met.keys += 1
            if met.keys == 1:
                met.first_key, met.first_key_at = text, at
        if not whole:
            stack.append(_Frame(parent.path, isinstance(event, yaml.MappingStartEvent), anchor, True))
        elif anchor is not None:
            walk.anchors[anchor] = _Anchored(at, text)
        return whole
    path: Path = prefix
    key_at: Location | None = None
    dead = parent is not None and parent.dead
    if parent is not None and parent.is_map:
        path = (*parent.path, parent.key)
        key_at = parent.key_at
        parent.has_key = False
        dead = dead or parent.key is None
        if len(stack) == 1 and met.keys == 1:
            met.first_value_at = at
    elif parent is not None:
        path = (*parent.path, parent.index)
        parent.index += 1
    if parent is not None and not dead:
        _keep(walk, stack, path, (key_at, at))
        if named is not None:
            for inner, found in list(named.inside.items()):
                _keep(walk, stack, (*path, *inner), found)
    if not whole:
        stack.append(_Frame(path, isinstance(event, yaml.MappingStartEvent), anchor, dead))
        if anchor is not None:
            walk.anchors[anchor] = _Anchored(at, None)
    elif anchor is not None:
        walk.anchors[anchor] = _Anchored(at, text)
    return whole


def _keep(walk: Walk, stack: list[_Frame], path: Path, found: Found) -> None:
    """Record ``found`` at ``path`` if the walk wants it, and in every open anchor, by its path from there."""
    if walk.wanted(path):
        walk.table.setdefault(path, found)
    for frame in stack:
        if frame.anchor is not None and not frame.dead and walk.held < _HELD:
            walk.anchors[frame.anchor].inside.setdefault(path[len(frame.path) :], found)
            walk.held += 1


def find(table: Table, path: KeyPath, known: int = 0) -> tuple[int, Found | None]:
    """How many steps of ``path`` the table knows (at least ``known``, the steps its caller knows already), and
    what it has for the deepest of those past ``known``: matched as PyYAML's node tree was walked, an int step as
    a list's index or as a key's text, any other step as a key's text."""
    steps: Path = tuple(path[:known])
    found: Found | None = None
    for step in path[known:]:
        entry = None
        if isinstance(step, int):
            entry = table.get((*steps, step))
            if entry is not None:
                steps = (*steps, step)
        if entry is None:
            entry = table.get((*steps, str(step)))
            if entry is None:
                break
            steps = (*steps, str(step))
        found = entry
    return len(steps), found
