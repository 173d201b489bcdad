"""An example of each word of the Weiss Schwarz vocabulary of printed text that an effect says (ws 8.6): its
operations, their targets and qualifiers, restrictions and durations; the site's vocabulary table shows each as
the text the reader reads it from (``engine.games.ws.vocabulary``).
"""

from __future__ import annotations

from typing import Final

from engine.core.printed_text import Record

EFFECT_EXAMPLES: Final[tuple[tuple[str, str, Record], ...]] = (
    (
        "count",
        "+X power, X the number of characters",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [{"power": 1000, "target": "self", "per": {"characters": {"traits": ["Music"]}}}],
        },
    ),
    (
        "choice",
        "you may",
        {"type": "auto", "timing": "on_play", "optional": True, "effect": [{"heal": 1}]},
    ),
    ("operation", "draw", {"type": "auto", "timing": "on_play", "effect": [{"draw": 2}]}),
    ("operation", "stock", {"type": "auto", "timing": "on_play", "effect": [{"stock": 1}]}),
    (
        "operation",
        "the top cards of the deck into the waiting room, and more if a climax is among them",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [{"mill": 2, "among": "climax", "then": [{"power": 1500, "target": "choose"}]}],
        },
    ),
    (
        "operation",
        "an opponent's character of a level higher than its master's, chosen and sent away",
        {
            "type": "auto",
            "timing": "when_backup",
            "cost": {"stock": 0, "discard": 2},
            "effect": [{"send": "waiting", "target": "choose", "whose": "opponent", "above_player_level": True}],
        },
    ),
    (
        "choice",
        "if you do",
        {
            "type": "auto",
            "timing": "when_reversed",
            "optional": True,
            "effect": [{"heal": 1, "whose": "opponent"}, {"battle_opponent": "clock", "if_done": True}],
        },
    ),
    (
        "operation",
        "damage to the opponent",
        {"type": "auto", "timing": "when_opponent_reversed", "cost": {"stock": 2}, "effect": [{"damage": 1}]},
    ),
    ("operation", "heal", {"type": "auto", "timing": "on_play", "effect": [{"heal": 1}]}),
    (
        "operation",
        "the standby icon's effect",
        {"type": "auto", "timing": "on_play", "zone": "climax", "effect": [{"standby": True}]},
    ),
    ("operation", "salvage", {"timing": "main", "effect": [{"salvage": "character"}]}),
    (
        "operation",
        "the top cards of the deck into the waiting room",
        {"type": "auto", "timing": "on_play", "optional": True, "effect": [{"mill": 2}]},
    ),
    (
        "operation",
        "look at the top card, and put it back or into the waiting room",
        {"type": "auto", "timing": "on_play", "effect": [{"look_top": ["deck_top", "waiting"]}]},
    ),
    (
        "operation",
        "look at the top card, and put it on the top or the bottom",
        {"type": "auto", "timing": "on_play", "effect": [{"look_top": ["deck_top", "deck_bottom"]}]},
    ),
    (
        "operation",
        "look at up to N cards, take one, the rest into the waiting room",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [{"look": 3, "take": "character", "with_trait": "Music", "shown": True}],
        },
    ),
    (
        "operation",
        "search the deck, shuffled after",
        {"type": "auto", "timing": "on_play", "effect": [{"search": "character", "with_trait": ["Music", "Idol"]}]},
    ),
    (
        "operation",
        "up to 1 card of a colour from the waiting room to the stock",
        {
            "type": "auto",
            "timing": "on_play",
            "zone": "climax",
            "effect": [{"salvage": "any", "color": "red", "to": "stock", "up_to": True}, {"soul": 1, "target": "all"}],
        },
    ),
    (
        "operation",
        "a character of a level or lower from the waiting room",
        {"timing": "main", "effect": [{"salvage": "character", "level_at_most": 1}]},
    ),
    (
        "operation",
        "power and soul until end of turn, chosen by trait",
        {
            "type": "auto",
            "timing": "when_attacking",
            "effect": [{"power": 1000, "soul": 1, "target": "choose", "with_trait": "Music"}],
        },
    ),
    ("target", "all of your characters", {"type": "cont", "effect": [{"power": 1000, "soul": 1, "target": "all"}]}),
    (
        "target",
        "all of your other characters of a trait",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "with_trait": "Music"}]},
    ),
    (
        "target",
        "all of your other characters of one of two traits",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "with_trait": ["Music", "Idol"]}]},
    ),
    (
        "target",
        "all of your other characters of a name",
        {"type": "cont", "effect": [{"power": 1000, "target": "others", "with_name": "Night Reader"}]},
    ),
    (
        "count",
        "for each character",
        {
            "type": "cont",
            "effect": [{"power": 500, "target": "self", "per": {"characters": {"traits": ["Music"], "other": True}}}],
        },
    ),
    ("restriction", "cannot side attack", {"type": "cont", "effect": [{"cannot": "side_attack"}]}),
    (
        "operation",
        "the top card of the deck into the clock, and this card rested",
        {"type": "auto", "timing": "when_reversed_in_battle", "effect": [{"deck_to_clock": 1}, {"rest_self": True}]},
    ),
    (
        "operation",
        "cards drawn, two of the hand into the waiting room, up to 1 into the stock",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [{"draw": 2, "up_to": True}, {"hand_to_waiting": 2}, {"stock": 1, "up_to": True}],
        },
    ),
    (
        "target",
        "all characters of the opponent's center stage, until end of turn",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [{"power": -500, "target": "opponents", "area": "center_stage"}],
        },
    ),
    (
        "operation",
        "the top card revealed, and a character of the waiting room of its level or lower to the hand",
        {
            "type": "auto",
            "timing": "on_play",
            "cost": {"stock": 0, "discard": 1},
            "effect": [{"reveal_top": True}, {"salvage": "character", "level_of_revealed": True}],
        },
    ),
    (
        "operation",
        "X, the number of the opponent's characters",
        {
            "type": "auto",
            "timing": "when_attacking",
            "effect": [{"power": 1000, "target": "self", "per": {"characters": {"opponent": True}}}],
        },
    ),
    (
        "operation",
        "a level and power gained until end of turn",
        {"type": "auto", "timing": "when_attacking", "effect": [{"level": 1, "power": 1000, "target": "self"}]},
    ),
    (
        "operation",
        "cards looked at, one kept on the top of the deck",
        {"type": "auto", "timing": "when_attacking", "effect": [{"look": 2, "take": "any", "to": "deck_top"}]},
    ),
    (
        "operation",
        "up to 1 card from the top of the deck into the stock",
        {"type": "auto", "timing": "on_play", "effect": [{"stock": 1, "up_to": True}]},
    ),
    (
        "operation",
        "the soul a side attack keeps, while a condition holds",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 2, "other": True, "traits": ["Music"]}},
            "effect": [{"keeps_soul": True}],
        },
    ),
    (
        "operation",
        "a card of a name of the waiting room into the memory",
        {
            "type": "auto",
            "timing": "on_play",
            "optional": True,
            "effect": [{"salvage": "any", "with_name": "Plain Singer", "to": "memory"}],
        },
    ),
    (
        "operation",
        "power for each card of a name in the memory",
        {
            "type": "cont",
            "label": "memory",
            "effect": [{"power": 1000, "target": "self", "per": {"memory": {"named": "Plain Singer"}}}],
        },
    ),
    (
        "restriction",
        "the character facing it cannot move to another position of the stage",
        {"type": "cont", "effect": [{"cannot": "move", "target": "facing"}]},
    ),
    (
        "restriction",
        "its card cannot stand in the stand phase, while no other character of a trait is there",
        {
            "type": "cont",
            "condition": {"characters": {"at_most": 0, "other": True, "traits": ["Music"]}},
            "effect": [{"cannot": "stand"}],
        },
    ),
    (
        "restriction",
        "its card cannot be chosen by the opponent's effects",
        {"type": "cont", "effect": [{"cannot": "be_chosen"}]},
    ),
    (
        "operation",
        "power for each other character of a trait in the center stage",
        {
            "type": "cont",
            "effect": [
                {
                    "power": 1000,
                    "target": "self",
                    "per": {"characters": {"traits": ["Music"], "other": True, "center_stage": True}},
                }
            ],
        },
    ),
    (
        "target",
        "the other characters with a part of a card name",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "with_name_part": "Singer"}]},
    ),
    (
        "target",
        "the other character of a trait in the middle position",
        {"type": "cont", "effect": [{"power": 1000, "target": "others", "position": "middle", "with_trait": "Music"}]},
    ),
    (
        "restriction",
        "its master cannot play events nor Backup from the hand",
        {"type": "cont", "effect": [{"cannot": "events_and_backup"}]},
    ),
    (
        "operation",
        "another character rested and moved to an open position of the back stage",
        {
            "type": "auto",
            "timing": "when_opponent_reversed",
            "effect": [{"rest": True, "and_move": "open_back", "target": "choose", "other": True}],
        },
    ),
    (
        "operation",
        "the waiting room returned to the deck, which is shuffled",
        {"type": "auto", "timing": "on_play", "cost": {"stock": 1}, "effect": [{"waiting_to_deck": True}]},
    ),
    (
        "operation",
        "an Encore given to the opponent's characters",
        {"type": "cont", "effect": [{"encore": {"stock": 2}, "target": "opponents"}]},
    ),
    (
        "operation",
        "power and an Encore given to this card, while a condition holds",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 1, "other": True, "traits": ["Music"]}},
            "effect": [
                {"power": 1000, "encore": {"discard": 1, "discard_type": "character"}, "target": "self"},
            ],
        },
    ),
    (
        "restriction",
        "cannot frontal attack a higher level",
        {"type": "cont", "condition": {"facing": {"higher_level": True}}, "effect": [{"cannot": "front_attack"}]},
    ),
    (
        "restriction",
        "cannot become reversed, facing a cost or lower",
        {"type": "cont", "condition": {"facing": {"cost_at_most": 0}}, "effect": [{"cannot": "reverse"}]},
    ),
    (
        "count",
        "for each marker underneath this card",
        {"type": "cont", "effect": [{"power": 500, "target": "self", "per": {"markers": {}}}]},
    ),
    (
        "operation",
        "a card of the waiting room face up underneath this card as a marker",
        {
            "type": "auto",
            "timing": "on_play",
            "optional": True,
            "effect": [{"salvage": "any", "with_name": "Night Reader", "to": "marker"}],
        },
    ),
    (
        "operation",
        "a card of the hand into the stock",
        {"type": "auto", "timing": "on_play", "optional": True, "effect": [{"hand_to_stock": 1}]},
    ),
    (
        "target",
        "the other character in the middle position",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "position": "middle"}]},
    ),
    (
        "count",
        "for each character in the opponent's back stage",
        {
            "type": "cont",
            "effect": [
                {"power": 1000, "target": "self", "per": {"characters": {"opponent": True, "back_stage": True}}}
            ],
        },
    ),
    (
        "operation",
        "the battle opponent into the opponent's stock, and the bottom card of that stock into the waiting room",
        {
            "type": "auto",
            "timing": "when_reversed",
            "condition": {"battle_opponent": {"level_at_most": 0}},
            "optional": True,
            "effect": [
                {"battle_opponent": "stock"},
                {"stock_to_waiting": 1, "whose": "opponent", "if_done": True},
            ],
        },
    ),
    (
        "operation",
        "more trigger checks in the attack of the ability's card (7.3.1.2)",
        {"type": "auto", "timing": "when_attacking", "cost": {"stock": 1}, "effect": [{"trigger_checks": 2}]},
    ),
    (
        "operation",
        "played with no color requirement",
        {"type": "cont", "zone": "hand", "effect": [{"any_color": True, "target": "self"}]},
    ),
    (
        "operation",
        "cards looked at and put back on the top in any order",
        {"type": "auto", "timing": "on_play", "effect": [{"reorder_top": 2}]},
    ),
    ("operation", "a level on the stage", {"type": "cont", "effect": [{"level": -1, "target": "self"}]}),
    ("target", "the character facing this card", {"type": "cont", "effect": [{"soul": -1, "target": "facing"}]}),
    (
        "operation",
        "the top card of the deck revealed, and what is done if it is a card of a kind",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [
                {
                    "reveal": "character",
                    "with_trait": "Music",
                    "then": [{"put_revealed": "hand"}, {"hand_to_waiting": 1}],
                }
            ],
        },
    ),
    (
        "operation",
        "a revealed card of a level lets this card return to the hand",
        {
            "type": "auto",
            "timing": "at_beginning",
            "phase": "draw_phase",
            "whose": "opponent",
            "effect": [{"reveal": "any", "level_at_least": 1, "may": True, "then": [{"self_to": "hand"}]}],
        },
    ),
    (
        "operation",
        "this card to the bottom of the deck",
        {"type": "auto", "timing": "when_reversed_in_battle", "effect": [{"self_to": "deck_bottom"}]},
    ),
    (
        "operation",
        "the top card of the clock into the stock",
        {"type": "auto", "timing": "on_play", "optional": True, "effect": [{"clock_to_stock": 1}]},
    ),
    (
        "restriction",
        "cannot be played from the hand without a character of a name (a part of it)",
        {
            "type": "cont",
            "zone": "hand",
            "condition": {"characters": {"at_most": 0, "name_contains": "Singer"}},
            "effect": [{"cannot": "play"}],
        },
    ),
    (
        "target",
        "one of the opponent's characters, by level, sent to a zone of its master's",
        {"timing": "main", "effect": [{"send": "hand", "target": "choose", "whose": "opponent", "level_at_most": 1}]},
    ),
    (
        "target",
        "a character in the opponent's center stage, a power change",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [{"power": -1000, "target": "choose", "whose": "opponent", "area": "center_stage"}],
        },
    ),
    (
        "duration",
        "until the end of the opponent's next turn",
        {
            "type": "auto",
            "timing": "on_play",
            "effect": [
                {
                    "power": 1000,
                    "target": "choose",
                    "with_trait": ["Music", "Idol"],
                    "until": "end_of_opponents_next_turn",
                }
            ],
        },
    ),
    (
        "operation",
        "up to one of its master's other characters, rested",
        {
            "type": "auto",
            "timing": "when_attacking",
            "effect": [{"rest": True, "target": "choose", "other": True, "up_to": True}],
        },
    ),
    (
        "operation",
        "a character chosen, stood",
        {"type": "act", "cost": {"stock": 1}, "effect": [{"stand": True, "target": "choose", "level_at_least": 1}]},
    ),
)
