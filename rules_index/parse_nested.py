"""Parser for the ENERGIO!! comprehensive rules, numbered by list nesting.

The document is an indented list: every item prints only its own position
("3.") and its full number comes from the items around it.  The parser derives
dotted numbers from the nesting (``7.1.4.1.2``); the document's own hyphen form
(``7-1-4-1-2``) is an alias resolved by the index.

Some items repeat their full number as a label at the start of their text
("3. 6-3. Draw Phase"); the label is taken off the text and checked against the
derived number.  A label can also be glued to the end of the item before it
("... below. 6-6.").  Labels are never references.
"""

from __future__ import annotations

import re

from rules_index.model import Clause, Document, Finding, FindingKind
from rules_index.parse_dotted import ParseResult

ITEM = re.compile(r"^(?P<indent> *)(?P<position>\d+)\.\s+(?P<rest>.*)$")
LEADING_LABEL = re.compile(r"^(?P<label>\d+(?:-\d+)+)(?P<period>\.?)\s*")
TRAILING_LABEL = re.compile(r"\s(?P<label>\d+(?:-\d+)+)\.\s*$")
INDENT_PER_LEVEL = 2


def hyphen_to_dotted(number: str) -> str:
    """``7-1-4-1-2`` (with stray spaces forgiven) as ``7.1.4.1.2``."""
    return ".".join(part.strip() for part in number.split("-"))


def parse_nested(document: Document, text: str) -> ParseResult:
    """Read the nested-list rules text into clauses in document order."""
    clauses: list[Clause] = []
    pieces: list[list[str]] = []
    findings: list[Finding] = []
    stack: list[str] = []  # positions of the open items, outermost first
    base_indent: int | None = None

    for index, line in enumerate(text.splitlines()):
        match = ITEM.match(line)
        if match is None:
            if clauses and line.strip():
                pieces[-1].append(line.strip())
            continue
        indent = len(match["indent"])
        if base_indent is None:
            base_indent = indent
        depth = max(0, (indent - base_indent) // INDENT_PER_LEVEL)
        del stack[depth:]  # an item indented deeper than one level nests under the last open item
        stack.append(match["position"])
        number = ".".join(stack)
        clause = Clause(id="", doc=document.key, number=number, text="", line=index + 1, order=len(clauses))
        rest = match["rest"]
        label = LEADING_LABEL.match(rest)
        if label is not None:
            clause.label = label["label"] + label["period"]
            rest = rest[label.end() :]
            if hyphen_to_dotted(label["label"]) != number:
                findings.append(
                    Finding(
                        document.key,
                        FindingKind.LABEL_MISMATCH,
                        f"{document.key}:{number}",
                        clause.line,
                        f"the text labels itself {label['label']} but its place in the list makes it "
                        f"{number.replace('.', '-')}",
                        target=f"{document.key}:{hyphen_to_dotted(label['label'])}",
                    )
                )
            if not label["period"]:
                findings.append(
                    Finding(
                        document.key,
                        FindingKind.MISSING_PERIOD,
                        f"{document.key}:{number}",
                        clause.line,
                        f"label {label['label']} has no closing period",
                    )
                )
        clauses.append(clause)
        pieces.append([rest])

    first_lines = [re.sub(r"\s+", " ", lines[0]).strip() for lines in pieces]
    for position, clause in enumerate(clauses):
        joined = re.sub(r"\s+", " ", " ".join(pieces[position])).strip()
        following = clauses[position + 1] if position + 1 < len(clauses) else None
        trailing = TRAILING_LABEL.search(joined)
        if trailing and following is not None and hyphen_to_dotted(trailing["label"]) == following.number:
            joined = joined[: trailing.start()].rstrip()
            findings.append(
                Finding(
                    document.key,
                    FindingKind.GLUED_LABEL,
                    f"{document.key}:{following.number}",
                    clause.line,
                    f"label {trailing['label']}. of the next item is glued to the end of "
                    f"{document.key}:{clause.number}",
                )
            )
        clause.text = joined
    return ParseResult(clauses, findings, first_lines)
