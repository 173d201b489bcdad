"""Printed card text read into the structured shape, played by the engine, and reported where it is not read.

The texts are made up, in the templates of real Weiss Schwarz cards; the installed weiss-sim's catalog (its real
cards) checks that every text the reader accepts says exactly what it is read as.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any, Final

import pytest
import yaml
from click.testing import CliRunner

from engine.core.printed_text import normalise, pattern_of, without_reminders
from engine.games.ws import text as ws_text
from engine.games.ws.cards import definition_from_record
from engine.games.ws.vocabulary import VOCABULARY, clauses_of
from judge.cards.catalog import CATALOGS_VARIABLE
from judge.cards.reading import read_card
from judge.cli import main
from judge.logfile import load_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

DATA = Path(__file__).parent / "data"
CATALOG = DATA / "catalogs" / "good.yaml"
LOGS = DATA / "printed-text"


@pytest.fixture
def catalog(monkeypatch: pytest.MonkeyPatch) -> Path:
    """The made-up catalog, in use as ``--cards`` would make it."""
    monkeypatch.setenv(CATALOGS_VARIABLE, str(CATALOG))
    return CATALOG


# --------------------------------------------------------------------------- normalising


def test_ascii_spellings_are_read_as_printed() -> None:
    assert normalise("[AUTO] [CXCOMBO] When <<Music>> attacks") == "【AUTO】 【CXCOMBO】 When 《Music》 attacks"


def test_reminder_text_is_left_out_but_a_stock_cost_stays() -> None:
    text = '【AUTO】 Bond/"Hero" [(1)] (When this card is played (and placed), you may pay the cost)'
    assert without_reminders(text).strip() == '【AUTO】 Bond/"Hero" [(1)]'
    assert normalise("Backup 1000, Level 1 [(1)  Put this card ]") == "Backup 1000, Level 1 [(1) Put this card]"


def test_marks_written_together_are_read_apart() -> None:
    assert normalise("【AUTO】【CLOCK】 Shift") == "【AUTO】 【CLOCK】 Shift"


def test_a_pattern_leaves_out_numbers_names_and_traits_but_keeps_signs() -> None:
    assert pattern_of('Bond/"Hero" [(1)] 《Music》 +1500 power') == 'Bond/"…" [(N)] 《…》 +N power'


# --------------------------------------------------------------------------- what each template is read as

READ_AS: list[tuple[str, dict[str, Any]]] = [
    (
        "【ACT】 【COUNTER】 Backup 3000, Level 2 [(1) Put this card from your hand into your waiting room] (reminder)",
        {"keyword": "backup", "power": 3000, "level": 2, "cost": {"stock": 1}},
    ),
    (
        "[CONT] Assist All of your characters in front of this card get +500 power.",
        {"keyword": "assist", "power": 500},
    ),
    (
        '【AUTO】 Bond/"Night Reader" [(1)] (When this card is played...)',
        {"keyword": "bond", "name": "Night Reader", "cost": {"stock": 1}},
    ),
    (
        '【AUTO】 Bond/"Night Reader" [Put a card from your hand into your waiting room] (When this card is...)',
        {"keyword": "bond", "name": "Night Reader", "cost": {"discard": 1}},
    ),
    ("【AUTO】 Encore [(2)]", {"keyword": "encore", "cost": {"stock": 2}}),
    (
        "【CONT】 During your turn, if there is a marker underneath this card, this card gets +1500 power.",
        {
            "type": "cont",
            "condition": {"turn": "own", "markers": {"at_least": 1}},
            "effect": [{"power": 1500, "target": "self"}],
        },
    ),
    (
        "【CONT】 If you have 2 or more 《Music》 characters, this card gets -1 level while in your hand.",
        {
            "type": "cont",
            "zone": "hand",
            "condition": {"characters": {"at_least": 2, "traits": ["Music"]}},
            "effect": [{"level": -1, "target": "self"}],
        },
    ),
    (
        "【CONT】 Assist All of your characters in front of this card get +X power. X is equal to 500 multiplied by "
        "that character's level.",
        {"keyword": "assist", "power": 500, "per_level": True},
    ),
    (
        "【ACT】 Brainstorm [(1) 【REST】 this card] Flip over four cards from the top of your deck, and put them into "
        "your waiting room. For each climax revealed among those cards, draw up to one card.",
        {
            "type": "act",
            "cost": {"stock": 1, "rest": True},
            "effect": [{"brainstorm": 4, "per_climax": {"draw": 1, "up_to": True}}],
        },
    ),
    (
        "【ACT】 [(1) 【REST】 this card] Look at up to four cards from the top of your deck, choose up to one level 1 or "
        "higher card from among them, reveal it to your opponent, put it into your hand, and put the rest into your "
        "waiting room.",
        {
            "type": "act",
            "cost": {"stock": 1, "rest": True},
            "effect": [{"look": 4, "take": "any", "level_at_least": 1, "shown": True}],
        },
    ),
    (
        "【AUTO】 Encore [Put the top card of your deck into your clock] (When this card is put into your waiting...)",
        {"keyword": "encore", "cost": {"clock": 1}},
    ),
    (
        "【AUTO】 When this card is placed on the stage from your hand, look at the top card of your deck, and put it on "
        "the top or at the bottom of your deck.",
        {"type": "auto", "timing": "on_play", "effect": [{"look_top": ["deck_top", "deck_bottom"]}]},
    ),
    (
        "【AUTO】 At the beginning of your opponent's attack phase, if there is a character facing this card, you may "
        "move this card to the open middle position of your center stage.",
        {
            "type": "auto",
            "timing": "at_beginning",
            "phase": "attack_phase",
            "whose": "opponent",
            "condition": {"facing": {}},
            "optional": True,
            "effect": [{"move_self": "open_middle"}],
        },
    ),
    (
        '【CONT】 During your turn, all of your other "Night Reader" get +1000 power.',
        {
            "type": "cont",
            "condition": {"turn": "own"},
            "effect": [{"power": 1000, "target": "others", "with_name": "Night Reader"}],
        },
    ),
    (
        '【AUTO】 Bond／"Night Reader" [(1)] （When this card is played and placed on stage, you may pay the cost.）',
        {"keyword": "bond", "name": "Night Reader", "cost": {"stock": 1}},
    ),
    (
        '【AUTO】 When this card attacks, search your deck for up to one "Night Reader", reveal it to your opponent, '
        "put it into your hand, and shuffle your deck.",
        {"type": "auto", "timing": "when_attacking", "effect": [{"search": "any", "with_name": "Night Reader"}]},
    ),
    (
        "【AUTO】 When this card becomes 【REVERSE】, if the level of this card's battle opponent is higher than your "
        "opponent's level, you may put that character on the bottom of your opponent's deck.",
        {
            "type": "auto",
            "timing": "when_reversed",
            "condition": {"battle_opponent": {"above_player_level": True}},
            "optional": True,
            "effect": [{"battle_opponent": "deck_bottom"}],
        },
    ),
    (
        "【CONT】 All of your other 《Music》 or 《Idol》 characters get +500 power.",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "with_trait": ["Music", "Idol"]}]},
    ),
    (
        '【CONT】 All of your other "Night Reader" get +1000 power.',
        {"type": "cont", "effect": [{"power": 1000, "target": "others", "with_name": "Night Reader"}]},
    ),
    (
        "【CONT】 Assist All of your 《Music》 characters in front of this card get +X power. "
        "X is equal to that character's level ×500.",
        {"keyword": "assist", "power": 500, "per_level": True, "traits": ["Music"]},
    ),
    (
        '【AUTO】 When you use this card\'s "Backup", if you have an 《Music》 or 《Idol》 character, choose one of your '
        "characters in battle, and that character gets +1500 power until end of turn.",
        {
            "type": "auto",
            "timing": "when_backup",
            "condition": {"characters": {"at_least": 1, "traits": ["Music", "Idol"]}},
            "effect": [{"power": 1500, "target": "choose", "in_battle": True}],
        },
    ),
    (
        "【AUTO】 When this card is placed on your climax area from your hand, choose up to one red card in your "
        "waiting room, put it into your stock, and all of your characters get +1 soul until end of turn.",
        {
            "type": "auto",
            "timing": "on_play",
            "zone": "climax",
            "effect": [{"salvage": "any", "color": "red", "to": "stock", "up_to": True}, {"soul": 1, "target": "all"}],
        },
    ),
    (
        "【AUTO】【CLOCK】 Shift, Level 1 (At the beginning of your main phase, you may choose 1 red card in your hand and "
        "this card in your clock, and exchange them)",
        {"keyword": "shift", "level": 1},
    ),
    (
        "【CONT】 If the number of your other 《Music》 characters is three or more, this card gets +1000 power.",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 3, "other": True, "traits": ["Music"]}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "【CONT】 Assist All of your level 0 or lower characters in front of this card gets +1000 power.",
        {"keyword": "assist", "power": 1000, "max_level": 0},
    ),
    (
        "【ACT】 [【REST】 one of your 【STAND】 《Music》 characters] This card gets +1000 power until end of turn.",
        {
            "type": "act",
            "cost": {"stock": 0, "rest_characters": 1, "rest_traits": ["Music"]},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "【CONT】 Your other character in the middle position of the center stage gets +500 power.",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "position": "middle"}]},
    ),
    (
        "Choose 1 level 1 or lower character in your waiting room, return it to your hand.",
        {"timing": "main", "effect": [{"salvage": "character", "level_at_most": 1}]},
    ),
    (
        "【AUTO】 Encore [Put 1 character from your hand into your waiting room] (When this card is put into...)",
        {"keyword": "encore", "cost": {"discard": 1, "discard_type": "character"}},
    ),
    (
        "【AUTO】 Encore [Put an 《Music》 or 《Idol》 character from your hand into your waiting room]",
        {"keyword": "encore", "cost": {"discard": 1, "discard_type": "character", "discard_traits": ["Music", "Idol"]}},
    ),
    (
        "【CONT】 All of your characters get +1000 power and +1 soul.",
        {"type": "cont", "effect": [{"power": 1000, "soul": 1, "target": "all"}]},
    ),
    (
        "【CONT】 All of your other 《Music》 characters get +500 power.",
        {"type": "cont", "effect": [{"power": 500, "target": "others", "with_trait": "Music"}]},
    ),
    (
        "【AUTO】 [(1)] When this card attacks, you may pay the cost. If you do, this card gets +2000 power "
        "until end of turn.",
        {
            "type": "auto",
            "timing": "when_attacking",
            "cost": {"stock": 1},
            "effect": [{"power": 2000, "target": "self"}],
        },
    ),
    (
        "【AUTO】 When this card is placed on your climax area from hand, draw a card, choose one of your characters, "
        "and that character gets +2000 power and +1 soul until end of turn.",
        {
            "type": "auto",
            "timing": "on_play",
            "zone": "climax",
            "effect": [{"draw": 1}, {"power": 2000, "soul": 1, "target": "choose"}],
        },
    ),
    (
        "【ACT】 [(1) 【REST】 this card] Choose 1 of your characters, and that character gets +1500 power "
        "until end of turn.",
        {"type": "act", "cost": {"stock": 1, "rest": True}, "effect": [{"power": 1500, "target": "choose"}]},
    ),
    (
        "Choose 1 character in your waiting room, and return it to your hand. Draw 2 cards.",
        {"timing": "main", "effect": [{"salvage": "character"}, {"draw": 2}], "sentences": [1, 1]},
    ),
    (
        "【CONT】 If the number of other 《Music》 characters you have is three or more, this card gets +1000 power.",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 3, "other": True, "traits": ["Music"]}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "【CONT】 If you have two or more other 《Music》 characters, this card gets +1000 power.",
        {
            "type": "cont",
            "condition": {"characters": {"at_least": 2, "other": True, "traits": ["Music"]}},
            "effect": [{"power": 1000, "target": "self"}],
        },
    ),
    (
        "【AUTO】 When this card attacks, this card gets +X power until end of turn. X is equal to 500 multiplied by "
        "the number of 《Music》 characters you have.",
        {
            "type": "auto",
            "timing": "when_attacking",
            "effect": [{"power": 500, "target": "self", "per": {"characters": {"traits": ["Music"]}}}],
        },
    ),
    (
        "【AUTO】 When this card is placed on the stage from your hand, you may put the top card of your clock into "
        "your stock.",
        {"type": "auto", "timing": "on_play", "optional": True, "effect": [{"clock_to_stock": 1}]},
    ),
]


@pytest.mark.parametrize(
    ("text", "record"),
    READ_AS,
    ids=[str(record.get("keyword") or record.get("type") or "event") for _, record in READ_AS],
)
def test_a_template_is_read_as_its_structured_shape(text: str, record: dict[str, Any]) -> None:
    reading = ws_text.read_ability(text)
    assert reading.record is not None, reading.problem
    assert {key: value for key, value in reading.record.items() if key != "text"} == record
    assert reading.record["text"] == text  # the printed text is kept, for reports


@pytest.mark.parametrize(
    "text",
    [
        "【CONT】 All of your characters get +1000 power and +1 soul",  # no full stop
        "【AUTO】 When this card attacks, this card gets +1000 power.",  # no duration
        "【AUTO】 When this card attacks, this card gets +1000 power until end of turn and more.",
        "【CONT】 If this card is in the back stage, this card gets +1000 power.",
        "【AUTO】 When this card attacks, draw 2 card.",  # renders as "draw 2 cards": not the text
        "【AUTO】 Encore [Put 2 characters from your hand into your waiting room]",  # a cost of one card only
        "【AUTO】 Encore [Put 1 《Music》 characters from your hand into your waiting room]",
    ],
)
def test_text_that_says_more_or_less_than_a_template_is_not_read(text: str) -> None:
    reading = ws_text.read_ability(text)
    assert reading.record is None
    assert reading.problem


def test_an_unread_ability_keeps_the_category_its_mark_gives() -> None:
    unread = ws_text.ability_record("【AUTO】 When this card is put into your clock, draw a card.", "character")
    assert unread["type"] == "auto" and "unread" in unread
    event = ws_text.ability_record("【COUNTER】 Look at the top card of your deck.", "event")
    assert event["timing"] == "counter" and "unread" in event


def test_a_records_text_box_and_an_ability_of_text_alone_are_read() -> None:
    box = definition_from_record(
        "X", {"type": "climax", "text": "【CONT】 All of your characters get +1000 power and +1 soul.\n(reminder)"}
    )
    assert box.abilities[0]["effect"] == [{"power": 1000, "soul": 1, "target": "all"}]
    assert len(box.abilities) == 1  # a line of reminder text alone is no ability
    alone = definition_from_record("Y", {"type": "character", "abilities": [{"text": "【CONT】 Great Performance"}]})
    assert alone.keyword("great_performance") is not None


def test_every_text_of_the_real_catalog_read_says_what_it_is_read_as() -> None:
    """For each printed ability of weiss-sim's 18,474 cards that is read, the record renders back to the text,
    normalised: a reading that dropped or changed a word would not."""
    from judge.cards import weiss_sim

    read = 0
    for card in weiss_sim.read_cards():
        record = weiss_sim.catalog_record(card)
        for line in (record.get("text") or "").splitlines():
            reading = ws_text.read_ability(line)
            if reading.record is not None:
                read += 1
                assert ws_text.render(reading.record) == normalise(line, ws_text.SAME_WORDINGS), line
    assert read > 3_000  # the templates read cover thousands of real abilities


# --------------------------------------------------------------------------- the engine plays what it reads


def test_a_log_legal_only_because_of_its_climax_text(catalog: Path) -> None:
    """ws 8.1.1.3, 3.11.2: the climax's continuous ability gives the attacker +1000 power and +1 soul, so the
    direct attack deals 3 damage; a log with this catalog's text is legal."""
    verdict = verify_log(load_log(LOGS / "climax-text-legal.yaml"))
    assert verdict.kind is VerdictKind.LEGAL, verdict.violations


def test_a_log_that_ignores_the_climax_text_is_illegal_where_it_does(catalog: Path) -> None:
    verdict = verify_log(load_log(LOGS / "climax-text-ignored.yaml"))
    assert verdict.kind is VerdictKind.ILLEGAL
    assert [violation.entry for violation in verdict.violations] == [1, 3]
    assert "soul is 3, not 2" in verdict.violations[0].message
    assert "ws:7.5.1.2" in verdict.violations[1].clauses


def test_text_that_is_not_read_makes_the_verdict_incomplete_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unread = "【AUTO】 When this card is placed on your climax area from your hand, choose up to 1 card in your hand."
    text = CATALOG.read_text(encoding="utf-8").replace(
        "【CONT】 All of your characters get +1000 power and +1 soul.", unread
    )
    (tmp_path / "cards.yaml").write_text(text, encoding="utf-8")
    monkeypatch.setenv(CATALOGS_VARIABLE, str(tmp_path / "cards.yaml"))
    verdict = verify_log(load_log(LOGS / "climax-text-ignored.yaml"))
    assert verdict.kind is VerdictKind.INCOMPLETE
    assert any("TST/X01-099" in note and unread in note for note in verdict.notes)


def test_without_the_catalog_a_log_of_catalog_cards_is_malformed_and_says_where_to_look() -> None:
    result = CliRunner().invoke(main, ["verify", str(LOGS / "climax-text-legal.yaml")])
    assert result.exit_code == 2
    assert "is not in 'cards' nor in a card catalog given (--cards)" in result.output


def test_verify_takes_the_catalog_with_cards() -> None:
    result = CliRunner().invoke(main, ["verify", str(LOGS / "climax-text-legal.yaml"), "--cards", str(CATALOG)])
    assert result.exit_code == 0, result.output
    assert ": legal" in result.output


# --------------------------------------------------------------------------- judge cards read and show


def test_cards_read_counts_cards_and_abilities_and_groups_the_unread() -> None:
    result = CliRunner().invoke(main, ["cards", "read", str(CATALOG), "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    # Test Pilot has no text, Quick Answer's counter event is read, Grand Finale's continuous ability is read.
    assert found == {"cards": 3, "read": 3, "abilities": 2, "abilities_read": 2, "unread": []}


def test_cards_show_gives_what_each_ability_is_read_as_and_cites() -> None:
    result = CliRunner().invoke(main, ["cards", "show", str(CATALOG), "TST/X01-099"])
    assert result.exit_code == 0, result.output
    assert "read as: " in result.output and "ws:8.1.1.3" in result.output


def test_cards_show_exits_1_for_a_card_with_text_not_read(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("A: {type: character, text: '【CONT】 This card cannot front attack.'}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "show", str(path), "A", "--json"])
    assert result.exit_code == 1
    (ability,) = json.loads(result.output)["abilities"]
    assert ability["read"] is False and ability["pattern"] == "【CONT】 This card cannot front attack."


def test_cards_show_names_a_card_that_is_not_there() -> None:
    result = CliRunner().invoke(main, ["cards", "show", str(CATALOG), "TST/X01-00"])
    assert result.exit_code == 2
    assert "no card 'TST/X01-00'" in result.output and "did you mean" in result.output


# --------------------------------------------------------------------------- what the vocabulary adds, played

ABILITIES = DATA / "catalogs" / "abilities.yaml"


def verdict_of(
    name: str, monkeypatch: pytest.MonkeyPatch, text: str | None = None, tmp_path: Path | None = None
) -> Verdict:
    monkeypatch.setenv(CATALOGS_VARIABLE, str(ABILITIES))
    path = LOGS / name
    if text is not None:
        assert tmp_path is not None
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
    return verify_log(load_log(path))


def judged(name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str = "", new: str = "") -> Verdict:
    """The verdict on the log ``name`` of the printed-text logs, with ``old`` written as ``new``."""
    text = (LOGS / name).read_text(encoding="utf-8").replace(old, new)
    return verdict_of(name, monkeypatch, text, tmp_path)


def assert_judged(verdict: Verdict, entry: int | None = None, said: str | None = None) -> None:
    """Legal where ``said`` and ``entry`` say nothing (a case with no change); else illegal, its first violation at
    ``entry`` and saying ``said`` where given."""
    if said is None and entry is None:
        assert verdict.kind is VerdictKind.LEGAL, verdict.violations
        return
    if said is None and entry is not None and verdict.kind is VerdictKind.LEGAL:
        raise AssertionError(f"legal, where entry {entry} breaks the rules")
    assert verdict.kind is VerdictKind.ILLEGAL, verdict.violations
    if entry is not None:
        assert verdict.violations[0].entry == entry, verdict.violations
    if said is not None:
        assert said in verdict.violations[0].message, verdict.violations


def test_a_continuous_ability_applies_while_its_condition_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """ws 8.1.1.3: "During your turn" holds for P1's Home Crowd in P1's turn, not for P2's; "for each of your
    other 《Music》 characters" counts Plain Singer and not Plain Runner."""
    assert verdict_of("conditions.yaml", monkeypatch).kind is VerdictKind.LEGAL


@pytest.mark.parametrize(("old", "new"), [("1: {power: 4000}", "1: {power: 3000}"), ("power: 3500", "power: 4000")])
def test_a_log_that_ignores_a_condition_is_illegal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str
) -> None:
    text = (LOGS / "conditions.yaml").read_text(encoding="utf-8").replace(old, new, 1)
    verdict = verdict_of("conditions.yaml", monkeypatch, text, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 0


def test_a_character_that_cannot_side_attack_is_refused_one(monkeypatch: pytest.MonkeyPatch) -> None:
    verdict = verdict_of("cannot-side-attack.yaml", monkeypatch)
    assert verdict.kind is VerdictKind.ILLEGAL
    assert "ws:8.1.1.3" in verdict.violations[0].clauses and "cannot side attack" in verdict.violations[0].message


def test_you_may_is_answered_by_use(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The top card of the clock goes to the waiting room when the log uses the ability; declined, it stays, and a
    log that says it moved is illegal at the entry that says so."""
    assert verdict_of("you-may-heal.yaml", monkeypatch).kind is VerdictKind.LEGAL
    declined = (LOGS / "you-may-heal.yaml").read_text(encoding="utf-8").replace("use: true", "use: false")
    verdict = verdict_of("you-may-heal.yaml", monkeypatch, declined, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and [v.entry for v in verdict.violations] == [1]


def test_a_choice_among_characters_of_a_trait_offers_only_them(monkeypatch: pytest.MonkeyPatch) -> None:
    verdict = verdict_of("choose-by-trait.yaml", monkeypatch)
    assert verdict.kind is VerdictKind.ILLEGAL
    (violation,) = verdict.violations
    assert violation.entry == 1 and "ws:8.6.3" in violation.clauses and "《Music》" in violation.message


# --------------------------------------------------------------------------- the vocabulary the site shows


@pytest.mark.parametrize(("kind", "what", "record"), VOCABULARY, ids=[what for _, what, _ in VOCABULARY])
def test_each_word_of_the_vocabulary_reads_back_from_its_text(kind: str, what: str, record: dict[str, Any]) -> None:
    """The site's table shows each word as ``render`` writes it: that text must read as the same record, which the
    engine plays (a card with it is a card of the game)."""
    reading = ws_text.read_ability(ws_text.render(record))
    assert reading.record is not None, reading.problem
    assert {key: value for key, value in reading.record.items() if key != "text"} == record
    card_type = "event" if "timing" in record and "type" not in record else "character"
    definition_from_record("X", {"type": card_type, "abilities": [ws_text.render(record)]})
    assert all(clause.startswith("ws:") for clause in clauses_of(record))


def test_an_ability_performs_the_standby_effect_as_the_icon_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ws 4.12.2.10: the character comes from the waiting room onto the position, rested; one that is not in the
    waiting room is not a choice the effect offers."""
    assert verdict_of("standby-effect.yaml", monkeypatch).kind is VerdictKind.LEGAL
    absent = (LOGS / "standby-effect.yaml").read_text(encoding="utf-8").replace("waiting: [TST/A-001]", "waiting: []")
    verdict = verdict_of("standby-effect.yaml", monkeypatch, absent, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL
    assert verdict.violations[0].entry == 1 and "ws:4.12.2.10" in verdict.violations[0].clauses


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("cards: [TST/A-021]", "cards: [TST/A-002]", "the climax the cost"),  # not a climax
        ("target: TST/A-001", "target: TST/A-002", "TST/A-002 cannot be chosen: choose 1 《Music》 character"),
    ],
    ids=["paid", "not-a-climax", "not-music"],
)
def test_a_cost_that_puts_a_card_from_the_hand_names_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.4.2: the resolve entry that pays names the climax its cost puts into the waiting room (cards); the
    effect then chooses among the 《Music》 characters of the waiting room (target)."""
    text = (LOGS / "discard-cost.yaml").read_text(encoding="utf-8").replace(old, new)
    verdict = verdict_of("discard-cost.yaml", monkeypatch, text, tmp_path)
    if said is None:
        assert verdict.kind is VerdictKind.LEGAL, verdict.violations
    else:
        assert verdict.kind is VerdictKind.ILLEGAL
        (violation,) = verdict.violations
        assert violation.entry == 1 and said in violation.message


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("pay: true, cards: [TST/A-001],", "pay: {discard: 1}, cards: [TST/A-001],", None),
        ("cards: [TST/A-001],", "cards: [TST/A-002],", "cannot pay this cost"),  # not 《Music》
        ("cards: [TST/A-001],", "cards: [TST/A-023],", "not in P1's hand"),
        ("pay: true, cards: [TST/A-001],", "pay: {stock: 3},", "Encore costs 3 stock and P1 has 1"),
    ],
    ids=["paid", "named", "not-music", "not-in-hand", "stock"],
)
def test_an_encore_with_a_hand_cost_names_the_card_it_puts_into_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 10.2, 8.4.2: Understudy's "Encore [Put a 《Music》 character from your hand into your waiting room]" is
    paid with a 《Music》 character of the hand, named by the encore entry, and with no stock; Encore [3] (10.2.3)
    stays beside it."""
    verdict = judged("encore-hand-cost.yaml", monkeypatch, tmp_path, old, new)
    assert_judged(verdict, entry=None if said is None else 3, said=said)
    if said is not None:
        assert {"ws:10.2.2", "ws:8.4.2"} & set(verdict.violations[0].clauses)


def test_an_encore_with_a_hand_cost_may_name_the_card_in_the_next_resolve_entry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = (LOGS / "encore-hand-cost.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "pay: true, cards: [TST/A-001],\n",
        "pay: true}\n  - {p: P1, do: resolve, source: TST/A-023, ability: encore, cards: [TST/A-001],\n",
    )
    assert verdict_of("encore-hand-cost.yaml", monkeypatch, text, tmp_path).kind is VerdictKind.LEGAL


def test_an_encore_with_a_hand_cost_is_legal_only_because_of_its_text(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Written without its text (the log's own record wins over the catalog's), Understudy has only the Encore [3]
    of 10.2.3, and P1 has 1 stock: the same encore entry breaks 10.2.2."""
    vanilla = "cards: {TST/A-023: {name: Understudy, type: character, color: yellow, power: 1000, traits: [Music]}}"
    text = (LOGS / "encore-hand-cost.yaml").read_text(encoding="utf-8").replace("cards: {}", vanilla)
    verdict = verdict_of("encore-hand-cost.yaml", monkeypatch, text, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 3
    assert "has no Encore [a card from the hand]" in verdict.violations[0].message


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [("", "", None), ("cards: [TST/A-002],", "cards: [TST/A-001],", "not in P1's hand")],
    ids=["paid", "not-in-hand"],
)
def test_a_bond_with_a_hand_cost_names_the_card_paid(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 10.4.2, 8.4.2: Old Friend's Bond puts a card from the hand into the waiting room, no stock."""
    assert_judged(
        judged("bond-hand-cost.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 1, said=said
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("target: TST/A-026", "target: TST/A-001", "TST/A-001 cannot be chosen: choose up to 1 red card"),
        ("target: TST/A-026", "target: TST/A-025", "TST/A-025 is not in P1's waiting room"),
        ("target: TST/A-026,", "target: false,", "expect: P1 stock has 0 card(s), not 1"),  # none chosen
        ("soul: 2", "soul: 1", "soul is 2, not 1"),  # the soul the text gives, ignored
    ],
    ids=["chosen", "not-red", "not-there", "none", "no-soul"],
)
def test_a_climax_puts_up_to_one_card_of_its_colour_from_the_waiting_room_into_the_stock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.6.3, 3.10: "choose up to one red card in your waiting room, put it into your stock, and all of your
    characters get +1 soul": the resolve entry names the red card chosen (or none, target: false), and the
    entry's expect sees the stock and the soul both, once the whole ability has resolved."""
    assert_judged(
        judged("climax-to-stock.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 1, said=said
    )


def test_using_a_backup_triggers_its_cards_automatic_ability_from_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ws 10.5.2, 8.1.1.2, 7.2.1.5.1: "When you use this card's "Backup", if you have a 《Music》 character,
    choose 1 of your characters in battle, and that character gets +1000 power": the defending character gets the
    Backup's +1000 and the ability's; a log that leaves the ability's out is illegal at the entry that does."""
    assert verdict_of("backup-used.yaml", monkeypatch).kind is VerdictKind.LEGAL
    ignored = (LOGS / "backup-used.yaml").read_text(encoding="utf-8").replace("power: 4000", "power: 3000")
    verdict = verdict_of("backup-used.yaml", monkeypatch, ignored, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 3
    assert "power is 4000, not 3000" in verdict.violations[0].message


def test_an_automatic_abilitys_condition_unmet_when_the_backup_is_used_does_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With no 《Music》 character on P2's stage the condition does not hold (8.6.2.4.4): no choice is made, so a
    resolve entry that chooses has no ability to answer."""
    text = (LOGS / "backup-used.yaml").read_text(encoding="utf-8")
    text = text.replace("{TST/A-001: 4, TST/A-027: 4}", "{TST/A-002: 4, TST/A-027: 4}")
    text = text.replace("  P2:\n    stage: {2: TST/A-001}", "  P2:\n    stage: {2: TST/A-002}")
    text = text.replace("stock: [TST/A-001]\n    level: [TST/A-001]", "stock: [TST/A-002]\n    level: [TST/A-002]")
    text = text.replace("deck: {top: [TST/A-001], rest: 3}\nactions", "deck: {top: [TST/A-002], rest: 3}\nactions")
    text = text.replace(
        "  - {p: P2, do: resolve, source: TST/A-027, target: 2, expect: {P2: {stage: {2: {power: 4000}}, waiting: 2}}}\n",
        "",
    )
    assert "TST/A-001: 4, TST/A-027" not in text and "do: resolve" not in text
    text = text.replace(
        "do: pass, expect: {P1: {stage: {2: {state: reverse}}}}", "do: pass, expect: {P2: {stage: {2: {power: 3000}}}}"
    )
    verdict = verdict_of("backup-used.yaml", monkeypatch, text, tmp_path)
    assert verdict.kind is VerdictKind.LEGAL, verdict.violations


@pytest.mark.parametrize(
    ("old", "new"),
    [("", ""), ("1: {power: 4000}", "1: {power: 3000}"), ("2: {power: 2500}", "2: {power: 2000}")],
    ids=["legal", "name-ignored", "second-trait-ignored"],
)
def test_continuous_abilities_pick_characters_by_one_of_two_traits_and_by_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str
) -> None:
    """ws 8.1.1.3, 10.3: "All of your other 《Music》 or 《Sports》 characters", "All of your other "Plain
    Singer"" and an Assist of 《Music》 characters each apply to the characters they name, and to no other."""
    text = (LOGS / "trait-alternatives.yaml").read_text(encoding="utf-8").replace(old, new)
    verdict = verdict_of("trait-alternatives.yaml", monkeypatch, text, tmp_path)
    if not old:
        assert verdict.kind is VerdictKind.LEGAL, verdict.violations
    else:
        assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 0


def test_a_reversed_character_may_reverse_its_battle_opponent(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """ws 7.6.1.2, 7.2.1.5.1: "When this card becomes 【REVERSE】, if this card's battle opponent is level 2 or
    lower, you may 【REVERSE】 that character": used, both characters are reversed; declined, a log that says the
    attacker was reversed is illegal at the entry that says so."""
    assert verdict_of("reverse-that-character.yaml", monkeypatch).kind is VerdictKind.LEGAL
    declined = (LOGS / "reverse-that-character.yaml").read_text(encoding="utf-8").replace("use: true,", "use: false,")
    verdict = verdict_of("reverse-that-character.yaml", monkeypatch, declined, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 4


def test_the_battle_opponents_level_is_checked_as_the_ability_resolves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Written "level 1 or lower" (the log's own record wins over the catalog's), the level 2 Veteran is out of
    reach: the ability does nothing and asks nothing, so the resolve entry that uses it has no ability to answer."""
    text = (LOGS / "reverse-that-character.yaml").read_text(encoding="utf-8")
    record = (
        "cards:\n  TST/A-031: {name: Spite Dancer, type: character, color: yellow, level: 1, cost: 0, power: 4000,\n"
        "    text: \"【AUTO】 When this card becomes 【REVERSE】, if this card's battle opponent is level 1 or lower, "
        'you may 【REVERSE】 that character."}'
    )
    verdict = verdict_of("reverse-that-character.yaml", monkeypatch, text.replace("cards: {}", record), tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 4


@pytest.mark.parametrize(("use", "legal"), [("true", True), ("false", False)])
def test_a_battle_opponent_reversed_may_go_into_its_masters_stock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, use: str, legal: bool
) -> None:
    """ws 7.2.1.5.1, 3.10: "When this card's battle opponent becomes 【REVERSE】, you may put that character into
    your opponent's stock": the reversed Plain Singer leaves the stage for P2's stock, not the waiting room."""
    text = (LOGS / "opponent-to-stock.yaml").read_text(encoding="utf-8").replace("use: true", f"use: {use}")
    verdict = verdict_of("opponent-to-stock.yaml", monkeypatch, text, tmp_path)
    assert (verdict.kind is VerdictKind.LEGAL) is legal, verdict.violations
    if not legal:
        assert verdict.violations[0].entry == 4


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("cards: [TST/A-001], expect: {P1: {hand: [TST/A-001], deck: 4}}", "cards: [], expect: {P1: {deck: 5}}", None),
        ("cards: [TST/A-001]", "cards: [TST/A-002]", "TST/A-002 cannot be chosen: search the deck"),  # not 《Music》
        ("deck: 4}", "deck: 5}", "deck has 4 card(s), not 5"),
    ],
    ids=["found", "none", "not-music", "not-taken"],
)
def test_a_search_of_the_deck_names_the_card_found_and_shuffles(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.6.3, 3.2.2: "search your deck for up to one 《Music》 character, reveal it to your opponent, put it into
    your hand, and shuffle your deck": the resolve entry names the card found (cards), or none (cards: [])."""
    assert_judged(
        judged("search-deck.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 1, said=said
    )


def test_after_a_shuffle_no_card_of_the_deck_is_known_and_each_may_be_any_it_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ws 3.2.2: the setup put two Plain Runners on top of the deck; shuffled, every card of the deck is unseen and
    may be a Plain Runner or any card the deck could hold, a Plain Singer among them."""
    from judge.games.ws.log import game_of

    monkeypatch.setenv(CATALOGS_VARIABLE, str(ABILITIES))
    game = game_of(load_log(LOGS / "search-deck.yaml"))
    next(game.run())  # the setup lays the deck, its known top first
    deck = game.player_states["P1"].deck
    assert [card.identity for card in deck[:2]] == ["TST/A-002", "TST/A-002"]
    shuffle = game.moves.shuffle_deck("P1", ("ws:3.2.2",))
    next(shuffle)  # the new order is a reveal no log answers
    with pytest.raises(StopIteration):
        shuffle.send(None)
    assert len(game.player_states["P1"].deck) == len(deck)
    assert all(card.identity is None for card in game.player_states["P1"].deck)
    top = game.player_states["P1"].deck[0]
    assert top.pool is not None and {"TST/A-001", "TST/A-002"} <= top.pool.identities()


def test_an_entry_that_names_a_card_paid_does_not_also_answer_the_search_after_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A cost's card named by its own resolve entry (cards) answers the cost only: the search that follows is
    answered by the next resolve entry, as self-play writes them."""
    catalog = tmp_path / "catalog.yaml"
    catalog.write_text(
        ABILITIES.read_text(encoding="utf-8")
        + "TST/A-034:\n  name: Paid Scout\n  type: character\n  color: yellow\n  power: 1500\n"
        + '  text: "【AUTO】 [Put 1 card from your hand into your waiting room] When this card is placed on the stage '
        + "from your hand, you may pay the cost. If you do, search your deck for up to 1 《Music》 character, reveal "
        + 'it to your opponent, put it into your hand, and shuffle your deck."\n',
        encoding="utf-8",
    )
    text = (LOGS / "search-deck.yaml").read_text(encoding="utf-8").replace("TST/A-033", "TST/A-034")
    text = text.replace("hand: [TST/A-034]", "hand: [TST/A-034, TST/A-002]")
    text = text.replace(
        "  - {p: P1, do: resolve, source: TST/A-034, cards: [TST/A-001],",
        "  - {p: P1, do: resolve, source: TST/A-034, pay: true}\n"
        "  - {p: P1, do: resolve, source: TST/A-034, cards: [TST/A-002]}\n"
        "  - {p: P1, do: resolve, source: TST/A-034, cards: [TST/A-001],",
    )
    path = tmp_path / "search-paid.yaml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv(CATALOGS_VARIABLE, str(catalog))
    verdict = verify_log(load_log(path))
    assert verdict.kind is VerdictKind.LEGAL, verdict.violations


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("{P1: {stage: {2: {power: 3000}}}}}", "{P1: {stage: {2: {power: 2000}}}}}", 0),  # the middle ignored
        ("target: 1,", "target: 2,", 1),  # not another character
        ("state: stand", "state: reverse", 6),  # it cannot become reversed
    ],
    ids=["legal", "middle", "not-other", "reversed"],
)
def test_the_middle_position_a_climax_placed_and_a_character_that_cannot_become_reversed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.6.3, 6.6.1.2.1, 7.6.1.2: "If this card is in the middle position of your center stage", "When a climax
    is placed on your climax area, choose 1 of your other 《Music》 characters" and "If the character facing this
    card is cost 0 or lower, this card cannot become 【REVERSE】", each where the log ignores it."""
    assert_judged(judged("middle-and-climax.yaml", monkeypatch, tmp_path, old, new), entry=entry)


def test_a_character_that_cannot_frontal_attack_a_higher_level_is_refused_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ws 8.1.1.3, 7.2.1.4.2: Stubborn Guard (level 0) facing the level 2 Veteran cannot frontal attack it."""
    text = (LOGS / "middle-and-climax.yaml").read_text(encoding="utf-8")
    text = text.replace("{TST/A-001: 4, TST/A-036: 4}", "{TST/A-003: 4, TST/A-036: 4}")
    text = text.replace("{TST/A-001: 4, TST/A-035: 4, TST/A-021: 4}", "{TST/A-001: 4, TST/A-036: 4, TST/A-003: 4}")
    text = text.replace("  P1:\n    stage: {1: TST/A-001, 2: TST/A-035}", "  P1:\n    stage: {2: TST/A-036}")
    text = text.replace("    hand: [TST/A-021]\n", "")
    text = text.replace("  P2:\n    stage: {2: TST/A-036}", "  P2:\n    stage: {2: TST/A-003}")
    text = text.replace("deck: {top: [TST/A-001], rest: 3}\nactions", "deck: {top: [TST/A-003], rest: 3}\nactions")
    text = text.replace("phase: climax", "phase: attack")
    text = text.split("actions:")[0] + "actions:\n  - {p: P1, do: attack, pos: 2, type: front}\n"
    verdict = verdict_of("middle-and-climax.yaml", monkeypatch, text, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL, verdict.violations
    assert "cannot frontal attack" in verdict.violations[0].message and "ws:8.1.1.3" in verdict.violations[0].clauses


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("use: true, to: 1", "use: true, to: 2", 1),  # position 2 is open, but the log says it is where it went
        ("pay: true, expect", "pay: false, expect", 7),  # not paid: it stays reversed
    ],
    ids=["legal", "moved-elsewhere", "not-paid"],
)
def test_abilities_at_the_beginning_of_a_phase_or_step_move_and_rest_their_card(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.1, 7.7.1.1: "At the beginning of your opponent's attack phase, you may move this card to an open
    position of your center stage" (the resolve entry's to) and "[(1)] At the beginning of the encore step, if you do
    not have another 【REST】 character in your center stage, you may pay the cost. If you do, 【REST】 this card"."""
    assert_judged(judged("beginning-of.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("to: waiting, revealed: [TST/A-002],", "to: deck_top,", 1),  # kept on top: the waiting room stays empty
        ("to: waiting, revealed: [TST/A-002]", "to: waiting, revealed: [TST/A-001]", 1),  # not the top card
        ("revealed: [TST/A-001, TST/A-001]", "revealed: [TST/A-001, TST/A-002]", 3),  # not the next two
    ],
    ids=["legal", "kept-on-top", "another-card", "another-order"],
)
def test_the_top_of_the_deck_looked_at_or_put_into_the_waiting_room_is_named_by_revealed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.8, 3.4.1: "look at the top card of your deck, and put it on the top of your deck or into your waiting
    room" (the resolve entry's to, and the card as revealed) and "put the top two cards of your deck into your
    waiting room" (revealed, top first)."""
    assert_judged(judged("top-of-deck.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("pay: true, revealed: [TST/A-001],", "pay: {stock: 3}, revealed: [TST/A-001],", "Encore costs 3 stock"),
        ("revealed: [TST/A-001],", "revealed: [TST/A-002],", "clock is ['TST/A-002'], not ['TST/A-001']"),
    ],
    ids=["paid", "stock", "another-card"],
)
def test_an_encore_with_a_clock_cost_puts_the_top_card_of_the_deck_into_the_clock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 10.2, 8.4.2: "Encore [Put the top card of your deck into your clock]": paid with no stock, the encore
    entry naming the card (revealed); Encore [3] (10.2.3) stays beside it."""
    text = (LOGS / "encore-clock-cost.yaml").read_text(encoding="utf-8").replace(old, new)
    verdict = verdict_of("encore-clock-cost.yaml", monkeypatch, text, tmp_path)
    if said is None:
        assert verdict.kind is VerdictKind.LEGAL, verdict.violations
    else:
        assert verdict.kind is VerdictKind.ILLEGAL
        assert verdict.violations[0].entry == 3 and any(said in v.message for v in verdict.violations), (
            verdict.violations
        )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("cards: [TST/A-001],\n", "cards: [TST/A-002],\n", "TST/A-002 cannot be chosen"),  # not 《Music》
        ("revealed: [TST/A-002, TST/A-001], cards", "revealed: [TST/A-002], cards", "not among the cards P1 looked at"),
        ("waiting: [TST/A-002]", "waiting: [TST/A-002, TST/A-001]", "waiting holds"),  # the third card not looked at
    ],
    ids=["taken", "not-music", "stopped-before-it", "looked-at-three"],
)
def test_up_to_n_cards_looked_at_one_taken_and_the_rest_into_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 4.8.3, 8.6.3: "look at up to 3 cards from the top of your deck, choose up to 1 《Music》 character from among
    them, reveal it to your opponent, put it into your hand, and put the rest into your waiting room": the resolve
    entry names the cards looked at (revealed: as many as its player looked at) and the one taken (cards)."""
    assert_judged(
        judged("look-and-take.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 1, said=said
    )


UNSEEN_DECK = ("    deck: {top: [TST/A-021, TST/A-001, TST/A-002, TST/A-021], rest: 4}", "    deck: 8")


@pytest.mark.parametrize(
    ("changes", "entry"),
    [
        ((), None),
        ((UNSEEN_DECK,), None),  # the deck not known: revealed names the cards
        ((("TST/A-002, TST/A-021], target", "TST/A-002, TST/A-002], target"),), 0),  # not the cards there
        ((UNSEEN_DECK, ("revealed: [TST/A-021, TST/A-001, TST/A-002, TST/A-021], ", "")), 1),  # none named
    ],
    ids=["known-deck", "named", "misnamed", "not-named"],
)
def test_brainstorm_does_its_effect_once_for_each_climax_flipped_over(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], entry: int | None
) -> None:
    """ws 10.7, 8.6.3: "Brainstorm [(1) 【REST】 this card] Flip over four cards ... For each climax revealed among
    those cards, choose up to 1 character in your waiting room, and return it to your hand": two climaxes, two
    characters returned; cards not named are taken as no climax, and the choices the log then claims fit nothing."""
    text = (LOGS / "brainstorm.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    verdict = verdict_of("brainstorm.yaml", monkeypatch, text, tmp_path)
    if entry is None:
        assert verdict.kind is VerdictKind.LEGAL, verdict.violations
    else:
        assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == entry, verdict.violations


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("{2: {power: 3000}", "{2: {power: 2500}", 1), ("target: 2,", "target: 1,", 1)],
    ids=["legal", "x-ignored", "not-other"],
)
def test_another_character_chosen_gets_x_power_counted_by_trait(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.3: "choose 1 of your other 《Music》 characters, and that character gets +X power until end of turn.
    X is equal to the number of other 《Music》 characters you have ×500": two others, +1000."""
    assert_judged(judged("x-count-chosen.yaml", monkeypatch, tmp_path, old, new), entry=entry)


def test_an_event_cards_text_with_a_category_mark_is_not_taken_as_read() -> None:
    """An event's text is done as it resolves (ws 8.6.2.4.2); a 【CONT】 printed on one (a catalog's mistake or a
    rare card) reads as a continuous ability the engine does not play for an event, so the card is not read in
    full and a random deck leaves it out."""
    from judge.games.ws.text import plays_in_full, read_card_abilities

    text = "【CONT】 If this card is in the middle position of your center stage, this card gets +1 soul."
    event = {"name": "Odd Event", "type": "event", "color": "yellow", "level": 0, "cost": 0, "text": text}
    (reading,) = read_card_abilities(event)
    assert not reading.read and "event" in reading.problem
    assert not plays_in_full(event)
    assert plays_in_full({**event, "type": "character", "power": 1000})


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("waiting: [TST/A-021]", "waiting: [TST/A-021, TST/A-021]", "TST/A-044 is level 1 but P1 is level 0"),
    ],
    ids=["lowered", "two-climaxes"],
)
def test_a_card_whose_text_lowers_its_level_in_the_hand_is_played_at_that_level(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.1.1.3, 8.6.2.1: "If your waiting room has 1 or less climax, this card gets -1 level while in your
    hand": level 0 in the hand, Rising Star is played by a level 0 player with no card of its colour; with two
    climaxes in the waiting room it is level 1 again."""
    assert_judged(
        judged("level-in-hand.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 0, said=said
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("TST/A-049: 46, TST/A-001: 4", "TST/A-001: 46, TST/A-049: 4", "46 cards named 'Plain Singer', more than 4"),
    ],
    ids=["any-number", "four-of-a-name"],
)
def test_a_card_that_allows_any_number_of_its_name_changes_deck_construction(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 5.1.2.4, 5.1.2.2: "You can put any number of cards with the same card name as this card into your deck":
    46 Crowd of Fans make a legal deck; 46 Plain Singers, whose card says nothing of it, do not."""
    assert_judged(judged("any-copies.yaml", monkeypatch, tmp_path, old, new), said=said)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [("", "", None), ("clock: [TST/A-001]", "clock: [TST/A-002]", "TST/A-048 is level 1 but P1 is level 0")],
    ids=["named-in-clock", "another-in-clock"],
)
def test_a_card_of_a_name_in_the_clock_lowers_a_level_in_the_hand(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.1.1.3, 3.8, 8.6.2.1: "If "Plain Singer" is in your clock, this card gets -1 level while in your hand":
    Late Bloomer is played at level 0 while a Plain Singer is in the clock, and not with another card there."""
    assert_judged(
        judged("clock-named-level.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 0, said=said
    )


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("use: true, target: TST/A-001,", "use: false,", 1), ("power: 1500", "power: 1000", 1)],
    ids=["marked", "declined", "per-marker-ignored"],
)
def test_a_card_of_the_waiting_room_put_underneath_as_a_marker_counts_for_power(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.7.1, 3.7.2.1: "you may choose 1 "Plain Singer" in your waiting room, and put it face up underneath this
    card as a marker" and "This card gets +500 power for each marker underneath this card"."""
    assert_judged(judged("markers.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("cards: [TST/A-001],", "cards: [TST/A-046],", "TST/A-046 is not in P1's hand"),  # played already
        ("2: {power: 1500}", "2: {power: 1000}", "stage 2 power is 1500, not 1000"),  # the middle ignored
        ("1: {power: 3000}", "1: {power: 1000}", "stage 1 power is 3000, not 1000"),  # the back stage ignored
    ],
    ids=["legal", "not-in-hand", "middle", "per-back-stage"],
)
def test_a_hand_card_into_the_stock_the_other_character_in_the_middle_and_the_opponents_back_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.6.3, 3.10, 3.6.3: "you may choose 1 card in your hand, and put it into your stock" (cards), "Your other
    character in the middle position of your center stage gets +500 power" and "This card gets +1000 power for
    each character in your opponent's back stage"."""
    verdict = judged("hand-to-stock.yaml", monkeypatch, tmp_path, old, new)
    assert_judged(verdict, entry=None if said is None else 1, said=said)


@pytest.mark.parametrize(("power", "legal"), [(8000, True), (7500, False)])
def test_an_assist_per_level_gives_power_by_the_level_in_front(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, power: int, legal: bool
) -> None:
    """ws 10.3: +500 times the level of the character in front: a level 2 Veteran of 7000 power has 8000."""
    text = (LOGS / "assist-per-level.yaml").read_text(encoding="utf-8").replace("power: 8000", f"power: {power}")
    verdict = verdict_of("assist-per-level.yaml", monkeypatch, text, tmp_path)
    assert (verdict.kind is VerdictKind.LEGAL) is legal, verdict.violations


@pytest.mark.parametrize(("attacker", "legal"), [(1, True), (2, False)], ids=["music-attacks", "sports-attacks"])
def test_an_ability_of_another_character_triggers_on_an_attack_of_its_trait(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, attacker: int, legal: bool
) -> None:
    """ws 8.1.1.2: "When your other 《Music》 character attacks": Plain Singer's attack gives Cheer Captain +1000,
    Plain Runner's (《Sports》) does not, so the log's expect holds only for the first."""
    text = (LOGS / "other-attacks.yaml").read_text(encoding="utf-8").replace("pos: 1, type", f"pos: {attacker}, type")
    verdict = verdict_of("other-attacks.yaml", monkeypatch, text, tmp_path)
    assert (verdict.kind is VerdictKind.LEGAL) is legal, verdict.violations


@pytest.mark.parametrize(("second", "legal"), [("TST/A-001", True), ("TST/A-002", False)], ids=["holds", "fails"])
def test_an_automatic_abilitys_condition_is_checked_as_it_resolves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, second: str, legal: bool
) -> None:
    """ "if you have 2 or more other 《Music》 characters": with Plain Runner (《Sports》) in place of the second
    Plain Singer, the condition fails and the attacker keeps its power."""
    text = (LOGS / "auto-condition.yaml").read_text(encoding="utf-8").replace("4: TST/A-001}", f"4: {second}}}")
    verdict = verdict_of("auto-condition.yaml", monkeypatch, text, tmp_path)
    assert (verdict.kind is VerdictKind.LEGAL) is legal, verdict.violations


@pytest.mark.parametrize(
    ("game", "record"),
    [("vg", {"type": "normal", "grade": 1}), ("wl", {"category": "character", "power": 3000, "cost": 1})],
)
def test_a_text_box_in_vanguard_and_energio_is_card_text_never_dropped(game: str, record: dict[str, Any]) -> None:
    """Their printed text is not read yet: each line of a ``text`` box is an ability of text alone, which the
    engine reports where it acts, as it does an ability written as a string."""
    from judge import games

    reader = importlib.import_module(f"engine.games.{game}.cards").definition_from_record
    text = "[AUTO]: When this unit attacks, draw a card.\n(reminder)\n[CONT]: This unit gets +1000 power."
    definition = reader("X", {**record, "text": text})
    assert [ability["text"] for ability in definition.abilities] == [text.splitlines()[0], text.splitlines()[2]]
    assert games.get(game).key == game


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("facing.yaml", "stage: {3: TST/A-003}", "stage: {3: TST/A-001}"),  # a level 0 character faces it
        ("x-count.yaml", "5: TST/A-001}", "5: TST/A-019}"),  # one other 《Music》 character, not two
    ],
)
def test_a_facing_level_and_a_count_of_x_decide_the_power(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str, old: str, new: str
) -> None:
    """ "if the character facing this card is level 1 or higher" (ws 3.6.5) and "X is equal to the number of other
    《Music》 characters you have ×500": each log is legal as written, and illegal at its expect once the position
    no longer gives the bonus it states."""
    assert verdict_of(name, monkeypatch).kind is VerdictKind.LEGAL
    text = (LOGS / name).read_text(encoding="utf-8").replace(old, new)
    verdict = verdict_of(name, monkeypatch, text, tmp_path)
    assert verdict.kind is VerdictKind.ILLEGAL and verdict.violations[0].entry == 1


@pytest.mark.parametrize(("kind", "what", "record"), VOCABULARY, ids=[what for _, what, _ in VOCABULARY])
def test_each_word_of_the_vocabulary_may_be_written_in_the_structured_shape(
    kind: str, what: str, record: dict[str, Any]
) -> None:
    """A log may write what the text reads as: the loader's checks (compiled from the JSON Schema) take it."""
    from judge.logfile import parse_log

    card_type = "event" if "timing" in record and "type" not in record else "character"
    if record.get("zone") == "climax":
        card_type = "climax"
    log = {
        "format": "judge-log/1",
        "game": "ws",
        "cards": {"X": {"type": card_type, "abilities": [record]}},
        "players": [{"id": "P1", "deck": {"X": 4}}, {"id": "P2", "deck": {"X": 4}}],
        "first": "P1",
        "actions": [],
    }
    assert parse_log(json.dumps(log), "vocabulary.json", "json").cards["X"]["abilities"] == [record]


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("2: {power: 3000}", "2: {power: 1000}", 2),  # the combo ignored
        ('named "Encore Night" is placed', 'named "Curtain Call" is placed', 1),  # another climax's name: no card drawn
        ("stage: {1: TST/A-001, 2: TST/A-048}", "stage: {1: TST/A-002, 2: TST/A-048}", 2),  # no other 《Music》
    ],
    ids=["legal", "combo-ignored", "other-climax", "no-other-music"],
)
def test_a_climax_combo_asks_for_the_climax_of_its_name_and_each_of_its_facts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.12.1, 2.3.2.3.2, 6.6.1.2.1: "When a card named "Encore Night" is placed on your climax area" and "if
    "Encore Night" is in your climax area, and you have another 《Music》 character"."""
    assert_judged(judged("cxcombo.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("revealed: [TST/A-001], cards", "revealed: [TST/A-002], cards", 1),  # a 《Sports》 card stays on the deck
        ("revealed: [TST/A-003], use: true", "revealed: [TST/A-001], use: true", 4),  # level 0: no return
        ("revealed: [TST/A-003], use: true", "revealed: [TST/A-003], use: false", 4),  # declined
        ("waiting: [], deck: 5", "waiting: [TST/A-051], deck: 4", 9),  # to the waiting room, as if it had no text
    ],
    ids=["legal", "not-of-the-trait", "level-too-low", "declined", "bottom-ignored"],
)
def test_the_top_card_revealed_decides_what_the_text_does_with_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.9.1, 4.9.2, 3.1.4: "reveal the top card of your deck. If that card is a 《Music》 character, put it into
    your hand, choose 1 card in your hand, and put it into your waiting room", "If that card is level 1 or higher,
    you may return this card to your hand" (the resolve entry names the card, revealed) and "put this card at the
    bottom of your deck"; a card revealed and not taken stays on the top of the deck, known."""
    assert_judged(judged("reveal-top.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(("named", "legal"), [("TST/A-001", True), ("TST/A-002", False)])
def test_a_card_an_ability_reveals_with_no_choice_is_named_by_a_resolve_entry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, named: str, legal: bool
) -> None:
    """ws 4.9.1: an ability that asks nothing still reveals a card of a hidden deck; a resolve entry names it
    (revealed), and what follows from the card named is checked: a 《Sports》 card stays on the deck."""
    text = (LOGS / "reveal-top.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "put it into your hand, choose 1 card in your hand, and put it into your waiting room.",
        "put it into your hand.",
    )
    text = text.replace(
        "revealed: [TST/A-001], cards: [TST/A-002],\n     expect: {P1: {hand: [TST/A-001], waiting: [TST/A-002]}}",
        f"revealed: [{named}], expect: {{P1: {{hand: [TST/A-002, TST/A-001]}}}}",
    )
    assert_judged(verdict_of("reveal-top.yaml", monkeypatch, text, tmp_path), entry=None if legal else 1)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("stage: {1: null}", "stage: {1: {card: TST/A-052}}", 0),  # the card itself not paid
        ("cards: [TST/A-002], target", "cards: [TST/A-001], target", 0),  # not a card of the hand
        ("clock: [TST/A-003], stock: 0", "clock: [], stock: 0", 4),  # the top card of the deck not paid
    ],
    ids=["legal", "card-not-paid", "not-in-hand", "clock-not-paid"],
)
def test_a_cost_of_several_parts_is_paid_in_full(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.4.2, 8.4.2.1: "[Put a card from your hand into your waiting room & Put this card into your waiting
    room]" (the act entry names the card, cards) and "[(1) Put the top card of your deck into your clock]" (the
    resolve entry that pays names it, revealed)."""
    assert_judged(judged("costs.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("clock: [TST/A-002], stock: 1", "clock: [TST/A-001], stock: 1", 1)],
    ids=["legal", "bottom-card-moved"],
)
def test_the_top_card_of_the_clock_goes_into_the_stock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.8, 3.10: "you may put the top card of your clock into your stock": the clock's last card moves."""
    assert_judged(judged("clock-to-stock.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("use: true", "use: false", 5), ("stock: 2}", "stock: 1}", 5)],
    ids=["legal", "declined", "ignored"],
)
def test_an_ability_triggers_when_its_card_goes_from_the_stage_to_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.4.1, 7.7.2: "When this card is put into your waiting room from the stage, you may put the top card of
    your deck into your stock": a reversed character put into the waiting room at the encore step."""
    assert_judged(judged("to-waiting-room.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new"),
    [("", ""), ("1: {power: 2000}", "1: {power: 3000}"), ("1: {power: 2000}", "1: {power: 1000}")],
    ids=["once", "twice", "never"],
)
def test_an_ability_of_playing_an_act_triggers_up_to_once_a_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str
) -> None:
    """ws 8.1.1.1, 8.7.2: "This ability activates up to 1 time per turn. When you use an 【ACT】, this card gets
    +1000 power until end of turn": two 【ACT】 played, one +1000."""
    assert_judged(judged("act-used.yaml", monkeypatch, tmp_path, old, new), entry=None if not old else 2)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("stage: {1: TST/A-001}", "stage: {1: TST/A-002}", "own text keeps it from being played"),
        ("{2: {power: 2000}}", "{2: {power: 1000}}", "power is 2000, not 1000"),
    ],
    ids=["legal", "no-singer", "power-ignored"],
)
def test_a_card_whose_text_asks_for_a_character_of_a_name_to_be_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.1.1.3, 8.6.2.1: "If you do not have a character with "Singer" in its card name, this card cannot be
    played from your hand" and "If you have another character with "Singer" in its card name, this card gets +1000
    power": a part of the name counts."""
    assert_judged(
        judged("cannot-be-played.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 0, said=said
    )


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: 2, expect: {P2", "target: 1, expect: {P2", 1),  # the level 2 Veteran is not level 0 or lower
        ("TST/A-062, target: 2", "TST/A-062, target: 3", 3),  # Stage Hand itself is not another character
        ("TST/A-062, target: 2", "TST/A-062, target: false", 3),  # none chosen: nothing is rested
        (
            "do: pass, expect: {P2: {stage: {1: {power: 6000}}}}}\n  - {p: P2, do: pass}",
            "do: pass, expect: {P2: {stage: {1: {power: 7000}}}}}\n  - {p: P2, do: pass}",
            10,
        ),
        (
            "{p: P1, do: pass, expect: {P2: {stage: {1: {power: 7000}}}}}",
            "{p: P1, do: pass, expect: {P2: {stage: {1: {power: 6000}}}}}",
            13,
        ),
    ],
    ids=["legal", "not-that-level", "not-another", "none-rested", "gone-too-soon", "lasts-too-long"],
)
def test_a_character_chosen_on_either_stage_is_narrowed_and_changed_for_as_long_as_its_text_says(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.3, 8.6.3.1.1, 8.2.1.2: "choose 1 of your opponent's level 0 or lower characters, and return it to
    his or her hand", "choose up to 1 of your other characters, and 【REST】 it", "choose 1 character in your
    opponent's center stage, and that character gets -1000 power until the end of your opponent's next turn": the
    change lasts through the opponent's turn and ends with it."""
    assert_judged(judged("chosen-character.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("cards: [TST/A-001, TST/A-002]", "cards: [TST/A-001]", "cannot pay this cost: choose the 2 cards"),
        ("cards: [TST/A-001, TST/A-002]", "cards: [TST/A-001, TST/A-001]", "TST/A-001 is not in P1's hand"),
        ("stock: [TST/A-001, TST/A-001]", "stock: [TST/A-001]", "stage 2 power is 2000, not 3500"),
        ("4: {power: 2000}", "4: {power: 3000}", "stage 4 power is 2000, not 3000"),  # not in the back stage
    ],
    ids=["legal", "one-card-of-two", "a-card-held-once", "stock-too-small", "back-stage"],
)
def test_a_condition_on_the_center_stage_or_the_stock_and_a_cost_of_two_cards_of_the_hand(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 3.6.3, 8.1.1.3, 8.4.2: "If this card is in your center stage" (not in the back stage), "If the number of
    cards in your stock is two or more", and a cost that puts two cards of the hand into the waiting room, both
    named by the act entry."""
    assert_judged(
        judged("stage-part-and-hand-cost.yaml", monkeypatch, tmp_path, old, new), entry=0 if said else None, said=said
    )


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {3: TST/A-003}", "stage: {3: TST/A-031}", 1)],
    ids=["level-2", "level-1"],
)
def test_a_facing_character_of_one_level_exactly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.6.5: "if the character facing this card is level 2" holds for a level 2 character, not a level 1."""
    assert_judged(judged("facing-exact-level.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("pos: 1, type: front", "pos: 1, type: side", 4),  # Captain's other characters cannot side attack
        ("source: TST/A-067, target: 1", "source: TST/A-067, target: 3", 5),  # Captain gains it, not the attacker
        ("{1: {power: 4000}", "{1: {power: 2000}", 5),  # the ability gained ignored
    ],
    ids=["legal", "side-attack", "another-gains-it", "gained-ignored"],
)
def test_an_ability_gained_from_an_effect_or_a_continuous_ability_is_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1, 8.2.1.2: "that character gets the following ability until end of turn. "【AUTO】 When this card
    attacks, ..."" and "All of your other characters get the following ability. "【CONT】 This card cannot side
    attack."": the character chosen has the automatic ability, the others the restriction."""
    assert_judged(judged("gained-abilities.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry", "said"),
    [
        ("", "", None, None),
        ("cards: [TST/A-001], expect: {P2: {clock: [TST/A-001]}}", "cards: [TST/A-001, TST/A-001]", 2, "lists 2"),
        ("hand: [TST/A-002]", "hand: []", 1, None),  # nothing to pay the cost with
        (
            "top: [TST/A-001, TST/A-001], rest: 4}\nactions:",
            "top: [TST/A-021, TST/A-001, TST/A-001], rest: 4}\nactions:",
            2,
            None,  # a climax revealed cancels the damage: the clock the log expects is wrong
        ),
    ],
    ids=["dealt", "too-many-cards", "unpaid", "canceled-but-clocked"],
)
def test_an_effect_deals_damage_through_the_damage_process(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None, said: str | None
) -> None:
    """ws 4.10.1, 4.11.1.2: "If you do, deal 1 damage to your opponent": paid, the effect's damage is a damage
    process of its own, one card revealed into P2's clock, or canceled by a climax (4.10.1.2)."""
    assert_judged(judged("damage.yaml", monkeypatch, tmp_path, old, new), entry=entry, said=said)


NOT_CANCELED: Final = (
    ("top: [TST/A-021, TST/A-001], rest: 4}", "top: [TST/A-001, TST/A-001], rest: 4}"),
    ("cards: [TST/A-021], expect: {P2: {clock: 0, waiting: [TST/A-021]}}", "cards: [TST/A-001, TST/A-001]"),
)
"""Second Wind's damage as a log writes it where P2's first two cards are no climax."""


@pytest.mark.parametrize(
    ("changes", "entry"),
    [((), None), (NOT_CANCELED, 3), ((("stock: [TST/A-001, TST/A-101]", "stock: [TST/A-001]"),), 3)],
    ids=["canceled", "not-canceled", "ignored"],
)
def test_an_ability_triggers_when_the_damage_its_card_dealt_is_canceled(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], entry: int | None
) -> None:
    """ws 4.10.1.2.1, 4.11.1.1: "When damage dealt by this card is canceled, you may put this card into your
    stock": the attacker's damage canceled by a climax triggers it; damage that is not canceled does not, and the
    log's resolve has nothing to resolve."""
    text = (LOGS / "damage-canceled.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    assert_judged(verdict_of("damage-canceled.yaml", monkeypatch, text, tmp_path), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        ("rest: [1, 2]", "rest: [2, 3]", "the characters on 2, 3 cannot pay this cost"),  # Plain Runner is 《Sports》
        ("stage: {1: TST/A-001,", "stage: {1: {card: TST/A-001, state: rest},", "has fewer standing"),
    ],
    ids=["rested", "not-music", "already-rested"],
)
def test_a_cost_that_rests_characters_names_their_positions(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.4.2, 8.4.2.2, 4.6.1.2: "[【REST】 two of your 《Music》 characters]": the act entry names the standing
    《Music》 characters its cost rests (rest: [positions]), the ability's own card among those it may; a
    《Sports》 character cannot pay it, nor can one already rested."""
    assert_judged(
        judged("rest-characters-cost.yaml", monkeypatch, tmp_path, old, new),
        entry=None if said is None else 0,
        said=said,
    )


NO_CLIMAX_MILLED: Final = (
    ("top: [TST/A-001, TST/A-021]", "top: [TST/A-001, TST/A-001]"),
    ("revealed: [TST/A-001, TST/A-021]", "revealed: [TST/A-001, TST/A-001]"),
    ("waiting: [TST/A-001, TST/A-021]", "waiting: [TST/A-001, TST/A-001]"),
)
"""Lucky Draw's log where the two cards it puts into the waiting room are characters."""


@pytest.mark.parametrize(
    ("changes", "said"),
    [((), None), (NO_CLIMAX_MILLED, "power is 1000, not 3000")],
    ids=["climax-among", "no-climax"],
)
def test_a_mill_does_more_if_a_card_of_a_kind_is_among_those_put(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], said: str | None
) -> None:
    """ws 3.4.1, 8.6.2.4.4: "put the top 2 cards of your deck into your waiting room. If there is a climax among
    those cards, this card gets +2000 power": the resolve entry names the cards; with a climax among them the power
    is gained, with none it is not."""
    text = (LOGS / "mill-among.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    assert_judged(
        verdict_of("mill-among.yaml", monkeypatch, text, tmp_path), entry=None if said is None else 1, said=said
    )


NO_CLIMAX_REVEALED: Final = (
    ("top: [TST/A-021]", "top: [TST/A-001]"),
    ("do: trigger, card: TST/A-021}", "do: trigger, card: TST/A-001}"),
)
"""The trigger check of Plain Singer's attack revealing a character."""


@pytest.mark.parametrize(
    ("changes", "entry"), [((), None), (NO_CLIMAX_REVEALED, 2)], ids=["climax-revealed", "character-revealed"]
)
def test_an_ability_triggers_when_a_trigger_check_reveals_a_climax(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], entry: int | None
) -> None:
    """ws 7.3.1.2, 4.12.1: "When your character's trigger check reveals a climax, choose 1 of your characters, and
    that character gets +2000 power": Cheerleader's ability triggers on the climax another character's trigger
    check reveals, and not on a character."""
    text = (LOGS / "trigger-reveals.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    assert_judged(verdict_of("trigger-reveals.yaml", monkeypatch, text, tmp_path), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        (  # P1 at level 2: Veteran's level is not higher, and it stays
            "    stage: {2: TST/A-003}\n",
            "    stage: {2: TST/A-003}\n    level: [TST/A-001, TST/A-001]\n",
            3,
        ),
    ],
    ids=["above", "not-above"],
)
def test_a_character_chosen_by_a_level_higher_than_its_masters(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.9.1, 10.5.2: "choose 1 of your opponent's characters with level higher than your opponent's level, and
    put it into their waiting room": Veteran, level 2, can be chosen while P1 is level 0, and not at level 2."""
    assert_judged(judged("above-player-level.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: 2,", "target: 1,", 1),  # Understudy has left the stage for the hand: it cannot be chosen
        ("hand: [TST/A-106]", "hand: []", 1),  # the cost ignored
    ],
    ids=["paid", "chooses-itself", "cost-ignored"],
)
def test_a_cost_that_returns_its_card_to_the_hand(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.4.2, 3.1.4: "[Return this card to your hand] When a climax is placed ...": paying the cost puts Understudy
    from the stage into the hand before its effect, which then cannot choose it."""
    assert_judged(judged("return-self-cost.yaml", monkeypatch, tmp_path, old, new), entry=entry)


ON_THE_STAGE_BEFORE: Final = (
    ("phase: main", "phase: attack"),
    ("    hand: [TST/A-107]\n", "    stage: {2: TST/A-107}\n"),
    ("  - {p: P1, do: play, card: TST/A-107, pos: 2}\n  - {p: P1, do: pass}\n", ""),
)
"""Opening Act's log where it was on the stage before the turn: not placed from the hand in it."""


@pytest.mark.parametrize(
    ("changes", "entry"), [((), None), (ON_THE_STAGE_BEFORE, 1)], ids=["placed-this-turn", "placed-before"]
)
def test_an_ability_of_the_turn_its_card_is_placed_from_the_hand(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], entry: int | None
) -> None:
    """ws 8.6.2.4.1, 8.1.1.2: "During the turn that this card is placed on the stage from your hand, when this card
    attacks, this card gets +2000 power": played this turn, Opening Act gains it when it attacks; on the stage
    since an earlier turn, it does not."""
    text = (LOGS / "placed-this-turn.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    assert_judged(verdict_of("placed-this-turn.yaml", monkeypatch, text, tmp_path), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("level: [TST/A-003, TST/A-027]", "level: [TST/A-003, TST/A-001]", 0)],
    ids=["total-3", "total-2"],
)
def test_a_condition_on_the_total_level_of_the_cards_in_the_level(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 10.10.1, 3.9.1, 2.6: "Experience If the total level of the cards in your level is 3 or higher, this card
    gets +1000 power": a level 2 and a level 1 card make 3; a level 2 and a level 0 card do not."""
    assert_judged(judged("level-total.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("  - {p: P2, do: pass,", "  - {p: P2, do: damage, cards: [TST/A-001]}\n  - {p: P2, do: pass,", 2),
        # on position 1, Heckler faces P1's position 3: the attacker facing Plain Singer keeps its soul
        ("stage: {2: TST/A-109}", "stage: {1: TST/A-109, 2: TST/A-001}", 0),
    ],
    ids=["no-damage", "damage-written", "not-facing"],
)
def test_a_continuous_ability_changes_the_character_facing_its_card(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.6.5, 8.1.1.3, 7.5.1.2.1: "The character facing this card gets -1 soul": Plain Singer attacks Heckler
    with 0 soul and deals no damage; a character that does not face Heckler keeps its soul."""
    assert_judged(judged("facing-soul.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("    clock: [TST/A-002]\n", "", 4),  # P1's clock is empty: nothing is put, so the attacker stays
        ("use: true,", "use: false,", 4),  # declined: neither is done
    ],
    ids=["done", "nothing-to-put", "declined"],
)
def test_what_a_text_does_if_you_do_waits_for_the_effect_before_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.2.4.4, 7.2.1.5.1: "you may put the top card of your opponent's clock into their waiting room. If you
    do, put that character into your opponent's clock": the battle opponent goes to the clock only if a card left
    it first."""
    assert_judged(judged("if-you-do.yaml", monkeypatch, tmp_path, old, new), entry=entry)


OPPONENTS_TURN: Final = (
    ("turn: 3", "turn: 4"),
    ("active: P1", "active: P2"),
    ("{p: P1, do: pass, expect", "{p: P2, do: pass, expect"),
)
"""Stage Mom's log in P2's turn."""


@pytest.mark.parametrize(
    ("changes", "entry"),
    [
        ((), None),
        (OPPONENTS_TURN, 0),
        ((("1: {power: 3000}, 2: {power: 7000}", "1: {power: 3000}, 2: {power: 8000}"),), 0),
    ],
    ids=["own-turn", "opponents-turn", "level-2-in-front"],
)
def test_an_assist_of_a_level_and_a_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], entry: int | None
) -> None:
    """ws 10.3, 3.6.4: "Assist During your turn, all of your level 0 or lower characters in front of this card get
    +1000 power": in P1's turn Plain Singer (level 0) gets it and Veteran (level 2) does not; in P2's, neither."""
    text = (LOGS / "assist-level-turn.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    assert_judged(verdict_of("assist-level-turn.yaml", monkeypatch, text, tmp_path), entry=entry)


LEVEL_LOWERED_ON_THE_STAGE: Final = (
    ("TST/A-111: 4}}", "TST/A-111: 4, TST/A-112: 4}}"),
    ("stage: {1: TST/A-001,", "stage: {1: TST/A-112,"),
    ("1: {power: 3000}", "1: {power: 5000}"),
)
"""Stage Mom's log with Little Helper, printed level 1, in front of it."""


@pytest.mark.parametrize(
    ("changes", "entry"),
    [
        (LEVEL_LOWERED_ON_THE_STAGE, None),
        (  # Prompter, power 3000, would be 4000 with the Assist
            LEVEL_LOWERED_ON_THE_STAGE
            + (
                ("TST/A-112: 4}}", "TST/A-027: 4}}"),
                ("1: TST/A-112", "1: TST/A-027"),
                ("{power: 5000}", "{power: 4000}"),
            ),
            0,
        ),
    ],
    ids=["level-0-on-the-stage", "another-level-1"],
)
def test_a_card_whose_text_lowers_its_level_on_the_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, changes: tuple[tuple[str, str], ...], entry: int | None
) -> None:
    """ws 2.6, 8.1.1.3, 10.3: "This card gets -1 level while on the stage": Little Helper, printed level 1, is level
    0 on the stage, and gets the Assist of level 0 or lower characters; Prompter, level 1, does not."""
    text = (LOGS / "assist-level-turn.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    assert_judged(verdict_of("assist-level-turn.yaml", monkeypatch, text, tmp_path), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("", "", None),
        (  # the same red level 1 character with no text: the color requirement holds
            "cards: {}",
            "cards:\n  TST/A-113: {name: Red Guest, type: character, color: red, level: 1, cost: 0, power: 5000}",
            "no card in P1's level or clock has that color",
        ),
    ],
    ids=["free-of-color", "no-text"],
)
def test_a_card_whose_text_frees_it_of_the_color_requirement(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.6.2.1.1, 8.1.1.3: "This card can be played from your hand without fulfilling color requirements": a red
    level 1 card is played with only yellow cards in the level and the clock; without that text it is not."""
    assert_judged(
        judged("any-color.yaml", monkeypatch, tmp_path, old, new), entry=None if said is None else 0, said=said
    )


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("do: trigger, card: TST/A-021}", "do: trigger, card: TST/A-001}", 4),  # not the top card it named
        ("  - {p: P1, do: resolve, source: TST/A-115, revealed: [TST/A-021, TST/A-001]}\n", "", None),  # order unsaid
        ("revealed: [TST/A-021, TST/A-001]", "revealed: [TST/A-021, TST/A-021]", 1),  # one Encore Night was there
    ],
    ids=["order-named", "another-top", "order-not-named", "not-among-them"],
)
def test_cards_looked_at_are_put_back_on_the_top_in_any_order(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.8: "look at up to 2 cards from the top of your deck, and put them on the top of your deck in any order":
    the resolve entry may name the new order (revealed, top first), which the trigger check then follows; without
    it either order stands; a card that was not among them cannot be named."""
    assert_judged(judged("reorder-top.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [("", "", None), ("stage: {2: TST/A-001}", "stage: {2: TST/A-002}", "own text keeps it from being played")],
    ids=["music-on-stage", "no-music"],
)
def test_an_events_own_rule_of_the_hand_is_read_and_played(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    """ws 8.1.1.3, 8.6.2.1, 8.6.2.4.2: an event's "If you do not have a 《Music》 character, this card cannot be
    played from your hand." is a rule of the card in the hand, read like a character's (the catalog's reading says
    so), not event text with a category of its own: Curtain Call is played with a 《Music》 character only."""
    record = yaml.safe_load(ABILITIES.read_text(encoding="utf-8"))["TST/A-116"]
    assert all(reading.read for reading in read_card("ws", record))
    assert_judged(
        judged("event-play-restriction.yaml", monkeypatch, tmp_path, old, new),
        entry=None if said is None else 0,
        said=said,
    )


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {1: TST/A-001,", "stage: {1: TST/A-002,", 0)],
    ids=["plain-singer", "plain-runner"],
)
def test_a_condition_on_another_character_of_a_card_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 2.1: "If you have another "Plain Singer", this card gets +1000 power": it holds with Plain Singer
    on the stage, not with Plain Runner."""
    assert_judged(judged("another-named.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("pay: true, expect: {P1: {stock: 0}}", "pay: false", 3),  # unpaid: one trigger check, and the second is not
        ("stock: [TST/A-001]", "stock: []", 1),  # nothing to pay the cost with
    ],
    ids=["two-checks", "unpaid", "no-stock"],
)
def test_an_effect_makes_the_trigger_step_perform_two_trigger_checks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.3.1.2, 8.6.2.4.4: "If you do, during that attack, perform a trigger check 2 times on the trigger step":
    paid when the card attacks, its trigger step reveals two cards, one after another, each into the stock."""
    assert_judged(judged("trigger-checks.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: TST/A-002, to: 4,", "target: TST/A-002, to: 2,", 1),  # the expected stage does not hold
        ("target: TST/A-002,", "target: TST/A-001,", 1),  # not in the waiting room
        ("target: TST/A-002,", "target: TST/A-003,", 1),  # cost 1
    ],
    ids=["onto-a-character", "open-position", "not-in-the-waiting-room", "cost-1"],
)
def test_a_character_of_the_waiting_room_is_put_on_a_position_of_the_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.3.1, 3.6.1, 9.6.1, 2.7: "choose 1 cost 0 or lower character in your waiting room, and put it in any
    position of your stage": the resolve entry names the card and the position (``to``); a character already there
    goes to the waiting room."""
    assert_judged(judged("waiting-room-to-stage.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("stage: {2: TST/A-001, 4: TST/A-003}", "stage: {2: TST/A-003, 4: TST/A-001}", 1),  # cost 1
        ("stage: {2: TST/A-001, 4: TST/A-003}", "stage: {1: TST/A-001, 2: TST/A-001}", 1),  # 2 in the center
        ("use: true, target: 2", "use: true, target: 4", 1),  # in the back stage
    ],
    ids=["cost-0-alone", "cost-1", "two-in-the-center", "back-stage"],
)
def test_a_cost_filter_and_a_count_of_the_opponents_center_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.3, 3.6.3, 2.7: "if your opponent has 1 or less characters in their center stage, you may choose a cost
    0 or lower character on your opponent's center stage": only a cost 0 character of the center stage is chosen,
    and only while the center stage holds one character at most."""
    assert_judged(judged("opponent-center-cost.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("memory: [TST/A-001, TST/A-001]", "memory: [TST/A-001]", 0)],
    ids=["two-in-memory", "one-in-memory"],
)
def test_a_condition_on_the_cards_in_the_memory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 3.12.1: "If you have 2 or more cards in your memory, this card gets +1500 power": it holds with
    two cards in the memory, not with one."""
    assert_judged(judged("memory-count.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("revealed: [TST/A-001, TST/A-002]", "revealed: [TST/A-001, TST/A-001]", 1),  # two: 3000 power
        ("revealed: [TST/A-001, TST/A-002]", "revealed: [TST/A-002, TST/A-002]", 1),  # none: 1000 power
    ],
    ids=["one-music", "two-music", "no-music"],
)
def test_x_counts_the_characters_among_the_cards_put_into_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.4.1, 8.2.1.2, 8.6.2.4.4: "put the top 2 cards of your deck into your waiting room, and this card gets +X
    power until end of turn. X is equal to the number of 《Music》 characters among those cards ×1000": X counts the
    cards that mill moved, as the resolve entry names them."""
    assert_judged(judged("milled-count.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("use: 2,", "use: true,", None),  # true: all of them
        ("use: 2,", "use: 1,", 1),  # one drawn: the hand is empty after the discard
        ("use: 2,", "use: 3,", 1),  # more than the text lets
    ],
    ids=["two", "true", "one", "three"],
)
def test_draw_up_to_two_cards(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.7.4, 4.7.4.1, 8.6.3: "draw up to 2 cards, choose 1 card in your hand, and put it into your waiting
    room": the resolve entry's ``use`` says how many are drawn, true for all, at most 2."""
    assert_judged(judged("draw-up-to.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("source: TST/A-156, use: true,", "source: TST/A-156, use: false,", 3),  # declined: nothing moves
        ("stock: [TST/A-002, TST/A-001]", "stock: [TST/A-001, TST/A-002]", 3),  # the bottom card is Plain Singer
    ],
    ids=["used", "declined", "other-bottom-card"],
)
def test_the_bottom_card_of_the_opponents_stock_into_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.5.1, 3.10, 8.6.2.4.4: "you may put that character into your opponent's stock. If you do, put the
    bottom card of your opponent's stock into his or her waiting room": the battle opponent goes on top of its
    master's stock, and the card at the bottom of that stock into the waiting room."""
    assert_judged(judged("stock-bottom.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("pay: true, to: 5,", "pay: true, to: 2,", 1),  # a position of the center stage
        ("stage: {2: TST/A-157}", "stage: {2: TST/A-157, 4: TST/A-001, 5: TST/A-001}", 1),  # no open position
        ("stock: [TST/A-001]", "stock: []", 1),  # nothing to pay the cost with
    ],
    ids=["to-the-back-stage", "center-position", "back-stage-full", "no-stock"],
)
def test_a_character_moves_to_an_open_position_of_the_back_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.6.3, 3.1.4, 8.4.3: "At the beginning of your opponent's attack phase, you may pay the cost. If you do,
    move this card to an open position of your back stage": the resolve entry names the open position (``to``)."""
    assert_judged(judged("back-stage-move.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: 3, expect:", "target: 2, expect:", 3),  # Veteran is not a 《Music》 character
        ("target: 3, expect:", "target: 1, expect:", 3),  # Cheer Captain is: the power asserted does not hold
    ],
    ids=["plain-singer", "veteran", "cheer-captain"],
)
def test_another_characters_battle_opponent_becomes_reversed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.5.1, 7.6.1.2, 8.1.1.2: "When your other character's battle opponent becomes 【REVERSE】, choose 1 of
    your 《Music》 characters, and that character gets +500 power": it triggers when the battle opponent of another
    character of its master's is reversed."""
    assert_judged(judged("other-battle-opponent.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("source: TST/A-159, cards: [TST/A-001],", "source: TST/A-159, cards: [TST/A-002],", 1),  # not 《Music》
        ("source: TST/A-160, cards: [TST/A-001],", "source: TST/A-160, cards: [TST/A-002],", 3),  # not 《Music》
        ("waiting: [TST/A-001], deck: 6, hand: 0", "waiting: [], deck: 6, hand: 1", 3),  # not into the hand
    ],
    ids=["stage-and-waiting-room", "stage-not-music", "waiting-not-music", "not-into-the-hand"],
)
def test_a_search_puts_its_card_on_the_stage_or_into_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.3, 3.6.1, 3.4, 3.2.2: "search your deck for up to 1 《Music》 character, put it in any position of your
    stage (put it into your waiting room), and shuffle your deck": the card found goes where the text says, not
    into the hand."""
    assert_judged(judged("search-elsewhere.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("2: TST/A-003, 3: TST/A-003, 4: TST/A-161", "2: TST/A-003, 3: TST/A-003, 4: TST/A-001", 6),  # no Encore [2]
        ("stage: {1: TST/A-162, 2: TST/A-001}", "stage: {1: TST/A-162, 2: TST/A-002}", 0),  # no other 《Music》
    ],
    ids=["given", "no-generous-rival", "no-other-music"],
)
def test_an_encore_a_continuous_ability_gives(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 10.2.2, 10.2.3: "All of your opponent's characters get "【AUTO】 Encore [(2)]"" gives the
    opponent's characters an Encore of 2 stock beside the Encore [3] every character has; "this card gets +1000
    power and "【AUTO】 Encore [Put 1 character from your hand into your waiting room]"" gives its own card one, while
    its condition holds."""
    assert_judged(judged("encore-given.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("{power: 1000}}}}}", "{power: 2000}}}}}", 0)],
    ids=["with-and-without", "not-before-the-climax"],
)
def test_a_condition_on_a_climax_in_the_climax_area(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 3.11.1: "If there is a climax in your climax area, this card gets +1000 power": it holds once a
    climax is placed there, not before."""
    assert_judged(judged("climax-in-area.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("pay: true,", "pay: false,", 1)],
    ids=["paid", "declined"],
)
def test_the_waiting_room_returns_to_the_deck(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.4, 3.2.2, 8.4.3: "you may pay the cost. If you do, return all cards from your waiting room to your deck,
    and shuffle your deck": the stock paid goes to the waiting room first, and returns with the rest."""
    assert_judged(judged("waiting-room-to-deck.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("use: true,", "use: false,", 2)],
    ids=["into-the-stock", "declined"],
)
def test_a_climax_placed_in_the_opponents_climax_area(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 6.6.1.2.1, 8.1.1.2, 3.10: "When a climax is placed on your opponent's climax area, you may put this card
    into your stock": it triggers on the opponent's climax, and its master may decline."""
    assert_judged(judged("opponent-climax-placed.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry", "said"),
    [
        ("", "", None, None),
        (
            "stage: {1: TST/A-001, 2: TST/A-001, 4: TST/A-001}",
            "stage: {1: TST/A-001, 2: TST/A-001, 4: TST/A-166}",
            0,
            "cannot play events",
        ),
        ("stage: {2: TST/A-001, 4: TST/A-001}", "stage: {2: TST/A-001, 4: TST/A-166}", 4, "cannot play Backup"),
    ],
    ids=["neither", "p1-plays-an-event", "p2-plays-a-backup"],
)
def test_a_continuous_ability_forbids_its_master_events_and_backup(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None, said: str | None
) -> None:
    """ws 8.1.1.3, 8.6.2, 10.5.2: "You cannot play event cards and "Backup" from hand" forbids the master of its card,
    while the card is on the stage, an event in the main phase and a Backup in the counter step; not the opponent."""
    assert_judged(judged("events-forbidden.yaml", monkeypatch, tmp_path, old, new), entry=entry, said=said)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: TST/A-002, cards: [TST/A-001]", "target: TST/A-021, cards: [TST/A-001]", 1),  # not a character
        ("expect: {P1: {hand: [TST/A-002],", "expect: {P1: {hand: [TST/A-002, TST/A-001],", 1),  # no card discarded
    ],
    ids=["once", "a-climax-chosen", "nothing-discarded"],
)
def test_brainstorm_performs_an_action_per_climax(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 10.7.1, 10.7.3, 8.6.3: "For each climax revealed among those cards, perform the following action. "Choose
    1 character in your waiting room, return it to your hand, choose 1 card in your hand, and put it into your
    waiting room."": each part of the action is done, in order, once per climax."""
    assert_judged(judged("brainstorm-action.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: 1, to: 4,", "target: 1, to: 5,", 3),  # position 5 is not open
        ("target: 1, to: 4,", "target: 2, to: 4,", 3),  # Stagehand is not another character
    ],
    ids=["to-4", "occupied", "itself"],
)
def test_a_character_chosen_is_rested_and_moved_to_the_back_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.6.1.2, 3.6.3, 3.1.4: "choose 1 of your other 《Music》 characters, 【REST】 it, and move it to an open
    position of your back stage": the resolve entry names the character (target) and the open position (to)."""
    assert_judged(judged("rest-and-move-back.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("use: true, target: TST/A-001,", "use: true, target: TST/A-002,", 1),  # not a "Plain Singer"
        ("memory: [TST/A-001, TST/A-002]", "memory: [TST/A-002, TST/A-002]", 0),  # none in the memory: 1000
    ],
    ids=["counted-and-put", "plain-runner", "none-in-memory"],
)
def test_a_card_of_a_name_into_the_memory_and_counted_there(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.12, 8.6.3, 8.1.1.3: "choose 1 "Plain Singer" in your waiting room, and put it into your memory", and
    "This card gets +1000 power for each "Plain Singer" in your memory": the card goes to the memory, and only the
    cards of that name there count."""
    assert_judged(judged("memory-named.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {2: TST/A-170}", "stage: {2: TST/A-001}", 2)],
    ids=["side-stepper", "plain-singer"],
)
def test_a_side_attack_that_keeps_its_soul(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.4.2, 8.1.1.3: "This card's soul does not decrease by side attacking": its side attack on a level 2
    character deals 1 damage, where a character without it deals none."""
    assert_judged(judged("side-attack-keeps-soul.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("revealed: [TST/A-001]", "revealed: [TST/A-021]", 5),
    ],
    ids=["a-character-milled", "a-climax-milled"],
)
def test_a_side_attack_keeps_its_soul_until_end_of_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.4.2, 3.4.1, 8.6.2.4.4: "If that card is a character, this card's soul does not decrease by side
    attacking until end of turn": with a character milled its side attack deals 1 damage; with a climax, none."""
    assert_judged(judged("side-attack-keeps-soul-until.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("do: trigger, card: TST/A-002}", "do: trigger, card: TST/A-001}", 2),  # Plain Runner is on the top
        ("cards: [TST/A-002],", "cards: [],", 1),  # 1 of the cards looked at is chosen
    ],
    ids=["runner-on-top", "singer-revealed", "none-chosen"],
)
def test_a_card_looked_at_is_kept_on_the_top_of_the_deck(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.8.3, 8.6.3, 3.4.1: "look at up to 2 cards from the top of your deck, choose 1 card from among them, put it
    on the top of your deck, and put the rest into your waiting room": the card chosen is the next one revealed."""
    assert_judged(judged("look-keep-top.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("use: true,", "use: false,", 1)],
    ids=["one", "none"],
)
def test_up_to_1_card_from_the_top_of_the_deck_into_the_stock(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.10, 8.6.2.4.4: "put up to 1 card from the top of your deck into your stock": its master may put none."""
    assert_judged(judged("stock-up-to.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {2: TST/A-175, 3: TST/A-003}", "stage: {2: TST/A-003, 3: TST/A-175}", 3)],
    ids=["facing", "not-facing"],
)
def test_an_encore_given_to_the_character_facing_the_card(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 3.6.5, 10.2.2: "The character facing this card gets "【AUTO】 Encore [(2)]"": the opponent's
    character facing it has an Encore [2]; a character it does not face has none."""
    assert_judged(judged("encore-given-facing.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("stage: {2: TST/A-001, 4: TST/A-176}", "stage: {2: TST/A-002, 4: TST/A-176}", 1),  # not 《Music》
        ("pay: true, target: 2,", "pay: true, target: 4,", 1),  # Guardian is not in battle
    ],
    ids=["music-attacked", "runner-attacked", "not-in-battle"],
)
def test_another_character_is_frontal_attacked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.4.2, 8.1.1.2, 8.4.3: "[Put this card into your waiting room] When your other 《Music》 character is
    frontal attacked, you may pay the cost. If you do, choose 1 of your characters in battle, and that character gets
    +2000 power": it triggers for a 《Music》 character frontal attacked, not another."""
    assert_judged(judged("other-front-attacked.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry", "said"),
    [
        ("", "", None, None),
        (
            "do: move, from: 1, to: 4, expect: {P1: {stage: {1: null, 4: TST/A-002}}}",
            "do: move, from: 2, to: 4",
            0,
            "cannot move to another position",
        ),
    ],
    ids=["not-facing", "facing"],
)
def test_the_character_facing_a_card_cannot_move(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None, said: str | None
) -> None:
    """ws 8.1.1.3, 3.6.5, 6.5.1.2.4: "The character facing this card cannot move to another position of the stage":
    the opponent's character facing it cannot be moved in the main phase; another can."""
    assert_judged(judged("facing-cannot-move.yaml", monkeypatch, tmp_path, old, new), entry=entry, said=said)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("do: damage, cards: [TST/A-021]}", "do: damage, cards: [TST/A-001]}", 3),  # not canceled
        ("do: attack, pos: 2, type: front}", "do: attack, pos: 2, type: side}", 3),  # no battle of Stage Door's
    ],
    ids=["canceled-in-battle", "not-canceled", "side-attack"],
)
def test_damage_received_canceled_during_the_cards_battle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.10.1.2, 7.2.1.5.1, 8.1.1.2: "During this card's battle, when the damage you received is canceled, you may
    return this card to your hand": it triggers for the character frontal attacked, when the damage is canceled."""
    assert_judged(judged("received-damage-canceled.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {2: TST/A-179}", "stage: {2: TST/A-001}", 1)],
    ids=["level-gained", "plain-singer"],
)
def test_a_level_gained_with_power_until_end_of_turn(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.2.1.2, 2.6, 3.6.5: "this card gets +1 level and +1000 power until end of turn": its level is 1 while the
    effect lasts, which the opponent's "If the character facing this card is level 1 or higher" sees."""
    assert_judged(judged("level-and-power.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("stage: {2: TST/A-181}", "stage: {2: TST/A-001}", 3),  # level 0: Giant Slayer's ability does not trigger
    ],
    ids=["level-1-reversed", "level-0-reversed"],
)
def test_the_top_card_into_the_clock_and_a_battle_opponent_of_a_level(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 3.8, 7.2.1.5.1, 8.1.1.2: "put the top card of your deck into your clock, and 【REST】 this card", and "When
    this card's level 1 or higher battle opponent becomes 【REVERSE】": the first puts a card into the clock as its
    card is reversed in battle; the second triggers only for a battle opponent of level 1 or higher."""
    assert_judged(judged("deck-to-clock.yaml", monkeypatch, tmp_path, old, new), entry=entry)


def test_an_unread_automatic_ability_of_a_card_the_position_put_on_the_stage_is_reported(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """ws 8.6, 8.1.1.2: an automatic ability whose printed text is not read, of a character the log's position puts
    on the stage (never played), makes the verdict incomplete where an event of its card happens, naming the text."""
    catalog = yaml.safe_load(ABILITIES.read_text(encoding="utf-8"))
    catalog["TST/A-181"]["text"] = "【AUTO】 When this card becomes 【REVERSE】 in battle, do a little dance."
    path = tmp_path / "catalog.yaml"
    path.write_text(yaml.safe_dump(catalog, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv(CATALOGS_VARIABLE, str(path))
    text = (LOGS / "deck-to-clock.yaml").read_text(encoding="utf-8")
    log = tmp_path / "deck-to-clock.yaml"
    log.write_text(text[: text.index("  - {p: P1, do: pass")], encoding="utf-8")
    verdict = verify_log(load_log(log))
    assert verdict.kind is VerdictKind.INCOMPLETE, verdict
    assert any("do a little dance" in note for note in verdict.notes), verdict.notes


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {2: TST/A-001, 4: TST/A-183}", "stage: {2: TST/A-183, 4: TST/A-001}", 1)],
    ids=["plain-singer", "untouchable"],
)
def test_a_character_that_cannot_be_chosen_by_the_opponents_effects(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 8.6.3: "This card cannot be chosen by your opponent's effects": the opponent's ability that
    chooses a character of its center stage cannot choose it."""
    assert_judged(judged("untouchable.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("do: attack, pos: 2, type: front}", "do: attack, pos: 2, type: side}", 1)],
    ids=["frontal", "side"],
)
def test_a_card_that_is_frontal_attacked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 7.2.1.4.2, 8.1.1.2, 4.8.3: "When this card is frontal attacked, look at the top card of your deck, and put it
    on the top of your deck or into your waiting room": a frontal attack triggers it, a side attack does not."""
    assert_judged(judged("frontal-attacked.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("    stage: {2: TST/A-003}\n", "    stage: {2: TST/A-001}\n", 0),  # no level 1 character: level 1 in hand
        ("stage: {1: TST/A-186, 2: TST/A-001}", "stage: {1: TST/A-186, 2: TST/A-002}", 0),  # no 《Music》 in the middle
    ],
    ids=["both", "opponent-level-0", "runner-in-the-middle"],
)
def test_a_level_lowered_by_the_opponents_level_and_the_middle_character_of_a_trait(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 8.6.2.1.2, 3.6.3: "If your opponent has a level 1 or higher character, this card gets -1 level in
    your hand", and "Your other 《Music》 character in the middle position of your center stage gets +1000 power"."""
    assert_judged(judged("level-and-middle.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("3: {power: 2000}, 4:", "3: {power: 2500}, 4:", 0),  # Plain Runner has no "Singer" in its name
        ("    waiting: [TST/A-021]\n", "    waiting: [TST/A-001]\n", 0),  # no climax in the waiting room
    ],
    ids=["both", "runner", "no-climax"],
)
def test_characters_with_a_part_of_a_name_and_the_climaxes_of_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 2.1.1, 3.4: "All of your other characters with “Singer” in its card name get +500 power" (the
    typographic quotes read as straight ones), and "If the number of climax in your waiting room is 1 or more"."""
    assert_judged(judged("name-part-and-climaxes.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("cards: [TST/A-002, TST/A-001]}", "cards: [TST/A-001, TST/A-001]}", 1),  # one Plain Singer in the hand
        ("cards: [TST/A-002, TST/A-001]}", "cards: [TST/A-001]}", 1),  # 2 cards are chosen
    ],
    ids=["two", "not-held", "one"],
)
def test_two_cards_of_the_hand_into_the_waiting_room(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.6.3, 4.7.4, 3.4: "draw up to 2 cards, choose 2 cards in your hand, put them into your waiting room, and
    put up to 1 card from the top of your deck into your stock": the resolve entry names the two cards (cards)."""
    assert_judged(judged("hand-two-to-waiting.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("stage: {1: TST/A-001, 4: TST/A-001}", "stage: {1: TST/A-001}", 1)],
    ids=["two", "one"],
)
def test_x_counts_the_opponents_characters(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.2.1.2, 3.6: "this card gets +X power until end of turn. X is equal to the number of characters your
    opponent has ×1000": X counts the opponent's characters, center and back stage."""
    assert_judged(judged("opponent-characters-counted.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [
        ("", "", None),
        ("target: TST/A-181,", "target: TST/A-003,", 1),  # Veteran is level 2
        ("revealed: [TST/A-181]", "revealed: [TST/A-001]", 1),  # a level 0 card revealed: Wounded Pride is level 1
    ],
    ids=["level-1", "level-2-chosen", "level-0-revealed"],
)
def test_a_card_chosen_of_the_level_of_the_card_revealed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.9.1, 8.6.3, 2.6: "reveal the top card of your deck, choose 1 level X or lower character in your waiting
    room, and return it to your hand. X is equal to the level of the revealed card": the card chosen is of the
    revealed card's level or lower."""
    assert_judged(judged("revealed-level.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("cards: [TST/A-116],", "cards: [TST/A-001],", 1)],
    ids=["the-event", "a-character"],
)
def test_an_event_taken_among_the_cards_looked_at(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 4.8.3, 8.6.3, 2.3: "look at up to 2 cards from the top of your deck, choose up to 1 event from among them,
    reveal it to your opponent, put it into your hand": only an event is taken."""
    assert_judged(judged("look-for-an-event.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("3: TST/A-001, 4: TST/A-001", "3: TST/A-002, 4: TST/A-001", 0)],
    ids=["two-in-the-center", "one-in-the-center"],
)
def test_power_for_each_other_character_of_a_trait_in_the_center_stage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.1.1.3, 3.6.3: "This card gets +1000 power for each other 《Music》 character in your center stage": the
    back stage is not counted."""
    assert_judged(judged("per-other-center.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("1: {card: TST/A-002, state: rest}", "1: {card: TST/A-001, state: rest}", 0)],
    ids=["alone", "another-music"],
)
def test_a_character_that_cannot_stand_in_the_stand_phase(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 6.2.1.2, 8.1.1.3: "If you do not have another 《Music》 character, this card cannot 【STAND】 during your stand
    phase": it stays rested while no other 《Music》 character is there, and stands beside one."""
    assert_judged(judged("cannot-stand.yaml", monkeypatch, tmp_path, old, new), entry=entry)


@pytest.mark.parametrize(
    ("old", "new", "entry"),
    [("", "", None), ("4: {power: 2000}}}}}", "4: {power: 1500}}}}}", 1)],
    ids=["center-only", "back-stage-too"],
)
def test_all_characters_of_the_opponents_center_stage_lose_power(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, old: str, new: str, entry: int | None
) -> None:
    """ws 8.2.1.2, 3.6.3: "all characters on your opponent's center stage get -500 power until end of turn": each
    character of the opponent's center stage, none of its back stage."""
    assert_judged(judged("opponents-center-power.yaml", monkeypatch, tmp_path, old, new), entry=entry)
