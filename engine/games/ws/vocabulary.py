"""What each word of the Weiss Schwarz vocabulary of printed text cites, and an example of each (ws 8, 10).

``clauses_of`` gives the clauses an ability read by ``engine.games.ws.text`` cites when the
engine plays it: its category's or its keyword's, its cost's, and each word of its
operations' (``engine.games.ws.words``).  ``VOCABULARY`` holds one example record of each
word, which the site's table shows as the text the reader reads it from, and which the
tests read back.
"""

from __future__ import annotations

from typing import Final

from engine.core.printed_text import Record
from engine.games.ws.vocabulary_effects import EFFECT_EXAMPLES
from engine.games.ws.words import VOCABULARY as WORDS

KEYWORD_CLAUSES: Final = {
    "backup": ("ws:10.5",),
    "assist": ("ws:10.3",),
    "bond": ("ws:10.4",),
    "great_performance": ("ws:10.6",),
    "encore": ("ws:10.2",),
    "shift": ("ws:10.11",),
}
LABEL_CLAUSES: Final = {"experience": "ws:10.10.1", "memory": "ws:10.9.1"}
"""The keywords that label an ability and have no meaning in terms of its effects (ws 10.9.1, 10.10.1)."""
KIND_CLAUSES: Final = {
    "auto": ("ws:8.1.1.2", "ws:8.1.1.2.1"),
    "act": ("ws:8.1.1.1",),
    "cont": ("ws:8.1.1.3",),
    "replace": ("ws:8.10",),
}


def clauses_of(record: Record) -> tuple[str, ...]:
    """The clauses an ability read as ``record`` cites when the engine plays it: its category's (or its keyword's),
    and those of each word it uses (``engine.games.ws.words``): its timing's, its condition's, its cost's and each
    operation's."""
    keyword = record.get("keyword")
    cost = record.get("cost")
    costs = cost if isinstance(cost, dict) else {"stock": cost} if isinstance(cost, int) and cost else {}
    cost_clauses = [clause for key in costs for clause in WORDS.clauses("cost", str(key))]
    if keyword is not None:
        return tuple(dict.fromkeys((*KEYWORD_CLAUSES.get(str(keyword), ("ws:10",)), *cost_clauses)))
    kind = record.get("type") or record.get("kind")
    found = list(KIND_CLAUSES.get(str(kind), ("ws:8.6.2.4.2",)))
    if record.get("zone") == "climax":
        found.append("ws:3.11.2")
    found.extend(WORDS.clauses("timing", str(record.get("timing"))))
    if record.get("cxcombo"):
        found.append("ws:8.12.1")
    if record.get("label") in LABEL_CLAUSES:
        found.append(LABEL_CLAUSES[str(record["label"])])
    for key in record.get("condition") or {}:
        found.extend(WORDS.clauses("condition", str(key)))
    if cost:
        found.extend(("ws:8.4.2.2", *cost_clauses))
        if kind == "auto":
            found.append("ws:8.7.3.1.1")
    effects = record.get("effect") or ()
    effects = [effects] if isinstance(effects, dict) else list(effects)
    for effect in effects:  # with the operations a reveal does with the card revealed
        effects.extend(effect.get("then") or ())
    for effect in effects:
        found.extend(effect_clauses(effect))
    return tuple(dict.fromkeys(found))


def effect_clauses(effect: Record) -> list[str]:
    """The clauses of each word of one operation (``engine.games.ws.words``): its operation's, its qualifiers' and
    those of the target and the duration it names."""
    found: list[str] = []
    for key, value in effect.items():
        found.extend(WORDS.clauses("operation" if key in WORDS.of("operation") else "qualifier", key))
        if key == "target":
            found.extend(WORDS.clauses("target", str(value)))
        elif key == "until":
            found.extend(WORDS.clauses("duration", str(value)))
    return found


# --------------------------------------------------------------------------- the vocabulary, for the site

ABILITY_EXAMPLES: Final[tuple[tuple[str, str, Record], ...]] = (
    ("keyword", "Backup (10.5)", {"keyword": "backup", "power": 3000, "level": 1, "cost": {"stock": 1}}),
    ("keyword", "Assist (10.3)", {"keyword": "assist", "power": 500}),
    ("keyword", "Assist, per level", {"keyword": "assist", "power": 500, "per_level": True}),
    ("keyword", "Assist, from a level", {"keyword": "assist", "power": 1000, "min_level": 1}),
    ("keyword", "Assist, up to a level", {"keyword": "assist", "power": 1000, "max_level": 0}),
    ("keyword", "Assist, during its master's turn", {"keyword": "assist", "turn": "own", "power": 1000}),
    ("keyword", "Bond (10.4)", {"keyword": "bond", "name": "Night Reader", "cost": {"stock": 1}}),
    ("keyword", "Bond, a hand cost", {"keyword": "bond", "name": "Night Reader", "cost": {"discard": 1}}),
    ("keyword", "Encore (10.2)", {"keyword": "encore", "cost": {"stock": 2}}),
    ("keyword", "Encore, a clock cost", {"keyword": "encore", "cost": {"clock": 1}}),
    ("keyword", "Shift (10.11)", {"keyword": "shift", "level": 1}),
    (
        "keyword",
        "Encore, a hand cost",
        {"keyword": "encore", "cost": {"discard": 1, "discard_type": "character", "discard_traits": ["Music"]}},
    ),
    ("keyword", "Great Performance (10.6)", {"keyword": "great_performance"}),
    (
        "timing",
        "played from the hand onto the stage",
        {"type": "auto", "timing": "on_play", "effect": [{"draw": 1}]},
    ),
    (
        "timing",
        "a climax placed in the climax area",
        {"type": "auto", "timing": "on_play", "zone": "climax", "effect": [{"draw": 1}]},
    ),
    ("timing", "when this card attacks", {"type": "auto", "timing": "when_attacking", "effect": [{"draw": 1}]}),
    (
        "timing",
        "when this card becomes reversed, its battle opponent of a level or lower",
        {
            "type": "auto",
            "timing": "when_reversed",
            "condition": {"battle_opponent": {"level_at_most": 1}},
            "optional": True,
            "effect": [{"battle_opponent": "reverse"}],
        },
    ),
    (
        "timing",
        "when this card becomes reversed in battle, its battle opponent of a higher level than its master's",
        {
            "type": "auto",
            "timing": "when_reversed_in_battle",
            "condition": {"battle_opponent": {"above_player_level": True}},
            "optional": True,
            "effect": [{"battle_opponent": "deck_bottom"}],
        },
    ),
    (
        "timing",
        "when this card's battle opponent becomes reversed",
        {
            "type": "auto",
            "timing": "when_opponent_reversed",
            "optional": True,
            "effect": [{"battle_opponent": "stock"}],
        },
    ),
    (
        "condition",
        "the battle opponent's cost",
        {
            "type": "auto",
            "timing": "when_reversed",
            "condition": {"battle_opponent": {"cost_at_most": 0}},
            "optional": True,
            "effect": [{"heal": 1, "whose": "opponent"}],
        },
    ),
    (
        "timing",
        "when this card's Backup is used",
        {
            "type": "auto",
            "timing": "when_backup",
            "condition": {"characters": {"at_least": 1, "traits": ["Music"]}},
            "effect": [{"power": 1000, "target": "choose", "in_battle": True}],
        },
    ),
    (
        "condition",
        "the character facing this card",
        {
            "type": "auto",
            "timing": "when_attacking",
            "condition": {"facing": {"level_at_least": 1}},
            "effect": [{"power": 1500, "target": "self"}],
        },
    ),
    (
        "condition",
        "an automatic ability's, as it resolves",
        {
            "type": "auto",
            "timing": "when_attacking",
            "condition": {"characters": {"at_least": 2, "other": True, "traits": ["Music"]}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "timing",
        "when another character of a trait attacks",
        {
            "type": "auto",
            "timing": "when_other_attacks",
            "attacker_traits": ["Music", "Sports"],
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "cost",
        "an automatic ability's stock cost, paid or not",
        {
            "type": "auto",
            "timing": "when_attacking",
            "cost": {"stock": 1},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "cost",
        "the ability's card returned to the hand",
        {
            "type": "auto",
            "timing": "when_climax_placed",
            "cost": {"stock": 0, "self_to": "hand"},
            "effect": [{"power": 2000, "target": "choose"}],
        },
    ),
    (
        "cost",
        "characters of a trait rested",
        {
            "type": "act",
            "cost": {"stock": 1, "rest_characters": 2, "rest_traits": ["Music"]},
            "effect": [{"power": 2000, "target": "self"}],
        },
    ),
    (
        "cost",
        "an activated ability's stock and rest cost",
        {"type": "act", "cost": {"stock": 1, "rest": True}, "effect": [{"power": 1500, "target": "choose"}]},
    ),
    (
        "timing",
        "when the damage this card dealt is canceled",
        {"type": "auto", "timing": "when_damage_canceled", "optional": True, "effect": [{"self_to": "stock"}]},
    ),
    (
        "timing",
        "when a trigger check reveals a climax with an icon",
        {
            "type": "auto",
            "timing": "when_trigger_reveals",
            "trigger_card": "climax",
            "trigger_icon": "gate",
            "cost": {"stock": 0, "discard": 1},
            "effect": [{"draw": 1}],
        },
    ),
    (
        "timing",
        "when this card's trigger check reveals a card with an icon",
        {
            "type": "auto",
            "timing": "when_trigger_reveals",
            "trigger_card": "any",
            "trigger_icon": "soul",
            "by_this_card": True,
            "effect": [{"power": 2000, "target": "self"}],
        },
    ),
    (
        "keyword",
        "Brainstorm (10.7), per climax flipped over",
        {
            "type": "act",
            "cost": {"stock": 1, "rest": True},
            "effect": [{"brainstorm": 4, "per_climax": {"salvage": "character", "up_to": True}}],
        },
    ),
    (
        "condition",
        "during whose turn",
        {"type": "cont", "condition": {"turn": "own"}, "effect": [{"power": 1000, "target": "self"}]},
    ),
    (
        "condition",
        "characters of a trait",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 2, "other": True, "traits": ["Music", "Sports"]}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "condition",
        "all of your characters of a trait",
        {
            "type": "cont",
            "condition": {"all_characters": {"traits": ["Music"]}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "condition",
        "cards in the stock or the hand",
        {"type": "cont", "condition": {"stock": {"at_most": 3}}, "effect": [{"power": 1000, "target": "self"}]},
    ),
    (
        "condition",
        "cards in the memory",
        {"type": "cont", "condition": {"memory": {"at_least": 1}}, "effect": [{"power": 1500, "target": "self"}]},
    ),
    (
        "condition",
        "a battle opponent of a level or higher",
        {
            "type": "auto",
            "timing": "when_opponent_reversed",
            "condition": {"battle_opponent": {"level_at_least": 1}},
            "optional": True,
            "effect": [{"stock": 1}],
        },
    ),
    (
        "timing",
        "when damage its master received is canceled during its card's battle",
        {"type": "auto", "timing": "when_received_damage_canceled", "optional": True, "effect": [{"self_to": "hand"}]},
    ),
    (
        "timing",
        "when its card is frontal attacked",
        {"type": "auto", "timing": "when_front_attacked", "effect": [{"look_top": ["deck_top", "waiting"]}]},
    ),
    (
        "condition",
        "the opponent has a character of a level or higher, its card's level lowered in the hand",
        {
            "type": "cont",
            "zone": "hand",
            "condition": {"characters": {"at_least": 1, "opponent": True, "level_at_least": 1}},
            "effect": [{"level": -1, "target": "self"}],
        },
    ),
    (
        "condition",
        "climaxes in the waiting room, at least",
        {
            "type": "cont",
            "condition": {"waiting_climaxes": {"at_least": 1}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "condition",
        "a climax in the climax area",
        {"type": "cont", "condition": {"climax_area": True}, "effect": [{"power": 1000, "target": "self"}]},
    ),
    (
        "timing",
        "when another character of a trait is frontal attacked, its card put into the waiting room as the cost",
        {
            "type": "auto",
            "timing": "when_other_front_attacked",
            "attacked_traits": ["Music"],
            "cost": {"stock": 0, "self_to": "waiting"},
            "effect": [{"power": 2000, "target": "choose", "in_battle": True}],
        },
    ),
    (
        "timing",
        "when a climax is placed in the opponent's climax area",
        {"type": "auto", "timing": "when_opponent_climax_placed", "optional": True, "effect": [{"self_to": "stock"}]},
    ),
    (
        "condition",
        "a level lowered in the hand, while the waiting room has few climaxes",
        {
            "type": "cont",
            "zone": "hand",
            "condition": {"waiting_climaxes": {"at_most": 2}},
            "effect": [{"level": -1, "target": "self"}],
        },
    ),
    (
        "condition",
        "a marker underneath this card",
        {"type": "cont", "condition": {"markers": {"at_least": 1}}, "effect": [{"power": 1000, "target": "self"}]},
    ),
    (
        "condition",
        "in the middle position",
        {"type": "cont", "condition": {"position": "middle"}, "effect": [{"power": 1000, "target": "self"}]},
    ),
    (
        "timing",
        "at the beginning of a phase or step: the opponent's attack phase, moving to an open position",
        {
            "type": "auto",
            "timing": "at_beginning",
            "phase": "attack_phase",
            "whose": "opponent",
            "optional": True,
            "effect": [{"move_self": "open_center"}],
        },
    ),
    (
        "timing",
        "at the beginning of the opponent's attack phase, paid, moving to an open position of the back stage",
        {
            "type": "auto",
            "timing": "at_beginning",
            "phase": "attack_phase",
            "whose": "opponent",
            "cost": {"stock": 1},
            "effect": [{"move_self": "open_back"}],
        },
    ),
    (
        "timing",
        "when the battle opponent of another of its master's characters becomes reversed",
        {
            "type": "auto",
            "timing": "when_other_opponent_reversed",
            "effect": [{"power": 500, "target": "choose", "with_trait": "Music"}],
        },
    ),
    (
        "timing",
        "at the beginning of the encore step, resting this card",
        {
            "type": "auto",
            "timing": "at_beginning",
            "phase": "encore_step",
            "cost": {"stock": 1},
            "condition": {"characters": {"at_most": 0, "other": True, "rested": True, "center_stage": True}},
            "effect": [{"rest_self": True}],
        },
    ),
    (
        "timing",
        "when a climax is placed, another character of a trait chosen",
        {
            "type": "auto",
            "timing": "when_climax_placed",
            "effect": [{"power": 1000, "target": "choose", "with_trait": "Music", "other": True}],
        },
    ),
    (
        "cont",
        "any number of cards of its name in the deck (deck construction, 5.1.2.4)",
        {"type": "cont", "effect": [{"any_copies": True}]},
    ),
    (
        "condition",
        "the turn its card was placed on the stage from the hand, written before the trigger",
        {
            "type": "auto",
            "timing": "at_beginning",
            "phase": "encore_step",
            "condition": {"placed_this_turn": True},
            "optional": True,
            "effect": [{"heal": 1}],
        },
    ),
    (
        "condition",
        "during the turn of its master, written before the trigger",
        {
            "type": "auto",
            "timing": "when_opponent_reversed",
            "cost": {"stock": 1},
            "condition": {"turn": "own"},
            "effect": [{"damage": 1}],
        },
    ),
    (
        "condition",
        "the total level of the cards in the level, with the Experience label",
        {
            "type": "cont",
            "label": "experience",
            "condition": {"level_total": {"at_least": 2}},
            "effect": [{"power": 2000, "target": "self"}],
        },
    ),
    (
        "condition",
        "another character of a card name",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 1, "other": True, "named": "Plain Singer"}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "condition",
        "a card of a name in the clock, for a level in the hand",
        {
            "type": "cont",
            "zone": "hand",
            "condition": {"clock_named": "Night Reader"},
            "effect": [{"level": -1, "target": "self"}],
        },
    ),
    (
        "condition",
        "a climax of a name in the climax area (the climax combo icon), and another fact",
        {
            "type": "auto",
            "cxcombo": True,
            "timing": "when_attacking",
            "condition": {
                "climax_named": "Encore Night",
                "characters": {"at_least": 1, "other": True, "traits": ["Music"]},
            },
            "effect": [{"power": 2000, "target": "self"}],
        },
    ),
    (
        "timing",
        "when a climax of a name is placed",
        {
            "type": "auto",
            "cxcombo": True,
            "timing": "when_climax_placed",
            "climax_name": "Encore Night",
            "effect": [{"draw": 1}],
        },
    ),
    (
        "cost",
        'a card of the hand and this card into the waiting room, joined by "&"',
        {
            "type": "act",
            "cost": {"stock": 0, "discard": 1, "self_to": "waiting"},
            "effect": [{"salvage": "character"}],
        },
    ),
    (
        "cost",
        "the top card of the deck into the clock",
        {
            "type": "auto",
            "timing": "when_attacking",
            "cost": {"stock": 1, "clock": 1},
            "effect": [{"power": 2000, "target": "self"}],
        },
    ),
    (
        "timing",
        "when this card is put into the waiting room from the stage",
        {"type": "auto", "timing": "when_put_into_waiting_room", "optional": True, "effect": [{"stock": 1}]},
    ),
    (
        "timing",
        "when its master plays an 【ACT】, up to once a turn",
        {
            "type": "auto",
            "once_per_turn": True,
            "timing": "when_act_used",
            "effect": [{"power": 1000, "target": "choose"}],
        },
    ),
    (
        "condition",
        "its card in the center (or back) stage, and cards in the stock",
        {
            "type": "cont",
            "condition": {"position": "center_stage", "stock": {"at_least": 2}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "cost",
        "several cards of the hand into the waiting room",
        {"type": "act", "cost": {"stock": 0, "discard": 2}, "effect": [{"draw": 2}]},
    ),
    (
        "event",
        "an event's text, in sentences",
        {"timing": "counter", "effect": [{"power": 3000, "target": "choose"}]},
    ),
)
"""Examples of the words of abilities: keyword abilities, timings, conditions, costs (ws 8.1, 8.4, 10)."""

VOCABULARY: Final[tuple[tuple[str, str, Record], ...]] = (*ABILITY_EXAMPLES, *EFFECT_EXAMPLES)
"""One example of each word of the vocabulary: its kind, what it is, and a record using it.  The site's table
shows each as the text the reader reads it from (``render``) and the clauses it cites (``clauses_of``)."""
