"""Turn a list of numbered clauses into a clause tree, and check its numbering.

Shared by the dotted (WS, VG) and nested-list (ENERGIO!!) parsers: both give
clauses with dotted numbers in document order; this module assigns ids (a
number printed twice gets ``#2`` on its second clause), links each clause to
its parent (the latest clause before it that carries the parent number), tells
headings from prose, and reports duplicated numbers and gaps in sibling
sequences.
"""

from __future__ import annotations

import re

from rules_index.model import Clause, Finding, FindingKind

HEADING_MAX_LENGTH = 72
SENTENCE_END = re.compile(r"[.:;,]$")


def _last_component(number: str) -> int:
    return int(number.rsplit(".", 1)[-1])


def _parent_number(number: str) -> str | None:
    return number.rsplit(".", 1)[0] if "." in number else None


def looks_like_heading(text: str) -> bool:
    """A short phrase, capitalised, with no closing punctuation: a section title."""
    return bool(text) and len(text) <= HEADING_MAX_LENGTH and text[0].isupper() and not SENTENCE_END.search(text)


def build_tree(doc: str, clauses: list[Clause], first_lines: list[str]) -> list[Finding]:
    """Assign ids, parents, children and titles in place; return numbering findings.

    ``first_lines`` holds each clause's text on its label's own line: a section or
    a clause with children whose first line is a short capitalised phrase is a
    heading, and whatever followed on later lines (figure captions) stays text.
    """
    findings: list[Finding] = []
    latest: dict[str, Clause] = {}
    seen: dict[str, int] = {}
    for clause in clauses:
        occurrence = seen.get(clause.number, 0) + 1
        seen[clause.number] = occurrence
        clause.id = f"{doc}:{clause.number}" if occurrence == 1 else f"{doc}:{clause.number}#{occurrence}"
        if occurrence > 1:
            first = latest[clause.number]
            findings.append(
                Finding(
                    doc,
                    FindingKind.DUPLICATE_NUMBER,
                    clause.id,
                    clause.line,
                    f"number {clause.number} is printed again (first at line {first.line}); "
                    f"the second clause is {clause.id}",
                    target=f"{doc}:{clause.number}",
                )
            )
        parent_number = _parent_number(clause.number)
        while parent_number is not None and parent_number not in latest:
            parent_number = _parent_number(parent_number)
        if parent_number is not None:
            parent = latest[parent_number]
            clause.parent = parent.id
            parent.children.append(clause.id)
        latest[clause.number] = clause

    by_id = {clause.id: clause for clause in clauses}
    for clause, first_line in zip(clauses, first_lines):
        is_section = "." not in clause.number
        rest = clause.text[len(first_line) :].strip()
        continues_sentence = rest[:1].islower()
        if (clause.children or is_section) and looks_like_heading(first_line) and not continues_sentence:
            clause.title, clause.text = first_line, rest
    findings.extend(_gaps(doc, [c for c in clauses if c.parent is None], by_id))
    for clause in clauses:
        findings.extend(_gaps(doc, [by_id[child] for child in clause.children], by_id, clause))
    return findings


def _gaps(doc: str, siblings: list[Clause], by_id: dict[str, Clause], parent: Clause | None = None) -> list[Finding]:
    """Findings for numbers a sibling sequence skips (a repeated number is not a gap)."""
    findings: list[Finding] = []
    expected = 1
    for clause in siblings:
        if parent is not None and _parent_number(clause.number) != parent.number:
            continue  # attached to the nearest existing ancestor; its own parent is missing
        value = _last_component(clause.number)
        if value > expected:
            parent_number = _parent_number(clause.number)
            missing = [f"{parent_number + '.' if parent_number else ''}{n}" for n in range(expected, value)]
            where = f"after {doc}:{_previous(clause, siblings)}" if expected > 1 else "at the start of its list"
            findings.append(
                Finding(
                    doc,
                    FindingKind.NUMBERING_GAP,
                    clause.id,
                    clause.line,
                    f"{', '.join(missing)} missing: {clause.number} comes {where}",
                    target=f"{doc}:{missing[0]}",
                )
            )
        expected = max(expected, value + 1)
    return findings


def _previous(clause: Clause, siblings: list[Clause]) -> str:
    index = siblings.index(clause)
    return siblings[index - 1].number if index else ""
