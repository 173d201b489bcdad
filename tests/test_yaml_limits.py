"""The limits on reading a log (judge.logfile): size, nesting, YAML aliases and YAML tags.

Each limit is refused with a located ``LogFormatError`` that names the limit and its
value, at the place where the file crosses it; the same nesting limit holds for YAML,
JSON and JSON Lines.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge import logfile, loglimits
from judge.cli import main
from judge.logfile import (
    ALIAS_EXPANSION_FLOOR,
    ALIAS_EXPANSION_RATIO,
    MAX_NESTING,
    LogFormatError,
    load_log,
    load_log_bytes,
    parse_log,
)
from judge.replay import verify_path
from judge.verdict import VerdictKind
from tests.conftest import REPO
from tests.guards import time_limit

EXAMPLES = sorted((REPO / "judge" / "examples").glob("*.yaml"))

HEADER = """\
format: judge-log/1
game: ws
cards:
  AL-01: {name: Alice, type: character, level: 0, cost: 0, color: yellow, power: 3000, soul: 1}
players:
  - {id: P1, deck: {AL-01: 4}}
  - {id: P2, deck: {AL-01: 4}}
first: P1
actions:
  - {p: P1, do: pass}
"""
"""A log of the right shape (the loader's checks only: it is not replayed here)."""


def log_with(meta: str) -> str:
    """HEADER with a first line ``meta: <meta>``: line 1 holds what a test puts there."""
    return f"meta: {meta}\n{HEADER}"


def error_of(text: str, suffix: str = ".yaml") -> LogFormatError:
    encoding = logfile.ENCODINGS_BY_SUFFIX[suffix]
    with pytest.raises(LogFormatError) as caught:
        parse_log(text, f"game{suffix}", encoding)
    return caught.value


def nested(levels: int) -> str:
    """``levels`` flow lists, one inside the other, around a scalar."""
    return "[" * levels + "x" + "]" * levels


def json_nested(levels: int) -> str:
    return nested(levels).replace("x", '"x"')


def assert_too_deep(error: LogFormatError, line: int, column: int | None) -> None:
    assert (error.line, error.column) == (line, column), str(error)
    assert "nested too deeply" in error.message
    assert f"more than {MAX_NESTING} " in error.message and f"the limit is {MAX_NESTING}" in error.message


# --------------------------------------------------------------------------- size


def test_a_file_over_the_size_limit_is_refused_before_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(HEADER, encoding="utf-8")
    size = len(HEADER.encode("utf-8"))
    monkeypatch.setattr(logfile, "MAX_LOG_BYTES", size - 1)
    for load in (lambda: load_log(path), lambda: load_log_bytes(str(path), path.read_bytes())):
        with pytest.raises(LogFormatError) as caught:
            load()
        assert caught.value.path == str(path)
        assert f"larger than the limit of {size - 1:,} bytes" in caught.value.message
        assert caught.value.line is None  # a property of the whole file, not of a line
    verdict = verify_path(str(path))
    assert verdict.kind is VerdictKind.MALFORMED and "limit" in verdict.violations[0].message
    monkeypatch.setattr(logfile, "MAX_LOG_BYTES", size)
    assert load_log(path).header["game"] == "ws"


# --------------------------------------------------------------------------- nesting


@pytest.mark.parametrize("extra", ["", "  - p: P1\n    do: pass\n    note: Hello !world\n"], ids=["plain", "with-a-tag-like-word"])
def test_yaml_flow_nesting_past_the_limit_is_located(extra: str) -> None:
    """Line 1 is the top-level mapping (level 1) and ``meta``'s lists: 63 lists are allowed, the 64th is not."""
    parse_log(log_with(nested(MAX_NESTING - 1)) + extra, "game.yaml", "yaml")
    error = error_of(log_with(nested(MAX_NESTING)) + extra)
    assert_too_deep(error, 1, len("meta: ") + MAX_NESTING)


def test_yaml_block_nesting_past_the_limit_is_located() -> None:
    """Mappings indented one level a line: the mapping on line k is at level k."""
    text = "".join(f"{'  ' * (level - 1)}k{level}:\n" for level in range(1, 71)) + HEADER
    error = error_of(text)
    assert_too_deep(error, MAX_NESTING + 1, 2 * MAX_NESTING + 1)


def test_yaml_compact_sequences_past_the_limit_are_located() -> None:
    text = "meta:\n" + "- " * 100 + "x\n" + HEADER
    error = error_of(text)
    assert_too_deep(error, 2, 2 * MAX_NESTING - 1)  # the 64th '- ' opens level 65


@pytest.mark.parametrize("levels", [1_200, 2_900])
def test_nesting_past_the_parsers_own_bound_is_refused_at_ours(levels: int) -> None:
    """Some releases of libyaml refuse a document 1,000 levels deep on their own, scanning ahead of the
    parser; such a document is still this project's refusal, at the level where the limit is crossed, whichever
    PyYAML is installed."""
    text = log_with(nested(levels))
    assert_too_deep(error_of(text), 1, len("meta: ") + MAX_NESTING)


def test_a_syntax_error_inside_deep_nesting_is_a_syntax_error() -> None:
    """Where the text breaks before the limit is reached, the refusal is the YAML error, whatever the depth."""
    error = error_of("meta: [x: y: z, " + "[" * 1_200 + "]" * 1_200 + "]\n" + HEADER)
    assert "YAML syntax error" in error.message and error.line == 1


def test_nesting_within_the_limit_loads() -> None:
    log = parse_log(log_with(nested(MAX_NESTING - 1)), "game.yaml", "yaml")
    value = log.header["meta"]
    for _ in range(MAX_NESTING - 1):
        assert isinstance(value, list) and len(value) == 1
        value = value[0]
    assert value == "x"


def test_the_same_limit_in_every_encoding() -> None:
    """An entry's note nested to exactly the limit loads in YAML, JSON and JSON Lines; one level more fails in all."""
    document = yaml.safe_load(HEADER)
    for levels, fails in ((MAX_NESTING - 3, False), (MAX_NESTING - 2, True)):  # the entry is at level 3
        note: object = "x"
        for _ in range(levels):
            note = [note]
        document["actions"][0]["note"] = note
        header = {key: value for key, value in document.items() if key != "actions"}
        texts = {
            ".yaml": yaml.safe_dump(document, sort_keys=False),
            ".json": json.dumps(document, indent=1),
            ".jsonl": json.dumps(header) + "\n" + json.dumps(document["actions"][0]) + "\n",
        }
        for suffix, text in texts.items():
            if fails:
                assert "nested too deeply" in error_of(text, suffix).message, suffix
            else:
                parse_log(text, f"game{suffix}", logfile.ENCODINGS_BY_SUFFIX[suffix])


def test_json_nesting_past_the_limit_is_located() -> None:
    text = '{\n  "x": 1,\n  "meta": ' + json_nested(MAX_NESTING) + "\n}"
    error = error_of(text, ".json")
    assert_too_deep(error, 3, len('  "meta": ') + MAX_NESTING)  # the object is level 1
    error = error_of(text.replace(json_nested(MAX_NESTING), json_nested(MAX_NESTING - 1)), ".json")
    assert "nested" not in error.message  # read: 'format' is missing


@pytest.mark.parametrize(
    "decoy",
    ['"]]]]]]]]]]"', '"}}}}}}}}}}"', '"a\\\\"', '"\\"]]]]]]]]"', '"\\\\\\"]]]]]]"'],
    ids=["closing-brackets", "closing-braces", "escaped-backslash", "escaped-quote", "both"],
)
def test_json_brackets_inside_strings_neither_hide_nor_add_nesting(decoy: str) -> None:
    shallow = '{"a": ' + decoy + ', "b": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}'
    with pytest.raises(LogFormatError) as caught:
        parse_log(shallow, "game.json", "json")
    assert "nested too deeply" not in caught.value.message  # 'format' is missing, nothing deeper
    deep = '{"a": ' + decoy + ', "b": ' + json_nested(MAX_NESTING) + "}"
    error = error_of(deep, ".json")
    assert_too_deep(error, 1, len('{"a": ' + decoy + ', "b": ') + MAX_NESTING)


def test_json_lines_rows_are_nested_under_the_header_and_actions() -> None:
    header = json.dumps({key: value for key, value in yaml.safe_load(HEADER).items() if key != "actions"})
    start = '{"p": "P1", "do": "pass", "note": '
    row = start + json_nested(MAX_NESTING - 3) + "}"
    parse_log(f"{header}\n{row}\n", "game.jsonl", "jsonl")
    row = start + json_nested(MAX_NESTING - 2) + "}"
    error = error_of(f"{header}\n\n{row}\n", ".jsonl")
    assert_too_deep(error, 3, len(start) + MAX_NESTING - 2)
    deep_header = header[:-1] + ', "meta": ' + json_nested(MAX_NESTING) + "}"
    error = error_of(f"{deep_header}\n{row}\n", ".jsonl")
    assert_too_deep(error, 1, len(header[:-1] + ', "meta": ') + MAX_NESTING)


def test_the_limit_is_read_when_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """MAX_NESTING is the one number every check reads: lowered, it refuses the bundled example's entries."""
    monkeypatch.setattr(loglimits, "MAX_NESTING", 4)
    text = EXAMPLES[0].read_text(encoding="utf-8")
    for suffix, data in (".yaml", text), (".json", json.dumps(yaml.safe_load(text), default=str)):
        error = error_of(data, suffix)
        assert "more than 4 " in error.message and error.line is not None


HUGE = 200_000

CHILD = f"""\
import json, sys
from judge.logfile import LogFormatError, parse_log
cases = {{
    "yaml-flow": ("yaml", "meta: " + "[" * {HUGE} + "]" * {HUGE} + "\\n"),
    "yaml-compact": ("yaml", "meta:\\n" + "- " * {HUGE} + "x\\n"),
    "yaml-compact-cr": ("yaml", "meta:\\r" + "- " * {HUGE} + "x\\r"),
    "yaml-compact-crlf": ("yaml", "meta:\\r\\n" + "- " * {HUGE} + "x\\r\\n"),
    "yaml-compact-ls": ("yaml", "meta:\\u2028" + "- " * {HUGE} + "x\\u2028"),
    "yaml-anchor": ("yaml", "a: &a x\\nmeta: " + "[" * {HUGE} + "]" * {HUGE} + "\\n"),
    "json": ("json", '{{"meta": ' + "[" * {HUGE} + "]" * {HUGE} + "}}"),
    "jsonl": ("jsonl", '{{"format": "judge-log/1"}}\\n{{"do": ' + "[" * {HUGE} + "]" * {HUGE} + "}}\\n"),
}}
found = {{}}
for name, (encoding, text) in cases.items():
    try:
        parse_log(text, "deep." + encoding, encoding)
        found[name] = None
    except LogFormatError as error:
        found[name] = [error.line, error.column, error.message]
print(json.dumps(found))
"""


def test_hundreds_of_thousands_of_levels_are_refused_not_crashed() -> None:
    """libyaml's composer recurses in C: past some 20,000 levels it crashed the process.  Run in a child process,
    so that a regression is a failed test, not a crashed test run (and a hang one, past the timeout)."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD], check=False, cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    expected = {
        "yaml-flow": [1, len("meta: ") + MAX_NESTING],
        "yaml-compact": [2, 2 * MAX_NESTING - 1],
        "yaml-compact-cr": [2, 2 * MAX_NESTING - 1],
        "yaml-compact-crlf": [2, 2 * MAX_NESTING - 1],
        "yaml-compact-ls": [2, 2 * MAX_NESTING - 1],
        "yaml-anchor": [2, len("meta: ") + MAX_NESTING],
        "json": [1, len('{"meta": ') + MAX_NESTING],
        "jsonl": [2, len('{"do": ') + MAX_NESTING - 2],
    }
    for name, (line, column) in expected.items():
        assert found[name] is not None, name
        assert found[name][:2] == [line, column], (name, found[name])
        assert "nested too deeply" in found[name][2]


def test_the_pure_python_loader_refuses_the_same_nesting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without libyaml, composing recurses in Python frames: the document is checked before it gets that deep."""
    monkeypatch.setattr(loglimits, "YAML_LOADER", yaml.SafeLoader)
    for levels in (MAX_NESTING, 150, 5000):  # each side of the pure loader's threshold of flow brackets
        error = error_of(log_with(nested(levels)))
        assert_too_deep(error, 1, len("meta: ") + MAX_NESTING)
    parse_log(log_with(nested(MAX_NESTING - 1)), "game.yaml", "yaml")


def test_an_alias_cannot_nest_past_the_limit() -> None:
    """Each alias is shallow where it is written; what it names is not."""
    text = f"meta: {{deep: &deep {nested(40)}, again: {nested(30).replace('x', '*deep')}}}\n" + HEADER
    error = error_of(text)
    column = text.index("*deep") + 1
    assert_too_deep(error, 1, column)
    assert "through the alias *deep" in error.message


# --------------------------------------------------------------------------- aliases


BILLION_LAUGHS = (
    "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    + "".join(f"a{level}: &a{level} [{', '.join([f'*a{level - 1}'] * 9)}]\n" for level in range(1, 10))
    + HEADER
)
HANG_SECONDS = 60
"""A hang guard, not a speed target: expanding the aliases would take far longer (the speed is in bench/)."""


def test_billion_laughs_is_refused_at_an_alias() -> None:
    """Refused before the expansion is built: at the alias that crosses the limit, the limit named."""
    with time_limit(HANG_SECONDS):
        error = error_of(BILLION_LAUGHS)
    assert error.line is not None and error.column is not None
    row = BILLION_LAUGHS.splitlines()[error.line - 1]
    assert row[error.column - 1] == "*", row  # at an alias
    assert "YAML aliases expand the log past its limit" in error.message
    assert f"{ALIAS_EXPANSION_RATIO} times the values written, or {ALIAS_EXPANSION_FLOOR:,}" in error.message


def test_billion_laughs_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "laughs.yaml"
    path.write_text(BILLION_LAUGHS, encoding="utf-8")
    with time_limit(HANG_SECONDS):
        result = CliRunner().invoke(main, ["verify", str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:" in result.output and "aliases" in result.output


def _alias_log(aliases: int) -> str:
    """``meta`` first: 106 values written before the aliases, each alias naming a list of 100 values."""
    items = ", ".join(f"x{index}" for index in range(99))
    return f"meta:\n  k: &a [{items}]\n  l: [{', '.join(['*a'] * aliases)}]\n" + HEADER


def test_the_expansion_bound_is_exact() -> None:
    """After n aliases, 106 + n values are written and 106 + 100 n read: the floor of 10,000 is crossed at n = 99."""
    assert ALIAS_EXPANSION_FLOOR == 10_000 and ALIAS_EXPANSION_RATIO == 10
    log = parse_log(_alias_log(98), "game.yaml", "yaml")
    meta = log.header["meta"]
    assert isinstance(meta, dict)
    assert len(meta["l"]) == 98 and meta["l"][0] == [f"x{index}" for index in range(99)]
    text = _alias_log(99)
    error = error_of(text)
    assert (error.line, error.column) == (3, text.splitlines()[2].rindex("*a") + 1)
    assert "the 205 values written so far read as 10,006, more than 10,000" in error.message


def test_the_bound_grows_with_the_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the floor, the limit is ten times the values written.  With no floor: 37 values are written before
    the aliases, each alias names 31, so after n aliases 37 + n are written and 37 + 31 n read."""
    monkeypatch.setattr(loglimits, "ALIAS_EXPANSION_FLOOR", 0)

    def text(aliases: int) -> str:
        return f"meta: {{k: &a [{', '.join(['a'] * 30)}], l: [{', '.join(['*a'] * aliases)}]}}\n" + HEADER

    parse_log(text(15), "game.yaml", "yaml")  # 52 written, 502 read: within 520
    error = error_of(text(16))
    assert (error.line, error.column) == (1, text(16).rindex("*a") + 1)
    assert "the 53 values written so far read as 533, more than 530" in error.message


def test_an_alias_inside_the_node_it_names_is_refused() -> None:
    for text, column in (("meta: &a [x, *a]\n", 14), ("meta: &a {self: *a}\n", 17)):
        error = error_of(text + HEADER)
        assert (error.line, error.column) == (1, column), str(error)
        assert "inside the node &a it names" in error.message


def test_aliases_within_the_bound_read_as_copies() -> None:
    text = HEADER.replace(
        "  - {id: P1, deck: {AL-01: 4}}\n  - {id: P2, deck: {AL-01: 4}}",
        "  - {id: P1, deck: &deck {AL-01: 4}}\n  - {id: P2, deck: *deck}",
    )
    log = parse_log(text, "game.yaml", "yaml")
    assert [player["deck"] for player in log.players] == [{"AL-01": 4}, {"AL-01": 4}]
    assert log.header == parse_log(HEADER, "game.yaml", "yaml").header


# --------------------------------------------------------------------------- tags


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ("!!python/object:os.system x", "!!python/object:os.system"),
        ('!!python/object/apply:os.system ["true"]', "!!python/object/apply:os.system"),
        ("!!binary aGVsbG8=", "!!binary"),
        ("!!set {a, b}", "!!set"),
        ("!!timestamp 2026-11-20", "!!timestamp"),
        ("!!str ws", "!!str"),
        ("!foo x", "!foo"),
        ("! x", "!"),
        ("!<tag:yaml.org,2002:str> x", "!<tag:yaml.org,2002:str>"),
        ("[a, !!int 3]", "!!int"),
        ("&anchor !!str x", "!!str"),
    ],
)
def test_every_tag_is_refused_at_the_tag(value: str, written: str) -> None:
    text = HEADER + f"note: {value}\n"
    error = error_of(text)
    assert (error.line, error.column) == (text.count("\n"), len("note: ") + value.index(written) + 1), str(error)
    assert f"YAML tag {written} is not allowed" in error.message


def test_a_tag_declared_with_a_tag_directive_is_refused() -> None:
    text = "%TAG !e! tag:example.com,2026:\n---\n" + HEADER + "note: !e!card x\n"
    error = error_of(text)
    assert (error.line, error.column) == (text.count("\n"), 7)
    assert "!e!card" in error.message


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ('message: "Go!"', "Go!"),
        ("name: Hello !world", "Hello !world"),
        ("text: ENERGIO!!", "ENERGIO!!"),
        ("quoted: '!!python/object x'", "!!python/object x"),
        ('flow: {a: b!c, d: "!e"}', {"a": "b!c", "d": "!e"}),
        ("shout: '! !! !'", "! !! !"),
        ("and: Q&A & R&D", "Q&A & R&D"),
    ],
)
def test_an_exclamation_mark_inside_a_string_is_not_a_tag(line: str, value: object) -> None:
    log = parse_log(HEADER + "meta:\n  " + line + "\n", "game.yaml", "yaml")  # meta: the header's free key
    assert log.header["meta"][line.split(":")[0]] == value


def test_tags_mean_nothing_in_json() -> None:
    document = {**yaml.safe_load(HEADER), "meta": "!!python/object/apply:os.system"}
    log = parse_log(json.dumps(document), "game.json", "json")
    assert log.header["meta"] == "!!python/object/apply:os.system"


# --------------------------------------------------------------------------- cost and documentation


def test_a_value_the_constructor_refuses_is_located() -> None:
    error = error_of(HEADER + "meta: {date: 2026-13-45}\n")
    assert (error.line, error.column) == (HEADER.count("\n") + 1, 14)
    assert "'2026-13-45' cannot be read as a date" in error.message


def test_the_documentation_gives_each_limit() -> None:
    page = (REPO / "judge" / "site" / "limits.rst").read_text(encoding="utf-8")
    size = f"{logfile.MAX_LOG_BYTES // 2**20} MiB"
    for number in (size, f"{MAX_NESTING}", f"{ALIAS_EXPANSION_RATIO}", f"{ALIAS_EXPANSION_FLOOR:,}"):
        assert number in page, number
    assert "limits" in (REPO / "judge" / "site" / "index.rst").read_text(encoding="utf-8")
    source = (REPO / "judge" / "logfile.py").read_text(encoding="utf-8")  # a compiled module keeps no docstring
    docstring = source[: source.index('\n"""\n') + 4]
    for name in ("MAX_LOG_BYTES", "MAX_NESTING", "ALIAS_EXPANSION_RATIO", "ALIAS_EXPANSION_FLOOR"):
        assert name in docstring, name
