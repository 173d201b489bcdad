"""Weiss Schwarz printed text, read into the card records the engine plays (ws 8.1, 10).

The grammar, ``printed_text.lark`` beside this module, holds the English templates
read so far; :func:`read_ability` reads one printed ability into the structured
shape of ``engine.games.ws.abilities`` and ``engine.games.ws.cards`` (a keyword
ability, an automatic, activated or continuous ability, an event's text), and
:func:`render` writes a record back as the text it reads from, so that a text is
taken as read only when it says exactly what the record says
(``engine.core.printed_text``).  This module builds the abilities (their
categories, timings, costs and conditions); ``engine.games.ws.text_effects``, the
effects they do; ``engine.games.ws.wordings``, the spellings read as the templates they spell.

Text the grammar does not read keeps its category where its mark gives one
(``【AUTO】``, ``【ACT】``, ``【CONT】``; an event's text, ``main`` or ``counter``):
the engine reports it where it could act (``engine.games.ws.abilities.unplayed``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from lark import Token, Tree

from engine.core.printed_text import Reading, Record, TextReader, text_lines
from engine.games.ws.abilities import grantable
from engine.games.ws.rendering import icon_words, render
from engine.games.ws.text_effects import FOLLOWING, bonus, one_or_list, own_zone, stage_part
from engine.games.ws.text_keywords import KeywordBuild, stock_of
from engine.games.ws.wordings import SAME_WORDINGS
from engine.games.ws.words import TRIGGER_ICONS

MARK_KINDS: Final = {"【AUTO】": "auto", "【ACT】": "act", "【CONT】": "cont"}
"""The category an ability's leading mark gives it (ws 8.1.1), read or not."""


class _Build(KeywordBuild):
    """The parse tree of one ability to its record: each rule's method makes its value from its children's."""

    def walk(self, node: Any) -> Any:
        if isinstance(node, Tree):
            children = [self.walk(child) for child in node.children]
            return getattr(self, str(node.data))(children)
        return node

    def start(self, children: list[Any]) -> Record:
        return dict(children[0])

    # automatic abilities
    def auto(self, children: list[Any]) -> Record:
        granted, children = _granted_part(children)
        return _given(self._auto(children), granted)

    def _auto(self, children: list[Any]) -> Record:
        combo, children = _combo_marked(children)
        turn, children = _turn_marked(children)
        per = None
        if isinstance(children[-1], dict) and "x_count" in children[-1]:  # what the X of "+X power" counts
            per = children[-1]["x_count"]
            children = children[:-1]
        if_done: list[Record] = []
        if isinstance(children[-1], dict) and "_if_done" in children[-1]:
            if_done = [{**effect, "if_done": True} for effect in children[-1]["_if_done"]]
            children = children[:-1]
        (timing, zone), middle, effects = children[0], children[1:-1], [*children[-1], *if_done]
        record: Record = {"type": "auto", **combo, "timing": timing, **zone}
        if turn:
            record["condition"] = turn
        for part in middle:
            if isinstance(part, dict):
                record["condition"] = {**turn, **part}
            else:
                record["optional"] = True
        _define_x(effects, per)
        record["effect"] = effects
        return record

    def if_you_do(self, children: list[Any]) -> Record:
        return {"_if_done": children[0]}

    def x_count(self, children: list[Any]) -> Record:
        counted: Record = {}
        for child in children[:-1]:
            if isinstance(child, list):
                counted["traits"] = child
            elif child.type == "OTHER":
                counted["other"] = True
        return {"x_count": (int(children[-1]), {"characters": counted})}

    def x_revealed_level(self, _: list[Any]) -> Record:
        return {"x_count": (0, "revealed_level")}

    def x_opponent_characters(self, children: list[Any]) -> Record:
        return {"x_count": (int(children[-1]), {"characters": {"opponent": True}})}

    def x_among(self, children: list[Any]) -> Record:
        return {"x_count": (int(children[-1]), {"milled": {"traits": children[0]}})}

    def facing_at_least(self, children: list[Any]) -> Record:
        return {"facing": {"level_at_least": int(children[0])}}

    def facing_level(self, children: list[Any]) -> Record:
        return {"facing": {"level": int(children[0])}}

    def auto_condition(self, children: list[Any]) -> Record:
        return dict(children[1])

    def facts(self, children: list[Any]) -> Record:
        merged: Record = {}
        for fact in children[::2]:  # between them, ", and"
            if set(fact) & set(merged):
                raise ValueError("a condition asks one thing of a kind once")
            merged.update(fact)
        return merged

    def auto_with_cost(self, children: list[Any]) -> Record:
        granted, children = _granted_part(children)
        combo, children = _combo_marked(children)
        turn, children = _turn_marked(children)
        per = None
        if isinstance(children[-1], dict) and "x_count" in children[-1]:
            per, children = children[-1]["x_count"], children[:-1]
        cost, (timing, zone), condition, effects = children[0], children[1], children[2:-1], children[-1]
        _define_x(effects, per)
        record: Record = {"type": "auto", **combo, "timing": timing, **zone, "cost": cost, "effect": effects}
        if turn or (condition and condition[0]):
            record["condition"] = {**turn, **(condition[0] if condition and condition[0] else {})}
        return _given(record, granted)

    def granted(self, children: list[Any]) -> Record:
        return {"_granted": _grantable(str(children[0])[1:-1])}

    def cont_granting(self, children: list[Any]) -> Record:
        granted, children = _granted_part(children)
        combo, children = _combo_marked(children)
        condition, effect = children[:-1], dict(children[-1])
        record: Record = {"type": "cont", **combo}
        if condition:
            record["condition"] = condition[0]
        record["effect"] = [effect]
        return _given(record, granted)

    def grant_all(self, _: list[Any]) -> Record:
        return {"grant": FOLLOWING, "target": "all"}

    def grant_others(self, _: list[Any]) -> Record:
        return {"grant": FOLLOWING, "target": "others"}

    def grant_all_with(self, children: list[Any]) -> Record:
        return {"grant": FOLLOWING, "target": "all", "with_trait": one_or_list(children[1])}

    def grant_others_with(self, children: list[Any]) -> Record:
        return {"grant": FOLLOWING, "target": "others", "with_trait": one_or_list(children[1])}

    def grant_self(self, _: list[Any]) -> Record:
        return {"grant": FOLLOWING, "target": "self"}

    def cost_parts(self, children: list[Any]) -> dict[str, Any]:
        stock = [child for child in children if isinstance(child, Token) and child.type == "COST"]
        cost: dict[str, Any] = {"stock": stock_of(stock)}
        for part in children:
            if isinstance(part, dict):
                if set(part) & set(cost):
                    raise ValueError("a cost names each of its parts once")
                cost.update(part)
        return cost

    def cost_part(self, children: list[Any]) -> Record:
        return dict(children[0])

    def self_cost(self, children: list[Any]) -> Record:
        return {"self_to": own_zone(children[0])}

    def self_to_hand_cost(self, _: list[Any]) -> Record:
        return {"self_to": "hand"}

    def rest_cost(self, _: list[Any]) -> Record:
        return {"rest": True}

    def rest_characters_cost(self, children: list[Any]) -> Record:
        cost: Record = {"rest_characters": int(children[1])}  # "1 of your characters", printed in the plural
        traits = [child for child in children if isinstance(child, list)]
        if traits:
            cost["rest_traits"] = traits[0]
        if any(isinstance(child, Token) and child.type == "OTHER" for child in children):
            cost["rest_other"] = True
        return cost

    def played(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "on_play", {}

    def placed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "on_play", {"zone": "climax"}

    def attacks(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_attacking", {}

    def act_used(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_act_used", {}

    def to_waiting_from_stage(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_put_into_waiting_room", {}

    def other_attacks(self, children: list[Any]) -> tuple[str, dict[str, list[str]]]:
        return "when_other_attacks", {"attacker_traits": children[0]}

    def front_attacked(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_front_attacked", {}

    def other_front_attacked(self, children: list[Any]) -> tuple[str, dict[str, list[str]]]:
        return "when_other_front_attacked", {"attacked_traits": children[0]}

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

    def climax_placed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_climax_placed", {}

    def named_climax_placed(self, children: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_climax_placed", {"climax_name": str(children[0])[1:-1]}

    def climax_named(self, children: list[Any]) -> Record:
        return {"climax_named": str(children[0])[1:-1]}

    def level_total_at_least(self, children: list[Any]) -> Record:
        return {"level_total": {"at_least": int(children[0])}}

    def clock_named(self, children: list[Any]) -> Record:
        return {"clock_named": str(children[0])[1:-1]}

    def facing_cost_at_most(self, children: list[Any]) -> Record:
        return {"facing": {"cost_at_most": int(children[0])}}

    def facing_higher_level(self, _: list[Any]) -> Record:
        return {"facing": {"higher_level": True}}

    def in_middle(self, _: list[Any]) -> Record:
        return {"position": "middle"}

    def in_stage_part(self, children: list[Any]) -> Record:
        return {"position": stage_part(children[0])}

    def any_color(self, _: list[Any]) -> Record:
        return {"any_color": True, "target": "self", "_zone": "hand"}

    def level_on_stage(self, children: list[Any]) -> Record:
        return {"level": int(str(children[1])), "target": "self"}

    def level_in_hand(self, children: list[Any]) -> Record:
        return {"level": int(str(children[1])), "target": "self", "_zone": "hand"}

    def waiting_climaxes_at_most(self, children: list[Any]) -> Record:
        return {"waiting_climaxes": {"at_most": int(children[0])}}

    def waiting_climaxes_at_least(self, children: list[Any]) -> Record:
        return {"waiting_climaxes": {"at_least": int(children[0])}}

    def cannot_reverse(self, _: list[Any]) -> Record:
        return {"cannot": "reverse"}

    def cannot_front_attack(self, _: list[Any]) -> Record:
        return {"cannot": "front_attack"}

    def reversed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_reversed", {}

    def reversed_in_battle(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_reversed_in_battle", {}

    def opponent_reversed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_opponent_reversed", {}

    def received_damage_canceled(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_received_damage_canceled", {}

    def opponent_climax_placed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_opponent_climax_placed", {}

    def other_opponent_reversed(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_other_opponent_reversed", {}

    def during_own_turn(self, _: list[Any]) -> Record:
        return {"_turn": {"turn": "own"}}

    def during_opponent_turn(self, _: list[Any]) -> Record:
        return {"_turn": {"turn": "opponent"}}

    def during_placed_turn(self, _: list[Any]) -> Record:
        return {"_turn": {"placed_this_turn": True}}

    def damage_canceled(self, _: list[Any]) -> tuple[str, dict[str, str]]:
        return "when_damage_canceled", {}

    def trigger_reveals(self, children: list[Any]) -> tuple[str, dict[str, Any]]:
        return "when_trigger_reveals", dict(children[0])

    def own_trigger_reveals(self, children: list[Any]) -> tuple[str, dict[str, Any]]:
        return "when_trigger_reveals", {**children[0], "by_this_card": True}

    def revealed_climax(self, _: list[Any]) -> Record:
        return {"trigger_card": "climax"}

    def revealed_climax_icon(self, children: list[Any]) -> Record:
        return {"trigger_card": "climax", "trigger_icon": _icon(children[0])}

    def revealed_card_icon(self, children: list[Any]) -> Record:
        return {"trigger_card": "any", "trigger_icon": _icon(children[0])}

    def opponent_level_at_most(self, children: list[Any]) -> Record:
        return {"battle_opponent": {"level_at_most": int(children[0])}}

    def opponent_level_at_least(self, children: list[Any]) -> Record:
        return {"battle_opponent": {"level_at_least": int(children[0])}}

    def opponent_cost_at_most(self, children: list[Any]) -> Record:
        return {"battle_opponent": {"cost_at_most": int(children[0])}}

    def opponent_above_level(self, _: list[Any]) -> Record:
        return {"battle_opponent": {"above_player_level": True}}

    def backup_used(self, children: list[Any]) -> tuple[str, dict[str, str]]:
        if str(children[0]) != '"Backup"':
            raise ValueError("a card's own ability used is its Backup")
        return "when_backup", {}

    # activated abilities
    def act(self, children: list[Any]) -> Record:
        granted, children = _granted_part(children)
        combo, children = _combo_marked(children)
        cost, effects = children
        return _given({"type": "act", **combo, "cost": cost, "effect": effects}, granted)

    def brainstorm_action(self, children: list[Any]) -> Record:
        cost, count, cards, action = children
        reading = READER.read(str(action)[1:-1])
        record = reading.record
        if record is None or record.get("timing") != "main" or len(record.get("sentences") or [1]) != 1:
            raise ValueError(f"the action performed per climax is not read: {reading.problem or 'not one sentence'}")
        return self.brainstorm([cost, count, cards, [dict(part) for part in record["effect"]]])

    def stock_only(self, children: list[Any]) -> dict[str, Any]:
        return {"stock": stock_of(children)}

    # continuous abilities
    def cont(self, children: list[Any]) -> Record:
        combo, children = _combo_marked(children)
        condition, effect = children[:-1], dict(children[-1])
        record: Record = {"type": "cont", **combo}
        if effect.pop("_zone", None) == "hand":
            record["zone"] = "hand"
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

    def stock_at_least(self, children: list[Any]) -> Record:
        return {"stock": {"at_least": int(children[0])}}

    def hand_at_most(self, children: list[Any]) -> Record:
        return {"hand": {"at_most": int(children[0])}}

    def opponent_level_character(self, children: list[Any]) -> Record:
        return {"characters": {"at_least": 1, "opponent": True, "level_at_least": int(children[0])}}

    def memory_at_most(self, children: list[Any]) -> Record:
        return {"memory": {"at_most": int(children[0])}}

    def memory_at_least(self, children: list[Any]) -> Record:
        return {"memory": {"at_least": int(children[0])}}

    def climax_in_area(self, _: list[Any]) -> Record:
        return {"climax_area": True}

    def opponent_center_at_most(self, children: list[Any]) -> Record:
        return {"characters": {"at_most": int(children[0]), "opponent": True, "center_stage": True}}

    def cont_self_encore(self, children: list[Any]) -> Record:
        return {"power": bonus(children[1]), "encore": _quoted_encore(children[3]), "target": "self"}

    def cont_others_named_encore(self, children: list[Any]) -> Record:
        _, named, power, _, quoted = children
        encore = _quoted_encore(quoted)
        return {"power": bonus(power), "encore": encore, "target": "others", "with_name": str(named)[1:-1]}

    def cont_facing_encore(self, children: list[Any]) -> Record:
        return {"encore": _quoted_encore(children[0]), "target": "facing"}

    def cont_opponents_encore(self, children: list[Any]) -> Record:
        return {"encore": _quoted_encore(children[1]), "target": "opponents"}

    def cont_facing(self, children: list[Any]) -> Record:
        return {**children[0], "target": "facing"}

    def cont_other_middle(self, children: list[Any]) -> Record:
        return {**children[0], "target": "others", "position": "middle"}

    def cont_other_middle_with(self, children: list[Any]) -> Record:
        traits, gains = children
        return {**gains, "target": "others", "position": "middle", "with_trait": one_or_list(traits)}

    def per_opponent_back(self, _: list[Any]) -> Record:
        return {"characters": {"opponent": True, "back_stage": True}}

    def has_marker(self, _: list[Any]) -> Record:
        return {"markers": {"at_least": 1}}

    def per_marker(self, _: list[Any]) -> Record:
        return {"markers": {}}

    def per_memory_named(self, children: list[Any]) -> Record:
        return {"memory": {"named": str(children[0])[1:-1]}}

    def per_other(self, children: list[Any]) -> Record:
        return {"characters": {"traits": children[0], "other": True}}

    def per_other_back(self, children: list[Any]) -> Record:
        return {"characters": {"traits": children[0], "other": True, "back_stage": True}}

    def per_other_center(self, children: list[Any]) -> Record:
        return {"characters": {"traits": children[0], "other": True, "center_stage": True}}

    def per_other_named_center(self, children: list[Any]) -> Record:
        return {"characters": {"named": str(children[0])[1:-1], "other": True, "center_stage": True}}

    def traits(self, children: list[Any]) -> list[str]:
        return [str(child)[1:-1] for child in children]

    def keeps_soul(self, _: list[Any]) -> Record:
        return {"keeps_soul": True}

    def cannot_stand(self, _: list[Any]) -> Record:
        return {"cannot": "stand"}

    def have_no_other(self, children: list[Any]) -> Record:
        if str(children[1]) != "character":
            raise ValueError("another character, none")
        return {"characters": {"at_most": 0, "other": True, "traits": children[0]}}

    def cannot_be_chosen(self, _: list[Any]) -> Record:
        return {"cannot": "be_chosen"}

    def cannot_move(self, _: list[Any]) -> Record:
        return {"cannot": "move"}

    def facing_cannot_move(self, _: list[Any]) -> Record:
        return {"cannot": "move", "target": "facing"}

    def cannot_play_events(self, _: list[Any]) -> Record:
        return {"cannot": "events_and_backup"}

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
        return {**gains, "target": "all", "with_trait": one_or_list(traits)}

    def cont_others_with(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        traits, gains = children
        return {**gains, "target": "others", "with_trait": one_or_list(traits)}

    def cont_others_name_part(self, children: list[Any]) -> Record:
        _, part, gains = children
        return {**gains, "target": "others", "with_name_part": str(part)[1:-1]}

    def cont_all_name_part(self, children: list[Any]) -> Record:
        _, part, gains = children
        return {**gains, "target": "all", "with_name_part": str(part)[1:-1]}

    def cont_others_named(self, children: list[Any]) -> Record:
        children = children[1:]  # ALL_OF_YOUR
        name, gains = children
        return {**gains, "target": "others", "with_name": str(name)[1:-1]}

    def cont_self(self, children: list[Any]) -> Record:
        gains, per = children[1], children[2:]
        return {**gains, "target": "self", **({"per": per[0]} if per else {})}

    # a rule of the card itself
    def any_copies(self, children: list[Any]) -> Record:
        return {"type": "cont", "effect": [{"any_copies": True}]}

    def play_restriction(self, children: list[Any]) -> Record:
        other, wanted = children[:-1], dict(children[-1])
        wanted = {"at_most": 0, **({"other": True} if other else {}), **wanted}
        return {"type": "cont", "zone": "hand", "condition": {"characters": wanted}, "effect": [{"cannot": "play"}]}

    def with_name_part(self, children: list[Any]) -> Record:
        return {"name_contains": str(children[0])[1:-1]}

    def of_traits_only(self, children: list[Any]) -> Record:
        traits, kind = children
        if str(kind) != "character":
            raise ValueError("a character of a trait")
        return {"traits": traits}

    def have_another_of_name(self, children: list[Any]) -> Record:
        return {"characters": {"at_least": 1, "other": True, "named": str(children[0])[1:-1]}}

    def have_another_named(self, children: list[Any]) -> Record:
        return {"characters": {"at_least": 1, "other": True, "name_contains": str(children[0])[1:-1]}}

    # an event's text
    def event(self, children: list[Any]) -> Record:
        counter = bool(children) and isinstance(children[0], Token)
        sentences = children[1:] if counter else children
        record: Record = {"timing": "counter" if counter else "main", "effect": [op for ops in sentences for op in ops]}
        if len(sentences) > 1:
            record["sentences"] = [len(ops) for ops in sentences]
        return record


def _turn_marked(children: list[Any]) -> tuple[Record, list[Any]]:
    """An automatic ability's children without the turn written before its trigger ("During your turn, when
    ..."), and that turn as the facts of its condition."""
    turn: Record = {}
    kept = []
    for child in children:
        if isinstance(child, dict) and "_turn" in child:
            turn.update(child["_turn"])
        else:
            kept.append(child)
    return turn, kept


def _combo_marked(children: list[Any]) -> tuple[Record, list[Any]]:
    """An ability's children without its 【CXCOMBO】 mark (ws 8.12.1), its "up to 1 time per turn" and its keyword
    label (Experience, Memory: 10.9.1, 10.10.1), and ``{cxcombo: true}``, ``{once_per_turn: true}``, ``{label:
    experience}`` where it had them."""
    marks: Record = {}
    kept = []
    for child in children:
        if isinstance(child, Token) and child.type == "CXCOMBO_MARK":
            marks["cxcombo"] = True
        elif isinstance(child, Token) and child.type == "PER_TURN":
            marks["once_per_turn"] = True
        elif isinstance(child, Token) and child.type == "LABEL":
            marks["label"] = str(child).lower()
        else:
            kept.append(child)
    return marks, kept


def _grantable(text: str) -> Record:
    """The record of an ability a text gives ("the following ability"): read in full, an automatic, activated or
    continuous one the engine plays on a character that gains it."""
    reading = READER.read(text)
    record = reading.record
    if record is None:
        raise ValueError(f"the ability it gives is not read: {reading.problem}")
    if grantable(record) is None:
        raise ValueError("the ability it gives is not one a character on the stage gains (a timing it has there)")
    return record


def _quoted_encore(token: Any) -> Record:
    """The cost of the Encore a continuous ability gives, quoted: ``"【AUTO】 Encore [(2)]"`` (10.2.2)."""
    reading = READER.read(str(token)[1:-1])
    record = reading.record
    if record is None or record.get("keyword") != "encore":
        raise ValueError("a quoted ability a continuous ability gives is read where it is an Encore")
    return dict(record.get("cost") or {"stock": 0})


def _define_x(effects: list[Record], per: tuple[int, Any] | None) -> None:
    """Put in place what the sentence after an automatic ability's effects says X is (``per``: its factor and what
    it counts; ``revealed_level``: the level of the card revealed before), in the one effect that says X."""
    by_revealed = [effect for effect in effects if effect.get("level_of_revealed")]
    if (per is not None and per[1] == "revealed_level") != bool(by_revealed):
        raise ValueError("a level X is the level of the card revealed, said after the effects")
    if by_revealed:
        first = effects.index(by_revealed[0])
        if len(by_revealed) != 1 or not any("reveal_top" in effect for effect in effects[:first]):
            raise ValueError("the card whose level X is is revealed before the one card chosen")
        return
    if per is not None:
        amount, counted = per
        marked = [effect for effect in effects if effect.get("power") == "X"]
        if len(marked) != 1:
            raise ValueError("X is defined for no change, or for more than one")
        if "milled" in counted and not any("mill" in effect for effect in effects[: effects.index(marked[0])]):
            raise ValueError('"among those cards" counts the cards a mill before it put into the waiting room')
        marked[0].update({"power": amount, "per": counted})
    elif any(effect.get("power") == "X" for effect in effects):
        raise ValueError("+X power with no X defined")


def _granted_part(children: list[Any]) -> tuple[Record | None, list[Any]]:
    """An ability's children without the quoted ability its effect gives, and that ability's record (or None)."""
    if children and isinstance(children[-1], dict) and "_granted" in children[-1]:
        return children[-1]["_granted"], children[:-1]
    return None, children


def _given(record: Record, granted: Record | None) -> Record:
    """``record`` with the ability its "gets the following ability" effect gives in place: one such effect, and
    one quoted ability for it."""
    effects = [effect for effect in record.get("effect") or () if effect.get("grant") == FOLLOWING]
    if len(effects) != (granted is not None):
        raise ValueError("one ability given, quoted after the sentence that gives it")
    if effects and granted is not None:
        effects[0]["grant"] = granted
    return record


def _icon(token: Any) -> str:
    """A trigger icon as printed text names it (``【GATE】``, ``[ICON:RETURN]``), as a card record does."""
    icon = str(token)[1:-1].removeprefix("ICON:").lower()
    if icon not in TRIGGER_ICONS or icon_words(icon) != str(token):
        raise ValueError(f"{token} is no trigger icon, as printed text names it")
    return icon


def _build(tree: Tree[Token]) -> Record:
    record = _Build().walk(tree)
    assert isinstance(record, dict)
    return record


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
