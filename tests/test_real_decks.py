"""Self-play with random decks of the real cards of the installed weiss-sim: legal decks, legal logs."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from judge.cards import weiss_sim
from judge.cli import main
from judge.games.ws.selfplay import CLIMAXES, DECK_SIZE, MAX_COPIES, play_game, random_decks
from judge.games.ws.text import plays_in_full
from judge.logfile import load_log
from judge.replay import verify_log
from judge.verdict import VerdictKind


@pytest.fixture(scope="module")
def catalog() -> dict[str, dict[str, object]]:
    records = {}
    for card in weiss_sim.read_cards():
        record = weiss_sim.catalog_record(card)
        records[str(record.pop("id"))] = record
    return records


@pytest.mark.parametrize("seed", [1, 2])
def test_random_decks_are_legal_and_of_cards_the_engine_plays(catalog: dict[str, dict[str, object]], seed: int) -> None:
    """ws 5.1.2: 50 cards, at most 4 of one name, at most 8 climaxes; every card's text read in full."""
    starter = random_decks(catalog, seed, plays_in_full)
    assert len(starter.decks) == 2
    for deck in starter.decks.values():
        assert sum(deck.values()) == DECK_SIZE
        names: Counter[object] = Counter()
        for card_id, copies in deck.items():
            names[starter.cards[card_id]["name"]] += copies
        assert max(names.values()) <= MAX_COPIES
        assert sum(n for card_id, n in deck.items() if starter.cards[card_id]["type"] == "climax") == CLIMAXES
        assert all(plays_in_full(starter.cards[card_id]) for card_id in deck)


def test_a_game_of_random_real_decks_verifies_legal(catalog: dict[str, dict[str, object]], tmp_path: Path) -> None:
    document = play_game(3, random_decks(catalog, 3, plays_in_full))
    assert any(isinstance(record.get("text"), str) for record in document["cards"].values())  # printed text
    from judge.selfplay import write_log

    write_log(document, tmp_path / "real.yaml")
    verdict = verify_log(load_log(tmp_path / "real.yaml"))
    assert verdict.kind is VerdictKind.LEGAL, (verdict.violations[:1], verdict.notes)


def test_random_decks_need_a_catalog_and_weiss_schwarz(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["selfplay", "--decks", "random", "--out", str(tmp_path / "a")])
    assert result.exit_code == 2 and "give it with --cards CATALOG" in result.output
    catalog = Path(__file__).parent / "data" / "catalogs" / "good.yaml"
    result = runner.invoke(
        main, ["selfplay", "--game", "vg", "--decks", "random", "--cards", str(catalog), "--out", str(tmp_path / "b")]
    )
    assert result.exit_code == 2 and "cannot be drawn from printed text yet" in result.output
    result = runner.invoke(
        main, ["selfplay", "--decks", "random", "--cards", str(catalog), "--out", str(tmp_path / "c")]
    )
    assert result.exit_code == 2 and "too few cards" in result.output
