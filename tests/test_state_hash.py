"""The state hash (``engine.core.state_hash``): one digest per entry, the same for the same position.

For each game: the same log hashes alike in every encoding and in another process; two logs that
reach one position by a different order of moves the rules let be made in either order hash alike,
and a different position hashes differently; ``expect: {hash: H}`` holds for the right hash and is a
violation, citing the clauses of its entry, for a wrong one.  Hashes are computed only when asked for.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from engine.core import state_hash
from engine.core.game import Game
from judge import games, schema
from judge.logfile import load_log
from judge.replay import verify_log
from judge.selfplay import write_log
from judge.verdict import Verdict, VerdictKind

REPO = Path(__file__).resolve().parent.parent
GAMES = ("ws", "vg", "wl")
SCENARIO_KEYS = ("title", "question", "ruling", "clauses", "topics", "id", "expected")


def _verified(document: dict[str, Any], path: Path, hashes: bool = True) -> Verdict:
    write_log(document, path)
    return verify_log(load_log(str(path)), hashes=hashes)


def _scenario_log(path: str) -> dict[str, Any]:
    """A scenario file's log, without the scenario's own fields and the entries' ``expect``."""
    document = yaml.safe_load((REPO / "scenarios" / path).read_text(encoding="utf-8"))
    log = {key: value for key, value in document.items() if key not in SCENARIO_KEYS}
    log["actions"] = []
    return log


def _with_actions(log: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {**copy.deepcopy(log), "actions": copy.deepcopy(actions)}


# Per game: a position from a scenario, two moves the rules let be made in either order, and one move
# that reaches another position.
ORDERS: dict[str, tuple[str, list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]] = {
    "ws": (
        "ws/main/play-onto-occupied-position.yaml",
        [{"p": "P1", "do": "play", "card": "SINGER", "pos": 2}, {"p": "P1", "do": "play", "card": "RUNNER", "pos": 3}],
        [{"p": "P1", "do": "play", "card": "RUNNER", "pos": 3}, {"p": "P1", "do": "play", "card": "SINGER", "pos": 2}],
        [{"p": "P1", "do": "play", "card": "SINGER", "pos": 3}, {"p": "P1", "do": "play", "card": "RUNNER", "pos": 2}],
    ),
    "vg": (
        "vg/main/call-over-rear-guard.yaml",
        [
            {"p": "P1", "do": "call", "card": "FG-22", "to": "FR"},
            {"p": "P1", "do": "call", "card": "FG-13", "to": "BL"},
        ],
        [
            {"p": "P1", "do": "call", "card": "FG-13", "to": "BL"},
            {"p": "P1", "do": "call", "card": "FG-22", "to": "FR"},
        ],
        [
            {"p": "P1", "do": "call", "card": "FG-22", "to": "BR"},
            {"p": "P1", "do": "call", "card": "FG-13", "to": "BL"},
        ],
    ),
    "wl": (
        "wl/energio/give-adds-power.yaml",
        [
            {"p": "P1", "do": "play", "card": "EM-02"},
            {"p": "P1", "do": "give", "to": "leader", "count": 2},
            {"p": "P1", "do": "give", "to": "EM-02@1"},
        ],
        [
            {"p": "P1", "do": "play", "card": "EM-02"},
            {"p": "P1", "do": "give", "to": "EM-02@1"},
            {"p": "P1", "do": "give", "to": "leader", "count": 2},
        ],
        [
            {"p": "P1", "do": "play", "card": "EM-02"},
            {"p": "P1", "do": "give", "to": "leader", "count": 1},
            {"p": "P1", "do": "give", "to": "EM-02@1", "count": 2},
        ],
    ),
}


# -- the digest ---------------------------------------------------------------------------------------


def test_canonical_json_sorts_keys_and_refuses_what_has_no_canonical_text() -> None:
    assert state_hash.canonical_json({"b": [1, None], "a": "é"}) == '{"a":"é","b":[1,null]}'
    assert state_hash.digest({"a": 1, "b": 2}) == state_hash.digest({"b": 2, "a": 1})
    assert re.fullmatch("[0-9a-f]{16}", state_hash.digest({})) and state_hash.HASH_LENGTH == 16
    for bad in ({"power": 1.5}, {1: "key"}, {"card": object()}):
        with pytest.raises(TypeError):
            state_hash.canonical_json(bad)


def test_a_multiset_has_one_order() -> None:
    assert state_hash.multiset(["b", None, "a"]) == state_hash.multiset(["a", "b", None])


# -- one log, one sequence of hashes --------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_the_same_log_hashes_alike_in_every_encoding_and_run(key: str, tmp_path: Path) -> None:
    document = games.get(key).self_play(2)
    verdicts = {suffix: _verified(document, tmp_path / f"game{suffix}") for suffix in (".yaml", ".json", ".jsonl")}
    hashes = verdicts[".yaml"].hashes
    assert hashes is not None and len(hashes) == len(document["actions"])
    assert all(re.fullmatch("[0-9a-f]{16}", digest) for digest in hashes.values())
    assert len(set(hashes.values())) > len(hashes) // 4  # a game's positions differ
    assert all(verdict.hashes == hashes for verdict in verdicts.values())
    # run again in this process: card instance numbers have gone on counting, the hashes have not changed
    assert _verified(document, tmp_path / "again.yaml").hashes == hashes


@pytest.mark.parametrize("key", GAMES)
def test_another_process_prints_the_same_hashes(key: str, tmp_path: Path) -> None:
    path = tmp_path / f"{key}.jsonl"
    write_log(games.get(key).self_play(3), path)
    here = verify_log(load_log(str(path)), hashes=True)
    printed = subprocess.run(
        [sys.executable, "-m", "judge", "replay", "--json", str(path)],
        check=False,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert printed.returncode == 0, printed.stderr
    data = json.loads(printed.stdout)
    assert data["hashes"] == [{"entry": entry, "hash": digest} for entry, digest in (here.hashes or {}).items()]
    verified = subprocess.run(
        [sys.executable, "-m", "judge", "verify", "--json", "--hashes", str(path)],
        check=False,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert verified.returncode == 0, verified.stderr
    assert json.loads(verified.stdout)["hashes"] == data["hashes"]


# -- one position, one hash ----------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_one_position_reached_in_either_order_hashes_alike(key: str, tmp_path: Path) -> None:
    scenario, one_way, other_way, elsewhere = ORDERS[key]
    log = _scenario_log(scenario)
    verdicts = [
        _verified(_with_actions(log, actions), tmp_path / f"{name}.yaml")
        for name, actions in (("one", one_way), ("other", other_way), ("elsewhere", elsewhere))
    ]
    assert all(verdict.kind is not VerdictKind.ILLEGAL for verdict in verdicts), [v.violations for v in verdicts]
    one, other, apart = (verdict.hashes or {} for verdict in verdicts)
    last = len(one_way) - 1
    assert one[last] == other[last]
    assert one[last - 1] != other[last - 1]  # halfway, the positions differ
    assert apart[last] != one[last]


SIMULTANEOUS: dict[str, tuple[Path, list[dict[str, Any]], list[dict[str, Any]]]] = {
    "ws": (  # the Bond of the character played and the Encore of the one it put into the waiting room (ws 9.6.1)
        REPO / "scenarios" / "ws" / "abilities" / "standby-order-chosen.yaml",
        [
            {"p": "P1", "do": "play", "card": "CALLER", "pos": 1},
            {"p": "P1", "do": "resolve", "source": "CALLER", "ability": "bond", "pay": True, "target": "READER"},
            {"p": "P1", "do": "resolve", "source": "RUNNER", "ability": "encore", "pay": False},
        ],
        [
            {"p": "P1", "do": "play", "card": "CALLER", "pos": 1},
            {"p": "P1", "do": "resolve", "source": "RUNNER", "ability": "encore", "pay": False},
            {"p": "P1", "do": "resolve", "source": "CALLER", "ability": "bond", "pay": True, "target": "READER"},
        ],
    ),
    "wl": (  # the two [On Play] abilities of one Character (wl 8.1.3.2, 8.6.1.1)
        REPO / "tests" / "data" / "format" / "wl" / "resolve.yaml",
        [  # the player picks the first; the one left then resolves, there being no choice
            {"p": "P1", "do": "play", "card": "EM-12"},
            {"p": "P1", "do": "resolve", "source": "EM-12", "ability": 0},
        ],
        [
            {"p": "P1", "do": "play", "card": "EM-12"},
            {"p": "P1", "do": "resolve", "source": "EM-12", "ability": 1},
        ],
    ),
}


@pytest.mark.parametrize("key", sorted(SIMULTANEOUS))
def test_simultaneous_abilities_resolved_in_either_order_reach_one_hash(key: str, tmp_path: Path) -> None:
    """Two abilities that wait at once, played in either order the player may choose: once both have resolved
    the position is one, and so is its hash (halfway, where the log writes both, the positions differ)."""
    source, one_way, other_way = SIMULTANEOUS[key]
    document = yaml.safe_load(source.read_text(encoding="utf-8"))
    log = {name: value for name, value in document.items() if name not in SCENARIO_KEYS}
    verdicts = [
        _verified(_with_actions(log, actions), tmp_path / f"{name}.yaml")
        for name, actions in (("one", one_way), ("other", other_way))
    ]
    assert all(verdict.kind is VerdictKind.LEGAL for verdict in verdicts), [v.violations for v in verdicts]
    one, other = (verdict.hashes or {} for verdict in verdicts)
    last = len(one_way) - 1
    assert one[last] == other[last]
    if last > 1:
        assert one[last - 1] != other[last - 1]
    assert one[0] == other[0]  # the play, the same in both


def test_what_a_log_reveals_of_unseen_cards_does_not_change_the_hash(tmp_path: Path) -> None:
    """One log knows P1's deck top and holds a RUNNER beside the SINGER in hand; the other knows no deck card
    and holds a FINALE there.  A deck and a hand are places some player does not see: their cards count as
    unseen whatever the log revealed of them, so the two hash alike; a card that reaches a place every player
    sees (the stage) is in the hash, and a different one there hashes differently."""
    log = _scenario_log("ws/main/play-onto-occupied-position.yaml")
    unseen = copy.deepcopy(log)
    unseen["setup"]["P1"]["deck"] = {"rest": 5}
    unseen["setup"]["P1"]["hand"] = ["SINGER", "FINALE"]
    played = [{"p": "P1", "do": "play", "card": "SINGER", "pos": 2}]
    known = _verified(_with_actions(log, played), tmp_path / "known.yaml").hashes or {}
    hidden = _verified(_with_actions(unseen, played), tmp_path / "hidden.yaml").hashes or {}
    assert known[0] == hidden[0]
    other = _verified(_with_actions(log, [{**played[0], "card": "RUNNER"}]), tmp_path / "other.yaml").hashes or {}
    assert other[0] != known[0]
    game = games.get("ws").build(load_log(str(tmp_path / "known.yaml")))
    player = game.canonical_state()["players"]["P1"]
    assert player["deck"] == [None] * 5
    assert player["hand"] == [None, None]
    assert player["stage"]["1"] == [{"card": "RUNNER", "state": "stand"}]


@pytest.mark.parametrize("key", GAMES)
def test_decks_and_hands_are_hashed_unseen_in_every_game(key: str, tmp_path: Path) -> None:
    """Each game's deck and hand, however much of them its setup names, are counts of unseen cards."""
    log = _scenario_log(ORDERS[key][0])
    write_log(log, tmp_path / "log.yaml")
    game = games.get(key).build(load_log(str(tmp_path / "log.yaml")))
    players = game.canonical_state()["players"].values()
    for zone in ("deck", "hand"):
        cards = [card for player in players for card in player[zone]]
        assert cards, f"the scenario's {zone}s are empty: the test shows nothing"
        assert set(cards) == {None}


# -- expect: {hash: H} ---------------------------------------------------------------------------------


@pytest.mark.parametrize("key", GAMES)
def test_expect_hash_holds_for_the_right_hash_and_is_a_violation_for_a_wrong_one(key: str, tmp_path: Path) -> None:
    scenario, actions, _, _ = ORDERS[key]
    log = _scenario_log(scenario)
    hashes = _verified(_with_actions(log, actions), tmp_path / "plain.yaml").hashes or {}
    last = len(actions) - 1

    def asserted(expect: dict[str, Any], name: str) -> Verdict:
        document = _with_actions(log, actions)
        document["actions"][last]["expect"] = expect
        jsonschema.Draft202012Validator(schema.log_schema()).validate(schema.as_json_data(document))
        return _verified(document, tmp_path / name, hashes=False)

    right = asserted({"hash": hashes[last]}, "right.yaml")
    assert right.kind is not VerdictKind.ILLEGAL and not right.violations
    wrong = asserted({"hash": "0" * 16}, "wrong.yaml")
    assert wrong.kind is VerdictKind.ILLEGAL
    (violation,) = wrong.violations
    assert violation.entry == last
    assert violation.message == f"expect: state hash is {hashes[last]}, not {'0' * 16}"
    # it cites what every failed expectation of that entry cites: the clauses the rules applied for it
    (other,) = asserted({"turn": 99}, "turn.yaml").violations
    assert violation.clauses and violation.clauses == other.clauses


def test_a_malformed_hash_is_refused_by_the_schema() -> None:
    validator = jsonschema.Draft202012Validator(schema.log_schema())
    document = _with_actions(_scenario_log(ORDERS["ws"][0]), ORDERS["ws"][1])
    document["actions"][0]["expect"] = {"hash": "XYZ"}
    assert not validator.is_valid(schema.as_json_data(document))


# -- only when asked for -------------------------------------------------------------------------------


def test_a_plain_verification_computes_no_hash(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def refused(self: Game[Any]) -> str:
        raise AssertionError("a state hash computed when none was asked for")

    document = games.get("ws").self_play(4)
    monkeypatch.setattr(Game, "state_hash", refused)
    verdict = _verified(document, tmp_path / "game.yaml", hashes=False)
    assert verdict.kind is VerdictKind.LEGAL and verdict.hashes is None
    assert "hashes" not in verdict.to_dict() and "hashes" not in verdict.to_dict(trace=True)


def test_verify_hashes_goes_with_json(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    write_log(games.get("wl").self_play(1), path)
    misused = subprocess.run(
        [sys.executable, "-m", "judge", "verify", "--hashes", str(path)],
        check=False,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert misused.returncode == 2 and "--json" in misused.stderr


def test_the_stepper_shows_each_step_s_hash() -> None:
    from judge.scenarios import load_scenario
    from judge.stepper import screen, walk

    scenario = load_scenario(str(REPO / "scenarios" / ORDERS["ws"][0]))
    steps, _ = walk(scenario)
    for index, step in enumerate(steps):
        assert re.fullmatch("[0-9a-f]{16}", step.hash)
        assert screen(scenario, steps, index).splitlines()[-1] == f"state hash {step.hash}"


@pytest.mark.parametrize("key", GAMES)
def test_the_worked_example_of_each_game_s_page_is_the_replay_s(key: str) -> None:
    """The docs' "State hashes" section prints hashes of the bundled game: they must be what a replay gives."""
    page = (REPO / "judge" / "site" / f"{key}-logs.rst").read_text(encoding="utf-8")
    shown = {int(entry): digest for entry, digest in re.findall(r"'entry': (\d+), 'hash': '([0-9a-f]{16})'", page)}
    assert shown
    hashes = verify_log(load_log(str(REPO / "judge" / "examples" / f"{key}-game.yaml")), hashes=True).hashes or {}
    assert shown == {entry: hashes[entry] for entry in shown}
    for digest in re.findall(r'hash: "([0-9a-f]{16})"', page):
        assert digest in shown.values()


def test_a_game_that_gives_no_canonical_state_is_replayed_without_hashes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A game of another package (the toy game) need not say what its state is: a replay asked for hashes
    gives none, and an ``expect: {hash: ...}`` says the game has none to compare."""
    from rules_index import documents
    from tests.toy.support import SUPPORT as TOY

    monkeypatch.setattr(games, "_registered", dict(games._registered))
    monkeypatch.setattr(documents, "DOCUMENTS_BY_KEY", dict(documents.DOCUMENTS_BY_KEY))
    games.register(TOY)
    document = TOY.self_play(1)
    verdict = _verified(document, tmp_path / "toy.json")
    assert verdict.kind is VerdictKind.LEGAL and verdict.hashes is None and "hashes" not in verdict.to_dict()
    document["actions"][0]["expect"] = {"hash": "0" * 16}
    (violation,) = _verified(document, tmp_path / "asserted.json").violations
    assert violation.message == f"expect: the game gives no state hash to compare with {'0' * 16}"
