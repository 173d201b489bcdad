"""Weiss Schwarz printed text: the effects an ability does, read into their records (ws 8.6.2.4.4, 8.6.3).

The part of the reading of ``engine.games.ws.text`` that builds operations from the grammar's effect rules: the
characters a text chooses on the stage and what is done to them (8.6.3), the cards chosen from the waiting room,
the deck and the cards looked at (4.8, 8.6.3.1), the top card revealed (4.9), power and soul changes and their
durations (8.2.1.2), the abilities an effect gives (8.1.1), and the moves of the ability's card and of its
battle opponent (3.1.4, 7.2.1.5.1).  ``text`` builds the abilities around them: their categories, timings,
costs and conditions.
"""

from __future__ import annotations

from typing import Any, Final

from lark import Token

from engine.core.printed_text import Record


class EffectBuild:
    """The records of the grammar's effect rules: each method makes its value from its children's."""

    def first_effects(self, children: list[Any]) -> list[Record]:
        return list(children)

    def effects(self, children: list[Any]) -> list[Record]:
        return list(children)

    def self_gets(self, children: list[Any]) -> Record:
        return {**children[0], "target": "self", **children[1]}

    def self_gets_x(self, children: list[Any]) -> Record:
        return {"power": "X", "target": "self", **children[0]}

    def chosen(self, children: list[Any]) -> Record:
        return dict(children[1])

    def chosen_character(self, children: list[Any]) -> Record:
        up_to, (count, among, action) = _up_to(children)
        if int(count) != 1:
            raise ValueError("one character is chosen")
        owner = action.pop("_owner", None)
        if owner is not None and owner != ("their" if among.get("whose") == "opponent" else "your"):
            raise ValueError("the character chosen goes to its master's zone")
        if among.get("above_player_level") and among.get("whose") != "opponent":
            raise ValueError("a level higher than your opponent's is asked of your opponent's characters")
        return {**action, "target": "choose", **among, **({"up_to": True} if up_to else {})}

    def chosen_rest_to_back(self, children: list[Any]) -> Record:
        up_to, (count, among, _) = _up_to(children)
        if int(count) != 1 or among.get("whose") == "opponent":
            raise ValueError("one character of your own is rested and moved")
        return {
            "rest": True,
            "and_move": "open_back",
            "target": "choose",
            **among,
            **({"up_to": True} if up_to else {}),
        }

    def own_characters(self, children: list[Any]) -> Record:
        return _characters_chosen(children, {})

    def opponent_characters(self, children: list[Any]) -> Record:
        return _characters_chosen(children, {"whose": "opponent"})

    def opponent_stage_part(self, children: list[Any]) -> Record:
        return {"whose": "opponent", **_character_of_kind(children[0]), "area": stage_part(children[1])}

    def own_stage_part(self, children: list[Any]) -> Record:
        return {**_character_of_kind(children[0]), "area": stage_part(children[1])}

    def character_level_at_most(self, children: list[Any]) -> Record:
        return {"level_at_most": int(children[0])}

    def character_level_at_least(self, children: list[Any]) -> Record:
        return {"level_at_least": int(children[0])}

    def character_cost_at_most(self, children: list[Any]) -> Record:
        return {"cost_at_most": int(children[0])}

    def place_in_battle(self, _: list[Any]) -> Record:
        return {"in_battle": True}

    def place_above_level(self, _: list[Any]) -> Record:
        return {"above_player_level": True}

    def place_stage_part(self, children: list[Any]) -> Record:
        return {"area": stage_part(children[0])}

    def chosen_gains(self, children: list[Any]) -> Record:
        return {**children[0], **children[1]}

    def chosen_gains_x(self, children: list[Any]) -> Record:
        return {"power": "X", **children[0]}

    def chosen_to_hand(self, children: list[Any]) -> Record:
        return {"send": "hand", "_owner": str(children[0])}

    def chosen_into(self, children: list[Any]) -> Record:
        return {"send": own_zone(children[1]), "_owner": str(children[0])}

    def chosen_to_deck_bottom(self, children: list[Any]) -> Record:
        return {"send": "deck_bottom", "_owner": str(children[0])}

    def chosen_to_deck_top(self, children: list[Any]) -> Record:
        return {"send": "deck_top", "_owner": str(children[0])}

    def chosen_rest(self, _: list[Any]) -> Record:
        return {"rest": True}

    def chosen_stand(self, _: list[Any]) -> Record:
        return {"stand": True}

    def end_of_turn(self, _: list[Any]) -> Record:
        return {}

    def end_of_next_turn(self, _: list[Any]) -> Record:
        return {"until": "end_of_opponents_next_turn"}

    def all_get(self, children: list[Any]) -> Record:
        return {**children[0], "target": "all"}

    def opponents_get(self, children: list[Any]) -> Record:
        return {**children[0], "target": "opponents"}

    def opponents_in_get(self, children: list[Any]) -> Record:
        return {**children[1], "target": "opponents", "area": stage_part(children[0])}

    def draw(self, children: list[Any]) -> Record:
        return {"draw": int(children[0])}

    def draw_up_to_n(self, children: list[Any]) -> Record:
        return {"draw": int(children[0]), "up_to": True}

    def deck_to_clock(self, _: list[Any]) -> Record:
        return {"deck_to_clock": 1}

    def stock_up_to(self, _: list[Any]) -> Record:
        return {"stock": 1, "up_to": True}

    def stock(self, _: list[Any]) -> Record:
        return {"stock": 1}

    def heal(self, _: list[Any]) -> Record:
        return {"heal": 1}

    def clock_to_stock(self, _: list[Any]) -> Record:
        return {"clock_to_stock": 1}

    def standby(self, _: list[Any]) -> Record:
        return {"standby": True}

    def salvage(self, children: list[Any]) -> Record:
        return dict(children[1])

    def waiting_room_choice(self, children: list[Any]) -> Record:
        up_to, (count, wanted, destination) = _up_to(children)
        if int(count) != 1:
            raise ValueError("one card of the waiting room is chosen")
        return {"salvage": wanted.pop("_kind"), **wanted, **destination, **({"up_to": True} if up_to else {})}

    def reveal_top(self, children: list[Any]) -> Record:
        return dict(children[1])

    def revealed_then(self, children: list[Any]) -> Record:
        return _asked_then("reveal", children)

    def revealed_level_at_least(self, children: list[Any]) -> Record:
        return {"_kind": "any", "level_at_least": int(children[0])}

    def revealed_level_at_most(self, children: list[Any]) -> Record:
        return {"_kind": "any", "level_at_most": int(children[0])}

    def revealed_traits(self, children: list[Any]) -> Record:
        traits, kind = children
        if str(kind) != "character":
            raise ValueError("the card revealed is one character")
        return {"_kind": "character", "with_trait": one_or_list(traits)}

    def revealed_kind_only(self, children: list[Any]) -> Record:
        return {"_kind": str(children[0])}

    def revealed_kind_level(self, children: list[Any]) -> Record:
        level, kind = children
        return {"_kind": str(kind), "level_at_most": int(level)}

    def then_effect(self, children: list[Any]) -> Record:
        return dict(children[0])

    def put_revealed(self, children: list[Any]) -> Record:
        return {"put_revealed": own_zone(children[0])}

    def hand_to_waiting(self, _: list[Any]) -> Record:
        return {"hand_to_waiting": 1}

    def hands_to_waiting(self, children: list[Any]) -> Record:
        if int(children[0]) < 2:
            raise ValueError("several cards of the hand are chosen")
        return {"hand_to_waiting": int(children[0])}

    def self_to_hand(self, _: list[Any]) -> Record:
        return {"self_to": "hand"}

    def self_to(self, children: list[Any]) -> Record:
        return {"self_to": children[0]}

    def into_own_zone(self, children: list[Any]) -> str:
        return own_zone(children[0])

    def own_deck_bottom(self, _: list[Any]) -> str:
        return "deck_bottom"

    def search(self, children: list[Any]) -> Record:
        return dict(children[0])

    def look(self, children: list[Any]) -> Record:
        return dict(children[0])

    def look_and_take(self, children: list[Any]) -> Record:
        count, cards, chosen, wanted, shown = children[1], children[2], children[3], children[4], children[5:]
        if int(chosen) != 1 or (int(count) == 1) != (str(cards) == "card"):
            raise ValueError("up to N cards looked at, one of them taken")
        record: Record = {"look": int(count), "take": wanted.pop("_kind"), **wanted}
        if shown and shown[0] is not None:
            record["shown"] = True
        return record

    def look_keep_top(self, children: list[Any]) -> Record:
        count, cards, chosen, chosen_cards = children[1], children[2], children[3], children[4]
        if int(chosen) != 1 or str(chosen_cards) != "card" or int(count) < 2 or str(cards) != "cards":
            raise ValueError("up to N cards looked at, one of them kept on the top of the deck")
        return {"look": int(count), "take": "any", "to": "deck_top"}

    def of_level_at_least(self, children: list[Any]) -> Record:
        level, cards = children
        return {"_kind": "any", "level_at_least": int(level), **_one_card(cards)}

    def deck_search(self, children: list[Any]) -> Record:
        _, _, count, wanted = children
        if int(count) != 1:
            raise ValueError("one card of the deck is searched for")
        return {"search": wanted.pop("_kind"), **wanted}

    def deck_search_to_waiting(self, children: list[Any]) -> Record:
        return {**self.deck_search(children), "to": "waiting"}

    def deck_search_to_stage(self, children: list[Any]) -> Record:
        return {**self.deck_search(children), "to": "stage"}

    def of_kind(self, children: list[Any]) -> Record:
        return {"_kind": str(children[0])}

    def of_any(self, children: list[Any]) -> Record:
        return {"_kind": "any", **_one_card(children[0])}

    def of_trait(self, children: list[Any]) -> Record:
        traits, kind = children
        if str(kind) != "character":
            raise ValueError("one character is chosen")
        return {"_kind": "character", "with_trait": one_or_list(traits)}

    def of_color(self, children: list[Any]) -> Record:
        color, cards = children
        return {"_kind": "any", "color": str(color), **_one_card(cards)}

    def of_level(self, children: list[Any]) -> Record:
        level, kind = children
        return {"_kind": str(kind), "level_at_most": int(level)}

    def of_level_x(self, children: list[Any]) -> Record:
        return {"_kind": str(children[0]), "level_of_revealed": True}

    def of_level_x_traits(self, children: list[Any]) -> Record:
        traits, kind = children
        if str(kind) != "character":
            raise ValueError("one character of a trait is chosen")
        return {"_kind": "character", "with_trait": one_or_list(traits), "level_of_revealed": True}

    def reveal_top_only(self, _: list[Any]) -> Record:
        return {"reveal_top": True}

    def of_cost(self, children: list[Any]) -> Record:
        cost, kind = children
        return {"_kind": str(kind), "cost_at_most": int(cost)}

    def of_name(self, children: list[Any]) -> Record:
        return {"_kind": "any", "with_name": str(children[0])[1:-1]}

    def to_hand(self, _: list[Any]) -> Record:
        return {}

    def to_stock(self, _: list[Any]) -> Record:
        return {"to": "stock"}

    def to_memory(self, _: list[Any]) -> Record:
        return {"to": "memory"}

    def to_marker(self, _: list[Any]) -> Record:
        return {"to": "marker"}

    def to_stage(self, _: list[Any]) -> Record:
        return {"to": "stage"}

    def power(self, children: list[Any]) -> Record:
        return {"power": bonus(children[0])}

    def soul(self, children: list[Any]) -> Record:
        return {"soul": bonus(children[0])}

    def level_and_power(self, children: list[Any]) -> Record:
        level, power, _ = children
        return {"level": bonus(level), "power": bonus(power)}

    def power_and_soul(self, children: list[Any]) -> Record:
        power, _, soul, _ = children
        return {"power": bonus(power), "soul": bonus(soul)}

    def mill(self, children: list[Any]) -> Record:
        count = int(children[0]) if len(children) == 2 and children[0] is not None else 1
        if (count == 1) != (str(children[-1]) == "card"):
            raise ValueError("the top card, or the top N cards")
        return {"mill": count}

    def mill_among(self, children: list[Any]) -> Record:
        milled = self.mill(children[:-1])
        return {**milled, **children[-1]}

    def among_then(self, children: list[Any]) -> Record:
        return _asked_then("among", children)

    def milled_level_at_least(self, children: list[Any]) -> Record:
        if str(children[1]) != "card":
            raise ValueError("a card of a level among those put into the waiting room")
        return {"_kind": "any", "level_at_least": int(children[0])}

    def reorder_top(self, children: list[Any]) -> Record:
        count = int(children[1])
        if count < 2 or str(children[2]) != "cards":
            raise ValueError("several cards are put back in any order")
        return {"reorder_top": count}

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

    def move_open_back(self, _: list[Any]) -> Record:
        return {"move_self": "open_back"}

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

    def damage(self, children: list[Any]) -> Record:
        return {"damage": int(children[0])}

    def trigger_checks(self, children: list[Any]) -> Record:
        return {"trigger_checks": int(children[0])}

    def heal_opponent(self, _: list[Any]) -> Record:
        return {"heal": 1, "whose": "opponent"}

    def opponent_stock_to_waiting(self, _: list[Any]) -> Record:
        return {"stock_to_waiting": 1, "whose": "opponent"}

    def keeps_soul(self, _: list[Any]) -> Record:
        return {"keeps_soul": True}

    def waiting_to_deck(self, _: list[Any]) -> Record:
        return {"waiting_to_deck": True}

    def hand_to_stock(self, _: list[Any]) -> Record:
        return {"hand_to_stock": 1}

    def self_grant(self, children: list[Any]) -> Record:
        gains = children[0] if len(children) == 2 else {}
        return {**gains, "grant": FOLLOWING, "target": "self", **children[-1]}

    def chosen_grant(self, children: list[Any]) -> Record:
        gains = children[0] if len(children) == 2 else {}
        return {**gains, "grant": FOLLOWING, **children[-1]}


FOLLOWING: Final = "_following"
"""What a "gets the following ability" effect gives until the quoted ability after its sentence is read."""


def _characters_chosen(children: list[Any], whose: Record) -> Record:
    """ "N of your [other] [level N or lower] [《T》] characters [in battle]" as the filters of a character chosen."""
    chosen: Record = dict(whose)
    for child in children:
        if isinstance(child, Token) and child.type == "OTHER":
            if whose:
                raise ValueError("an opponent's character is never this card")
            chosen["other"] = True
        elif isinstance(child, Token) and child.type == "CHARACTERS":
            if str(child) != "characters":
                raise ValueError("one of several characters")
        elif isinstance(child, list):
            chosen["with_trait"] = one_or_list(child)
        elif isinstance(child, dict):
            if set(child) & set(chosen):
                raise ValueError("a character chosen is narrowed once by each thing")
            chosen.update(child)
    return chosen


def _character_of_kind(wanted: Record) -> Record:
    """A card kind ("character", "level 1 or lower character", "《T》 character") as the filters of a character."""
    wanted = dict(wanted)
    if wanted.pop("_kind") != "character":
        raise ValueError("a character is chosen on the stage")
    return wanted


def stage_part(token: Any) -> str:
    return str(token).replace(" ", "_")


def own_zone(token: Any) -> str:
    return "waiting" if str(token) == "waiting room" else str(token)


def _one_card(cards: Any) -> Record:
    if str(cards) != "card":
        raise ValueError("one card is chosen")
    return {}


def one_or_list(traits: list[str]) -> str | list[str]:
    """A trait as a record writes it: the trait, or the list of the traits one of which is wanted."""
    return traits[0] if len(traits) == 1 else traits


def bonus(token: Any) -> int:
    return int(str(token))


def _up_to(children: list[Any]) -> tuple[bool, list[Any]]:
    """Whether a choice says "up to" (8.6.3.1.1), and its other children."""
    up_to = isinstance(children[0], Token) and children[0].type == "UP_TO"
    return up_to, children[1:] if up_to else children


def _asked_then(word: str, children: list[Any]) -> Record:
    """What a reveal or a mill asks of its cards (``word``: the kind of card, with its filters), its "you may" and
    what it then does."""
    wanted, rest = dict(children[0]), children[1:]
    record: Record = {word: wanted.pop("_kind"), **wanted}
    if rest and isinstance(rest[0], Token) and rest[0].type == "MAY":
        record["may"] = True
        rest = rest[1:]
    record["then"] = list(rest)
    return record
