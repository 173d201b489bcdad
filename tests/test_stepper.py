"""The scenario stepper: one step per entry in the log's order, every card on a board at every step, cards by
name, changes marked, the keys it answers, no machine path in its output, and the walk as data and as an HTML
fragment that steps without a server."""

from __future__ import annotations

import io
import itertools
import json
import re
import shutil
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from judge import games
from judge.cli import main
from judge.logfile import parse_log
from judge.scenario_page import stepper_html, stepper_id
from judge.scenarios import Scenario, find, library, library_root
from judge.step_cli import stepping
from judge.stepper import board_cards, screen, walk, walk_document, walk_scenario
from tests.browser import dump_dom, needs_chromium

LIBRARY = library()

CARDS_OF_SETUPS = {
    # P1: level, clock, stage, 4 stock, hand, waiting, deck 3 (the 12); P2: deck 5
    "ws/abilities/standby-order-chosen": {"P1": 12, "P2": 5},
    # P1: stage, deck top and 2 more; P2: 6 clock, deck 1, 3 waiting (a damage card in the resolution zone)
    "ws/level/level-up-and-refresh-in-one-damage": {"P1": 4, "P2": 10},
    "ws/damage/cancel-middle": {"P1": 4, "P2": 5},
    # no deck in the setup: the whole 50-card deck list is on the table
    "vg/triggers/draw": {"P1": 50, "P2": 50},
    # and P1's G unit on V and the G card left in the G zone
    "vg/drive/triple-drive-g-unit": {"P1": 52, "P2": 50},
    # Leader, Characters, Life, hand, deck 30 and the 10 ENERGIO!! (cost area, ENERGIO!! deck, given)
    "wl/counter/attacker-cannot-counter": {"P1": 47, "P2": 45},
    "wl/battle/ko-returns-given-energio": {"P1": 46, "P2": 45},
}


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def per_player(board: dict[str, Any]) -> dict[str, int]:
    """How many cards each player has on a board: on its places and in its zones."""
    return {
        player["id"]: sum(len(slot["cards"]) for row in player["rows"] for slot in row["slots"])
        + sum(len(zone["cards"]) for zone in player["zones"])
        for player in board["players"]
    }


@pytest.mark.parametrize("scenario", LIBRARY, ids=[scenario.id for scenario in LIBRARY])
def test_every_step_comes_in_the_order_of_the_log(scenario: Scenario) -> None:
    steps, _ = walk(scenario)
    indexes = [step.entry.index for step in steps[1:] if step.entry is not None]
    assert all(later > earlier for earlier, later in itertools.pairwise(indexes))
    assert indexes == list(range(len(scenario.log.entries)))  # refused and unreached entries have a step too
    assert [step.number for step in steps] == list(range(len(steps)))


def written_count(value: object) -> int | None:
    """How many cards a ``setup`` zone holds as written: a list, a count, a deck's ``{top, rest}`` or a cost
    area's ``{active, rested}``; None for a form that does not say (a deck's ``top`` alone, over the rest of its
    deck list) or is not a zone of cards."""
    if isinstance(value, list):
        return len(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, dict) and set(value) <= {"top", "rest"} and "rest" in value:  # no rest: the deck list's
        return len(value.get("top") or []) + int(value.get("rest") or 0)
    if isinstance(value, dict) and set(value) <= {"active", "rested"}:
        return int(value.get("active") or 0) + int(value.get("rested") or 0)
    return None


SETUPS = [scenario for scenario in LIBRARY if scenario.log.header.get("setup")]


@pytest.mark.parametrize("scenario", SETUPS, ids=[scenario.id for scenario in SETUPS])
def test_step_0_is_the_setup_as_written(scenario: Scenario) -> None:
    """The stepper opens on the position the question asks about: the setup's turn, turn player and phase, and
    every zone the setup writes with as many cards as it writes, before the rules act on it."""
    setup: dict[str, Any] = scenario.log.header["setup"]
    start = walk_scenario(scenario).steps[0]
    board = start.data
    assert start.entry is None and start.state == "start"
    assert (board["turn"], board["turn_player"]) == (setup["turn"], setup["active"])
    assert board["phase"] == setup.get("phase", board["phase"])
    compared = 0
    for player in board["players"]:
        zones = {zone["key"]: zone["count"] for zone in player["zones"]}
        for key, value in (setup.get(player["id"]) or {}).items():
            count = written_count(value)
            if count is not None and f"{player['id']}/{key}" in zones:
                assert zones[f"{player['id']}/{key}"] == count, (player["id"], key)
                compared += 1
    assert compared, "no zone of the setup was found on the board"


def test_what_the_rules_do_before_the_first_entry_is_its_own_step() -> None:
    """wl 6.2.3-6.2.4: a scenario written in the refresh phase opens on its rested cards and given ENERGIO!!; the
    refresh, which the rules do on their own, is the next step, with the cards it changed marked."""
    steps = walk_scenario(find("wl/refresh/given-energio-return")).steps
    assert steps[0].state == "start" and steps[1].state == "by the rules" and steps[1].entry is None
    assert any("wl:6.2.3" in record.clauses for record in steps[1].happened)
    assert "P1/cost" in steps[1].changed and steps[2].entry is not None and steps[2].entry.index == 0
    cost = {zone["key"]: zone for player in steps[0].data["players"] for zone in player["zones"]}["P1/cost"]
    assert cost["count"] == 4


@pytest.mark.parametrize("scenario", LIBRARY, ids=[scenario.id for scenario in LIBRARY])
def test_no_card_is_lost_in_transit(scenario: Scenario) -> None:
    """The cards on the board are as many at every step as at the start: none vanish into the resolution zone,
    the trigger zone or under a character put on its position."""
    steps, _ = walk(scenario)
    counts = [per_player(step.data) for step in steps]
    assert all(count == counts[0] for count in counts), counts


@pytest.mark.parametrize("name", sorted(CARDS_OF_SETUPS))
def test_every_card_the_log_has_is_on_the_board_at_every_step(name: str) -> None:
    steps, _ = walk(find(name))
    assert [per_player(step.data) for step in steps] == [CARDS_OF_SETUPS[name]] * len(steps)


@pytest.mark.parametrize("key", ["ws", "vg", "wl"])
def test_a_whole_game_keeps_every_card_of_its_deck_lists_on_the_board(key: str) -> None:
    document = games.get(key).self_play(1)
    log = parse_log(json.dumps(document), f"{key}.json", "json")
    scenario = Scenario(f"{key}/self-played", log.path, log, "a self-played game", "-", "-", (f"{key}:1",), ())
    steps, _ = walk(scenario)
    expected = {
        player["id"]: sum(player["deck"].values())
        + sum(player.get("g_deck", {}).values())
        + ("leader" in player)
        + sum((player.get("energio") or {}).values())
        for player in document["players"]
    }
    assert [per_player(step.data) for step in steps] == [expected] * len(steps)
    assert [step.entry.index for step in steps[1:] if step.entry] == list(range(len(log.entries)))


def test_an_entry_inside_another_follows_it_and_shows_the_card_in_transit() -> None:
    """The refresh (entry 3) happens inside the damage (entry 2): entry 2 comes first, pictured as the refresh
    begins, with the first damage card in the resolution zone; entry 3 shows the damage finished."""
    walked = walk_scenario(find("ws/level/level-up-and-refresh-in-one-damage"))
    damage, refresh = walked.steps[3], walked.steps[4]
    assert (damage.entry and damage.entry.index, refresh.entry and refresh.entry.index) == (2, 3)
    assert damage.state == "in progress" and refresh.state == "applied"
    p2 = {zone["name"]: zone for zone in damage.data["players"][1]["zones"]}
    assert [card["name"] for card in p2["resolution"]["cards"]] == ["Runner"]
    assert "P2/resolution" in damage.changed
    assert any("2 damage to P2" in record.message and record.entry == 2 for record in refresh.happened)
    assert "[entry 2]" in screen(walked.scenario, walked.steps, 4)
    trigger = walk_scenario(find("vg/triggers/draw")).steps[2]
    zones = {zone["name"]: zone for zone in trigger.data["players"][0]["zones"]}
    assert trigger.state == "in progress" and [card["id"] for card in zones["trigger"]["cards"]] == ["FG-D"]


def test_a_character_replaced_on_its_position_stays_beside_its_successor() -> None:
    steps, _ = walk(find("ws/abilities/standby-order-chosen"))
    front = steps[1].data["players"][0]["rows"][0]
    assert (front["row"], front["label"]) == ("front", "center stage")
    position = front["slots"][0]
    assert [(card["name"], card.get("role")) for card in position["cards"]] == [
        ("Runner", "leaving"),
        ("Tide Caller", None),
    ]
    assert "1: Tide Caller (CALLER) 5000/1 stand [leaving Runner (RUNNER)]" in steps[1].board
    assert [row["row"] for row in steps[1].data["players"][0]["rows"]] == ["front", "back"]


def test_cards_are_named_by_name_with_the_id_beside() -> None:
    scenario = find("ws/abilities/standby-order-chosen")
    steps, _ = walk(scenario)
    shown = screen(scenario, steps, 1)
    assert "P1 plays Tide Caller (CALLER) to position 1" in shown
    assert "(CALLER is Tide Caller)" in shown
    assert "hand 0" in shown and "waiting: Night Reader (READER) x2" in shown
    assert shown.splitlines()[2].startswith("  as written: ")  # the entry as the log writes it, ids and all
    below_the_entry = shown.split("\n", 3)[3]
    assert re.findall(r"(?<!\()\b(CALLER|READER|RUNNER)\b", below_the_entry) == []  # every id beside its name


def test_what_changed_since_the_step_before_is_marked() -> None:
    scenario = find("ws/damage/cancel-middle")
    steps, _ = walk(scenario)
    assert steps[0].changed == ()
    assert steps[1].changed == ("P1/stage/2",)
    assert "| *2: Runner (RUNNER) 2500/3 rest |" in screen(scenario, steps, 1)
    assert set(steps[3].changed) == {"P2/deck", "P2/waiting"}
    last = screen(scenario, steps, 3)
    assert "*waiting 2" in last and "*waiting: Runner (RUNNER), Finale (FINALE)" in last
    assert "(* changed since step 2)" in last


def test_each_step_says_what_its_entry_did_in_words_with_the_entry_as_written_beside() -> None:
    """The step of a drive check says "drive check: Cinder Scout (FG-D)", the trace's words with the card by name,
    and keeps the entry as written one line below; an entry without a trace of its own says its player and verb."""
    scenario = find("vg/triggers/draw")
    steps, _ = walk(scenario)
    drive = screen(scenario, steps, 2)
    assert f"entry 1 (line {scenario.log.entries[1].line}): drive check: Cinder Scout (FG-D)" in drive
    assert "  as written: p: P1, do: drive, card: FG-D, power: V" in drive
    document = walk_document(find("wl/battle/ko-returns-given-energio"))
    passing = next(step for step in document["steps"] if step["entry"] and step["entry"]["text"] == "p: P2, do: pass")
    assert passing["entry"]["said"] == "P2: pass"


def test_after_a_jump_the_marks_are_since_the_step_shown_before() -> None:
    """Jumping from step 0 to step 3 marks every place that differs from step 0 (step 1's move and step 3's
    damage), not only what step 3 changed; stepping back from 3 to 2 marks what differs from step 3."""
    scenario = find("ws/damage/cancel-middle")
    steps, _ = walk(scenario)
    jumped = screen(scenario, steps, 3, shown_before=0)
    assert "(* changed since step 0)" in jumped
    assert "| *2: Runner (RUNNER) 2500/3 rest |" in jumped and "*waiting 2" in jumped
    back = screen(scenario, steps, 2, shown_before=3)
    assert "(* changed since step 3)" in back and "*waiting" in back
    code, out = run("scenario", "step", "ws/damage/cancel-middle", "--interactive", input="j 3\nb\nq\n")
    assert code == 0 and "(* changed since step 0)" in out and "(* changed since step 3)" in out


def test_a_refused_entry_has_its_step_with_the_violation() -> None:
    scenario = find("ws/climax/climax-in-main-phase")
    steps, _ = walk(scenario)
    assert len(steps) == 2 and steps[1].state == "refused" and steps[1].refused
    shown = screen(scenario, steps, 1)
    assert "refused:" in shown and "violation: ws:" in shown
    assert steps[1].changed == ()  # nothing moved


def test_no_input_prints_every_step_in_log_order_plain_without_any_path() -> None:
    code, out = run("scenario", "step", "ws/refresh/refresh-point-climax", "--no-input")
    assert code == 0
    assert re.findall(r"^entry (\d+)", out, re.MULTILINE) == ["0", "1", "2"]
    assert "\x1b[" not in out
    assert str(library_root()) not in out and str(Path.cwd()) not in out
    assert "ws/refresh/refresh-point-climax: legal" in out


def test_a_users_file_is_named_by_the_path_as_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rulings").mkdir()
    shutil.copy(library_root() / "ws" / "damage" / "cancel-middle.yaml", tmp_path / "rulings" / "mine.yaml")
    monkeypatch.chdir(tmp_path)
    code, out = run("scenario", "step", "rulings/mine.yaml", "--no-input")
    assert code == 0 and "rulings/mine.yaml: legal" in out
    assert str(tmp_path) not in out


def test_an_unknown_key_moves_nothing_and_says_which_keys_do() -> None:
    code, out = run("scenario", "step", "ws/damage/cancel-first", "--interactive", input="x\nn\nzz\nb\nq\n")
    assert code == 0
    assert re.findall(r"step (\d)/3", out) == ["0", "1", "0"]
    assert "unknown key x: n next, b back, j N jump, w why, q quit" in out
    assert "unknown key zz: n next, b back, j N jump, w why, q quit" in out


def test_w_shows_what_was_legal_at_the_step_s_entry_and_the_other_keys_still_work() -> None:
    """ws:7.3.1.2: at the trigger check of entry 1 the rules perform the trigger; a clock is refused there
    (ws:6.4.1.2).  The answer stays under the step until the step changes."""
    code, out = run("scenario", "step", "ws/damage/cancel-first", "--interactive", input="w\nn\nn\nw\nb\nq\n")
    assert code == 0
    assert re.findall(r"step (\d)/3", out) == ["0", "1", "2", "1"]
    assert "why: this step has no entry" in out
    assert "why, at entry 1:" in out
    assert "trigger: trigger (trigger, 1 card(s), by the rules)" in out
    assert "clock: a card is clocked once, in the clock phase (ws:6.4.1.2)" in out
    assert "w why" in out


class Terminal(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_single_keys_at_a_terminal_redraw_in_place_in_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """Arrows and n move, any other key only says so; each screen clears the one before, in colour."""
    scenario = find("ws/damage/cancel-first")
    steps, ending = walk(scenario)
    keys = iter(["\x1b[C", "?", "\x1b[D", "n", "n", "\x1b[A", "j", "q"])
    screen_out = Terminal()
    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.setattr("sys.stdout", screen_out)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(click, "getchar", lambda echo=False: next(keys))
    monkeypatch.setattr(click, "prompt", lambda *args, **kwargs: "3")
    stepping(scenario, steps, ending)
    out = screen_out.getvalue()
    shown = re.findall(r"step (\d)/3", click.unstyle(out))
    assert shown == ["0", "1", "1", "0", "1", "2", "2", "3"]
    assert "unknown key ?:" in out and "unknown key \u2191:" in out
    assert out.count("\x1b[2J") == len(shown)  # every screen replaces the one before
    assert "\x1b[" in out.replace("\x1b[2J", "").replace("\x1b[1;1H", "")  # and is in colour
    assert "the scenario holds" in click.unstyle(out)


def test_walk_document_is_data_for_a_page() -> None:
    scenario = find("ws/level/level-up-and-refresh-in-one-damage")
    document = walk_document(scenario)
    assert json.loads(json.dumps(document)) == document
    assert {"id", "title", "question", "ruling", "clauses", "game", "steps", "ending"} <= set(document)
    assert document["id"] == scenario.id and document["game"] == "ws"
    assert str(library_root()) not in json.dumps(document)
    steps = document["steps"]
    assert steps[0]["entry"] is None and steps[0]["changed"] == []
    assert [step["entry"]["index"] for step in steps[1:]] == list(range(len(scenario.log.entries)))
    damage = steps[3]
    assert damage["entry"]["line"] == scenario.log.entries[2].line and "do: damage" in damage["entry"]["text"]
    player = damage["board"]["players"][1]
    assert {row["row"] for row in player["rows"]} == {"front", "back"}
    assert {slot["position"] for row in player["rows"] for slot in row["slots"]} == {"1", "2", "3", "4", "5"}
    assert any(zone["name"] == "resolution" and zone["count"] == 1 for zone in player["zones"])
    assert all({"id", "name"} <= set(card) for card in board_cards(damage["board"]))
    assert "P2/resolution" in damage["changed"]
    happened = steps[4]["happened"]
    refreshed = ["ws:9.2.1", "ws:9.2.2", "ws:9.2.4", "ws:3.2.4", "ws:9.1.1", "ws:9.1.2", "ws:9.1.2.1"]
    assert any(item["clauses"] == refreshed for item in happened)
    assert steps[4]["board_text"].startswith("turn 3, attack phase")


def fragment_data(fragment: str, uid: str) -> dict[str, Any]:
    found = re.search(rf'<script type="application/json" id="{uid}-data">(.*?)</script>', fragment, re.DOTALL)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


@pytest.mark.parametrize("name", ["ws/level/level-up-and-refresh-in-one-damage", "vg/triggers/draw"])
def test_the_html_fragment_holds_every_step_and_nothing_from_outside(name: str) -> None:
    scenario = find(name)
    fragment = stepper_html(scenario)
    uid = stepper_id(scenario.id)
    assert fragment.startswith(f'<div class="judge-stepper" id="{uid}"') and fragment.endswith("</div>")
    assert fragment_data(fragment, uid) == walk_document(scenario)
    assert not re.search(r"\b(src|href)=|https?://|@import|url\(", fragment)
    ids = re.findall(r'\bid="([^"]+)"', fragment)
    assert len(ids) == len(set(ids)) and all(element.startswith(uid) for element in ids)
    data = fragment_data(fragment, uid)
    script = fragment.split(f'id="{uid}-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in script  # the data cannot close its script element
    assert len(data["steps"]) == len(scenario.log.entries) + 1
    for step, entry in zip(data["steps"][1:], scenario.log.entries, strict=True):
        assert step["entry"]["index"] == entry.index and step["board"]["players"]


def test_each_step_with_an_entry_carries_what_was_legal_there_for_the_page_s_why_panel_ws_7_3_1_2() -> None:
    """ws:7.3.1.2: at the trigger check (entry 1) the rules perform the trigger; the attack (entry 0) was P1's
    option; a step without an entry carries nothing, so the page grows only with the entries."""
    scenario = find("ws/damage/cancel-first")
    data = walk_document(scenario)
    first, attack, trigger = data["steps"][:3]
    assert first["why"] is None
    assert "attack pos 2 -> direct" in attack["why"]["legal"]["attack"]
    assert trigger["why"]["legal"] == {"trigger": ["trigger (trigger, 1 card(s), by the rules)"]}
    assert trigger["why"]["refused"]["clock"] == {
        "clauses": ["ws:6.4.1.2"],
        "reason": "a card is clocked once, in the clock phase",
    }
    fragment = stepper_html(scenario, link=lambda clause: f"rules.html#{clause}")
    assert "js-why" in fragment and fragment_data(fragment, stepper_id(scenario.id))["links"]["ws:6.4.1.2"]


def dom_at(tmp_path: Path, fragments: list[str], fragment_url: str) -> str:
    """The DOM headless Chromium builds for a page of ``fragments`` opened at ``#fragment_url``."""
    page = tmp_path / "page.html"
    body = "\n".join(fragments)
    page.write_text(f'<!doctype html><html><head><meta charset="utf-8"></head><body>{body}</body></html>', "utf-8")
    return dump_dom(f"{page.as_uri()}#{fragment_url}", None, budget_ms=3000)


def between(dom: str, start_id: str, end_id: str) -> str:
    """The DOM from the element of ``start_id`` to the one of ``end_id``."""
    return dom[dom.index(f'id="{start_id}"') : dom.index(f'id="{end_id}"')]


def element(dom: str, element_id: str) -> str:
    found = re.search(rf'<(\w+)[^>]*\bid="{re.escape(element_id)}"[^>]*>(.*?)</\1>', dom, re.DOTALL)
    assert found is not None, element_id
    return found.group(2)


@needs_chromium
def test_the_fragment_steps_in_a_browser(tmp_path: Path) -> None:
    """Two steppers on one page, opened at step 2: each shows its own step 2, its boards laid out by row with the
    changed places highlighted; one opened at another step by its own fragment."""
    first, second = find("ws/abilities/standby-order-chosen"), find("wl/battle/ko-returns-given-energio")
    fragments = [stepper_html(first), stepper_html(second)]
    one, two = stepper_id(first.id), stepper_id(second.id)
    dom = dom_at(tmp_path, fragments, "step=2")
    entry = first.log.entries[1]
    assert element(dom, f"{one}-count") == "step 2/4"
    said = element(dom, f"{one}-entry")
    assert said.startswith(f"entry 1 (line {entry.line}): ") and "as written in the log" in said
    assert "<code>p: P1, do: resolve" in said
    assert element(dom, f"{two}-entry").startswith(f"entry 1 (line {second.log.entries[1].line}): P2: pass")
    board = between(dom, f"{one}-board", f"{one}-ending")
    assert 'data-row="front"' in board and 'data-row="back"' in board
    assert re.search(r'class="js-zone changed" data-key="P1/hand" data-zone="hand" data-count="1"', board)
    assert "Night Reader" in board
    dom = dom_at(tmp_path, fragments, f"{two}-step=3")
    assert element(dom, f"{one}-count") == "step 0/4"
    assert element(dom, f"{two}-count") == "step 3/3"
    assert "the scenario holds" in element(dom, f"{two}-ending")
    board = between(dom, f"{two}-board", f"{two}-ending")
    assert re.search(r'class="js-zone changed" data-key="P2/cost"', board)
    assert re.search(r'class="js-zone changed" data-key="P2/trash"[^>]*>.*?Soot Runner', board, re.DOTALL)


@needs_chromium
def test_in_a_browser_a_step_s_why_panel_lists_the_legal_options_and_the_refusals(tmp_path: Path) -> None:
    scenario = find("ws/damage/cancel-first")
    uid = stepper_id(scenario.id)
    dom = dom_at(tmp_path, [stepper_html(scenario)], "step=1")
    panel = between(dom, f"{uid}-entry", f"{uid}-happened")
    assert 'class="js-why"' in panel and "why: what was legal here" in panel
    assert "attack: attack pos 2 -&gt; direct" in panel or "attack: attack pos 2 -> direct" in panel
    assert "a card is clocked once, in the clock phase" in panel and "ws:6.4.1.2" in panel
    dom = dom_at(tmp_path, [stepper_html(scenario)], "step=0")
    assert 'class="js-why"' not in between(dom, f"{uid}-entry", f"{uid}-happened")


@needs_chromium
def test_after_a_jump_in_a_browser_the_marks_are_since_the_step_shown_before(tmp_path: Path) -> None:
    """Opened at step 0 and then sent to step 3 by its address: step 3 marks what differs from step 0 (the move
    of step 1 as well as the damage of step 3) and says so."""
    scenario = find("ws/damage/cancel-middle")
    uid = stepper_id(scenario.id)
    jump = '<script>setTimeout(function () { window.location.hash = "step=3"; }, 200);</script>'
    dom = dom_at(tmp_path, [stepper_html(scenario), jump], "step=0")
    assert element(dom, f"{uid}-count") == "step 3/3"
    assert element(dom, f"{uid}-since") == "marked: changed since step 0"
    board = between(dom, f"{uid}-board", f"{uid}-since")
    assert re.search(r'class="js-slot changed" data-key="P1/stage/2"', board)
    assert re.search(r'class="js-zone changed" data-key="P2/waiting"', board)
