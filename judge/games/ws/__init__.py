"""Weiss Schwarz (CR 2.00) for the judge: the engine game and its part of the log format.

``SUPPORT`` is what ``judge.games`` registers as ``ws``; the work is done in this
package's modules: ``log`` (reading and writing entries, implied passes),
``board`` (the stepper's board), ``schema`` (the JSON Schema part) and
``selfplay`` (random legal games from the bundled card pool).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

from engine.core.interface import PlayableGame
from engine.core.protocol import Choice, Decision, DeclaredText, Refusal
from engine.games.ws import procedure as ws_procedure
from engine.games.ws.game import WeissSchwarz
from judge.games import support
from judge.games.ws import board, log
from judge.verdict import winner_of
from rules_index.model import Document


class WeissSchwarzSupport:
    """The judge's side of Weiss Schwarz (see ``judge.games.support.GameSupport``)."""

    key = "ws"
    title = "Weiss Schwarz"
    rules = "ws"
    rules_document: Document | None = None
    choice_verbs: frozenset[str] = log.CHOICE_VERBS
    forced_verbs: Mapping[str, tuple[str, ...]] = log.FORCED_VERBS

    choice_fields: Mapping[str, str] = log.CHOICE_FIELDS
    build = staticmethod(log.game_of)
    choice_of = staticmethod(log.choice_of)
    field_choice = staticmethod(log.field_choice)
    subject = staticmethod(log.subject)
    revealed_cards = staticmethod(log.revealed_cards)
    cards_within = staticmethod(log.cards_within)
    reveal_findings = staticmethod(log.reveal_findings)
    board_text = staticmethod(board.board_text)
    procedure = staticmethod(ws_procedure.procedure)

    def effect_choice(self, data: Mapping[str, Any]) -> Choice:
        return DeclaredText(str(data.get("source", "?")), tuple(log.text_operations(data)))

    def apply_effect(self, game: PlayableGame, data: Mapping[str, Any], player: str) -> list[Refusal]:
        operations = log.text_operations(data)
        return _ws(game).playing.apply_text(player, str(data.get("source", "?")), operations)

    def reachable(self, game: PlayableGame, decision: Decision, verb: str, player: str) -> bool:
        return log.reachable(_ws(game), decision, verb, player)

    def reachable_after_reveal(self, game: PlayableGame, verb: str, player: str) -> bool:
        return log.reachable_after_reveal(_ws(game), verb, player)

    def expectation_failures(self, game: PlayableGame, expect: Any) -> list[str]:
        return support.expectation_failures(game, expect, winner_of(game.outcome))

    def schema_defs(self) -> dict[str, Any]:
        from judge.games.ws.schema import schema_defs  # the schema's helpers are only needed to build one

        return schema_defs()

    def self_play(self, seed: int) -> dict[str, Any]:
        from judge.games.ws.selfplay import play_game

        return play_game(seed)


def _ws(game: PlayableGame) -> WeissSchwarz:
    """The Weiss Schwarz game this support built."""
    return cast(WeissSchwarz, game)


SUPPORT: Final[support.GameSupport] = WeissSchwarzSupport()
