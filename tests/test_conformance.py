"""The conformance suite every registered game must pass, the way OpenSpiel checks every game alike.

For each game registered with the judge (the built-in games, and High Card from
``tests/toy``):

* random legal play to the end, for many seeds, every game ending within a bound
  of requests, choosing among the options the
  engine offers, with the game's invariants checked after every request: each
  player holds as many cards as their deck list, in whatever zones, and no more
  copies of a card than the list has (no card in two places, none lost, none made
  up; a card shuffled unseen into a deck is counted, not named); the turn never
  goes back; every clause the trace cites is a clause of the game's rules;
* its self-played logs verify as legal in every encoding, with the same trace
  every time they are replayed;
* the stepper walks them and the graphs draw them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.core.game import Outcome
from engine.core.interface import PlayableGame
from engine.core.protocol import Checkpoint, Decision, Reveal
from judge import games
from judge.graphs.dynamic import replay_graph
from judge.graphs.static import procedure_graph
from judge.logfile import load_log, parse_log
from judge.replay import verify_log
from judge.scenarios import Scenario
from judge.selfplay import write_log
from judge.stepper import walk
from judge.verdict import VerdictKind
from rules_index import documents
from rules_index.index import RulesIndex, build_index
from tests.toy.support import SUPPORT as TOY

GAMES = (*games.available(), TOY.key)
"""Every registered game, and the toy game the tests register."""
RANDOM_SEEDS = {"ws": range(12), "toy": range(60)}
"""How many random games each plays: a Weiss Schwarz game runs to hundreds of requests."""
LOG_SEEDS = range(3)
MAX_REQUESTS = 20_000
"""A random game still going after this many requests stops (a game of Weiss Schwarz takes about 2,000)."""


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(games, "_registered", {})
    monkeypatch.setattr(documents, "DOCUMENTS_BY_KEY", dict(documents.DOCUMENTS_BY_KEY))
    games.register(TOY)
    yield


@pytest.fixture(scope="module")
def rules() -> RulesIndex:
    """The rules index with the toy game's document beside the bundled ones."""
    saved = dict(documents.DOCUMENTS_BY_KEY)
    documents.add_document(TOY.rules_document)  # type: ignore[arg-type]
    try:
        return build_index()
    finally:
        documents.DOCUMENTS_BY_KEY.clear()
        documents.DOCUMENTS_BY_KEY.update(saved)


def header_only(document: dict[str, Any]) -> str:
    """A self-played game's header with no entries: the same decks and deck orders, to play anew."""
    return json.dumps({**document, "actions": [], "result": {}})


def cards_of(view: Any) -> Iterator[str | None]:
    """Every card id in one player's snapshot: piles, positions (a card or a pile each), not counters."""
    if isinstance(view, list):
        yield from view
    elif isinstance(view, dict):
        for value in view.values():
            if isinstance(value, dict) and "card" in value:
                yield from value.get("pile", [value["card"]])
            elif isinstance(value, list | dict):
                yield from cards_of(value)


def held_cards(game: PlayableGame) -> dict[str, Counter[str | None]]:
    return {player: Counter(cards_of(view)) for player, view in game.snapshot()["players"].items()}


def play_at_random(key: str, seed: int, rules: RulesIndex) -> Outcome | None:
    """One game played at random among the offered options, its invariants checked after every request."""
    support = games.get(key)
    document = support.self_play(seed)
    game = support.build(parse_log(header_only(document), f"{key}-{seed}.json", "json"))
    decks = {  # every card a player holds: the deck, a Vanguard G deck, an ENERGIO!! Leader (ENERGIO!! are counts)
        player["id"]: Counter(player["deck"]) + Counter(player.get("g_deck", {})) + Counter([player["leader"]])
        if "leader" in player
        else Counter(player["deck"]) + Counter(player.get("g_deck", {}))
        for player in document["players"]
    }
    assert not game.setup_problems, game.setup_problems
    rng = random.Random(seed)
    procedure = game.run()
    turn = game.turn
    checked = 0
    try:
        request = next(procedure)
        for _ in range(MAX_REQUESTS):
            held = held_cards(game)
            for player, deck in decks.items():
                where = f"{key} seed {seed}, turn {game.turn}: {player} holds {held[player]}"
                assert held[player].total() == deck.total(), where  # none lost, none in two places
                assert all(held[player][card] <= copies for card, copies in deck.items()), where
                assert set(held[player]) <= {*deck, None}, where  # none made up
            assert game.turn >= turn, f"{key} seed {seed}: the turn went back from {turn} to {game.turn}"
            turn = game.turn
            for record in game.records[checked:]:
                for clause in record.clauses:
                    assert clause.startswith(f"{support.rules}:") and rules.resolve(clause), (key, seed, clause)
            checked = len(game.records)
            if isinstance(request, Decision):
                assert request.options or request.default is not None, f"{key}: {request!r} offers nothing"
                choice = rng.choice(request.options) if request.options else request.default
                assert game.check(request, choice) is None, f"{key}: an offered option is refused: {choice!r}"
                game.fresh_budget()
                request = procedure.send(choice)
            elif isinstance(request, Reveal | Checkpoint):
                request = procedure.send(None)
    except StopIteration:
        pass
    return game.outcome


@pytest.mark.parametrize("key", GAMES)
def test_random_legal_play_keeps_the_games_invariants(key: str, rules: RulesIndex) -> None:
    seeds = RANDOM_SEEDS.get(key, range(20))
    endless = [seed for seed in seeds if play_at_random(key, seed, rules) is None]
    assert endless == [], f"{key}: random games of these seeds had not ended after {MAX_REQUESTS} requests"


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("suffix", [".yaml", ".json", ".jsonl"])
def test_self_played_logs_verify_as_legal_in_every_encoding_with_the_same_trace(
    key: str, suffix: str, tmp_path: Path
) -> None:
    for seed in LOG_SEEDS:
        path = tmp_path / f"{key}-{seed}{suffix}"
        write_log(games.get(key).self_play(seed), path)
        first = verify_log(load_log(path))
        assert first.kind is VerdictKind.LEGAL, [violation.message for violation in first.violations[:3]]
        assert verify_log(load_log(path)).to_dict(trace=True) == first.to_dict(trace=True)


@pytest.mark.parametrize("key", GAMES)
def test_the_stepper_and_the_graphs_work_on_its_logs(key: str) -> None:
    support = games.get(key)
    log = parse_log(json.dumps(support.self_play(1)), f"{key}.json", "json")
    scenario = Scenario(f"{key}/self-played", log.path, log, "a self-played game", "-", "-", (f"{key}:1",), ())
    steps, ending = walk(scenario)
    assert len(steps) == len(log.entries) + 1 and all(step.board for step in steps)
    assert "holds" in ending
    verdict = verify_log(log)
    assert replay_graph(verdict.records, "game", game=key).number_of_nodes() > 0
    graph = procedure_graph(key)
    assert graph.number_of_nodes() > 0
    assert all(data["clause"].startswith(f"{support.rules}:") for _, data in graph.nodes(data=True) if data["clause"])
