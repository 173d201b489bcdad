"""The ``vg`` part of the JSON Schema: Vanguard card records, ``setup`` and entries.

Every list of names is read from the module that enforces it when the schema is
built (``engine.games.vg`` for card types, icons, skills, keywords and circles,
``judge.games.vg.log`` for verbs and phases); ``judge.schema`` assembles it with
every other registered game's part.
"""

from __future__ import annotations

from engine.games.vg import cards as vg_cards
from engine.games.vg import state as vg_state
from engine.games.vg.game import PHASES
from judge.games.vg import log as vg_log
from judge.schema import Schema, names, ref


def schema_defs() -> dict[str, Schema]:
    """Every ``vg`` definition, ``vgLog`` (what ``game: vg`` adds to a log) and ``vgEntry`` among them."""
    circles = [*vg_state.CIRCLES, vg_state.GUARDIAN]
    return {
        "vgCard": {
            "title": "Vanguard card record",
            "description": "The characteristics of vg 2 in lower case (log-format, 'vg' logs).",
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "type": {"enum": names(vg_cards.CARD_TYPES)},
                "grade": {"type": "integer", "minimum": 0},
                "power": {"type": "integer"},
                "shield": {"type": "integer"},
                "critical": {"type": "integer"},
                "trigger": {"enum": [*names(vg_cards.TRIGGER_ICONS), "none", None]},
                "clan": {"type": ["string", "array"], "items": {"type": "string"}},
                "nation": {"type": "string"},
                "race": {"type": "string"},
                "skills": {"type": "array", "items": {"enum": names(vg_cards.SKILLS)}},
                "keywords": {"type": "array"},
                "abilities": {"type": "array"},
            },
        },
        "vgCircle": {"description": "A circle (vg 4.6.1).", "enum": circles},
        "vgSetup": {
            "title": "Vanguard starting position",
            "type": "object",
            "properties": {"phase": {"enum": list(PHASES)}, "turn": {"type": "integer", "minimum": 1}},
        },
        "vgEntry": {
            "title": "Vanguard entry",
            "type": "object",
            "properties": {
                "do": {"enum": sorted({*vg_log.CHOICE_VERBS, *vg_log.FORCED_VERBS})},
                "to": {"anyOf": [ref("vgCircle"), {"type": "string"}]},
                "from": ref("vgCircle"),
                "target": ref("vgCircle"),
                "boost": ref("vgCircle"),
                "guards": ref("vgCircle"),
            },
        },
        "vgLog": {
            "title": "What 'game: vg' adds",
            "properties": {
                "cards": {"additionalProperties": ref("vgCard")},
                "setup": ref("vgSetup"),
                "actions": {"items": ref("vgEntry")},
            },
        },
    }
