"""The ENERGIO!! game for the judge: the engine game and its part of the log format.

``SUPPORT`` is what ``judge.games`` registers as ``wl``; the work is done in this
package's modules: ``log`` (reading and writing entries, implied passes),
``board`` (the stepper's board), ``schema`` (the JSON Schema part) and
``selfplay`` (random legal games from the bundled card pool).
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from typing import Any, Final, cast

from engine.core.interface import PlayableGame
from engine.core.procedure import Procedure
from engine.core.protocol import Choice, Decision, DeclaredText, Refusal, Reveal
from engine.core.vocabulary import Vocabulary
from engine.games.wl import procedure as wl_procedure
from engine.games.wl.game import Energio
from judge.cards.reading import AbilityReading, shared_shape_readings
from judge.games.support import GameSupport
from judge.games.wl import board, log
from judge.logfile import GameLog


class EnergioSupport(GameSupport):
    """The judge's side of the ENERGIO!! game (see ``judge.games.support.GameSupport``)."""

    def __init__(self) -> None:
        super().__init__(
            "wl",
            "ENERGIO!!",
            "wl",
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

    def effect_choice(self, data: dict[str, Any]) -> Choice:
        return DeclaredText(str(data.get("source", "?")), tuple(log.text_operations(data)))

    def apply_effect(self, game: PlayableGame, data: dict[str, Any], player: str) -> list[Refusal]:
        return _wl(game).card_text.apply_text(player, str(data.get("source", "?")), log.text_operations(data))

    def revealed_cards(self, verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
        return log.revealed_cards(verb, data)

    def cards_within(self, reveal: Reveal, data: dict[str, Any]) -> list[str | None] | None:
        return log.cards_within(reveal, data)

    def reveal_findings(self, verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
        return log.reveal_findings(verb, reveal, answer)

    def reachable(self, game: PlayableGame, decision: Decision, verb: str, player: str, this_turn: bool) -> bool:
        return log.reachable(_wl(game), decision, verb, player, this_turn)

    def reachable_after_reveal(self, game: PlayableGame, verb: str, player: str) -> bool:
        return log.reachable_after_reveal(_wl(game), verb, player)

    def expectation_failures(self, game: PlayableGame, expect: Any) -> list[str]:
        return log.expectation_failures(game, expect)

    def take_expectation(self, game: PlayableGame, expect: Any) -> list[str]:
        return log.take_expectation(_wl(game), expect)

    def board_text(self, game: PlayableGame) -> str:
        return board.board_text(game)

    def procedure(self) -> Procedure:
        return wl_procedure.procedure()

    def clause_accounting(self) -> Traversable | None:
        found = resources.files(wl_procedure.__package__ or "") / "clauses.yaml"
        return found if found.is_file() else None

    def schema_defs(self) -> dict[str, Any]:
        from judge.games.wl.schema import schema_defs  # the schema's helpers are only needed to build one

        return schema_defs()

    def card_text_words(self) -> Vocabulary:
        from engine.games.wl.playing import EFFECT_WORDS

        return EFFECT_WORDS

    def read_card_abilities(self, record: dict[str, Any]) -> list[AbilityReading]:
        from engine.games.wl import text
        from engine.games.wl.playing import modelled

        return shared_shape_readings(record, text.read_ability, modelled, text.clauses_of)

    def printed_text_vocabulary(self) -> list[tuple[str, str, str, dict[str, Any], tuple[str, ...]]]:
        from engine.games.wl import text

        return [
            (kind, what, text.render(record), record, text.clauses_of(record)) for kind, what, record in text.EXAMPLES
        ]

    def self_play(self, seed: int) -> dict[str, Any]:
        from judge.games.wl.selfplay import play_game

        return play_game(seed)

    def entry_of(self, choice: Choice, decision: Decision) -> dict[str, Any]:
        return log.entry_of(choice, decision)


def _wl(game: PlayableGame) -> Energio:
    """The ENERGIO!! game this support built."""
    return cast(Energio, game)


SUPPORT: Final = EnergioSupport()
