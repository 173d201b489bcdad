"""Every clause of a game's procedure chapters is accounted for (judge.clause_accounting): cited by the engine, or
listed in the game's ``clauses.yaml`` with a reason; and the docs' accounting page shows the counts."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import games
from judge.clause_accounting import (
    APPLIED,
    CARD_TEXT,
    CITED,
    NOT_MODELLED,
    Accounting,
    AccountingFileError,
    Ledger,
    account,
    load_accounting,
)
from judge.cli import main
from judge.docs_build import engine_citations
from judge.docs_rules import _accounting_page
from rules_index import RulesIndex, documents, load_index
from tests.toy.support import SUPPORT as TOY

ACCOUNTED = [key for key in games.available() if games.get(key).clause_accounting() is not None]
"""The registered games that keep a ``clauses.yaml``."""


@cache
def index() -> RulesIndex:
    return load_index()


@cache
def citations() -> frozenset[str]:
    return frozenset(engine_citations())


@cache
def accounting_of(game: str) -> Accounting:
    found = games.get(game).clause_accounting()
    assert found is not None
    return load_accounting(found)


def ledger_of(game: str) -> Ledger:
    return account(index(), citations(), accounting_of(game))


def test_the_built_in_games_keep_an_accounting() -> None:
    assert set(games.BUILT_IN) <= set(ACCOUNTED)


@pytest.mark.parametrize("game", ACCOUNTED)
def test_the_file_names_its_game_document(game: str) -> None:
    accounting = accounting_of(game)
    assert accounting.document == games.get(game).rules
    assert accounting.first <= accounting.last


@pytest.mark.parametrize("game", ACCOUNTED)
def test_every_procedure_clause_is_cited_or_listed(game: str) -> None:
    assert ledger_of(game).unaccounted == []


@pytest.mark.parametrize("game", ACCOUNTED)
def test_every_listed_key_is_a_clause_of_the_procedure_chapters(game: str) -> None:
    ledger = ledger_of(game)
    assert ledger.unknown == []
    assert ledger.outside == []


@pytest.mark.parametrize("game", ACCOUNTED)
def test_no_listed_clause_is_cited_by_the_engine(game: str) -> None:
    """A key the engine now cites is stale: the list shrinks as the engine grows."""
    assert ledger_of(game).stale == []


@pytest.mark.parametrize("game", ACCOUNTED)
def test_every_reason_is_one_line(game: str) -> None:
    long = [key for key, _group, reason in accounting_of(game).listed() if "\n" in reason.strip() or len(reason) > 120]
    assert long == []


def test_the_ledger_finds_each_fault(tmp_path: Path) -> None:
    """A clause in none of the groups, a key that is no clause, one outside the chapters and one the engine cites
    are each reported, by name."""
    first = next(iter(ACCOUNTED))
    real = accounting_of(first)
    cited = next(entry.clause for entry in ledger_of(first).entries if entry.clause in citations())
    keys = {key for key, _group, _reason in real.listed()}
    listed = next(key for key in real.card_text if not set(ancestors(key)) & keys)  # its removal shows
    chapter_out = next(clause.id for clause in index().documents[real.document].clauses if not real.in_chapters(clause))
    changed = Accounting(
        real.document,
        real.first,
        real.last,
        {key: reason for key, reason in real.card_text.items() if key != listed} | {cited: "now cited"},
        {**real.not_modelled, f"{real.document}:99.99": "no such clause", chapter_out: "outside"},
        real.applied,
    )
    ledger = account(index(), citations(), changed)
    assert listed in ledger.unaccounted
    assert ledger.unknown == [f"{real.document}:99.99"]
    assert ledger.outside == [chapter_out]
    assert ledger.stale == [cited]
    assert f"{listed}: neither cited by the engine nor listed" in ledger.faults()


def ancestors(clause_id: str) -> list[str]:
    """The clauses above ``clause_id``, nearest first."""
    found = []
    parent = index().clauses[clause_id].parent
    while parent:
        found.append(parent)
        parent = index().clauses[parent].parent
    return found


def test_a_key_covers_the_uncited_clauses_below_it() -> None:
    ledger = ledger_of(next(iter(ACCOUNTED)))
    for entry in ledger.entries:
        if entry.group != CITED and entry.key != entry.clause:
            assert entry.key in ancestors(entry.clause), entry


def test_a_malformed_file_is_refused_naming_it(tmp_path: Path) -> None:
    source = tmp_path / "clauses.yaml"
    source.write_text('document: x\nchapters: [1, 2]\ncard_text:\n  "x:1": ""\n', encoding="utf-8")
    with pytest.raises(AccountingFileError, match="clauses.yaml: 'card_text' must map"):
        load_accounting(source)
    source.write_text('document: x\nchapters: [1, 2]\ncard_text: {"x:1": a}\napplied: {"x:1": b}\n', encoding="utf-8")
    with pytest.raises(AccountingFileError, match="x:1 is listed under both card_text and applied"):
        load_accounting(source)


@pytest.mark.parametrize("game", ACCOUNTED)
def test_the_accounting_page_carries_the_counts(game: str) -> None:
    """The generated page's table: one row a chapter and one for all, the counts of the ledger."""
    ledger = ledger_of(game)
    page = _accounting_page(index(), ledger)
    rows = page.split("   * - ")[2:]  # the header row first
    assert len(rows) == len(ledger.chapters) + 1
    for row, count in zip(rows, [*ledger.chapters, ledger.total()], strict=True):
        cells = [cell.strip() for cell in row.split("\n     - ")]
        numbers = [count.clauses, *(count.counts[group] for group in (CITED, APPLIED, CARD_TEXT, NOT_MODELLED))]
        assert cells[1:6] == [str(number) for number in numbers], cells
    for entry in ledger.entries:
        if entry.group == NOT_MODELLED and entry.key == entry.clause:
            assert f"<{entry.clause}>`" in page


def test_the_built_site_has_the_accounting_page(ws_site: Path) -> None:
    page = (ws_site / "rules" / "ws" / "accounting.html").read_text(encoding="utf-8")
    total = ledger_of(next(key for key in ACCOUNTED if accounting_of(key).document == "ws")).total()
    assert "Accounting by chapter" in page
    assert f"<p>{total.clauses}</p>" in page and f"<p>{total.counts[CITED]}</p>" in page
    assert 'href="accounting.html"' in (ws_site / "rules" / "ws" / "coverage.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ACCOUNTED)
def test_the_command_prints_the_table_of_the_ledger(game: str) -> None:
    result = CliRunner().invoke(main, ["rules", "coverage", "--game", game, "--json", "--list", NOT_MODELLED])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    ledger = ledger_of(game)
    assert printed["chapters"][-1] == {
        "chapter": "all",
        "clauses": ledger.total().clauses,
        **ledger.total().counts,
        "unaccounted": 0,
    }
    assert [entry["clause"] for entry in printed[NOT_MODELLED]] == [e.clause for e in ledger.group(NOT_MODELLED)]
    assert printed["faults"] == []


def test_the_command_refuses_a_game_without_an_account(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is registered for this test only, and its rules document forgotten after it."""
    monkeypatch.setattr(games, "_registered", dict(games._registered))
    monkeypatch.setattr(documents, "DOCUMENTS_BY_KEY", dict(documents.DOCUMENTS_BY_KEY))
    games.register(TOY)
    result = CliRunner().invoke(main, ["rules", "coverage", "--game", "toy"])
    assert result.exit_code != 0
    assert "toy keeps no account of its procedure clauses" in result.output
