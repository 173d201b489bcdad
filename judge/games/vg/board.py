"""A Vanguard board as text, for the stepper: both players' circles and zones, from the game's snapshot."""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame
from engine.games.vg.state import CIRCLES

ZONE_ORDER: Final = ("deck", "hand", "soul", "drop", "damage", "bind", "removed")
"""The piles a board shows, in the order a player reads the table (the trigger zone is empty between steps)."""


def board_text(game: PlayableGame) -> str:
    """Both players' boards: each circle's unit with power, critical and state; counts and tops of every zone."""
    snapshot = game.snapshot()
    lines = [f"turn {snapshot['turn']}, {snapshot['phase']} phase; turn player {snapshot['turn_player']}"]
    for player, view in snapshot["players"].items():
        g_zone = view["g_zone"]
        lines.append(
            f"{player}: damage {len(view['damage'])} ({view['damage_face_down']} face down), "
            f"G zone {len(g_zone['down'])} face down, {len(g_zone['up'])} face up"
        )
        circles = view["circles"]
        lines.append("  circles  " + " | ".join(_circle(circle, circles.get(circle)) for circle in CIRCLES))
        if "G" in circles:
            lines.append("  guardians  " + ", ".join(card or "?" for card in circles["G"]))
        zones = []
        for zone in ZONE_ORDER:
            cards = view[zone]
            kind = game.zones[zone]
            top = None  # a hidden zone's top stays hidden, except the deck's next draw, which a ruling may turn on
            if cards and (kind.public or kind.top_first):
                top = cards[0] if kind.top_first else cards[-1]
            zones.append(f"{zone} {len(cards)}" + (f" ({top} on top)" if top else ""))
        lines.append("  zones  " + ", ".join(zones))
        if view["damage"]:
            lines.append("  damage  " + ", ".join(card or "?" for card in view["damage"]))
    return "\n".join(lines)


def _circle(circle: str, unit: dict[str, Any] | None) -> str:
    if unit is None:
        return f"{circle}: -"
    shown = f"{circle}: {unit['card'] or '?'} {unit['power']}/{unit['critical']} {unit['state']}"
    if unit.get("face") == "down":
        shown += " face down"
    if unit.get("hearts"):
        shown += f" (heart {unit['hearts'][0]})"
    return shown
