"""Each game declares its parts once, in its ``parts`` table (``engine.core.parts``), and the table holds true.

What a compiled build makes a game class repeat, the part attributes' types and ``__deletable__``, agrees
with the table; each part calls, through ``self.game``, exactly the parts its row names; and the game
builds its parts from the table and drops them when closed.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.game import Game
from engine.core.interface import PlayerSpec
from engine.games.vg.game import Vanguard
from engine.games.wl.game import Energio, WlPlayer
from engine.games.ws.game import WeissSchwarz
from tests.conftest import REPO

GAME_MODULES = sorted(
    ".".join(path.relative_to(REPO).with_suffix("").parts)
    for path in [*(REPO / "engine" / "games").glob("*/game.py"), REPO / "tests" / "toy" / "game.py"]
)
"""Every module that defines a game: one per package of engine/games, and the toy game of the tests."""


def game_classes() -> list[type[Game[Any]]]:
    """The game classes the game modules define."""
    found: list[type[Game[Any]]] = []
    for name in GAME_MODULES:
        module = importlib.import_module(name)
        found.extend(
            value
            for value in vars(module).values()
            if inspect.isclass(value) and issubclass(value, Game) and value.__module__ == name
        )
    return found


GAMES = game_classes()
GAMES_WITH_PARTS = [game for game in GAMES if game.parts]


def test_every_game_module_is_found() -> None:
    assert {game.__name__ for game in GAMES} >= {"WeissSchwarz", "Vanguard", "Energio", "HighCard"}
    assert {game.__name__ for game in GAMES_WITH_PARTS} == {"WeissSchwarz", "Vanguard", "Energio"}


def declared_parts(game: type) -> dict[str, str]:
    """The part attributes the game's class body declares, with the name of the class each is declared as: the
    annotations that name a class of the game's own package."""
    module = sys.modules[game.__module__]
    package = game.__module__.rpartition(".")[0]
    declared = {}
    for name, annotation in vars(game).get("__annotations__", {}).items():
        value = vars(module).get(str(annotation))
        if inspect.isclass(value) and value.__module__.startswith(package + "."):
            declared[name] = str(annotation)
    return declared


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.__name__)
def test_deletable_the_part_table_and_the_annotations_agree(game: type[Game[Any]]) -> None:
    """A compiled build deletes only the attributes ``__deletable__`` names and reads only declared types: both
    must name exactly the parts of the table, in its order."""
    names = tuple(part.name for part in game.parts)
    assert len(set(names)) == len(names), f"{game.__name__} names a part twice: {names}"
    assert vars(game).get("__deletable__", ()) == names
    assert declared_parts(game) == {part.name: part.part_class.__name__ for part in game.parts}


@pytest.mark.parametrize("game", GAMES_WITH_PARTS, ids=lambda game: game.__name__)
def test_each_part_names_only_other_parts_of_its_game(game: type[Game[Any]]) -> None:
    names = {part.name for part in game.parts}
    for part in game.parts:
        assert set(part.calls) <= names - {part.name}, f"{part.name} names {part.calls}"
        assert len(set(part.calls)) == len(part.calls), f"{part.name} names a part twice: {part.calls}"


def reaches(part_class: Callable[..., object], parts: set[str]) -> dict[str, list[int]]:
    """The parts among ``parts`` that ``part_class`` reaches through its game, with the lines that do: read
    from its source, ``self.game.<part>``, or ``<name>.<part>`` where ``<name>`` holds the game (``game =
    self.game``, or the constructor's ``game`` parameter)."""
    path = Path(inspect.getfile(part_class))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == part_class.__name__)
    found: dict[str, list[int]] = {}
    for function in ast.walk(body):
        if not isinstance(function, ast.FunctionDef):
            continue
        holders = {argument.arg for argument in function.args.args if argument.arg == "game"}
        holders |= {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and _is_self_game(node.value)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(function):
            if not isinstance(node, ast.Attribute) or node.attr not in parts:
                continue
            holder = node.value
            if _is_self_game(holder) or (isinstance(holder, ast.Name) and holder.id in holders):
                found.setdefault(node.attr, []).append(node.lineno)
    return found


def _is_self_game(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "game"
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def test_the_reading_of_a_part_finds_what_it_calls() -> None:
    """The reader of ``reaches`` sees every way a part of these games reaches another."""
    from engine.games.vg.opening import Opening as VgOpening
    from engine.games.ws.attack import AttackPhase

    attack = reaches(AttackPhase, {part.name for part in WeissSchwarz.parts})
    assert len(attack["moves"]) > 10  # self.game.moves.put(...)
    opening = reaches(VgOpening, {part.name for part in Vanguard.parts})
    assert "moves" in opening  # game = self.game; game.moves.draw(...)


@pytest.mark.parametrize("game", GAMES_WITH_PARTS, ids=lambda game: game.__name__)
def test_each_part_calls_exactly_the_parts_its_row_names(game: type[Game[Any]]) -> None:
    """Which part may call which is the table's to say (engine.core.parts): a part that reaches another part
    not named in its row, or names one it never reaches, is a table out of date."""
    names = {part.name for part in game.parts}
    wrong = []
    for part in game.parts:
        where = Path(inspect.getfile(part.part_class)).relative_to(REPO)
        reached = reaches(part.part_class, names - {part.name})
        for name, lines in sorted(reached.items()):
            if name not in part.calls:
                wrong.append(f"{part.name} calls {name}, which its row does not name ({where}, lines {lines})")
        for name in part.calls:
            if name not in reached:
                wrong.append(f"{part.name}'s row names {name}, which it never calls ({where})")
    assert not wrong, "\n".join(wrong)


def two_players() -> list[PlayerSpec]:
    return [PlayerSpec("alice", {}), PlayerSpec("bob", {})]


NEW_GAMES: dict[str, Callable[[], Game[Any]]] = {
    "ws": lambda: WeissSchwarz({}, two_players(), "alice"),
    "vg": lambda: Vanguard({}, two_players(), "alice"),
    "wl": lambda: Energio({}, [WlPlayer("alice", "L", {}, {}), WlPlayer("bob", "L", {}, {})], "alice"),
}


@pytest.mark.parametrize("key", sorted(NEW_GAMES))
def test_a_game_builds_its_parts_from_the_table_and_drops_them_when_closed(key: str) -> None:
    game = NEW_GAMES[key]()
    for part in game.parts:
        built = getattr(game, part.name)
        assert type(built) is part.part_class
        assert built.game is game
    game.close()
    assert [part.name for part in game.parts if hasattr(game, part.name)] == []
