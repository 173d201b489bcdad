"""A Vanguard board for the stepper, from the game's snapshot: both players' circles and zones, as data and text.

``board_data`` is the structured board (see ``judge.stepper`` for its shape) the
stepper and the rules site's scenario pages draw; every card of the game is in it
somewhere: the trigger zone's card in transit, the hearts under a G unit, a Legion
Mate, a unit called over another until the rule action (vg 9.3) moves it, the
guardians on the guardian circle.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame
from engine.games.vg.state import BACK_ROW, FRONT_ROW, GUARDIAN
from judge.games import boards
from judge.logfile import GameLog

ZONE_ORDER: Final = ("deck", "hand", "soul", "damage", "drop", "bind", "removed", "trigger")
"""The piles a board shows, in the order a player reads the table; the trigger zone holds a checked card in
transit."""
ROWS: Final = (("front", "front row", FRONT_ROW), ("back", "back row", BACK_ROW))
"""vg 4.6.3: the rear-guard circles beside the vanguard are the front row, the three behind the back row."""


def board_data(game: PlayableGame, log: GameLog | None = None) -> dict[str, Any]:
    """Both players' boards: each circle's cards (the unit with power, critical and state), the guardian circle,
    every zone with its cards and the G zone's two sides, named by ``log``'s cards."""
    snapshot = game.snapshot()
    names = boards.card_names(log)
    players = []
    for player, view in snapshot["players"].items():
        circles = view["circles"]
        rows = [
            {
                "row": row,
                "label": label,
                "slots": [_circle(player, circle, circles.get(circle), names) for circle in row_circles],
            }
            for row, label, row_circles in ROWS
        ]
        guardians = [boards.card(card, names, role="guardian") for card in circles.get(GUARDIAN, [])]
        rows.append(
            {
                "row": "guardian",
                "label": "guardian circle",
                "slots": [{"key": f"{player}/circles/{GUARDIAN}", "position": GUARDIAN, "cards": guardians}],
            }
        )
        zones = [_zone(game, player, zone, view[zone], names) for zone in ZONE_ORDER]
        g_zone = view["g_zone"]
        for side, hidden in (("down", True), ("up", False)):
            cards = [boards.card(card, names) for card in g_zone[side]]
            zones.append(
                {
                    "key": f"{player}/g_zone/{side}",
                    "name": f"G zone face {side}",
                    "count": len(cards),
                    "cards": cards,
                    "hidden": hidden,
                    "top_first": False,
                }
            )
        facts = {"damage": len(view["damage"]), "face-down damage": view["damage_face_down"]}
        players.append({"id": player, "facts": facts, "rows": rows, "zones": zones})
    return boards.board(snapshot, players)


def board_text(game: PlayableGame) -> str:
    """Both players' boards as text (cards by id: the game alone knows no names)."""
    return boards.text_of(board_data(game))


def _circle(player: str, circle: str, unit: dict[str, Any] | None, names: dict[str, str]) -> dict[str, Any]:
    """One circle: its unit last, over the hearts of a G unit and a unit it is called over; a Legion Mate after."""
    cards: list[dict[str, Any]] = []
    if unit is not None:
        hearts = unit.get("hearts", [])
        mate = unit.get("mate")
        pile = unit.get("pile", [*hearts, unit["card"], *([mate] if mate else [])])
        below = pile[len(hearts) : len(pile) - (2 if mate else 1)]  # a unit the rule action of 9.3 will move
        cards.extend(boards.card(heart, names, role="heart") for heart in hearts)
        cards.extend(boards.card(earlier, names, role="leaving") for earlier in below)
        marks = [unit["state"], *(["face down"] if unit.get("face") == "down" else [])]
        marks += [flag for flag in ("locked", "deleted") if unit.get(flag)]
        detail = f"{unit['power']}/{unit['critical']} {' '.join(marks)}"
        stats = {"power": unit["power"], "critical": unit["critical"], "state": unit["state"]}
        cards.append(boards.card(unit["card"], names, detail=detail, **stats))
        if mate:
            cards.append(boards.card(mate, names, role="mate"))
    return {"key": f"{player}/circles/{circle}", "position": circle, "cards": cards}


def _zone(game: PlayableGame, player: str, zone: str, cards: list[str | None], names: dict[str, str]) -> dict[str, Any]:
    kind = game.zones[zone]
    return {
        "key": f"{player}/{zone}",
        "name": zone,
        "count": len(cards),
        "cards": [boards.card(card, names) for card in cards],
        "hidden": not kind.public,
        "top_first": kind.top_first,
    }
