"""Playing abilities (vg 8.1, 8.5): activated and automatic abilities (their costs: ``engine.games.vg.costs``),
the structured effect and continuous power; card text the engine does not model is ``engine.games.vg.card_text``.

A card record's abilities share one shape in every game (``judge/site/log-format.rst``, "Card records"): ``{type,
timing, zone, once_per_turn, condition, cost, effect, text}``.  The engine
models what that shape structures:

* an activated ability (``type: act``, 8.1.1.1) played at the main phase's play
  timing (6.6.1.2.2): its source is a unit of the player's, its condition is met
  (Limit Break 10.2.5, Generation Break 10.2.11), its cost (Counter Blast 10.1.15,
  Soul Blast 10.1.16, discarding 10.1.2) is paid in full or not at all (8.5.2.3);
* an automatic ability (``type: auto``, 8.1.1.2) whose ``timing`` is one the engine
  knows (``AUTO_TIMINGS``): it goes into standby when its unit, on a circle of its
  ``zone``, is placed, attacks, boosts or hits (8.6.2), and is played at the check
  timing that follows (8.6.3, 8.6.3.1); its cost, if any, is paid in full or not at
  all, as its master chooses (8.6.4), the effect only if it is; "at the end of the
  battle" (``end_of_battle``) and "at the end of turn" (``end_of_turn``) abilities
  of every unit on a circle stand by at the close step (7.7.1.1) and the end phase
  (6.8.1.3), each once in it, and the step goes back while one has not (7.7.1.3,
  6.8.1.5: ``engine.games.vg.battle``, ``engine.games.vg.phases``);
* the one structured effect, ``{power: N, target: self|vanguard|<circle>, until:
  end_of_turn|end_of_battle}``, for an activated or automatic ability, and for a
  continuous ability (``type: cont``, 8.1.1.3) of the unit itself in its zone (``V`` or ``R``);
* Limit Break and Generation Break written as the card's keywords
  (``{keyword: limit_break, count: 4}``) gate each of the card's abilities, as an
  ability's own ``condition`` does (10.2.5.1, 10.2.11.1);
* anything else is card text the engine does not model: playing it is reported
  (the verdict cannot be legal), never guessed, and an ``effect`` entry may
  declare what it did in primitive operations (moves, power changes).  Text that
  acts when the engine cannot play it leaves what follows undecided
  (``Game.unplayed_text``; ``engine.games.vg.card_text``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.card_records import ability_words, has_structured_effect
from engine.core.cards import Card
from engine.core.effects import ContinuousEffect, Duration
from engine.core.game import Procedure, StandbyAbility
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Refusal
from engine.core.vocabulary import END_OF_BATTLE, END_OF_TURN, SELF, Word, number, structured_effect_vocabulary
from engine.games.vg.choices import Activate, PayAbility
from engine.games.vg.costs import COST_DEFINITIONS, COST_WORDS, names_payment, paid_by
from engine.games.vg.state import CIRCLES, REAR_GUARD_CIRCLES, VANGUARD

if TYPE_CHECKING:
    from engine.games.vg.cards import VgCardDefinition
    from engine.games.vg.game import Vanguard

CONDITION_DEFINITIONS: Final = (
    Word(
        "limit_break",
        "condition",
        "Limit Break N: active while its master has N or more cards in the damage zone.",
        number(0),
        ("vg:10.2.5",),
    ),
    Word(
        "generation_break",
        "condition",
        "Generation Break N: active while its master has N or more face-up G units.",
        number(0),
        ("vg:10.2.11",),
    ),
)
"""The conditions an ability record may structure: Limit Break (10.2.5) and Generation Break (10.2.11)."""
GATES: Final = {"limit_break": "vg:10.2.5.1", "generation_break": "vg:10.2.11.1"}
"""The keywords that gate a card's abilities (Limit Break, Generation Break), with the clause that says so."""
CHECKED_WHEN: Final = {
    ("limit_break", "act"): ("vg:10.2.5.3", "vg:10.2.5.3.3", "vg:10.2.5.3.3.1"),
    ("limit_break", "auto"): ("vg:10.2.5.3", "vg:10.2.5.3.2", "vg:10.2.5.3.2.1"),
    ("generation_break", "act"): ("vg:10.2.11.3", "vg:10.2.11.3.3", "vg:10.2.11.3.3.1"),
    ("generation_break", "auto"): ("vg:10.2.11.3", "vg:10.2.11.3.2", "vg:10.2.11.3.2.1"),
    ("limit_break", "cont"): ("vg:10.2.5.3", "vg:10.2.5.3.1", "vg:10.2.5.3.1.1"),
    ("generation_break", "cont"): ("vg:10.2.11.3", "vg:10.2.11.3.1", "vg:10.2.11.3.1.1"),
}
"""When Limit Break and Generation Break are checked, by the kind of ability they gate: an activated ability's when
it is played, an automatic ability's when its event happens (either resolves though the count changes after), a
continuous ability's all the time."""
AUTO_TIMINGS: Final = {
    "on_play": "vg:8.1.1.2.1",
    "when_attacking": "vg:7.3.1.8",
    "when_boosting": "vg:7.3.1.8",
    "on_attack_hits": "vg:7.6.1.9",
    "end_of_battle": "vg:7.7.1.1",
    "end_of_turn": "vg:6.8.1.3",
}
"""The automatic abilities' timings the engine plays (``on_play``: the unit is placed on a circle of its zone by
a ride, a call or a stride; it attacks; it boosts; its attack hits; "at the end of the battle" or "at the beginning
of the close step"; "at the end of turn" or "at the beginning of the end phase"), with the clause of the check
timing or the form that says when each goes into standby."""
STEP_TIMINGS: Final = ("end_of_battle", "end_of_turn")
"""The timings of a step that goes back while one of them has not become stand by in it (vg 7.7.1.3, 6.8.1.5):
each such ability stands by once a close step or end phase (``step_triggers``)."""
DURATIONS: Final = {"end_of_turn": Duration.END_OF_TURN, "end_of_battle": Duration.END_OF_BATTLE}
EFFECT_WORDS: Final = structured_effect_vocabulary(
    "vg",
    ("vg:8.5.3.5",),
    (
        SELF.governed_by("vg:8.5.3.5"),
        Word("vanguard", "target", "Its master's vanguard.", clauses=("vg:4.6.1",)),
        *(
            Word(circle, "target", f"The unit on its master's {circle} circle.", clauses=("vg:4.6.1",))
            for circle in CIRCLES
        ),
    ),
    (END_OF_TURN.governed_by("vg:6.8.1.4"), END_OF_BATTLE.governed_by("vg:7.7.1.2")),
    others=(*CONDITION_DEFINITIONS, *COST_DEFINITIONS),
)
"""The words of the structured ability in Vanguard (``engine.core.vocabulary``): its conditions and costs, its
targets (the unit itself, the vanguard or the unit on a circle) and how long the change lasts."""


def modelled(ability: dict[str, Any]) -> bool:
    """Whether the engine plays ``ability`` itself: an activated, automatic or continuous ability whose effect is
    the one structured effect, with at most the structured conditions and costs (an automatic one of a timing the
    engine knows and no cost; a continuous one on its own unit and no cost)."""
    kind = ability.get("type")
    if kind == "act":
        return has_structured_effect(ability, EFFECT_WORDS)
    if kind == "auto":
        return ability.get("timing") in AUTO_TIMINGS and has_structured_effect(ability, EFFECT_WORDS)
    return (
        kind == "cont"
        and has_structured_effect(ability, EFFECT_WORDS, costs=False)
        and ability["effect"].get("target", "self") == "self"
    )


def acts_on_entering(ability: dict[str, Any]) -> bool:
    """Whether unmodelled text can act from the moment its unit comes onto a circle: a continuous ability, an
    automatic one placed there or of a timing the engine does not know, or printed text alone."""
    kind = ability.get("type")
    return kind not in ("act", "auto") or ability.get("timing") not in AUTO_TIMINGS or ability["timing"] == "on_play"


class Playing:
    """Activated and automatic abilities, the structured effect and continuous power (vg 8.1, 8.5)."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states
        self.used_this_turn: set[tuple[int, int]] = set()
        """(card instance, ability index) of the 1/Turn abilities played this turn (vg 11.5.1.1)."""
        self.activated: dict[str, tuple[int, ...]] = {}
        """Card id -> the places of its activated abilities among its abilities, as they are first looked for."""
        self.continuous: dict[str, list[dict[str, Any]]] = {}
        """Card id -> its continuous abilities the engine plays, as they are first looked for."""
        self.with_timing: dict[str, frozenset[str]] = {}
        """Timing -> the card ids with an automatic ability of that timing, as they are first looked for."""
        self.stood_by: dict[str, tuple[int, set[tuple[int, int]], set[str]]] = {}
        """``STEP_TIMINGS`` timing -> the turn of its last close step or end phase, and the abilities (unit instance,
        ability index) and the cards whose abilities of that timing stood by in it (vg 7.7.1.1, 6.8.1.3)."""

    # -- what a card's text does on its own --------------------------------------------------

    def placed(self, player: str, card: Card, circle: str) -> None:
        """A unit was placed on ``circle`` by a ride, a call or a stride: its text the engine does not model is
        reported, and its automatic abilities "when placed" go into standby."""
        self.game.card_text.unmodelled_text(player, card)
        self.auto_triggers(player, card, circle, "on_play", f"{card.identity} was placed on {circle}")

    # -- automatic abilities (8.6) --------------------------------------------------------------

    def cards_with(self, timing: str) -> frozenset[str]:
        """The card ids of the game with an automatic ability of ``timing``."""
        found = self.with_timing.get(timing)
        if found is None:
            found = frozenset(
                card_id
                for card_id, definition in self.game.definitions.items()
                if any(a.get("type") == "auto" and a.get("timing") == timing for a in definition.abilities)
            )
            self.with_timing[timing] = found
        return found

    def begin_step(self, timing: str) -> None:
        """A close step or an end phase begins: no ability of ``timing`` has stood by in it yet."""
        if self.cards_with(timing):
            self.stood_by[timing] = (self.game.turn, set(), set())

    def step_triggers(self, timing: str, cause: str) -> None:
        """vg 7.7.1.1, 6.8.1.3: each automatic ability of ``timing`` (``STEP_TIMINGS``) of a unit on a circle, the
        turn player's first, that has not become stand by in this step (``stood_by``) becomes stand by."""
        if not self.cards_with(timing):
            return
        game = self.game
        _, stood_by, names = self.stood_by[timing]
        for player in (game.turn_player, game.non_turn_player):
            for circle, unit in self.states[player].units():
                if unit.identity in self.cards_with(timing):
                    before = len(stood_by)
                    self.auto_triggers(player, unit, circle, timing, cause, stood_by)
                    if len(stood_by) > before:
                        names.add(unit.identity)

    def stood_by_in_step(self, card: str | None) -> str | None:
        """The ``STEP_TIMINGS`` timing of which an ability of ``card`` stood by in this turn's close step or end
        phase (or the end phase just before this turn), which it does once in each (vg 7.7.1.1, 6.8.1.3); None."""
        for timing, (turn, _, names) in self.stood_by.items():
            recent = turn == self.game.turn or (timing == "end_of_turn" and turn == self.game.turn - 1)
            if recent and card in names:
                return timing
        return None

    def step_waiting(self, timing: str) -> bool:
        """vg 7.7.1.3, 6.8.1.5: whether an automatic ability of ``timing`` of a unit on a circle, active now (its
        condition met), has not become stand by in this step: then the step goes back."""
        if not self.cards_with(timing):
            return False
        stood_by = self.stood_by[timing][1]
        game = self.game
        for player in (game.turn_player, game.non_turn_player):
            for circle, unit in self.states[player].units():
                if unit.identity in self.cards_with(timing):
                    for index, ability, definition in self.abilities_of(player, unit, circle, timing):
                        if (unit.instance, index) not in stood_by and self.active(
                            player, unit, index, ability, definition
                        ):
                            return True
        return False

    def abilities_of(
        self, player: str, unit: Card, circle: str | None, timing: str
    ) -> list[tuple[int, dict[str, Any], VgCardDefinition]]:
        """``unit``'s automatic abilities of ``timing`` for its zone on ``circle`` (8.1.1.2.1), with their places;
        none for a deleted unit (10.1.25.3)."""
        definition = self.game.definition(unit)
        if definition is None or not definition.abilities or circle is None:
            return []
        zone = "V" if circle == VANGUARD else "R" if circle in REAR_GUARD_CIRCLES else None
        if zone is None or unit.instance in self.states[player].deleted:
            return []
        return [
            (index, ability, definition)
            for index, ability in enumerate(definition.abilities)
            if ability.get("type") == "auto" and ability.get("timing") == timing and ability.get("zone", zone) == zone
        ]

    def active(
        self, player: str, unit: Card, index: int, ability: dict[str, Any], definition: VgCardDefinition
    ) -> bool:
        """Whether the automatic ability can trigger now: card text the engine does not model always can; a played
        one not used up by 1/Turn (11.5.1.1), its condition met (10.2.5.3.2.1)."""
        if not modelled(ability):
            return True
        if ability.get("once_per_turn") and (unit.instance, index) in self.used_this_turn:
            return False
        return self.condition_refusal(player, ability, definition) is None

    def auto_triggers(
        self,
        player: str,
        unit: Card,
        circle: str | None,
        timing: str,
        cause: str,
        stood_by: set[tuple[int, int]] | None = None,
    ) -> None:
        """The trigger condition ``timing`` of ``unit``'s automatic abilities is met on ``circle``: each of its zone
        whose condition is met goes into standby (8.6.2; a Limit Break one only then, 10.2.5.3.2.1); one the
        engine does not play is reported, and leaves what follows undecided.  With ``stood_by``, an ability in it
        has stood by in this step already, and one that stands by now is added (``step_triggers``)."""
        definition = self.game.definition(unit)
        if definition is None or not definition.abilities or circle is None:
            return
        zone = "V" if circle == VANGUARD else "R" if circle in REAR_GUARD_CIRCLES else None
        if zone is None or unit.instance in self.states[player].deleted:  # a deleted unit has no text (10.1.25.3)
            return
        for index, ability in enumerate(definition.abilities):
            if ability.get("type") != "auto" or ability.get("timing") != timing or ability.get("zone", zone) != zone:
                continue
            if stood_by is not None:
                if (unit.instance, index) in stood_by or not self.active(player, unit, index, ability, definition):
                    continue
                stood_by.add((unit.instance, index))
            if not modelled(ability):
                self.game.unplayed_text(
                    player,
                    unit.identity or "?",
                    ability_words(ability),
                    f"the automatic ability of {unit.identity} is card text the engine does not model",
                    ("vg:8.6.2",),
                )
                continue
            if ability.get("once_per_turn") and (unit.instance, index) in self.used_this_turn:
                continue
            if self.condition_refusal(player, ability, definition) is not None:
                continue
            self.game.trigger(
                StandbyAbility(
                    player,
                    str(index),
                    unit,
                    unit.instance,
                    self.resolve_auto,
                    (
                        AUTO_TIMINGS[timing],
                        "vg:8.1.1",
                        "vg:8.1.1.2",
                        "vg:8.5.1",
                        "vg:8.6.2",
                        "vg:8.6.2.1",
                        *self.condition_clauses(ability, definition),
                    ),
                    {"circle": circle, "index": index},
                ),
                cause,
            )

    def resolve_auto(self, standby: StandbyAbility) -> Procedure:
        """vg 8.6.3, 8.6.3.1: the automatic ability is played; it resolves even where its unit has moved on
        (8.6.8), its effect on the unit itself then doing nothing."""
        player, unit = standby.master, standby.source
        definition = self.game.definition(unit)
        assert definition is not None
        index = int(standby.data["index"])
        ability = definition.abilities[index]
        if ability.get("once_per_turn"):
            self.used_this_turn.add((standby.source_instance, index))
        circle = str(standby.data["circle"])
        cost = ability.get("cost") or {}
        decision = None
        if cost:
            paying = self.game.costs.first_payers(player, cost)
            self.game.costs.cost_asked = cost
            options: list[Choice] = [PayAbility(unit.identity, False)]
            if paying is not None:
                options.append(PayAbility(unit.identity, True, *paying))
            decision = Decision(
                player,
                "pay",
                options,
                ("vg:8.6.4",),
                frozenset({"resolve"}),
                prompt=f"pay the cost of ability {index} of {unit.identity}, or not",
                default=options[0],
                source=unit.identity,
                ability=standby.name,
                allows=lambda choice: self.game.costs.pay_allows(player, ability, choice),
            )
            choice = yield decision
            self.game.costs.cost_asked = {}
            if isinstance(choice, PayAbility) and choice.flag and not names_payment(choice):
                only = self.game.costs.only_payers(player, cost)
                assert only is not None  # ``pay_allows`` took it
                choice = PayAbility(unit.identity, True, *only)
            if not isinstance(choice, PayAbility) or not choice.flag:
                self.game.record(
                    RecordKind.CHOICE,
                    player,
                    f"{player} does not pay for ability {index} of {unit.identity}",
                    ("vg:8.6.4",),
                )
                yield Checkpoint(decision)
                return
            self.game.costs.pay(player, choice)
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} pays for ability {index} of {unit.identity}",
                ("vg:8.6.4", *paid_by(choice)),
            )
        moved = self.states[player].unit_at(circle) is not unit or unit.instance != standby.source_instance
        if moved and ability["effect"].get("target", "self") == "self":
            self.game.record(
                RecordKind.ABILITY, player, f"{unit.identity} has left {circle}: the effect does nothing", ("vg:8.6.8",)
            )
        else:
            self.structured_effect(player, unit, circle, ability)
        if decision is not None:
            yield Checkpoint(decision)

    def continuous_power(self, player: str, card: Card, circle: str | None) -> int:
        """vg 8.1.1.3, 8.7: what the unit's own continuous abilities add to its power where it is."""
        return sum(int(ability["effect"]["power"]) for ability in self.continuous_in_force(player, card, circle))

    def continuous_in_force(self, player: str, card: Card, circle: str | None) -> list[dict[str, Any]]:
        """The unit's own continuous abilities that apply where it is now: played, in their zone, their Limit
        Break or Generation Break met (vg 8.1.1.3, 10.2.5.3.1, 10.2.11.3.1); none for a deleted unit, which has
        no text (10.1.25.3)."""
        if circle is None or card.identity is None:
            return []
        abilities = self.continuous.get(card.identity)
        if abilities is None:
            definition = self.game.definition(card)
            found = definition.abilities if definition is not None else []
            abilities = self.continuous[card.identity] = [
                ability for ability in found if ability.get("type") == "cont" and modelled(ability)
            ]
        if not abilities or card.instance in self.states[player].deleted:
            return []
        definition = self.game.definition(card)
        assert definition is not None  # it has abilities
        zone = "V" if circle == VANGUARD else "R"
        return [
            ability
            for ability in abilities
            if ability.get("zone", zone) == zone and self.condition_refusal(player, ability, definition) is None
        ]

    def continuous_clauses(self, player: str, card: Card, circle: str | None) -> tuple[str, ...]:
        """The clauses of the continuous abilities in force on the unit (``continuous_in_force``): 8.1.1.3, and the
        Limit Break or Generation Break each met, checked all the time (10.2.5.3.1, 10.2.11.3.1)."""
        abilities = self.continuous_in_force(player, card, circle)
        definition = self.game.definition(card) if abilities else None
        if definition is None:
            return ()
        return ("vg:8.1.1.3", *(c for ability in abilities for c in self.condition_clauses(ability, definition)))

    def conditions(
        self, ability: dict[str, Any], definition: VgCardDefinition
    ) -> list[tuple[str, int, tuple[str, ...]]]:
        """Limit Break n (vg 10.2.5) and Generation Break n (10.2.11) of ``ability``, its own ``condition`` or the
        card's keyword, which gates each of its abilities (10.2.5.1, 10.2.11.1): each word with its count and the
        clauses that say so, with those that say when an activated or automatic one is checked (``CHECKED_WHEN``)."""
        condition = ability.get("condition") or {}
        found = []
        for word, clause in GATES.items():
            count = condition.get(word)
            gate = definition.has(word)
            cited: tuple[str, ...] = ("vg:10.2.5",) if word == "limit_break" else ("vg:10.2.11",)
            if not isinstance(count, int) and gate is not None and isinstance(gate.get("count"), int):
                count, cited = gate["count"], (*cited, clause)
            if isinstance(count, int):
                found.append((word, count, (*cited, *CHECKED_WHEN.get((word, str(ability.get("type"))), ()))))
        return found

    def condition_clauses(self, ability: dict[str, Any], definition: VgCardDefinition) -> tuple[str, ...]:
        """The clauses of the conditions ``ability`` met when it was played or triggered (``conditions``)."""
        return tuple(clause for _, _, cited in self.conditions(ability, definition) for clause in cited)

    def condition_refusal(self, player: str, ability: dict[str, Any], definition: VgCardDefinition) -> Refusal | None:
        """Why a Limit Break or Generation Break of ``ability`` (``conditions``) is not met now, or None."""
        for word, count, cited in self.conditions(ability, definition):
            if word == "limit_break" and not self.game.keywords.limit_break(player, count):
                damage = len(self.states[player].damage)
                return Refusal(cited, f"Limit Break {count}: {player} has {damage} damage")
            if word == "generation_break" and not self.game.keywords.generation_break(player, count):
                return Refusal(cited, f"Generation Break {count}: {player} has fewer face-up G units")
        return None

    # -- activated abilities (6.6.1.2.2, 8.5) ----------------------------------------------------

    def source_of(self, player: str, source: str | None) -> tuple[str, Card] | None:
        """The unit an ``act`` names, by its circle or its card id, and its circle."""
        me = self.states[player]
        if source in CIRCLES:
            unit = me.unit_at(source)
            return (source, unit) if unit is not None else None
        for circle, unit in me.units():
            if unit.identity == source:
                return circle, unit
        return None

    def ability_of(self, card: Card, ability: str | int | None) -> tuple[int, dict[str, Any]] | None:
        """The activated ability a choice names, by its place among the card's abilities (or the first one), with
        that place."""
        definition = self.game.definition(card)
        if definition is None:
            return None
        activated = [(index, a) for index, a in enumerate(definition.abilities) if a.get("type") == "act"]
        for index, record in activated:
            if ability is None or str(ability) == str(index):
                return index, record
        return None

    def act_options(self, player: str) -> list[Activate]:
        """Each activated ability of ``player``'s units that can be played now (6.6.1.2.2), by its circle, its cost
        paid with the first known cards that can pay it (face-up damage, soul, hand): what ``act_refusal``
        accepts, found without trying each choice."""
        me = self.states[player]
        options: list[Activate] = []
        payers: dict[str, list[str]] = {}
        for circle, unit in me.units():
            definition = self.game.definition(unit)
            if definition is None or not definition.abilities:
                continue
            activated = self.activated.get(definition.id)
            if activated is None:
                activated = self.activated[definition.id] = tuple(
                    index for index, ability in enumerate(definition.abilities) if ability.get("type") == "act"
                )
            if not activated or me.unit_at(circle) is not unit:
                continue  # a Legion Mate is not the unit its circle names
            zone = "V" if circle == VANGUARD else "R"
            for index in activated:
                ability = definition.abilities[index]
                if ability.get("once_per_turn") and (unit.instance, index) in self.used_this_turn:
                    continue
                if ability.get("zone", zone) not in (zone, None) or self.condition_refusal(player, ability, definition):
                    continue
                cost = ability.get("cost") or {}
                paid: list[tuple[str, ...]] = []
                for word in COST_WORDS:
                    needed = cost.get(word, 0)
                    if not isinstance(needed, int) or needed <= 0:
                        paid.append(())
                        continue
                    if word not in payers:
                        cards = {"counter_blast": me.face_up_damage(), "soul_blast": me.soul, "discard": me.hand}[word]
                        known = [card.identity for card in cards if card.identity is not None]
                        payers[word] = sorted(known) if word == "discard" else known
                    if len(payers[word]) < needed:
                        break
                    paid.append(tuple(payers[word][:needed]))
                else:
                    options.append(Activate(circle, str(index), paid[0], paid[1], paid[2]))
        return options

    def act_refusal(self, player: str, choice: Activate) -> Refusal | None:
        """Why an activated ability cannot be played as stated (6.6.1.2.2, 8.5.2.3); None when it can."""
        found = self.source_of(player, choice.card)
        if found is None:
            return Refusal(("vg:6.6.1.2.2",), f"{player} has no unit {choice.card} to play an ability of")
        circle, unit = found
        named = self.ability_of(unit, choice.ability)
        if named is None:
            return Refusal(
                ("vg:6.6.1.2.2", "vg:8.1.1.1"), f"{unit.identity} on {circle} has no activated ability {choice.ability}"
            )
        index, ability = named
        if ability.get("once_per_turn") and (unit.instance, index) in self.used_this_turn:
            return Refusal(("vg:11.5.1.1",), f"the 1/Turn ability of {unit.identity} was played this turn already")
        zone = ability.get("zone")
        if zone in ("V", "R") and zone != ("V" if circle == VANGUARD else "R"):
            return Refusal(
                ("vg:8.1.1.1",), f"the ability of {unit.identity} is played from ({zone}), not from {circle}"
            )
        definition = self.game.definition(unit)
        assert definition is not None
        refusal = self.condition_refusal(player, ability, definition)
        if refusal is not None:
            return refusal
        return self.game.costs.cost_refusal(player, ability, choice)

    def act(self, player: str, choice: Activate) -> Procedure:
        """Play an activated ability: its costs paid at once (8.5.2.3), then its effect (8.5.3.5)."""
        game = self.game
        found = self.source_of(player, choice.card)
        assert found is not None  # the choice was checked (``act_refusal``)
        circle, unit = found
        named = self.ability_of(unit, choice.ability)
        assert named is not None
        index, ability = named
        definition = game.definition(unit)
        assert definition is not None
        if ability.get("once_per_turn"):
            self.used_this_turn.add((unit.instance, index))
        self.game.costs.pay(player, choice)
        played = game.ability_id()
        game.record(
            RecordKind.CHOICE,
            player,
            f"{player} plays the ability of {unit.identity} on {circle}, paying its cost",
            (
                "vg:6.6.1.2.2",
                "vg:8.1.1",
                "vg:8.1.1.1",
                "vg:8.5.1",
                "vg:8.5.2.3",
                *paid_by(choice),
                *self.condition_clauses(ability, definition),
            ),
            standby=played,
            ability=str(index),
            played=True,
            cause=game.last_check_timing,  # played in the play timing after it (6.6.1.2)
        )
        with game.resolving(played):
            if modelled(ability):
                self.structured_effect(player, unit, circle, ability)
            else:
                game.unplayed_text(
                    player,
                    unit.identity or "?",
                    ability_words(ability),
                    f"the effect of {unit.identity}'s ability is card text the engine does not model",
                    ("vg:8.5.3.5",),
                )
        return
        yield  # pragma: no cover - a procedure, for the choices of abilities to come

    def structured_effect(self, player: str, unit: Card, circle: str, ability: dict[str, Any]) -> None:
        """``effect: {power, target, until}``: +power to the unit itself, the vanguard or the unit on a circle."""
        effect = ability["effect"]
        target_name = str(effect.get("target", "self"))
        me = self.states[player]
        target = unit if target_name == "self" else me.unit_at(VANGUARD if target_name == "vanguard" else target_name)
        if target is None:
            self.game.record(
                RecordKind.ABILITY, player, f"no unit on {target_name}: the effect does nothing", ("vg:8.5.4.1.3",)
            )
            return
        duration = DURATIONS.get(str(effect.get("until", "end_of_turn")), Duration.END_OF_TURN)
        self.game.version += 1
        self.game.effects.add(
            ContinuousEffect(
                target.instance,
                "power",
                delta=int(effect["power"]),
                timestamp=self.game.effects.next_timestamp(),
                source=f"ability of {unit.identity}",
                clauses=("vg:8.5.3.5",),
                duration=duration,
            )
        )
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{target.identity} gets {int(effect['power']):+d} power ({duration.value})",
            ("vg:8.5.3.5",),
        )
