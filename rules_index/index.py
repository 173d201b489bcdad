"""The rules index: every clause of the five bundled documents, and lookups on them.

``load_index()`` is the entry point.  Parsing all five documents takes a few
hundred milliseconds, so the parsed index is cached (see ``rules_index.cache``),
keyed by the documents' content hash and the parser's version: a warm load is a
file read and an unpickle.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from rules_index.documents import DOCUMENTS_BY_KEY, documents, read_document_bytes
from rules_index.lint import lint
from rules_index.model import Clause, Document, DocumentKind, Finding
from rules_index.parse_dotted import ParseResult, parse_dotted
from rules_index.parse_nested import hyphen_to_dotted, parse_nested
from rules_index.references import extract_references, find_definitions, link_terms
from rules_index.search import SearchHit, SearchIndex
from rules_index.sheets import parse_markdown_sheet, parse_outline_guide
from rules_index.tree import build_tree

CLAUSE_ID = re.compile(r"^\s*(?P<doc>[A-Za-z][A-Za-z-]*)(?P<colon>\s*:\s*|\s+)(?P<number>\S+?)\.?\s*$")
"""``DOC:NUMBER``, with the spacing and closing period people type; ``DOC NUMBER`` (``ws 7.2.1.5.3``, the form
prose writes) where DOC is a document's key."""


class UnknownClauseError(LookupError):
    """An id that names no clause; carries the nearest ids that do exist."""

    def __init__(self, clause_id: str, nearest: list[str]) -> None:
        self.clause_id = clause_id
        self.nearest = nearest
        hint = f"; nearest: {', '.join(nearest)}" if nearest else ""
        super().__init__(f"no clause {clause_id}{hint}")


@dataclass(slots=True)
class DocumentIndex:
    """The clauses of one document, in document order, with its parse findings."""

    document: Document
    clauses: list[Clause]
    findings: list[Finding]
    definitions: dict[str, str] = field(default_factory=dict)
    """Defined term -> id of the defining clause."""


def parse_document(document: Document, text: str) -> DocumentIndex:
    """Parse one document into its clause tree, references and terms."""
    if document.kind is DocumentKind.DOTTED:
        result = parse_dotted(document, text)
    elif document.kind is DocumentKind.NESTED_LIST:
        result = parse_nested(document, text)
    elif document.kind is DocumentKind.MARKDOWN_SHEET:
        result = ParseResult(parse_markdown_sheet(document, text), [])
    else:
        result = ParseResult(parse_outline_guide(document, text), [])
    findings = list(result.findings)
    numbered = document.kind in (DocumentKind.DOTTED, DocumentKind.NESTED_LIST)
    if numbered:
        findings.extend(build_tree(document.key, result.clauses, result.first_lines))
        extract_references(document.key, result.clauses, hyphen_form=document.hyphen_aliases)
    definitions = find_definitions(result.clauses) if numbered else {}
    link_terms(result.clauses, definitions)
    return DocumentIndex(document, result.clauses, findings, definitions)


class RulesIndex:
    """All clauses of all bundled documents, addressable by id."""

    def __init__(self, documents: list[DocumentIndex]) -> None:
        self.documents: dict[str, DocumentIndex] = {entry.document.key: entry for entry in documents}
        self.clauses: dict[str, Clause] = {}
        for entry in documents:
            for clause in entry.clauses:
                self.clauses[clause.id] = clause
        self._search: SearchIndex | None = None

    def __len__(self) -> int:
        return len(self.clauses)

    def __iter__(self) -> Iterator[Clause]:
        for entry in self.documents.values():
            yield from entry.clauses

    def __contains__(self, clause_id: object) -> bool:
        return isinstance(clause_id, str) and self.resolve(clause_id) is not None

    def normalise(self, clause_id: str) -> str:
        """The canonical form of an id: doc prefix, dotted number, no closing period.

        The ENERGIO!! hyphen form ``wl:7-1-4-1-2`` becomes ``wl:7.1.4.1.2``; a space for the colon, as prose
        writes an id (``ws 7.2.1.5.3``), becomes the colon, and the document key is lower-cased (``WS:4.10``).
        """
        match = CLAUSE_ID.match(clause_id)
        if match is None:
            return clause_id.strip()
        doc, number = match["doc"].lower(), match["number"]
        document = DOCUMENTS_BY_KEY.get(doc)
        if document is None and ":" not in match["colon"]:
            return clause_id.strip()  # two words, the first no document's key: not an id
        if document is not None and document.kind in (DocumentKind.DOTTED, DocumentKind.NESTED_LIST):
            occurrence = ""
            if "#" in number:
                number, occurrence = number.split("#", 1)
                occurrence = "#" + occurrence
            if "-" in number:
                number = hyphen_to_dotted(number)
            number = number.rstrip(".") + occurrence
        return f"{doc}:{number}"

    def resolve(self, clause_id: str) -> Clause | None:
        """The clause an id names (in any accepted form), or None."""
        return self.clauses.get(self.normalise(clause_id))

    def get(self, clause_id: str) -> Clause:
        """The clause an id names; raises UnknownClauseError with the nearest ids."""
        clause = self.resolve(clause_id)
        if clause is None:
            normalised = self.normalise(clause_id)
            raise UnknownClauseError(normalised, self.nearest(normalised))
        return clause

    def nearest(self, clause_id: str, limit: int = 5) -> list[str]:
        """Existing ids close to ``clause_id``: its deepest existing ancestor, then look-alikes."""
        normalised = self.normalise(clause_id)
        doc, _, number = normalised.partition(":")
        entry = self.documents.get(doc)
        if entry is None:
            return difflib.get_close_matches(normalised, list(self.clauses), n=limit, cutoff=0.5)
        numbers = [clause.number for clause in entry.clauses]
        found: list[str] = []
        separator = "." if "." in number or number.isdigit() else "/"
        prefix = number
        while separator in prefix:
            prefix = prefix.rsplit(separator, 1)[0]
            if prefix in numbers:
                found.append(prefix)
                break
        for candidate in difflib.get_close_matches(number, numbers, n=limit * 2, cutoff=0.4):
            if candidate not in found:
                found.append(candidate)
        return [f"{doc}:{candidate}" for candidate in found[:limit]]

    def ancestors(self, clause: Clause) -> list[Clause]:
        """From the top-level section down to the clause's parent."""
        chain: list[Clause] = []
        parent = clause.parent
        while parent is not None:
            chain.append(self.clauses[parent])
            parent = self.clauses[parent].parent
        return chain[::-1]

    def children(self, clause: Clause) -> list[Clause]:
        return [self.clauses[child] for child in clause.children]

    def walk(self, clause: Clause, depth: int | None = None) -> Iterator[tuple[int, Clause]]:
        """The clause and its descendants, depth-first, with their depth below it."""
        stack: list[tuple[int, Clause]] = [(0, clause)]
        while stack:
            level, current = stack.pop()
            yield level, current
            if depth is None or level < depth:
                stack.extend((level + 1, child) for child in reversed(self.children(current)))

    def roots(self, doc: str) -> list[Clause]:
        """The top-level clauses of a document."""
        return [clause for clause in self.documents[doc].clauses if clause.parent is None]

    def findings(self, doc: str | None = None) -> list[Finding]:
        """Lint findings, per document in line order (see ``rules_index.lint``)."""
        return lint(self.documents.values(), doc)

    def search(self, query: str, doc: str | None = None, limit: int = 10) -> list[SearchHit]:
        """Ranked full-text search (see ``rules_index.search``); built on first use."""
        if self._search is None:
            self._search = SearchIndex(list(self))
        return self._search.search(query, doc=doc, limit=limit)

    def __getstate__(self) -> dict[str, object]:
        return {"documents": self.documents, "clauses": self.clauses}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.documents = state["documents"]  # type: ignore[assignment]
        self.clauses = state["clauses"]  # type: ignore[assignment]
        self._search = None


def build_index() -> RulesIndex:
    """Parse every known document (no cache)."""
    return RulesIndex([parse_document(d, read_document_bytes(d).decode("utf-8")) for d in documents()])
