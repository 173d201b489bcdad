"""Attack and battle (ws 7), and the trigger icons a trigger check performs (ws 4.12).

Implements ws 7.1-7.2 (declaring attacks with standing center-stage characters:
front, side or direct, the first turn's single attack, the soul changes of
7.2.1.4), 7.3 (the trigger check and its icons, 4.12.2), 7.4 (the counter step:
one backup or counter event), 7.5 (the damage step: damage equal to soul, or
none), 7.6 (the battle: the lower power is reversed) and 7.7 (the encore step).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card
from engine.core.game import Procedure, Request, StandbyAbility
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.games.ws.cards import MODELLED_TRIGGERS, stock_cost
from engine.games.ws.choices import DeclareAttack, PutReversed
from engine.games.ws.state import CENTER, FACING, POSITIONS, because

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

ATTACK_STEPS: Final = ("declaration", "trigger", "counter", "damage", "battle")
"""ws 7.2-7.6, in order."""


@dataclass(slots=True, init=False)
class Attack:
    """The attack in progress (ws 7.2.1.5).

    Its initialiser is written out, as those of ``engine.core.protocol`` are: a compiled
    build runs a written initialiser natively.
    """

    attacker: Card
    position: int
    kind: str
    """``front``, ``side`` or ``direct``."""
    defender: Card | None
    defender_position: int | None
    step: str
    """The step the attack has reached: ``declaration``, ``trigger``, ``counter``, ``damage``, ``battle``."""
    trigger_checks: int
    """How many trigger checks its trigger step performs (7.3.1.2; more where an effect says so)."""

    def __init__(
        self, attacker: Card, position: int, kind: str, defender: Card | None, defender_position: int | None
    ) -> None:
        self.attacker = attacker
        self.position = position
        self.kind = kind
        self.defender = defender
        self.defender_position = defender_position
        self.step = "declaration"
        self.trigger_checks = 1


class AttackPhase:
    """The attack phase (ws 7): its attacks, one at a time, then the encore step."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.attack: Attack | None = None
        """The attack in progress, if any."""
        self.no_damage: Refusal | None = None
        """Why the last attack dealt no damage, when it dealt none (7.5.1.2.1, 7.5.1.2.2)."""
        self.attacks_this_turn = 0
        self.shot_armed: dict[int, bool] = {}
        """Attacker instance -> a shot trigger's ability waits for its next damage (4.12.2.7)."""

    def run(self) -> Procedure:
        """The attack phase (6.7): attacks until the turn player declares no more (7.2.1.3), then the encore step."""
        player = self.game.turn_player
        self.game.phases.begin("attack phase begins", ("ws:6.7.1", "ws:7.2.1.1"), "attack_phase")
        yield from self.game.check_timing("beginning of the attack phase", ("ws:7.2.1.1",))
        while True:
            yield from self.game.check_timing("beginning of the attack declaration step", ("ws:7.2.1.2",))
            decision = self.attack_decision(player)
            choice = yield decision
            if not isinstance(choice, DeclareAttack):  # the one other option: pass
                if not self.game.unrecorded():
                    self.game.record(RecordKind.CHOICE, player, f"{player} declares no more attacks", ("ws:7.2.1.3",))
                yield Checkpoint(decision)
                break
            attack = yield from self.declare_attack(player, choice, decision)
            yield from self.trigger_step(player, attack)
            if attack.kind == "front":
                yield from self.counter_step(attack)
            yield from self.damage_step(attack)
            if attack.kind == "front":
                yield from self.battle_step(attack)
            self.attack = None
        yield from self.encore_step()

    def attack_decision(self, player: str) -> Decision:
        options: list[Choice] = []
        if not (self.game.turn == 1 and player == self.game.first and self.attacks_this_turn >= 1):
            for pos in CENTER:
                card = self.states[player].character_at(pos)
                if card is None or card.orientation != "stand":
                    continue
                facing = self.states[self.game.opponent(player)].character_at(FACING[pos])
                if self.game.keywords.great_performer(self.game.opponent(player)) is not None:
                    options.append(DeclareAttack(pos, "front"))
                elif facing is None:
                    options.append(DeclareAttack(pos, "direct"))
                else:
                    if not self.cannot(card, "front_attack"):
                        options.append(DeclareAttack(pos, "front"))
                    if not self.cannot(card, "side_attack"):
                        options.append(DeclareAttack(pos, "side"))
        options.append(Choice("pass"))
        return Decision(
            player,
            "attack",
            options,
            ("ws:7.2.1.3", "ws:7.2.1.4"),
            frozenset({"attack"}),
            prompt="attack with a standing center-stage character (front, side or direct), or pass",
            default=Choice("pass"),
        )

    def cannot(self, card: Card, action: str, key: str = "cannot") -> bool:
        """Whether a continuous ability of ``card`` says it cannot do ``action`` now (8.1.1.3; ``RESTRICTIONS``),
        or, with ``key``, has an effect of that word whose value is ``action`` (``keeps_soul: true``)."""
        characteristics = self.game.characteristics
        wanted: object = True if key != "cannot" else action
        return any(
            ability.kind == "cont"
            and any(effect.get(key) == wanted for effect in ability.effects)
            and characteristics.holds(ability.condition, card)
            for ability in self.game.abilities_of(card)
        )

    def keeps_soul(self, card: Card) -> bool:
        """Whether ``card``'s soul does not decrease by side attacking (7.2.1.4.2): a continuous ability of its
        says so now, or an effect until end of turn does."""
        return (
            self.cannot(card, "keeps_soul", key="keeps_soul")
            or self.game.effects.value(card.instance, "keeps_soul", 0) > 0
        )

    def declare_attack(self, player: str, choice: DeclareAttack, decision: Decision) -> Generator[Request, Any, Attack]:
        me, them = self.states[player], self.states[self.game.opponent(player)]
        kind = choice.attack_type
        attacker = me.character_on(choice.pos)
        facing_pos = FACING[choice.position]
        facing = them.character_at(facing_pos)
        performer = self.game.keywords.great_performer(self.game.opponent(player))
        if performer is not None:  # 10.6.2: the attack is a frontal attack on it, as the defending character
            facing_pos, facing = 2, performer
        self.attacks_this_turn += 1
        self.no_damage = None
        clauses: tuple[str, ...] = ("ws:7.1.2", "ws:7.2.1", "ws:7.2.1.3", "ws:7.2.1.4")
        if kind == "direct":
            self.game.characteristics.add_effect(attacker, "soul", 1, "direct attack", ("ws:7.2.1.4.1",))
            clauses += ("ws:7.2.1.4.1",)
        elif kind == "side":
            level = self.game.characteristics.level_of(facing)
            if level > 0 and not self.keeps_soul(attacker):
                self.game.characteristics.add_effect(attacker, "soul", -level, "side attack", ("ws:7.2.1.4.2",))
            clauses += ("ws:7.2.1.4.2", "ws:3.6.5")
        else:
            clauses += ("ws:7.2.1.4.2", "ws:3.6.5", "ws:7.2.1.5.1", "ws:7.2.1.5.2") + (
                ("ws:10.6.1", "ws:10.6.2") if performer is not None else ()
            )
        self.attack = attack = Attack(
            attacker,
            choice.position,
            kind,
            facing if kind == "front" else None,
            facing_pos if kind == "front" else None,
        )
        self.game.moves.rest(
            attacker, "it rested to attack from position {} ({} attack, ws:7.2.1.5.3)", choice.pos, kind
        )
        self.game.playing.trigger_card(player, attacker, "when_attacking", "attacked")
        self.game.playing.trigger_others(player, attacker)
        if kind == "front" and facing is not None:
            self.game.playing.trigger_front_attacked(self.game.opponent(player), facing)
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.CHOICE,
                player,
                f"{player} attacks with {attacker.identity} at position {choice.pos} ({kind} attack); it rests",
                clauses + ("ws:7.2.1.5", "ws:7.2.1.5.3", "ws:4.6.1", "ws:4.6.1.2"),
                pos=choice.pos,
                type=kind,
            )
        yield Checkpoint(decision)
        yield from self.game.check_timing("after the attack declaration", ("ws:7.2.1.6",))
        return attack

    def more_trigger_checks(self, player: str, card: Card, checks: int) -> None:
        """An effect of ``card``'s: "during that attack, perform a trigger check N times on the trigger step"
        (7.3.1.2, 8.6.2.4.4), for the attack ``card`` is making; nothing where it makes none."""
        attack = self.attack
        if attack is None or attack.attacker is not card or attack.step != "declaration":
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity} is not declaring an attack: its trigger checks are not changed",
                ("ws:8.6.2.4.4",),
            )
            return
        attack.trigger_checks = max(attack.trigger_checks, checks)
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"the trigger step of {card.identity}'s attack performs {checks} trigger checks",
            ("ws:7.3.1.2", "ws:8.6.2.4.4"),
        )

    def trigger_step(self, player: str, attack: Attack) -> Procedure:
        attack.step = "trigger"
        self.game.phases.begin("trigger step begins", ("ws:7.3.1", "ws:7.3.1.1"))
        yield from self.game.check_timing("beginning of the trigger step", ("ws:7.3.1.1",))
        for _ in range(attack.trigger_checks):
            yield from self.trigger_check(player, attack)
        yield from self.game.check_timing("end of the trigger step", ("ws:7.3.1.3",))

    def trigger_check(self, player: str, attack: Attack) -> Procedure:
        """One trigger check (7.3.1.2): the top card of the deck to the resolution zone, its icons' actions, then
        the card to the stock."""
        me = self.states[player]
        reveal = Reveal(player, "trigger", 1, ("ws:7.3.1.2",))
        answer = yield reveal
        yield from self.game.moves.ensure_deck(player)
        card = me.deck.pop(0)
        self.game.moves.bind(card, answer, 0, reveal)
        reveal.used = 1
        self.game.moves.put(player, "resolution", card, renew=True)
        definition = self.game.definition(card)
        icons = definition.triggers if definition else ()
        if not self.game.unrecorded():
            self.game.record(
                RecordKind.FORCED,
                player,
                f"trigger check: {card.identity or '?'} is revealed ({', '.join(icons) or 'no icon'})",
                ("ws:7.3.1.2", "ws:4.12.1") if icons else ("ws:7.3.1.2", "ws:4.12.1", "ws:4.12.2.1"),
                card=card.identity,
                icons=list(icons),
            )
        if card.identity is None:
            self.game.moves.assume(
                "the trigger check's card is not revealed in the log; no icon is assumed", ("ws:7.3.1.2",)
            )
        yield from self.game.rule_actions.interrupts()
        if definition is not None:
            self.game.playing.trigger_revealed(player, attack.attacker, definition)
        for icon in icons:
            yield from self.trigger_icon(player, icon, card, attack)
        if card in me.resolution:
            self.game.moves.put(player, "stock", self.game.moves.take_card(player, "resolution", card))
            if not self.game.unrecorded():
                self.game.record(
                    RecordKind.FORCED,
                    player,
                    f"{card.identity or '?'} goes to the stock",
                    ("ws:7.3.1.2", "ws:3.13.1.2"),
                )
        yield Checkpoint(reveal)

    def trigger_icon(self, player: str, icon: str, card: Card, attack: Attack) -> Procedure:
        """ws 4.12.2: the action of one trigger icon, performed by the turn player."""
        me = self.states[player]
        opponent = self.game.opponent(player)
        if icon not in MODELLED_TRIGGERS:
            self.game.unplayed_text(
                player,
                card.identity or "?",
                f"the {icon} trigger icon",
                f"the {icon} trigger icon is not modelled",
                ("ws:4.12.2",),
            )
            return
        if icon == "soul":
            self.game.characteristics.add_effect(attack.attacker, "soul", 1, "soul trigger", ("ws:4.12.2.2",))
            self.game.record(RecordKind.FORCED, player, "soul trigger: the attacker gets +1 soul", ("ws:4.12.2.2",))
        elif icon == "shot":
            self.shot_armed[attack.attacker.instance] = True
            self.game.record(
                RecordKind.FORCED, player, "shot trigger: its automatic ability comes into effect", ("ws:4.12.2.7",)
            )
        elif icon in ("pool", "treasure"):
            clause = "ws:4.12.2.4" if icon == "pool" else "ws:4.12.2.8"
            if icon == "treasure" and card in me.resolution:  # a second treasure icon finds it gone
                self.game.moves.put(player, "hand", self.game.moves.take_card(player, "resolution", card))
                self.game.record(
                    RecordKind.FORCED, player, f"treasure trigger: {card.identity} returns to hand", (clause,)
                )
            if me.deck or me.waiting:
                choice = yield self.icon_may(
                    player, icon, f"{icon} trigger: put the top card of the deck into the stock?", (clause,)
                )
                if choice.flag:
                    reveal = Reveal(player, "pool", 1, (clause,))
                    answer = yield reveal
                    yield from self.game.moves.ensure_deck(player)
                    top = me.deck.pop(0)
                    self.game.moves.bind(top, answer, 0, reveal)
                    self.game.moves.put(player, "stock", top)
                    self.game.record(RecordKind.CHOICE, player, "the top card of the deck goes to the stock", (clause,))
                    yield from self.game.rule_actions.interrupts()
        elif icon == "draw":
            choice = yield self.icon_may(player, icon, "draw trigger: draw a card?", ("ws:4.12.2.6",))
            if choice.flag:
                yield from self.game.moves.draw(player, 1, ("ws:4.12.2.6",))
        elif icon == "comeback":
            options = [
                Choice("comeback", card=c.identity)
                for c in me.waiting
                if (d := self.game.definition(c)) is not None and d.type == "character"
            ]
            choice = yield self.icon_choice(player, "comeback", options, ("ws:4.12.2.5",))
            if choice.verb == "comeback":
                self.game.moves.put(player, "hand", self.game.moves.take_from(player, "waiting", choice.card))
                self.game.record(
                    RecordKind.CHOICE, player, f"comeback: {choice.card} returns to hand", ("ws:4.12.2.5",)
                )
        elif icon == "return":
            options = [Choice("return", pos=pos) for pos, _ in self.states[opponent].characters()]
            choice = yield self.icon_choice(player, "return", options, ("ws:4.12.2.3",))
            if choice.verb == "return":
                target = self.states[opponent].character_on(choice.pos)
                self.game.moves.leave_stage(opponent, target, "hand")
                self.game.record(
                    RecordKind.CHOICE,
                    player,
                    f"return: {target.identity} returns to its owner's hand",
                    ("ws:4.12.2.3",),
                )
        elif icon == "standby":
            choice = yield self.icon_choice(player, "standby", self.standby_options(player), ("ws:4.12.2.10",))
            if choice.verb == "standby":
                self.standby(player, choice)

    def icon_may(self, player: str, icon: str, prompt: str, clauses: tuple[str, ...]) -> Decision:
        """A trigger icon's optional action: its master does it or not (4.12.2.4, 4.12.2.6, 4.12.2.8)."""
        return Decision(
            player,
            icon,
            [Choice(icon, flag=True), Choice(icon, flag=False)],
            clauses,
            frozenset({icon}),
            prompt=prompt,
            default=Choice(icon, flag=False),
        )

    def standby_options(self, player: str) -> list[Choice]:
        """The standby icon's choices (4.12.2.10): a character of the waiting room of level at most the player's
        level plus one, on any stage position."""
        me = self.states[player]
        limit = me.level_count + 1
        return [
            Choice("standby", card=c.identity, pos=pos)
            for c in {c.identity: c for c in me.waiting}.values()
            if (d := self.game.definition(c)) is not None and d.type == "character" and d.level <= limit
            for pos in POSITIONS
        ]

    def standby(self, player: str, choice: Choice) -> None:
        """Put the character ``choice`` names from the waiting room on its position, rested (4.12.2.10)."""
        chosen = self.game.moves.take_from(player, "waiting", choice.card)
        position = choice.pos
        assert position is not None  # every option of standby_options names one
        self.game.moves.put_on_stage(player, chosen, position)
        self.game.moves.rest(chosen, "the standby icon put it on the stage rested (ws:4.12.2.10)")
        self.game.record(
            RecordKind.CHOICE,
            player,
            f"standby: {choice.card} is put on position {choice.pos} rested",
            ("ws:4.12.2.10", "ws:4.12.2.10.1"),
        )

    def icon_choice(self, player: str, icon: str, options: list[Choice], clauses: tuple[str, ...]) -> Decision:
        """A trigger icon's choice of one of ``options``, or none of them (4.12.2.3, 4.12.2.5, 4.12.2.10)."""
        return Decision(
            player,
            icon,
            [*options, PASS],
            clauses,
            frozenset({icon}),
            prompt=f"{icon}: choose, or pass",
            default=PASS,
        )

    def counter_step(self, attack: Attack) -> Procedure:
        attack.step = "counter"
        defender_player = self.game.non_turn_player
        self.game.phases.begin("counter step begins", ("ws:7.4.1", "ws:7.4.1.1"))
        yield from self.game.check_timing(
            "before the counter step's play timing", ("ws:8.5.2", "ws:8.5.2.1", "ws:4.5.2")
        )
        options: list[Choice] = []
        me = self.states[defender_player]
        defending = attack.defender_position
        for identity in self.game.moves.hand_identities(defender_player):
            definition = self.game.definitions.get(identity)
            if definition is None:
                continue
            backup = definition.keyword("backup")
            if backup is not None and self.game.characteristics.forbidding_events(defender_player) is not None:
                continue
            if backup is not None and attack.defender is not None:
                if me.level_count >= int(backup.get("level", 0)) and len(me.stock) >= stock_cost(backup, 0):
                    options.append(Choice("counter", card=identity, pos=defending))
            elif (
                definition.type == "event"
                and definition.counter
                and self.game.playing.play_refusal(defender_player, definition) is None
            ):
                options.append(Choice("counter", card=identity))
        options.append(Choice("pass"))
        decision = Decision(
            defender_player,
            "counter",
            options,
            ("ws:7.4.1.2", "ws:7.4.1.2.1", "ws:7.4.1.2.2", "ws:4.5.1", "ws:4.5.3"),
            frozenset({"counter", "act"}),
            prompt="play one backup or counter event, or pass",
            default=Choice("pass"),
        )
        choice = yield decision
        if choice.verb == "counter":
            definition = self.game.definitions[choice.card]
            backup = definition.keyword("backup")
            if backup is not None:
                self.game.paying_cost = True
                self.game.costs.pay_stock(defender_player, stock_cost(backup, 0), ("ws:10.5.2", "ws:8.4.2"))
                card = self.game.moves.take_from(defender_player, "hand", choice.card)
                self.game.moves.put(defender_player, "waiting", card)
                self.game.paying_cost = False
                self.game.playing.trigger_card(defender_player, card, "when_backup", "used its Backup")
                self.game.playing.trigger_act_used(defender_player, card)
                amount = int(backup.get("power", 0))
                if attack.defender is not None:  # a frontal attack's defender (7.2.1.4.2); backup is offered only then
                    self.game.characteristics.add_effect(
                        attack.defender, "power", amount, f"backup of {choice.card}", ("ws:10.5.2",)
                    )
                self.game.record(
                    RecordKind.CHOICE,
                    defender_player,
                    f"{defender_player} plays backup {choice.card}: the defending character gets +{amount} power",
                    ("ws:7.4.1.2.1", "ws:10.5.1", "ws:10.5.2"),
                    card=choice.card,
                )
                yield from self.game.rule_actions.interrupts()
            else:
                card = yield from self.game.playing.play_from_hand(defender_player, choice.card, ("ws:7.4.1.2.1",))
                yield from self.game.playing.resolve_event(defender_player, card)
        else:
            self.game.record(
                RecordKind.CHOICE, defender_player, f"{defender_player} plays no counter", ("ws:7.4.1.2", "ws:8.5.2.3")
            )
        yield Checkpoint(decision)
        yield from self.game.check_timing("end of the counter step", ("ws:7.4.1.3",))

    def damage_step(self, attack: Attack) -> Procedure:
        attack.step = "damage"
        self.game.phases.begin("damage step begins", ("ws:7.5.1", "ws:7.5.1.1"))
        yield from self.game.check_timing("beginning of the damage step", ("ws:7.5.1.1",))
        player = self.game.turn_player
        attacker_now = self.states[player].character_at(attack.position)
        if attacker_now is not attack.attacker or attacker_now.instance != attack.attacker.instance:
            self.game.record(RecordKind.FORCED, player, "the attacker left its position: no damage", ("ws:7.5.1.2.2",))
            self.no_damage = Refusal(("ws:7.5.1.2.2",), "the attacker left its position: it dealt no damage")
        else:
            soul = self.game.characteristics.soul(attack.attacker)
            if soul <= 0:
                self.game.record(
                    RecordKind.FORCED, player, f"the attacker's soul is {soul}: no damage", ("ws:7.5.1.2.1",)
                )
                self.no_damage = Refusal(("ws:7.5.1.2.1",), f"the attacker's soul was {soul}: it dealt no damage")
            else:
                side = ("ws:7.2.1.4.2",) if attack.kind == "side" else ()  # its soul less the facing level
                canceled = yield from self.game.moves.deal_damage(
                    self.game.non_turn_player, soul, ("ws:7.5.1.2", *side), attack.attacker
                )
                if canceled and self.shot_armed.pop(attack.attacker.instance, False):
                    self.trigger_shot(player, attack.attacker)
                else:
                    self.shot_armed.pop(attack.attacker.instance, None)
        yield from self.game.check_timing("end of the damage step", ("ws:7.5.1.3",))

    def trigger_shot(self, player: str, source: Card) -> None:
        def resolve(ability: StandbyAbility) -> Procedure:
            yield from self.game.moves.deal_damage(
                self.game.opponent(ability.master), 1, ("ws:4.12.2.7",), ability.source
            )

        self.game.trigger(
            StandbyAbility(player, "shot", source, source.instance, resolve, ("ws:4.12.2.7",)),
            "the attacker's damage was canceled",
        )
        self.game.record(
            RecordKind.ABILITY, player, "the damage was canceled: the shot ability triggers", ("ws:4.12.2.7",)
        )

    def battle_step(self, attack: Attack) -> Procedure:
        attack.step = "battle"
        self.game.phases.begin("battle step begins", ("ws:7.6.1", "ws:7.6.1.1"))
        yield from self.game.check_timing("beginning of the battle step", ("ws:7.6.1.1",))
        me, them = self.states[self.game.turn_player], self.states[self.game.non_turn_player]
        attacker, defender = attack.attacker, attack.defender
        attacker_ok = me.character_at(attack.position) is attacker
        defender_ok = attack.defender_position is not None and them.character_at(attack.defender_position) is defender
        if defender is None or not (attacker_ok and defender_ok):
            self.game.record(
                RecordKind.FORCED, None, "a character in battle left its position: no comparison", ("ws:7.6.1.3",)
            )
        else:
            # each power: printed, then the continuous effects in order (8.9.1, 8.9.1.1)
            mine, theirs = self.game.characteristics.power(attacker), self.game.characteristics.power(defender)
            losers = []
            if mine <= theirs:
                losers.append(attacker)
            if theirs <= mine:
                losers.append(defender)
            names = " and ".join(card.identity or "?" for card in losers)
            self.game.record(  # the comparison, then each reversal (which a replacement may change, 8.10.1)
                RecordKind.FORCED,
                None,
                f"battle: {attacker.identity} ({mine}) against {defender.identity} ({theirs}): "
                f"{names} {'reverses' if len(losers) == 1 else 'reverse'}",
                ("ws:7.6.1.2", "ws:4.6.1", "ws:4.6.1.3", "ws:8.9.1", "ws:8.9.1.1"),
                power=[mine, theirs],
            )
            for card in losers:
                yield from self.game.playing.reverse(card, in_battle=True)
        yield from self.game.check_timing("end of the battle step", ("ws:7.6.2",))

    def in_battle(self) -> list[Card]:
        """The characters in battle now (7.2.1.5.1): in a frontal attack, the attacking character and the defending
        one; none in a side or direct attack, or outside an attack."""
        attack = self.attack
        if attack is None or attack.kind != "front" or attack.defender is None:
            return []
        return [attack.attacker, attack.defender]

    def battle_opponent(self, card: Card) -> Card | None:
        """``card``'s battle opponent (7.2.1.5.1), or None when it is not in battle."""
        fighting = self.in_battle()
        if card not in fighting:
            return None
        return fighting[1] if fighting[0] is card else fighting[0]

    def encore_step(self) -> Procedure:
        self.game.phase = "attack"
        self.game.phases.begin("encore step begins", ("ws:7.7.1", "ws:7.7.1.1"), "encore_step")
        yield from self.game.check_timing("beginning of the encore step", ("ws:7.7.1.1",))
        while True:
            while True:  # 7.7.1.2, then 7.7.1.3, which "executes Clause 7.7.1.2 again" after each character
                player, clause = next(
                    (
                        (player, clause)
                        for player, clause in (
                            (self.game.turn_player, "ws:7.7.1.2"),
                            (self.game.non_turn_player, "ws:7.7.1.3"),
                        )
                        if any(card.orientation == "reverse" for _, card in self.states[player].characters())
                    ),
                    (None, ""),
                )
                if player is None:
                    break
                reversed_positions = [
                    pos for pos, card in self.states[player].characters() if card.orientation == "reverse"
                ]
                options = [Choice("encore", pos=pos) for pos in reversed_positions]
                decision = Decision(
                    player,
                    "encore",
                    options,
                    (clause,),
                    frozenset({"encore"}),
                    prompt="choose a reversed character to put into the waiting room",
                    default=options[0],
                )
                choice = yield decision
                card = self.states[player].character_on(choice.pos)
                self.game.moves.leave_stage(player, card, "waiting")
                if choice.flag is not None:  # the entry also says whether its Encore is paid, and with what
                    cost = choice.cost if isinstance(choice, PutReversed) else None
                    self.game.keywords.encore_intent[card.instance] = (choice.flag, cost)
                self.game.record(
                    RecordKind.CHOICE,
                    player,
                    f"{card.identity} (position {choice.pos}) goes to the waiting room",
                    (clause,),
                    pos=choice.pos,
                )
                if choice.flag is None:
                    yield Checkpoint(decision)
                yield from self.game.check_timing("after a reversed character goes to the waiting room", (clause,))
                if (
                    choice.flag is not None
                ):  # judge/site/ws-logs.rst, encore: the entry's expect sees its Encore resolved
                    yield Checkpoint(decision)
            yield from self.game.check_timing("end of the encore step", ("ws:7.7.1.4",))
            if not any(card.orientation == "reverse" for p in self.states.values() for _, card in p.characters()):
                return

    def attack_refusal(self, player: str, choice: Choice) -> Refusal:
        """Why this attack cannot be declared (7.2.1.3, 7.2.1.4, 10.6.2)."""
        me = self.states[player]
        if self.game.turn == 1 and player == self.game.first and self.attacks_this_turn >= 1:
            return Refusal(("ws:7.2.1.3.1",), "the starting player attacks only once in the first turn")
        card = me.character_at(choice.pos) if choice.pos in POSITIONS else None
        if choice.pos not in CENTER or card is None:
            emptied = because(self.game.why_empty.get((player, choice.pos))) if choice.pos in CENTER else ""
            return Refusal(
                ("ws:7.1.1", "ws:7.2.1.3"),
                f"no character on center-stage position {choice.pos}" + (f": {emptied}" if emptied else ""),
            )
        if card.orientation != "stand":
            rested = because(self.game.why_rested.get(card.instance)) if card.orientation == "rest" else ""
            return Refusal(
                ("ws:7.2.1.3",),
                f"{card.identity} at position {choice.pos} is {card.orientation}ed, not standing"
                + (f": {rested}, and nothing stood it since" if rested else ""),
            )
        performer = self.game.keywords.great_performer(self.game.opponent(player))
        if performer is not None:
            return Refusal(
                ("ws:10.6.1", "ws:10.6.2"),
                f"{performer.identity} has Great Performance: every attack is a front attack on it",
            )
        facing = self.states[self.game.opponent(player)].character_at(FACING[choice.pos])
        if facing is None:
            return Refusal(("ws:7.2.1.4.1", "ws:3.6.5"), "no character faces it: the attack is a direct attack")
        if isinstance(choice, DeclareAttack) and choice.attack_type == "side" and self.cannot(card, "side_attack"):
            return Refusal(
                ("ws:8.1.1.3", "ws:7.2.1.4.2"), f"{card.identity}'s continuous ability: it cannot side attack"
            )
        if isinstance(choice, DeclareAttack) and choice.attack_type == "front" and self.cannot(card, "front_attack"):
            return Refusal(
                ("ws:8.1.1.3", "ws:7.2.1.4.2"), f"{card.identity}'s continuous ability: it cannot frontal attack"
            )
        return Refusal(("ws:7.2.1.4.2", "ws:3.6.5"), f"{facing.identity} faces it: choose a front or side attack")
