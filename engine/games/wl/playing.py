"""Playing cards and effects (wl 6.5.3-6.5.5, 7.1.3.2, 8.1.3, 8.3.2, 8.4): power, conditions, and the structured
abilities of card records.

A card record's abilities share one shape in every game (``judge/site/log-format.rst``, "Card records"): ``{type,
timing, zone, once_per_turn, condition, cost, effect, text}``.  The engine plays
what that shape structures (``modelled``):

* playing a Character or a Stage, or an Event with [Main], from the hand by resting
  as many active ENERGIO!! cards as its cost (6.5.3.1, 2.7.2-2.7.4), a sixth
  Character trashing one first (3.7.6.1), a Stage replacing the Stage (3.8.5.1);
* giving ENERGIO!! cards (6.5.5), each +1000 power during its master's turn;
* [Counter] from a Character card's (Symbol) Counter, and [Counter] Events
  (7.1.3.2.1, 7.1.3.2.2); a [Trigger] (10.1.5);
* [Activate: Main] abilities (6.5.4.1, 10.2.2) with the costs ①
  (``{energio: N}``, 8.3.1.5) and trashing (``{trash: N}``, 10.2.14), the
  conditions [ENERGIO!! xX] and [Your Turn] / [Opponent's Turn] (10.2.9,
  10.2.11, 10.2.12), and [Once Per Turn] (10.2.13);
* auto effects, activated when their timing comes (8.3.1.8, 8.4.1), with the same
  conditions: [On Play] (10.2.6), [When Attacking] (10.2.5), [On Your Opponent's
  Attack] (10.2.16), [On Block] (10.2.15), [On K.O.] (10.2.17), [End of Your Turn]
  and [End of Your Opponent's Turn] (10.2.7, 10.2.8), activated and ordered by
  ``engine.games.wl.autos``;
* permanent effects (8.1.3.4: ``type: cont`` with no timing) that give their own
  card power while their conditions are met;
* the one structured effect, ``{power: N, target: self|leader|leader_or_character|<card>, until:
  end_of_battle|end_of_turn}``.

The costs are paid by ``engine.games.wl.costs``; any other card text is reported, never guessed
(``engine.games.wl.card_text``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.card_records import ability_words, has_structured_effect
from engine.core.cards import Card, first_unheld
from engine.core.effects import ContinuousEffect, Duration
from engine.core.game import Procedure
from engine.core.protocol import RecordKind, Refusal
from engine.core.vocabulary import (
    END_OF_BATTLE,
    END_OF_TURN,
    SELF,
    Value,
    Word,
    number,
    one_of,
    structured_effect_vocabulary,
)
from engine.games.wl.choices import Named
from engine.games.wl.costs import COST_DEFINITIONS
from engine.games.wl.state import CHARACTER_LIMIT, LEADER

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

GIVEN_POWER: Final = 1000
"""wl 6.5.5.2."""
LEADER_OR_CHARACTER: Final = "leader_or_character"
"""The target "your Leader or 1 of your Characters" (8.4.4): the entry names which."""
DURATIONS: Final = {"end_of_turn": Duration.END_OF_TURN, "end_of_battle": Duration.END_OF_BATTLE}
CONDITION_DEFINITIONS: Final = (
    Word(
        "energio",
        "condition",
        "[ENERGIO!! xX]: X or more ENERGIO!! cards given to this card.",
        number(0),
        ("wl:10.2.9", "wl:8.3.2.3"),
    ),
    Word(
        "turn",
        "condition",
        "During whose turn: yours ([Your Turn]) or opponents ([Opponent's Turn]).",
        one_of(("yours", "opponents")),
        ("wl:10.2.11", "wl:10.2.12"),
    ),
)
"""The conditions the engine checks itself: [ENERGIO!! xX] (``energio``, 10.2.9) and [Your Turn] / [Opponent's Turn]
(``turn``, 10.2.11, 10.2.12)."""
EFFECT_WORDS: Final = structured_effect_vocabulary(
    "wl",
    ("wl:8.1.1",),
    (
        Word(LEADER, "target", "Its player's Leader.", clauses=("wl:3.6",)),
        SELF.governed_by("wl:8.1.1"),
        Word(
            LEADER_OR_CHARACTER,
            "target",
            "Its player's Leader or one of its Characters, chosen as the effect resolves: the one the entry names, "
            "the Leader where it names none.",
            clauses=("wl:8.4.4",),
        ),
    ),
    (
        END_OF_TURN.governed_by("wl:6.6.1.2", "wl:6.6.1.3"),
        END_OF_BATTLE.governed_by("wl:7.1.5.3", "wl:7.1.5.4"),
    ),
    Value(
        f"self, {LEADER}, or the address of one of its player's Characters (AL-01, AL-01@2)",
        {"type": "string", "minLength": 1},
        lambda value: isinstance(value, str) and bool(value),
    ),
    others=(*CONDITION_DEFINITIONS, *COST_DEFINITIONS),
)
"""The words of the structured ability in ENERGIO!! (``engine.core.vocabulary``): its conditions and costs, its
targets (the card itself, the Leader or a Character the log names by its address) and how long the change lasts."""
MODELLED_TIMINGS: Final = ("main", "counter", "trigger", "activate_main")
"""The timings of the effects the engine runs with their costs: [Main], [Counter], [Trigger] and [Activate: Main]."""
AUTO_TIMINGS: Final = {
    "on_play": ("wl:10.2.6", "wl:10.2.6.1"),
    "when_attacking": ("wl:10.2.5", "wl:10.2.5.1"),
    "on_opponents_attack": ("wl:10.2.16", "wl:10.2.16.1", "wl:4.2.1"),
    "on_block": ("wl:10.2.15", "wl:10.2.15.1"),
    "on_ko": ("wl:10.2.17", "wl:10.2.17.1"),
    "end_of_your_turn": ("wl:10.2.7", "wl:10.2.7.1", "wl:6.6.1.1.1", "wl:4.2.1"),
    "end_of_opponents_turn": ("wl:10.2.8", "wl:10.2.8.1", "wl:4.2.1"),
}
"""The auto effects' timings the engine activates itself (``modelled``), with the keyword and the clause that says
when each comes ("end of your turn" once, 6.6.1.1.1: the end phase asks for them once).  "Your" and "your opponent"
in a timing are the card's player, who holds it (4.2.1).  A cost "may" be paid
(8.3.1.4): the player says whether by a ``resolve`` entry (``engine.games.wl.autos``)."""


def modelled(ability: dict[str, Any]) -> bool:
    """Whether the engine plays ``ability`` itself: one of the timings it runs, the structured effect, and at most
    the structured conditions and costs (none for a permanent effect)."""
    timing = ability.get("timing")
    if permanent(ability):
        return has_structured_effect(ability, EFFECT_WORDS, costs=False)
    return (timing in MODELLED_TIMINGS or timing in AUTO_TIMINGS) and has_structured_effect(ability, EFFECT_WORDS)


def permanent(ability: dict[str, Any]) -> bool:
    """A permanent effect (8.1.3.4): ``type: cont`` and no timing."""
    return ability.get("type") == "cont" and ability.get("timing") is None


def acts_on_entering(ability: dict[str, Any]) -> bool:
    """Whether unmodelled text can act from the moment its card enters the field: a permanent effect, [On Play], a
    timing the engine does not know, or printed text alone (whose timing is not known)."""
    timing = ability.get("timing")
    return timing is None or timing == "on_play" or (timing not in AUTO_TIMINGS and timing not in MODELLED_TIMINGS)


def has_timing(definition: Any, word: str) -> bool:
    """Whether an Event is a [Main] or [Counter] Event (10.2.3.1, 10.2.4.1): the keyword, or an ability of that
    timing in the shared shape."""
    return word in definition.keywords or any(a.get("timing") == word for a in definition.abilities)


class Playing:
    """Playing cards, giving ENERGIO!!, counters, activated effects and the power of cards (wl 6.5, 7.1.3, 8)."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states
        self.used_this_turn: set[tuple[int, int]] = set()
        """(card instance, ability index) of the [Once Per Turn] effects resolved this turn (wl 10.2.13)."""

    # -- power -----------------------------------------------------------------------------------

    def power(self, player: str, card: Card) -> int:
        """A Leader's or Character's power (wl 2.6): printed, +1000 per ENERGIO!! given during its master's turn
        (6.5.5.2), and the effects in force."""
        definition = self.game.definition(card)
        power = definition.power if definition is not None else 0
        if self.game.turn_player == player:
            power += GIVEN_POWER * self.states[player].given.get(card.instance, 0)
        if definition is not None and definition.abilities:
            power += self.permanent_power(player, card, definition.abilities)
        return self.game.effects.value(card.instance, "power", power)

    def permanent_power(self, player: str, card: Card, abilities: tuple[dict[str, Any], ...]) -> int:
        """wl 8.1.3.4: what the card's own permanent effects add to its power while their conditions are met
        (8.3.2); only a card on the field has them."""
        total = 0
        for ability in abilities:
            if self.gives_power(player, card, ability):
                total += int(ability["effect"]["power"])
        return total

    def gives_power(self, player: str, card: Card, ability: dict[str, Any]) -> bool:
        """Whether ``ability`` is a permanent effect giving its own card power now, its conditions met (8.1.3.4)."""
        return (
            permanent(ability)
            and modelled(ability)
            and ability["effect"].get("target", "self") == "self"
            and self.condition_refusal(player, card, ability) is None
        )

    def permanent_in_force(self, player: str, card: Card) -> bool:
        """Whether a permanent effect of the card's own gives it power now (8.1.3.4): a battle that reads its power
        cites the clause."""
        definition = self.game.definition(card)
        return definition is not None and any(self.gives_power(player, card, a) for a in definition.abilities)

    def condition_refusal(self, player: str, card: Card, ability: dict[str, Any]) -> Refusal | None:
        """Why the effect's conditions are not met (8.3.2): [ENERGIO!! xX] (10.2.9.1), [Your Turn] (10.2.11.1),
        [Opponent's Turn] (10.2.12.1); None when they are."""
        condition = ability.get("condition") or {}
        given = self.states[player].given.get(card.instance, 0)
        needed = condition.get("energio")
        if isinstance(needed, int) and given < needed:
            return Refusal(
                ("wl:8.3.2", "wl:8.3.2.1", "wl:8.3.2.3", "wl:10.2.9", "wl:10.2.9.1"),
                f"{card.identity} has {given} ENERGIO!! given, not {needed}",
            )
        turn = condition.get("turn")
        if turn == "opponents" and self.game.turn_player == player:
            return Refusal(
                ("wl:8.3.2", "wl:8.3.2.1", "wl:8.3.2.5", "wl:10.2.12", "wl:10.2.12.1", "wl:4.2.1"),
                "the effect is [Opponent's Turn]",
            )
        if turn == "yours" and self.game.turn_player != player:
            return Refusal(
                ("wl:8.3.2", "wl:8.3.2.1", "wl:8.3.2.4", "wl:10.2.11", "wl:10.2.11.1", "wl:4.2.1"),
                "the effect is [Your Turn]",
            )
        return None

    def add_power(
        self, player: str, card: Card, amount: int, duration: Duration, source: str, clauses: tuple[str, ...]
    ) -> None:
        self.game.version += 1
        self.game.effects.add(
            ContinuousEffect(
                card.instance,
                "power",
                delta=amount,
                timestamp=self.game.effects.next_timestamp(),
                source=source,
                clauses=clauses,
                duration=duration,
                controller=player,
            )
        )

    # -- playing a card (6.5.3) ---------------------------------------------------------------------

    def play_refusal(self, player: str, choice: Named) -> Refusal | None:
        """Why a card cannot be played as stated; None when it can."""
        me = self.states[player]
        definition = self.game.definitions.get(choice.card or "")
        if definition is None or first_unheld(me.hand, (choice.card_id,)) is not None:
            return Refusal(("wl:6.5.3.1",), f"{choice.card} is not in {player}'s hand")
        if definition.type == "event" and not has_timing(definition, "main"):
            return Refusal(("wl:6.5.3.1", "wl:10.2.3.1"), f"{choice.card} is an Event without [Main]")
        if definition.type not in ("character", "stage", "event"):
            return Refusal(
                ("wl:6.5.3.1",), f"{choice.card} is a {definition.type} card: it is not played from the hand"
            )
        if definition.cost > me.cost_active:
            return Refusal(
                ("wl:2.7.2", "wl:6.5.3.1"),
                f"{choice.card} costs {definition.cost}; {player} has {me.cost_active} active ENERGIO!! card(s)",
            )
        full = definition.type == "character" and len(me.characters) >= CHARACTER_LIMIT
        if full and (choice.target is None or me.find(choice.target) in (None, me.leader)):
            return Refusal(
                ("wl:3.7.6", "wl:3.7.6.1"), f"{player}'s Character area is full: the play must trash one of them first"
            )
        if not full and choice.target is not None:
            return Refusal(("wl:3.7.6.1",), f"{player}'s Character area has room: no Character is trashed to play")
        return None

    def play(self, player: str, choice: Named) -> Procedure:
        """Play the card: reveal it, rest ENERGIO!! equal to its cost, then put it into play (2.7.2-2.7.4)."""
        game = self.game
        me = self.states[player]
        card = game.moves.take(player, "hand", choice.card_id)
        definition = game.definition(card)
        assert definition is not None
        me.cost_active -= definition.cost
        me.cost_rested += definition.cost
        if definition.cost:
            game.spend_energio(player, f"{definition.cost} rested to play {card.identity} (wl:2.7.3)")
        game.version += 1
        if definition.type == "character":
            if choice.target is not None:
                old = me.find(choice.target)
                assert old is not None
                game.moves.trash_from_field(player, old, ("wl:3.7.6.1",), "to make room")
            card.orientation = "stand"  # enters active (3.7.5)
            me.characters.append(card)
            me.fresh.add(card.instance)
            game.played_at[card.instance] = game.entry
            played = game.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays {card.identity}",
                ("wl:6.5.3.1", "wl:4.7.1", "wl:3.7.3", "wl:2.7.2", "wl:3.7.5"),
                step="play",
            )
            game.card_text.unmodelled_text(player, card)
            yield from game.autos.autos(player, card, "on_play", played)
        elif definition.type == "stage":
            for old in list(me.stage):
                game.moves.trash_from_field(player, old, ("wl:3.8.5.1",), "replaced by a new Stage")
            card.orientation = "stand"
            me.stage.append(card)
            played = game.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays the Stage {card.identity}",
                ("wl:6.5.3.1", "wl:4.7.1", "wl:3.8.3", "wl:2.7.4", "wl:3.8.4"),
                step="play",
            )
            game.card_text.unmodelled_text(player, card)
            yield from game.autos.autos(player, card, "on_play", played)
        else:
            me.trash.append(card)
            activated = game.record(
                RecordKind.CHOICE,
                player,
                f"{player} activates {card.identity}",
                ("wl:6.5.3.1", "wl:4.7.1", "wl:2.7.3", "wl:10.2.3", "wl:8.4.2"),
                step="Event",
            )
            with game.caused_by(activated):
                self.event_effect(player, card, "main", choice.source)

    def event_effect(self, player: str, card: Card, timing: str, target: str | None) -> None:
        """An Event's effect of ``timing`` ([Main] or [Counter]), or a [Trigger]: the structured one, or reported
        as text the engine does not play."""
        definition = self.game.definition(card)
        every = definition.abilities if definition is not None else ()
        abilities = [a for a in every if a.get("timing") == timing]
        if abilities and modelled(abilities[0]):
            self.structured_effect(player, card, abilities[0], target)
        elif abilities or every:
            text = ability_words(abilities[0] if abilities else every[0])
            self.game.card_text.unplayed(
                player, card, text, f"the effect of {card.identity} is card text the engine does not model"
            )

    def structured_effect(self, player: str, source: Card, ability: dict[str, Any], target: str | None) -> None:
        """``{power, target, until}``: +power to the source, the Leader, or the card the entry names."""
        effect = ability["effect"]
        me = self.states[player]
        named = target or str(effect.get("target", LEADER))
        if named == LEADER_OR_CHARACTER:
            named = LEADER
        on_field = source is me.leader or source in me.characters or source in me.stage
        card = (source if on_field else None) if named == "self" else me.find(named)
        if card is None:
            self.game.record(
                RecordKind.ABILITY, player, f"no {named} to give power to: the effect does nothing", ("wl:1.3.2",)
            )
            return
        duration = DURATIONS.get(str(effect.get("until", "end_of_turn")), Duration.END_OF_TURN)
        self.add_power(player, card, int(effect["power"]), duration, f"effect of {source.identity}", ("wl:8.1.1",))
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{me.address(card)} gets {int(effect['power']):+d} power ({duration.value})",
            ("wl:8.1.1",),
        )

    # -- activating an effect (6.5.4) ----------------------------------------------------------------------

    def ability_of(self, card: Card, ability: str | None) -> tuple[int, dict[str, Any]] | None:
        """The [Activate: Main] ability an ``act`` names by its place among the card's abilities, or the first."""
        definition = self.game.definition(card)
        for index, record in enumerate(definition.abilities if definition is not None else ()):
            if record.get("timing") == "activate_main" and (ability is None or str(ability) == str(index)):
                return index, record
        return None

    def act_options(self, player: str) -> list[Named]:
        """Each [Activate: Main] effect of ``player``'s cards that can be activated now, a trash cost paid with the
        first cards of the hand (by card id)."""
        me = self.states[player]
        options: list[Named] = []
        for card in (me.leader, *me.characters, *me.stage):
            definition = self.game.definition(card)
            for index, ability in enumerate(definition.abilities if definition is not None else ()):
                if ability.get("timing") != "activate_main":
                    continue
                trash = (ability.get("cost") or {}).get("trash", 0)
                hand = sorted(c.identity for c in me.hand if c.identity is not None)
                cards = tuple(hand[:trash]) if isinstance(trash, int) and 0 < trash <= len(hand) else ()
                source = card.identity if card in me.stage else me.address(card)
                choice = Named("act", source=source, target=str(index), cards=cards)
                if self.act_refusal(player, choice) is None:
                    options.append(choice)
        return options

    def act_refusal(self, player: str, choice: Named) -> Refusal | None:
        """Why an [Activate: Main] effect cannot be activated as stated (6.5.4.1, 8.3, 10.2.2, 10.2.13)."""
        me = self.states[player]
        source = me.find(choice.source) or next((c for c in me.stage if c.identity == choice.source), None)
        if source is None:
            return Refusal(("wl:6.5.4.1", "wl:3.1.2"), f"{player} has no {choice.source} on the field")
        named = self.ability_of(source, choice.target)
        if named is None:
            return Refusal(
                ("wl:6.5.4.1", "wl:10.2.2.1"), f"{choice.source} has no [Activate: Main] effect {choice.target or ''}"
            )
        index, ability = named
        if ability.get("once_per_turn") and (source.instance, index) in self.used_this_turn:
            return Refusal(
                ("wl:10.2.13", "wl:10.2.13.1", "wl:10.2.13.2", "wl:10.2.13.3"),
                f"the [Once Per Turn] effect of {choice.source} was used this turn",
            )
        condition = ability.get("condition") or {}
        given = me.given.get(source.instance, 0)
        if isinstance(condition.get("energio"), int) and given < condition["energio"]:
            return Refusal(
                ("wl:8.1.3.3.2", "wl:10.2.9", "wl:10.2.9.1"),
                f"{choice.source} has {given} ENERGIO!! given, not {condition['energio']}",
            )
        if condition.get("turn") == "opponents" and self.game.turn_player == player:
            return Refusal(
                ("wl:8.1.3.3.2", "wl:10.2.12", "wl:10.2.12.1", "wl:4.2.1"), "the effect is [Opponent's Turn]"
            )
        return self.game.costs.cost_refusal(player, ability.get("cost") or {}, choice.cards)

    def act(self, player: str, choice: Named) -> None:
        """Activate the effect: its cost paid in full (8.3.1.3), then the effect (8.4.1)."""
        me = self.states[player]
        source = me.find(choice.source) or next(c for c in me.stage if c.identity == choice.source)
        named = self.ability_of(source, choice.target)
        assert named is not None
        index, ability = named
        self.game.costs.pay_cost(player, ability.get("cost") or {}, choice.cards)
        if ability.get("once_per_turn"):
            self.used_this_turn.add((source.instance, index))
        game = self.game
        game.version += 1
        activated = game.record(
            RecordKind.CHOICE,
            player,
            f"{player} activates the effect of {choice.source}",
            (
                "wl:6.5.4.1",
                "wl:8.1.3",
                "wl:8.1.3.3",
                "wl:8.1.3.3.1",
                "wl:10.2.2",
                "wl:8.4.1",
                "wl:8.4.1.2",
                "wl:8.3.1.3",
                "wl:8.4.1.3",
                "wl:8.4.1.4",
                "wl:8.4.1.5",
                "wl:8.4.3",
            ),
            step="[Activate: Main]",
        )
        with game.caused_by(activated):
            if modelled(ability):
                self.structured_effect(player, source, ability, None)
            else:
                game.card_text.unplayed(
                    player,
                    source,
                    ability_words(ability),
                    f"the effect of {choice.source} is card text the engine does not model",
                )

    # -- giving ENERGIO!! (6.5.5) -------------------------------------------------------------------

    def give_refusal(self, player: str, choice: Named) -> Refusal | None:
        me = self.states[player]
        count = 1 if choice.count is None else choice.count
        if me.find(choice.target) is None:
            return Refusal(("wl:6.5.5.1",), f"{choice.target} is not {player}'s Leader or one of {player}'s Characters")
        if count < 1 or count > me.cost_active:
            message = f"{player} has {me.cost_active} active ENERGIO!! card(s), not {count} to give"
            spent = [(how, entry) for how, entry in self.game.spent.get(player, []) if entry is not None]
            if count < 1 or not spent:
                return Refusal(("wl:6.5.5.1", "wl:6.5.5.3"), message)
            entries = ", ".join(str(entry) for _, entry in spent)
            return Refusal(
                ("wl:6.5.5.1", "wl:6.5.5.3"),
                f"{message}: the cost area was spent since {player}'s refresh phase (wl:6.2.3) by "
                + "; ".join(f"entry {entry}: {how}" for how, entry in spent),
                f"the ENERGIO!! spent by entries {entries}",
            )
        return None

    def give(self, player: str, choice: Named) -> None:
        me = self.states[player]
        card = me.find(choice.target)
        assert card is not None
        count = 1 if choice.count is None else choice.count
        me.cost_active -= count
        me.given[card.instance] = me.given.get(card.instance, 0) + count
        self.game.spend_energio(player, f"{count} given to {me.address(card)} (wl:6.5.5.1)")
        self.game.version += 1
        self.game.record(
            RecordKind.CHOICE,
            player,
            f"{player} gives {count} ENERGIO!! card(s) to {me.address(card)}",
            ("wl:6.5.5.1", "wl:6.5.5.2"),
        )

    # -- counters (7.1.3.2) ------------------------------------------------------------------------------

    def counter_refusal(self, player: str, choice: Named) -> Refusal | None:
        me = self.states[player]
        definition = self.game.definitions.get(choice.card or "")
        if definition is None or first_unheld(me.hand, (choice.card_id,)) is not None:
            return Refusal(("wl:7.1.3.2",), f"{choice.card} is not in {player}'s hand")
        if me.find(choice.target or LEADER) is None:
            return Refusal(
                ("wl:7.1.3.2.1",), f"{choice.target} is not {player}'s Leader or one of {player}'s Characters"
            )
        if definition.type == "character":
            if definition.counter <= 0:
                return Refusal(("wl:7.1.3.2.1", "wl:2.10.2"), f"{choice.card} has no (Symbol) Counter")
            return None
        if definition.type == "event" and has_timing(definition, "counter"):
            if definition.cost > me.cost_active:
                return Refusal(
                    ("wl:7.1.3.2.2", "wl:2.7.3"),
                    f"{choice.card} costs {definition.cost}; {player} has {me.cost_active} active ENERGIO!! card(s)",
                )
            return None
        if definition.type == "event" and has_timing(definition, "main"):
            return Refusal(
                ("wl:10.2.3.1", "wl:7.1.3.2.2"), f"{choice.card} is a [Main] Event: it is not used in a battle"
            )
        return Refusal(
            ("wl:7.1.3.2", "wl:10.2.4.1"), f"{choice.card} is neither a counter Character nor a [Counter] Event"
        )

    def counter(self, player: str, choice: Named) -> None:
        game = self.game
        me = self.states[player]
        card = game.moves.take(player, "hand", choice.card_id)
        definition = game.definition(card)
        assert definition is not None
        me.trash.append(card)
        target = me.find(choice.target or LEADER)
        assert target is not None
        if definition.type == "character":
            self.add_power(
                player,
                target,
                definition.counter,
                Duration.END_OF_BATTLE,
                f"counter {card.identity}",
                ("wl:7.1.3.2.1",),
            )
            game.record(
                RecordKind.CHOICE,
                player,
                f"{player} trashes {card.identity}: {me.address(target)} gets +{definition.counter} power this battle",
                ("wl:7.1.3.2.1",),
            )
            return
        me.cost_active -= definition.cost
        me.cost_rested += definition.cost
        if definition.cost:
            game.spend_energio(player, f"{definition.cost} rested to activate {card.identity} (wl:7.1.3.2.2)")
        game.version += 1
        activated = game.record(
            RecordKind.CHOICE,
            player,
            f"{player} activates the [Counter] Event {card.identity}",
            ("wl:7.1.3.2.2", "wl:4.7.1", "wl:10.2.4", "wl:10.2.4.1", "wl:8.4.2"),
        )
        with game.caused_by(activated):
            self.event_effect(player, card, "counter", choice.target)
