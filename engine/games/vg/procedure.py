"""The Vanguard turn procedure (CR 1.37, sections 6, 7, 8.4 and 9) as data: see ``procedure()``."""

from __future__ import annotations

from engine.core.procedure import Procedure


def procedure() -> Procedure:
    """The nodes and edges of the Vanguard turn procedure."""
    return (), ()
