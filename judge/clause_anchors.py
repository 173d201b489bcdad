"""Clause ids, their anchors and their pages on the annotated rules site, from the id alone.

The rules site (``judge docs``) gives every clause a stable anchor, derived from
its id and nothing else, so that anything can link to a clause without the
site's build at hand: a batch report of ``judge verify``, a tournament's own
pages.  These functions are plain string work with no dependency beyond the
standard library; the Sphinx extension (:mod:`judge.sphinx_rules`) and the
reports share them, so a link made outside Sphinx lands where Sphinx put the
clause.

* :func:`normalise_clause_id`: ``WS : 4.10.1.2.`` → ``ws:4.10.1.2``,
  ``wl:7-1-4-1-2`` → ``wl:7.1.4.1.2``; ``#2`` (the second clause printed with
  that number) is kept.
* :func:`anchor_for`: ``ws:4.10.1.2`` → ``ws-4-10-1-2``, ``vg:3.1.1#2`` →
  ``vg-3-1-1-2nd``, ``ws-sheet:game-cards/climax-cards/level`` →
  ``ws-sheet-game-cards--climax-cards--level``.
* :func:`page_of`: the page (without ``.html``) that holds a clause:
  ``rules/ws/4`` for ``ws:4.10.1.2``, ``rules/ws-sheet`` for a clause of a
  document the site shows on one page.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["CLAUSE_ID", "NUMERIC", "anchor_for", "hyphen_form", "normalise_clause_id", "page_of"]

CLAUSE_ID = re.compile(
    r"^\s*(?P<doc>[A-Za-z][A-Za-z0-9-]*)(?P<colon>\s*:\s*|\s+)(?P<number>[^\s#]+?)\.?(?:#(?P<occurrence>\S+))?\s*$"
)
"""``<doc>:<number>[#<occurrence>]``, with the spacing and closing period people type, or with a space for the colon
(``ws 7.2.1.5.3``, as prose writes an id) where the number is a clause number."""

NUMERIC = re.compile(r"^\d+(?:[.-]\d+)*$")
"""A clause number: digits joined by dots, or by hyphens (the ENERGIO!! form)."""


def normalise_clause_id(text: str) -> str | None:
    """The canonical form of a clause id, or None when *text* is not ``<doc>:<number>``.

    ``WS : 4.10.1.2.`` → ``ws:4.10.1.2``; ``ws 4.10.1.2`` → ``ws:4.10.1.2``; ``wl:7-1-4-1-2`` →
    ``wl:7.1.4.1.2``; ``vg:3.1.1#2`` stays as it is.  One canonical form lets the hyphen alias and the
    dotted id name the same target and the same anchor.
    """
    match = CLAUSE_ID.match(text)
    if match is None:
        return None
    doc, number, occurrence = match["doc"].lower(), match["number"], match["occurrence"]
    if ":" not in match["colon"] and not NUMERIC.match(number):
        return None  # two words: ``ws 4.10`` is an id, ``damage cancel`` is not
    if NUMERIC.match(number):
        number = number.replace("-", ".")
    return f"{doc}:{number}" + (f"#{occurrence}" if occurrence else "")


def _ordinal(number: int) -> str:
    """``2`` → ``2nd``, ``3`` → ``3rd``, ``11`` → ``11th``, ``21`` → ``21st``."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _slug(text: str) -> str:
    """Lower-case *text* with every run of characters outside ``[a-z0-9]`` as one ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def anchor_for(clause_id: str) -> str:
    """The stable HTML anchor of a clause.

    ``ws:4.10.1.2`` → ``ws-4-10-1-2``; ``vg:3.1.1#2`` → ``vg-3-1-1-2nd``;
    ``ws-sheet:game-cards/climax-cards/level`` → ``ws-sheet-game-cards--climax-cards--level``.
    The id is normalised first, so every accepted spelling gives the same anchor.
    """
    canonical = normalise_clause_id(clause_id) or clause_id
    doc, _, rest = canonical.partition(":")
    number, _, occurrence = rest.partition("#")
    anchor = _slug(doc) + "-" + "--".join(_slug(part) for part in number.split("/"))
    if occurrence:
        anchor += "-" + (_ordinal(int(occurrence)) if occurrence.isdigit() else _slug(occurrence))
    return anchor


def hyphen_form(clause_id: str) -> str:
    """The number of a clause as its document prints it with hyphens: ``wl:7.1.4.1.2`` → ``7-1-4-1-2``."""
    number = clause_id.partition(":")[2].partition("#")[0]
    return number.replace(".", "-")


def page_of(clause_id: str, single_page: Collection[str] = ()) -> str | None:
    """The site page (a path without ``.html``) that defines a clause, or None when *clause_id* is not an id.

    A numbered clause is on the page of its first number: ``ws:4.10.1.2`` → ``rules/ws/4``,
    ``vg:3.1.1#2`` → ``rules/vg/3``.  Any other clause of a document is on the page of
    the first part of its path (``rules/<doc>/<slug>``), except for the documents named in
    *single_page*, which the site shows whole on one page (the beginner documents of
    ``rules_index.documents.beginner_documents``): ``rules/ws-sheet``.
    """
    canonical = normalise_clause_id(clause_id)
    if canonical is None:
        return None
    doc, _, rest = canonical.partition(":")
    number = rest.partition("#")[0]
    if doc in single_page:
        return f"rules/{doc}"
    section = number.split(".")[0] if number[:1].isdigit() else _slug(number.split("/")[0])
    return f"rules/{doc}/{section}"
