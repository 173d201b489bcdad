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
from pathlib import Path
from typing import Any

from engine.games.ws import abilities as ws_abilities
from engine.games.ws import cards as ws_cards
from engine.games.ws import state as ws_state
from judge import logfile, ws_log
from judge import verdict as verdicts
from rules_index import documents as rule_documents

__all__ = [
    "SCHEMA_DRAFT",
    "SCHEMA_ID",
    "as_json_data",
    "entry_schema",
    "header_schema",
    "log_schema",
    "scenario_schema",
    "schema_json",
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


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _names(values: Any) -> list[Any]:
    """A constant as a JSON list: tuples keep the code's order, sets are sorted."""
    if isinstance(values, set | frozenset):
        return sorted(values)
    return list(values)


def _when(key: str, value: Any, then: Schema) -> Schema:
    """``then`` applies to an object whose ``key`` is ``value``."""
    return {"if": {"type": "object", "properties": {key: {"const": value}}, "required": [key]}, "then": then}


def _one_or_list(item: Schema, description: str) -> Schema:
    """One ``item`` or a list of them (the readers wrap a single mapping into a list)."""
    return {
        "description": description,
        "type": ["object", "array"],
        "if": {"type": "object"},
        "then": item,
        "else": {"items": item},
    }


# --------------------------------------------------------------------------- shared definitions


def _clause_pattern() -> str:
    keys = sorted((document.key for document in rule_documents.DOCUMENTS), key=lambda key: (-len(key), key))
    return "^(?:" + "|".join(re.escape(key) for key in keys) + r"):\S+$"


def _common_defs() -> dict[str, Schema]:
    unknown = logfile.UNKNOWN_CARD
    prefixes = ", ".join(document.key for document in rule_documents.DOCUMENTS)
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
            "title": "Card",
            "description": f"A card id from 'cards', or {unknown!r} for a card the log does not know.",
            "type": "string",
        },
        "cardRefs": {
            "title": "Cards",
            "description": "A list of cards (ids or '?').",
            "type": "array",
            "items": _ref("cardRef"),
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
                "id": _ref("playerId"),
                "name": {"type": "string"},
                "deck": {
                    "title": "Deck list",
                    "description": "Card id -> number of copies; every id must be a key of 'cards'.",
                    "type": "object",
                    "propertyNames": _ref("cardId"),
                    "additionalProperties": {"type": "integer", "minimum": 1},
                },
            },
        },
        "entry": {
            "title": "Entry",
            "description": "One action: a choice a player made or a forced event the rules made happen. "
            "Keys beyond these are the verb's arguments (and extensions).",
            "type": "object",
            "required": ["do"],
            "properties": {
                "do": {"description": "The verb.", "type": "string", "minLength": 1},
                "p": {
                    "description": "The player who acts (a choice) or to whom it happens (a forced event).",
                    **_ref("playerId"),
                },
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
                "note": {"description": "Free text, kept in the annotated output.", "type": "string"},
            },
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
        },
        "sentence": {"type": "string", "pattern": r"\S"},
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
                            "clause": {"anyOf": [_ref("clauseId"), {"type": "null"}]},
                        },
                    },
                },
            },
        },
    }


# --------------------------------------------------------------------------- ws: cards


def _ws_card_defs() -> dict[str, Schema]:
    icons = _names(ws_cards.TRIGGER_ICONS)
    keywords = _names(ws_cards.KEYWORDS)
    keyword_rules = []
    for keyword in keywords:
        numbers = ws_cards.KEYWORD_NUMBERS.get(keyword, ())
        then: Schema = {"properties": {name: {"type": "integer"} for name in numbers}}
        if keyword == "bond":  # engine/games/ws/cards.py _check_keyword
            then["required"] = ["name"]
            then["properties"]["name"] = {
                "description": "The name of the card Bond returns to the hand.",
                "type": "string",
            }
        if then["properties"]:
            keyword_rules.append(_when("keyword", keyword, then))
    operation_values: dict[str, Schema] = {
        "extra_turn": {"description": "Its master takes an additional turn (ws 11.2).", "const": True},
        "salvage": {
            "description": "Put such a card from the waiting room into the hand.",
            "enum": _names(ws_abilities.SALVAGE_TYPES),
        },
        "trait": {
            "description": "For a cont ability: the target gains this trait (8.9.1.2).",
            "type": "string",
            "minLength": 1,
        },
    }
    operations = _names(ws_abilities.OPERATIONS)
    stock = {"type": "integer", "minimum": 0}
    colors: Schema = {
        "description": "A color name or a list of them.",
        "type": ["string", "array", "null"],
        "items": {"type": "string"},
    }
    return {
        "wsCard": {
            "title": "Weiss Schwarz card record",
            "description": "The characteristics of ws 2 in lower case; 'type' is required, the numbers default to 0 "
            "(soul to 1 for a character).  Every character's implicit Encore [3] need not be written.",
            "type": "object",
            "required": ["type"],
            "properties": {
                "name": {"type": "string"},
                "type": {"description": "ws 2.3.2.", "enum": _names(ws_cards.CARD_TYPES)},
                "level": {"type": "integer"},
                "cost": {"type": "integer"},
                "power": {"type": "integer"},
                "soul": {"type": "integer"},
                "color": colors,
                "colors": {**colors, "description": "Accepted in place of 'color'."},
                "triggers": {
                    "description": "The trigger icons (ws 4.12.2): one icon or a list of them.",
                    "type": ["string", "array"],
                    "if": {"type": "string"},
                    "then": {"enum": icons},
                    "else": {"items": {"enum": icons}},
                },
                "traits": {"type": ["array", "string"], "items": {"type": "string"}},
                "counter": {"description": "True for the counter icon.", "type": "boolean"},
                "abilities": {
                    "description": "Keyword abilities, modelled abilities, and card text (a string or a mapping "
                    "with neither 'keyword' nor 'kind', reported as unmodelled when it matters).",
                    "type": "array",
                    "items": _ref("wsAbility"),
                },
            },
        },
        "wsAbility": {
            "type": ["object", "string"],
            "allOf": [
                {"if": {"type": "object", "required": ["keyword"]}, "then": _ref("wsKeywordAbility")},
                {"if": {"type": "object", "required": ["kind"]}, "then": _ref("wsModelledAbility")},
            ],
        },
        "wsKeywordAbility": {
            "title": "Keyword ability",
            "description": "A keyword ability of ws 10 that changes the procedure, with its numbers and its cost.",
            "type": "object",
            "required": ["keyword"],
            "properties": {
                "keyword": {"enum": keywords},
                "cost": {
                    "description": "Stock to pay: a number or {stock: N}.",
                    "type": ["integer", "object"],
                    "minimum": 0,
                    "properties": {"stock": stock},
                },
            },
            "allOf": keyword_rules,
        },
        "wsModelledAbility": {
            "title": "Modelled ability",
            "description": "An ability in the engine's vocabulary (ws 8.1): its kind, when it triggers, its cost "
            "and its effect.",
            "type": "object",
            "required": ["kind"],
            "properties": {
                "kind": {"enum": _names(ws_abilities.KINDS)},
                "when": {"enum": _names((*ws_abilities.TRIGGERS, *ws_abilities.REPLACEMENTS))},
                "instead": {
                    "description": "For a replacement (kind: replace): what happens instead of the event (8.10).",
                    "enum": _names(tuple(dict.fromkeys(i for r in ws_abilities.REPLACEMENTS.values() for i in r))),
                },
                "optional": {
                    "description": "For a replacement: its master may decline it (8.2.1.3.2).",
                    "type": "boolean",
                },
                "cost": {
                    "description": "Paid all or nothing (8.4.2.2): stock from the top of the stock, and 'rest: true' "
                    "to rest the character itself; a number is a stock cost.",
                    "type": ["integer", "object", "null"],
                    "minimum": 0,
                    "properties": {"stock": stock, "rest": {"type": "boolean"}},
                },
                "effect": {
                    "description": "One operation or a list of them, done in order.",
                    "type": ["object", "array"],
                    "if": {"type": "object"},
                    "then": _ref("wsOperation"),
                    "else": {"minItems": 1, "items": _ref("wsOperation")},
                },
            },
            "allOf": [
                _when(
                    "kind",
                    "auto",
                    {"required": ["when"], "properties": {"when": {"enum": _names(ws_abilities.TRIGGERS)}}},
                ),
                _when(
                    "kind",
                    "replace",
                    {
                        "required": ["when", "instead"],
                        "properties": {"when": {"enum": _names(ws_abilities.REPLACEMENTS)}},
                    },
                ),
                {"if": {"not": _when("kind", "replace", {})["if"]}, "then": {"required": ["effect"]}},
            ],
        },
        "wsOperation": {
            "title": "Operation",
            "description": f"Exactly one of {', '.join(operations)}, and an optional target.",
            "type": "object",
            "properties": {
                **{name: operation_values.get(name, {"type": "integer"}) for name in operations},
                "target": {"enum": _names(ws_abilities.TARGETS)},
                "with_trait": {
                    "description": "For a cont ability: applies only to characters with this trait, counting "
                    "gained traits (the effect depends on those that give it, 8.9.1.4).",
                    "type": "string",
                    "minLength": 1,
                },
            },
            "oneOf": [{"required": [name]} for name in operations],
        },
    }


# --------------------------------------------------------------------------- ws: setup and expect


def _ws_zones() -> list[str]:
    """The zones a player has that hold a pile of cards (not positions)."""
    return list(ws_state.ZONES.names(piles=True))


def _ws_position_defs() -> dict[str, Schema]:
    positions = _names(ws_state.POSITIONS)
    max_cards = ws_log.MAX_CARDS
    count = {"type": "integer", "minimum": 0, "maximum": max_cards}
    stage_keys = {"enum": [str(position) for position in positions]}
    zone_in_setup: Schema = {
        "description": "Bottom first: a list of card ids ('?' or null for an unknown card), or a count of "
        "unknown cards.",
        "type": ["array", "integer"],
        "items": {"anyOf": [_ref("cardRef"), {"type": "null"}]},
        "maxItems": max_cards,
        **{key: value for key, value in count.items() if key != "type"},
    }
    orientation = {"enum": list(ORIENTATIONS)}
    zone_expect: Schema = {
        "description": "A number is the zone's card count, a list its exact contents (bottom first; the deck top "
        "first; in any order for the zones their owner may reorder: "
        + ", ".join(zone.name for zone in ws_state.ZONES if zone.owner_orders)
        + ").",
        "type": ["integer", "array"],
        "minimum": 0,
        "items": _ref("cardRef"),
    }
    return {
        "wsPosition": {
            "title": "Stage position",
            "description": "ws 3.6.3: 1, 2, 3 center stage (left, middle, right), then the back stage.",
            "enum": positions,
        },
        "wsCenterPosition": {
            "title": "Center stage position",
            "enum": _names(ws_state.CENTER),
        },
        "wsSetup": {
            "title": "Starting position",
            "description": "Replaces the opening procedure: the game resumes at the beginning of 'phase' of turn "
            "'turn', with 'active' the turn player.  Every other key is a player id with that player's zones.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer", "minimum": 1},
                "active": _ref("playerId"),
                "phase": {"enum": _names(ws_log.PHASE_NAMES)},
            },
            "additionalProperties": _ref("wsSetupPlayer"),
        },
        "wsSetupPlayer": {
            "title": "A player's zones",
            "type": ["object", "null"],
            "properties": {
                **{zone: zone_in_setup for zone in ws_log.SETUP_ZONES},
                "climax": {
                    "description": "The card in the climax area.",
                    "type": ["string", "array", "null"],
                    "items": {"anyOf": [_ref("cardRef"), {"type": "null"}]},
                },
                "deck": {
                    "description": "Top first: a list naming every card, a count of unknown cards, or "
                    "{top: [known top cards], rest: count of unknown cards below}.",
                    "type": ["array", "integer", "object", "null"],
                    "items": _ref("cardId"),
                    "maxItems": max_cards,
                    **{key: value for key, value in count.items() if key != "type"},
                    "properties": {
                        "top": {"type": ["array", "null"], "items": _ref("cardId")},
                        "rest": {"anyOf": [count, {"type": "null"}]},
                    },
                },
                "stage": {
                    "description": "Position -> a standing character's id, or {card, state}; null is empty.",
                    "type": ["object", "null"],
                    "propertyNames": stage_keys,
                    "additionalProperties": {
                        "type": ["string", "object", "null"],
                        "required": ["card"],
                        "properties": {"card": {"type": "string"}, "state": orientation},
                    },
                },
                "refresh_point": count,
            },
            "additionalProperties": False,
        },
        "wsExpect": {
            "title": "Expectations",
            "description": "The state after the entry: 'turn', 'phase', 'winner', and per player id its zones.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer"},
                "phase": {"enum": [OPENING_PHASE, *_names(ws_log.PHASE_NAMES)]},
                "winner": {
                    "description": "A player id, 'draw', or null while the game is on.",
                    "type": ["string", "null"],
                },
            },
            "additionalProperties": _ref("wsPlayerExpect"),
        },
        "wsPlayerExpect": {
            "type": "object",
            "properties": {
                **{zone: zone_expect for zone in _ws_zones()},
                "stage": {
                    "description": "Position -> null (empty), a card id, or {card, state, power, soul, traits} "
                    "(any subset; traits is the whole set, printed and gained, in any order).",
                    "type": "object",
                    "propertyNames": stage_keys,
                    "additionalProperties": {
                        "type": ["string", "object", "null"],
                        "properties": {
                            "card": _ref("cardRef"),
                            "state": orientation,
                            "power": {"type": "integer"},
                            "soul": {"type": "integer"},
                            "traits": {"type": "array", "items": {"type": "string"}},
                        },
                    },
                },
                "refresh_point": {"type": "integer", "minimum": 0},
            },
            "additionalProperties": False,
        },
    }


# --------------------------------------------------------------------------- ws: entries


def _ws_verb_arguments() -> dict[str, tuple[str, Schema, list[str]]]:
    """Each ws verb's description, argument schemas and required arguments, as ``ws_log`` and the replay read them."""
    card, cards, pos = _ref("cardRef"), _ref("cardRefs"), _ref("wsPosition")
    passed = {"description": "Declines the choice.", "enum": [None, False, "pass"]}
    chosen = {
        "description": "What the effect chooses: a stage position or a card id.",
        "anyOf": [pos, card, passed],
    }
    ability = {
        "description": "The ability: its index in the card record's 'abilities', or a keyword ability's name.",
        "type": ["integer", "string"],
        "minimum": 0,
        "minLength": 1,
    }
    return {
        "draw": ("The cards drawn, in order (4.7, 5.2.1.4, 6.3.1.2, 6.4.1.2).", {"cards": cards}, ["cards"]),
        "mulligan": (
            "The cards put into the waiting room, and optionally those drawn in exchange (5.2.1.4).",
            {"discard": cards, "draw": cards},
            ["discard"],
        ),
        "clock": ("The card put from the hand into the clock (6.4.1.2).", {"card": card}, ["card"]),
        "play": (
            "A character onto a stage position, or an event (6.5.1.2, 8.6).",
            {"card": card, "pos": pos, "target": chosen, "paid": cards},
            ["card"],
        ),
        "act": (
            "An activated ability of the character on 'pos' (6.5.1.2.3, 8.4).",
            {"pos": pos, "ability": ability, "target": chosen},
            ["pos"],
        ),
        "move": (
            "An exchange of two stage positions (6.5.1.2.4).",
            {"from": pos, "to": pos},
            ["from", "to"],
        ),
        "climax": ("The climax card played (6.6.1.2).", {"card": card}, ["card"]),
        "attack": (
            "An attack by the character on 'pos' (7.2.1.3 - 7.2.1.5); without 'type', the only one possible.",
            {"pos": _ref("wsCenterPosition"), "type": {"enum": _names(ws_log.ATTACK_TYPES)}},
            ["pos"],
        ),
        "trigger": (
            "The card the trigger check reveals, and its icons' choices (7.3.1.2, 4.12).",
            {
                "card": card,
                "pool": {
                    "description": "Pool and treasure: put the deck's top card into the stock?",
                    "type": "boolean",
                },
                "draw": {"description": "Draw trigger: draw a card?", "type": "boolean"},
                "comeback": {"description": "The character returned to the hand.", "anyOf": [card, passed]},
                "return": {"description": "The opponent's position returned to the hand.", "anyOf": [pos, passed]},
                "standby": {
                    "description": "The character put onto the stage: {card, pos}, or a card id with the entry's "
                    "'pos'.",
                    "anyOf": [
                        {"type": "object", "properties": {"card": card, "pos": pos}, "required": ["card"]},
                        card,
                        passed,
                    ],
                },
                "pos": pos,
            },
            ["card"],
        ),
        "counter": (
            "A backup or counter event from the hand, for the defending position (7.4.1.2, 10.5).",
            {"card": card, "target": pos},
            ["card"],
        ),
        "damage": (
            "The cards the damage reveals, in order, up to a cancelling climax (4.10, 7.5.1.2).",
            {"to": {"description": "The damaged player (or 'p').", **_ref("playerId")}, "cards": cards},
            ["cards"],
        ),
        "level_up": ("The card chosen from the bottom 7 of the clock (9.3).", {"card": card}, ["card"]),
        "refresh": ("The new deck, top first (9.2).", {"order": cards}, []),
        "refresh_point": ("The card put from the deck into the clock (9.9).", {"card": card}, ["card"]),
        "resolve": (
            "An automatic ability in standby, and what it asks (8.5.1.2 - 8.5.1.3).",
            {"source": card, "ability": ability, "pay": {"type": "boolean"}, "target": chosen},
            [],
        ),
        "encore": (
            "The reversed character put into the waiting room; 'pay' answers its Encore (7.7, 10.2).",
            {"pos": pos, "pay": {"type": "boolean"}},
            ["pos"],
        ),
        "discard": (
            "The cards put into the waiting room at the hand limit (6.8.1.2, 3.3.3).",
            {"cards": cards},
            ["cards"],
        ),
        "effect": (
            "Card text the engine does not model, declared as primitive operations (8.6).",
            {
                "source": card,
                "moves": _one_or_list(_ref("wsDeclaredMove"), "Cards moved between zones."),
                "power": _one_or_list(_ref("wsDeclaredChange"), "Power changes until end of turn."),
                "soul": _one_or_list(_ref("wsDeclaredChange"), "Soul changes until end of turn."),
            },
            [],
        ),
        "pass": ("Passes the current decision point (4.5.3.2).", {}, []),
        "concede": ("The player concedes (1.2.4).", {}, []),
    }


def _ws_entry_defs() -> dict[str, Schema]:
    forced = ws_log.FORCED_VERBS
    verbs = sorted({*ws_log.CHOICE_VERBS, *forced})
    arguments = _ws_verb_arguments()
    defs: dict[str, Schema] = {}
    rules = []
    for verb in verbs:
        text, properties, required = arguments.get(verb, ("", {}, []))
        kind = "forced event" if verb in forced else "declared effect" if verb in DECLARED_VERBS else "choice"
        definition: Schema = {"title": f"ws '{verb}' entry", "description": f"A {kind}. {text}".strip()}
        if properties:
            definition["properties"] = properties
        if required:
            definition["required"] = required
        defs[f"wsDo_{verb}"] = definition
        rules.append(_when("do", verb, _ref(f"wsDo_{verb}")))
    zones = [*sorted(ws_state.ZONE_NAMES), "stage"]
    defs["wsEntry"] = {
        "title": "Weiss Schwarz entry",
        "description": "What 'game: ws' adds to an entry: one of the verbs the replay reads, with its arguments.",
        "type": "object",
        "properties": {
            "do": {"enum": verbs},
            "expect": _ref("wsExpect"),
        },
        "allOf": rules,
    }
    defs["wsDeclaredMove"] = {
        "type": "object",
        "required": ["from", "to"],
        "properties": {
            "card": _ref("cardRef"),
            "from": {"enum": zones},
            "to": {"enum": zones},
            "pos": {"description": "The stage position left or entered.", **_ref("wsPosition")},
            "p": {"description": "The player it applies to; the entry's player by default.", **_ref("playerId")},
        },
    }
    defs["wsDeclaredChange"] = {
        "type": "object",
        "required": ["pos", "amount"],
        "properties": {
            "pos": _ref("wsPosition"),
            "amount": {"type": ["integer", "string"], "pattern": r"^\+?[0-9]+$"},
            "p": {"description": "The player it applies to; the entry's player by default.", **_ref("playerId")},
        },
    }
    return defs


# --------------------------------------------------------------------------- the schema


def _defs() -> dict[str, Schema]:
    defs = _common_defs()
    defs.update(_ws_card_defs())
    defs.update(_ws_position_defs())
    defs.update(_ws_entry_defs())
    defs["wsLog"] = {
        "title": "What 'game: ws' adds",
        "properties": {
            "cards": {"additionalProperties": _ref("wsCard")},
            "setup": _ref("wsSetup"),
            "actions": {"items": _ref("wsEntry")},
        },
        "if": {"not": {"required": ["first"]}},
        "then": {
            "description": "Without 'first', the log starts from 'setup', which names the turn player.",
            "required": ["setup"],
            "properties": {"setup": {"required": ["active"]}},
        },
    }
    return defs


_DESCRIPTION = """\
A game log in the judge-log/1 format: a header (every top-level key but 'actions') and the entries, in the \
order they happened.  Encodings: YAML (.yaml, .yml) or JSON (.json) hold the whole document; JSON Lines \
(.jsonl) has the header object on line 1, without 'actions', and one entry object on each following line \
(see header_schema() and entry_schema() in judge.schema).  UTF-8.  The schema describes the JSON data model: \
a YAML log is validated as the JSON it corresponds to (mapping keys are strings, dates are strings).  \
Generated by judge.schema from the loader's and the engine's constants; unknown keys are allowed, as the \
project may extend the format.  That 'p', 'first' and card ids refer to the log's players and cards, and \
everything about the rules, is checked by the replay, not here."""


def log_schema() -> Schema:
    """The schema of a whole ``judge-log/1`` document, built now from the code's constants."""
    games = _names(logfile.GAMES)
    return {
        "$schema": SCHEMA_DRAFT,
        "$id": SCHEMA_ID,
        "title": f"{logfile.FORMAT_ID} game log",
        "description": _DESCRIPTION,
        "type": "object",
        "required": ["format", "game", "cards", "players", "actions"],
        "properties": {
            "format": {"description": "The format and its version.", "const": logfile.FORMAT_ID},
            "game": {"description": "Which game the log is of.", "enum": games},
            "rules": {"description": "The rules document id; default is the game's bundled one.", "type": "string"},
            "meta": {"description": "Free-form (event, round, table, date, generator); kept.", "type": "object"},
            "cards": {
                "title": "Cards",
                "description": "Every card the decks use, keyed by a card id of the log's choosing.",
                "type": "object",
                "propertyNames": _ref("cardId"),
                "additionalProperties": _ref("card"),
            },
            "players": {
                "title": "Players",
                "description": "Exactly two players, each with a deck list.",
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "items": _ref("player"),
            },
            "first": {"description": "Who takes the first turn (recorded, not re-made).", **_ref("playerId")},
            "order": {
                "title": "Known deck order",
                "description": "Player id -> that player's deck after the opening shuffle, top first.",
                "type": "object",
                "propertyNames": _ref("playerId"),
                "additionalProperties": {"type": "array", "items": _ref("cardId")},
            },
            "setup": {
                "description": "Start from this position instead of the opening procedure.",
                "type": "object",
            },
            "actions": {
                "title": "Entries",
                "description": "The entries, in the order they happened (an empty list is fine).",
                "type": "array",
                "items": _ref("entry"),
            },
            "result": _ref("result"),
            "title": {"description": "Scenario: one line, what the ruling is about.", **_ref("sentence")},
            "question": {"description": "Scenario: the situation and the question.", **_ref("sentence")},
            "ruling": {"description": "Scenario: the answer, citing the rule in words.", **_ref("sentence")},
            "clauses": {
                "description": "Scenario: the clause ids the ruling hinges on.",
                "type": ["string", "array"],
                "if": {"type": "string"},
                "then": _ref("clauseId"),
                "else": {"items": _ref("clauseId")},
            },
            "topics": {"description": "Scenario: topics beside the folder the file is in.", **_ref("names")},
            "expected": _ref("scenarioExpected"),
        },
        "allOf": [_when("game", "ws", _ref("wsLog"))],
        "$defs": _defs(),
    }


def scenario_schema() -> Schema:
    """The schema of a scenario: a log with ``setup`` and its ruling (``judge/scenarios.py``)."""
    schema = log_schema()
    schema["$id"] = f"{SCHEMA_ID}:scenario"
    schema["title"] = f"{logfile.FORMAT_ID} scenario"
    schema["description"] = "A ruling: a log that starts from 'setup', with its title, question, ruling and clauses."
    schema["required"] = [*schema["required"], "setup", "title", "question", "ruling", "clauses"]
    schema["allOf"] = [*schema["allOf"], {"properties": {"clauses": {"minItems": 1}}}]
    return schema


def header_schema() -> Schema:
    """Line 1 of a JSON Lines log: the header, which must not hold ``actions``."""
    schema = log_schema()
    schema["$id"] = f"{SCHEMA_ID}:header"
    schema["title"] = f"{logfile.FORMAT_ID} JSON Lines header"
    schema["description"] = "Line 1 of a .jsonl log: every top-level key but 'actions'."
    schema["required"] = [key for key in schema["required"] if key != "actions"]
    del schema["properties"]["actions"]
    schema["not"] = {"required": ["actions"]}
    return schema


def entry_schema(game: str | None = "ws") -> Schema:
    """One entry line of a JSON Lines log (or one item of ``actions``) of ``game``; None: any game."""
    games = _names(logfile.GAMES)
    if game is not None and game not in games:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(games)}")
    return {
        "$schema": SCHEMA_DRAFT,
        "$id": f"{SCHEMA_ID}:entry" + (f":{game}" if game else ""),
        "title": f"{logfile.FORMAT_ID} entry" + (f" ({game})" if game else ""),
        "description": "One entry: an item of 'actions', or one line after the header of a JSON Lines log.",
        "allOf": [_ref("entry"), *([_ref("wsEntry")] if game == "ws" else [])],
        "$defs": _defs(),
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
