"""Every entry judged, one gap one violation: self-played logs of every game with one entry taken out, or one
field of one entry written with the wrong type.

For each game, from self-played legal games:

* **an entry taken out**, a sample of entries (``--removals`` per game), one log each: the replay must judge every
  entry of all of them (``judged`` equals ``entries``); prints the share with at most two violations (target 95%),
  how many have more than five (target none), the largest count, the worst logs, and the time of a log with a
  gap over the time of its legal game (median, 95th percentile, maximum);
* **a field of the wrong type**, a sample of entries (``--fields`` per game): one field changed to a value of
  another type (a number for a card id, a string for a position, a list, a mapping, a fraction), in YAML and in
  JSON Lines: the log must be ``malformed`` at that field's line and column, every one.

    python3 bench/bench_mutations.py [--games ws,vg,wl] [--removals 300] [--fields 100] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's packages, run from anywhere

from judge import games
from judge.logfile import LogFormatError, parse_log
from judge.replay import verify_log
from judge.selfplay import play_game
from judge.verdict import Verdict

SEEDS = 10
"""Self-played games per game that the entries are taken from."""


def verified(document: dict[str, Any]) -> tuple[Verdict, float]:
    log = parse_log(json.dumps(document), "mutant.json", "json")
    start = time.perf_counter()
    verdict = verify_log(log, trace=False)
    return verdict, time.perf_counter() - start


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def removals(game: str, documents: list[dict[str, Any]], count: int, rng: random.Random) -> None:
    legal = [verified(document)[1] for document in documents]
    violations: Counter[int] = Counter()
    by_verb: dict[str, list[int]] = {}
    ratios: list[float] = []
    unjudged = 0
    worst: list[tuple[int, int, int, str]] = []
    for _ in range(count):
        which = rng.randrange(len(documents))
        actions = documents[which]["actions"]
        index = rng.randrange(len(actions))
        verdict, seconds = verified({**documents[which], "actions": actions[:index] + actions[index + 1 :]})
        found = len(verdict.violations)
        violations[found] += 1
        by_verb.setdefault(str(actions[index]["do"]), []).append(found)
        ratios.append(seconds / legal[which])
        unjudged += verdict.judged != verdict.entries
        worst.append((found, which, index, json.dumps(actions[index])))
    at_most_two = sum(n for found, n in violations.items() if found <= 2)
    print(f"{game}: {count} logs with one entry taken out of {len(documents)} self-played games")
    print(f"  every entry judged: {count - unjudged}/{count}   target: all")
    print(f"  at most 2 violations: {at_most_two}/{count} ({100 * at_most_two / count:.1f}%)   target: 95%")
    print(
        f"  more than 5: {sum(n for found, n in violations.items() if found > 5)}   target: none;  largest: {max(violations)}"
    )
    print("  violations per log: " + ", ".join(f"{found}: {n}" for found, n in sorted(violations.items())))
    print("  by the verb taken out (logs, share with at most 2, largest):")
    for verb, found_list in sorted(by_verb.items()):
        share = sum(found <= 2 for found in found_list) / len(found_list)
        print(f"    {verb:<15} {len(found_list):>4}  {100 * share:5.1f}%  {max(found_list)}")
    print(
        f"  time over the legal game's: median {statistics.median(ratios):.2f}x, "
        f"95th percentile {percentile(ratios, 0.95):.2f}x, maximum {max(ratios):.2f}x"
    )
    for found, which, index, entry in sorted(worst, reverse=True)[:5]:
        if found > 2:
            print(f"    {found} violations: game {which}, entry {index} taken out: {entry}")


WRONG_VALUES: tuple[object, ...] = (12, "abc", 2.5, ["x"], {"x": 1}, True)
ALSO_RIGHT: dict[str, type] = {"ability": int}
"""Keys whose values the format writes in a second type: a resolve's ability by its name or its 1-based index."""


def yaml_lines(document: dict[str, Any]) -> tuple[list[str], int]:
    """The log as YAML with one entry a line (a flow mapping), and the line number of the first entry."""
    header = {key: value for key, value in document.items() if key != "actions"}
    head = yaml.safe_dump(header, sort_keys=False, default_flow_style=None, width=10**6).splitlines()
    entries = [
        "- " + yaml.safe_dump(entry, default_flow_style=True, width=10**6, sort_keys=False).strip()
        for entry in document["actions"]
    ]
    return [*head, "actions:", *entries], len(head) + 2


def fields(game: str, documents: list[dict[str, Any]], count: int, rng: random.Random) -> None:
    located = tried = 0
    misses: list[str] = []
    for _ in range(count):
        document = rng.choice(documents)
        actions = document["actions"]
        index = rng.randrange(len(actions))
        entry = actions[index]
        keys = [key for key in entry if key not in ("do", "note", "meta")]
        if not keys:
            continue
        key = rng.choice(keys)
        right = (type(entry[key]), ALSO_RIGHT.get(key))
        wrong = next(value for value in rng.sample(WRONG_VALUES, len(WRONG_VALUES)) if type(value) not in right)
        changed = {**document, "actions": [*actions[:index], {**entry, key: wrong}, *actions[index + 1 :]]}
        lines, first = yaml_lines(changed)
        row = lines[first - 1 + index]
        columns = {row.index(f"{key}: ") + 1, row.index(f"{key}: ") + len(key) + 3}  # the key, or its value
        jsonl = [json.dumps({k: v for k, v in changed.items() if k != "actions"}), *map(json.dumps, changed["actions"])]
        jsonl_row = jsonl[index + 1]
        jsonl_columns = {jsonl_row.index(f'"{key}"') + 1, jsonl_row.index(f'"{key}": ') + len(key) + 5}
        for text, encoding, line, wanted in (
            ("\n".join(lines) + "\n", "yaml", first + index, columns),
            ("\n".join(jsonl) + "\n", "jsonl", index + 2, jsonl_columns),
        ):
            tried += 1
            try:
                verdict = verify_log(parse_log(text, f"field.{encoding}", encoding), trace=False)
            except LogFormatError as error:
                if error.line == line and error.column in wanted:
                    located += 1
                    continue
                misses.append(f"{encoding} entry {index} {key}: {wrong!r}: {error}")
                continue
            misses.append(f"{encoding} entry {index} {key}: {wrong!r}: {verdict.kind.value}, not malformed")
    print(f"{game}: {tried} logs with one field of the wrong type (YAML and JSON Lines)")
    print(f"  malformed at the field's line and column: {located}/{tried}   target: all")
    for miss in misses[:8]:
        print(f"    {miss}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--games", default=",".join(games.available()), help="Games to measure, comma-separated.")
    parser.add_argument("--removals", type=int, default=300, help="Logs with an entry taken out, per game.")
    parser.add_argument("--fields", type=int, default=100, help="Logs with a field of the wrong type, per game.")
    parser.add_argument("--seed", type=int, default=34, help="Which entries and fields are chosen.")
    arguments = parser.parse_args()
    for game in arguments.games.split(","):
        documents = [play_game(seed, game) for seed in range(100, 100 + SEEDS)]
        rng = random.Random(arguments.seed)
        if arguments.removals:
            removals(game, documents, arguments.removals, rng)
        if arguments.fields:
            fields(game, documents, arguments.fields, rng)


if __name__ == "__main__":
    main()
