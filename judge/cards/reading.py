"""How much of a catalog's printed text the engine reads: per card, per ability, and the unread by pattern.

``judge cards read`` and ``judge cards show`` print what this finds.  A card is *read* when every one of its
abilities is: a printed ability the game's grammar reads (``engine.games.ws.text``), or a structured one the
engine plays.  An unread ability is counted under its pattern (``engine.core.printed_text.pattern_of``: numbers,
names and traits left out), so that the largest gaps of the vocabulary show first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.card_records import ability_words
from engine.core.printed_text import Reading, pattern_of, printed_text_of, text_lines
from judge import games


@dataclass(frozen=True, slots=True)
class AbilityReading:
    """One ability of a card: as written, whether the engine plays it, what it is read as and what it cites."""

    written: str
    """The printed text, or a structured ability's words."""
    read: bool
    record: dict[str, Any] | None = None
    """What it is played as, in the structured shape (None where it is not read)."""
    problem: str = ""
    """Why it is not read."""
    pattern: str = ""
    """The template of an unread text."""
    clauses: tuple[str, ...] = ()
    """The clauses the engine cites when it plays it."""

    def to_dict(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"text": self.written, "read": self.read}
        if self.record is not None:
            shown["as"] = {key: value for key, value in self.record.items() if key != "text"}
            shown["clauses"] = list(self.clauses)
        else:
            shown["problem"] = self.problem
            shown["pattern"] = self.pattern
        return shown


@dataclass(slots=True)
class CatalogReading:
    """What reading every card of a catalog found."""

    cards: int = 0
    read: int = 0
    """Cards every ability of which is read (a card without abilities among them)."""
    abilities: int = 0
    abilities_read: int = 0
    unread: Counter[str] = field(default_factory=Counter)
    """Pattern -> unread abilities that follow it."""
    examples: dict[str, str] = field(default_factory=dict)
    """Pattern -> the first card id with an unread ability of it."""

    def add(self, card_id: str, readings: list[AbilityReading]) -> None:
        self.cards += 1
        self.abilities += len(readings)
        done = sum(reading.read for reading in readings)
        self.abilities_read += done
        self.read += done == len(readings)
        for reading in readings:
            if not reading.read:
                self.unread[reading.pattern] += 1
                self.examples.setdefault(reading.pattern, card_id)

    def to_dict(self, patterns: int | None = None) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "read": self.read,
            "abilities": self.abilities,
            "abilities_read": self.abilities_read,
            "unread": [
                {"pattern": pattern, "abilities": count, "example": self.examples[pattern]}
                for pattern, count in self.unread.most_common(patterns)
            ],
        }


def shared_shape_readings(
    record: Mapping[str, Any],
    read_text: Callable[[str], Reading],
    plays: Callable[[dict[str, Any]], bool],
    clauses_of: Callable[[dict[str, Any]], tuple[str, ...]],
) -> list[AbilityReading]:
    """The readings of a card record's abilities (its ``abilities`` list, or where it has none, its ``text`` box) in
    a game whose abilities are all of the shared shape (Vanguard, ENERGIO!!): each printed ability as the game's grammar reads it (``read_text``), each structured one as
    written; read where the engine ``plays`` it, with the clauses it then cites."""
    written_abilities = list(record.get("abilities") or ())
    if not written_abilities and isinstance(record.get("text"), str):
        written_abilities = list(text_lines(record["text"]))
    readings = []
    for ability in written_abilities:
        text = printed_text_of(ability)
        if text is not None:
            reading = read_text(text)
            if reading.record is None:
                readings.append(AbilityReading(text, False, problem=reading.problem, pattern=reading.pattern))
                continue
            written, shaped = text, reading.record
        elif isinstance(ability, dict):
            written, shaped = ability_words(ability), ability
        else:
            readings.append(AbilityReading(repr(ability), False, problem="not an ability", pattern="?"))
            continue
        if plays(shaped):
            readings.append(AbilityReading(written, True, shaped, clauses=clauses_of(shaped)))
        else:
            problem = "outside the vocabulary the engine plays"
            readings.append(AbilityReading(written, False, problem=problem, pattern=pattern_of(written)))
    return readings


def read_card(game: str, record: Mapping[str, Any]) -> list[AbilityReading]:
    """The readings of a card record's abilities, in ``game``'s words; NotImplementedError for a game that has
    no reader of printed text yet."""
    return games.get(game).read_card_abilities(dict(record))


def read_catalog(
    game: str, catalog: Mapping[str, Mapping[str, Any]], ids: Iterable[str] | None = None
) -> CatalogReading:
    """What reading the cards of ``catalog`` (those of ``ids``, or all) finds."""
    found = CatalogReading()
    for card_id in catalog if ids is None else ids:
        found.add(card_id, read_card(game, catalog[card_id]))
    return found
