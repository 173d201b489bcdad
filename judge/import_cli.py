"""``judge import``: games played by other programs, written as ``judge-log/1`` logs."""

from __future__ import annotations

from pathlib import Path

import click

from judge.batch_cli import echo
from judge.errors import JudgeError
from judge.importers.weiss_sim import SimulatorMissing, simulator_version
from judge.importers.weiss_sim.departures import AVOIDABLE, FACTS, DepartureKind

ALL_AVOIDABLE = "all"


def _avoided(text: str) -> frozenset[DepartureKind]:
    """The departure kinds ``--avoid`` names: a comma-separated list of kinds, or ``all``."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if names == [ALL_AVOIDABLE]:
        return frozenset(AVOIDABLE)
    known = {kind.value: kind for kind in AVOIDABLE}
    unknown = [name for name in names if name not in known]
    if unknown:
        offered = ", ".join([ALL_AVOIDABLE, *known])
        raise click.BadParameter(
            f"{unknown[0]!r} is not a departure a policy can avoid ({offered})", param_hint="--avoid"
        )
    return frozenset(known[name] for name in names)


def _avoid_help() -> str:
    kinds = "; ".join(f"{kind.value} ({FACTS[kind].avoided_by})" for kind in AVOIDABLE)
    return (
        "Leave out the choices that make weiss-sim depart from the rules, as a comma-separated list of kinds, "
        f"or '{ALL_AVOIDABLE}': {kinds}."
    )


@click.group(name="import")
def import_group() -> None:
    """Write games played by other programs as judge-log/1 logs.

    \b
    Examples:
      judge import weiss-sim --games 10 --seed 100 --out corpus/
    """


@import_group.command(name="weiss-sim")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True, help="How many games.")
@click.option(
    "--seed", type=click.IntRange(0), default=0, show_default=True, help="Seed of the first game; game i uses seed+i."
)
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Folder for the logs (created).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["yaml", "json", "jsonl"]),
    default="yaml",
    show_default=True,
    help="Encoding of the logs.",
)
@click.option("--avoid", metavar="KIND,...", default="", help=_avoid_help())
@click.option(
    "--policy",
    type=click.Choice(["random", "heuristic", "mix"]),
    default="mix",
    show_default=True,
    help="Who decides: a uniform choice among the legal actions, weiss-sim's heuristic, or the heuristic for 70% "
    "of the decisions.",
)
def weiss_sim(games: int, seed: int, out: str, fmt: str, avoid: str, policy: str) -> None:
    """Play games in the weiss-sim simulator and write each as a log.

    Each game is played with two vanilla decks (no card text), deterministically
    for its seed, and checked against the simulator's own state at every
    decision.  The log holds the real deck orders, every choice and forced
    event, a checkpoint after every draw phase and the result; its
    meta.weiss_sim says where it came from and lists the departures from the
    rules the importer's referee found, each with its entry and clauses.
    Needs judge[weiss-sim].  Exit status 0, or 2 for bad usage or a game the
    importer could not convert.

    \b
    Examples:
      judge import weiss-sim --games 20 --seed 100 --out corpus/
      judge import weiss-sim --games 5 --avoid all --policy heuristic --out clean/
      judge import weiss-sim --seed 7 --format jsonl --out corpus/ && judge verify corpus/
    """
    avoided = _avoided(avoid)
    try:
        simulator_version()
    except SimulatorMissing as error:
        raise JudgeError(str(error)) from None
    from judge.importers.weiss_sim.cards import CardDataError
    from judge.importers.weiss_sim.convert import ConversionError
    from judge.importers.weiss_sim.importer import import_games
    from judge.importers.weiss_sim.play import PlayError, Policy
    from judge.selfplay import write_log

    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JudgeError(f"cannot create {out}: {error.strerror}") from None
    departures = 0
    try:
        for game in import_games(seed, games, Policy(policy), avoided):
            name = f"weiss-sim-{game.seed:06d}.{fmt}"
            try:
                write_log(game.document, folder / name)
            except OSError as error:
                raise JudgeError(f"cannot write into {out}: {error.strerror}") from None
            departures += len(game.departures)
            result = game.document["result"]
            found = ", ".join(f"{departure.kind.value} at {departure.entry}" for departure in game.departures)
            echo(
                f"{name}: {game.entries} entries, winner {result['winner']} ({result['reason']}), "
                f"{len(game.departures)} departure(s)" + (f": {found}" if found else "")
            )
    except (ConversionError, PlayError, CardDataError) as error:
        raise JudgeError(str(error)) from None
    echo(f"wrote {games} game(s) to {out}; the referee found {departures} departure(s)", err=True)
