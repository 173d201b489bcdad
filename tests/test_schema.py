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

from engine.core.vocabulary import Vocabulary, Word, number
from engine.games.vg import cards as vg_cards
from engine.games.vg import game as vg_game
from engine.games.vg import state as vg_state
from engine.games.wl import card_text as wl_card_text
from engine.games.wl import cards as wl_cards
from engine.games.wl import costs as wl_costs
from engine.games.wl import game as wl_game
from engine.games.wl import playing as wl_playing
from engine.games.wl import state as wl_state
from engine.games.ws import abilities as ws_abilities
from engine.games.ws import cards as ws_cards
from engine.games.ws import operation_records as ws_operations
from engine.games.ws import state as ws_state
from engine.games.ws import words as ws_words
from judge import games, logfile, logformat, schema
from judge.games.vg import log as vg_log
from judge.games.vg import schema as vg_schema
from judge.games.vg.selfplay import play_game as play_vg_game
from judge.games.vg.selfplay import starter_set as vg_starter_set
from judge.games.wl import log as wl_log
from judge.games.wl import schema as wl_schema
from judge.games.wl.selfplay import play_game as play_wl_game
from judge.games.wl.selfplay import starter_set as wl_starter_set
from judge.games.ws import log as ws_log
from judge.logfile import LogFormatError, parse_log
from judge.replay import verify_log
from judge.selfplay import play_game
from judge.verdict import VerdictKind
from rules_index import documents
from tests.toy.support import SUPPORT as TOY_SUPPORT

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
        lambda: schema.entry_schema("ws"),
        lambda: schema.entry_schema("vg"),
        lambda: schema.entry_schema("wl"),
        lambda: schema.entry_schema(None),
    ],
    ids=["log", "scenario", "header", "entry-ws", "entry-vg", "entry-wl", "entry-any"],
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
    assert built["properties"]["game"]["enum"] == list(games.available())
    for rule in built["allOf"]:  # each game's header: the keys every header has, the game's own, and no other
        game = rule["if"]["properties"]["game"]["const"]
        header = rule["then"]
        assert header["additionalProperties"] is False
        own = built["$defs"].get(f"{game}Log", {}).get("properties", {})
        assert set(header["properties"]) == set(built["properties"]) | set(own)
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
    gains, *others = operation["oneOf"]
    assert [choice["required"][0] for choice in gains["anyOf"]] == list(ws_operations.GAINS)
    assert [choice["required"][0] for choice in others] == [
        name for name in ws_operations.OPERATIONS if name not in ws_operations.GAINS
    ]
    assert operation["properties"]["target"]["enum"] == list(ws_operations.TARGETS)
    assert operation["properties"]["salvage"]["enum"] == list(ws_operations.SALVAGE_TYPES)
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
    assert problems({"p": "P1", "do": "play", "card": "YL-01", "pos": 9}, schema.entry_schema("ws")) == [
        "$.pos: 9 is not one of [1, 2, 3, 4, 5]"
    ]
    assert problems({"do": "pass"}, schema.entry_schema("ws")).count("$: 'p' is a required property") == 2
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


def test_unknown_keys_are_refused_but_under_meta_and_note() -> None:
    """A key the format does not name is refused where it is, as the loader refuses it; what a writer keeps beside
    the format goes under the header's 'meta' or an entry's 'note', whose contents are free."""
    document = small_log()
    document["x-simulator"] = {"build": 17}
    document["actions"][0]["x-clock-ms"] = 1200
    document["cards"]["AL-01"]["rarity"] = "RR"
    document["players"][1]["seat"] = 2
    assert sorted(problems(document)) == [
        "$.actions[0]: Additional properties are not allowed ('x-clock-ms' was unexpected)",
        "$.cards['AL-01']: Additional properties are not allowed ('rarity' was unexpected)",
        "$.players[1]: Additional properties are not allowed ('seat' was unexpected)",
        "$: Additional properties are not allowed ('x-simulator' was unexpected)",
    ]
    for refused in (document, {**document, "cards": small_log()["cards"]}):
        assert project_refuses(refused)
    document = small_log()
    document["meta"] = {"x-simulator": {"build": 17}, "rarity": {"AL-01": "RR"}}
    document["actions"][0]["note"] = {"x-clock-ms": 1200}
    assert problems(document) == []
    assert not project_refuses(document)


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """High Card (tests/toy) registered for one test, then forgotten with its rules document."""
    monkeypatch.setattr(games, "_registered", {})
    monkeypatch.setattr(documents, "DOCUMENTS_BY_KEY", dict(documents.DOCUMENTS_BY_KEY))
    games.register(TOY_SUPPORT)


@pytest.mark.usefixtures("toy_game")
def test_other_games_get_the_shared_shape_only() -> None:
    """Every built-in game has its own part; a registered game that brings none beyond its verbs (the toy game)
    gets the shared shape for the rest, and no other game's rules leak into its logs."""
    assert {f"{key}Log" for key in games.BUILT_IN} <= set(schema.log_schema()["$defs"])
    document = schema.as_json_data(TOY_SUPPORT.self_play(1))
    assert document["game"] == "toy" and document["actions"]
    assert problems(document) == []
    document["cards"]["N1"].update(category="spell", color="orange", type="climax", triggers=["bounce"])
    document["setup"] = {"anything": [1, 2, 3]}
    document["actions"][0]["x-clock-ms"] = 1200
    assert problems(document) == []
    del document["actions"][0]["do"]
    assert problems(document) == ["$.actions[0]: 'do' is a required property"]


def test_a_log_of_a_built_in_game_gets_that_games_part() -> None:
    """A ws log relabelled as wl is refused where it is not a wl log: the wl part applies to it."""
    document = small_log()
    document["game"] = "wl"
    assert sorted(problems(document)) == [
        *["$.actions[0].expect.P1.stage: Additional properties are not allowed ('2' was unexpected)"] * 2,
        "$.actions[0]: Additional properties are not allowed ('pos' was unexpected)",
        "$.cards['AL-01']: 'category' is a required property",
        "$.cards['AL-01']: Additional properties are not allowed ('level', 'type' were unexpected)",
        "$.cards['CX-01']: 'category' is a required property",
        "$.cards['CX-01']: Additional properties are not allowed ('triggers', 'type' were unexpected)",
        *(f"$.players[{index}]: '{key}' is a required property" for index in (0, 1) for key in ("energio", "leader")),
    ]
    assert project_refuses(document)


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
    document["cards"]["AL-01"]["abilities"] = [{"kind": "auto", "when": "mystery", "effect": {"flip_over": 2}}]
    assert len(problems(document)) == 6  # the position, the verb, the operation and its key, 'when' (twice)
    monkeypatch.setattr(ws_state, "POSITIONS", (*ws_state.POSITIONS, 6))
    monkeypatch.setattr(ws_log, "CHOICE_VERBS", ws_log.CHOICE_VERBS | {"shuffle"})
    monkeypatch.setattr(ws_abilities, "TRIGGERS", (*ws_abilities.TRIGGERS, "mystery"))
    flip_over = Word("flip_over", "operation", "Flip over the top N cards.", number(1), ("ws:10.7.1",))
    monkeypatch.setattr(ws_words, "VOCABULARY", Vocabulary("ws", (*ws_words.VOCABULARY.words, flip_over)))
    assert problems(document) == []
    assert schema.log_schema()["$defs"]["wsDo_shuffle"]["description"] == "A choice."


def test_the_schema_follows_the_format_id_and_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(logformat, "FORMAT_ID", "judge-log/2")
    registered = logformat.log_games()
    monkeypatch.setattr(logformat, "log_games", lambda: (*registered, "op"))
    built = schema.log_schema()
    assert built["properties"]["format"]["const"] == "judge-log/2"
    assert built["properties"]["game"]["enum"][-1] == "op"
    document = small_log()
    assert problems(document, built) == ["$.format: 'judge-log/2' was expected"]


def test_the_bundled_logs_use_every_card_type_and_the_schema_knows_them() -> None:
    """Each game's bundled logs (its example and its scenarios) use every card type of its rules, and only
    those."""
    game_types = {"ws": set(ws_cards.CARD_TYPES), "vg": set(vg_cards.CARD_TYPES), "wl": set(wl_cards.CATEGORIES)}
    field = {"wl": "category"}  # wl names its card types categories (wl 2.2)
    used: dict[str, set[str]] = {game: set() for game in game_types}
    for path in (*REPO.joinpath("judge", "examples").glob("*-game.yaml"), *SCENARIOS):
        document = load(path)
        game = document["game"]
        used[game].update(card.get(field.get(game, "type"), "normal") for card in document["cards"].values())
    assert used == game_types


def test_each_call_builds_a_fresh_schema() -> None:
    first = schema.log_schema()
    first["$defs"]["wsCard"]["properties"]["type"]["enum"].append("spell")
    assert "spell" not in schema.log_schema()["$defs"]["wsCard"]["properties"]["type"]["enum"]


# --------------------------------------------------------------------------- vg logs


def vg_section() -> str:
    text = CONTRACT.read_text(encoding="utf-8")
    section = re.search(r"^## `vg` logs.*?$(.*?)^## ", text, re.MULTILINE | re.DOTALL)
    assert section, "the contract's vg section was not found"
    return section.group(1)


def small_vg_log() -> Document:
    """A short legal vg log from a position: P1 calls, attacks with a boosted vanguard, P2 guards, two drive checks
    with their triggers' choices, two damage checks, the guardian retired."""
    starter = vg_starter_set()
    return schema.as_json_data(
        {
            "format": "judge-log/1",
            "game": "vg",
            "cards": starter.cards,
            "players": [
                {"id": "P1", "deck": starter.decks["lancers"]["deck"], "g_deck": starter.decks["lancers"]["g_deck"]},
                {"id": "P2", "deck": starter.decks["wardens"]["deck"], "g_deck": starter.decks["wardens"]["g_deck"]},
            ],
            "first": "P1",
            "setup": {
                "turn": 5,
                "active": "P1",
                "phase": "main",
                "P1": {
                    "hand": ["SL-21", "?"],
                    "soul": ["SL-00", "SL-11"],
                    "damage": [{"card": "SL-13", "face": "down"}, "SL-12"],
                    "g_zone": {"down": ["SL-G1", "SL-G2"], "up": []},
                    "circles": {"V": "SL-31", "BC": {"card": "SL-14", "state": "stand"}},
                    "deck": {"top": ["SL-C", "SL-D"], "rest": 20},
                },
                "P2": {
                    "hand": ["TW-21"],
                    "circles": {"V": "TW-31", "FL": {"card": "TW-22", "state": "rest"}},
                    "damage": 1,
                    "deck": {"top": ["TW-13", "TW-11"], "rest": 20},
                },
            },
            "actions": [
                {
                    "p": "P1",
                    "do": "call",
                    "card": "SL-21",
                    "to": "FR",
                    "expect": {
                        "P1": {"hand": 1, "circles": {"FR": {"card": "SL-21", "state": "stand", "power": 9000}}}
                    },
                },
                {"p": "P1", "do": "attack", "from": "V", "target": "V", "boost": "BC"},
                {"p": "P2", "do": "guard", "card": "TW-21", "guards": "V"},
                {"p": "P2", "do": "pass"},
                {"p": "P1", "do": "drive", "card": "SL-C", "critical": "V", "power": "V"},
                {"p": "P1", "do": "drive", "card": "SL-D", "power": "FR"},
                {"p": "P2", "do": "damage", "card": "TW-13"},
                {"p": "P2", "do": "damage", "card": "TW-11"},
                {
                    "p": "P2",
                    "do": "retire",
                    "cards": ["TW-21"],
                    "expect": {
                        "phase": "battle",
                        "winner": None,
                        "P2": {"damage": 3, "drop": ["TW-21"], "circles": {"G": []}},
                        "P1": {
                            "hand": 4,
                            "g_zone": {"down": 2, "up": []},
                            "damage_face_down": 1,
                            "circles": {"V": {"card": "SL-31", "state": "rest", "critical": 2}},
                        },
                    },
                },
                {"p": "P1", "do": "pass", "note": "ends the battle phase"},
            ],
        }
    )


def test_the_vg_enums_are_the_codes_constants() -> None:
    defs = schema.log_schema()["$defs"]
    card = defs["vgCard"]["properties"]
    assert card["type"]["enum"] == list(vg_cards.CARD_TYPES)
    assert card["trigger"]["enum"][: len(vg_cards.TRIGGER_ICONS)] == list(vg_cards.TRIGGER_ICONS)
    assert card["skills"]["else"]["items"]["enum"] == list(vg_cards.SKILLS)
    assert defs["vgKeyword"]["then"]["enum"] == list(vg_cards.KEYWORDS)
    assert defs["vgKeyword"]["else"]["properties"]["keyword"]["enum"] == list(vg_cards.KEYWORDS)
    assert defs["vgCircle"]["enum"] == [*vg_state.CIRCLES, vg_state.GUARDIAN]
    assert defs["vgUnitCircle"]["enum"] == list(vg_state.CIRCLES)
    assert defs["vgSetup"]["properties"]["phase"]["enum"] == list(vg_game.PHASES)
    assert set(vg_log.SETUP_PILES) <= set(defs["vgSetupPlayer"]["properties"])
    assert set(vg_game.PILES) <= set(defs["vgPlayerExpect"]["properties"])
    assert set(defs["vgEntry"]["properties"]["do"]["enum"]) == set(vg_log.CHOICE_VERBS) | set(vg_log.FORCED_VERBS)
    assert set(vg_log.CHOICE_FIELDS.values()) <= set(defs["vgDo_drive"]["properties"])
    assert set(vg_log.CHOICE_FIELDS.values()) <= set(defs["vgDo_damage"]["properties"])


def test_every_vg_verb_has_its_arguments_described() -> None:
    defs = schema.log_schema()["$defs"]
    for verb in set(vg_log.CHOICE_VERBS) | set(vg_log.FORCED_VERBS):
        definition = defs[f"vgDo_{verb}"]
        kind = (
            "A forced event."
            if verb in vg_log.FORCED_VERBS
            else "A declared effect."
            if verb == "effect"
            else "A choice."
        )
        assert definition["description"].startswith(kind), verb
        assert re.search(r"\(vg \d", definition["description"]), f"{verb}: no clause cited"
        if verb not in ("pass", "concede", "stand_up"):
            assert definition["properties"], verb


@pytest.mark.skipif(not CONTRACT.is_file(), reason="the shared contract is not beside the project")
def test_the_vg_verbs_and_result_reasons_are_the_contracts() -> None:
    section = vg_section()
    table = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE)
    assert table, "the contract's vg verb table was not found"
    written_apart = re.findall(r"forced `([a-z_]+)` entry", section)
    assert written_apart == ["stand_up"]
    defs = schema.log_schema()["$defs"]
    assert set(defs["vgEntry"]["properties"]["do"]["enum"]) == {*table, *written_apart}
    reasons = re.search(r"`result\.reason` words:(.*?)\(", section, flags=re.DOTALL)
    assert reasons, "the contract's vg result reasons were not found"
    assert list(vg_schema.RESULT_REASONS) == re.findall(r"`([a-z_]+)`", reasons.group(1))
    assert defs["vgLog"]["properties"]["result"]["properties"]["reason"]["enum"] == list(vg_schema.RESULT_REASONS)


@pytest.mark.parametrize("seed", [1, 7, 42, 2026])
def test_self_played_vg_games_validate(seed: int) -> None:
    document = schema.as_json_data(play_vg_game(seed))
    assert document["game"] == "vg" and len(document["actions"]) > 20
    assert problems(document) == []
    header = {key: value for key, value in document.items() if key != "actions"}
    assert problems(header, schema.header_schema()) == []
    entry_schema = schema.entry_schema("vg")
    for entry in document["actions"]:
        assert problems(entry, entry_schema) == []


def test_self_played_vg_games_use_most_verbs() -> None:
    used = {entry["do"] for seed in (1, 7, 42, 2026) for entry in play_vg_game(seed)["actions"]}
    assert {"first_vanguard", "draw", "mulligan", "ride", "call", "attack", "guard", "drive", "damage"} <= used


def test_the_small_vg_log_is_valid_and_legal() -> None:
    assert problems(small_vg_log()) == []
    assert not project_refuses(small_vg_log())


def _first_entry_is(entry: Document) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        document["actions"][0] = entry

    return change


VG_MALFORMED = {
    "unknown verb": (_set(("actions", 3, "do"), "jump"), ["actions", 3, "do"], "enum"),
    "call to circle X": (_set(("actions", 0, "to"), "X"), ["actions", 0, "to"], "enum"),
    "attack from circle X": (_set(("actions", 1, "from"), "X"), ["actions", 1, "from"], "enum"),
    "setup circle X": (_set(("setup", "P1", "circles"), {"V": "SL-31", "X": "SL-14"}), None, "enum"),
    "trigger icon soul": (_set(("cards", "SL-C", "trigger"), "soul"), ["cards", "SL-C", "trigger"], "enum"),
    "normal unit with an icon": (
        _set(("cards", "SL-11", "trigger"), "draw"),
        ["cards", "SL-11", "trigger"],
        "enum",
    ),
    "trigger unit without an icon": (_set(("cards", "SL-C", "trigger"), None), ["cards", "SL-C", "trigger"], "enum"),
    "card type G3": (_set(("cards", "SL-31", "type"), "g3"), ["cards", "SL-31", "type"], "enum"),
    "unknown skill": (_set(("cards", "SL-31", "skills"), ["quad_drive"]), ["cards", "SL-31", "skills", 0], "enum"),
    "unknown keyword": (_set(("cards", "SL-31", "keywords"), ["flying"]), ["cards", "SL-31", "keywords", 0], "enum"),
    "limit break count as text": (
        _set(("cards", "SL-31", "keywords"), [{"keyword": "limit_break", "count": "four"}]),
        ["cards", "SL-31", "keywords", 0, "count"],
        "type",
    ),
    "setup phase": (_set(("setup", "phase"), "lunch"), ["setup", "phase"], "enum"),
    "setup state reverse": (
        _set(("setup", "P1", "circles", "BC"), {"card": "SL-14", "state": "reverse"}),
        ["setup", "P1", "circles", "BC", "state"],
        "enum",
    ),
    "attack without target": (
        _first_entry_is({"p": "P1", "do": "attack", "from": "V"}),
        ["actions", 0],
        "required",
    ),
    "intercept from BL": (
        _set(("actions", 2), {"p": "P2", "do": "intercept", "from": "BL", "guards": "V"}),
        ["actions", 2, "from"],
        "enum",
    ),
    "two drive cards": (_set(("actions", 4, "card"), ["SL-C", "SL-D"]), None, "anyOf"),
    "expect of an unknown phase": (
        _set(("actions", 0, "expect", "phase"), "lunch"),
        ["actions", 0, "expect", "phase"],
        "enum",
    ),
    "expect of a zone stage": (
        _set(("actions", 0, "expect", "P1", "stage"), {"1": "SL-21"}),
        ["actions", 0, "expect", "P1"],
        "additionalProperties",
    ),
    "result reason level": (_set(("result",), {"winner": "P1", "reason": "level"}), ["result", "reason"], "enum"),
}


@pytest.mark.parametrize("case", list(VG_MALFORMED))
def test_malformed_vg_logs_are_refused_where_they_are_wrong(case: str) -> None:
    change, path, kind = VG_MALFORMED[case]
    document = small_vg_log()
    change(document)
    errors = list(validator().iter_errors(document))
    assert errors, f"{case}: the schema accepts it"
    error = best_match(errors)
    assert error.validator == kind, error.message
    if path is not None:
        assert list(error.absolute_path) == path, error.message
    else:
        assert list(error.absolute_path)[:2] in (["setup", "P1"], ["actions", 4])
    # Not stricter than the project: the loader or the replay refuses it as well.
    assert project_refuses(document), f"{case}: the project accepts what the schema refuses"


def test_vg_logs_may_write_the_contracts_circle_states_and_bare_keywords() -> None:
    document = small_vg_log()
    document["setup"]["P1"]["circles"]["V"] = {"card": "SL-31", "state": "rest", "mate": "SL-23", "locked": False}
    document["setup"]["P1"]["circles"]["BC"] = {"card": "SL-14", "face": "down", "deleted": False}
    document["cards"]["SL-14"]["keywords"] = ["lord", {"keyword": "generation_break", "count": 1}]
    document["cards"]["SL-14"]["abilities"] = ["[CONT](RC): This unit gets [Power]+2000.", {"type": "cont"}]
    document["actions"][0]["expect"]["P1"]["circles"]["G"] = 0
    assert problems(document) == []


def test_the_vg_schema_follows_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    document = small_vg_log()
    document["cards"]["SL-C"]["trigger"] = "soul"
    document["actions"].append({"p": "P1", "do": "shuffle"})
    assert len(problems(document)) == 3  # the icon (any type's, and a trigger unit's), and the verb
    monkeypatch.setattr(vg_cards, "TRIGGER_ICONS", (*vg_cards.TRIGGER_ICONS, "soul"))
    monkeypatch.setattr(vg_log, "CHOICE_VERBS", vg_log.CHOICE_VERBS | {"shuffle"})
    assert problems(document) == []
    assert schema.log_schema()["$defs"]["vgDo_shuffle"]["description"] == "A choice."


# --------------------------------------------------------------------------- wl logs


def wl_section() -> str:
    text = CONTRACT.read_text(encoding="utf-8")
    section = re.search(r"^## `wl` logs.*?$(.*?)^## ", text, re.MULTILINE | re.DOTALL)
    assert section, "the contract's wl section was not found"
    return section.group(1)


def between(text: str, start: str, end: str) -> str:
    """The part of ``text`` from ``start`` to ``end`` (both left out)."""
    found = re.search(re.escape(start) + "(.*?)" + re.escape(end), text, flags=re.DOTALL)
    assert found, f"{start!r} ... {end!r} was not found"
    return found.group(1)


def small_wl_log() -> Document:
    """A short legal wl log from a position: P1 gives an ENERGIO!! card to the Leader and attacks twice; P2 blocks
    the first attack and its Blocker is K.O.'d, counters the second and activates the [Trigger] of the Life card
    it takes; P1 ends the main phase."""
    starter = wl_starter_set()
    return schema.as_json_data(
        {
            "format": "judge-log/1",
            "game": "wl",
            "cards": starter.cards,
            "players": [
                {"id": "P1", "leader": "RD-L", "deck": starter.decks["fleet"]["deck"], "energio": {"RD-EN": 10}},
                {"id": "P2", "leader": "BL-L", "deck": starter.decks["court"]["deck"], "energio": {"BL-EN": 10}},
            ],
            "first": "P1",
            "chooser": "P2",
            "setup": {
                "turn": 3,
                "active": "P1",
                "phase": "main",
                "P1": {
                    "hand": ["RD-01", "RD-E2", "?"],
                    "life": 4,
                    "deck": {"top": ["RD-05"], "rest": 19},
                    "leader": {"card": "RD-L", "state": "active", "given": 0},
                    "characters": ["RD-02", {"card": "RD-02", "state": "active", "given": 1, "fresh": False}],
                    "stage": "RD-S1",
                    "cost": {"active": 3, "rested": 0},
                    "energio_deck": 6,
                },
                "P2": {
                    "hand": ["BL-E1", "BL-01"],
                    "life": ["BL-07", "BL-01", "BL-07"],
                    "trash": [],
                    "deck": 20,
                    "characters": [{"card": "BL-02", "state": "stand"}, {"card": "BL-04", "state": "rested"}],
                    "cost": {"active": 2, "rested": 0},
                },
            },
            "actions": [
                {
                    "p": "P1",
                    "do": "give",
                    "to": "leader",
                    "count": 1,
                    "expect": {"P1": {"leader": {"given": 1, "power": 6000}, "cost": {"active": 2, "rested": 0}}},
                },
                {"p": "P1", "do": "attack", "attacker": "RD-02@2", "target": "leader"},
                {"p": "P2", "do": "block", "blocker": "BL-02@1"},
                {"p": "P2", "do": "pass", "note": "ends the Counter Step"},
                {"p": "P2", "do": "ko", "card": "BL-02@1", "expect": {"P2": {"characters": 1, "trash": ["BL-02"]}}},
                {"p": "P1", "do": "attack", "attacker": "leader", "target": "leader"},
                {"p": "P2", "do": "counter", "card": "BL-01", "target": "leader"},
                {"p": "P2", "do": "pass"},
                {
                    "p": "P2",
                    "do": "damage",
                    "card": "BL-07",
                    "trigger": True,
                    "expect": {
                        "phase": "main",
                        "winner": None,
                        "P2": {"life": 2, "hand": 1, "trash": ["BL-02", "BL-01", "BL-07"]},
                        "P1": {
                            "leader": {"state": "rested"},
                            "characters": [{"state": "active"}, {"card": "RD-02", "state": "rest", "power": 4000}],
                            "stage": ["RD-S1"],
                        },
                    },
                },
                {"p": "P1", "do": "end"},
            ],
        }
    )


def test_the_wl_enums_are_the_codes_constants() -> None:
    defs = schema.log_schema()["$defs"]
    card = defs["wlCard"]["properties"]
    assert card["category"]["enum"] == list(wl_cards.CATEGORIES)
    assert card["color"]["then"]["enum"] == card["color"]["else"]["items"]["enum"] == list(wl_cards.COLORS)
    assert card["keywords"]["then"]["enum"] == card["keywords"]["else"]["items"]["enum"] == list(wl_cards.KEYWORDS)
    assert defs["wlSetup"]["properties"]["phase"]["enum"] == list(wl_game.PHASES)
    setup_player = defs["wlSetupPlayer"]["properties"]
    assert set(wl_log.SETUP_PILES) <= set(setup_player)
    assert setup_player["characters"]["maxItems"] == wl_state.CHARACTER_LIMIT
    assert setup_player["leader"]["properties"]["state"]["enum"] == [*wl_state.ORIENTATION_WORDS, None]
    assert set(wl_game.PILES) <= set(defs["wlPlayerExpect"]["properties"])
    assert defs["wlExpect"]["properties"]["phase"]["enum"] == [schema.OPENING_PHASE, *wl_game.PHASES]
    assert set(defs["wlEntry"]["properties"]["do"]["enum"]) == set(wl_log.CHOICE_VERBS) | set(wl_log.FORCED_VERBS)
    assert set(wl_log.CHOICE_FIELDS.values()) <= set(defs["wlDo_damage"]["properties"])
    operations = defs["wlDo_effect"]["properties"]
    assert operations["moves"]["then"]["properties"]["to"]["enum"] == list(wl_card_text.ZONES_OF_TEXT)
    ability = defs["wlAbility"]["properties"]
    assert all(word in ability["cost"]["description"] for word in (*wl_costs.COST_WORDS, wl_schema.RETURN_COST))
    assert all(word in ability["effect"]["description"] for word in wl_playing.DURATIONS)
    assert all(word in ability["timing"]["description"] for word in wl_schema.TIMINGS)
    assert "enum" not in ability["timing"]  # any word is accepted; the engine reports what it does not play


def test_every_wl_verb_has_its_arguments_described() -> None:
    defs = schema.log_schema()["$defs"]
    for verb in set(wl_log.CHOICE_VERBS) | set(wl_log.FORCED_VERBS):
        definition = defs[f"wlDo_{verb}"]
        kind = (
            "A forced event."
            if verb in wl_log.FORCED_VERBS
            else "A declared effect."
            if verb == "effect"
            else "A choice."
        )
        assert definition["description"].startswith(kind), verb
        assert re.search(r"\(wl \d", definition["description"]), f"{verb}: no clause cited"
        if verb not in ("pass", "concede", "end"):
            assert definition["properties"], verb


@pytest.mark.skipif(not CONTRACT.is_file(), reason="the shared contract is not beside the project")
def test_the_wl_verbs_and_words_are_the_contracts() -> None:
    section = wl_section()
    defs = schema.log_schema()["$defs"]
    table = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE)
    assert table, "the contract's wl verb table was not found"
    assert set(defs["wlEntry"]["properties"]["do"]["enum"]) == set(table)
    for row in re.findall(r"^\| `([a-z_]+)` \| [a-z]+ \| (.*?) \|", section, flags=re.MULTILINE):
        verb, arguments = row
        named = set(re.findall(r"`([a-z_]+)", arguments)) - {"leader", "ws"}
        assert named <= set(defs[f"wlDo_{verb}"].get("properties", {})), verb
    fields = re.findall(r"`([a-z_]+)", between(section, "Card fields:", "A player has"))
    every_game = {"text", "meta"}  # the contract's "Printed card text and card catalogs (every game)"
    assert set(fields) == set(defs["wlCard"]["properties"]) - every_game
    player = re.findall(r"`([a-z_]+)", between(section, "A player has", "Header"))
    assert set(player) <= set(defs["wlPlayer"]["properties"]) | set(defs["player"]["properties"])
    assert "chooser" in section and "chooser" in defs["wlLog"]["properties"]
    phases = re.split(r",\s+", between(section, "`setup.phase` is one of", ";").strip())
    assert phases == list(defs["wlSetup"]["properties"]["phase"]["enum"])
    zones = re.findall(r"`([a-z_]+)[^`]*`(?!:)", between(section, "a player's zones are", "\n|"))  # not `fresh`:
    assert set(zones) == set(defs["wlSetupPlayer"]["properties"])
    assert set(zones) == set(defs["wlPlayerExpect"]["properties"])  # "the setup's zone keys"
    timings = re.split(r",\s+", between(section, "`timing` one of", "(the bracketed").strip())
    assert timings == list(wl_schema.TIMINGS)
    costs = re.findall(r"\{([a-z_]+): ", between(section, "[Opponent's Turn]; ", "The choice"))
    assert set(costs) == {*wl_costs.COST_WORDS, wl_schema.RETURN_COST}
    reasons = re.search(r"wl: ((?:`[a-z_]+`(?:,\s+)?)+)\)", vg_section())
    assert reasons, "the contract's wl result reasons were not found"
    assert list(wl_schema.RESULT_REASONS) == re.findall(r"`([a-z_]+)`", reasons.group(1))
    assert defs["wlLog"]["properties"]["result"]["properties"]["reason"]["enum"] == list(wl_schema.RESULT_REASONS)


@pytest.mark.parametrize("seed", [1, 7, 42, 2026])
def test_self_played_wl_games_validate(seed: int) -> None:
    document = schema.as_json_data(play_wl_game(seed))
    assert document["game"] == "wl" and len(document["actions"]) > 20
    assert problems(document) == []
    header = {key: value for key, value in document.items() if key != "actions"}
    assert problems(header, schema.header_schema()) == []
    entry_schema = schema.entry_schema("wl")
    for entry in document["actions"]:
        assert problems(entry, entry_schema) == []


def test_self_played_wl_games_use_most_verbs() -> None:
    used = {entry["do"] for seed in (1, 7, 42, 2026) for entry in play_wl_game(seed)["actions"]}
    expected = {"draw", "mulligan", "life", "energio", "play", "give", "attack", "counter", "damage", "end", "pass"}
    assert expected <= used


def test_the_small_wl_log_is_valid_and_legal() -> None:
    assert problems(small_wl_log()) == []
    assert not project_refuses(small_wl_log())


def _append(entry: Document) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        document["actions"].append(entry)

    return change


def _drop(path: tuple[Any, ...]) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


WL_MALFORMED = {
    "unknown verb": (_set(("actions", 3, "do"), "jump"), ["actions", 3, "do"], "enum"),
    "category spell": (_set(("cards", "RD-01", "category"), "spell"), ["cards", "RD-01", "category"], "enum"),
    "color orange": (_set(("cards", "RD-01", "color"), "orange"), ["cards", "RD-01", "color"], "enum"),
    "colors red and orange": (
        _set(("cards", "RD-01", "color"), ["red", "orange"]),
        ["cards", "RD-01", "color", 1],
        "enum",
    ),
    "no category": (_drop(("cards", "RD-01", "category")), ["cards", "RD-01"], "required"),
    "unknown keyword": (_set(("cards", "RD-04", "keywords"), ["flying"]), ["cards", "RD-04", "keywords", 0], "enum"),
    "power as text": (_set(("cards", "RD-01", "power"), "2000"), ["cards", "RD-01", "power"], "type"),
    "player without a leader": (_drop(("players", 0, "leader")), ["players", 0], "required"),
    "setup phase": (_set(("setup", "phase"), "battle"), ["setup", "phase"], "enum"),
    "setup state reverse": (
        _set(("setup", "P2", "characters", 0, "state"), "reverse"),
        ["setup", "P2", "characters", 0, "state"],
        "enum",
    ),
    "six characters": (_set(("setup", "P1", "characters"), ["RD-02"] * 6), ["setup", "P1", "characters"], "maxItems"),
    "an unknown character": (_set(("setup", "P1", "characters", 0), "?"), ["setup", "P1", "characters", 0], "not"),
    "attack without target": (
        _set(("actions", 1), {"p": "P1", "do": "attack", "attacker": "RD-02@2"}),
        ["actions", 1],
        "required",
    ),
    "attacker @0": (_set(("actions", 1, "attacker"), "RD-02@0"), ["actions", 1, "attacker"], "pattern"),
    "two damage cards": (_set(("actions", 8, "card"), ["BL-07", "BL-01"]), ["actions", 8, "card"], "anyOf"),
    "energio count as text": (
        _append({"p": "P2", "do": "energio", "count": "two"}),
        ["actions", 10, "count"],
        "type",
    ),
    "effect moving a card to the clock": (
        _append(
            {"p": "P1", "do": "effect", "source": "RD-E2", "moves": {"card": "RD-E2", "from": "hand", "to": "clock"}}
        ),
        ["actions", 10, "moves", "to"],
        "enum",
    ),
    "expect of an unknown phase": (
        _set(("actions", 0, "expect", "phase"), "battle"),
        ["actions", 0, "expect", "phase"],
        "enum",
    ),
    "expect of a zone clock": (
        _set(("actions", 0, "expect", "P1", "clock"), 1),
        ["actions", 0, "expect", "P1"],
        "additionalProperties",
    ),
    "result reason level": (_set(("result",), {"winner": "P1", "reason": "level"}), ["result", "reason"], "enum"),
}


@pytest.mark.parametrize("case", list(WL_MALFORMED))
def test_malformed_wl_logs_are_refused_where_they_are_wrong(case: str) -> None:
    change, path, kind = WL_MALFORMED[case]
    document = small_wl_log()
    change(document)
    errors = list(validator().iter_errors(document))
    assert errors, f"{case}: the schema accepts it"
    error = best_match(errors)
    assert error.validator == kind, error.message
    assert list(error.absolute_path) == path, error.message
    # Not stricter than the project: the loader or the replay refuses it as well.
    assert project_refuses(document), f"{case}: the project accepts what the schema refuses"


def test_wl_logs_may_write_the_contracts_words_and_shapes() -> None:
    document = small_wl_log()
    document["cards"]["RD-01"].update(color="red", types="Vanguard Fleet", keywords="rush", power=None)
    document["cards"]["RD-02"]["abilities"] = [
        "[Activate: Main] [Once Per Turn] ①: This Character gets +1000 power during this turn.",
        {
            "type": "act",
            "timing": "activate_main",
            "once_per_turn": True,
            "condition": {"energio": 1, "turn": "yours"},
            "cost": {"energio": 1, "trash": 1, "energio_return": 1},
            "effect": {"power": 1000, "target": "self", "until": "end_of_turn"},
            "text": "...",
        },
        {"type": "auto", "timing": "on_opponents_attack", "text": "[On Your Opponent's Attack] ..."},
    ]
    document["setup"]["P1"]["leader"] = {"state": "rest", "given": 1}
    document["setup"]["P2"]["stage"] = ["BL-S1"]
    document["actions"].insert(
        0,
        {"p": "P1", "do": "act", "source": "RD-02@1", "ability": 1, "trash": ["RD-01"], "energio_return": {"cost": 1}},
    )
    document["actions"].append({"p": "P2", "do": "draw", "cards": ["?"], "turn": 4})
    document["actions"].append(
        {
            "p": "P2",
            "do": "effect",
            "source": "BL-S1",
            "moves": [{"from": "deck", "to": "hand"}],
            "power": {"amount": 1},
        }
    )
    document["actions"][1]["expect"]["P1"].update(characters=2, energio_deck=6, life=["?", "?", "?", "?"])
    assert problems(document) == []


def test_the_wl_schema_follows_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    document = small_wl_log()
    document["cards"]["RD-01"]["color"] = "orange"
    document["cards"]["RD-01"]["category"] = "don"
    document["actions"].append({"p": "P1", "do": "shuffle"})
    assert len(problems(document)) == 3
    monkeypatch.setattr(wl_cards, "COLORS", (*wl_cards.COLORS, "orange"))
    monkeypatch.setattr(wl_cards, "CATEGORIES", (*wl_cards.CATEGORIES, "don"))
    monkeypatch.setattr(wl_log, "CHOICE_VERBS", wl_log.CHOICE_VERBS | {"shuffle"})
    assert problems(document) == []
    assert schema.log_schema()["$defs"]["wlDo_shuffle"]["description"] == "A choice."
