"""The five rules documents ship inside the package, identical to the project's sources."""

from __future__ import annotations

import pytest

from rules_index.documents import DOCUMENTS, read_document_bytes
from tests.conftest import SHARED_RULES


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.key)
def test_document_is_package_data(document) -> None:  # type: ignore[no-untyped-def]
    data = read_document_bytes(document)
    assert len(data) > 5000
    data.decode("utf-8")


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="the shared rules folder is not beside the checkout")
@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.key)
def test_bundled_copy_matches_the_shared_source(document) -> None:  # type: ignore[no-untyped-def]
    assert read_document_bytes(document) == (SHARED_RULES / document.filename).read_bytes()
