"""Golden annotated traces: `judge replay` of small logs, compared line by line.

The expected files are written by scripts/regenerate_examples.py, never by hand;
after an intended change, regenerate them and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from tests.conftest import REPO

GOLDEN = sorted((REPO / "tests" / "golden").glob("*.yaml"))


def test_there_are_golden_logs() -> None:
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("log", GOLDEN, ids=lambda path: path.stem)
def test_trace_matches_golden(log: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    output = CliRunner().invoke(main, ["replay", str(log.relative_to(REPO))]).output
    expected = log.with_suffix(".trace.txt").read_text(encoding="utf-8")
    assert output.splitlines() == expected.splitlines()
