"""A JSON Schema (draft 2020-12) for ``judge-log/1`` logs, generated from the code's own model.

Simulator authors can validate their exports against it before asking for a
verdict.  Nothing here is a second copy of the format: every list of names
(games, verbs, phases, card types, trigger icons, keywords, ability kinds,
operations, stage positions, zones, verdicts, rules documents) is read from the
module that enforces it, *when the schema is built*, so the schema follows the
code when the code changes.  What the schema adds is the arrangement: which key
holds which kind of value, as ``judge/logfile.py`` (the loader's shape checks),
``judge/ws_log.py`` (how ``ws`` entries, ``setup`` and card records are read),
``engine/games/ws`` (the card and ability records) and ``judge/scenarios.py``
(scenario metadata) read them.

The schema describes the JSON data model.  A YAML log is validated as the JSON
it corresponds to: mapping keys are strings (a stage position ``2:`` is the key
``"2"``) and dates are strings; :func:`as_json_data` converts parsed YAML.

What a schema cannot say is left to the loader and the replay: that ``p``,
``first`` and ``to`` name a player of the log, that card ids used anywhere are
keys of ``cards``, that the two player ids differ, that a deck list has at most
``MAX_CARDS`` cards in all, or anything about the rules.

Usage::

    python -m judge.schema > judge-log-1.schema.json
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.core.vocabulary import Part, Vocabulary
from judge import games, logformat
from judge import verdict as verdicts
from rules_index import documents as rule_documents

__all__ = [
    "SCHEMA_DRAFT",
    "SCHEMA_ID",
    "Schema",
    "as_json_data",
    "entry_properties",
    "entry_schema",
    "header_schema",
    "log_schema",
    "names",
    "one_or_list",
    "player_definition",
    "ref",
    "scenario_schema",
    "schema_json",
    "verb_definitions",
    "when",
    "write_schema",
]

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID = "urn:judge:schema:judge-log-1"
ORIENTATIONS = ("stand", "rest", "reverse")
"""The orientation words of the contract's conventions; the code spells them inline (``ws_log.position_of``)."""
DECLARED_VERBS = ("effect",)
"""Verbs the contract calls "declared" (card text the engine does not model); ``ws_log`` files them as choices."""
OPENING_PHASE = "setup"
"""The engine's phase name before turn 1 (``WeissSchwarz.run``), which an ``expect`` may state."""

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def names(values: Any) -> list[Any]:
    """A constant as a JSON list: tuples keep the code's order, sets are sorted."""
    if isinstance(values, set | frozenset):
        return sorted(values)
    return list(values)


def when(key: str, value: Any, then: Schema) -> Schema:
    """``then`` applies to an object whose ``key`` is ``value``."""
    return {"if": {"type": "object", "properties": {key: {"const": value}}, "required": [key]}, "then": then}


def one_or_list(item: Schema, description: str) -> Schema:
    """One ``item`` or a list of them (the readers wrap a single mapping into a list)."""
    return {
        "description": description,
        "type": ["object", "array"],
        "if": {"type": "object"},
        "then": item,
        "else": {"items": item},
    }


def structured_effect_properties(words: Vocabulary) -> dict[str, Schema]:
    """The properties of the structured effect ``{power, target, until}`` in a game's ``words``
    (``engine.core.vocabulary``): each word's meaning and the values it takes, with the meaning of each target and
    duration."""
    properties = words.properties("operation") | words.properties("qualifier")
    parts: tuple[tuple[str, Part], ...] = (("target", "target"), ("until", "duration"))
    for key, part in parts:
        properties[key] = {
            **properties[key],
            "description": f"{properties[key]['description']} {words.value_descriptions(part)}.",
        }
    return properties


# --------------------------------------------------------------------------- entries and players, for every game

PLAYER_SUBJECT_VERB = "damage"
"""The verb whose entry may name its player with ``to`` instead of ``p`` (the format's conventions: ``p`` is "the
damaged player for ``damage`` (also written as ``to``)"), in the games whose ``damage`` entries have ``to``."""


def card_contract_properties() -> dict[str, Schema]:
    """The keys of a card record in every game, beside the game's own fields: the printed text box and ``meta``
    (the format's "Printed card text and card catalogs")."""
    return {
        "text": {
            "description": "The card's printed text box, one ability a line, read where the record has no "
            "'abilities' (judge/site/printed-text.rst).",
            "type": "string",
        },
        "meta": {"description": "Free-form: what a catalog keeps beside the card (its source's ids); not read."},
    }


def entry_properties() -> dict[str, Schema]:
    """The keys every entry may have, whatever its verb: who, the verb, and what the writer adds to it."""
    return {
        "p": {
            "description": "The player who acts (a choice) or to whom it happens (a forced event); required (a "
            f"{PLAYER_SUBJECT_VERB} entry may name the damaged player with 'to' instead).",
            **ref("playerId"),
        },
        "do": {"description": "The verb.", "type": "string", "minLength": 1},
        "turn": {"description": "The turn number, checked when present.", "type": "integer"},
        "rule": {
            "description": "The clause the writer believes governs, such as 'ws:6.5.1.2.1'; a wrong or "
            "unknown clause is reported as a note, so any string is accepted.",
            "type": "string",
        },
        "expect": {
            "description": "State assertions checked right after this entry is applied.",
            "type": "object",
        },
        "note": {"description": "Free-form, kept in the annotated output: text, or anything the writer keeps here."},
    }


def _player_required(verb_has_to: bool | None = None) -> Schema:
    """The rule that an entry names its player: ``p``, or for a damage entry ``p`` or ``to``.  ``verb_has_to``:
    whether the entry's verb is known to be a damage with ``to`` (True), another (False), or not known (None)."""
    either = {"anyOf": [{"required": ["p"]}, {"required": ["to"]}]}
    if verb_has_to is True:
        return either
    if verb_has_to is False:
        return {"required": ["p"]}
    return {
        "if": {"properties": {"do": {"const": PLAYER_SUBJECT_VERB}}, "required": ["do"]},
        "then": either,
        "else": {"required": ["p"]},
    }


def verb_definitions(
    key: str,
    title: str,
    choice_verbs: Iterable[str],
    forced_verbs: Iterable[str],
    arguments: dict[str, tuple[str, Schema, list[str]]],
) -> dict[str, Schema]:
    """A game's entries: ``<key>Do_<verb>`` for each verb, listing every key its entries may have (the keys of every
    entry, then the verb's arguments) and no other, and ``<key>Entry``, one of them by its ``do``.

    ``arguments``: verb -> (what it is, its arguments' schemas, the required ones), as the game's reading reads
    them; a verb without arguments may be left out.
    """
    forced = set(forced_verbs)
    verbs = sorted({*choice_verbs, *forced})
    common = entry_properties()
    expect = ref(f"{key}Expect")
    defs: dict[str, Schema] = {}
    rules = []
    for verb in verbs:
        text, properties, required = arguments.get(verb, ("", {}, []))
        kind = "forced event" if verb in forced else "declared effect" if verb in DECLARED_VERBS else "choice"
        has_to = verb == PLAYER_SUBJECT_VERB and "to" in properties
        definition: Schema = {
            "title": f"{key} '{verb}' entry",
            "description": f"A {kind}. {text}".strip(),
            "type": "object",
            "properties": {
                "p": common["p"],
                "do": {"description": "The verb.", "const": verb},
                **properties,
                **{name: common[name] for name in ("turn", "rule", "note")},
                "expect": {**expect, "description": common["expect"]["description"]},
            },
            "required": ["do", *([] if has_to else ["p"]), *required],
            "additionalProperties": False,
        }
        if has_to:
            definition.update(_player_required(True))
        defs[f"{key}Do_{verb}"] = definition
        rules.append(when("do", verb, ref(f"{key}Do_{verb}")))
    defs[f"{key}Entry"] = {
        "title": f"{title} entry",
        "description": f"What 'game: {key}' adds to an entry: one of the verbs the replay reads, with its arguments, "
        "and no key beside them and those of every entry.",
        "type": "object",
        "properties": {"do": {"enum": verbs}, "expect": expect},
        "allOf": rules,
    }
    return defs


def player_definition(title: str, description: str, properties: Schema, required: Iterable[str] = ()) -> Schema:
    """A game's player: the keys of every player (``id``, ``name``, ``deck``), the game's own, and no other."""
    shared = _common_defs()["player"]
    return {
        "title": title,
        "description": description,
        "type": "object",
        "required": [*shared["required"], *required],
        "properties": {**shared["properties"], **properties},
        "additionalProperties": False,
    }


# --------------------------------------------------------------------------- shared definitions


def _clause_pattern() -> str:
    keys = sorted((document.key for document in rule_documents.documents()), key=lambda key: (-len(key), key))
    return "^(?:" + "|".join(re.escape(key) for key in keys) + r"):\S+$"


def _common_defs() -> dict[str, Schema]:
    unknown = logformat.UNKNOWN_CARD
    prefixes = ", ".join(document.key for document in rule_documents.documents())
    return {
        "clauseId": {
            "title": "Clause id",
            "description": f"A clause of a bundled rules document: its document key ({prefixes}), ':', its number "
            "or slug, such as 'ws:4.10.1.2'.",
            "type": "string",
            "pattern": _clause_pattern(),
        },
        "playerId": {
            "title": "Player id",
            "description": "One of the two ids in 'players' (the schema cannot check which).",
            "type": "string",
            "minLength": 1,
        },
        "cardId": {
            "title": "Card id",
            "description": f"A key of 'cards'; {unknown!r} is reserved for a card whose identity is not known.",
            "type": "string",
            "not": {"const": unknown},
        },
        "cardRef": {
            "title": "Card id or '?'",
            "description": f"A card id from 'cards', or {unknown!r} for a card the log does not know.",
            "type": "string",
        },
        "cardRefs": {
            "title": "Cards",
            "description": "A list of cards (ids or '?').",
            "type": "array",
            "items": ref("cardRef"),
        },
        "card": {
            "title": "Card record",
            "description": "A card's characteristics, named as in its game's comprehensive rules (section 2), "
            "in lower case.",
            "type": "object",
        },
        "player": {
            "title": "Player",
            "type": "object",
            "required": ["id", "deck"],
            "properties": {
                "id": ref("playerId"),
                "name": {"type": "string"},
                "deck": {
                    "title": "Deck list",
                    "description": "Card id -> number of copies; every id must be a key of 'cards'.",
                    "type": "object",
                    "propertyNames": ref("cardId"),
                    "additionalProperties": {"type": "integer", "minimum": 1},
                },
            },
        },
        "entry": {
            "title": "Entry",
            "description": "One action: a choice a player made or a forced event the rules made happen.  Every "
            "entry has these keys; each game's verbs add their arguments (and each game's part lists every key its "
            "verbs' entries may have).",
            "type": "object",
            "required": ["do"],
            "properties": entry_properties(),
            **_player_required(),
        },
        "result": {
            "title": "Result",
            "description": "The log's claim of how the game ended, checked against the replay.",
            "type": "object",
            "properties": {
                "winner": {
                    "description": "A player id, 'draw', or null for a game that did not end.",
                    "type": ["string", "null"],
                },
                "reason": {"description": "Why the game ended (level, deck, time, ...).", "type": "string"},
            },
            "additionalProperties": False,
        },
        "sentence": {"type": "string", "pattern": r"\S"},
        "stateHash": {
            "description": "The state hash after the entry (judge replay --json prints it): 16 lowercase hex digits "
            "of the SHA-256 of the canonical state (the docs' 'State hashes').",
            "type": "string",
            "pattern": "^[0-9a-f]{16}$",
        },
        "names": {
            "description": "A name, or a list of names.",
            "type": ["string", "array"],
            "items": {"type": "string"},
        },
        "scenarioExpected": {
            "title": "Expected verdict",
            "description": "For a scenario that does not replay as legal: the verdict and the violations "
            "the replay must find.",
            "type": "object",
            "properties": {
                "verdict": {"enum": [kind.value for kind in verdicts.VerdictKind]},
                "violations": {
                    "type": ["array", "null"],
                    "items": {
                        "type": "object",
                        "properties": {
                            "entry": {
                                "description": "0-based index into 'actions'; null for the header.",
                                "type": ["integer", "null"],
                                "minimum": 0,
                            },
                            "clause": {"anyOf": [ref("clauseId"), {"type": "null"}]},
                        },
                        "additionalProperties": False,
                    },
                },
            },
            "additionalProperties": False,
        },
    }


# --------------------------------------------------------------------------- the schema


def _defs(keys: Iterable[str]) -> dict[str, Schema]:
    defs = _common_defs()
    for key in keys:
        defs.update(games.get(key).schema_defs())
    return defs


_DESCRIPTION = """\
A game log in the judge-log/1 format: a header (every top-level key but 'actions') and the entries, in the \
order they happened.  Encodings: YAML (.yaml, .yml) or JSON (.json) hold the whole document; JSON Lines \
(.jsonl) has the header object on line 1, without 'actions', and one entry object on each following line \
(see header_schema() and entry_schema() in judge.schema).  UTF-8.  The schema describes the JSON data model: \
a YAML log is validated as the JSON it corresponds to (mapping keys are strings, dates are strings).  \
Generated by judge.schema from the loader's and the engine's constants.  A key the format does not name is \
refused, as the loader refuses it: what a writer keeps beside the format goes under 'meta' (the header) or \
'note' (an entry), whose contents are free.  That 'p', 'first' and card ids refer to the log's players and \
cards, and everything about the rules, is checked by the replay, not here."""


def log_schema(game: str | None = None) -> Schema:
    """The schema of a whole ``judge-log/1`` document, built now from the code's constants; with ``game``, of that
    game's logs only (the other games' parts left out: what the loader's checks of one log are compiled from)."""
    log_games = names(logformat.log_games())
    keys = games.available() if game is None else (game,)
    schema: Schema = {
        "$schema": SCHEMA_DRAFT,
        "$id": SCHEMA_ID,
        "title": f"{logformat.FORMAT_ID} game log",
        "description": _DESCRIPTION,
        "type": "object",
        "required": ["format", "game", "cards", "players", "actions"],
        "properties": {
            "format": {"description": "The format and its version.", "const": logformat.FORMAT_ID},
            "game": {"description": "Which game the log is of.", "enum": log_games},
            "rules": {"description": "The rules document id; default is the game's bundled one.", "type": "string"},
            "meta": {
                "description": "Free-form: event, round, table, date, generator, or anything the writer keeps "
                "(usually a mapping); kept, not read.",
            },
            "cards": {
                "title": "Cards",
                "description": "Every card the decks use, keyed by a card id of the log's choosing.",
                "type": "object",
                "propertyNames": ref("cardId"),
                "additionalProperties": ref("card"),
            },
            "players": {
                "title": "Players",
                "description": "Exactly two players, each with a deck list.",
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": ref("player"),
            },
            "first": {"description": "Who takes the first turn (recorded, not re-made).", **ref("playerId")},
            "order": {
                "title": "Known deck order",
                "description": "Player id -> that player's deck after the opening shuffle, top first.",
                "type": "object",
                "propertyNames": ref("playerId"),
                "additionalProperties": {"type": "array", "items": ref("cardId")},
            },
            "setup": {
                "description": "Start from this position instead of the opening procedure.",
                "type": "object",
            },
            "actions": {
                "title": "Entries",
                "description": "The entries, in the order they happened (an empty list is fine).",
                "type": "array",
                "items": ref("entry"),
            },
            "result": ref("result"),
            "title": {"description": "Scenario: one line, what the ruling is about.", **ref("sentence")},
            "question": {"description": "Scenario: the situation and the question.", **ref("sentence")},
            "ruling": {"description": "Scenario: the answer, citing the rule in words.", **ref("sentence")},
            "clauses": {
                "description": "Scenario: the clause ids the ruling hinges on.",
                "type": ["string", "array"],
                "if": {"type": "string"},
                "then": ref("clauseId"),
                "else": {"items": ref("clauseId")},
            },
            "topics": {"description": "Scenario: topics beside the folder the file is in.", **ref("names")},
            "expected": ref("scenarioExpected"),
        },
        "allOf": [],
        "$defs": _defs(keys),
    }
    schema["allOf"] = [when("game", key, _game_header(key, schema)) for key in keys]
    return schema


def _game_header(key: str, schema: Schema) -> Schema:
    """What ``game: key`` asks of the header: its part (``<key>Log``), and no key but those the format names (the
    header's and the game's own); the name of every other key is refused."""
    own = schema["$defs"].get(f"{key}Log", {}).get("properties", {})
    known = dict.fromkeys([*schema["properties"], *own])
    return {"allOf": [ref(f"{key}Log")], "properties": {name: True for name in known}, "additionalProperties": False}


def scenario_schema() -> Schema:
    """The schema of a scenario: a log with ``setup`` and its ruling (``judge/scenarios.py``)."""
    schema = log_schema()
    schema["$id"] = f"{SCHEMA_ID}:scenario"
    schema["title"] = f"{logformat.FORMAT_ID} scenario"
    schema["description"] = "A ruling: a log that starts from 'setup', with its title, question, ruling and clauses."
    schema["required"] = [*schema["required"], "setup", "title", "question", "ruling", "clauses"]
    schema["allOf"] = [*schema["allOf"], {"properties": {"clauses": {"minItems": 1}}}]
    return schema


def header_schema() -> Schema:
    """Line 1 of a JSON Lines log: the header, which must not hold ``actions``."""
    schema = log_schema()
    schema["$id"] = f"{SCHEMA_ID}:header"
    schema["title"] = f"{logformat.FORMAT_ID} JSON Lines header"
    schema["description"] = "Line 1 of a .jsonl log: every top-level key but 'actions'."
    schema["required"] = [key for key in schema["required"] if key != "actions"]
    del schema["properties"]["actions"]
    schema["not"] = {"required": ["actions"]}
    return schema


def entry_schema(game: str | None) -> Schema:
    """One entry line of a JSON Lines log (or one item of ``actions``) of ``game``; None: any game."""
    known = games.available()
    if game is not None and game not in known:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(known)}")
    return {
        "$schema": SCHEMA_DRAFT,
        "$id": f"{SCHEMA_ID}:entry" + (f":{game}" if game else ""),
        "title": f"{logformat.FORMAT_ID} entry" + (f" ({game})" if game else ""),
        "description": "One entry: an item of 'actions', or one line after the header of a JSON Lines log.",
        "allOf": [ref("entry"), *([ref(f"{game}Entry")] if game is not None else [])],
        "$defs": _defs(known if game is None else (game,)),
    }


def schema_json() -> str:
    """:func:`log_schema` as stable JSON text: sorted keys, indented by 2."""
    return json.dumps(log_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schema(path: str | os.PathLike[str]) -> Path:
    """Write :func:`schema_json` to ``path``; returns the path written."""
    target = Path(path)
    target.write_text(schema_json(), encoding="utf-8")
    return target


def as_json_data(document: Any) -> Any:
    """A parsed YAML document as the JSON data it corresponds to (string keys, dates as text)."""
    return json.loads(json.dumps(document, default=str))


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(schema_json())
