"""Card records for the log, from the card data weiss-sim ships.

weiss-sim names a card by a number of its own (its *sim id*); the log names it
by its printed card number (``AB/W31-E036``), and ``meta`` keeps the sim ids.
The characteristics come from three places in the installed package:

* ``export_card_table()``: type, color, level, cost, power and soul;
* ``data/card_catalog.json.gz``: the card number and the name;
* ``data/default_cards.wsdb``: the trigger icons, the counter icon, whether the
  simulator attaches any ability to the card, and its printed text.  The
  table does not export these, so the record is found in the database by the
  bytes it must start with (its id, set and the table's numbers, in the
  database's postcard encoding) and read from there.

Only vanilla cards are converted (no printed text, ``-``, and no ability in the
simulator): the payloads of card abilities in weiss-sim's event stream cannot be
read, and card text beyond the judge's vocabulary would only make a log
``incomplete``.
"""

from __future__ import annotations

import gzip
import importlib.resources
import json
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

CARD_TYPES: Final = {"Character": 0, "Event": 1, "Climax": 2}
"""weiss-sim's card type names and the byte the database writes for each."""
COLORS: Final = {"Yellow": 0, "Green": 1, "Red": 2, "Blue": 3, "Colorless": 4}
"""weiss-sim's color names and the byte the database writes for each."""
ICONS: Final = ("soul", "shot", "return", "draw", "choice", "pool", "treasure", "comeback", "standby")
"""The trigger icons in the database's order, as the log names them (ws 4.12.2): weiss-sim's *bounce* icon is
the return icon, and its *gate* icon, whose texts are written [ICON:COMEBACK], is the comeback icon."""
MAX_TRIGGER_ICONS: Final = 3
VANILLA_TEXT: Final = "-"


class CardDataError(LookupError):
    """A card the installed weiss-sim does not describe as this module expects."""


@dataclass(frozen=True, slots=True)
class SimCard:
    """One card of weiss-sim's pool: its number, its record for the log, and what makes it (not) vanilla."""

    sim_id: int
    number: str
    """The printed card number, the card's id in the log."""
    record: dict[str, Any]
    """The judge-log/1 card record (ws 2: name, type, color, level, cost, power, soul, triggers, counter)."""
    text: str | None
    """The printed text as the database holds it; ``-`` for none."""
    simulated_abilities: bool
    """Whether weiss-sim attaches any ability to the card."""

    @property
    def vanilla(self) -> bool:
        """No printed text and no ability in the simulator: nothing of it is beyond the judge's vocabulary."""
        return self.text == VANILLA_TEXT and not self.simulated_abilities


def _package_data(name: str) -> bytes:
    return importlib.resources.files("weiss_sim").joinpath("data", name).read_bytes()


@cache
def _table() -> dict[int, dict[str, Any]]:
    import weiss_sim

    table: dict[str, Any] = weiss_sim.export_card_table()
    return {int(row["card_id"]): row for row in table["rows"]}


@cache
def _catalog() -> dict[int, dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(gzip.decompress(_package_data("card_catalog.json.gz")))
    return {int(row["id"]): row for row in rows}


@cache
def _database() -> bytes:
    return _package_data("default_cards.wsdb")


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        part = value & 0x7F
        value >>= 7
        if value:
            out.append(part | 0x80)
        else:
            out.append(part)
            return bytes(out)


def _zigzag(value: int) -> bytes:
    return _varint((value << 1) ^ (value >> 63))


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        part = data[at]
        at += 1
        value |= (part & 0x7F) << shift
        shift += 7
        if not part & 0x80:
            return value, at


@dataclass(frozen=True, slots=True)
class _DatabaseFacts:
    icons: tuple[str, ...]
    simulated_abilities: bool
    counter: bool
    text: str | None


def _record_prefix(sim_id: int, row: dict[str, Any], card_set: str | None) -> bytes:
    """The bytes a card's database record starts with: its id, set, type, color, level, cost, power, soul."""
    set_bytes = b"\x00" if card_set is None else b"\x01" + _varint(len(card_set.encode())) + card_set.encode()
    numbers = bytes([CARD_TYPES[row["card_type"]], COLORS[row["color"]], row["level"], row["cost"]])
    return _varint(sim_id) + set_bytes + numbers + _zigzag(row["power"]) + bytes([row["soul"]])


def _database_facts(sim_id: int) -> _DatabaseFacts:
    """What the database says of a card beyond the table: found at the first place whose prefix, icons and
    traits all read as the table's card."""
    row = _table()[sim_id]
    data = _database()
    prefix = _record_prefix(sim_id, row, _catalog()[sim_id].get("card_set"))
    at = data.find(prefix)
    while at >= 0:
        facts = _facts_at(data, at + len(prefix), row["traits"])
        if facts is not None:
            return facts
        at = data.find(prefix, at + 1)
    raise CardDataError(f"weiss-sim card {sim_id} is not in its card database as expected")


def _facts_at(data: bytes, at: int, traits: list[int]) -> _DatabaseFacts | None:
    """The facts read after a record's prefix, or None when what follows is not this card's record."""
    icon_count = data[at]
    icon_codes = list(data[at + 1 : at + 1 + icon_count])
    if icon_count > MAX_TRIGGER_ICONS or any(code >= len(ICONS) for code in icon_codes):
        return None
    at += 1 + icon_count
    trait_count = data[at]
    at += 1
    found = []
    for _ in range(trait_count):
        trait, at = _read_varint(data, at)
        found.append(trait)
    if found != list(traits):
        return None
    abilities, definitions = data[at], data[at + 1]
    if abilities or definitions:
        return _DatabaseFacts(tuple(ICONS[code] for code in icon_codes), True, False, None)
    counter = bool(data[at + 2])
    text = None
    if data[at + 3] == 1:
        length, start = _read_varint(data, at + 4)
        text = data[start : start + length].decode("utf-8", "replace")
    return _DatabaseFacts(tuple(ICONS[code] for code in icon_codes), False, counter, text)


@cache
def sim_card(sim_id: int) -> SimCard:
    """The card weiss-sim numbers ``sim_id``; CardDataError when its data does not have it."""
    if sim_id not in _table() or sim_id not in _catalog():
        raise CardDataError(f"weiss-sim has no card {sim_id}")
    row, entry = _table()[sim_id], _catalog()[sim_id]
    facts = _database_facts(sim_id)
    kind = str(row["card_type"]).lower()
    record: dict[str, Any] = {"name": entry["name"], "type": kind, "color": str(row["color"]).lower()}
    if kind != "climax":
        record.update(level=row["level"], cost=row["cost"])
    if kind == "character":
        record.update(power=row["power"], soul=row["soul"])
    if facts.icons:
        record["triggers"] = list(facts.icons)
    if facts.counter:
        record["counter"] = True
    return SimCard(sim_id, str(entry["card_no"]), record, facts.text, facts.simulated_abilities)


@cache
def sim_id_of(number: str) -> int:
    """The sim id of a printed card number; CardDataError when weiss-sim has no such card."""
    for sim_id, entry in _catalog().items():
        if entry["card_no"] == number:
            return sim_id
    raise CardDataError(f"weiss-sim has no card {number}")
