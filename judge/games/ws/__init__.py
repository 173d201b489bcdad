"""Weiss Schwarz (CR 2.00) for the judge: the engine game and its part of the log format.

``SUPPORT`` is what ``judge.games`` registers as ``ws``; the work is done in this
package's modules: ``log`` (reading and writing entries, implied passes),
``board`` (the stepper's board), ``schema`` (the JSON Schema part),
``text`` (how a card's printed text is read) and ``selfplay`` (random legal
games from the bundled card pool).
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from typing import Any, Final, cast

from engine.core.interface import PlayableGame
from engine.core.procedure import Procedure
from engine.core.protocol import Choice, Decision, DeclaredText, Refusal, Reveal
from engine.core.vocabulary import Vocabulary
from engine.games.ws import procedure as ws_procedure
from engine.games.ws.game import WeissSchwarz
from judge.cards.reading import AbilityReading
from judge.games.support import GameSupport
from judge.games.ws import board, log, text
from judge.logfile import GameLog


class WeissSchwarzSupport(GameSupport):
    """The judge's side of Weiss Schwarz (see ``judge.games.support.GameSupport``)."""

    def __init__(self) -> None:
        super().__init__(
            "ws",
            "Weiss Schwarz",
            "ws",
            log.CHOICE_VERBS,
            log.FORCED_VERBS,
            log.CHOICE_FIELDS,
            claim_fields=log.CLAIM_FIELDS,
        )

    def build(self, game_log: GameLog) -> PlayableGame:
        return log.game_of(game_log)

    def choice_of(self, data: dict[str, Any], decision: Decision) -> Choice:
        return log.choice_of(data, decision)

    def field_choice(self, decision: Decision, data: dict[str, Any]) -> Choice | None:
        return log.field_choice(decision, data)

    def subject(self, data: dict[str, Any]) -> str | None:
        return log.subject(data)

    def revealed_cards(self, verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
        return log.revealed_cards(verb, data)

    def cards_within(self, reveal: Reveal, data: dict[str, Any]) -> list[str | None] | None:
        return log.cards_within(reveal, data)

    def choice_claims(self, game: PlayableGame, decision: Decision, data: dict[str, Any]) -> list[Refusal]:
        return log.choice_claims(_ws(game), decision, data)

    def reveal_findings(self, verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
        return log.reveal_findings(verb, reveal, answer)

    def effect_choice(self, data: dict[str, Any]) -> Choice:
        return DeclaredText(str(data.get("source", "?")), tuple(log.text_operations(data)))

    def apply_effect(self, game: PlayableGame, data: dict[str, Any], player: str) -> list[Refusal]:
        operations = log.text_operations(data)
        return _ws(game).playing.apply_text(player, str(data.get("source", "?")), operations)

    def reachable(self, game: PlayableGame, decision: Decision, verb: str, player: str, this_turn: bool) -> bool:
        return log.reachable(_ws(game), decision, verb, player, this_turn)

    def take_expectation(self, game: PlayableGame, expect: Any) -> list[str]:
        return log.take_expectation(_ws(game), expect)

    def reachable_after_reveal(self, game: PlayableGame, verb: str, player: str) -> bool:
        return log.reachable_after_reveal(_ws(game), verb, player)

    def board_text(self, game: PlayableGame) -> str:
        return board.board_text(game)

    def procedure(self) -> Procedure:
        return ws_procedure.procedure()

    def clause_accounting(self) -> Traversable | None:
        found = resources.files(ws_procedure.__package__ or "") / "clauses.yaml"
        return found if found.is_file() else None

    def schema_defs(self) -> dict[str, Any]:
        from judge.games.ws.schema import schema_defs  # the schema's helpers are only needed to build one

        return schema_defs()

    def read_card_abilities(self, record: dict[str, Any]) -> list[AbilityReading]:
        return text.read_card_abilities(record)

    def catalog_self_play(self, seed: int, catalog: dict[str, dict[str, Any]]) -> dict[str, Any]:
        from judge.games.ws.selfplay import play_game, random_decks

        return play_game(seed, random_decks(catalog, seed, text.plays_in_full))

    def printed_text_vocabulary(self) -> list[tuple[str, str, str, dict[str, Any], tuple[str, ...]]]:
        return text.vocabulary()

    def card_text_words(self) -> Vocabulary:
        from engine.games.ws.words import VOCABULARY

        return VOCABULARY

    def self_play(self, seed: int) -> dict[str, Any]:
        from judge.games.ws.selfplay import play_game

        return play_game(seed)

    def entry_of(self, choice: Choice, decision: Decision) -> dict[str, Any]:
        return log.entry_of(choice, decision)


def _ws(game: PlayableGame) -> WeissSchwarz:
    """The Weiss Schwarz game this support built."""
    return cast(WeissSchwarz, game)


SUPPORT: Final = WeissSchwarzSupport()
