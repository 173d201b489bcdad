"""judge.progress: the line that says how far the reading and the replay of one large log have got.

Shown on standard error only when it is a terminal, only for a batch of one file, and only once
the log has taken a few seconds; rewritten in place and erased before the verdict is printed.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
import yaml

from judge import batch, progress
from judge.batch import BatchInputs, BatchItem
from judge.batch_cli import BatchRun
from judge.progress import Progress
from judge.selfplay import write_log
from tests.conftest import REPO


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_nothing_is_shown_before_the_delay() -> None:
    stream, clock = io.StringIO(), Clock()
    shown = Progress("game.yaml", stream, delay=3.0, interval=0.25, clock=clock)
    clock.now += 2.9
    shown.update("reading", 1_000, 10_000, "bytes")
    shown.close()
    assert stream.getvalue() == ""


def test_the_line_is_drawn_in_place_at_most_every_interval_and_erased_at_the_end() -> None:
    stream, clock = io.StringIO(), Clock()
    shown = Progress("game.yaml", stream, delay=3.0, interval=0.25, clock=clock)
    clock.now += 3.5
    shown.update("replaying", 12_345, 1_000_000, "entry")
    first = "game.yaml: replaying: entry 12,345 of 1,000,000 (1%), 4 s"
    assert stream.getvalue() == "\r" + first
    clock.now += 0.1
    shown.update("replaying", 20_000, 1_000_000, "entry")  # too soon: not drawn
    assert stream.getvalue().count("\r") == 1
    clock.now += 0.2
    shown.update("reading", 25_000_000, 50_000_000, "bytes")
    drawn = stream.getvalue().split("\r")[-1]
    assert drawn == "game.yaml: reading: 25.0 of 50.0 MB (50%), 4 s".ljust(len(first))  # over the longer line
    shown.close()
    assert stream.getvalue().endswith("\r" + " " * len(first) + "\r")


def test_for_log_gives_nothing_unless_enabled() -> None:
    assert not progress.enabled()
    with progress.for_log("game.yaml") as shown:
        assert shown is None
    stream = io.StringIO()
    progress.enable(stream)
    try:
        with progress.for_log("game.yaml") as shown:
            assert isinstance(shown, Progress) and shown.stream is stream
    finally:
        progress.enable(None)


def large_jsonl(tmp_path: Path, copies: int) -> Path:
    document = yaml.safe_load((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"))
    document["actions"] = json.loads(json.dumps(document["actions"] * copies))
    path = tmp_path / "large.jsonl"
    write_log(document, path)
    return path


def test_verifying_one_log_reports_its_reading_and_its_replay(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the delay at nothing and every report drawn: the reading reports its offset every few thousand
    entries, the replay each entry it takes; the line is erased before the verdict comes back."""
    path = large_jsonl(tmp_path, 20)
    stream = io.StringIO()
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    progress.enable(stream)
    try:
        checked = batch.verify_item(BatchItem(str(path)))
    finally:
        progress.enable(None)
    lines = stream.getvalue().split("\r")
    assert any(": reading: " in line for line in lines)
    replayed = [line for line in lines if ": replaying: entry " in line]
    assert replayed and replayed[0].startswith(f"{path}: replaying: entry 1 of ")
    assert stream.getvalue().endswith("\r") and not lines[-2].strip()  # erased
    assert checked.verdict.entries > 0


def test_the_verdict_is_the_same_with_and_without_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = large_jsonl(tmp_path, 3)
    plain = batch.verify_item(BatchItem(str(path))).verdict
    monkeypatch.setattr(progress, "DELAY", 0.0)
    progress.enable(io.StringIO())
    try:
        shown = batch.verify_item(BatchItem(str(path))).verdict
    finally:
        progress.enable(None)
    assert shown.to_dict() == plain.to_dict()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("files", "own_progress"), [(1, True), (2, False)])
def test_a_batch_of_one_file_on_a_terminal_shows_its_progress_instead_of_a_bar(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: int, own_progress: bool
) -> None:
    paths = []
    for index in range(files):
        path = tmp_path / f"game{index}.yaml"
        path.write_text((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"), encoding="utf-8")
        paths.append(str(path))
    monkeypatch.setattr(sys, "stderr", Terminal())
    seen = []
    run = BatchRun(BatchInputs(paths), jobs=1, dask_address=None)
    for _ in run.results(lambda chunk: [seen.append(progress.enabled()) for _ in chunk]):
        pass
    assert seen == [own_progress] * files
    assert not progress.enabled()  # turned off again after the batch


def test_nothing_is_shown_when_standard_error_is_not_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    seen = []
    run = BatchRun(BatchInputs([str(path)]), jobs=1, dask_address=None)
    for _ in run.results(lambda chunk: [seen.append(progress.enabled()) for _ in chunk]):
        pass
    assert seen == [False]
