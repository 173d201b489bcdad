"""The dependency direction the architecture promises: judge uses the others; nothing below imports judge,
and the engine imports neither judge nor rules_index (it cites clause ids as plain strings)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

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
    supports = {path.parent.name for path in games_root.glob("*/__init__.py")}
    assert "ws" in supports


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
