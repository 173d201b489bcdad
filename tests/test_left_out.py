"""One entry left out of a log is one departure, and a verdict covers every entry.

A log written by hand loses entries: a play, an attack, a ride.  The entries after the gap then find the game
other than the log's (a position empty, a card still in the hand), and a replay that only judged each entry as
it came would report all of them.  The replay looks for the entry left out where the entry after it stood, puts
it in, and reports it once (``judge.replay.Replay.left_out_before``).  And when a replay stops before its log
ends, the verdict says which entries it did not judge, and why.

The removed entries are found in self-played games by what they are (a ws play whose position the next entry
moves from, an attack followed by its trigger check, a vg ride, a wl attack on the Leader), so that each test
names the kind of gap it is about, not a file.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from engine.core.protocol import EngineLimitReached
from judge.cli import main
from judge.logfile import parse_log
from judge.replay import Replay, verify_log
from judge.selfplay import play_game
from judge.verdict import Verdict, VerdictKind
from judge.why import WhyError, why
from rules_index import load_index

Entry = dict[str, Any]


def removed(document: dict[str, Any], index: int) -> dict[str, Any]:
    """``document`` with entry ``index`` taken out."""
    actions = document["actions"]
    return {**document, "actions": actions[:index] + actions[index + 1 :]}


def verdict_of(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "gap.json", "json"), trace=False)


def first_gap(game: str, seeds: range, fits: Callable[[list[Entry], int], bool]) -> tuple[dict[str, Any], int]:
    """The first self-played game of ``game`` (by seed) with an entry ``fits`` picks, and that entry's index."""
    for seed in seeds:
        document = play_game(seed, game)
        actions = document["actions"]
        for index in range(2, len(actions) - 1):
            if fits(actions, index):
                return document, index
    raise AssertionError(f"no self-played {game} game of seeds {seeds} has such an entry")


def as_written(entry: Entry) -> str:
    return str(yaml.safe_dump(entry, default_flow_style=True, width=10**6, sort_keys=False)).strip()


def ws_play_then_moved(actions: list[Entry], index: int) -> bool:
    """A ws play onto an empty position that the very next entry moves from (ws:6.5.1.2.4: a move names a
    position with a character on it)."""
    entry, after = actions[index], actions[index + 1]
    return (
        entry["do"] == "play"
        and "pos" in entry
        and after["do"] == "move"
        and after["p"] == entry["p"]
        and after["from"] == entry["pos"]
        and not any(earlier["do"] in ("play", "move") and earlier["p"] == entry["p"] for earlier in actions[:index])
    )


def ws_attack(actions: list[Entry], index: int) -> bool:
    return actions[index]["do"] == "attack" and actions[index + 1]["do"] == "trigger"


def vg_ride(actions: list[Entry], index: int) -> bool:
    return actions[index]["do"] == "ride" and index > 12


def wl_attack(actions: list[Entry], index: int) -> bool:
    entry = actions[index]
    return entry["do"] == "attack" and entry["target"] == "leader" and actions[index + 1]["do"] in ("pass", "damage")


@pytest.mark.parametrize(
    ("game", "fits"),
    [("ws", ws_play_then_moved), ("ws", ws_attack), ("vg", vg_ride), ("wl", wl_attack)],
    ids=["ws-play", "ws-attack", "vg-ride", "wl-attack"],
)
def test_an_entry_left_out_is_one_violation_that_writes_it(game: str, fits: Callable[[list[Entry], int], bool]) -> None:
    """An entry taken out of a legal game (a ws play, a ws attack, a vg ride, a wl attack) is one violation, at
    the entry after the gap or a few before it, that says the log leaves an entry out, writes the one it most
    likely was, and cites the clause the entry after the gap breaks without it; every entry is judged."""
    document, index = first_gap(game, range(100, 140), fits)
    verdict = verdict_of(removed(document, index))
    [violation] = verdict.violations
    assert violation.entry is not None and index - 20 <= violation.entry <= index + 20
    assert "the log leaves out an entry before this one" in violation.message
    assert violation.intended is not None and violation.intended.startswith("insert before it: {")
    assert str(document["actions"][index]["do"]) in violation.intended
    assert violation.clauses and all(load_index().get(clause) is not None for clause in violation.clauses)
    assert verdict.judged == verdict.entries == len(document["actions"]) - 1


def test_the_entry_left_out_is_the_one_written_when_the_next_entry_names_it_ws_6_5_1_2_4() -> None:
    """ws:6.5.1.2.4: a move exchanges a character with another position.  With the play of the character taken
    out, its move from an empty position shows what is missing: the play itself, written as the log wrote it."""
    document, index = first_gap("ws", range(100, 140), ws_play_then_moved)
    [violation] = verdict_of(removed(document, index)).violations
    assert violation.entry == index
    assert violation.intended == f"insert before it: {as_written(document['actions'][index])}"
    assert "ws:6.5.1.2.4" in violation.clauses


@pytest.mark.parametrize("game", ["ws", "vg", "wl"])
def test_entries_left_out_at_random_are_one_departure_each_in_most_logs(game: str) -> None:
    """Over a sample of entries taken out of self-played games one at a time, every entry is judged and at
    least nine in ten of the logs have at most two violations (``bench/bench_mutations.py`` measures hundreds)."""
    rng = random.Random(34)
    documents = [play_game(seed, game) for seed in range(300, 304)]
    counts = []
    for _ in range(24):
        document = rng.choice(documents)
        verdict = verdict_of(removed(document, rng.randrange(len(document["actions"]))))
        assert verdict.judged == verdict.entries
        counts.append(len(verdict.violations))
    assert sum(count <= 2 for count in counts) >= 0.9 * len(counts), counts


def stopped_at(index: int, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The ws example game whose engine gives out at entry ``index`` (its step budget spent, as an endless loop of
    card text would spend it), and that log written to a file."""
    original = Replay.consume

    def consume(self: Replay, ahead: Any = None, placed: bool = True) -> Any:
        entry = original(self, ahead, placed)
        if entry.index == index:
            raise EngineLimitReached("the steps the engine may take without an answer ran out")
        return entry

    monkeypatch.setattr(Replay, "consume", consume)
    return play_game(7, "ws")


def test_a_replay_that_stops_early_says_which_entries_it_did_not_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay that cannot go on (the engine gave out) reports it there; the entries after it are not judged, and
    the verdict says so: `judged` is less than `entries`, a note names the first entry not judged, its line and
    why, and a game with no violation is incomplete, never legal."""
    document = stopped_at(40, monkeypatch)
    verdict = verdict_of(document)
    assert verdict.kind is VerdictKind.ILLEGAL  # the engine's limit is reported as the violation it is
    assert verdict.judged is not None and verdict.judged < verdict.entries
    assert verdict.unjudged is not None and "from entry 41" in verdict.unjudged and "ran out" in verdict.unjudged
    assert verdict.unjudged in verdict.notes
    assert verdict.to_dict()["judged"] == verdict.judged


def test_judge_why_says_why_an_entry_was_never_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    """`judge why` at an entry the replay never took says why: the replay stopped before it, where and why."""
    document = stopped_at(40, monkeypatch)
    log = parse_log(json.dumps(document), "stopped.json", "json")
    with pytest.raises(WhyError, match="never reached: .*not judged, from entry 41.*ran out"):
        why(log, 60)


def test_judge_why_answers_at_every_entry_a_verdict_reports() -> None:
    """Every entry a violation is reported at is one the replay took: `judge why` answers there."""
    document, index = first_gap("ws", range(100, 140), ws_attack)
    broken = removed(removed(document, index), index + 30)
    log = parse_log(json.dumps(broken), "broken.json", "json")
    verdict = verify_log(log, trace=False)
    reported = {violation.entry for violation in verdict.violations if violation.entry is not None}
    assert reported
    for entry in reported:
        assert why(parse_log(json.dumps(broken), "broken.json", "json"), entry).entry == entry


def test_the_text_verdict_lists_twenty_options_and_says_how_many_more(tmp_path: Any) -> None:
    """A violation's legal options are all in --json; the text lists twenty and says how many more there are."""
    document = play_game(7, "ws")
    actions = document["actions"]
    plays = [i for i, entry in enumerate(actions) if entry["do"] == "play" and "pos" in entry]
    for index in plays:  # a main phase with a full hand offers more than twenty options
        wrong = {**document, "actions": [*actions[:index], {**actions[index], "card": "YL-CX1"}, *actions[index + 1 :]]}
        path = tmp_path / "wrong.json"
        path.write_text(json.dumps(wrong), encoding="utf-8")  # a climax is never played onto the stage
        as_json = json.loads(CliRunner().invoke(main, ["verify", str(path), "--json"]).output.splitlines()[0])
        options = next(violation["options"] for violation in as_json["violations"] if violation["entry"] == index)
        if len(options) > 20:
            break
    else:
        raise AssertionError("no main phase of the game offers more than twenty options")
    text = CliRunner().invoke(main, ["verify", str(path)]).output
    assert f", and {len(options) - 20} more (all of them in --json)" in text
    assert ", ".join(options[:20]) in text and ", ".join(options[:21]) not in text


def test_judge_why_proposes_the_entry_left_out_as_a_fix_that_makes_the_log_legal(tmp_path: Any) -> None:
    """At the entry after a gap, `judge why` proposes `--fix N+='{...}'`, which puts the entry left out back in,
    and `judge verify --fix` with it finds the log legal."""
    document, index = first_gap("ws", range(100, 140), ws_play_then_moved)
    path = tmp_path / "gap.json"
    path.write_text(json.dumps(removed(document, index)), encoding="utf-8")
    answer = why(parse_log(path.read_text(encoding="utf-8"), str(path), "json"), index)
    assert answer.fix == f"{index}+='{as_written(document['actions'][index])}'"
    result = CliRunner().invoke(main, ["verify", str(path), "--fix", answer.fix.replace("'", "")])
    assert result.exit_code == 0, result.output
    assert f"{as_written(document['actions'][index])} put in before entry {index}" in result.output


def test_an_attack_best_left_out_says_so_as_what_was_most_likely_intended_ws_7_2_1_3() -> None:
    """ws:7.2.1.3 with ws:7.2.1.5.3: an attack is declared with a standing character, which rests.  A second
    attack by it is refused; where the entries after it
    replay best without it, the violation says what was most likely intended: no such entry (as Vanguard and
    ENERGIO!! say the option they take), and `judge why` proposes removing it."""
    from tests.mutants import mutants

    mutant = next(mutant for mutant in mutants(range(3)) if mutant.kind == "second-attack")
    log = parse_log(json.dumps(mutant.document), "twice.json", "json")
    [violation] = verify_log(log, trace=False).violations
    assert violation.entry == mutant.entry and "ws:7.2.1.3" in violation.clauses and "7.2.1.5.3" in violation.message
    assert violation.intended is not None and violation.intended.startswith("no such entry: ")
    assert why(parse_log(json.dumps(mutant.document), "twice.json", "json"), mutant.entry).fix == f"{mutant.entry}=-"
