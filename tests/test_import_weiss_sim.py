"""``judge import weiss-sim``: games played in weiss-sim, converted with every decision checked, as logs the judge
reads; games without a departure from the rules are legal.  Skipped without weiss-sim (``judge[weiss-sim]``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

pytest.importorskip("weiss_sim")

from judge.cli import main
from judge.importers.weiss_sim.convert import ConversionError, convert, position
from judge.importers.weiss_sim.decks import seated_decks
from judge.importers.weiss_sim.departures import AVOIDABLE, DepartureKind
from judge.importers.weiss_sim.importer import ImportedGame, import_game
from judge.importers.weiss_sim.observation import seat_views
from judge.importers.weiss_sim.play import PlayedGame, Policy, play_game
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.schema import as_json_data, log_schema
from judge.verdict import Verdict, VerdictKind

GAMES = ((100, Policy.MIX), (101, Policy.MIX), (200, Policy.RANDOM), (300, Policy.HEURISTIC))
"""A few games of each policy, departures allowed."""
CLEAN_SEEDS = range(130, 138)
"""Games played with every avoidable departure avoided."""


def verdict_of(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "imported.json", "json"), trace=False)


@pytest.fixture(scope="module")
def games() -> list[ImportedGame]:
    return [import_game(seed, policy) for seed, policy in GAMES]


@pytest.fixture(scope="module")
def played() -> PlayedGame:
    return play_game(100, seated_decks(100))


def test_games_convert_into_logs_the_judge_replays_to_their_end(games: list[ImportedGame]) -> None:
    for game in games:
        document = game.document
        assert document["format"] == "judge-log/1" and document["first"] in ("P1", "P2")
        assert document["result"]["winner"] in ("P1", "P2", "draw") and game.entries > 50
        assert {player["name"] for player in document["players"]} == {"vanilla yellow", "vanilla blue"}
        assert all(len(order) == 50 for order in document["order"].values())
        verdict = verdict_of(document)
        assert verdict.kind in (VerdictKind.LEGAL, VerdictKind.ILLEGAL)
        assert (verdict.kind is VerdictKind.LEGAL) == (game.departures == [])


def test_every_draw_phase_has_its_checkpoint(games: list[ImportedGame]) -> None:
    for game in games:
        entries = game.document["actions"]
        turns = max(entry.get("turn", 0) for entry in entries)
        checkpoints = [entry for entry in entries if "expect" in entry]
        assert turns - 2 <= len(checkpoints) <= turns  # a draw phase that empties the deck may have none
        for entry in checkpoints:
            assert set(entry["expect"]) == {"P1", "P2"}
            assert set(entry["expect"]["P1"]["stage"]) == {1, 2, 3, 4, 5}


def test_the_logs_validate_against_the_json_schema(games: list[ImportedGame]) -> None:
    validator = jsonschema.Draft202012Validator(log_schema())
    for game in games:
        assert [error.message for error in validator.iter_errors(as_json_data(game.document))] == []


def test_the_same_seed_is_the_same_log(games: list[ImportedGame]) -> None:
    seed, policy = GAMES[0]
    assert import_game(seed, policy).document == games[0].document


def test_the_conversion_stops_where_it_leaves_the_simulators_state(played: PlayedGame) -> None:
    """Every decision compares the converter's zones with weiss-sim's observation: one card changed in one
    observation's hand is caught at that decision."""
    convert(played)
    step = 40
    observation = list(played.observations[step])
    views = seat_views(observation)
    first_block_hand = 16 + 71  # the perspective's hand, in the first player block
    observation[first_block_hand] = next(card for card in (128, 233) if card != observation[first_block_hand])
    assert seat_views(observation) != views
    tampered = dataclasses.replace(
        played, observations=[*played.observations[:step], observation, *played.observations[step + 1 :]]
    )
    with pytest.raises(ConversionError, match=f"at decision {step}: .*hand"):
        convert(tampered)


def test_games_with_every_departure_avoided_are_legal() -> None:
    clean = 0
    for seed in CLEAN_SEEDS:
        game = import_game(seed, Policy.MIX, AVOIDABLE)
        assert not {departure.kind for departure in game.departures} & set(AVOIDABLE)
        verdict = verdict_of(game.document)
        if not game.departures:
            clean += 1
            assert verdict.kind is VerdictKind.LEGAL, [violation.message for violation in verdict.violations]
        else:  # a departure no policy avoids (a late refresh, an end phase cut short)
            assert verdict.kind is VerdictKind.ILLEGAL
    assert clean >= 4


def test_a_side_attack_shows_its_battle_at_the_encore_of_a_character_it_reversed() -> None:
    game = import_game(134, Policy.MIX, {DepartureKind.CLIMAX_WITHOUT_COLOR, DepartureKind.LEVEL_UP_AFTER_DRAWS})
    battles = [departure for departure in game.departures if departure.kind is DepartureKind.SIDE_ATTACK_BATTLE]
    assert battles
    entries = game.document["actions"]
    for departure in battles:
        assert entries[departure.entry]["do"] == "encore"
        attacks = [entry for entry in entries[: departure.entry] if entry["do"] == "attack"]
        assert any(entry["type"] == "side" for entry in attacks)


def test_seat_1s_stage_is_mirrored() -> None:
    """weiss-sim's slot k faces the opponent's slot k; the rules' position 1 faces the opponent's 3 (ws 3.6.5)."""
    assert [position(0, slot) for slot in range(5)] == [1, 2, 3, 4, 5]
    assert [position(1, slot) for slot in range(5)] == [3, 2, 1, 5, 4]


def test_the_command_writes_one_log_per_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["import", "weiss-sim", "--games", "2", "--seed", "100", "--format", "jsonl", "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    written = sorted(path.name for path in tmp_path.iterdir())
    assert written == ["weiss-sim-000100.jsonl", "weiss-sim-000101.jsonl"]
    assert "weiss-sim-000100.jsonl: " in result.output and "departure(s)" in result.output
    header = json.loads((tmp_path / written[0]).read_text(encoding="utf-8").splitlines()[0])
    assert header["meta"]["weiss_sim"]["seed"] == 100
    assert all(
        set(departure) == {"entry", "kind", "clauses", "detail"}
        for departure in header["meta"]["weiss_sim"]["departures"]
    )
