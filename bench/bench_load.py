"""Time and peak memory to read, and to verify, one large log in each encoding.

A self-played Weiss Schwarz game has its entries repeated (each a copy, so that YAML
writes no aliases) until the log is about ``--mb`` megabytes (default 50), and is
written as YAML, JSON and JSON Lines the way the self-play writes logs.  Each file is
then read (``load_log``) in a process of its own, and with ``--verify`` verified as
``judge verify`` does it, and the seconds and the peak resident memory of that process
are printed, beside the file's size: the memory bound ``judge/site/limits.rst`` states
is read off these figures.  ``--worst`` measures instead a file made to cost the most to
read: nothing but empty entries (``{}``), and a header of empty lists.

    python3 bench/bench_load.py [--mb 50] [--verify] [--worst] [--encodings yaml json jsonl]

It measures the checkout it is in (its ``judge`` package, not an installed one).
Numbers only: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judge.selfplay import play_game, write_log  # noqa: E402

SUFFIXES = {"yaml": ".yaml", "json": ".json", "jsonl": ".jsonl"}

CHILD = """\
import json, sys, time
sys.path.insert(0, sys.argv[1])


def high_water() -> int:
    # this process's peak resident memory (ru_maxrss would count the parent's, from before the exec)
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))


from judge.batch import BatchItem, verify_item
from judge.logfile import LogFormatError, load_log
from judge.logformat import log_games
log_games()  # the games' modules, imported before the measure
import judge.games.ws
path, verify = sys.argv[2], sys.argv[3] == "verify"
before = high_water()
started = time.perf_counter()
entries, outcome = None, "read"
if verify:
    checked = verify_item(BatchItem(path))
    entries, outcome = checked.verdict.entries, checked.verdict.kind.value
else:
    try:
        entries = len(load_log(path).entries)
    except LogFormatError as error:
        outcome = error.message
seconds = time.perf_counter() - started
peak = high_water()
print(json.dumps({"seconds": seconds, "peak": peak, "before": before, "entries": entries, "outcome": outcome}))
"""


def large_document(megabytes: float, suffix: str, folder: Path) -> Path:
    """A self-played game with its entries repeated to about ``megabytes`` in the encoding of ``suffix``."""
    document = play_game(1, "ws")
    result = document.pop("result", None)
    actions = document["actions"]
    path = folder / f"large{suffix}"
    write_log(document, path)
    once = path.stat().st_size
    document["actions"] = json.loads(json.dumps(actions * 2))
    write_log(document, path)
    per_copy = path.stat().st_size - once  # the entries of one game, without the header
    copies = max(1, round((megabytes * 1e6 - once + per_copy) / per_copy))
    document["actions"] = json.loads(json.dumps(actions * copies))
    if result is not None:
        document["result"] = result
    write_log(document, path)
    return path


HEADER = {
    "format": "judge-log/1",
    "game": "ws",
    "cards": {},
    "players": [{"id": "P1", "deck": {}}, {"id": "P2", "deck": {}}],
}
YAML_HEADER = "format: judge-log/1\ngame: ws\ncards: {}\nplayers: [{id: P1, deck: {}}, {id: P2, deck: {}}]\n"


def worst_document(megabytes: float, suffix: str, folder: Path) -> Path:
    """A log of nothing but empty entries (``{}``): the most objects a file of its size can make."""
    entries = int(megabytes * 1e6 / 3)
    path = folder / f"worst{suffix}"
    if suffix == ".jsonl":
        path.write_text(json.dumps(HEADER) + "\n" + "{}\n" * entries, encoding="utf-8")
    elif suffix == ".json":
        path.write_text(json.dumps(HEADER)[:-1] + ', "actions": [' + ",".join(["{}"] * entries) + "]}\n")
    else:
        path.write_text(YAML_HEADER + "actions: [" + ",".join(["{}"] * entries) + "]\n", encoding="utf-8")
    return path


def worst_header(megabytes: float, suffix: str, folder: Path) -> Path:
    """A log whose header holds nothing but a list of empty lists (``[[], [], ...]``)."""
    lists = ",".join(["[]"] * int(megabytes * 1e6 / 3))
    path = folder / f"worst-header{suffix}"
    if suffix == ".jsonl":
        path.write_text(json.dumps(HEADER)[:-1] + ', "meta": [' + lists + "]}\n", encoding="utf-8")
    elif suffix == ".json":
        path.write_text(json.dumps(HEADER)[:-1] + ', "meta": [' + lists + '], "actions": []}\n')
    else:
        path.write_text(YAML_HEADER + "meta: [" + lists + "]\nactions: []\n", encoding="utf-8")
    return path


def measure(path: Path, verify: bool) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(ROOT), str(path), "verify" if verify else "read"],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def show(encoding: str, path: Path, what: str, found: dict[str, Any]) -> None:
    size = path.stat().st_size
    peak, before = found["peak"], found["before"]
    entries = f"{found['entries']:,}" if found["entries"] is not None else "-"
    print(
        f"  {encoding:5}  {what:6}  {size / 1e6:6.1f} MB  {entries:>10} entries  {found['seconds']:7.1f} s"
        f"  peak {peak / 1e6:7.0f} MB = {peak / size:5.1f} x size"
        f"  ({(peak - before) / size:5.1f} x beyond the {before / 1e6:.0f} MB of the started process)"
        f"  {found['outcome'][:40]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=50.0, help="the size of each log, in megabytes")
    parser.add_argument("--verify", action="store_true", help="also verify each log, as judge verify does")
    parser.add_argument("--worst", action="store_true", help="logs of nothing but empty entries instead")
    parser.add_argument("--encodings", nargs="+", choices=sorted(SUFFIXES), default=["yaml", "json", "jsonl"])
    arguments = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="judge-bench-load-"))
    makers = [worst_document, worst_header] if arguments.worst else [large_document]
    print(f"checkout: {ROOT}; {'empty entries, empty lists' if arguments.worst else 'a self-played game repeated'}")
    for make in makers:
        for encoding in arguments.encodings:
            path = make(arguments.mb, SUFFIXES[encoding], folder)
            show(encoding, path, "read", measure(path, verify=False))
            if arguments.verify:
                show(encoding, path, "verify", measure(path, verify=True))
            path.unlink()


if __name__ == "__main__":
    main()
