"""The ``wl`` part of the JSON Schema: ENERGIO!! card records, players, ``setup``, ``expect`` and entries.

Every list of names is read from the module that enforces it when the schema is
built: ``engine.games.wl.cards`` (card categories, colors, keywords),
``engine.games.wl.state`` (the ``leader`` address, state words),
``engine.games.wl.game`` (phases, the piles a snapshot shows),
``engine.games.wl.costs`` (the cost words the engine pays), ``engine.games.wl.playing``
(effect durations), ``engine.games.wl.card_text`` (the places an ``effect`` entry
moves cards between) and ``judge.games.wl.log``
(verbs, the field of a ``damage`` entry that answers the [Trigger] choice, setup
piles); ``judge.schema`` assembles it with every other registered game's part.
What the code does not read (most words of an ability in the shared shape) is
described, not enumerated.  Clause numbers in the descriptions are those of the
ENERGIO!! comprehensive rules.
"""

from __future__ import annotations

from typing import Final

from engine.games.wl import card_text as wl_card_text
from engine.games.wl import cards as wl_cards
from engine.games.wl import costs as wl_costs
from engine.games.wl import game as wl_game
from engine.games.wl import playing as wl_playing
from engine.games.wl import state as wl_state
from judge.games import reading
from judge.games.wl import log as wl_log
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
)

RESULT_REASONS: Final = {
    "life": "wl 9.2.1.1: a Leader took damage with no Life cards",
    "deck": "wl 9.2.1.2: a deck ran out",
    "concede": "wl 1.2.3",
    "time": "a time limit of the event",
}
"""``result.reason`` words of a ``wl`` log (``wl-logs.rst``), each with why the game ends; the replay
checks the claimed winner, not the reason."""
TIMINGS: Final = {
    "on_play": "[On Play], wl 10.2.6",
    "when_attacking": "[When Attacking], wl 10.2.5",
    "on_opponents_attack": "[On Your Opponent's Attack], wl 10.2.16",
    "on_block": "[On Block], wl 10.2.15",
    "on_ko": "[On K.O.], wl 10.2.17",
    "end_of_your_turn": "[End of Your Turn], wl 10.2.7",
    "end_of_opponents_turn": "[End of Your Opponent's Turn], wl 10.2.8",
    "activate_main": "[Activate: Main], wl 10.2.2",
    "main": "[Main], wl 10.2.3",
    "counter": "[Counter], wl 10.2.4",
    "trigger": "[Trigger], wl 10.1.5",
}
"""The ``timing`` words of an ability (``wl-logs.rst``: the bracketed words of wl 10); the engine reads
``timing`` but accepts any word, playing only the timings ``modelled`` in ``engine.games.wl.playing`` knows and
reporting the others as card text it does not model, so they are described, not enumerated."""
RETURN_COST: Final = "energio_return"
"""ENERGIO!! -X (wl 8.3.1.6, 10.2.10): a cost word of the contract that the engine does not pay (``costs.COST_WORDS``
leaves it out, so an ability with it is card text the engine does not model)."""


def schema_defs() -> dict[str, Schema]:
    """Every ``wl`` definition, ``wlLog`` (what ``game: wl`` adds to a log) and ``wlEntry`` among them."""
    defs = {**_wl_card_defs(), **_wl_position_defs(), **_wl_entry_defs()}
    reasons = ", ".join(f"{word} ({why})" for word, why in RESULT_REASONS.items())
    defs["wlLog"] = {
        "title": "What 'game: wl' adds",
        "properties": {
            "cards": {"additionalProperties": ref("wlCard")},
            "players": {"items": ref("wlPlayer")},
            "chooser": {
                "description": "The player who decided whether to go first or second (wl 5.2.1.4-5.2.1.5); kept, "
                "not checked: 'first' is what the replay reads.",
                **ref("playerId"),
            },
            "order": {
                "description": "Player id -> that player's deck after the opening shuffle (wl 5.2.1.2), top first; "
                "a redraw reshuffles the deck (wl 5.2.1.6.1), after which no place in it is known."
            },
            "setup": ref("wlSetup"),
            "actions": {"items": ref("wlEntry")},
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


# --------------------------------------------------------------------------- wl: cards and decks


def _one_or_more(values: list[str], description: str) -> Schema:
    """A name of ``values``, or a list of them (the card reader takes a single name as a list of one)."""
    return {
        "description": description,
        "type": ["string", "array"],
        "if": {"type": "string"},
        "then": {"enum": values},
        "else": {"items": {"enum": values}},
    }


def _wl_card_defs() -> dict[str, Schema]:
    whole: Schema = {"type": ["integer", "null"]}
    some_names: Schema = {"type": ["string", "array"], "items": {"type": "string"}}
    timings = ", ".join(f"{word} ({what})" for word, what in TIMINGS.items())
    cost_words = ", ".join(
        f"{word.name} ({word.meaning.rstrip('.')}, {' '.join(word.clauses_in('wl'))})"
        for word in wl_costs.COST_DEFINITIONS
    )
    durations = " | ".join(names(wl_playing.DURATIONS))
    deck_list: Schema = {
        "type": "object",
        "propertyNames": ref("cardId"),
        "additionalProperties": {"type": "integer", "minimum": 1},
    }
    return {
        "wlCard": {
            "title": "ENERGIO!! card record",
            "description": "The card information of wl 2 in lower case.  'category' is required; 'name' defaults "
            "to the card id, the numbers to 0, the lists to none, 'trigger' to false.",
            "type": "object",
            "required": ["category"],
            "properties": {
                "name": {"description": "wl 2.1.", "type": "string"},
                "category": {
                    "description": "wl 2.2.2: Leader, Character, Event, Stage or ENERGIO!! card.",
                    "enum": names(wl_cards.CATEGORIES),
                },
                "color": _one_or_more(
                    names(wl_cards.COLORS), "wl 2.3.3: a color, or a list of them (a multicolor card, wl 2.3.4)."
                ),
                "types": {"description": "wl 2.4: a type, or a list of them.", **some_names},
                "attributes": {
                    "description": "wl 2.5: an attribute (Slash, Strike, Ranged, Special, Wisdom, wl 2.5.2), or a "
                    "list of them; Leaders and Characters only (wl 2.5.5).",
                    **some_names,
                },
                "power": {"description": "wl 2.6; Leaders and Characters only.", **whole},
                "cost": {
                    "description": "wl 2.7: the active ENERGIO!! cards rested to play it; Characters, Events and "
                    "Stages only (wl 2.7.5); a negative cost reads as 0.",
                    **whole,
                },
                "life": {"description": "wl 2.9: a Leader's Life, the Life cards placed at the start.", **whole},
                "counter": {
                    "description": "wl 2.10: a Character's (Symbol) Counter, the power it gives when trashed from "
                    "the hand in the Counter Step (wl 7.1.3.2.1); 0 or absent for none.",
                    **whole,
                },
                "trigger": {
                    "description": "Whether the card has [Trigger] (wl 2.11, 10.1.5): revealed from the Life area "
                    "on taking damage, it may be activated instead of going to the hand.",
                    "type": "boolean",
                },
                "keywords": _one_or_more(
                    names(wl_cards.KEYWORDS),
                    "The keyword effects of wl 10.1 ([Rush], [Blocker], [Double Attack], [Banish]) and the Event "
                    "timings of wl 10.2.3-10.2.4 ([Main], [Counter]) the procedure reads.",
                ),
                "abilities": {
                    "description": "The card's effects, in the shared shape or as printed text.",
                    "type": "array",
                    "items": ref("wlAbility"),
                },
                **card_contract_properties(),
            },
            "additionalProperties": False,
        },
        "wlAbility": {
            "title": "Ability",
            "description": "An effect in the format's shared shape {type, timing, zone, once_per_turn, condition, "
            "cost, effect, text}, or its printed text as a string.  The engine plays the structured effect with the "
            "timings main, counter, trigger and activate_main and at most the structured conditions and costs "
            "('modelled' in engine/games/wl/playing.py); any other effect is reported as card text it does not "
            "model, never guessed.",
            "type": ["object", "string"],
            "properties": {
                "type": {
                    "description": "The rules' own category in words (auto, act, cont: wl 8.1.3); not read.",
                    "type": "string",
                },
                "timing": {"description": f"When it works: {timings}.", "type": "string"},
                "zone": {"description": "Where it works, in words; not read.", "type": "string"},
                "once_per_turn": {"description": "[Once Per Turn] (wl 10.2.13).", "type": "boolean"},
                "condition": {
                    "description": "When it may be used (wl 8.3.2).",
                    "type": "object",
                    "properties": wl_playing.EFFECT_WORDS.properties("condition"),
                },
                "cost": {
                    "description": f"The activation cost (wl 8.3.1), cost word -> number: {cost_words}, and "
                    f"{RETURN_COST} (ENERGIO!! -X: return X ENERGIO!! cards from the Leader, Characters and cost "
                    "area to the ENERGIO!! deck, wl 8.3.1.6, 10.2.10), which the engine does not pay yet.",
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 0},
                },
                "effect": {
                    "description": f"{{power: N, target: self | {wl_state.LEADER} | <address>, until: {durations}}}: "
                    "the one effect the format structures; 'target' defaults to the Leader, 'until' to end_of_turn.",
                    "type": "object",
                    "properties": structured_effect_properties(wl_playing.EFFECT_WORDS),
                },
                "text": {"description": "The printed text.", "type": "string"},
            },
            "additionalProperties": False,
        },
        "wlPlayer": player_definition(
            "ENERGIO!! player",
            "What a player presents (wl 5.1.2, 5.2.1.1): exactly 1 Leader card, a "
            f"{wl_cards.DECK_SIZE}-card deck and a {wl_cards.ENERGIO_DECK_SIZE}-card ENERGIO!! deck; the deck "
            "construction rules (totals, categories, colors, copies) are checked by the replay, not here.",
            {
                "leader": {"description": "The card id of the Leader card (wl 5.2.1.3).", **ref("cardId")},
                "deck": {
                    "description": f"The deck (wl 5.1.2.1): card id -> copies, {wl_cards.DECK_SIZE} Characters, "
                    f"Events and Stages of the Leader's colors, at most {wl_cards.COPIES} of a card number."
                },
                "energio": {
                    "description": "The ENERGIO!! deck (wl 3.3, 5.1.2): card id -> copies, "
                    f"{wl_cards.ENERGIO_DECK_SIZE} ENERGIO!! cards, such as {{EN-01: "
                    f"{wl_cards.ENERGIO_DECK_SIZE}}}.",
                    **deck_list,
                },
            },
            required=("leader", "energio"),
        ),
    }


# --------------------------------------------------------------------------- wl: addresses, setup and expect


def _wl_position_defs() -> dict[str, Schema]:
    max_cards = reading.MAX_CARDS
    count: Schema = {"type": "integer", "minimum": 0, "maximum": max_cards}
    count_bounds = {key: value for key, value in count.items() if key != "type"}
    zone_in_setup: Schema = {
        "description": "Bottom first: a list of card ids ('?' or null for an unknown card), or a count of "
        "unknown cards.",
        "type": ["array", "integer", "null"],
        "items": {"anyOf": [ref("cardRef"), {"type": "null"}]},
        "maxItems": max_cards,
        **count_bounds,
    }
    state_words = names(wl_state.ORIENTATION_WORDS)
    state: Schema = {
        "description": "wl 4.4.1: active or rested (also the format's stand and rest); absent or null: active.",
        "enum": [*state_words, None],
    }
    given: Schema = {
        "description": "ENERGIO!! cards given to it (wl 6.5.5), a count: ENERGIO!! cards are all alike.",
        **count,
    }
    owner_orders = ", ".join(zone.name for zone in wl_state.ZONES if zone.owner_orders)
    pile_expect: Schema = {
        "description": "A number is the area's card count, a list its exact contents (bottom first, the deck top "
        f"first; in any order for the areas their owner may reorder: {owner_orders}).",
        "type": ["integer", "array"],
        "minimum": 0,
        "items": ref("cardRef"),
    }
    shown: Schema = {
        "card": ref("cardRef"),
        "state": {"enum": state_words},
        "given": {"type": "integer", "minimum": 0},
        "power": {"description": "Its power now (wl 2.6, 6.5.5.2, and the effects in force).", "type": "integer"},
    }
    deck_cards: Schema = {"type": ["array", "null"], "items": ref("cardId")}
    stage_card: Schema = {
        "type": ["string", "object"],
        "if": {"type": "string"},
        "then": ref("cardId"),
        "else": {
            "required": ["card"],
            "properties": {"card": ref("cardId"), "state": state},
            "additionalProperties": False,
        },
    }
    return {
        "wlAddress": {
            "title": "Leader or Character",
            "description": f"'{wl_state.LEADER}' (the player's Leader), or a Character's card id, with '@k' (k from "
            "1, in the order the Characters of that id entered the Character area) where copies are ambiguous: "
            "'AL-01@2'.",
            "type": "string",
            "pattern": "^[^@]+(?:@[1-9][0-9]*)?$",
        },
        "wlSetup": {
            "title": "ENERGIO!! starting position",
            "description": "Replaces the pre-game preparations (wl 5.2): the game resumes at the beginning of "
            "'phase' (default refresh) of turn 'turn' (default 1), with 'active' (default 'first') the turn "
            "player.  Every other key is a player id with that player's areas; the cards must fit the deck "
            "lists, and the position the rules (at most 5 Characters, 1 Stage, 10 ENERGIO!! cards).",
            "type": "object",
            "properties": {
                "turn": {"type": "integer", "minimum": 1},
                "active": ref("playerId"),
                "phase": {"description": "wl 6.1.1.", "enum": names(wl_game.PHASES)},
            },
            "propertyNames": ref("playerId"),
            "additionalProperties": ref("wlSetupPlayer"),
        },
        "wlSetupPlayer": {
            "title": "A player's areas",
            "type": ["object", "null"],
            "properties": {
                **{zone: zone_in_setup for zone in wl_log.SETUP_PILES if zone != "stage"},
                "life": {
                    **zone_in_setup,
                    "description": "The Life area (wl 3.10), bottom first: its top card, the last, is the one "
                    "damage takes (wl 3.10.2).  Card ids ('?' or null unknown), or a count of unknown cards.",
                },
                "stage": {
                    "description": "The Stage area (wl 3.8): a card id or {card, state} (like a Character), a list "
                    "of at most one (wl 3.8.5), or null.",
                    "type": ["string", "object", "array", "null"],
                    "if": {"type": "array"},
                    "then": {"items": stage_card, "maxItems": 1},
                    "else": {"anyOf": [stage_card, {"type": "null"}]},
                },
                "deck": {
                    "description": "Top first: a list naming every card, a count of unknown cards, or "
                    "{top: [known top cards], rest: count of unknown cards below}; absent or null: every card "
                    "of the deck list placed nowhere else.",
                    "type": ["array", "integer", "object", "null"],
                    "items": ref("cardId"),
                    "maxItems": max_cards,
                    **count_bounds,
                    "properties": {"top": deck_cards, "rest": {"anyOf": [count, {"type": "null"}]}},
                    "additionalProperties": False,
                },
                "leader": {
                    "description": "The Leader area (wl 3.6): {card, state, given}; the card is the player's "
                    "'leader' (not read from here); a card id alone, or null, is an active Leader with nothing "
                    "given.",
                    "type": ["object", "string", "null"],
                    "properties": {"card": ref("cardId"), "state": state, "given": given},
                    "additionalProperties": False,
                },
                "characters": {
                    "description": "The Character area (wl 3.7), at most 5 (wl 3.7.6), in the order the Characters "
                    "entered it: each a "
                    "card id (active, nothing given) or {card, state, given, fresh}; 'fresh': played this turn, so "
                    "it attacks only with [Rush] (wl 3.7.4, 10.1.1).",
                    "type": ["array", "null"],
                    "maxItems": wl_state.CHARACTER_LIMIT,
                    "items": {
                        "type": ["string", "object"],
                        "if": {"type": "string"},
                        "then": ref("cardId"),
                        "else": {
                            "required": ["card"],
                            "properties": {
                                "card": ref("cardId"),
                                "state": state,
                                "given": given,
                                "fresh": {"type": "boolean"},
                            },
                            "additionalProperties": False,
                        },
                    },
                },
                "cost": {
                    "description": "The cost area (wl 3.9): how many ENERGIO!! cards are active and rested.",
                    "type": ["object", "null"],
                    "properties": {"active": count, "rested": count},
                    "additionalProperties": False,
                },
                "energio_deck": {
                    "description": "Cards left in the ENERGIO!! deck (wl 3.3); absent: the "
                    f"{wl_cards.ENERGIO_DECK_SIZE} less those in the cost area and given.",
                    **count,
                },
            },
            "additionalProperties": False,
        },
        "wlExpect": {
            "title": "Expectations",
            "description": "The state after the entry: 'turn', 'phase', 'winner', 'hash', and per player id its areas.",
            "type": "object",
            "properties": {
                "turn": {"type": "integer"},
                "phase": {"enum": [OPENING_PHASE, *names(wl_game.PHASES)]},
                "winner": {
                    "description": "A player id, 'draw', or null while the game is on.",
                    "type": ["string", "null"],
                },
                "hash": ref("stateHash"),
            },
            "propertyNames": ref("playerId"),
            "additionalProperties": ref("wlPlayerExpect"),
        },
        "wlPlayerExpect": {
            "type": "object",
            "properties": {
                **{zone: pile_expect for zone in wl_game.PILES},
                "stage": {
                    "description": "The Stage area: a count, a list, its card's id, {card, state} (either or both), "
                    "or null (empty).",
                    "type": ["integer", "array", "string", "object", "null"],
                    "minimum": 0,
                    "items": ref("cardRef"),
                    "properties": {"card": ref("cardRef"), "state": {"enum": state_words}},
                    "additionalProperties": False,
                },
                "leader": {
                    "description": "The Leader: a card id, or {card, state, given, power} (any subset).",
                    "type": ["string", "object"],
                    "properties": shown,
                    "additionalProperties": False,
                },
                "characters": {
                    "description": "The Character area: a count, or a list of each Character in the order they "
                    "entered, a card id or {card, state, given, power, fresh} (any subset).",
                    "type": ["integer", "array"],
                    "minimum": 0,
                    "items": {
                        "type": ["string", "object"],
                        "properties": {**shown, "fresh": {"type": "boolean"}},
                        "additionalProperties": False,
                    },
                },
                "cost": {
                    "description": "The cost area's active and rested ENERGIO!! cards (any subset).",
                    "type": "object",
                    "properties": {"active": {"type": "integer"}, "rested": {"type": "integer"}},
                    "additionalProperties": False,
                },
                "energio_deck": {"description": "Cards left in the ENERGIO!! deck.", "type": "integer"},
            },
            "additionalProperties": False,
        },
    }


# --------------------------------------------------------------------------- wl: entries


def _effect_operations() -> dict[str, Schema]:
    """The primitive operations an ``effect`` entry declares, as ``wl_log.text_operations`` reads them."""
    place = {"enum": names(wl_card_text.ZONES_OF_TEXT)}
    owner = {"description": "The player whose card it is; the entry's player when left out.", **ref("playerId")}
    move: Schema = {
        "type": "object",
        "required": ["from", "to"],
        "properties": {
            "card": {
                "description": "The card id ('characters': its address); left out: the first card there.",
                "type": "string",
            },
            "from": place,
            "to": {"description": "Where it goes; 'deck' is its top, 'life' the Life area's top.", **place},
            "p": owner,
        },
        "additionalProperties": False,
    }
    power: Schema = {
        "type": "object",
        "required": ["amount"],
        "properties": {
            "target": {"description": f"Default '{wl_state.LEADER}'.", **ref("wlAddress")},
            "amount": {"type": "integer"},
            "p": owner,
        },
        "additionalProperties": False,
    }
    return {
        "moves": one_or_list(
            move, "Cards moved between the " + ", ".join(names(wl_card_text.ZONES_OF_TEXT)) + " (a mapping or a list)."
        ),
        "power": one_or_list(power, "Power changes until the end of the turn (a mapping or a list)."),
    }


def _wl_verb_arguments() -> dict[str, tuple[str, Schema, list[str]]]:
    """Each wl verb's description, argument schemas and required arguments, as ``wl_log`` and the replay read them."""
    card, address = ref("cardRef"), ref("wlAddress")
    cards: Schema = {
        "description": "Card ids, '?' (or null, as self-play writes it) for a card the log does not know.",
        "type": "array",
        "items": {"anyOf": [card, {"type": "null"}]},
    }
    known = ref("cardId")
    ability = {
        "description": "The ability: its index in the card record's 'abilities' (from 0); left out, the card's "
        "first [Activate: Main] ability.",
        "type": ["integer", "string"],
        "minimum": 0,
        "minLength": 1,
    }
    trigger_field = wl_log.CHOICE_FIELDS["trigger"]
    return {
        "draw": (
            (
                "The cards drawn, in order (wl 5.2.1.6, 6.3.1, 4.5): five for an opening hand, one in the draw phase; "
                "after a redraw, the new hand (wl 5.2.1.6.1)."
            ),
            {"cards": cards},
            ["cards"],
        ),
        "mulligan": (
            (
                "The player's choice to keep the opening hand or redraw it (wl 5.2.1.6, 5.2.1.6.1): 'redraw' (default "
                "false: keep), and 'draw', the whole new hand."
            ),
            {"redraw": {"type": "boolean"}, "draw": cards},
            [],
        ),
        "life": (
            (
                "The Life cards placed at the start (wl 5.2.1.7, 2.9.2), as they leave the deck: the deck's top card "
                "first, which is the bottom of the Life area."
            ),
            {"cards": cards},
            ["cards"],
        ),
        "energio": (
            (
                "The ENERGIO!! cards moved from the ENERGIO!! deck to the cost area in the ENERGIO!! phase "
                "(wl 6.4.1-6.4.3), a count: 2, 1 in the first player's first turn, fewer when the deck runs out."
            ),
            {"count": {"type": "integer", "minimum": 0}},
            ["count"],
        ),
        "play": (
            (
                "A Character, a Stage or a [Main] Event played from the hand (wl 6.5.3.1, 2.7.2-2.7.4); 'trash' is the "
                "Character trashed first when the Character area is full (wl 3.7.6.1)."
            ),
            {"card": known, "trash": address},
            ["card"],
        ),
        "act": (
            (
                "An [Activate: Main] effect activated (wl 6.5.4.1, 8.4.1, 10.2.2): 'source', the Leader, a Character or "
                "the Stage's card id; 'ability'; 'trash', the hand cards trashed for its cost (wl 10.2.14); "
                f"'{RETURN_COST}', where the ENERGIO!! cards of an ENERGIO!! -X cost come from (not read yet)."
            ),
            {
                "source": address,
                "ability": ability,
                "trash": {"type": "array", "items": known},
                RETURN_COST: {
                    "description": f"'{wl_state.LEADER}', a Character's address or 'cost' -> how many ENERGIO!! "
                    "cards return from there (wl 8.3.1.6).",
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 0},
                },
            },
            ["source"],
        ),
        "give": (
            (
                "Active ENERGIO!! cards of the cost area given to the Leader or a Character (wl 6.5.5.1), each +1000 "
                "power during its master's turn (wl 6.5.5.2); 'count' defaults to 1."
            ),
            {"to": address, "count": {"type": "integer", "minimum": 1}},
            ["to"],
        ),
        "attack": (
            (
                "An attack (wl 7.1.1.1-7.1.1.2): the active Leader or Character 'attacker' rests and attacks the "
                "opponent's Leader or a rested Character 'target'."
            ),
            {"attacker": address, "target": address},
            ["attacker", "target"],
        ),
        "block": (
            (
                "The attacked player's active [Blocker], other than the attacked card, rests and becomes the card "
                "attacked (wl 7.1.2.1, 10.1.4.1)."
            ),
            {"blocker": address},
            ["blocker"],
        ),
        "counter": (
            (
                "In the Counter Step (wl 7.1.3.2): a Character with (Symbol) Counter trashed from the hand "
                "(wl 7.1.3.2.1), or a [Counter] Event paid and trashed (wl 7.1.3.2.2), for the Leader or Character "
                f"'target' (default '{wl_state.LEADER}')."
            ),
            {"card": known, "target": address},
            ["card"],
        ),
        "damage": (
            (
                "One damage to the Leader (wl 7.1.4.1.1, 4.6.2): the top Life card taken ('?' while unrevealed), and "
                f"'{trigger_field}', the defender's choice to activate its [Trigger] instead of adding it to the hand "
                "(wl 10.1.5)."
            ),
            {"card": {"anyOf": [card, {"type": "null"}]}, trigger_field: {"type": "boolean"}},
            [],
        ),
        "ko": (
            "A Character K.O.'d by a battle or an effect, to its owner's trash (wl 7.1.4.1.2, 10.2.1).",
            {"card": {"anyOf": [address, {"type": "null"}]}},
            [],
        ),
        "resolve": (
            (
                "An auto effect's cost paid or not ('pay', and the hand cards it trashes, 'trash', wl 8.3.1.4), or "
                "the order of effects whose timing came at once (wl 8.1.3.2, 8.6): the 'source' card and its 'ability'."
            ),
            {
                "source": {"type": "string"},
                "card": card,
                "ability": ability,
                "pay": {"type": "boolean"},
                "trash": {"type": "array", "items": {"type": "string"}},
            },
            [],
        ),
        "end": ("Declares the end of the main phase (wl 6.5.2.1).", {}, []),
        "effect": (
            (
                "Card text the engine does not model, declared (wl 8): 'source', the card whose text it is, and its "
                "primitive operations."
            ),
            {"source": {"type": "string"}, **_effect_operations()},
            [],
        ),
        "pass": (
            (
                "Passes the current decision point; in a battle it ends the step it is in, the Block Step (wl 7.1.2) or "
                "the Counter Step (wl 7.1.3)."
            ),
            {},
            [],
        ),
        "concede": ("The player concedes and loses (wl 1.2.3).", {}, []),
    }


def _wl_entry_defs() -> dict[str, Schema]:
    return verb_definitions("wl", "ENERGIO!!", wl_log.CHOICE_VERBS, wl_log.FORCED_VERBS, _wl_verb_arguments())
