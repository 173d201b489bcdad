"""Tests for the heading-indexed beginner documents (rules sheet and guide) and the clauses each heading explains."""

from __future__ import annotations

import pathlib
import re

import pytest

from judge import docs_pages
from judge.docs_pages import sheet_links
from rules_index.documents import beginner_documents
from rules_index.index import RulesIndex
from rules_index.model import Clause, Document, DocumentKind
from rules_index.sheets import parse_markdown_sheet, parse_outline_guide, slugify

DATA = pathlib.Path(__file__).parents[1] / "rules_index" / "data"

SHEET = Document(
    key="ws-sheet",
    filename="ws-rules-sheet-2013.md",
    title="Weiss Schwarz Rules Sheet (2013)",
    game="ws",
    kind=DocumentKind.MARKDOWN_SHEET,
)
GUIDE = Document(
    key="ws-guide",
    filename="ws-beginner-guide.txt",
    title="Weiss Schwarz Beginner Guide",
    game="ws",
    kind=DocumentKind.OUTLINE_GUIDE,
)


def _source(document: Document) -> str:
    return (DATA / document.filename).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def sheet() -> list[Clause]:
    return parse_markdown_sheet(SHEET, _source(SHEET))


@pytest.fixture(scope="module")
def guide() -> list[Clause]:
    return parse_outline_guide(GUIDE, _source(GUIDE))


def _by_id(clauses: list[Clause]) -> dict[str, Clause]:
    return {clause.id: clause for clause in clauses}


# --- the rules sheet ---------------------------------------------------------


def test_sheet_root_is_the_title_and_left_out_of_descendant_ids(sheet: list[Clause]) -> None:
    root = sheet[0]
    assert root.id == "ws-sheet:rules-sheet-as-of-may-31-2013"
    assert root.title == "Rules Sheet (as of May 31, 2013)"
    assert root.parent is None
    assert root.text == ""
    assert [c.id for c in sheet if c.parent is None] == [root.id]
    assert root.children[:3] == [
        "ws-sheet:what-is-weiss-schwarz-all-about",
        "ws-sheet:what-is-the-object-of-the-game",
        "ws-sheet:game-cards",
    ]
    assert not any(c.number.startswith("rules-sheet") for c in sheet[1:])


def test_sheet_attack_phase_appears_twice_with_distinct_ids(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    in_turn = clauses["ws-sheet:progressing-through-a-turn/vi-attack-phase"]
    in_section = clauses["ws-sheet:attack-phase/vi-attack-phase"]
    assert in_turn.title == in_section.title == "VI Attack Phase"
    assert in_turn.parent == "ws-sheet:progressing-through-a-turn"
    assert in_section.parent == "ws-sheet:attack-phase"
    assert 'separate "Attack Phase" section' in in_turn.text
    assert "Steps 1-5 below must be repeated" in in_section.text
    assert [c.id for c in sheet if c.title == "VI Attack Phase"] == [in_turn.id, in_section.id]


def test_sheet_heading_text_stops_at_the_next_heading(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    main = clauses["ws-sheet:progressing-through-a-turn/iv-main-phase"]
    assert main.text == "Perform the following four actions as often as you like, in any particular order."
    assert clauses["ws-sheet:game-cards"].text == ""
    objective = clauses["ws-sheet:what-is-the-object-of-the-game"]
    assert objective.text.endswith("Whoever sends their opponent all the way up to Level 4 wins the game!")
    assert "**" not in objective.text and "  " not in objective.text


def test_sheet_bold_terms_are_children_of_their_heading(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    level_area = clauses["ws-sheet:playing-mat/level-area"]
    assert level_area.title == "Level Area"
    assert level_area.parent == "ws-sheet:playing-mat"
    assert "fourth card" in level_area.text
    assert level_area.text.startswith("Cards representing what level you are")
    mat = clauses["ws-sheet:playing-mat"]
    assert [clauses[child].title for child in mat.children] == [
        "Deck",
        "Level Area",
        "Clock Area",
        "Stock Area",
        "Climax Area",
        "Stage positions",
        "Waiting Room",
        "Memory Area",
    ]
    # The paragraph after the list belongs to the heading again, not to the last term.
    assert mat.text.endswith("can be checked by either player at any time.")
    assert "checked by either player" not in clauses["ws-sheet:playing-mat/memory-area"].text


def test_sheet_nested_bold_terms_nest_by_indentation(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    stage = clauses["ws-sheet:playing-mat/stage-positions"]
    assert stage.children == [
        "ws-sheet:playing-mat/stage-positions/stage",
        "ws-sheet:playing-mat/stage-positions/center-stage",
        "ws-sheet:playing-mat/stage-positions/back-stage",
    ]
    declaration = clauses["ws-sheet:attack-phase/vi-attack-phase/attack-declaration-step"]
    assert [clauses[child].title for child in declaration.children] == [
        "Frontal attack",
        "Side attack",
        "Direct attack",
    ]
    assert declaration.text.startswith("Switch a character in the center stage to a resting state")
    direct = clauses["ws-sheet:attack-phase/vi-attack-phase/attack-declaration-step/direct-attack"]
    assert "Soul Points will be increased by 1" in direct.text
    phase = clauses["ws-sheet:attack-phase/vi-attack-phase"]
    assert [clauses[child].title for child in phase.children] == [
        "Attack Declaration Step",
        "Trigger Step",
        "Counter-Attack Step",
        "Damage Step",
        "Score Step",
        "Interpolation Step",
    ]


def test_sheet_terms_with_only_a_closing_marker_take_the_next_line(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    conditions = clauses["ws-sheet:character-status/2-conditions-for-playing-a-card"]
    assert conditions.title == "★2. Conditions for playing a card"
    assert [clauses[child].title for child in conditions.children] == ["Level", "Cost", "Color"]
    cost = clauses[conditions.children[1]]
    assert cost.text.startswith("You must take a number of cards, equal to cost written on the card")


def test_sheet_non_term_items_are_text_of_their_owner(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    trigger = clauses["ws-sheet:attack-phase/vi-attack-phase/trigger-step"]
    assert trigger.children == []
    assert trigger.text.endswith("Draw two cards from your Deck.")
    deck = clauses["ws-sheet:get-your-deck-ready-for-action"]
    assert deck.children == []
    assert "Each Deck must have exactly 50 cards." in deck.text
    assert "- " not in deck.text
    interpolation = clauses["ws-sheet:attack-phase/vi-attack-phase/interpolation-step"]
    assert "pay three cards from your Stock" in interpolation.text


def test_sheet_bold_term_line_is_a_sibling_term(sheet: list[Clause]) -> None:
    clauses = _by_id(sheet)
    clock_icon = clauses["ws-sheet:game-cards/climax-cards/clock-icon-c"]
    assert clock_icon.title == "Clock Icon (C)"
    assert clock_icon.parent == "ws-sheet:game-cards/climax-cards"
    counter = clauses["ws-sheet:game-cards/climax-cards/counter-attack-icon-c"]
    assert "clock" not in counter.text


# --- the beginner guide ------------------------------------------------------


def test_guide_top_level_headings_are_roots(guide: list[Clause]) -> None:
    roots = [c for c in guide if c.parent is None]
    assert [(c.id, c.title) for c in roots] == [
        ("ws-guide:types-of-cards", "Types of Cards"),
        ("ws-guide:play-area", "Play Area"),
        ("ws-guide:how-to-play", "How to Play"),
        ("ws-guide:turn-phases", "Turn Phases"),
    ]
    types = _by_id(guide)["ws-guide:types-of-cards"]
    # Dashed definitions and glued items are text, not headings.
    assert types.text.startswith("Character – Appearing character from various works")
    assert "Level & CostLocated on the top left" in types.text


def test_guide_turn_phases_lists_the_seven_phases_in_order(guide: list[Clause]) -> None:
    clauses = _by_id(guide)
    phases = clauses["ws-guide:turn-phases"].children[:7]
    assert phases == [
        "ws-guide:turn-phases/stand-phase",
        "ws-guide:turn-phases/draw-phase",
        "ws-guide:turn-phases/clock-phase",
        "ws-guide:turn-phases/main-phase",
        "ws-guide:turn-phases/climax-phase",
        "ws-guide:turn-phases/attack-phase",
        "ws-guide:turn-phases/end-phase",
    ]
    assert [clauses[p].title for p in phases] == [
        "Stand Phase",
        "Draw Phase",
        "Clock Phase",
        "Main Phase",
        "Climax Phase",
        "Attack Phase",
        "End Phase",
    ]
    assert clauses["ws-guide:turn-phases/stand-phase"].text == (
        "All Characters on player’s stage in REST are changed to STAND."
    )


def test_guide_nested_items_follow_indentation(guide: list[Clause]) -> None:
    clauses = _by_id(guide)
    attack = clauses["ws-guide:turn-phases/attack-phase"]
    assert [clauses[child].title for child in attack.children] == [
        "Attack Declaration Step",
        "Trigger Step",
        "Counter Step",
        "Damage Step",
        "Battle Step",
        "Encore Step",
    ]
    assert "Repeat Steps 1 to 5 for each attack" in attack.text
    trigger = clauses["ws-guide:turn-phases/attack-phase/trigger-step"]
    assert trigger.text.endswith("After resolving the trigger effect, the card is added to Stock.")
    assert "•" not in trigger.text
    making = clauses["ws-guide:how-to-play/making-a-deck"]
    assert making.parent == "ws-guide:how-to-play"
    assert "exactly 50 cards" in making.text
    power = clauses["ws-guide:types-of-cards/power-soul/power"]
    assert power.title == "Power"
    assert power.parent == "ws-guide:types-of-cards/power-soul"


def test_guide_encore_step_mentions_the_default_encore(guide: list[Clause]) -> None:
    encore = _by_id(guide)["ws-guide:turn-phases/attack-phase/encore-step"]
    assert encore.title == "Encore Step"
    assert "paying 3 cost from the stock" in encore.text
    assert "Encore can be done regardless of phase" in encore.text


# --- both documents ----------------------------------------------------------


@pytest.mark.parametrize("which", ["sheet", "guide"])
def test_tree_is_consistent(which: str, request: pytest.FixtureRequest) -> None:
    clauses: list[Clause] = request.getfixturevalue(which)
    document = SHEET if which == "sheet" else GUIDE
    assert clauses
    ids = [c.id for c in clauses]
    assert len(ids) == len(set(ids))
    by_id = _by_id(clauses)
    assert [c.order for c in clauses] == list(range(len(clauses)))
    assert [c.line for c in clauses] == sorted({c.line for c in clauses})
    for clause in clauses:
        assert clause.doc == document.key
        assert clause.id == f"{document.key}:{clause.number}"
        assert clause.title
        assert clause.text == clause.text.strip()
        assert "  " not in clause.text
        if clause.parent is not None:
            assert clause.id in by_id[clause.parent].children
            assert by_id[clause.parent].order < clause.order
        for child in clause.children:
            assert by_id[child].parent == clause.id
        assert [by_id[child].order for child in clause.children] == sorted(
            by_id[child].order for child in clause.children
        )


@pytest.mark.parametrize("which", ["sheet", "guide"])
def test_lines_point_at_the_title(which: str, request: pytest.FixtureRequest) -> None:
    clauses: list[Clause] = request.getfixturevalue(which)
    document = SHEET if which == "sheet" else GUIDE
    lines = _source(document).split("\n")
    for clause in clauses:
        line = lines[clause.line - 1]
        # Guide titles leave out icon placeholders (``Counter Step ws_counter``).
        assert all(word in line for word in clause.title.split()), (clause.id, line)
        if which == "sheet":
            assert clause.title in line.replace("**", ""), (clause.id, line)


def test_duplicate_paths_get_numbered_suffixes() -> None:
    text = "# Title\n\n## Setup\n\nFirst.\n\n## Setup\n\n### Deck\n\nSecond.\n\n## Setup!\n"
    clauses = parse_markdown_sheet(SHEET, text)
    assert [c.id for c in clauses] == [
        "ws-sheet:title",
        "ws-sheet:setup",
        "ws-sheet:setup-2",
        "ws-sheet:setup-2/deck",
        "ws-sheet:setup-3",
    ]
    assert [c.text for c in clauses] == ["", "First.", "", "Second.", ""]

    guide = parse_outline_guide(GUIDE, "Phases\n  • Draw\n    Draw one.\n  • Draw\n    Again.\n")
    assert [c.id for c in guide] == ["ws-guide:phases", "ws-guide:phases/draw", "ws-guide:phases/draw-2"]


def test_several_top_headings_keep_their_slug_in_paths() -> None:
    clauses = parse_markdown_sheet(SHEET, "# One\n## Part\n# Two\n## Part\n")
    assert [c.id for c in clauses] == ["ws-sheet:one", "ws-sheet:one/part", "ws-sheet:two", "ws-sheet:two/part"]


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("What is the object of the game?", "what-is-the-object-of-the-game"),
        ("IV Main Phase", "iv-main-phase"),
        ('What is "Weiß Schwarz" all about?', "what-is-weiss-schwarz-all-about"),
        ("Alright! It's time to face off!", "alright-its-time-to-face-off"),
        ("★2. Conditions for playing a card", "2-conditions-for-playing-a-card"),
        ("Counter-Attack Icon (C)", "counter-attack-icon-c"),
        ("Café & Crème", "cafe-creme"),
        ("!!!", "section"),
    ],
)
def test_slugify(heading: str, slug: str) -> None:
    assert slugify(heading) == slug


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n\n",
        "no headings at all, just prose.\n",
        "#\n##\n###   \n- **\n-  **:**\n** **\n",
        "\x00\x01\ufeff\u2028 garbage \t\t\r\n\r  • \n  1.\n    \u00a0\n",
        "  • Item\n      deeper\n  2. Other\n",
        "***\n---\n- - -\n* * *\n**:**\n",
        "# Title\n  - Term**\n- Other**  rest\n        - deep**\n**Bold:**\n",
        "\t• Tabbed\n\t\tdeeper text\n",
        "Heading\n" + "  • x\n" * 50,
    ],
)
def test_odd_input_never_raises(text: str) -> None:
    for parse, document in ((parse_markdown_sheet, SHEET), (parse_outline_guide, GUIDE)):
        clauses = parse(document, text)
        assert isinstance(clauses, list)
        assert len({c.id for c in clauses}) == len(clauses)
        assert [c.order for c in clauses] == list(range(len(clauses)))


# --- the curated table of what each heading explains ---------------------------


def test_every_sheet_heading_has_an_entry_in_the_curated_table(index: RulesIndex) -> None:
    table = sheet_links()
    headings = [clause.id for doc in beginner_documents() for clause in index.documents[doc].clauses]
    assert sorted(table) == sorted(headings)
    assert all(table[heading] for heading in headings), [h for h in headings if not table[h]]


def test_every_target_of_the_curated_table_is_a_clause_of_the_rules(index: RulesIndex) -> None:
    for heading, targets in sheet_links().items():
        assert len(set(targets)) == len(targets), heading
        for target in targets:
            clause = index.resolve(target)
            assert clause is not None, (heading, target)
            assert clause.doc == "ws" and clause.id == target, (heading, target)


def test_the_table_links_what_the_heading_says(index: RulesIndex) -> None:
    table = sheet_links()
    objective = table["ws-sheet:what-is-the-object-of-the-game"]
    assert "ws:1.2.2.1" in objective  # four level cards lose: the sheet's "Level 4 wins"
    assert not any(target.startswith("ws:8.10") for target in objective)  # not replacement effects
    assert "ws:4.10.1.2" in table["ws-guide:turn-phases/attack-phase/damage-step"]  # damage cancel
    assert "ws:9.2.2" in table["ws-guide:turn-phases/deck-refresh"]


def test_a_heading_missing_from_the_table_stops_the_sheet_pages(
    index: RulesIndex, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = dict(sheet_links())
    del table["ws-guide:turn-phases/deck-refresh"]
    monkeypatch.setattr(docs_pages, "sheet_links", lambda: table)
    with pytest.raises(ValueError, match="deck-refresh"):
        docs_pages.sheet_pages(index, tmp_path, beginner_documents())


def test_the_sheet_pages_list_the_table_links_under_each_heading(index: RulesIndex, tmp_path: pathlib.Path) -> None:
    assert docs_pages.sheet_pages(index, tmp_path, beginner_documents()) == list(beginner_documents())
    page = (tmp_path / "ws-guide.rst").read_text(encoding="utf-8")
    block = page[page.index(".. rules:clause:: ws-guide:turn-phases/deck-refresh") :]
    explains = block[block.index("**Explains:**") :].split("\n", 1)[0]
    assert re.findall(r":rule:`([^`]+)`", explains) == list(sheet_links()["ws-guide:turn-phases/deck-refresh"])
