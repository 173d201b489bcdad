"""Cross-references between clauses, and defined terms.

References are read from clause text in the forms the documents use:
``Section 9``, ``Clause 3.3.3.1``, ``return to 4.9.1.1``, ``(see 6-5-3-1.)``,
``Refer to "8. Playing and Resolving Cards and Abilities"``, ranges such as
``8.7.1.1-8.7.1.3``, and section titles (``See "Attack and Battle"``).  Each is
resolved against the clauses of the same document; what resolves to nothing is
kept, unresolved, for the lint.

Defined terms are found where the text defines them: a quoted term after
"called", "known as" or "referred to as"; a quoted ``"To retire"``-style
definition; and a heading whose first clause opens with the heading's own words
("4.2. Owner" / "4.2.1. The owner is the player who owns the card."), or
describes a zone ("3.4. Waiting Room" / "3.4.1. The zone where ...").  Every
other clause of the document that uses a term links to its definition.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules_index.model import Clause, Reference, ReferenceKind, TermUse
from rules_index.parse_nested import hyphen_to_dotted

DOTTED = r"\d+(?:\.\d+)+"
HYPHENATED = r"\d+(?:-\s?\d+)+"

RANGE = re.compile(rf"(?<![\d.])(?P<first>{DOTTED})\.?\s*(?:-|–|—|\bto\b)\s*(?P<last>{DOTTED})(?![\d])")
DOTTED_NUMBER = re.compile(rf"(?<![\d.])(?P<number>{DOTTED})(?!\d)")
HYPHEN_RANGE = re.compile(
    rf"(?<![\d-])(?P<first>{HYPHENATED})\.?\s*(?:to|through|–|—)\s*(?P<last>{HYPHENATED})(?![\d])"
)
HYPHEN_NUMBER = re.compile(rf"(?<![\d-])(?P<number>{HYPHENATED})(?![\d])")
SECTION_WORD = re.compile(r"\b(?:Section|Clause|section|clause)s?\s+(?P<number>\d+)\b(?![.\-]\d)")
QUOTED_NUMBERED_TITLE = re.compile(r"[\"“](?P<number>\d+)\.\s+[A-Z][^\"”]*[\"”]")
SEE_NUMBERED_TITLE = re.compile(r"\b(?:[Ss]ee|[Rr]efer to)\s+(?P<number>\d+)\.\s+[A-Z]")
SEE_SPACED_NUMBER = re.compile(r"\b(?:[Ss]ee|[Rr]efer to)\s+(?P<number>\d+\.\s\d+)\b(?![.\d])")
SEE_TITLE = re.compile(r"\b(?:[Ss]ee|[Rr]efer(?: to)?)\s+[\"“](?P<title>[A-Za-z][^\"”]{2,80})[\"”]")

QUOTED_DEFINITION = re.compile(
    r"\b(?:called|known as|referred to as|referred to simply as)\s+(?:a |an |the )?[\"“](?P<term>[^\"”]{2,40})[\"”]"
)
TO_VERB_DEFINITION = re.compile(r"^[\"“]To (?P<term>[a-z][a-z /]{1,30})[\"”]\s+(?:is|refers)\b")
OPENING_WORDS = r"^(?:the |a |an )?[\"“\[]?{term}(?:[\"”\]]|\b)(?:\s*\([^)]*\))?\s+(?:is|are|refers?|means)\b"
ZONE_OPENING = re.compile(r"^(?:the|a) zone\b", re.IGNORECASE)
MAX_TERM_WORDS = 4


def _members(clauses_in_order: list[Clause], first: str, last: str) -> list[str]:
    """Numbers from ``first`` to ``last`` in document order, at the depth of ``first``."""
    depth = first.count(".")
    numbers = [c.number for c in clauses_in_order if c.number.count(".") == depth]
    if first not in numbers or last not in numbers:
        return [first, last]
    start, end = numbers.index(first), numbers.index(last)
    return numbers[start : end + 1] if start <= end else [first, last]


def _normalise_title(title: str) -> str:
    words = re.findall(r"[a-z]+", title.lower())
    return " ".join(word.rstrip("s") for word in words if word not in {"a", "an", "the", "of"})


def extract_references(doc: str, clauses: list[Clause], hyphen_form: bool) -> None:
    """Fill ``refs`` of every clause and ``referenced_by`` of their targets, in place."""
    by_number: dict[str, Clause] = {}
    for clause in clauses:
        by_number.setdefault(clause.number, clause)
    by_title: dict[str, Clause] = {}
    for clause in sorted(clauses, key=lambda c: (c.number.count("."), c.order)):
        if clause.title:
            by_title.setdefault(_normalise_title(clause.title), clause)

    for clause in clauses:
        for kind, number, written in _scan(clause.text, clauses, hyphen_form):
            target = by_title.get(_normalise_title(number)) if kind is ReferenceKind.TITLE else by_number.get(number)
            if target is not None and target.id == clause.id:
                continue
            clause.refs.append(
                Reference(
                    source=clause.id,
                    target_number=number,
                    written=written,
                    line=clause.line,
                    kind=kind,
                    target=target.id if target is not None else None,
                )
            )
            if target is not None and clause.id not in target.referenced_by:
                target.referenced_by.append(clause.id)


def _scan(text: str, clauses: list[Clause], hyphen_form: bool) -> Iterable[tuple[ReferenceKind, str, str]]:
    """Every reference in ``text`` as (kind, dotted number or title, written form)."""
    taken: list[tuple[int, int]] = []

    def free(match: re.Match[str]) -> bool:
        start, end = match.span()
        if any(start < other_end and other_start < end for other_start, other_end in taken):
            return False
        taken.append((start, end))
        return True

    range_pattern, number_pattern = (HYPHEN_RANGE, HYPHEN_NUMBER) if hyphen_form else (RANGE, DOTTED_NUMBER)
    convert = hyphen_to_dotted if hyphen_form else (lambda number: number)
    found: list[tuple[int, ReferenceKind, str, str]] = []
    for match in range_pattern.finditer(text):
        if free(match):
            for member in _members(clauses, convert(match["first"]), convert(match["last"])):
                found.append((match.start(), ReferenceKind.RANGE, member, match.group(0)))
    for match in SEE_SPACED_NUMBER.finditer(text):
        if free(match):
            found.append((match.start(), ReferenceKind.NUMBER, match["number"].replace(" ", ""), match.group(0)))
    for match in number_pattern.finditer(text):
        if free(match):
            found.append((match.start(), ReferenceKind.NUMBER, convert(match["number"]), match["number"]))
    for pattern in (SECTION_WORD, QUOTED_NUMBERED_TITLE, SEE_NUMBERED_TITLE):
        for match in pattern.finditer(text):
            if free(match):
                found.append((match.start(), ReferenceKind.NUMBER, match["number"], match.group(0)))
    for match in SEE_TITLE.finditer(text):
        if free(match):
            found.append((match.start(), ReferenceKind.TITLE, match["title"], match.group(0)))
    for _, kind, number, written in sorted(found, key=lambda item: item[0]):
        yield kind, number, written


def _clean_term(raw: str) -> str | None:
    term = re.sub(r"\((?:ing|s|es|ed)\)", "", raw.strip(" []")).strip(" .,;:").lower()
    term = re.sub(r"\s+", " ", term)
    if not term or len(term.split()) > MAX_TERM_WORDS or re.search(r"[\d\[\]()<>{}]", term):
        return None
    return term


def find_definitions(clauses: list[Clause]) -> dict[str, str]:
    """Defined term -> id of the clause that defines it (the first definition wins)."""
    definitions: dict[str, str] = {}

    def define(term: str | None, clause: Clause) -> None:
        if term and term not in definitions:
            definitions[term] = clause.id
            clause.defines.append(term)

    by_id = {clause.id: clause for clause in clauses}
    for clause in clauses:
        if clause.title and clause.children and len(clause.title.split()) <= MAX_TERM_WORDS:
            term = _clean_term(clause.title)
            first = by_id[clause.children[0]]
            opens_with_term = term and re.match(OPENING_WORDS.format(term=re.escape(term)), first.text, re.IGNORECASE)
            if opens_with_term or (term and ZONE_OPENING.match(first.text)):
                define(term, first)
        for match in QUOTED_DEFINITION.finditer(clause.text):
            define(_clean_term(match["term"]), clause)
        to_verb = TO_VERB_DEFINITION.match(clause.text)
        if to_verb:
            define(_clean_term(to_verb["term"]), clause)
    return definitions


def link_terms(clauses: list[Clause], definitions: dict[str, str]) -> None:
    """Record in each clause the defined terms its text uses (not its own definitions)."""
    patterns = [
        (term, re.compile(r"\b" + re.escape(term) + r"(?:s|es|d|ed|ing)?\b", re.IGNORECASE))
        for term in sorted(definitions, key=len, reverse=True)
    ]
    for clause in clauses:
        text = clause.text
        for term, pattern in patterns:
            if definitions[term] == clause.id:
                continue
            if pattern.search(text):
                clause.terms.append(TermUse(term, definitions[term]))
                text = pattern.sub(" ", text)
