"""Vanguard and ENERGIO!! printed text (engine.games.vg.text, engine.games.wl.text): each bundled card written as
text and as a structured record, with the same verdicts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from engine.games.vg import text as vg_text
from engine.games.vg.playing import modelled as vg_modelled
from engine.games.wl import text as wl_text
from engine.games.wl.playing import modelled as wl_modelled
from judge import games
from judge.cli import main
from judge.logfile import load_log
from judge.replay import verify_log
from judge.verdict import VerdictKind
from rules_index.index import RulesIndex

REPO = Path(__file__).resolve().parents[1]
TEXTS = {"vg": vg_text, "wl": wl_text}
PLAYED = {"vg": vg_modelled, "wl": wl_modelled}
GATES = ("limit_break", "generation_break")
LOCATION = re.compile(r"^\S+:\d+(?::\d+)?: ")
"""Where in its file a message says a header problem is: the two files write the same log on other lines."""


def printed(game: str, record: dict[str, Any]) -> str:
    """The text a card would print for ``record``: the reader's rendering, with ASCII marks as cards print them
    (``[ACT](RC)``, ``(1)`` for ①)."""
    text = TEXTS[game].render(record)
    if game == "vg":
        text = re.sub(r"【(ACT|AUTO|CONT)】", r"[\1]", text).replace("] 【VC】", "](VC)").replace("] 【RC】", "](RC)")
    return text


def defaults(game: str, record: dict[str, Any]) -> dict[str, Any]:
    """``record`` as the engine plays it, its defaults written: an effect with a timing lasts until end of turn
    where it says no more, and its target is the card itself."""
    shaped = {key: value for key, value in record.items() if key != "text"}
    effect = {"target": "self", **shaped["effect"]}
    if shaped["type"] != "cont":
        effect.setdefault("until", "end_of_turn")
    return {**shaped, "effect": effect}


def gated(card: dict[str, Any], ability: dict[str, Any]) -> dict[str, Any]:
    """A Vanguard ability with the Limit Break or Generation Break its card's keyword gives it (vg 10.2.5.1,
    10.2.11.1) as its own condition, as its printed text says it."""
    gates = {
        keyword["keyword"]: keyword["count"]
        for keyword in card.get("keywords") or ()
        if isinstance(keyword, dict) and keyword.get("keyword") in GATES
    }
    return {**ability, "condition": gates} if gates and "condition" not in ability else ability


def card_records(game: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every card record of ``game`` in the bundled pool, the scenario library and the example: (where, id,
    record)."""
    paths = [REPO / "judge" / "data" / f"{game}-starter.yaml", *sorted((REPO / "scenarios" / game).rglob("*.yaml"))]
    paths.append(REPO / "judge" / "examples" / f"{game}-game.yaml")
    for path in paths:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        for card_id, card in (document.get("cards") or {}).items():
            yield path.relative_to(REPO).as_posix(), card_id, card


def bundled_abilities(game: str) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Each distinct structured ability the engine plays among ``game``'s bundled cards, with its card."""
    found: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {}
    for where, card_id, card in card_records(game):
        for ability in card.get("abilities") or ():
            if isinstance(ability, dict) and PLAYED[game](ability):
                found.setdefault(repr(sorted(ability.items())), (f"{where}:{card_id}", card, ability))
    return list(found.values())


@pytest.mark.parametrize("game", ["vg", "wl"])
def test_every_bundled_ability_is_written_as_text_read_back_as_itself(game: str) -> None:
    """vg:8.1.1, wl:8.1.1: each structured ability of the bundled pool, the scenarios and the example renders as
    printed text that the grammar reads back as the same ability (its defaults written out)."""
    abilities = bundled_abilities(game)
    assert len(abilities) >= 12
    for where, card, ability in abilities:
        shaped = gated(card, ability) if game == "vg" else ability
        reading = TEXTS[game].read_ability(printed(game, shaped))
        assert reading.record is not None, (where, reading.normalised, reading.problem)
        assert defaults(game, reading.record) == defaults(game, shaped), where


@pytest.mark.parametrize("game", ["vg", "wl"])
def test_the_pools_printed_texts_are_read_as_their_records(game: str) -> None:
    """The bundled pool's cards keep their printed text beside their records: each text says what its record
    does (vg:10.2.5.1: a card's Limit Break is its abilities' condition)."""
    pool = yaml.safe_load((REPO / "judge" / "data" / f"{game}-starter.yaml").read_text(encoding="utf-8"))
    checked = 0
    for card_id, card in pool["cards"].items():
        for ability in card.get("abilities") or ():
            assert "text" in ability, card_id
            reading = TEXTS[game].read_ability(ability["text"])
            assert reading.record is not None, (card_id, reading.problem)
            shaped = gated(card, ability) if game == "vg" else ability
            assert defaults(game, reading.record) == defaults(game, shaped), card_id
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("game", ["vg", "wl"])
def test_each_example_of_the_site_table_is_read_back_and_cites_clauses_that_resolve(
    game: str, index: RulesIndex
) -> None:
    """The site's table of the words as printed: each example reads back as itself, is played by the engine, and
    every clause it cites is in the rules index."""
    rows = games.get(game).printed_text_vocabulary()
    assert len(rows) == len(TEXTS[game].EXAMPLES) >= 9
    for _, what, text, record, clauses in rows:
        reading = TEXTS[game].read_ability(text)
        assert reading.record is not None and {k: v for k, v in reading.record.items() if k != "text"} == record, what
        assert PLAYED[game](record), what
        assert clauses and all(index.resolve(clause) is not None for clause in clauses), (what, clauses)


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("vg", "[AUTO](RC):When this unit boosts, +3000."),  # the duration is not said
        ("vg", "[ACT](RC):[Counter Blast (1)] This unit gets [Power]+5000 until end of turn. Draw a card."),
        ("vg", "[CONT](RC):This unit gets [Power]+1000 until end of turn."),  # a continuous ability lasts no "until"
        ("vg", "[AUTO](VC):When this unit attacks, This unit gets [Power]+3000 until end of that battle."),
        ("vg", "[ACT](RC):[Counter Blast (1) & Counter Blast (1)] This unit gets [Power]+1000 until end of turn."),
        ("wl", "[Main] Your Leader gets +2000 power."),  # an event's effect says how long
        ("wl", "[On Play] Trash 2 card from your hand: Your Leader gets +1000 power during this turn."),
        ("wl", "[Your Turn] [Your Turn] This Character gets +1000 power."),
        ("wl", "[Main] Draw 1 card."),
    ],
)
def test_text_that_says_more_less_or_otherwise_than_a_template_is_not_read(game: str, text: str) -> None:
    reading = TEXTS[game].read_ability(text)
    assert reading.record is None and reading.problem


def test_parenthesised_circles_are_marks_and_reminder_text_is_left_out() -> None:
    """(VC) and (RC) name the circle an ability works on (vg 8.1.1): they are not reminder text."""
    reading = vg_text.read_ability(
        "[CONT](VC) Limit Break 4: This unit gets [Power]+2000. (Active if you have four or more damage)"
    )
    assert reading.record is not None
    assert reading.record["zone"] == "V" and reading.record["condition"] == {"limit_break": 4}


def test_circled_and_parenthesised_costs_are_one_cost() -> None:
    """wl:8.3.1.5: ① is an activation cost of one active ENERGIO!! card; "(1)" is the same written in ASCII."""
    circled = wl_text.read_ability("[Activate: Main] ①: This Character gets +2000 power during this turn.")
    ascii_written = wl_text.read_ability("[Activate: Main] (1): This Character gets +2000 power during this turn.")
    assert circled.record is not None and ascii_written.record is not None
    assert circled.record["cost"] == ascii_written.record["cost"] == {"energio": 1}


# ------------------------------------------------------------------ the same verdicts, written either way


def as_printed_text(game: str, document: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """``document`` with every ability of its cards the engine plays written as printed text (a string, as a card
    record may give it), and how many were."""
    written = 0
    for card in (document.get("cards") or {}).values():
        abilities = card.get("abilities")
        if not abilities:
            continue
        rewritten = []
        for ability in abilities:
            if isinstance(ability, dict) and PLAYED[game](ability):
                rewritten.append(printed(game, gated(card, ability) if game == "vg" else ability))
                written += 1
            else:
                rewritten.append(ability)
        card["abilities"] = rewritten
    return document, written


def outcome(path: Path) -> tuple[Any, ...]:
    verdict = verify_log(load_log(path))
    return (
        verdict.kind,
        verdict.winner,
        verdict.judged,
        [(violation.entry, LOCATION.sub("", violation.message)) for violation in verdict.violations],
    )


def logs_with_abilities(game: str) -> list[Path]:
    """The logs of ``game`` whose cards have abilities the engine plays: scenarios, the example and the format's
    test logs, legal and broken."""
    paths = [
        *sorted((REPO / "scenarios" / game).rglob("*.yaml")),
        REPO / "judge" / "examples" / f"{game}-game.yaml",
        *sorted((REPO / "tests" / "data" / "format" / game).rglob("*.yaml")),
    ]
    return [path for path in paths if "abilities:" in path.read_text(encoding="utf-8")]


def judged_both_ways(game: str, path: Path, tmp_path: Path) -> tuple[tuple[Any, ...], tuple[Any, ...], int]:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    rewritten, written = as_printed_text(game, document)
    as_text = tmp_path / path.name
    as_text.write_text(yaml.safe_dump(rewritten, sort_keys=False, allow_unicode=True, width=10_000), encoding="utf-8")
    return outcome(path), outcome(as_text), written


@pytest.mark.parametrize("game", ["vg", "wl"])
def test_every_bundled_log_gets_the_same_verdict_with_its_cards_written_as_text(game: str, tmp_path: Path) -> None:
    """vg:8.1.1, wl:8.1.1: the scenario library, the example and the format's logs (legal and broken) are judged
    the same, entry for entry, whether their cards give their abilities as records or as printed text."""
    paths = logs_with_abilities(game)
    assert len(paths) >= 10
    kinds = set()
    written_in_all = 0
    for path in paths:
        structured, printed_text, written = judged_both_ways(game, path, tmp_path)
        assert printed_text == structured, path.relative_to(REPO).as_posix()
        kinds.add(structured[0])
        written_in_all += written
    assert written_in_all >= len(paths)
    assert {VerdictKind.LEGAL, VerdictKind.ILLEGAL} <= kinds


@pytest.mark.parametrize(("game", "seed"), [("vg", 5), ("vg", 11), ("wl", 5), ("wl", 11)])
def test_a_self_played_game_of_the_pool_is_judged_the_same_with_its_cards_as_text(
    game: str, seed: int, tmp_path: Path
) -> None:
    """Self-play of the bundled pool, whose cards carry their abilities, judged with them as records and as text:
    legal both ways, with the same trace of abilities played."""
    document = games.get(game).self_play(seed)
    structured = tmp_path / "structured.yaml"
    structured.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True), encoding="utf-8")
    rewritten, written = as_printed_text(game, yaml.safe_load(structured.read_text(encoding="utf-8")))
    assert written >= 5
    as_text = tmp_path / "as-text.yaml"
    as_text.write_text(yaml.safe_dump(rewritten, sort_keys=False, allow_unicode=True, width=10_000), encoding="utf-8")
    first, second = verify_log(load_log(structured)), verify_log(load_log(as_text))
    assert first.kind is second.kind is VerdictKind.LEGAL
    assert [record.message for record in first.records] == [record.message for record in second.records]


@pytest.mark.parametrize(
    ("game", "old", "new"),
    [
        (
            "vg",
            "[AUTO](RC):When this unit boosts, this unit gets [Power]+3000 until end of that battle.",
            "[AUTO](RC):When this unit boosts, draw a card.",
        ),
        (
            "wl",
            "[Counter] Your Leader or 1 of your Characters gets +3000 power during this battle.",
            "[Counter] Draw 1 card.",
        ),
    ],
)
def test_printed_text_that_is_not_read_is_reported_never_ignored(game: str, old: str, new: str, tmp_path: Path) -> None:
    """vg:8.5, wl:8.1.1: an ability written as text the grammar does not read is card text the engine reports
    where it acts: the first self-played game whose verdict it changes is incomplete, naming the text."""
    for seed in range(5, 40):
        document = games.get(game).self_play(seed)
        rewritten, _ = as_printed_text(game, document)
        source = yaml.safe_dump(rewritten, sort_keys=False, allow_unicode=True, width=10_000)
        if old not in source:
            continue
        path = tmp_path / f"{seed}.yaml"
        path.write_text(source.replace(old, new), encoding="utf-8")
        verdict = verify_log(load_log(path))
        if verdict.kind is not VerdictKind.LEGAL:
            assert verdict.kind is VerdictKind.INCOMPLETE, verdict.violations
            assert any(new in note and "card text the engine does not play" in note for note in verdict.notes)
            return
    pytest.fail(f"no self-played {game} game plays the ability {old!r}")


def write_catalog(tmp_path: Path, game: str, cards: dict[str, Any]) -> Path:
    path = tmp_path / f"{game}-cards.yaml"
    path.write_text(yaml.safe_dump(cards, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


VG_CARDS: dict[str, Any] = {
    "TST/V-01": {
        "name": "Lantern Knight",
        "type": "normal",
        "grade": 1,
        "power": 8000,
        "shield": 5000,
        "skills": ["boost"],
        "text": "[AUTO](RC):When this unit boosts, this unit gets [Power]+3000 until end of that battle.\n"
        "[ACT](RC) 1/Turn:[Counter Blast (1)] This unit gets [Power]+2000 until end of turn.\n",
    },
    "TST/V-02": {
        "name": "Hollow Seer",
        "type": "normal",
        "grade": 2,
        "power": 9000,
        "shield": 5000,
        "skills": ["intercept"],
        "abilities": ["[AUTO](RC):When this unit intercepts, draw a card."],
    },
}
WL_CARDS: dict[str, Any] = {
    "TST/W-01": {
        "name": "Harbor Lookout",
        "category": "character",
        "color": ["red"],
        "power": 2000,
        "cost": 1,
        "text": "[On Play] This Character gets +1000 power during this turn.\n"
        "[Opponent's Turn] This Character gets +1000 power.\n",
    },
    "TST/W-02": {
        "name": "Tide Caller",
        "category": "character",
        "color": ["red"],
        "power": 3000,
        "cost": 2,
        "abilities": ["[On Play] Draw 1 card."],
    },
}


@pytest.mark.parametrize(
    ("game", "cards", "read_in_full"), [("vg", VG_CARDS, "TST/V-01"), ("wl", WL_CARDS, "TST/W-01")]
)
def test_cards_read_and_show_a_catalog_of_either_game(
    game: str, cards: dict[str, Any], read_in_full: str, tmp_path: Path
) -> None:
    """``judge cards read --game vg|wl`` counts the cards and abilities read and groups the unread; ``judge cards
    show`` gives what each ability is read as and the clauses it cites."""
    catalog = str(write_catalog(tmp_path, game, cards))
    result = CliRunner().invoke(main, ["cards", "read", catalog, "--game", game, "--json"])
    assert result.exit_code == 0, result.output
    found = yaml.safe_load(result.output)
    assert (found["cards"], found["read"], found["abilities"], found["abilities_read"]) == (2, 1, 3, 2)
    assert [entry["abilities"] for entry in found["unread"]] == [1]
    shown = CliRunner().invoke(main, ["cards", "show", catalog, read_in_full, "--game", game])
    assert shown.exit_code == 0, shown.output
    assert "read as:" in shown.output and f"cites: {game}:" in shown.output
