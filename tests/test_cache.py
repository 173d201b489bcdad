"""The parsed index is cached by content hash, and a cache that cannot be written is no error."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from rules_index import cache


@pytest.fixture()
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_first_load_writes_the_cache_and_the_second_reads_it(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = cache.load_index()
    files = list(cache_dir.glob("rules-index-*.pickle"))
    assert len(files) == 1 and cache.content_key() in files[0].name

    def must_not_parse() -> None:
        raise AssertionError("a warm load parsed the documents again")

    monkeypatch.setattr(cache, "build_index", must_not_parse)
    second = cache.load_index()
    assert len(second) == len(first)
    assert second.get("ws:4.10.1.2").text == first.get("ws:4.10.1.2").text
    assert second.search("damage cancel")[0].clause.id == "ws:4.10.1.2"


def test_caches_of_older_sources_are_removed(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    stale = cache_dir / "rules-index-0123456789abcdef.pickle"
    stale.write_bytes(b"old")
    unrelated = cache_dir / "notes.txt"
    unrelated.write_text("kept")
    cache.load_index()
    assert not stale.exists() and unrelated.exists()
    assert cache.cache_path().exists()


def test_a_corrupt_cache_file_is_replaced(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    cache.cache_path().write_bytes(b"not a pickle")
    assert len(cache.load_index()) > 1000
    assert cache.cache_path().read_bytes() != b"not a pickle"


def test_the_key_changes_with_the_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    before = cache.content_key()
    original = cache.read_document_bytes
    monkeypatch.setattr(cache, "read_document_bytes", lambda document: original(document) + b"\n1.1. Edited.")
    assert cache.content_key() != before


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write into a read-only folder")
def test_unwritable_cache_directory_falls_back_to_parsing(cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    cache_dir.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert len(cache.load_index()) > 1000
        assert list(cache_dir.iterdir()) == []
    finally:
        cache_dir.chmod(stat.S_IRWXU)


def test_cache_path_under_a_file_falls_back_to_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(blocker / "cache"))
    assert len(cache.load_index()) > 1000
    assert blocker.read_text() == "not a folder"
