"""Ranked full-text search over the clauses, on SQLite's FTS5.

FTS5 (part of Python's standard ``sqlite3``) gives stemming, BM25 ranking and
highlighted snippets.  On top of BM25 the ranking prefers, in this order, the
clause that *defines* the words searched for, a clause whose title is the
phrase, and a clause whose text contains the exact phrase: a reader asking for
"damage cancel" wants the definition first, then the clauses that apply it.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

from rules_index.model import Clause

HIGHLIGHT_START = "\x02"
HIGHLIGHT_END = "\x03"
"""Markers around matched words in snippets; the command line renders them."""

DEFINES_BONUS = 30.0
TITLE_BONUS = 12.0
PHRASE_BONUS = 6.0
CANDIDATES = 400
WORD = re.compile(r"[A-Za-z0-9]+")


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One search result: the clause, its score (higher is better) and a snippet."""

    clause: Clause
    score: float
    snippet: str


class SearchIndex:
    """An in-memory FTS5 table of the clauses, built once per process."""

    def __init__(self, clauses: list[Clause]) -> None:
        self.clauses = clauses
        self.connection = sqlite3.connect(":memory:")
        self.connection.execute(
            "CREATE VIRTUAL TABLE clause USING fts5(title, text, defines, doc UNINDEXED, tokenize = 'porter unicode61')"
        )
        self.connection.executemany(
            "INSERT INTO clause (rowid, title, text, defines, doc) VALUES (?, ?, ?, ?, ?)",
            (
                (position, clause.title, clause.text, " ; ".join(clause.defines), clause.doc)
                for position, clause in enumerate(clauses)
            ),
        )

    def search(self, query: str, doc: str | None = None, limit: int = 10) -> list[SearchHit]:
        """The best ``limit`` clauses for ``query``, optionally within one document.

        All words must match; when no clause has them all, any word may.
        """
        words = WORD.findall(query)
        if not words or limit <= 0:
            return []
        phrase = " ".join(word.lower() for word in words)
        for operator in (" AND ", " OR "):
            rows = self._candidates(operator.join(f'"{word}"' for word in words), doc)
            if rows:
                break
        hits = []
        for position, bm25, snippet in rows:
            clause = self.clauses[position]
            score = -bm25
            if phrase in (term.lower() for term in clause.defines):
                score += DEFINES_BONUS
            if clause.title.lower() == phrase:
                score += TITLE_BONUS
            if phrase in " ".join(WORD.findall(clause.text.lower())):
                score += PHRASE_BONUS
            hits.append(SearchHit(clause, round(score, 3), snippet or clause.title))
        hits.sort(key=lambda hit: (-hit.score, hit.clause.doc, hit.clause.order))
        return hits[:limit]

    def _candidates(self, match: str, doc: str | None) -> list[tuple[int, float, str]]:
        sql = (
            "SELECT rowid, bm25(clause, 4.0, 1.0, 8.0), "
            f"snippet(clause, 1, '{HIGHLIGHT_START}', '{HIGHLIGHT_END}', '...', 16) "
            "FROM clause WHERE clause MATCH ?"
        )
        parameters: list[object] = [match]
        if doc is not None:
            sql += " AND doc = ?"
            parameters.append(doc)
        sql += " ORDER BY 2 LIMIT ?"
        parameters.append(CANDIDATES)
        return self.connection.execute(sql, parameters).fetchall()
