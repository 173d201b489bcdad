"""An ENERGIO!! board for the stepper, from the game's snapshot: both players' Leaders, Characters and areas, as
data and text.

``board_data`` is the structured board (see ``judge.stepper`` for its shape) the
stepper and the rules site's scenario pages draw.  The engine counts ENERGIO!!
cards rather than tracking each one; the board shows that many cards of the
player's ENERGIO!! id in the ENERGIO!! deck, the cost area (active, then rested)
and under the Leader or Character they were given to, so every card of the game
is on it somewhere.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame
from judge.games import boards
from judge.logfile import GameLog

ZONE_ORDER: Final = ("deck", "hand", "life", "trash", "stage")
"""The piles a board shows, in the order a player reads the table."""


def board_data(game: PlayableGame, log: GameLog | None = None) -> dict[str, Any]:
    """Both players' boards: the Leader and each Character (power, state, the ENERGIO!! given to it), every area
    with its cards, named by ``log``'s cards; ``log``'s deck lists say which card a player's ENERGIO!! are."""
    snapshot = game.snapshot()
    names = boards.card_names(log)
    energio = {player["id"]: next(iter(player.get("energio") or {}), None) for player in (log.players if log else [])}
    players = []
    for player, view in snapshot["players"].items():
        card = energio.get(player) or "ENERGIO!!"
        leader = _slot(player, "leader", view["leader"], card, names)
        characters = [_slot(player, address, shown, card, names) for address, shown in view["characters"].items()]
        rows = [
            {"row": "leader", "label": "Leader area", "slots": [leader]},
            {"row": "characters", "label": "Character area", "slots": characters},
        ]
        zones = [
            {
                "key": f"{player}/{zone}",
                "name": zone,
                "count": len(view[zone]),
                "cards": [boards.card(identity, names) for identity in view[zone]],
                "hidden": not game.zones[zone].public,
                "top_first": game.zones[zone].top_first,
            }
            for zone in ZONE_ORDER
        ]
        cost = view["cost"]
        active = [boards.card(card, names, state="active") for _ in range(cost["active"])]
        rested = [boards.card(card, names, state="rested") for _ in range(cost["rested"])]
        for key, name, cards in (
            ("cost", "cost area", active + rested),
            ("energio_deck", "ENERGIO!! deck", [boards.card(card, names) for _ in range(view["energio_deck"])]),
        ):
            zones.append(
                {
                    "key": f"{player}/{key}",
                    "name": name,
                    "count": len(cards),
                    "cards": cards,
                    "hidden": False,
                    "top_first": False,
                }
            )
        facts = {
            "Life": len(view["life"]),
            "cost area": f"{cost['active']} active / {cost['rested']} rested",
            "ENERGIO!! deck": view["energio_deck"],
        }
        players.append({"id": player, "facts": facts, "rows": rows, "zones": zones})
    return boards.board(snapshot, players)


def board_text(game: PlayableGame) -> str:
    """Both players' boards as text (cards by id: the game alone knows no names)."""
    return boards.text_of(board_data(game))


def _slot(player: str, address: str, shown: dict[str, Any], energio: str, names: dict[str, str]) -> dict[str, Any]:
    """The Leader or a Character: the card with power and state, and the ENERGIO!! given to it under it."""
    marks = [shown["state"], *(["played this turn"] if shown.get("fresh") else [])]
    stats = {"power": shown["power"], "state": shown["state"]}
    cards = [boards.card(energio, names, role="given") for _ in range(shown["given"])]
    cards.append(boards.card(shown["card"], names, detail=f"{shown['power']} {' '.join(marks)}", **stats))
    return {"key": f"{player}/{address}", "position": address, "cards": cards}
