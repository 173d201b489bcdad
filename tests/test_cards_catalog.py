"""Card catalogs: read in every encoding, every bad record located, merged without guessing; and the catalog
``judge cards import weiss-sim`` writes reads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cards import catalog as catalogs
from judge.cards.catalog import CatalogError, load_catalog, load_catalogs, merge_catalogs
from judge.cli import main
from tests.conftest import REPO

DATA = REPO / "tests" / "data" / "catalogs"
GOOD_IDS = ["TST/X01-001", "TST/X01-050", "TST/X01-099"]


@pytest.mark.parametrize("name", ["good.yaml", "good.json", "good.jsonl"])
def test_a_good_catalog_reads_the_same_in_every_encoding(name: str) -> None:
    catalog = load_catalog(DATA / name)
    assert list(catalog) == GOOD_IDS
    assert catalog == load_catalog(DATA / "good.yaml")
    assert catalog["TST/X01-001"] == {
        "name": "Test Pilot",
        "type": "character",
        "color": "yellow",
        "level": 0,
        "cost": 0,
        "power": 3000,
        "soul": 1,
        "traits": ["Music"],
    }
    assert catalog["TST/X01-099"]["text"].splitlines()[1].startswith("( [GATE] :")
    assert catalog["TST/X01-099"]["meta"] == {"source": "hand-written", "weiss_sim": {"id": 7}}


def test_a_record_is_located() -> None:
    assert load_catalog(DATA / "good.yaml").where("TST/X01-050").endswith("good.yaml:11:1")
    assert load_catalog(DATA / "good.jsonl").location("TST/X01-099") == (4, 1)


BAD = [
    # (file name, text, line, column, what the message says)
    ("list.yaml", "- id: A\n  type: climax\n- {type: climax, id: 5}\n", 3, 18, "card id 5 is an integer"),
    ("list.yaml", "- id: A\n  type: climax\n- type: climax\n", 3, 3, "a record has no 'id'"),
    ("map.yaml", "A: {type: climax}\nB: [climax]\n", 2, 1, "a record is a list, expected a mapping"),
    ("map.yaml", "A: {type: climax}\nB: {type: climax}\nA: {type: event}\n", 3, 1, "duplicate key 'A' (first at line 1)"),
    ("map.yaml", "A:\n  type: climax\n  lvel: 2\n", 3, 3, "'lvel' is not a card field of ws; did you mean 'level'?"),
    ("map.yaml", "A: {type: climax, type: event}\n", 1, 19, "duplicate key 'type' (first at line 1)"),
    ("map.yaml", "'?': {type: climax}\n", 1, 1, "card id '?' is reserved"),
    ("map.yaml", "7: {type: climax}\n", 1, 1, "card id 7 is an integer, expected a string"),
    ("map.yaml", "A: {type: climax, id: B}\n", 1, 19, "the record of 'A' has the id 'B'"),
    ("map.yaml", "A: {type: climax\n", 1, 17, "YAML syntax error"),  # at the end of the last line
    ("map.yaml", "A: !!python/object {type: climax}\n", 1, 4, "tag"),
    ("top.yaml", "just a string\n", 1, 1, "the catalog is a string, expected a mapping"),
    ("map.json", '{\n "A": {"type": "climax"},\n "A": {"type": "event"}\n}\n', 3, 2, "card id 'A' is given twice"),
    ("map.json", '{\n "A": {"type": "climax",\n  "abilitys": []}\n}\n', 3, 3, "did you mean 'abilities'?"),
    ("list.json", '[\n {"id": "A", "type": "climax"},\n {"id": "A", "type": "event"}\n]\n', 3, 2, "given twice"),
    ("list.json", '[\n {"id": "A", "type": "climax"},\n "B"\n]\n', 3, 2, "a record is a string"),
    ("bad.json", '{"A": {"type": "climax"},}\n', 1, 26, "JSON syntax error"),
    ("rows.jsonl", '{"id": "A", "type": "climax"}\n\n{"id": "B", "kind": 1}\n', 3, 13, "'kind' is not a card field"),
    ("rows.jsonl", '{"id": "A", "type": "climax"}\n{"id": "A", "type": "event"}\n', 2, None, "given twice"),
    ("rows.jsonl", '{"id": "A", "type": "climax"}\n["B"]\n', 2, None, "a record is a list"),
    ("rows.jsonl", '{"id": "A", "type": "climax"}\n{"id": "B",\n', 2, 12, "JSON syntax error"),
    ("rows.jsonl", '{"type": "climax", "id": ["A"]}\n', 1, 20, "card id ['A'] is a list"),
    ("rows.jsonl", "\n\n", None, None, "the catalog is empty"),
    ("empty.yaml", "# nothing yet\n---\n", None, None, "the catalog is empty; expected a mapping of card id"),
    ("nesting.json", "[" * 70 + "]" * 70, 1, None, "nested"),
    ("cards.txt", "A: {type: climax}\n", None, None, "cannot tell the catalog's encoding from the suffix '.txt'"),
]


@pytest.mark.parametrize(("name", "text", "line", "column", "message"), BAD, ids=[f"{b[0]}:{b[4]}" for b in BAD])
def test_a_bad_catalog_is_a_located_error(
    tmp_path: Path, name: str, text: str, line: int | None, column: int | None, message: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogError) as error:
        load_catalog(path)
    assert error.value.path == str(path)
    assert message in error.value.message
    assert error.value.line == line
    if column is not None:
        assert error.value.column == column


def test_the_card_fields_are_each_games_own(tmp_path: Path) -> None:
    path = tmp_path / "vg.yaml"
    path.write_text("V-01: {name: Vanguard, grade: 3, shield: 0, type: normal}\n", encoding="utf-8")
    assert load_catalog(path, "vg")["V-01"]["grade"] == 3
    with pytest.raises(CatalogError, match="'grade' is not a card field of ws"):
        load_catalog(path, "ws")
    assert {"grade", "shield", "text", "meta"} <= catalogs.card_fields("vg")
    with pytest.raises(CatalogError, match="no game 'xx' is registered"):
        load_catalog(path, "xx")


def test_catalogs_merge_and_the_same_record_twice_is_no_conflict() -> None:
    merged = load_catalogs([DATA / "good.yaml", DATA / "extra.yaml"])
    assert list(merged) == [*GOOD_IDS, "TST/X01-002"]


def test_two_records_for_one_card_id_are_an_error_naming_both_places() -> None:
    with pytest.raises(CatalogError) as error:
        merge_catalogs([load_catalog(DATA / "good.yaml"), load_catalog(DATA / "conflict.jsonl")])
    assert (error.value.path, error.value.line) == (str(DATA / "conflict.jsonl"), 2)
    assert f"card 'TST/X01-001' is also in {DATA / 'good.yaml'}:2:1, with another record" in error.value.message


# --------------------------------------------------------------------------- judge cards import weiss-sim


@pytest.fixture
def weiss_sim_installed() -> None:
    pytest.importorskip("weiss_sim")


@pytest.mark.parametrize("suffix", [".jsonl", ".json", ".yaml"])
@pytest.mark.usefixtures("weiss_sim_installed")
def test_the_imported_catalog_reads_back(tmp_path: Path, suffix: str) -> None:
    from judge.cards import weiss_sim as source

    out = tmp_path / f"cards{suffix}"
    result = CliRunner().invoke(main, ["cards", "import", "weiss-sim", "--out", str(out), "--limit", "40"])
    assert result.exit_code == 0, result.output
    assert "wrote 40 card(s) of weiss-sim 1.2.0" in result.output
    catalog = load_catalog(out)
    expected = source.catalog_records(source.read_cards()[:40])
    assert list(catalog) == [record["id"] for record in expected]
    assert catalog == {record["id"]: {k: v for k, v in record.items() if k != "id"} for record in expected}
    texts = [record["text"] for record in catalog.values() if "text" in record]
    assert any("\n" in text for text in texts)  # several abilities, one a line, kept as they are


@pytest.mark.usefixtures("weiss_sim_installed")
def test_an_existing_file_is_kept_without_force(tmp_path: Path) -> None:
    out = tmp_path / "cards.jsonl"
    out.write_text("mine\n", encoding="utf-8")
    command = ["cards", "import", "weiss-sim", "--out", str(out), "--limit", "2"]
    refused = CliRunner().invoke(main, command)
    assert refused.exit_code == 2
    assert f"{out} exists; give --force to overwrite it" in refused.output
    assert out.read_text(encoding="utf-8") == "mine\n"
    forced = CliRunner().invoke(main, [*command, "--force"])
    assert forced.exit_code == 0, forced.output
    assert [json.loads(line)["id"] for line in out.read_text(encoding="utf-8").splitlines()] == list(
        load_catalog(out)
    )
    assert list(tmp_path.iterdir()) == [out]  # nothing left beside it


def test_the_format_must_agree_with_the_suffix(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["cards", "import", "weiss-sim", "--out", str(tmp_path / "cards.json"), "--format", "yaml"]
    )
    assert result.exit_code == 2
    assert "would be read as json by its suffix, not yaml: name it cards.yaml" in result.output


@pytest.mark.usefixtures("weiss_sim_installed")
def test_card_data_of_another_version_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from judge.cards import weiss_sim as source

    folder = tmp_path / "data"
    shutil.copytree(source.data_folder(), folder)
    table = folder / source.TABLE
    raw = bytearray(table.read_bytes())
    raw[-1] ^= 0xFF
    table.write_bytes(bytes(raw))
    monkeypatch.setattr(source, "data_folder", lambda: folder)
    monkeypatch.setattr(source, "installed_version", lambda: "1.2.9")
    source._installed_cards.cache_clear()
    try:
        result = CliRunner().invoke(main, ["cards", "import", "weiss-sim", "--out", str(tmp_path / "c.jsonl")])
    finally:
        source._installed_cards.cache_clear()
    assert result.exit_code == 2
    assert "weiss-sim 1.2.9 is installed" in result.output
    assert "not weiss-sim 1.2.0's" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "c.jsonl").exists()


def test_the_help_teaches_with_an_example() -> None:
    result = CliRunner().invoke(main, ["cards", "import", "weiss-sim", "--help"])
    assert result.exit_code == 0
    assert "judge cards import weiss-sim --out ws-cards.jsonl" in result.output
    assert "cards" in CliRunner().invoke(main, ["--help"]).output
