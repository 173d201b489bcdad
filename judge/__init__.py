"""judge: rules reference and replay verification for trading card games.

The user-facing side of the project: the ``judge`` command line and, as they
arrive, log loading, replay, verdicts, reports, the scenario stepper and graphs.
It uses ``engine`` and ``rules_index``; nothing below imports it.
"""

__version__ = "0.1.0"
