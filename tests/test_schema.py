"""judge.schema: the published JSON Schema accepts every bundled log, refuses malformed ones where they are
wrong, and is generated from the code's model (it changes when the model does)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from jsonschema.exceptions import best_match

from engine.games.ws import abilities as ws_abilities
from engine.games.ws import cards as ws_cards
from engine.games.ws import state as ws_state
from judge import logfile, schema
from judge.games.ws import log as ws_log
from judge.logfile import LogFormatError, parse_log
from judge.replay import verify_log
from judge.selfplay import play_game
from judge.verdict import VerdictKind

REPO = Path(__file__).resolve().parents[1]
CONTRACT = REPO.parent / "shared" / "spec" / "log-format.md"
EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"
GOLDEN = sorted((REPO / "tests" / "golden").glob("*.yaml"))
SCENARIOS = sorted((REPO / "scenarios").rglob("*.yaml"))
Document = dict[str, Any]


def load(path: Path) -> Document:
    """A YAML log as the JSON data the schema describes (string keys, dates as text)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return json.loads(json.dumps(data, default=str))


def validator(document_schema: Document | None = None) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(document_schema or schema.log_schema())


def problems(document: Any, document_schema: Document | None = None) -> list[str]:
    errors = validator(document_schema).iter_errors(document)
    return [f"{error.json_path}: {error.message}" for error in errors]


def label(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


# --------------------------------------------------------------------------- the schema itself


@pytest.mark.parametrize(
    "build",
    [
        schema.log_schema,
        schema.scenario_schema,
        schema.header_schema,
        schema.entry_schema,
        lambda: schema.entry_schema(None),
    ],
    ids=["log", "scenario", "header", "entry-ws", "entry-any"],
)
def test_the_schemas_are_draft_2020_12_schemas(build: Callable[[], Document]) -> None:
    built = build()
    jsonschema.Draft202012Validator.check_schema(built)
    assert built["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert built["title"] and built["description"]


def test_the_top_level_structure() -> None:
    built = schema.log_schema()
    assert built["type"] == "object"
    assert built["required"] == ["format", "game", "cards", "players", "actions"]
    assert set(built["properties"]) == {
        *("format", "game", "rules", "meta", "cards", "players", "first", "order", "setup", "actions", "result"),
        *("title", "question", "ruling", "clauses", "topics", "expected"),
    }
    assert built["properties"]["format"]["const"] == logfile.FORMAT_ID
    assert built["properties"]["game"]["enum"] == list(logfile.GAMES)
    assert "additionalProperties" not in built  # extensions are allowed
    assert "JSON Lines" in built["description"]


def test_the_enums_are_the_codes_constants() -> None:
    defs = schema.log_schema()["$defs"]
    card = defs["wsCard"]["properties"]
    assert card["type"]["enum"] == list(ws_cards.CARD_TYPES)
    assert card["triggers"]["else"]["items"]["enum"] == list(ws_cards.TRIGGER_ICONS)
    assert defs["wsKeywordAbility"]["properties"]["keyword"]["enum"] == list(ws_cards.KEYWORDS)
    modelled = defs["wsModelledAbility"]["properties"]
    assert modelled["kind"]["enum"] == list(ws_abilities.KINDS)
    assert modelled["when"]["enum"] == [*ws_abilities.TRIGGERS, *ws_abilities.REPLACEMENTS]
    operation = defs["wsOperation"]
    assert [choice["required"][0] for choice in operation["oneOf"]] == list(ws_abilities.OPERATIONS)
    assert operation["properties"]["target"]["enum"] == list(ws_abilities.TARGETS)
    assert operation["properties"]["salvage"]["enum"] == list(ws_abilities.SALVAGE_TYPES)
    assert defs["wsPosition"]["enum"] == list(ws_state.POSITIONS)
    assert defs["wsSetup"]["properties"]["phase"]["enum"] == list(ws_log.PHASE_NAMES)
    assert set(ws_log.SETUP_ZONES) <= set(defs["wsSetupPlayer"]["properties"])
    assert defs["wsDo_attack"]["properties"]["type"]["enum"] == list(ws_log.ATTACK_TYPES)
    assert set(defs["wsEntry"]["properties"]["do"]["enum"]) == set(ws_log.CHOICE_VERBS) | set(ws_log.FORCED_VERBS)
    assert defs["scenarioExpected"]["properties"]["verdict"]["enum"] == [kind.value for kind in VerdictKind]


def test_every_ws_verb_has_its_arguments_described() -> None:
    defs = schema.log_schema()["$defs"]
    for verb in set(ws_log.CHOICE_VERBS) | set(ws_log.FORCED_VERBS):
        definition = defs[f"wsDo_{verb}"]
        kind = (
            "A forced event."
            if verb in ws_log.FORCED_VERBS
            else "A declared effect."
            if verb == "effect"
            else "A choice."
        )
        assert definition["description"].startswith(kind), verb
        if verb not in ("pass", "concede"):
            assert definition["properties"], verb


@pytest.mark.skipif(not CONTRACT.is_file(), reason="the shared contract is not beside the project")
def test_the_ws_verbs_are_the_contracts() -> None:
    section = re.search(r"^## `ws` verbs$(.*?)^## ", CONTRACT.read_text(encoding="utf-8"), re.MULTILINE | re.DOTALL)
    assert section, "the contract's ws verb section was not found"
    table = re.findall(r"^\| `([a-z_]+)` \|", section.group(1), flags=re.MULTILINE)
    assert table, "the contract's ws verb table was not found"
    assert set(schema.log_schema()["$defs"]["wsEntry"]["properties"]["do"]["enum"]) == set(table)


def test_clause_ids_name_a_bundled_document() -> None:
    pattern = schema.log_schema()["$defs"]["clauseId"]["pattern"]
    assert pattern.startswith("^(?:")
    for good in ("ws:4.10.1.2", "vg:1.2", "wl:3-1", "ws-sheet:attack-phase/vi-attack-phase", "ws-guide:turn-phases"):
        assert re.match(pattern, good), good
    for bad in ("ws4.10", "mtg:1.2", "ws:", "ws: 4.1", "WS:4.1"):
        assert not re.match(pattern, bad), bad


def test_schema_json_is_stable_and_written_as_is(tmp_path: Path) -> None:
    text = schema.schema_json()
    assert text == schema.schema_json()
    assert text == json.dumps(schema.log_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    written = schema.write_schema(tmp_path / "judge-log-1.schema.json")
    assert written.read_text(encoding="utf-8") == text
    assert json.loads(text) == schema.log_schema()


# --------------------------------------------------------------------------- bundled logs validate


@pytest.mark.parametrize("path", [EXAMPLE, *GOLDEN], ids=label)
def test_bundled_logs_validate(path: Path) -> None:
    assert problems(load(path)) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=label)
def test_scenarios_validate_as_logs_and_as_scenarios(path: Path) -> None:
    document = load(path)
    assert problems(document) == []
    assert problems(document, schema.scenario_schema()) == []


def test_there_are_scenarios_and_golden_logs() -> None:
    assert len(SCENARIOS) > 20 and GOLDEN


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_self_played_games_validate(seed: int) -> None:
    document = schema.as_json_data(play_game(seed))
    assert document["actions"]
    assert problems(document) == []


def test_json_lines_header_and_entries_validate() -> None:
    document = load(EXAMPLE)
    header = {key: value for key, value in document.items() if key != "actions"}
    assert problems(header, schema.header_schema()) == []
    assert problems(document, schema.header_schema())  # the header line must not hold the actions
    for entry_schema in (schema.entry_schema("ws"), schema.entry_schema(None)):
        for entry in document["actions"]:
            assert problems(entry, entry_schema) == []
    assert problems({"p": "P1"}, schema.entry_schema(None)) == ["$: 'do' is a required property"]
    assert problems({"do": "play", "card": "YL-01", "pos": 9}, schema.entry_schema()) == [
        "$.pos: 9 is not one of [1, 2, 3, 4, 5]"
    ]
    with pytest.raises(ValueError, match="unknown game"):
        schema.entry_schema("mtg")


def test_as_json_data_turns_yaml_keys_and_dates_into_text() -> None:
    data = yaml.safe_load("meta: {date: 2026-11-20}\nstage: {2: AL-01}\n")
    assert schema.as_json_data(data) == {"meta": {"date": "2026-11-20"}, "stage": {"2": "AL-01"}}


# --------------------------------------------------------------------------- malformed logs are refused, located


def small_log() -> Document:
    """A short legal ws log from a position: P1 plays a character in the main phase."""
    return {
        "format": "judge-log/1",
        "game": "ws",
        "cards": {
            "AL-01": {"name": "Alice", "type": "character", "level": 0, "cost": 0, "color": "yellow", "power": 3000},
            "CX-01": {"name": "Big Finale", "type": "climax", "color": "yellow", "triggers": ["soul"]},
        },
        "players": [
            {"id": "P1", "name": "Alice", "deck": {"AL-01": 4, "CX-01": 4}},
            {"id": "P2", "name": "Bob", "deck": {"AL-01": 4, "CX-01": 4}},
        ],
        "first": "P1",
        "setup": {"turn": 3, "active": "P1", "phase": "main", "P1": {"hand": ["AL-01"], "deck": 5}, "P2": {"deck": 8}},
        "actions": [
            {"p": "P1", "do": "play", "card": "AL-01", "pos": 2, "expect": {"P1": {"stage": {"2": {"card": "AL-01"}}}}},
            {"p": "P1", "do": "pass", "note": "ends the main phase"},
        ],
    }


def project_refuses(document: Document) -> bool:
    """Whether the loader or the replay refuses the document (malformed, or not legal)."""
    try:
        log = parse_log(json.dumps(document), "case.json", "json")
    except LogFormatError:
        return True
    return verify_log(log).kind is not VerdictKind.LEGAL


def test_the_small_log_is_valid_and_legal() -> None:
    assert problems(small_log()) == []
    assert not project_refuses(small_log())


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _add_player(document: Document) -> None:
    document["players"].append({"id": "P3", "deck": {"AL-01": 1}})


def _drop_do(document: Document) -> None:
    del document["actions"][1]["do"]


def _drop_first_and_active(document: Document) -> None:
    del document["first"]
    del document["setup"]["active"]


MALFORMED = {
    "wrong format": (_set(("format",), "judge-log/2"), ["format"], "const"),
    "unknown game": (_set(("game",), "mtg"), ["game"], "enum"),
    "three players": (_add_player, ["players"], "maxItems"),
    "card type spell": (_set(("cards", "AL-01", "type"), "spell"), ["cards", "AL-01", "type"], "enum"),
    "unknown trigger icon": (
        _set(("cards", "CX-01", "triggers"), ["soul", "bounce"]),
        ["cards", "CX-01", "triggers", 1],
        "enum",
    ),
    "unknown keyword": (_set(("cards", "AL-01", "abilities"), [{"keyword": "flying"}]), None, "enum"),
    "salvage of a spell": (
        _set(("cards", "AL-01", "abilities"), [{"kind": "event", "effect": {"salvage": "spell"}}]),
        ["cards", "AL-01", "abilities", 0, "effect", "salvage"],
        "enum",
    ),
    "deck count of 0": (_set(("players", 0, "deck", "AL-01"), 0), ["players", 0, "deck", "AL-01"], "minimum"),
    "entry without do": (_drop_do, ["actions", 1], "required"),
    "unknown verb": (_set(("actions", 1, "do"), "jump"), ["actions", 1, "do"], "enum"),
    "play on position 9": (_set(("actions", 0, "pos"), 9), ["actions", 0, "pos"], "enum"),
    "move without to": (
        _set(("actions", 1), {"p": "P1", "do": "move", "from": 2}),
        ["actions", 1],
        "required",
    ),
    "turn as text": (_set(("actions", 0, "turn"), "three"), ["actions", 0, "turn"], "type"),
    "expect of an unknown phase": (
        _set(("actions", 0, "expect", "phase"), "lunch"),
        ["actions", 0, "expect", "phase"],
        "enum",
    ),
    "setup stage position 6": (_set(("setup", "P1", "stage"), {"6": "AL-01"}), None, "enum"),
    "setup phase": (_set(("setup", "phase"), "lunch"), ["setup", "phase"], "enum"),
    "no first and no active": (_drop_first_and_active, ["setup"], "required"),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_logs_are_refused_where_they_are_wrong(case: str) -> None:
    change, path, kind = MALFORMED[case]
    document = small_log()
    change(document)
    errors = list(validator().iter_errors(document))
    assert errors, f"{case}: the schema accepts it"
    error = best_match(errors)
    assert error.validator == kind, error.message
    if path is not None:
        assert list(error.absolute_path) == path, error.message
    else:
        assert list(error.absolute_path)[:3] in (["cards", "AL-01", "abilities"], ["setup", "P1", "stage"])
    # Not stricter than the project: the loader or the replay refuses it as well.
    assert project_refuses(document), f"{case}: the project accepts what the schema refuses"


def test_scenario_metadata_is_checked() -> None:
    document = load(SCENARIOS[0])
    document["clauses"] = ["ws4.10.1.2"]
    error = best_match(validator().iter_errors(document))
    assert list(error.absolute_path) == ["clauses", 0]
    document = load(SCENARIOS[0])
    del document["ruling"]
    assert problems(document) == []  # a plain log needs no ruling
    assert problems(document, schema.scenario_schema()) == ["$: 'ruling' is a required property"]
    document = load(SCENARIOS[0])
    document["expected"] = {"verdict": "wrong"}
    assert [list(error.absolute_path) for error in validator().iter_errors(document)] == [["expected", "verdict"]]


def test_a_declared_amount_is_a_whole_number() -> None:
    document = small_log()
    document["actions"].insert(1, {"p": "P1", "do": "effect", "source": "AL-01", "power": {"pos": 2, "amount": "+500"}})
    assert problems(document) == []
    document["actions"][1]["power"] = [{"pos": 2, "amount": "-500"}]  # write a negative amount as a number
    assert problems(document) == ["$.actions[1].power[0].amount: '-500' does not match '^\\\\+?[0-9]+$'"]


def test_unknown_keys_are_allowed_as_extensions() -> None:
    document = small_log()
    document["x-simulator"] = {"build": 17}
    document["actions"][0]["x-clock-ms"] = 1200
    document["cards"]["AL-01"]["rarity"] = "RR"
    assert problems(document) == []


def test_other_games_get_the_shared_shape_only() -> None:
    document = small_log()
    document["game"] = "vg"
    document["cards"]["AL-01"] = {"name": "Alice", "type": "unit", "grade": 0, "shield": 5000}
    document["actions"][0] = {"p": "P1", "do": "call", "card": "AL-01", "circle": "FL"}
    assert problems(document) == []
    del document["actions"][0]["do"]
    assert problems(document) == ["$.actions[0]: 'do' is a required property"]


# --------------------------------------------------------------------------- generated, not copied


def test_the_schema_follows_the_trigger_icons(monkeypatch: pytest.MonkeyPatch) -> None:
    document = small_log()
    document["cards"]["CX-01"]["triggers"] = ["bounce"]
    before = schema.schema_json()
    assert problems(document) == [
        f"$.cards['CX-01'].triggers[0]: 'bounce' is not one of {list(ws_cards.TRIGGER_ICONS)!r}"
    ]
    monkeypatch.setattr(ws_cards, "TRIGGER_ICONS", (*ws_cards.TRIGGER_ICONS, "bounce"))
    assert schema.schema_json() != before
    assert problems(document) == []


def test_the_schema_follows_the_verbs_positions_and_operations(monkeypatch: pytest.MonkeyPatch) -> None:
    document = small_log()
    document["actions"][0]["pos"] = 6
    document["actions"].append({"p": "P1", "do": "shuffle"})
    document["cards"]["AL-01"]["abilities"] = [{"kind": "auto", "when": "mystery", "effect": {"mill": 2}}]
    assert len(problems(document)) == 5  # the position, the verb, the operation, and 'when' (any kind; an auto's)
    monkeypatch.setattr(ws_state, "POSITIONS", (*ws_state.POSITIONS, 6))
    monkeypatch.setattr(ws_log, "CHOICE_VERBS", ws_log.CHOICE_VERBS | {"shuffle"})
    monkeypatch.setattr(ws_abilities, "TRIGGERS", (*ws_abilities.TRIGGERS, "mystery"))
    monkeypatch.setattr(ws_abilities, "OPERATIONS", (*ws_abilities.OPERATIONS, "mill"))
    assert problems(document) == []
    assert schema.log_schema()["$defs"]["wsDo_shuffle"]["description"] == "A choice."


def test_the_schema_follows_the_format_id_and_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logfile, "FORMAT_ID", "judge-log/2")
    monkeypatch.setattr(logfile, "GAMES", (*logfile.GAMES, "op"))
    built = schema.log_schema()
    assert built["properties"]["format"]["const"] == "judge-log/2"
    assert built["properties"]["game"]["enum"][-1] == "op"
    document = small_log()
    assert problems(document, built) == ["$.format: 'judge-log/2' was expected"]


def test_the_bundled_logs_use_every_card_type_and_the_schema_knows_them() -> None:
    used = {card["type"] for path in (EXAMPLE, *SCENARIOS) for card in load(path)["cards"].values()}
    assert used == set(ws_cards.CARD_TYPES)


def test_each_call_builds_a_fresh_schema() -> None:
    first = schema.log_schema()
    first["$defs"]["wsCard"]["properties"]["type"]["enum"].append("spell")
    assert "spell" not in schema.log_schema()["$defs"]["wsCard"]["properties"]["type"]["enum"]
