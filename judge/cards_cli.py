"""``judge cards``: card catalogs, the records of real cards a log may name without defining them."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click
import yaml

from judge.errors import JudgeError
from judge.options_cli import game_option

FORMATS = {"jsonl": ".jsonl", "json": ".json", "yaml": ".yaml"}
"""Each encoding a catalog is written in, and the suffix the catalog reader reads it by."""
SUFFIXES = {".jsonl": "jsonl", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}


@click.group(name="cards")
def cards() -> None:
    """Card catalogs: files of card records, keyed by printed card number, for
    the cards a log names without defining them.

    The judge ships no card text of its own; a catalog is imported from a
    simulator installed beside it, or written by hand (judge/site/catalogs.rst).

    \b
    Examples:
      judge cards import weiss-sim --out ws-cards.jsonl
      judge cards read ws-cards.jsonl
      judge cards show ws-cards.jsonl AOT/S35-E023
      judge verify game.yaml --cards ws-cards.jsonl
    """


@cards.group(name="import")
def import_group() -> None:
    """Write the cards an installed simulator knows as a catalog.

    \b
    Examples:
      judge cards import weiss-sim --out ws-cards.jsonl
    """


def _format_of(out: str, fmt: str | None) -> str:
    """The encoding to write: ``--format``, or the one ``--out``'s suffix names; the two must agree, since the
    catalog is read back by its suffix."""
    by_suffix = SUFFIXES.get(Path(out).suffix.lower())
    if fmt is None:
        if by_suffix is None:
            raise click.BadParameter(
                f"cannot tell the encoding from {out!r}: name the file .jsonl, .json or .yaml, or give --format",
                param_hint="--out",
            )
        return by_suffix
    if by_suffix != fmt:
        raise click.BadParameter(
            f"{out!r} would be read as {by_suffix or 'nothing'} by its suffix, not {fmt}: name it "
            f"{Path(out).stem}{FORMATS[fmt]}",
            param_hint="--format",
        )
    return fmt


@import_group.command(name="weiss-sim")
@click.option("--out", type=click.Path(dir_okay=False), required=True, help="The catalog file to write.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(list(FORMATS)),
    default=None,
    help="Encoding: one record a line (jsonl), or a mapping of card number to record (json, yaml).  "
    "Default: the one --out's suffix names.",
)
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@click.option("--limit", type=click.IntRange(1), default=None, help="Write only the first N cards (a sample).")
def weiss_sim(out: str, fmt: str | None, force: bool, limit: int | None) -> None:
    """Write every card of the installed weiss-sim as a catalog.

    weiss-sim (judge[weiss-sim]) ships some 18,000 real Weiss Schwarz cards.
    Each becomes one record, keyed by its printed card number: name, type,
    color, level, cost, power, soul, trigger icons, counter icon and printed
    text, and under meta.weiss_sim the simulator's own id for the card, its
    trait ids (weiss-sim has no trait names) and whether it plays the card
    under its strict and approximate rules.  Only weiss-sim 1.2.0's card data
    is read.  Exit status 0, or 2 when weiss-sim is missing or another
    version, or --out exists (without --force).

    \b
    Examples:
      judge cards import weiss-sim --out ws-cards.jsonl
      judge cards import weiss-sim --out ws-cards.yaml --limit 50
      judge cards import weiss-sim --out ws-cards.jsonl --force
    """
    from judge.cards import weiss_sim as source

    encoding = _format_of(out, fmt)
    target = Path(out)
    if target.exists() and not force:
        raise JudgeError(f"{out} exists; give --force to overwrite it")
    on_terminal = sys.stderr.isatty()
    if on_terminal:
        click.echo("reading weiss-sim's card database...", err=True)
    try:
        cards = source.read_cards()
        records = source.catalog_records(cards[:limit])
    except source.WeissSimDataError as error:
        raise JudgeError(str(error)) from None
    try:
        with _replacing(target) as handle:
            _write(records, encoding, handle, _progress(records, on_terminal))
    except OSError as error:
        raise JudgeError(f"cannot write {out}: {error.strerror or error}") from None
    gates = source.gate_counts(cards[:limit])
    click.echo(
        f"wrote {len(records):,} card(s) of weiss-sim {source.installed_version()} to {out} "
        f"(weiss-sim's gate icon: {gates['comeback']} comeback, {gates['gate']} gate)",
        err=True,
    )


def _progress(records: list[dict[str, Any]], on_terminal: bool) -> Iterable[dict[str, Any]]:
    """The records, counted on a progress bar on standard error when it is a terminal."""
    if not on_terminal:
        return records
    from tqdm import tqdm

    return tqdm(records, unit=" cards", file=sys.stderr, dynamic_ncols=True, leave=False)


@contextmanager
def _replacing(target: Path) -> Iterator[IO[str]]:
    """A file to write in place of ``target``: written beside it and moved over it once complete, so a failure
    leaves no half-written catalog."""
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with open(partial, "x", encoding="utf-8") as handle:
            yield handle
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


class _CatalogDumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """Writes a printed text of several lines as a block, a line of the file a line of the text."""


def _represent_text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_CatalogDumper.add_representer(str, _represent_text)


def _write(records: list[dict[str, Any]], encoding: str, handle: IO[str], shown: Iterable[dict[str, Any]]) -> None:
    """The records in ``encoding``: JSON Lines one a line with its ``id``; JSON and YAML a mapping of id to
    record."""
    if encoding == "jsonl":
        for record in shown:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        return
    by_id = {record["id"]: {key: value for key, value in record.items() if key != "id"} for record in shown}
    if encoding == "json":
        handle.write(json.dumps(by_id, ensure_ascii=False, indent=1) + "\n")
    else:
        yaml.dump(
            by_id, handle, Dumper=_CatalogDumper, sort_keys=False, allow_unicode=True, default_flow_style=None, width=99
        )


# --------------------------------------------------------------------------- reading a catalog's text


def _catalog_of(path: str, game: str) -> Any:
    from judge.cards.catalog import CatalogError, load_catalog

    try:
        return load_catalog(path, game)
    except CatalogError as error:
        raise JudgeError(str(error)) from None


def _check_reader(game: str) -> None:
    from judge import games

    try:
        games.get(game).read_card_abilities({})
    except NotImplementedError as error:
        raise JudgeError(str(error)) from None


@cards.command()
@click.argument("catalog", type=click.Path(exists=True, dir_okay=False))
@game_option("The game of the catalog's cards")
@click.option(
    "--json", "as_json", is_flag=True, help="One JSON object: cards, read, abilities, abilities_read, unread."
)
@click.option(
    "--patterns",
    type=click.IntRange(0),
    default=20,
    show_default=True,
    help="How many unread patterns to list (0: all of them).",
)
def read(catalog: str, game: str, as_json: bool, patterns: int) -> None:
    """Say how much of a catalog's printed text the engine reads.

    A card is read when every one of its abilities is: its printed text read
    by the game's grammar, or a structured ability the engine plays.  The
    abilities not read are grouped by pattern (numbers as N, names as "…",
    traits as 《…》), the largest first, each with a card that has one: these
    are what a log of those cards cannot yet be judged on, and the verdict
    says so where they could act.  Exit status 0, or 2 for a catalog that
    cannot be read.

    \b
    Examples:
      judge cards read ws-cards.jsonl
      judge cards read ws-cards.jsonl --json --patterns 0 > reading.json
    """
    from judge.cards.reading import read_catalog

    _check_reader(game)
    records = _catalog_of(catalog, game)
    found = read_catalog(game, records)
    shown = found.to_dict(patterns or None)
    if as_json:
        click.echo(json.dumps(shown, ensure_ascii=False))
        return
    click.echo(f"{catalog}: {found.cards:,} card(s), {found.read:,} read in full ({_share(found.read, found.cards)})")
    click.echo(
        f"abilities: {found.abilities:,}, {found.abilities_read:,} read "
        f"({_share(found.abilities_read, found.abilities)})"
    )
    if shown["unread"]:
        click.echo(f"unread, by pattern ({len(found.unread):,} patterns; the largest {len(shown['unread'])}):")
        for item in shown["unread"]:
            click.echo(f"  {item['abilities']:>6,}  {item['pattern']}  (e.g. {item['example']})")


@cards.command()
@click.argument("catalog", type=click.Path(exists=True, dir_okay=False))
@click.argument("card_id", metavar="ID")
@game_option("The game of the catalog's cards")
@click.option("--json", "as_json", is_flag=True, help="The card's abilities as JSON: text, read, as, clauses.")
def show(catalog: str, card_id: str, game: str, as_json: bool) -> None:
    """Show each printed ability of card ID beside what it is read as.

    For each ability: its text, then what the engine plays it as (the
    structured shape of the format's card records) and the clauses it cites
    when it does, or why it is not read.  Exit status 0, 1 when an ability
    of the card is not read, 2 for an unknown card or a catalog that cannot
    be read.

    \b
    Examples:
      judge cards show ws-cards.jsonl AOT/S35-E023
      judge cards show ws-cards.jsonl AOT/S35-E023 --json
    """
    import difflib

    from judge.cards.reading import read_card

    _check_reader(game)
    records = _catalog_of(catalog, game)
    if card_id not in records:
        near = difflib.get_close_matches(card_id, list(records), n=3)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise JudgeError(f"no card {card_id!r} in {catalog}{hint}")
    record = records[card_id]
    readings = read_card(game, record)
    if as_json:
        click.echo(json.dumps({"id": card_id, "abilities": [r.to_dict() for r in readings]}, ensure_ascii=False))
    else:
        click.echo(f"{card_id}: {record.get('name', card_id)} ({record.get('type', '?')})")
        if not readings:
            click.echo("  no abilities")
        for number, reading in enumerate(readings, start=1):
            click.echo(f"  {number}. {reading.written}")
            if reading.record is not None:
                played = {key: value for key, value in reading.record.items() if key != "text"}
                click.echo(f"     read as: {json.dumps(played, ensure_ascii=False)}")
                click.echo(f"     cites: {', '.join(reading.clauses)}")
            else:
                click.echo(f"     not read: {reading.problem}")
    sys.exit(0 if all(reading.read for reading in readings) else 1)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"
