"""The rules pages of the annotated site: each rules document as it prints itself, with the project's notes.

:func:`write_rules_pages` writes, for every rules document the site covers
(``ws``, ``vg``, ``wl``), reST sources that :mod:`judge.sphinx_rules` renders:

* a page per chapter (top-level clause).  The chapter is the page title, its
  second-level clauses are the sub-headings (listed in a table of contents at the
  top), and every deeper clause is a block indented as deep as the document nests
  it, its number and text on one line as in the printed rules.  Every clause, the
  ``#2`` ones (a number the document prints twice) included, has its stable anchor
  (:func:`judge.clause_anchors.anchor_for`).
* annotations only where there are some: the engine code that cites the clause,
  the scenarios that exercise it, the lint findings on it.  Coverage is a class on
  the block (``rules-cov-engine``, ``rules-cov-scenario``), which the site's
  stylesheet draws as a small marker beside the number; an uncovered clause has
  neither and carries no note at all.
* a glossary page: every defined term, the clause that defines it and the
  clauses that use it.
* a coverage page: how many clauses the engine cites, the scenarios exercise, the
  lint reports on and none of these cover, per chapter, with links to each clause.
* for a game that keeps a ``clauses.yaml`` beside its engine, an accounting page:
  each clause of the procedure chapters cited, card text only or not modelled yet,
  by chapter, with the reasons (:mod:`judge.clause_accounting`).
* ``_static/judge-clauses.js``: every clause id with its page, anchor and heading,
  which the site's jump box (``judge/site/_static/judge-jump.js``) reads to go to a clause
  typed as ``4.10.1.2``, ``ws:4.10.1.2`` or ``7-1-4-1-2``, from ``file://`` too.

The inputs (the index, the engine's citations, the scenarios' coverage) come
from :mod:`judge.docs_build`, which calls this module for the rules part of a build.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from docutils.utils import column_width

from judge.clause_accounting import (
    APPLIED,
    CARD_TEXT,
    CITED,
    GROUPS,
    NOT_MODELLED,
    Ledger,
    account,
    accounting_of_document,
)
from judge.clause_anchors import anchor_for, hyphen_form, page_of
from rules_index import Clause, Finding, RulesIndex
from rules_index.documents import DOCUMENTS_BY_KEY

if TYPE_CHECKING:
    from judge.docs_build import Citation

__all__ = ["JUMP_TABLE", "Coverage", "coverage_of", "jump_table", "write_rules_pages"]

JUMP_TABLE = "judge-clauses.js"
"""The clause table the jump box loads, in ``_static``."""

SCENARIOS_SHOWN = 6
"""Scenarios named in a clause's note; the rest are counted (the coverage page has them all)."""

DEFINITION_SHOWN = 240
"""Characters of a defining clause's text quoted in the glossary."""


@dataclass(frozen=True, slots=True)
class Annotations:
    """What the project knows about the clauses: who cites them, which scenarios reach them, the lint."""

    citations: Mapping[str, Sequence[Citation]]
    exercised: Mapping[str, Sequence[str]]
    findings: Mapping[str, Sequence[Finding]]


@dataclass(slots=True)
class Coverage:
    """The clauses of one chapter (or a whole document) sorted by what covers them, in document order."""

    clauses: list[str] = field(default_factory=list)
    cited: list[str] = field(default_factory=list)
    """Cited by the engine's code."""
    exercised: list[str] = field(default_factory=list)
    """Reached by a scenario (cited by it, or by its replay)."""
    linted: list[str] = field(default_factory=list)
    """With at least one lint finding."""
    uncovered: list[str] = field(default_factory=list)
    """Neither cited by the engine nor exercised by a scenario."""

    def add(self, clause_id: str, notes: Annotations) -> None:
        """Count one clause."""
        self.clauses.append(clause_id)
        cited, exercised = clause_id in notes.citations, clause_id in notes.exercised
        if cited:
            self.cited.append(clause_id)
        if exercised:
            self.exercised.append(clause_id)
        if notes.findings.get(clause_id):
            self.linted.append(clause_id)
        if not cited and not exercised:
            self.uncovered.append(clause_id)


def coverage_of(clauses: Sequence[Clause], notes: Annotations) -> Coverage:
    """The coverage of *clauses*."""
    coverage = Coverage()
    for clause in clauses:
        coverage.add(clause.id, notes)
    return coverage


# -- reST helpers ----------------------------------------------------------------


def _escape(text: str) -> str:
    """Plain text made safe for reST inline markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def _heading(text: str, underline: str) -> list[str]:
    """A reST section title (escaped) with an underline as wide as it is shown."""
    title = _escape(text)
    return [title, underline * max(column_width(title), 4), ""]


def _named(doc: str) -> str:
    """How a page names the document it belongs to, before its own title: ``Weiss Schwarz CR 2.00``."""
    return DOCUMENTS_BY_KEY[doc].short_title


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "0%"


def _label(clause: Clause) -> str:
    """The number as the document prints it: ``4.10.1.2``, ``7-1-4-1-2`` (ENERGIO!!), ``3.1.1 (2nd)`` for a ``#2``."""
    number = hyphen_form(clause.id) if DOCUMENTS_BY_KEY[clause.doc].hyphen_aliases else clause.number
    if "#" in clause.id:  # the ordinal its anchor ends in: vg-3-1-1-2nd
        return f"{number} ({anchor_for(clause.id).rsplit('-', 1)[1]})"
    return number


def _rule(clause: Clause) -> str:
    """A ``:rule:`` link to *clause* showing its printed number."""
    return f":rule:`{_label(clause)} <{clause.id}>`"


def _linked_text(clause: Clause) -> str:
    """The clause text with its resolved references and defined terms as ``:rule:`` links.

    Links are placed on spans of the original text that do not overlap (the first
    occurrence of each), then every piece is escaped for reST.
    """
    text = clause.text
    spans: list[tuple[int, int, str]] = []

    def place(start: int, end: int, target: str) -> None:
        if all(end <= other_start or start >= other_end for other_start, other_end, _ in spans):
            spans.append((start, end, target))

    for ref in clause.refs:
        if ref.target:
            start = text.find(ref.written)
            if start >= 0:
                place(start, start + len(ref.written), ref.target)
    for use in clause.terms:
        match = re.search(r"\b" + re.escape(use.term) + r"\b", text, re.IGNORECASE)
        if match:
            place(match.start(), match.end(), use.defined_by)
    pieces, position = [], 0
    for start, end, target in sorted(spans):
        pieces.append(_escape(text[position:start]))
        label = text[start:end].replace("<", "").replace(">", "").replace("`", "")
        pieces.append(f"\\ :rule:`{label} <{target}>`\\ ")
        position = end
    pieces.append(_escape(text[position:]))
    return "".join(pieces)


# -- the chapter pages ---------------------------------------------------------------


def _coverage_classes(clause: Clause, notes: Annotations) -> list[str]:
    """The classes the stylesheet draws the coverage marker from; none for an uncovered clause."""
    classes = []
    if clause.id in notes.citations:
        classes.append("rules-cov-engine")
    if clause.id in notes.exercised:
        classes.append("rules-cov-scenario")
    return classes


def _notes(clause: Clause, notes: Annotations) -> list[str]:
    """The annotation lines of a clause (engine, scenarios, lint): none when nothing is known about it."""
    lines = []
    cited = notes.citations.get(clause.id, ())
    if cited:
        places = sorted({(c.module, c.function) for c in cited})
        links = ", ".join(
            f":py:obj:`{function} <{module}.{function}>`" if function else f":py:mod:`{module}`"
            for module, function in places
        )
        lines.append(f"**Engine** {links}")
    scenarios = list(notes.exercised.get(clause.id, ()))
    if scenarios:
        shown = ", ".join(f":doc:`{s} </scenarios/{s}>`" for s in scenarios[:SCENARIOS_SHOWN])
        more = len(scenarios) - SCENARIOS_SHOWN
        lines.append(f"**Scenarios** {shown}" + (f" and {more} more" if more > 0 else ""))
    for finding in notes.findings.get(clause.id, ()):
        lines.append(f"**Lint** {finding.kind.value}: {_escape(finding.message)}")
    if not lines:
        return []
    return ["", ".. container:: rules-notes", "", *(f"   | {line}" for line in lines)]


def _clause_directive(clause: Clause, notes: Annotations, *, depth: int | None) -> list[str]:
    """The ``rules:clause`` of one clause: a section opener when *depth* is None, else a block that deep."""
    lines = [f".. rules:clause:: {clause.id}"]
    title = clause.title or (clause.heading if depth is None else "")
    if title:
        lines.append(f"   :title: {_escape(title)}")
    classes = _coverage_classes(clause, notes)
    if depth is None:
        lines.append("   :section:")
    else:
        lines.append(f"   :label: {_label(clause)}")
        lines.append("   :inline:")
        classes.insert(0, f"rules-depth-{min(depth, 6)}")
    if classes:
        lines.append(f"   :class: {' '.join(classes)}")
    # a heading made of the whole text (an untitled clause short enough) does not repeat it below
    repeated = depth is None and not clause.title and clause.heading == clause.text
    body = [_linked_text(clause)] if clause.text and not repeated else []
    body.extend(_notes(clause, notes))
    if body:
        lines.append("")
        lines.extend(f"   {line}" if line else "" for line in body)
    lines.append("")
    return lines


def _chapter_page(index: RulesIndex, clauses: Sequence[Clause], notes: Annotations) -> str:
    """One chapter: its title, a summary and table of contents, then its clauses under sub-headings.

    Second-level clauses are the sub-headings.  Where every child of one of them has a title
    (the Vanguard keyword actions of 10.1, the ENERGIO!! battle steps of 7-1), those children are
    sub-sub-headings too: a run of titled clauses reads as a list of topics, not as a paragraph.
    Every other clause is a block indented by how deep it is below its nearest heading.
    """
    root = clauses[0]
    depths = {clause.id: len(index.ancestors(clause)) for clause in clauses}
    top = min(depths.values())
    sections = [clause for clause in clauses if depths[clause.id] == top + 1]
    subheaded = {
        clause.id
        for clause in sections
        if clause.children and all(index.clauses[child].title for child in clause.children)
    }
    tally = coverage_of(clauses, notes)
    lines = _heading(f"{_named(root.doc)} - {_label(root)}. {root.title or root.heading}", "=")
    lines.extend(_clause_directive(root, notes, depth=None))
    lines.extend([".. role:: rules-legend-engine", ".. role:: rules-legend-scenario", ""])
    lines.extend(
        [
            ".. container:: rules-chapter-summary",
            "",
            (
                f"   {len(clauses)} clauses: :rules-legend-engine:`{len(tally.cited)} cited by the engine`,"
                f" :rules-legend-scenario:`{len(tally.exercised)} exercised by a scenario`,"
                f" {len(tally.uncovered)} neither; {len(tally.linted)} with a lint finding."
                " :doc:`Coverage <coverage>` \N{MIDDLE DOT} :doc:`Glossary <glossary>`"
            ),
            "",
        ]
    )
    if len(sections) > 1 or subheaded:
        lines.extend(
            [
                ".. contents:: In this chapter",
                "   :local:",
                f"   :depth: {2 if subheaded else 1}",
                "   :backlinks: none",
                "   :class: rules-toc",
                "",
            ]
        )
    heading_depth = 0  # how deep the innermost heading so far is below the chapter
    for clause in clauses[1:]:
        depth = depths[clause.id] - top
        if depth <= 1 or (depth == 2 and clause.parent in subheaded):
            underline = "-" if depth <= 1 else "~"
            lines.extend(_heading(f"{_label(clause)} {clause.title or clause.heading}", underline))
            lines.extend(_clause_directive(clause, notes, depth=None))
            heading_depth = max(depth, 1)
        else:
            lines.extend(_clause_directive(clause, notes, depth=max(depth - heading_depth - 1, 0)))
    return "\n".join(lines)


# -- glossary and coverage -------------------------------------------------------------


def _term_anchor(doc: str, term: str, taken: set[str]) -> str:
    """A page-unique anchor name for a glossary term: ``ws-term-waiting-room``."""
    base = f"{doc}-term-" + (re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-") or "term")
    anchor, suffix = base, 2
    while anchor in taken:
        anchor, suffix = f"{base}-{suffix}", suffix + 1
    taken.add(anchor)
    return anchor


def _glossary_page(index: RulesIndex, doc: str) -> str:
    """The defined terms of *doc*, alphabetically: where each is defined, what it says, where it is used."""
    entry = index.documents[doc]
    users: dict[str, list[Clause]] = defaultdict(list)
    for clause in entry.clauses:
        for use in clause.terms:
            users[use.term].append(clause)
    lines = _heading(f"{_named(doc)} - Glossary", "=")
    lines.extend(
        [
            (
                f"The terms the *{_escape(entry.document.title)}* defines ({len(entry.definitions)}), in"
                " alphabetical order: the clause that defines each, its text, and every clause whose text uses"
                " the term. In the rules pages, a term links to the clause that defines it."
            ),
            "",
        ]
    )
    taken: set[str] = set()
    entries: list[str] = []
    letters: dict[str, str] = {}
    for term in sorted(entry.definitions, key=str.lower):
        anchor = _term_anchor(doc, term, taken)
        letters.setdefault(term[:1].upper(), anchor)  # the first term of each letter, for the index line
        definer = index.clauses[entry.definitions[term]]
        text = (
            definer.text if len(definer.text) <= DEFINITION_SHOWN else definer.text[:DEFINITION_SHOWN].rstrip() + "..."
        )
        used = users.get(term, [])
        entries.extend(
            [
                ".. container:: rules-term",
                f"   :name: {anchor}",
                "",
                f"   **{_escape(term)}** \N{EM DASH} defined in {_rule(definer)}",
                "",
                f"   .. container:: rules-term-definition\n\n      {_escape(text) or _escape(definer.heading)}",
                "",
                (
                    f"   Used in {len(used)} clause{'s' if len(used) != 1 else ''}: "
                    + ", ".join(_rule(clause) for clause in used)
                    if used
                    else "   Used by no other clause."
                ),
                "",
            ]
        )
    if len(letters) > 1:
        links = " \N{MIDDLE DOT} ".join(f"`{_escape(letter)} <#{anchor}>`__" for letter, anchor in letters.items())
        lines.extend([".. container:: rules-glossary-letters", "", f"   {links}", ""])
    lines.extend(entries)
    return "\n".join(lines)


def _coverage_page(
    index: RulesIndex, doc: str, chapters: Mapping[str, Sequence[Clause]], notes: Annotations, accounted: bool = False
) -> str:
    """Coverage of *doc*: the totals, a table by chapter, and every clause of each chapter by what covers it; when
    the game keeps an accounting of its procedure chapters (``accounted``), a link to it."""
    entry = index.documents[doc]
    whole = coverage_of(entry.clauses, notes)
    total = len(whole.clauses)
    findings = sum(len(notes.findings.get(clause_id, ())) for clause_id in whole.clauses)
    lines = _heading(f"{_named(doc)} - Coverage", "=")
    lines.extend(
        [
            (
                f"The *{_escape(entry.document.title)}* has {total} clauses. The engine's code cites"
                f" {len(whole.cited)} ({_percent(len(whole.cited), total)}); the scenarios exercise"
                f" {len(whole.exercised)} ({_percent(len(whole.exercised), total)}), by citing them or by"
                f" reaching them in their replay; the lint reports {findings} findings on {len(whole.linted)}"
                f" clauses; {len(whole.uncovered)} ({_percent(len(whole.uncovered), total)}) are neither cited"
                " nor exercised."
                + (
                    " :doc:`accounting` says, for each clause of the procedure chapters that the engine does not"
                    " cite, whether only card text applies it or what modelling it would take."
                    if accounted
                    else ""
                )
            ),
            "",
            ".. list-table:: Coverage by chapter",
            "   :header-rows: 1",
            "   :class: rules-coverage",
            "",
            "   * - Chapter",
            "     - Clauses",
            "     - Cited",
            "     - Exercised",
            "     - Linted",
            "     - Uncovered",
        ]
    )
    tallies = {page: coverage_of(clauses, notes) for page, clauses in chapters.items()}
    for page, clauses in chapters.items():
        tally, name = tallies[page], page.rsplit("/", 1)[1]
        root = clauses[0]
        lines.append(f"   * - :doc:`{_escape(_label(root))}. {_escape(root.title or root.heading)} <{name}>`")
        lines.append(f"     - {len(tally.clauses)}")
        for part in (tally.cited, tally.exercised, tally.linted, tally.uncovered):
            lines.append(f"     - {len(part)} ({_percent(len(part), len(tally.clauses))})")
    lines.append("   * - All chapters")
    lines.append(f"     - {total}")
    for part in (whole.cited, whole.exercised, whole.linted, whole.uncovered):
        lines.append(f"     - {len(part)} ({_percent(len(part), total)})")
    lines.append("")
    for page, clauses in chapters.items():
        tally, root = tallies[page], clauses[0]
        lines.extend(_heading(f"{_label(root)}. {root.title or root.heading}", "-"))
        for name, part in (
            ("Cited by the engine", tally.cited),
            ("Exercised by a scenario", tally.exercised),
            ("With a lint finding", tally.linted),
            ("Neither cited nor exercised", tally.uncovered),
        ):
            links = ", ".join(_rule(index.clauses[clause_id]) for clause_id in part) if part else "none"
            lines.extend([f"**{name}** ({len(part)}): {links}", ""])
    return "\n".join(lines)


ACCOUNTING_GROUPS = (
    (
        NOT_MODELLED,
        "Not modelled yet",
        "a judge meets these in a game and the engine does not apply them yet; each says what it would take",
    ),
    (CARD_TEXT, "Card text only", "no game action happens under these without a card that says so; each says why"),
    (
        APPLIED,
        "Applied, not cited",
        "the engine does what these say but cites no clause for it; each says where, the place to cite it",
    ),
)
"""The listed groups as the accounting page shows them: key, heading, what the group holds."""


def _accounting_page(index: RulesIndex, ledger: Ledger) -> str:
    """The accounting of a document's procedure chapters: a table by chapter, then the listed clauses with their
    reasons, each reason once with the clauses it covers."""
    accounting = ledger.accounting
    entry = index.documents[accounting.document]
    whole = ledger.total()
    lines = _heading(f"{_named(accounting.document)} - Accounting", "=")
    lines.extend(
        [
            (
                f"Every clause of the procedure chapters ({accounting.first} to {accounting.last}) of the"
                f" *{_escape(entry.document.title)}* is in one of four groups: **cited** by the engine's code,"
                " **applied, not cited** (the engine does it under another clause's citation, or its state embodies"
                " it), **card text only** (no game action happens without a card that says so) or **not modelled"
                " yet** (what it would take is said). The three listed groups come from the game's"
                " ``clauses.yaml`` beside its engine; a listed clause covers the subclauses below it that the"
                " engine does not cite. A heading (a title with no rule text of its own) counts as cited when the"
                " engine cites it or any clause below it. A test fails on a clause in none of the groups and on a"
                " listed clause the engine cites. See also :doc:`coverage`."
            ),
            "",
            ".. list-table:: Accounting by chapter",
            "   :header-rows: 1",
            "   :class: rules-accounting",
            "",
            "   * - Chapter",
            "     - Clauses",
            "     - Cited",
            "     - Applied, not cited",
            "     - Card text only",
            "     - Not modelled yet",
            "     - Share cited",
            "     - Share accounted",
        ]
    )
    for count in [*ledger.chapters, whole]:
        if count.chapter:
            root = index.clauses[count.chapter]
            name = str(page_of(root.id)).rsplit("/", 1)[1]
            lines.append(f"   * - :doc:`{_escape(_label(root))}. {_escape(root.title or root.heading)} <{name}>`")
        else:
            lines.append("   * - All procedure chapters")
        lines.append(f"     - {count.clauses}")
        lines.extend(f"     - {count.counts[group]}" for group in GROUPS)
        lines.append(f"     - {_percent(count.counts[CITED], count.clauses)}")
        lines.append(f"     - {_percent(count.accounted, count.clauses)}")
    lines.append("")
    for group, title, holds in ACCOUNTING_GROUPS:
        entries = ledger.group(group)
        lines.extend(_heading(f"{title} ({len(entries)})", "-"))
        lines.extend([f"{len(entries)} clauses: {holds}.", ""])
        covered: dict[str, list[str]] = defaultdict(list)
        for item in entries:
            covered[item.key].append(item.clause)
        reasons = accounting.reasons(group)
        for key, clauses in covered.items():
            below = [index.clauses[clause] for clause in clauses if clause != key]
            also = f" (and {', '.join(_rule(clause) for clause in below)})" if below else ""
            lines.append(f"* {_rule(index.clauses[key])}{also}: {_escape(reasons[key])}")
        lines.append("")
    return "\n".join(lines)


def _document_index(
    index: RulesIndex, doc: str, pages: Sequence[str], notes: Annotations, accounted: bool = False
) -> str:
    """The page of one document: what it holds and its table of contents (chapters, glossary, coverage, and the
    accounting when the game keeps one)."""
    entry = index.documents[doc]
    whole = coverage_of(entry.clauses, notes)
    total = len(whole.clauses)
    findings = sum(len(notes.findings.get(clause_id, ())) for clause_id in whole.clauses)
    lines = _heading(entry.document.title, "=")
    lines.extend(
        [
            (
                f"{total} clauses in {len(pages)} chapters. Coverage: the engine cites {len(whole.cited)}"
                f" ({_percent(len(whole.cited), total)}); the scenarios exercise {len(whole.exercised)}"
                f" ({_percent(len(whole.exercised), total)}); the lint reports {findings} findings"
                " (:doc:`coverage`, clause by clause). The :doc:`glossary` lists the"
                f" {len(entry.definitions)} terms the rules define."
            ),
            "",
            ".. toctree::",
            "   :maxdepth: 1",
            "",
            *[f"   {_toc_title(index, page)} <{page.rsplit('/', 1)[1]}>" for page in pages],
            "   Glossary <glossary>",
            "   Coverage <coverage>",
            *(["   Accounting <accounting>"] if accounted else []),
            "",
        ]
    )
    return "\n".join(lines)


def _toc_title(index: RulesIndex, page: str) -> str:
    """A chapter as the document's table of contents lists it, under the document's own name: ``6. Game
    Procedure`` (its page's title names the document as well).  A toctree title is plain text, not markup."""
    doc = page.split("/")[1]
    chapter = next(clause for clause in index.documents[doc].clauses if str(page_of(clause.id)) == page)
    return f"{_label(chapter)}. {chapter.title or chapter.heading}".replace("<", "(").replace(">", ")")


# -- the jump table -------------------------------------------------------------------


def jump_table(index: RulesIndex, documents: Sequence[str]) -> dict[str, object]:
    """Every clause of *documents*: id, page and anchor (from the site root), heading; and the documents.

    The jump box resolves what is typed against it: a bare number in the current
    page's document first, a hyphenated one in the documents printed that way first.
    """
    docs = [[doc, DOCUMENTS_BY_KEY[doc].title, DOCUMENTS_BY_KEY[doc].hyphen_aliases] for doc in documents]
    clauses = []
    for doc in documents:
        for clause in index.documents[doc].clauses:
            heading = clause.heading if len(clause.heading) <= 64 else clause.heading[:61].rstrip() + "..."
            clauses.append([clause.id, f"{page_of(clause.id)}.html#{anchor_for(clause.id)}", heading])
    return {"documents": docs, "clauses": clauses}


def _jump_script(table: Mapping[str, object]) -> str:
    """The table as a script that sets ``window.JUDGE_CLAUSE_TABLE`` (a script loads from ``file://``; JSON does not)."""
    data = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
    return f"/* The clauses of the rules site, for the jump box (judge-jump.js). Generated. */\nwindow.JUDGE_CLAUSE_TABLE = {data};\n"


# -- entry point ---------------------------------------------------------------------


def write_rules_pages(
    source: Path,
    documents: Sequence[str],
    index: RulesIndex,
    citations: Mapping[str, Sequence[Citation]],
    exercised: Mapping[str, Sequence[str]],
) -> list[str]:
    """Write the rules pages of *documents* into ``source`` (a copy of docs/); the toctree entries of rules/index."""
    toc = []
    for doc in documents:
        findings: dict[str, list[Finding]] = defaultdict(list)
        for finding in index.findings(doc):
            findings[finding.clause].append(finding)
        notes = Annotations(citations, exercised, findings)
        chapters: dict[str, list[Clause]] = defaultdict(list)
        for clause in index.documents[doc].clauses:
            chapters[str(page_of(clause.id))].append(clause)
        folder = source / "rules" / doc
        folder.mkdir(parents=True, exist_ok=True)
        for page, clauses in chapters.items():
            (source / f"{page}.rst").write_text(_chapter_page(index, clauses, notes), encoding="utf-8")
        (folder / "glossary.rst").write_text(_glossary_page(index, doc), encoding="utf-8")
        accounting = accounting_of_document(doc)
        ledger = None if accounting is None else account(index, citations.keys(), accounting)
        if ledger is not None:
            (folder / "accounting.rst").write_text(_accounting_page(index, ledger), encoding="utf-8")
        coverage = _coverage_page(index, doc, chapters, notes, accounted=ledger is not None)
        (folder / "coverage.rst").write_text(coverage, encoding="utf-8")
        document = _document_index(index, doc, list(chapters), notes, accounted=ledger is not None)
        (folder / "index.rst").write_text(document, encoding="utf-8")
        toc.append(f"{doc}/index")
    static = source / "_static"
    static.mkdir(exist_ok=True)
    (static / JUMP_TABLE).write_text(_jump_script(jump_table(index, documents)), encoding="utf-8")
    return toc
