"""The cards of an installed weiss-sim, read from the data files it ships.

weiss-sim (PyPI ``weiss-sim``) ships 18,474 real Weiss Schwarz cards in ``weiss_sim/data/``:

* ``default_cards.wsdb``: the card table the simulator plays with.  Its header is the four bytes ``WSDB``
  and the schema version as a little-endian u32 (2); the rest is a ``Vec<CardStatic>`` in postcard
  (:mod:`judge.cards.postcard`, with the layout of :mod:`judge.cards.weiss_sim_layout`): per card its id,
  set, type, color, level, cost, power, soul, trigger icons, trait ids, the abilities weiss-sim attaches, its
  counter timing and its printed text;
* ``card_catalog.json.gz``: per card id its printed card number, name, and whether weiss-sim plays the card
  under its strict rules profile (``strict_ok``) and its approximate one (``approx_ok``);
* ``catalog_meta.json``: the counts and the sha256 of the table.

The layout is weiss-sim's own and changes between its versions without notice, so the files are read only
when their sha256 digests are those of weiss-sim 1.2.0, the version this reader was written for; any other
data is a :class:`WeissSimDataError` naming the installed version and the supported one, never a misread.

:func:`read_cards` gives every card as a :class:`WeissSimCard`; :func:`card_record` its ``ws`` card record
for a log, :func:`catalog_records` every card as a catalog record (``judge cards import weiss-sim``).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.metadata
import importlib.util
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from judge.cards.postcard import PostcardError, decoder
from judge.cards.weiss_sim_layout import LAYOUT, ROOT

__all__ = [
    "SUPPORTED_VERSION",
    "WeissSimCard",
    "WeissSimDataError",
    "card_record",
    "catalog_record",
    "catalog_records",
    "data_folder",
    "gate_counts",
    "gate_icon",
    "has_counter_icon",
    "installed_version",
    "read_cards",
    "trigger_icons",
]

SUPPORTED_VERSION: Final = "1.2.0"
"""The weiss-sim release whose data files this reader reads."""
DISTRIBUTION: Final = "weiss-sim"
PACKAGE: Final = "weiss_sim"
TABLE: Final = "default_cards.wsdb"
CATALOG: Final = "card_catalog.json.gz"
META: Final = "catalog_meta.json"
DIGESTS: Final = {
    TABLE: "f0871cbf7a641af2b2185499adc255758e5c5aed4d4f7cd822a9de70eb50fb8a",
    CATALOG: "fdfcc784bfa69b4f30685f0fca919133dd351cbd9396b4301883952582bee062",
    META: "126992812e622ca5ce5f05328cb7923996dd31c6ff3f0a15198a6bd5128ff58e",
}
"""The sha256 of each file read, as weiss-sim 1.2.0 ships it."""
TABLE_MAGIC: Final = b"WSDB"
TABLE_SCHEMA: Final = 2
NO_TEXT: Final = "-"
"""weiss-sim's printed text of a card that has none."""
INSTALL_HINT: Final = "pip install 'judge[weiss-sim]'"

ICONS: Final = {
    "Soul": "soul",
    "Shot": "shot",
    "Bounce": "return",
    "Draw": "draw",
    "Choice": "choice",
    "Pool": "pool",
    "Treasure": "treasure",
    "Standby": "standby",
}
"""weiss-sim's trigger icons and the log's names for them (ws 4.12.2); its *bounce* is the return icon.  Its
*gate* stands for two icons of real cards and is named card by card (:func:`gate_icon`)."""
GATE: Final = "Gate"
_COMEBACK_REMINDER = re.compile(r"\(\s*\[ICON:COMEBACK\]\s*[:：]")
_GATE_REMINDER = re.compile(r"\(\s*\[GATE\]\s*[:：]")
_LEADING_ICONS = re.compile(r"^(?:【[^】]*】\s*)+")
COUNTER_ICON: Final = "【COUNTER】"


class WeissSimDataError(LookupError):
    """weiss-sim is not installed, or its card data is not the data this reader was written for."""


@dataclass(frozen=True, slots=True)
class WeissSimCard:
    """One card as weiss-sim describes it, in weiss-sim's own terms (its names for types, colors, icons)."""

    sim_id: int
    """weiss-sim's number for the card."""
    number: str
    """The printed card number (``AOT/S35-E023``): the card's id in a log or a catalog."""
    name: str
    card_set: str | None
    card_type: str
    """``Character``, ``Event`` or ``Climax``."""
    color: str
    """``Yellow``, ``Green``, ``Red``, ``Blue`` or ``Colorless``."""
    level: int
    cost: int
    power: int
    soul: int
    triggers: tuple[str, ...]
    """weiss-sim's trigger icons, in its order (``Soul``, ``Gate``, ...)."""
    trait_ids: tuple[int, ...]
    """weiss-sim's numbers for the card's traits; it ships no names for them."""
    counter_timing: bool
    """Whether weiss-sim lets the card be played in the counter step."""
    text: str
    """The printed text as weiss-sim holds it, one ability a line; ``-`` for none."""
    simulated_abilities: bool
    """Whether weiss-sim attaches any ability to the card (ability templates or definitions)."""
    strict: bool
    """Whether weiss-sim plays the card under its strict rules profile."""
    approx: bool
    """Whether weiss-sim plays the card under its approximate rules profile."""

    @property
    def has_text(self) -> bool:
        return self.text != NO_TEXT and bool(self.text.strip())

    @property
    def vanilla(self) -> bool:
        """No printed text and no ability in the simulator."""
        return not self.has_text and not self.simulated_abilities


def installed_version() -> str | None:
    """The installed weiss-sim's version, read from its metadata (weiss-sim itself is not imported); None when
    it is not installed."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return None


def data_folder() -> Path:
    """The installed weiss-sim's ``data`` folder; WeissSimDataError when weiss-sim is not installed."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise WeissSimDataError(f"weiss-sim is not installed; reading its cards needs weiss-sim 1.2: {INSTALL_HINT}")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def read_cards(folder: Path | None = None) -> tuple[WeissSimCard, ...]:
    """Every card of weiss-sim's data (the installed weiss-sim's, or the data files in ``folder``), in the
    order of its table; WeissSimDataError when the files are missing or are not weiss-sim 1.2.0's."""
    if folder is None:
        return _installed_cards()
    return _read(folder)


@cache
def _installed_cards() -> tuple[WeissSimCard, ...]:
    return _read(data_folder())


def _read(folder: Path) -> tuple[WeissSimCard, ...]:
    files = {name: _checked_bytes(folder, name) for name in DIGESTS}
    table = _decode_table(files[TABLE], folder / TABLE)
    rows: list[dict[str, Any]] = json.loads(gzip.decompress(files[CATALOG]))
    meta: dict[str, Any] = json.loads(files[META])
    by_id = {int(row["id"]): row for row in rows}
    if len(table) != meta["catalog_count"] or set(by_id) != {int(card["id"]) for card in table}:
        raise WeissSimDataError(f"{folder}: the card table and {CATALOG} do not list the same cards")
    return tuple(_card(card, by_id[int(card["id"])]) for card in table)


def _checked_bytes(folder: Path, name: str) -> bytes:
    path = folder / name
    try:
        data = path.read_bytes()
    except OSError as error:
        raise WeissSimDataError(f"cannot read weiss-sim's {path}: {error.strerror or error}") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != DIGESTS[name]:
        version = installed_version()
        if version is None or version != SUPPORTED_VERSION:
            installed = f"weiss-sim {version}" if version else "a weiss-sim of unknown version"
            raise WeissSimDataError(
                f"{installed} is installed; its card data ({path}) is not weiss-sim {SUPPORTED_VERSION}'s, the only "
                f"version whose card data the judge reads (sha256 {digest[:16]}..., expected {DIGESTS[name][:16]}...)"
            )
        raise WeissSimDataError(
            f"{path} is not the file weiss-sim {SUPPORTED_VERSION} ships (sha256 {digest[:16]}..., expected "
            f"{DIGESTS[name][:16]}...): the installed weiss-sim {version} has been changed; reinstall it"
        )
    return data


def _decode_table(data: bytes, path: Path) -> list[dict[str, Any]]:
    """The table's records, its header checked (``serialization.rs``: magic, u32 schema version)."""
    if data[:4] != TABLE_MAGIC or int.from_bytes(data[4:8], "little") != TABLE_SCHEMA:
        raise WeissSimDataError(f"{path} is not a WSDB v{TABLE_SCHEMA} card table")
    try:
        cards: list[dict[str, Any]] = _table_decoder()(data[8:])
    except PostcardError as error:
        raise WeissSimDataError(f"{path}: the card table cannot be read, {error}") from None
    return cards


@cache
def _table_decoder() -> Any:
    return decoder(LAYOUT, ROOT)


def _card(record: dict[str, Any], row: dict[str, Any]) -> WeissSimCard:
    return WeissSimCard(
        sim_id=int(record["id"]),
        number=str(row["card_no"]),
        name=str(row["name"]),
        card_set=record["card_set"],
        card_type=record["card_type"],
        color=record["color"],
        level=record["level"],
        cost=record["cost"],
        power=record["power"],
        soul=record["soul"],
        triggers=tuple(record["triggers"]),
        trait_ids=tuple(record["traits"]),
        counter_timing=record["counter_timing"],
        text=NO_TEXT if record["raw_text"] is None else record["raw_text"],
        simulated_abilities=bool(record["abilities"] or record["ability_defs"]),
        strict=bool(row["strict_ok"]),
        approx=bool(row["approx_ok"]),
    )


# --------------------------------------------------------------------------- records


def gate_icon(card: WeissSimCard) -> str:
    """The real icon weiss-sim's *gate* stands for on ``card``: ``comeback`` or ``gate`` (ws 4.12.2).

    weiss-sim writes one icon for both.  Where the printed text keeps the icon's reminder, it names the icon:
    ``( [ICON:COMEBACK] : ... choose 1 character in your waiting room ...)`` or ``( [GATE] : ... choose 1 climax
    in your waiting room ...)``.  Elsewhere the icons beside it do: a real gate climax also has a soul icon, a
    comeback climax has none (in weiss-sim 1.2.0 every card with a reminder follows this, 124 and 122 of them).
    """
    if _COMEBACK_REMINDER.search(card.text):
        return "comeback"
    if _GATE_REMINDER.search(card.text):
        return "gate"
    return "gate" if "Soul" in card.triggers else "comeback"


def trigger_icons(card: WeissSimCard) -> list[str]:
    """The card's trigger icons as the log names them, in weiss-sim's order."""
    return [gate_icon(card) if icon == GATE else ICONS[icon] for icon in card.triggers]


def has_counter_icon(card: WeissSimCard) -> bool:
    """Whether the card has the counter icon: weiss-sim plays it in the counter step, or one of its abilities
    starts with 【COUNTER】 (weiss-sim's counter timing leaves out most counter events)."""
    if card.counter_timing:
        return True
    for line in card.text.splitlines():
        icons = _LEADING_ICONS.match(line)
        if icons is not None and COUNTER_ICON in icons.group(0):
            return True
    return False


def card_record(card: WeissSimCard) -> dict[str, Any]:
    """The card's ``ws`` characteristics as a log's card record (ws 2): name, type, color, the numbers its type
    has (none for a climax; level and cost for an event), its trigger icons and its counter icon."""
    kind = card.card_type.lower()
    record: dict[str, Any] = {"name": card.name, "type": kind, "color": card.color.lower()}
    if kind != "climax":
        record.update(level=card.level, cost=card.cost)
    if kind == "character":
        record.update(power=card.power, soul=card.soul)
    icons = trigger_icons(card)
    if icons:
        record["triggers"] = icons
    if has_counter_icon(card):
        record["counter"] = True
    return record


def catalog_record(card: WeissSimCard) -> dict[str, Any]:
    """The card as a catalog record: ``id`` (its card number), its characteristics, its printed text (none
    for ``-``) and, under ``meta.weiss_sim``, what weiss-sim knows beside them."""
    record: dict[str, Any] = {"id": card.number, **card_record(card)}
    if card.has_text:
        record["text"] = card.text
    known = {"id": card.sim_id, "trait_ids": list(card.trait_ids), "strict": card.strict, "approx": card.approx}
    record["meta"] = {"weiss_sim": known}
    return record


def catalog_records(cards: Iterable[WeissSimCard]) -> list[dict[str, Any]]:
    """Every card as a catalog record, in the table's order; WeissSimDataError when two cards have the same
    card number (a catalog has one record per card id, and which of the two a number means cannot be told)."""
    seen: dict[str, int] = {}
    records = []
    for card in cards:
        first = seen.setdefault(card.number, card.sim_id)
        if first != card.sim_id:
            raise WeissSimDataError(
                f"weiss-sim lists the card number {card.number!r} twice, as its cards {first} and {card.sim_id}: "
                "a catalog has one record per card number"
            )
        records.append(catalog_record(card))
    return records


def gate_counts(cards: Sequence[WeissSimCard]) -> dict[str, int]:
    """How many cards with weiss-sim's gate icon are named ``comeback`` and how many ``gate``."""
    counts = {"comeback": 0, "gate": 0}
    for card in cards:
        if GATE in card.triggers:
            counts[gate_icon(card)] += 1
    return counts
