"""Options several commands share: which game (``--game``), checked against the registry when it is used."""

from __future__ import annotations

from typing import Any

import click

from judge import games


class GameKey(click.ParamType):
    """A registered game's key (``judge.games``), checked when the command runs: a game a package or a program
    registers is accepted as the built-in ones are, and an unknown key is a usage error naming the registered."""

    name = "game"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        key = str(value)
        if key not in games.available():
            self.fail(f"{key!r} is not a registered game; registered: {', '.join(games.available())}", param, ctx)
        return key

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "|".join(games.BUILT_IN) + "|..."


GAME_KEY = GameKey()
GAMES_HELP = f"a registered game's key: {', '.join(games.BUILT_IN)}, or one another package registers"
"""How a ``--game`` option's help names the games, without loading any of them."""


def game_option(help_text: str) -> Any:
    """``--game KEY``: one registered game, the first built-in one when not given."""
    return click.option(
        "--game",
        type=GAME_KEY,
        default=games.default,
        show_default=games.default(),
        help=f"{help_text} ({GAMES_HELP}).",
    )


def _use_catalogs(ctx: click.Context, param: click.Parameter, paths: tuple[str, ...]) -> None:
    from judge.cards.catalog import use_catalogs

    use_catalogs(paths)


def cards_option(command: Any) -> Any:
    """``--cards CATALOG`` (repeatable): card records for the card ids a log names without defining them."""
    return click.option(
        "--cards",
        "catalogs",
        multiple=True,
        type=click.Path(exists=True, dir_okay=False),
        metavar="CATALOG",
        expose_value=False,
        is_eager=True,
        callback=_use_catalogs,
        help="A card catalog (JSON Lines, JSON or YAML; `judge cards import`): records for the card ids a log's "
        "decks name and its 'cards' do not define; repeatable.  The log's own records win.",
    )(command)
