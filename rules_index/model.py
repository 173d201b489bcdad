"""The data model of the rules index: documents, clauses, references, findings.

A *clause* is one numbered paragraph of a comprehensive-rules document (or one
heading of a beginner sheet).  Its id is ``<doc>:<number>``: ``ws:4.10.1.2``,
``vg:8.4.1.1``, ``wl:7.1.4.1.2``.  A number the document prints twice gives two
clauses; the second is ``<doc>:<number>#2`` so that both stay reachable.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class DocumentKind(enum.Enum):
    """How a document is organised, which decides the parser that reads it."""

    DOTTED = "dotted"
    """Clauses labelled with dotted numbers in the text (``4.10.1.2.``)."""

    NESTED_LIST = "nested-list"
    """Clauses numbered by the nesting of an indented list; ids are derived."""

    MARKDOWN_SHEET = "markdown-sheet"
    """A Markdown sheet indexed by its headings and bold list terms."""

    OUTLINE_GUIDE = "outline-guide"
    """A plain-text guide with bullets and numbered items, indexed by headings."""


@dataclass(frozen=True, slots=True)
class Document:
    """One rules document: bundled with the package, or added by a game that brings its own."""

    key: str
    """Id prefix of its clauses: ``ws``, ``vg``, ``wl``, ``ws-sheet``, ``ws-guide``."""
    filename: str
    """File name inside ``rules_index/data``."""
    title: str
    game: str
    """The game it describes: ``ws``, ``vg`` or ``wl``."""
    kind: DocumentKind
    hyphen_aliases: bool = False
    """True when the document writes its numbers with hyphens (``7-1-4-1-2``)."""
    path: str | None = None
    """Where the text is, for a document that does not ship in ``rules_index/data`` (one a game added
    through ``rules_index.documents.add_document`` brings); None for a bundled one."""
    short: str = ""
    """The name a page of the rules site gives it before its own title (``Weiss Schwarz CR 2.00``); empty: the
    whole title."""

    @property
    def short_title(self) -> str:
        """``short``, or the title where there is none."""
        return self.short or self.title


class ReferenceKind(enum.Enum):
    """How a cross-reference was written in the clause text."""

    NUMBER = "number"
    """A clause number: ``Clause 3.3.3.1``, ``return to 4.9.1.1``, ``(see 6-5-3-1.)``."""
    RANGE = "range"
    """One member of a range such as ``8.7.1.1-8.7.1.3``."""
    TITLE = "title"
    """A section named by its title: ``See "Attack and Battle"``."""


@dataclass(slots=True)
class Reference:
    """A cross-reference from one clause to another, as written in the text."""

    source: str
    """Id of the clause whose text contains the reference."""
    target_number: str
    """The number (or title) the text names, normalised to dotted form."""
    written: str
    """The reference exactly as it appears in the text."""
    line: int
    """Line of the source document where the reference is written."""
    kind: ReferenceKind = ReferenceKind.NUMBER
    target: str | None = None
    """Id of the clause it resolves to, or None when it resolves to nothing."""

    def to_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "target": self.target,
            "target_number": self.target_number,
            "written": self.written,
            "kind": self.kind.value,
            "line": self.line,
        }


@dataclass(slots=True)
class TermUse:
    """A defined term used in a clause, linked to the clause that defines it."""

    term: str
    defined_by: str


@dataclass(slots=True)
class Clause:
    """One clause of a rules document, with its place in the clause tree."""

    id: str
    doc: str
    number: str
    """The number as the document prints it, in dotted form (``4.10.1.2``)."""
    text: str
    line: int
    """1-based line in the source file where the clause starts."""
    order: int
    """Position of the clause in document order (0-based, per document)."""
    title: str = ""
    """The heading text, for clauses that are headings."""
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    refs: list[Reference] = field(default_factory=list)
    """References this clause makes."""
    referenced_by: list[str] = field(default_factory=list)
    """Ids of the clauses whose references resolve to this one."""
    terms: list[TermUse] = field(default_factory=list)
    """Defined terms this clause uses, each linked to its defining clause."""
    defines: list[str] = field(default_factory=list)
    """Terms this clause defines."""
    label: str = ""
    """The label as printed, when it differs from the number (``7-1-3-1.``)."""

    @property
    def heading(self) -> str:
        """The title when there is one, otherwise the start of the text."""
        if self.title:
            return self.title
        return self.text if len(self.text) <= 72 else self.text[:69].rstrip() + "..."

    def to_dict(self) -> dict[str, object]:
        """The clause as a JSON-ready mapping (the export format)."""
        return {
            "id": self.id,
            "doc": self.doc,
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "parent": self.parent,
            "children": list(self.children),
            "line": self.line,
            "order": self.order,
            "refs": [ref.target or ref.target_number for ref in self.refs],
            "referenced_by": list(self.referenced_by),
            "terms": [{"term": use.term, "defined_by": use.defined_by} for use in self.terms],
            "defines": list(self.defines),
        }


class FindingKind(enum.Enum):
    """The kinds of mistakes the lint finds in a rules document."""

    UNRESOLVED_REFERENCE = "unresolved-reference"
    """A reference to a clause number or section title that does not exist."""
    NUMBERING_GAP = "numbering-gap"
    """A sibling sequence skips a number (4.12.2.8 followed by 4.12.2.10)."""
    DUPLICATE_NUMBER = "duplicate-number"
    """The same clause number is printed twice."""
    GLUED_LABEL = "glued-label"
    """A clause label is glued to the text of the clause before it, on the same line."""
    MISSING_SPACE = "missing-space"
    """A clause label runs into its own text without a space (``1.2.2.2.During``)."""
    MISSING_PERIOD = "missing-period"
    """A clause label lacks the period that closes it (``4.1.1.1 Abilities``)."""
    LABEL_MISMATCH = "label-mismatch"
    """A label written into the text names another number than the nesting gives."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One lint finding, located in the source document."""

    doc: str
    kind: FindingKind
    clause: str
    line: int
    message: str
    target: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "doc": self.doc,
            "kind": self.kind.value,
            "clause": self.clause,
            "target": self.target,
            "line": self.line,
            "message": self.message,
        }
