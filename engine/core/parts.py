"""The parts a game is composed of, declared once: what each is, and which other parts it may call.

A game of this package is a game object (``engine.games.ws.game.WeissSchwarz``) composed of parts,
one for each section of its rules: ``moves``, ``opening``, ``phases``, ``playing`` ...  A part is an
object built with the game; it keeps the game as ``self.game`` and reaches the other parts through
it (``self.game.moves.draw(...)``).  The game declares its parts in one table, its class attribute
``parts``: one ``Part`` per attribute, naming the part's class and the parts it calls.  From that
table ``Game.build_parts`` builds them, in the table's order, and ``Game.close`` drops them, which
breaks the reference cycles between the game and its parts.

Which part may call which
-------------------------
A part calls another part only when its row in the table names that part in ``calls``; the game
object itself (its ``game.py``: legality, explanations, the snapshot, the turn loop) may call every
part, since it composes them.  ``tests/test_engine_parts.py`` reads each part's module and fails when
a part reaches, through ``self.game``, a part its row does not name, or names a part it never
reaches, so that each table stays the true map of its game.  The three games keep to this shape:

* the procedure parts (``phases``, the attack or battle) run the turn: they call the parts that act;
  one procedure part may run or ask another (the phases run the attack phase, the attack phase
  announces its steps as the phases announce theirs);
* the opening is run by the game alone and calls only what it needs to set up: no part calls it;
* the acting parts (cards moving, playing abilities, characteristics, keywords, triggers) call each
  other where the rules tie them (a character leaving the stage triggers Encore, ws 10.2; a card
  moving may be replaced, ws 8.10), and the rule actions, which they may make due;
* the rule actions (rule processing, in the ENERGIO!! game) call only the parts that move cards and
  say what a card is; no acting part runs the procedure.

What a compiled build asks of a game class
-------------------------------------------
The constructor builds the parts in a loop, so the class body declares each part attribute with its
type (``moves: CardMoves``), which mypyc needs to read it natively.  For the same reason each part
keeps ``self.game`` typed as its game's own class (``WeissSchwarz``), never as a core type: through a
type that does not know the attributes, every read of one would be a Python lookup.
``__deletable__`` names the attributes ``close`` may delete, and mypyc reads it only as a literal
tuple of strings in the class body, so it cannot be made from the table: it repeats the table's
names, and ``tests/test_engine_parts.py`` checks that it, the table and the annotations agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

G = TypeVar("G")
"""The game a part belongs to (``WeissSchwarz``)."""


class Part(Generic[G]):
    """One part of a game: the attribute that holds it, its class, and the parts it may call.

    A plain class, not a dataclass: a compiled build cannot make a slotted dataclass of a generic class.
    """

    name: str
    """The game's attribute holding the part (``moves``): other parts and the judge reach it by this name."""
    part_class: Callable[[G], object]
    """The part's class, built with the game (``CardMoves``)."""
    calls: tuple[str, ...]
    """The names of the other parts this one may call through ``self.game``."""

    def __init__(self, name: str, part_class: Callable[[G], object], calls: tuple[str, ...] = ()) -> None:
        self.name = name
        self.part_class = part_class
        self.calls = calls

    def __repr__(self) -> str:
        return f"Part({self.name!r}, {self.part_class.__name__}, calls={self.calls})"
