"""The operations of an ability's effect, done in order (ws 8.6.2.4.4, 8.8.1): drawing, the deck's top card to
the stock, the clock's top card to the waiting room, the standby effect (4.12.2.10), a card chosen from the
waiting room (8.6.3), power and soul until end of turn for the characters the effect names or its master
chooses (8.2.1.2, 8.6.3), an additional turn (11.2), a card of the hand into the stock or the waiting room, the
ability's card moved on the stage or into a zone, its battle opponent's fate (7.2.1.5.1).  The operations on the
top of the deck are ``engine.games.ws.deck_operations``.

``engine.games.ws.playing`` plays the abilities and asks this part to carry out their effects; the vocabulary
of the operations is ``engine.games.ws.abilities``.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from engine.core.cards import Card, first_unheld
from engine.core.effects import ContinuousEffect, Duration, Layer
from engine.core.game import Procedure, holding_checkpoints
from engine.core.protocol import PASS, Checkpoint, Choice, Decision, RecordKind, Reveal
from engine.core.wording import counted
from engine.games.ws.abilities import CardAbility, grant_key
from engine.games.ws.characteristics import applies_to, required_traits
from engine.games.ws.choices import DrawUpTo
from engine.games.ws.operation_records import GAINS, chosen_card_fits, chosen_card_words, chosen_character_words
from engine.games.ws.state import BACK, CENTER, MIDDLE, ZONE_CLAUSES

if TYPE_CHECKING:
    from engine.games.ws.game import WeissSchwarz


class Operations:
    """Carrying out the operations of an ability's effect (ws 8.6.2.4.4)."""

    def __init__(self, game: WeissSchwarz) -> None:
        self.game = game
        self.states = game.player_states
        self.those_cards: list[Card] = []
        """The cards the last mill of the ability resolving put into the waiting room ("among those cards")."""

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
        """The operations in order; those that say ``if_done`` ("If you do, ...") only if the operation before the
        first of them was done (an operation returns False where it could do nothing)."""
        done = True
        asked: bool | None = None
        self.those_cards = []
        for effect in ability.effects:
            self.game.spend()
            if effect.get("if_done"):
                if asked is None:
                    asked = done
                if not asked:
                    self.game.record(
                        RecordKind.ABILITY,
                        player,
                        f"ability {ability.index} of {card.identity}: what it did before 'If you do' was not done: "
                        "nothing more is done",
                        ("ws:8.6.2.4.4",),
                    )
                    return
            done = (yield from self.one_effect(player, card, ability, effect, battle_opponent)) is not False

    def one_effect(
        self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any], battle_opponent: Card | None
    ) -> Procedure:
        """Carry out one operation of an ability's effect; returns False where it could do nothing (a clock with
        no card to take), which an operation after it that says "If you do" asks."""
        me = self.states[player]
        if "draw" in effect and effect.get("up_to") and int(effect["draw"]) > 1:
            yield from self.draw_up_to(player, card, ability, int(effect["draw"]))
        elif "draw" in effect and effect.get("up_to"):
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
        elif "stock" in effect and effect.get("up_to"):
            decision = self.game.playing.use_decision(
                player,
                card,
                ability,
                ("ws:8.6.2.4.4", "ws:3.10"),
                "put up to 1 card from the top of the deck into the stock: do it?",
            )
            if (yield decision).flag:
                yield from self.one_effect(player, card, ability, {"stock": 1}, battle_opponent)
            yield Checkpoint(decision)
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
        elif "damage" in effect:
            yield from self.game.moves.deal_damage(
                self.game.opponent(player), int(effect["damage"]), ("ws:4.11.1.2", "ws:8.6.2.4.4"), card
            )
        elif "trigger_checks" in effect:
            self.game.attack_phase.more_trigger_checks(player, card, int(effect["trigger_checks"]))
        elif "heal" in effect or "clock_to_stock" in effect:
            whose = self.game.opponent(player) if effect.get("whose") == "opponent" else player
            zone = "stock" if "clock_to_stock" in effect else "waiting"
            clock = self.states[whose].clock
            healed = []
            for _ in range(int(effect.get("heal", effect.get("clock_to_stock", 1)))):
                if not clock:
                    break
                top = self.game.moves.take_card(whose, "clock", clock[-1])
                self.game.moves.put(whose, zone, top)
                healed.append(top.identity or "?")
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{', '.join(healed) or 'no card'} from the top of {whose}'s clock to the "
                + ("stock" if zone == "stock" else "waiting room"),
                ("ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:4.3.3", "ws:3.8")
                + (("ws:3.10",) if zone == "stock" else ()),
            )
            if zone == "stock":
                yield from self.game.rule_actions.interrupts()
            return bool(healed)
        elif "reveal_top" in effect:
            yield from self.game.deck_operations.reveal_only(player, card, ability, effect)
        elif "deck_to_clock" in effect:
            reveal = Reveal(player, "text", int(effect["deck_to_clock"]), ("ws:8.6.2.4.4", "ws:3.8"))
            answer = yield reveal
            moved = yield from self.game.deck_operations.from_the_top(player, reveal, answer, "clock")
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"ability of {card.identity}: the top card of {player}'s deck to the clock "
                f"({', '.join(top.identity or '?' for top in moved) or 'none'})",
                ("ws:8.6.2.4.4", "ws:3.8"),
            )
            yield Checkpoint(reveal)
            yield from self.game.rule_actions.interrupts()
            return bool(moved)
        elif "keeps_soul" in effect:
            if me.position_of(card) is not None:
                self.game.characteristics.add_effect(
                    card, "keeps_soul", 1, f"ability {ability.index} of {card.identity}", ("ws:7.2.1.4.2",)
                )
                self.game.record(
                    RecordKind.ABILITY,
                    player,
                    f"{card.identity}'s soul does not decrease by side attacking until end of turn",
                    ("ws:8.6.2.4.4", "ws:7.2.1.4.2"),
                )
        elif "waiting_to_deck" in effect:
            yield from self.waiting_to_deck(player)
        elif "stock_to_waiting" in effect:
            return self.stock_to_waiting(player, int(effect["stock_to_waiting"]), effect.get("whose") == "opponent")
        elif "hand_to_stock" in effect:
            yield from self.hand_to(player, card, ability, "stock")
        elif "hand_to_waiting" in effect:
            yield from self.hand_to(player, card, ability, "waiting", int(effect["hand_to_waiting"]))
        elif "reveal" in effect:
            yield from self.game.deck_operations.reveal_top(player, card, ability, effect, battle_opponent)
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
            yield from self.game.deck_operations.search_deck(player, card, ability, effect)
        elif "mill" in effect:
            yield from self.game.deck_operations.mill(player, card, ability, effect, battle_opponent)
        elif "look" in effect:
            yield from self.game.deck_operations.look_and_take(player, card, ability, effect)
        elif "brainstorm" in effect:
            yield from self.game.deck_operations.brainstorm(player, card, ability, effect, battle_opponent)
        elif "reorder_top" in effect:
            yield from self.game.deck_operations.reorder_top(player, card, ability, int(effect["reorder_top"]))
        elif "look_top" in effect:
            yield from self.game.deck_operations.look_top(player, card, ability, tuple(effect["look_top"]))
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
        elif effect.get("target") == "choose":
            yield from self.chosen_character(player, card, ability, effect)
        else:
            target = effect.get("target", "self")
            if target == "self":
                targets = [card] if me.position_of(card) is not None else []
            elif target == "opponents":  # "all of your opponent's characters (in the center stage) get"
                wanted = {"center_stage": CENTER, "back_stage": BACK}.get(str(effect.get("area")), CENTER + BACK)
                them = self.states[self.game.opponent(player)]
                targets = [c for pos, c in them.characters() if pos in wanted]
            else:
                targets = [c for _, c in me.characters() if applies_to(target, card, c)]
            for target_card in targets:
                self.gain(player, card, ability, effect, target_card)

    def waiting_to_deck(self, player: str) -> Procedure:
        """Return every card of the waiting room to the deck and shuffle the deck (3.4, 3.2.2; 8.6.2.4.4): the
        deck's order is hidden after."""
        me = self.states[player]
        returned = len(me.waiting)
        while me.waiting:
            self.game.moves.put(player, "deck", self.game.moves.take_card(player, "waiting", me.waiting[-1]))
        yield from self.game.moves.shuffle_deck(player, ("ws:8.6.2.4.4", "ws:3.2.2"))
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{counted(returned, 'card')} of {player}'s waiting room return to the deck; the deck is shuffled",
            ("ws:8.6.2.4.4", "ws:3.4", "ws:3.2.2"),
        )

    def stock_to_waiting(self, player: str, count: int, opponents: bool) -> bool:
        """Put the bottom ``count`` cards of the stock, the opponent's where ``opponents``, into its owner's waiting
        room (3.10: the stock is a pile; 8.6.2.4.4); False where the stock had none."""
        whose = self.game.opponent(player) if opponents else player
        stock = self.states[whose].stock
        moved = []
        for _ in range(min(count, len(stock))):
            bottom = self.game.moves.take_card(whose, "stock", stock[0])
            self.game.moves.put(whose, "waiting", bottom)
            moved.append(bottom.identity or "?")
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{', '.join(moved) or 'no card'} from the bottom of {whose}'s stock to the waiting room",
            ("ws:8.6.2.4.4", "ws:3.10", "ws:3.4"),
        )
        return bool(moved)

    def draw_up_to(self, player: str, card: Card, ability: CardAbility, most: int) -> Procedure:
        """Draw up to ``most`` cards (4.7.4): its master may end the process before each draw, so draws from none
        to ``most``; a resolve entry's ``use`` says how many (true: all of them; not said, none)."""
        decision = Decision(
            player,
            "draw_up_to",
            [DrawUpTo(count) for count in range(most + 1)],
            ("ws:4.7.4", "ws:4.7.4.1", "ws:4.7.4.3", "ws:8.6.2.4.4"),
            frozenset({"resolve"}),
            prompt=f"draw up to {counted(most, 'card')}: how many?",
            default=DrawUpTo(0),
            source=card.identity,
            ability=ability.name,
        )
        choice = yield decision
        drawn = choice.count if isinstance(choice, DrawUpTo) else 0
        if drawn:
            yield from self.game.moves.draw(player, drawn, ("ws:4.7.4", "ws:4.7.4.2", "ws:8.6.2.4.4", "ws:4.3.3"))
        else:
            self.game.record(RecordKind.ABILITY, player, f"{player} draws no card (up to {most})", ("ws:4.7.4.1",))
        yield Checkpoint(decision)

    def times(self, per: dict[str, Any], card: Card) -> int:
        """How many times a change counted ``per`` something is made: the characters of traits among the cards the
        ability's mill put into the waiting room (``milled``), else what the characteristics count."""
        if "milled" not in per:
            return self.game.characteristics.times(per, card)
        wanted = {"among": "character", "with_trait": per["milled"]["traits"]}
        return sum(
            1
            for milled in self.those_cards
            if (definition := self.game.definition(milled)) is not None and chosen_card_fits(wanted, definition)
        )

    def gain(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any], target: Card) -> None:
        """The power and soul change of ``effect`` to ``target``, counted ``per`` where it says, until end of turn
        or until the end of the opponent's next turn (8.2.1.2)."""
        times = self.times(effect["per"], card) if "per" in effect else 1
        gains = [(attribute, int(effect[attribute]) * times) for attribute in GAINS if attribute in effect]
        next_turn = effect.get("until") == "end_of_opponents_next_turn"
        if "grant" in effect:
            self.grant(player, card, ability, effect, target, next_turn)
            if not gains:
                return
        for attribute, amount in gains:
            self.game.characteristics.add_effect(
                target,
                attribute,
                amount,
                f"ability {ability.index} of {card.identity}",
                ("ws:8.2.1.2",),
                controller=player if next_turn else None,
            )
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{target.identity} gets "
            + " and ".join(f"{amount:+d} {attribute}" for attribute, amount in gains)
            + (" until the end of the opponent's next turn" if next_turn else " until end of turn"),
            ("ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.2", "ws:4.3.3"),
        )

    def grant(
        self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any], target: Card, next_turn: bool
    ) -> None:
        """``target`` gains the ability ``effect`` gives (8.1.1), until end of turn or until the end of the
        opponent's next turn (8.2.1.2); it has it while it stays on the stage (8.9.2)."""
        key = grant_key(card.identity or "", ability.index, ability.effects.index(effect))
        self.game.version += 1
        self.game.effects.add(
            ContinuousEffect(
                target.instance,
                "abilities",
                layer=Layer.NON_NUMERIC,
                duration=Duration.OPPONENTS_NEXT_TURN if next_turn else Duration.END_OF_TURN,
                timestamp=self.game.effects.next_timestamp(),
                source=f"ability {ability.index} of {card.identity}",
                clauses=("ws:8.1.1", "ws:8.2.1.2"),
                gains=key,
                controller=player if next_turn else None,
                turn=self.game.turn,
            )
        )
        given = effect["grant"].get("text") or key
        self.game.record(
            RecordKind.ABILITY,
            player,
            f'{target.identity} gets the ability "{given}"'
            + (" until the end of the opponent's next turn" if next_turn else " until end of turn"),
            ("ws:8.6.2.4.4", "ws:8.1.1", "ws:8.2.1.2", "ws:4.3.3"),
        )

    def chosen_character(self, player: str, card: Card, ability: CardAbility, effect: dict[str, Any]) -> Procedure:
        """Choose a character on the stage (8.6.3), its master's or, ``whose: opponent``, the opponent's, among
        those the effect narrows to (its traits, level, cost, where it is, in battle, other than the ability's
        card), and do the effect to it: a power or soul change, ``send`` it to a zone, rest or stand it.  "Up to"
        one lets its master choose none (8.6.3.1.1); with none to choose, nothing is done (8.6.3.1.3)."""
        whose = self.game.opponent(player) if effect.get("whose") == "opponent" else player
        state = self.states[whose]
        options = [
            Choice("target", pos=pos)
            for pos, character in state.characters()
            if self.may_choose(effect, card, pos, character)
            and not (whose != player and self.game.attack_phase.cannot(character, "be_chosen"))
        ]
        described = chosen_character_words(effect)
        if not options:
            self.game.record(RecordKind.ABILITY, player, "no character to choose", ("ws:8.6.3.1.3",))
            return
        up_to = bool(effect.get("up_to"))
        decision = self.target_decision(
            player, card, ability, "target", options, f"choose {'up to ' if up_to else ''}{described}", up_to=up_to
        )
        choice = yield decision
        if choice.verb == "pass":
            self.game.record(RecordKind.CHOICE, player, f"{player} chooses no character (up to 1)", ("ws:8.6.3.1.1",))
            yield Checkpoint(decision)
            return
        target = state.character_on(choice.pos)
        if "send" in effect:
            self.send_from_stage(player, target, str(effect["send"]), f"{target.identity}, chosen,", "ws:8.6.3")
            yield from self.game.rule_actions.interrupts()
        elif "rest" in effect or "stand" in effect:
            orientation = "rest" if "rest" in effect else "stand"
            if orientation == "rest":
                self.game.moves.rest(target, "an ability rested it (ws:4.6.1.2)")
            else:
                target.orientation = "stand"
            self.game.version += 1
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{target.identity} is {'rested' if orientation == 'rest' else 'stood'}",
                ("ws:8.6.2.4.4", "ws:4.6.1.2" if orientation == "rest" else "ws:4.6.1.1"),
            )
            if "and_move" in effect and whose == player:
                yield Checkpoint(decision)
                yield from self.move_self(player, card, ability, str(effect["and_move"]), target)
                return
        else:
            self.gain(player, card, ability, effect, target)
        yield Checkpoint(decision)

    def may_choose(self, effect: dict[str, Any], card: Card, pos: int, character: Card) -> bool:
        """Whether the character at ``pos`` is one ``effect`` (``target: choose``) may choose."""
        traits = required_traits(effect)
        if traits is not None and self.game.characteristics.traits(character).isdisjoint(traits):
            return False
        if effect.get("other") and character is card:
            return False
        if effect.get("in_battle") and character not in self.game.attack_phase.in_battle():
            return False
        area = effect.get("area")
        if area is not None and pos not in (CENTER if area == "center_stage" else BACK):
            return False
        level = self.game.characteristics.level_of(character)
        if "level_at_most" in effect and level > int(effect["level_at_most"]):
            return False
        if "level_at_least" in effect and level < int(effect["level_at_least"]):
            return False
        if effect.get("above_player_level") and level <= self.states[character.owner].level_count:
            return False
        definition = self.game.definition(character)
        return "cost_at_most" not in effect or (definition is not None and definition.cost <= effect["cost_at_most"])

    def send_from_stage(self, player: str, target: Card, fate: str, described: str, why: str) -> None:
        """Put ``target`` from the stage into a zone of its master's, or on the top or at the bottom of its master's
        deck: a new object there (3.1.4); ``why`` is the clause that names it (a choice, a battle opponent)."""
        owner = target.owner or player
        zone = {"deck_bottom": "deck", "deck_top": "deck"}.get(fate, fate)
        self.game.moves.leave_stage(owner, target, zone)
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
            f"{described} goes to {where.get(fate, 'the ' + fate)}",
            ("ws:8.6.2.4.4", why, ZONE_CLAUSES.get(zone, "ws:3.1.4")),
        )

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
        self.send_from_stage(
            player, opponent, fate, f"{opponent.identity}, the battle opponent of {card.identity},", "ws:7.2.1.5.1"
        )
        yield from self.game.rule_actions.interrupts()

    def move_self(
        self, player: str, card: Card, ability: CardAbility, where: str, mover: Card | None = None
    ) -> Procedure:
        """Move the ability's card (or ``mover``, a character of its master's an effect chose) to an open position
        of the center stage (``open_center``: its master chooses which, a resolve entry's ``to``), to the open
        middle one (``open_middle``), or to an open position of the back stage (``open_back``); it keeps being the
        same object (3.1.4).  Nothing happens where no such position is open or the card has left the stage."""
        me = self.states[player]
        card = mover or card
        position = me.position_of(card)
        if position is not None and self.game.characteristics.cannot_move(card):
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{card.identity} cannot move to another position of the stage: it stays on position {position}",
                ("ws:8.1.1.3", "ws:8.6.2.4.4"),
            )
            return
        wanted = {"open_middle": (MIDDLE,), "open_back": BACK}.get(where, CENTER)
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
            player, card, ability, "move_to", options, "choose the open position it moves to"
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
        into the hand (``salvage``) or the stock (``to: stock``); "up to" one lets its master choose none.  One of
        "level X or lower", X the level of the card revealed before (``level_of_revealed``), asks that card's level
        (a climax is level 0; a card not named is taken as level 0, and the verdict says so)."""
        me = self.states[player]
        if effect.get("level_of_revealed"):
            revealed = self.game.definition(self.those_cards[0]) if self.those_cards else None
            if revealed is None:
                self.game.moves.assume(
                    f"the card {card.identity} revealed is not named in the log (revealed): taken as level 0",
                    ("ws:4.9.1",),
                )
            effect = {**effect, "revealed_level": revealed.level if revealed is not None else 0}
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
            options,
            f"choose {'up to ' if up_to else ''}1 {described} in the waiting room",
            up_to=up_to,
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
        if to == "stage":
            yield Checkpoint(decision)
            yield from self.onto_stage(player, card, ability, "waiting", str(choice.card))
            yield from self.game.rule_actions.interrupts()
            return
        taken = self.game.moves.take_unseen_as(player, "waiting", choice.card, "the effect chooses it")
        self.game.moves.put(player, to, taken)
        into = f"the {to}" if to in ("stock", "memory") else "hand"
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{choice.card} {'returns' if to == 'hand' else 'goes'} from the waiting room to {into}",
            ("ws:8.6.3.1", "ws:8.6.2.4.4", "ws:8.2.1", "ws:8.2.1.1", "ws:8.8.1", "ws:4.3.3")
            + ((ZONE_CLAUSES[to],) if to in ("stock", "memory") else ()),
        )
        yield Checkpoint(decision)
        if to == "stock":
            yield from self.game.rule_actions.interrupts()

    def hand_to(self, player: str, card: Card, ability: CardAbility, zone: str, count: int = 1) -> Procedure:
        """Choose ``count`` cards in the hand (as many as it has, where fewer: 8.6.3.1.2) and put them into the
        stock (3.10) or the waiting room (3.4) (8.6.3): the resolve entry names them (cards); those put into the
        waiting room are shown to all."""
        hand = self.states[player].hand
        identities = list(dict.fromkeys(self.game.moves.hand_identities(player)))
        count = min(count, len(hand))
        options = [
            Choice("hand_pick", cards=chosen)
            for chosen in combinations_with_replacement(sorted(identities), count)
            if count == 1 or first_unheld(hand, chosen) is None
        ]
        if not options:
            self.game.record(RecordKind.ABILITY, player, "no card in the hand to choose", ("ws:8.6.3.1.3",))
            return
        into = "the stock" if zone == "stock" else "the waiting room"
        decision = self.target_decision(
            player,
            card,
            ability,
            "hand_pick",
            options,
            f"choose {'a card' if count == 1 else counted(count, 'card')} in the hand to put into {into}",
        )
        choice = yield decision
        for identity in choice.cards:
            self.game.moves.put(player, zone, self.game.moves.take_from(player, "hand", identity))
        shown = f" ({', '.join(choice.cards)})" if zone == "waiting" else ""
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{player} puts {'a card' if len(choice.cards) == 1 else counted(len(choice.cards), 'card')} from the hand "
            f"into {into}{shown}",
            ("ws:8.6.3", "ws:8.6.2.4.4", ZONE_CLAUSES[zone]),
        )
        yield Checkpoint(decision)
        yield from self.game.rule_actions.interrupts()

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

    def onto_stage(self, player: str, card: Card, ability: CardAbility, zone: str, identity: str) -> Procedure:
        """Put the character ``identity`` of ``zone`` (the waiting room, the deck) on a position of its master's
        stage the resolve entry names (``to``), standing (8.6.3.1, 3.6); a character already there goes to the
        waiting room by rule action (9.6.1).  A card that is not a character stays where it is: only characters
        are on the stage (3.6.1).  Returns the position, or None."""
        where = "the waiting room" if zone == "waiting" else "the deck"
        definition = self.game.definitions.get(identity)
        if definition is None or definition.type != "character":
            self.game.record(
                RecordKind.ABILITY,
                player,
                f"{identity} is not a character: it stays in {where}",
                ("ws:8.6.2.4.4", "ws:3.6.1"),
            )
            return None
        options = [Choice("move_to", pos=pos) for pos in CENTER + BACK]
        decision = self.target_decision(
            player, card, ability, "move_to", options, f"choose the position of the stage {identity} is put on"
        )
        choice = yield decision
        if zone == "waiting":
            taken = self.game.moves.take_unseen_as(player, zone, identity, "the effect chooses it")
        else:
            taken = self.game.moves.take_from(player, zone, identity)
        assert choice.pos is not None  # every option names a position
        self.game.moves.put_on_stage(player, taken, choice.pos)
        self.game.record(
            RecordKind.ABILITY,
            player,
            f"{identity} is put from {where} on position {choice.pos} of the stage",
            ("ws:8.6.3.1", "ws:8.6.2.4.4", "ws:3.6.1", "ws:9.6.1"),
        )
        yield Checkpoint(decision)
        return choice.pos

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
        up_to: bool = False,
    ) -> Decision:
        """A choice an effect asks for (8.6.3): stated by the entry that plays the ability, or by a resolve entry;
        where neither does, ``default`` (the first option, unless said).  "Up to" one adds choosing none, the
        default (8.6.3.1.1)."""
        if up_to:
            options, default = [*options, PASS], PASS
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
