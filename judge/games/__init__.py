"""The games the judge knows: one registry, keyed by a log's ``game:``.

Each game is a ``GameSupport`` (``judge.games.support``): the engine game and
everything the judge needs to read and write its logs.  ``verify``, ``replay``,
``selfplay``, ``scenario``, ``graph``, ``docs build`` and ``schema`` find a game
here and nowhere else, so a new game is one registration away from all of them.

The games of this package are built in (``BUILT_IN``).  Another package adds
one through the entry-point group ``judge.games``, the way pytest finds its
plugins: in its ``pyproject.toml``::

    [project.entry-points."judge.games"]
    toy = "toy_judge.support:SUPPORT"

The name is the log's ``game:`` key; the value names a ``GameSupport`` object.
Entry points are looked up once, when a game is first asked for, and a game's
module is imported only when that game is used.  A game whose rules are not
bundled brings its document (``GameSupport.rules_document``): the rules index
knows it from the moment the game is loaded.
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points
from typing import Final

from judge.games.support import GameSupport
from rules_index import documents

__all__ = [
    "BUILT_IN",
    "ENTRY_POINT_GROUP",
    "GameSupport",
    "UnknownGameError",
    "available",
    "default",
    "get",
    "register",
]

ENTRY_POINT_GROUP: Final = "judge.games"
BUILT_IN: Final = {"ws": "judge.games.ws:SUPPORT", "vg": "judge.games.vg:SUPPORT", "wl": "judge.games.wl:SUPPORT"}
"""Game key -> where its support object is (``module:attribute``), in the order commands list them: the first
is the game a command plays when none is named (``default``).  The one place a game's key is written outside
its own packages (``judge/games/<key>``, ``engine/games/<key>``)."""

_registered: dict[str, GameSupport] = {}
"""Games registered at run time (``register``), which take precedence."""


class UnknownGameError(LookupError):
    """No game of that key is registered."""


@cache
def _entry_points() -> dict[str, str]:
    """The games other packages declare: key -> ``module:attribute``."""
    return {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}


def _targets() -> dict[str, str]:
    return {**_entry_points(), **BUILT_IN}


def available() -> tuple[str, ...]:
    """Every registered game's key, built-in games first, without importing any of them."""
    return tuple(dict.fromkeys([*BUILT_IN, *_entry_points(), *_registered]))


def default() -> str:
    """The game a command uses when none is named: the first built-in one."""
    return next(iter(BUILT_IN))


def register(support: GameSupport) -> None:
    """Register a game for this process (a test's toy game, an application's own)."""
    _know_rules(support)
    _registered[support.key] = support


def _know_rules(support: GameSupport) -> None:
    """A game that brings its own rules document: the rules index knows it from now on."""
    if support.rules_document is not None:
        documents.add_document(support.rules_document)


@cache
def _load(target: str) -> GameSupport:
    module, _, attribute = target.partition(":")
    support: GameSupport = getattr(importlib.import_module(module), attribute)
    _know_rules(support)
    return support


def get(key: str) -> GameSupport:
    """The game registered as ``key``; UnknownGameError names the registered ones."""
    if key in _registered:
        return _registered[key]
    target = _targets().get(key)
    if target is None:
        raise UnknownGameError(f"no game {key!r} is registered; registered: {', '.join(available())}")
    return _load(target)
