"""``judge docs build``: the annotated rules site and the user guide (Sphinx), warnings as errors."""

from __future__ import annotations

from pathlib import Path

import click

from judge.errors import JudgeError
from judge.options_cli import GAME_KEY


@click.group()
def docs() -> None:
    """The documentation site: the rules, annotated from the index, the engine and the scenarios."""


@docs.command()
@click.argument("out", type=click.Path(file_okay=False))
@click.option(
    "--game",
    "games",
    multiple=True,
    type=GAME_KEY,
    help="Only the rules of this registered game (repeat for several); every game's by default.",
)
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, help="Parallel Sphinx processes.")
def build(out: str, games: tuple[str, ...], jobs: int) -> None:
    """Build the HTML site into OUT, with warnings as errors.

    From any folder, an installed judge builds the rules of every registered game (each clause annotated with
    the engine code, the scenarios and the lint findings that concern it), the scenario library and the
    command reference.  Run from a checkout, the site also has the project's own pages (docs/).

    \b
    Examples:
      judge docs build site/ --game ws
      judge docs build site/ --jobs 2
    """
    try:
        from sphinx.errors import SphinxError

        from judge.docs_build import build as build_site
        from judge.docs_build import rules_documents
    except ImportError as error:  # an installation made without its dependencies
        raise JudgeError(f"the docs build needs Sphinx and sphinx-click, which this installation lacks: {error}")
    try:
        html = build_site(Path(out), rules_documents(games), jobs)
    except (SphinxError, RuntimeError) as error:  # a warning is an error here
        raise JudgeError(f"the docs build failed: {error}") from None
    click.echo(f"built {html}/index.html")
