"""Parser for comprehensive rules whose clauses carry dotted labels (WS, VG).

The texts come from PDF extractions, so a label is not always where it should
be.  The parser accepts a label at the start of a line (after a list bullet), and
also in the middle of a line when it is glued to the text before it
("...Abilities, and Effects8.4.1. When a check timing...").  A mid-line number
only starts a clause when it is the number that can come next in the tree, ends
with a period, is followed by words and is not introduced by a referring word
("return to 4.9.1.1."); otherwise it is a reference and stays in the text.

Everything the parser has to forgive is reported as a lint finding: a label
glued to the text before it, a label with no space or no period after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules_index.model import Clause, Document, Finding, FindingKind

BODY_START = re.compile(r"^\s*Rules\s*$")
BODY_END = re.compile(r"^\s*Changelog\s*$")

LIST_BULLET = re.compile(r"^(?:[-•]\s*)+")
FIGURE_LEGEND = re.compile(r"^(?:\(\d+\)|[\u2460-\u2473]|\d+\))\s|^\d+\s+[A-Z][\w ()]*$")
"""Legends of card diagrams ("(1) Japanese Card Name", "8 Power", "7) Critical")."""

LINE_LABEL = re.compile(r"^(?:Section\s+)?(?P<number>\d+(?:\.\d+)*)(?P<period>\.?)(?P<space>\s*)(?P<rest>.*)$")
MIDLINE_LABEL = re.compile(r"(?<!\d)(?<!\d\.)(?P<number>\d+(?:\.\d+)+)\.(?P<space>\s*)(?=[A-Za-z\"“])")
REFERRING_WORD = re.compile(
    r"(?:\b(?:to|see|See|refer|Refer|Clause|clause|Section|section|in|of|from|and|or|by|per|at|under|with)|[(\[–-])\s*$"
)
MARKDOWN_BOLD = re.compile(r"\*\*")


@dataclass(slots=True)
class _Pending:
    """A clause being read: its label and the text lines gathered so far."""

    number: str
    line: int
    pieces: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ParseResult:
    """What a parser returns: the clauses in document order and what it forgave."""

    clauses: list[Clause]
    findings: list[Finding]
    first_lines: list[str] = field(default_factory=list)
    """Per clause, the text on its label's own line: a heading is never longer."""


def _components(number: str) -> tuple[int, ...]:
    return tuple(int(part) for part in number.split("."))


def _successors(number: str) -> set[str]:
    """The numbers that may follow ``number`` in a well-formed tree."""
    parts = _components(number)
    following = {".".join(map(str, parts + (1,)))}
    for depth in range(len(parts), 0, -1):
        sibling = parts[: depth - 1] + (parts[depth - 1] + 1,)
        following.add(".".join(map(str, sibling)))
    return following


def _join(pieces: list[str]) -> str:
    """Join wrapped lines into one paragraph, mending words split at a hyphen."""
    text = ""
    for piece in pieces:
        piece = piece.strip()
        if not piece:
            continue
        if text.endswith("-") and len(text) > 1 and text[-2].isalpha() and piece[:1].isalpha():
            text += piece
        elif text:
            text += " " + piece
        else:
            text = piece
    return re.sub(r"\s+", " ", text).strip()


class _DottedReader:
    def __init__(self, document: Document) -> None:
        self.document = document
        self.pending: list[_Pending] = []
        self.findings: list[Finding] = []
        self.last_top = 0

    @property
    def current(self) -> _Pending | None:
        return self.pending[-1] if self.pending else None

    def finding(self, kind: FindingKind, number: str, line: int, message: str) -> None:
        self.findings.append(Finding(self.document.key, kind, f"{self.document.key}:{number}", line, message))

    def accept_line_label(self, match: re.Match[str]) -> bool:
        number, period, space, rest = match["number"], match["period"], match["space"], match["rest"]
        if "." not in number:
            return bool(period) and int(number) == self.last_top + 1 and rest[:1].isupper()
        if period:
            return True
        return bool(space) and rest[:1].isupper()

    def start(self, number: str, line: int) -> _Pending:
        if "." not in number:
            self.last_top = int(number)
        clause = _Pending(number, line)
        self.pending.append(clause)
        return clause

    def feed(self, line_number: int, raw: str) -> None:
        stripped = MARKDOWN_BOLD.sub("", LIST_BULLET.sub("", raw.strip()))
        if not stripped or FIGURE_LEGEND.match(stripped):
            return
        match = LINE_LABEL.match(stripped)
        if match and self.accept_line_label(match):
            number = match["number"]
            if not match["period"] and "." in number:
                self.finding(FindingKind.MISSING_PERIOD, number, line_number, f"label {number} has no closing period")
            elif match["period"] and not match["space"] and match["rest"]:
                self.finding(
                    FindingKind.MISSING_SPACE,
                    number,
                    line_number,
                    f"label {number}. runs into its text without a space: {stripped[:40]!r}",
                )
            self.start(number, line_number)
            self.feed_text(line_number, match["rest"])
        elif self.current is not None:
            self.feed_text(line_number, stripped)

    def feed_text(self, line_number: int, text: str) -> None:
        """Add text to the current clause, splitting off labels glued inside it."""
        while text:
            current = self.current
            assert current is not None
            split = self.find_glued_label(current.number, text)
            if split is None:
                current.pieces.append(text)
                return
            before, number, after = split
            current.pieces.append(before)
            self.finding(
                FindingKind.GLUED_LABEL,
                number,
                line_number,
                f"label {number}. is glued to the text of {self.document.key}:{current.number}: "
                f"{(before[-25:] + number + '.')!r}",
            )
            self.start(number, line_number)
            text = after

    def find_glued_label(self, current: str, text: str) -> tuple[str, str, str] | None:
        following = _successors(current)
        for match in MIDLINE_LABEL.finditer(text):
            if match.start() == 0 or match["number"] not in following:
                continue
            before = text[: match.start()]
            if REFERRING_WORD.search(before):
                continue
            return before, match["number"], text[match.end() :]
        return None


def parse_dotted(document: Document, text: str) -> ParseResult:
    """Read a dotted-label comprehensive rules text into clauses in document order.

    The table of contents before the line ``Rules`` and the changelog after the
    line ``Changelog`` are not the body and are skipped.
    """
    reader = _DottedReader(document)
    lines = text.splitlines()
    start = next((index + 1 for index, line in enumerate(lines) if BODY_START.match(line)), 0)
    for index in range(start, len(lines)):
        if BODY_END.match(lines[index]):
            break
        reader.feed(index + 1, lines[index])
    clauses = [
        Clause(id="", doc=document.key, number=item.number, text=_join(item.pieces), line=item.line, order=order)
        for order, item in enumerate(reader.pending)
    ]
    first_lines = [_join(item.pieces[:1]) for item in reader.pending]
    return ParseResult(clauses, reader.findings, first_lines)
