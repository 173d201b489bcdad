"""``judge why``: at one entry of a log, the legal options and the clause that refuses every other verb.

The answers are :mod:`judge.why`'s; this is the command line's side: reading the log, the options, the
located errors and the exit codes.
"""

from __future__ import annotations

import json

import click

from judge.batch import load_named
from judge.batch_cli import echo
from judge.errors import JudgeError
from judge.logfile import LogFormatError
from judge.options_cli import cards_option


@click.command()
@cards_option
@click.argument("log", type=click.Path(dir_okay=False))
@click.option(
    "--at",
    "at",
    type=int,
    required=True,
    metavar="N",
    help="The entry to ask about, numbered as verdicts number them (0 is the first entry of 'actions').",
)
@click.option(
    "--player",
    metavar="P",
    help="Answer for this player (an id of the log's 'players'); by default the one to act at that point.",
)
@click.option("--json", "as_json", is_flag=True, help="The answer as one JSON object.")
def why(log: str, at: int, player: str | None, as_json: bool) -> None:
    """What the rules allowed at entry N of LOG, and why every other verb was refused there.

    The log is replayed up to entry N and stopped at the point that takes it,
    before anything of it is applied.  The answer lists every legal option of
    the player to act, grouped by verb, and for every other verb of the game
    the clause that refuses it there and why.  With --player, the answer is for
    that player: at a point that is not theirs, every verb is refused (could
    P2 have countered here?).

    Where the replay found the entry against the rules and could tell the option
    most likely intended, the answer ends with the correction, ready to paste
    as verify's --fix.

    --json prints {"file", "entry", "line", "player", "acting", "point",
    "legal": {verb: [option]}, "refused": {verb: {"clauses", "reason",
    "cause"}}, "violations", "fix"} ("fix" only when there is one).

    Exit status: 0 with an answer; 2 for a log that cannot be read, an entry
    out of range, a player not of the log, or an entry the replay never reaches.

    \b
    Examples:
      judge why judge/examples/ws-game.yaml --at 20
      judge why judge/examples/ws-game.yaml --at 20 --player P1
      judge why judge/examples/vg-game.yaml --at 20 --json
      judge why round-3.yaml --at 41        # an illegal entry: its likely correction
    """
    from judge.why import WhyError
    from judge.why import why as answer

    try:
        game_log = load_named(log)
        found = answer(game_log, at, player)
    except LogFormatError as error:
        raise JudgeError(str(error)) from None
    except WhyError as error:
        where = f"{log}:{error.line}: " if error.line is not None else f"{log}: "
        raise JudgeError(f"{where}{error}") from None
    echo(json.dumps(found.to_dict(), ensure_ascii=False) if as_json else found.text())
