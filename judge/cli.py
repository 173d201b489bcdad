"""The ``judge`` command line.

Each command group lives in its own module and is registered here; library code
never imports click.  Errors meant for the user are ``JudgeError`` and carry
their exit code (see ``judge.errors``).
"""

from __future__ import annotations

import click

from judge import __version__
from judge.docs_cli import docs
from judge.graph_cli import graph
from judge.play_cli import replay, selfplay, verify
from judge.rules_cli import rules
from judge.scenario_cli import scenario


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="judge")
def main() -> None:
    """judge: recorded games of Weiss Schwarz checked clause by clause, and the
    comprehensive rules of Weiss Schwarz, Cardfight!! Vanguard and the ENERGIO!!
    game as a searchable reference.

    \b
    Start with:
      judge verify judge/examples/ws-game.yaml   is this game log legal?
      judge replay judge/examples/ws-game.yaml   every step, with its clause
      judge selfplay --games 5 --out corpus/     random legal games as logs
      judge scenario list --topic damage         rulings, each a position and its answer
      judge graph replay LOG --html view.html    what triggered what, as a graph
      judge rules show ws:4.10.1.2               one clause, its context and references
      judge rules search damage cancel           ranked search over all documents
      judge rules lint                           mistakes found in the rules texts
    """


main.add_command(rules)
main.add_command(verify)
main.add_command(replay)
main.add_command(selfplay)
main.add_command(scenario)
main.add_command(graph)
main.add_command(docs)
