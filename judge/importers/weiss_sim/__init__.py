"""Games of the weiss-sim simulator as ``judge-log/1`` logs, with the referee's account of where they depart
from the rules.

weiss-sim (PyPI ``weiss-sim``, a Rust core with Python bindings) plays Weiss
Schwarz; version 1.2 is read.  The modules, in the order a game goes through
them:

* ``decks`` and ``cards``: the two vanilla decks, and the card records from the
  simulator's card data;
* ``play``: a seeded game played in the simulator by a policy, with its
  observation at every decision and its replay file;
* ``replay_file`` and ``observation``: reading the replay's event stream and the
  observation's zones;
* ``tracker`` and ``convert``: the entries of the log, the converter's zones
  checked against the simulator's at every decision;
* ``departures`` and ``referee``: the known departures of weiss-sim from CR 2.00,
  found where the log shows them;
* ``importer``: all of it, one log per game.

This package itself imports neither weiss-sim nor numpy (an optional extra,
``judge[weiss-sim]``): ``simulator_version`` says whether they are there, and
only then are the modules above imported.
"""

from __future__ import annotations

import importlib
from typing import Final

SUPPORTED_VERSIONS: Final = "1.2."
"""The weiss-sim versions whose replay layout and departures this importer knows (``weiss-sim==1.2.*``)."""
INSTALL_HINT: Final = "pip install 'judge[weiss-sim]'"


class SimulatorMissing(ImportError):
    """weiss-sim (or numpy) is not installed, or not a version the importer knows."""


def simulator_version() -> str:
    """The installed weiss-sim's version; SimulatorMissing, saying how to install it, when there is none to use."""
    try:
        simulator = importlib.import_module("weiss_sim")
        importlib.import_module("numpy")
    except ImportError as error:
        raise SimulatorMissing(
            f"importing weiss-sim games needs weiss-sim 1.2 and numpy, and {error}: {INSTALL_HINT}"
        ) from None
    version = str(getattr(simulator, "__version__", "unknown"))
    if not version.startswith(SUPPORTED_VERSIONS):
        raise SimulatorMissing(f"weiss-sim {version} is installed; the importer reads weiss-sim 1.2: {INSTALL_HINT}")
    return version
