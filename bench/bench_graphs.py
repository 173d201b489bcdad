"""Speed of the trigger graph: building it for a full game against replaying that game.

Target: the graph of a full game builds in well under the replay's own time.
Prints both, and their ratio.  Also the static graphs' build times, and the time to build the HTML
pages (the procedure flowchart of each game, the page of a full game along time).

    python3 bench/bench_graphs.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import time

from judge.graphs.dynamic import replay_graph
from judge.graphs.pages import procedure_page
from judge.graphs.static import clause_graph, procedure_graph
from judge.graphs.timeline import replay_page
from judge.logfile import parse_log
from judge.replay import verify_log
from judge.selfplay import play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    arguments = parser.parse_args()
    logs = [parse_log(json.dumps(play_game(seed)), f"seed-{seed}.json", "json") for seed in range(arguments.games)]
    start = time.perf_counter()
    verdicts = [verify_log(log) for log in logs]
    replay = time.perf_counter() - start
    start = time.perf_counter()
    graphs = [replay_graph(verdict.records) for verdict in verdicts]
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


if __name__ == "__main__":
    main()
