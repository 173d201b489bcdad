"""High Card's part of the log format: what ``judge.games`` registers as ``toy``.

Logs of High Card are ``judge-log/1`` logs with ``game: toy``: cards are
``{name, value}``, the verbs are ``draw`` (forced: ``cards``), ``play``
(``card``), ``pass`` and ``concede``, and ``setup`` gives ``turn``, ``active``,
``phase`` (draw, play, end) and each player's ``deck`` (top first), ``hand``,
``discard`` and ``score``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Final, cast

from engine.core.interface import PlayableGame, PlayerSpec
from engine.core.procedure import FORCED, NEXT, PHASE, PLAY_TIMING, Edge, Node, Procedure
from engine.core.protocol import PASS, Choice, Decision, Refusal, Reveal
from judge.games.support import GameSupport
from judge.logfile import GameLog, LogFormatError
from judge.verdict import winner_of
from rules_index.model import Document, DocumentKind
from tests.toy.game import PHASES, ZONES, HighCard, HighCardDefinition, Position

RULES: Final = Document(
    "toy",
    "rules.txt",
    "High Card: Comprehensive Rules",
    "toy",
    DocumentKind.DOTTED,
    path=str(Path(__file__).parent / "rules.txt"),
)
CARDS: Final[dict[str, dict[str, Any]]] = {
    f"N{value}": {"name": f"Number {value}", "value": value} for value in range(1, 10)
}
"""The card pool self-play uses."""


def _located(log: GameLog, at: tuple[object, ...], message: str) -> LogFormatError:
    line, column = log.locate(*at)
    return LogFormatError(log.path, message, line=line, column=column)


class HighCardSupport(GameSupport):
    """The judge's side of High Card (see ``judge.games.support.GameSupport``)."""

    def __init__(self) -> None:
        super().__init__(
            "toy", "High Card", "toy", frozenset({"play", "pass", "concede"}), {"draw": ("draw",)}, None, RULES
        )

    def build(self, log: GameLog) -> PlayableGame:
        definitions = {}
        for card_id, fields in log.cards.items():
            value = fields.get("value")
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
                raise _located(log, ("cards", card_id), f"card {card_id!r}: value {value!r} is not 1 to 9 (toy:2.1)")
            definitions[str(card_id)] = HighCardDefinition(str(card_id), str(fields.get("name", card_id)), value)
        players = [PlayerSpec(str(p["id"]), {str(c): int(n) for c, n in p["deck"].items()}) for p in log.players]
        ids = [player.id for player in players]
        setup = log.header.get("setup")
        position = None
        if isinstance(setup, dict):
            phase = setup.get("phase", "draw")
            if phase not in PHASES:
                raise _located(log, ("setup", "phase"), f"setup phase {phase!r} is not one of {', '.join(PHASES)}")
            zones = {
                player: {zone: list(setup.get(player, {}).get(zone, [])) for zone in ZONES.names()} for player in ids
            }
            position = Position(int(setup.get("turn", 1)), str(setup.get("active", ids[0])), phase, zones)
        first = str(log.header.get("first", position.active if position else ids[0]))
        order = cast(dict[str, list[str]], log.header.get("order") or {})
        return HighCard(definitions, players, first, order, position)

    def choice_of(self, data: dict[str, Any], decision: Decision) -> Choice:
        if data["do"] == "play":
            return Choice("play", card=str(data.get("card")))
        return PASS

    def revealed_cards(self, verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
        cards = data.get("cards")
        return (
            [None if card in (None, "?") else str(card) for card in cards] if isinstance(cards, list) else None
        ), None

    def reveal_findings(self, verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
        if len(answer) != reveal.count:
            message = f"the rules make {reveal.player} draw {reveal.count} card(s) here; the log lists {len(answer)}"
            return [Refusal(reveal.clauses, message)], []
        return [], []

    def reachable(self, game: PlayableGame, decision: Decision, verb: str, player: str, this_turn: bool) -> bool:
        """Passing the play phase reaches the other player's turn, and nothing else."""
        return player != game.turn_player and not this_turn

    def board_text(self, game: PlayableGame) -> str:
        snapshot = game.snapshot()
        lines = [f"turn {snapshot['turn']}, {snapshot['phase']} phase; turn player {snapshot['turn_player']}"]
        for player, zones in snapshot["players"].items():
            shown = {zone: cards if zone != "deck" else len(cards) for zone, cards in zones.items()}
            lines.append(f"{player}: " + ", ".join(f"{zone} {value}" for zone, value in shown.items()))
        return "\n".join(lines)

    def procedure(self) -> Procedure:
        nodes = (
            Node("phase:draw", PHASE, "draw phase", "toy:5.2"),
            Node("forced:draw", FORCED, "draw a card", "toy:5.2.1"),
            Node("phase:play", PHASE, "play phase", "toy:5.3"),
            Node("pt:play", PLAY_TIMING, "play a card or pass", "toy:5.3.1"),
            Node("phase:end", PHASE, "end phase", "toy:5.4"),
        )
        edges = (
            Edge("phase:draw", "forced:draw", NEXT, "toy:5.2.1"),
            Edge("forced:draw", "phase:play", NEXT, "toy:5.1"),
            Edge("phase:play", "pt:play", NEXT, "toy:5.3.1"),
            Edge("pt:play", "phase:end", NEXT, "toy:5.1"),
            Edge("phase:end", "phase:draw", NEXT, "toy:5.4.1"),
        )
        return nodes, edges

    def schema_defs(self) -> dict[str, Any]:
        verbs = sorted({*self.choice_verbs, *self.forced_verbs})
        return {
            "toyLog": {
                "title": "What 'game: toy' adds",
                "properties": {"actions": {"items": {"$ref": "#/$defs/toyEntry"}}},
            },
            "toyEntry": {"title": "High Card entry", "type": "object", "properties": {"do": {"enum": verbs}}},
        }

    def self_play(self, seed: int) -> dict[str, Any]:
        """A game with two decks drawn from the pool, every choice random among the legal options."""
        rng = random.Random(seed)
        decks = {player: [rng.choice(sorted(CARDS)) for _ in range(10)] for player in ("P1", "P2")}
        first = rng.choice(["P1", "P2"])
        game = HighCard(
            {
                card_id: HighCardDefinition(card_id, fields["name"], fields["value"])
                for card_id, fields in CARDS.items()
            },
            [PlayerSpec(player, _counts(deck)) for player, deck in decks.items()],
            first,
            order=decks,
        )
        entries: list[dict[str, Any]] = []
        procedure = game.run()
        try:
            request = next(procedure)
            while True:
                if isinstance(request, Reveal):
                    player = request.player
                    request = procedure.send(None)  # the draw; none when the deck is empty and the game ends
                    entries.append({"p": player, "do": "draw", "cards": game.records[-1].data["cards"]})
                elif isinstance(request, Decision):
                    choice = rng.choice(request.options)
                    entry = {"p": request.player, "do": choice.verb}
                    if choice.verb == "play":
                        entry["card"] = choice.card_id
                    entries.append(entry)
                    game.fresh_budget()
                    request = procedure.send(choice)
                else:
                    request = procedure.send(None)
        except StopIteration:
            pass
        outcome = game.outcome
        return {
            "format": "judge-log/1",
            "game": "toy",
            "meta": {"generator": "judge selfplay", "seed": seed},
            "cards": CARDS,
            "players": [{"id": player, "deck": _counts(deck)} for player, deck in decks.items()],
            "first": first,
            "order": decks,
            "actions": entries,
            "result": {} if outcome is None else {"winner": winner_of(outcome), "reason": outcome.reason},
        }


def _counts(deck: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in deck:
        counts[card] = counts.get(card, 0) + 1
    return counts


SUPPORT: Final = HighCardSupport()
