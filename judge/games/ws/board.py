"""A Weiss Schwarz board for the stepper, from the game's snapshot: both players' stages and zones, as data and text.

``board_data`` is the structured board (see ``judge.stepper`` for its shape) the
stepper and the rules site's scenario pages draw; every card of the game is in it
somewhere, the resolution zone's and the memory's too, and a character replaced on
its position stays beside its successor until the rule action (ws 9.6) moves it.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame
from engine.games.ws.state import BACK, CENTER
from judge.games import boards
from judge.logfile import GameLog

ZONE_ORDER: Final = ("deck", "hand", "stock", "clock", "level", "climax", "waiting", "memory", "resolution")
"""The piles a board shows, in the order a player reads the table; the resolution zone holds cards in transit
(a trigger check's card, a damage process's cards, an event being played)."""
ROWS: Final = (("front", "center stage", CENTER), ("back", "back stage", BACK))
"""ws 3.6.3: the center stage is the front row, the back stage the row behind it."""


def board_data(game: PlayableGame, log: GameLog | None = None) -> dict[str, Any]:
    """Both players' boards: each stage position with its character (power, soul, state), the character it
    replaced while the rule action is due and its markers; every zone with its cards, named by ``log``'s cards."""
    snapshot = game.snapshot()
    names = boards.card_names(log)
    players = []
    for player, view in snapshot["players"].items():
        rows = []
        for row, label, positions in ROWS:
            slots = []
            for position in positions:
                character = view["stage"].get(position)
                cards: list[dict[str, Any]] = []
                if character is not None:
                    pile = character.get("pile", [character["card"]])
                    cards.extend(boards.card(earlier, names, role="leaving") for earlier in pile[:-1])
                    detail = f"{character['power']}/{character['soul']} {character['state']}"
                    cards.append(boards.card(character["card"], names, detail=detail, **_stats(character)))
                cards.extend(boards.card(marker, names, role="marker") for marker in view["markers"].get(position, []))
                slots.append({"key": f"{player}/stage/{position}", "position": str(position), "cards": cards})
            rows.append({"row": row, "label": label, "slots": slots})
        zones = []
        for zone in ZONE_ORDER:
            kind = game.zones[zone]
            zones.append(
                {
                    "key": f"{player}/{zone}",
                    "name": zone,
                    "count": len(view[zone]),
                    "cards": [boards.card(identity, names) for identity in view[zone]],
                    "hidden": not kind.public,
                    "top_first": kind.top_first,
                }
            )
        facts = {"level": len(view["level"]), "clock": len(view["clock"]), "refresh point": view["refresh_point"]}
        players.append({"id": player, "facts": facts, "rows": rows, "zones": zones})
    return boards.board(snapshot, players)


def board_text(game: PlayableGame) -> str:
    """Both players' boards as text (cards by id: the game alone knows no names)."""
    return boards.text_of(board_data(game))


def _stats(character: dict[str, Any]) -> dict[str, Any]:
    return {"power": character["power"], "soul": character["soul"], "state": character["state"]}
