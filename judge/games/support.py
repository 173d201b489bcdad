"""What the judge needs from each game: ``GameSupport``, the engine game and its log adapter.

The engine offers decisions, reveals and legal options and knows nothing of logs
(``engine.core.interface``).  A game's support is the other half: it reads the
game's part of the log format (card records, ``setup``, the verbs and their
arguments), says how an entry answers the engine, and what the log's rules of
writing (implied passes, a trigger entry's icon fields) mean for that game; and
it writes logs (self-play), shows boards (the stepper), describes its part of
the JSON Schema and hands over the game's procedure tables for the graphs.

``judge.games`` registers one per game.  Where every game does the same, the
judge does it once: ``expectation_failures`` here compares an ``expect`` entry
with any game's ``snapshot``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from engine.core.interface import PlayableGame
from engine.core.procedure import Procedure
from engine.core.protocol import Choice, Decision, Refusal, Reveal
from judge.logfile import GameLog
from rules_index.model import Document


class GameSupport(Protocol):
    """One game, as the judge reads, checks, writes and shows its logs."""

    key: str
    """The log's ``game:`` (``ws``)."""
    title: str
    """The game's name (``Weiss Schwarz``)."""
    rules: str
    """The key of its comprehensive rules in the rules index, whose clauses the engine cites (``ws``)."""
    rules_document: Document | None
    """Its rules document, for a game whose rules do not ship with the judge (None: they do)."""
    choice_verbs: frozenset[str]
    """Verbs of entries that state a player's choice (``effect``, card text applied as stated, among them)."""
    forced_verbs: Mapping[str, tuple[str, ...]]
    """Verbs of forced events, each with the purposes of the engine's reveals it answers."""
    choice_fields: Mapping[str, str]
    """Decision kind -> the field of the entry being applied that answers it (a trigger entry's ``pool``)."""

    # -- reading a log ---------------------------------------------------------

    def build(self, log: GameLog) -> PlayableGame:
        """The game the log's header describes, ready to run; ``LogFormatError``, located, when it cannot start."""
        ...

    def choice_of(self, data: Mapping[str, Any], decision: Decision) -> Choice:
        """The engine's choice an entry states at ``decision``; TypeError or ValueError for malformed arguments."""
        ...

    def field_choice(self, decision: Decision, data: Mapping[str, Any]) -> Choice | None:
        """``decision``'s answer as that field states it, or None when the entry does not say."""
        ...

    def subject(self, data: Mapping[str, Any]) -> str | None:
        """The player an entry is about (``p``; for some forced events another field, ws ``damage``'s ``to``)."""
        ...

    def revealed_cards(self, verb: str, data: Mapping[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
        """The card ids a forced entry states for the reveal it answers (None: it does not say), and why the
        entry cannot answer it as written, if it cannot."""
        ...

    def cards_within(self, reveal: Reveal, data: Mapping[str, Any]) -> list[str | None] | None:
        """The card ids the entry being applied states for a reveal inside it (a mulligan's new cards), or None
        when the reveal is not one an entry answers from inside."""
        ...

    def reveal_findings(self, verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
        """What a forced entry stated that the rules did not do (violations), and what it left out (notes)."""
        ...

    def effect_choice(self, data: Mapping[str, Any]) -> Choice:
        """An ``effect`` entry as a choice, where the game takes card text at a play timing; ValueError or
        TypeError when its operations are malformed."""
        ...

    def apply_effect(self, game: PlayableGame, data: Mapping[str, Any], player: str) -> list[Refusal]:
        """Apply an ``effect`` entry's operations to the game now; what could not be done."""
        ...

    def reachable(self, game: PlayableGame, decision: Decision, verb: str, player: str) -> bool:
        """Whether an entry of ``verb`` about ``player`` can belong to a point after ``decision`` reached by
        letting every point before it go by (the log's implied passes)."""
        ...

    def reachable_after_reveal(self, game: PlayableGame, verb: str, player: str) -> bool:
        """Whether an entry of ``verb`` about ``player`` can come after the reveal the game is making now."""
        ...

    def expectation_failures(self, game: PlayableGame, expect: Any) -> list[str]:
        """How the state differs from an ``expect`` mapping (empty when it holds)."""
        ...

    # -- showing and writing -----------------------------------------------------

    def board_text(self, game: PlayableGame) -> str:
        """Both players' boards as text, for the stepper."""
        ...

    def procedure(self) -> Procedure:
        """The game's procedure tables (``engine.core.procedure``), for the procedure graph."""
        ...

    def schema_defs(self) -> dict[str, Any]:
        """The game's part of the JSON Schema: definitions, among them ``<key>Log`` (what ``game: <key>`` adds to
        a log) and ``<key>Entry`` (one entry)."""
        ...

    def self_play(self, seed: int) -> dict[str, Any]:
        """One complete game played at random among the legal options, as a log document; deterministic."""
        ...


def expectation_failures(game: PlayableGame, expect: Any, winner: str | None) -> list[str]:
    """How ``game``'s snapshot differs from an ``expect`` mapping; ``winner`` as logs write it.

    Per player, a number is a pile's card count and a list its cards (in any order where a player may
    reorder the zone at will), a positioned zone maps a position to null or ``{card, state, ...}``, and
    a counter (``refresh_point``) is compared as it is; top-level ``turn``, ``phase``, ``winner``.
    """
    if not isinstance(expect, dict):
        return [f"{expect!r} is not a mapping"]
    snapshot = game.snapshot()
    failures: list[str] = []
    for key, wanted in expect.items():
        if key == "turn":
            if game.turn != wanted:
                failures.append(f"turn is {game.turn}, not {wanted}")
        elif key == "phase":
            if game.phase != wanted:
                failures.append(f"phase is {game.phase}, not {wanted}")
        elif key == "winner":
            if winner != wanted:
                failures.append(f"winner is {winner!r}, not {wanted!r}")
        elif key in snapshot["players"]:
            failures.extend(_player_failures(game, str(key), snapshot["players"][key], wanted))
        else:
            failures.append(f"unknown expectation {key!r}")
    return failures


def _player_failures(game: PlayableGame, player: str, view: dict[str, Any], wanted: Any) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{player}: {wanted!r} is not a mapping of zones"]
    failures = []
    for zone, value in wanted.items():
        if zone in game.zones and game.zones[zone].positions:
            if game.zones[zone].order.value == "single":
                failures.extend(_position_failures(game, player, str(zone), view[zone], value))
            else:
                failures.append(f"{player}: unknown zone {zone!r}")
            continue
        if zone not in game.zones:
            if zone in view and not isinstance(view[zone], list):  # a counter
                if view[zone] != value:
                    failures.append(f"{player} {str(zone).replace('_', ' ')} is {view[zone]}, not {value}")
            else:
                failures.append(f"{player}: unknown zone {zone!r}")
            continue
        cards = view[zone]
        if isinstance(value, int) and not isinstance(value, bool):
            if len(cards) != value:
                failures.append(f"{player} {zone} has {len(cards)} card(s), not {value}")
        elif isinstance(value, list):
            actual = [card or "?" for card in cards]
            wanted_list = [str(item) for item in value]
            if game.zones[zone].owner_orders:  # a player may reorder it at will: any order is a legal state
                if Counter(actual) != Counter(wanted_list):
                    failures.append(f"{player} {zone} holds {sorted(actual)}, not {sorted(wanted_list)} (in any order)")
            elif actual != wanted_list:
                failures.append(f"{player} {zone} is {actual}, not {wanted_list}")
    return failures


def _position_text(positions: tuple[int | str, ...]) -> str:
    """How a message lists a zone's positions: ``1-5``, or ``V, FL, FR``."""
    if all(isinstance(position, int) for position in positions):
        return f"{positions[0]}-{positions[-1]}"
    return ", ".join(str(position) for position in positions)


def _position_failures(game: PlayableGame, player: str, zone: str, view: dict[Any, Any], wanted: Any) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{player} {zone}: {wanted!r} is not a mapping of positions"]
    positions = game.zones[zone].positions
    failures = []
    for raw, value in wanted.items():
        position: Any = int(raw) if isinstance(raw, str) and raw.isdigit() else raw
        if position not in positions:
            failures.append(f"{player} {zone}: {raw!r} is not a {zone} position ({_position_text(positions)})")
            continue
        there = view.get(position)
        if value is None:
            if there is not None:
                failures.append(f"{player} {zone} {position} holds {there['card']}, not nothing")
            continue
        if there is None:
            failures.append(f"{player} {zone} {position} is empty")
            continue
        spec = value if isinstance(value, dict) else {"card": value}
        for key, expected in spec.items():
            if key == "traits":
                traits = there.get("traits", [])
                if not isinstance(expected, list) or set(traits) != {str(item) for item in expected}:
                    failures.append(f"{player} {zone} {position} traits are {sorted(traits)}, not {expected!r}")
            elif key in there and there[key] != expected:
                failures.append(f"{player} {zone} {position} {key} is {there[key]!r}, not {expected!r}")
    return failures
