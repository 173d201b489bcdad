"""Cardfight!! Vanguard card characteristics (vg 2) and deck construction (vg 5.1-5.3).

A card record is a mapping of the characteristics' names in lower case (the
``vg`` part of the log format): ``{name, type, grade, power, shield, critical,
trigger, clan, nation, race, skills, keywords, abilities}``.  ``type`` is
``normal``, ``trigger`` or ``g`` (a G unit, vg 5.3.3); ``skills`` are the skill
icons of vg 2.10 (``boost``, ``intercept``, ``twin_drive``, ``triple_drive``);
``keywords`` the keyword abilities of vg 10.2 the procedure needs, structured
(``{keyword: sentinel}``, ``{keyword: limit_break, count: 4}``) or as a bare
word (``lord``); ``abilities`` the shared shape of card records, or printed text,
which ``engine.games.vg.text`` reads into that shape.

``deck_problems`` checks a player's main deck and G deck against vg 5.2 and 5.3.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from engine.core.card_records import CardRecordError, name_list, whole_number
from engine.core.cards import CardDefinition
from engine.core.printed_text import printed_text_of, text_lines
from engine.core.protocol import Refusal

CARD_TYPES: Final = ("normal", "trigger", "g")
"""vg 2.9: normal units, trigger units and G units."""
TRIGGER_ICONS: Final = ("critical", "draw", "stand", "heal")
"""vg 2.8.1.1.2-2.8.1.1.5 (no icon: 2.8.1.1.1)."""
SKILLS: Final = ("boost", "intercept", "twin_drive", "triple_drive")
"""vg 2.10 and 10.2.1-10.2.3."""
KEYWORDS: Final = (
    "sentinel",
    "forerunner",
    "limit_break",
    "stride",
    "generation_break",
    "seek_mate",
    "lord",
    "restraint",
    "resist",
)
"""The keyword abilities of vg 10.2 a card record may structure."""
MAIN_DECK_SIZE: Final = 50
"""vg 5.2.2.1."""
TRIGGER_UNITS: Final = 16
"""vg 5.2.2.3."""
COPIES: Final = 4
"""vg 5.2.2.2, 5.3.2.1: cards of one name per deck."""
HEAL_TRIGGERS: Final = 4
"""vg 5.2.2.4."""
SENTINELS: Final = 4
"""vg 5.2.2.5, 10.2.8."""
G_DECK_SIZE: Final = 8
"""vg 5.3.2: a G deck has 0 to 8 cards."""


@dataclass(slots=True, init=False)
class VgCardDefinition(CardDefinition):
    """A Vanguard card's printed characteristics (vg 2): those every game has, and its own."""

    grade: int
    """vg 2.4."""
    power: int
    """vg 2.5."""
    shield: int
    """vg 2.6 (a card with none counts 0 on the guardian circle, vg 3.11.1.1)."""
    critical: int
    """vg 2.7."""
    trigger: str | None
    """The trigger icon (vg 2.8); None for no icon."""
    clans: tuple[str, ...]
    """vg 2.2."""
    nation: str
    """vg 2.17."""
    race: str
    """vg 2.3."""
    skills: frozenset[str]
    """The skill icons (vg 2.10)."""
    keywords: tuple[dict[str, Any], ...]
    """The structured keyword abilities of vg 10.2, each ``{keyword: name, ...}``."""

    def __init__(
        self,
        id: str,
        name: str,
        type: str,
        grade: int = 0,
        power: int = 0,
        shield: int = 0,
        critical: int = 1,
        trigger: str | None = None,
        clans: tuple[str, ...] = (),
        nation: str = "",
        race: str = "",
        skills: frozenset[str] = frozenset(),
        keywords: tuple[dict[str, Any], ...] = (),
        abilities: tuple[dict[str, Any], ...] = (),
    ) -> None:
        # not super(): a slots dataclass is a new class, which the zero-argument form does not know
        CardDefinition.__init__(self, id, name, type, abilities)
        self.grade = grade
        self.power = power
        self.shield = shield
        self.critical = critical
        self.trigger = trigger
        self.clans = clans
        self.nation = nation
        self.race = race
        self.skills = skills
        self.keywords = keywords

    def has(self, keyword: str) -> dict[str, Any] | None:
        """The keyword ability ``keyword`` of vg 10.2 (``sentinel``, ``limit_break``), if the card has it."""
        for ability in self.keywords:
            if ability.get("keyword") == keyword:
                return ability
        return None

    @property
    def is_g_unit(self) -> bool:
        return self.type == "g"


def _keywords(card_id: str, fields: dict[str, Any]) -> tuple[dict[str, Any], ...]:
    value = fields.get("keywords", ())
    if not isinstance(value, list | tuple):
        raise CardRecordError(f"card {card_id!r}: keywords is {value!r}, not a list")
    keywords = []
    for item in value:
        ability = {"keyword": item} if isinstance(item, str) else item
        if not isinstance(ability, dict) or ability.get("keyword") not in KEYWORDS:
            raise CardRecordError(f"card {card_id!r}: keyword {item!r} is not one of {', '.join(KEYWORDS)}")
        for number in ("count", "power"):
            amount = ability.get(number, 0)
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise CardRecordError(f"card {card_id!r}: {ability['keyword']} {number} is {amount!r}, not a number")
        keywords.append(dict(ability))
    return tuple(keywords)


def definition_from_record(card_id: str, fields: dict[str, Any]) -> VgCardDefinition:
    """The definition of ``card_id`` from its record; raises CardRecordError naming the field."""
    card_type = fields.get("type", "normal")
    if card_type not in CARD_TYPES:
        raise CardRecordError(f"card {card_id!r}: type is {card_type!r}, not one of {', '.join(CARD_TYPES)} (vg:2.9)")
    trigger = fields.get("trigger")
    if trigger in ("none", ""):
        trigger = None
    if trigger is not None and trigger not in TRIGGER_ICONS:
        raise CardRecordError(
            f"card {card_id!r}: trigger is {trigger!r}, not one of {', '.join(TRIGGER_ICONS)} (vg:2.8.1.1)"
        )
    if (trigger is not None) != (card_type == "trigger"):
        raise CardRecordError(
            f"card {card_id!r}: a {card_type} unit {'has no' if trigger is None else 'with'} trigger icon "
            f"{'' if trigger is None else repr(trigger) + ' '}is not a card of vg:2.9.2"
        )
    skills = name_list(card_id, fields, "skills")
    unknown = [skill for skill in skills if skill not in SKILLS]
    if unknown:
        raise CardRecordError(f"card {card_id!r}: unknown skill {unknown[0]!r} ({', '.join(SKILLS)})")
    abilities = fields.get("abilities", ())
    if not isinstance(abilities, list | tuple) or not all(isinstance(a, dict | str) for a in abilities):
        raise CardRecordError(f"card {card_id!r}: abilities must be a list")
    text = fields.get("text")
    if text is not None and not isinstance(text, str):
        raise CardRecordError(f"card {card_id!r}: text is {text!r}, not the card's printed text")
    if text and not abilities:  # the text box, one ability a line, each read as printed text
        abilities = text_lines(text)
    grade = whole_number(card_id, fields, "grade")
    if grade < 0:
        raise CardRecordError(f"card {card_id!r}: grade {grade} is below 0 (vg:2.4)")
    return VgCardDefinition(
        id=card_id,
        name=str(fields.get("name", card_id)),
        type=str(card_type),
        grade=grade,
        power=whole_number(card_id, fields, "power"),
        shield=whole_number(card_id, fields, "shield"),
        critical=whole_number(card_id, fields, "critical", 1),
        trigger=None if trigger is None else str(trigger),
        clans=name_list(card_id, fields, "clan"),
        nation=str(fields.get("nation", "")),
        race=str(fields.get("race", "")),
        skills=frozenset(skills),
        keywords=_keywords(card_id, fields),
        abilities=tuple(_ability(a) for a in abilities),
    )


def _ability(written: dict[str, Any] | str) -> dict[str, Any]:
    """An ability as the engine plays it: a structured record as written; printed text as the grammar reads it
    (``engine.games.vg.text``), or kept as text where it is not read."""
    text = printed_text_of(written)
    if text is None:
        assert isinstance(written, dict)
        return written
    from engine.games.vg.text import ability_record  # the grammar is compiled only for a card with printed text

    return ability_record(text)


def deck_problems(
    player: str, main: dict[str, int], g_deck: dict[str, int], definitions: dict[str, VgCardDefinition]
) -> list[Refusal]:
    """What in ``player``'s main deck and G deck vg 5.2 and 5.3 do not allow (vg 5.4.2: both are checked when
    presented before the game)."""
    problems: list[Refusal] = []
    unknown = sorted(card for card in [*main, *g_deck] if card not in definitions)
    if unknown:
        return [Refusal(("vg:2.1",), f"{player}'s decks name {', '.join(unknown)}, which no card record describes")]
    size = sum(main.values())
    if size != MAIN_DECK_SIZE:
        problems.append(Refusal(("vg:5.2.2.1",), f"{player}'s main deck has {size} cards, not {MAIN_DECK_SIZE}"))
    for deck, clauses, label in (
        (main, ("vg:5.2.2.2", "vg:5.2.2.2.1"), "main deck"),
        (g_deck, ("vg:5.3.2.1",), "G deck"),
    ):
        by_name = Counter[str]()
        for card, copies in deck.items():
            by_name[definitions[card].name] += copies
        for name, copies in sorted(by_name.items()):
            if copies > COPIES:
                problems.append(
                    Refusal(clauses, f"{player}'s {label} has {copies} cards named {name!r}, at most {COPIES}")
                )
    triggers = sum(copies for card, copies in main.items() if definitions[card].type == "trigger")
    if triggers != TRIGGER_UNITS:
        problems.append(
            Refusal(("vg:5.2.2.3",), f"{player}'s main deck has {triggers} trigger units, not {TRIGGER_UNITS}")
        )
    heals = sum(copies for card, copies in main.items() if definitions[card].trigger == "heal")
    if heals > HEAL_TRIGGERS:
        problems.append(
            Refusal(("vg:5.2.2.4",), f"{player}'s main deck has {heals} heal triggers, at most {HEAL_TRIGGERS}")
        )
    sentinels = sum(copies for card, copies in main.items() if definitions[card].has("sentinel") is not None)
    if sentinels > SENTINELS:
        problems.append(
            Refusal(
                ("vg:5.2.2.5", "vg:10.2.8", "vg:10.2.8.1"),
                f"{player}'s main deck has {sentinels} Sentinels, at most {SENTINELS}",
            )
        )
    g_units = sorted(card for card in main if definitions[card].is_g_unit)
    if g_units:
        problems.append(
            Refusal(
                ("vg:5.2.2.6",),
                f"{player}'s main deck holds G units ({', '.join(g_units)}): only normal and trigger units",
            )
        )
    g_size = sum(g_deck.values())
    if g_size > G_DECK_SIZE:
        problems.append(Refusal(("vg:5.3.2",), f"{player}'s G deck has {g_size} cards, at most {G_DECK_SIZE}"))
    not_g = sorted(card for card in g_deck if not definitions[card].is_g_unit)
    if not_g:
        problems.append(Refusal(("vg:5.3.3",), f"{player}'s G deck holds {', '.join(not_g)}, which are not G units"))
    return problems
