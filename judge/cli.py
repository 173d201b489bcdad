"""The ``judge`` command line.

Each command group lives in its own module and is registered here; library code
never imports click.  Errors meant for the user are ``JudgeError`` and carry
their exit code (see ``judge.errors``).
"""

from __future__ import annotations

import click

from judge import __version__
from judge.rules_cli import rules


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="judge")
def main() -> None:
    """judge: the comprehensive rules of Weiss Schwarz, Cardfight!! Vanguard and
    the ENERGIO!! game as a searchable reference, clause by clause.

    \b
    Start with:
      judge rules show ws:4.10.1.2        one clause, its context and references
      judge rules search damage cancel    ranked search over all documents
      judge rules tree ws --depth 0       the sections of a document
      judge rules lint                    mistakes found in the rules texts
    """


main.add_command(rules)
