"""Speed of the trigger graph: building it for a full game against replaying that game.

Target: the graph of a full game builds in well under the replay's own time.
Prints both, and their ratio.  Also the static graphs' build times, and the time to build the HTML
pages (the procedure flowchart of each game, the page of a full game along time).

Then, where Chromium is installed, how soon the example game's replay page is ready in the browser:
the page's own ``ready_ms`` (the moment it has drawn and written its layout report), best and median of
several headless runs, against the target of 2000 ms.  Without Chromium that line says it was skipped.

    python3 bench/bench_graphs.py [--games N] [--browser-runs N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from judge.graphs.dynamic import replay_graph
from judge.graphs.pages import procedure_page
from judge.graphs.static import clause_graph, procedure_graph
from judge.graphs.timeline import replay_page
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.selfplay import play_game
from tests.browser import CHROMIUM, NO_SCROLLBARS, dump_dom, layout_report

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "judge" / "examples" / "ws-game.yaml"
READY_TARGET_MS = 2000


def replay_page_ready(runs: int) -> None:
    """Open the example game's replay page headless at 1400x1000 ``runs`` times, each in a throwaway profile, as
    tests/test_graph_pages.py opens it, and print when it was ready, as the page reports it, and how long the
    whole browser run took."""
    if CHROMIUM is None:
        print("replay page ready:   skipped, no Chromium installed")
        return
    with tempfile.TemporaryDirectory(prefix="bench-graphs-") as folder:
        page = Path(folder) / "replay.html"
        command = [sys.executable, "-m", "judge", "graph", "replay", str(EXAMPLE), "--html", str(page)]
        subprocess.run(command, cwd=REPO, check=True, capture_output=True)
        ready: list[int] = []
        browser: list[float] = []
        for run in range(runs):
            start = time.perf_counter()
            dom = dump_dom(page.as_uri(), None, budget_ms=3000, extra_flags=NO_SCROLLBARS)
            browser.append(time.perf_counter() - start)
            report = layout_report(dom)
            if report is None:
                raise SystemExit("the replay page wrote no layout report")
            ready.append(report["ready_ms"])
    print(
        f"replay page ready:   best {min(ready)} ms, median {statistics.median(ready):.0f} ms"
        f"   target {READY_TARGET_MS} ms   ({runs} runs in headless Chromium,"
        f" {statistics.median(browser):.1f} s a browser run)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--browser-runs", type=int, default=5, help="times to open the replay page in Chromium")
    arguments = parser.parse_args()
    logs = [parse_log(json.dumps(play_game(seed)), f"seed-{seed}.json", "json") for seed in range(arguments.games)]
    start = time.perf_counter()
    verdicts = [verify_log(log) for log in logs]
    replay = time.perf_counter() - start
    start = time.perf_counter()
    graphs = [replay_graph(verdict.records, game="ws") for verdict in verdicts]
    build = time.perf_counter() - start
    nodes = sum(graph.number_of_nodes() for graph in graphs) / len(graphs)
    print(f"{len(logs)} self-played games, {nodes:.0f} graph nodes per game")
    print(f"replay:              {replay * 1000 / len(logs):8.1f} ms per game")
    print(f"trigger graph build: {build * 1000 / len(logs):8.1f} ms per game   ratio to replay {build / replay:.2f}")
    for name, builder in (
        ("procedure graph", lambda: procedure_graph("ws")),
        ("clause graph", lambda: clause_graph("ws")),
        *(
            (f"{game} flowchart page", lambda game=game: procedure_page(procedure_graph(game)))
            for game in ("ws", "vg", "wl")
        ),
        ("replay page", lambda: replay_page(verdicts[0].records, "seed-0", "ws", None, graphs[0])),
    ):
        start = time.perf_counter()
        builder()
        print(f"{(name + ':').ljust(21)} {(time.perf_counter() - start) * 1000:8.1f} ms")
    replay_page_ready(arguments.browser_runs)


if __name__ == "__main__":
    main()
