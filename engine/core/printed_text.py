"""Printed card text: what reading it shares in every game.

A card may give an ability as its printed text, a string, or all of them as ``text``,
its text box, one ability a line (``judge/site/printed-text.rst``).  Each game reads
its text with a grammar of its English templates (``engine.games.ws.text``), written
for the `lark <https://lark-parser.readthedocs.io>`_ parser, into the same records a
log may write in the structured shape; this module holds what every game's reading
shares:

* :func:`normalise`: the text as the grammar reads it: ASCII spellings as printed
  (``[AUTO]`` is ``【AUTO】``, ``<<Trait>>`` is ``《Trait》``), reminder text (a
  parenthesised sentence) left out, one space between words, and the game's
  wordings that mean the same written one way;
* :class:`TextReader`: a game's grammar, what builds a record from a parse, and what
  renders a record back as text.  A text is read only when the record it gives
  renders back to the normalised text: a parse that dropped or changed a word is
  never taken for a reading;
* :func:`pattern_of`: the template a text follows (numbers, names and traits left
  out), by which unread texts are counted.

Text that is not read is never guessed and never ignored: the game reports it where
it could act, and the verdict cannot be ``legal`` past it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ASCII_MARKS = re.compile(r"\[([A-Z][A-Z0-9 ]*[A-Z0-9])\]")
"""An ASCII bracketed mark, ``[AUTO]``, ``[COUNTER]``, ``[REST]``: the printed ``【AUTO】``."""
ASCII_TRAIT = re.compile(r"<<([^<>]+)>>")
SPACES = re.compile(r"\s+")
MARK_SPACING = re.compile(r"】(?=\S)(?![.,:)\]】])")
"""A mark followed by a word without a space (``【AUTO】【CLOCK】``): one space is written after it."""
TRAIT_SPACING = re.compile(r"(?<=\w)(?=《)|(?<=》)(?=\w)")
"""A trait written against a word (``other《Music》``, ``《Music》characters``): one space is written between."""
FULL_WIDTH = str.maketrans({"（": "(", "）": ")", "［": "[", "］": "]"})
"""Full-width parentheses and brackets, printed around some reminder texts and costs, are the ASCII ones."""
CURLY_QUOTES = str.maketrans({"“": '"', "”": '"'})
"""Typographic quotation marks, which stand around a name where a text has no straight ones (where it has, they
are part of a name: ``"“Poppin'Party” Kasumi Toyama"``)."""
NUMBERS = re.compile(r"\d[\d,]*")
NAMES = re.compile(r'"[^"]*"')
TRAITS = re.compile(r"《[^》]*》")

Record = dict[str, Any]


def normalise(
    text: str,
    same_wordings: Sequence[tuple[str | re.Pattern[str], str]] = (),
    marks_in_parentheses: Sequence[str] = (),
) -> str:
    """``text`` as a grammar reads it (the module's docstring says how); ``same_wordings`` are a game's
    ``(wording, as read)`` pairs of phrases that mean the same: a phrase, or a pattern where a number moves
    (``N multiplied by`` for ``×N``); ``marks_in_parentheses`` are a game's marks printed in parentheses, which
    are no reminder text (Vanguard's circles, ``(VC)``, ``(RC)``): each is read as a mark, ``【VC】``."""
    for mark in marks_in_parentheses:
        text = text.replace(f"({mark})", f"【{mark}】")
    text = ASCII_TRAIT.sub(r"《\1》", ASCII_MARKS.sub(r"【\1】", text)).translate(FULL_WIDTH)
    if '"' not in text:
        text = text.translate(CURLY_QUOTES)
    text = without_reminders(text)
    text = MARK_SPACING.sub("】 ", SPACES.sub(" ", text)).strip()
    text = TRAIT_SPACING.sub(" ", text)
    text = text.replace(" .", ".").replace(" ,", ",").replace("[ ", "[").replace(" ]", "]")
    for wording, read_as in same_wordings:
        text = wording.sub(read_as, text) if isinstance(wording, re.Pattern) else text.replace(wording, read_as)
    return text


def without_reminders(text: str) -> str:
    """``text`` without its reminder text: each outermost parenthesised part with a word in it.  A cost's stock
    (``[(1) ...]``) has no word and stays."""
    kept: list[str] = []
    depth = start = 0
    for at, character in enumerate(text):
        if character == "(":
            if depth == 0:
                start = at
            depth += 1
        elif character == ")" and depth:
            depth -= 1
            if depth == 0:
                group = text[start : at + 1]
                if any(letter.isalpha() for letter in group):
                    group = ""
                kept.append(group)
            continue
        if depth == 0:
            kept.append(character)
    if depth:  # an unclosed parenthesis: nothing is left out
        return text
    return "".join(kept)


def pattern_of(normalised: str) -> str:
    """The template a normalised text follows: numbers as ``N`` (a sign kept), quoted names as ``"…"``, traits
    as ``《…》``."""
    return NUMBERS.sub("N", TRAITS.sub("《…》", NAMES.sub('"…"', normalised)))


def text_lines(text: str) -> list[str]:
    """A ``text`` box's abilities, one a line (blank lines and lines of reminder text alone are none)."""
    return [line for line in text.splitlines() if without_reminders(line).strip()]


@dataclass(frozen=True, slots=True)
class Reading:
    """What reading one printed ability gave: its ``record`` in the structured shape, or None where it was not
    read, and why (``problem``)."""

    text: str
    normalised: str
    record: Record | None
    problem: str = ""

    @property
    def read(self) -> bool:
        return self.record is not None

    @property
    def pattern(self) -> str:
        return pattern_of(self.normalised)


class TextReader:
    """One game's reading of printed text: a lark grammar, ``build`` (the parse tree to a record) and ``render``
    (a record back to text).  The grammar is compiled at the first reading, once."""

    def __init__(
        self,
        grammar: Path,
        build: Callable[[Any], Record],
        render: Callable[[Record], str],
        same_wordings: Sequence[tuple[str | re.Pattern[str], str]] = (),
        marks_in_parentheses: Sequence[str] = (),
    ) -> None:
        self.grammar = grammar
        self.build = build
        self.render = render
        self.same_wordings = tuple(same_wordings)
        self.marks_in_parentheses = tuple(marks_in_parentheses)
        self._cache: dict[str, Reading] = {}
        self._parser: Any = None

    @property
    def parser(self) -> Any:
        """The grammar's LALR parser, compiled at its first use."""
        if self._parser is None:
            from lark import Lark

            self._parser = Lark(self.grammar.read_text(encoding="utf-8"), parser="lalr", maybe_placeholders=False)
        return self._parser

    def read(self, text: str) -> Reading:
        """The reading of one printed ability (memoised: a catalog repeats its texts)."""
        found = self._cache.get(text)
        if found is None:
            found = self._cache[text] = self._read(text)
        return found

    def _read(self, text: str) -> Reading:
        from lark.exceptions import LarkError

        normalised = normalise(text, self.same_wordings, self.marks_in_parentheses)
        if not normalised:
            return Reading(text, normalised, None, "no text")
        try:
            tree = self.parser.parse(normalised)
        except LarkError as error:
            return Reading(text, normalised, None, _where_reading_stops(normalised, error))
        try:
            record = self.build(tree)
        except ValueError as error:  # parsed, but the parts do not fit together ("+X" with no X said)
            return Reading(text, normalised, None, str(error))
        rendered = self.render(record)
        if rendered != normalised:
            return Reading(text, normalised, None, f"read as {rendered!r}, which is not the text")
        return Reading(text, normalised, {**record, "text": text})

    def read_all(self, texts: Iterable[str]) -> list[Reading]:
        return [self.read(text) for text in texts]


def printed_text_of(ability: object) -> str | None:
    """The printed text an ability as a card record writes it is: a string, or a mapping of its ``text`` alone;
    None for a structured ability."""
    if isinstance(ability, str):
        return ability
    if isinstance(ability, dict) and set(ability) == {"text"} and isinstance(ability["text"], str):
        return ability["text"]
    return None


def abilities_of(record: Mapping[str, Any]) -> list[Record | str]:
    """A card record's abilities as written: its ``abilities`` list, then its ``text`` box's lines."""
    abilities = list(record.get("abilities") or ())
    text = record.get("text")
    if isinstance(text, str):
        abilities.extend(text_lines(text))
    return abilities


def _where_reading_stops(normalised: str, error: Exception) -> str:
    """Which words the grammar could not go on from: the first it has no template for."""
    at = getattr(error, "pos_in_stream", None)
    if getattr(getattr(error, "token", None), "type", None) == "$END":
        return "the text ends before a template does"
    if not isinstance(at, int) or at >= len(normalised):
        return "the text ends before a template does" if isinstance(at, int) else "no template reads it"
    rest = normalised[at:]
    shown = rest if len(rest) <= 60 else rest[:60].rsplit(" ", 1)[0] + " …"
    return f"no template goes on from {shown!r}" if at else f"no template starts with {shown!r}"
