"""An ENERGIO!! board as text, for the stepper: both players' Leaders, Characters and areas, from the snapshot."""

from __future__ import annotations

from typing import Any

from engine.core.interface import PlayableGame


def board_text(game: PlayableGame) -> str:
    """Both players' boards: the Leader and each Character with power, state and given ENERGIO!!; the areas."""
    snapshot = game.snapshot()
    lines = [f"turn {snapshot['turn']}, {snapshot['phase']} phase; turn player {snapshot['turn_player']}"]
    for player, view in snapshot["players"].items():
        cost = view["cost"]
        lines.append(
            f"{player}: Life {len(view['life'])}, cost area {cost['active']} active / {cost['rested']} rested, "
            f"ENERGIO!! deck {view['energio_deck']}"
        )
        lines.append(f"  leader  {_card('leader', view['leader'])}")
        characters = view["characters"]
        lines.append(
            "  characters  " + (" | ".join(_card(address, card) for address, card in characters.items()) or "-")
        )
        stage = view["stage"]
        lines.append(
            f"  deck {len(view['deck'])}, hand {len(view['hand'])}, trash {len(view['trash'])}"
            + (f", stage {stage[-1]}" if stage else "")
        )
    return "\n".join(lines)


def _card(address: str, card: dict[str, Any]) -> str:
    given = f" +{card['given']} given" if card["given"] else ""
    return f"{address}: {card['card'] or '?'} {card['power']} {card['state']}{given}"
