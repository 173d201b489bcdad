"""How the engine and the judge word what they say: counts with their nouns in the right number.

A trace, a refusal or a page reads as sentences ("1 card from the deck to the stock", "3 abilities
played"), never as ``card(s)``.
"""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, word: str, plural: str | None = None) -> str:
    """A count with its noun in the right number: ``1 card``, ``3 cards``, ``2 abilities`` (``plural`` where adding
    an s is wrong)."""
    return f"{count} {word if count == 1 else plural or word + 's'}"
