"""The compiled build (``JUDGE_COMPILE=1``, see setup.py) replays logs exactly as the sources do.

The build is installed here as the README writes it (``JUDGE_COMPILE=1 python3 -m pip install .``),
from a copy of the sources into a fresh virtual environment: mypyc compiles it in a minute or two
on one core.  ``compare_builds.py`` then replays the same
logs on the compiled modules and on the sources: the bundled example, every scenario and
self-played games, legal and mutated into illegal ones.  Every verdict, violation,
trace record and state hash must be the same.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "build_backend.py", "MANIFEST.in", "README.md")
PACKAGES = ("engine", "judge", "rules_index", "scenarios")
SEEDS = ("1", "2", "3")


def _run(command: list[str], **options: Any) -> None:
    result = subprocess.run(command, check=False, capture_output=True, text=True, **options)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stdout}\n{result.stderr}"


@pytest.fixture(scope="module")
def compiled_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Python of a fresh virtual environment with the compiled build installed as the README says.

    A fresh environment, not this one: the build must bring everything it needs (the compiler and
    the stubs its type check reads), not find it here because the test extra was installed first.
    """
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) to build the compiled modules with")
    work = tmp_path_factory.mktemp("compiled")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:
        shutil.copy2(REPO / name, source / name)
    for name in PACKAGES:
        shutil.copytree(REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    _run([sys.executable, "-m", "venv", str(work / "venv")])
    python = work / "venv" / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", "."], cwd=source, env={**os.environ, "JUDGE_COMPILE": "1"})
    shutil.rmtree(source)  # what runs from here on is the installed build, not a copy of the sources
    return python


def _verdicts(build: str, python: Path, folder: Path, path_entry: Path | None = None) -> list[dict[str, Any]]:
    logs = [str(path) for path in sorted((REPO / "judge" / "examples").glob("*-game.yaml"))]
    logs += sorted(str(path) for path in (REPO / "scenarios").rglob("*.yaml"))
    out = folder / f"{build}.json"
    script = str(REPO / "tests" / "compare_builds.py")
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if path_entry is not None:
        environment["PYTHONPATH"] = str(path_entry)
    _run([str(python), script, build, str(out), *SEEDS, "--", *logs], env=environment, cwd=folder)
    verdicts: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    return verdicts


def test_the_compiled_build_replays_every_log_as_the_sources_do(compiled_python: Path, tmp_path: Path) -> None:
    compiled = _verdicts("compiled", compiled_python, tmp_path)
    pure = _verdicts("pure", Path(sys.executable), tmp_path, path_entry=REPO)
    assert len(compiled) == len(pure) > 4 * len(SEEDS)
    assert {verdict["verdict"] for verdict in pure} >= {"legal", "illegal"}
    assert sum(1 for verdict in pure if verdict.get("hashes")) > len(SEEDS)  # the state hashes are compared too
    for mine, theirs in zip(compiled, pure, strict=True):
        assert mine == theirs, f"{theirs['file']}: the compiled build differs"


def test_every_engine_module_is_in_the_compiled_build() -> None:
    """A compiled build compiles the whole engine: an interpreted class cannot subclass a compiled one, so an
    engine module left out breaks the build's first replay (as choices.py once did)."""
    import ast

    tree = ast.parse((REPO / "setup.py").read_text(encoding="utf-8"))
    listed = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED_MODULES"
    )
    modules = {path.relative_to(REPO).as_posix() for path in (REPO / "engine").rglob("*.py") if path.stem != "__init__"}
    assert modules - set(listed) == set()
