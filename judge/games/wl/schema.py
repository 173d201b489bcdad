"""The ``wl`` part of the JSON Schema: ENERGIO!! card records, ``setup`` and entries.

Every list of names is read from the module that enforces it (``engine.games.wl``
for categories, colors, keywords and phases, ``judge.games.wl.log`` for verbs);
``judge.schema`` assembles it with every other registered game's part.
"""

from __future__ import annotations

from engine.games.wl import cards as wl_cards
from engine.games.wl.game import PHASES
from judge.games.wl import log as wl_log
from judge.schema import Schema, names, ref


def schema_defs() -> dict[str, Schema]:
    """Every ``wl`` definition, ``wlLog`` (what ``game: wl`` adds to a log) and ``wlEntry`` among them."""
    return {
        "wlCard": {
            "title": "ENERGIO!! card record",
            "description": "The card information of wl 2 in lower case (log-format, 'wl' logs).",
            "type": "object",
            "required": ["category"],
            "properties": {
                "name": {"type": "string"},
                "category": {"enum": names(wl_cards.CATEGORIES)},
                "color": {"type": ["string", "array"], "items": {"enum": names(wl_cards.COLORS)}},
                "power": {"type": "integer"},
                "cost": {"type": "integer"},
                "life": {"type": "integer"},
                "counter": {"type": "integer"},
                "trigger": {"type": "boolean"},
                "keywords": {"type": "array", "items": {"enum": names(wl_cards.KEYWORDS)}},
                "abilities": {"type": "array"},
            },
        },
        "wlSetup": {
            "title": "ENERGIO!! starting position",
            "type": "object",
            "properties": {"phase": {"enum": list(PHASES)}, "turn": {"type": "integer", "minimum": 1}},
        },
        "wlEntry": {
            "title": "ENERGIO!! entry",
            "type": "object",
            "properties": {"do": {"enum": sorted({*wl_log.CHOICE_VERBS, *wl_log.FORCED_VERBS})}},
        },
        "wlLog": {
            "title": "What 'game: wl' adds",
            "properties": {
                "cards": {"additionalProperties": ref("wlCard")},
                "setup": ref("wlSetup"),
                "actions": {"items": ref("wlEntry")},
            },
        },
    }
