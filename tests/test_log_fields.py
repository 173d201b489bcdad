"""Every field of a log is read strictly: a field of the wrong type, a key the format does not know and a required
key left out are each a located format error at that field, in every game and every encoding, and the loader's
checks are the JSON Schema's (``judge.logfields`` compiles them from its definitions).

The checks ask of a value its kind, not its domain: ``pos: abc`` is malformed, ``pos: 9`` is a number, and that
there is no stage position 9 is the rules' to say (ws 3.6.3), so the replay reports it as a violation.
"""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from judge import games, schema
from judge.cards.catalog import CATALOGS_VARIABLE
from judge.logfields import FieldError, UnknownKey, fields_of
from judge.logfile import LogFormatError, load_log, parse_jsonl_entry, parse_log
from judge.replay import verify_log, verify_path
from judge.selfplay import write_log
from judge.verdict import VerdictKind
from tests.conftest import REPO
from tests.toy.support import SUPPORT as TOY

Document = dict[str, Any]
SUFFIXES = (".yaml", ".json", ".jsonl")
SEEDS = {"ws": 1, "vg": 2, "wl": 3}


def self_played(game: str) -> Document:
    return games.get(game).self_play(SEEDS[game])


_PLAYED: dict[str, Document] = {}


def played(game: str) -> Document:
    """The game's self-played log of its seed (made once: a copy each time)."""
    if game not in _PLAYED:
        _PLAYED[game] = self_played(game)
    return copy.deepcopy(_PLAYED[game])


def load_error(path: Path) -> LogFormatError:
    with pytest.raises(LogFormatError) as refused:
        load_log(path)
    return refused.value


def field_location(path: Path, index: int, field: str, entry_line: int) -> tuple[int, int]:
    """Where ``field`` of entry ``index`` is written, found in the text: the first line from the entry's on that
    names the key (``pos:`` in YAML, ``"pos":`` in JSON), and the key's column."""
    lines = path.read_text(encoding="utf-8").splitlines()
    pattern = re.compile(rf'(?<![\w"-])"{re.escape(field)}":' if path.suffix != ".yaml" else rf"(?<![\w-]){field}:")
    for number in range(entry_line, len(lines) + 1):
        found = pattern.search(lines[number - 1])
        if found:
            return number, found.start() + 1
    raise AssertionError(f"{field} of entry {index} is not in {path}")


# --------------------------------------------------------------------------- a field of the wrong type

# (game, verb, field, a wrong value and its kind, what the message says was expected)
WRONG_TYPES = [
    ("ws", "play", "pos", "abc", "a stage position (1-5)"),
    ("ws", "play", "pos", 2.5, "a stage position (1-5)"),
    ("ws", "play", "pos", [3], "a stage position (1-5)"),
    ("ws", "play", "pos", {"at": 3}, "a stage position (1-5)"),
    ("ws", "play", "pos", True, "a stage position (1-5)"),
    ("ws", "play", "card", 12, "a card id or '?'"),
    ("ws", "play", "card", ["YL-01"], "a card id or '?'"),
    ("ws", "clock", "card", False, "a card id or '?'"),
    ("ws", "draw", "cards", "YL-01", "a list of card ids or '?'"),
    ("ws", "attack", "type", 1, "one of 'front', 'frontal', 'side' or 'direct'"),
    ("vg", "call", "to", 3, "a vanguard or rear-guard circle"),
    ("vg", "call", "card", {"id": "x"}, "a card id or '?'"),
    ("vg", "attack", "from", ["V"], "a vanguard or rear-guard circle"),
    ("vg", "draw", "cards", 1.5, "a list of card ids or '?'"),
    ("wl", "give", "count", "two", "an integer"),
    ("wl", "give", "count", 1.5, "an integer"),
    ("wl", "attack", "attacker", 5, "a Leader or Character"),
    ("wl", "attack", "target", True, "a Leader or Character"),
    ("wl", "draw", "cards", {"a": 1}, "a list of card ids or '?' or null"),
]


def changed(game: str, verb: str, field: str, value: Any) -> tuple[Document, int]:
    """The game's self-played log with ``field`` of its first ``verb`` entry that has it set to ``value``."""
    document = played(game)
    index = next(i for i, entry in enumerate(document["actions"]) if entry["do"] == verb and field in entry)
    document["actions"][index][field] = value
    return document, index


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.parametrize(("game", "verb", "field", "value", "expected"), WRONG_TYPES)
def test_a_field_of_the_wrong_type_is_located_at_that_field(
    tmp_path: Path, suffix: str, game: str, verb: str, field: str, value: Any, expected: str
) -> None:
    document, index = changed(game, verb, field, value)
    clean = tmp_path / f"clean{suffix}"
    write_log(played(game), clean)
    entry_line = load_log(clean).entries[index].line  # the entries before it are as they were
    path = tmp_path / f"log{suffix}"
    write_log(document, path)
    error = load_error(path)
    assert (error.line, error.column) == field_location(path, index, field, entry_line), str(error)
    assert error.message.startswith(f"entry {index}: {field!r} is "), error.message
    assert f", expected {expected}" in error.message, error.message


def test_a_field_of_the_wrong_type_was_a_flood_and_is_one_error(tmp_path: Path) -> None:
    """``judge verify`` of a log with ``pos: abc``: one located error and the exit status of a malformed log,
    where the replay used to misread the entry and report dozens of violations after it."""
    document, index = changed("ws", "play", "pos", "abc")
    path = tmp_path / "log.yaml"
    write_log(document, path)
    verdict = verify_path(str(path))
    assert verdict.kind is VerdictKind.MALFORMED
    assert [violation.message.split(": ", 1)[1] for violation in verdict.violations] == [
        f"entry {index}: 'pos' is 'abc' (a string), expected a stage position (1-5)"
    ]


def test_a_value_outside_its_domain_is_the_replays_to_judge(tmp_path: Path) -> None:
    """``pos: 9`` has a position's kind; that the stage has no position 9 is a rule (ws:3.6.3), a violation."""
    document, index = changed("ws", "play", "pos", 9)
    path = tmp_path / "log.yaml"
    write_log(document, path)
    verdict = verify_log(load_log(path), trace=False)
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].entry == index
    assert "ws:3.6.3" in verdict.violations[0].clauses


@pytest.mark.parametrize("game", list(SEEDS))
def test_follow_reads_each_line_as_strictly(tmp_path: Path, game: str) -> None:
    """``judge verify --follow`` checks each JSON Lines row as it arrives (``parse_jsonl_entry``): the same error,
    at the same line and column, as a whole file's."""
    verb, field, value = next((v, f, x) for g, v, f, x, _ in WRONG_TYPES if g == game)
    document, index = changed(game, verb, field, value)
    path = tmp_path / "log.jsonl"
    write_log(document, path)
    rows = path.read_text(encoding="utf-8").splitlines()
    whole = load_error(path)
    header = {key: value for key, value in document.items() if key != "actions"}
    log = parse_log(json.dumps(header) + "\n", str(path), "jsonl")
    for number, row in enumerate(rows[1 : index + 1], start=2):
        entry = parse_jsonl_entry(row, log, number)
        assert entry is not None
        log.entries.append(entry)
    with pytest.raises(LogFormatError) as followed:
        parse_jsonl_entry(rows[index + 1], log, index + 2)
    assert (followed.value.line, followed.value.column, followed.value.message) == (
        whole.line,
        whole.column,
        whole.message,
    )
    assert followed.value.column == rows[index + 1].index(f'"{field}"') + 1


# --------------------------------------------------------------------------- keys the format does not know


def first(document: Document, verb: str) -> tuple[int, Document]:
    index = next(i for i, entry in enumerate(document["actions"]) if entry["do"] == verb)
    return index, document["actions"][index]


def yaml_error(document: Document, tmp_path: Path) -> LogFormatError:
    path = tmp_path / "log.yaml"
    write_log(document, path)
    return load_error(path)


def test_an_unknown_key_of_an_entry_is_located_with_what_was_meant(tmp_path: Path) -> None:
    document = played("ws")
    index, entry = first(document, "play")
    entry["pso"] = entry.pop("pos")
    error = yaml_error(document, tmp_path)
    assert error.message == f"entry {index}: 'pso' is not a key of a 'play' entry; did you mean 'pos'?"
    line = (tmp_path / "log.yaml").read_text(encoding="utf-8").splitlines()[error.line - 1]
    assert line[error.column - 1 :].startswith("pso: ")


def test_an_unknown_key_with_nothing_close_lists_the_keys(tmp_path: Path) -> None:
    document = played("ws")
    index, entry = first(document, "clock")
    entry["bogus"] = 1
    error = yaml_error(document, tmp_path)
    assert error.message == (
        f"entry {index}: 'bogus' is not a key of a 'clock' entry; its keys are p, do, turn, rule, expect, note, card"
    )


@pytest.mark.parametrize(
    ("game", "where", "key", "meant", "inside"),
    [
        ("ws", (), "titel", "title", "the header"),
        ("ws", ("players", 0), "nmae", "name", "'players[0]'"),
        ("ws", ("cards", "YL-01"), "pwer", "power", "'cards.YL-01'"),
        ("ws", ("cards", "YL-02", "abilities", 0), "powr", "power", "'cards.YL-02.abilities[0]'"),
        ("vg", ("players", 1), "gdeck", "g_deck", "'players[1]'"),
        ("vg", ("cards", "SL-00"), "critcal", "critical", "'cards.SL-00'"),
        ("wl", ("players", 0), "energy", "energio", "'players[0]'"),
        ("wl", ("cards", "RD-01"), "categry", "category", "'cards.RD-01'"),
        ("wl", ("result",), "winer", "winner", "'result'"),
    ],
)
def test_an_unknown_key_of_the_header_is_located_with_what_was_meant(
    tmp_path: Path, game: str, where: tuple[Any, ...], key: str, meant: str, inside: str
) -> None:
    document = played(game)
    target = document
    for step in where:
        target = target.setdefault(step, {}) if step == "result" else target[step]
    target[key] = 1
    error = yaml_error(document, tmp_path)
    assert error.message == f"{key!r} is not a key of {inside}; did you mean {meant!r}?"
    line = (tmp_path / "log.yaml").read_text(encoding="utf-8").splitlines()[error.line - 1]
    assert line[error.column - 1 :].startswith(f"{key}:"), line


def small_ws_log() -> Document:
    """A short ws log from a position (tests/test_schema.py's small log), with ``setup`` and ``expect``."""
    from tests.test_schema import small_log

    return small_log()


@pytest.mark.parametrize(
    ("path", "key", "meant", "inside"),
    [
        (("setup",), "activ", "active", "'setup'"),
        (("setup", "P1"), "hnad", "hand", "'setup.P1'"),
        (("actions", 0, "expect"), "trun", "turn", "'expect'"),
        (("actions", 0, "expect", "P1"), "stok", "stock", "'expect.P1'"),
        (("actions", 0, "expect", "P1", "stage", "2"), "pwer", "power", "'expect.P1.stage.2'"),
    ],
)
def test_setup_and_expect_know_their_keys(path: tuple[Any, ...], key: str, meant: str, inside: str) -> None:
    """``setup`` and ``expect`` name a few keys and otherwise players of the log: a typo is neither."""
    document = small_ws_log()
    target = document
    for step in path:
        target = target[step]
    target[key] = 1
    with pytest.raises(LogFormatError) as refused:
        parse_log(json.dumps(document), "case.json", "json")
    prefix = "entry 0: " if path[0] == "actions" else ""
    assert refused.value.message.startswith(f"{prefix}{key!r} is not a key of {inside}; did you mean {meant!r}?")


def test_a_player_that_is_not_of_the_log_is_not_a_key_of_setup() -> None:
    document = small_ws_log()
    document["setup"]["P3"] = {"deck": 5}
    with pytest.raises(LogFormatError, match=r"'P3' is not a key of 'setup'; its keys are turn, active, phase, P1, P2"):
        parse_log(json.dumps(document), "case.json", "json")


def test_an_unknown_verb_is_located_at_its_do_with_what_was_meant(tmp_path: Path) -> None:
    document = played("ws")
    index, entry = first(document, "clock")
    entry["do"] = "clok"
    error = yaml_error(document, tmp_path)
    assert error.message.startswith(f"entry {index}: 'clok' is not a verb of Weiss Schwarz logs (act, attack, ")
    assert error.message.endswith("; did you mean 'clock'?")
    line = (tmp_path / "log.yaml").read_text(encoding="utf-8").splitlines()[error.line - 1]
    assert line[error.column - 1 :].startswith("do: clok")


def test_note_and_meta_hold_anything(tmp_path: Path) -> None:
    """The two keys the format leaves open: whatever a writer keeps there is kept and not judged."""
    document = played("ws")
    document["meta"] = {"generator": {"name": "sim", "build": [1, 2]}, "anything": None, "7": True}
    _, entry = first(document, "play")
    entry["note"] = {"clock_ms": 1200, "by": ["judge", {"seat": 2}]}
    document["actions"][0]["note"] = "plain text"
    path = tmp_path / "log.yaml"
    write_log(document, path)
    assert verify_log(load_log(path), trace=False).kind is VerdictKind.LEGAL


def test_an_extension_beside_the_format_is_refused_where_it_is() -> None:
    """What ``x-`` keys once carried goes under ``meta`` or ``note`` now: beside the format, a key is unknown."""
    document = small_ws_log()
    document["x-simulator"] = {"build": 17}
    with pytest.raises(LogFormatError, match=r"^case.json:\d+:\d+: 'x-simulator' is not a key of the header"):
        parse_log(json.dumps(document), "case.json", "json")


# --------------------------------------------------------------------------- required keys


def test_an_entry_without_p_is_located_at_the_entry(tmp_path: Path) -> None:
    document = played("ws")
    index, entry = first(document, "clock")
    del entry["p"]
    error = yaml_error(document, tmp_path)
    assert error.message == f"entry {index}: a 'clock' entry needs 'p', a player id"
    entry_line = load_log_lines(tmp_path, played("ws"))[index]
    assert error.line == entry_line


def load_log_lines(tmp_path: Path, document: Document) -> list[int]:
    path = tmp_path / "clean.yaml"
    write_log(document, path)
    return [entry.line for entry in load_log(path).entries]


@pytest.mark.parametrize("game", ["ws", "vg"])
def test_a_damage_entry_may_name_its_player_with_to(game: str) -> None:
    """The format's conventions: ``p`` is the damaged player for ``damage`` (also written as ``to``)."""
    document = played(game)
    index, entry = first(document, "damage")
    entry["to"] = entry.pop("p")
    fields_of(game).entry("damage")(entry, ["P1", "P2"])
    del entry["to"]
    with pytest.raises(FieldError) as refused:
        fields_of(game).entry("damage")(entry, ["P1", "P2"])
    assert refused.value.describe("a 'damage' entry") == "a 'damage' entry needs 'p' or 'to', a player id"


@pytest.mark.parametrize(
    ("game", "entry", "message"),
    [
        ("ws", {"p": "P1", "do": "move", "from": 2}, "a 'move' entry needs 'to', a stage position (1-5)"),
        ("ws", {"p": "P1", "do": "clock"}, "a 'clock' entry needs 'card', a card id or '?'"),
        (
            "vg",
            {"p": "P1", "do": "call", "card": "SL-01"},
            "a 'call' entry needs 'to', a vanguard or rear-guard circle ('V', 'FL', 'FR', 'BL', 'BC' or 'BR')",
        ),
        ("wl", {"p": "P1", "do": "energio"}, "a 'energio' entry needs 'count', an integer"),
        (
            "ws",
            {"p": "P1", "do": "trigger", "card": "X", "standby": {"pos": 2}},
            "'standby' needs 'card', a card id or '?'",
        ),
    ],
)
def test_a_required_argument_left_out_is_named(game: str, entry: Document, message: str) -> None:
    header = {key: value for key, value in played(game).items() if key != "actions"}
    with pytest.raises(LogFormatError) as refused:
        parse_log(json.dumps(header) + "\n" + json.dumps(entry) + "\n", "case.jsonl", "jsonl")
    assert refused.value.message == f"entry 0: {message}"
    assert refused.value.line == 2


# --------------------------------------------------------------------------- every bundled log loads as it did

LOGS = sorted(
    path
    for folder in ("scenarios", "judge/examples", "tests/data", "tests/golden")
    for path in (REPO / folder).rglob("*")
    if path.suffix in (".yaml", ".yml", ".json", ".jsonl")
)


def is_a_log(path: Path) -> bool:
    if path.suffix == ".jsonl":
        return path.read_text(encoding="utf-8").startswith('{"format"')
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return isinstance(data, dict) and "format" in data


@pytest.mark.parametrize("path", [path for path in LOGS if is_a_log(path)], ids=lambda p: str(p.relative_to(REPO)))
def test_every_bundled_log_loads(
    path: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Scenarios, examples and the test data use only keys the format knows, each of its kind (the logs of
    catalog cards with the test catalogs, the logs of real cards with the installed weiss-sim's catalog)."""
    catalogs = sorted(str(catalog) for catalog in (REPO / "tests" / "data" / "catalogs").glob("*.yaml"))
    if REAL_CARD_LOGS in path.parents:
        catalogs.append(str(weiss_sim_catalog(tmp_path_factory)))
    monkeypatch.setenv(CATALOGS_VARIABLE, os.pathsep.join(catalogs))
    load_log(path)


REAL_CARD_LOGS = REPO / "tests" / "data" / "real-cards"
_weiss_sim_catalog: list[Path] = []


def weiss_sim_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The installed weiss-sim's whole catalog, as ``judge cards import weiss-sim`` writes it, written once."""
    if not _weiss_sim_catalog:
        from judge.cards import weiss_sim

        path = tmp_path_factory.mktemp("weiss-sim") / "cards.jsonl"
        lines = (json.dumps(weiss_sim.catalog_record(card), ensure_ascii=False) for card in weiss_sim.read_cards())
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        _weiss_sim_catalog.append(path)
    return _weiss_sim_catalog[0]


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules_index import documents

    monkeypatch.setattr(games, "_registered", {})
    monkeypatch.setattr(documents, "DOCUMENTS_BY_KEY", dict(documents.DOCUMENTS_BY_KEY))
    games.register(TOY)


@pytest.mark.usefixtures("toy_game")
def test_a_game_that_describes_no_arguments_keeps_its_entries_open() -> None:
    """A registered game whose part of the schema names no verb's arguments (the toy game) gets the checks of what
    every entry has: its arguments are its own to read, but ``p`` is still required and ``turn`` an integer."""
    for path in sorted((REPO / "tests" / "toy" / "rulings").glob("*.yaml")):
        load_log(path)
    document = TOY.self_play(1)
    document["actions"][0]["x-anything"] = [1]
    parse_log(json.dumps(document), "toy.json", "json")
    document["actions"][0]["turn"] = "one"
    with pytest.raises(LogFormatError, match="entry 0: 'turn' is 'one' \\(a string\\), expected an integer"):
        parse_log(json.dumps(document), "toy.json", "json")
    del document["actions"][0]["turn"], document["actions"][0]["p"]
    with pytest.raises(LogFormatError, match="entry 0: a 'draw' entry needs 'p', a player id"):
        parse_log(json.dumps(document), "toy.json", "json")


# --------------------------------------------------------------------------- the checks are the schema's


def schema_errors(game: str, entry: Document) -> list[jsonschema.ValidationError]:
    validator = jsonschema.Draft202012Validator(schema.entry_schema(game))
    return list(validator.iter_errors(schema.as_json_data(entry)))


def checker_error(game: str, entry: Document) -> FieldError | None:
    check = fields_of(game).entry(entry["do"])
    try:
        check(entry, ["P1", "P2"])
    except FieldError as error:
        return error
    return None


GOOD = [
    ("ws", {"p": "P1", "do": "play", "card": "YL-01", "pos": 3, "turn": 2, "rule": "ws:6.5.1.2", "note": "x"}),
    ("ws", {"p": "P1", "do": "resolve", "source": "YL-01", "ability": "encore", "pay": {"stock": 2}}),
    ("ws", {"p": "P1", "do": "encore", "pos": 2, "pay": {"keyword": "encore", "cost": {"stock": 2}}}),
    ("ws", {"p": "P1", "do": "trigger", "card": "X", "standby": {"card": "Y", "pos": 4}, "pool": True}),
    ("ws", {"to": "P2", "do": "damage", "cards": ["X", "?"]}),
    ("ws", {"p": "P1", "do": "pass", "expect": {"turn": 3, "P1": {"stage": {"2": {"card": "X", "power": 1}}}}}),
    ("ws", {"p": "P1", "do": "effect", "source": "X", "moves": {"from": "hand", "to": "stock"}}),
    ("vg", {"p": "P1", "do": "attack", "from": "V", "target": "V", "boost": "BC"}),
    ("vg", {"p": "P1", "do": "effect", "source": "X", "lock": ["FL", {"circle": "BR", "p": "P2"}]}),
    ("vg", {"p": "P2", "do": "g_assist", "looked": ["?"], "card": None, "remove": {"hand": [], "g": []}}),
    ("wl", {"p": "P1", "do": "give", "to": "leader", "count": 2}),
    ("wl", {"p": "P1", "do": "act", "source": "X@1", "ability": 0, "energio_return": {"leader": 1}}),
    ("wl", {"p": "P2", "do": "pass", "expect": {"P2": {"stage": {"card": "S", "state": "rested"}}}}),
]
BAD = [  # each refused by both, at the same place
    ("ws", {"p": "P1", "do": "play", "card": "YL-01", "pos": "abc"}),
    ("ws", {"p": "P1", "do": "play", "card": "YL-01", "pso": 3}),
    ("ws", {"do": "play", "card": "YL-01"}),
    ("ws", {"p": "P1", "do": "move", "from": 2}),
    ("ws", {"p": "P1", "do": "resolve", "pay": {"stock": "two"}}),
    ("ws", {"p": "P1", "do": "resolve", "target": True}),
    ("ws", {"p": "P1", "do": "trigger", "card": "X", "standby": {"card": "Y", "poss": 4}}),
    ("ws", {"p": "P1", "do": "pass", "expect": {"P1": {"stok": 2}}}),
    ("ws", {"p": "P1", "do": "pass", "turn": 1.5}),
    ("ws", {"p": "P1", "do": "effect", "moves": [{"from": "hand", "to": 3}]}),
    ("vg", {"p": "P1", "do": "call", "card": "X", "to": 3}),
    ("vg", {"p": "P1", "do": "effect", "extra_turn": {"who": "P2"}}),
    ("vg", {"p": "P1", "do": "pass", "expect": {"P1": {"circles": {"V": {"card": "X", "sate": "rest"}}}}}),
    ("wl", {"p": "P1", "do": "give", "to": "leader", "count": "two"}),
    ("wl", {"p": "P1", "do": "damage", "card": "X", "trigger": "yes"}),
    ("wl", {"p": "P1", "do": "attack", "attacker": "leader"}),
]
DOMAIN = [  # the schema lists the values; the checks ask only for the kind, and leave the value to the replay
    ("ws", {"p": "P1", "do": "play", "card": "YL-01", "pos": 9}),
    ("ws", {"p": "P1", "do": "attack", "pos": 2, "type": "sideways"}),
    ("ws", {"p": "P1", "do": "pass", "expect": {"phase": "lunch"}}),
    ("vg", {"p": "P1", "do": "call", "card": "X", "to": "ZZ"}),
    ("wl", {"p": "P1", "do": "attack", "attacker": "X@0", "target": "leader"}),
]


@pytest.mark.parametrize(("game", "entry"), GOOD, ids=lambda value: str(value)[:40])
def test_the_checks_and_the_schema_accept_the_same_entries(game: str, entry: Document) -> None:
    assert schema_errors(game, entry) == []
    assert checker_error(game, entry) is None


@pytest.mark.parametrize(("game", "entry"), BAD, ids=lambda value: str(value)[:40])
def test_the_checks_and_the_schema_refuse_the_same_entries_at_the_same_place(game: str, entry: Document) -> None:
    error = checker_error(game, entry)
    assert error is not None
    where = list(error.path()[:-1] if isinstance(error, UnknownKey) else error.path())
    places = {tuple(found.absolute_path) for found in schema_errors(game, entry)}
    assert places, "the schema accepts what the checks refuse"
    assert tuple(where) in places or any(tuple(where)[: len(place)] == place for place in places), (where, places)


@pytest.mark.parametrize(("game", "entry"), DOMAIN, ids=lambda value: str(value)[:40])
def test_a_value_outside_the_schemas_list_has_the_kind_the_checks_ask_for(game: str, entry: Document) -> None:
    assert schema_errors(game, entry)
    assert checker_error(game, entry) is None


def test_the_checks_follow_the_schema(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled from the definitions: an argument the schema gains is one the checks accept, and no copy of the
    arguments elsewhere has to change (the checks are compiled again for a game registered again)."""
    from judge.games.ws import schema as ws_schema

    entry = {"p": "P1", "do": "clock", "card": "YL-01", "face": "down"}
    assert isinstance(checker_error("ws", entry), UnknownKey)
    arguments = ws_schema._ws_verb_arguments

    def more() -> dict[str, tuple[str, Any, list[str]]]:
        verbs = arguments()
        text, properties, required = verbs["clock"]
        return {**verbs, "clock": (text, {**properties, "face": {"enum": ["up", "down"]}}, required)}

    monkeypatch.setattr(ws_schema, "_ws_verb_arguments", more)
    support = games.get("ws")
    monkeypatch.setattr(games, "_registered", {"ws": copy.copy(support)})
    assert checker_error("ws", entry) is None
    assert checker_error("ws", {**entry, "face": 1}) is not None


# --------------------------------------------------------------------------- the format page's table


def verb_row(reference: str, title: str, verb: str) -> str:
    """The row of ``verb`` in the verb table of the game titled ``title`` (``judge.docs_pages.schema_reference``)."""
    section = reference[reference.index(f"{title} (``game: ") :]
    start = section.index(f"   * - ``{verb}``\n")
    following = re.search(r"^   \* - ", section[start + 1 :], flags=re.MULTILINE)
    return section[start : start + 1 + following.start()] if following else section[start:]


@pytest.mark.parametrize("game", list(SEEDS))
def test_the_format_page_lists_every_key_of_every_verb(game: str) -> None:
    """The table the format page includes names each key an entry of each verb may have, with its value and, for a
    required one, that it is: from the definitions the checks are compiled from, so it is the judge's own list."""
    from judge.docs_pages import schema_reference

    built = schema.log_schema()
    reference = schema_reference(built)
    support = games.get(game)
    for verb in sorted({*support.choice_verbs, *support.forced_verbs}):
        row = verb_row(reference, support.title, verb)
        definition = built["$defs"][f"{game}Do_{verb}"]
        assert definition["additionalProperties"] is False
        for key in definition["properties"]:
            assert f"``{key}``" in row, (verb, key)
        for key in definition.get("required", []):
            assert f"``{key}`` (required" in row, (verb, key)
        accepted = {"p": "P1", "do": verb, **{key: None for key in definition.get("required", []) if key != "do"}}
        assert checker_error(game, {**accepted, "unlisted": 1}) is not None  # no key beside those listed
