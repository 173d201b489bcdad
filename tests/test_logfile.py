"""judge.logfile: loading judge-log/1 files in every encoding, entry locations and located shape errors."""

from __future__ import annotations

import datetime
import json
import tracemalloc
from pathlib import Path

import pytest
import yaml

from judge import logfile, loglimits
from judge.games.ws.log import game_of
from judge.logfile import GameLog, LogFormatError, load_log, parse_log
from judge.selfplay import write_log
from tests.conftest import REPO

# The same log in the three encodings.  Line numbers asserted below refer to these texts.
YAML_LOG = """\
format: judge-log/1
game: ws
meta: {event: Store Championship, round: 3}
cards:
  AL-01: {name: Alice, type: character, level: 0, power: 3000}
  CX-01: {name: Big Finale, type: climax, triggers: [soul]}
players:
  - {id: P1, name: Alice, deck: {AL-01: 4, CX-01: 8}}
  - id: P2
    name: Bob
    deck: {AL-01: 4}
first: P1
actions:
  - {p: P1, do: draw, cards: ["?"], turn: 1}
  - p: P1
    do: play
    card: AL-01
    pos: 2
    rule: ws:6.5.1.2
    expect: {P1: {stock: 0}}

  - {p: P2, do: clock, card: AL-01}
  -
    p: P2
    do: pass
result: {winner: P1, reason: level}
"""

JSON_LOG = """\
{
  "format": "judge-log/1",
  "game": "ws",
  "meta": {"event": "Store Championship", "round": 3},
  "cards": {
    "AL-01": {"name": "Alice", "type": "character", "level": 0, "power": 3000},
    "CX-01": {"name": "Big Finale", "type": "climax", "triggers": ["soul"]}
  },
  "players": [
    {"id": "P1", "name": "Alice", "deck": {"AL-01": 4, "CX-01": 8}},
    {"id": "P2", "name": "Bob", "deck": {"AL-01": 4}}
  ],
  "first": "P1",
  "actions": [
    {"p": "P1", "do": "draw", "cards": ["?"], "turn": 1},
    {
      "p": "P1", "do": "play", "card": "AL-01", "pos": 2, "rule": "ws:6.5.1.2",
      "expect": {"P1": {"stock": 0}}
    },
    {"p": "P2", "do": "clock", "card": "AL-01"}, {"p": "P2", "do": "pass"}
  ],
  "result": {"winner": "P1", "reason": "level"}
}
"""

JSONL_LOG = """\
{"format": "judge-log/1", "game": "ws", "meta": {"event": "Store Championship", "round": 3}, \
"cards": {"AL-01": {"name": "Alice", "type": "character", "level": 0, "power": 3000}, \
"CX-01": {"name": "Big Finale", "type": "climax", "triggers": ["soul"]}}, \
"players": [{"id": "P1", "name": "Alice", "deck": {"AL-01": 4, "CX-01": 8}}, \
{"id": "P2", "name": "Bob", "deck": {"AL-01": 4}}], "first": "P1", "result": {"winner": "P1", "reason": "level"}}
{"p": "P1", "do": "draw", "cards": ["?"], "turn": 1}
{"p": "P1", "do": "play", "card": "AL-01", "pos": 2, "rule": "ws:6.5.1.2", "expect": {"P1": {"stock": 0}}}

{"p": "P2", "do": "clock", "card": "AL-01"}
{"p": "P2", "do": "pass"}
"""

EXPECTED_HEADER = {
    "format": "judge-log/1",
    "game": "ws",
    "meta": {"event": "Store Championship", "round": 3},
    "cards": {
        "AL-01": {"name": "Alice", "type": "character", "level": 0, "power": 3000},
        "CX-01": {"name": "Big Finale", "type": "climax", "triggers": ["soul"]},
    },
    "players": [
        {"id": "P1", "name": "Alice", "deck": {"AL-01": 4, "CX-01": 8}},
        {"id": "P2", "name": "Bob", "deck": {"AL-01": 4}},
    ],
    "first": "P1",
    "result": {"winner": "P1", "reason": "level"},
}

EXPECTED_ACTIONS = [
    {"p": "P1", "do": "draw", "cards": ["?"], "turn": 1},
    {"p": "P1", "do": "play", "card": "AL-01", "pos": 2, "rule": "ws:6.5.1.2", "expect": {"P1": {"stock": 0}}},
    {"p": "P2", "do": "clock", "card": "AL-01"},
    {"p": "P2", "do": "pass"},
]


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_bytes(content.encode("utf-8"))
    return path


def load_error(tmp_path: Path, name: str, content: str | bytes) -> LogFormatError:
    path = write(tmp_path, name, content)
    with pytest.raises(LogFormatError) as caught:
        load_log(path)
    assert caught.value.path == str(path)
    return caught.value


# --------------------------------------------------------------------------- valid logs


@pytest.mark.parametrize(
    ("name", "text", "locations"),
    [
        ("game.yaml", YAML_LOG, [(14, 5), (15, 5), (22, 5), (24, 5)]),
        ("game.json", JSON_LOG, [(15, 5), (16, 5), (20, 5), (20, 50)]),
        ("game.jsonl", JSONL_LOG, [(2, None), (3, None), (5, None), (6, None)]),
    ],
)
def test_valid_log_in_each_encoding(tmp_path: Path, name: str, text: str, locations: list[tuple[int, int]]) -> None:
    log = load_log(write(tmp_path, name, text))
    assert isinstance(log, GameLog)
    assert log.path == str(tmp_path / name)
    assert log.encoding == name.rsplit(".", 1)[1]
    assert log.header == EXPECTED_HEADER
    assert "actions" not in log.header
    assert [entry.data for entry in log.entries] == EXPECTED_ACTIONS
    assert [entry.index for entry in log.entries] == [0, 1, 2, 3]
    assert [(entry.line, entry.column) for entry in log.entries] == locations


def test_header_lines(tmp_path: Path) -> None:
    yaml_log = load_log(write(tmp_path, "a.yaml", YAML_LOG))
    assert yaml_log.header_lines == {
        "format": 1,
        "game": 2,
        "meta": 3,
        "cards": 4,
        "players": 7,
        "first": 12,
        "actions": 13,
        "result": 26,
    }
    json_log = load_log(write(tmp_path, "a.json", JSON_LOG))
    assert json_log.header_lines == {
        "format": 2,
        "game": 3,
        "meta": 4,
        "cards": 5,
        "players": 9,
        "first": 13,
        "actions": 14,
        "result": 22,
    }
    jsonl_log = load_log(write(tmp_path, "a.jsonl", JSONL_LOG))
    assert jsonl_log.header_lines == dict.fromkeys(EXPECTED_HEADER, 1)


def test_parse_log_from_text_matches_load_log(tmp_path: Path) -> None:
    from_file = load_log(write(tmp_path, "a.yaml", YAML_LOG))
    from_text = parse_log(YAML_LOG, str(tmp_path / "a.yaml"), "yaml")
    assert from_text == from_file


def test_yml_suffix_and_upper_case_suffix(tmp_path: Path) -> None:
    assert load_log(write(tmp_path, "a.yml", YAML_LOG)).encoding == "yaml"
    assert load_log(write(tmp_path, "B.JSON", JSON_LOG)).encoding == "json"


def test_empty_actions_and_unknown_keys_are_kept(tmp_path: Path) -> None:
    text = YAML_LOG.split("actions:")[0] + 'actions: []\ntitle: "A ruling"\nclauses: [ws:4.10.1.2]\nsetup: {turn: 5}\n'
    log = load_log(write(tmp_path, "a.yaml", text))
    assert log.entries == []
    assert log.header["title"] == "A ruling"
    assert log.header["clauses"] == ["ws:4.10.1.2"]
    assert log.header["setup"] == {"turn": 5}


def test_yaml_dates_in_meta_are_left_as_dates(tmp_path: Path) -> None:
    text = YAML_LOG.replace("round: 3}", "round: 3, date: 2026-11-20}")
    log = load_log(write(tmp_path, "a.yaml", text))
    assert log.header["meta"] == {"event": "Store Championship", "round": 3, "date": datetime.date(2026, 11, 20)}


def test_file_is_not_modified(tmp_path: Path) -> None:
    for name, text in (("a.yaml", YAML_LOG), ("a.json", JSON_LOG), ("a.jsonl", JSONL_LOG)):
        path = write(tmp_path, name, text.replace("\n", "\r\n"))
        before = path.read_bytes()
        mtime = path.stat().st_mtime_ns
        load_log(path)
        assert path.read_bytes() == before
        assert path.stat().st_mtime_ns == mtime


def test_crlf_line_endings_keep_line_numbers(tmp_path: Path) -> None:
    for name, text, lines in (
        ("a.yaml", YAML_LOG, [14, 15, 22, 24]),
        ("a.json", JSON_LOG, [15, 16, 20, 20]),
        ("a.jsonl", JSONL_LOG, [2, 3, 5, 6]),
    ):
        log = load_log(write(tmp_path, name, text.replace("\n", "\r\n")))
        assert [entry.line for entry in log.entries] == lines
        assert [entry.data for entry in log.entries] == EXPECTED_ACTIONS


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    for name, text in (("a.yaml", YAML_LOG), ("a.json", JSON_LOG), ("a.jsonl", JSONL_LOG)):
        log = load_log(write(tmp_path, name, "\ufeff" + text))
        assert log.header == EXPECTED_HEADER


def test_non_ascii_text_keeps_columns(tmp_path: Path) -> None:
    text = JSON_LOG.replace('{"p": "P2", "do": "clock"', '{"p": "P2", "note": "é", "do": "clock"')
    log = load_log(write(tmp_path, "a.json", text))
    assert (log.entries[3].line, log.entries[3].column) == (20, 63)


# --------------------------------------------------------------------------- error formatting


def test_error_string_omits_missing_parts() -> None:
    assert str(LogFormatError("game.yaml", "entry 3 has no 'do'", 12, 5)) == "game.yaml:12:5: entry 3 has no 'do'"
    assert str(LogFormatError("game.jsonl", "bad", 4)) == "game.jsonl:4: bad"
    assert str(LogFormatError("game.json", "bad")) == "game.json: bad"
    assert isinstance(LogFormatError("x", "y"), ValueError)


# --------------------------------------------------------------------------- file errors


def test_unknown_suffix(tmp_path: Path) -> None:
    for name in ("game.txt", "game"):
        error = load_error(tmp_path, name, YAML_LOG)
        assert error.line is None
        for suffix in (".yaml", ".yml", ".json", ".jsonl"):
            assert suffix in error.message
    assert "'.txt'" in str(load_error(tmp_path, "game.txt", YAML_LOG))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LogFormatError) as caught:
        load_log(tmp_path / "nope.yaml")
    assert caught.value.path == str(tmp_path / "nope.yaml")
    assert "cannot read" in caught.value.message
    assert "No such file" in caught.value.message


def test_directory_is_not_a_log(tmp_path: Path) -> None:
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(LogFormatError) as caught:
        load_log(tmp_path / "dir.yaml")
    assert "cannot read" in caught.value.message


def test_file_larger_than_the_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "a.yaml", YAML_LOG)
    monkeypatch.setattr(logfile, "MAX_LOG_BYTES", 100)
    with pytest.raises(LogFormatError) as caught:
        load_log(path)
    assert "larger than the limit of 100 bytes" in caught.value.message
    monkeypatch.setattr(logfile, "MAX_LOG_BYTES", len(YAML_LOG))
    assert load_log(path).header == EXPECTED_HEADER


def test_non_utf8_bytes(tmp_path: Path) -> None:
    content = YAML_LOG.encode("utf-8").replace(b"name: Bob", b"name: B\xe9b")
    error = load_error(tmp_path, "a.yaml", content)
    assert (error.line, error.column) == (10, 12)
    assert "UTF-8" in error.message
    error = load_error(tmp_path, "a.jsonl", b'{"format": "judge-log/1"}\n{"do": "pass", "note": "\xc3\xa9\xff"}\n')
    assert (error.line, error.column) == (2, 26)


# --------------------------------------------------------------------------- YAML errors

BASE = """\
format: judge-log/1
game: ws
cards:
  AL-01: {name: Alice, type: character}
  CX-01: {name: Big Finale, type: climax}
players:
  - {id: P1, deck: {AL-01: 4, CX-01: 8}}
  - id: P2
    deck:
      AL-01: 4
first: P1
actions:
  - {p: P1, do: draw, turn: 1, cards: [AL-01]}
  - p: P2
    do: clock
    card: AL-01
    rule: ws:6.4.1.2
    expect: {P2: {clock: 1}}
"""


def test_base_fixture_is_valid(tmp_path: Path) -> None:
    log = load_log(write(tmp_path, "a.yaml", BASE))
    assert [(entry.line, entry.column) for entry in log.entries] == [(13, 5), (14, 5)]


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "words"),
    [
        # syntax
        ("game: ws", "game: [ws", 3, 6, ["YAML syntax error"]),
        ("game: ws", "game: !foo ws", 2, 7, ["YAML", "!foo"]),
        ("game: ws", "game: w\x01s", 2, 8, ["'\\x01'"]),
        ("    expect: {P2: {clock: 1}}\n", "    expect: {P2: {clock: 1}}\n---\nx: 1\n", 19, 1, ["single document"]),
        # header
        ("format: judge-log/1", "format: judge-log/2", 1, 1, ["'format'", "'judge-log/2'", "'judge-log/1'"]),
        ("format: judge-log/1\n", "", 1, 1, ["'format' is missing"]),
        ("format: judge-log/1\n", "format: judge-log/1\n7: x\n", 2, 1, ["top-level key 7"]),
        ("game: ws", "game: mtg", 2, 1, ["'game'", "'mtg'", "ws, vg, wl"]),
        ("game: ws\n", "", 1, 1, ["'game' is missing"]),
        # cards
        ("cards:\n  AL-01: {name: Alice, type: character}\n  CX-01", "cards: [AL-01]\nx:\n  CX-01", 3, 1, ["'cards'"]),
        ("  CX-01: {name: Big Finale, type: climax}", "  12: {name: X}", 5, 3, ["card id 12", "'cards'"]),
        ("  CX-01: {name: Big Finale, type: climax}", "  CX-01: climax", 5, 3, ["'CX-01'", "'climax'", "mapping"]),
        ("  CX-01: {name: Big Finale, type: climax}", "  '?': {name: X}", 5, 3, ["'?'"]),
        # players
        ("players:\n", "players: {P1: x}\nx:\n", 6, 1, ["'players'", "list"]),
        ("first: P1", "  - {id: P3, deck: {}}\nfirst: P1", 6, 1, ["'players' has 3", "exactly 2"]),
        ("  - {id: P1, deck: {AL-01: 4, CX-01: 8}}", "  - P1", 7, 5, ["players[0]", "'P1'", "mapping"]),
        ("  - id: P2", "  - name: P2", 8, 5, ["players[1]", "'id'"]),
        ("  - id: P2", "  - id: P1", 8, 5, ["'id'", "'P1'", "players[0]"]),
        ("  - id: P2", "  - id: [P2]", 8, 5, ["'id'", "['P2']"]),
        ("    deck:\n      AL-01: 4\n", "    name: Bob\n", 8, 5, ["players[1]", "'deck'"]),
        ("    deck:\n      AL-01: 4\n", "    deck: [AL-01]\n", 9, 5, ["'deck'", "['AL-01']"]),
        ("      AL-01: 4", "      ZZ-99: 4", 8, 5, ["'ZZ-99'", "'cards'", "'P2'"]),
        ("      AL-01: 4", "      AL-01: 0", 10, 7, ["'AL-01'", "0", "positive integer"]),
        ("      AL-01: 4", "      AL-01: four", 10, 7, ["'AL-01'", "'four'", "positive integer"]),
        ("      AL-01: 4", "      AL-01: true", 10, 7, ["'AL-01'", "True", "positive integer"]),
        ("first: P1", "first: P3", 11, 1, ["'first'", "'P3'", "(P1, P2)"]),
        # actions
        ("actions:", "action:", 1, 1, ["'actions' is missing"]),
        ("actions:", "actions: {do: pass}\nx:", 12, 1, ["'actions'", "list"]),
        ("actions:", "actions: ~\nx:", 12, 1, ["'actions' is null"]),
        ("  - {p: P1, do: draw, turn: 1, cards: [AL-01]}", "  - draw", 13, 5, ["entry 0", "'draw'", "mapping"]),
        ("  - p: P2\n    do: clock\n", "  - p: P2\n", 14, 5, ["entry 1 has no 'do'"]),
        ("    do: clock", "    do: 5", 15, 5, ["entry 1", "'do'", "5"]),
        ("    do: clock", "    do: ''", 15, 5, ["entry 1", "'do'", "''"]),
        ("    card: AL-01", "    5: AL-01", 16, 5, ["entry 1", "key 5"]),
        ("  - p: P2", "  - p: P3", 14, 5, ["entry 1: 'p' is 'P3', not a player of this log (P1, P2)"]),
        ("turn: 1", "turn: '1'", 13, 23, ["entry 0", "'turn'", "'1'", "integer"]),
        ("turn: 1", "turn: true", 13, 23, ["entry 0", "'turn'", "True", "integer"]),
        ("    rule: ws:6.4.1.2", "    rule: 6.4", 17, 5, ["entry 1", "'rule'", "6.4"]),
        ("    expect: {P2: {clock: 1}}", "    expect: [1]", 18, 5, ["entry 1", "'expect'", "[1]", "mapping"]),
    ],
)
def test_yaml_errors_are_located(tmp_path: Path, old: str, new: str, line: int, column: int, words: list[str]) -> None:
    assert old in BASE
    error = load_error(tmp_path, "game.yaml", BASE.replace(old, new, 1))
    assert (error.line, error.column) == (line, column), str(error)
    for word in words:
        assert word in error.message, str(error)
    assert str(error).startswith(f"{tmp_path / 'game.yaml'}:{line}:{column}: ")


def test_yaml_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    error = load_error(tmp_path, "a.yaml", "\n- a\n- b\n")
    assert (error.line, error.column) == (2, 1)
    assert "top level" in error.message and "['a', 'b']" in error.message
    error = load_error(tmp_path, "a.yaml", "# nothing here\n")
    assert error.line == 1 and "empty" in error.message


# --------------------------------------------------------------------------- JSON errors


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "words"),
    [
        ('"game": "ws",', '"game": "ws"', 4, 3, ["JSON syntax error", "','"]),
        ('"format": "judge-log/1"', '"format": 1', 2, 3, ["'format'", "1"]),
        ('"AL-01": 4}}\n', '"ZZ-99": 4}}\n', 11, 5, ["players[1]", "'ZZ-99'", "'cards'"]),
        ('{"p": "P2", "do": "pass"}', '{"p": "P3", "do": "pass"}', 20, 51, ["entry 3: 'p' is 'P3'", "(P1, P2)"]),
        ('{"p": "P2", "do": "pass"}', '{"p": "P2"}', 20, 50, ["entry 3 has no 'do'"]),
        ('"turn": 1', '"turn": 1.5', 15, 47, ["entry 0", "'turn'", "1.5"]),
        ('"first": "P1"', '"first": null', 13, 3, ["'first'", "None"]),
    ],
)
def test_json_errors_are_located(tmp_path: Path, old: str, new: str, line: int, column: int, words: list[str]) -> None:
    assert old in JSON_LOG
    error = load_error(tmp_path, "game.json", JSON_LOG.replace(old, new, 1))
    assert (error.line, error.column) == (line, column), str(error)
    for word in words:
        assert word in error.message, str(error)


def test_json_top_level_must_be_an_object(tmp_path: Path) -> None:
    error = load_error(tmp_path, "a.json", "\n\n  [1, 2]\n")
    assert (error.line, error.column) == (3, 3)
    assert "top level" in error.message


def test_json_empty_and_too_deep(tmp_path: Path) -> None:
    error = load_error(tmp_path, "a.json", "")
    assert (error.line, error.column) == (1, 1)
    error = load_error(tmp_path, "a.json", '{"format": ' + "[" * 200_000 + "]" * 200_000 + "}")
    assert "nested too deeply" in error.message


def test_json_repeated_top_level_key_is_located_at_the_second(tmp_path: Path) -> None:
    text = JSON_LOG.replace('"first": "P1",', '"first": "P1",\n  "actions": [{"do": "pass"}],', 1)
    error = load_error(tmp_path, "a.json", text)
    assert (error.line, error.column) == (15, 3)
    assert error.message == "duplicate key 'actions' (first at line 14)"


# --------------------------------------------------------------------------- JSON Lines errors


def test_jsonl_header_with_actions(tmp_path: Path) -> None:
    header = json.dumps({**EXPECTED_HEADER, "actions": []})
    error = load_error(tmp_path, "a.jsonl", header + "\n" + '{"do": "pass"}\n')
    assert (error.line, error.column) == (1, None)
    assert "'actions'" in error.message


def test_jsonl_bad_line_is_named(tmp_path: Path) -> None:
    text = JSONL_LOG.replace(
        '{"p": "P2", "do": "clock", "card": "AL-01"}', '{"p": "P2", "do": "clock" "card": "AL-01"}'
    )
    error = load_error(tmp_path, "a.jsonl", text)
    assert (error.line, error.column) == (5, 27)
    assert "JSON syntax error" in error.message


def test_jsonl_rows_with_whitespace_around_them_read_as_the_bare_rows(tmp_path: Path) -> None:
    """Windows line ends, indented or padded rows: the same entries, at the same lines."""
    clean = load_log(write(tmp_path, "clean.jsonl", JSONL_LOG))
    rows = JSONL_LOG.split("\n")
    padded = "\r\n".join([rows[0], "  " + rows[1], rows[2] + " \t", *rows[3:]])
    log = load_log(write(tmp_path, "padded.jsonl", padded))
    assert [(entry.line, entry.data) for entry in log.entries] == [(entry.line, entry.data) for entry in clean.entries]


def test_jsonl_row_with_more_after_its_value_is_located(tmp_path: Path) -> None:
    text = JSONL_LOG.replace('{"p": "P2", "do": "pass"}', '{"p": "P2", "do": "pass"} {"do": "pass"}')
    error = load_error(tmp_path, "a.jsonl", text)
    assert (error.line, error.column) == (6, 27)
    assert "JSON syntax error: Extra data" in error.message


def test_jsonl_bad_header(tmp_path: Path) -> None:
    error = load_error(tmp_path, "a.jsonl", '{"format": "judge-log/1",\n"game": "ws"}\n')
    assert (error.line, error.column) == (1, 26)
    error = load_error(tmp_path, "a.jsonl", '["judge-log/1"]\n')
    assert error.line == 1 and "top level" in error.message
    error = load_error(tmp_path, "a.jsonl", "\n" + JSONL_LOG)
    assert error.line == 1 and "header" in error.message
    error = load_error(tmp_path, "a.jsonl", JSONL_LOG.replace('"game": "ws"', '"game": "WS"', 1))
    assert (error.line, error.column) == (1, JSONL_LOG.index('"game"') + 1)  # the header line is walked too
    assert "'game' is 'WS'" in error.message


def test_jsonl_entry_errors_name_their_line(tmp_path: Path) -> None:
    error = load_error(tmp_path, "a.jsonl", JSONL_LOG.replace('{"p": "P2", "do": "pass"}', '{"p": "P2", "turn": "1"}'))
    assert (error.line, error.column) == (6, None)
    assert "entry 3 has no 'do'" in error.message
    error = load_error(tmp_path, "a.jsonl", JSONL_LOG.replace('{"p": "P2", "do": "pass"}', "[1]"))
    assert (error.line, error.column) == (6, None)
    assert "entry 3 is a list [1]" in error.message


def test_parse_log_rejects_unknown_encoding() -> None:
    with pytest.raises(LogFormatError) as caught:
        parse_log(YAML_LOG, "a.toml", "toml")
    assert "'toml'" in caught.value.message


def test_pure_python_yaml_loader_gives_the_same_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    fast = load_log(write(tmp_path, "a.yaml", YAML_LOG))
    monkeypatch.setattr(loglimits, "YAML_LOADER", yaml.SafeLoader)
    assert load_log(tmp_path / "a.yaml") == fast
    error = load_error(tmp_path, "b.yaml", BASE.replace("  - p: P2", "  - p: P3"))
    assert (error.line, error.column) == (14, 5)
    error = load_error(tmp_path, "c.yaml", BASE.replace("game: ws", "game: w\x01s"))
    assert (error.line, error.column) == (2, 8)


SETUP_LOG = """\
format: judge-log/1
game: ws
cards:
  Y0: {name: Runner, type: character, level: 0, cost: 0, color: yellow, power: 2500, soul: 1}
players:
  - {id: P1, name: Alice, deck: {Y0: 4}}
  - {id: P2, name: Bob, deck: {Y0: 4}}
first: P1
setup:
  turn: 3
  active: P1
  P1:
    stage: {1: Y0, 2: Y0}
    hand: [Y0]
  P2:
    deck: 3
actions: []
"""


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ("stage: {1: Y0, 2: Y0}", "stage: {1: Y0, 2: Y9}", "2: Y9"),
        ("hand: [Y0]", "hand: [Y0, 7]", "7]"),
        ("deck: 3", "deck: {top: [Y0], rest: -1}", "rest: -1"),
        ("turn: 3", "turn: 0", "turn: 0"),
    ],
)
def test_a_setup_error_points_at_the_offending_key_in_yaml(old: str, new: str, key: str) -> None:
    text = SETUP_LOG.replace(old, new)
    with pytest.raises(LogFormatError) as caught:  # a field of the wrong type on loading, the others on reading
        game_of(parse_log(text, "setup.yaml", "yaml"))
    line = next(number for number, row in enumerate(text.splitlines(), 1) if key in row)
    assert (caught.value.line, caught.value.column) == (line, text.splitlines()[line - 1].index(key) + 1)


def test_a_setup_error_points_at_the_offending_key_in_json_and_json_lines() -> None:
    document = yaml.safe_load(SETUP_LOG.replace("2: Y0}", "2: Y9}"))
    text = json.dumps(document, indent=2)
    with pytest.raises(LogFormatError) as caught:
        game_of(parse_log(text, "setup.json", "json"))
    line = next(number for number, row in enumerate(text.splitlines(), 1) if '"Y9"' in row)
    assert caught.value.line == line and "'Y9' is not a card of this log" in caught.value.message
    header = {key: value for key, value in document.items() if key != "actions"}
    text = json.dumps(header) + "\n"
    with pytest.raises(LogFormatError) as caught:
        game_of(parse_log(text, "setup.jsonl", "jsonl"))
    assert (caught.value.line, caught.value.column) == (1, text.index('"2": "Y9"') + 1)


# --------------------------------------------------------------------------- YAML locations against the node tree


def tree_locate(root: yaml.Node, path: tuple[object, ...]) -> tuple[int, int]:
    """Where PyYAML's node tree puts ``path``: the key of a whole path (a list's item: the item), else the node of
    its deepest part found; the way the loader located errors when it kept the tree."""
    node, mark = root, root.start_mark
    for step, key in enumerate(path):
        child: yaml.Node | None = None
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(key):
                    mark = key_node.start_mark if step == len(path) - 1 else value_node.start_mark
                    child = value_node
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            child = node.value[key]
            mark = child.start_mark
        if child is None:
            break
        node = child
    return mark.line + 1, mark.column + 1


def tree_paths(root: yaml.Node) -> list[tuple[object, ...]]:
    """Every path of the tree (a list's items by index, a mapping's values by their key's text), and each with a
    step that is not there."""
    paths: list[tuple[object, ...]] = []
    pending: list[tuple[tuple[object, ...], yaml.Node]] = [((), root)]
    while pending:
        path, node = pending.pop()
        paths.extend([path, (*path, "missing"), (*path, 99)])
        if len(path) > 8:
            continue
        if isinstance(node, yaml.MappingNode):
            pending.extend(((*path, key.value), value) for key, value in node.value if isinstance(key, yaml.ScalarNode))
        elif isinstance(node, yaml.SequenceNode):
            pending.extend(((*path, index), item) for index, item in enumerate(node.value))
    return paths


def tree_header(root: yaml.Node) -> dict[tuple[str, ...], tuple[int, int]]:
    """Every key and item of the header (all but the actions) as the tree had them, keys as text."""
    table: dict[tuple[str, ...], tuple[int, int]] = {}
    pending: list[tuple[tuple[str, ...], yaml.Node]] = []
    for key, value in root.value:
        table[(key.value,)] = (key.start_mark.line + 1, key.start_mark.column + 1)
        if key.value != "actions":
            pending.append(((key.value,), value))
    while pending:
        path, node = pending.pop()
        children: list[tuple[str, yaml.Node, yaml.Node]] = []
        if isinstance(node, yaml.MappingNode):
            children = [(key.value, key, value) for key, value in node.value if isinstance(key, yaml.ScalarNode)]
        elif isinstance(node, yaml.SequenceNode):
            children = [(str(index), item, item) for index, item in enumerate(node.value)]
        for name, marked, child in children:
            table.setdefault((*path, name), (marked.start_mark.line + 1, marked.start_mark.column + 1))
            pending.append(((*path, name), child))
    return table


LOCATED = {
    "flow top level": '{format: judge-log/1, game: ws,\n cards: {AL-01: {name: A}},\n actions: [{do: pass,\n  p: P1}]}\n',
    "an anchor in the header": "cards: {A: &c {name: A, traits: [x]}}\nmeta:\n  again: *c\n  list: [*c, {b: 1}]\nactions: []\n",
    "entries with anchors": "actions:\n  - &e {do: pass, x: {y: 1}}\n  - *e\n  - {do: draw, again: *e}\n",
    "actions as an alias": "spare: &a [{do: pass}, {do: draw, p: P1}]\nactions: *a\n",
    "compact entries": "actions:\n- - a\n  - b\n- do: pass\n  note: |\n    text\n- {do: x}\n",
    "indented top level": "  format: x\n  cards:\n    A: {name: A}\n  actions:\n    - do: pass\n      p: P1\n",
    "explicit keys": "? cards\n: {A: 1}\n? actions\n: [{do: pass}]\n",
    "comments and blank lines": "# a log\ncards:   # the cards\n\n  A: 1 # one\n\nactions: # entries\n\n  - do: pass # x\n\n  -   do: draw\n",
    "non-ASCII text": "meta: {note: \"\u00e9t\u00e9 \u2014 \u6f22\u5b57\"}\ncards: {\u00c9: {name: \u00c9}}\nactions:\n  - {do: pass, note: \u00e9}\n",
    "block scalars": "meta:\n  text: >\n    folded\n    lines\n  kept: |+\n    a\n\ncards: {}\nactions:\n  - do: pass\n    note: |\n      b\n",
}


def located_texts() -> list[tuple[str, str]]:
    files = [REPO / "judge" / "examples" / "ws-game.yaml", *sorted((REPO / "scenarios" / "ws").rglob("*.yaml"))[:20]]
    return [*LOCATED.items(), *((path.name, path.read_text(encoding="utf-8")) for path in files)]


@pytest.mark.parametrize(("name", "text"), located_texts(), ids=[name for name, _ in located_texts()])
@pytest.mark.parametrize("as_bytes", [False, True], ids=["text", "bytes"])
def test_yaml_locations_are_where_the_node_tree_had_them(name: str, text: str, as_bytes: bool) -> None:
    """The loader keeps no node tree; what it finds again in the text, when an error needs it, is where the tree
    put every path, found or not: inside an entry, in the header, through aliases, whatever the style."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    source: str | bytes = text.encode("utf-8") if as_bytes else text
    data, actions, locator, lines, columns = logfile._parse_yaml(source, "case.yaml", None)
    for path in tree_paths(root):
        assert locator.locate(path) == tree_locate(root, path), path
    if isinstance(actions, list):
        assert list(zip(lines, columns)) == [tree_locate(root, ("actions", index)) for index in range(len(actions))]
    assert locator.header_walk()() == tree_header(root)


# --------------------------------------------------------------------------- repeated keys


@pytest.mark.parametrize(
    ("old", "new", "key", "first"),
    [
        ("first: P1\n", "first: P1\ngame: vg\n", "game", 2),  # the header
        ("  CX-01: {name: Big Finale, type: climax}", "  CX-01: {name: Big Finale, type: climax, name: X}", "name", 5),
        ("      AL-01: 4\n", "      AL-01: 4\n      AL-01: 5\n", "AL-01", 10),  # a deck list
        ("  - {p: P1, do: draw, turn: 1, cards: [AL-01]}", "  - {p: P1, do: draw, cards: [AL-01], cards: [CX-01]}", "cards", 13),
        ("    card: AL-01\n", "    card: AL-01\n    card: CX-01\n", "card", 16),  # an entry, block style
        ("    expect: {P2: {clock: 1}}", "    expect: {P2: {clock: 1, clock: 2}}", "clock", 18),
    ],
)
def test_a_repeated_yaml_key_is_located_at_the_second(tmp_path: Path, old: str, new: str, key: str, first: int) -> None:
    """At the second key's line and column, naming the first's line, wherever the mapping is."""
    assert old in BASE
    text = BASE.replace(old, new, 1)
    error = load_error(tmp_path, "game.yaml", text)
    assert error.message == f"duplicate key {key!r} (first at line {first})"
    second = text.rindex(f"{key}:", 0, text.index(new) + len(new))
    line_start = text.rfind("\n", 0, second) + 1
    assert (error.line, error.column) == (text.count("\n", 0, second) + 1, second - line_start + 1)


def test_keys_equal_as_values_repeat_in_yaml(tmp_path: Path) -> None:
    """``1`` and ``0x1`` are one key once read (PyYAML would keep the last and say nothing)."""
    text = BASE.replace("    deck:\n      AL-01: 4\n", "    deck:\n      AL-01: 4\n    stats: {1: a, 0x1: b}\n")
    error = load_error(tmp_path, "game.yaml", text)
    assert error.message == "duplicate key 1 (first at line 11)" and (error.line, error.column) == (11, 19)


def test_merged_keys_are_not_repeated_keys(tmp_path: Path) -> None:
    text = BASE.replace("first: P1\n", "first: P1\nmeta:\n  base: &b {x: 1}\n  merged: {<<: [*b, {y: 3}], x: 2}\n")
    log = load_log(write(tmp_path, "game.yaml", text))
    assert log.header["meta"]["merged"] == {"x": 2, "y": 3}


@pytest.mark.parametrize(
    ("old", "new", "key", "first"),
    [
        ('"first": "P1",', '"first": "P1", "game": "ws",', "game", 3),
        ('"level": 0, "power": 3000}', '"level": 0, "power": 3000, "level": 1}', "level", 6),
        ('{"p": "P2", "do": "pass"}', '{"p": "P2", "do": "pass", "p": "P1"}', "p", 20),
        ('"expect": {"P1": {"stock": 0}}', '"expect": {"P1": {"stock": 0}, "P1" : {}}', "P1", 18),  # a blank first
    ],
)
def test_a_repeated_json_key_is_located_at_the_second(tmp_path: Path, old: str, new: str, key: str, first: int) -> None:
    assert old in JSON_LOG
    text = JSON_LOG.replace(old, new, 1)
    error = load_error(tmp_path, "game.json", text)
    assert error.message == f"duplicate key {key!r} (first at line {first})"
    second = text.rindex(f'"{key}"', 0, text.index(new) + len(new))
    line_start = text.rfind("\n", 0, second) + 1
    assert (error.line, error.column) == (text.count("\n", 0, second) + 1, second - line_start + 1)


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        ('"first": "P1"', '"first": "P1", "first": "P2"', 1),
        ('{"p": "P2", "do": "pass"}', '{"p": "P2", "do": "pass", "do": "draw"}', 6),
        ('"expect": {"P1": {"stock": 0}}', '"expect": {"P1": {"stock": 0, "stock": 1}}', 3),
    ],
)
def test_a_repeated_json_lines_key_is_located_at_the_second(tmp_path: Path, old: str, new: str, line: int) -> None:
    assert old in JSONL_LOG
    text = JSONL_LOG.replace(old, new, 1)
    error = load_error(tmp_path, "game.jsonl", text)
    row = text.split("\n")[line - 1]
    key = new.rsplit('"', 4)[1] if "stock" not in new else "stock"
    assert error.message.startswith(f"duplicate key {key!r} (first at line {line})")
    assert (error.line, error.column) == (line, row.rindex(f'"{key}"') + 1)


def test_a_followed_json_lines_entry_may_not_repeat_a_key() -> None:
    header = JSONL_LOG.split("\n")[0]
    log = parse_log(header + "\n", "game.jsonl", "jsonl")
    assert logfile.parse_jsonl_entry('{"p": "P1", "do": "pass"}', log, 2) is not None
    with pytest.raises(LogFormatError) as caught:
        logfile.parse_jsonl_entry('{"p": "P1", "do": "pass", "p": "P2"}', log, 3)
    assert caught.value.message == "duplicate key 'p' (first at line 3)" and caught.value.column == 27


def test_json_text_that_only_looks_like_a_repeated_key_loads(tmp_path: Path) -> None:
    """A string that starts with a colon, or holds a quote and a colon, adds a ``":`` to the text that no key
    made: the count differs, the keys are looked at one by one, and none repeats."""
    note = ': sure \\": yes'
    for name, text in (
        ("a.json", JSON_LOG.replace('"round": 3}', f'"round": 3, "note": "{note}"}}')),
        ("a.jsonl", JSONL_LOG.replace('"round": 3}', f'"round": 3, "note": "{note}"}}')),
    ):
        log = load_log(write(tmp_path, name, text))
        assert log.header["meta"]["note"] == ': sure ": yes'


# --------------------------------------------------------------------------- syntax errors at the end of a file


def padded_to(lines: int, last: str) -> str:
    """BASE with notes added so that the file has ``lines`` lines, ``last`` the last of them."""
    rows = BASE.splitlines()
    rows += [f"note{index}: x" for index in range(lines - len(rows) - 1)]
    return "\n".join([*rows, last]) + "\n"


@pytest.mark.parametrize(
    "last", ["note: [a, b", 'note: "never closed', "note: {a: b,", "note: 'open"], ids=["list", "quote", "map", "single"]
)
@pytest.mark.parametrize("ending", ["\n", "\r\n", "\n\n\n", ""], ids=["lf", "crlf", "blank-lines", "no-newline"])
def test_a_yaml_syntax_error_at_the_end_is_on_the_last_line(tmp_path: Path, last: str, ending: str) -> None:
    """The parser stops past the last line; the error is placed just after the last character the file has."""
    text = padded_to(423, last)[:-1] + ending
    error = load_error(tmp_path, "game.yaml", text.replace("\n", "\r\n") if ending == "\r\n" else text)
    assert "YAML syntax error" in error.message
    assert (error.line, error.column) == (423, len(last) + 1), str(error)


@pytest.mark.parametrize(
    ("cut", "added"),
    [("\n}\n", "\n\n"), ('"reason": "level"}\n}\n', "\n"), ("}\n", "  ")],
    ids=["object-open", "after-a-comma", "trailing-blanks"],
)
def test_a_json_syntax_error_at_the_end_is_on_the_last_line(tmp_path: Path, cut: str, added: str) -> None:
    """Left open at the end: placed just after the last character, on the last line that has one."""
    assert JSON_LOG.endswith(cut)
    text = JSON_LOG[: -len(cut)] + added
    error = load_error(tmp_path, "game.json", text)
    last = text.rstrip().splitlines()
    assert (error.line, error.column) == (len(last), len(last[-1]) + 1), str(error)


def test_a_json_lines_row_left_open_at_the_end_is_on_its_line(tmp_path: Path) -> None:
    text = JSONL_LOG.rstrip("\n")[:-1] + "\n"
    error = load_error(tmp_path, "game.jsonl", text)
    assert (error.line, error.column) == (6, len(text.splitlines()[5]) + 1)


# --------------------------------------------------------------------------- memory and size


MEMORY_BOUND = 16
"""Reading a log may take at most this many times its size (``judge/site/limits.rst`` gives the figures)."""


def large_log(tmp_path: Path, suffix: str, size: int) -> Path:
    """The bundled Weiss Schwarz game with its entries repeated (each a copy, so that YAML writes no aliases) to
    about ``size`` bytes, written as the self-play writes logs."""
    document = yaml.safe_load((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"))
    path = tmp_path / f"large{suffix}"
    write_log(document, path)
    copies = max(1, size // path.stat().st_size)
    document["actions"] = json.loads(json.dumps(document["actions"] * copies))
    write_log(document, path)
    return path


@pytest.mark.parametrize(("suffix", "size"), [(".yaml", 400_000), (".json", 3_000_000), (".jsonl", 3_000_000)])
def test_reading_a_large_log_takes_a_few_times_its_size(tmp_path: Path, suffix: str, size: int) -> None:
    """The peak of what reading allocates, measured by tracemalloc, on a log of some megabytes (less for YAML, whose
    reading tracemalloc slows down the most; the full measurement, 50 MB in each encoding, is
    ``bench/bench_load.py``)."""
    parse_log(YAML_LOG, "warm.yaml", "yaml")  # the games' modules are imported before, not during, the measure
    path = large_log(tmp_path, suffix, size)
    size = path.stat().st_size
    tracemalloc.start()
    try:
        log = load_log(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(log.entries) > 5_000
    assert peak < MEMORY_BOUND * size, f"{peak:,} bytes to read {size:,}: {peak / size:.1f} times"


def test_a_file_over_the_size_limit_is_refused_without_being_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as handle:  # sparse: no disk space used
        handle.truncate(logfile.MAX_LOG_BYTES + 1)

    def no_open(*arguments: object, **options: object) -> None:
        raise AssertionError("the file was opened")

    monkeypatch.setattr("builtins.open", no_open)
    with pytest.raises(LogFormatError) as caught:
        load_log(path)
    assert caught.value.line is None
    assert f"larger than the limit of {logfile.MAX_LOG_BYTES:,} bytes (64 MiB, MAX_LOG_BYTES)" in caught.value.message


def test_the_size_limit_keeps_the_largest_log_within_a_few_gigabytes() -> None:
    """A file built to cost the most (nothing but empty entries, ``bench/bench_load.py --worst``) takes some forty
    times its size to read; at the limit, that is a few gigabytes, not the memory of the machine."""
    assert logfile.MAX_LOG_BYTES * 45 < 3 * 1024**3


def test_character_offsets_are_found_in_the_bytes_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A YAML log read from its bytes keeps its header's text for later errors: cut by character offsets, a chunk
    of bytes decoded at a time, never inside a character."""
    text = "format: x\nmeta: {n\u00f6te: \"\u00e9t\u00e9 \u2014 \u6f22\u5b57 \U0001f0a1\"}\ncards: {\u00c9: 1}\nactions: []\n"
    raw = text.encode("utf-8")
    monkeypatch.setattr(logfile, "_CHUNK", 5)
    offsets = list(range(len(text) + 1))
    found = logfile._byte_offsets(raw, offsets)
    assert [found[offset] for offset in offsets] == [len(text[:offset].encode("utf-8")) for offset in offsets]
    spans = [(0, 9), (10, 40), (12, len(text))]
    assert logfile._yaml_pieces(raw, spans) == [text[start:end] for start, end in spans]
