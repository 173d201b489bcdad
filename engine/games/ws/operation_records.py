"""The operations of an ability's effect as a Weiss Schwarz card record writes them (ws 8.6, 8.2.1.2, 8.6.3).

``engine.games.ws.abilities`` reads an ability's category, timing, cost and condition, and asks this module
whether each operation of its effect is one the engine plays.  Each word an operation may use, with the values it
takes, is defined in ``engine.games.ws.words`` (``VOCABULARY``), and the check of each value is made from that
definition; what is checked here is how the words go together: one operation (power and soul, or a grant, may go
together), the qualifiers with the operations and targets they narrow (a character chosen on the stage, ``target:
choose``, narrowed by its traits, level, cost and place; the cards chosen from a zone, ``CHOOSING``, and their
filters), and the operations a reveal or a Brainstorm does.  ``AbilityRecordError`` says which part is outside the
vocabulary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.games.ws.words import (
    AREAS,
    BATTLE_OPPONENT_FATES,
    CHOSEN_FATES,
    DURATIONS,
    OPERATIONS,
    OWN_ZONES,
    RESTRICTIONS,
    SALVAGE_DESTINATIONS,
    SALVAGE_TYPES,
    SEARCH_DESTINATIONS,
    TARGETS,
    VOCABULARY,
)

if TYPE_CHECKING:
    from engine.games.ws.cards import WsCardDefinition

CONTINUOUS_ONLY: Final = ("trait", "cannot", "level", "any_copies", "encore", "with_name_part")
"""What only a ``cont`` ability's operations may say."""
CHOSEN_ONLY: Final = ("send", "rest", "stand")
"""The operations done to a character chosen (``target: choose``) alone: ``send`` it to a zone, rest or stand it."""
CHARACTER_FILTERS: Final = ("level_at_most", "level_at_least", "cost_at_most", "above_player_level")
"""What narrows a character chosen by its level or cost (``target: choose``)."""
GAINS: Final = ("level", "power", "soul")
"""The operations one change may carry together: ``{power: 2000, soul: 1, target: choose}`` is one choice; with
an ability given (``grant``) or an Encore (``encore``).  ``level`` is one of them only beside ``power`` ("+1 level
and +1000 power"), to its card or a character chosen."""
EFFECT_WORDS: Final = frozenset((*OPERATIONS, *VOCABULARY.names("qualifier")))
"""Every key an operation's record may have: its operation and its qualifiers."""


class AbilityRecordError(ValueError):
    """An ability entry outside the vocabulary."""


def is_character_filter(part: dict[str, Any], numbers: tuple[str, ...]) -> bool:
    traits = part.get("traits", [])
    return (
        set(part) <= {*CHARACTER_FLAGS, "traits", "name_contains", "named", *numbers}
        and all(isinstance(part.get(key, "-"), str) and bool(part.get(key, "-")) for key in ("name_contains", "named"))
        and isinstance(traits, list)
        and all(isinstance(trait, str) and trait for trait in traits)
        and all(isinstance(part.get(flag, False), bool) for flag in CHARACTER_FLAGS)
        and whole_numbers(part, numbers)
    )


CHARACTER_FLAGS: Final = ("other", "back_stage", "center_stage", "rested", "opponent")
"""What a count of characters may narrow them to: others than the ability's card, those in the back or the
center stage, those rested (4.6.1.2); ``opponent``, its master's opponent's characters."""


def whole_numbers(part: dict[str, Any], names: tuple[str, ...]) -> bool:
    return set(part) - {"traits", "name_contains", "named", *CHARACTER_FLAGS} <= set(names) and all(
        isinstance(part[name], int) and not isinstance(part[name], bool) and part[name] >= 0
        for name in names
        if name in part
    )


def check_operation(index: int, effect: Any, revealed: bool = False) -> None:
    """``effect``, one operation, as the vocabulary says it (``engine.games.ws.words``): words it knows, each with
    a value it takes, and the qualifiers with the operations and targets they narrow; ``revealed``: one done with
    the card a ``reveal`` revealed (``put_revealed`` names that card)."""
    if not isinstance(effect, dict):
        raise AbilityRecordError(f"ability {index}: operation {effect!r} is not a mapping")
    unknown = sorted(key for key in effect if key not in EFFECT_WORDS)
    if unknown:
        raise AbilityRecordError(f"ability {index}: {unknown[0]!r} is not a word of an operation")
    names = [name for name in OPERATIONS if name in effect]
    if not (len(names) == 1 or set(names) <= {*GAINS, "grant"} or set(names) <= {*GAINS, "encore"}):
        raise AbilityRecordError(f"ability {index}: {effect!r} must name one of {', '.join(OPERATIONS)}")
    for key, value in effect.items():
        problem = VOCABULARY.problem("operation" if key in OPERATIONS else "qualifier", key, value)
        if problem is not None:
            raise AbilityRecordError(f"ability {index}: {problem}")
    if "put_revealed" in effect and not revealed:
        raise AbilityRecordError(f"ability {index}: put_revealed puts the card revealed: it belongs to a reveal's then")
    per = effect.get("per")
    if (
        per is not None
        and per != {"markers": {}}
        and not _counts_milled(per)
        and not _counts_memory(per)
        and not (
            set(per) == {"characters"}
            and isinstance(per["characters"], dict)
            and is_character_filter(per["characters"], ())
        )
    ):
        raise AbilityRecordError(f"ability {index}: per {per!r} is not a count of characters or of markers")
    _check_salvage(index, effect)
    if ("brainstorm" in effect) != ("per_climax" in effect):
        raise AbilityRecordError(f"ability {index}: brainstorm says what it does per climax revealed: per_climax")
    if "per_climax" in effect:
        done = effect["per_climax"]
        for part in done if isinstance(done, list) else [done]:
            if "brainstorm" in part:
                raise AbilityRecordError(f"ability {index}: per_climax is not another Brainstorm")
            check_operation(index, part)
    _check_targets(index, effect)


def is_encore_cost(cost: object) -> bool:
    """Whether ``cost`` is an Encore's (10.2.2): some stock, the top card of the deck into the clock, or one card
    put from the hand into the waiting room (of a type, with traits, where said)."""
    if not isinstance(cost, dict):
        return False
    if set(cost) == {"stock"}:
        return isinstance(cost["stock"], int) and not isinstance(cost["stock"], bool) and cost["stock"] >= 0
    if set(cost) == {"clock"}:
        return cost["clock"] == 1
    traits = cost.get("discard_traits", [])
    return (
        set(cost) <= {"discard", "discard_type", "discard_traits"}
        and cost.get("discard") == 1
        and cost.get("discard_type", "character") in ("character", "climax", "event")
        and isinstance(traits, list)
        and all(isinstance(trait, str) and trait for trait in traits)
    )


def _check_targets(index: int, effect: dict[str, Any]) -> None:
    """The qualifiers that narrow a target, each with the target it narrows."""
    target = effect.get("target", "self")
    if target == "opponents" and set(effect) != {"encore", "target"} and not set(effect) <= {*GAINS, "target", "area"}:
        raise AbilityRecordError(
            f"ability {index}: target opponents is the characters a cont ability gives an encore, or an effect's power "
            "or soul change until end of turn goes to"
        )
    if "encore" in effect and not is_encore_cost(effect["encore"]):
        raise AbilityRecordError(
            f"ability {index}: encore {effect['encore']!r} is not an Encore's cost: {{stock: N}}, {{clock: 1}}, or "
            "{discard: 1} with discard_type and discard_traits where said"
        )
    chooses_character = target == "choose"
    if "whose" in effect and "heal" not in effect and "stock_to_waiting" not in effect and not chooses_character:
        raise AbilityRecordError(
            f"ability {index}: whose {effect['whose']!r}: heal says whose clock, target: choose whose characters"
        )
    if "and_move" in effect and not ("rest" in effect and chooses_character and effect.get("whose") != "opponent"):
        raise AbilityRecordError(f"ability {index}: and_move moves a character of its master's chosen and rested")
    chooses_card = any(name in effect for name in CHOOSING)
    for name in ("area", "cost_at_most", "other", "in_battle", *CHOSEN_ONLY):
        if name == "area" and target == "opponents":
            continue
        if name in effect and not chooses_character and not (name == "cost_at_most" and chooses_card):
            raise AbilityRecordError(f"ability {index}: {name} narrows or acts on a character chosen: target: choose")
    if (
        "level" in effect
        and "power" in effect
        and (effect.get("target", "self") not in ("self", "choose") or "per" in effect)
    ):
        raise AbilityRecordError(f"ability {index}: a level gained with power goes to its card or a character chosen")
    if "until" in effect and not any(name in effect for name in (*GAINS, "grant")):
        raise AbilityRecordError(
            f"ability {index}: until {effect['until']!r}: a power or soul change lasts until {' or '.join(DURATIONS)}"
        )
    if "position" in effect and target != "others":
        raise AbilityRecordError(f"ability {index}: position picks the other character in the middle: target: others")


def _counts_milled(per: object) -> bool:
    """Whether ``per`` counts the characters of traits among the cards a mill of the ability put into the waiting
    room ("X is equal to the number of 《T》 characters among those cards")."""
    if not isinstance(per, dict) or set(per) != {"milled"} or not isinstance(per["milled"], dict):
        return False
    traits = per["milled"].get("traits")
    return set(per["milled"]) == {"traits"} and isinstance(traits, list) and all(isinstance(t, str) for t in traits)


def _counts_memory(per: object) -> bool:
    """Whether ``per`` counts the cards of a name in its master's memory ({memory: {named: "Name"}})."""
    return (
        isinstance(per, dict)
        and set(per) == {"memory"}
        and isinstance(per["memory"], dict)
        and set(per["memory"]) == {"named"}
        and isinstance(per["memory"]["named"], str)
    )


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
    if "cost_at_most" in effect and definition.cost > int(effect["cost_at_most"]):
        return False
    if "revealed_level" in effect and definition.level > int(effect["revealed_level"]):
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
    if effect.get("level_of_revealed"):
        traits = effect.get("with_trait")
        written = " or ".join(f"《{t}》" for t in ([traits] if isinstance(traits, str) else traits or ()))
        return f"level X or lower {written + ' ' if written else ''}{kind}"
    if "cost_at_most" in effect:
        return f"cost {effect['cost_at_most']} or lower {kind}"
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
    if effect.get("above_player_level"):
        where += " with level higher than their master's level"
    if "area" in effect:
        where += f" in the {str(effect['area']).replace('_', ' ')}"
    return f"one of {whose} {kind}characters{where}"


CHOOSING: Final = ("salvage", "search", "take", "reveal", "among")
"""The operations that choose a card by its characteristics: from the waiting room, the deck, the cards looked
at (``look`` with ``take``); and ``reveal``, which asks it of the top card of the deck revealed."""
CARD_FILTERS: Final = ("color", "level_at_most", "level_at_least", "cost_at_most", "level_of_revealed")


def _check_salvage(index: int, effect: dict[str, Any]) -> None:
    """The qualifiers of a card chosen: filters for any operation that chooses one, ``to`` and ``up_to`` for a
    salvage, ``shown`` and ``take`` for a look."""
    chooses = any(name in effect for name in CHOOSING)
    allowed = {*CARD_FILTERS} if chooses else set()
    if effect.get("target") == "choose" and not chooses:
        allowed |= {"up_to", *CHARACTER_FILTERS}
    if "salvage" in effect:
        allowed |= {"to", "up_to"}
        if effect.get("to") in ("waiting", "deck_top"):
            raise AbilityRecordError(
                f"ability {index}: a card chosen in the waiting room goes to the hand, the stock, the memory, a marker "
                "or the stage (to)"
            )
    if "search" in effect:
        allowed |= {"to"}
        if effect.get("to", "hand") not in SEARCH_DESTINATIONS:
            raise AbilityRecordError(f"ability {index}: a search puts its card into {', '.join(SEARCH_DESTINATIONS)}")
    if "draw" in effect or ("stock" in effect and effect.get("stock") == 1):
        allowed |= {"up_to"}
    if "among" in effect and "mill" not in effect:
        raise AbilityRecordError(f"ability {index}: among asks of the cards a mill puts into the waiting room")
    if "reveal" in effect or "among" in effect:
        then = effect.get("then")
        if then is None:
            raise AbilityRecordError(
                f"ability {index}: {'reveal' if 'reveal' in effect else 'among'} says what is done with a card that fits it: then"
            )
        for part in then:
            check_operation(index, part, revealed="reveal" in effect)
    elif "then" in effect or "may" in effect:
        raise AbilityRecordError(f"ability {index}: then and may belong to a reveal, or a mill that says among")
    if "look" in effect:
        allowed |= {"shown", "to"}
        if effect.get("to", "hand") not in ("hand", "deck_top"):
            raise AbilityRecordError(f"ability {index}: look puts the card it takes into the hand or on the deck (to)")
        if effect.get("take") not in SALVAGE_TYPES:
            raise AbilityRecordError(f"ability {index}: look takes a card: take is one of {', '.join(SALVAGE_TYPES)}")
    for name in ("to", "up_to", "shown", *CARD_FILTERS):
        if name in effect and name not in allowed:
            raise AbilityRecordError(f"ability {index}: {name} narrows a card chosen; this operation chooses none")


__all__ = [
    "AREAS",
    "AbilityRecordError",
    "BATTLE_OPPONENT_FATES",
    "CARD_FILTERS",
    "CHARACTER_FILTERS",
    "CHARACTER_FLAGS",
    "CHOOSING",
    "CHOSEN_FATES",
    "CHOSEN_ONLY",
    "CONTINUOUS_ONLY",
    "DURATIONS",
    "EFFECT_WORDS",
    "GAINS",
    "OPERATIONS",
    "OWN_ZONES",
    "RESTRICTIONS",
    "SALVAGE_DESTINATIONS",
    "SALVAGE_TYPES",
    "TARGETS",
    "character_level_words",
    "check_operation",
    "chosen_card_fits",
    "chosen_card_words",
    "chosen_character_words",
    "is_character_filter",
    "whole_numbers",
]
