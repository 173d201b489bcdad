"""``judge verify``, ``judge replay`` and ``judge selfplay`` through CliRunner: output and exit codes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from tests.conftest import REPO

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"

ILLEGAL = """\
format: judge-log/1
game: ws
cards:
  YL-01: {name: Morning Runner, type: character, level: 0, cost: 0, color: yellow, power: 2500, soul: 1}
  YL-05: {name: Relay Anchor, type: character, level: 2, cost: 1, color: yellow, power: 7500, soul: 1}
players:
  - {id: P1, name: Alice, deck: {YL-01: 4, YL-05: 4}}
  - {id: P2, name: Bob, deck: {YL-01: 4, YL-05: 4}}
first: P1
setup:
  turn: 3
  active: P1
  phase: main
  P1:
    clock: [YL-01]
    stock: [YL-01, YL-01]
    hand: [YL-05, YL-01]
    deck: 3
  P2:
    deck: 5
actions:
  - {p: P1, do: play, card: YL-05, pos: 1}
  - {p: P1, do: play, card: YL-01, pos: 2}
"""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_bundled_example_is_legal_and_untouched() -> None:
    before = digest(EXAMPLE)
    code, out = run("verify", str(EXAMPLE))
    assert code == 0
    assert out.strip().endswith(": legal (winner: P2)")
    assert digest(EXAMPLE) == before


def test_an_illegal_play_is_located_with_its_clause_and_the_options(tmp_path: Path) -> None:
    log = tmp_path / "illegal.yaml"
    log.write_text(ILLEGAL, encoding="utf-8")
    code, out = run("verify", str(log))
    assert code == 1
    assert f"{log}: illegal" in out
    assert "entry 0, line 22: ws:8.6.2.1.2: P1: YL-05 is level 2 but P1 is level 0" in out
    assert "legal here: play YL-01 pos 1" in out
    # The replay goes on after the violation: the second play is legal and applied.
    assert "entry 1" not in out


def test_json_verdicts_one_per_line(tmp_path: Path) -> None:
    log = tmp_path / "illegal.yaml"
    log.write_text(ILLEGAL, encoding="utf-8")
    code, out = run("verify", "--json", str(EXAMPLE), str(log))
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 1
    assert first["verdict"] == "legal" and first["violations"] == []
    assert second["verdict"] == "illegal"
    assert second["violations"][0] == {
        "entry": 0,
        "line": 22,
        "clauses": ["ws:8.6.2.1.2"],
        "message": "P1: YL-05 is level 2 but P1 is level 0",
        "options": second["violations"][0]["options"],
    }
    assert set(first) >= {"file", "verdict", "violations", "notes"}


@pytest.mark.parametrize(
    ("name", "text", "located"),
    [
        ("broken.yaml", "format: judge-log/1\ngame: [ws\n", ":2:10:"),  # after the list left open, not past the end
        ("broken.json", '{"format": "judge-log/1",\n "game": }', ":2:10:"),
        ("wrong.yaml", "format: judge-log/2\n", ":1:"),
    ],
)
def test_malformed_logs_get_file_line_and_column(tmp_path: Path, name: str, text: str, located: str) -> None:
    log = tmp_path / name
    log.write_text(text, encoding="utf-8")
    code, out = run("verify", str(log))
    assert code == 2
    assert f"{log}: malformed" in out
    assert f"{log}{located}" in out


def test_a_malformed_verdict_in_json_carries_the_column(tmp_path: Path) -> None:
    log = tmp_path / "broken.json"
    log.write_text('{"format": "judge-log/1",\n "game": }', encoding="utf-8")
    code, out = run("verify", "--json", str(log))
    assert code == 2
    [violation] = json.loads(out)["violations"]
    assert (violation["line"], violation["column"]) == (2, 10)


def test_missing_file_and_worst_exit_code(tmp_path: Path) -> None:
    code, out = run("verify", str(EXAMPLE), str(tmp_path / "missing.yaml"))
    assert code == 2
    assert "no such file or folder" in out


def test_replay_prints_each_step_with_its_clauses() -> None:
    code, out = run("replay", str(EXAMPLE), "--quiet-timing")
    assert code == 0
    assert "-- turn 1, draw --" in out
    assert "(ws:6.3.1.2 ws:4.7.2)  <- entry 4 (line" in out
    assert "check timing" not in out
    assert out.rstrip().endswith("legal (winner: P2)")
    code, full = run("replay", str(EXAMPLE), "--json")
    data = json.loads(full)
    assert data["verdict"] == "legal" and data["trace"][0]["clauses"] == ["ws:5.2.1.4", "ws:5.2.1.2", "ws:3.1.1"]


def test_selfplay_writes_deterministic_legal_logs(tmp_path: Path) -> None:
    code, _ = run("selfplay", "--seed", "3", "--games", "2", "--out", str(tmp_path / "a"), "--format", "jsonl")
    assert code == 0
    again = run("selfplay", "--seed", "3", "--games", "1", "--out", str(tmp_path / "b"), "--format", "jsonl")
    assert again[0] == 0
    written = sorted((tmp_path / "a").iterdir())
    assert [path.name for path in written] == ["ws-selfplay-000003.jsonl", "ws-selfplay-000004.jsonl"]
    assert written[0].read_bytes() == (tmp_path / "b" / "ws-selfplay-000003.jsonl").read_bytes()
    code, out = run("verify", *map(str, written))
    assert code == 0 and out.count(": legal") == 2


def test_selfplay_into_a_file_is_a_clean_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, out = run("selfplay", "--out", str(blocker))
    assert code == 2 and "is a file" in out


@pytest.mark.parametrize("command", ["verify", "replay", "selfplay"])
def test_help_teaches_with_examples(command: str) -> None:
    code, out = run(command, "--help")
    assert code == 0 and "Examples:" in out and f"judge {command}" in out


def test_a_replay_is_deterministic() -> None:
    """The same log gives a byte-identical report, run after run (architecture invariant)."""
    first = run("replay", str(EXAMPLE), "--json")
    second = run("replay", str(EXAMPLE), "--json")
    assert first == second
