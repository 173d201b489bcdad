"""The operations of an ability's effect that work on the top of the deck (ws 3.2, 4.8, 4.9, 10.7): cards put from
it into the waiting room, the top card looked at and put back or away, up to N cards looked at and one taken, a
search of the deck, Brainstorm's flip, and the top card revealed and what the text does with a card of a kind.

``engine.games.ws.operations`` dispatches each operation; the cards a text moves or reveals from a hidden deck
are named by the entry being applied, or by the resolve entry that answers what follows (``revealed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Card
from engine.core.game import Procedure
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Refusal, Reveal
from engine.core.wording import counted
from engine.games.ws.abilities import CardAbility
from engine.games.ws.choices import PutTo
from engine.games.ws.operation_records import chosen_card_fits, chosen_card_words
from engine.games.ws.state import ZONE_CLAUSES

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz


class DeckOperations:
    """Carrying out the operations on the top of the deck (ws 8.6.2.4.4)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states

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

    def mill(
        self,
        player: str,
        card: Card,
        ability: CardAbility,
        effect: dict[str, Any],
        battle_opponent: Card | None = None,
    ) -> Procedure:
        """Put the top ``effect["mill"]`` cards of the deck into the waiting room, one at a time (a refresh between
        them where the deck runs out, 3.2.3.1); the entry being applied may name them, top first (``revealed``).
        With ``among`` ("If there is a climax among those cards, ..."), its ``then`` is done if one of them is
        such a card; a resolve entry of its own names them where nothing else is asked before."""
        use: Choice | None = None
        among = "among" in effect
        counted_after = any("milled" in (later.get("per") or {}) for later in ability.effects)
        asked = (
            self.entry_naming_cards(
                player,
                card,
                ability,
                effect,
                ("ws:3.4.1", "ws:8.6.2.4.4"),
                "put the top cards of the deck into the waiting room",
            )
            if among or counted_after
            else None
        )
        if asked is not None:
            use = yield asked
        reveal = Reveal(player, "text", int(effect["mill"]), ("ws:8.6.2.4.4", "ws:3.4.1"))
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
        if asked is not None:
            yield Checkpoint(asked)
        self.game.operations.those_cards = list(cards)
        definitions = [self.game.definition(top) for top in cards]
        if counted_after and any(definition is None for definition in definitions):
            self.game.moves.assume(
                f"a card {card.identity} puts from the top of the deck into the waiting room is not named in the log "
                "(revealed): taken as none the X of its text counts",
                ("ws:3.4.1",),
            )
        if not among:
            return
        if any(definition is None for definition in definitions):
            self.game.moves.assume(
                f"a card {card.identity} puts from the top of the deck into the waiting room is not named in the log "
                "(revealed): taken as none its text asks for",
                ("ws:3.4.1",),
            )
        fits = any(definition is not None and chosen_card_fits(effect, definition) for definition in definitions)
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{'a' if fits else 'no'} {chosen_card_words(effect)} among them",
            ("ws:8.6.2.4.4",),
        )
        if fits:
            yield from self.then(player, card, ability, effect, battle_opponent, use)

    def reorder_top(self, player: str, card: Card, ability: CardAbility, count: int) -> Procedure:
        """Look at up to ``count`` cards from the top of the deck and put them back on the top in any order (4.8):
        those places hold one hidden pool of the cards that were there; the entry being applied, or a resolve
        entry of its own where nothing was asked before, may name the new order, top first (``revealed``), each
        card one of them."""
        asked = self.entry_naming_cards(
            player, card, ability, {}, ("ws:4.8", "ws:8.6.2.4.4"), "put the cards looked at back on the top of the deck"
        )
        if asked is not None:
            yield asked
        deck = self.states[player].deck
        top = deck[:count]
        reveal = Reveal(player, "text", len(top), ("ws:4.8", "ws:8.6.2.4.4"))
        answer = yield reveal  # asked before the cards are hidden: a driver that knows them may keep their order
        self.game.moves.hide(player, top, f"the top {len(top)} cards of {player}'s deck in the order {player} chose")
        deck[: len(top)] = top
        self.game.version += 1
        for index, put_back in enumerate(deck[: min(len(top), len(answer or ()))]):
            self.game.moves.bind(put_back, answer, index, reveal)
        reveal.used = min(len(top), len(answer or ()))
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"ability of {card.identity}: {player} looks at the top {counted(len(top), 'card')} of the deck and puts "
            "them back in an order of its choice",
            ("ws:4.8", "ws:8.6.2.4.4"),
        )
        yield Checkpoint(reveal)
        if asked is not None:
            yield Checkpoint(asked)

    def look_top(self, player: str, card: Card, ability: CardAbility, places: tuple[str, ...]) -> Procedure:
        """Look at the top card of the deck (4.8: its master alone sees it) and put it in one of ``places``, its
        master's choice (``deck_top``, ``deck_bottom``, ``waiting``): the resolve entry says where (``to``) and may
        name the card (``revealed``); a card put into the waiting room is shown to all."""
        me = self.states[player]
        yield from self.game.moves.ensure_deck(player)
        if not me.deck:
            return
        options: list[Choice] = [PutTo(place) for place in places]
        decision = self.game.operations.target_decision(
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
        the waiting room (10.7.3, 3.13.1.4), and do ``per_climax`` (an operation, or the operations of an action) once
        for each climax among them.  The entry
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
        done = effect["per_climax"]
        for _ in range(climaxes):
            for part in done if isinstance(done, list) else [done]:
                yield from self.game.operations.one_effect(player, card, ability, dict(part), battle_opponent)

    def look_and_take(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]) -> Procedure:
        """Look at up to N cards from the top of the deck, one at a time (4.8.3: its master may stop), choose up to
        one of the kind the effect says among them into the hand, shown where it says (or, ``to: deck_top``, one of
        them, which goes back on the top of the deck), and put the rest into the waiting room.  The resolve entry names the cards looked at (``revealed``, top first: as many as were looked
        at; not said, all N) and the card taken (``cards``, ``[]`` for none)."""
        me = self.states[player]
        most = min(int(effect["look"]), len(me.deck))
        options: list[Choice] = [
            Choice("look_take", cards=(identity,)) for identity in self.game.operations.fitting(me.deck[:most], effect)
        ]
        described = chosen_card_words(effect)
        on_top = effect.get("to") == "deck_top"  # "choose 1 card from among them": one is, where any is looked at
        decision = self.game.operations.target_decision(
            player,
            card,
            ability,
            "look_take",
            options if on_top and options else [*options, PASS],
            f"choose {'' if on_top else 'up to '}1 {described} among the top {counted(most, 'card')} looked at",
            default=None if on_top and options else PASS,
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
        if on_top and taken is None and looked and choice.verb != "look_take":
            reveal.problems.append(
                Refusal(
                    ("ws:4.8.3", "ws:8.6.3"), f"{player} looked at {counted(looked_at, 'card')}: 1 of them is chosen"
                )
            )
        for looked_card in looked:
            if looked_card is taken and on_top:
                me.deck.insert(0, looked_card)
            else:
                self.game.moves.put(player, "hand" if looked_card is taken else "waiting", looked_card)
        rest = [c.identity or "?" for c in looked if c is not taken]
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} looks at {counted(looked_at, 'card')} from the top of the deck, "
            + ("puts " if on_top else "takes ")
            + f"{taken.identity if taken is not None else 'none'}"
            + (" back on the top of the deck" if on_top else " into the hand")
            + f", and puts the rest ({', '.join(rest) or 'none'}) into the waiting room",
            ("ws:4.8.3", "ws:8.6.3", "ws:8.6.2.4.4", "ws:3.4.1"),
        )
        yield Checkpoint(reveal)
        yield Checkpoint(decision)
        yield from self.game.rule_actions.interrupts()

    def search_deck(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]) -> Procedure:
        """Search the deck for up to one card of the kind, trait, name, colour or level the effect says, show it and
        put it into the hand (or, ``to``, into the waiting room, or on a position of the stage a resolve entry
        names, 3.6.1), then shuffle the deck (8.6.3; 3.2: the deck's order is hidden).  A search may find nothing
        even where such a card is there: the deck is hidden, and "up to" lets its master choose none."""
        me = self.states[player]
        options: list[Choice] = [
            Choice("search", cards=(identity,)) for identity in self.game.operations.fitting(me.deck, effect)
        ]
        described = chosen_card_words(effect)
        decision = self.game.operations.target_decision(
            player,
            card,
            ability,
            "search",
            [*options, PASS],
            f"search the deck for up to 1 {described}",
            default=PASS,
        )
        choice = yield decision
        to = str(effect.get("to", "hand"))
        if choice.verb == "search" and to == "stage":
            placed = yield from self.game.operations.onto_stage(player, card, ability, "deck", choice.cards[0])
            found = f"{player} searches the deck and puts {choice.cards[0]} on position {placed} of the stage"
        elif choice.verb == "search":
            taken = self.game.moves.take_from(player, "deck", choice.cards[0])
            self.game.moves.put(player, to, taken)
            into = "the waiting room" if to == "waiting" else "the hand, shown"
            found = f"{player} searches the deck and puts {choice.cards[0]} into {into}"
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
        use: Choice | None = None
        asked = self.entry_naming_cards(
            player, card, ability, effect, ("ws:4.9.1", "ws:8.6.3"), "reveal the top card of the deck"
        )
        if asked is not None:
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
        if fits:
            yield from self.then(player, card, ability, effect, battle_opponent, use, top)

    def reveal_only(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]) -> Procedure:
        """Reveal the top card of the deck (4.9.1, 4.9.2: the entry being applied names it, ``revealed``); it stays
        there, now known, and an operation after it may ask its level (``level_of_revealed``)."""
        me = self.states[player]
        yield from self.game.moves.ensure_deck(player)
        if not me.deck:
            self.game.operations.those_cards = []
            return
        asked = self.entry_naming_cards(
            player, card, ability, effect, ("ws:4.9.1", "ws:8.6.3"), "reveal the top card of the deck"
        )
        if asked is not None:
            yield asked
        reveal = Reveal(player, "text", 1, ("ws:4.9.1", "ws:4.9.2"))
        answer = yield reveal
        top = me.deck[0]
        self.game.moves.bind(top, answer, 0, reveal)
        reveal.used = 1
        self.game.operations.those_cards = [top]
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} reveals the top card of the deck, {top.identity or 'not named'}; it stays there",
            ("ws:4.9.1", "ws:4.9.2", "ws:8.6.2.4.4"),
            cards=[top.identity or "?"],
        )
        yield Checkpoint(reveal)
        if asked is not None:
            yield Checkpoint(asked)

    def then(
        self,
        player: str,
        card: Card,
        ability: CardAbility,
        effect: dict[str, Any],
        battle_opponent: Card | None,
        use: Choice | None,
        top: Card | None = None,
    ) -> Procedure:
        """What a reveal or a mill does when the card it asks for is there (its ``then``), where it says "you may"
        if its master does (``use``, asked here where not yet): ``put_revealed`` puts the card revealed (``top``)
        into a zone; any other operation is done as an ability's."""
        me = self.states[player]
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
            if "put_revealed" in part and top is not None:
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
                yield from self.game.operations.one_effect(player, card, ability, dict(part), battle_opponent)
        if decision is not None:
            yield Checkpoint(decision)

    @staticmethod
    def _may_prompt(effect: dict[str, Any]) -> str:
        if "among" in effect:
            return (
                f"if there is a {chosen_card_words(effect)} among the cards put into the waiting room, you may: do it?"
            )
        return f"if the card revealed is a {chosen_card_words(effect)}, you may: do it?"

    def entry_naming_cards(
        self,
        player: str,
        card: Card,
        ability: CardAbility,
        effect: dict[str, Any],
        clauses: tuple[str, ...],
        prompt: str,
    ) -> Decision | None:
        """The decision a resolve entry of its own answers, naming the cards an ability moves or looks at from the
        top of the deck (``revealed``), where nothing the ability asks before would (``names_its_card_later``):
        its "you may" where ``effect`` says one, asked first, else the entry alone; None where not needed."""
        if not self.names_its_card_later(ability):
            return None
        if effect.get("may"):
            return self.game.playing.use_decision(player, card, ability, ("ws:8.6.2.4.4",), self._may_prompt(effect))
        return Decision(
            player,
            "reveal_from",
            [Choice("reveal_from", card=card.identity)],
            clauses,
            frozenset({"resolve"}),
            prompt=prompt,
            default=Choice("reveal_from", card=card.identity),
            source=card.identity,
            ability=ability.name,
        )

    @staticmethod
    def names_its_card_later(ability: CardAbility) -> bool:
        """Whether a resolve entry of its own names the card an ability reveals (the entry that played its card
        is over when it resolves): an automatic ability that asks nothing before its effect (no "you may", no
        cost, which a resolve entry answers already).  That entry answers the reveal's "you may" and the choices
        after it too."""
        return ability.kind == "auto" and not (ability.optional or ability.has_cost)
