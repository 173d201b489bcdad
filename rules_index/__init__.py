"""The comprehensive rules as data: a clause index of the bundled rules documents.

>>> from rules_index import load_index
>>> index = load_index()
>>> index.get("ws:4.10.1.2").text[:38]
'If a climax card is moved to the resol'
"""

from rules_index.cache import load_index
from rules_index.index import RulesIndex, UnknownClauseError
from rules_index.model import Clause, Document, Finding, FindingKind, Reference, ReferenceKind

__all__ = [
    "Clause",
    "Document",
    "Finding",
    "FindingKind",
    "Reference",
    "ReferenceKind",
    "RulesIndex",
    "UnknownClauseError",
    "load_index",
]
