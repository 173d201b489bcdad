"""The whole weiss-sim card pool as a catalog: importing it and reading it back, in each encoding.

Prints, per encoding, the wall time and peak memory of ``judge cards import weiss-sim`` (each its own process,
so each peak is its own), the file's size, and the time and peak memory of reading it back with
``judge.cards.catalog.load_catalog``, which must give every card of the pool; and the time weiss-sim's card
database takes to decode.  Needs weiss-sim 1.2.0 (``judge[weiss-sim]``).

    python3 bench/bench_cards.py [--format jsonl] [--out FOLDER]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's judge, from a checkout
FORMATS = ("jsonl", "json", "yaml")


def measure_read(path: str) -> None:
    """In a child process: read the catalog at ``path`` and print its size, time and peak as JSON."""
    from judge.cards.catalog import load_catalog

    started = time.perf_counter()
    catalog = load_catalog(path)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"cards": len(catalog), "seconds": seconds, "peak_mib": peak}))


def measure_decode() -> None:
    """In a child process: decode weiss-sim's card database and print its size and time as JSON."""
    from judge.cards import weiss_sim

    started = time.perf_counter()
    cards = weiss_sim.read_cards()
    print(json.dumps({"cards": len(cards), "seconds": time.perf_counter() - started}))


def child(*arguments: str) -> dict[str, float]:
    result = subprocess.run(
        [sys.executable, __file__, *arguments], cwd=ROOT, check=True, capture_output=True, text=True
    )
    measured: dict[str, float] = json.loads(result.stdout.splitlines()[-1])
    return measured


def measure_import(path: str) -> None:
    """In a child process: run ``judge cards import weiss-sim --out PATH --force`` and print its time and peak."""
    from judge.cli import main

    started = time.perf_counter()
    main(["cards", "import", "weiss-sim", "--out", path, "--force"], standalone_mode=False)
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--format", choices=FORMATS, action="append", help="Only this encoding (repeatable).")
    parser.add_argument("--out", type=Path, help="Folder for the catalogs (default: a temporary one, removed).")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        kind, *paths = options.child
        {"read": measure_read, "import": measure_import}[kind](*paths) if paths else measure_decode()
        return
    decoded = child("--child", "decode")
    print(f"decoding weiss-sim's card database: {decoded['cards']:,.0f} cards in {decoded['seconds']:.2f} s")
    with tempfile.TemporaryDirectory() as scratch:
        folder = options.out or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        print(f"{'encoding':8}  {'import s':>8}  {'peak MiB':>8}  {'size MiB':>8}  {'read s':>7}  {'peak MiB':>8}")
        for encoding in options.format or FORMATS:
            out = folder / f"ws-cards.{encoding}"
            imported = child("--child", "import", str(out))
            read = child("--child", "read", str(out))
            assert read["cards"] == decoded["cards"], (encoding, read)
            size = out.stat().st_size / 2**20
            print(
                f"{encoding:8}  {imported['seconds']:8.2f}  {imported['peak_mib']:8.0f}  {size:8.1f}  "
                f"{read['seconds']:7.2f}  {read['peak_mib']:8.0f}"
            )


if __name__ == "__main__":
    main()
