"""How each ability of a Weiss Schwarz card record is read (``judge cards read``, ``judge cards show``).

The engine does the reading (``engine.games.ws.text``, its grammar of printed text,
and ``engine.games.ws.abilities`` for the structured shape); this says, for each
ability a record writes, whether the engine plays it, what as, and which clauses it
then cites.
"""

from __future__ import annotations

from typing import Any

from engine.core.card_records import ability_words
from engine.core.printed_text import pattern_of, text_lines
from engine.games.ws import abilities, cards, operation_records
from engine.games.ws import text as printed
from engine.games.ws.vocabulary import VOCABULARY, clauses_of
from judge.cards.reading import AbilityReading


def read_card_abilities(record: dict[str, Any]) -> list[AbilityReading]:
    """The readings of ``record``'s abilities: its ``abilities`` list, or where it has none, its ``text`` box."""
    written = list(record.get("abilities") or ())
    if not written and isinstance(record.get("text"), str):
        written = text_lines(record["text"])
    readings = [_reading(ability) for ability in written]
    if record.get("type") == "event":  # an event's text is done as it resolves (8.6.2.4.2): no category of its own,
        # but for the rules of the card in the hand, which work there as a character's do (8.1.1.3)
        readings = [
            AbilityReading(
                reading.written,
                False,
                problem="an event card's text with a category mark is not played",
                pattern=pattern_of(reading.written),
            )
            if reading.read
            and reading.record is not None
            and reading.record.get("type") in ("auto", "act", "cont")
            and reading.record.get("zone") != "hand"
            else reading
            for reading in readings
        ]
    return readings


def _reading(ability: object) -> AbilityReading:
    if printed.is_printed_text(ability):
        text = ability if isinstance(ability, str) else ability["text"]  # type: ignore[index]
        reading = printed.read_ability(str(text))
        if reading.record is None:
            return AbilityReading(str(text), False, problem=reading.problem, pattern=reading.pattern)
        if abilities.unplayed(reading.record):  # read, but into a record the engine does not play
            return AbilityReading(
                str(text), False, problem="read into a shape the engine does not play", pattern=reading.pattern
            )
        return AbilityReading(str(text), True, reading.record, clauses=clauses_of(reading.record))
    if not isinstance(ability, dict):
        return AbilityReading(repr(ability), False, problem="not an ability", pattern="?")
    words = ability_words(ability)
    keyword = ability.get("keyword")
    if keyword is not None:
        known = keyword in cards.KEYWORDS
        problem = "" if known else f"no keyword {keyword!r}"
        return AbilityReading(words, known, ability if known else None, problem, pattern_of(words), clauses_of(ability))
    try:
        played = abilities.parse_ability(0, ability) is not None
    except operation_records.AbilityRecordError as error:
        return AbilityReading(words, False, problem=str(error), pattern=pattern_of(words))
    if not played:
        return AbilityReading(
            words, False, problem="outside the vocabulary the engine plays", pattern=pattern_of(words)
        )
    return AbilityReading(words, True, ability, clauses=clauses_of(ability))


def plays_in_full(record: dict[str, Any]) -> bool:
    """Whether the engine plays every part of a card record: each ability read, and trigger icons it plays (ws
    4.12.2; not the gate and choice icons): the cards a random deck of real cards is drawn from."""
    from engine.games.ws.cards import MODELLED_TRIGGERS

    triggers = record.get("triggers") or ()
    icons = {triggers} if isinstance(triggers, str) else set(triggers)
    return icons <= MODELLED_TRIGGERS and all(reading.read for reading in read_card_abilities(record))


def vocabulary() -> list[tuple[str, str, str, dict[str, Any], tuple[str, ...]]]:
    """The site's rows of the vocabulary (``engine.games.ws.vocabulary.VOCABULARY``): each example as the text the
    reader reads it from and the clauses it cites."""
    return [(kind, what, printed.render(record), record, clauses_of(record)) for kind, what, record in VOCABULARY]
