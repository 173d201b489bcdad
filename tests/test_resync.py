"""After a violation the replay goes on from the game the log describes: one mistake is one violation.

A head judge reads the first departure from the rules and each independent one after it, never the
cascade that follows from one mistake.  These tests tell single lies in self-played legal games (the
kinds of ``tests/mutants.py``) and count what ``judge verify`` reports; ``bench/bench_resync.py`` does the
same over hundreds of games and prints the distribution and the time it costs.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
import yaml

from judge import lookahead
from judge import replay as replay_module
from judge.games.ws import SUPPORT
from judge.logfile import parse_log
from judge.lookahead import TRIAL_FLOOR, TRIAL_SHARE
from judge.replay import Replay, verify_log
from judge.scenarios import Scenario
from judge.stepper import APPLIED, REFUSED, walk
from judge.verdict import VerdictKind
from tests.conftest import REPO
from tests.mutants import KINDS, check, double_mutants, mutants

EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"
SEEDS = range(8)
TARGET = 0.95
"""The share of single-mistake logs that must get exactly one violation, at the mistake, with its clause."""


def example_with(index: int, **changes: object) -> dict[str, object]:
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    document["actions"][index].update(changes)
    return document  # type: ignore[no-any-return]


def test_one_wrong_position_in_the_example_is_one_violation_with_what_was_meant_ws_7_1_1() -> None:
    """ws:7.1.1: only center-stage characters attack.  The example's attack from position 3, written as 4, used
    to be reported with 133 violations; it is one, and the replay says what the log most likely meant."""
    document = example_with(67, pos=4)
    verdict = verify_log(parse_log(json.dumps(document), "example.json", "json"))
    assert verdict.kind is VerdictKind.ILLEGAL
    [violation] = verdict.violations
    assert (violation.entry, violation.clauses) == (67, ("ws:7.1.1", "ws:7.2.1.3"))
    assert violation.intended is not None and violation.intended.startswith("attack pos 3 -> direct")
    assert "replay cleanly" in violation.intended
    assert violation.to_dict()["intended"] == violation.intended


def test_a_refused_choice_that_can_be_carried_out_is_carried_out_as_written_ws_8_6_2_1_2() -> None:
    """ws:8.6.2.1.2: a character above the player's level is refused, but it is in the hand and its cost can be
    paid: the replay plays it as written, so the entries after it, which play on with it, raise nothing."""
    scenario = yaml.safe_load((REPO / "scenarios" / "ws" / "main" / "play-above-level.yaml").read_text())
    scenario["actions"] += [{"p": "P1", "do": "move", "from": 2, "to": 4, "expect": {"P1": {"stage": {4: "KNIGHT"}}}}]
    verdict = verify_log(parse_log(json.dumps(scenario), "above-level.json", "json"))
    [violation] = verdict.violations
    assert (violation.entry, violation.clauses, violation.intended) == (0, ("ws:8.6.2.1.2",), None)
    assert any(record.message.startswith("assumed: P1 play KNIGHT pos 2") for record in verdict.records)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_kind_of_single_mistake_is_found_at_its_entry_with_its_clause(kind: str) -> None:
    outcomes = [check(mutant) for mutant in mutants(SEEDS, (kind,))]
    assert outcomes, f"no self-played game of seeds {SEEDS} has the moment a {kind} needs"
    assert all(outcome.first_right for outcome in outcomes), [
        (o.mutant.seed, o.mutant.entry, [(v.entry, v.message) for v in o.verdict.violations[:2]])
        for o in outcomes
        if not o.first_right
    ]


def test_single_mistakes_give_exactly_one_violation_in_95_percent_of_logs() -> None:
    outcomes = [check(mutant) for mutant in mutants(SEEDS)]
    exact = sum(outcome.exact for outcome in outcomes)
    counts = Counter(len(outcome.verdict.violations) for outcome in outcomes)
    assert len(outcomes) >= 60
    assert exact / len(outcomes) >= TARGET, (
        f"{exact} of {len(outcomes)} exact; violations per log: {sorted(counts.items())}"
    )


def test_two_independent_mistakes_in_one_log_are_two_violations_in_95_percent_of_logs() -> None:
    """Two lies far apart in one self-played game (``tests/mutants.py``): one violation at each, and no other."""
    outcomes = [check(mutant) for mutant in double_mutants(SEEDS)]
    exact = sum(outcome.exact for outcome in outcomes)
    assert len(outcomes) >= 20
    assert exact / len(outcomes) >= TARGET, f"{exact} of {len(outcomes)} exact"


def test_the_look_ahead_has_a_bounded_share_of_the_work() -> None:
    """However many entries are refused, the trial replays of one log take at most ``TRIAL_SHARE`` times its
    length in entries (and a few trials' setup): a log with a mistake in every few entries is not verified ever
    more slowly."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    attacks = [i for i, entry in enumerate(document["actions"]) if entry["do"] == "attack"]
    for index in attacks:
        document["actions"][index]["pos"] = 4  # the back stage never attacks (ws 7.1.1): one lie per attack
    log = parse_log(json.dumps(document), "many.json", "json")
    replay = Replay(log, SUPPORT.build(log), SUPPORT, trace=False)
    replay.run()
    assert len(replay.violations) >= len(attacks)
    assert 0 < replay.look_ahead.trial_entries <= TRIAL_SHARE * len(log.entries) + TRIAL_FLOOR


def test_two_independent_mistakes_are_two_violations() -> None:
    """A wrong attack position early in the game and a card missing from a draw late in it: two violations."""
    document = example_with(67, pos=4)
    late = max(i for i, e in enumerate(document["actions"]) if e["do"] == "draw" and len(e["cards"]) == 1)  # type: ignore[index, union-attr]
    broken = copy.deepcopy(document)
    broken["actions"][late]["cards"] = []  # type: ignore[index]
    verdict = verify_log(parse_log(json.dumps(broken), "example.json", "json"))
    assert [violation.entry for violation in verdict.violations] == [67, late]


def example_with_turns() -> dict[str, object]:
    """The example with every entry's turn written out, as the replay of the legal game places them."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    verdict = verify_log(parse_log(json.dumps(document), "example.json", "json"))
    turns: dict[int, int] = {}
    for record in verdict.records:
        if record.entry is not None:
            turns.setdefault(record.entry, record.turn)
    for index, entry in enumerate(document["actions"]):
        entry["turn"] = turns[index]
    return document  # type: ignore[no-any-return]


def test_turns_written_in_the_log_anchor_the_replay_ws_6_1_1() -> None:
    """ws:6.1.1: players take turns.  A log that writes each entry's turn is legal as it is; one entry with a
    wrong turn is one violation, not one for every entry after it."""
    document = example_with_turns()
    assert verify_log(parse_log(json.dumps(document), "turns.json", "json")).kind is VerdictKind.LEGAL
    actions = document["actions"]
    index = next(i for i, e in enumerate(actions) if e["do"] == "play" and e["turn"] >= 3)  # type: ignore[index]
    actions[index]["turn"] += 1  # type: ignore[index]
    verdict = verify_log(parse_log(json.dumps(document), "turns.json", "json"))
    [violation] = verdict.violations
    assert (violation.entry, violation.clauses) == (index, ("ws:6.1.1",))


def test_an_entry_that_fits_no_point_of_its_stated_turn_breaks_the_rule_that_forbids_it_ws_6_5_1_2() -> None:
    """The log format ("Passing"): an entry with `turn:` stays in that turn.  The other player playing a card in the middle of the
    turn player's turn breaks ws:6.5.1.2 there: the replay does not pass on into the next turn to place it, and
    the rest of the turn replays as written."""
    document = example_with_turns()
    actions = document["actions"]
    index = next(i for i, e in enumerate(actions) if e["do"] == "climax" and e["turn"] >= 3)  # type: ignore[index]
    turn, player = actions[index]["turn"], actions[index]["p"]  # type: ignore[index]
    other = "P2" if player == "P1" else "P1"
    actions.insert(index, {"p": other, "do": "play", "card": "YL-01", "pos": 1, "turn": turn})  # type: ignore[attr-defined]
    verdict = verify_log(parse_log(json.dumps(document), "turns.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == index and "ws:6.5.1.2" in violation.clauses


@pytest.mark.parametrize("with_turns", [False, True], ids=["no-turns", "turns"])
def test_an_entry_that_fits_no_point_leaves_the_game_where_it_stood_ws_7_7_1_2(with_turns: bool) -> None:
    """ws:7.7.1.2: the encore step puts reversed characters into the waiting room.  An ``encore`` for the
    character that has just made a direct attack (rested, never reversed) fits no point: the passes it implied
    looking for one (the rest of the attack phase, the turn, the next) are taken back, it is one violation, at
    its entry, citing the encore step, and the game goes on from where it stood: the attacks written after it
    are that turn's, and no turn is reported out of place."""
    document = example_with_turns() if with_turns else yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions: list[dict[str, object]] = document["actions"]  # type: ignore[assignment]
    attack = next(i for i, entry in enumerate(actions) if entry["do"] == "attack")
    after = next(i for i in range(attack + 1, len(actions)) if actions[i]["do"] == "attack")
    bogus: dict[str, object] = {"p": actions[attack]["p"], "do": "encore", "pos": actions[attack]["pos"]}
    if with_turns:
        bogus["turn"] = actions[attack]["turn"]
    actions.insert(after, bogus)
    verdict = verify_log(parse_log(json.dumps(document), "encore.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == after and violation.clauses == ("ws:7.7.1.2", "ws:7.5.1.3")
    assert "fits no point" in violation.message
    # the cause: the state of the character it names, the entry that made it so, and the rule behind it
    assert f"on position {bogus['pos']} is rested, not reversed" in violation.message
    assert f"(entry {attack})" in violation.message and "no battle (ws:7.5.1.3)" in violation.message
    assert not any("the replay is in turn" in note for note in verdict.notes)


def test_an_entry_left_out_is_taken_back_in_the_trace_too_ws_7_7_1_2() -> None:
    """The trace of a replay that went back shows the game once: the passes the misplaced entry implied are
    not in it, and the entries after it are placed in the turn they were written in."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    legal = verify_log(parse_log(json.dumps(document), "example.json", "json"))
    actions = document["actions"]
    attack = next(i for i, entry in enumerate(actions) if entry["do"] == "attack")
    after = next(i for i in range(attack + 1, len(actions)) if actions[i]["do"] == "attack")
    actions.insert(after, {"p": actions[attack]["p"], "do": "encore", "pos": actions[attack]["pos"]})
    verdict = verify_log(parse_log(json.dumps(document), "encore.json", "json"))
    turns = {record.entry: record.turn for record in legal.records if record.entry is not None}
    shifted = {
        (record.entry if record.entry < after else record.entry - 1): record.turn
        for record in verdict.records
        if record.entry is not None and record.entry != after
    }
    assert shifted == turns
    seqs = [record.seq for record in verdict.records]
    assert seqs == sorted(seqs) and len(seqs) == len(set(seqs))


def test_the_stepper_pictures_the_game_the_replay_went_on_with_ws_7_7_1_2() -> None:
    """The stepper follows a replay that went back: every entry gets its step, the misplaced one refused, and
    the boards after it are those of the game the replay went on with."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions = document["actions"]
    attack = next(i for i, entry in enumerate(actions) if entry["do"] == "attack")
    after = next(i for i in range(attack + 1, len(actions)) if actions[i]["do"] == "attack")
    actions.insert(after, {"p": actions[attack]["p"], "do": "encore", "pos": actions[attack]["pos"]})
    log = parse_log(json.dumps(document), "encore.json", "json")
    steps, _ = walk(Scenario("ws/encore", log.path, log, "a misplaced encore", "-", "-", ("ws:7.7.1.2",), ()))
    assert len(steps) == len(actions) + 1
    assert [step.state for step in steps].count(REFUSED) == 1 and steps[after + 1].state == REFUSED
    assert all(step.state == APPLIED for step in steps[after + 2 : after + 8])


def test_an_entry_of_a_turn_that_is_over_breaks_the_rule_that_forbids_it_there_ws_6_8_1_2() -> None:
    """ws:6.8.1.2: only the turn player discards to the hand limit.  The other player's discard written with
    ``turn: t`` after the game has left turn t (nothing was left to decide in it) stays in turn t: one
    violation of 6.8.1.2, not of the turn order, and the next turn's entries, its draw first, replay as
    written."""
    document = example_with_turns()
    actions: list[dict[str, object]] = document["actions"]  # type: ignore[assignment]
    index = next(
        i
        for i in range(len(actions) - 1)
        if actions[i]["turn"] >= 4 and actions[i + 1]["turn"] == actions[i]["turn"] + 1  # type: ignore[operator]
    )
    other = "P2" if actions[index]["p"] == "P1" else "P1"
    actions.insert(index + 1, {"p": other, "do": "discard", "cards": [], "turn": actions[index]["turn"]})
    verdict = verify_log(parse_log(json.dumps(document), "turns.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == index + 1 and "ws:6.8.1.2" in violation.clauses
    assert "fits no point of turn" in violation.message


def test_a_log_that_numbers_every_turn_off_by_one_is_one_violation_ws_6_1_1() -> None:
    """ws:6.1.1: a log whose turns are all one off (counted from 0) is one turn-order violation, at its first
    entry; its entries are read by its own numbering, none left out as of a turn that is over."""
    document = example_with_turns()
    for entry in document["actions"]:  # type: ignore[attr-defined]
        entry["turn"] -= 1
    verdict = verify_log(parse_log(json.dumps(document), "turns.json", "json"))
    [violation] = verdict.violations
    assert (violation.entry, violation.clauses) == (0, ("ws:6.1.1",))


def test_the_players_opening_draws_may_be_written_in_either_order_ws_5_2_1_4() -> None:
    """ws:5.2.1.4: each player draws five cards, and only the mulligans go from the starting player; the log may
    write either player's draw first, and the replay is the same game either way."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    written = verify_log(parse_log(json.dumps(document), "example.json", "json"))
    actions = document["actions"]
    assert [entry["do"] for entry in actions[:2]] == ["draw", "draw"]
    actions[0], actions[1] = actions[1], actions[0]
    swapped = verify_log(parse_log(json.dumps(document), "swapped.json", "json"))
    assert swapped.kind is VerdictKind.LEGAL, [violation.message for violation in swapped.violations]
    assert [record.message for record in swapped.records] == [record.message for record in written.records]


def test_a_level_up_written_late_is_one_violation_at_the_late_entry_ws_9_3_1() -> None:
    """ws:9.3.1 with 9.1.2.1: a level up is a rule action the player performs as soon as the clock reaches seven.
    Written two entries after its place, it is one violation, at the entry where it is written, saying where
    it was due; the game goes on as if it had been taken in time."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions = document["actions"]
    at = next(i for i, entry in enumerate(actions) if entry["do"] == "level_up")
    actions.insert(at + 2, actions.pop(at))
    verdict = verify_log(parse_log(json.dumps(document), "late.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == at + 2 and "ws:9.3.1" in violation.clauses
    assert f"after entry {at - 1} " in violation.message


def test_a_refresh_written_late_is_one_violation_saying_where_it_was_due_ws_9_2_1() -> None:
    """ws:9.2.1 with 9.1.2.1: a refresh is an interrupt, performed the moment the deck is empty.  Written after
    the level up and the refresh point that follow it, it is one violation at the late entry, naming the damage
    entry that emptied the deck; the refreshed deck is the order the late entry gives, so nothing else breaks."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions = document["actions"]
    at = next(i for i, entry in enumerate(actions) if entry["do"] == "refresh")
    assert actions[at - 1]["do"] == "damage"
    actions.insert(at + 2, actions.pop(at))
    verdict = verify_log(parse_log(json.dumps(document), "late.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == at + 2 and {"ws:9.1.2.1", "ws:9.2.1"} <= set(violation.clauses)
    assert f"it was due at entry {at - 1} " in violation.message


def test_a_refresh_where_none_is_due_is_one_violation_ws_9_2_1() -> None:
    """ws:9.2.1: a refresh happens when the deck is empty.  A refresh entry written where the deck holds many
    cards fits no point that passing could reach: one violation there, and the game goes on as written."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions = document["actions"]
    at = next(i for i, entry in enumerate(actions) if entry["do"] == "play")
    actions.insert(at, {"p": actions[at]["p"], "do": "refresh"})
    verdict = verify_log(parse_log(json.dumps(document), "refresh.json", "json"))
    [violation] = verdict.violations
    assert (violation.entry, violation.clauses) == (at, ("ws:9.2.1",))
    assert "deck is not empty" in violation.message


def test_a_level_up_left_out_is_one_violation_and_its_card_stays_unseen_ws_9_3_2() -> None:
    """ws:9.3.2: the player chooses the level card among the bottom seven.  A log that leaves the level up out
    is one violation where it was due; the replay does not guess the card: it stays unseen among the seven,
    and what the log reveals later (the refresh's order) tells it, so nothing after it is reported."""
    document = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    actions = document["actions"]
    at = next(i for i, entry in enumerate(actions) if entry["do"] == "level_up")
    del actions[at]
    verdict = verify_log(parse_log(json.dumps(document), "no-level-up.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == at and "ws:9.3.2" in violation.clauses
    assert any("level up: a card of the bottom seven goes to" in record.message for record in verdict.records)


def test_trials_from_a_copy_at_the_turn_start_score_as_trials_from_the_log_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A trial goes on from a copy of the replay made at the last turn start, instead of replaying the log from
    its start: with no limit on the trials, both ways must choose the same and report the same."""
    monkeypatch.setattr(lookahead, "TRIAL_SHARE", 1000)
    sample = [mutant for mutant in mutants(range(3)) if mutant.kind in ("play-without-color", "attack-from-elsewhere")]
    with_copies = [check(mutant).verdict for mutant in sample]

    def no_copy(replay: Replay) -> Replay:
        raise TypeError("copies are off")

    monkeypatch.setattr(Replay, "copy", no_copy)
    from_the_start = [check(mutant).verdict for mutant in sample]
    assert len(sample) >= 4
    for copied, replayed in zip(with_copies, from_the_start, strict=True):
        assert [v.to_dict() for v in copied.violations] == [v.to_dict() for v in replayed.violations]


STAYS_WHEN_ADOPTING = {
    "log": "the same log",
    "support": "the same game support",
    "clause_exists": "the same clause check",
    "trace": "whether the trace is kept",
    "look_ahead": "the look-ahead's work so far, its share of the trials and its turn copy",
    "on_applied": "the stepper's callbacks",
    "on_taken": "the stepper's callbacks",
    "looks_ahead": "a replay that goes back is never a trial",
    "copy_at": "for trials only",
    "copied": "for trials only",
    "horizon": "for trials only",
    "counting": "for trials only",
    "going_back": "the replay it goes on as, cleared as it does",
    "decided": "shared with the replay run again",
    "stop_at": "for the replay run again only",
    "pending": "for the replay run again only",
}
"""The attributes of a Replay that ``Replay.adopt`` leaves as they are, and why."""


def test_going_on_as_a_replay_run_again_takes_all_of_its_state() -> None:
    """``Replay.adopt`` must take every attribute that describes where the replay is; one added to the replay
    and forgotten there would go on stale after a replay went back.  Each attribute is adopted or listed here."""
    import ast
    import inspect
    import textwrap

    log = parse_log(EXAMPLE.read_text(encoding="utf-8"), "example.yaml", "yaml")
    attributes = set(vars(Replay(log, SUPPORT.build(log), SUPPORT)))
    tree = ast.parse(textwrap.dedent(inspect.getsource(Replay.adopt)))
    adopted = {
        target.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
    }
    assert attributes == adopted | set(STAYS_WHEN_ADOPTING), attributes - adopted - set(STAYS_WHEN_ADOPTING)


def test_an_entry_of_a_later_turn_is_not_taken_as_this_turns_written_late_ws_6_8_1_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ws:6.8.1.2 with the log format's ``turn:``: a point that cannot be passed (the hand-limit discard) and is
    not answered in its turn is one violation there; the same player's discard written two turns later, with
    that turn, is that turn's entry, not this one's written late, so no turn is reported out of place."""
    document = example_with_turns()
    actions: list[dict[str, object]] = document["actions"]  # type: ignore[assignment]
    index = next(i for i, entry in enumerate(actions) if entry["do"] == "discard" and entry["turn"] >= 3)
    discard = actions.pop(index)
    end = next(i for i, entry in enumerate(actions) if entry["turn"] == discard["turn"] + 3)  # type: ignore[operator]
    monkeypatch.setattr(replay_module, "WRITTEN_LATE_WITHIN", end - index + 5)  # the later turn within its reach
    actions.insert(end, {**discard, "turn": discard["turn"] + 2})  # type: ignore[operator]
    verdict = verify_log(parse_log(json.dumps(document), "turns.json", "json"))
    first = verdict.violations[0]
    assert first.entry == index and "ws:6.8.1.2" in first.clauses and "the rules required P2" in first.message
    assert not any("written late" in violation.message for violation in verdict.violations)
    assert not any("the replay is in turn" in violation.message for violation in verdict.violations)
