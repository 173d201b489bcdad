"""The battle phase (vg 6.7, 7): start, attack, guard, drive, damage and close steps.

Implements 7.2 (attack or not; none in the very first turn, 7.2.1.3), 7.3
(a standing unit of the front row attacks and rests, 7.3.1.3; the opponent's
vanguard or a front-row rear-guard is attacked, 7.3.1.4; the unit behind it may
boost, 7.3.1.6-7.3.1.7), 7.4 (guardians called from the hand, 7.4.1.2.1, and
intercepts, 7.4.1.2.2, 10.2.2; their shield, 7.4.1.3), 7.5 (drive checks, as
many as the vanguard's drive), 7.6 (the hit, 7.6.1.2-7.6.1.3; one damage check
per critical, 7.6.1.5-7.6.1.6; hit rear-guards and guardians retired, 7.6.1.8)
and 7.7 (the battle's end: "at the end of the battle" abilities, 7.7.1.1, the check
timing and the end of "during this battle" effects, 7.7.1.2, and the close step
going back while anything is left, 7.7.1.3).  The trigger icons are
``engine.games.vg.triggers``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from engine.core.cards import Card
from engine.core.effects import Duration
from engine.core.game import Procedure
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.games.vg.choices import DeclareAttack, OnCircle
from engine.games.vg.state import COLUMN, FRONT_ROW, GUARDIAN, VANGUARD

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard

STEPS: Final = ("start", "attack", "guard", "drive", "damage", "close")
"""vg 7.2-7.7, in order."""
GUARD_VERBS: Final = frozenset({"guard", "intercept"})


@dataclass(slots=True)
class Battle:
    """One battle (vg 7.1.2): its units and where they were when chosen (vg 7.3.1.4.3)."""

    attacker: Card
    attacker_circle: str
    target: Card
    target_circle: str
    booster: Card | None
    booster_circle: str | None
    step: str = "attack"
    entry: int | None = None
    """The log entry that declared the attack, which a later refusal names."""
    drive_checks: int = 0
    damage_checks: int = 0


class BattlePhase:
    """The battle phase (vg 7)."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states
        self.battle: Battle | None = None
        self.finished: Battle | None = None
        """The last battle of this battle phase, once closed: what a check written after it is measured by."""

    # -- the phase --------------------------------------------------------------------------

    def run(self) -> Procedure:
        game = self.game
        player = game.turn_player
        game.phase = "battle"
        self.finished = None
        game.record(RecordKind.TIMING, player, "battle phase begins", ("vg:6.7.1", "vg:7.1.1"))
        while True:
            yield from game.check_timing("beginning of the start step", ("vg:7.2.1.1", "vg:7.2.1"))
            attacks = [] if game.turn == 1 else self.attack_options(player)
            if not attacks:  # the turn player is taken to choose not to attack; a log may still write the pass
                why = "no attack in the very first turn of the game" if game.turn == 1 else "no unit can attack"
                game.record(RecordKind.TIMING, player, why, ("vg:7.2.1.3",))
            decision = Decision(
                player,
                "attack",
                [PASS, *attacks],
                ("vg:7.2.1.2", "vg:7.3.1.3", "vg:7.3.1.4", "vg:7.3.1.6"),
                frozenset({"attack"}),
                prompt="attack (a unit of your front row, its target, and a booster if any) or end the battle phase",
                default=PASS,
            )
            choice = yield decision
            if not isinstance(choice, DeclareAttack):
                game.record(RecordKind.TIMING, player, "no attack: the battle phase ends", ("vg:7.2.1.2",))
                yield Checkpoint(decision)
                return
            yield from self.fight(player, choice, decision)

    def attack_options(self, player: str) -> list[Choice]:
        """Every legal attack: a standing unit of the front row that can attack (vg 7.3.1.3, 10.2.4, 10.2.7),
        the opponent's vanguard or a front-row rear-guard (7.3.1.4), with each possible booster or none (7.3.1.6)."""
        me = self.states[player]
        opponent = self.states[self.game.opponent(player)]
        targets = [circle for circle in FRONT_ROW if opponent.unit_at(circle) is not None]
        options: list[Choice] = []
        for circle in FRONT_ROW:
            unit = me.unit_at(circle)
            if unit is None or unit.orientation != "stand" or self.cannot_attack(player, unit) is not None:
                continue
            boosters: list[str | None] = [None]
            behind = me.unit_at(COLUMN[circle])
            if behind is not None and behind.orientation == "stand" and self.game.has_skill(behind, "boost"):
                boosters.append(COLUMN[circle])
            options.extend(DeclareAttack(circle, target, boost) for target in targets for boost in boosters)
        return options

    def cannot_attack(self, player: str, unit: Card) -> Refusal | None:
        """vg 10.2.4 (Restraint) and 10.2.7 (Lord)."""
        definition = self.game.definition(unit)
        if definition is None:
            return None
        if definition.has("restraint") is not None:
            return Refusal(("vg:10.2.4", "vg:10.2.4.1"), f"{unit.identity} has Restraint: it cannot attack")
        if definition.has("lord") is not None:
            clans = set(definition.clans)
            for _, other in self.states[player].units():
                other_definition = self.game.definition(other)
                if other_definition is not None and not clans & set(other_definition.clans):
                    return Refusal(
                        ("vg:10.2.7", "vg:10.2.7.1"),
                        f"{unit.identity} has Lord and {other.identity} shares no clan with it: it cannot attack",
                    )
        return None

    def attack_refusal(self, player: str, choice: DeclareAttack) -> Refusal:
        """Why an attack as stated is not legal."""
        if self.game.turn == 1:
            return Refusal(("vg:7.2.1.3",), "no attack is possible in the very first turn of the game")
        me = self.states[player]
        unit = me.unit_at(choice.attacker or "")
        if choice.attacker not in FRONT_ROW or unit is None:
            locked = unit is None and bool(me.circles.get(choice.attacker or ""))  # a card, no unit: locked
            return Refusal(
                ("vg:7.3.1.3",) + (("vg:10.1.21.3", "vg:10.1.21.4") if locked else ()),
                f"no unit of {player}'s front row on {choice.attacker}",
            )
        if unit.orientation != "stand":
            return self.game.rested_refusal(
                unit,
                ("vg:7.3.1.3", "vg:7.3.1.3.2"),
                f"{unit.identity} on {choice.attacker} is {unit.orientation}ed, not standing",
            )
        refusal = self.cannot_attack(player, unit)
        if refusal is not None:
            return refusal
        opponent = self.states[self.game.opponent(player)]
        if choice.target not in FRONT_ROW or opponent.unit_at(choice.target or "") is None:
            return Refusal(
                ("vg:7.3.1.4",), f"{choice.target} holds no unit of the opponent's vanguard circle or front row"
            )
        behind = me.unit_at(COLUMN[choice.attacker])
        if choice.boost is not None:
            if choice.boost != COLUMN[choice.attacker] or behind is None:
                return Refusal(
                    ("vg:7.3.1.6",), f"a boost comes from the unit behind {choice.attacker}, not {choice.boost}"
                )
            if not self.game.has_skill(behind, "boost"):
                return Refusal(("vg:10.2.3",), f"{behind.identity} has no Boost")
            if behind.orientation != "stand":
                return self.game.rested_refusal(
                    behind, ("vg:7.3.1.6", "vg:10.2.3"), f"{behind.identity} is rested: it cannot boost"
                )
        return Refusal(("vg:7.3.1.3",), "not a legal attack")

    # -- one battle ---------------------------------------------------------------------------

    def fight(self, player: str, choice: DeclareAttack, decision: Decision) -> Procedure:
        game = self.game
        me = self.states[player]
        opponent = game.opponent(player)
        assert choice.attacker is not None and choice.target is not None
        game.record(RecordKind.TIMING, player, f"{player} attacks", ("vg:7.2.1.2.1",))
        yield from game.check_timing("after choosing to attack", ("vg:7.2.1.2.1",))
        game.record(
            RecordKind.TIMING, player, "the battle begins (attack step)", ("vg:7.1.2", "vg:7.3.1", "vg:7.3.1.1")
        )
        yield from game.check_timing("beginning of the attack step", ("vg:7.3.1.2",))
        attacker = me.unit_at(choice.attacker)
        target = self.states[opponent].unit_at(choice.target)
        if attacker is None or target is None or attacker.orientation != "stand":
            game.record(
                RecordKind.TIMING,
                player,
                "the unit chosen to attack, or the one to attack, is no longer there: the battle goes to its close",
                ("vg:7.3.1.3", "vg:7.3.1.4.2"),
            )
            yield Checkpoint(decision)
            yield from self.close_step()
            return
        attacker.orientation = "rest"
        game.rested_by(attacker, "its attack", "vg:7.3.1.3")
        if choice.attacker == VANGUARD and me.mate is not None:  # a legion attacks and rests as one (10.1.24.5)
            me.mate.orientation = "rest"
            game.rested_by(me.mate, "its legion's attack", "vg:10.1.24.5")
        booster = me.unit_at(choice.boost) if choice.boost is not None else None
        if booster is not None and booster.orientation != "stand":  # no longer able to boost (7.3.1.6)
            booster = None
        if booster is not None:
            booster.orientation = "rest"
            game.rested_by(booster, "its boost", "vg:7.3.1.6")
        game.version += 1
        self.battle = battle = Battle(attacker, choice.attacker, target, choice.target, booster, choice.boost)
        battle.entry = game.entry
        game.record(
            RecordKind.CHOICE,
            player,
            f"{player} attacks {opponent}'s {target.identity} on {choice.target} with {attacker.identity} on "
            f"{choice.attacker}" + (f", boosted by {booster.identity}" if booster is not None else ""),
            ("vg:7.3.1.3", "vg:7.3.1.3.1", "vg:7.3.1.4", "vg:7.3.1.4.1", "vg:10.1.11.1")
            + (("vg:7.3.1.6", "vg:7.3.1.6.1", "vg:10.2", "vg:10.2.3", "vg:10.2.3.1") if booster is not None else ())
            + (
                ("vg:10.1.24.5", "vg:10.1.24.11", "vg:10.1.24.16")
                if choice.attacker == VANGUARD and me.mate is not None
                else ()
            )
            + (("vg:10.1.25.4",) if self.deleted_in(player, opponent, battle) else ()),
            step="attack",
        )
        game.playing.auto_triggers(player, attacker, choice.attacker, "when_attacking", f"{attacker.identity} attacks")
        if booster is not None:
            game.playing.auto_triggers(player, booster, choice.boost, "when_boosting", f"{booster.identity} boosts")
        yield Checkpoint(decision)
        yield from game.check_timing("when a unit attacks or boosts", ("vg:7.3.1.8",))
        yield from game.check_timing("end of the attack step", ("vg:7.3.1.9",))
        battle.step = "guard"
        yield from self.guard_step(opponent, battle)
        if battle.attacker_circle == VANGUARD and self.still_there(player, battle.attacker, battle.attacker_circle):
            battle.step = "drive"
            yield from self.drive_step(player, battle)
        battle.step = "damage"
        yield from self.damage_step(player, opponent, battle)
        battle.step = "close"
        yield from self.close_step()

    def deleted_in(self, player: str, opponent: str, battle: Battle) -> bool:
        """Whether the attacking or the attacked unit is deleted: it battles as any unit does (vg 10.1.25.4)."""
        return (
            battle.attacker.instance in self.states[player].deleted
            or battle.target.instance in self.states[opponent].deleted
        )

    def power_clauses(self, player: str, opponent: str, battle: Battle) -> tuple[str, ...]:
        """The clauses by which the powers a hit compares are what they are (vg 8.7.1: printed, then the numeric
        changes), and those of what made them so in this battle: a unit's continuous abilities (8.1.1.3), a
        deleted unit's power 0 (10.1.25.3-10.1.25.4), a G unit's heart (10.1.26.5.1), a legion (10.1.24.6,
        10.1.24.9)."""
        me, them = self.states[player], self.states[opponent]
        units = [(player, battle.attacker, battle.attacker_circle), (opponent, battle.target, battle.target_circle)]
        booster, booster_circle = battle.booster, battle.booster_circle
        if booster is not None and booster_circle is not None and me.unit_at(booster_circle) is booster:
            units.append((player, booster, booster_circle))  # its power counts while it is there (7.3.1.6.1.1)
        if battle.attacker_circle == VANGUARD and me.mate is not None:
            units.append((player, me.mate, VANGUARD))
        clauses = ["vg:8.7.1", "vg:8.7.1.1", "vg:8.7.1.3"]
        for owner, unit, circle in units:
            clauses += self.game.playing.continuous_clauses(owner, unit, circle)
        if any(unit.instance in self.states[owner].deleted for owner, unit, _ in units):
            clauses += ["vg:10.1.25.3", "vg:10.1.25.4"]
        if any(circle == VANGUARD and self.states[owner].hearts for owner, _, circle in units):
            clauses.append("vg:10.1.26.5.1")
        if battle.attacker_circle == VANGUARD and me.mate is not None:
            clauses.append("vg:10.1.24.6")
        if battle.target_circle == VANGUARD and them.mate is not None:
            clauses.append("vg:10.1.24.9")
        return tuple(dict.fromkeys(clauses))

    def still_there(self, player: str, unit: Card, circle: str) -> bool:
        """vg 7.3.1.4.3: a unit keeps its role only while it stays on its circle."""
        return self.states[player].unit_at(circle) is unit

    def battle_power(self, player: str, unit: Card) -> int:
        """A unit's power in this battle: its own, the booster's (7.3.1.7) and its guardians' shield (7.4.1.3)."""
        power = self.game.characteristics.power(player, unit)
        battle = self.battle
        if battle is None:
            return power
        me = self.states[player]
        if (
            unit is battle.attacker
            and battle.booster is not None
            and battle.booster_circle is not None
            and me.unit_at(battle.booster_circle) is battle.booster
            and self.still_there(player, unit, battle.attacker_circle)
        ):
            power += self.game.characteristics.power(player, battle.booster)
        if unit is battle.attacker and me.mate is not None and battle.attacker_circle == VANGUARD:
            power += self.game.characteristics.power(player, me.mate)  # 7.3.1.7, 10.1.24.6
        if unit is battle.target:
            power += sum(
                self.game.characteristics.shield(guardian)
                for guardian in me.guardians
                if me.guarding.get(guardian.instance) == battle.target_circle
            )
        return power

    # -- guard (7.4) ----------------------------------------------------------------------------

    def guard_step(self, player: str, battle: Battle) -> Procedure:
        """vg 7.4.1.1-7.4.1.4: the non-turn player calls guardians and intercepts, one at a play timing."""
        game = self.game
        game.record(RecordKind.TIMING, player, "guard step begins", ("vg:7.4.1", "vg:7.4.1.1"))
        while True:
            yield from game.check_timing("play timing of the guard step", ("vg:7.4.1.2", "vg:8.4.2.1", "vg:8.4.2"))
            options = self.guard_options(player, battle)
            if not options:  # taken to pass (7.4.1.2.3.1); a log may still write the pass
                game.record(RecordKind.TIMING, player, f"{player} can neither guard nor intercept", ("vg:7.4.1.2.3.1",))
            decision = Decision(
                player,
                "guard",
                [PASS, *options],
                ("vg:7.4.1.2",),
                GUARD_VERBS,
                prompt="call a guardian from your hand, intercept, or pass",
                default=PASS,
            )
            choice = yield decision
            if not isinstance(choice, OnCircle):
                game.record(RecordKind.TIMING, player, f"{player} guards no more", ("vg:7.4.1.2.3",))
                yield Checkpoint(decision)
                break
            self.apply_guard(player, choice)
            yield Checkpoint(decision)
        yield from game.check_timing("end of the guard step", ("vg:7.4.1.4",))

    def guard_options(self, player: str, battle: Battle) -> list[Choice]:
        """vg 7.4.1.2.1 (a hand card no higher in grade than the vanguard, 8.5.2.1.1.2) and 7.4.1.2.2 (an Intercept
        unit of the front row that is not being attacked, 10.2.2), each guarding the attacked unit."""
        me = self.states[player]
        if not self.still_there(player, battle.target, battle.target_circle):
            return []
        grade = self.game.vanguard_grade(player)
        guards: list[Choice] = [
            OnCircle("guard", battle.target_circle, card=identity)
            for identity in sorted(self.game.moves.hand_identities(player))
            if (d := self.game.definitions.get(identity)) is not None and not d.is_g_unit and d.grade <= grade
        ]
        for circle in ("FL", "FR"):
            unit = me.unit_at(circle)
            if unit is not None and circle != battle.target_circle and self.game.has_skill(unit, "intercept"):
                guards.append(OnCircle("intercept", circle, other=battle.target_circle))
        return guards

    def guard_refusal(self, player: str, choice: OnCircle) -> Refusal:
        """Why a guard or an intercept as stated is not legal."""
        battle = self.battle
        me = self.states[player]
        guarded = choice.circle if choice.verb == "guard" else choice.other
        if battle is None or guarded != battle.target_circle:
            refusal = Refusal(("vg:7.4.1.2.1",), f"{guarded} is not the circle of a unit being attacked")
            if battle is None or battle.entry is None:
                return refusal
            return Refusal(
                ("vg:7.4.1.2.1", "vg:7.3.1.4"),
                f"{refusal.message}: the attack at entry {battle.entry} chose {battle.target_circle} (vg:7.3.1.4)",
                f"the attack at entry {battle.entry}",
            )
        if choice.verb == "guard":
            definition = self.game.definitions.get(choice.card or "")
            grade = self.game.vanguard_grade(player)
            if definition is not None and definition.grade > grade:
                return Refusal(
                    ("vg:8.5.2.1.1", "vg:8.5.2.1.1.2", "vg:7.4.1.2.1"),
                    f"{choice.card} is grade {definition.grade}; a guardian's grade is at most the vanguard's ({grade})",
                )
            return Refusal(("vg:7.4.1.2.1",), f"{choice.card} is not in {player}'s hand")
        unit = me.unit_at(choice.circle or "")
        if choice.circle not in ("FL", "FR") or unit is None:
            return Refusal(
                ("vg:7.4.1.2.2", "vg:10.2.2"), f"an intercept comes from a unit on FL or FR, not {choice.circle}"
            )
        if choice.circle == battle.target_circle:
            return Refusal(("vg:7.4.1.2.2",), f"{unit.identity} is being attacked: it cannot intercept")
        return Refusal(("vg:10.2.2",), f"{unit.identity} has no Intercept")

    def apply_guard(self, player: str, choice: OnCircle) -> None:
        game = self.game
        me = self.states[player]
        guarded = choice.circle if choice.verb == "guard" else choice.other
        assert guarded is not None
        if choice.verb == "guard":
            card = game.moves.take(player, "hand", choice.card_id)
            clauses: tuple[str, ...] = (
                "vg:7.4.1.2.1",
                "vg:8.5.1.1.2",
                "vg:8.5.2.2.1.1",
                "vg:8.5.3.3",
                "vg:10.1.6",
                "vg:10.1.6.1.2",
                "vg:10.1.6.1.2.1",
            )
        else:
            unit = me.unit_at(choice.circle or "")
            assert unit is not None
            game.moves.leave_field(player, unit)
            card = unit
            clauses = ("vg:7.4.1.2.2", "vg:10.2.2", "vg:10.2.2.1")
        game.moves.place(player, GUARDIAN, card, "rest")
        me.guarding[card.instance] = guarded
        if choice.verb == "guard":
            game.card_text.unmodelled_text(player, card)
        game.record(
            RecordKind.CHOICE,
            player,
            f"{player} {'calls' if choice.verb == 'guard' else 'intercepts with'} {card.identity} to guard {guarded}",
            clauses,
        )

    # -- drive (7.5) ----------------------------------------------------------------------------

    def drive_step(self, player: str, battle: Battle) -> Procedure:
        game = self.game
        drive = game.characteristics.drive(battle.attacker)
        game.record(
            RecordKind.TIMING,
            player,
            "drive step begins",
            ("vg:7.5.1", *game.characteristics.drive_clauses(battle.attacker)),
        )
        yield from game.check_timing("beginning of the drive step", ("vg:7.5.1.1",))
        while battle.drive_checks < drive:
            yield from self.check(player, "drive")
            battle.drive_checks += 1
            yield from game.check_timing(f"after drive check {battle.drive_checks}", ("vg:7.5.1.3",))
        yield from game.check_timing("end of the drive step", ("vg:7.5.1.4",))

    def check(self, player: str, purpose: str) -> Procedure:
        """A drive check (vg 7.5.1.2) or a damage check (7.6.1.6): the deck's top card to the trigger zone, its
        trigger resolved on a clan match, a check timing, then the card to the hand or the damage zone."""
        game = self.game
        drive = purpose == "drive"
        clauses = ("vg:7.5.1.2", "vg:10.1.13") if drive else ("vg:7.6.1.6", "vg:10.1.14")
        card, reveal = yield from game.moves.reveal_top(player, purpose, clauses)
        if card is None:
            game.record(RecordKind.FORCED, player, f"{player}'s deck is empty: nothing to check", clauses)
            yield Checkpoint(reveal)
            return
        checked = game.record(
            RecordKind.FORCED,
            player,
            f"{purpose} check: {card.identity or '?'}",
            ("vg:7.5.1.2.1", "vg:10.1.13.1")
            if drive
            else ("vg:7.6.1.6.1", "vg:10.1.14.1", "vg:10.1.14.1.1")
            + (("vg:10.1.24.8",) if self.states[player].mate is not None else ()),  # a legion checks once a damage
            card=card.identity,
            step=f"{purpose} check",
        )
        with game.caused_by(checked):  # the check causes what its trigger icon does
            yield from game.triggers.resolve(player, card, ("vg:7.5.1.2.2",) if drive else ("vg:7.6.1.6.2",), reveal)
        yield from game.check_timing(f"after the {purpose} check's trigger", (clauses[0] + ".3",))
        me = self.states[player]
        if card in me.trigger:
            me.trigger.remove(card)
            game.moves.put(player, "hand" if drive else "damage", card)
            game.record(
                RecordKind.FORCED,
                player,
                f"{card.identity or '?'} goes to {player}'s {'hand' if drive else 'damage zone'}",
                ("vg:7.5.1.2.4", "vg:4.10.2") if drive else ("vg:7.6.1.6.4", "vg:4.10.3"),
            )
        yield Checkpoint(reveal)  # the entry's expect sees the checked card in the hand or the damage zone

    # -- damage (7.6) ---------------------------------------------------------------------------

    def damage_step(self, player: str, opponent: str, battle: Battle) -> Procedure:
        game = self.game
        game.record(RecordKind.TIMING, player, "damage step begins", ("vg:7.6.1",))
        yield from game.check_timing("beginning of the damage step", ("vg:7.6.1.1",))
        in_place = self.still_there(player, battle.attacker, battle.attacker_circle) and self.still_there(
            opponent, battle.target, battle.target_circle
        )
        hit = False
        if in_place:
            attack = self.battle_power(player, battle.attacker)
            defence = self.battle_power(opponent, battle.target)
            hit = defence <= attack
            if not game.unrecorded():  # the power clauses are looked for only for a record someone reads
                game.record(
                    RecordKind.FORCED,
                    player,
                    f"{attack} against {defence}: the attack {'hits' if hit else 'does not hit'}",
                    ("vg:7.6.1.2", "vg:7.3.1.6.1.1", "vg:7.3.1.7", "vg:7.4.1.3")
                    + self.power_clauses(player, opponent, battle),
                    hit=hit,
                )
        else:
            game.record(
                RecordKind.FORCED,
                player,
                "a unit of the battle left its circle: no hit",
                ("vg:7.6.1.3", "vg:7.3.1.4.3"),
            )
        yield from game.check_timing("after the hit is decided", ("vg:7.6.1.4",))
        if hit and battle.target_circle == VANGUARD:
            damage = game.characteristics.critical(battle.attacker)
            if damage <= 0:
                game.record(RecordKind.FORCED, player, "critical 0 or less: no damage", ("vg:7.6.1.5.1",))
            for _ in range(max(0, damage)):
                if game.outcome is not None:
                    break
                yield from self.check(opponent, "damage")
                battle.damage_checks += 1
                yield from game.check_timing("after the damage check", ("vg:7.6.1.6.5",))
        elif hit:
            game.record(RecordKind.FORCED, player, "a rear-guard is hit: no damage check", ("vg:7.6.1.7",))
        yield from self.retire_step(opponent, battle, hit)
        if hit and self.still_there(player, battle.attacker, battle.attacker_circle):
            cause = f"the attack of {battle.attacker.identity} hits"
            game.playing.auto_triggers(player, battle.attacker, battle.attacker_circle, "on_attack_hits", cause)
        yield from game.check_timing("when an attack hits", ("vg:7.6.1.9",))

    def retire_step(self, player: str, battle: Battle, hit: bool) -> Procedure:
        """vg 7.6.1.8: the hit rear-guard and every guardian go to the drop zone; a log may write it as ``retire``."""
        me = self.states[player]
        retired = list(me.guardians)
        if hit and battle.target_circle != VANGUARD and self.still_there(player, battle.target, battle.target_circle):
            retired.append(battle.target)
        if not retired:
            return
        reveal = Reveal(player, "retire", len(retired), ("vg:7.6.1.8",))
        answer = yield reveal
        stated = sorted(str(card) for card in answer or [] if card not in (None, "?"))
        retiring = sorted(card.identity or "?" for card in retired)
        unknown = next((refusal for card in stated if (refusal := self.game.no_record(card)) is not None), None)
        if unknown is not None:
            reveal.problems.append(unknown)
        elif stated and stated != retiring:
            reveal.problems.append(
                Refusal(("vg:7.6.1.8",), f"the rules retire {', '.join(retiring)}; the entry lists {', '.join(stated)}")
            )
        for card in retired:
            self.game.moves.retire(player, card, ("vg:7.6.1.8", "vg:10.1.3", "vg:10.1.3.1", "vg:10.1.3.2"))
        reveal.used = len(retired)
        yield Checkpoint(reveal)

    # -- close (7.7) ------------------------------------------------------------------------------

    def close_step(self) -> Procedure:
        """vg 7.7.1: "at the end of the battle" abilities stand by (7.7.1.1), a check timing, and the "during this
        battle" effects end (7.7.1.2); while anything stands by, a rule action is due or such an ability has not
        stood by in this close step, back to 7.7.1.1 (7.7.1.3), each ability standing by once in it."""
        game = self.game
        game.record(RecordKind.TIMING, game.turn_player, "close step begins", ("vg:7.7.1", "vg:7.7.1.1"))
        game.playing.begin_step("end_of_battle")
        while True:
            game.playing.step_triggers("end_of_battle", "the battle's close step")
            yield from game.check_timing("the end of the battle", ("vg:7.7.1.2",))
            if game.effects.expire(Duration.END_OF_BATTLE):
                game.version += 1
            if not game.standby and game.nothing_due() and not game.playing.step_waiting("end_of_battle"):
                break
            game.record(
                RecordKind.TIMING,
                game.turn_player,
                'an ability stands by, a rule action is due, or an "at the end of the battle" ability has not stood '
                "by: the close step goes back",
                ("vg:7.7.1.3", "vg:7.7.1.1"),
            )
        self.finished, self.battle = self.battle, None
        game.record(RecordKind.TIMING, game.turn_player, "the battle ends", ("vg:7.7.1.3", "vg:7.7.1.4"))
