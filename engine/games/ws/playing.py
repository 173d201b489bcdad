"""Playing and resolving cards and abilities (ws 8.1-8.8, 8.10), and card text the engine does not model.

Implements 8.6 (playing a card from hand: the level and colour conditions of 8.6.2.1, its
cost, an event through the resolution zone), 8.7 (automatic abilities: standby,
an optional cost, 8.7.3, paid by ``engine.games.ws.costs``), the modelled effects of card records
(``engine.games.ws.abilities``), choosing targets (8.6.3) and replacement
effects (8.10).  Card text outside that vocabulary is applied as primitive
operations someone else states (``TextOperation``), counted as unmodelled (8.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.card_records import ability_words
from engine.core.cards import Card
from engine.core.game import Procedure, StandbyAbility
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal
from engine.games.ws.abilities import CardAbility, unplayed
from engine.games.ws.cards import WsCardDefinition, stock_cost
from engine.games.ws.choices import PayCost
from engine.games.ws.state import POSITIONS, ZONE_NAMES

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

"""The activation conditions of modelled automatic abilities, as a record says what happened."""


@dataclass(frozen=True, slots=True)
class TextOperation:
    """One primitive operation of card text the engine does not model, as the driver states it was done:
    a card moved between zones, or a power or soul change until end of turn."""

    kind: str
    """``move``, ``power`` or ``soul``."""
    player: str | None = None
    card: str | None = None
    source_zone: str = ""
    target_zone: str = ""
    position: int | None = None
    """The stage position the card leaves (a move from the stage) or that gets the change."""
    target_position: int | None = None
    amount: int = 0


class Playing:
    """Playing cards and abilities (ws 8.1-8.8, 8.10)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.activated: set[tuple[int, int, int]] = set()
        """(turn, card object, ability) of the abilities that "activate up to 1 time per turn" and have."""

    def color_ok(self, player: str, definition: WsCardDefinition) -> bool:
        """ws 8.6.2.1.1: a color in the level or clock (level 0 characters and events are exempt: their level in the
        hand, which their own text may lower; so is a card whose own text frees it of the requirement)."""
        if (
            definition.type in ("character", "event")
            and self.game.characteristics.level_in_hand(player, definition) == 0
        ) or self.game.characteristics.free_of_color(player, definition):
            return True
        me = self.states[player]
        available = {color for card in me.level + me.clock if (d := self.game.definition(card)) for color in d.colors}
        if not definition.colors or available.intersection(definition.colors):
            return True
        return self.unseen_color(player, definition) is not None

    def unseen_color(self, player: str, definition: WsCardDefinition) -> str | None:
        """A card an unseen card of ``player``'s level or clock could be that has one of ``definition``'s colors."""
        me = self.states[player]
        for identity in self.game.moves.unseen_identities(me.level + me.clock):
            candidate = self.game.definitions.get(identity)
            if candidate is not None and set(candidate.colors).intersection(definition.colors):
                return identity
        return None

    def play_refusal(self, player: str, definition: WsCardDefinition) -> Refusal | None:
        """Why ``player`` cannot play ``definition`` from hand now, or None (8.6.2.1, 8.6.2.3)."""
        me = self.states[player]
        level = self.game.characteristics.level_in_hand(player, definition)
        if definition.type != "climax" and level > me.level_count:
            lowered = (
                f" (printed {definition.level}, its text lowers it in the hand)" if level != definition.level else ""
            )
            return Refusal(
                ("ws:8.6.2.1.2",) + (("ws:8.1.1.3",) if lowered else ()),
                f"{definition.id} is level {level}{lowered} but {player} is level {me.level_count}",
            )
        if not self.color_ok(player, definition):
            return Refusal(
                ("ws:8.6.2.1.1",),
                f"{definition.id} is {'/'.join(definition.colors)} and no card in {player}'s level or clock has that color",
            )
        forbidding = self.game.characteristics.forbidding_events(player) if definition.type == "event" else None
        if forbidding is not None:
            return Refusal(
                ("ws:8.1.1.3", "ws:8.6.2"),
                f"{player} cannot play events from the hand: a continuous ability of {forbidding.identity} forbids it",
            )
        if self.game.characteristics.cannot_be_played(player, definition) is not None:
            return Refusal(
                ("ws:8.1.1.3", "ws:8.6.2.1"),
                f"{definition.id}'s own text keeps it from being played from the hand: {player} does not have the "
                "character it asks for",
            )
        if definition.cost > len(me.stock):
            return Refusal(
                ("ws:8.6.2.3.2", "ws:8.4.2.2"),
                f"{definition.id} costs {definition.cost} but {player} has {len(me.stock)} stock",
            )
        return None

    def play_from_hand(self, player: str, identity: str, clauses: tuple[str, ...]) -> Procedure:
        """ws 8.6.2: reveal the card, pay its cost in full; the card leaves the hand."""
        definition = self.game.definitions[identity]
        me = self.states[player]
        if (
            self.game.characteristics.level_in_hand(player, definition) > 0 or definition.type == "climax"
        ) and not self.game.characteristics.free_of_color(player, definition):
            known = {color for c in me.level + me.clock if (d := self.game.definition(c)) for color in d.colors}
            unseen = None if known.intersection(definition.colors) else self.unseen_color(player, definition)
            if unseen is not None:
                self.game.inferences.append(
                    f"{identity} is {'/'.join(definition.colors)}: an unseen card of {player}'s level or clock is "
                    f"taken to share a color (it could be {unseen})"
                )
        card = self.game.moves.take_from(player, "hand", identity)
        self.game.paying_cost = True
        self.game.costs.pay_stock(player, definition.cost, ("ws:8.6.2.3", "ws:8.4.3"))
        self.game.paying_cost = False
        yield from self.game.rule_actions.interrupts()
        return card

    def resolve_event(self, player: str, card: Card) -> Procedure:
        """ws 8.6.2.4.2: an event goes to the resolution zone, resolves, then to the waiting room."""
        self.game.moves.put(player, "resolution", card)
        effects = [a for a in self.game.modelled.get(card.identity or "", ()) if a.kind == "event"]
        definition = self.game.definition(card)
        if effects and not any(unplayed(record) for record in (definition.abilities if definition else ())):
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} plays the event {card.identity}",
                ("ws:8.6.1", "ws:8.6.2.4", "ws:8.6.2.4.2", "ws:3.13.1.1"),
                card=card.identity,
            )
            for ability in effects:
                yield from self.game.operations.resolve_effects(player, card, ability)
        else:
            texts = [r for r in definition.abilities if unplayed(r)] or definition.abilities if definition else ()
            self.game.unplayed_text(
                player,
                card.identity or "?",
                ability_words(texts[0]) if texts else "its text",
                f"{player} plays the event {card.identity}: its text is not modelled",
                ("ws:8.6.1", "ws:8.6.2.4", "ws:8.6.2.4.2", "ws:3.13.1.1"),
                card=card.identity,
            )
        self.game.moves.put(player, "waiting", self.game.moves.take_card(player, "resolution", card))
        yield from self.game.rule_actions.interrupts()

    def trigger_card(
        self,
        player: str,
        card: Card,
        when: str,
        event: str,
        battle_opponent: Card | None = None,
        climax: Card | None = None,
    ) -> None:
        """Automatic abilities of ``card`` whose activation condition is ``when`` (``on_play``, ``when_attacking``)
        enter standby (8.7.2); its abilities of that timing the engine does not play are reported, and leave what
        follows undecided.  ``event`` says what happened to it; ``battle_opponent``, its battle opponent then
        ("that character" of its text); ``climax``, the climax placed, for an ability that waits for one of a
        name."""
        self.report_unplayed(player, card, when)
        for ability in self.game.abilities_of(card):
            if ability.kind != "auto" or ability.when != when:
                continue
            if ability.climax_name is not None and (
                climax is None or not self.game.characteristics.named(climax, ability.climax_name)
            ):
                continue

            self.stand_by(player, card, ability, ("ws:8.1.1.2.1",), f"{card.identity} {event}", battle_opponent)

    def trigger_beginning(self, phase: str) -> None:
        """The activation condition "at the beginning of" ``phase`` activates (6.2.1.1-6.8.1.1, 7.2.1.1, 7.7.1.1):
        the automatic abilities of that timing of each player's characters enter standby, the turn player's first,
        those of "your" phase for the turn player and of "your opponent's" for the other."""
        for player in (self.game.turn_player, self.game.non_turn_player):
            whose = "own" if player == self.game.turn_player else "opponent"
            for _, card in self.states[player].characters():
                for ability in self.game.abilities_of(card):
                    if ability.when == "at_beginning" and ability.phase == phase and ability.whose in (None, whose):
                        self.stand_by(player, card, ability, (), f"{phase.replace('_', ' ')} began")

    def trigger_reversed(self, card: Card, in_battle: bool) -> None:
        """``card`` became reversed (7.6.1.2): its automatic abilities of that timing, and of being reversed in
        battle where it was, enter standby, and so do its battle opponent's of its battle opponent becoming
        reversed (7.2.1.5.1)."""
        opponent = self.game.attack_phase.battle_opponent(card)
        self.trigger_card(card.owner, card, "when_reversed", "became reversed", opponent)
        if in_battle:
            self.trigger_card(card.owner, card, "when_reversed_in_battle", "became reversed in battle", opponent)
        if opponent is not None:
            self.trigger_card(
                opponent.owner,
                opponent,
                "when_opponent_reversed",
                f"saw its battle opponent {card.identity} reversed",
                card,
            )
            for _, other in self.states[opponent.owner].characters():
                if other is not opponent:
                    self.trigger_card(
                        opponent.owner,
                        other,
                        "when_other_opponent_reversed",
                        f"saw {card.identity}, the battle opponent of {opponent.identity}, reversed",
                        card,
                    )

    def trigger_revealed(self, player: str, attacker: Card, revealed: WsCardDefinition) -> None:
        """The trigger check of ``attacker``'s attack revealed ``revealed`` (7.3.1.2): the abilities "When your
        character's trigger check reveals a climax (with [GATE] in its trigger icon)" of ``player``'s characters
        that ask for such a card enter standby, "this card's" only for the attacker's own."""
        for _, card in self.states[player].characters():
            for ability in self.game.abilities_of(card):
                if ability.kind != "auto" or ability.when != "when_trigger_reveals":
                    continue
                if ability.by_this_card and card is not attacker:
                    continue
                if ability.trigger_card == "climax" and revealed.type != "climax":
                    continue
                if ability.trigger_icon is not None and ability.trigger_icon not in revealed.triggers:
                    continue
                self.stand_by(player, card, ability, (), f"saw the trigger check reveal {revealed.id}")

    def trigger_act_used(self, player: str, source: Card) -> None:
        """``player`` played an 【ACT】 of ``source`` (8.1.1.1; a Backup is one): the automatic abilities "When you
        use an 【ACT】" of ``player``'s characters enter standby (8.7.2)."""
        for _, card in self.states[player].characters():
            self.trigger_card(player, card, "when_act_used", f"saw {player} play an 【ACT】 of {source.identity}")

    def trigger_others(self, player: str, attacker: Card) -> None:
        """The automatic abilities of ``player``'s other characters that an attack by ``attacker`` triggers ("When
        your other 《Music》 character attacks", 8.1.1.2): each enters standby (8.7.2)."""
        attacking_traits = self.game.characteristics.traits(attacker)
        for _, card in self.states[player].characters():
            if card is attacker:
                continue
            for ability in self.game.abilities_of(card):
                if ability.kind != "auto" or ability.when != "when_other_attacks":
                    continue
                if ability.attacker_traits and not attacking_traits.intersection(ability.attacker_traits):
                    continue

                self.stand_by(player, card, ability, (), f"{attacker.identity} attacked")

    def trigger_front_attacked(self, player: str, attacked: Card) -> None:
        """``attacked``, a character of ``player``'s, is frontal attacked (7.2.1.4.2): the automatic abilities "When
        your other 《Music》 character is frontal attacked" of ``player``'s other characters enter standby (8.7.2)."""
        self.trigger_card(player, attacked, "when_front_attacked", "was frontal attacked")
        attacked_traits = self.game.characteristics.traits(attacked)
        for _, card in self.states[player].characters():
            if card is attacked:
                continue
            for ability in self.game.abilities_of(card):
                if ability.kind != "auto" or ability.when != "when_other_front_attacked":
                    continue
                if ability.attacked_traits and not attacked_traits.intersection(ability.attacked_traits):
                    continue
                self.stand_by(player, card, ability, (), f"{attacked.identity} was frontal attacked")

    def stand_by(
        self,
        player: str,
        card: Card,
        ability: CardAbility,
        clauses: tuple[str, ...],
        event: str,
        battle_opponent: Card | None = None,
    ) -> None:
        """``card``'s automatic ``ability``, triggered by ``event``, enters standby (8.7.2; ``clauses``: its timing's);
        one that activates up to once a turn and has this turn does not trigger again."""
        if ability.once_per_turn:
            key = (self.game.turn, card.instance, ability.index)
            if key in self.activated:
                return
            self.activated.add(key)

        def resolve(standby: StandbyAbility) -> Procedure:
            yield from self.resolve_auto(standby, ability, battle_opponent)

        self.game.trigger(
            StandbyAbility(
                player,
                ability.name,
                card,
                card.instance,
                resolve,
                ("ws:8.7.2", "ws:8.7.2.1", "ws:8.1.1", "ws:8.1.1.2") + clauses,
            ),
            event,
        )

    def report_unplayed(self, player: str, card: Card, when: str) -> None:
        """``card``'s abilities in the shared shape that the engine does not play and that can act now: those of
        ``when``, and on ``on_play`` any other but ``when_attacking`` (its card is now where its text works); an
        automatic ability's printed text not read, whose timing is not known, on any of them (a card a position put
        on the stage was never played)."""
        definition = self.game.definition(card)
        if definition is None or not definition.abilities:
            return
        for record in definition.abilities:
            timing = record.get("timing")
            acts = timing == when or (when == "on_play" and timing != "when_attacking")
            acts = acts or (timing is None and "unread" in record and record.get("type") == "auto")
            if when == "when_backup":  # from the hand to the waiting room: only its automatic abilities can act
                acts = timing == when or (timing is None and record.get("type") == "auto")
            if acts and unplayed(record):
                self.game.unplayed_text(
                    player,
                    card.identity or "?",
                    ability_words(record),
                    f"{card.identity} has card text the engine does not model; what it does is not checked",
                    ("ws:8.6",),
                )
                return

    def resolve_auto(
        self, standby: StandbyAbility, ability: CardAbility, battle_opponent: Card | None = None
    ) -> Procedure:
        """Play an automatic ability: an optional cost (8.7.3.1.1), then its effects, if its condition ("if you have
        two or more other 《Music》 characters") holds as it resolves."""
        player, card = standby.master, standby.source
        if ability.condition and not self.game.characteristics.holds(ability.condition, card, battle_opponent):
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"the condition of ability {ability.index} of {card.identity} does not hold: nothing is done",
                ("ws:8.6.2.4.4",),
            )
            return
        decision: Decision | None = None
        paid: list[Decision] = []
        if ability.has_cost:
            refusal = self.game.costs.refusal(player, card, ability)
            options: list[Choice] = [PayCost(card.identity, False)]
            if refusal is None:
                options.append(PayCost(card.identity, True, ability.stock))
            decision = Decision(
                player,
                "pay",
                options,
                ("ws:8.7.3.1.1", "ws:8.4.2"),
                frozenset({"pay"}),
                prompt=f"pay the cost of ability {ability.index} of {card.identity}?",
                default=options[0],
                source=card.identity,
                ability=ability.name,
            )
            choice = yield decision
            if not choice.flag:
                self.game.record(  # with a cost it cannot pay, it cannot be played at all (8.7.3.2)
                    RecordKind.CHOICE,
                    player,
                    f"{player} does not pay for ability {ability.index} of {card.identity}",
                    ("ws:8.7.3.2.1",) if refusal is None else ("ws:8.7.3.2", "ws:8.4.2.2"),
                )
                yield Checkpoint(decision)
                return
            paid = yield from self.game.costs.pay_chosen_parts(player, card, ability)
            yield from self.game.costs.pay_ability(player, card, ability)
        elif ability.optional:
            decision = self.use_decision(
                player,
                card,
                ability,
                ("ws:8.6.2.4.4", "ws:8.6.3"),
                f"ability {ability.index} of {card.identity} says 'you may': do it?",
            )
            if not (yield decision).flag:
                self.game.record(
                    RecordKind.CHOICE,
                    player,
                    f"{player} does not do ability {ability.index} of {card.identity}",
                    ("ws:8.6.2.4.4", "ws:8.6.3"),
                )
                yield Checkpoint(decision)
                return
        yield from self.game.operations.resolve_effects(player, card, ability, battle_opponent)
        for part in paid:
            yield Checkpoint(part)
        if decision is not None:
            yield Checkpoint(decision)

    def use_decision(
        self, player: str, card: Card, ability: CardAbility, clauses: tuple[str, ...], prompt: str
    ) -> Decision:
        """Whether its master does what the ability lets it (a "you may", a "draw up to"): a ``resolve`` entry's
        ``use``; not said, not done."""
        return Decision(
            player,
            "use",
            [Choice("use", card=card.identity, flag=False), Choice("use", card=card.identity, flag=True)],
            clauses,
            frozenset({"resolve"}),
            prompt=prompt,
            default=Choice("use", card=card.identity, flag=False),
            source=card.identity,
            ability=ability.name,
        )

    def optional_ability(
        self, player: str, card: Card, name: str, options: list[Choice], clauses: tuple[str, ...], prompt: str
    ) -> Decision:
        """The decision of a keyword ability its master may decline (8.7.3.1.1), answered by a ``resolve`` entry."""
        return Decision(
            player,
            name,
            [*options, PASS],
            clauses,
            frozenset({"resolve"}),
            prompt=prompt,
            default=PASS,
            source=card.identity,
            ability=name,
        )

    def replacement(self, card: Card, event: str) -> CardAbility | None:
        """The card's replacement ability for ``event``, if it has one (one per event, 8.10.2.3)."""
        for ability in self.game.modelled.get(card.identity or "", ()):
            if ability.kind == "replace" and ability.when == event:
                return ability
        return None

    def reverse(self, card: Card, in_battle: bool = False) -> Procedure:
        """Put a character in the reverse state (7.6.1.2; ``in_battle``, as the battle step does), unless its
        replacement ability rests it instead (8.10.1); an optional one is its master's choice (8.2.1.3.2).  Returns
        True when replaced.  Its becoming reversed triggers the abilities of that timing."""
        becomes = card.orientation != "reverse"
        if becomes and self.game.attack_phase.cannot(card, "reverse"):
            self.game.record(
                RecordKind.ABILITY,
                card.owner,
                f"{card.identity}'s continuous ability: it cannot become reversed, and is not",
                ("ws:8.1.1.3", "ws:7.6.1.2"),
            )
            return False
        ability = self.replacement(card, "reversed")
        if ability is None:
            card.orientation = "reverse"
            if becomes:
                self.trigger_reversed(card, in_battle)
            return False
        player = card.owner
        decision = None
        use = True
        if ability.optional:
            options = [
                Choice("replace", card=card.identity, flag=False),
                Choice("replace", card=card.identity, flag=True),
            ]
            decision = Decision(
                player,
                "replace",
                options,
                ("ws:8.2.1.3.2", "ws:8.10.3"),
                frozenset({"resolve"}),
                prompt=f"{card.identity} would be reversed: rest it instead?",
                default=options[0],
                source=card.identity,
                ability=ability.name,
            )
            use = bool((yield decision).flag)
        if use:
            self.game.moves.rest(card, "its ability rested it instead of reversing it (ws:8.10.1)")
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity} is rested instead of being reversed (ability {ability.index})",
                (
                    "ws:8.10.1",
                    "ws:8.10.1.1",
                    "ws:8.2.1",
                    "ws:8.2.1.3",
                    "ws:8.2.1.3.2" if ability.optional else "ws:8.2.1.3.1",
                ),
            )
        else:
            card.orientation = "reverse"
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} does not replace it: {card.identity} is reversed",
                ("ws:8.2.1.3.2",),
            )
            if becomes:
                self.trigger_reversed(card, in_battle)
        if decision is not None:
            yield Checkpoint(decision)
        return use

    def apply_text(self, player: str, source: str, operations: list[TextOperation]) -> list[Refusal]:
        """Apply what the driver states a card text the engine does not model did (8.6).

        Each operation is primitive: a card moved between zones, or a power or soul
        change until end of turn.  The engine checks that each is possible (the card
        is where it is said to be) and reports the ones that are not; it never decides
        whether the card text allowed them.  The game counts as relying on unmodelled
        text.
        """
        self.game.unmodelled += 1
        self.game.record(
            RecordKind.UNMODELLED,
            player,
            f"the text of {source} is not modelled; its effect is declared",
            ("ws:8.6",),
        )
        unknown_source = self.game.no_record(source)
        problems: list[Refusal] = [] if unknown_source is None else [unknown_source]
        for operation in operations:
            owner = operation.player or player
            me = self.states.get(owner)
            if me is None:
                problems.append(Refusal(("ws:8.6",), f"{owner!r} is not a player of this game"))
                continue
            unknown = self.game.no_record(operation.card)
            if unknown is not None:
                problems.append(unknown)
                continue
            if operation.kind in ("power", "soul"):
                card = me.character_at(operation.position) if operation.position in POSITIONS else None
                if card is None:
                    problems.append(Refusal(("ws:8.6",), f"no character on {owner}'s position {operation.position}"))
                    continue
                self.game.characteristics.add_effect(
                    card, operation.kind, operation.amount, f"declared effect of {source}", ("ws:8.6",)
                )
                self.game.record(
                    RecordKind.UNMODELLED,
                    owner,
                    f"{card.identity} gets {operation.amount:+d} {operation.kind} until end of turn (declared)",
                    ("ws:8.6",),
                )
                continue
            problem = self._text_move(owner, operation)
            if problem is not None:
                problems.append(problem)
        return problems

    def _text_move(self, owner: str, operation: TextOperation) -> Refusal | None:
        me = self.states[owner]
        source_zone, target_zone = operation.source_zone, operation.target_zone
        if source_zone == "stage":
            card = me.character_at(operation.position) if operation.position in POSITIONS else None
            if card is None or (operation.card is not None and card.identity != operation.card):
                return Refusal(
                    ("ws:8.6",), f"{operation.card or 'a character'} is not on {owner}'s position {operation.position}"
                )
        elif source_zone in ZONE_NAMES:
            cards = me.zone(source_zone)
            known = [c for c in cards if c.identity == operation.card]
            possible = known or [
                c
                for c in cards
                if c.identity is None and c.pool is not None and operation.card and c.pool.can_be(operation.card)
            ]
            if source_zone == "deck":
                possible = cards[:1]
            if not possible:
                return Refusal(("ws:8.6",), f"{operation.card} is not in {owner}'s {source_zone}")
            card = possible[0]
            cards.remove(card)
            if operation.card is not None and not card.reveal(operation.card):
                return Refusal(("ws:3.2.2",), f"the card there is {card.identity}, not {operation.card}")
        else:
            return Refusal(("ws:8.6",), f"{source_zone!r} is not a zone")
        if target_zone == "stage":
            if operation.target_position not in POSITIONS:
                return Refusal(("ws:3.6.3",), f"{operation.target_position!r} is not a stage position")
            if source_zone == "stage" and operation.position is not None:  # a stage source has one: checked above
                me.pile_at(operation.position).remove(card)
            self.game.moves.put_on_stage(owner, card, operation.target_position)
        elif target_zone in ZONE_NAMES:
            if source_zone == "stage":
                self.game.moves.leave_stage(owner, card, target_zone)
            else:
                self.game.moves.put(owner, target_zone, card)
        else:
            return Refusal(("ws:8.6",), f"{target_zone!r} is not a zone")
        self.game.record(
            RecordKind.UNMODELLED,
            owner,
            f"{card.identity} moves from {source_zone} to {target_zone} (declared)",
            ("ws:8.6",),
        )
        return None

    def card_refusal(self, decision: Decision, choice: Choice) -> Refusal | None:
        """Why a card from hand cannot be played, clocked, or played as a climax or counter here, if the rules say."""
        player = decision.player
        me = self.states[player]
        assert choice.card is not None
        definition = self.game.definitions.get(choice.card)
        if definition is None:
            return Refusal(self.game.clauses.card_records, f"{choice.card!r} is not a card of this log")
        if choice.card not in self.game.moves.hand_identities(player):
            return Refusal(decision.clauses, self.game.moves.not_in_hand(player, choice.card))
        if choice.verb == "play" and definition.type == "climax":
            return Refusal(("ws:6.6.1.2.1",), "a climax is played in the climax phase, not the main phase")
        if choice.verb == "climax" and definition.type != "climax":
            return Refusal(("ws:6.6.1.2.1",), f"{choice.card} is not a climax")
        backup = definition.keyword("backup") if choice.verb == "counter" else None
        forbidding = self.game.characteristics.forbidding_events(player) if backup is not None else None
        if forbidding is not None:
            return Refusal(
                ("ws:8.1.1.3", "ws:10.5.2"),
                f"{player} cannot play Backup from the hand: a continuous ability of {forbidding.identity} forbids it",
            )
        if backup is not None:
            needed, cost = int(backup.get("level", 0)), stock_cost(backup, 0)
            if me.level_count < needed:
                return Refusal(
                    ("ws:10.5.2",),
                    f"backup of {choice.card} needs level {needed}; {player} is level {me.level_count}",
                )
            if len(me.stock) < cost:
                return Refusal(
                    ("ws:10.5.2", "ws:8.4.2.2"),
                    f"backup of {choice.card} costs {cost} stock; {player} has {len(me.stock)}",
                )
        elif choice.verb in ("play", "climax", "counter"):
            refusal = self.play_refusal(player, definition)
            if refusal is not None:
                return refusal
        if choice.verb == "play" and definition.type == "character" and choice.pos not in POSITIONS:
            return Refusal(("ws:8.6.2.2.1", "ws:3.6.3"), f"position {choice.pos!r} is not a stage position (1-5)")
        if choice.verb == "counter" and backup is None and not definition.counter:
            return Refusal(("ws:7.4.1.2.1",), f"{choice.card} has no counter icon")
        return None
