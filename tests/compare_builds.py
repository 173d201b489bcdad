"""Replays logs and prints every verdict with its trace, as JSON: run once per build and compare.

    python3 tests/compare_builds.py compiled|pure OUT SEED... -- LOG...

Writes, for each log given and each seed's self-played game (legal, and with three
mutations that make it illegal), the verdict with its trace and its state hashes; then the legal game read
as JSON Lines and verified as ``judge verify`` does, and four malformed versions of it
(the loader is compiled too, so its errors and their locations are compared); then
games of the toy game of ``tests/toy``, an engine and a support that subclass the
compiled core as another package's game would.  Stops with an error when the modules
it imported are not of the build it was told to expect.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import engine.games.ws.game
from judge import games
from judge.logfile import LogFormatError, parse_log
from judge.replay import malformed, verify_log, verify_path
from judge.selfplay import play_game


def mutations(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The game, and three broken versions of it: a draw of two for one, a verb made up (a malformed log),
    a card out of nowhere."""
    actions = document["actions"]
    doubled = copy.deepcopy(document)
    draw_phase = next(entry for entry in doubled["actions"] if entry.get("do") == "draw" and len(entry["cards"]) == 1)
    draw_phase["cards"] = draw_phase["cards"] * 2
    made_up = copy.deepcopy(document)
    made_up["actions"].insert(len(actions) // 2, {"do": "fly", "p": document["players"][0]["id"]})
    nowhere = copy.deepcopy(document)
    play = next(entry for entry in nowhere["actions"] if entry.get("do") == "play")
    play["card"] = "NOT-A-CARD"
    return [document, doubled, made_up, nowhere]


def as_json_lines(document: dict[str, Any]) -> str:
    header = {key: value for key, value in document.items() if key != "actions"}
    return "\n".join(json.dumps(row) for row in [header, *document["actions"]]) + "\n"


def malformed_versions(document: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(text, name, encoding) of four logs the loader refuses, each for a different reason."""
    text = as_json_lines(document)
    rows = text.split("\n")
    broken_row = "\n".join([*rows[:5], rows[5][:-1], *rows[6:]])
    no_verb = "\n".join([*rows[:7], '{"p": "P1"}', *rows[8:]])
    padded = "\r\n".join(["  " + row for row in rows]) + '\n{"do": "pass"} {"do": "pass"}\n'
    stranger = json.dumps({**document, "actions": [{"do": "draw", "p": "P9"}]})
    return [
        (broken_row, "broken.jsonl", "jsonl"),
        (no_verb, "no-verb.jsonl", "jsonl"),
        (padded, "padded.jsonl", "jsonl"),
        (stranger, "stranger.json", "json"),
    ]


def main(arguments: list[str]) -> None:
    build, out, *rest = arguments
    separator = rest.index("--")
    seeds, paths = [int(seed) for seed in rest[:separator]], rest[separator + 1 :]
    compiled = not engine.games.ws.game.__file__.endswith(".py")
    if compiled != (build == "compiled"):
        sys.exit(f"expected the {build} build; imported {engine.games.ws.game.__file__}")
    verdicts = [verify_path(path, hashes=True).to_dict(trace=True) for path in paths]
    for seed in seeds:
        for index, document in enumerate(mutations(play_game(seed))):
            try:  # a mutation the loader refuses (an unknown verb) is a malformed verdict, as verify gives it
                log = parse_log(json.dumps(document), f"seed-{seed}-{index}.json", "json")
            except LogFormatError as error:
                verdicts.append(malformed(error).to_dict())
                continue
            verdicts.append(verify_log(log, hashes=True).to_dict(trace=True))
        legal = play_game(seed)
        verdicts.append(verify_log(parse_log(as_json_lines(legal), "legal.jsonl", "jsonl"), trace=False).to_dict())
        for text, name, encoding in malformed_versions(legal):
            try:
                verdicts.append(verify_log(parse_log(text, name, encoding)).to_dict())
            except LogFormatError as error:
                verdicts.append(malformed(error).to_dict())
    sys.path.append(str(Path(__file__).resolve().parents[1]))  # after the build's own packages: tests.toy only
    from tests.toy.support import SUPPORT as TOY

    games.register(TOY)
    for seed in seeds:
        toy = parse_log(json.dumps(TOY.self_play(seed)), f"toy-{seed}.json", "json")
        verdicts.append(verify_log(toy).to_dict(trace=True))
    Path(out).write_text(json.dumps(verdicts, indent=1, sort_keys=True), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
