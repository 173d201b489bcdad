"""The ``judge`` command line.

Each command group lives in its own module and is loaded only when it is used,
so ``judge rules show`` does not pay for the graph or docs libraries.  Library
code never imports click.  Errors meant for the user are ``JudgeError`` and
carry their exit code (see ``judge.errors``).
"""

from __future__ import annotations

import importlib

import click

from judge import __version__

COMMANDS = {
    "verify": "judge.batch_cli:verify",
    "replay": "judge.play_cli:replay",
    "why": "judge.why_cli:why",
    "selfplay": "judge.play_cli:selfplay",
    "import": "judge.import_cli:import_group",
    "cards": "judge.cards_cli:cards",
    "scenario": "judge.scenario_cli:scenario",
    "graph": "judge.graph_cli:graph",
    "rules": "judge.rules_cli:rules",
    "docs": "judge.docs_cli:docs",
}
"""Command name -> where it is defined, in the order ``judge --help`` lists them."""


class LazyGroup(click.Group):
    """A group whose commands are imported the first time they are needed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module, name = target.split(":")
        command: click.Command = getattr(importlib.import_module(module), name)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="judge")
def main() -> None:
    """judge: recorded games of Weiss Schwarz, Cardfight!! Vanguard and the
    ENERGIO!! game checked clause by clause, and their comprehensive rules as a
    searchable, annotated reference.

    \b
    Start with:
      judge verify judge/examples/ws-game.yaml   is this game log legal?
      judge replay judge/examples/ws-game.yaml   every step, with its clause
      judge why LOG --at 20                      what was legal at entry 20, why not the rest
      judge verify judge/examples/vg-game.yaml   the same for Cardfight!! Vanguard (wl: ENERGIO!!)
      judge selfplay --games 5 --out corpus/     random legal games as logs
      judge import weiss-sim --out corpus/       a simulator's games as logs, with its departures
      judge scenario list --topic damage         rulings, each a position and its answer
      judge graph replay LOG --html view.html    what triggered what, as a graph
      judge rules show ws:4.10.1.2               one clause, its context and references
      judge rules search damage cancel           ranked search over all documents
      judge rules lint                           mistakes found in the rules texts
      judge docs build site/                     the annotated rules as a website
    """
