"""Battles (wl 7.1): the attack, block, counter and damage steps, and the end of the battle.

Implements 7.1 and 7.1.1.1-7.1.1.2 (the main phase's battle, 6.5.6.2: an active Leader
or Character rests to attack the opponent's Leader or a rested Character; a Character
played this turn only with [Rush], 3.7.4, 10.1.1; no battle on either player's first
turn, 6.5.6.1), 7.1.2 (one [Blocker] of the defender's, 10.1.4, becomes the target),
7.1.3.2 (counters: ``engine.games.wl.playing``), [When Attacking], [On Your Opponent's
Attack] and [On Block] effects (10.2.5, 10.2.16, 10.2.15: ``engine.games.wl.autos``)
and [On K.O.] (10.2.17), 7.1.4 (the powers compared, permanent effects' power in them,
8.1.3.4; a Leader takes 1 damage, 2 with [Double Attack], 10.1.2, each moving its top
Life card to the hand, or to the trash with [Banish], 10.1.3, or revealing a [Trigger],
10.1.5; with no Life, the attacker wins, 7.1.4.1.1.1; a Character is K.O.'d, 10.2.1)
and 7.1.5 (the effects of the battle end, the turn player's first).

Implements 7.1.1.4, 7.1.2.3 and 7.1.3.2.3 too: at the end of the Attack, the Block and the Counter Step, a battle
whose attacking card or target has moved areas since it became one (a new card, 3.1.6: card text declared by an
``effect`` entry, ``apply_text`` in ``engine.games.wl.card_text``, or a K.O.) proceeds to the End of the Battle.
A card moved away and back is another card (3.1.6): the battle remembers each card's object (``Card.instance``).
An ``effect`` entry is applied at the point of the entry after it, so declared text moves cards in the step of that
point: the Attack Step's only points are the ``resolve`` entries of its auto effects; text declared after a
``block`` acts in the Counter Step.  A block makes the blocker the target (7.1.2.1), the card checked from then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.effects import Duration
from engine.core.game import Procedure
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.games.wl.choices import Named
from engine.games.wl.state import LEADER

if TYPE_CHECKING:
    from engine.games.wl.game import Energio

STEPS: Final = ("attack", "block", "counter", "damage", "end")
"""wl 7.1.1-7.1.5, in order."""


@dataclass(slots=True)
class Battle:
    """One battle: its attacker and the card being attacked (the blocker, once it blocks)."""

    attacker: Card
    target: Card
    step: str = "attack"
    blocked: bool = False
    attacker_object: int = -1
    """The attacker's object when the battle began (``Card.instance``): another one is a card that moved."""
    target_object: int = -1
    """The target's object when it became the target."""
    declared: int = -1
    """The ``seq`` of the attack's record: what the battle causes names it (``engine.core.protocol.CAUSE``)."""
    entry: int | None = None
    """The log entry that declared the attack, which a later refusal names."""
    turn: int = 0
    """The turn of the attack."""

    def __post_init__(self) -> None:
        self.attacker_object = self.attacker.instance
        self.target_object = self.target.instance


SKIPPED: Final = {
    "attack": ("wl:7.1.1.4", "block"),
    "block": ("wl:7.1.2.3", "counter"),
    "counter": ("wl:7.1.3.2.3", "damage"),
}
"""For each step checked at its end (wl 7.1.1.4, 7.1.2.3, 7.1.3.2.3), its clause and the step it proceeds to when
the attacking card or the target has not moved."""


class BattleSteps:
    """A battle (wl 7.1)."""

    def __init__(self, game: Energio) -> None:
        self.game = game
        self.states = game.player_states
        self.battle: Battle | None = None
        self.finished: Battle | None = None
        """The last battle that ended, which a check or a counter written after it is measured by."""
        self.cut_short: tuple[int, str, str] | None = None
        """The last battle that went to its end early: the turn, the clause (7.1.1.4, 7.1.2.3, 7.1.3.2.3) and the
        step it did not reach, to name it for an entry of a step that battle never had."""
        self.no_trigger = ""
        """Why the Life card being dealt cannot have its [Trigger] activated ([Banish], or no [Trigger]), while
        that choice is asked; empty when it can."""

    # -- the attack (7.1.1) -------------------------------------------------------------------------

    def can_attack(self, player: str, card: Card) -> Refusal | None:
        """Why ``card`` cannot attack now (7.1.1.1, 3.7.4, 10.1.1, 6.5.6.1), or None."""
        game = self.game
        me = self.states[player]
        if game.phases.first_turn_of(player):
            return Refusal(("wl:6.5.6.1",), "neither player can battle on their first turn")
        if card.orientation != "stand":
            message = f"{me.address(card)} is rested: only an active card attacks"
            rested = game.rested_cause(card)
            if rested is None:
                return Refusal(("wl:7.1.1.1",), message)
            text, clause, cause = rested
            return Refusal(("wl:7.1.1.1", clause) if clause != "wl:7.1.1.1" else (clause,), f"{message}: {text}", cause)
        definition = game.definition(card)
        if card.instance in me.fresh and (definition is None or "rush" not in definition.keywords):
            message = f"{me.address(card)} was played this turn and has no [Rush]"
            entry = game.played_at.get(card.instance)
            if entry is None:
                return Refusal(("wl:3.7.4", "wl:10.1.1", "wl:10.1.1.1"), message)
            return Refusal(
                ("wl:3.7.4", "wl:10.1.1", "wl:10.1.1.1", "wl:6.5.3.1"),
                f"{message}: it was played at entry {entry} (wl:6.5.3.1), and a Character attacks from the turn after"
                f" it is played unless it has [Rush] (wl:3.7.4, wl:10.1.1.1)",
                f"the play at entry {entry}",
            )
        return None

    def attack_options(self, player: str) -> list[Choice]:
        me = self.states[player]
        opponent = self.states[self.game.opponent(player)]
        targets = [LEADER, *(opponent.address(c) for c in opponent.characters if c.orientation == "rest")]
        return [
            Named("attack", source=me.address(card), target=target)
            for card in (me.leader, *me.characters)
            if self.can_attack(player, card) is None
            for target in targets
        ]

    def attack_refusal(self, player: str, choice: Named) -> Refusal:
        me = self.states[player]
        opponent = self.states[self.game.opponent(player)]
        attacker = me.find(choice.source)
        if attacker is None:
            return Refusal(("wl:7.1.1.1",), f"{player} has no {choice.source} to attack with")
        refusal = self.can_attack(player, attacker)
        if refusal is not None:
            return refusal
        target = opponent.find(choice.target)
        if target is None:
            return Refusal(("wl:7.1.1.2",), f"{choice.target} is not the opponent's Leader or one of their Characters")
        return Refusal(("wl:7.1.1.2",), f"{opponent.address(target)} is active: only a rested Character is attacked")

    def fight(self, player: str, choice: Named, decision: Decision) -> Procedure:
        game = self.game
        me = self.states[player]
        defender = game.opponent(player)
        attacker = me.find(choice.source)
        target = self.states[defender].find(choice.target)
        assert attacker is not None and target is not None
        attacker.orientation = "rest"
        game.rested_by(attacker, "its attack", "wl:7.1.1.1")
        game.version += 1
        self.battle = battle = Battle(attacker, target)
        battle.entry, battle.turn = game.entry, game.turn
        self.cut_short = None
        battle.declared = game.record(
            RecordKind.CHOICE,
            player,
            f"{player} attacks {defender}'s {self.states[defender].address(target)} with {me.address(attacker)}",
            ("wl:7.1.1.1", "wl:7.1.1.2", "wl:4.4.1.2", "wl:6.5.6.2"),
            step="attack",
        )
        # the turn player's first (8.6.1)
        yield from game.autos.autos(player, attacker, "when_attacking", battle.declared)
        yield from game.autos.field_autos(defender, "on_opponents_attack", battle.declared)
        yield Checkpoint(decision)
        if self.goes_on(player, defender, battle):
            battle.step = "block"
            yield from self.block_step(defender, battle)
            if self.goes_on(player, defender, battle):
                battle.step = "counter"
                yield from self.counter_step(defender, battle)
                if self.goes_on(player, defender, battle):
                    battle.step = "damage"
                    yield from self.damage_step(player, defender, battle)
        battle.step = "end"
        self.end_of_battle()

    def goes_on(self, player: str, defender: str, battle: Battle) -> bool:
        """wl 7.1.1.4, 7.1.2.3, 7.1.3.2.3: at the end of the Attack, Block or Counter Step, whether the battle proceeds
        to the next step; not when the attacking card or the target has moved areas by any means (3.1.6)."""
        attacker = self.still_there(player, battle.attacker, battle.attacker_object)
        target = self.still_there(defender, battle.target, battle.target_object)
        if attacker and target:
            return True
        clause, skipped = SKIPPED[battle.step]
        moved = " and ".join(
            name for name, there in (("the attacking card", attacker), ("the target", target)) if not there
        )
        self.cut_short = (self.game.turn, clause, skipped)
        self.game.record(
            RecordKind.FORCED,
            self.game.turn_player,
            f"{moved} moved areas during the {battle.step.capitalize()} Step: the battle proceeds not to the "
            f"{skipped.capitalize()} Step but to its end",
            (clause, "wl:7.1.5"),
        )
        return False

    def still_there(self, player: str, card: Card, instance: int) -> bool:
        """Whether ``card`` is the same card (3.1.6) on ``player``'s field as when it joined the battle."""
        me = self.states[player]
        return card.instance == instance and (card is me.leader or any(c is card for c in me.characters))

    # -- block (7.1.2) -------------------------------------------------------------------------------------

    def block_refusal(self, player: str, choice: Named) -> Refusal:
        """Why the card ``choice`` names does not block (wl 7.1.2.1, 10.1.4.1: an active [Blocker] of the
        defender's other than the attacked card): it is not there, it is the Leader or the attacked card, it has
        no [Blocker], or it is rested (with what rested it, where the game saw it)."""
        clauses: tuple[str, ...] = ("wl:7.1.2.1", "wl:10.1.4.1")
        me = self.states[player]
        blocker = me.find(choice.source)
        rule = "an active [Blocker] other than the attacked card blocks"
        if blocker is None:
            return Refusal(clauses, f"{player} has no {choice.source} among their Characters to block with")
        named = me.address(blocker)
        if blocker is me.leader:
            return Refusal(clauses, f"the Leader cannot block: {rule}")
        if self.battle is not None and blocker is self.battle.target:
            return Refusal(clauses, f"{named} is the attacked card: {rule}")
        definition = self.game.definition(blocker)
        if definition is None or "blocker" not in definition.keywords:
            return Refusal(clauses, f"{named} has no [Blocker]: {rule}")
        rested = self.game.rested_cause(blocker)
        if rested is not None:
            text, clause, cause = rested
            clauses = clauses if clause in clauses else (*clauses, clause)
            return Refusal(clauses, f"{named} cannot block: {rule}: it is rested: {text}", cause)
        if blocker.orientation != "stand":
            return Refusal(clauses, f"{named} is rested: {rule}")
        return Refusal(clauses, f"{named} cannot block: {rule}")

    def block_step(self, defender: str, battle: Battle) -> Procedure:
        """wl 7.1.2.1, 10.1.4.1: the defender may rest one active [Blocker] other than the attacked card; it becomes
        the card being attacked.  A point only while such a Blocker is there (the log format: ``judge/site/wl-logs.rst``)."""
        me = self.states[defender]
        blockers = [
            c
            for c in me.characters
            if c is not battle.target
            and c.orientation == "stand"
            and (d := self.game.definition(c)) is not None
            and "blocker" in d.keywords
        ]
        if not blockers:
            return
        decision = Decision(
            defender,
            "block",
            [PASS, *(Named("block", source=me.address(c)) for c in blockers)],
            ("wl:7.1.2.1", "wl:10.1.4.1"),
            frozenset({"block"}),
            prompt="block with an active [Blocker], or pass",
            default=PASS,
        )
        choice = yield decision
        if isinstance(choice, Named):
            blocker = me.find(choice.source)
            assert blocker is not None
            blocker.orientation = "rest"
            self.game.rested_by(blocker, "its block", "wl:7.1.2.1")
            battle.target, battle.blocked, battle.target_object = blocker, True, blocker.instance
            self.game.version += 1
            blocked = self.game.record(
                RecordKind.CHOICE,
                defender,
                f"{defender} blocks with {me.address(blocker)}",
                ("wl:7.1.2.1", "wl:10.1.4", "wl:10.1.4.1"),
                cause=battle.declared,
            )
            yield from self.game.autos.autos(defender, blocker, "on_block", blocked)
        yield Checkpoint(decision)

    # -- counter (7.1.3) -----------------------------------------------------------------------------------

    def counter_step(self, defender: str, battle: Battle) -> Procedure:
        """wl 7.1.3.2: counters from the hand, in any order and as many as the defender wishes, then a pass."""
        game = self.game
        while True:
            decision = Decision(
                defender,
                "counter",
                lambda: [PASS, *self.counter_options(defender)],
                ("wl:7.1.3.2",),
                frozenset({"counter"}),
                prompt="trash a counter Character, activate a [Counter] Event, or pass",
                default=PASS,
            )
            choice = yield decision
            if not isinstance(choice, Named):
                yield Checkpoint(decision)
                return
            with game.caused_by(battle.declared):
                game.playing.counter(defender, choice)
            yield Checkpoint(decision)

    def counter_options(self, defender: str) -> list[Choice]:
        me = self.states[defender]
        options: list[Choice] = []
        for identity in sorted({c.identity for c in me.hand if c.identity is not None}):
            choice = Named("counter", card=identity, target=LEADER)
            if self.game.playing.counter_refusal(defender, choice) is None:
                options.append(choice)
        return options

    # -- damage (7.1.4) -------------------------------------------------------------------------------------

    def damage_step(self, player: str, defender: str, battle: Battle) -> Procedure:
        game = self.game
        playing = game.playing
        attack = playing.power(player, battle.attacker)
        defence = playing.power(defender, battle.target)
        permanent = (
            ("wl:8.1.3", "wl:8.1.3.4")  # a permanent effect's power counts in the comparison
            if playing.permanent_in_force(player, battle.attacker)
            or playing.permanent_in_force(defender, battle.target)
            else ()
        )
        if attack < defence:
            game.record(
                RecordKind.FORCED,
                player,
                f"{attack} against {defence}: the attack loses",
                ("wl:7.1.4.2", *permanent),
                cause=battle.declared,
            )
            return
        me = self.states[defender]
        definition = game.definition(battle.attacker)
        keywords = definition.keywords if definition is not None else frozenset()
        damage = 2 if "double_attack" in keywords and battle.target is me.leader else 1
        wins = game.record(
            RecordKind.FORCED,
            player,
            f"{attack} against {defence}: the attack wins",
            ("wl:7.1.4.1", *permanent)
            if damage == 1
            else ("wl:7.1.4.1", "wl:10.1.2", "wl:10.1.2.1", "wl:4.6.2.2", *permanent),
            cause=battle.declared,
        )
        if battle.target is not me.leader:
            with game.caused_by(wins):
                yield from self.knock_out(defender, battle.target)
            return
        for _ in range(damage):
            with game.caused_by(wins):
                yield from self.deal_damage(defender, "banish" in keywords)

    def deal_damage(self, defender: str, banish: bool) -> Procedure:
        """wl 7.1.4.1.1: one damage to the Leader: with no Life the attacker wins (7.1.4.1.1.1, 9.2.1.1); else the top
        Life card goes to the hand (7.1.4.1.1.2), to the trash with [Banish] (10.1.3), or reveals its [Trigger]
        (10.1.5).  A ``damage`` entry tells the card (``?`` while unseen) and the [Trigger] choice."""
        game = self.game
        me = self.states[defender]
        if not me.life:
            game.rule_processing.check(damaged_at_zero=defender)
            return
        reveal = Reveal(defender, "damage", 1, ("wl:7.1.4.1.1.2",))
        answer = yield reveal
        card = me.life[-1]  # it stays in the Life area until the [Trigger] choice is made
        game.moves.bind(card, answer, 0, reveal)
        reveal.used = 1
        game.version += 1
        trigger = yield from self.trigger_chosen(defender, card, banish)
        me.life.pop()
        if banish:
            me.trash.append(card)
            game.record(
                RecordKind.FORCED,
                defender,
                f"[Banish]: {card.identity or '?'} goes from the Life area to the trash",
                ("wl:10.1.3", "wl:10.1.3.1", "wl:4.6.1"),
            )
        elif trigger:
            me.trash.append(card)
            revealed = game.record(
                RecordKind.CHOICE,
                defender,
                f"{defender} reveals {card.identity} and activates its [Trigger]",
                ("wl:10.1.5", "wl:10.1.5.1", "wl:4.6.1", "wl:4.6.3", "wl:8.6.2.1"),
                step="[Trigger]",
            )
            with game.caused_by(revealed):
                game.playing.event_effect(defender, card, "trigger", None)
        else:
            me.hand.append(card)
            game.record(
                RecordKind.FORCED,
                defender,
                f"{defender} adds the top Life card to the hand",
                ("wl:7.1.4.1.1.2", "wl:4.6.1", "wl:4.6.2", "wl:4.6.2.1"),
            )
        yield Checkpoint(reveal)

    def trigger_chosen(self, defender: str, card: Card, banish: bool) -> Procedure:
        """The defender's choice to activate the Life card's [Trigger] (10.1.5.1-10.1.5.2): the ``damage`` entry's
        ``trigger``.  It is asked of every Life card, so that a ``trigger: true`` where none can be activated, under
        [Banish] (10.1.3.1) or for a card without [Trigger], is refused rather than read past."""
        definition = self.game.definition(card)
        could = (
            definition.trigger
            if definition is not None
            else card.pool is not None
            and any(
                (d := self.game.definitions.get(identity)) is not None and d.trigger
                for identity in card.pool.identities()
            )
        )
        clauses = ("wl:10.1.3.1",) if banish else ("wl:10.1.5.1", "wl:10.1.5.2")
        options = [Choice("trigger", flag=False)]
        if could and not banish:
            options.append(Choice("trigger", flag=True))
        named = f"the Life card {card.identity}" if card.identity is not None else "the Life card"
        self.no_trigger = (
            ""
            if could and not banish
            else f"the attack has [Banish]: {named} goes to the trash, and no [Trigger] is activated"
            if banish
            else f"{named} has no [Trigger] to activate"
        )
        decision = Decision(
            defender,
            "trigger",
            options,
            clauses,
            frozenset({"damage"}),
            prompt="reveal the Life card and activate its [Trigger], or add it to your hand",
            default=Choice("trigger", flag=False),
        )
        choice = yield decision
        if choice.flag and card.identity is None and card.pool is not None:  # a [Trigger] revealed: the card has it
            having = [
                i for i in card.pool.identities() if (d := self.game.definitions.get(i)) is not None and d.trigger
            ]
            if len(having) == 1:
                card.reveal(having[0])
        return bool(choice.flag)

    def knock_out(self, defender: str, card: Card) -> Procedure:
        """wl 7.1.4.1.2, 10.2.1.2: the Character is K.O.'d, to its owner's trash; a log may write it as ``ko``."""
        me = self.states[defender]
        reveal = Reveal(defender, "ko", 1, ("wl:7.1.4.1.2", "wl:10.2.1.2"))
        answer = yield reveal
        address = me.address(card)
        unknown = self.game.no_record(str(answer[0])) if answer and answer[0] is not None else None
        if unknown is not None:
            reveal.problems.append(unknown)
        elif answer and answer[0] not in (None, "?", card.identity):
            reveal.problems.append(
                Refusal(
                    ("wl:7.1.4.1.2", "wl:10.2.1.2"), f"the Character K.O.'d is {address}; the entry names {answer[0]}"
                )
            )
        activated = self.game.autos.auto_effects(defender, card, "on_ko")  # checked on the field
        knocked_out = self.game.moves.trash_from_field(
            defender, card, ("wl:7.1.4.1.2", "wl:10.2.1.1", "wl:10.2.1.2"), f"{address} is K.O.'d"
        )
        yield from self.game.autos.resolve_autos(defender, card, "on_ko", activated, knocked_out)
        reveal.used = 1
        yield Checkpoint(reveal)

    # -- the end of the battle (7.1.5) ------------------------------------------------------------------------

    def end_of_battle(self) -> None:
        game = self.game
        for player in (game.turn_player, game.non_turn_player):
            if game.effects.expire(Duration.END_OF_BATTLE, controller=player):
                game.version += 1
        game.record(RecordKind.TIMING, game.turn_player, "the battle ends", ("wl:7.1.5.1", "wl:7.1.5.3", "wl:7.1.5.4"))
        self.finished, self.battle = self.battle, None
