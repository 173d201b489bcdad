"""An entry that claims more than the rules made happen is a violation at that entry.

A forced entry says what the rules did: the cards a damage process moved, the new deck a refresh made, the
choices a trigger's icon asked.  Writing more than that (a second damage card where one damage was dealt, a
pool answer for a card without the pool icon) is a claim the rules did not produce, located at its entry and
citing the clause that made the event what it was.  The same holds in every game whose forced entries carry
such answers (``GameSupport.claim_fields``).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import yaml

from engine.core.wording import counted
from judge.games.ws import SUPPORT as WS
from judge.logfile import parse_log
from judge.replay import Replay, verify_log
from judge.verdict import Verdict, VerdictKind
from tests.conftest import REPO

EXAMPLE: dict[str, Any] = yaml.safe_load((REPO / "judge" / "examples" / "ws-game.yaml").read_text(encoding="utf-8"))
ICONS = {card: set(record.get("triggers") or ()) for card, record in EXAMPLE["cards"].items()}


def verdict_of(document: dict[str, Any]) -> Verdict:
    return verify_log(parse_log(json.dumps(document), "claims.json", "json"), trace=False)


def test_the_example_claims_nothing_beyond_the_rules() -> None:
    assert verdict_of(EXAMPLE).kind is VerdictKind.LEGAL


def test_a_damage_entry_listing_more_cards_than_the_damage_dealt_breaks_ws_4_10_1_3() -> None:
    """ws:4.10.1.3: the damage process moves as many cards as the damage, one at a time; a list with one more
    card than were moved (no climax among them) claims a damage that was not dealt."""
    document = copy.deepcopy(EXAMPLE)
    actions = document["actions"]
    index = next(
        i
        for i, entry in enumerate(actions)
        if entry["do"] == "damage" and not any(EXAMPLE["cards"][card]["type"] == "climax" for card in entry["cards"])
    )
    dealt = len(actions[index]["cards"])
    actions[index]["cards"] = [*actions[index]["cards"], actions[index]["cards"][-1]]
    [violation] = verdict_of(document).violations
    assert violation.entry == index and violation.clauses[0] == "ws:4.10.1.3"
    assert "ws:7.5.1.2" in violation.clauses  # what made the damage that much: the attacker's soul
    assert f"moved {counted(dealt, 'card')}" in violation.message and f"lists {dealt + 1}" in violation.message


def test_a_pool_answer_for_a_card_without_the_pool_icon_breaks_the_trigger_check_ws_7_3_1_2() -> None:
    """ws:7.3.1.2 with 4.12.2: a trigger check's icons say which choices it asks; ``pool: true`` for a card
    without the pool or treasure icon claims that its top card went into the stock."""
    document = copy.deepcopy(EXAMPLE)
    actions = document["actions"]
    index = next(
        i
        for i, entry in enumerate(actions)
        if entry["do"] == "trigger" and not ICONS.get(entry["card"], set()) & {"pool", "treasure"}
    )
    actions[index]["pool"] = True
    [violation] = verdict_of(document).violations
    assert violation.entry == index and "ws:7.3.1.2" in violation.clauses
    assert "pool" in violation.message
    actions[index]["pool"] = False  # declining a choice never asked claims nothing
    assert verdict_of(document).kind is VerdictKind.LEGAL


def test_a_refresh_order_of_the_wrong_length_breaks_ws_9_2_2() -> None:
    """ws:9.2.2: the refresh makes the whole waiting room the new deck; an order that lists one card fewer, or
    one more, is not that deck."""
    actions = EXAMPLE["actions"]
    index = next(i for i, entry in enumerate(actions) if entry["do"] == "refresh" and entry.get("order"))
    for order in (actions[index]["order"][:-1], [*actions[index]["order"], actions[index]["order"][0]]):
        document = copy.deepcopy(EXAMPLE)
        document["actions"][index]["order"] = order
        violations = verdict_of(document).violations
        assert violations and violations[0].entry == index and violations[0].clauses == ("ws:9.2.2",)
        assert f"lists {len(order)}" in violations[0].message


def test_every_game_names_the_fields_that_claim_an_effect() -> None:
    """A trigger entry's icon choices are Weiss Schwarz's claims; each names a field its reading takes."""
    assert set(WS.claim_fields["trigger"]) <= set(WS.choice_fields.values())


def test_a_draw_off_the_known_order_is_reported_once_and_the_logs_cards_taken_ws_3_2_2() -> None:
    """ws:3.2.2: the deck's order is what it is.  A header ``order`` one card off from the draws the log writes
    (a card moved to the bottom) is one violation, at the first draw that differs; from there the replay gives
    up the order it knew and takes the cards the log reveals, so no later draw is reported again."""
    document = copy.deepcopy(EXAMPLE)
    order = document["order"]["P1"]
    order.append(order.pop(9))
    [violation] = verdict_of(document).violations
    assert (
        violation.clauses == ("ws:3.2.2",)
        and "the order known for the rest of P1's deck is given up" in violation.message
    )


def counts_after_each_entry(document: dict[str, Any]) -> dict[int, dict[str, int]]:
    """P1's pile sizes after each entry of a legal log, as the replay has them."""
    log = parse_log(json.dumps(document), "legal.json", "json")
    replay = Replay(log, WS.build(log), WS)
    seen: dict[int, dict[str, int]] = {}

    def applied(entry: Any) -> None:
        view = replay.game.snapshot()["players"]["P1"]
        seen[entry.index] = {zone: len(view[zone]) for zone in ("stock", "waiting")}

    replay.on_applied = applied
    replay.run()
    return seen


def test_a_failed_expect_is_one_violation_and_the_replay_goes_on_from_the_asserted_state() -> None:
    """The log's own game: an ``expect`` that asserts a card in P1's stock that the replay has in the waiting
    room is one violation at its entry, naming every field that differs; the replay then takes that state,
    so a later ``expect`` of the same game (the card still there) holds."""
    document = copy.deepcopy(EXAMPLE)
    actions = document["actions"]
    counts = counts_after_each_entry(document)
    first = next(
        i
        for i in sorted(counts)
        if i > 40 and i + 1 in counts and counts[i]["waiting"] > 0 and counts[i] == counts[i + 1]
    )
    later = first + 1
    for index in (first, later):
        actions[index]["expect"] = {
            "P1": {"stock": counts[index]["stock"] + 1, "waiting": counts[index]["waiting"] - 1}
        }
    del actions[later + 1 :]  # the log's game goes on no further than its assertions (the rest is the replay's)
    document["result"] = {"reason": "time"}
    verdict = verify_log(parse_log(json.dumps(document), "asserted.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == first and violation.message.startswith("expect: ")
    assert "P1 stock has" in violation.message and "; P1 waiting has" in violation.message
    assert any("goes on from the state the log asserts" in note and "P1 stock" in note for note in verdict.notes)


def example(game: str) -> dict[str, Any]:
    return yaml.safe_load((REPO / "judge" / "examples" / f"{game}-game.yaml").read_text(encoding="utf-8"))


def test_a_trigger_choice_for_a_card_with_no_trigger_breaks_the_check_vg_7_5_1_2_2() -> None:
    """vg:7.5.1.2.2 with 2.8.1: a drive check resolves the checked card's trigger; ``critical: V`` on the check
    of a card with no trigger icon claims an effect that never happened, and the violation says why."""
    document = example("vg")
    cards = document["cards"]
    index = next(
        i
        for i, entry in enumerate(document["actions"])
        if entry["do"] == "drive" and not cards[entry["card"]].get("trigger")
    )
    document["actions"][index]["critical"] = "V"
    [violation] = verdict_of(document).violations
    assert violation.entry == index and "vg:7.5.1.2.2" in violation.clauses
    assert "no trigger icon" in violation.message


def test_a_trigger_claimed_for_a_life_card_without_trigger_breaks_wl_10_1_5() -> None:
    """wl:10.1.5: only a Life card with [Trigger] may be activated as it is taken; ``trigger: true`` on the
    damage of one without claims an activation the rules did not allow."""
    document = example("wl")
    cards = document["cards"]
    index = next(
        i
        for i, entry in enumerate(document["actions"])
        if entry["do"] == "damage" and not cards.get(str(entry.get("card")).split("@")[0], {}).get("trigger")
    )
    document["actions"][index]["trigger"] = True
    violations = verdict_of(document).violations
    assert violations and violations[0].entry == index
    assert "has no [Trigger]" in violations[0].message
