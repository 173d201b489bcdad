"""The graph pages in a real browser: headless Chromium opens them at 1400x1000 and reports where it drew
every node (the page writes the boxes' screen positions into ``<pre id="layout">`` once drawn).

Checked: every node of the procedure inside the window without scrolling, no two boxes overlapping, the
phase bands apart; the replay page drawn and its report written, showing the turn it opens on, or the attack
named in its address.  How soon the replay page is ready is measured by bench/bench_graphs.py, not here.
Screenshots go to ``tmp_path`` (and to the folder named by ``GRAPH_SCREENSHOTS``, when set, to look at).
Skipped where no Chromium is installed.
"""

from __future__ import annotations

import html
import itertools
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from judge.cli import main
from judge.logfile import load_log
from judge.why import why
from tests.browser import NO_SCROLLBARS, dump_dom, layout_report, needs_chromium
from tests.browser import screenshot as take_screenshot
from tests.conftest import REPO

pytestmark = needs_chromium

WIDTH, HEIGHT = 1400, 1000
EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"


def browse(page: Path, *, fragment: str = "", screenshot: Path | None = None) -> dict[str, Any]:
    """Open ``page`` headless at 1400x1000 (in a throwaway profile: the page gets the window's full height): the
    layout report it wrote, and a screenshot if asked."""
    address = page.as_uri() + (f"#{fragment}" if fragment else "")
    dom = dump_dom(address, None, budget_ms=3000, window=(WIDTH, HEIGHT), extra_flags=NO_SCROLLBARS)
    report = layout_report(dom)
    assert report is not None, dom[-2000:]
    if screenshot is not None:
        take_screenshot(address, screenshot, None, window=(WIDTH, HEIGHT), extra_flags=NO_SCROLLBARS)
        assert screenshot.exists() and screenshot.stat().st_size > 10_000
        keep = os.environ.get("GRAPH_SCREENSHOTS")
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(screenshot, Path(keep) / screenshot.name)
    return report


def overlapping(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [
        (a["id"], b["id"])
        for a, b in itertools.combinations(boxes, 2)
        if a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and b["y"] < a["y"] + a["h"] - 0.5
    ]


def write(command: list[str], path: Path) -> Path:
    result = CliRunner().invoke(main, ["graph", *command, "--html", str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize(("game", "nodes"), [("ws", 79), ("vg", 94), ("wl", 51)])
def test_procedure_view_fits_the_window_without_overlaps(tmp_path: Path, game: str, nodes: int) -> None:
    page = write(["rules", "--game", game], tmp_path / f"procedure-{game}.html")
    report = browse(page, screenshot=tmp_path / f"procedure-{game}.png")
    width, height = report["viewport"]
    assert width == WIDTH and 880 <= height <= HEIGHT  # the window less what the browser keeps for itself
    drawn = report["nodes"]
    ids = {box["id"] for box in drawn if box["role"] != "exit"}
    assert len({box["id"].split("@")[0] for box in drawn if box["role"] != "exit"}) == nodes
    for box in drawn:
        assert 0 <= box["x"] and box["x"] + box["w"] <= width, box
        assert 0 <= box["y"] and box["y"] + box["h"] <= height, box
    boxes = [box for box in drawn if box["role"] in ("node", "header", "panel")]
    assert not overlapping(boxes)
    bands = [box for box in drawn if box["role"] == "band"]
    assert len(bands) == sum(1 for i in ids if i.startswith("phase:")) and not overlapping(bands)
    # readable: a one-line box (24.5 units high, 12px text) is not scaled below three quarters of its size
    assert min(box["h"] for box in boxes) >= 18


def test_replay_view_is_drawn_at_the_turn_it_opens_on(tmp_path: Path) -> None:
    page = write(["replay", str(EXAMPLE)], tmp_path / "replay.html")
    report = browse(page, screenshot=tmp_path / "replay-ws.png")
    assert isinstance(report["ready_ms"], int) and report["ready_ms"] >= 0  # drawn, and it says when
    start = re.search(r'<body data-start="(t\d+)"', page.read_text(encoding="utf-8"))
    assert start and report["view"] == start[1]  # the turn with the longest chain and the most abilities
    drawn = [box for box in report["nodes"] if box["role"] == "node"]
    assert 30 <= len(drawn) < 150
    for box in drawn:
        assert 0 <= box["x"] and box["x"] + box["w"] <= WIDTH, box
    assert not overlapping(drawn)
    assert all(box["h"] >= 17 for box in drawn)


def test_replay_view_opens_on_the_attack_in_its_address(tmp_path: Path) -> None:
    page = write(["replay", str(EXAMPLE)], tmp_path / "replay.html")
    report = browse(page, fragment="t17s6", screenshot=tmp_path / "replay-ws-attack.png")
    assert report["view"] == "t17s6"
    drawn = [box for box in report["nodes"] if box["role"] == "node"]
    # the attack declared (an event: it triggered an ability), the check timing that played it, the ability
    assert {box["kind"] for box in drawn} >= {"event", "check-timing", "ability", "forced"}
    assert all(0 <= box["y"] and box["y"] + box["h"] <= report["viewport"][1] for box in drawn)
    assert not overlapping(drawn)


def test_replay_page_says_why_it_opens_where_it_does_and_explains_its_strip(tmp_path: Path) -> None:
    """The page says which turn it opened on and why (the longest chain of triggers), or that the address chose
    the view; its legend names every mark of the strip; its labels are sentences, not "attack(s)"."""
    page = write(["replay", str(EXAMPLE)], tmp_path / "replay.html")
    text = page.read_text(encoding="utf-8")
    start = re.search(r'<body data-start="t(\d+)"', text)
    assert start is not None
    opening = re.search(r'<p id="opening" class="legend">(.*?)</p>', text)
    assert opening is not None and opening[1].startswith(f"Opened on turn {start[1]}: the turn with the longest chain")
    for mark in ("⚔", "●", "◆", "chain N"):
        assert re.search(rf'<span class="key">[^<]*{re.escape(mark)}', text), mark
    labels = re.findall(r"<option [^>]*>([^<]*)</option>", text) + re.findall(r'data-tip="turn \d+[^"]*"', text)
    assert labels and not [label for label in labels if "(s)" in label or "(ies)" in label]
    assert " 1 attack, " in text and " abilities played, " in text
    dom = dump_dom(page.as_uri() + "#t17s6", None, budget_ms=3000, window=(WIDTH, HEIGHT), extra_flags=NO_SCROLLBARS)
    shown = re.search(r'<p id="opening" class="legend">(.*?)</p>', dom)
    assert shown is not None and shown[1].startswith("Opened on the view the address names (#t17s6): ")


def test_an_address_naming_an_entry_opens_its_turn_with_its_why_answer(tmp_path: Path) -> None:
    """``#why-N`` opens the turn that holds entry N, lights its box and shows, in a panel, what was legal there
    and the clause refusing each other verb, as ``judge why`` answers."""
    page = write(["replay", str(EXAMPLE)], tmp_path / "replay.html")
    answer = why(load_log(str(EXAMPLE)), 120)
    dom = dump_dom(page.as_uri() + "#why-120", None, budget_ms=3000, window=(WIDTH, HEIGHT), extra_flags=NO_SCROLLBARS)
    view = re.search(r'<body [^>]*data-view="(t\d+)"', dom)
    assert view is not None and view[1] == f"t{answer.point.split()[1].rstrip(',')}"
    assert re.search(r'<g class="node [^"]*lit"[^>]*data-entry="120"', dom)
    panel = re.search(r'<div id="why">(.*?)</div>\s*<script type="application/json"', dom, re.DOTALL)
    assert panel is not None, "the panel is hidden or missing"
    shown = html.unescape(re.sub(r"<[^>]+>", "", panel[1]))
    assert f"entry 120 (line {answer.line}): {answer.taken}" in shown
    assert answer.point in shown
    for verb, refusal in answer.refused.items():
        assert f"{verb}: {refusal.message} ({', '.join(refusal.clauses)})" in shown
    opening = re.search(r'<p id="opening" class="legend">(.*?)</p>', dom)
    assert opening is not None and opening[1].startswith("Opened on the entry the address names (#why-120)")


def test_at_phone_width_a_replay_view_is_one_column_of_blocks(tmp_path: Path) -> None:
    """At a phone's width a turn's blocks (its phases, its attacks) come one under another in one readable column:
    every box fits the width and none is shrunk below three quarters of its size."""
    page = write(["replay", str(EXAMPLE)], tmp_path / "replay.html")
    dom = dump_dom(page.as_uri(), None, budget_ms=3000, window=(400, 900), extra_flags=NO_SCROLLBARS)
    report = layout_report(dom)
    assert report is not None
    width = report["viewport"][0]  # the narrowest window the headless browser keeps: about 500
    assert width < 760
    drawn = [box for box in report["nodes"] if box["role"] == "node"]
    assert len(drawn) >= 30
    assert all(0 <= box["x"] and box["x"] + box["w"] <= width for box in drawn)
    assert len({round(box["x"]) for box in drawn}) <= 3  # one column: the boxes start at one left edge
    assert min(box["h"] for box in drawn) >= 17
    assert not overlapping(drawn)
