"""Weiss Schwarz printed text, read into the card records the engine plays (ws 8.1, 10).

The grammar, ``printed_text.lark`` beside this module, holds the English templates
read so far; :func:`read_ability` reads one printed ability into the structured
shape of ``engine.games.ws.abilities`` and ``engine.games.ws.cards`` (a keyword
ability, an automatic, activated or continuous ability, an event's text), and
:func:`render` writes a record back as the text it reads from, so that a text is
taken as read only when it says exactly what the record says
(``engine.core.printed_text``).

Text the grammar does not read keeps its category where its mark gives one
(``【AUTO】``, ``【ACT】``, ``【CONT】``; an event's text, ``main`` or ``counter``):
the engine reports it where it could act (``engine.games.ws.abilities.unplayed``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Final

from lark import Token, Tree

from engine.core.printed_text import Reading, Record, TextReader, text_lines

SAME_WORDINGS: Final[tuple[tuple[str | re.Pattern[str], str], ...]] = (
    ("［", "["),
    ('Bond/ "', 'Bond/"'),
    ("］", "]"),
    ("draw a card", "draw 1 card"),
    ("Draw a card", "Draw 1 card"),
    ("choose one of your", "choose 1 of your"),
    ("Choose one of your", "Choose 1 of your"),
    ("placed on stage from", "placed on the stage from"),
    ("climax area from hand", "climax area from your hand"),
    ("Put a card from your hand", "Put 1 card from your hand"),
    ("Put a character from your hand", "Put 1 character from your hand"),
    ("Put a climax from your hand", "Put 1 climax from your hand"),
    ("Put a 《", "Put 1 《"),
    ("Put an 《", "Put 1 《"),
    ("Bond／", "Bond/"),
    (
        re.compile(r"X is equal to (\d+) multiplied by that character's level"),
        r"X is equal to that character's level ×\1",
    ),
    ("When your climax is placed on your climax area", "When a climax is placed on your climax area"),
    ("up to one ", "up to 1 "),
    ("the top two cards", "the top 2 cards"),
    ("Flip over four cards", "Flip over 4 cards"),
    ("Flip over five cards", "Flip over 5 cards"),
    ("draw up to one card", "draw up to 1 card"),
    ("the top three cards", "the top 3 cards"),
    ("the top four cards", "the top 4 cards"),
    ("look at up to two cards", "look at up to 2 cards"),
    ("look at up to three cards", "look at up to 3 cards"),
    ("Look at up to four cards", "Look at up to 4 cards"),
    ("look at up to four cards", "look at up to 4 cards"),
    ("look at up to five cards", "look at up to 5 cards"),
    ("if you have an 《", "if you have a 《"),
    ("clock into his or her waiting room", "clock into their waiting room"),
    ("on the bottom of your opponent's deck", "at the bottom of your opponent's deck"),
    ("in your waiting room, return it to your hand", "in your waiting room, and return it to your hand"),
    ("in your waiting room, put it into your stock", "in your waiting room, and put it into your stock"),
    (", and all of your characters get", ", all of your characters get"),
    (", and put the top card of your deck into your stock", ", put the top card of your deck into your stock"),
)
"""Wordings printed cards use for the same thing, read as the second (judge/site/printed-text.rst)."""

MARK_KINDS: Final = {"【AUTO】": "auto", "【ACT】": "act", "【CONT】": "cont"}
"""The category an ability's leading mark gives it (ws 8.1.1), read or not."""


class _Build:
    """The parse tree of one ability to its record: each rule's method makes its value from its children's."""

    def walk(self, node: Any) -> Any:
        if isinstance(node, Tree):
            children = [self.walk(child) for child in node.children]
            return getattr(self, str(node.data))(children)
        return node

    def start(self, children: list[Any]) -> Record:
        return dict(children[0])

    # keyword abilities
    def backup(self, children: list[Any]) -> Record:
        power, level, cost = children[0], children[1], children[2:]
        return {"keyword": "backup", "power": int(power), "level": int(level), "cost": {"stock": _stock(cost)}}

    def assist(self, children: list[Any]) -> Record:
        *traits, power = children
        return {"keyword": "assist", "power": _bonus(power), **_assist_traits(traits)}

    def assist_per_level(self, children: list[Any]) -> Record:
        *traits, power = children
        return {"keyword": "assist", "power": int(power), "per_level": True, **_assist_traits(traits)}

    def assist_from_level(self, children: list[Any]) -> Record:
        level, power = children
        return {"keyword": "assist", "power": _bonus(power), "min_level": int(level)}

    def bond(self, children: list[Any]) -> Record:
        name, cost = children
        return {"keyword": "bond", "name": str(name)[1:-1], "cost": cost}

    def encore(self, children: list[Any]) -> Record:
        return {"keyword": "encore", "cost": children[0]}

    def clock_cost(self, _: list[Any]) -> Record:
        return {"clock": 1}

    def keyword_cost(self, children: list[Any]) -> Record:
        return dict(children[0])

    def hand_any(self, children: list[Any]) -> Record:
        kind = str(children[0])
        return {"discard": 1} if kind == "card" else {"discard": 1, "discard_type": kind}

    def hand_with_traits(self, children: list[Any]) -> Record:
        if str(children[1]) != "character":
            raise ValueError("a hand cost names one character")
        return {"discard": 1, "discard_type": "character", "discard_traits": children[0]}

    def great_performance(self, children: list[Any]) -> Record:
        return {"keyword": "great_performance"}

    # automatic abilities
    def auto(self, children: list[Any]) -> Record:
        per = None
        if isinstance(children[-1], dict) and "x_count" in children[-1]:  # what the X of "+X power" counts
            per = children[-1]["x_count"]
            children = children[:-1]
        (timing, zone), middle, effects = children[0], children[1:-1], children[-1]
        record: Record = {"type": "auto", "timing": timing, **zone}
        for part in middle:
            if isinstance(part, dict):
                record["condition"] = part
            else:
                record["optional"] = True
        if per is not None:
            amount, counted = per
            marked = [effect for effect in effects if effect.get("power") == "X"]
            if len(marked) != 1:
                raise ValueError("X is defined for no change, or for more than one")
            marked[0].update({"power": amount, "per": {"characters": counted}})
        elif any(effect.get("power") == "X" for effect in effects):
            raise ValueError("+X power with no X defined")
        record["effect"] = effects
        return record

    def x_count(self, children: list[Any]) -> Record:
        counted: Record = {}
        for child in children[:-1]:
            if isinstance(child, list):
                counted["traits"] = child
            elif child.type == "OTHER":
                counted["other"] = True
        return {"x_count": (int(children[-1]), counted)}

    def self_gets_x(self, _: list[Any]) -> Record:
        return {"power": "X", "target": "self"}

    def chosen_other_gets_x(self, children: list[Any]) -> Record:
        return {"power": "X", "target": "choose", "with_trait": str(children[0])[1:-1], "other": True}

    def facing_at_least(self, children: list[Any]) -> Record:
        return {"facing": {"level_at_least": int(children[0])}}

    def auto_condition(self, children: list[Any]) -> Record:
        return dict(children[1])

    def auto_with_cost(self, children: list[Any]) -> Record:
        cost, (timing, zone), *condition, effects = children
        record: Record = {"type": "auto", "timing": timing, **zone, "cost": cost, "effect": effects}
        if condition and condition[0]:
            record["condition"] = condition[0]
        return record

    def discard_cost(self, children: list[Any]) -> dict[str, Any]:
        stock, hand = children[:-1], children[-1]
        return {"stock": _stock(stock), **hand}

    def played(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "on_play", {}

    def placed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "on_play", {"zone": "climax"}

    def attacks(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_attacking", {}

    def other_attacks(self, children: list[Any]) -> tuple[str, dict[str, list[str]]]:
        return "when_other_attacks", {"attacker_traits": children[0]}

    def begins_own(self, children: list[Any]) -> tuple[str, dict[str, str]]:
        return "at_beginning", {"phase": str(children[0]).replace(" ", "_"), "whose": "own"}

    def begins_opponent(self, children: list[Any]) -> tuple[str, dict[str, str]]:
        return "at_beginning", {"phase": str(children[0]).replace(" ", "_"), "whose": "opponent"}

    def begins_any(self, children: list[Any]) -> tuple[str, dict[str, str]]:
        return "at_beginning", {"phase": str(children[0]).replace(" ", "_")}

    def no_other_rested_center(self, _: list[Any]) -> Record:
        return {"characters": {"at_most": 0, "other": True, "rested": True, "center_stage": True}}

    def facing_any(self, _: list[Any]) -> Record:
        return {"facing": {}}

    def mill(self, children: list[Any]) -> Record:
        count = int(children[0]) if len(children) == 2 and children[0] is not None else 1
        if (count == 1) != (str(children[-1]) == "card"):
            raise ValueError("the top card, or the top N cards")
        return {"mill": count}

    def look_top_or_waiting(self, _: list[Any]) -> Record:
        return {"look_top": ["deck_top", "waiting"]}

    def look_top_or_bottom(self, _: list[Any]) -> Record:
        return {"look_top": ["deck_top", "deck_bottom"]}

    def rest_self(self, _: list[Any]) -> Record:
        return {"rest_self": True}

    def move_open_center(self, _: list[Any]) -> Record:
        return {"move_self": "open_center"}

    def move_open_middle(self, _: list[Any]) -> Record:
        return {"move_self": "open_middle"}

    def climax_placed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_climax_placed", {}

    def facing_cost_at_most(self, children: list[Any]) -> Record:
        return {"facing": {"cost_at_most": int(children[0])}}

    def facing_higher_level(self, _: list[Any]) -> Record:
        return {"facing": {"higher_level": True}}

    def in_middle(self, _: list[Any]) -> Record:
        return {"position": "middle"}

    def cannot_reverse(self, _: list[Any]) -> Record:
        return {"cannot": "reverse"}

    def cannot_front_attack(self, _: list[Any]) -> Record:
        return {"cannot": "front_attack"}

    def chosen_other_with_gets(self, children: list[Any]) -> Record:
        trait, _, gains, _ = children
        return {**gains, "target": "choose", "with_trait": str(trait)[1:-1], "other": True}

    def reversed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_reversed", {}

    def reversed_in_battle(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_reversed_in_battle", {}

    def opponent_reversed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_opponent_reversed", {}

    def opponent_level_at_most(self, children: list[Any]) -> Record:
        return {"battle_opponent": {"level_at_most": int(children[0])}}

    def opponent_cost_at_most(self, children: list[Any]) -> Record:
        return {"battle_opponent": {"cost_at_most": int(children[0])}}

    def opponent_above_level(self, _: list[Any]) -> Record:
        return {"battle_opponent": {"above_player_level": True}}

    def reverse_opponent(self, _: list[Any]) -> Record:
        return {"battle_opponent": "reverse"}

    def send_opponent(self, children: list[Any]) -> Record:
        return {"battle_opponent": children[0]}

    def into_zone(self, children: list[Any]) -> str:
        return "waiting" if str(children[0]) == "waiting room" else str(children[0])

    def deck_bottom(self, _: list[Any]) -> str:
        return "deck_bottom"

    def deck_top(self, _: list[Any]) -> str:
        return "deck_top"

    def heal_opponent(self, _: list[Any]) -> Record:
        return {"heal": 1, "whose": "opponent"}

    def backup_used(self, children: list[Any]) -> tuple[str, dict[str, str]]:
        if str(children[0]) != '"Backup"':
            raise ValueError("a card's own ability used is its Backup")
        return "when_backup", {}

    # activated abilities
    def act(self, children: list[Any]) -> Record:
        cost, effects = children
        return {"type": "act", "cost": cost, "effect": effects}

    def brainstorm(self, children: list[Any]) -> Record:
        cost, count, cards, sub = children
        if int(count) < 2 or str(cards) != "cards":
            raise ValueError("Brainstorm flips over several cards")
        return {"type": "act", "cost": cost, "effect": [{"brainstorm": int(count), "per_climax": sub}]}

    def per_climax(self, children: list[Any]) -> Record:
        return dict(children[0])

    def draw_up_to(self, _: list[Any]) -> Record:
        return {"draw": 1, "up_to": True}

    def stock_only(self, children: list[Any]) -> dict[str, Any]:
        return {"stock": _stock(children)}

    def rest_this(self, children: list[Any]) -> dict[str, Any]:
        return {"stock": _stock([child for child in children if child.type == "COST"]), "rest": True}

    # continuous abilities
    def cont(self, children: list[Any]) -> Record:
        condition, effect = children[:-1], children[-1]
        record: Record = {"type": "cont"}
        if condition:
            record["condition"] = condition[0]
        record["effect"] = [effect]
        return record

    def turn_only(self, children: list[Any]) -> Record:
        return {"turn": children[0]}

    def turn_and_fact(self, children: list[Any]) -> Record:
        parts = [child for child in children if not (isinstance(child, Token) and child.type == "IF")]
        found: Record = {"turn": parts[0]} if len(parts) == 2 else {}
        found.update(parts[-1])
        return found

    def own_turn(self, _: list[Any]) -> str:
        return "own"

    def opponent_turn(self, _: list[Any]) -> str:
        return "opponent"

    def have_at_least(self, children: list[Any]) -> Record:
        count, rest = children[0], children[1:]
        wanted: Record = {"at_least": int(count)}
        for child in rest:
            if isinstance(child, list):
                wanted["traits"] = child
            elif child.type == "OTHER":
                wanted["other"] = True
        return {"characters": wanted}

    def have_one(self, children: list[Any]) -> Record:
        if str(children[1]) != "character":
            raise ValueError("a character, one")
        return {"characters": {"at_least": 1, "traits": children[0]}}

    def have_another(self, children: list[Any]) -> Record:
        return {"characters": {"at_least": 1, "other": True, "traits": children[0]}}

    def all_are(self, children: list[Any]) -> Record:
        return {"all_characters": {"traits": children[0]}}

    def stock_at_most(self, children: list[Any]) -> Record:
        return {"stock": {"at_most": int(children[0])}}

    def hand_at_least(self, children: list[Any]) -> Record:
        return {"hand": {"at_least": int(children[0])}}

    def per_other(self, children: list[Any]) -> Record:
        return {"characters": {"traits": children[0], "other": True}}

    def per_other_back(self, children: list[Any]) -> Record:
        return {"characters": {"traits": children[0], "other": True, "back_stage": True}}

    def traits(self, children: list[Any]) -> list[str]:
        return [str(child)[1:-1] for child in children]

    def cannot_side_attack(self, _: list[Any]) -> Record:
        return {"cannot": "side_attack"}

    def cont_all(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        return {**children[0], "target": "all"}

    def cont_others(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        return {**children[0], "target": "others"}

    def cont_all_with(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        traits, gains = children
        return {**gains, "target": "all", "with_trait": _one_or_list(traits)}

    def cont_others_with(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        traits, gains = children
        return {**gains, "target": "others", "with_trait": _one_or_list(traits)}

    def cont_others_named(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        name, gains = children
        return {**gains, "target": "others", "with_name": str(name)[1:-1]}

    def cont_self(self, children: list[Any]) -> Record:
        gains, per = children[1], children[2:]
        return {**gains, "target": "self", **({"per": per[0]} if per else {})}

    # an event's text
    def event(self, children: list[Any]) -> Record:
        counter = bool(children) and isinstance(children[0], Token)
        sentences = children[1:] if counter else children
        record: Record = {"timing": "counter" if counter else "main", "effect": [op for ops in sentences for op in ops]}
        if len(sentences) > 1:
            record["sentences"] = [len(ops) for ops in sentences]
        return record

    # effects
    def first_effects(self, children: list[Any]) -> list[Record]:
        return list(children)

    def effects(self, children: list[Any]) -> list[Record]:
        return list(children)

    def self_gets(self, children: list[Any]) -> Record:
        return {**children[0], "target": "self"}

    def chosen_gets(self, children: list[Any]) -> Record:
        return {**children[0], "target": "choose"}

    def chosen_with_gets(self, children: list[Any]) -> Record:
        trait, _, gains, _ = children
        return {**gains, "target": "choose", "with_trait": str(trait)[1:-1]}

    def chosen_in_battle_gets(self, children: list[Any]) -> Record:
        return {**children[0], "target": "choose", "in_battle": True}

    def all_get(self, children: list[Any]) -> Record:
        return {**children[0], "target": "all"}

    def draw(self, children: list[Any]) -> Record:
        return {"draw": int(children[0])}

    def stock(self, _: list[Any]) -> Record:
        return {"stock": 1}

    def heal(self, _: list[Any]) -> Record:
        return {"heal": 1}

    def standby(self, _: list[Any]) -> Record:
        return {"standby": True}

    def salvage(self, children: list[Any]) -> Record:
        return dict(children[1])

    def waiting_room_choice(self, children: list[Any]) -> Record:
        up_to = isinstance(children[0], Token) and children[0].type == "UP_TO"
        count, wanted, destination = children[1:] if up_to else children
        if int(count) != 1:
            raise ValueError("one card of the waiting room is chosen")
        return {"salvage": wanted.pop("_kind"), **wanted, **destination, **({"up_to": True} if up_to else {})}

    def search(self, children: list[Any]) -> Record:
        return dict(children[0])

    def look(self, children: list[Any]) -> Record:
        return dict(children[0])

    def look_and_take(self, children: list[Any]) -> Record:
        _, count, cards, chosen, wanted, *shown = children
        if int(chosen) != 1 or (int(count) == 1) != (str(cards) == "card"):
            raise ValueError("up to N cards looked at, one of them taken")
        record: Record = {"look": int(count), "take": wanted.pop("_kind"), **wanted}
        if shown and shown[0] is not None:
            record["shown"] = True
        return record

    def of_level_at_least(self, children: list[Any]) -> Record:
        level, cards = children
        return {"_kind": "any", "level_at_least": int(level), **_one_card(cards)}

    def deck_search(self, children: list[Any]) -> Record:
        _, _, count, wanted = children
        if int(count) != 1:
            raise ValueError("one card of the deck is searched for")
        return {"search": wanted.pop("_kind"), **wanted}

    def of_kind(self, children: list[Any]) -> Record:
        return {"_kind": str(children[0])}

    def of_any(self, children: list[Any]) -> Record:
        return {"_kind": "any", **_one_card(children[0])}

    def of_trait(self, children: list[Any]) -> Record:
        traits, kind = children
        if str(kind) != "character":
            raise ValueError("one character is chosen")
        return {"_kind": "character", "with_trait": _one_or_list(traits)}

    def of_color(self, children: list[Any]) -> Record:
        color, cards = children
        return {"_kind": "any", "color": str(color), **_one_card(cards)}

    def of_level(self, children: list[Any]) -> Record:
        level, kind = children
        return {"_kind": str(kind), "level_at_most": int(level)}

    def of_name(self, children: list[Any]) -> Record:
        return {"_kind": "any", "with_name": str(children[0])[1:-1]}

    def to_hand(self, _: list[Any]) -> Record:
        return {}

    def to_stock(self, _: list[Any]) -> Record:
        return {"to": "stock"}

    def power(self, children: list[Any]) -> Record:
        return {"power": _bonus(children[0])}

    def soul(self, children: list[Any]) -> Record:
        return {"soul": _bonus(children[0])}

    def power_and_soul(self, children: list[Any]) -> Record:
        power, _, soul, _ = children
        return {"power": _bonus(power), "soul": _bonus(soul)}


def _one_card(cards: Any) -> Record:
    if str(cards) != "card":
        raise ValueError("one card is chosen")
    return {}


def _one_or_list(traits: list[str]) -> str | list[str]:
    """A trait as a record writes it: the trait, or the list of the traits one of which is wanted."""
    return traits[0] if len(traits) == 1 else traits


def _assist_traits(traits: list[Any]) -> Record:
    return {"traits": traits[0]} if traits and traits[0] else {}


def _stock(cost: list[Any]) -> int:
    return int(str(cost[0])[1:-1]) if cost else 0


def _bonus(token: Any) -> int:
    return int(str(token))


def _build(tree: Tree[Token]) -> Record:
    record = _Build().walk(tree)
    assert isinstance(record, dict)
    return record


# --------------------------------------------------------------------------- rendering


def render(record: Record) -> str:
    """The printed text ``record`` reads from, as :func:`engine.core.printed_text.normalise` writes it."""
    keyword = record.get("keyword")
    if keyword is not None:
        return _render_keyword(record)
    kind = record.get("type")
    effects = list(record.get("effect") or ())
    if kind == "auto":
        if record["timing"] == "when_other_attacks":
            trigger = f"When your other {_traits(record['attacker_traits'])} character attacks"
        elif record["timing"] == "at_beginning":
            whose = {"own": "your", "opponent": "your opponent's"}.get(record.get("whose", ""), "the")
            trigger = f"At the beginning of {whose} {record['phase'].replace('_', ' ')}"
        else:
            trigger = {
                ("when_backup", None): 'When you use this card\'s "Backup"',
                ("when_reversed", None): "When this card becomes 【REVERSE】",
                ("when_reversed_in_battle", None): "When this card becomes 【REVERSE】 in battle",
                ("when_opponent_reversed", None): "When this card's battle opponent becomes 【REVERSE】",
                ("when_climax_placed", None): "When a climax is placed on your climax area",
                ("on_play", None): "When this card is placed on the stage from your hand",
                ("on_play", "climax"): "When this card is placed on your climax area from your hand",
                ("when_attacking", None): "When this card attacks",
            }[(record["timing"], record.get("zone"))]
        cost = record.get("cost")
        counted = [effect for effect in effects if "per" in effect]
        x_sentence = ""
        if counted:
            per = counted[0]["per"]["characters"]
            kind = " ".join(
                part for part in ("other" if per.get("other") else "", _traits(per.get("traits", ()))) if part
            )
            x_sentence = f" X is equal to the number of {kind} characters you have ×{counted[0]['power']}."
        if not cost:
            may = "you may " if record.get("optional") else ""
            condition = _condition(record["condition"]) if record.get("condition") else ""
            return f"【AUTO】 {trigger}, {condition[0].lower() + condition[1:] if condition else ''}{may}" + (
                f"{_effects(effects, False)}.{x_sentence}"
            )
        parts = [f"({cost['stock']})"] if cost.get("stock") or not cost.get("discard") else []
        if cost.get("discard"):
            parts.append(_hand_cost(cost))
        condition = _condition(record["condition"]) if record.get("condition") else ""
        condition = condition[0].lower() + condition[1:] if condition else ""
        return (
            f"【AUTO】 [{' '.join(parts)}] {trigger}, {condition}you may pay the cost. If you do, "
            f"{_effects(effects, False)}." + x_sentence
        )
    if kind == "act":
        cost = record.get("cost") or {}
        parts = [f"({cost['stock']})"] if cost.get("stock") or not cost.get("rest") else []
        if cost.get("rest"):
            parts.append("【REST】 this card")
        if effects and "brainstorm" in effects[0]:
            sub = effects[0]["per_climax"]
            then = "draw up to 1 card" if "draw" in sub and sub.get("up_to") else _effect(sub)
            return (
                f"【ACT】 Brainstorm [{' '.join(parts)}] Flip over {effects[0]['brainstorm']} cards from the top of your "
                f"deck, and put them into your waiting room. For each climax revealed among those cards, {then}."
            )
        return f"【ACT】 [{' '.join(parts)}] {_effects(effects, True)}."
    if kind == "cont":
        condition = _condition(record.get("condition") or {})
        effect = _continuous(effects[0])
        if condition:
            effect = effect[0].lower() + effect[1:]
        return f"【CONT】 {condition}{effect}."
    sentences = record.get("sentences") or [len(effects)]
    written, at = [], 0
    for count in sentences:
        written.append(_effects(effects[at : at + count], True) + ".")
        at += count
    mark = "【COUNTER】 " if record.get("timing") == "counter" else ""
    return mark + " ".join(written)


def _render_keyword(record: Record) -> str:
    keyword = record["keyword"]
    stock = (record.get("cost") or {}).get("stock", 0)
    if keyword == "backup":
        cost = f"({stock}) " if stock else ""
        return (
            f"【ACT】 【COUNTER】 Backup {record['power']}, Level {record['level']} "
            f"[{cost}Put this card from your hand into your waiting room]"
        )
    if keyword == "assist":
        who = f"All of your {_traits(record.get('traits', ())) + ' ' if record.get('traits') else ''}characters"
        if record.get("per_level"):
            return (
                f"【CONT】 Assist {who} in front of this card get +X power. "
                f"X is equal to that character's level ×{record['power']}."
            )
        if "min_level" in record:
            return (
                f"【CONT】 Assist All of your level {record['min_level']} or higher characters in front of this card "
                f"get +{record['power']} power."
            )
        return f"【CONT】 Assist {who} in front of this card get +{record['power']} power."
    if keyword == "bond":
        return f'【AUTO】 Bond/"{record["name"]}" [{_keyword_cost(record)}]'
    if keyword == "encore":
        return f"【AUTO】 Encore [{_keyword_cost(record)}]"
    if keyword == "great_performance":
        return "【CONT】 Great Performance"
    raise ValueError(f"no printed text for the keyword {keyword!r}")


def _keyword_cost(record: Record) -> str:
    cost = record.get("cost") or {}
    if isinstance(cost, dict) and cost.get("clock"):
        return "Put the top card of your deck into your clock"
    if not isinstance(cost, dict) or not cost.get("discard"):
        return f"({cost.get('stock', 0) if isinstance(cost, dict) else cost})"
    return _hand_cost(cost)


def _hand_cost(cost: Record) -> str:
    traits = _traits(cost.get("discard_traits", ()))
    kind = cost.get("discard_type", "card")
    return f"Put 1 {traits + ' ' if traits else ''}{kind} from your hand into your waiting room"


def _effects(effects: list[Record], capital: bool) -> str:
    written = [_effect(effect) for effect in effects]
    if capital and written:
        written[0] = written[0][0].upper() + written[0][1:]
    return ", ".join(written)


def _effect(effect: Record) -> str:
    if "draw" in effect:
        count = effect["draw"]
        return f"draw {count} {'card' if count == 1 else 'cards'}"
    if "stock" in effect:
        return "put the top card of your deck into your stock"
    if "heal" in effect:
        if effect.get("whose") == "opponent":
            return "put the top card of your opponent's clock into their waiting room"
        return "put the top card of your clock into your waiting room"
    if "rest_self" in effect:
        return "【REST】 this card"
    if "mill" in effect:
        count = effect["mill"]
        top = "top card" if count == 1 else f"top {count} cards"
        return f"put the {top} of your deck into your waiting room"
    if "look_top" in effect:
        if "waiting" in effect["look_top"]:
            return "look at the top card of your deck, and put it on the top of your deck or into your waiting room"
        return "look at the top card of your deck, and put it on the top or at the bottom of your deck"
    if "move_self" in effect:
        if effect["move_self"] == "open_middle":
            return "move this card to the open middle position of your center stage"
        return "move this card to an open position of your center stage"
    if "battle_opponent" in effect:
        fate = effect["battle_opponent"]
        if fate == "reverse":
            return "【REVERSE】 that character"
        return "put that character " + {
            "deck_bottom": "at the bottom of your opponent's deck",
            "deck_top": "on the top of your opponent's deck",
            "waiting": "into your opponent's waiting room",
        }.get(fate, f"into your opponent's {fate}")
    if "standby" in effect:
        return "perform the 【STANDBY】 effect"
    if "salvage" in effect:
        return _waiting_room_choice(effect)
    if "search" in effect:
        return _deck_search(effect)
    if "look" in effect:
        count = effect["look"]
        shown = "reveal it to your opponent, " if effect.get("shown") else ""
        return (
            f"look at up to {count} {'card' if count == 1 else 'cards'} from the top of your deck, choose up to 1 "
            f"{_card_kind(effect, 'take')} from among them, {shown}put it into your hand, and put the rest into your "
            "waiting room"
        )
    if "per" in effect and effect.get("target") == "choose":
        return f"choose 1 of your other 《{effect['with_trait']}》 characters, and that character gets +X power until end of turn"
    if "per" in effect:
        return "this card gets +X power until end of turn"
    gains = _gains(effect)
    target = effect.get("target", "self")
    if target == "choose":
        trait = effect.get("with_trait")
        who = f"1 of your 《{trait}》 characters" if trait else "1 of your characters"
        if effect.get("in_battle"):
            who += " in battle"
        if effect.get("other"):
            who = f"1 of your other 《{trait}》 characters"
        return f"choose {who}, and that character gets {gains} until end of turn"
    if target == "all":
        return f"all of your characters get {gains} until end of turn"
    return f"this card gets {gains} until end of turn"


def _waiting_room_choice(effect: Record) -> str:
    destination = "put it into your stock" if effect.get("to") == "stock" else "return it to your hand"
    up_to = "up to " if effect.get("up_to") else ""
    return f"choose {up_to}1 {_card_kind(effect, 'salvage')} in your waiting room, and {destination}"


def _deck_search(effect: Record) -> str:
    return (
        f"search your deck for up to 1 {_card_kind(effect, 'search')}, reveal it to your opponent, put it into your "
        "hand, and shuffle your deck"
    )


def _card_kind(effect: Record, operation: str) -> str:
    """The card an operation chooses, as its text says it: ``《Music》 character``, ``red card``, ``"Name"``."""
    kind = "card" if effect[operation] == "any" else effect[operation]
    if "with_name" in effect:
        return f'"{effect["with_name"]}"'
    if "with_trait" in effect:
        traits = effect["with_trait"]
        return f"{_traits([traits] if isinstance(traits, str) else traits)} {kind}"
    if "color" in effect:
        return f"{effect['color']} {kind}"
    if "level_at_most" in effect:
        return f"level {effect['level_at_most']} or lower {kind}"
    if "level_at_least" in effect:
        return f"level {effect['level_at_least']} or higher {kind}"
    return kind


def _condition(condition: Record) -> str:
    """A continuous ability's condition as its text opens with it, with the comma after it; "" for none."""
    turn = {"own": "During your turn", "opponent": "During your opponent's turn"}.get(condition.get("turn", ""))
    fact = None
    if "characters" in condition:
        wanted = condition["characters"]
        traits = _traits(wanted.get("traits", ()))
        if wanted.get("rested"):
            fact = "you do not have another 【REST】 character in your center stage"
        elif wanted.get("at_least") == 1 and wanted.get("other") and traits:
            fact = f"you have another {traits} character"
        elif wanted.get("at_least") == 1 and traits:
            fact = f"you have a {traits} character"
        else:
            kind = " ".join(part for part in ("other" if wanted.get("other") else "", traits) if part)
            count = wanted.get("at_least", 1)
            fact = f"you have {count} or more {kind + ' ' if kind else ''}{'character' if count == 1 else 'characters'}"
    elif "all_characters" in condition:
        fact = f"all of your characters are {_traits(condition['all_characters']['traits'])}"
    elif "stock" in condition:
        fact = f"your stock has {condition['stock']['at_most']} or less cards"
    elif "hand" in condition:
        fact = f"your hand has {condition['hand']['at_least']} or more cards"
    elif "facing" in condition:
        facing = condition["facing"]
        if not facing:
            fact = "there is a character facing this card"
        elif "cost_at_most" in facing:
            fact = f"the character facing this card is cost {facing['cost_at_most']} or lower"
        elif facing.get("higher_level"):
            fact = "the character facing this card is a higher level than this card"
        else:
            fact = f"the character facing this card is level {facing['level_at_least']} or higher"
    elif condition.get("position") == "middle":
        fact = "this card is in the middle position of your center stage"
    elif "battle_opponent" in condition:
        wanted = condition["battle_opponent"]
        if wanted.get("above_player_level"):
            fact = "the level of this card's battle opponent is higher than your opponent's level"
        elif "cost_at_most" in wanted:
            fact = f"this card's battle opponent is cost {wanted['cost_at_most']} or lower"
        else:
            fact = f"this card's battle opponent is level {wanted['level_at_most']} or lower"
    if fact is None:
        return f"{turn}, " if turn else ""
    return f"{turn}, if {fact}, " if turn else f"If {fact}, "


def _traits(traits: list[str] | tuple[str, ...]) -> str:
    return " or ".join(f"《{trait}》" for trait in traits)


def _continuous(effect: Record) -> str:
    gains = _gains(effect) if any(name in effect for name in ("power", "soul")) else ""
    target = effect.get("target", "self")
    if "cannot" in effect:
        return {
            "side_attack": "This card cannot side attack",
            "front_attack": "This card cannot frontal attack",
            "reverse": "This card cannot become 【REVERSE】",
        }[effect["cannot"]]
    if target == "self":
        per = (effect.get("per") or {}).get("characters")
        if per is None:
            return f"This card gets {gains}"
        if per.get("back_stage"):
            return f"This card gets {gains} for each other {_traits(per['traits'])} character in your back stage"
        return f"This card gets {gains} for each of your other {_traits(per['traits'])} characters"
    traits = effect.get("with_trait")
    named = effect.get("with_name")
    written = _traits([traits] if isinstance(traits, str) else traits) if traits else ""
    who = " ".join(part for part in ("All of your", "other" if target == "others" else "", written) if part)
    if named:
        return f'{who} "{named}" get {gains}'
    return f"{who} characters get {gains}"


def _gains(effect: Record) -> str:
    parts = [f"+{effect[name]} {name}" for name in ("power", "soul") if name in effect]
    return " and ".join(parts)


# --------------------------------------------------------------------------- reading

READER: Final = TextReader(Path(__file__).with_name("printed_text.lark"), _build, render, SAME_WORDINGS)


def read_ability(text: str) -> Reading:
    """The reading of one printed Weiss Schwarz ability."""
    return READER.read(text)


def ability_record(text: str, card_type: str) -> Record:
    """The record a card's printed ability is played as: what it reads as, or, where it is not read, its text
    with the category its mark gives (an event's own text: ``main`` or ``counter``), for the engine to report
    where it could act."""
    reading = read_ability(text)
    if reading.record is not None:
        return reading.record
    mark = reading.normalised.split(" ", 1)[0]
    unread: Record = {"text": text, "unread": reading.problem or "not read"}
    if mark in MARK_KINDS:
        unread["type"] = MARK_KINDS[mark]
    elif card_type == "event":
        unread["timing"] = "counter" if mark == "【COUNTER】" else "main"
    else:
        unread["type"] = "cont"  # no mark: a rule of the card itself, at work wherever the card is
    return unread


def is_printed_text(ability: object) -> bool:
    """Whether an ability as a card record writes it is printed text: a string, or a mapping of its ``text`` alone
    (no ``keyword``, ``type``, ``timing`` nor ``kind``)."""
    if isinstance(ability, str):
        return True
    return isinstance(ability, dict) and isinstance(ability.get("text"), str) and set(ability) == {"text"}


def card_text_abilities(text: str, card_type: str) -> list[Record]:
    """The records of a card's ``text`` box, one ability a line."""
    return [ability_record(line, card_type) for line in text_lines(text)]
