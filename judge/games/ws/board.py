"""A Weiss Schwarz board as text, for the stepper: both players' stages and zones, from the game's snapshot."""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame
from engine.games.ws.state import POSITIONS

ZONE_ORDER: Final = ("deck", "hand", "stock", "waiting", "clock", "level", "climax", "memory")
"""The piles a board shows, in the order a player reads the table (the resolution zone is empty between steps)."""


def board_text(game: PlayableGame) -> str:
    """Both players' boards: the stage with power, soul and state; counts and tops of every zone."""
    snapshot = game.snapshot()
    lines = [f"turn {snapshot['turn']}, {snapshot['phase']} phase; turn player {snapshot['turn_player']}"]
    for player, view in snapshot["players"].items():
        lines.append(
            f"{player}: level {len(view['level'])}, clock {len(view['clock'])}, refresh point {view['refresh_point']}"
        )
        lines.append(
            "  stage  " + " | ".join(_position(position, view["stage"].get(position)) for position in POSITIONS)
        )
        zones = []
        for zone in ZONE_ORDER:
            cards = view[zone]
            kind = game.zones[zone]
            top = None  # a hidden zone's top stays hidden, except the deck's next draw, which a ruling may turn on
            if cards and (kind.public or kind.top_first):
                top = cards[0] if kind.top_first else cards[-1]
            zones.append(f"{zone} {len(cards)}" + (f" ({top} on top)" if top else ""))
        lines.append("  zones  " + ", ".join(zones))
        for zone in ("level", "clock"):
            if view[zone]:
                lines.append(f"  {zone}  " + ", ".join(card or "?" for card in view[zone]))
    return "\n".join(lines)


def _position(position: int, character: dict[str, Any] | None) -> str:
    if character is None:
        return f"{position}: -"
    return f"{position}: {character['card'] or '?'} {character['power']}/{character['soul']} {character['state']}"
