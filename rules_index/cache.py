"""The on-disk cache of the parsed index.

The cache file lives in the user's cache directory (``platformdirs``; override
with ``JUDGE_CACHE_DIR``) and is named by a hash of the known documents' bytes
and of the package's own source: editing a document or the parser makes a new
key, so a stale index is never read.  When the directory cannot be written, or the file
cannot be read, the index is parsed in memory and the tool goes on.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import tempfile
from importlib import resources
from pathlib import Path

from rules_index.documents import documents, read_document_bytes
from rules_index.index import RulesIndex, build_index


def cache_directory() -> Path:
    """Where cached indexes are kept."""
    override = os.environ.get("JUDGE_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("judge", appauthor=False))


def content_key() -> str:
    """A hash of the known documents and of the modules that parse them."""
    digest = hashlib.sha256()
    package = resources.files("rules_index")
    for module in sorted(entry.name for entry in package.iterdir() if entry.name.endswith(".py")):
        digest.update(package.joinpath(module).read_bytes())
    for document in documents():
        digest.update(document.key.encode())
        digest.update(read_document_bytes(document))
    return digest.hexdigest()[:32]


def cache_path() -> Path:
    return cache_directory() / f"rules-index-{content_key()}.pickle"


def load_index(use_cache: bool = True) -> RulesIndex:
    """The rules index, from the cache when there is a good one, else parsed (and cached)."""
    if not use_cache:
        return build_index()
    path = cache_path()
    try:
        with path.open("rb") as handle:
            index = pickle.load(handle)
        if isinstance(index, RulesIndex):
            return index
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    index = build_index()
    _store(index, path)
    return index


def _store(index: RulesIndex, path: Path) -> None:
    """Write the cache atomically and drop caches of older sources; failing to write is not an error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(descriptor, "wb") as handle:
            pickle.dump(index, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        return
    for stale in path.parent.glob("rules-index-*.pickle"):
        if stale != path:
            with contextlib.suppress(OSError):
                stale.unlink()
