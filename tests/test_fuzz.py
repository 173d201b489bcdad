"""Fuzzing the loader and the replay: whatever bytes a log file holds, a verdict, never a traceback.

The contract (``judge/site/log-format.rst``: logs that break it must get a clear, located error):
``verify_path`` returns a verdict for any file and raises nothing, and every
``malformed`` verdict names the file and, when the file has any content, a line of
it.  ``judge verify`` on the command line likewise exits 0, 1 or 2 and prints no
traceback.

The inputs (``tests/fuzzing.py``) start from the shipped logs and mutate them as
data or as bytes.  The budget here is small and the runs derandomized, so the suite
stays quick and every run tries the same inputs; ``bench/fuzz.py`` runs the same
targets with thousands of inputs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge.cli import main
from judge.logfile import parse_log
from judge.verdict import VerdictKind
from tests import fuzzing

SMALL_BUDGET = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
"""A budget for every test run; each example writes its own file over the last one, so ``tmp_path`` may be shared."""
SECONDS_PER_INPUT = 30.0


def assert_contract(folder: Path, case: fuzzing.FuzzInput) -> None:
    path = fuzzing.write_input(folder, case)
    outcome = fuzzing.run(path, SECONDS_PER_INPUT)
    problems = fuzzing.contract_problems(outcome, path, case.content)
    assert not problems, f"{case.how}:\n" + "\n".join(problems)


@SMALL_BUDGET
@given(case=fuzzing.structured_inputs())
def test_structure_mutations_get_a_located_verdict(tmp_path: Path, case: fuzzing.FuzzInput) -> None:
    assert_contract(tmp_path, case)


@settings(SMALL_BUDGET, max_examples=300)  # most are refused by the parser, in milliseconds
@given(case=fuzzing.byte_inputs())
def test_byte_mutations_get_a_located_verdict(tmp_path: Path, case: fuzzing.FuzzInput) -> None:
    assert_contract(tmp_path, case)


@settings(SMALL_BUDGET, max_examples=20)
@given(cases=st.lists(fuzzing.any_inputs(), min_size=3, max_size=3))
def test_judge_verify_exits_cleanly_on_mutated_files(tmp_path: Path, cases: list[fuzzing.FuzzInput]) -> None:
    """The command line over several mutated files at once: an exit code of 0, 1 or 2 and no traceback."""
    paths = [fuzzing.write_input(tmp_path, case, f"case-{index}") for index, case in enumerate(cases)]
    how = "\n".join(case.how for case in cases)
    for path in paths:
        result = CliRunner().invoke(main, ["verify", str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), f"{how}\n{result.exception!r}"
        assert result.exit_code in (0, 1, 2), (how, result.exit_code, result.output[-2000:])
        assert "Traceback" not in result.output, how
        assert str(path) in result.output, how


def test_the_inputs_reach_every_verdict(tmp_path: Path) -> None:
    """The structural mutations are neither all fatal nor all harmless: they reach the replay, whose verdicts
    are legal and illegal as well as malformed, so the fuzzing tests more than the parser."""
    kinds: set[str] = set()

    @settings(SMALL_BUDGET, max_examples=40)
    @given(case=fuzzing.structured_inputs())
    def collect(case: fuzzing.FuzzInput) -> None:
        outcome = fuzzing.run(fuzzing.write_input(tmp_path, case), SECONDS_PER_INPUT)
        if outcome.verdict is not None:
            kinds.add(outcome.verdict.kind.value)

    collect()
    assert {"legal", "illegal", "malformed"} <= kinds, kinds


EMPTY_ISH = (b"", b"\n", b"   ", b"\xef\xbb\xbf", b"\x00", b"\xff", b"\n\n\n")


def test_empty_and_nearly_empty_files_are_located(tmp_path: Path) -> None:
    """An empty file has no line 1 to show, but an error at line 1 is where its content would start: every
    malformed verdict names a line, the empty file's included."""
    for suffix in fuzzing.SUFFIXES:
        for content in EMPTY_ISH:
            case = fuzzing.FuzzInput(suffix, content, f"{content!r} as {suffix}")
            path = fuzzing.write_input(tmp_path, case)
            outcome = fuzzing.run(path)
            assert not fuzzing.contract_problems(outcome, path, content), case.how
            assert outcome.verdict is not None and outcome.verdict.violations, case.how
            line = outcome.verdict.violations[0].line
            assert line is not None and 1 <= line <= content.count(b"\n") + 1, (case.how, line)
            if not content:
                assert line == 1


def test_a_header_key_the_log_lacks_is_located_at_the_header() -> None:
    """A game that reads a header key the log lacks reports it at the header's first line, not nowhere."""
    text = (
        "# a comment\nformat: judge-log/1\ngame: ws\ncards: {}\nplayers: [{id: P1, deck: {}}, {id: P2, deck: {}}]\n"
        "first: P1\nactions: []\n"
    )
    log = parse_log(text, "game.yaml", "yaml")
    assert log.locate("setup", "P1", "stage") == (2, None)
    assert log.locate("cards") == (4, 1)


# --------------------------------------------------------------------------- crashes the fuzzing found

VG_EXAMPLE = fuzzing.REPO / "judge" / "examples" / "vg-game.yaml"


def single_entry(text: str, verb: str) -> str:
    """The first of P1's ``verb`` entries of the example that the example writes once."""
    lines = [line for line in text.splitlines() if line.startswith(f"- {{p: P1, do: {verb}, card: ")]
    return next(line for line in lines if lines.count(line) == 1)


@pytest.mark.parametrize(
    ("verb", "message"),
    [
        ("ride", "a ride names the card from the hand it rides"),
        ("call", "a call names the card from the hand it calls"),
    ],
)
def test_a_vanguard_ride_or_call_without_its_card_is_malformed(tmp_path: Path, verb: str, message: str) -> None:
    """Once a ValueError from the engine's explanation of a refused choice (``Choice.card_id`` of a card-less
    choice, in ``Vanguard.ride_refusal`` and ``call_refusal``), then a violation of the clause that was broken: now
    the log's format broken, as the entry leaves out an argument its verb requires, located at the entry."""
    text = VG_EXAMPLE.read_text(encoding="utf-8")
    entry = single_entry(text, verb)
    cardless = re.sub(r", card: [^,}]+", "", entry)
    path = tmp_path / "cardless.yaml"
    path.write_text(text.replace(entry + "\n", cardless + "\n"), encoding="utf-8")
    outcome = fuzzing.run(path)
    assert not fuzzing.contract_problems(outcome, path, path.read_bytes())
    assert outcome.verdict is not None and outcome.verdict.kind is VerdictKind.MALFORMED
    line = text[: text.index(entry)].count("\n") + 1
    needs = f"a {verb!r} entry needs 'card', a card id or '?'"
    assert [(v.line, v.message.endswith(needs)) for v in outcome.verdict.violations] == [(line, True)], outcome.verdict
