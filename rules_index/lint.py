"""Lint of the rules texts: the mistakes a careful reader would mark in the margin.

The parsers report what they had to forgive (labels glued to text, labels with no
period or no space, labels that disagree with the nesting); the tree builder
reports duplicated numbers and gaps; this module adds every reference that
resolves to no clause, and puts it all in document and line order.  Nothing here
knows the documents' mistakes in advance: they are all found from the text.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rules_index.model import Finding, FindingKind, ReferenceKind

if TYPE_CHECKING:
    from rules_index.index import DocumentIndex


def unresolved_references(entry: DocumentIndex) -> list[Finding]:
    """A finding for every reference in the document that names no clause."""
    findings: list[Finding] = []
    doc = entry.document.key
    for clause in entry.clauses:
        for ref in clause.refs:
            if ref.target is not None:
                continue
            what = f'section titled "{ref.target_number}"' if ref.kind is ReferenceKind.TITLE else ref.target_number
            findings.append(
                Finding(
                    doc,
                    FindingKind.UNRESOLVED_REFERENCE,
                    clause.id,
                    ref.line,
                    f"{clause.id} refers to {what} ({ref.written!r}), which is no clause of this document",
                    target=f"{doc}:{ref.target_number}",
                )
            )
    return findings


def lint(entries: Iterable[DocumentIndex], doc: str | None = None) -> list[Finding]:
    """All findings, for one document or all, ordered by document then line."""
    findings: list[Finding] = []
    for entry in entries:
        if doc is not None and entry.document.key != doc:
            continue
        ordered = sorted(
            [*entry.findings, *unresolved_references(entry)], key=lambda finding: (finding.line, finding.kind.value)
        )
        findings.extend(ordered)
    return findings
