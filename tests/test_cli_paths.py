"""What the commands say of the paths a user gives them, and of files they are not meant for.

A path that names nothing says "no such file or folder" (exit 2) in every command that takes paths, not a
complaint about the log's encoding; a pattern that matches nothing says so.  A malformed verdict gives its
location once, as ``file:line:column``.  ``--follow`` on a YAML file says it reads JSON Lines.  ``judge graph
replay`` takes a scenario id as ``judge scenario step`` does.  ``judge selfplay`` writes over no file the user
has unless told to.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from judge.cli import main
from judge.scenarios import library_root

EXAMPLES = Path(__file__).resolve().parents[1] / "judge" / "examples"
NO_SUCH = "no such file or folder"


def run(*args: str, input: str | None = None) -> Result:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


# --------------------------------------------------------------------------- paths that name nothing

MISSING_IN = [
    ("verify", "{path}"),
    ("verify", "{path}", "--json"),
    ("scenario", "test", "{path}"),
    ("graph", "stats", "{path}"),
    ("replay", "{path}"),
    ("why", "{path}", "--at", "0"),
    ("graph", "replay", "{path}"),
    ("verify", "{path}", "--fix", "0=-"),
    ("verify", "--follow", "{path}"),
    ("scenario", "show", "{path}"),
    ("scenario", "step", "{path}", "--no-input"),
]


@pytest.mark.parametrize("name", ["no-folder", "no-file.yaml", "no-file.jsonl"])
@pytest.mark.parametrize("command", MISSING_IN, ids=lambda command: " ".join(command[:2]))
def test_every_command_that_takes_a_path_says_it_names_nothing(
    tmp_path: Path, command: tuple[str, ...], name: str
) -> None:
    path = str(tmp_path / name)
    if "--follow" in command and name.endswith(".yaml"):
        pytest.skip("--follow refuses a YAML log before it looks for the file")
    if command[:2] in (("scenario", "show"), ("scenario", "step"), ("graph", "replay")) and "." not in name:
        pytest.skip("a name without a suffix is a scenario id there")
    result = run(*(part.format(path=path) for part in command))
    assert result.exit_code == 2, result.output
    assert NO_SUCH in result.output, result.output
    assert "encoding" not in result.output and "No such file or directory" not in result.output


def test_a_folder_that_does_not_exist_is_named_once_as_nothing_there(tmp_path: Path) -> None:
    missing = tmp_path / "event"
    result = run("verify", str(missing))
    assert result.exit_code == 2
    assert result.output == f"{missing}: malformed\n  {NO_SUCH}\n"


def test_a_name_without_a_suffix_that_is_no_scenario_says_so(tmp_path: Path) -> None:
    for command in (("scenario", "show"), ("graph", "replay")):
        result = run(*command, "ws/damage/nope")
        assert result.exit_code == 2 and "'ws/damage/nope'" in result.output and "scenario list" in result.output


def test_a_pattern_that_matches_nothing_says_so_and_the_batch_goes_on(tmp_path: Path) -> None:
    pattern = str(tmp_path / "round-*.yaml")
    example = str(EXAMPLES / "ws-game.yaml")
    result = run("verify", pattern, example, str(tmp_path / "gone.yaml"))
    assert result.exit_code == 2
    assert f"{pattern}: malformed\n  no file or folder matches this pattern\n" in result.output
    assert f"{example}: legal" in result.output
    assert f"{tmp_path / 'gone.yaml'}: malformed\n  {NO_SUCH}\n" in result.output


def test_a_listed_path_that_names_nothing_says_so(tmp_path: Path) -> None:
    result = run("verify", "--from", "-", input=f"{tmp_path / 'gone.yaml'}\n{EXAMPLES / 'wl-game.yaml'}\n")
    assert result.exit_code == 2
    assert f"gone.yaml: malformed\n  {NO_SUCH}\n" in result.output and "wl-game.yaml: legal" in result.output


def test_a_from_list_that_does_not_exist_says_so(tmp_path: Path) -> None:
    for command in (("verify",), ("scenario", "test"), ("graph", "stats")):
        result = run(*command, "--from", str(tmp_path / "list.txt"))
        assert result.exit_code == 2
        assert f"{tmp_path / 'list.txt'}: {NO_SUCH}" in result.output


def test_graph_stats_over_nothing_prints_no_empty_statistics(tmp_path: Path) -> None:
    result = run("graph", "stats", str(tmp_path / "gone"))
    assert result.exit_code == 2
    assert "log(s)" not in result.output and "longest trigger chain" not in result.output


# --------------------------------------------------------------------------- a malformed verdict's location

BAD_VERB = """format: judge-log/1
game: ws
cards:
  AL-01: {name: Alice, type: character, level: 0, cost: 0, color: yellow, power: 3000, soul: 1}
players:
  - {id: P1, name: Alice, deck: {AL-01: 50}}
  - {id: P2, name: Bob, deck: {AL-01: 50}}
first: P1
actions:
  - {p: P1, do: fly}
"""


def test_a_malformed_verdict_gives_its_location_once(tmp_path: Path) -> None:
    path = tmp_path / "verb.yaml"
    path.write_text(BAD_VERB, encoding="utf-8")
    text = run("verify", str(path)).output
    assert text.startswith(f"{path}: malformed\n  {path}:10:")
    assert "line 10" not in text and text.count(":10:") == 1, text
    data = json.loads(run("verify", str(path), "--json").output)
    violation = data["violations"][0]
    assert violation["line"] == 10 and "column" in violation
    assert violation["message"].startswith(f"{path}:10:") and "'fly'" in violation["message"]


# --------------------------------------------------------------------------- --follow on a file it does not read


@pytest.mark.parametrize("name", ["ws-game.yaml", "vg-game.yaml"])
def test_follow_on_a_yaml_log_says_it_reads_json_lines_and_names_the_file(name: str) -> None:
    path = str(EXAMPLES / name)
    result = run("verify", "--follow", path)
    assert result.exit_code == 2
    assert "--follow reads JSON Lines" in result.output and path in result.output
    assert "JSON syntax error" not in result.output


def test_follow_on_yaml_from_standard_input_says_it_reads_json_lines() -> None:
    result = run("verify", "--follow", "-", input=(EXAMPLES / "ws-game.yaml").read_text(encoding="utf-8"))
    assert result.exit_code == 2
    assert result.output.startswith("<stdin>: malformed\n  <stdin>:1:1: --follow reads JSON Lines")


# --------------------------------------------------------------------------- graph replay of a scenario id


def test_graph_replay_takes_a_scenario_id_as_scenario_step_does() -> None:
    by_id = run("graph", "replay", "ws/damage/cancel-first", "--format", "json")
    by_file = run("graph", "replay", str(library_root() / "ws" / "damage" / "cancel-first.yaml"), "--format", "json")
    assert by_id.exit_code == by_file.exit_code == 0, by_id.output
    nodes = json.loads(by_id.output)["nodes"]
    assert nodes == json.loads(by_file.output)["nodes"]
    assert "judge graph replay ws/abilities/" in run("graph", "replay", "--help").output


# --------------------------------------------------------------------------- selfplay keeps what is there


def test_selfplay_writes_over_no_file_without_force(tmp_path: Path) -> None:
    kept = tmp_path / "ws-selfplay-000002.yaml"
    kept.write_text("mine\n", encoding="utf-8")
    result = run("selfplay", "--seed", "1", "--games", "2", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert str(kept) in result.output and "--force" in result.output
    assert kept.read_text(encoding="utf-8") == "mine\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == [kept.name], "nothing is written before the refusal"
    forced = run("selfplay", "--seed", "1", "--games", "2", "--out", str(tmp_path), "--force")
    assert forced.exit_code == 0, forced.output
    assert kept.read_text(encoding="utf-8").startswith("format: judge-log/1")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["ws-selfplay-000001.yaml", kept.name]
