"""A refusal names its cause, and the same cause reads the same in every game.

A message that only restates the rule ("move exchanges two stage positions, 1-5") leaves a reader to find what
was wrong; these say what it was: the positions are empty, the circles are of two columns, the card has no
[Blocker].  And a card id that is no key of the log's ``cards`` is "not a card of this log", citing the game's
clause of card records, in every game and for every verb and field that names a card, however the game would
otherwise have read it (not in the hand, not a grade 0 card, not in the deck list).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from judge.logfile import parse_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind, Violation

DATA = Path(__file__).resolve().parent / "data" / "format"
CARD_RECORDS = {"ws": "ws:2.3", "vg": "vg:2.1", "wl": "wl:2.1"}
"""Each game's clause of card records (``GameClauses.card_records``)."""


def fixture(game: str, name: str) -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load((DATA / game / f"{name}.yaml").read_text(encoding="utf-8"))
    return document


def verdict_of(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(yaml.safe_dump(document, sort_keys=False), "case.yaml", "yaml"))


def with_actions(document: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    changed["actions"] = list(actions)
    return changed


def only_violation(verdict: Verdict, entry: int) -> Violation:
    found = [violation for violation in verdict.violations if violation.entry == entry]
    assert len(found) == 1, verdict.violations
    return found[0]


# --------------------------------------------------------------------------- moves that name their cause


def ws_move(*moves: tuple[int, int]) -> Verdict:
    """The ws ``move`` row's position (AL-01 rested on stage position 2, P1's main phase), with these moves."""
    return verdict_of(
        with_actions(fixture("ws", "move"), *({"p": "P1", "do": "move", "from": a, "to": b} for a, b in moves))
    )


def test_a_ws_move_between_two_empty_positions_says_they_are_empty_ws_6_5_1_2_4() -> None:
    violation = only_violation(ws_move((3, 4)), 0)
    assert violation.clauses == ("ws:6.5.1.2.4",)
    assert violation.message == "P1: stage positions 3 and 4 are both empty: there is no character to move"


def test_a_ws_move_from_a_position_a_move_emptied_says_what_emptied_it_ws_6_5_1_2_4() -> None:
    violation = only_violation(ws_move((2, 4), (2, 3)), 1)
    assert violation.message == (
        "P1: stage positions 2 and 3 are both empty: there is no character to move "
        "(2: AL-01 moved from it to position 4 (ws:6.5.1.2.4) in turn 3 (entry 0))"
    )


def test_a_ws_move_to_no_stage_position_or_to_the_same_one_says_so_ws_6_5_1_2_4_and_3_6_3() -> None:
    outside = only_violation(ws_move((2, 7)), 0)
    assert outside.clauses == ("ws:6.5.1.2.4", "ws:3.6.3")
    assert outside.message == "P1: 7 is not a stage position: they are 1-5"
    same = only_violation(ws_move((2, 2)), 0)
    assert same.message == "P1: a move exchanges two positions; from and to are both 2"


def vg_move(first: str, second: str) -> Violation:
    """The vg ``move`` row's position (FL and BL held, FR and BR empty), with one swap."""
    document = with_actions(fixture("vg", "move"), {"p": "P1", "do": "move", "from": first, "to": second})
    return only_violation(verdict_of(document), 0)


def test_a_vg_swap_of_two_empty_circles_says_they_are_empty_vg_6_6_1_2_3() -> None:
    violation = vg_move("FR", "BR")
    assert violation.clauses == ("vg:6.6.1.2.3",)
    assert violation.message == "P1: FR and BR are both empty: there is no unit to move"


def test_a_vg_swap_across_columns_or_with_the_vanguard_names_the_circles_vg_6_6_1_2_3_and_4_6_4() -> None:
    across = vg_move("FR", "BL")
    assert across.message.startswith("P1: FR and BL are not the circles of one column: ")
    vanguard = vg_move("FL", "V")
    assert vanguard.clauses == ("vg:6.6.1.2.3", "vg:4.6.4")
    assert vanguard.message.startswith("P1: V is the vanguard circle: ")
    assert vanguard.options == ("pass", "move FL -> BL")


def wl_broken(name: str) -> Verdict:
    return verify_log(parse_log((DATA / "wl" / "broken" / f"{name}.yaml").read_text(encoding="utf-8"), name, "yaml"))


def test_a_wl_block_by_a_card_not_there_says_so_wl_7_1_2_1() -> None:
    violation = only_violation(wl_broken("block-not-there"), 1)
    assert violation.clauses == ("wl:7.1.2.1", "wl:10.1.4.1")
    assert violation.message == "P2: P2 has no EM-03@2 among their Characters to block with"


def test_a_wl_block_by_a_card_without_blocker_names_it_wl_10_1_4_1() -> None:
    violation = only_violation(wl_broken("block-without-keyword"), 1)
    assert "wl:10.1.4.1" in violation.clauses
    assert violation.message.endswith(": EM-03@1 has no [Blocker]")


def test_a_wl_trigger_claimed_for_a_card_without_one_names_the_card_wl_10_1_5_1() -> None:
    violation = only_violation(wl_broken("trigger-without"), 2)
    assert "wl:10.1.5.1" in violation.clauses
    assert violation.message == "the Life card EM-09 has no [Trigger] to activate"


# --------------------------------------------------------------------------- an id of no card of the log

UNKNOWN = "NOPE-99"
NOT_CHECKED = {
    ("vg", "resolve", "source"),  # a Forerunner's source is read against the one waiting, before the game sees it
    ("ws", "resolve", "source"),  # an ability no point of the turn waits for: the entry has no place
}
"""(game, verb, field) whose unknown id is refused for another cause, which names the id as written."""


def card_fields(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """(path, text) of every string of an entry outside its ``p``, ``do``, ``expect`` and ``note``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in ("p", "do", "expect", "note", "turn"):
                yield from card_fields(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from card_fields(item, (*at, index))
    elif isinstance(value, str):
        yield at, value


def unknown_id_cases() -> Iterator[Any]:
    """Each (game, verb, field) of the format's rows that names a card, once: its row's log with that id replaced
    by one the log's ``cards`` do not have (an address keeps its ``@k``)."""
    seen: set[tuple[str, str, str]] = set()
    for game in CARD_RECORDS:
        for path in sorted((DATA / game).glob("*.yaml")):
            document = yaml.safe_load(path.read_text(encoding="utf-8"))
            for index, entry in enumerate(document.get("actions") or []):
                for at, value in card_fields(entry):
                    identity = value.partition("@")[0]
                    field = ".".join(str(part) for part in at if isinstance(part, str))
                    key = (game, str(entry.get("do")), field)
                    if identity not in document.get("cards", {}) or key in seen or key in NOT_CHECKED:
                        continue
                    seen.add(key)
                    changed = copy.deepcopy(document)
                    target = changed["actions"][index]
                    for part in at[:-1]:
                        target = target[part]
                    target[at[-1]] = UNKNOWN + value[len(identity) :]
                    yield pytest.param(game, index, changed, id=f"{game} {entry.get('do')} {field} ({path.stem})")


@pytest.mark.parametrize(("game", "entry", "document"), list(unknown_id_cases()))
def test_an_id_of_no_card_is_not_a_card_of_this_log_in_every_game_and_verb(
    game: str, entry: int, document: dict[str, Any]
) -> None:
    verdict = verdict_of(document)
    assert verdict.kind is VerdictKind.ILLEGAL, verdict.violations
    violation = verdict.violations[0]
    assert violation.entry == entry
    assert f"{UNKNOWN!r} is not a card of this log" in violation.message
    assert violation.clauses == (CARD_RECORDS[game],)


def test_the_unknown_id_cases_cover_every_game_and_the_verbs_that_name_cards() -> None:
    """Enough rows name cards for the test above to mean something: choices, forced reveals and card text."""
    cases = {(param.values[0], param.id.split()[1]) for param in unknown_id_cases()}
    for game, verb in [
        ("ws", "play"), ("ws", "draw"), ("ws", "effect"), ("ws", "counter"), ("ws", "damage"),
        ("vg", "call"), ("vg", "ride"), ("vg", "first_vanguard"), ("vg", "guard"), ("vg", "retire"),
        ("wl", "play"), ("wl", "attack"), ("wl", "block"), ("wl", "ko"), ("wl", "damage"),
    ]:  # fmt: skip
        assert (game, verb) in cases, (game, verb)
