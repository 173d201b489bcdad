"""The card-text vocabulary: each word a card record may use, defined once, for every game.

An ability's record (``judge/site/log-format.rst``, "Card records") is made of words: its
timing, condition and cost, the operations of its effect (``power``, ``draw``), who an
operation goes to (``target``) and what narrows it (``with_trait``), how long a change lasts
(``until``).  Each word is a :class:`Word`: its name, its part of an ability, what it means,
the values it takes (:class:`Value`) and the clauses of the game that govern it.  A word
every game uses is defined here once (``POWER``, ``SELF``, ``END_OF_TURN``), with its meaning
and its values; each game that uses it says which of its clauses govern it
(``POWER.governed_by(...)``), adds its own words (its zones, its keyword actions) in its own
module and gathers them into a :class:`Vocabulary`.

From a game's vocabulary come the three things that must agree with one another: the
log reader's check of a record (:meth:`Vocabulary.problem`), the JSON Schema of the
record's parts (:meth:`Vocabulary.properties`) and the site's table of the words
(:meth:`Vocabulary.rows`); and the clauses an ability cites when the engine plays it
(:meth:`Vocabulary.clauses`).  What carries a word out is the game's: each engine has a
hook for each operation it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

Schema = dict[str, Any]

Part = Literal["operation", "qualifier", "target", "duration", "timing", "condition", "cost"]
PARTS: Final[tuple[Part, ...]] = ("timing", "condition", "cost", "operation", "qualifier", "target", "duration")
"""The parts of an ability a word belongs to: when an automatic ability triggers (a value of its ``timing``),
what its ``condition`` asks, what its ``cost`` pays, an operation of its effect (the key that says what is done),
a qualifier of an operation (who or what it narrows to, where a card goes), one of the values of ``target`` (who
an operation goes to) and one of the values of ``until`` (how long a change lasts)."""


@dataclass(frozen=True, slots=True)
class Value:
    """What a word's value may be: ``expected`` in words (``a whole number``), its JSON Schema, and ``fits``, the
    log reader's check of it.  The factories below make the kinds the vocabulary uses."""

    expected: str
    schema: Schema
    fits: Callable[[Any], bool]


def _is_integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def number(minimum: int | None = None) -> Value:
    """An integer (a change of power may be negative), at least ``minimum`` where one is given."""
    if minimum is None:
        return Value("an integer", {"type": "integer"}, _is_integer)
    return Value(
        f"a whole number of {minimum} or more",
        {"type": "integer", "minimum": minimum},
        lambda value: _is_integer(value) and value >= minimum,
    )


def true() -> Value:
    """``true`` alone: a word that says its operation happens, with nothing to add."""
    return Value("true", {"const": True}, lambda value: value is True)


def flag() -> Value:
    """``true`` or ``false``."""
    return Value("true or false", {"type": "boolean"}, lambda value: isinstance(value, bool))


def one_of(names: Iterable[str]) -> Value:
    """One of ``names``."""
    choices = tuple(names)
    return Value(f"one of {', '.join(choices)}", {"enum": list(choices)}, lambda value: value in choices)


def one_of_numbers(numbers: Iterable[int]) -> Value:
    """One of ``numbers`` (not ``true`` nor ``false``, which Python counts as 1 and 0)."""
    choices = tuple(numbers)
    return Value(
        f"one of {', '.join(map(str, choices))}",
        {"type": "integer", "enum": list(choices)},
        lambda value: _is_integer(value) and value in choices,
    )


def name(what: str) -> Value:
    """A name that is not empty: a trait's, a card's, a colour's (``what``)."""
    return Value(
        f"a {what}'s name",
        {"type": "string", "minLength": 1},
        lambda value: isinstance(value, str) and bool(value),
    )


def names_or_name(what: str) -> Value:
    """One name, or a list of one or more (a card with any of them fits)."""
    one: Schema = {"type": "string", "minLength": 1}

    def fits(value: Any) -> bool:
        if isinstance(value, str):
            return bool(value)
        return isinstance(value, list) and bool(value) and all(isinstance(item, str) and item for item in value)

    return Value(
        f"a {what}'s name, or a list of them",
        {"anyOf": [one, {"type": "array", "minItems": 1, "items": one}]},
        fits,
    )


def choice_among(names: Iterable[str], at_least: int = 2) -> Value:
    """A list of ``at_least`` or more of ``names``: the places the master of the effect chooses among."""
    choices = tuple(names)
    return Value(
        f"a choice among {', '.join(choices)}",
        {"type": "array", "items": {"enum": list(choices)}, "minItems": at_least},
        lambda value: isinstance(value, list) and len(value) >= at_least and set(value) <= set(choices),
    )


def mapping(what: str) -> Value:
    """A mapping, ``what`` says of what; the game checks its inside (an ability given, a count)."""
    return Value(what, {"type": "object"}, lambda value: isinstance(value, dict))


def operation_or_list() -> Value:
    """One operation, or a list of one or more done in order, each checked as an operation is."""
    return Value(
        "an operation, or a list of operations",
        {"anyOf": [{"type": "object"}, {"type": "array", "minItems": 1, "items": {"type": "object"}}]},
        lambda value: (
            isinstance(value, dict)
            or (isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value))
        ),
    )


def operations_list() -> Value:
    """A list of one or more operations, each checked as an operation is."""
    return Value(
        "a list of operations",
        {"type": "array", "minItems": 1, "items": {"type": "object"}},
        lambda value: isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value),
    )


@dataclass(frozen=True, slots=True)
class Word:
    """One word of the vocabulary: its ``name`` as a record writes it, its ``part`` of an ability, its
    ``meaning``, the ``value`` it takes (none for a word that is itself a value, a target or a duration) and the
    ``clauses`` that govern it, prefixed by their game (``ws:8.2.1.2``): a word of several games lists each's."""

    name: str
    part: Part
    meaning: str
    value: Value | None = None
    clauses: tuple[str, ...] = ()

    def governed_by(self, *clauses: str) -> Word:
        """This word as a game uses it: the same meaning and values, with the clauses of that game that govern it
        (a shared word is defined here without any: the clauses are each game's to say)."""
        return replace(self, clauses=(*self.clauses, *clauses))

    def clauses_in(self, game: str) -> tuple[str, ...]:
        """The clauses of ``game`` (``ws``) that govern this word."""
        return tuple(clause for clause in self.clauses if clause.startswith(f"{game}:"))

    def schema(self) -> Schema:
        """The word's JSON Schema: its meaning as the description, and its value's schema."""
        return {"description": self.meaning, **(self.value.schema if self.value is not None else {})}


class Vocabulary:
    """One game's words: those every game shares that it uses, and its own.  A word is named once in each part."""

    def __init__(self, game: str, words: Iterable[Word]) -> None:
        self.game = game
        self.words = tuple(words)
        self._by_part: dict[str, dict[str, Word]] = {part: {} for part in PARTS}
        for word in self.words:
            if word.name in self._by_part[word.part]:
                raise ValueError(f"{game}: the {word.part} {word.name!r} is defined twice")
            self._by_part[word.part][word.name] = word

    def of(self, part: Part) -> dict[str, Word]:
        """The words of ``part``, by name, in the order they were defined."""
        return self._by_part[part]

    def names(self, part: Part) -> tuple[str, ...]:
        return tuple(self._by_part[part])

    def word(self, part: Part, name: str) -> Word:
        return self._by_part[part][name]

    def problem(self, part: Part, name: str, value: Any) -> str | None:
        """What is wrong with ``value`` for the word ``name`` of ``part``, in words (``look 0 is not a whole
        number of 1 or more``), or None where it fits."""
        word = self._by_part[part].get(name)
        if word is None:
            return f"{name!r} is not one of the {part}s: {', '.join(self._by_part[part])}"
        if word.value is None or word.value.fits(value):
            return None
        if word.value.schema.get("const") is True:
            return f"{name} is {value!r}, not true"
        return f"{name} {value!r} is not {word.value.expected}"

    def properties(self, part: Part) -> dict[str, Schema]:
        """The JSON Schema of each word of ``part``, by name."""
        return {name: word.schema() for name, word in self._by_part[part].items()}

    def value_descriptions(self, part: Part) -> str:
        """The words of ``part`` and their meanings in one sentence, for the description of the key they are the
        values of: ``self: The ability's own card; choose: ...``."""
        return "; ".join(f"{word.name}: {word.meaning.rstrip('.')}" for word in self._by_part[part].values())

    def clauses(self, part: Part, name: str) -> tuple[str, ...]:
        """The clauses of this game that govern the word ``name`` of ``part`` (none for a word it does not have)."""
        word = self._by_part[part].get(name)
        return word.clauses_in(self.game) if word is not None else ()

    def rows(self) -> list[tuple[str, str, str, str, tuple[str, ...]]]:
        """The site's table of the words: part, name, meaning, the value it takes, and the clauses of this game."""
        return [
            (word.part, word.name, word.meaning, word.value.expected if word.value else "", word.clauses_in(self.game))
            for part in PARTS
            for word in self._by_part[part].values()
        ]


# --------------------------------------------------------------------------- the words every game shares

POWER: Final = Word(
    "power",
    "operation",
    "The target gets +N power (a negative N lowers it), for as long as 'until' says.",
    number(),
)
TARGET: Final = Word(
    "target",
    "qualifier",
    "Who the operation goes to.",
)
"""The qualifier ``target``; its values are the game's words of the part ``target`` (``with_values``), each with
the clauses of its own."""
UNTIL: Final = Word(
    "until",
    "qualifier",
    "How long a change lasts.",
)
"""The qualifier ``until``; its values are the game's words of the part ``duration``."""
SELF: Final = Word("self", "target", "The ability's own card.")
END_OF_TURN: Final = Word(
    "end_of_turn",
    "duration",
    "Until end of turn: the change ends in the turn's end phase.",
)
END_OF_BATTLE: Final = Word(
    "end_of_battle",
    "duration",
    "Until end of battle: the change ends when the battle does.",
)


def with_values(word: Word, values: Sequence[Word]) -> Word:
    """``word`` (``target``, ``until``) taking one of ``values`` (the game's targets, its durations), the first of
    them where none is written."""
    meaning = f"{word.meaning.rstrip('.')} ({values[0].name} where none is written)."
    return Word(word.name, word.part, meaning, one_of(value.name for value in values), word.clauses)


STRUCTURED_EFFECT: Final = ("power", "target", "until")
"""The words of the one structured effect every engine plays itself, ``{power: N, target, until}``."""


def structured_effect_vocabulary(
    game: str,
    governing: Sequence[str],
    targets: Sequence[Word],
    durations: Sequence[Word],
    target_value: Value | None = None,
    others: Sequence[Word] = (),
) -> Vocabulary:
    """The vocabulary of the structured effect in ``game``, whose ``governing`` clauses say how an effect is done
    (they govern its power, target and until), with its own targets and durations (the first of each where none
    is written); ``target_value`` where a target may also be named otherwise than by one of ``targets`` (a card's
    address); ``others``, the conditions and costs the game's engine checks and pays."""
    target = with_values(TARGET, targets).governed_by(*governing)
    if target_value is not None:
        target = Word(TARGET.name, TARGET.part, target.meaning, target_value, target.clauses)
    until = with_values(UNTIL, durations).governed_by(*governing)
    return Vocabulary(game, (*others, POWER.governed_by(*governing), target, until, *targets, *durations))


def fits(vocabulary: Vocabulary, part: Part, record: Any) -> bool:
    """Whether ``record`` (a condition, a cost) is a mapping of words of ``part``, each with a value it takes."""
    return isinstance(record, dict) and all(
        vocabulary.problem(part, key, value) is None for key, value in record.items()
    )


def fits_structured_effect(effect: Any, vocabulary: Vocabulary) -> bool:
    """Whether ``effect`` is the structured effect as ``vocabulary`` (``structured_effect_vocabulary``) says it:
    a power change and at most its target and duration, each with a value it takes."""
    return (
        isinstance(effect, dict)
        and "power" in effect
        and set(effect) <= set(STRUCTURED_EFFECT)
        and all(
            vocabulary.problem("operation" if key == "power" else "qualifier", key, value) is None
            for key, value in effect.items()
        )
    )


__all__ = [
    "END_OF_BATTLE",
    "END_OF_TURN",
    "PARTS",
    "POWER",
    "SELF",
    "TARGET",
    "UNTIL",
    "Part",
    "Schema",
    "Value",
    "Vocabulary",
    "Word",
    "choice_among",
    "fits",
    "fits_structured_effect",
    "flag",
    "mapping",
    "name",
    "names_or_name",
    "number",
    "one_of",
    "one_of_numbers",
    "operations_list",
    "STRUCTURED_EFFECT",
    "structured_effect_vocabulary",
    "true",
    "with_values",
]


def structured_clauses(vocabulary: Vocabulary, record: Any) -> tuple[str, ...]:
    """The clauses of the words an ability record in the shared shape uses (``{condition, cost, effect}``): each
    condition's and cost's, and the effect's power, target and duration, in ``vocabulary``'s game."""
    found: list[str] = []
    for name in record.get("condition") or {}:
        found.extend(vocabulary.clauses("condition", name))
    for name in record.get("cost") or {}:
        found.extend(vocabulary.clauses("cost", name))
    effect = record.get("effect") or {}
    found.extend(vocabulary.clauses("operation", "power"))
    found.extend(vocabulary.clauses("target", str(effect.get("target", "self"))))
    if "until" in effect:
        found.extend(vocabulary.clauses("duration", str(effect["until"])))
    return tuple(dict.fromkeys(found))
