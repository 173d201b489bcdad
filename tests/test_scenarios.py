"""The scenario library, `judge scenario` (list, show, step, test) and the pytest plugin."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.scenarios import library, library_root, load_scenario
from judge.verdict import VerdictKind

pytest_plugins = ["pytester"]

EXAMPLE = library_root() / "ws" / "damage" / "cancel-first.yaml"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_the_library_loads_with_ids_topics_and_clauses() -> None:
    scenarios = {scenario.id: scenario for scenario in library()}
    first = scenarios["ws/damage/cancel-first"]
    assert first.topics == ("damage", "damage-cancel")
    assert first.clauses == ("ws:4.10.1.1", "ws:4.10.1.2", "ws:7.2.1.4.1")
    assert scenarios["ws/damage/cancel-first-listed-more"].verdict is VerdictKind.ILLEGAL


def test_list_filters_by_topic_clause_and_game() -> None:
    code, out = run("scenario", "list", "--clause", "ws:4.10")
    assert code == 0 and "ws/damage/cancel-first " in out
    _, by_topic = run("scenario", "list", "--topic", "damage-cancel")
    assert "ws/damage/cancel-first-listed-more" in by_topic
    _, none = run("scenario", "list", "--game", "vg")
    assert "ws/" not in none


def test_list_refuses_an_unknown_game_naming_the_known_ones() -> None:
    code, out = run("scenario", "list", "--game", "xx")
    assert code == 2
    assert "'xx' is not a registered game; registered: ws, vg, wl" in out


def test_show_and_an_unknown_id() -> None:
    code, out = run("scenario", "show", "ws/damage/cancel-first")
    assert code == 0 and out.startswith("A climax revealed first cancels the whole damage")
    assert "ruling: None. A damage process" in out
    code, out = run("scenario", "show", "ws/damage/nope")
    assert code == 2 and "no scenario 'ws/damage/nope'" in out
    code, out = run("scenario", "show", "nowhere/ruling.yaml")
    assert code == 2 and "nowhere/ruling.yaml: no such file or folder" in out


def test_show_prints_the_same_by_id_and_by_path_with_entries_as_the_log_writes_them() -> None:
    by_id = run("scenario", "show", "ws/damage/cancel-first")
    by_path = run("scenario", "show", str(EXAMPLE))
    assert by_id == by_path
    assert "id: ws/damage/cancel-first   topics: damage, damage-cancel   clauses:" in by_id[1]
    assert "  1 (line 31): {p: P1, do: trigger, card: RUNNER}\n" in by_id[1]
    assert "{'p'" not in by_id[1]


def test_step_without_input_prints_the_whole_walk_and_the_ruling() -> None:
    code, out = run("scenario", "step", "ws/damage/cancel-first", "--no-input")
    assert code == 0
    assert re.findall(r"step (\d)/3", out) == ["0", "1", "2", "3"]
    assert (
        "2 damage to P2: Finale (FINALE); the climax cancels it  (ws:4.10.1.1 ws:4.10.1.2 ws:3.2.3 ws:3.13.1.3)" in out
    )
    assert out.rstrip().endswith("clauses: ws:4.10.1.1, ws:4.10.1.2, ws:7.2.1.4.1")
    assert "the scenario holds" in out


def test_step_is_driven_forward_back_and_by_jumps() -> None:
    code, out = run("scenario", "step", "ws/damage/cancel-first", "--interactive", input="n\nn\nb\nj 3\nq\n")
    assert code == 0
    assert re.findall(r"step (\d)/3", out) == ["0", "1", "2", "1", "3"]
    screens = out.split("== A climax")
    assert "*waiting: Finale (FINALE)" in screens[-1]
    assert "ruling:" in screens[-1]

    # the same step shows the same board however it is reached; its marks are since the step shown before it
    def unmarked(screen: str) -> str:
        kept = [line for line in screen.split("n, Enter")[0].splitlines() if "changed since step" not in line]
        return "\n".join(kept).replace("*", "")

    assert unmarked(screens[2]) == unmarked(screens[4])
    assert "(* changed since step 0)" in screens[2] and "(* changed since step 2)" in screens[4]


def test_test_summarises_and_fails_with_located_differences(tmp_path: Path) -> None:
    code, out = run("scenario", "test")
    assert code == 0 and re.search(r"\d+ held, 0 did not", out)
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(EXAMPLE.read_text().replace("clock: 0, waiting: [FINALE]", "clock: 2, waiting: [FINALE]"))
    code, out = run("scenario", "test", str(wrong))
    assert code == 1
    assert "FAIL  wrong" in out
    assert re.search(r"entry 2 \(line \d+\).*P2 clock has 0 card\(s\), not 2", out)
    assert "0 held, 1 did not" in out


def test_a_malformed_scenario_is_a_located_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(EXAMPLE.read_text().replace('title: "A climax revealed first cancels the whole damage"\n', ""))
    code, out = run("scenario", "test", str(broken))
    assert code == 2
    assert f"{broken}" in out and "needs 'title'" in out
    with pytest.raises(ValueError, match="needs 'question'"):
        broken.write_text(re.sub(r"^question: >\n(?:  .*\n)+", "", EXAMPLE.read_text(), flags=re.MULTILINE))
        load_scenario(broken)
    with pytest.raises(ValueError, match="'notes' is not a key of the header"):  # a key no reader reads
        broken.write_text(EXAMPLE.read_text().replace("question: >", "notes: >"))
        load_scenario(broken)


def test_pytest_collects_scenarios_as_items(pytester: pytest.Pytester) -> None:
    folder = pytester.path / "scenarios"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "holds.yaml")
    (folder / "fails.yaml").write_text(EXAMPLE.read_text().replace("deck: 3}}}", "deck: 9}}}"))
    (pytester.path / "data.yaml").write_text("not: a scenario\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*fails.yaml*", "*entry 2 (line *P2 deck has 3 card(s), not 9*"])


def test_every_library_scenario_holds() -> None:
    """The library checked directly too, whether or not the pytest plugin is installed."""
    from judge.scenarios import check

    scenarios = library()
    assert len(scenarios) >= 40
    results = [check(scenario) for scenario in scenarios]
    assert {r.scenario.id: r.differences for r in results if not r.passed} == {}


def test_the_library_covers_clause_families_by_folder() -> None:
    topics = {scenario.topics[0] for scenario in library()}
    assert {"damage", "refresh", "level", "attack", "battle", "counter", "encore", "triggers", "end", "deck"} <= topics


def test_step_shows_entries_as_a_log_writes_them_and_the_battle_before_its_replacement() -> None:
    """ws:7.6.1.2 then ws:8.10.1: the comparison is recorded first, then the reversal it replaced."""
    code, out = run("scenario", "step", "ws/battle/replaced-reverse-rests", "--no-input")
    assert code == 0
    assert "do: resolve, source: STALWART, ability: 0, use: true," in out
    battle = out.index(
        "Stalwart (STALWART) (2500): Stalwart (STALWART) reverses  (ws:7.6.1.2 ws:4.6.1 ws:4.6.1.3 ws:8.9.1 ws:8.9.1.1)"
    )
    assert "Stalwart (STALWART) is rested instead of being reversed (ability 0)  (" in out[battle:]
