"""What every game's board (``judge/games/<game>/board.py``) builds the same way: card names, a card as the
board shows it, the board's frame around the players, and its text.

Each game lays out its own places (stages, circles, areas); the stepper and the rules site's scenario pages
read the result, whose shape :func:`judge.stepper.walk_document` describes.
"""

from __future__ import annotations

from typing import Any

from judge.logfile import GameLog


def card_names(log: GameLog | None) -> dict[str, str]:
    """Card id -> name from the log's card records (a card without a name is named by its id)."""
    return {identity: str(record.get("name", identity)) for identity, record in (log.cards if log else {}).items()}


def card(identity: str | None, names: dict[str, str], **details: Any) -> dict[str, Any]:
    """A card as the board shows it: its id (None when unknown) and name, and what the board says of it."""
    return {"id": identity, "name": names.get(identity, identity) if identity else "?", **details}


def board(snapshot: dict[str, Any], players: list[dict[str, Any]]) -> dict[str, Any]:
    """The board: whose turn and which phase (from the game's snapshot), the outcome, and each player's places."""
    return {
        "turn": snapshot["turn"],
        "phase": snapshot["phase"],
        "turn_player": snapshot["turn_player"],
        "outcome": snapshot["outcome"],
        "players": players,
    }


def text_of(data: dict[str, Any]) -> str:
    """A board as text, drawn the same way for every game."""
    from judge.stepper import board_text_of  # the stepper imports the games' boards: imported when drawn

    return board_text_of(data)
