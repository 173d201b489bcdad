"""Cardfight!! Vanguard printed text, read into the card records the engine plays (vg 8.1, 8.5, 10.1, 10.2).

The grammar, ``printed_text.lark`` beside this module, holds the English templates the
engine plays: an activated, automatic or continuous ability (8.1.1) on the vanguard
circle ``(VC)`` or a rear-guard circle ``(RC)``, 1/Turn (11.5.1.1), Limit Break and
Generation Break (10.2.5, 10.2.11), its cost of Counter Blast, Soul Blast and discards
(10.1.15, 10.1.16, 10.1.2), an automatic ability's timing (``AUTO_TIMINGS`` of
``engine.games.vg.playing``), and the one structured effect: power to the unit itself,
the vanguard or the unit on a circle, until end of turn or of that battle.  A text is
read into the shape a log may write (``{type, timing, zone, once_per_turn, condition,
cost, effect}``), and taken as read only when :func:`render` writes that record back as
the same text (``engine.core.printed_text``); any other text stays card text the engine
reports where it acts (``engine.games.vg.card_text``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Final

from lark import Token, Tree

from engine.core.printed_text import Reading, Record, TextReader
from engine.core.vocabulary import structured_clauses

CIRCLE_MARKS: Final = ("VC", "RC")
"""The circles an ability's mark names, printed in parentheses: the vanguard circle and a rear-guard circle."""
ZONES: Final = {"V": "【VC】", "R": "【RC】"}
"""An ability's ``zone`` and the mark of its circle."""
KINDS: Final = {"act": "【ACT】", "auto": "【AUTO】", "cont": "【CONT】"}
TIMINGS: Final = {
    "on_play": "When this unit is placed",
    "when_attacking": "When this unit attacks",
    "when_boosting": "When this unit boosts",
    "on_attack_hits": "When this unit's attack hits",
    "end_of_battle": "At the end of the battle",
    "end_of_turn": "At the end of turn",
}
"""An automatic ability's timing and how its text says it."""
DURATIONS: Final = {"end_of_turn": "until end of turn", "end_of_battle": "until end of that battle"}
GATES: Final = {"limit_break": "Limit Break", "generation_break": "Generation Break"}
SAME_WORDINGS: Final[tuple[tuple[str | re.Pattern[str], str], ...]] = (
    (re.compile(r"^(【(?:ACT|AUTO|CONT)】[^:]*):\s+"), r"\1:"),  # a space after the head's colon, or none
    ("【Power】", "[Power]"),
)


class _Build:
    """The parse tree of one ability as its record."""

    def walk(self, node: Any) -> Any:
        if isinstance(node, Tree):
            children = [self.walk(child) for child in node.children]
            rule = str(node.data)
            method = getattr(self, rule, None)
            return method(children) if method is not None else self.simple(rule, children)
        return node

    def start(self, children: list[Any]) -> Record:
        return dict(children[0])

    def act(self, children: list[Any]) -> Record:
        return _ability("act", children)

    def auto(self, children: list[Any]) -> Record:
        return _ability("auto", children)

    def cont(self, children: list[Any]) -> Record:
        return _ability("cont", children)

    def on_vanguard_circle(self, _: list[Any]) -> tuple[str, str]:
        return ("zone", "V")

    def on_rear_guard_circle(self, _: list[Any]) -> tuple[str, str]:
        return ("zone", "R")

    def limit_break(self, children: list[Any]) -> tuple[str, dict[str, int]]:
        return ("condition", {"limit_break": int(children[0])})

    def generation_break(self, children: list[Any]) -> tuple[str, dict[str, int]]:
        return ("condition", {"generation_break": int(children[0])})

    def cost(self, parts: list[tuple[str, int]]) -> tuple[str, dict[str, int]]:
        cost: dict[str, int] = {}
        for word, count in parts:
            if word in cost:
                raise ValueError(f"{word} twice in one cost")
            cost[word] = count
        return ("cost", cost)

    def counter_blast(self, children: list[Any]) -> tuple[str, int]:
        return ("counter_blast", int(children[0]))

    def soul_blast(self, children: list[Any]) -> tuple[str, int]:
        return ("soul_blast", int(children[0]))

    def discard_one(self, _: list[Any]) -> tuple[str, int]:
        return ("discard", 1)

    def discard(self, children: list[Any]) -> tuple[str, int]:
        return ("discard", int(children[0]))

    def simple(self, data: str, children: list[Any]) -> Any:
        """A rule with no method of its own: a timing, a target or a duration, each the word it is named for."""
        if data in TIMINGS:
            return ("timing", str(data))
        if data in ("self", "vanguard"):
            return ("target", str(data))
        if data == "on_circle":
            return ("target", str(children[0]))
        if data in ("until_end_of_turn", "until_end_of_battle"):
            return ("until", str(data).removeprefix("until_"))
        raise ValueError(f"no reading of the template {data}")


def _ability(kind: str, children: list[Any]) -> Record:
    """An ability's record from its parts: the head's (zone, condition), its timing and cost, the target, the
    power change and how long it lasts."""
    record: Record = {"type": kind}
    effect: Record = {}
    for child in children:
        if isinstance(child, Token) and child.type == "PER_TURN":
            record["once_per_turn"] = True
        elif isinstance(child, Token) and child.type == "POWER":
            effect["power"] = int(str(child).removeprefix("[Power]"))
        elif isinstance(child, tuple) and child[0] in ("target", "until"):
            effect[child[0]] = child[1]
        elif isinstance(child, tuple):
            record[child[0]] = child[1]
    record["effect"] = {"power": effect["power"], "target": effect["target"], **_until(effect)}
    return record


def _until(effect: Record) -> Record:
    return {"until": effect["until"]} if "until" in effect else {}


def render(record: Record) -> str:
    """The printed text ``record`` reads from, as :func:`engine.core.printed_text.normalise` writes it.  An activated
    or automatic ability's power lasts until end of turn where the record says no more (``until`` left out)."""
    kind = str(record["type"])
    head = [KINDS[kind]]
    if record.get("zone") in ZONES:
        head.append(ZONES[record["zone"]])
    if record.get("once_per_turn"):
        head.append("1/Turn")
    for word, count in (record.get("condition") or {}).items():
        head.append(f"{GATES[word]} {count}")
    text = " ".join(head) + ":"
    cost = _cost(record.get("cost") or {})
    effect = record["effect"]
    target = str(effect.get("target", "self"))
    subject = {"self": "this unit", "vanguard": "your vanguard"}.get(target, f"the unit on your {target} circle")
    power = int(effect["power"])
    change = f"{subject} gets [Power]{power:+d}"
    if kind != "cont":
        change += f" {DURATIONS[str(effect.get('until', 'end_of_turn'))]}"
    if kind == "auto":
        return f"{text}{TIMINGS[str(record['timing'])]}, {cost + ' ' if cost else ''}{change}."
    sentence = change[0].upper() + change[1:]
    return f"{text}{cost + ' ' if cost else ''}{sentence}."


def _cost(cost: Record) -> str:
    """A cost as printed: its parts in brackets, in the order Counter Blast, Soul Blast, discards."""
    parts = []
    if cost.get("counter_blast"):
        parts.append(f"Counter Blast ({cost['counter_blast']})")
    if cost.get("soul_blast"):
        parts.append(f"Soul Blast ({cost['soul_blast']})")
    if cost.get("discard"):
        parts.append("Discard a card" if cost["discard"] == 1 else f"Discard {cost['discard']} cards")
    return f"[{' & '.join(parts)}]" if parts else ""


def _build(tree: Any) -> Record:
    """The record of a parse tree; a ValueError where its parts do not fit together (a cost named twice)."""
    record = _Build().walk(tree)
    assert isinstance(record, dict)
    return record


READER: Final = TextReader(
    Path(__file__).with_name("printed_text.lark"), _build, render, SAME_WORDINGS, marks_in_parentheses=CIRCLE_MARKS
)


def read_ability(text: str) -> Reading:
    """The reading of one printed Vanguard ability."""
    return READER.read(text)


def ability_record(text: str) -> Record:
    """The record a card's printed ability is played as: what it reads as, or, where it is not read, its text with
    the kind its mark gives (8.1.1: an activated ability is reported where it is played), for the engine to report
    where it acts."""
    reading = read_ability(text)
    if reading.record is not None:
        return reading.record
    kind = next((kind for kind, mark in KINDS.items() if reading.normalised.startswith(mark)), None)
    return {"text": text, "type": kind} if kind is not None else {"text": text}


def clauses_of(record: Record) -> tuple[str, ...]:
    """The clauses the engine cites when it plays ``record``: its kind's (8.1.1), its timing's, 1/Turn (11.5.1.1),
    and each condition's, cost's, target's and duration's, as the vocabulary gives them."""
    from engine.games.vg.playing import AUTO_TIMINGS, EFFECT_WORDS

    kind = {"act": "vg:8.1.1.1", "auto": "vg:8.1.1.2", "cont": "vg:8.1.1.3"}[str(record["type"])]
    timing = (AUTO_TIMINGS[str(record["timing"])],) if record.get("type") == "auto" else ()
    once = ("vg:11.5.1.1",) if record.get("once_per_turn") else ()
    return (kind, *timing, *once, *structured_clauses(EFFECT_WORDS, record))


EXAMPLES: Final[tuple[tuple[str, str, Record], ...]] = (
    (
        "act",
        "an activated ability (8.1.1.1), its cost",
        {
            "type": "act",
            "zone": "R",
            "cost": {"counter_blast": 1},
            "effect": {"power": 5000, "target": "self", "until": "end_of_turn"},
        },
    ),
    (
        "act",
        "1/Turn (11.5.1.1), Limit Break (10.2.5), Soul Blast and a discard",
        {
            "type": "act",
            "zone": "R",
            "once_per_turn": True,
            "condition": {"limit_break": 4},
            "cost": {"soul_blast": 1, "discard": 1},
            "effect": {"power": 3000, "target": "vanguard", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "placed (8.1.1.2.1)",
        {
            "type": "auto",
            "zone": "V",
            "timing": "on_play",
            "cost": {"counter_blast": 1},
            "effect": {"power": 5000, "target": "self", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "attacks (7.3.1.8)",
        {
            "type": "auto",
            "zone": "R",
            "timing": "when_attacking",
            "effect": {"power": 3000, "target": "self", "until": "end_of_battle"},
        },
    ),
    (
        "auto",
        "boosts (7.3.1.8)",
        {
            "type": "auto",
            "zone": "R",
            "timing": "when_boosting",
            "effect": {"power": 3000, "target": "self", "until": "end_of_battle"},
        },
    ),
    (
        "auto",
        "its attack hits (7.6.1.9), Generation Break (10.2.11)",
        {
            "type": "auto",
            "zone": "V",
            "timing": "on_attack_hits",
            "condition": {"generation_break": 1},
            "effect": {"power": 2000, "target": "vanguard", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "at the end of the battle (7.7.1.1)",
        {
            "type": "auto",
            "zone": "R",
            "timing": "end_of_battle",
            "effect": {"power": -2000, "target": "FL", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "at the end of turn (6.8.1.3)",
        {"type": "auto", "timing": "end_of_turn", "effect": {"power": 1000, "target": "BC", "until": "end_of_turn"}},
    ),
    (
        "cont",
        "a continuous ability (8.1.1.3)",
        {"type": "cont", "zone": "V", "condition": {"limit_break": 4}, "effect": {"power": 2000, "target": "self"}},
    ),
)
"""One example of each word the reader reads: the site's table shows each as its text, and the tests read it
back."""
