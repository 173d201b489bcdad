"""``judge verify LOG --fix N='{...}'``: a head judge's correction, replayed in memory, with what it changes."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.fixes import FixError, differences, parse_fix
from tests.conftest import REPO

EXAMPLES = REPO / "judge" / "examples"
FORMAT = REPO / "tests" / "data" / "format"

MISTAKES = [
    # game, entry, the change that makes it illegal, the correction (as `judge why` proposes it)
    ("ws", 67, {"pos": 4}, "67={p: P1, do: attack, pos: 3, type: direct}"),
    ("vg", 14, {"card": "FL"}, "14={p: P2, do: ride, card: TW-12}"),
    ("wl", 14, {"attacker": "FL"}, "14={p: P2, do: attack, attacker: leader, target: leader}"),
]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def mistaken(tmp_path: Path, game: str, entry: int, change: dict[str, object]) -> Path:
    document = yaml.safe_load((EXAMPLES / f"{game}-game.yaml").read_text(encoding="utf-8"))
    document["actions"][entry].update(change)
    path = tmp_path / f"{game}-mistaken.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game", "entry", "change", "fix"), MISTAKES)
def test_the_intended_option_makes_the_corrected_game_legal_and_the_file_is_unchanged(
    tmp_path: Path, game: str, entry: int, change: dict[str, object], fix: str
) -> None:
    path = mistaken(tmp_path, game, entry, change)
    before = digest(path)
    code, out = run("verify", str(path))
    assert code == 1 and ": illegal" in out
    code, out = run("verify", str(path), "--fix", fix)
    assert code == 0, out
    assert out.splitlines()[0].endswith(": legal (winner: P1)") or out.splitlines()[0].endswith(": legal (winner: P2)")
    assert f"corrected: entry {entry} replaced by" in out and "(the file is unchanged)" in out
    assert "is the same as written and as corrected" in out  # the correction is what the log's game went on from
    assert digest(path) == before


def test_the_proposal_of_judge_why_pastes_into_verify(tmp_path: Path) -> None:
    path = mistaken(tmp_path, "ws", 67, {"pos": 4})
    code, out = run("why", str(path), "--at", "67", "--json")
    fix = json.loads(out)["fix"]
    index, _, entry = fix.partition("=")
    code, out = run("verify", str(path), "--fix", f"{index}={entry.strip(chr(39))}")
    assert code == 0, out


def test_removing_an_entry_replays_without_it_and_shows_the_difference_at_the_next_expect() -> None:
    """ws:6.6.1.2: the climax played in the climax phase; without it, the next entry's expect compares a game
    with no climax."""
    log = FORMAT / "ws" / "climax.yaml"
    before = digest(log)
    code, out = run("verify", str(log), "--fix", "0=-")
    assert code == 0  # a position with no entries after it: nothing against the rules
    assert "corrected: entry 0 removed (the file is unchanged)" in out
    assert "the game at the end of the replay, as written -> as corrected:" in out
    assert "players.P1.climax: 1 -> 0 cards; - [CX-01]" in out
    assert "players.P1.hand: 1 -> 2 cards; + [CX-01]" in out
    assert digest(log) == before


def test_a_correction_compared_at_the_next_entry_with_an_expect_wl_7_1_3_2() -> None:
    """wl:7.1.3.2: the counter (entry 1) replaced by a pass: the games are compared after entry 2, the next with
    an expect, where the leader's power and life differ; the expect written for the counter no longer holds."""
    code, out = run("verify", str(FORMAT / "wl" / "counter.yaml"), "--fix", "1={p: P2, do: pass}")
    assert code == 1
    assert "entry 2, line 73" in out and "expect: P2 life has 1 card(s), not 2" in out
    assert "corrected: entry 1 replaced by {p: P2, do: pass}" in out
    assert "the game after entry 2 (line 73), the next with an expect, as written -> as corrected:" in out
    assert "players.P2.leader.power: 7000 -> 5000" in out
    assert "players.P2.life: 2 -> 1 cards; - [EM-02]" in out


def test_json_adds_the_correction_to_the_verdict(tmp_path: Path) -> None:
    path = mistaken(tmp_path, "wl", 14, {"attacker": "FL"})
    code, out = run("verify", str(path), "--json", "--fix", "14=-")
    data = json.loads(out)
    assert code == {"legal": 0, "illegal": 1, "incomplete": 1}[data["verdict"]]
    assert {"file", "verdict", "violations", "notes", "winner", "entries"} <= set(data)
    assert data["correction"]["fixes"] == [{"entry": 14, "data": None}]
    assert isinstance(data["correction"]["differences"], list)
    assert data["entries"] == 227  # one fewer than the log's


@pytest.mark.parametrize(
    ("fix", "message"),
    [
        ("999=-", "--fix 999: entry 999 is out of range: the log's entries are 0 to 227"),
        ("x", "expected N="),
        ("3={p: P1", "--fix 3: the entry is not a YAML or JSON mapping"),
        ("3=[1, 2]", "--fix 3: the entry must be a mapping with 'do'"),
        ("3={p: P7, do: pass}", "'p' is 'P7', not a player of this log (P1, P2)"),
        ("3={do: zap}", "'zap' is not a verb of ENERGIO!! logs"),
    ],
)
def test_a_bad_correction_is_a_located_usage_error(fix: str, message: str) -> None:
    code, out = run("verify", str(EXAMPLES / "wl-game.yaml"), "--fix", fix)
    assert code == 2
    assert "wl-game.yaml" in out and message in out
    assert "Traceback" not in out


def test_a_correction_is_of_one_log() -> None:
    code, out = run("verify", str(EXAMPLES / "wl-game.yaml"), str(EXAMPLES / "ws-game.yaml"), "--fix", "3=-")
    assert code == 2 and "--fix corrects one log" in out


def test_parsing_and_differences() -> None:
    assert parse_fix("4=-").data is None
    assert parse_fix(' 4 = {"p": "P1", "do": "pass"}').data == {"p": "P1", "do": "pass"}
    with pytest.raises(FixError):
        parse_fix("=-")
    assert differences({"turn": 3, "players": {"P1": {"hand": ["A", "B"]}}}, {"turn": 3, "players": {"P1": {}}}) == [
        "players.P1.hand: [A, B] -> -"
    ]
    assert differences({"a": ["X", None, "Y"]}, {"a": ["Y", "X", None]}) == ["a: 3 cards, in another order"]
