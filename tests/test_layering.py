"""The dependency direction the architecture promises: judge uses the others; nothing below imports judge,
and the engine imports neither judge nor rules_index (it cites clause ids as plain strings)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from judge import games
from tests.conftest import REPO

FORBIDDEN = {
    "engine": ("judge", "rules_index"),
    "rules_index": ("judge", "engine"),
    "scenarios": ("judge", "engine", "rules_index"),
}


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_downwards(package: str) -> None:
    offenders = {
        str(path.relative_to(REPO)): sorted(imported_packages(path) & set(FORBIDDEN[package]))
        for path in (REPO / package).rglob("*.py")
        if imported_packages(path) & set(FORBIDDEN[package])
    }
    assert offenders == {}


def imported_modules(path: Path) -> set[str]:
    """The dotted names of the modules a file imports (absolute imports)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_judge_reaches_a_game_only_through_its_registry() -> None:
    """judge.games registers each game; only a game's own support package (judge/games/<key>/) imports its
    engine, so verify, replay, selfplay, scenarios, graphs, docs and the schema serve every game alike."""
    games_root = REPO / "judge" / "games"
    offenders = {
        str(path.relative_to(REPO)): sorted(name for name in imported_modules(path) if name.startswith("engine.games"))
        for path in (REPO / "judge").rglob("*.py")
        if not (path.parent != games_root and games_root in path.parents)
        and any(name.startswith("engine.games") for name in imported_modules(path))
    }
    assert offenders == {}


GAME_KEYS = tuple(games.BUILT_IN)
NAMING_GAMES = {
    REPO / "judge" / "games" / "__init__.py": "the registry: the one list of the built-in games",
    REPO / "rules_index" / "documents.py": "the table of the bundled rules documents, each named by its id",
    REPO / "judge" / "importers" / "weiss_sim" / "departures.py": "the weiss-sim importer writes Weiss Schwarz logs "
    "and its referee cites the clauses of CR 2.00",
}
"""The files outside the games' own packages that may write a game's key, and why."""


def docstring_nodes(tree: ast.AST) -> set[int]:
    """The string constants of ``tree`` that are documentation: a module's, class's or function's docstring, or
    a bare string after an assignment (an attribute's)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            found.add(id(node.value))
    return found


def game_key_literals(path: Path) -> list[tuple[int, str]]:
    """Each string literal of ``path`` (docstrings aside) that is a built-in game's key, or a clause id of its
    rules (``ws:6.1.1``): a line number and the literal."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    documentation = docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str) or id(node) in documentation:
            continue
        if node.value in GAME_KEYS or node.value.partition(":")[0] in GAME_KEYS and ":" in node.value:
            found.append((node.lineno, node.value))
    return found


def test_the_literal_search_finds_keys_and_clause_ids_but_not_documentation(tmp_path: Path) -> None:
    source = tmp_path / "module.py"
    source.write_text('"""About ws."""\nGAME = "ws"\nCLAUSE = ("vg:8.4.1",)\nNAME = "wsx"\nTEXT = f"{GAME}-{1}"\n')
    assert game_key_literals(source) == [(2, "ws"), (3, "vg:8.4.1")]


def test_no_game_key_is_written_outside_the_games_packages() -> None:
    """A game's key and its clause ids live in ``engine/games/<key>`` and ``judge/games/<key>``; the rest of the
    project asks the registry (``judge.games``) which games there are, so a game registered from elsewhere
    is served as the built-in ones are."""
    own = [REPO / package / "games" / key for package in ("engine", "judge") for key in GAME_KEYS]
    offenders = {
        str(path.relative_to(REPO)): literals
        for package in ("engine", "judge", "rules_index")
        for path in sorted((REPO / package).rglob("*.py"))
        if path not in NAMING_GAMES
        and not any(folder in path.parents for folder in own)
        and (literals := game_key_literals(path))
    }
    assert offenders == {}


COMMAND_LINE_MODULES = {"cli.py", "errors.py"}
"""Besides the ``*_cli.py`` modules: the command group, and the errors it shows with their exit codes."""


def test_only_the_command_line_imports_click() -> None:
    """Library code (the replay, the stepper's screens, the reports, the games' boards) never imports click: it
    is used by other programs and compiled without the command line's dependencies."""
    offenders = sorted(
        str(path.relative_to(REPO))
        for path in (REPO / "judge").rglob("*.py")
        if "click" in imported_packages(path)
        and path.name not in COMMAND_LINE_MODULES
        and not path.name.endswith("_cli.py")
    )
    assert offenders == []
