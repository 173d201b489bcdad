"""``judge why LOG --at N``: the legal options at an entry, and the clause that refuses every other verb there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from judge.cli import main
from tests.conftest import REPO

EXAMPLES = REPO / "judge" / "examples"
FORMAT = REPO / "tests" / "data" / "format"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def answer(*args: str) -> dict[str, object]:
    code, out = run("why", *args, "--json")
    assert code == 0, out
    data: dict[str, object] = json.loads(out)
    return data


# game, entry, the option the entry takes (as the trace writes it), a verb refused there and its clause, the other
# player, a verb refused to them and its clause
KNOWN = [
    ("ws", 20, "move pos 3 -> 4", "climax", "ws:6.6.1.2", "P1", "counter", "ws:7.4.1.2"),
    ("vg", 20, "act BC ability 0, discard TW-23", "ride", "vg:6.5.1.1.2", "P1", "guard", "vg:7.4.1.2"),
    ("wl", 20, "attack -> leader -> leader", "block", "wl:7.1.2.1", "P2", "counter", "wl:7.1.3.2"),
]


@pytest.mark.parametrize(("game", "entry", "taken", "verb", "clause", "other", "their_verb", "their_clause"), KNOWN)
def test_the_example_s_entry_is_among_the_legal_options_and_other_verbs_are_refused_with_their_clause(
    game: str, entry: int, taken: str, verb: str, clause: str, other: str, their_verb: str, their_clause: str
) -> None:
    data = answer(str(EXAMPLES / f"{game}-game.yaml"), "--at", str(entry))
    assert data["entry"] == entry
    legal = data["legal"]
    assert isinstance(legal, dict)
    assert any(taken in options for options in legal.values()), legal
    refused = data["refused"]
    assert isinstance(refused, dict)
    assert clause in refused[verb]["clauses"]
    assert refused[verb]["reason"]
    assert not set(legal) & set(refused), "a verb is either legal or refused"


@pytest.mark.parametrize(("game", "entry", "taken", "verb", "clause", "other", "their_verb", "their_clause"), KNOWN)
def test_for_the_player_not_to_act_every_verb_is_refused(
    game: str, entry: int, taken: str, verb: str, clause: str, other: str, their_verb: str, their_clause: str
) -> None:
    data = answer(str(EXAMPLES / f"{game}-game.yaml"), "--at", str(entry), "--player", other)
    assert data["player"] == other
    assert data["acting"] != other
    assert data["legal"] == {}
    refused = data["refused"]
    assert isinstance(refused, dict)
    assert their_clause in refused[their_verb]["clauses"]


def test_the_json_shape() -> None:
    data = answer(str(EXAMPLES / "ws-game.yaml"), "--at", "20")
    assert {"entry", "line", "player", "point", "legal", "refused"} <= set(data)
    assert data["line"] == 275 and data["player"] == "P2" and "main phase" in str(data["point"])
    refused = data["refused"]
    assert isinstance(refused, dict)
    for why in refused.values():
        assert set(why) == {"clauses", "reason", "cause"}
        assert isinstance(why["clauses"], list) and isinstance(why["reason"], str) and isinstance(why["cause"], str)
    legal = data["legal"]
    assert isinstance(legal, dict)
    assert all(isinstance(options, list) and options for options in legal.values())


def test_the_text_names_the_point_the_options_and_the_clauses() -> None:
    code, out = run("why", str(FORMAT / "ws" / "climax.yaml"), "--at", "0")
    assert code == 0
    assert "point: turn 3, climax phase: P1 to play a climax from hand, or pass" in out
    assert "climax: climax CX-01" in out
    assert "clock: a card is clocked once, in the clock phase (ws:6.4.1.2)" in out  # ws:6.4.1.2


def test_could_p2_have_guarded_at_the_attack_declaration_vg_7_4_1_2() -> None:
    """vg:7.4.1.2: guardians are called in the guard step; at the attack's declaration P2 cannot guard yet, and
    at the next entry the guard is P2's option."""
    data = answer(str(FORMAT / "vg" / "guard.yaml"), "--at", "0", "--player", "P2")
    refused = data["refused"]
    assert isinstance(refused, dict)
    assert refused["guard"]["clauses"] == ["vg:7.4.1.2"]
    data = answer(str(FORMAT / "vg" / "guard.yaml"), "--at", "1")
    assert data["player"] == "P2"
    assert data["legal"] == {"pass": ["pass"], "guard": ["guard FG-12 -> V"]}


def test_a_counter_in_the_counter_step_is_legal_and_a_block_is_refused_wl_7_1_2_1() -> None:
    data = answer(str(FORMAT / "wl" / "counter.yaml"), "--at", "1")
    legal = data["legal"]
    assert isinstance(legal, dict)
    assert legal["counter"] == ["counter EM-05 -> leader"]
    refused = data["refused"]
    assert isinstance(refused, dict)
    assert "wl:7.1.2.1" in refused["block"]["clauses"]


def test_a_verb_the_point_takes_without_an_option_left_says_so_ws_6_5_1_2() -> None:
    """ws:6.5.1.2: P2's main phase takes play, but no card of P2's hand can be played there."""
    data = answer(str(EXAMPLES / "ws-game.yaml"), "--at", "20")
    refused = data["refused"]
    assert isinstance(refused, dict)
    assert refused["play"] == {
        "clauses": ["ws:6.5.1.2"],
        "reason": "this point takes play, but no play is legal for P2 now",
        "cause": "",
    }


def test_an_entry_after_the_end_of_the_game_is_never_reached(tmp_path: Path) -> None:
    log = tmp_path / "ended.yaml"
    text = (FORMAT / "ws" / "climax.yaml").read_text(encoding="utf-8").rstrip("\n")
    log.write_text(text + "\n  - {p: P1, do: concede}\n  - {p: P2, do: clock, card: AL-01}\n", encoding="utf-8")
    code, out = run("why", str(log), "--at", "2")
    assert code == 2
    assert (
        "ended.yaml:51: entry 2 (line 51) is never reached: the game ended before it: 1 entries come after the end "
        "of the game (P1 concedes), from entry 2 on" in out
    )


@pytest.mark.parametrize("at", ["599", "-1", "10000"])
def test_an_entry_out_of_range_is_a_located_error(at: str) -> None:
    code, out = run("why", str(EXAMPLES / "ws-game.yaml"), "--at", at)
    assert code == 2
    assert "ws-game.yaml" in out and f"entry {at} is out of range: the log's entries are 0 to 598" in out
    assert "Traceback" not in out


def test_an_unknown_player_and_an_unreadable_log_are_errors(tmp_path: Path) -> None:
    code, out = run("why", str(EXAMPLES / "ws-game.yaml"), "--at", "3", "--player", "P9")
    assert code == 2 and "player 'P9' is not a player of this log (P1, P2)" in out
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: judge-log/1\ngame: ws\nactions: [\n", encoding="utf-8")
    code, out = run("why", str(broken), "--at", "0")
    assert code == 2 and "broken.yaml" in out and "Traceback" not in out
    code, out = run("why", str(tmp_path / "missing.yaml"), "--at", "0")
    assert code == 2 and "missing.yaml" in out


MISTAKES = [
    # game, entry, the change that makes it illegal, the clause it breaks, the correction
    ("ws", 67, {"pos": 4}, "ws:7.1.1", "67='{p: P1, do: attack, pos: 3, type: direct}'"),
    ("vg", 14, {"card": "FL"}, "vg:8.5.2.1", "14='{p: P2, do: ride, card: TW-12}'"),
    ("wl", 14, {"attacker": "RD-02"}, "wl:7.1.1.1", "14='{p: P2, do: attack, attacker: leader, target: leader}'"),
]


def mistaken(tmp_path: Path, game: str, entry: int, change: dict[str, object]) -> Path:
    """The bundled example with one entry changed, written to ``tmp_path``."""
    document = yaml.safe_load((EXAMPLES / f"{game}-game.yaml").read_text(encoding="utf-8"))
    document["actions"][entry].update(change)
    path = tmp_path / f"{game}-mistaken.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    return path


@pytest.mark.parametrize(("game", "entry", "change", "clause", "fix"), MISTAKES)
def test_at_a_violation_why_proposes_the_correction_most_likely_intended(
    tmp_path: Path, game: str, entry: int, change: dict[str, object], clause: str, fix: str
) -> None:
    path = mistaken(tmp_path, game, entry, change)
    data = answer(str(path), "--at", str(entry))
    violations = data["violations"]
    assert isinstance(violations, list) and clause in violations[0]["clauses"]
    assert data["fix"] == fix
    code, out = run("why", str(path), "--at", str(entry))
    assert code == 0
    assert f"correction: judge verify {path} --fix {fix}" in out
