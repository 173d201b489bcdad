"""The rules documents: the five bundled ones, any a game adds, and reading their texts.

The bundled texts ship inside the package (``rules_index/data``) so the tool works
after ``pip install`` with nothing beside it.  A game that brings its own rules
(a game another package registers with the judge) adds its document with
``add_document``; from then on the index, search, lint and the rules pages know
it as they know the bundled ones.
"""

from __future__ import annotations

from collections.abc import Collection
from importlib import resources
from pathlib import Path

from rules_index.model import Document, DocumentKind

DOCUMENTS: tuple[Document, ...] = (
    Document(
        "ws",
        "ws-cr-2.00.txt",
        "Weiss Schwarz Comprehensive Rules ver. 2.00",
        "ws",
        DocumentKind.DOTTED,
        short="Weiss Schwarz CR 2.00",
    ),
    Document(
        "vg",
        "vg-cr-1.37.txt",
        "Cardfight!! Vanguard Comprehensive Rules ver. 1.37",
        "vg",
        DocumentKind.DOTTED,
        short="Cardfight!! Vanguard CR 1.37",
    ),
    Document(
        "wl",
        "wl-cr.txt",
        "ENERGIO!! Comprehensive Rules",
        "wl",
        DocumentKind.NESTED_LIST,
        hyphen_aliases=True,
        short="ENERGIO!! CR",
    ),
    Document(
        "ws-sheet", "ws-rules-sheet-2013.md", "Weiss Schwarz Rules Sheet (2013)", "ws", DocumentKind.MARKDOWN_SHEET
    ),
    Document("ws-guide", "ws-beginner-guide.txt", "Weiss Schwarz Beginner Guide", "ws", DocumentKind.OUTLINE_GUIDE),
)

"""The documents that ship with the package."""

DOCUMENTS_BY_KEY: dict[str, Document] = {document.key: document for document in DOCUMENTS}
"""Every document by its key: the bundled ones, then those added (``add_document``)."""


BEGINNER_KINDS = (DocumentKind.MARKDOWN_SHEET, DocumentKind.OUTLINE_GUIDE)
"""Documents that explain a game to a beginner, beside its comprehensive rules, and are read whole."""


def beginner_documents(games: Collection[str] | None = None) -> tuple[str, ...]:
    """The keys of the known beginner documents (a rules sheet, a guide), of ``games`` only if given."""
    return tuple(
        document.key
        for document in DOCUMENTS_BY_KEY.values()
        if document.kind in BEGINNER_KINDS and (games is None or document.game in games)
    )


def comprehensive_rules(game: str) -> Document:
    """The comprehensive rules of ``game`` among the known documents (the one its clause ids are cited from)."""
    for document in DOCUMENTS_BY_KEY.values():
        if document.game == game and document.kind not in BEGINNER_KINDS:
            return document
    raise KeyError(f"no comprehensive rules of {game!r} are known")


def add_document(document: Document) -> None:
    """Know ``document`` (with its ``path``) from now on, as the bundled ones are known.

    Adding the same document again does nothing; another document under a key already
    taken is refused, since clause ids name their document by its key.
    """
    known = DOCUMENTS_BY_KEY.get(document.key)
    if known == document:
        return
    if known is not None:
        raise ValueError(f"a rules document {document.key!r} is already known ({known.title})")
    if document.path is None:
        raise ValueError(f"rules document {document.key!r} names no file to read")
    DOCUMENTS_BY_KEY[document.key] = document


def documents() -> tuple[Document, ...]:
    """Every known document: the bundled ones, then those added, in the order they were added."""
    return tuple(DOCUMENTS_BY_KEY.values())


def read_document_bytes(document: Document) -> bytes:
    """The raw bytes of a document's text (hashed for the cache key)."""
    if document.path is not None:
        return Path(document.path).read_bytes()
    return resources.files("rules_index").joinpath("data", document.filename).read_bytes()
