"""weiss-sim's card database, decoded whole: every card agrees with the simulator's own table, known cards have
the icons and text of their records, and data of another version is refused by name."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from judge.cards import postcard
from judge.cards import weiss_sim as source
from judge.cards.postcard import Layout, PostcardError

weiss_sim = pytest.importorskip("weiss_sim")

EXPECTED_CARDS = 18_474
"""The cards weiss-sim 1.2.0 ships (its catalog_meta.json's catalog_count)."""
CLIMAX_TEXT = "【CONT】 All of your characters get +1000 power and +1 soul."


@pytest.fixture(scope="module")
def cards() -> dict[str, source.WeissSimCard]:
    return {card.number: card for card in source.read_cards()}


def test_every_card_of_the_table_is_decoded(cards: dict[str, source.WeissSimCard]) -> None:
    table = weiss_sim.export_card_table()
    assert len(source.read_cards()) == EXPECTED_CARDS == table["num_cards"]
    assert len(cards) == EXPECTED_CARDS  # no card number twice


def test_every_card_agrees_with_the_simulators_own_table() -> None:
    rows = {int(row["card_id"]): row for row in weiss_sim.export_card_table()["rows"]}
    disagreements = []
    for card in source.read_cards():
        row = rows[card.sim_id]
        ours = (card.card_type, card.color, card.level, card.cost, card.power, card.soul, list(card.trait_ids))
        theirs = (row["card_type"], row["color"], row["level"], row["cost"], row["power"], row["soul"], row["traits"])
        if ours != theirs:
            disagreements.append((card.number, ours, theirs))
    assert disagreements == []
    assert {card.sim_id for card in source.read_cards()} == set(rows)


def test_the_rules_profiles_are_those_of_the_catalog(cards: dict[str, source.WeissSimCard]) -> None:
    approx = sum(card.approx for card in cards.values())
    assert approx == 17_167  # catalog_meta.json's approx_supported_count
    assert sum(card.strict for card in cards.values()) == 6_229  # strict_ok in the catalog; its meta says 6,217


@pytest.mark.parametrize(
    ("number", "icons", "counter", "text_starts", "abilities"),
    [
        # ws 4.12.2.5: the reminder text names the comeback icon weiss-sim writes as its gate
        ("ARI/S103-E068", ["comeback"], False, f"{CLIMAX_TEXT}\n( [ICON:COMEBACK] :", True),
        # the gate icon's own reminder: a climax from the waiting room
        ("ARI/S103-E097", ["soul", "gate"], False, f"{CLIMAX_TEXT}\n( [GATE] :", True),
        # no reminder: a gate beside a soul icon is the gate, alone the comeback icon
        ("5HY/W101-E099", ["soul", "gate"], False, CLIMAX_TEXT, True),
        ("5HY/W101-E075", ["comeback"], False, CLIMAX_TEXT, True),
        ("5HY/W83-E027", ["soul", "return"], False, "【CONT】", True),  # weiss-sim's bounce (ws 4.12.2.2)
        ("5HY/W101-E074", ["soul", "standby"], False, "【AUTO】 When this card is placed on your climax area", True),
        ("5HY/W101-E021", ["choice"], False, "【CONT】", True),
        ("LL/W24-E111", ["soul", "soul"], False, "-", False),  # the vanilla climax the importer's decks play
        ("AB/W31-E036", [], False, "-", False),
        ("5HY/W101-E007", ["soul"], True, "【AUTO】 【CLOCK】 Alarm", True),  # weiss-sim's counter timing
        ("5HY/W101-E047", [], True, "【COUNTER】 Choose up to 2 characters", False),  # the icon, from the text
        ("5HY/W101-E020", [], False, "If you do not have a character", False),
    ],
)
def test_known_cards_have_the_icons_and_text_of_their_records(
    cards: dict[str, source.WeissSimCard], number: str, icons: list[str], counter: bool, text_starts: str,
    abilities: bool,
) -> None:
    card = cards[number]
    assert source.trigger_icons(card) == icons
    assert source.has_counter_icon(card) is counter
    assert card.text.startswith(text_starts)
    assert card.simulated_abilities is abilities


def test_gate_icons_are_named_card_by_card(cards: dict[str, source.WeissSimCard]) -> None:
    counts = source.gate_counts(list(cards.values()))
    assert counts == {"comeback": 336, "gate": 316}
    for card in cards.values():
        if "[ICON:COMEBACK] :" in card.text and source.GATE in card.triggers:
            assert source.gate_icon(card) == "comeback", card.number
        if "( [GATE] :" in card.text:
            assert source.gate_icon(card) == "gate", card.number


def test_a_catalog_record_keeps_the_text_and_what_weiss_sim_knows(cards: dict[str, source.WeissSimCard]) -> None:
    record = source.catalog_record(cards["5HY/W101-E007"])
    assert record["id"] == "5HY/W101-E007"
    assert record["type"] == "character" and record["counter"] is True and record["triggers"] == ["soul"]
    assert record["text"] == cards["5HY/W101-E007"].text
    assert record["meta"] == {"weiss_sim": {"id": 8, "trait_ids": [600], "strict": True, "approx": True}}
    assert "traits" not in record  # weiss-sim has no trait names
    vanilla = source.catalog_record(cards["LL/W24-E111"])
    assert "text" not in vanilla and "level" not in vanilla  # '-' is no text; a climax has no level (ws 2.6)


def test_a_card_number_listed_twice_is_refused(cards: dict[str, source.WeissSimCard]) -> None:
    first = cards["AB/W31-E036"]
    again = dataclasses.replace(first, sim_id=99_999)
    with pytest.raises(source.WeissSimDataError, match=r"'AB/W31-E036' twice, as its cards 539 and 99999"):
        source.catalog_records([first, again])


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(source.data_folder(), folder)
    return folder


def test_changed_card_data_is_refused_naming_the_versions(data_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = data_copy / source.TABLE
    raw = bytearray(table.read_bytes())
    raw[1000] ^= 0x01
    table.write_bytes(bytes(raw))
    monkeypatch.setattr(source, "installed_version", lambda: "1.3.0")
    with pytest.raises(source.WeissSimDataError) as error:
        source.read_cards(data_copy)
    assert "weiss-sim 1.3.0 is installed" in str(error.value)
    assert "not weiss-sim 1.2.0's, the only version whose card data the judge reads" in str(error.value)


def test_a_changed_file_of_the_supported_version_says_so(data_copy: Path) -> None:
    (data_copy / source.CATALOG).write_bytes(b"")
    with pytest.raises(source.WeissSimDataError, match="is not the file weiss-sim 1.2.0 ships"):
        source.read_cards(data_copy)


def test_a_missing_file_is_refused(data_copy: Path) -> None:
    (data_copy / source.META).unlink()
    with pytest.raises(source.WeissSimDataError, match="cannot read weiss-sim's .*catalog_meta.json"):
        source.read_cards(data_copy)


# --------------------------------------------------------------------------- the postcard decoder

TOY = Layout(
    structs={"Card": ("id: u32", "power: i32", "name: Option<String>", "icons: Vec<Icon>", "next: Option<Box<Card>>")},
    enums={"Icon": ("Soul", "Draw { count: u8 }", "Named(String)")},
)


def test_postcard_values_read_as_the_layout_says() -> None:
    data = bytes(
        [0xAC, 0x02]  # id 300, a varint
        + [0xCF, 0x0F]  # power -1000: zigzag 1999, a varint
        + [0x01, 0x02, ord("h"), ord("i")]  # Some("hi")
        + [0x03, 0x00, 0x01, 0x05, 0x02, 0x01, ord("x")]  # [Soul, Draw{5}, Named("x")]
        + [0x01, 0x01, 0x00, 0x00, 0x00, 0x00]  # next: Some(Card{1, 0, None, [], None})
    )
    value = postcard.decoder(TOY, "Card")(data)
    assert value == {
        "id": 300,
        "power": -1000,
        "name": "hi",
        "icons": ["Soul", {"Draw": {"count": 5}}, {"Named": "x"}],
        "next": {"id": 1, "power": 0, "name": None, "icons": [], "next": None},
    }


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (bytes([0x01, 0x00, 0x02]), "at byte 2: an Option<String> tag is 2, expected 0 or 1"),
        (bytes([0x01, 0x00, 0x00, 0x01, 0x07, 0x00]), "at byte 4: Icon variant 7, but Icon has 3"),
        (bytes([0x01, 0x00, 0x00, 0x00, 0x00, 0xFF]), "at byte 5: 1 byte(s) left after the Card"),
        (bytes([0x01, 0x00, 0x01, 0x05, ord("a")]), "at byte 3: a String of 5 bytes is longer than the data left"),
        (bytes([0x01, 0x00, 0x01]), "at byte 3: the data ends inside a Card"),
        (bytes([0x01, 0x00, 0x00, 0x01]), "at byte 4: a Vec<Icon> of 1 items is longer than the data left"),
        (bytes([0xFF, 0xFF, 0xFF, 0xFF, 0x7F]), "at byte 0: a u32 varint holds 34359738367, more than a u32"),
    ],
)
def test_bytes_that_do_not_fit_the_layout_are_refused_where_they_stop_fitting(data: bytes, message: str) -> None:
    with pytest.raises(PostcardError) as error:
        postcard.decoder(TOY, "Card")(data)
    assert str(error.value) == message
