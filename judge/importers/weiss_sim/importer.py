"""Importing weiss-sim games: play, convert, referee, and the ``judge-log/1`` document of each.

``import_game`` plays one seeded game (``play``), converts it with the
conversion checked against the simulator at every decision (``convert``), lets
the referee find its departures from the rules (``referee``) and writes the log:
the card records, the deck lists and the real deck orders, the entries, the
result, and in ``meta.weiss_sim`` where the log came from and the referee's
findings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from judge.importers.weiss_sim import simulator_version
from judge.importers.weiss_sim.cards import sim_card
from judge.importers.weiss_sim.convert import PLAYER_IDS, Conversion, card_number, convert
from judge.importers.weiss_sim.decks import seated_decks
from judge.importers.weiss_sim.departures import GAME, Departure, DepartureKind
from judge.importers.weiss_sim.play import Policy, play_game
from judge.importers.weiss_sim.referee import departures_of


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """One imported game: its log and the departures the referee found in it."""

    seed: int
    document: dict[str, Any]
    departures: list[Departure]

    @property
    def entries(self) -> int:
        return len(self.document["actions"])


def import_game(seed: int, policy: Policy = Policy.MIX, avoid: Collection[DepartureKind] = ()) -> ImportedGame:
    """Play the game of ``seed`` in weiss-sim and write it as a log (see the module's docstring)."""
    version = simulator_version()
    played = play_game(seed, seated_decks(seed), policy, avoid)
    conversion = convert(played)
    departures = departures_of(conversion)
    return ImportedGame(seed, _document(conversion, departures, version, policy, avoid), departures)


def import_games(
    first_seed: int, games: int, policy: Policy = Policy.MIX, avoid: Collection[DepartureKind] = ()
) -> Iterator[ImportedGame]:
    """The games of seeds ``first_seed`` to ``first_seed + games - 1``, one after the other."""
    for seed in range(first_seed, first_seed + games):
        yield import_game(seed, policy, avoid)


def _document(
    conversion: Conversion, departures: list[Departure], version: str, policy: Policy, avoid: Collection[DepartureKind]
) -> dict[str, Any]:
    played = conversion.played
    used = sorted({card for deck in conversion.opening_decks for card in deck})
    cards = {sim_card(card).number: sim_card(card).record for card in used}
    players = []
    for seat, deck in enumerate(conversion.opening_decks):
        copies = Counter(card_number(card) for card in deck)
        players.append({"id": PLAYER_IDS[seat], "name": played.decks[seat].name, "deck": dict(sorted(copies.items()))})
    meta = {
        "generator": f"weiss-sim {version}, imported by judge import weiss-sim",
        "weiss_sim": {
            "version": version,
            "seed": played.seed,
            "policy": policy.value,
            "avoid": sorted(kind.value for kind in avoid),
            "decks": {PLAYER_IDS[seat]: deck.name for seat, deck in enumerate(played.decks)},
            "decisions": len(played.replay.actions),
            "events": len(played.replay.events),
            "card_ids": {sim_card(card).number: card for card in used},
            "departures": [departure.to_meta() for departure in departures],
        },
    }
    return {
        "format": "judge-log/1",
        "game": GAME,
        "meta": meta,
        "cards": cards,
        "players": players,
        "first": PLAYER_IDS[played.replay.header["starting_player"]],
        "order": {
            PLAYER_IDS[seat]: [card_number(card) for card in deck] for seat, deck in enumerate(conversion.opening_decks)
        },
        "actions": conversion.entries,
        "result": _result(conversion),
    }


def _result(conversion: Conversion) -> dict[str, Any]:
    """The outcome weiss-sim reached: a win by level, by deck or by concession, a draw, or a game cut off by its
    decision cap."""
    terminal = conversion.played.replay.terminal
    if terminal is None or terminal[0] == "Timeout" or conversion.played.truncated:
        return {"winner": None, "reason": "time"}
    levels = [len(seat.piles["level"]) for seat in conversion.final.seats]
    reason = "level" if max(levels) >= 4 else "deck"
    if terminal[0] == "Draw":
        return {"winner": "draw", "reason": reason}
    winner = int(terminal[1])
    if any(entry["do"] == "concede" for entry in conversion.entries):
        return {"winner": PLAYER_IDS[winner], "reason": "concede"}
    return {"winner": PLAYER_IDS[winner], "reason": "level" if levels[1 - winner] >= 4 else "deck"}
