"""Logs written by hand to the format, with real cards of the installed weiss-sim, judged on their printed text.

Each log of ``tests/data/real-cards`` names real card numbers and nothing else about them: their records, printed
text included, come from the catalog of the installed weiss-sim (``--cards``), so the project ships no card text.
Each is legal only because of the text (judged without it, it is not), and each variant, a log that ignores the
text, is illegal at the entry that does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from judge.cards import weiss_sim
from judge.cards.catalog import CATALOGS_VARIABLE
from judge.logfile import load_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

LOGS = Path(__file__).parent / "data" / "real-cards"


def named_cards(path: Path) -> set[str]:
    """The card numbers a log's decks and position name."""
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {card for player in document["players"] for card in player["deck"]}


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    """The installed weiss-sim's records of the cards the logs name, as ``judge cards import weiss-sim`` writes
    them."""
    wanted = set().union(*(named_cards(path) for path in LOGS.glob("*.yaml")))
    found = {}
    for card in weiss_sim.read_cards():
        record = weiss_sim.catalog_record(card)
        card_id = str(record.pop("id"))
        if card_id in wanted:
            found[card_id] = record
    assert set(found) == wanted, wanted - set(found)
    return found


def judged(
    name: str,
    records: dict[str, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    old: str = "",
    new: str = "",
    without_text: bool = False,
) -> Verdict:
    """The verdict on the log ``name`` (with ``old`` written as ``new``), its cards from the weiss-sim catalog (with
    no printed text where ``without_text``)."""
    catalog = tmp_path / "cards.jsonl"
    lines = []
    for card_id, record in records.items():
        shown = {key: value for key, value in record.items() if not (without_text and key == "text")}
        lines.append(json.dumps({"id": card_id, **shown}, ensure_ascii=False))
    catalog.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv(CATALOGS_VARIABLE, str(catalog))
    text = (LOGS / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return verify_log(load_log(path))


LEGAL_LOGS = sorted(path.name for path in LOGS.glob("*.yaml"))


def test_the_corpus_is_there() -> None:
    assert len(LEGAL_LOGS) >= 11


VARIANTS = [
    # (log, as written, as the variant writes it, the entry that ignores the text)
    ("cannot-side-attack.yaml", "type: front", "type: side", 0),
    ("facing-and-opponents-turn.yaml", "power: 10000", "power: 2500", 0),
    ("facing-and-opponents-turn.yaml", "power: 15000", "power: 10000", 0),
    ("attack-gives-power.yaml", "target: 2", "target: 4", 1),
    ("backup.yaml", "hand: [AOT/S35-E022]\n    level: [5HY/W83-E020]\n", "hand: [AOT/S35-E022]\n", 2),
    ("placed-pays-stock.yaml", "stock: [5HY/W83-E020]", "stock: []", 1),
    ("climax-cost-returns-climax.yaml", "cards: [LL/W24-E111]", "cards: [5HY/W83-E020]", 1),
    ("encore-character-cost.yaml", "pay: true, cards: [5HY/W83-E020]", "pay: true, cards: [LL/W24-E111]", 3),
    (
        "stock-condition.yaml",
        "stock: [5HY/W83-E020, 5HY/W83-E020]",
        "stock: [5HY/W83-E020, 5HY/W83-E020, 5HY/W83-E020]",
        0,
    ),
    ("middle-position.yaml", "power: 9000", "power: 8000", 0),
    ("placed-boosts-opponent.yaml", "target: 2", "target: 4", 1),
    ("look-and-take.yaml", "cards: [LL/W24-E111]", "cards: [5HY/W83-E020, LL/W24-E111]", 2),
]


@pytest.mark.parametrize(("name", "old", "new", "entry"), VARIANTS)
def test_a_real_card_log_that_ignores_the_text_is_illegal_where_it_does(
    name: str,
    old: str,
    new: str,
    entry: int,
    records: dict[str, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ws:8.1.1.2, ws:8.1.1.3, ws:10.2, ws:10.5: each variant does what the text does not allow, or does not do
    what it says; the first violation is at that entry and cites a clause."""
    verdict = judged(name, records, tmp_path, monkeypatch, old, new)
    assert verdict.kind is VerdictKind.ILLEGAL, (verdict.violations, verdict.notes)
    assert verdict.violations[0].entry == entry, verdict.violations
    assert verdict.violations[0].clauses


@pytest.mark.parametrize("name", LEGAL_LOGS)
def test_a_real_card_log_is_judged_on_its_printed_text(
    name: str, records: dict[str, dict[str, Any]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ws:8.1.1: with the cards' printed text the log is legal; judged with the same cards and no text, the verdict
    changes: the log is not legal, or (for a text that forbids, "cannot side attack") its variant becomes legal."""
    verdict = judged(name, records, tmp_path, monkeypatch)
    assert verdict.kind is VerdictKind.LEGAL, (verdict.violations, verdict.notes)
    without = judged(name, records, tmp_path, monkeypatch, without_text=True)
    if without.kind is VerdictKind.LEGAL:
        variants = [(old, new) for variant, old, new, _ in VARIANTS if variant == name]
        assert any(
            judged(name, records, tmp_path, monkeypatch, old, new, without_text=True).kind is VerdictKind.LEGAL
            for old, new in variants
        ), f"{name} is judged the same without its text"


def test_every_real_card_log_has_a_variant() -> None:
    assert {name for name, *_ in VARIANTS} == set(LEGAL_LOGS)
