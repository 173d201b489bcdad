"""The operations of an ability's effect, done in order (ws 8.6.2.4.4, 8.8.1): drawing, the deck's top card to
the stock, the clock's top card to the waiting room, the standby effect (4.12.2.10), a card chosen from the
waiting room (8.6.3), power and soul until end of turn for the characters the effect names or its master
chooses (8.2.1.2, 8.6.3), an additional turn (11.2).

``engine.games.ws.playing`` plays the abilities and asks this part to carry out their effects; the vocabulary
of the operations is ``engine.games.ws.abilities``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from engine.core.cards import Card
from engine.core.game import Procedure, holding_checkpoints
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.core.wording import counted
from engine.games.ws.abilities import GAINS, CardAbility, chosen_card_fits, chosen_card_words
from engine.games.ws.characteristics import applies_to, required_traits, trait_words
from engine.games.ws.choices import PutTo
from engine.games.ws.state import CENTER, MIDDLE

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz

ZONE_CLAUSES: Final = {
    "deck": "ws:3.2.1",
    "hand": "ws:3.3.1",
    "waiting": "ws:3.4.1",
    "clock": "ws:3.8.1",
    "stock": "ws:3.10.1",
    "memory": "ws:3.12.1",
}
"""The clause that says what each zone a card text puts a character into is."""


class Operations:
    """Carrying out the operations of an ability's effect (ws 8.6.2.4.4)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states

    def resolve_effects(
        self, player: str, card: Card, ability: CardAbility, battle_opponent: Card | None = None
    ) -> Procedure:
        """Do the operations of an ability in order (8.6.2.4.4), each one-shot operation once (8.8.1), for
        ``player``, the ability's master, who is its effects' master (4.3.3).  The entries that answer its choices
        are done once all of it is: their checkpoints come at the end."""
        held: list[Checkpoint] = []
        yield from holding_checkpoints(self.each_effect(player, card, ability, battle_opponent), held)
        yield from held

    def each_effect(self, player: str, card: Card, ability: CardAbility, battle_opponent: Card | None) -> Procedure:
        for effect in ability.effects:
            self.game.spend()
            yield from self.one_effect(player, card, ability, effect, battle_opponent)

    def one_effect(
        self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any], battle_opponent: Card | None
    ) -> Procedure:
        """Carry out one operation of an ability's effect."""
        me = self.states[player]
        if "draw" in effect and effect.get("up_to"):
            decision = self.game.playing.use_decision(
                player,
                card,
                ability,
                ("ws:4.7.4", "ws:4.7.4.1", "ws:4.7.4.2", "ws:4.7.4.3", "ws:8.6.2.4.4"),
                f"draw up to {counted(int(effect['draw']), 'card')}: draw?",
            )
            if (yield decision).flag:
                yield from self.game.moves.draw(player, int(effect["draw"]), ("ws:4.7.4", "ws:8.6.2.4.4", "ws:4.3.3"))
            yield Checkpoint(decision)
        elif "draw" in effect:
            yield from self.game.moves.draw(
                player,
                int(effect["draw"]),
                ("ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:4.3.3", "ws:4.7.3"),
            )
        elif "stock" in effect:
            for _ in range(int(effect["stock"])):
                reveal = Reveal(player, "pool", 1, ("ws:8.6.2.4.4",))
                answer = yield reveal
                yield from self.game.moves.ensure_deck(player)
                top = me.deck.pop(0)
                self.game.moves.bind(top, answer, 0, reveal)
                self.game.moves.put(player, "stock", top)
                yield from self.game.rule_actions.interrupts()
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{counted(effect['stock'], 'card')} from the deck to the stock",
                ("ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:4.3.3"),
            )
        elif "heal" in effect:
            whose = self.game.opponent(player) if effect.get("whose") == "opponent" else player
            clock = self.states[whose].clock
            healed = []
            for _ in range(int(effect["heal"])):
                if not clock:
                    break
                top = self.game.moves.take_card(whose, "clock", clock[-1])
                self.game.moves.put(whose, "waiting", top)
                healed.append(top.identity or "?")
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{', '.join(healed) or 'no card'} from the top of {whose}'s clock to the waiting room",
                ("ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:4.3.3", "ws:3.8"),
            )
        elif "hand_to_stock" in effect:
            yield from self.hand_to(player, card, ability, "stock")
        elif "hand_to_waiting" in effect:
            yield from self.hand_to(player, card, ability, "waiting")
        elif "reveal" in effect:
            yield from self.reveal_top(player, card, ability, effect, battle_opponent)
        elif "self_to" in effect:
            yield from self.self_to(player, card, str(effect["self_to"]))
        elif "rest_self" in effect:
            if me.position_of(card) is not None and card.orientation != "rest":
                self.game.moves.rest(card, "its ability rested it (ws:4.6.1.2)")
                self.game.record(
                    RecordKind.ABILITY, player, f"{card.identity} is rested", ("ws:8.6.2.4.4", "ws:4.6.1.2")
                )
        elif "move_self" in effect:
            yield from self.move_self(player, card, ability, str(effect["move_self"]))
        elif "search" in effect:
            yield from self.search_deck(player, card, ability, effect)
        elif "mill" in effect:
            yield from self.mill(player, card, int(effect["mill"]))
        elif "look" in effect:
            yield from self.look_and_take(player, card, ability, effect)
        elif "brainstorm" in effect:
            yield from self.brainstorm(player, card, ability, effect, battle_opponent)
        elif "look_top" in effect:
            yield from self.look_top(player, card, ability, tuple(effect["look_top"]))
        elif "battle_opponent" in effect:
            yield from self.battle_opponent(player, card, str(effect["battle_opponent"]), battle_opponent)
        elif "standby" in effect:
            decision = Decision(
                player,
                "standby",
                [*self.game.attack_phase.standby_options(player), PASS],
                ("ws:4.12.2.10", "ws:8.6.2.4.4"),
                frozenset({"resolve"}),
                prompt="the standby effect: choose a character in the waiting room and a position, or pass",
                default=PASS,
                source=card.identity,
                ability=ability.name,
            )
            choice = yield decision
            if choice.verb == "standby":
                self.game.attack_phase.standby(player, choice)
            yield Checkpoint(decision)
        elif "extra_turn" in effect:
            self.game.other_rules.extra_turns.append(player)
            self.game.record(RecordKind.ABILITY, player, f"{player} will take an additional turn", ("ws:11.2.1",))
        elif "salvage" in effect:
            yield from self.choose_from_waiting_room(player, card, ability, effect)
        else:
            times = self.game.characteristics.times(effect["per"], card) if "per" in effect else 1
            gains = [(attribute, int(effect[attribute]) * times) for attribute in GAINS if attribute in effect]
            target = effect.get("target", "self")
            chosen_by: Decision | None = None
            if target == "self":
                targets = [card] if me.position_of(card) is not None else []
            elif target in ("all", "others"):
                targets = [c for _, c in me.characters() if applies_to(target, card, c)]
            else:
                traits = required_traits(effect)
                in_battle = self.game.attack_phase.in_battle() if effect.get("in_battle") else None
                options = [
                    Choice("target", pos=pos)
                    for pos, character in me.characters()
                    if (traits is None or not self.game.characteristics.traits(character).isdisjoint(traits))
                    and (in_battle is None or character in in_battle)
                    and not (effect.get("other") and character is card)
                ]
                if not options:
                    self.game.record(RecordKind.ABILITY, player, "no character to choose", ("ws:8.6.3.1.3",))
                    return
                chosen_by = self.target_decision(
                    player,
                    card,
                    ability,
                    "target",
                    options,
                    f"choose one of your {'other ' if effect.get('other') else ''}{trait_words(traits or ())}characters"
                    + (" in battle" if in_battle is not None else ""),
                )
                choice = yield chosen_by
                targets = [me.character_on(choice.pos)]
            for target_card in targets:
                for attribute, amount in gains:
                    self.game.characteristics.add_effect(
                        target_card,
                        attribute,
                        amount,
                        f"ability {ability.index} of {card.identity}",
                        ("ws:8.2.1.2",),
                    )
                self.game.record(
                    RecordKind.ABILITY,
                    player,
                    f"{target_card.identity} gets "
                    + " and ".join(f"{amount:+d} {attribute}" for attribute, amount in gains)
                    + " until end of turn",
                    ("ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.2", "ws:4.3.3"),
                )
            if chosen_by is not None:  # the entry that chose is applied
                yield Checkpoint(chosen_by)

    def battle_opponent(self, player: str, card: Card, fate: str, opponent: Card | None) -> Procedure:
        """Do ``fate`` to the battle opponent ``card``'s trigger saw ("that character", 7.2.1.5.1): reverse it
        (7.6.1.2), or put it from the stage into a zone of its master's, the deck's bottom or top.  One that has
        left the stage since is a new object the effect cannot find (3.1.4)."""
        owner = opponent.owner if opponent is not None else self.game.opponent(player)
        if opponent is None or self.states[owner].position_of(opponent) is None:
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"ability of {card.identity}: its battle opponent is no longer on the stage; nothing is done",
                ("ws:8.6.2.4.4", "ws:3.1.4"),
            )
            return
        if fate == "reverse":
            yield from self.game.playing.reverse(opponent)
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{opponent.identity}, the battle opponent of {card.identity}, is reversed",
                ("ws:8.6.2.4.4", "ws:7.2.1.5.1", "ws:4.6.1"),
            )
            return
        zone = {"deck_bottom": "deck", "deck_top": "deck"}.get(fate, fate)
        self.game.moves.leave_stage(owner, opponent, zone)
        if fate == "deck_top":
            deck = self.states[owner].deck
            deck.insert(0, deck.pop())
        where = {
            "deck_bottom": "the bottom of the deck",
            "deck_top": "the top of the deck",
            "waiting": "the waiting room",
        }
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{opponent.identity}, the battle opponent of {card.identity}, goes to {where.get(fate, 'the ' + fate)}",
            ("ws:8.6.2.4.4", "ws:7.2.1.5.1", ZONE_CLAUSES.get(zone, "ws:3.1.4")),
        )
        yield from self.game.rule_actions.interrupts()

    def from_the_top(self, player: str, reveal: Reveal, answer: Any, zone: str) -> Procedure:
        """Move ``reveal.count`` cards from the top of ``player``'s deck into ``zone`` one at a time, each named by
        the answer where it says (a refresh between them where the deck runs out, 3.2.3.1); returns them."""
        me = self.states[player]
        moved: list[Card] = []
        for index in range(reveal.count):
            yield from self.game.moves.ensure_deck(player)
            if not me.deck:
                break
            top = me.deck.pop(0)
            self.game.moves.bind(top, answer, index, reveal)
            self.game.moves.put(player, zone, top)
            moved.append(top)
            if zone != "resolution":
                yield from self.game.rule_actions.interrupts()
        reveal.used = len(moved)
        return moved

    def mill(self, player: str, card: Card, count: int) -> Procedure:
        """Put the top ``count`` cards of the deck into the waiting room, one at a time (a refresh between them
        where the deck runs out, 3.2.3.1); the entry being applied may name them, top first (``revealed``)."""
        reveal = Reveal(player, "text", count, ("ws:8.6.2.4.4", "ws:3.4.1"))
        answer = yield reveal
        cards = yield from self.from_the_top(player, reveal, answer, "waiting")
        moved = [top.identity or "?" for top in cards]
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"ability of {card.identity}: the top {counted(len(moved), 'card')} of {player}'s deck to the waiting room "
            f"({', '.join(moved)})",
            ("ws:8.6.2.4.4", "ws:8.8.1", "ws:3.4.1"),
            cards=moved,
        )
        yield Checkpoint(reveal)

    def look_top(self, player: str, card: Card, ability: CardAbility, places: tuple[str, ...]) -> Procedure:
        """Look at the top card of the deck (4.8: its master alone sees it) and put it in one of ``places``, its
        master's choice (``deck_top``, ``deck_bottom``, ``waiting``): the resolve entry says where (``to``) and may
        name the card (``revealed``); a card put into the waiting room is shown to all."""
        me = self.states[player]
        yield from self.game.moves.ensure_deck(player)
        if not me.deck:
            return
        options: list[Choice] = [PutTo(place) for place in places]
        decision = self.target_decision(
            player, card, ability, "put_to", options, f"put the card looked at: {' or '.join(places)}"
        )
        choice = yield decision  # asked first: the entry that answers it names the card too
        place = choice.place if isinstance(choice, PutTo) else places[0]
        reveal = Reveal(player, "text", 1, ("ws:4.8", "ws:4.8.1", "ws:4.8.2"))
        answer = yield reveal
        top = me.deck[0]
        self.game.moves.bind(top, answer, 0, reveal)
        reveal.used = 1
        if place != "deck_top":
            me.deck.pop(0)
            if place == "deck_bottom":
                me.deck.append(top)
                self.game.version += 1
            else:
                self.game.moves.put(player, "waiting", top)
        where = {"deck_top": "the top of the deck", "deck_bottom": "the bottom of the deck"}.get(
            place, "the waiting room"
        )
        shown = f" ({top.identity or '?'})" if place == "waiting" else ""
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} looks at the top card of the deck and puts it on {where}{shown}",
            ("ws:4.8", "ws:8.6.2.4.4", "ws:3.2.2"),
        )
        yield Checkpoint(reveal)
        yield Checkpoint(decision)
        yield from self.game.rule_actions.interrupts()

    def brainstorm(
        self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any], battle_opponent: Card | None
    ) -> Procedure:
        """Brainstorm (10.7): flip over N cards from the top of the deck into the resolution zone, then all into
        the waiting room (10.7.3, 3.13.1.4), and do ``per_climax`` once for each climax among them.  The entry
        being applied names them, top first (``revealed``); cards it does not name are taken as no climax, and
        the verdict says so."""
        count = int(effect["brainstorm"])
        reveal = Reveal(player, "text", count, ("ws:10.7.1", "ws:10.7.3", "ws:3.13.1.4"))
        answer = yield reveal
        flipped = yield from self.from_the_top(player, reveal, answer, "resolution")
        for flipped_card in flipped:
            self.game.moves.put(player, "waiting", self.game.moves.take_card(player, "resolution", flipped_card))
        unnamed = sum(1 for flipped_card in flipped if flipped_card.identity is None)
        if unnamed:
            self.game.moves.assume(
                f"{counted(unnamed, 'card')} Brainstorm of {card.identity} flips over "
                f"{'is' if unnamed == 1 else 'are'} not named in the log (revealed): taken as no climax",
                ("ws:10.7.1",),
            )
        climaxes = sum(
            1
            for flipped_card in flipped
            if (definition := self.game.definition(flipped_card)) is not None and definition.type == "climax"
        )
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"Brainstorm of {card.identity}: {', '.join(c.identity or '?' for c in flipped)} into the waiting room, "
            f"{counted(climaxes, 'climax')} among them",
            ("ws:10.7.1", "ws:10.7.3", "ws:3.13.1.4", "ws:8.6.2.4.4"),
            cards=[c.identity or "?" for c in flipped],
        )
        yield Checkpoint(reveal)
        yield from self.game.rule_actions.interrupts()
        for _ in range(climaxes):
            yield from self.one_effect(player, card, ability, dict(effect["per_climax"]), battle_opponent)

    def look_and_take(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]) -> Procedure:
        """Look at up to N cards from the top of the deck, one at a time (4.8.3: its master may stop), choose up to
        one of the kind the effect says among them into the hand, shown where it says, and put the rest into the
        waiting room.  The resolve entry names the cards looked at (``revealed``, top first: as many as were looked
        at; not said, all N) and the card taken (``cards``, ``[]`` for none)."""
        me = self.states[player]
        most = min(int(effect["look"]), len(me.deck))
        options: list[Choice] = [
            Choice("look_take", cards=(identity,)) for identity in self.fitting(me.deck[:most], effect)
        ]
        described = chosen_card_words(effect)
        decision = self.target_decision(
            player,
            card,
            ability,
            "look_take",
            [*options, PASS],
            f"choose up to 1 {described} among the top {counted(most, 'card')} looked at",
            default=PASS,
        )
        choice = yield decision  # asked first: the entry that answers it names the cards looked at too
        reveal = Reveal(player, "text", most, ("ws:4.8.3", "ws:4.8.3.1", "ws:4.8.3.2", "ws:4.8.3.3"))
        answer = yield reveal
        looked_at = min(len(answer), most) if answer else most
        looked = [me.deck.pop(0) for _ in range(looked_at)]
        for index, top in enumerate(looked):
            self.game.moves.bind(top, answer, index, reveal)
        reveal.used = looked_at
        taken = None
        if choice.verb == "look_take":
            wanted = choice.cards[0]
            taken = next((c for c in looked if c.identity == wanted), None) or next(
                (c for c in looked if c.identity is None and c.reveal(wanted)), None
            )
            if taken is None:
                reveal.problems.append(
                    Refusal(("ws:4.8.3", "ws:8.6.3"), f"{wanted} is not among the cards {player} looked at")
                )
        for looked_card in looked:
            self.game.moves.put(player, "hand" if looked_card is taken else "waiting", looked_card)
        rest = [c.identity or "?" for c in looked if c is not taken]
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} looks at {counted(looked_at, 'card')} from the top of the deck, takes "
            f"{taken.identity if taken is not None else 'none'} into the hand, and puts the rest "
            f"({', '.join(rest) or 'none'}) into the waiting room",
            ("ws:4.8.3", "ws:8.6.3", "ws:8.6.2.4.4", "ws:3.4.1"),
        )
        yield Checkpoint(reveal)
        yield Checkpoint(decision)
        yield from self.game.rule_actions.interrupts()

    def move_self(self, player: str, card: Card, ability: CardAbility, where: str) -> Procedure:
        """Move the ability's card to an open position of the center stage (``open_center``: its master chooses
        which, a resolve entry's ``to``), or to the open middle one (``open_middle``); it keeps being the same
        object (3.1.4).  Nothing happens where no such position is open or the card has left the stage."""
        me = self.states[player]
        position = me.position_of(card)
        wanted = (MIDDLE,) if where == "open_middle" else CENTER
        open_positions = [pos for pos in wanted if me.character_at(pos) is None]
        if position is None or not open_positions:
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"ability {ability.index} of {card.identity}: no open position to move to; nothing is done",
                ("ws:8.6.2.4.4",),
            )
            return
        options = [Choice("move_to", pos=pos) for pos in open_positions]
        decision = self.target_decision(
            player, card, ability, "move_to", options, "choose the open position of the center stage it moves to"
        )
        choice = yield decision
        self.game.moves.swap(player, position, choice.pos, by_effect=True)
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{card.identity} moves from position {position} to position {choice.pos}",
            ("ws:8.6.2.4.4", "ws:3.1.4", "ws:3.6.3"),
        )
        yield Checkpoint(decision)

    def search_deck(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]) -> Procedure:
        """Search the deck for up to one card of the kind, trait, name, colour or level the effect says, show it and
        put it into the hand, then shuffle the deck (8.6.3; 3.2: the deck's order is hidden).  A search may find
        nothing even where such a card is there: the deck is hidden, and "up to" lets its master choose none."""
        me = self.states[player]
        options: list[Choice] = [Choice("search", cards=(identity,)) for identity in self.fitting(me.deck, effect)]
        described = chosen_card_words(effect)
        decision = self.target_decision(
            player,
            card,
            ability,
            "search",
            [*options, PASS],
            f"search the deck for up to 1 {described}",
            default=PASS,
        )
        choice = yield decision
        if choice.verb == "search":
            taken = self.game.moves.take_from(player, "deck", choice.cards[0])
            self.game.moves.put(player, "hand", taken)
            found = f"{player} searches the deck and puts {choice.cards[0]} into the hand, shown"
        else:
            found = f"{player} searches the deck and takes no {described}"
        yield from self.game.moves.shuffle_deck(player, ("ws:8.6.3", "ws:3.2.2"))
        self.game.record(
            RecordKind.ABILITY,
            player,
            found + "; the deck is shuffled",
            ("ws:8.6.3", "ws:8.6.3.1", "ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:3.2.2"),
        )
        yield Checkpoint(decision)
        if not me.deck:
            yield from self.game.rule_actions.interrupts()

    def fitting(self, cards: list[Card], effect: dict[str, Any]) -> list[str]:
        """The identities among ``cards``, known or what unseen ones could be, that the card ``effect`` chooses may
        be, by their printed characteristics (they are off the stage: no effect changes them)."""
        seen = dict.fromkeys(c.identity for c in cards if c.identity is not None)
        seen.update(dict.fromkeys(self.game.moves.unseen_identities(cards)))
        return [
            identity
            for identity in seen
            if (definition := self.game.definitions.get(identity)) is not None and chosen_card_fits(effect, definition)
        ]

    def choose_from_waiting_room(
        self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]
    ) -> Procedure:
        """Choose a card of the waiting room (8.6.3) of the kind, trait, colour or level the effect says, and put it
        into the hand (``salvage``) or the stock (``to: stock``); "up to" one lets its master choose none."""
        me = self.states[player]
        options: list[Choice] = [Choice("salvage", card=identity) for identity in self.fitting(me.waiting, effect)]
        described = chosen_card_words(effect)
        if not options:
            self.game.record(
                RecordKind.ABILITY, player, f"no {described} in the waiting room to choose", ("ws:8.6.3.1.3",)
            )
            return
        to = str(effect.get("to", "hand"))
        up_to = bool(effect.get("up_to"))
        decision = self.target_decision(
            player,
            card,
            ability,
            "salvage",
            [*options, PASS] if up_to else options,
            f"choose {'up to ' if up_to else ''}1 {described} in the waiting room",
            default=PASS if up_to else None,
        )
        choice = yield decision
        if choice.verb == "pass":
            self.game.record(
                RecordKind.CHOICE, player, f"{player} chooses no {described} (up to 1)", ("ws:8.6.3", "ws:8.6.3.1")
            )
            yield Checkpoint(decision)
            return
        if to == "marker":
            yield from self.into_marker_area(player, card, str(choice.card))
            yield Checkpoint(decision)
            return
        taken = self.game.moves.take_unseen_as(player, "waiting", choice.card, "the effect chooses it")
        self.game.moves.put(player, to, taken)
        into = "the stock" if to == "stock" else "hand"
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{choice.card} {'goes' if to == 'stock' else 'returns'} from the waiting room to {into}",
            ("ws:8.6.3.1", "ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:4.3.3")
            + (("ws:3.10",) if to == "stock" else ()),
        )
        yield Checkpoint(decision)
        if to == "stock":
            yield from self.game.rule_actions.interrupts()

    def hand_to(self, player: str, card: Card, ability: CardAbility, zone: str) -> Procedure:
        """Choose a card in the hand and put it into the stock (3.10) or the waiting room (3.4) (8.6.3): the resolve
        entry names it (cards); the one put into the waiting room is shown to all."""
        options = [
            Choice("hand_pick", cards=(identity,))
            for identity in dict.fromkeys(self.game.moves.hand_identities(player))
        ]
        if not options:
            self.game.record(RecordKind.ABILITY, player, "no card in the hand to choose", ("ws:8.6.3.1.3",))
            return
        into = "the stock" if zone == "stock" else "the waiting room"
        decision = self.target_decision(
            player, card, ability, "hand_pick", options, f"choose a card in the hand to put into {into}"
        )
        choice = yield decision
        taken = self.game.moves.take_from(player, "hand", choice.cards[0])
        self.game.moves.put(player, zone, taken)
        shown = f" ({choice.cards[0]})" if zone == "waiting" else ""
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} puts a card from the hand into {into}{shown}",
            ("ws:8.6.3", "ws:8.6.2.4.4", ZONE_CLAUSES[zone]),
        )
        yield Checkpoint(decision)
        yield from self.game.rule_actions.interrupts()

    def reveal_top(
        self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any], battle_opponent: Card | None
    ) -> Procedure:
        """Reveal the top card of the deck (4.9.1, 4.9.2: the entry being applied names it, ``revealed``) and, if it
        is the card ``effect`` asks for, do its ``then`` (where it says "you may", a ``use``): ``put_revealed`` puts
        that card into a zone; any other operation is done as an ability's.  A card not put anywhere stays on the
        top of the deck, now known."""
        me = self.states[player]
        yield from self.game.moves.ensure_deck(player)
        if not me.deck:
            return
        asked: Decision | None = None
        use: Choice | None = None
        if self.names_its_card_later(ability):
            # a resolve entry names the card (revealed), and answers its "you may", asked first, or what follows
            asked = self.game.playing.use_decision(player, card, ability, ("ws:8.6.2.4.4",), self._may_prompt(effect))
            if not effect.get("may"):
                asked = Decision(
                    player,
                    "reveal_from",
                    [Choice("reveal_from", card=card.identity)],
                    ("ws:4.9.1", "ws:8.6.3"),
                    frozenset({"resolve"}),
                    prompt="reveal the top card of the deck",
                    default=Choice("reveal_from", card=card.identity),
                    source=card.identity,
                    ability=ability.name,
                )
            use = yield asked
        reveal = Reveal(player, "text", 1, ("ws:4.9.1", "ws:4.9.2"))
        answer = yield reveal
        top = me.deck[0]
        self.game.moves.bind(top, answer, 0, reveal)
        reveal.used = 1
        definition = self.game.definition(top)
        if definition is None:
            self.game.moves.assume(
                f"the card {card.identity} reveals from the top of the deck is not named in the log (revealed): "
                "taken as none its text asks for",
                ("ws:4.9.1",),
            )
        fits = definition is not None and chosen_card_fits(effect, definition)
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} reveals the top card of the deck, {top.identity or 'not named'}: "
            + (f"a {chosen_card_words(effect)}" if fits else f"not a {chosen_card_words(effect)}; it stays there"),
            ("ws:4.9.1", "ws:4.9.2", "ws:8.6.2.4.4"),
            cards=[top.identity or "?"],
        )
        yield Checkpoint(reveal)
        if asked is not None:
            yield Checkpoint(asked)
        if not fits:
            return
        decision: Decision | None = None
        if effect.get("may"):
            if use is None:
                decision = self.game.playing.use_decision(
                    player, card, ability, ("ws:8.6.2.4.4",), self._may_prompt(effect)
                )
                use = yield decision
            if not use.flag:
                if decision is not None:
                    yield Checkpoint(decision)
                return
        for part in effect["then"]:
            if "put_revealed" in part:
                zone = str(part["put_revealed"])
                if me.deck and me.deck[0] is top:
                    self.game.moves.put(player, zone, me.deck.pop(0))
                    self.game.record(
                        RecordKind.ABILITY,
                        player,
                        f"{top.identity} goes from the top of the deck into the {zone.replace('waiting', 'waiting room')}",
                        ("ws:8.6.2.4.4", ZONE_CLAUSES.get(zone, "ws:3.1.4")),
                    )
                    yield from self.game.rule_actions.interrupts()
            else:
                yield from self.one_effect(player, card, ability, dict(part), battle_opponent)
        if decision is not None:
            yield Checkpoint(decision)

    @staticmethod
    def _may_prompt(effect: dict[str, Any]) -> str:
        return f"if the card revealed is a {chosen_card_words(effect)}, you may: do it?"

    @staticmethod
    def names_its_card_later(ability: CardAbility) -> bool:
        """Whether a resolve entry of its own names the card an ability reveals (the entry that played its card
        is over when it resolves): an automatic ability that asks nothing before its effect (no "you may", no
        cost, which a resolve entry answers already).  That entry answers the reveal's "you may" and the choices
        after it too."""
        return ability.kind == "auto" and not (ability.optional or ability.has_cost)

    def self_to(self, player: str, card: Card, where: str) -> Procedure:
        """Put the ability's card from the stage into a zone of its master's, or at the bottom of the deck (3.1.4:
        a new object there); nothing where it has left the stage."""
        if self.states[player].position_of(card) is None:
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity} is no longer on the stage; nothing is done",
                ("ws:8.6.2.4.4", "ws:3.1.4"),
            )
            return
        zone = "deck" if where == "deck_bottom" else where
        self.game.moves.leave_stage(player, card, zone)
        into = "the bottom of the deck" if where == "deck_bottom" else f"the {where.replace('waiting', 'waiting room')}"
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{card.identity} goes from the stage to {into}",
            ("ws:8.6.2.4.4", "ws:3.1.4", ZONE_CLAUSES.get(zone, "ws:3.1.4")),
        )
        yield from self.game.rule_actions.interrupts()

    def into_marker_area(self, player: str, card: Card, identity: str) -> Procedure:
        """Put the card ``identity`` of the waiting room face up underneath ``card`` as a marker (3.7.1, 3.7.2.1);
        nothing where ``card`` has left the stage."""
        me = self.states[player]
        position = me.position_of(card)
        if position is None:
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity} is no longer on the stage: {identity} stays in the waiting room",
                ("ws:8.6.2.4.4", "ws:3.7.1"),
            )
            return
        taken = self.game.moves.take_unseen_as(player, "waiting", identity, "the effect chooses it")
        taken.renew()
        me.markers_at(position).append(taken)
        self.game.version += 1
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{identity} goes from the waiting room face up underneath {card.identity} as a marker",
            ("ws:8.6.3.1", "ws:8.6.2.4.4", "ws:3.7.1", "ws:3.7.2.1"),
        )
        yield from self.game.rule_actions.interrupts()

    def target_decision(
        self,
        player: str,
        card: Card,
        ability: CardAbility,
        kind: str,
        options: list[Choice],
        prompt: str,
        default: Choice | None = None,
    ) -> Decision:
        """A choice an effect asks for (8.6.3): stated by the entry that plays the ability, or by a resolve entry;
        where neither does, ``default`` (the first option, unless said)."""
        return Decision(
            player,
            kind,
            options,
            ("ws:8.6.3", "ws:8.6.3.1"),
            frozenset({"resolve"}),
            prompt=prompt,
            default=default or options[0],
            source=card.identity,
            ability=ability.name,
        )
