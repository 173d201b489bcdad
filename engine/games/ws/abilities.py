"""The card abilities the engine models, written declaratively in card records (ws 8.1, 8.4, 8.6).

A card record's ``abilities`` list holds, beside keyword abilities, abilities in the
format's shared shape ``{type, timing, zone, once_per_turn, condition, cost, effect,
text}`` (``judge/site/log-format.rst``, "Card records")::

    {type: auto, timing: on_play, effect: {draw: 1}}
    {type: auto, timing: when_attacking, cost: {stock: 1}, effect: {power: 1000}}
    {type: act, cost: {stock: 1, rest: true}, effect: {power: 1500, target: choose}}
    {type: cont, effect: {power: 500}}
    {timing: main, effect: [{salvage: character}, {draw: 1}]}

``type`` is the ability's category (8.1.1): ``auto`` (with ``timing``: ``on_play``,
when the character is played or the climax placed in the climax area,
``when_attacking``, or ``when_other_attacks``, when another of its master's
characters attacks, one with a trait of ``attacker_traits`` where it says), ``act``,
``cont``; an event card's own text has no type and the
``timing`` ``main`` or ``counter`` (ws 8.6.2.4.2); ``replace`` is a replacement effect
(8.2.1.3, 8.10): ``{type: replace, timing: reversed, instead: rest}`` (``optional:
true`` lets its master decline) or ``{type: replace, timing: leaves_stage, instead:
memory}`` (instead of the waiting room; or ``hand``).  ``cost`` is paid all or nothing
(8.4.2.2): ``stock`` cards from the top of the stock (8.4.3), ``rest: true``
to rest the character itself, and ``discard: N`` cards from the hand into the
waiting room (``discard_type: climax`` where they must be climaxes), which the
``resolve`` entry that pays names as ``cards``; an automatic ability with a cost may be declined
(8.7.3.1.1).  ``effect`` is one operation or a list, done in order: the format's
structured power change, and the operations this game adds:

* ``draw: N`` — draw N cards (4.7.3);
* ``power: N`` / ``soul: N`` (or both, one change) — until end of turn (8.2.1.2;
  ``until: end_of_turn`` may be written) to ``target``: ``self`` (the default),
  ``choose`` (one of the master's characters, 8.6.3), ``all`` (all of them) or
  ``others`` (all but the ability's card); for a ``cont`` ability, while its card is
  on the stage, or, a climax's, while it is in the climax area (3.11.2);
* ``salvage: character`` (or ``climax``, ``event``, ``any``) — choose such a card
  in the waiting room and put it into the hand (8.6.3.1);
* ``stock: N`` — put the top N cards of the deck into the stock;
* ``damage: N`` — deal N damage to the opponent (4.10.1), the ability's card its
  source (4.11.1.2);
* ``heal: N`` — put the top N cards of the clock into the waiting room (3.8);
* ``standby: true`` — the standby icon's effect (4.12.2.10): its master may put a
  character of the waiting room of level at most theirs plus one on a stage
  position, rested (a ``resolve`` entry's ``standby: {card, pos}``);
* ``extra_turn: true`` — its master takes an additional turn after this one (11.2);
* ``trait: NAME`` — for a ``cont`` ability only: ``target`` gains the trait while
  its card is on the stage (an effect that changes no number, 8.9.1.2).

* ``cannot: side_attack`` — for a ``cont`` ability only: its card cannot side attack.

A ``cont`` ability's operation may say ``with_trait: NAME``: it applies only to
characters that have that trait, counting traits gained from other continuous
effects; such an effect depends on the effects that give the trait and applies
after them, whatever their timestamps (8.9.1.4).  With ``target: choose``, in any
ability, the character is chosen among those with the trait.  A ``cont`` ability's
change may be counted ``per`` character (``{per: {characters: {traits: [..], other:
true}}}``, "for each of your other 《Music》 characters"), and the ability may have a
``condition`` (``CONDITIONS``) under which alone it applies (8.1.1.3).  An automatic
ability with ``optional: true`` says "you may": its master chooses whether its
effects are done, with a ``resolve`` entry's ``use``.

The words of the engine's first vocabulary are read as an alias: ``kind`` for
``type`` (``event`` for an event's text), ``when`` for ``timing``, with ``played`` and
``placed`` for ``on_play`` and ``attacks`` for ``when_attacking``.  An alias record
outside the vocabulary is an error, as it always was; a record in the shared shape
outside it (another timing, a condition, [1/Turn], another effect) is card text the
engine does not play: reported where it acts (``unplayed``), never guessed.  So is
printed text the reader of ``engine.games.ws.text`` does not read (``unread``).
An automatic ``on_play`` ability with ``zone: climax`` is a climax's, "when this card
is placed on your climax area".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from engine.games.ws import words
from engine.games.ws.operation_records import (
    CHOOSING,
    CONTINUOUS_ONLY,
    AbilityRecordError,
    check_operation,
    is_character_filter,
    whole_numbers,
)

KINDS: Final = ("auto", "act", "cont", "event", "replace")
"""The categories an ability is read as (``event``: an event card's own text)."""
TIMINGS: Final = words.TIMINGS
"""The timings of the automatic abilities the engine plays (``engine.games.ws.words.TIMING_WORDS`` says what each
means and its clauses): when its card is played, attacks, becomes reversed, is put into the waiting room, when
another character attacks, a climax is placed, an 【ACT】 is used, at the beginning of a phase or step."""
PHASES: Final = (
    "stand_phase",
    "draw_phase",
    "clock_phase",
    "main_phase",
    "climax_phase",
    "attack_phase",
    "encore_step",
    "end_phase",
)
"""The phases and steps an ``at_beginning`` ability names (6.1, 7.1)."""
EVENT_TIMINGS: Final = ("main", "counter")
"""The timings an event card's own text is written with in the shared shape."""
ALIAS_WHEN: Final = {"played": "on_play", "placed": "on_play", "attacks": "when_attacking"}
"""The first vocabulary's ``when`` words, read as the shared shape's timings."""
REPLACEMENTS: Final = {"reversed": ("rest",), "leaves_stage": ("memory", "hand")}
"""Events a ``replace`` ability can replace, and what can happen instead (ws 8.2.1.3, 8.10)."""
TRIGGERS: Final = tuple(ALIAS_WHEN)
"""The ``when`` words of an alias record's automatic ability."""
GRANTABLE_TIMINGS: Final = (
    "when_attacking",
    "when_other_attacks",
    "when_reversed",
    "when_reversed_in_battle",
    "when_opponent_reversed",
    "when_other_opponent_reversed",
    "when_front_attacked",
    "when_other_front_attacked",
    "when_received_damage_canceled",
    "when_climax_placed",
    "when_opponent_climax_placed",
    "at_beginning",
    "when_act_used",
    "when_damage_canceled",
    "when_trigger_reveals",
)
"""The timings of an automatic ability an effect may give a character on the stage (``grant``): those that
trigger while it is there, not on its being played nor once it has left the stage."""
ZONES: Final = (None, "stage", "climax", "hand")
"""Where an ability works from: a character's on the stage; a climax's in the climax area (ws 3.11, 8.1.1.2.1);
``hand``, a continuous ability that changes its card's level while it is in the hand (8.1.1.3)."""
COSTS: Final = words.COSTS
"""What a cost may say (8.4.2; ``engine.games.ws.words.COST_WORDS``): stock, resting its card, cards of the hand
(of a type, with a trait), the top card of the deck into the clock, its card into a zone."""
DISCARD_TYPES: Final = words.DISCARD_TYPES
CONDITIONS: Final = words.CONDITIONS
"""What a ``condition`` may ask, all of it at once (8.1.1.3; ``engine.games.ws.words.CONDITION_WORDS`` says what
each asks and the values it takes)."""


@dataclass(slots=True, init=False)
class CardAbility:
    """One modelled ability of a card; never changed once made.

    Its initialiser is written out, as those of ``engine.core.protocol`` are: every
    game reads the abilities of each card record, and a compiled build runs a written
    initialiser natively.
    """

    index: int
    """Its place in the card record's ``abilities`` list: the name a log's ``act`` or ``resolve`` entry uses."""
    kind: str
    when: str | None
    stock: int
    rest: bool
    effects: tuple[dict[str, Any], ...]
    instead: str | None
    """For a ``replace`` ability: what happens instead of the event named by ``when``."""
    optional: bool
    """For a ``replace`` ability: its master may decline it (ws 8.2.1.3.2); for an ``auto`` one, "you may": its
    master chooses whether its effects are done (a ``resolve`` entry's ``use``)."""
    condition: dict[str, Any]
    """For a ``cont`` ability: what must hold for its effects to apply (``CONDITIONS``); for an ``auto`` one, what
    must hold when it resolves for its effects to be done; empty: always."""
    discard: int
    """Cards its cost puts from the hand into the waiting room (8.4.2)."""
    discard_type: str | None
    """The card type those must be (``character``, ``climax``, ``event``); None: any card."""
    discard_traits: tuple[str, ...]
    """The traits those must have one of (none: any)."""
    attacker_traits: tuple[str, ...]
    """For ``when_other_attacks``: the traits the attacking character has one of (none: any character)."""
    attacked_traits: tuple[str, ...]
    """For ``when_other_front_attacked``: the traits the character frontal attacked has one of (none: any)."""
    phase: str | None
    """For ``at_beginning``: the phase or step (``PHASES``)."""
    zone: str | None
    """Where it works from (``ZONES``): None, the stage (or a climax's climax area); ``hand``."""
    whose: str | None
    """For ``at_beginning``: of whose turn, ``own`` or ``opponent`` (None: either's)."""
    climax_name: str | None
    """For ``when_climax_placed``: the name of the climax whose placing triggers it (None: any climax)."""
    clock: int
    """Cards its cost puts from the top of the deck into the clock (0 or 1)."""
    self_cost: str | None
    """The zone its cost puts its own card into from the stage (None: none)."""
    once_per_turn: bool
    """An automatic ability that "activates up to 1 time per turn": it triggers once a turn at most."""
    rest_characters: int
    """Standing characters of its master's its cost rests (8.4.2): ``rest_traits`` narrow them, ``rest_other``
    leaves its own card out."""
    rest_traits: tuple[str, ...]
    rest_other: bool
    trigger_card: str | None
    """For ``when_trigger_reveals``: the card the trigger check reveals, ``climax`` or ``any`` (a card)."""
    trigger_icon: str | None
    """For ``when_trigger_reveals``: the trigger icon that card has (None: any)."""
    by_this_card: bool
    """For ``when_trigger_reveals``: only the trigger check of its own card's attack ("this card's")."""

    def __init__(
        self,
        index: int,
        kind: str,
        when: str | None,
        stock: int,
        rest: bool,
        effects: tuple[dict[str, Any], ...],
        instead: str | None = None,
        optional: bool = False,
        condition: dict[str, Any] | None = None,
        discard: int = 0,
        discard_type: str | None = None,
        attacker_traits: tuple[str, ...] = (),
        discard_traits: tuple[str, ...] = (),
        attacked_traits: tuple[str, ...] = (),
        phase: str | None = None,
        whose: str | None = None,
        zone: str | None = None,
        climax_name: str | None = None,
        clock: int = 0,
        self_cost: str | None = None,
        once_per_turn: bool = False,
        rest_characters: int = 0,
        rest_traits: tuple[str, ...] = (),
        rest_other: bool = False,
        trigger_card: str | None = None,
        trigger_icon: str | None = None,
        by_this_card: bool = False,
    ) -> None:
        self.index = index
        self.kind = kind
        self.when = when
        self.stock = stock
        self.rest = rest
        self.effects = effects
        self.instead = instead
        self.optional = optional
        self.condition = condition or {}
        self.discard = discard
        self.discard_type = discard_type
        self.attacker_traits = attacker_traits
        self.attacked_traits = attacked_traits
        self.discard_traits = discard_traits
        self.phase = phase
        self.whose = whose
        self.zone = zone
        self.climax_name = climax_name
        self.clock = clock
        self.self_cost = self_cost
        self.once_per_turn = once_per_turn
        self.rest_characters = rest_characters
        self.rest_traits = rest_traits
        self.rest_other = rest_other
        self.trigger_card = trigger_card
        self.trigger_icon = trigger_icon
        self.by_this_card = by_this_card

    @property
    def name(self) -> str:
        return str(self.index)

    def reindexed(self, index: int) -> CardAbility:
        """This ability as the one of that ``index`` of a card that gained it (its printed abilities come first)."""
        return CardAbility(
            index,
            self.kind,
            self.when,
            self.stock,
            self.rest,
            self.effects,
            instead=self.instead,
            optional=self.optional,
            condition=self.condition,
            discard=self.discard,
            discard_type=self.discard_type,
            attacker_traits=self.attacker_traits,
            discard_traits=self.discard_traits,
            attacked_traits=self.attacked_traits,
            phase=self.phase,
            whose=self.whose,
            zone=self.zone,
            climax_name=self.climax_name,
            clock=self.clock,
            self_cost=self.self_cost,
            once_per_turn=self.once_per_turn,
            rest_characters=self.rest_characters,
            rest_traits=self.rest_traits,
            rest_other=self.rest_other,
            trigger_card=self.trigger_card,
            trigger_icon=self.trigger_icon,
            by_this_card=self.by_this_card,
        )

    @property
    def has_cost(self) -> bool:
        return (
            self.stock > 0
            or self.rest
            or self.discard > 0
            or self.clock > 0
            or self.self_cost is not None
            or self.rest_characters > 0
        )


def parse_ability(index: int, record: dict[str, Any]) -> CardAbility | None:
    """The ability an entry describes; None for keyword abilities, plain text and shared-shape text beyond the
    vocabulary (``unplayed``); AbilityRecordError for an alias record outside it."""
    if "kind" in record:
        return _parse_alias(index, record)
    if "unread" in record:
        return None
    if "keyword" in record or ("type" not in record and "timing" not in record):
        return None
    try:
        return _parse_shared(index, record)
    except AbilityRecordError:
        return None


def unplayed(record: dict[str, Any]) -> bool:
    """Whether ``record`` is an ability in the shared shape the engine does not play, or printed text not read
    (``engine.games.ws.text``): card text to report."""
    if "unread" in record:
        return True
    if "kind" in record or "keyword" in record or ("type" not in record and "timing" not in record):
        return False
    return parse_ability(0, record) is None


def _parse_shared(index: int, record: dict[str, Any]) -> CardAbility | None:
    kind, timing = record.get("type"), record.get("timing")
    if kind == "replace":
        return _parse_replacement(index, record, timing)
    if kind is None and timing in EVENT_TIMINGS:
        kind, timing = "event", None
    if kind == "auto":
        if timing not in TIMINGS:
            return None
    elif kind not in ("act", "cont", "event") or timing not in (None, "activate_main"):
        return None
    condition = record.get("condition") or {}
    if condition and (kind not in ("cont", "auto") or not _is_condition(condition)):
        return None
    if (record.get("once_per_turn") and kind != "auto") or record.get("zone") not in ZONES:
        return None
    return _built(index, str(kind), timing if kind == "auto" else None, record)


def _is_condition(condition: object) -> bool:
    """Whether ``condition`` is one the engine checks (``CONDITIONS``), each part with the values it takes."""
    if not isinstance(condition, dict) or not set(condition) <= set(CONDITIONS):
        return False
    turn = condition.get("turn", "own")
    if not _is_character_facts(
        condition.get("battle_opponent", {}), ("level_at_most", "level_at_least", "cost_at_most"), "above_player_level"
    ):
        return False
    if not _is_character_facts(
        condition.get("facing", {}), ("level_at_least", "level", "cost_at_most"), "higher_level"
    ):
        return False
    if condition.get("position", "middle") not in ("middle", "center_stage", "back_stage"):
        return False
    if any(words.VOCABULARY.problem("condition", key, value) is not None for key, value in condition.items()):
        return False
    counted = [condition.get(name, {}) for name in ("characters", "all_characters")]
    amounts = [condition.get(name, {}) for name in ("stock", "hand", "memory", "waiting_climaxes", "markers")]
    return (
        turn in ("own", "opponent")
        and all(
            isinstance(part, dict) and is_character_filter(part, ("at_least", "at_most", "level_at_least"))
            for part in counted
        )
        and all(isinstance(part, dict) and whole_numbers(part, ("at_least", "at_most")) for part in amounts)
    )


def _is_character_facts(part: object, numbers: tuple[str, ...], flag: str) -> bool:
    """What a condition asks of one character (the one facing the ability's card, its battle opponent): whole
    ``numbers`` and a ``flag`` that is true where it is written."""
    return (
        isinstance(part, dict)
        and set(part) <= {*numbers, flag}
        and whole_numbers({name: value for name, value in part.items() if name != flag}, numbers)
        and part.get(flag, True) is True
    )


def _parse_alias(index: int, record: dict[str, Any]) -> CardAbility:
    """The first vocabulary, ``{kind, when}``: an error outside it, as it always was."""
    kind = record.get("kind")
    if kind not in KINDS:
        raise AbilityRecordError(f"ability {index}: kind {kind!r} is not one of {', '.join(KINDS)}")
    when = record.get("when")
    if kind == "auto" and when not in TRIGGERS:
        raise AbilityRecordError(f"ability {index}: when {when!r} is not one of {', '.join(TRIGGERS)}")
    if kind == "replace":
        return _parse_replacement(index, record, when)
    return _built(index, kind, ALIAS_WHEN[str(when)] if kind == "auto" else when, record)


def _built(index: int, kind: str, when: str | None, record: dict[str, Any]) -> CardAbility:
    cost = record.get("cost") or {}
    if isinstance(cost, int) and not isinstance(cost, bool):
        cost = {"stock": cost}
    if not isinstance(cost, dict):
        raise AbilityRecordError(f"ability {index}: cost {cost!r} is not a mapping")
    unknown = set(cost) - set(COSTS)
    if unknown:
        raise AbilityRecordError(f"ability {index}: cost {sorted(unknown)[0]!r} is not one of {', '.join(COSTS)}")
    for key, value in cost.items():
        problem = words.VOCABULARY.problem("cost", key, value)
        if problem is not None:
            raise AbilityRecordError(f"ability {index}: cost: {problem}")
    stock, discard, clock = cost.get("stock", 0), cost.get("discard", 0), cost.get("clock", 0)
    self_cost, discard_type = cost.get("self_to"), cost.get("discard_type")
    effects = record.get("effect", [])
    effects = [effects] if isinstance(effects, dict) else effects
    if not isinstance(effects, list) or not effects:
        raise AbilityRecordError(f"ability {index}: effect must be an operation or a list of them")
    for effect in effects:
        check_operation(index, effect)
        if "grant" in effect and grantable(effect["grant"]) is None:
            raise AbilityRecordError(
                f"ability {index}: grant {effect['grant']!r} is not an automatic ability of "
                f"{', '.join(GRANTABLE_TIMINGS)}, an activated or a continuous one the engine plays"
            )
        if kind != "cont":
            if effect.get("target") == "facing":
                raise AbilityRecordError(f"ability {index}: target facing belongs to a cont ability")
            for name in CONTINUOUS_ONLY:
                if name in effect and not (name == "level" and "power" in effect):
                    raise AbilityRecordError(f"ability {index}: {name} belongs to a cont ability, not {kind}")
            if "per" in effect and effect.get("target", "self") not in ("self", "choose"):
                raise AbilityRecordError(
                    f"ability {index}: per counts a change to the ability's card or the character chosen"
                )
            chooses_a_card = any(name in effect for name in CHOOSING)
            if "with_trait" in effect and effect.get("target") != "choose" and not chooses_a_card:
                raise AbilityRecordError(f"ability {index}: with_trait chooses: target: choose, salvage or search")
            if "with_name" in effect and not chooses_a_card:
                raise AbilityRecordError(f"ability {index}: with_name belongs to a cont ability, salvage or search")
    condition = record.get("condition") or {}
    optional = bool(record.get("optional", False)) and kind == "auto"
    return CardAbility(
        index,
        kind,
        when,
        stock,
        bool(cost.get("rest", False)),
        tuple(effects),
        optional=optional,
        condition=condition if kind in ("cont", "auto") else {},
        discard=discard,
        discard_type=discard_type,
        attacker_traits=_trait_names(index, record.get("attacker_traits", [])),
        attacked_traits=_trait_names(index, record.get("attacked_traits", []), "attacked_traits"),
        discard_traits=_trait_names(index, cost.get("discard_traits", []), "discard_traits"),
        phase=_beginning(index, when, record),
        whose=record.get("whose") if when == "at_beginning" else None,
        zone=_zone(index, kind, record),
        climax_name=_climax_name(index, when, record),
        clock=clock,
        self_cost=self_cost,
        once_per_turn=record.get("once_per_turn") is True and kind == "auto",
        rest_characters=int(cost.get("rest_characters", 0)),
        rest_traits=_trait_names(index, cost.get("rest_traits", []), "rest_traits"),
        rest_other=bool(cost.get("rest_other", False)),
        **_revealed_by_trigger(index, when, record),
    )


def _revealed_by_trigger(index: int, when: str | None, record: dict[str, Any]) -> dict[str, Any]:
    """A ``when_trigger_reveals`` ability's card revealed (``trigger_card``: climax or any), its icon
    (``trigger_icon``) and ``by_this_card``; none of them for another timing."""
    named = {key: record[key] for key in ("trigger_card", "trigger_icon", "by_this_card") if key in record}
    if when != "when_trigger_reveals":
        if named:
            raise AbilityRecordError(f"ability {index}: {sorted(named)[0]} belongs to a when_trigger_reveals ability")
        return {}
    kind, icon = record.get("trigger_card", "climax"), record.get("trigger_icon")
    if kind not in ("climax", "any"):
        raise AbilityRecordError(f"ability {index}: trigger_card {kind!r} is climax or any")
    if icon is not None and icon not in words.TRIGGER_ICONS:
        raise AbilityRecordError(
            f"ability {index}: trigger_icon {icon!r} is not one of {', '.join(words.TRIGGER_ICONS)}"
        )
    return {"trigger_card": kind, "trigger_icon": icon, "by_this_card": record.get("by_this_card") is True}


def _climax_name(index: int, when: str | None, record: dict[str, Any]) -> str | None:
    """A ``when_climax_placed`` ability's ``climax_name``: the climax it waits for ("When "Name" is placed")."""
    name = record.get("climax_name")
    if name is None:
        return None
    if when != "when_climax_placed" or not isinstance(name, str) or not name:
        raise AbilityRecordError(f"ability {index}: climax_name names the climax of a when_climax_placed ability")
    return name


def _zone(index: int, kind: str, record: dict[str, Any]) -> str | None:
    """Where the ability works from; a ``hand`` one changes its card's level, and nothing else."""
    zone = record.get("zone")
    effects = record.get("effect") or []
    effects = [effects] if isinstance(effects, dict) else effects
    changes_level = any(isinstance(e, dict) and "level" in e and "power" not in e for e in effects)
    if zone == "hand" and (
        kind != "cont"
        or not all(
            isinstance(e, dict) and (set(e) <= {"level", "any_color", "target"} or e == {"cannot": "play"})
            for e in effects
        )
    ):
        raise AbilityRecordError(
            f"ability {index}: an ability that works from the hand changes its level, frees it from the color "
            "requirement or keeps it from being played"
        )
    if zone != "hand" and any(isinstance(e, dict) and e.get("cannot") == "play" for e in effects):
        raise AbilityRecordError(f"ability {index}: cannot: play works from the hand (zone: hand)")
    if zone != "hand" and any(isinstance(e, dict) and "any_color" in e for e in effects):
        raise AbilityRecordError(f"ability {index}: any_color works from the hand (zone: hand)")
    if changes_level and (
        kind != "cont" or not all(isinstance(e, dict) and e.get("target", "self") == "self" for e in effects)
    ):
        raise AbilityRecordError(f"ability {index}: a level change is a cont ability's, to its own card")
    return str(zone) if zone is not None else None


def _beginning(index: int, when: str | None, record: dict[str, Any]) -> str | None:
    """An ``at_beginning`` ability's phase, checked with its ``whose``."""
    if when != "at_beginning":
        return None
    phase = record.get("phase")
    if phase not in PHASES:
        raise AbilityRecordError(f"ability {index}: phase {phase!r} is not one of {', '.join(PHASES)}")
    if record.get("whose", "own") not in ("own", "opponent"):
        raise AbilityRecordError(f"ability {index}: whose {record.get('whose')!r} is not own or opponent")
    return str(phase)


def _trait_names(index: int, traits: object, field: str = "attacker_traits") -> tuple[str, ...]:
    if not isinstance(traits, list) or not all(isinstance(trait, str) and trait for trait in traits):
        raise AbilityRecordError(f"ability {index}: {field} {traits!r} is not a list of traits")
    return tuple(traits)


def _parse_replacement(index: int, record: dict[str, Any], when: Any) -> CardAbility:
    """``{type: replace, timing: reversed, instead: rest, optional: true}``: if this would be reversed, it is
    rested instead (ws 8.2.1.3.1; with ``optional``, its master may choose to, 8.2.1.3.2)."""
    instead = record.get("instead")
    if not isinstance(when, str) or when not in REPLACEMENTS:
        raise AbilityRecordError(
            f"ability {index}: a replacement's when {when!r} is not one of {', '.join(REPLACEMENTS)}"
        )
    if instead not in REPLACEMENTS[when]:
        choices = ", ".join(REPLACEMENTS[when])
        raise AbilityRecordError(f"ability {index}: instead of {when}, {instead!r} is not one of {choices}")
    optional = bool(record.get("optional", False))
    if optional and when == "leaves_stage":
        raise AbilityRecordError(f"ability {index}: a replacement of leaves_stage cannot be optional")
    return CardAbility(index, "replace", when, 0, False, (), instead=instead, optional=optional)


def grantable(record: object) -> CardAbility | None:
    """The ability a ``grant`` gives (8.1.1; a character that gains it has it for the effect's duration): an
    automatic ability of ``GRANTABLE_TIMINGS``, an activated or a continuous one of the stage, itself giving none;
    None for any other."""
    if not isinstance(record, dict) or record.get("type") not in ("auto", "act", "cont") or record.get("zone"):
        return None
    if record["type"] == "auto" and record.get("timing") not in GRANTABLE_TIMINGS:
        return None
    effects = record.get("effect")
    listed = [effects] if isinstance(effects, dict) else list(effects or ())
    if any(isinstance(effect, dict) and "grant" in effect for effect in listed):
        return None
    return parse_ability(0, record)


def grant_key(card_id: str, ability: int, position: int) -> str:
    """The name of the ability given by operation ``position`` of ability ``ability`` of the card ``card_id``: what
    a character that gains it holds in the effect ledger (``engine.games.ws.game.WeissSchwarz.grants``)."""
    return f"{card_id}/{ability}/{position}"


def card_abilities(records: tuple[dict[str, Any], ...]) -> tuple[CardAbility, ...]:
    """The modelled abilities among a card record's abilities, in order."""
    parsed = (parse_ability(index, record) for index, record in enumerate(records))
    abilities = tuple(ability for ability in parsed if ability is not None)
    replaced = [ability.when for ability in abilities if ability.kind == "replace"]
    if len(replaced) != len(set(replaced)):
        raise AbilityRecordError("a card has one replacement ability per event")
    return abilities
