"""``judge replay`` and ``judge selfplay``: one recorded game, step by step, and games made to check."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from engine.core.wording import counted
from judge.batch import clause_check, load_named
from judge.batch_cli import echo
from judge.errors import JudgeError
from judge.logfile import LogFormatError
from judge.options_cli import cards_option, game_option
from judge.replay import malformed, verify_log
from judge.report import trace_text, verdict_text
from judge.verdict import Verdict


def _show(verdict: Verdict, as_json: bool) -> None:
    if as_json:
        echo(json.dumps(verdict.to_dict(), ensure_ascii=False))
    else:
        echo(verdict_text(verdict))


@click.command()
@cards_option
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="The verdict with its full trace and the state hash after each entry, as JSON.",
)
@click.option("--quiet-timing", is_flag=True, help="Leave out phase and check-timing lines.")
def replay(log: str, as_json: bool, quiet_timing: bool) -> None:
    """Print the annotated trace of a log: each entry, and each step the rules performed, with its clauses.

    Forced steps the log leaves out (check timings, rule actions, draws, implied
    passes) are shown too, each with the clause that required it, so a judge can
    follow the game at the table.

    \b
    Examples:
      judge replay judge/examples/ws-game.yaml | less
      judge replay game.jsonl --json
    """
    try:
        parsed = load_named(log)
    except LogFormatError as error:
        verdict = malformed(error)
        _show(verdict, as_json)
        sys.exit(verdict.exit_code)
    verdict = verify_log(parsed, clause_check(), hashes=as_json)
    if as_json:
        echo(json.dumps(verdict.to_dict(trace=True), ensure_ascii=False, indent=1))
    else:
        echo(trace_text(verdict.records, parsed, show_timing=not quiet_timing))
        echo()
        echo(verdict_text(verdict))
    sys.exit(verdict.exit_code)


@click.command()
@game_option("Which game, played with its bundled cards")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True, help="How many games.")
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Folder for the logs (created).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["yaml", "json", "jsonl"]),
    default="yaml",
    show_default=True,
    help="Encoding of the logs.",
)
@click.option("--force", is_flag=True, help="Write over logs of the same names already in the folder.")
@click.option(
    "--decks",
    type=click.Choice(["bundled", "random"]),
    default="bundled",
    show_default=True,
    help="The bundled pool's decks, or (ws, with --cards) two random legal decks for each game, drawn from the "
    "catalog's cards the engine plays in full.",
)
@cards_option
def selfplay(game: str, seed: int, games: int, out: str, fmt: str, force: bool, decks: str) -> None:
    """Play complete games choosing uniformly among the legal options, and write them as logs.

    Deterministic for a seed.  Every generated log verifies as legal.  Game i
    is written as GAME-selfplay-SEED.FORMAT (ws-selfplay-000007.yaml); a file
    of that name already in the folder is left as it is, and nothing is
    written, unless --force.

    With --decks random and a catalog (--cards), each game is played with
    two random legal decks of real cards (ws 5.1.2: 50 cards, at most 4 of
    a name, 8 climaxes, one color each), drawn from the catalog's cards whose
    printed text the engine reads in full; the log carries their records.

    \b
    Examples:
      judge selfplay --seed 7 --games 20 --out corpus/
      judge selfplay --game vg --games 100 --format jsonl --out corpus/
      judge selfplay --seed 7 --games 20 --out corpus/ --force    # the same games again, written over
      judge selfplay --cards ws-cards.jsonl --decks random --games 10 --out real/
    """
    from judge.selfplay import play_game, write_log

    play = _random_decks(game) if decks == "random" else (lambda game_seed: play_game(game_seed, game))

    folder = Path(out)
    paths = {game_seed: folder / f"{game}-selfplay-{game_seed:06d}.{fmt}" for game_seed in range(seed, seed + games)}
    if not force:
        taken = next((path for path in paths.values() if os.path.lexists(path)), None)
        if taken is not None:
            raise JudgeError(f"{taken} exists; selfplay writes over no file (--force writes over it)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JudgeError(f"cannot create {out}: {error.strerror}") from None
    with click.progressbar(range(seed, seed + games), label="playing", file=sys.stderr) as seeds:
        for game_seed in seeds:
            document = play(game_seed)
            try:
                write_log(document, paths[game_seed])
            except OSError as error:
                raise JudgeError(f"cannot write into {out}: {error.strerror}") from None
    echo(f"wrote {counted(games, 'game')} to {out}", err=True)


def _random_decks(game: str) -> Callable[[int], dict[str, Any]]:
    """What plays game ``seed`` with random decks of the catalogs in use (``--decks random``)."""
    from judge import games
    from judge.cards.catalog import CatalogError, catalogs_in_use, load_catalogs

    support = games.get(game)
    try:
        support.catalog_self_play(0, {})
    except NotImplementedError as error:
        raise JudgeError(f"--decks random: {error}") from None
    except ValueError:
        pass  # an empty catalog makes no deck: the game can draw them from one that does
    paths = catalogs_in_use()
    if not paths:
        raise JudgeError("--decks random draws the decks from a catalog: give it with --cards CATALOG")
    try:
        catalog = load_catalogs(paths, game)
    except CatalogError as error:
        raise JudgeError(str(error)) from None

    def play(seed: int) -> dict[str, Any]:
        try:
            return support.catalog_self_play(seed, catalog)
        except ValueError as error:
            raise JudgeError(f"{', '.join(paths)}: {error}") from None

    return play
