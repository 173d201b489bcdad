"""A corpus of self-played games replays as legal: the engine checked against itself.

Each game is a few hundred entries with every forced event written out, so the
replay re-derives every reveal, refresh and level up the game went through.
"""

from __future__ import annotations

import json

import pytest

from engine.core.protocol import Choice, Decision
from engine.games.ws.choices import Activate, Move
from engine.games.ws.game import WeissSchwarz
from judge.games.ws import SUPPORT
from judge.games.ws.selfplay import _Writer, self_played
from judge.logfile import parse_log
from judge.replay import Replay, verify_log
from judge.selfplay import play_game
from judge.verdict import Verdict, VerdictKind

CORPUS = range(400)
"""Enough games to meet the rare moments: two Encore costs on offer (seeds 73, 103, 150, 198, 251 of these)."""
CHUNK = 20


@pytest.mark.parametrize("first", range(CORPUS.start, CORPUS.stop, CHUNK))
def test_self_played_games_replay_as_legal_to_the_state_they_ended_in(first: int) -> None:
    """Each game's log replays as legal, with its winner, and the replay ends in the very state the game
    ended in: a log that the replay reads another way (a plain ``pay: true`` taken as the cheaper of two
    Encores) is caught even when it stays legal."""
    for seed in range(first, first + CHUNK):
        document, played = self_played(seed)
        log = parse_log(json.dumps(document), f"seed-{seed}.json", "json")
        replay = Replay(log, SUPPORT.build(log), SUPPORT, trace=False)
        replay.run()
        verdict = replay.verdict()
        assert verdict.kind is VerdictKind.LEGAL, (seed, [v.message for v in verdict.violations[:3]])
        assert verdict.winner == document["result"].get("winner"), seed
        assert replay.game.snapshot() == played.snapshot(), seed


def test_self_play_names_the_encore_it_pays_where_two_could_be_ws_10_2_3() -> None:
    """ws:10.2.3: every character has Encore [3]; one with its own Encore [2] offers both.  Self-play names the
    one it paid, and the same entry written as a plain ``pay: true`` is refused there, with the cost that
    makes the rest of the log replay as what was most likely meant."""
    seed, index = next(
        (seed, index)
        for seed in CORPUS
        for index, entry in enumerate(play_game(seed)["actions"])
        if isinstance(entry.get("pay"), dict)
    )
    document = play_game(seed)
    source = document["actions"][index]["source"]
    document["actions"][index]["pay"] = True
    verdict = verify_log(parse_log(json.dumps(document), f"seed-{seed}.json", "json"))
    [violation] = verdict.violations
    assert violation.entry == index and "ws:10.2.3" in violation.clauses
    assert "the entry must name the one paid" in violation.message
    assert violation.intended is not None
    assert violation.intended.startswith((f"pay {source} -> 2 yes;", f"pay {source} -> 3 yes;"))


def test_a_refresh_between_a_trigger_and_its_pool_choice() -> None:
    """ws:4.12.2.8, ws:9.2.2: a treasure trigger that empties the deck puts the refresh entry between the
    trigger entry and its `pool: true`, which must still answer the trigger's choice."""
    for seed in range(60, 100):
        document = play_game(seed)
        actions = document["actions"]
        if any(
            entry["do"] == "trigger" and entry.get("pool") and actions[i + 1]["do"] == "refresh"
            for i, entry in enumerate(actions[:-1])
        ):
            break
    else:
        pytest.fail("no self-played game in seeds 60-99 has a refresh right after a pool trigger")
    verdict = verify_log(parse_log(json.dumps(document), f"seed-{seed}.json", "json"))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations[:3]]


def main_phase_candidates(game: WeissSchwarz) -> list[Choice]:
    """Choices a log could write at a main-phase play timing, legal or not."""
    candidates = [Choice("pass"), Choice("pass", card="X"), Choice("effect", card="X")]
    for identity in game.definitions:
        candidates.extend(Choice("play", card=identity, pos=pos) for pos in (None, 0, 1, 2, 3, 4, 5, 6))
        candidates.append(Choice("play", card=identity, pos=1, flag=True))
    candidates.extend(Move(a, b) for a in range(7) for b in range(7))
    candidates.extend(Choice("move", pos=a) for a in range(1, 6))
    candidates.extend(Activate(pos, index) for pos in range(1, 6) for index in (0, 1, 2))
    candidates.extend(Choice("act", pos=pos) for pos in range(1, 6))
    return candidates


@pytest.mark.parametrize("seed", range(3))
def test_the_main_phase_legality_test_agrees_with_its_option_list_ws_6_5_1_2(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ws:6.5.1.2: the replay asks `allows` instead of building the options; both must say the same."""
    compared = 0
    choose = _Writer.choose

    def checking_choose(writer: _Writer, decision: Decision) -> Choice:
        nonlocal compared
        if decision.kind == "main":
            options = set(decision.options)
            for candidate in main_phase_candidates(writer.game):
                assert decision.offers(candidate) == (candidate in options), candidate
                compared += 1
        return choose(writer, decision)

    monkeypatch.setattr(_Writer, "choose", checking_choose)
    play_game(seed)
    assert compared > 1000


def replayed_without(seed: int, order_of: str | None = None, verbs: tuple[str, ...] = ()) -> tuple[Verdict, str]:
    """A self-played game with ``order_of``'s deck order and the entries of ``verbs`` taken out of its log."""
    document = play_game(seed)
    if order_of is not None:
        del document["order"][order_of]
    document["actions"] = [entry for entry in document["actions"] if entry["do"] not in verbs]
    verdict = verify_log(parse_log(json.dumps(document), f"seed-{seed}.json", "json"), trace=False)
    return verdict, "\n".join(verdict.notes)


@pytest.mark.parametrize(("seed", "player", "why"), [(19, "P2", "the effect chooses it"), (124, "P1", "Bond returns")])
def test_a_card_chosen_from_unseen_waiting_room_cards_is_bound_to_it_ws_8_6_3_1(
    seed: int, player: str, why: str
) -> None:
    """ws:8.6.3.1, ws:10.4.2: without the deck order, cards reach the waiting room unseen; an effect choosing a
    character there, or Bond returning a named card, is not refused: an unseen card the deck list allows is
    taken as the card chosen, and the notes say so."""
    verdict, notes = replayed_without(seed, order_of=player)
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations[:2]]
    assert f"an unseen card in {player}'s waiting room is taken as" in notes and why in notes


@pytest.mark.parametrize(
    ("seed", "inferred"),
    [(2, "the level up names it"), (11, "taken to share a color"), (7, "its Shift is used")],
)
def test_unseen_clock_cards_are_taken_as_what_the_log_needs_ws_9_3_2_ws_8_6_2_1_1(seed: int, inferred: str) -> None:
    """ws:9.3.2, ws:8.6.2.1.1, ws:10.11.2: with the refresh entries left out (the contract lets a log omit
    forced events), the refreshed deck's order is unknown and its cards reach the clock unseen.  A level up
    naming one of them, a play whose color only an unseen clock card can give, or the Shift of an unseen clock
    card is not refused: the notes say what was taken."""
    verdict, notes = replayed_without(seed, verbs=("refresh", "refresh_point"))
    assert verdict.kind is VerdictKind.LEGAL, [v.message for v in verdict.violations[:2]]
    assert inferred in notes


def test_a_card_the_deck_list_cannot_give_is_still_refused_ws_9_3_2() -> None:
    """ws:9.3.2: the level up's card must be one an unseen clock card could be; one the deck list does not
    have is a violation, as before."""
    document = play_game(2)
    document["actions"] = [entry for entry in document["actions"] if entry["do"] not in ("refresh", "refresh_point")]
    index = next(i for i, entry in enumerate(document["actions"]) if entry["do"] == "level_up" and i > 400)
    player = document["actions"][index]["p"]
    deck = next(p["deck"] for p in document["players"] if p["id"] == player)
    document["actions"][index]["card"] = next(card for card in sorted(document["cards"]) if card not in deck)
    verdict = verify_log(parse_log(json.dumps(document), "seed-2.json", "json"), trace=False)
    assert verdict.violations[0].entry == index and "ws:9.3.2" in verdict.violations[0].clauses
