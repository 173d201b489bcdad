"""The packages type-check: the annotations that `py.typed` publishes are true of the code.

The engine's Optional values (the attack in progress, a choice's position, a card on a
stage position) are narrowed where the rules guarantee them, so a None that reaches
one of those places is a fault mypy reports here, not an AttributeError in a replay.
"""

from __future__ import annotations

import pytest
from mypy import api

from tests.conftest import REPO


def test_engine_judge_and_rules_index_type_check_under_mypy(monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy, configured in pyproject.toml ([tool.mypy]), finds no error in engine, judge or rules_index."""
    monkeypatch.chdir(REPO)  # the configuration and its `files` are the repository's
    report, errors, status = api.run(["--no-error-summary"])
    assert status == 0, report + errors
