"""The five bundled rules documents, and reading them from the package data.

The texts ship inside the package (``rules_index/data``) so the tool works after
``pip install`` with nothing beside it.
"""

from __future__ import annotations

from importlib import resources

from rules_index.model import Document, DocumentKind

DOCUMENTS: tuple[Document, ...] = (
    Document("ws", "ws-cr-2.00.txt", "Weiss Schwarz Comprehensive Rules ver. 2.00", "ws", DocumentKind.DOTTED),
    Document("vg", "vg-cr-1.37.txt", "Cardfight!! Vanguard Comprehensive Rules ver. 1.37", "vg", DocumentKind.DOTTED),
    Document("wl", "wl-cr.txt", "ENERGIO!! Comprehensive Rules", "wl", DocumentKind.NESTED_LIST, hyphen_aliases=True),
    Document(
        "ws-sheet", "ws-rules-sheet-2013.md", "Weiss Schwarz Rules Sheet (2013)", "ws", DocumentKind.MARKDOWN_SHEET
    ),
    Document("ws-guide", "ws-beginner-guide.txt", "Weiss Schwarz Beginner Guide", "ws", DocumentKind.OUTLINE_GUIDE),
)

DOCUMENTS_BY_KEY: dict[str, Document] = {document.key: document for document in DOCUMENTS}


def read_document_bytes(document: Document) -> bytes:
    """The raw bytes of a bundled document (hashed for the cache key)."""
    return resources.files("rules_index").joinpath("data", document.filename).read_bytes()
