"""Shared fixtures: one freshly parsed rules index and one built docs site per test session, and a private cache
dir."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Every test (and every CLI invocation inside one) caches into a private folder,
# never into the user's cache directory.
os.environ["JUDGE_CACHE_DIR"] = tempfile.mkdtemp(prefix="judge-test-cache-")

from rules_index.index import RulesIndex, build_index

REPO = Path(__file__).resolve().parents[1]
SHARED_RULES = REPO.parent / "shared" / "rules"


@pytest.fixture(scope="session")
def index() -> RulesIndex:
    """The index parsed from the bundled documents, without the cache."""
    return build_index()


@pytest.fixture(scope="session")
def ws_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site as ``judge docs build OUT --game ws`` builds it, once for every test that reads it.

    Read only: a test that writes pages beside the built ones (a probe script, a changed copy) builds or copies
    a site of its own.
    """
    from click.testing import CliRunner

    from judge.cli import main

    out = tmp_path_factory.mktemp("ws-site")
    result = CliRunner().invoke(main, ["docs", "build", str(out), "--game", "ws"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(autouse=True)
def no_catalog_outlives_its_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--cards`` names its catalogs in the process's environment for the workers of a batch
    (``judge.cards.catalog.use_catalogs``): each test starts without one and leaves none behind."""
    from judge.cards.catalog import CATALOGS_VARIABLE

    monkeypatch.setenv(CATALOGS_VARIABLE, "")  # recorded: the variable is restored as it was after the test
    monkeypatch.delenv(CATALOGS_VARIABLE)


@pytest.fixture(autouse=True)
def violations_cite_a_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test fails on a violation reported without a clause: each one cites its game's rules."""
    from judge.replay import Replay

    violate = Replay.violate

    def citing(replay: Replay, entry: object, clauses: tuple[str, ...], message: str, *rest: object) -> None:
        assert clauses, f"a violation cites no clause: {message}"
        violate(replay, entry, clauses, message, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(Replay, "violate", citing)
