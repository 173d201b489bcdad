"""The ENERGIO!! turn procedure as data: see ``procedure()``."""

from __future__ import annotations

from engine.core.procedure import Procedure


def procedure() -> Procedure:
    """The nodes and edges of the ENERGIO!! turn procedure."""
    return (), ()
