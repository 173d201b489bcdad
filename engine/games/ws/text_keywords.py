"""Weiss Schwarz printed text: the keyword abilities (ws 10) read into their records: Backup (10.5), Assist
(10.3), Bond (10.4), Encore (10.2), Brainstorm (10.7), Great Performance and Shift, and the costs their brackets hold.

``KeywordBuild`` is the part of the parse tree's build (``engine.games.ws.text``) that makes them.
"""

from __future__ import annotations

from typing import Any, Final

from lark import Token

from engine.core.printed_text import Record
from engine.games.ws.text_effects import EffectBuild, bonus

PLURALS: Final = {"cards": "card", "characters": "character", "climaxes": "climax"}


class KeywordBuild(EffectBuild):
    """The rules of ``printed_text.lark`` for keyword abilities, each to its record; with the effects'
    (``EffectBuild``), which those of the abilities (``engine.games.ws.text``) build on."""

    def brainstorm(self, children: list[Any]) -> Record:
        cost, count, cards, sub = children
        if int(count) < 2 or str(cards) != "cards":
            raise ValueError("Brainstorm flips over several cards")
        return {"type": "act", "cost": cost, "effect": [{"brainstorm": int(count), "per_climax": sub}]}

    def per_climax(self, children: list[Any]) -> Record:
        return dict(children[0])

    def draw_up_to(self, _: list[Any]) -> Record:
        return {"draw": 1, "up_to": True}

    def backup(self, children: list[Any]) -> Record:
        power, level, cost = children[0], children[1], children[2:]
        return {"keyword": "backup", "power": int(power), "level": int(level), "cost": {"stock": stock_of(cost)}}

    def assist(self, children: list[Any]) -> Record:
        turn, children = _assist_turn(children)
        traits, power = children[:-1], children[-1]  # no starred target: a compiled build
        return {"keyword": "assist", **turn, "power": bonus(power), **_assist_traits(traits)}

    def assist_per_level(self, children: list[Any]) -> Record:
        turn, children = _assist_turn(children)
        traits, power = children[:-1], children[-1]
        return {"keyword": "assist", **turn, "power": int(power), "per_level": True, **_assist_traits(traits)}

    def assist_from_level(self, children: list[Any]) -> Record:
        turn, (level, power) = _assist_turn(children)
        return {"keyword": "assist", **turn, "power": bonus(power), "min_level": int(level)}

    def assist_to_level(self, children: list[Any]) -> Record:
        turn, (level, power) = _assist_turn(children)
        return {"keyword": "assist", **turn, "power": bonus(power), "max_level": int(level)}

    def assist_own_turn(self, _: list[Any]) -> Record:
        return {"turn": "own"}

    def assist_opponent_turn(self, _: list[Any]) -> Record:
        return {"turn": "opponent"}

    def bond(self, children: list[Any]) -> Record:
        name, cost = children
        return {"keyword": "bond", "name": str(name)[1:-1], "cost": cost}

    def encore(self, children: list[Any]) -> Record:
        return {"keyword": "encore", "cost": children[0]}

    def clock_cost(self, _: list[Any]) -> Record:
        return {"clock": 1}

    def keyword_cost(self, children: list[Any]) -> Record:
        cost = dict(children[0])
        if cost.get("discard", 0) > 1:
            raise ValueError("an Encore's or a Bond's cost puts one card from the hand")
        return cost

    def hand_any(self, children: list[Any]) -> Record:
        count, kind = _counted_kind(children[0], children[1])
        return {"discard": count} if kind == "card" else {"discard": count, "discard_type": kind}

    def hand_with_traits(self, children: list[Any]) -> Record:
        count, kind = _counted_kind(children[0], children[2])
        if kind != "character":
            raise ValueError("a hand cost of a trait names characters")
        return {"discard": count, "discard_type": "character", "discard_traits": children[1]}

    def great_performance(self, children: list[Any]) -> Record:
        return {"keyword": "great_performance"}

    def shift(self, children: list[Any]) -> Record:
        return {"keyword": "shift", "level": int(children[0])}


def _counted_kind(count: Any, kind: Any) -> tuple[int, str]:
    """A number of cards of a kind ("1 card", "2 climaxes"): the number, and the kind as one card's."""
    number, word = int(count), str(kind)
    if number < 1 or (number == 1) != (word not in PLURALS):
        raise ValueError("one card, or several cards")
    return number, PLURALS.get(word, word)


def _assist_turn(children: list[Any]) -> tuple[Record, list[Any]]:
    """An Assist's children without "All of your" and the turn it works in, and that turn (``{turn: own}``)."""
    turn: Record = {}
    kept = []
    for child in children:
        if isinstance(child, dict) and "turn" in child:
            turn = child
        elif not (isinstance(child, Token) and child.type == "ALL_OF_YOUR"):
            kept.append(child)
    return turn, kept


def _assist_traits(traits: list[Any]) -> Record:
    return {"traits": traits[0]} if traits and traits[0] else {}


def stock_of(cost: list[Any]) -> int:
    return int(str(cost[0])[1:-1]) if cost else 0
