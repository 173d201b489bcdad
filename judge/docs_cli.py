"""``judge docs build``: the annotated rules site and the user guide (Sphinx), warnings as errors."""

from __future__ import annotations

from pathlib import Path

import click

from judge.errors import JudgeError

GAMES = ("ws", "vg", "wl")


@click.group()
def docs() -> None:
    """The documentation site: the rules, annotated from the index, the engine and the scenarios."""


@docs.command()
@click.argument("out", type=click.Path(file_okay=False))
@click.option("--game", "games", multiple=True, type=click.Choice(GAMES), help="Only these rules documents (repeat).")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, help="Parallel Sphinx processes.")
def build(out: str, games: tuple[str, ...], jobs: int) -> None:
    """Build the HTML site into OUT, with warnings as errors (needs the project's docs/ folder).

    \b
    Examples:
      judge docs build site/ --game ws
      judge docs build site/ --jobs 2
    """
    from sphinx.errors import SphinxError

    from judge.docs_build import build as build_site

    if not (Path(__file__).resolve().parents[1] / "docs" / "conf.py").is_file():
        raise JudgeError("the docs/ folder of the project is not beside this installation; build from a checkout")
    try:
        html = build_site(Path(out), games or GAMES, jobs)
    except (SphinxError, RuntimeError) as error:  # a warning is an error here
        raise JudgeError(f"the docs build failed: {error}") from None
    click.echo(f"built {html}/index.html")
