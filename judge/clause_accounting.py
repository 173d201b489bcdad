"""Every clause of a game's procedure chapters accounted for: cited by the engine, card text only, or not modelled.

A game's engine cites the clauses it applies (``judge.docs_build.engine_citations``).
The other clauses of the chapters that describe how the game is played are listed
in ``clauses.yaml`` beside the engine (``engine/games/<key>/clauses.yaml``), each
with its reason, in one of two groups:

* ``card_text``: no game action happens without a card that says so (what an
  effect kind is, a keyword ability only a card carries);
* ``not_modelled``: a judge meets it in a game and the engine does not apply it
  yet; the reason says what it would take;
* ``applied``: the engine does what the clause says but cites no clause for it
  (a definition its state layout embodies, a step it takes under another
  clause's citation); the reason says where.  Citing it there is the fix, and
  then the key must go (see stale below).

The file also names the rules ``document`` and the ``chapters`` (first and last)
it accounts for, so that the judge writes no game's key.  A listed key covers its
clause and every subclause the engine does not cite, unless a subclause is listed
itself.  A heading (a clause with a title and no rule text of its own) counts as
cited when the engine cites it or any clause below it; otherwise it is listed
like any clause.

:func:`account` sorts the clauses and says what is wrong with the file: a clause
neither cited nor listed, a key that is not a clause of those chapters, a key the
engine now cites (stale: the list shrinks as the engine grows).  The tests
(``tests/test_clause_accounting.py``) and the docs (``judge.docs_rules``) read
the same ledger.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path

import yaml

from rules_index import Clause, RulesIndex

__all__ = [
    "APPLIED",
    "CARD_TEXT",
    "CITED",
    "GROUPS",
    "LISTED",
    "NOT_MODELLED",
    "Accounting",
    "ChapterCount",
    "Ledger",
    "account",
    "accounting_of_document",
    "load_accounting",
]

CITED = "cited"
CARD_TEXT = "card_text"
NOT_MODELLED = "not_modelled"
APPLIED = "applied"
LISTED = (CARD_TEXT, NOT_MODELLED, APPLIED)
"""The groups a ``clauses.yaml`` lists, by their keys there."""
GROUPS = (CITED, APPLIED, CARD_TEXT, NOT_MODELLED)
"""The groups, in the order the docs show them."""


class AccountingFileError(ValueError):
    """A ``clauses.yaml`` that does not have the shape this module reads."""


@dataclass(frozen=True, slots=True)
class Accounting:
    """One game's ``clauses.yaml``: the document, its procedure chapters, and the listed clauses by group."""

    document: str
    first: int
    last: int
    """The procedure chapters, ``first`` to ``last`` inclusive."""
    card_text: Mapping[str, str]
    not_modelled: Mapping[str, str]
    applied: Mapping[str, str]
    source: str = ""
    """Where it was read from, for messages."""

    def in_chapters(self, clause: Clause) -> bool:
        """Whether ``clause`` is one of the procedure chapters' clauses."""
        chapter = clause.number.split(".", 1)[0]
        return clause.doc == self.document and chapter.isdigit() and self.first <= int(chapter) <= self.last

    def listed(self) -> Iterator[tuple[str, str, str]]:
        """Each listed key with its group and reason."""
        for group in LISTED:
            for key, reason in self.reasons(group).items():
                yield key, group, reason

    def reasons(self, group: str) -> Mapping[str, str]:
        """The listed keys of one group with their reasons."""
        return {CARD_TEXT: self.card_text, NOT_MODELLED: self.not_modelled, APPLIED: self.applied}[group]


def load_accounting(source: Traversable | Path) -> Accounting:
    """Read a ``clauses.yaml``; ``AccountingFileError`` naming the file when it has not the documented shape."""
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    where = str(source)
    if not isinstance(data, dict):
        raise AccountingFileError(f"{where}: expected a mapping")
    chapters = data.get("chapters")
    if not (isinstance(chapters, list) and len(chapters) == 2 and all(isinstance(n, int) for n in chapters)):
        raise AccountingFileError(f"{where}: 'chapters' must be [first, last]")
    if not isinstance(data.get("document"), str):
        raise AccountingFileError(f"{where}: 'document' must name the rules document")
    groups: dict[str, dict[str, str]] = {}
    for group in LISTED:
        entries = data.get(group) or {}
        if not isinstance(entries, dict) or not all(
            isinstance(key, str) and isinstance(reason, str) and reason.strip() for key, reason in entries.items()
        ):
            raise AccountingFileError(f"{where}: '{group}' must map clause ids to a reason each")
        groups[group] = entries
    seen: dict[str, str] = {}
    for group in LISTED:
        for key in groups[group]:
            if key in seen:
                raise AccountingFileError(f"{where}: {key} is listed under both {seen[key]} and {group}")
            seen[key] = group
    return Accounting(
        data["document"],
        chapters[0],
        chapters[1],
        groups[CARD_TEXT],
        groups[NOT_MODELLED],
        groups[APPLIED],
        source=where,
    )


def accounting_of_document(document: str) -> Accounting | None:
    """The accounting of the registered game whose rules are ``document``; None when that game has no file."""
    from judge import games

    for key in games.available():
        support = games.get(key)
        if support.rules == document:
            found = support.clause_accounting()
            return None if found is None else load_accounting(found)
    return None


@dataclass(frozen=True, slots=True)
class Entry:
    """One clause of the procedure chapters, its group and why (empty for a cited clause)."""

    clause: str
    group: str
    reason: str = ""
    key: str = ""
    """The listed key the reason comes from: the clause itself or the nearest listed clause above it."""


@dataclass(slots=True)
class ChapterCount:
    """How one chapter's clauses are accounted for."""

    chapter: str
    """The chapter's clause id."""
    clauses: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(GROUPS, 0))
    unaccounted: int = 0

    @property
    def accounted(self) -> int:
        """Clauses that are cited or listed."""
        return self.clauses - self.unaccounted


@dataclass(slots=True)
class Ledger:
    """Every procedure clause of one document with its group, the counts by chapter, and the file's faults."""

    accounting: Accounting
    entries: list[Entry] = field(default_factory=list)
    chapters: list[ChapterCount] = field(default_factory=list)
    unaccounted: list[str] = field(default_factory=list)
    """Clauses neither cited nor listed."""
    unknown: list[str] = field(default_factory=list)
    """Listed keys that are no clause of the document."""
    outside: list[str] = field(default_factory=list)
    """Listed keys that are clauses outside the procedure chapters."""
    stale: list[str] = field(default_factory=list)
    """Listed keys the engine cites."""

    def group(self, name: str) -> list[Entry]:
        """The entries of one group, in document order."""
        return [entry for entry in self.entries if entry.group == name]

    def total(self) -> ChapterCount:
        """The counts of all chapters together."""
        whole = ChapterCount("")
        for chapter in self.chapters:
            whole.clauses += chapter.clauses
            whole.unaccounted += chapter.unaccounted
            for group in GROUPS:
                whole.counts[group] += chapter.counts[group]
        return whole

    def faults(self) -> list[str]:
        """What is wrong with the file, one line each (none: every clause is accounted for, every key holds)."""
        return [
            *(f"{clause}: neither cited by the engine nor listed" for clause in self.unaccounted),
            *(f"{key}: listed, but no clause of {self.accounting.document}" for key in self.unknown),
            *(f"{key}: listed, but outside the procedure chapters" for key in self.outside),
            *(f"{key}: listed, but the engine cites it now (remove it)" for key in self.stale),
        ]


def is_heading(clause: Clause) -> bool:
    """A clause with a title and no rule text of its own."""
    return bool(clause.title) and not clause.text.strip()


def account(index: RulesIndex, citations: Collection[str], accounting: Accounting) -> Ledger:
    """Sort every clause of ``accounting``'s procedure chapters into its group, by ``citations`` (the clause ids
    the engine cites) and the listed keys; count them by chapter; find the file's faults."""
    ledger = Ledger(accounting)
    reasons = {key: (group, reason) for key, group, reason in accounting.listed()}
    for key in reasons:
        clause = index.clauses.get(key)
        if clause is None or clause.doc != accounting.document:
            ledger.unknown.append(key)
        elif not accounting.in_chapters(clause):
            ledger.outside.append(key)
        elif key in citations:
            ledger.stale.append(key)

    def cited_below(clause: Clause) -> bool:
        return any(child in citations or cited_below(index.clauses[child]) for child in clause.children)

    def cited(clause: Clause) -> bool:
        return clause.id in citations or is_heading(clause) and cited_below(clause)

    def listed(clause: Clause) -> tuple[str, str, str] | None:
        at: Clause | None = clause
        while at is not None:
            if at.id in reasons:
                return at.id, *reasons[at.id]
            at = index.clauses[at.parent] if at.parent else None
        return None

    counts: dict[str, ChapterCount] = {}
    for clause in index.documents[accounting.document].clauses:
        if not accounting.in_chapters(clause):
            continue
        chapter = clause.id.split(".", 1)[0]
        count = counts.setdefault(chapter, ChapterCount(chapter))
        count.clauses += 1
        found = listed(clause)
        if cited(clause):
            ledger.entries.append(Entry(clause.id, CITED))
            count.counts[CITED] += 1
        elif found is not None:
            key, group, reason = found
            ledger.entries.append(Entry(clause.id, group, reason, key))
            count.counts[group] += 1
        else:
            ledger.unaccounted.append(clause.id)
            count.unaccounted += 1
    ledger.chapters = list(counts.values())
    return ledger
