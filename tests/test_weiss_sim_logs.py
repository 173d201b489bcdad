"""Logs imported from weiss-sim and kept (tests/data/weiss-sim/), judged; and ``judge import`` without the simulator.

Each fixture is a game weiss-sim played, whose first departure from the rules the
importer's referee placed (``expected.yaml``, written with the logs by
scripts/make_weiss_sim_fixtures.py).  The judge must report its first violation
at that entry, citing one of those clauses, and find the game without a
departure legal.  None of these tests needs weiss-sim.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from judge.logfile import load_log
from judge.replay import verify_log
from judge.verdict import VerdictKind, Violation
from tests.conftest import REPO

FIXTURES = REPO / "tests" / "data" / "weiss-sim"
EXPECTED: dict[str, dict[str, Any] | None] = yaml.safe_load((FIXTURES / "expected.yaml").read_text(encoding="utf-8"))
JUDGE_DIFFERS = {
    "end-phase-cut-short.yaml": "the judge's first violation is at entry 66 citing ws:6.3.1.2, ws:4.7.2, the clauses "
    "of the draw whose checkpoint fails ('expect: P1 waiting has 18 card(s), not 17; P1 climax has 0 card(s), not "
    "1'); the referee: entry 66, ws:6.8.1.3, the end phase left P1's climax in the climax area",
}
"""Fixtures on which the judge today reports its first violation elsewhere or citing other clauses than the
referee, and what it says there.  Each is an expected failure, strict: when the judge is fixed, remove it."""


def first_violation(violations: list[Violation]) -> Violation:
    """The violation of the earliest entry (the header's, entry None, last)."""
    return min(violations, key=lambda violation: (violation.entry is None, violation.entry or 0))


def fixture_params() -> list[Any]:
    params = []
    for name in EXPECTED:
        marks = [pytest.mark.xfail(strict=True, reason=JUDGE_DIFFERS[name])] if name in JUDGE_DIFFERS else []
        params.append(pytest.param(name, marks=marks, id=name.removesuffix(".yaml")))
    return params


def test_every_fixture_has_its_expectation() -> None:
    assert sorted(EXPECTED) == sorted(path.name for path in FIXTURES.glob("*.yaml") if path.name != "expected.yaml")
    assert set(JUDGE_DIFFERS) <= set(EXPECTED)


@pytest.mark.parametrize("name", fixture_params())
def test_the_judge_finds_the_referees_first_departure(name: str) -> None:
    log = load_log(FIXTURES / name)
    verdict = verify_log(log, trace=False)
    expected = EXPECTED[name]
    recorded = log.header["meta"]["weiss_sim"]["departures"]
    if expected is None:
        assert recorded == []
        assert verdict.kind is VerdictKind.LEGAL, [violation.message for violation in verdict.violations]
        return
    assert recorded[0]["entry"] == expected["entry"]  # the log's meta and expected.yaml agree
    assert verdict.kind is VerdictKind.ILLEGAL
    first = first_violation(verdict.violations)
    assert first.entry == expected["entry"], f"entry {first.entry}: {first.message}"
    assert set(first.clauses) & set(expected["clauses"]), first.clauses


# --------------------------------------------------------------------------- the command without the simulator


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_without_weiss_sim_the_command_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "weiss_sim", None)  # any import of it now fails
    code, out = run("import", "weiss-sim", "--games", "2", "--out", str(tmp_path / "logs"))
    assert code == 2
    assert "pip install 'judge[weiss-sim]'" in out and "Traceback" not in out
    assert not (tmp_path / "logs").exists()


def test_another_weiss_sim_version_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Simulator:
        __version__ = "2.0.0"

    monkeypatch.setitem(sys.modules, "weiss_sim", Simulator())
    code, out = run("import", "weiss-sim", "--out", str(tmp_path))
    assert code == 2 and "weiss-sim 2.0.0" in out and "judge[weiss-sim]" in out


@pytest.mark.parametrize("command", [("import",), ("import", "weiss-sim")])
def test_help_teaches_with_examples(command: tuple[str, ...]) -> None:
    code, out = run(*command, "--help")
    assert code == 0 and "Examples:" in out and "judge import weiss-sim" in out


def test_the_help_names_every_departure_a_policy_can_avoid() -> None:
    _, out = run("import", "weiss-sim", "--help")
    flat = " ".join(out.split())
    for kind in ("level_up_after_draws", "side_attack_battle", "climax_without_color", "side_attack_soul_floored"):
        assert kind in flat
    assert "late_refresh" not in flat  # no choice of a player causes it


def test_an_unknown_departure_to_avoid_is_a_usage_error(tmp_path: Path) -> None:
    code, out = run("import", "weiss-sim", "--avoid", "side_attack_battle,late_refresh", "--out", str(tmp_path))
    assert code == 2
    assert "'late_refresh' is not a departure a policy can avoid" in out


# --------------------------------------------------------------------------- the replay reader


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"PK\x03\x04 a zip file", "not a weiss-sim replay"),
        (b"WSR1\x00\x01", "ends inside its header"),
        (b"WSR1\x01\x00\x00\x00\x00", "compressed"),
        (b"WSR1\x00\x10\x00\x00\x00\x01", "holds 1 bytes, not 16"),
        (b"WSR1\x00\x02\x00\x00\x00\x02\x02", "ends early at byte 11"),
    ],
)
def test_a_file_the_replay_reader_cannot_read_is_refused_with_where(data: bytes, message: str) -> None:
    from judge.importers.weiss_sim.replay_file import ReplayFormatError, parse_replay

    with pytest.raises(ReplayFormatError, match=message):
        parse_replay(data)
