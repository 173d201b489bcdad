"""The ``vg`` part of the JSON Schema: Cardfight!! Vanguard card records, decks, ``setup``, ``expect`` and entries.

Every list of names is read from the module that enforces it when the schema is
built: ``engine.games.vg.cards`` (card types, trigger icons, skill icons,
keyword abilities), ``engine.games.vg.state`` (circles, zones),
``engine.games.vg.game`` (phases, the piles a snapshot shows),
``engine.games.vg.phases`` (the G assist's numbers) and ``judge.games.vg.log``
(verbs, the fields of a trigger's choices, setup piles, orientations);
``judge.schema`` assembles it with every other registered game's part.  What the
code does not read (the words of an ability in the shared shape) is described,
not enumerated.  Clause numbers in the descriptions are those of the Vanguard
comprehensive rules (CR 1.37).
"""

from __future__ import annotations

from typing import Final

from engine.games.vg import card_text as vg_card_text
from engine.games.vg import cards as vg_cards
from engine.games.vg import game as vg_game
from engine.games.vg import phases as vg_phases
from engine.games.vg import playing as vg_playing
from engine.games.vg import state as vg_state
from judge.games import reading
from judge.games.vg import log as vg_log
from judge.schema import (
    OPENING_PHASE,
    Schema,
    card_contract_properties,
    names,
    one_or_list,
    player_definition,
    ref,
    structured_effect_properties,
    verb_definitions,
    when,
)

NO_ICON: Final = (None, "none", "")
"""What a card record may write for "no trigger icon" (vg 2.8.1.1.1); ``definition_from_record`` reads each as
none, and leaving ``trigger`` out says the same."""
RESULT_REASONS: Final = {
    "damage": "vg 9.2.2",
    "deck": "vg 9.2.3",
    "no_vanguard": "vg 9.2.4",
    "concede": "vg 1.2.4",
    "time": "a time limit of the event",
}
"""``result.reason`` words of a ``vg`` log (``vg-logs.rst``), each with why the game ends; the replay
checks the claimed winner, not the reason."""
FACES: Final = ("up", "down")
"""A card's face in a public place: ``down`` after a Counter Blast (vg 10.1.15) or for a first vanguard before
Stand Up (vg 5.4.3); anything else reads as face up."""


def schema_defs() -> dict[str, Schema]:
    """Every ``vg`` definition, ``vgLog`` (what ``game: vg`` adds to a log) and ``vgEntry`` among them."""
    defs = {**_vg_card_defs(), **_vg_position_defs(), **_vg_entry_defs()}
    reasons = ", ".join(f"{word} ({why})" for word, why in RESULT_REASONS.items())
    defs["vgPlayer"] = player_definition(
        "Vanguard player", "A player, their main deck and their G deck (vg 5.2, 5.3).", {"g_deck": ref("vgGDeck")}
    )
    defs["vgLog"] = {
        "title": "What 'game: vg' adds",
        "properties": {
            "cards": {"additionalProperties": ref("vgCard")},
            "players": {"items": ref("vgPlayer")},
            "order": {
                "description": "Player id -> that player's main deck after the opening shuffle (vg 5.4.3.1), top "
                "first, without the first vanguard (chosen from the deck before the shuffle, vg 5.4.3)."
            },
            "setup": ref("vgSetup"),
            "actions": {"items": ref("vgEntry")},
            "result": {
                "properties": {
                    "reason": {"description": f"Why the game ended: {reasons}.", "enum": list(RESULT_REASONS)}
                }
            },
        },
        "if": {"not": {"required": ["first"]}},
        "then": {
            "description": "Without 'first', the log starts from 'setup', which names the turn player.",
            "required": ["setup"],
            "properties": {"setup": {"required": ["active"]}},
        },
    }
    return defs


# --------------------------------------------------------------------------- vg: cards and decks


def _vg_card_defs() -> dict[str, Schema]:
    icons = names(vg_cards.TRIGGER_ICONS)
    skills = names(vg_cards.SKILLS)
    keywords = names(vg_cards.KEYWORDS)
    whole: Schema = {"type": ["integer", "null"]}
    some_names: Schema = {"type": ["string", "array"], "items": {"type": "string"}}
    return {
        "vgCard": {
            "title": "Vanguard card record",
            "description": "The characteristics of vg 2 in lower case.  Every key is optional: 'type' defaults to "
            "normal, 'name' to the card id, 'grade', 'power' and 'shield' to 0, 'critical' to 1, the names to "
            "none.  A trigger unit, and only a trigger unit, has a trigger icon (vg 2.9.2).",
            "type": "object",
            "properties": {
                "name": {"description": "vg 2.1.", "type": "string"},
                "type": {
                    "description": "vg 2.9: normal or trigger unit, or a G unit (g, vg 5.3.3).",
                    "enum": names(vg_cards.CARD_TYPES),
                },
                "grade": {"description": "vg 2.4.", **whole, "minimum": 0},
                "power": {"description": "vg 2.5.", **whole},
                "shield": {"description": "vg 2.6; none counts 0 on the guardian circle (vg 3.11.1.1).", **whole},
                "critical": {"description": "vg 2.7.", **whole},
                "trigger": {
                    "description": "The trigger icon (vg 2.8.1.1.2-2.8.1.1.5); absent, null or 'none' for no icon "
                    "(vg 2.8.1.1.1).",
                    "enum": [*icons, *NO_ICON],
                },
                "clan": {"description": "vg 2.2: a clan, or a list of them.", **some_names},
                "nation": {"description": "vg 2.17.", "type": "string"},
                "race": {"description": "vg 2.3.", "type": "string"},
                "skills": {
                    "description": "The skill icons (vg 2.10, 10.2.1-10.2.3): one or a list.",
                    "type": ["string", "array"],
                    "if": {"type": "string"},
                    "then": {"enum": skills},
                    "else": {"items": {"enum": skills}},
                },
                "keywords": {
                    "description": "The keyword abilities of vg 10.2 the procedure reads.",
                    "type": "array",
                    "items": ref("vgKeyword"),
                },
                "abilities": {
                    "description": "The card's other abilities, in the shared shape or as printed text.",
                    "type": "array",
                    "items": ref("vgAbility"),
                },
                **card_contract_properties(),
            },
            "additionalProperties": False,
            "allOf": [
                {
                    **when("type", "trigger", {"required": ["trigger"], "properties": {"trigger": {"enum": icons}}}),
                    "else": {"properties": {"trigger": {"enum": list(NO_ICON)}}},
                }
            ],
        },
        "vgKeyword": {
            "title": "Keyword ability",
            "description": "A keyword ability of vg 10.2: a bare word ('lord'), or {keyword, ...} with its numbers "
            "('count' and 'power' are whole numbers on every keyword).",
            "type": ["string", "object"],
            "if": {"type": "string"},
            "then": {"enum": keywords},
            "else": {
                "required": ["keyword"],
                "properties": {
                    "keyword": {"enum": keywords},
                    "count": {
                        "description": "Limit Break n: active with n or more damage (vg 10.2.5); Generation Break "
                        "n: with n or more face-up G units (vg 10.2.11).",
                        "type": "integer",
                    },
                    "power": {"description": "Seek Mate: the power of the legion (vg 10.2.9.3).", "type": "integer"},
                    "mate": {
                        "description": "Seek Mate: the card id of the mate it seeks (vg 10.2.9.2).",
                        "type": "string",
                    },
                    "cost": {
                        "description": "Stride: the stride cost (vg 10.2.10.3); {discard_grades: N} discards hand "
                        "cards whose grades total N or more.",
                        "type": "object",
                        "properties": {"discard_grades": {"type": "integer", "minimum": 0}},
                        "additionalProperties": False,
                    },
                },
                "additionalProperties": False,
            },
        },
        "vgAbility": {
            "title": "Ability",
            "description": "An ability in the format's shared shape {type, timing, zone, once_per_turn, condition, "
            "cost, effect, text}, or its printed text as a string.  The engine keeps these and does not play them "
            "yet, so only their shape is described here.",
            "type": ["object", "string"],
            "properties": {
                "type": {"description": "The category of vg 8.1.1: auto, act or cont.", "type": "string"},
                "timing": {"description": "When an auto ability triggers, in words.", "type": "string"},
                "zone": {
                    "description": "Where it works: V (vanguard circle) or R (rear-guard circle).",
                    "type": "string",
                },
                "once_per_turn": {"type": "boolean"},
                "condition": {
                    "description": "When it is active: "
                    + vg_playing.EFFECT_WORDS.value_descriptions("condition")
                    + " (vg 10.2.5, 10.2.11).",
                    "type": "object",
                    "properties": vg_playing.EFFECT_WORDS.properties("condition"),
                },
                "cost": {
                    "description": "Cost word -> number: "
                    + vg_playing.EFFECT_WORDS.value_descriptions("cost")
                    + " (vg 10.1.15, 10.1.16, 10.1.2).",
                    "type": "object",
                    "properties": vg_playing.EFFECT_WORDS.properties("cost"),
                    "additionalProperties": {"type": "integer", "minimum": 0},
                },
                "effect": {
                    "description": "{power: N, target: self | vanguard | <circle>, until: end_of_battle | "
                    "end_of_turn}: the one effect the format structures.",
                    "type": "object",
                    "properties": structured_effect_properties(vg_playing.EFFECT_WORDS),
                },
                "text": {"description": "The printed text.", "type": "string"},
            },
            "additionalProperties": False,
        },
        "vgGDeck": {
            "title": "G deck list",
            "description": "The G deck (vg 5.3): card id -> copies, 0 to "
            f"{vg_cards.G_DECK_SIZE} G units in all (a total the schema cannot check); absent or null: none.",
            "type": ["object", "null"],
            "propertyNames": ref("cardId"),
            "additionalProperties": {"type": "integer", "minimum": 1},
        },
    }


# --------------------------------------------------------------------------- vg: circles, setup and expect


def _vg_position_defs() -> dict[str, Schema]:
    circles = names(vg_state.CIRCLES)
    guardian = vg_state.GUARDIAN
    max_cards = reading.MAX_CARDS
    count: Schema = {"type": "integer", "minimum": 0, "maximum": max_cards}
    count_bounds = {key: value for key, value in count.items() if key != "type"}
    unknown_or_card: Schema = {"anyOf": [ref("cardRef"), {"type": "null"}]}
    zone_in_setup: Schema = {
        "description": "Bottom first: a list of card ids ('?' or null for an unknown card), or a count of "
        "unknown cards.",
        "type": ["array", "integer", "null"],
        "items": unknown_or_card,
        "maxItems": max_cards,
        **count_bounds,
    }
    orientation = {"enum": names(vg_log.ORIENTATIONS)}
    face = {"description": "down: face down (vg 10.1.12).", "enum": list(FACES)}
    unit_marks: Schema = {
        "hearts": {
            "description": "Under a G unit on V: the cards in heart state, the chosen heart first (vg 10.1.26, "
            "10.1.27.2.3).",
            "type": "array",
            "items": ref("cardId"),
        },
        "mate": {"description": "A legion's mate (vg 10.1.24); not modelled yet.", "type": "string"},
        "locked": {"description": "A locked card (vg 10.1.21); not modelled yet.", "type": "boolean"},
        "deleted": {"description": "A deleted vanguard (vg 10.1.25); not modelled yet.", "type": "boolean"},
    }
    owner_orders = ", ".join(zone.name for zone in vg_state.ZONES if zone.owner_orders)
    pile_expect: Schema = {
        "description": "A number is the zone's card count, a list its exact contents (bottom first, the deck top "
        f"first; in any order for the zones their owner may reorder: {owner_orders}).",
        "type": ["integer", "array"],
        "minimum": 0,
        "items": ref("cardRef"),
    }
    any_order: Schema = {
        "description": "A count, or the cards in any order.",
        "type": ["integer", "array"],
        "minimum": 0,
        "items": ref("cardRef"),
    }
    damage_expect: Schema = {
        **pile_expect,
        "description": "A number is the damage zone's card count, a list its exact contents, bottom first: card ids "
        "('?' unknown), or {card, face: down} for a card turned face down (vg 10.1.15).",
        "items": {
            "anyOf": [
                ref("cardRef"),
                {
                    "type": "object",
                    "properties": {"card": ref("cardRef"), "face": face},
                    "additionalProperties": False,
                },
            ]
        },
    }
    return {
        "vgCircle": {
            "title": "Circle",
            "description": "vg 4.6.1: V (vanguard), FL, FR (front rear-guard circles), BL, BC, BR (back row), "
            "G (guardian circle).",
            "enum": [*circles, guardian],
        },
        "vgUnitCircle": {
            "title": "Vanguard or rear-guard circle",
            "description": "A circle that holds a unit between battles (vg 4.6.1): every circle but G.",
            "enum": circles,
        },
        "vgSetup": {
            "title": "Vanguard starting position",
            "description": "Replaces the opening procedure (vg 5.4, 6.1): the game resumes at the beginning of "
            "'phase' (default stand) of turn 'turn' (default 1), with 'active' (default 'first') the turn player.  "
            "Every other key is a player id with that player's zones; the cards must fit the deck lists.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer", "minimum": 1},
                "active": ref("playerId"),
                "phase": {"description": "vg 6.2.1.", "enum": names(vg_game.PHASES)},
            },
            "propertyNames": ref("playerId"),
            "additionalProperties": ref("vgSetupPlayer"),
        },
        "vgSetupPlayer": {
            "title": "A player's zones",
            "type": ["object", "null"],
            "properties": {
                **{zone: zone_in_setup for zone in vg_log.SETUP_PILES},
                "damage": {
                    "description": "Bottom first (vg 4.8): card ids ('?' or null unknown), {card, face: down} for "
                    "a card turned by a Counter Blast (vg 10.1.15), or a count of unknown face-up cards.",
                    "type": ["array", "integer", "null"],
                    "maxItems": max_cards,
                    **count_bounds,
                    "items": {
                        "anyOf": [
                            ref("cardRef"),
                            {"type": "null"},
                            {
                                "type": "object",
                                "properties": {"card": unknown_or_card, "face": face},
                                "additionalProperties": False,
                            },
                        ]
                    },
                },
                "g_zone": {
                    "description": "The G zone (vg 4.11): its face-down cards (the G deck, vg 4.11.2) and its "
                    "face-up G units (vg 4.11.3).",
                    "type": ["object", "null"],
                    "properties": {
                        "down": zone_in_setup,
                        "up": {"type": ["array", "null"], "items": ref("cardId")},
                    },
                    "additionalProperties": False,
                },
                "deck": {
                    "description": "Top first: a list naming every card, a count of unknown cards, or "
                    "{top: [known top cards], rest: count of unknown cards below}; absent or null: every card "
                    "of the deck list placed nowhere else.",
                    "type": ["array", "integer", "object", "null"],
                    "items": ref("cardId"),
                    "maxItems": max_cards,
                    **count_bounds,
                    "properties": {
                        "top": {"type": ["array", "null"], "items": ref("cardId")},
                        "rest": {"anyOf": [count, {"type": "null"}]},
                    },
                    "additionalProperties": False,
                },
                "circles": {
                    "description": "Circle -> a standing unit's id, or {card, state, face, hearts, mate, locked, "
                    "deleted}; null is empty.  'G' is the guardian circle as a list (vg-logs.rst), which a "
                    "position the loader accepts never holds: a setup starts at the beginning of a phase, "
                    "outside any battle (vg 9.4.1).",
                    "type": ["object", "null"],
                    "propertyNames": {"enum": [*circles, guardian]},
                    "properties": {
                        guardian: {
                            "description": "The guardians: a list, or a card id alone.",
                            "type": ["array", "string", "null"],
                            "items": ref("cardRef"),
                        }
                    },
                    "additionalProperties": ref("vgSetupUnit"),
                },
            },
            "additionalProperties": False,
        },
        "vgSetupUnit": {
            "title": "A unit in a starting position",
            "description": "A card id (a standing, face-up unit), or {card, ...}; null is an empty circle.",
            "type": ["string", "object", "null"],
            "required": ["card"],
            "properties": {"card": ref("cardId"), "state": orientation, "face": face, **unit_marks},
            "additionalProperties": False,
        },
        "vgExpect": {
            "title": "Expectations",
            "description": "The state after the entry: 'turn', 'phase', 'winner', 'hash', and per player id its zones.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer"},
                "phase": {"enum": [OPENING_PHASE, *names(vg_game.PHASES)]},
                "winner": {
                    "description": "A player id, 'draw', or null while the game is on.",
                    "type": ["string", "null"],
                },
                "hash": ref("stateHash"),
            },
            "propertyNames": ref("playerId"),
            "additionalProperties": ref("vgPlayerExpect"),
        },
        "vgPlayerExpect": {
            "type": "object",
            "properties": {
                **{zone: pile_expect for zone in vg_game.PILES},
                "damage": damage_expect,
                "g_zone": {
                    "description": "The G zone's face-down and face-up cards (vg 4.11.2, 4.11.3).",
                    "type": "object",
                    "properties": {"down": any_order, "up": any_order},
                    "additionalProperties": False,
                },
                "circles": {
                    "description": "Circle -> null (empty), a card id, or {card, state, power, critical, face, "
                    "hearts} (any subset); 'G' is the guardian circle: a count or its cards in any order.",
                    "type": "object",
                    "propertyNames": {"enum": [*circles, guardian]},
                    "properties": {guardian: any_order},
                    "additionalProperties": {
                        "type": ["string", "object", "null"],
                        "properties": {
                            "card": ref("cardRef"),
                            "state": orientation,
                            "power": {"type": "integer"},
                            "critical": {"type": "integer"},
                            "face": face,
                            **unit_marks,
                        },
                        "additionalProperties": False,
                    },
                },
                "damage_face_down": {
                    "description": "How many damage cards lie face down (vg 10.1.15).",
                    "type": "integer",
                    "minimum": 0,
                },
            },
            "additionalProperties": False,
        },
    }


# --------------------------------------------------------------------------- vg: entries


def _trigger_choices() -> dict[str, Schema]:
    """The fields of a ``drive`` or ``damage`` entry that answer its trigger's choices (``vg_log.CHOICE_FIELDS``):
    a card id for a heal, a circle for the others."""
    said = {
        "power": "The unit given the trigger's +5000 power (vg 2.8.1.1.2-2.8.1.1.5).",
        "critical": "Critical trigger: the unit given +1 critical (vg 2.8.1.1.2).",
        "stand": "Stand trigger: the rear-guard stood (vg 2.8.1.1.4).",
        "heal": "Heal trigger: the damage card healed (vg 2.8.1.1.5, 10.1.7).",
    }
    return {
        field: {
            "description": said.get(kind, "A trigger's choice."),
            **ref("cardRef" if kind == "heal" else "vgUnitCircle"),
        }
        for kind, field in vg_log.CHOICE_FIELDS.items()
    }


def _vg_verb_arguments() -> dict[str, tuple[str, Schema, list[str]]]:
    """Each vg verb's description, argument schemas and required arguments, as ``vg_log`` and the replay read them."""
    card, cards, circle = ref("cardRef"), ref("cardRefs"), ref("vgUnitCircle")
    look, remove = vg_phases.G_ASSIST_LOOK, vg_phases.G_ASSIST_REMOVE
    checked = {
        "description": "The card the check reveals; null when the deck was empty.",
        "anyOf": [card, {"type": "null"}],
    }
    intercepting = [c for c in vg_state.FRONT_ROW if c != vg_state.VANGUARD]
    ability = {
        "description": "The ability: its index in the card record's 'abilities', or a keyword's name.",
        "type": ["integer", "string"],
        "minimum": 0,
        "minLength": 1,
    }
    return {
        "first_vanguard": (
            "The first vanguard: a grade 0 card of the main deck, put face down on V (vg 5.4.3).",
            {"card": card},
            ["card"],
        ),
        "draw": (
            (
                "The cards drawn, in order (vg 5.4.4, 6.4.1.1.2, 10.1.1): five for an opening hand, one in the draw "
                "phase or for a draw trigger."
            ),
            {"cards": cards},
            ["cards"],
        ),
        "mulligan": (
            "The cards returned to the deck, and optionally those drawn in exchange (vg 5.4.4).",
            {"return": cards, "draw": cards},
            [],
        ),
        "g_assist": (
            (
                f"A search by the G assist step (vg 6.4.1.2): the {look} cards looked at, the card of the next grade "
                f"put into the hand (null: none), and the {remove} hand cards and {remove} G zone cards removed from "
                "the game for it (vg 6.4.1.2.7).  Declining is a pass."
            ),
            {
                "looked": {**cards, "maxItems": look},
                "card": {"anyOf": [card, {"type": "null"}]},
                "remove": {
                    "type": ["object", "null"],
                    "properties": {
                        "hand": {**cards, "maxItems": remove},
                        "g": {**cards, "maxItems": remove},
                    },
                    "additionalProperties": False,
                },
            },
            [],
        ),
        "ride": ("A card from the hand rides (vg 6.5.1.1.2, 8.5.2.1.1.1, 10.1.5).", {"card": card}, ["card"]),
        "stride": (
            (
                "A G unit from the G zone strides (vg 6.5.1.2.2, 10.1.27, 10.2.10): 'discard' pays the cost, 'heart' "
                "is the stridden vanguard."
            ),
            {"card": card, "discard": cards, "heart": {"anyOf": [card, {"type": "null"}]}},
            ["card"],
        ),
        "call": (
            "A card from the hand to a rear-guard circle (vg 6.6.1.2.1, 10.1.6).",
            {"card": card, "to": circle},
            ["card", "to"],
        ),
        "act": (
            (
                "An activated ability (vg 6.6.1.2.2, 8.5), with its cost choices and targets; Seek Mate with 'return' "
                "and 'mate'."
            ),
            {
                "source": {"description": "The unit's circle or the card id.", "anyOf": [ref("vgCircle"), card]},
                "ability": ability,
                "counter_blast": cards,
                "soul_blast": cards,
                "discard": cards,
                "return": cards,
                "mate": card,
            },
            [],
        ),
        "move": (
            "An exchange of the two rear-guard circles of a column, FL-BL or FR-BR (vg 6.6.1.2.3).",
            {"from": circle, "to": circle},
            ["from", "to"],
        ),
        "attack": (
            (
                "An attack by the unit on 'from' against the opponent's unit on 'target', boosted by the unit on "
                "'boost' if any (vg 7.2.1.2, 7.3.1.3-7.3.1.7)."
            ),
            {"from": circle, "target": circle, "boost": circle},
            ["from", "target"],
        ),
        "guard": (
            "A guardian called from the hand, guarding the attacked unit's circle (vg 7.4.1.2.1).",
            {"card": card, "guards": circle},
            ["card", "guards"],
        ),
        "intercept": (
            (
                "The unit on FL or FR moved to the guardian circle, guarding the attacked unit's circle "
                "(vg 7.4.1.2.2, 10.2.2)."
            ),
            {"from": {"enum": intercepting}, "guards": circle},
            ["from", "guards"],
        ),
        "drive": (
            "One drive check (vg 7.5.1.2, 10.1.13), and its trigger's choices.",
            {"card": checked, **_trigger_choices()},
            [],
        ),
        "damage": (
            (
                "One damage check of the damaged player 'p' (vg 7.6.1.6, 10.1.14), and its trigger's choices; a hit "
                "for 2 critical is two entries."
            ),
            {
                "to": {"description": "The damaged player (or 'p').", **ref("playerId")},
                "card": checked,
                **_trigger_choices(),
            },
            [],
        ),
        "resolve": (
            (
                "An automatic ability in standby (vg 8.4.1.2-8.4.1.3, 8.6): whether its cost is paid ('pay', with "
                "the cards 'counter_blast', 'soul_blast', 'discard', vg 8.6.4); a Forerunner called to 'to' "
                "(vg 10.2.6), not called without it; of the units placed last on an overloaded vanguard circle, the "
                "one that 'stays' (vg 9.3.1-9.3.5)."
            ),
            {
                "source": card,
                "card": card,
                "ability": ability,
                "pay": {"type": "boolean"},
                "counter_blast": cards,
                "soul_blast": cards,
                "discard": cards,
                "to": circle,
                "stays": card,
            },
            [],
        ),
        "superior_ride": ("A card from the soul rides when there is no vanguard (vg 9.5.1).", {"card": card}, ["card"]),
        "retire": (
            "The guardians and the hit rear-guard put into the drop zone at the end of the damage step (vg 7.6.1.8).",
            {"cards": cards},
            ["cards"],
        ),
        "stand_up": ("Both vanguards turned face up (vg 6.1.1).", {}, []),
        "effect": (
            "Card text the engine does not model, declared as primitive operations (vg 8.5).",
            {"source": card, **_effect_operations()},
            [],
        ),
        "pass": ("Passes the current decision point (vg 3.6.3).", {}, []),
        "concede": ("The player concedes (vg 1.2.4).", {}, []),
    }


def _one_or_more(item: Schema, description: str) -> Schema:
    """One ``item`` (a circle's name or a mapping) or a list of them."""
    return {
        "description": description,
        "type": ["string", "object", "array"],
        "if": {"type": "array"},
        "then": {"items": item},
        "else": item,
    }


def _effect_operations() -> dict[str, Schema]:
    """The primitive operations an ``effect`` entry declares, as ``vg_log.text_operations`` reads them."""
    owner = {"description": "The player whose card it is; the entry's player when left out.", **ref("playerId")}
    place = {"enum": names(vg_card_text.ZONES_OF_TEXT)}
    move: Schema = {
        "type": "object",
        "required": ["from", "to"],
        "properties": {
            "card": ref("cardRef"),
            "from": place,
            "to": place,
            "circle": {"description": "The circle left, for a move from 'circle'.", **ref("vgCircle")},
            "to_circle": {"description": "The circle entered, for a move to 'circle'.", **ref("vgCircle")},
            "p": owner,
        },
        "additionalProperties": False,
    }
    power: Schema = {
        "type": "object",
        "required": ["amount"],
        "properties": {"circle": ref("vgCircle"), "amount": {"type": "integer"}, "p": owner},
        "additionalProperties": False,
    }
    on_circle: Schema = {
        "type": ["string", "object"],
        "if": {"type": "string"},
        "then": ref("vgCircle"),
        "else": {"properties": {"circle": ref("vgCircle"), "p": owner}, "additionalProperties": False},
    }
    return {
        "moves": one_or_list(move, "Cards moved between the " + ", ".join(names(vg_card_text.ZONES_OF_TEXT)) + "."),
        "power": one_or_list(power, "Power changes until end of turn."),
        "lock": _one_or_more(on_circle, "Cards locked (vg 10.1.21): a circle, or {circle, p}, or a list of them."),
        "delete": _one_or_more(
            on_circle, "Vanguards deleted (vg 10.1.25): a circle, or {circle, p}, or a list of them."
        ),
        "extra_turn": {
            "description": "An extra turn (vg 11.4): true, or {p} for another player's.",
            "type": ["boolean", "object"],
            "properties": {"p": owner},
            "additionalProperties": False,
        },
    }


def _vg_entry_defs() -> dict[str, Schema]:
    return verb_definitions("vg", "Vanguard", vg_log.CHOICE_VERBS, vg_log.FORCED_VERBS, _vg_verb_arguments())
