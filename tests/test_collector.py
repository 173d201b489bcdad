"""Loading and replaying pause the cyclic garbage collector (judge.collector); these tests hold the
two promises that make that safe: it is always turned back on, and a replay leaves no reference
cycles behind for it to collect."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
import yaml

from engine.core.protocol import ActionRecord
from judge.games.ws import SUPPORT as WS
from judge.games.ws.log import game_of
from judge.logfile import LogFormatError, load_log
from judge.replay import Replay, verify_log
from judge.selfplay import play_game, write_log
from judge.verdict import VerdictKind
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"


def with_violations(tmp_path: Path) -> Path:
    """The example game with its first draw dropped and a level up out of nowhere added: an illegal log."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions = document["actions"]
    del actions[next(i for i, entry in enumerate(actions) if entry.get("do") == "draw")]
    actions.insert(5, {"do": "level_up", "p": document["players"][0]["id"], "card": "YL-01"})
    path = tmp_path / "illegal.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return path


def test_the_collector_is_on_after_loading_and_verifying_whatever_the_log(tmp_path: Path) -> None:
    """Legal, illegal and unreadable logs alike leave the collector on."""
    assert gc.isenabled()
    assert verify_log(load_log(EXAMPLE)).kind is VerdictKind.LEGAL
    assert gc.isenabled()
    assert verify_log(load_log(with_violations(tmp_path))).kind is VerdictKind.ILLEGAL
    assert gc.isenabled()
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    document["order"] = {document["players"][0]["id"]: ["NOT-A-CARD"]}
    cannot_start = tmp_path / "cannot-start.yaml"
    cannot_start.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    assert verify_log(load_log(cannot_start)).kind is VerdictKind.MALFORMED
    assert gc.isenabled()
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: judge-log/1\nactions: [\n", encoding="utf-8")
    with pytest.raises(LogFormatError):
        load_log(broken)
    assert gc.isenabled()


def test_a_paused_collector_stays_paused() -> None:
    """Code that turned the collector off itself gets it back off."""
    gc.disable()
    try:
        verify_log(load_log(EXAMPLE))
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("kind", ["example", "illegal", "self-played"])
def test_loading_and_replaying_leave_no_reference_cycles(tmp_path: Path, kind: str) -> None:
    """Nothing the paused collector would have found: every object dropped is freed by reference counting."""
    if kind == "example":
        path = EXAMPLE
    elif kind == "illegal":
        path = with_violations(tmp_path)
    else:
        path = tmp_path / "game.jsonl"
        write_log(play_game(7), path)
    gc.collect()
    gc.disable()
    try:
        verdict = verify_log(load_log(path))
        del verdict
        assert gc.collect() == 0
    finally:
        gc.enable()


def live_records() -> int:
    """How many action records exist now (they are containers, so the collector lists them)."""
    return sum(1 for item in gc.get_objects() if isinstance(item, ActionRecord))


@pytest.mark.parametrize("kind", ["example", "illegal"])
def test_a_verdict_without_its_trace_frees_the_game_before_the_collector_is_back(tmp_path: Path, kind: str) -> None:
    """``judge verify`` keeps no trace: the verdict is the traced one minus its records, and every
    record is freed by the time ``verify_log`` returns, so the collector never has to walk them."""
    log = load_log(EXAMPLE if kind == "example" else with_violations(tmp_path))
    traced = verify_log(log)
    assert traced.records
    before = live_records()
    untraced = verify_log(log, trace=False)
    assert live_records() == before
    assert untraced.records == []
    assert untraced.to_dict() == traced.to_dict()


def test_a_replay_without_its_trace_makes_no_records() -> None:
    """With no one to read the trace, the game numbers its steps as it would, but makes no record of them."""
    log = load_log(EXAMPLE)
    traced = Replay(log, game_of(log), WS)
    traced.run()
    untraced = Replay(log, game_of(log), WS, trace=False)
    untraced.run()
    assert untraced.game.records == []
    assert untraced.game.recorded == len(traced.game.records) > 0
    assert untraced.verdict().to_dict() == traced.verdict().to_dict()


def test_a_failed_expectation_cites_the_same_clauses_without_the_trace(tmp_path: Path) -> None:
    """A failed ``expect`` cites the clauses applied for its entry, so a log with one keeps its records
    even when no trace is asked for; the verdict is the same either way."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    opening_draw = next(entry for entry in document["actions"] if entry.get("do") == "draw")
    opening_draw["expect"] = {opening_draw["p"]: {"hand": 99}}
    path = tmp_path / "failed-expectation.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    log = load_log(path)
    traced, untraced = verify_log(log), verify_log(log, trace=False)
    [failure] = [violation for violation in traced.violations if violation.message.startswith("expect: ")]
    assert "ws:5.2.1.4" in failure.clauses
    assert untraced.violations == traced.violations
