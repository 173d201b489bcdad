"""How much of the real Weiss Schwarz cards' printed text the engine reads: the whole catalog of the installed
weiss-sim, its four preset decks, and the largest patterns not read yet.

Prints, for weiss-sim's catalog (imported as ``judge cards import weiss-sim`` writes it): the cards read in full
(every ability) and the abilities read, with the targets of the catalog work (at least 50% of the cards, and 80%
of the cards of the preset decks); the same for each preset deck, by distinct card and by copy; the ``--patterns``
largest unread patterns; and the time to read the whole catalog once, cold (the grammar compiled) and warm.

    python3 bench/bench_card_text.py [--patterns 20]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's packages, run from anywhere

from judge.cards import weiss_sim
from judge.cards.reading import read_card, read_catalog


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--patterns", type=int, default=20, help="How many unread patterns to print.")
    arguments = parser.parse_args()

    cards = weiss_sim.read_cards()
    records = {}
    by_weiss_sim_id = {}
    for card in cards:
        record = weiss_sim.catalog_record(card)
        card_id = record.pop("id")
        records[card_id] = record
        by_weiss_sim_id[card.sim_id] = card_id

    started = time.perf_counter()
    found = read_catalog("ws", records)
    cold = time.perf_counter() - started
    started = time.perf_counter()
    read_catalog("ws", records)
    warm = time.perf_counter() - started

    print(f"weiss-sim {weiss_sim.installed_version()}: {found.cards:,} cards")
    print(f"  read in full: {found.read:,} ({100 * found.read / found.cards:.1f}%)   target: 50%")
    print(
        f"  abilities read: {found.abilities_read:,} of {found.abilities:,} "
        f"({100 * found.abilities_read / found.abilities:.1f}%)"
    )
    print(f"  reading the catalog: {cold:.1f} s the first time, {warm:.2f} s again (each text is read once)")

    presets = json.loads((weiss_sim.data_folder() / "deck_presets.json").read_text(encoding="utf-8"))
    distinct_read = distinct = copies_read = copies = 0
    print("preset decks (distinct cards read, copies read):")
    for name, ids in presets.items():
        counted = Counter(by_weiss_sim_id[card] for card in ids)
        deck = read_catalog("ws", records, counted)
        unread = {card_id for card_id in counted if not _read(records[card_id])}
        read_copies = sum(n for card_id, n in counted.items() if card_id not in unread)
        print(f"  {name}: {deck.read}/{deck.cards} distinct, {read_copies}/{sum(counted.values())} copies")
        distinct_read, distinct = distinct_read + deck.read, distinct + deck.cards
        copies_read, copies = copies_read + read_copies, copies + sum(counted.values())
    print(
        f"  all four: {distinct_read}/{distinct} distinct ({100 * distinct_read / distinct:.1f}%), "
        f"{copies_read}/{copies} copies ({100 * copies_read / copies:.1f}%)   target: 80%"
    )

    print(f"the {arguments.patterns} largest unread patterns (abilities, a card with one):")
    for item in found.to_dict(arguments.patterns)["unread"]:
        print(f"  {item['abilities']:>6,}  {item['pattern'][:150]}  ({item['example']})")


def _read(record: dict[str, Any]) -> bool:
    return all(reading.read for reading in read_card("ws", record))


if __name__ == "__main__":
    main()
