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
