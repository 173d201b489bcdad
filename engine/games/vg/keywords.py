"""Keyword abilities (vg 10.2) that change the procedure beyond a battle's checks.

Boost (10.2.3), Intercept (10.2.2), Twin and Triple Drive (10.2.1), Restraint
(10.2.4) and Lord (10.2.7) are read where the battle uses them
(``engine.games.vg.battle``, ``characteristics``); the Sentinel limit (10.2.8)
where decks are checked (``cards``).  This module holds the keyword abilities
that trigger or act: Forerunner (10.2.6), Seek Mate and the legion it makes
(10.2.9, 10.1.24), and Limit Break and Generation Break (10.2.5, 10.2.11),
which gate card text by counts.  A legion's part in a battle (both units
attack and rest, their powers added, 10.1.24.5-10.1.24.6) is the battle's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Card
from engine.core.game import Procedure, StandbyAbility
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal
from engine.games.vg.choices import OnCircle, SeekMate
from engine.games.vg.state import REAR_GUARD_CIRCLES, VANGUARD

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard


class Keywords:
    """The triggered and counted keyword abilities of vg 10.2."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states

    def forerunner_triggers(self, player: str, rider: Card) -> None:
        """vg 10.2.6: when a unit of the same clan rides a Forerunner, it may be called to a rear-guard circle."""
        game = self.game
        soul = self.states[player].soul
        if not soul:
            return
        ridden = soul[-1]
        ridden_definition = game.definition(ridden)
        rider_definition = game.definition(rider)
        if ridden_definition is None or rider_definition is None or ridden_definition.has("forerunner") is None:
            return
        if not set(ridden_definition.clans) & set(rider_definition.clans):
            return
        game.trigger(
            StandbyAbility(player, "forerunner", ridden, ridden.instance, self.resolve_forerunner, ("vg:10.2.6",)),
            f"{rider.identity} rode it",
        )

    def resolve_forerunner(self, ability: StandbyAbility) -> Procedure:
        """vg 10.2.6: call the Forerunner from the soul to a rear-guard circle, or not."""
        game = self.game
        player = ability.master
        card = ability.source
        me = self.states[player]
        if card not in me.soul or card.instance != ability.source_instance:
            game.record(
                RecordKind.ABILITY, player, f"{card.identity} has left the soul: forerunner does nothing", ("vg:8.6.8",)
            )
            return
        options: list[Choice] = [PASS, *(OnCircle("call", circle, card=card.identity) for circle in REAR_GUARD_CIRCLES)]
        decision = Decision(
            player,
            "forerunner",
            options,
            ("vg:10.2.6",),
            frozenset({"resolve"}),
            prompt=f"call {card.identity} from the soul to a rear-guard circle (forerunner), or not",
            default=PASS,
            source=card.identity,
            ability="forerunner",
        )
        choice = yield decision
        if isinstance(choice, OnCircle) and choice.circle is not None:
            me.soul.remove(card)
            game.moves.place(player, choice.circle, card)
            game.record(
                RecordKind.ABILITY,
                player,
                f"forerunner: {card.identity} is called to {choice.circle}",
                ("vg:10.2.6", "vg:10.2.6.1", "vg:10.1.6"),
            )
            game.playing.placed(player, card, choice.circle)
        yield Checkpoint(decision)

    # -- Seek Mate and legion (10.2.9, 10.1.24) ---------------------------------------------------

    SEEK_MATE_RETURNS = 4
    """vg 10.2.9.2: four cards of the drop zone go back into the deck."""

    def seek_mate_options(self, player: str) -> list[Choice]:
        """The Seek Mate the vanguard can play now, paid with the first four cards of the drop zone (an example:
        ``seek_mate_refusal`` decides any other four)."""
        me = self.states[player]
        vanguard = me.vanguard
        definition = self.game.definition(vanguard) if vanguard is not None else None
        keyword = definition.has("seek_mate") if definition is not None else None
        if vanguard is None or keyword is None:
            return []
        returned = tuple(sorted(c.identity or "?" for c in me.drop[: self.SEEK_MATE_RETURNS]))
        choice = SeekMate(vanguard.identity, returned, str(keyword.get("mate")))
        return [choice] if self.seek_mate_refusal(player, choice) is None else []

    def seek_mate_refusal(self, player: str, choice: SeekMate) -> Refusal | None:
        """vg 10.2.9.2: the vanguard's own Seek Mate, never in legion before, the opponent's vanguard grade 3 or
        more, four drop-zone cards returned, and the card searched for the one it names, where the deck can
        hold it."""
        me = self.states[player]
        vanguard = me.vanguard
        if vanguard is None or choice.card not in (VANGUARD, vanguard.identity):
            return Refusal(("vg:10.2.9.2", "vg:10.1.24.1"), f"Seek Mate is played by the vanguard, not {choice.card}")
        definition = self.game.definition(vanguard)
        keyword = definition.has("seek_mate") if definition is not None else None
        if keyword is None:
            return Refusal(("vg:10.2.9.1",), f"{vanguard.identity} has no Seek Mate")
        if me.mate is not None or vanguard.instance in me.been_in_legion:
            return Refusal(("vg:10.2.9.2",), f"{vanguard.identity} has been in a legion state: no Seek Mate")
        opponent = self.game.opponent(player)
        if self.game.vanguard_grade(opponent) < 3:
            grade = self.game.vanguard_grade(opponent)
            return Refusal(("vg:10.2.9.2",), f"{opponent}'s vanguard is grade {grade}: Seek Mate needs grade 3 or more")
        drop = [c.identity for c in me.drop]
        for identity in choice.cards:
            if identity not in drop:
                return Refusal(("vg:10.2.9.2",), f"{identity} is not in {player}'s drop zone to return to the deck")
            drop.remove(identity)
        if len(choice.cards) != self.SEEK_MATE_RETURNS:
            return Refusal(("vg:10.2.9.2",), f"Seek Mate returns four cards of the drop zone, not {len(choice.cards)}")
        if choice.mate is not None:
            if choice.mate != str(keyword.get("mate")):
                return Refusal(("vg:10.2.9.1.1",), f"the Seek Mate of {vanguard.identity} names {keyword.get('mate')}")
            in_deck = (
                any(
                    c.identity == choice.mate
                    or (c.identity is None and c.pool is not None and c.pool.can_be(choice.mate))
                    for c in me.deck
                )
                or choice.mate in choice.cards
            )
            if not in_deck:
                return Refusal(("vg:10.1.9",), f"{player}'s deck cannot hold {choice.mate} to search for")
        return None

    def seek_mate(self, player: str, choice: SeekMate) -> Procedure:
        """vg 10.2.9.2: return four drop-zone cards to the deck, search it for the mate, legion, shuffle."""
        game = self.game
        me = self.states[player]
        returned = [game.moves.take(player, "drop", identity) for identity in choice.cards]
        game.moves.shuffle_in(me, returned)
        game.record(
            RecordKind.CHOICE,
            player,
            f"{player} plays Seek Mate: {', '.join(choice.cards)} return to the deck",
            ("vg:10.2.9.2",),
        )
        vanguard = me.vanguard
        assert vanguard is not None
        if choice.mate is None:
            game.record(RecordKind.CHOICE, player, f"{player} finds no card to legion with", ("vg:10.1.9.1.1",))
        else:
            mate = game.moves.take(player, "deck", choice.mate)
            mate.renew()
            mate.orientation = vanguard.orientation
            me.mate = mate
            me.been_in_legion.update((vanguard.instance, mate.instance))
            me.placings += 1  # the Legion Mate is placed on the vanguard circle (vg 10.1.24.1)
            me.placed_at[mate.instance] = me.placings
            game.version += 1
            game.record(
                RecordKind.CHOICE,
                player,
                f"{vanguard.identity} and {mate.identity} are in legion",
                ("vg:10.1.24.1", "vg:10.1.24.2", "vg:10.1.24.3", "vg:10.1.24.4", "vg:10.1.5.1.5"),
            )
            game.card_text.unmodelled_text(player, mate)
        game.moves.shuffle_in(me, [])
        game.record(RecordKind.FORCED, player, f"{player} shuffles the deck", ("vg:10.2.9.2", "vg:10.1.10"))
        return
        yield  # pragma: no cover - a procedure, for the legion abilities to come

    def limit_break(self, player: str, count: int) -> bool:
        """vg 10.2.5: Limit Break n is active while its master has n or more damage."""
        return len(self.states[player].damage) >= count

    def generation_break(self, player: str, count: int) -> bool:
        """vg 10.2.11: Generation Break n is active while its master has n or more face-up G units on the vanguard
        circle and in the G zone."""
        me = self.states[player]
        on_vanguard = sum(
            1 for card in me.circles["V"] if (d := self.game.definition(card)) is not None and d.is_g_unit
        )
        return len(me.g_up) + on_vanguard >= count
