"""Preparing the game (vg 5) and Stand Up (vg 6.1), or a given position instead.

Implements vg 5.4.2 (both decks presented, checked against 5.2 and 5.3:
``engine.games.vg.cards.deck_problems``), 5.4.3 (a grade 0 from the main deck
face down on the vanguard circle, chosen before the shuffle), 5.4.3.1 (the G
deck face down in the G zone, the main deck shuffled; a log may say its order
after the shuffle), 5.4.4 (five cards each, then a mulligan each, from the
player going first) and 6.1.1 (Stand Up).  A scenario's starting position
replaces all of it; its cards must fit the deck lists and the zones (vg 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.core.reveals import (
    asserted_card,
    card_from_deck_list,
    lay_known_order,
    match_counts,
    take_asserted_place,
)
from engine.games.vg.cards import deck_problems
from engine.games.vg.state import CIRCLES, OPENING_HAND, VANGUARD, PlayerState, Position

ASSERTED_PILES = ("hand", "deck", "soul", "drop", "damage", "bind", "trigger")
"""The main deck's piles a log's assertion counts, in the order cards are looked for in them."""
ASSERTED_G_ZONE = ("g_down", "g_up")
"""The G zone's face-down and face-up cards (vg 4.11.2, 4.11.3): G units, which never mix with the main deck's."""

if TYPE_CHECKING:
    from engine.games.vg.game import Vanguard


class Opening:
    """The game's preparation (vg 5.4) and Stand Up (vg 6.1), or the position it starts from."""

    def __init__(self, game: Vanguard) -> None:
        self.game = game
        self.states = game.player_states

    def check_decks(self) -> None:
        """vg 5.4.2: the decks presented must fulfil vg 5.2 and 5.3."""
        for player in self.states.values():
            self.game.setup_problems.extend(
                deck_problems(player.id, dict(player.deck_list), dict(player.g_deck_list), self.game.definitions)
            )

    def new_card(self, player: PlayerState, identity: str | None, where: str, g_unit: bool = False) -> Card:
        """A card of ``player``'s main deck (or G deck) that a position names; one its list cannot give is a
        setup problem."""
        if g_unit:
            card = Card(player.id, identity)
            if identity is not None and player.g_deck_list[identity] == 0:
                self.game.setup_problems.append(
                    Refusal(("vg:5.4.2",), f"{where}: {identity!r} is not in {player.id}'s G deck list")
                )
            return card
        return card_from_deck_list(
            player.id, player.unknown, player.deck_list, identity, where, ("vg:5.4.2",), self.game.setup_problems
        )

    # -- from the opening -----------------------------------------------------------------

    def run(self) -> Procedure:
        """vg 5.4.3-5.4.4 and 6.1.1."""
        game = self.game
        game.phase = "setup"
        for state in self.states.values():
            assert state.unknown is not None
            state.deck = [Card(state.id, pool=state.unknown) for _ in range(sum(state.unknown.contents.values()))]
            state.g_down = [Card(state.id, identity) for identity in sorted(state.g_deck_list.elements())]
        order = (game.first, game.opponent(game.first))
        for player in order:
            yield from self.choose_first_vanguard(player)
        for state in self.states.values():
            self.shuffle_deck(state)
        game.record(
            RecordKind.FORCED,
            None,
            "the G decks go face down to the G zones; the main decks are shuffled",
            ("vg:5.4.3.1", "vg:4.11.4", "vg:5.1.1", "vg:5.2.1", "vg:5.3.1"),
        )
        game.record(RecordKind.TIMING, game.first, f"{game.first} goes first", ("vg:5.4.3.2",))
        for player in order:
            yield from self.draw_opening_hand(player)
        for player in order:
            yield from self.mulligan(player)
        yield from self.stand_up()
        game.turn = 1
        game.turn_player = game.first

    def choose_first_vanguard(self, player: str) -> Procedure:
        """vg 5.4.3: a grade 0 card of the main deck, face down on the vanguard circle."""
        me = self.states[player]
        grade_zero = sorted(
            identity
            for identity, copies in me.deck_list.items()
            if copies and (d := self.game.definitions.get(identity)) is not None and d.grade == 0
        )
        options = [Choice("first_vanguard", card=identity) for identity in grade_zero]
        decision = Decision(
            player,
            "first_vanguard",
            options,
            ("vg:5.4.3",),
            frozenset({"first_vanguard"}),
            prompt="choose a grade 0 card of your main deck as your first vanguard",
            simultaneous=True,
        )
        choice = yield decision
        card = self.game.moves.take(player, "deck", choice.card_id)
        self.game.moves.place(player, VANGUARD, card)
        me.face_down.add(card.instance)
        self.game.record(
            RecordKind.CHOICE,
            player,
            f"{player} puts a first vanguard face down",
            ("vg:5.4.1", "vg:5.4.3"),
            card=choice.card,
        )
        yield Checkpoint(decision)

    def shuffle_deck(self, state: PlayerState) -> None:
        """vg 5.4.3.1: the main deck, shuffled; the log's ``order`` says how it lies, as far as it says."""
        order = self.game.order.get(state.id, [])
        lay_known_order(state.deck, order, state.id, ("vg:5.4.2",), self.game.setup_problems)

    def draw_opening_hand(self, player: str) -> Procedure:
        yield from self.game.moves.draw(
            player, OPENING_HAND, ("vg:5.4.4", "vg:4.2.3"), purpose="opening", simultaneous=True
        )

    def mulligan(self, player: str) -> Procedure:
        """vg 5.4.4: any number of hand cards shuffled back into the deck, then as many drawn; none, no shuffle."""
        decision = Decision(
            player,
            "mulligan",
            [Choice("mulligan", cards=())],
            ("vg:5.4.4",),
            frozenset({"mulligan"}),
            prompt="return any number of cards from your hand to the deck, shuffle, and draw as many",
            default=Choice("mulligan", cards=()),
        )
        choice = yield decision
        me = self.states[player]
        returned = [self.game.moves.take(player, "hand", identity) for identity in choice.cards]
        self.game.record(
            RecordKind.CHOICE,
            player,
            f"{player} returns {len(returned)} card(s) to the deck" + (" and shuffles it" if returned else ""),
            ("vg:5.4.4",),
            cards=list(choice.cards),
        )
        if returned:
            self.game.moves.shuffle_in(me, returned)
            yield from self.game.moves.draw(player, len(returned), ("vg:5.4.4",), purpose="mulligan_draw")
        yield Checkpoint(decision)

    def stand_up(self) -> Procedure:
        """vg 6.1.1: both vanguards turn face up; a log may write it as a ``stand_up`` entry."""
        reveal = Reveal(self.game.first, "stand_up", 0, ("vg:6.1.1",), simultaneous=True)
        yield reveal
        for state in self.states.values():
            vanguard = state.vanguard
            if vanguard is not None:
                state.face_down.discard(vanguard.instance)
        self.game.version += 1
        self.game.record(RecordKind.FORCED, None, "Stand Up: both vanguards are turned face up", ("vg:6.1.1",))
        yield Checkpoint(reveal)

    # -- from a position ------------------------------------------------------------------

    def place(self, position: Position) -> None:
        """Lay out a starting position; its cards must fit the deck lists and the zones (vg 4)."""
        game = self.game
        game.turn = position.turn
        game.turn_player = position.active
        game.phase = position.phase
        for player_id, layout in position.players.items():
            me = self.states[player_id]
            for zone in ("hand", "drop", "soul", "bind", "removed"):
                for identity in getattr(layout, zone):
                    g_unit = zone == "removed" and self.is_g_unit_id(identity)  # a G assist removes G units too
                    me.zone(zone).append(self.new_card(me, identity, f"setup {player_id} {zone}", g_unit=g_unit))
            for identity, face_down in layout.damage:
                card = self.new_card(me, identity, f"setup {player_id} damage")
                me.damage.append(card)
                if face_down:
                    me.face_down.add(card.instance)
            for identity in layout.g_down:
                me.g_down.append(self.new_card(me, identity, f"setup {player_id} g_zone", g_unit=True))
            for identity in layout.g_up:
                me.g_up.append(self.new_card(me, identity, f"setup {player_id} g_zone", g_unit=True))
            for circle, (identity, orientation, face_down) in layout.circles.items():
                definition = game.definitions.get(identity)
                g_unit = definition is not None and definition.is_g_unit
                if circle not in CIRCLES:
                    game.setup_problems.append(Refusal(("vg:4.6.1",), f"setup {player_id}: no circle {circle}"))
                    continue
                if g_unit and circle != VANGUARD:
                    game.setup_problems.append(
                        Refusal(("vg:10.1.27",), f"setup {player_id} {circle}: a G unit is only ever on V")
                    )
                card = self.new_card(me, identity, f"setup {player_id} {circle}", g_unit=g_unit)
                card.orientation = orientation
                me.circles[circle].append(card)
                if face_down:
                    me.face_down.add(card.instance)
            for identity in layout.hearts:
                me.hearts.append(self.new_card(me, identity, f"setup {player_id} hearts"))
            for circle, state in layout.states:
                unit = me.unit_at(circle)
                if unit is not None:
                    (me.locked if state == "locked" else me.deleted).add(unit.instance)
                    me.face_down.add(unit.instance)
            if layout.mate is not None:
                me.mate = self.new_card(me, layout.mate, f"setup {player_id} V mate")
                me.mate.orientation = me.vanguard.orientation if me.vanguard is not None else "stand"
                me.been_in_legion.update({me.mate.instance, *(c.instance for c in me.circles[VANGUARD])})
                me.placings += 1  # placed after its Legion Leader (vg 10.1.24.1)
                me.placed_at[me.mate.instance] = me.placings
            for identity in layout.guardians:
                guardian = self.new_card(me, identity, f"setup {player_id} G")
                guardian.orientation = "rest"
                me.guardians.append(guardian)
                me.guarding[guardian.instance] = VANGUARD
            if me.guardians and game.phase != "battle":
                game.setup_problems.append(
                    Refusal(("vg:9.4.1",), f"setup {player_id}: guardians stay on G only in the battle phase")
                )
            if me.hearts and not self.is_g_unit(me.vanguard):
                game.setup_problems.append(
                    Refusal(("vg:10.1.26",), f"setup {player_id}: hearts lie only under a G unit on V")
                )
            me.deck = [self.new_card(me, identity, f"setup {player_id} deck") for identity in layout.deck_top]
            rest = layout.deck_rest
            if rest is None:
                assert me.unknown is not None
                rest = max(0, sum(me.unknown.contents.values()) - self.unknown_cards(me))
            me.deck.extend(Card(player_id, pool=me.unknown) for _ in range(rest))

    def take_asserted(
        self,
        player_id: str,
        counts: dict[str, int],
        face_down: int | None,
        circles: dict[str, tuple[str | None, str | None] | None],
    ) -> list[str]:
        """Make ``player_id``'s cards what a log asserts they are, where the replay's differ: ``counts`` of piles
        (``hand``, ``deck``, ``soul``, ``drop``, ``damage``, ``bind``, ``trigger``, and the G zone's ``g_down`` and
        ``g_up``), how many damage cards lie ``face_down`` (None: as they are), and the ``circles``, each empty
        (None) or a card and an orientation (either None: as it is).  Returns what was changed, in words.

        A unit a circle needs is taken from where the replay has a card of that name (a pile with more cards than
        asserted first), or an unseen card that can be it; a G unit from the G zone.  Cards leave piles with more
        than asserted for piles with fewer, the G zone's among themselves; the cards left over go to the drop
        zone (G units face up to the G zone).  Which cards moved is not known, so they become unseen, drawn from
        one pool of their names: what the log reveals later binds them.  Power and critical are not set: effects
        make them."""
        me = self.states[player_id]
        changed: list[str] = []
        loose: list[Card] = []
        main = {zone: me.zone(zone) for zone in ASSERTED_PILES}
        g_zone = {zone: me.zone(zone) for zone in ASSERTED_G_ZONE}
        for circle, wanted in circles.items():
            pile = me.circles.get(circle)
            if pile is None:
                continue
            placed = take_asserted_place(
                player_id,
                pile,
                wanted,
                f"{player_id} {circle}",
                lambda identity: asserted_card(
                    g_zone if self.is_g_unit_id(identity) else main, identity, counts, loose
                ),
                loose,
                changed,
            )
            if placed is not None and circle == VANGUARD:
                me.placings += 1
                me.placed_at[placed.instance] = me.placings
        g_units = [card for card in loose if self.is_g_unit(card)]
        loose = [card for card in loose if not self.is_g_unit(card)]
        match_counts(player_id, main, counts, loose, "drop", changed)
        match_counts(player_id, g_zone, counts, g_units, "g_up", changed)
        if face_down is not None:
            down = [card for card in me.damage if card.instance in me.face_down]
            up = [card for card in me.damage if card.instance not in me.face_down]
            before = len(down)
            for card in down[face_down:]:
                me.face_down.discard(card.instance)
            for card in up[: max(0, face_down - before)]:
                me.face_down.add(card.instance)
            after = sum(1 for card in me.damage if card.instance in me.face_down)
            if after != before:
                changed.append(f"{player_id} damage face down {before} -> {after}")
        self.game.version += 1
        return changed

    def is_g_unit_id(self, identity: str | None) -> bool:
        definition = self.game.definitions.get(identity) if identity is not None else None
        return definition is not None and definition.is_g_unit

    def is_g_unit(self, card: Card | None) -> bool:
        definition = self.game.definition(card) if card is not None else None
        return definition is not None and definition.is_g_unit

    def unknown_cards(self, me: PlayerState) -> int:
        """How many cards of the position are main-deck cards whose identity it does not say."""
        piles = [me.hand, me.drop, me.soul, me.bind, me.removed, me.damage, me.hearts, *me.circles.values()]
        return sum(1 for pile in piles for card in pile if card.identity is None)
