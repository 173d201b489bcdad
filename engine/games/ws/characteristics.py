"""A card's characteristics as the game sees them (ws 2, 8.9): printed, then continuous effects in order.

Implements ws 8.9 (continuous effects: the base value, then effects that change
no number, then those that do, dependencies before timestamps, 8.9.1), for
power, soul and traits, with the effects resolved abilities created (8.2.1.2)
and the continuous abilities of characters on the stage (8.1.1.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card
from engine.core.effects import ContinuousEffect, Duration, Layer
from engine.games.ws.abilities import CardAbility, grant_key
from engine.games.ws.state import BACK, CENTER, FACING, MIDDLE

if TYPE_CHECKING:
    from engine.games.ws.cards import WsCardDefinition
    from engine.games.ws.game import WeissSchwarz

CONTINUOUS: Final = ("ws:8.1.1", "ws:8.1.1.3", "ws:8.6.1", "ws:4.3.6")
"""What every effect of a continuous ability cites: an ability of that category (8.1.1, 8.1.1.3), never played
and always in effect (8.6.1), for the characters of its card's master (4.3.6)."""
GAINED_TRAIT: Final = CONTINUOUS + ("ws:8.9.1.2", "ws:8.9.1.5", "ws:8.9.1.5.1")
"""A trait gained: it changes no number (8.9.1.2); in the order its card arrived (8.9.1.5, 8.9.1.5.1)."""
DEPENDENT_TRAIT: Final = CONTINUOUS + ("ws:8.9.1.2", "ws:8.9.1.4", "ws:8.9.1.5", "ws:8.9.1.5.1")
"""A trait gained by characters with a trait: after the effects giving that trait (8.9.1.4)."""
VALUE_CHANGE: Final = CONTINUOUS + ("ws:8.9.1.3", "ws:8.9.1.5", "ws:8.9.1.5.1")
"""A power or soul change: it changes a number (8.9.1.3); in the order its card arrived."""
DEPENDENT_CHANGE: Final = CONTINUOUS + ("ws:8.9.1.3", "ws:8.9.1.4", "ws:8.9.1.5", "ws:8.9.1.5.1")
"""A power or soul change for characters with a trait: after the effects giving that trait (8.9.1.4)."""


STAGE_PARTS: Final = {"middle": (MIDDLE,), "center_stage": CENTER, "back_stage": BACK}
"""The positions a condition's ``position`` asks its card to be on (3.6.3): the middle one, the center or the back
stage."""
COUNTS: Final = frozenset({"characters", "all_characters"})
"""The conditions that count characters by trait: a trait gained under one is not counted by another."""


class Characteristics:
    """Power, soul, traits and level of cards in play (ws 2, 8.9)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.levels_gained = False
        """Whether an effect has changed a character's level until a duration ends (``level_of`` asks then)."""

    def add_effect(
        self,
        card: Card,
        attribute: str,
        delta: int,
        source: str,
        clauses: tuple[str, ...],
        controller: str | None = None,
    ) -> None:
        """A change of ``card``'s ``attribute`` by ``delta`` until end of turn; with ``controller``, until the end
        of that player's opponent's next turn (8.2.1.2)."""
        self.game.version += 1
        if attribute == "level":
            self.levels_gained = True
        self.game.effects.add(
            ContinuousEffect(
                card.instance,
                attribute,
                delta=delta,
                duration=Duration.END_OF_TURN if controller is None else Duration.OPPONENTS_NEXT_TURN,
                timestamp=self.game.effects.next_timestamp(),
                source=source,
                clauses=clauses,
                controller=controller,
                turn=self.game.turn,
            )
        )

    def power(self, card: Card) -> int:
        definition = self.game.definition(card)
        base = definition.power if definition else 0
        effects = self.game.keywords.assist_effects(card) + self.continuous_effects(card)
        return self.game.effects.value(card.instance, "power", base, effects, self.traits_required(card, effects))

    def soul(self, card: Card) -> int:
        definition = self.game.definition(card)
        effects = self.continuous_effects(card)
        return self.game.effects.value(
            card.instance, "soul", definition.soul if definition else 0, effects, self.traits_required(card, effects)
        )

    def traits_required(self, card: Card, effects: list[ContinuousEffect]) -> frozenset[str]:
        """The card's traits when one of ``effects`` applies only with a trait; else none are needed."""
        if any(effect.requires is not None for effect in effects):
            return self.traits(card, effects)
        return frozenset()

    def traits(self, card: Card, effects: list[ContinuousEffect] | None = None) -> frozenset[str]:
        """The card's traits: printed (ws:2.5.1), then those gained from continuous effects (8.9.1.2).

        An effect for characters with a trait depends on the effects that give that trait
        and applies after them, whatever their timestamps (ws:8.9.1.4; then ws:8.9.1.5).
        """
        definition = self.game.definition(card)
        printed = definition.traits if definition else ()
        if effects is None:
            effects = self.continuous_effects(card)
        if not any(effect.attribute == "traits" for effect in effects):
            return frozenset(printed)
        return self.game.effects.gained(card.instance, "traits", printed, effects)[0]

    def continuous_effects(self, card: Card, traits_only: bool = False) -> list[ContinuousEffect]:
        """Effects of ``cont`` abilities of characters on the stage, and of the climax in the climax area (3.11.2),
        that apply to ``card`` (8.1.1.3, 2.12.2.1): those of its master's cards, whose master is the master of these
        abilities (4.3.6).  With ``traits_only``, only the effects that give a trait (what a count of characters
        by trait needs)."""
        me = self.states[card.owner]
        if me.position_of(card) is None:
            return []
        found = []
        for source in [*(c for _, c in me.characters()), *me.climax]:
            # a count by trait asks the printed abilities alone: an ability gained under a count is not counted
            abilities = self.game.modelled.get(source.identity or "", ()) if traits_only else None
            for ability in abilities if abilities is not None else self.game.abilities_of(source):
                if ability.kind != "cont":
                    continue
                for effect in ability.effects:
                    if not applies_to(effect.get("target", "self"), source, card):
                        continue
                    if traits_only and ("trait" not in effect or COUNTS.intersection(ability.condition)):
                        continue
                    if not self.holds(ability.condition, source):
                        continue
                    times = self.times(effect["per"], source) if "per" in effect else 1
                    timestamp = me.placed_at.get(source.instance, 0)
                    origin = f"ability {ability.index} of {source.identity}"
                    if "with_name" in effect and not self.named(card, str(effect["with_name"])):
                        continue
                    if "with_name_part" in effect and str(effect["with_name_part"]) not in self.name_of(card):
                        continue
                    if effect.get("position") == "middle" and me.position_of(card) != MIDDLE:
                        continue
                    requires = required_traits(effect)
                    if "trait" in effect:
                        found.append(
                            ContinuousEffect(
                                card.instance,
                                "traits",
                                layer=Layer.NON_NUMERIC,
                                timestamp=timestamp,
                                source=origin,
                                clauses=DEPENDENT_TRAIT if requires else GAINED_TRAIT,
                                gains=str(effect["trait"]),
                                requires=requires,
                            )
                        )
                    for attribute in ("power", "soul"):
                        if attribute in effect:
                            found.append(
                                ContinuousEffect(
                                    card.instance,
                                    attribute,
                                    delta=int(effect[attribute]) * times,
                                    timestamp=timestamp,
                                    source=origin,
                                    clauses=DEPENDENT_CHANGE if requires else VALUE_CHANGE,
                                    requires=requires,
                                )
                            )
        if self.game.facing_conts and not traits_only:
            found.extend(self.effects_of_facing(card))
        return found

    def effects_of_facing(self, card: Card) -> list[ContinuousEffect]:
        """The changes the continuous abilities of the opponent's character facing ``card`` make to it ("The
        character facing this card gets -1 soul", 3.6.5, 8.1.1.3), while their conditions hold."""
        position = self.states[card.owner].position_of(card)
        if position not in FACING:
            return []
        opponent = self.states[self.game.opponent(card.owner)]
        source = opponent.character_at(FACING[position])
        if source is None or source.identity not in self.game.facing_conts:
            return []
        found = []
        for ability in self.game.abilities_of(source):
            if ability.kind != "cont" or not self.holds(ability.condition, source):
                continue
            for effect in ability.effects:
                if effect.get("target") != "facing":
                    continue
                for attribute in ("power", "soul"):
                    if attribute in effect:
                        found.append(
                            ContinuousEffect(
                                card.instance,
                                attribute,
                                delta=int(effect[attribute]),
                                timestamp=opponent.placed_at.get(source.instance, 0),
                                source=f"ability {ability.index} of {source.identity}",
                                clauses=(*VALUE_CHANGE, "ws:3.6.5"),
                            )
                        )
        return found

    def granted(self, card: Card) -> list[CardAbility]:
        """The abilities ``card`` on the stage has gained (8.1.1): from effects, until they end (``grant``), and from
        the continuous abilities of its master's cards that give them while they apply ("All of your other
        characters get the following ability"), in that order."""
        me = self.states[card.owner]
        if me.position_of(card) is None:
            return []
        grants = self.game.grants
        found = [
            grants[str(effect.gains)]
            for effect in self.game.effects.effects
            if effect.target == card.instance and effect.attribute == "abilities" and effect.gains in grants
        ]
        if not self.game.granting_conts:
            return found
        for source in [*(c for _, c in me.characters()), *me.climax]:
            if source.identity not in self.game.granting_conts:
                continue
            for ability in self.game.modelled.get(source.identity or "", ()):
                if ability.kind != "cont":
                    continue
                for position, effect in enumerate(ability.effects):
                    if "grant" not in effect or not applies_to(effect.get("target", "self"), source, card):
                        continue
                    traits = required_traits(effect)
                    if traits is not None and self.counted_traits(card).isdisjoint(traits):
                        continue
                    if self.holds(ability.condition, source):
                        found.append(grants[grant_key(source.identity or "", ability.index, position)])
        return found

    def level_in_hand(self, player: str, definition: WsCardDefinition) -> int:
        """A card's level in ``player``'s hand: printed, changed by its own continuous abilities that work from
        the hand ("this card gets -1 level while in your hand", 8.1.1.3) while their conditions hold; never below
        0."""
        level = definition.level
        for ability in self.game.modelled.get(definition.id, ()):
            if ability.kind == "cont" and ability.zone == "hand" and self.holds_for(player, ability.condition):
                level += sum(int(effect.get("level", 0)) for effect in ability.effects)
        return max(level, 0)

    def free_of_color(self, player: str, definition: WsCardDefinition) -> bool:
        """Whether ``definition``'s own text lets ``player`` play it from the hand with no color requirement now
        ("This card can be played from your hand without fulfilling color requirements", 8.1.1.3)."""
        return any(
            ability.kind == "cont"
            and ability.zone == "hand"
            and any("any_color" in effect for effect in ability.effects)
            and self.holds_for(player, ability.condition)
            for ability in self.game.modelled.get(definition.id, ())
        )

    def cannot_move(self, card: Card) -> bool:
        """Whether ``card`` cannot move to another position of the stage now (8.1.1.3): a continuous ability of its
        own says so, or one of the opponent's character facing it ("The character facing this card cannot move to
        another position of the stage", 3.6.5)."""
        if not self.game.restricts_moves:
            return False
        for ability in self.game.abilities_of(card):
            if ability.kind == "cont" and any(
                effect.get("cannot") == "move" and effect.get("target", "self") == "self" for effect in ability.effects
            ):
                if self.holds(ability.condition, card):
                    return True
        position = self.states[card.owner].position_of(card)
        facing = (
            self.states[self.game.opponent(card.owner)].character_at(FACING[position]) if position in FACING else None
        )
        if facing is None:
            return False
        return any(
            ability.kind == "cont"
            and any(effect.get("cannot") == "move" and effect.get("target") == "facing" for effect in ability.effects)
            and self.holds(ability.condition, facing)
            for ability in self.game.abilities_of(facing)
        )

    def forbidding_events(self, player: str) -> Card | None:
        """The card of ``player``'s stage whose continuous ability forbids ``player`` to play events and Backup from
        the hand ("You cannot play events or "Backup" from your hand", 8.1.1.3) while its condition holds; None
        where none does."""
        for _, source in self.states[player].characters():
            for ability in self.game.abilities_of(source):
                if (
                    ability.kind == "cont"
                    and any(effect.get("cannot") == "events_and_backup" for effect in ability.effects)
                    and self.holds(ability.condition, source)
                ):
                    return source
        return None

    def cannot_be_played(self, player: str, definition: WsCardDefinition) -> dict[str, Any] | None:
        """The condition under which ``definition``'s own text keeps it from being played from the hand, where it
        holds for ``player`` now ("If you do not have a 《T》 character, this card cannot be played from your hand",
        8.1.1.3); None where none does."""
        for ability in self.game.modelled.get(definition.id, ()):
            if (
                ability.kind == "cont"
                and ability.zone == "hand"
                and any(effect.get("cannot") == "play" for effect in ability.effects)
                and self.holds_for(player, ability.condition)
            ):
                return ability.condition
        return None

    def holds_for(self, player: str, condition: dict[str, Any]) -> bool:
        """Whether ``condition`` holds for ``player`` with no card on the stage to ask about: an ability working
        from the hand (what it asks of its card's place, or of the character facing it, cannot hold)."""
        if any(name in condition for name in ("facing", "position", "battle_opponent", "placed_this_turn")):
            return False
        return self.holds(condition, None, player=player)

    def holds(
        self,
        condition: dict[str, Any],
        source: Card | None,
        battle_opponent: Card | None = None,
        player: str | None = None,
    ) -> bool:
        """Whether a continuous ability's ``condition`` (``engine.games.ws.abilities.CONDITIONS``) holds for
        ``source``'s master now (8.1.1.3: it applies while it does); an automatic ability's, as it resolves,
        with the battle opponent its trigger saw; for ``player`` where there is no ``source`` (``holds_for``)."""
        if not condition:
            return True
        player = source.owner if source is not None else str(player)
        if "battle_opponent" in condition and not self.battle_opponent_is(
            condition["battle_opponent"], battle_opponent
        ):
            return False
        turn = condition.get("turn")
        if turn is not None and (self.game.turn_player == player) != (turn == "own"):
            return False
        if condition.get("placed_this_turn") and (
            source is None or self.game.placed_from_hand.get(source.instance) != self.game.turn
        ):
            return False
        if "characters" in condition:
            wanted = condition["characters"]
            found = self.count(wanted, source, player)
            if found < int(wanted.get("at_least", 0 if "at_most" in wanted else 1)):
                return False
            if "at_most" in wanted and found > int(wanted["at_most"]):
                return False
        if "all_characters" in condition:
            traits = set(condition["all_characters"].get("traits", ()))
            if not all(traits & self.counted_traits(c) for _, c in self.states[player].characters()):
                return False
        if "waiting_climaxes" in condition:
            climaxes = sum(
                1
                for card in self.states[player].waiting
                if (definition := self.game.definition(card)) is not None and definition.type == "climax"
            )
            if climaxes > int(condition["waiting_climaxes"].get("at_most", climaxes)):
                return False
            if climaxes < int(condition["waiting_climaxes"].get("at_least", 0)):
                return False
        me = self.states[player]
        if condition.get("climax_area") and not me.climax:
            return False
        if "climax_named" in condition and not any(
            self.named(card, condition["climax_named"]) for card in me.climax
        ):  # 2.3.2.3.2: "a climax" is one in the climax area
            return False
        if "level_total" in condition and sum(
            definition.level if (definition := self.game.definition(card)) is not None else 0 for card in me.level
        ) < int(condition["level_total"].get("at_least", 0)):
            return False
        if "clock_named" in condition and not any(self.named(card, condition["clock_named"]) for card in me.clock):
            return False
        for zone, cards in (("stock", me.stock), ("hand", me.hand), ("memory", me.memory)):
            if zone in condition:
                bounds = condition[zone]
                if len(cards) < int(bounds.get("at_least", 0)) or len(cards) > int(bounds.get("at_most", len(cards))):
                    return False
        if source is None:  # what it asks of its card's place cannot hold off the stage
            return not any(name in condition for name in ("facing", "position", "markers"))
        if "markers" in condition and self.markers_under(source) < int(condition["markers"].get("at_least", 1)):
            return False
        if "facing" in condition:
            position = self.states[player].position_of(source)
            facing = (
                self.states[self.game.opponent(player)].character_at(FACING[position]) if position in FACING else None
            )
            wanted = condition["facing"]
            if facing is None or self.level_of(facing) < int(wanted.get("level_at_least", 0)):
                return False
            if "level" in wanted and self.level_of(facing) != int(wanted["level"]):
                return False
            facing_definition = self.game.definition(facing)
            if "cost_at_most" in wanted and (facing_definition.cost if facing_definition else 0) > int(
                wanted["cost_at_most"]
            ):
                return False
            if wanted.get("higher_level") and self.level_of(facing) <= self.level_of(source):
                return False
        where = condition.get("position")
        return where is None or self.states[player].position_of(source) in STAGE_PARTS[where]

    def battle_opponent_is(self, wanted: dict[str, Any], opponent: Card | None) -> bool:
        """Whether ``opponent``, a battle opponent (7.2.1.5.1) still on the stage, is as ``wanted`` says: of level
        N or lower, of cost N or lower, of a level higher than its master's opponent's level (the ability's master
        is that opponent: "higher than your opponent's level")."""
        if opponent is None or self.states[opponent.owner].position_of(opponent) is None:
            return False
        level = self.level_of(opponent)
        if "level_at_most" in wanted and level > int(wanted["level_at_most"]):
            return False
        if "level_at_least" in wanted and level < int(wanted["level_at_least"]):
            return False
        definition = self.game.definition(opponent)
        if "cost_at_most" in wanted and (definition.cost if definition else 0) > int(wanted["cost_at_most"]):
            return False
        return not (wanted.get("above_player_level") and level <= self.states[opponent.owner].level_count)

    def times(self, per: dict[str, Any], source: Card) -> int:
        """How many times a change counted ``per`` something is made: the characters counted, the markers
        underneath ``source`` (3.7), or the cards of a name in its master's memory (3.12)."""
        if "markers" in per:
            return self.markers_under(source)
        if "memory" in per:
            named = str(per["memory"]["named"])
            return sum(1 for card in self.states[source.owner].memory if self.named(card, named))
        return self.count(per["characters"], source)

    def markers_under(self, card: Card) -> int:
        """How many markers are underneath ``card`` (3.7.1); none off the stage."""
        position = self.states[card.owner].position_of(card)
        return len(self.states[card.owner].markers_at(position)) if position is not None else 0

    def count(self, wanted: dict[str, Any], source: Card | None, player: str | None = None) -> int:
        """How many of ``source``'s master's characters are as ``wanted`` says: with one of its ``traits``,
        ``other`` than ``source``, in the back or the center stage, rested, with a part of a card name
        (``name_contains``) or a card name (``named``)."""
        traits = set(wanted.get("traits", ()))
        found = 0
        owner = source.owner if source is not None else str(player)
        if wanted.get("opponent"):
            owner = self.game.opponent(owner)
        for position, character in self.states[owner].characters():
            if wanted.get("other") and character is source:
                continue
            if wanted.get("back_stage") and position not in BACK:
                continue
            if wanted.get("center_stage") and position in BACK:
                continue
            if wanted.get("rested") and character.orientation != "rest":
                continue
            if traits and not traits & self.counted_traits(character):
                continue
            if "name_contains" in wanted and str(wanted["name_contains"]) not in self.name_of(character):
                continue
            if "named" in wanted and not self.named(character, str(wanted["named"])):
                continue
            if "level_at_least" in wanted and self.level_of(character) < int(wanted["level_at_least"]):
                continue
            found += 1
        return found

    def counted_traits(self, card: Card) -> frozenset[str]:
        """A character's traits as a count of characters by trait sees them: printed, and gained from continuous
        effects (8.9.1.2) but those under a condition that counts characters by trait (``COUNTS``), which would
        count each other without end."""
        return self.traits(card, self.continuous_effects(card, traits_only=True))

    def name_of(self, card: Card) -> str:
        """``card``'s name ("with "Name" in its card name" looks for a part of it, ws 2.2)."""
        definition = self.game.definition(card)
        return definition.name if definition is not None else ""

    def named(self, card: Card, name: str) -> bool:
        """Whether ``card``'s name is ``name`` (a text's "Name" in quotes, ws 2.2)."""
        definition = self.game.definition(card)
        return definition is not None and definition.name == name

    def level_of(self, card: Card | None) -> int:
        """A card's level: printed (2.6), and on the stage changed by its own continuous abilities ("This card
        gets -1 level while on the stage", 8.1.1.3) while their conditions hold; never below 0."""
        definition = self.game.definition(card) if card else None
        if definition is None or card is None:
            return 0
        changed = self.levels_gained and self.states[card.owner].position_of(card) is not None
        if (definition.id not in self.game.stage_levels and not changed) or self.states[card.owner].position_of(
            card
        ) is None:
            return definition.level
        level = definition.level
        if definition.id in self.game.stage_levels:
            for ability in self.game.modelled.get(definition.id, ()):
                if ability.kind == "cont" and ability.zone is None and self.holds(ability.condition, card):
                    level += sum(int(effect.get("level", 0)) for effect in ability.effects)
        if changed:  # "that character gets +1 level ... until end of turn" (8.2.1.2)
            level = self.game.effects.value(card.instance, "level", level)
        return max(level, 0)


def required_traits(effect: dict[str, Any]) -> tuple[str, ...] | None:
    """The traits a change applies with, one of them (``with_trait``: a trait, or a list of them), or None."""
    wanted = effect.get("with_trait")
    if wanted is None:
        return None
    return (str(wanted),) if isinstance(wanted, str) else tuple(str(trait) for trait in wanted)


def trait_words(traits: tuple[str, ...]) -> str:
    """The traits as a text names them before a noun, a space after: "《Music》 or 《Idol》 "; "" for none."""
    return " or ".join(f"《{trait}》" for trait in traits) + " " if traits else ""


def applies_to(target: str, source: Card, card: Card) -> bool:
    """Whether a change to ``target`` (``engine.games.ws.operation_records.TARGETS``) from ``source``'s ability applies to
    ``card``, one of its master's characters."""
    if target == "all":
        return True
    if target == "others":
        return card is not source
    return target == "self" and card is source
