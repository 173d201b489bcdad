"""A toy game, registered through the same registry as Weiss Schwarz, goes through every command.

High Card (``tests/toy``: a ten-clause rules text, an engine on ``engine.core``, its log
support) is the proof that the judge is game-agnostic: nothing in ``judge`` names it,
yet ``verify``, ``replay``, ``selfplay``, ``scenario test``, ``scenario step`` and
``graph rules`` work on it, its violations cite its own clauses (toy:5.3.1), and its
rules document is indexed beside the bundled ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge import games
from judge.cli import main
from judge.logfile import LogFormatError, parse_log
from judge.replay import verify_log
from judge.schema import log_schema
from judge.verdict import VerdictKind
from rules_index import documents, load_index
from tests.toy.support import SUPPORT

TOY = Path(__file__).parent / "toy"


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """High Card registered for one test, then forgotten with its rules document."""
    monkeypatch.setattr(games, "_registered", {})
    monkeypatch.setattr(documents, "DOCUMENTS_BY_KEY", dict(documents.DOCUMENTS_BY_KEY))
    games.register(SUPPORT)
    yield


def run(*arguments: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(arguments))
    return result.exit_code, result.output


def test_the_registry_finds_it_and_the_index_knows_its_rules() -> None:
    assert games.get("toy") is SUPPORT
    assert "toy" in games.available()
    clause = load_index().get("toy:5.3.2")
    assert "score pile" in clause.text


def test_selfplay_writes_games_that_verify_as_legal(tmp_path: Path) -> None:
    code, out = run("selfplay", "--game", "toy", "--seed", "1", "--games", "4", "--out", str(tmp_path))
    assert code == 0, out
    logs = sorted(str(path) for path in tmp_path.iterdir())
    assert len(logs) == 4 and all(Path(log).name.startswith("toy-selfplay-") for log in logs)
    code, out = run("verify", *logs)
    assert code == 0 and out.count(": legal") == 4, out


def test_replay_annotates_every_step_with_its_own_clauses(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    log.write_text(json.dumps(SUPPORT.self_play(3)), encoding="utf-8")
    code, out = run("replay", str(log))
    assert code == 0, out
    assert "toy:5.2.1" in out and "toy:5.3.2" in out and "toy:4.2" in out


def test_a_card_not_in_hand_is_a_violation_of_toy_5_3_1() -> None:
    document = SUPPORT.self_play(2)
    play = next(entry for entry in document["actions"] if entry["do"] == "play")
    hand_and_deck = set(next(p["deck"] for p in document["players"] if p["id"] == play["p"]))
    play["card"] = next(card for card in sorted(document["cards"]) if card not in hand_and_deck)
    verdict = verify_log(parse_log(json.dumps(document), "toy.json", "json"))
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].clauses == ("toy:5.3.1",)
    assert all(clause.startswith("toy:") for violation in verdict.violations for clause in violation.clauses)


def test_an_unknown_verb_is_malformed_in_its_games_words() -> None:
    document = SUPPORT.self_play(2)
    document["actions"][3]["do"] = "attack"
    with pytest.raises(LogFormatError, match="entry 3: 'attack' is not a verb of High Card logs"):
        parse_log(json.dumps(document), "toy.json", "json")


def test_its_scenarios_are_checked_and_stepped_through() -> None:
    code, out = run("scenario", "test", str(TOY / "rulings"))
    assert code == 0, out
    assert "3 held, 0 did not" in out, out
    code, out = run("scenario", "step", str(TOY / "rulings" / "score-beats-top.yaml"), "--no-input")
    assert code == 0, out
    assert "toy:5.3.2" in out and "score ['N7', 'N7']" in out


def test_its_procedure_is_a_graph() -> None:
    code, out = run("graph", "rules", "--game", "toy")
    assert code == 0, out
    graph = json.loads(out)
    assert {node["id"] for node in graph["nodes"]} >= {"phase:draw", "phase:play", "phase:end"}
    assert {node["clause"] for node in graph["nodes"]} >= {"toy:5.2", "toy:5.3.1"}


def test_the_schema_describes_its_logs() -> None:
    schema = log_schema()
    assert "toy" in schema["properties"]["game"]["enum"]
    assert schema["$defs"]["toyEntry"]["properties"]["do"]["enum"] == ["concede", "draw", "pass", "play"]


def test_an_unregistered_game_is_a_usage_error_naming_the_registered_ones(tmp_path: Path) -> None:
    code, out = run("selfplay", "--game", "chess", "--out", str(tmp_path))
    assert code == 2 and f"registered: {', '.join(games.BUILT_IN)}, toy" in out


def test_another_package_adds_a_game_through_the_entry_point_group(monkeypatch: pytest.MonkeyPatch) -> None:
    """A package that declares ``[project.entry-points."judge.games"] toy = "...:SUPPORT"`` is found by its key,
    imported only when its game is asked for, and its rules document is indexed then."""
    from importlib.metadata import EntryPoint

    point = EntryPoint(name="toy", value="tests.toy.support:SUPPORT", group=games.ENTRY_POINT_GROUP)
    monkeypatch.setattr(games, "_registered", {})
    monkeypatch.delitem(documents.DOCUMENTS_BY_KEY, "toy")
    monkeypatch.setattr(games, "entry_points", lambda group: [point] if group == games.ENTRY_POINT_GROUP else [])
    games._entry_points.cache_clear()
    games._load.cache_clear()
    try:
        assert games.available() == (*games.BUILT_IN, "toy")  # built-in games first
        assert "toy" not in documents.DOCUMENTS_BY_KEY  # nothing of the game is loaded until it is asked for
        assert games.get("toy") is SUPPORT
        assert documents.DOCUMENTS_BY_KEY["toy"] is SUPPORT.rules_document
        with pytest.raises(games.UnknownGameError, match=f"registered: {', '.join(games.BUILT_IN)}, toy"):
            games.get("chess")
    finally:
        games._entry_points.cache_clear()
        games._load.cache_clear()
