"""ENERGIO!! printed text, read into the card records the engine plays (wl 8.1, 8.3, 10.2).

The grammar, ``printed_text.lark`` beside this module, holds the English templates the
engine plays: an effect's activation timing ([Main], [Counter], [Trigger], [Activate:
Main] and the auto effects' timings of 10.2), [Once Per Turn] (10.2.13), its conditions
([ENERGIO!! xX], [Your Turn], [Opponent's Turn]: 8.3.2), its activation cost before the
colon (① and trashing from the hand: 8.3.1.5, 10.2.14), or a permanent effect with no
timing (8.1.3.4); and the one structured effect, power to the card itself, the Leader,
or the Leader or a Character the entry names, during this turn or this battle.  A text
is read into the shape a log may write, and taken as read only when :func:`render`
writes that record back as the same text (``engine.core.printed_text``); any other text
stays card text the engine reports (``engine.games.wl.card_text``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from lark import Token, Tree

from engine.core.printed_text import Reading, Record, TextReader
from engine.core.vocabulary import structured_clauses

TIMINGS: Final = {
    "main": "[Main]",
    "counter": "[Counter]",
    "trigger": "[Trigger]",
    "activate_main": "[Activate: Main]",
    "on_play": "[On Play]",
    "when_attacking": "[When Attacking]",
    "on_opponents_attack": "[On Your Opponent's Attack]",
    "on_block": "[On Block]",
    "on_ko": "[On K.O.]",
    "end_of_your_turn": "[End of Your Turn]",
    "end_of_opponents_turn": "[End of Your Opponent's Turn]",
}
"""An effect's activation timing and its keyword (10.2)."""
ACTIVATED: Final = ("main", "activate_main")
"""The timings of effects a player activates ([Main] Events, [Activate: Main]): ``type: act``; the others are
``auto``, and an effect with no timing is a permanent one, ``cont``."""
SUBJECTS: Final = {
    "leader": "Your Leader",
    "self": "This Character",
    "leader_or_character": "Your Leader or 1 of your Characters",
}
DURATIONS: Final = {"end_of_turn": "during this turn", "end_of_battle": "during this battle"}
CIRCLED: Final = "①②③④⑤⑥⑦⑧⑨⑩"
"""① to ⑩: an activation cost of resting that many active ENERGIO!! cards (8.3.1.5)."""
SAME_WORDINGS: Final[tuple[tuple[str, str], ...]] = (
    ("’", "'"),
    *((f"({number}):", f"{symbol}:") for number, symbol in enumerate(CIRCLED, 1)),
    *((f"({number}) ", f"{symbol} ") for number, symbol in enumerate(CIRCLED, 1)),
)


class _Build:
    """The parse tree of one effect as its record."""

    def walk(self, node: Any) -> Any:
        if isinstance(node, Tree):
            children = [self.walk(child) for child in node.children]
            rule = str(node.data)
            method = getattr(self, rule, None)
            return method(children) if method is not None else self.simple(rule, children)
        return node

    def start(self, children: list[Any]) -> Record:
        return dict(children[0])

    def timed(self, children: list[Any]) -> Record:
        timing = next(child[1] for child in children if isinstance(child, tuple) and child[0] == "timing")
        return _effect("act" if timing in ACTIVATED else "auto", children)

    def permanent(self, children: list[Any]) -> Record:
        return _effect("cont", children)

    def energio_given(self, children: list[Any]) -> tuple[str, str, int]:
        return ("condition", "energio", int(children[0]))

    def your_turn(self, _: list[Any]) -> tuple[str, str, str]:
        return ("condition", "turn", "yours")

    def opponents_turn(self, _: list[Any]) -> tuple[str, str, str]:
        return ("condition", "turn", "opponents")

    def cost(self, children: list[Any]) -> tuple[str, dict[str, int]]:
        cost: dict[str, int] = {}
        for child in children:
            if isinstance(child, Token):
                cost["energio"] = CIRCLED.index(str(child)) + 1
            else:
                cost["trash"] = child
        return ("cost", cost)

    def trash(self, children: list[Any]) -> int:
        count, cards = children
        if (int(count) == 1) != (str(cards) == "card"):
            raise ValueError("one card, or several cards")
        return int(count)

    def simple(self, data: str, children: list[Any]) -> Any:
        """A rule with no method of its own: a timing, a target or a duration, each the word it is named for."""
        if data in TIMINGS:
            return ("timing", str(data))
        if data in SUBJECTS:
            return ("target", str(data))
        if data in ("until_end_of_turn", "until_end_of_battle"):
            return ("until", str(data).removeprefix("until_"))
        raise ValueError(f"no reading of the template {data}")


def _effect(kind: str, children: list[Any]) -> Record:
    """An effect's record from its parts: its timing, [Once Per Turn], conditions, cost, target, power and how long
    the change lasts."""
    record: Record = {"type": kind}
    effect: Record = {}
    condition: Record = {}
    for child in children:
        if isinstance(child, Token) and child.type == "ONCE_PER_TURN":
            record["once_per_turn"] = True
        elif isinstance(child, Token) and child.type == "POWER":
            effect["power"] = int(str(child).removesuffix(" power"))
        elif isinstance(child, tuple) and child[0] == "condition":
            if child[1] in condition:
                raise ValueError(f"two conditions of {child[1]}")
            condition[child[1]] = child[2]
        elif isinstance(child, tuple) and child[0] in ("target", "until"):
            effect[child[0]] = child[1]
        elif isinstance(child, tuple):
            record[child[0]] = child[1]
    if condition:
        record["condition"] = condition
    record["effect"] = {"power": effect["power"], "target": effect["target"]}
    if "until" in effect:
        record["effect"]["until"] = effect["until"]
    return record


def render(record: Record) -> str:
    """The printed text ``record`` reads from, as :func:`engine.core.printed_text.normalise` writes it.  An effect
    with a timing changes power during this turn where the record says no more (``until`` left out)."""
    marks = [TIMINGS[str(record["timing"])]] if record.get("type") != "cont" else []
    if record.get("once_per_turn"):
        marks.append("[Once Per Turn]")
    condition = record.get("condition") or {}
    if "energio" in condition:
        marks.append(f"[ENERGIO!! x{condition['energio']}]")
    if "turn" in condition:
        marks.append("[Your Turn]" if condition["turn"] == "yours" else "[Opponent's Turn]")
    cost = record.get("cost") or {}
    paid = []
    if cost.get("energio"):
        paid.append(CIRCLED[int(cost["energio"]) - 1])
    if cost.get("trash"):
        paid.append(f"Trash {cost['trash']} card{'s' if cost['trash'] != 1 else ''} from your hand")
    if paid:
        marks.append(" ".join(paid) + ":")
    effect = record["effect"]
    sentence = f"{SUBJECTS[str(effect.get('target', 'self'))]} gets {int(effect['power']):+d} power"
    if record.get("type") != "cont":
        sentence += f" {DURATIONS[str(effect.get('until', 'end_of_turn'))]}"
    return " ".join([*marks, sentence + "."])


def _build(tree: Any) -> Record:
    """The record of a parse tree; a ValueError where its parts do not fit together (a cost named twice)."""
    record = _Build().walk(tree)
    assert isinstance(record, dict)
    return record


READER: Final = TextReader(Path(__file__).with_name("printed_text.lark"), _build, render, SAME_WORDINGS)


def read_ability(text: str) -> Reading:
    """The reading of one printed ENERGIO!! effect."""
    return READER.read(text)


def ability_record(text: str) -> Record:
    """The record a card's printed effect is played as: what it reads as, or, where it is not read, its text with
    the timing its keyword gives (an Event's [Counter] stays a [Counter] Event, 10.2.4.1), for the engine to
    report where it acts."""
    reading = read_ability(text)
    if reading.record is not None:
        return reading.record
    for timing, keyword in TIMINGS.items():
        if reading.normalised.startswith(keyword):
            return {"text": text, "type": "act" if timing in ACTIVATED else "auto", "timing": timing}
    return {"text": text}


def clauses_of(record: Record) -> tuple[str, ...]:
    """The clauses the engine cites when it plays ``record``: its timing's keyword (10.1.5, 10.2) or a permanent
    effect's (8.1.3.4), [Once Per Turn] (10.2.13), and each condition's, cost's, target's and duration's, as the
    vocabulary gives them."""
    from engine.games.wl.playing import AUTO_TIMINGS, EFFECT_WORDS

    timing = str(record.get("timing"))
    own = (
        {
            "main": ("wl:10.2.3",),
            "activate_main": ("wl:10.2.2",),
            "counter": ("wl:10.2.4",),
            "trigger": ("wl:10.1.5",),
        }.get(timing)
        or AUTO_TIMINGS.get(timing)
        or ("wl:8.1.3.4",)
    )
    once = ("wl:10.2.13",) if record.get("once_per_turn") else ()
    return (*own, *once, *structured_clauses(EFFECT_WORDS, record))


EXAMPLES: Final[tuple[tuple[str, str, Record], ...]] = (
    (
        "event",
        "[Main] (10.2.3)",
        {"type": "act", "timing": "main", "effect": {"power": 2000, "target": "leader", "until": "end_of_turn"}},
    ),
    (
        "event",
        "[Counter] (10.2.4), your Leader or a Character (8.4.4)",
        {
            "type": "auto",
            "timing": "counter",
            "effect": {"power": 3000, "target": "leader_or_character", "until": "end_of_battle"},
        },
    ),
    (
        "trigger",
        "[Trigger] (10.1.5)",
        {"type": "auto", "timing": "trigger", "effect": {"power": 1000, "target": "leader", "until": "end_of_battle"}},
    ),
    (
        "activate",
        "[Activate: Main] (10.2.2), [Once Per Turn], [ENERGIO!! xX], ① (8.3.1.5)",
        {
            "type": "act",
            "timing": "activate_main",
            "once_per_turn": True,
            "condition": {"energio": 1},
            "cost": {"energio": 1},
            "effect": {"power": 2000, "target": "self", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "[On Play] (10.2.6), trashing (10.2.14)",
        {
            "type": "auto",
            "timing": "on_play",
            "cost": {"trash": 1},
            "effect": {"power": 1000, "target": "leader", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "[When Attacking] (10.2.5)",
        {
            "type": "auto",
            "timing": "when_attacking",
            "effect": {"power": 2000, "target": "self", "until": "end_of_battle"},
        },
    ),
    (
        "auto",
        "[On Your Opponent's Attack] (10.2.16), [Opponent's Turn]",
        {
            "type": "auto",
            "timing": "on_opponents_attack",
            "condition": {"turn": "opponents"},
            "effect": {"power": 1000, "target": "leader", "until": "end_of_battle"},
        },
    ),
    (
        "auto",
        "[On Block] (10.2.15)",
        {"type": "auto", "timing": "on_block", "effect": {"power": 3000, "target": "self", "until": "end_of_battle"}},
    ),
    (
        "auto",
        "[On K.O.] (10.2.17)",
        {"type": "auto", "timing": "on_ko", "effect": {"power": 2000, "target": "leader", "until": "end_of_turn"}},
    ),
    (
        "auto",
        "[End of Your Turn] (10.2.7)",
        {
            "type": "auto",
            "timing": "end_of_your_turn",
            "effect": {"power": 1000, "target": "leader", "until": "end_of_turn"},
        },
    ),
    (
        "auto",
        "[End of Your Opponent's Turn] (10.2.8)",
        {
            "type": "auto",
            "timing": "end_of_opponents_turn",
            "effect": {"power": 1000, "target": "self", "until": "end_of_turn"},
        },
    ),
    (
        "permanent",
        "a permanent effect (8.1.3.4), [Your Turn]",
        {"type": "cont", "condition": {"turn": "yours"}, "effect": {"power": 1000, "target": "self"}},
    ),
)
"""One example of each word the reader reads: the site's table shows each as its text, and the tests read it
back."""
