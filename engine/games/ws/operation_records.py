"""The operations of an ability's effect as a Weiss Schwarz card record writes them (ws 8.6, 8.2.1.2, 8.6.3).

``engine.games.ws.abilities`` reads an ability's category, timing, cost and condition, and asks this module
whether each operation of its effect is one the engine plays: the operation names (``OPERATIONS``), who an
operation goes to (``TARGETS``; a character chosen on the stage, ``target: choose``, narrowed by its traits,
level, cost and place), the cards chosen from a zone (``CHOOSING``) and their filters, the durations of a
change, and the values each operation takes.  ``AbilityRecordError`` says which part is outside the vocabulary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from engine.games.ws.cards import WsCardDefinition

OPERATIONS: Final = (
    "draw",
    "power",
    "soul",
    "salvage",
    "stock",
    "heal",
    "standby",
    "extra_turn",
    "trait",
    "cannot",
    "battle_opponent",
    "search",
    "rest_self",
    "move_self",
    "mill",
    "look_top",
    "look",
    "brainstorm",
    "level",
    "hand_to_stock",
    "hand_to_waiting",
    "reveal",
    "put_revealed",
    "self_to",
    "clock_to_stock",
    "send",
    "rest",
    "stand",
    "grant",
)
CONTINUOUS_ONLY: Final = ("trait", "cannot", "level")
"""What only a ``cont`` ability's operations may say."""
TARGETS: Final = ("self", "choose", "all", "others")
"""Who a power or soul change goes to: the ability's card, one of its master's characters chosen, all of them,
or all of them but the ability's card."""
CHOSEN_FATES: Final = ("hand", "waiting", "stock", "memory", "clock", "deck_bottom", "deck_top")
"""Where ``send`` puts the character chosen (``target: choose``): a zone of its master's, the deck's bottom or top."""
CHOSEN_ONLY: Final = ("send", "rest", "stand")
"""The operations done to a character chosen (``target: choose``) alone: ``send`` it to a zone, rest or stand it."""
CHARACTER_FILTERS: Final = ("level_at_most", "level_at_least", "cost_at_most")
"""What narrows a character chosen by its level or cost (``target: choose``)."""
AREAS: Final = ("center_stage", "back_stage")
"""Where on the stage the character chosen is (``area``, 3.6.1)."""
DURATIONS: Final = ("end_of_turn", "end_of_opponents_next_turn")
"""How long a power or soul change lasts (``until``, 8.2.1.2): until end of turn (the default), or until the end
of its master's opponent's next turn."""
GAINS: Final = ("power", "soul")
"""The operations one change may carry together: ``{power: 2000, soul: 1, target: choose}`` is one choice."""
SALVAGE_TYPES: Final = ("character", "climax", "event", "any")
BATTLE_OPPONENT_FATES: Final = ("reverse", "stock", "deck_bottom", "deck_top", "memory", "clock", "hand", "waiting")
"""What ``battle_opponent`` does to the ability's card's battle opponent ("that character", 7.2.1.5.1): reverse it
(7.6.1.2), or put it into a zone of its master's (the deck's bottom or top)."""
RESTRICTIONS: Final = ("side_attack", "front_attack", "reverse", "play")
"""What a ``cont`` ability's ``cannot`` forbids its card (ws 8.1.1.3): ``side_attack`` and ``front_attack``
(7.2.1.4.2), ``reverse`` (becoming reversed, 7.6.1.2); ``play``, with ``zone: hand``: its card cannot be played
from the hand while the condition holds (8.6.2.1)."""


class AbilityRecordError(ValueError):
    """An ability entry outside the vocabulary."""


def is_character_filter(part: dict[str, Any], numbers: tuple[str, ...]) -> bool:
    traits = part.get("traits", [])
    return (
        set(part) <= {*CHARACTER_FLAGS, "traits", "name_contains", *numbers}
        and isinstance(part.get("name_contains", "-"), str)
        and bool(part.get("name_contains", "-"))
        and isinstance(traits, list)
        and all(isinstance(trait, str) and trait for trait in traits)
        and all(isinstance(part.get(flag, False), bool) for flag in CHARACTER_FLAGS)
        and whole_numbers(part, numbers)
    )


CHARACTER_FLAGS: Final = ("other", "back_stage", "center_stage", "rested", "opponent")
"""What a count of characters may narrow them to: others than the ability's card, those in the back or the
center stage, those rested (4.6.1.2); ``opponent``, its master's opponent's characters."""


def whole_numbers(part: dict[str, Any], names: tuple[str, ...]) -> bool:
    return set(part) - {"traits", "name_contains", *CHARACTER_FLAGS} <= set(names) and all(
        isinstance(part[name], int) and not isinstance(part[name], bool) and part[name] >= 0
        for name in names
        if name in part
    )


def check_operation(index: int, effect: Any, revealed: bool = False) -> None:
    """``effect``, one operation, as the vocabulary says it; ``revealed``: one done with the card a ``reveal``
    revealed (``put_revealed`` names that card)."""
    if not isinstance(effect, dict):
        raise AbilityRecordError(f"ability {index}: operation {effect!r} is not a mapping")
    if "put_revealed" in effect and not revealed:
        raise AbilityRecordError(f"ability {index}: put_revealed puts the card revealed: it belongs to a reveal's then")
    names = [name for name in OPERATIONS if name in effect]
    if not (len(names) == 1 or set(names) <= {*GAINS, "grant"}):
        raise AbilityRecordError(f"ability {index}: {effect!r} must name one of {', '.join(OPERATIONS)}")
    for name in names:
        _check_value(index, name, effect[name])
    if "with_trait" in effect and not _is_traits(effect["with_trait"]):
        raise AbilityRecordError(
            f"ability {index}: with_trait {effect['with_trait']!r} is not a trait's name, nor a list of them"
        )
    if "with_name" in effect and (not isinstance(effect["with_name"], str) or not effect["with_name"]):
        raise AbilityRecordError(f"ability {index}: with_name {effect['with_name']!r} is not a card name")
    per = effect.get("per")
    if (
        per is not None
        and per != {"markers": {}}
        and not (
            isinstance(per, dict)
            and set(per) == {"characters"}
            and isinstance(per["characters"], dict)
            and is_character_filter(per["characters"], ())
        )
    ):
        raise AbilityRecordError(f"ability {index}: per {per!r} is not a count of characters or of markers")
    _check_salvage(index, effect)
    if ("brainstorm" in effect) != ("per_climax" in effect):
        raise AbilityRecordError(f"ability {index}: brainstorm says what it does per climax revealed: per_climax")
    if "per_climax" in effect:
        if "brainstorm" in effect["per_climax"]:
            raise AbilityRecordError(f"ability {index}: per_climax is one operation, not another Brainstorm")
        check_operation(index, effect["per_climax"])
    chooses_character = effect.get("target") == "choose"
    if effect.get("whose", "own") not in ("own", "opponent") or (
        "whose" in effect and "heal" not in effect and not chooses_character
    ):
        raise AbilityRecordError(
            f"ability {index}: whose {effect.get('whose')!r}: heal says whose clock, target: choose whose characters"
        )
    if "area" in effect and (effect["area"] not in AREAS or not chooses_character):
        raise AbilityRecordError(f"ability {index}: area {effect['area']!r}: {', '.join(AREAS)}, with target: choose")
    for name in CHOSEN_ONLY:
        if name in effect and not chooses_character:
            raise AbilityRecordError(f"ability {index}: {name} is done to a character chosen: target: choose")
    if "cost_at_most" in effect and not chooses_character:
        raise AbilityRecordError(f"ability {index}: cost_at_most narrows a character chosen: target: choose")
    if "until" in effect and (
        effect["until"] not in DURATIONS or not any(name in effect for name in (*GAINS, "grant"))
    ):
        raise AbilityRecordError(
            f"ability {index}: until {effect['until']!r}: a power or soul change lasts until {' or '.join(DURATIONS)}"
        )
    if "position" in effect and (effect["position"] != "middle" or effect.get("target") != "others"):
        raise AbilityRecordError(f"ability {index}: position picks the other character in the middle: target: others")
    if "other" in effect and (effect["other"] is not True or effect.get("target") != "choose"):
        raise AbilityRecordError(f"ability {index}: other chooses among the other characters: target: choose")
    if "in_battle" in effect and (effect["in_battle"] is not True or effect.get("target") != "choose"):
        raise AbilityRecordError(f"ability {index}: in_battle chooses among characters in battle: target: choose")
    if effect.get("target", "self") not in TARGETS:
        raise AbilityRecordError(f"ability {index}: target {effect.get('target')!r} is not one of {', '.join(TARGETS)}")


def chosen_card_fits(effect: dict[str, Any], definition: WsCardDefinition) -> bool:
    """Whether a card of the waiting room or the deck, by its printed characteristics, is one ``effect`` (a
    ``salvage`` or a ``search``) may choose."""
    wanted = next(effect[name] for name in CHOOSING if name in effect)
    if wanted != "any" and definition.type != wanted:
        return False
    if "level_at_least" in effect and definition.level < int(effect["level_at_least"]):
        return False
    if "with_name" in effect and definition.name != effect["with_name"]:
        return False
    traits = effect.get("with_trait")
    if traits is not None and set([traits] if isinstance(traits, str) else traits).isdisjoint(definition.traits):
        return False
    color = effect.get("color")
    if color is not None and color not in definition.colors:
        return False
    level = effect.get("level_at_most")
    return level is None or definition.level <= int(level)


def chosen_card_words(effect: dict[str, Any]) -> str:
    """The card ``effect`` chooses, in words: ``《Music》 character``, ``red card``, ``level 1 or lower character``."""
    wanted = next(effect[name] for name in CHOOSING if name in effect)
    kind = "card" if wanted == "any" else str(wanted)
    if "with_name" in effect:
        return f'"{effect["with_name"]}"'
    if "with_trait" in effect:
        traits = effect["with_trait"]
        return " or ".join(f"《{trait}》" for trait in ([traits] if isinstance(traits, str) else traits)) + f" {kind}"
    if "color" in effect:
        return f"{effect['color']} {kind}"
    if "level_at_most" in effect:
        return f"level {effect['level_at_most']} or lower {kind}"
    if "level_at_least" in effect:
        return f"level {effect['level_at_least']} or higher {kind}"
    return kind


def character_level_words(effect: dict[str, Any]) -> str:
    """The level or cost a character chosen must have, as a text says it: ``level 1 or lower``; "" for none."""
    for name, words, bound in (
        ("level_at_most", "level", "lower"),
        ("level_at_least", "level", "higher"),
        ("cost_at_most", "cost", "lower"),
    ):
        if name in effect:
            return f"{words} {effect[name]} or {bound}"
    return ""


def chosen_character_words(effect: dict[str, Any]) -> str:
    """The character ``effect`` (``target: choose``) chooses, in words: ``one of your other 《Music》 characters``,
    ``one of your opponent's level 1 or lower characters in your center stage``."""
    traits = effect.get("with_trait")
    named = [traits] if isinstance(traits, str) else list(traits or ())
    level = character_level_words(effect)
    kind = "".join(
        part + " "
        for part in ("other" if effect.get("other") else "", level, " or ".join(f"《{t}》" for t in named))
        if part
    )
    whose = "your opponent's" if effect.get("whose") == "opponent" else "your"
    where = " in battle" if effect.get("in_battle") else ""
    if "area" in effect:
        where += f" in the {str(effect['area']).replace('_', ' ')}"
    return f"one of {whose} {kind}characters{where}"


SALVAGE_DESTINATIONS: Final = ("hand", "stock", "marker")
"""Where a ``salvage`` puts the card it chooses from the waiting room (``to``; the hand unless said)."""
CHOOSING: Final = ("salvage", "search", "take", "reveal")
"""The operations that choose a card by its characteristics: from the waiting room, the deck, the cards looked
at (``look`` with ``take``); and ``reveal``, which asks it of the top card of the deck revealed."""
OWN_ZONES: Final = ("hand", "stock", "clock", "memory", "waiting")
"""The zones of its master's an effect puts a card into: the card revealed (``put_revealed``), its own card
(``self_to``, which may also say ``deck_bottom``)."""
CARD_FILTERS: Final = ("color", "level_at_most", "level_at_least")


def _check_salvage(index: int, effect: dict[str, Any]) -> None:
    """The qualifiers of a card chosen: filters for any operation that chooses one, ``to`` and ``up_to`` for a
    salvage, ``shown`` and ``take`` for a look."""
    chooses = any(name in effect for name in CHOOSING)
    allowed = {*CARD_FILTERS} if chooses else set()
    if effect.get("target") == "choose" and not chooses:
        allowed |= {"up_to", *CHARACTER_FILTERS}
    if "salvage" in effect:
        allowed |= {"to", "up_to"}
    if "draw" in effect:
        allowed |= {"up_to"}
    if "reveal" in effect:
        then = effect.get("then")
        if not isinstance(then, list) or not then:
            raise AbilityRecordError(f"ability {index}: reveal says what is done with a card that fits it: then")
        for part in then:
            check_operation(index, part, revealed=True)
        if not isinstance(effect.get("may", False), bool):
            raise AbilityRecordError(f"ability {index}: may {effect['may']!r} is not true or false")
    elif "then" in effect or "may" in effect:
        raise AbilityRecordError(f"ability {index}: then and may belong to a reveal")
    if "look" in effect:
        allowed |= {"shown"}
        if effect.get("take") not in SALVAGE_TYPES:
            raise AbilityRecordError(f"ability {index}: look takes a card: take is one of {', '.join(SALVAGE_TYPES)}")
    for name in ("to", "up_to", "shown", *CARD_FILTERS):
        if name in effect and name not in allowed:
            raise AbilityRecordError(f"ability {index}: {name} narrows a card chosen; this operation chooses none")
    if effect.get("to", "hand") not in SALVAGE_DESTINATIONS:
        raise AbilityRecordError(
            f"ability {index}: to {effect['to']!r} is not one of {', '.join(SALVAGE_DESTINATIONS)}"
        )
    if "color" in effect and (not isinstance(effect["color"], str) or not effect["color"]):
        raise AbilityRecordError(f"ability {index}: color {effect['color']!r} is not a colour's name")
    for name in CHARACTER_FILTERS:
        level = effect.get(name, 0)
        if isinstance(level, bool) or not isinstance(level, int) or level < 0:
            raise AbilityRecordError(f"ability {index}: {name} {level!r} is not a whole number")
    for name in ("up_to", "shown"):
        if not isinstance(effect.get(name, False), bool):
            raise AbilityRecordError(f"ability {index}: {name} {effect[name]!r} is not true or false")


def _is_traits(value: object) -> bool:
    if isinstance(value, str):
        return bool(value)
    return isinstance(value, list) and bool(value) and all(isinstance(trait, str) and trait for trait in value)


def _check_value(index: int, name: str, value: Any) -> None:
    if name in ("extra_turn", "standby"):
        if value is not True:
            raise AbilityRecordError(f"ability {index}: {name} is {value!r}, not true")
    elif name in ("salvage", "search"):
        if value not in SALVAGE_TYPES:
            raise AbilityRecordError(f"ability {index}: {name} {value!r} is not one of {', '.join(SALVAGE_TYPES)}")
    elif name == "trait":
        if not isinstance(value, str) or not value:
            raise AbilityRecordError(f"ability {index}: trait {value!r} is not a trait's name")
    elif name == "look_top":
        places = ("deck_top", "deck_bottom", "waiting")
        if not isinstance(value, list) or len(value) < 2 or not set(value) <= set(places):
            raise AbilityRecordError(f"ability {index}: look_top {value!r} is not a choice among {', '.join(places)}")
    elif name in ("rest_self", "rest", "stand"):
        if value is not True:
            raise AbilityRecordError(f"ability {index}: {name} is {value!r}, not true")
    elif name == "grant":  # the ability given is checked where abilities are (engine.games.ws.abilities.grantable)
        if not isinstance(value, dict):
            raise AbilityRecordError(f"ability {index}: grant {value!r} is not an ability's record")
    elif name == "send":
        if value not in CHOSEN_FATES:
            raise AbilityRecordError(f"ability {index}: send {value!r} is not one of {', '.join(CHOSEN_FATES)}")
    elif name == "move_self":
        if value not in ("open_center", "open_middle"):
            raise AbilityRecordError(f"ability {index}: move_self {value!r} is not open_center or open_middle")
    elif name == "battle_opponent":
        if value not in BATTLE_OPPONENT_FATES:
            raise AbilityRecordError(
                f"ability {index}: battle_opponent {value!r} is not one of {', '.join(BATTLE_OPPONENT_FATES)}"
            )
    elif name == "put_revealed":
        if value not in OWN_ZONES:
            raise AbilityRecordError(f"ability {index}: put_revealed {value!r} is not one of {', '.join(OWN_ZONES)}")
    elif name == "self_to":
        if value != "deck_bottom" and value not in OWN_ZONES:
            raise AbilityRecordError(
                f"ability {index}: self_to {value!r} is not one of {', '.join(OWN_ZONES)}, deck_bottom"
            )
    elif name == "reveal":
        if value not in SALVAGE_TYPES:
            raise AbilityRecordError(f"ability {index}: reveal {value!r} is not one of {', '.join(SALVAGE_TYPES)}")
    elif name == "cannot":
        if value not in RESTRICTIONS:
            raise AbilityRecordError(f"ability {index}: cannot {value!r} is not one of {', '.join(RESTRICTIONS)}")
    elif isinstance(value, bool) or not isinstance(value, int):
        raise AbilityRecordError(f"ability {index}: {name} {value!r} is not a whole number")
