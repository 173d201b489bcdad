"""The ``ws`` part of the JSON Schema: Weiss Schwarz card records, ``setup``, ``expect`` and entries.

Every list of names is read from the module that enforces it when the schema is
built (``engine.games.ws`` for cards, abilities, positions and zones, the words of an
operation from ``engine.games.ws.words``,
``judge.games.ws.log`` for verbs, phases and setup zones); ``judge.schema``
assembles it with every other registered game's part.
"""

from __future__ import annotations

from engine.games.ws import abilities as ws_abilities
from engine.games.ws import cards as ws_cards
from engine.games.ws import operation_records as ws_operations
from engine.games.ws import state as ws_state
from engine.games.ws import words as ws_words
from judge.games import reading
from judge.games.ws import log as ws_log
from judge.schema import (
    OPENING_PHASE,
    ORIENTATIONS,
    Schema,
    card_contract_properties,
    names,
    one_or_list,
    player_definition,
    ref,
    verb_definitions,
    when,
)

ABILITY_MARKS = ("keyword", "kind", "type", "timing")
"""The keys that tell an ability's record what it is (a keyword ability, the first vocabulary, the shared shape);
a record with none of them is card text alone."""


def schema_defs() -> dict[str, Schema]:
    """Every ``ws`` definition, ``wsLog`` (what ``game: ws`` adds to a log) and ``wsEntry`` among them."""
    defs = {**_ws_card_defs(), **_ws_position_defs(), **_ws_entry_defs()}
    defs["wsPlayer"] = player_definition("Weiss Schwarz player", "A player and their deck list (ws 5.1).", {})
    defs["wsLog"] = {
        "title": "What 'game: ws' adds",
        "properties": {
            "cards": {"additionalProperties": ref("wsCard")},
            "players": {"items": ref("wsPlayer")},
            "setup": ref("wsSetup"),
            "actions": {"items": ref("wsEntry")},
        },
        "if": {"not": {"required": ["first"]}},
        "then": {
            "description": "Without 'first', the log starts from 'setup', which names the turn player.",
            "required": ["setup"],
            "properties": {"setup": {"required": ["active"]}},
        },
    }
    return defs


# --------------------------------------------------------------------------- ws: cards


def _ws_card_defs() -> dict[str, Schema]:
    icons = names(ws_cards.TRIGGER_ICONS)
    keywords = names(ws_cards.KEYWORDS)
    keyword_rules = []
    keywords_of: dict[str, set[str]] = {}
    for keyword in keywords:
        numbers = ws_cards.KEYWORD_NUMBERS.get(keyword, ())
        then: Schema = {"properties": {name: {"type": "integer"} for name in numbers}}
        if keyword == "bond":  # engine/games/ws/cards.py _check_keyword
            then["required"] = ["name"]
            then["properties"]["name"] = {
                "description": "The name of the card Bond returns to the hand.",
                "type": "string",
            }
        if keyword == "assist":  # engine/games/ws/keywords.py assist_effects
            then["properties"]["per_level"] = {
                "description": "The power is given per level of the character in front.",
                "type": "boolean",
            }
            then["properties"]["traits"] = {
                "description": "Only characters in front with one of these traits get the power.",
                "type": "array",
                "items": {"type": "string", "minLength": 1},
            }
            then["properties"]["turn"] = {
                "description": "It works only during its master's turn (own) or the opponent's.",
                "enum": ["own", "opponent"],
            }
        if then["properties"]:
            keyword_rules.append(when("keyword", keyword, then))
        for name in then["properties"]:
            keywords_of.setdefault(name, set()).add(keyword)
    operations = names(ws_words.VOCABULARY.names("operation"))
    gains = names(ws_operations.GAINS)
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
                "type": {"description": "ws 2.3.2.", "enum": names(ws_cards.CARD_TYPES)},
                "hand_to_stock": {
                    "description": "Put a card chosen from the hand into the stock (resolve with cards).",
                    "type": "integer",
                },
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
                    "description": "Keyword abilities, abilities in the format's shared shape (or the first "
                    "vocabulary's alias, {kind, when}), and card text (a string, or a mapping with no 'keyword', "
                    "'type', 'timing' nor 'kind').",
                    "type": "array",
                    "items": ref("wsAbility"),
                },
                **card_contract_properties(),
            },
            "additionalProperties": False,
        },
        "wsAbility": {
            "type": ["object", "string"],
            "allOf": [
                {"if": {"type": "object", "required": ["keyword"]}, "then": ref("wsKeywordAbility")},
                {"if": {"type": "object", "required": ["kind"]}, "then": ref("wsModelledAbility")},
                {
                    "if": {"type": "object", "anyOf": [{"required": ["type"]}, {"required": ["timing"]}]},
                    "then": ref("wsSharedAbility"),
                },
                {
                    "if": {"type": "object", "not": {"anyOf": [{"required": [name]} for name in ABILITY_MARKS]}},
                    "then": ref("wsTextAbility"),
                },
            ],
        },
        "wsTextAbility": {
            "title": "Card text",
            "description": "An ability written as its text alone, which the engine reports where it acts.",
            "type": "object",
            "properties": {"text": {"description": "The printed text.", "type": "string"}},
            "additionalProperties": False,
        },
        "wsSharedAbility": {
            "title": "Ability",
            "description": "An ability in the format's shared shape {type, timing, zone, once_per_turn, condition, "
            "cost, effect, text}.  The engine plays type auto with a timing of the vocabulary, type act, type "
            "cont, an event's own text (no type, timing main or counter) and type replace (timing reversed or "
            "leaves_stage, with 'instead'), with the conditions, [1/Turn] (once_per_turn, for type auto), the "
            "costs and the operations of the vocabulary (wsOperation; engine/games/ws/words.py defines each word); "
            "any other is card text the engine reports where it acts, never guesses, so only its shape is "
            "described here.",
            "type": "object",
            "properties": {
                "type": {"description": "The category of ws 8.1.1: auto, act or cont; or replace.", "type": "string"},
                "timing": {
                    "description": "When it works, in words; the engine plays "
                    + ws_words.VOCABULARY.value_descriptions("timing"),
                    "type": "string",
                },
                "zone": {"type": "string"},
                "once_per_turn": {"type": "boolean"},
                "condition": {
                    "description": "What must hold, all of it at once; the engine checks "
                    + ws_words.VOCABULARY.value_descriptions("condition"),
                    "type": "object",
                },
                "cost": {
                    "description": "What is paid, all or nothing (8.4.2.2); a number is a stock cost; the engine "
                    "pays " + ws_words.VOCABULARY.value_descriptions("cost"),
                    "type": ["integer", "object", "null"],
                },
                "effect": {
                    "description": "One operation or a list of them, done in order (wsOperation).",
                    "type": ["object", "array"],
                },
                "instead": {"description": "For a replacement: what happens instead (8.10).", "type": "string"},
                "attacker_traits": {
                    "description": "For timing when_other_attacks: the attacking character has one of these traits.",
                    "type": "array",
                    "items": {"type": "string"},
                },
                "attacked_traits": {
                    "description": "For timing when_other_front_attacked: the character frontal attacked has one of "
                    "these traits.",
                    "type": "array",
                    "items": {"type": "string"},
                },
                "phase": {
                    "description": "For timing at_beginning: the phase or step at whose beginning it triggers.",
                    "enum": list(ws_abilities.PHASES),
                },
                "whose": {
                    "description": "For timing at_beginning: in whose turn, own or opponent (absent: either's).",
                    "enum": ["own", "opponent"],
                },
                "optional": {"type": "boolean"},
                "cxcombo": {
                    "description": "The ability bears the climax combo icon (8.12.1): a mark with no meaning in "
                    "the rules.",
                    "type": "boolean",
                },
                "label": {
                    "description": "A keyword that labels the ability and has no meaning in terms of its effects: "
                    "experience (10.10.1) or memory (10.9.1).",
                    "enum": ["experience", "memory"],
                },
                "climax_name": {
                    "description": "For timing when_climax_placed: the name of the climax whose placing triggers it.",
                    "type": "string",
                },
                "trigger_card": {
                    "description": "For timing when_trigger_reveals: the card the trigger check reveals, a climax "
                    "(the default) or any card.",
                    "enum": ["climax", "any"],
                },
                "trigger_icon": {
                    "description": "For timing when_trigger_reveals: the trigger icon the card revealed has.",
                    "enum": list(ws_words.TRIGGER_ICONS),
                },
                "by_this_card": {
                    "description": "For timing when_trigger_reveals: only the trigger check of its own card's "
                    "attack ('this card's trigger check').",
                    "type": "boolean",
                },
                "text": {"description": "The printed text.", "type": "string"},
            },
            "additionalProperties": False,
        },
        "wsKeywordAbility": {
            "title": "Keyword ability",
            "description": "A keyword ability of ws 10 that changes the procedure, with its numbers and its cost.",
            "type": "object",
            "required": ["keyword"],
            "properties": {
                "keyword": {"enum": keywords},
                "cost": {
                    "description": "Stock to pay: a number or {stock: N}; for Encore and Bond, or a card from the "
                    "hand into the waiting room: {discard: 1, discard_type: character, discard_traits: [..]}.",
                    "type": ["integer", "object"],
                    "minimum": 0,
                    "properties": {
                        "stock": stock,
                        "discard": {"const": 1},
                        "discard_type": {"enum": list(ws_abilities.DISCARD_TYPES)},
                        "discard_traits": {"type": "array", "items": {"type": "string", "minLength": 1}},
                        "clock": {"const": 1},
                    },
                    "additionalProperties": False,
                },
                "text": {"description": "The printed text.", "type": "string"},
                **{name: {"description": f"For {', '.join(sorted(keywords_of[name]))}."} for name in keywords_of},
            },
            "allOf": keyword_rules,
            "additionalProperties": False,
        },
        "wsModelledAbility": {
            "title": "Ability in the first vocabulary",
            "description": "An alias of the shared shape, read as it always was (ws 8.1): 'kind' for 'type' "
            "(event for an event's text), 'when' for 'timing' (played and placed for on_play, attacks for "
            "when_attacking); outside it, an error.",
            "type": "object",
            "required": ["kind"],
            "properties": {
                "kind": {"enum": names(ws_abilities.KINDS)},
                "when": {"enum": names((*ws_abilities.TRIGGERS, *ws_abilities.REPLACEMENTS))},
                "instead": {
                    "description": "For a replacement (kind: replace): what happens instead of the event (8.10).",
                    "enum": names(tuple(dict.fromkeys(i for r in ws_abilities.REPLACEMENTS.values() for i in r))),
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
                    "additionalProperties": False,
                },
                "effect": {
                    "description": "One operation or a list of them, done in order.",
                    "type": ["object", "array"],
                    "if": {"type": "object"},
                    "then": ref("wsOperation"),
                    "else": {"minItems": 1, "items": ref("wsOperation")},
                },
                "text": {"description": "The printed text.", "type": "string"},
            },
            "additionalProperties": False,
            "allOf": [
                when(
                    "kind",
                    "auto",
                    {"required": ["when"], "properties": {"when": {"enum": names(ws_abilities.TRIGGERS)}}},
                ),
                when(
                    "kind",
                    "replace",
                    {
                        "required": ["when", "instead"],
                        "properties": {"when": {"enum": names(ws_abilities.REPLACEMENTS)}},
                    },
                ),
                {"if": {"not": when("kind", "replace", {})["if"]}, "then": {"required": ["effect"]}},
            ],
        },
        "wsOperation": {
            "title": "Operation",
            "description": f"Exactly one of {', '.join(operations)} (power and soul may go together: one change), "
            "and an optional target.",
            "type": "object",
            "properties": {
                **ws_words.VOCABULARY.properties("operation"),
                **ws_words.VOCABULARY.properties("qualifier"),
            },
            "oneOf": [
                {"anyOf": [{"required": [name]} for name in gains]},
                *({"required": [name]} for name in operations if name not in gains),
            ],
            "additionalProperties": False,
        },
    }


# --------------------------------------------------------------------------- ws: setup and expect


def _ws_zones() -> list[str]:
    """The zones a player has that hold a pile of cards (not positions)."""
    return list(ws_state.ZONES.names(piles=True))


def _ws_position_defs() -> dict[str, Schema]:
    positions = names(ws_state.POSITIONS)
    max_cards = reading.MAX_CARDS
    count = {"type": "integer", "minimum": 0, "maximum": max_cards}
    stage_keys = {"enum": [str(position) for position in positions]}
    zone_in_setup: Schema = {
        "description": "Bottom first: a list of card ids ('?' or null for an unknown card), or a count of "
        "unknown cards.",
        "type": ["array", "integer"],
        "items": {"anyOf": [ref("cardRef"), {"type": "null"}]},
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
        "items": ref("cardRef"),
    }
    return {
        "wsPosition": {
            "title": "Stage position",
            "description": "ws 3.6.3: 1, 2, 3 center stage (left, middle, right), then the back stage.",
            "enum": positions,
        },
        "wsCenterPosition": {
            "title": "Center stage position",
            "enum": names(ws_state.CENTER),
        },
        "wsSetup": {
            "title": "Starting position",
            "description": "Replaces the opening procedure: the game resumes at the beginning of 'phase' of turn "
            "'turn', with 'active' the turn player.  Every other key is a player id with that player's zones.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer", "minimum": 1},
                "active": ref("playerId"),
                "phase": {"enum": names(ws_log.PHASE_NAMES)},
            },
            "propertyNames": ref("playerId"),
            "additionalProperties": ref("wsSetupPlayer"),
        },
        "wsSetupPlayer": {
            "title": "A player's zones",
            "type": ["object", "null"],
            "properties": {
                **{zone: zone_in_setup for zone in ws_log.SETUP_ZONES},
                "climax": {
                    "description": "The card in the climax area.",
                    "type": ["string", "array", "null"],
                    "items": {"anyOf": [ref("cardRef"), {"type": "null"}]},
                },
                "deck": {
                    "description": "Top first: a list naming every card, a count of unknown cards, or "
                    "{top: [known top cards], rest: count of unknown cards below}.",
                    "type": ["array", "integer", "object", "null"],
                    "items": ref("cardId"),
                    "maxItems": max_cards,
                    **{key: value for key, value in count.items() if key != "type"},
                    "properties": {
                        "top": {"type": ["array", "null"], "items": ref("cardId")},
                        "rest": {"anyOf": [count, {"type": "null"}]},
                    },
                    "additionalProperties": False,
                },
                "stage": {
                    "description": "Position -> a standing character's id, or {card, state}; null is empty.",
                    "type": ["object", "null"],
                    "propertyNames": stage_keys,
                    "additionalProperties": {
                        "type": ["string", "object", "null"],
                        "required": ["card"],
                        "properties": {"card": {"type": "string"}, "state": orientation},
                        "additionalProperties": False,
                    },
                },
                "refresh_point": count,
            },
            "additionalProperties": False,
        },
        "wsExpect": {
            "title": "Expectations",
            "description": "The state after the entry: 'turn', 'phase', 'winner', 'hash', and per player id its zones.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer"},
                "phase": {"enum": [OPENING_PHASE, *names(ws_log.PHASE_NAMES)]},
                "winner": {
                    "description": "A player id, 'draw', or null while the game is on.",
                    "type": ["string", "null"],
                },
                "hash": ref("stateHash"),
            },
            "propertyNames": ref("playerId"),
            "additionalProperties": ref("wsPlayerExpect"),
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
                            "card": ref("cardRef"),
                            "state": orientation,
                            "power": {"type": "integer"},
                            "soul": {"type": "integer"},
                            "traits": {"type": "array", "items": {"type": "string"}},
                        },
                        "additionalProperties": False,
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
    card, cards, pos = ref("cardRef"), ref("cardRefs"), ref("wsPosition")
    passed = {"description": "Declines the choice.", "enum": [None, False, "pass"]}
    chosen = {
        "description": "What the effect chooses: a stage position or a card id.",
        "anyOf": [pos, card, passed],
    }
    rested = {
        "description": "The stage positions of the characters a cost rests ('【REST】 2 of your characters', 8.4.2).",
        "anyOf": [pos, {"type": "array", "items": pos, "uniqueItems": True}],
    }
    ability = {
        "description": "The ability: its index in the card record's 'abilities', or a keyword ability's name.",
        "type": ["integer", "string"],
        "minimum": 0,
        "minLength": 1,
    }
    stock_paid = {
        "type": "object",
        "required": ["stock"],
        "properties": {"stock": {"type": "integer", "minimum": 0}},
        "additionalProperties": False,
    }
    hand_paid = {
        "type": "object",
        "required": ["discard"],
        "properties": {"discard": {"const": 1}},
        "additionalProperties": False,
    }
    clock_paid = {
        "type": "object",
        "required": ["clock"],
        "properties": {"clock": {"const": 1}},
        "additionalProperties": False,
    }
    pay = {
        "description": "Whether the cost is paid; where two could be (Encore [2] beside Encore [3], 10.2.3), the "
        "one paid: {stock: N}, {discard: 1} for a card put from the hand into the waiting room, {clock: 1} for the "
        "top card of the deck put into the clock, or the ability as the card record writes it.",
        "anyOf": [
            {"type": "boolean"},
            stock_paid,
            hand_paid,
            clock_paid,
            {
                "type": "object",
                "required": ["keyword", "cost"],
                "properties": {
                    "keyword": {"description": "The keyword ability paid for.", "type": "string"},
                    "cost": {"type": ["integer", "object"], "minimum": 0},
                },
                "additionalProperties": False,
            },
        ],
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
            {
                "card": card,
                "pos": pos,
                "target": chosen,
                "paid": cards,
                "revealed": {
                    **cards,
                    "description": "The cards its text moves or looks at from the top of the deck, top first.",
                },
            },
            ["card"],
        ),
        "act": (
            "An activated ability of the character on 'pos' (6.5.1.2.3, 8.4).",
            {
                "pos": pos,
                "ability": ability,
                "target": chosen,
                "revealed": {**cards, "description": "The cards the ability flips over from the deck, top first."},
                "cards": {**cards, "description": "Cards the ability chooses from a zone."},
                "rest": rested,
            },
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
            {"pos": ref("wsCenterPosition"), "type": {"enum": names(ws_log.ATTACK_TYPES)}},
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
                        {
                            "type": "object",
                            "properties": {"card": card, "pos": pos},
                            "required": ["card"],
                            "additionalProperties": False,
                        },
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
            {"to": {"description": "The damaged player (or 'p').", **ref("playerId")}, "cards": cards},
            ["cards"],
        ),
        "level_up": ("The card chosen from the bottom 7 of the clock (9.3).", {"card": card}, ["card"]),
        "refresh": ("The new deck, top first (9.2).", {"order": cards}, []),
        "refresh_point": ("The card put from the deck into the clock (9.9).", {"card": card}, ["card"]),
        "resolve": (
            "An automatic ability in standby, and what it asks (8.5.1.2 - 8.5.1.3); for a replacement (8.2.1.3.2), "
            "'use' says whether it replaces the event.",
            {
                "source": {"description": "The card whose ability it is.", **card},
                "card": {"description": "The card whose ability it is, where 'source' is not written.", **card},
                "ability": ability,
                "pay": pay,
                "use": {
                    "description": "A replacement, or an ability that says 'you may': whether it is used; for "
                    "'draw up to N cards', how many are drawn (true: all N).",
                    "anyOf": [{"type": "boolean"}, {"type": "integer", "minimum": 0}],
                },
                "target": chosen,
                "rest": rested,
                "cards": {
                    **cards,
                    "description": "Cards chosen from a zone: those a cost puts from the hand, the card a search "
                    "finds in the deck ([] for none).",
                },
                "to": {
                    "description": "Where the text lets its player choose to put a card: the stage position a "
                    "character moves to or is put on, or where the card looked at goes (deck_top, deck_bottom, "
                    "waiting).",
                    "anyOf": [pos, {"enum": ["deck_top", "deck_bottom", "waiting"]}],
                },
                "revealed": {
                    **cards,
                    "description": "The cards the text moves, reveals or looks at from the top of the deck, top first.",
                },
                "standby": {
                    "description": "The standby effect an ability performs (4.12.2.10): the character put from the "
                    "waiting room onto the stage, {card, pos}; false or absent declines it.",
                    "anyOf": [
                        {
                            "type": "object",
                            "properties": {"card": card, "pos": pos},
                            "required": ["card", "pos"],
                            "additionalProperties": False,
                        },
                        passed,
                    ],
                },
            },
            [],
        ),
        "encore": (
            (
                "The reversed character put into the waiting room; 'pay' answers its Encore (7.7, 10.2), and "
                "'cards' names the card an Encore with a hand cost puts into the waiting room (8.4.2)."
            ),
            {
                "pos": pos,
                "pay": pay,
                "cards": cards,
                "revealed": {**cards, "description": "The card an Encore with a clock cost puts into the clock."},
            },
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
                "moves": one_or_list(ref("wsDeclaredMove"), "Cards moved between zones."),
                "power": one_or_list(ref("wsDeclaredChange"), "Power changes until end of turn."),
                "soul": one_or_list(ref("wsDeclaredChange"), "Soul changes until end of turn."),
            },
            [],
        ),
        "pass": ("Passes the current decision point (4.5.3.2).", {}, []),
        "concede": ("The player concedes (1.2.4).", {}, []),
    }


def _ws_entry_defs() -> dict[str, Schema]:
    defs = verb_definitions("ws", "Weiss Schwarz", ws_log.CHOICE_VERBS, ws_log.FORCED_VERBS, _ws_verb_arguments())
    zones = [*sorted(ws_state.ZONE_NAMES), "stage"]
    defs["wsDeclaredMove"] = {
        "type": "object",
        "required": ["from", "to"],
        "properties": {
            "card": ref("cardRef"),
            "from": {"enum": zones},
            "to": {"enum": zones},
            "pos": {"description": "The stage position left or entered.", **ref("wsPosition")},
            "p": {"description": "The player it applies to; the entry's player by default.", **ref("playerId")},
        },
        "additionalProperties": False,
    }
    defs["wsDeclaredChange"] = {
        "type": "object",
        "required": ["pos", "amount"],
        "properties": {
            "pos": ref("wsPosition"),
            "amount": {"type": ["integer", "string"], "pattern": r"^\+?[0-9]+$"},
            "p": {"description": "The player it applies to; the entry's player by default.", **ref("playerId")},
        },
        "additionalProperties": False,
    }
    return defs
