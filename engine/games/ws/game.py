"""Weiss Schwarz (CR 2.00), played clause by clause: the game, composed of the parts of its rules.

``WeissSchwarz`` holds the state (each player's zones, ``engine.games.ws.state``)
and composes one part per section of the comprehensive rules, each in its own
module:

=====================  ==========================================================
``moves``              cards moving between zones, drawing, damage (3, 4.7, 4.10)
``opening``            setting up the game, or the position it starts from (5)
``phases``             the turn and its phases (6)
``attack_phase``       attack and battle, trigger icons (7, 4.12)
``playing``            playing cards and abilities, costs, replacements (8.1-8.8, 8.10)
``characteristics``    power, soul, traits under continuous effects (2, 8.9)
``rule_actions``       rule actions (9)
``keywords``           Encore, Assist, Bond, Great Performance, Shift (10)
``other_rules``        additional turns, loops (11)
=====================  ==========================================================

The check timing (8.5) is the core's (``engine.core.check_timing``), with this
game's rule actions.  Every state change is recorded with the clause that
required or allowed it; every decision lists its legal options, and ``explain``
names the clause that forbids an illegal one.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from engine.core import state_hash as hashing
from engine.core.cards import Card, IdentityPool, first_unheld
from engine.core.check_timing import CheckTimingGame
from engine.core.game import GameClauses, GameEnded, Procedure
from engine.core.interface import PlayerSpec
from engine.core.parts import Part
from engine.core.protocol import Choice, Decision, Refusal, TurnStart
from engine.core.wording import counted
from engine.games.ws.abilities import CardAbility, card_abilities, grant_key, grantable
from engine.games.ws.attack import AttackPhase
from engine.games.ws.cards import WsCardDefinition, stock_cost
from engine.games.ws.characteristics import Characteristics
from engine.games.ws.choices import ATTACK_TYPES, DeclareAttack, Move, PayCost, PutReversed, RestCharacters
from engine.games.ws.costs import Costs
from engine.games.ws.deck_operations import DeckOperations
from engine.games.ws.keywords import Keywords
from engine.games.ws.moves import CardMoves
from engine.games.ws.opening import Opening
from engine.games.ws.operations import Operations
from engine.games.ws.other_rules import OtherRules
from engine.games.ws.phases import Phases
from engine.games.ws.playing import Playing
from engine.games.ws.rule_actions import RuleActions
from engine.games.ws.state import (
    CENTER,
    FACING,
    HAND_LIMIT,
    POSITIONS,
    ZONES,
    Because,
    PlayerState,
    Position,
    because,
)

PILES: Final = ZONES.names(piles=True)
"""The zones that hold a pile of cards, as a snapshot lists them."""


class WeissSchwarz(CheckTimingGame[WsCardDefinition]):
    """A game of Weiss Schwarz from the opening, or from a given position."""

    game_id = "ws"
    check_timing_clauses: tuple[str, ...] = (
        "ws:8.5.1",
        "ws:4.4.1",
        "ws:4.4.2",
        "ws:8.5.1.1",
        "ws:8.7.1",
        "ws:8.5.1.4",
    )
    """A check timing's record stands for all of it: rule actions, then abilities in standby, until it ends."""
    standby_clauses: tuple[str, ...] = (
        "ws:8.5.1.2",
        "ws:8.5.1.3",
        "ws:8.7.3",
        "ws:8.7.3.1",
        "ws:8.6.1",
        "ws:4.3.1",
        "ws:4.3.2",
        "ws:4.3.5",
    )
    """An automatic ability is played (8.6.1) by its master, the master of its card, the player whose zone holds
    it (4.3.1, 4.3.5, 4.3.2): the turn player's first (8.5.1.2, 8.5.1.3)."""
    clauses = GameClauses(
        turn_order=("ws:6.1.1",),
        game_end=("ws:1.2.1",),
        unmodelled_text=("ws:8.6",),
        loops=("ws:11.1.1",),
        concession=("ws:1.2.4",),
        card_records=("ws:2.3",),
    )
    zones = ZONES
    turn_begins_with = "stand"
    parts = (
        Part("moves", CardMoves, calls=("attack_phase", "rule_actions", "playing", "keywords")),
        Part("opening", Opening, calls=("moves",)),
        Part(
            "phases",
            Phases,
            calls=(
                "moves",
                "attack_phase",
                "playing",
                "costs",
                "operations",
                "characteristics",
                "rule_actions",
                "keywords",
            ),
        ),
        Part(
            "attack_phase",
            AttackPhase,
            calls=("moves", "phases", "playing", "costs", "characteristics", "rule_actions", "keywords"),
        ),
        Part(
            "playing",
            Playing,
            calls=("moves", "costs", "operations", "attack_phase", "characteristics", "rule_actions"),
        ),
        Part("costs", Costs, calls=("moves", "characteristics")),
        Part(
            "operations",
            Operations,
            calls=(
                "moves",
                "playing",
                "attack_phase",
                "characteristics",
                "rule_actions",
                "other_rules",
                "deck_operations",
            ),
        ),
        Part(
            "deck_operations",
            DeckOperations,
            calls=("moves", "playing", "operations", "rule_actions"),
        ),
        Part("characteristics", Characteristics, calls=("keywords",)),
        Part("rule_actions", RuleActions, calls=("moves", "characteristics")),
        Part("keywords", Keywords, calls=("moves", "playing", "costs", "characteristics", "rule_actions")),
        Part("other_rules", OtherRules),
    )
    # The parts again, as a compiled build needs them (engine.core.parts): their types, and the
    # attributes close() may delete; tests/test_engine_parts.py checks that all three agree.
    moves: CardMoves
    opening: Opening
    phases: Phases
    attack_phase: AttackPhase
    playing: Playing
    costs: Costs
    operations: Operations
    deck_operations: DeckOperations
    characteristics: Characteristics
    rule_actions: RuleActions
    keywords: Keywords
    other_rules: OtherRules
    __deletable__ = (
        "moves",
        "opening",
        "phases",
        "attack_phase",
        "playing",
        "costs",
        "operations",
        "deck_operations",
        "characteristics",
        "rule_actions",
        "keywords",
        "other_rules",
    )

    def __init__(
        self,
        definitions: dict[str, WsCardDefinition],
        players: list[PlayerSpec],
        first: str,
        order: dict[str, list[str]] | None = None,
        position: Position | None = None,
        step_budget: int = 200_000,
    ) -> None:
        super().__init__((players[0].id, players[1].id), definitions, step_budget)
        self.player_states: dict[str, PlayerState] = {}
        """Each player's zones and counters, by player id."""
        for spec in players:
            deck_list = Counter(spec.deck)
            self.player_states[spec.id] = PlayerState(
                spec.id, deck_list, IdentityPool(f"deck list of {spec.id}", dict(deck_list))
            )
        self.first = first
        self.turn_player = first
        self.order = order or {}
        """Known deck orders after the opening shuffle, top first, by player id."""
        self.position = position
        """The position the game starts from, or None for the opening (5.2)."""
        self.paying_cost = False
        """Whether a cost is being paid: interrupt rule actions wait (8.4.2.1)."""
        self.in_damage: str | None = None
        """The player in the middle of a damage process, whose deck may run out in it (9.2.2.1)."""
        self.why_rested: dict[int, Because] = {}
        self.placed_from_hand: dict[int, int] = {}
        """A character's instance -> the turn it was placed on the stage from the hand (a text asks "During the
        turn that this card is placed on the stage from your hand")."""
        """Card instance -> what rested it, to say why it cannot do what only a standing character does."""
        self.why_empty: dict[tuple[str, int], Because] = {}
        """(player, stage position) -> what emptied it, to say why no character is there."""
        self.modelled: dict[str, tuple[CardAbility, ...]] = {
            card_id: card_abilities(definition.abilities) for card_id, definition in definitions.items()
        }
        """Card id -> the abilities of its record the engine models (engine.games.ws.abilities)."""
        self.grants: dict[str, CardAbility] = {
            grant_key(card_id, ability.index, position): given
            for card_id, abilities in self.modelled.items()
            for ability in abilities
            for position, effect in enumerate(ability.effects)
            if (given := grantable(effect.get("grant"))) is not None
        }
        """The abilities the effects of the game's cards give (``grant``), by ``grant_key``."""
        self.granting_conts = frozenset(
            card_id
            for card_id, abilities in self.modelled.items()
            if any(ability.kind == "cont" and any("grant" in e for e in ability.effects) for ability in abilities)
        )
        """The cards with a continuous ability that gives an ability ("All of your other characters get the
        following ability")."""
        self.restricts_moves = any(
            ability.kind == "cont" and any(e.get("cannot") == "move" for e in ability.effects)
            for abilities in (*self.modelled.values(), tuple(self.grants.values()))
            for ability in abilities
        )
        """Whether a card of the game has (or gives) a continuous ability that keeps a character from moving."""
        self.restricts_standing = any(
            ability.kind == "cont" and any(e.get("cannot") == "stand" for e in ability.effects)
            for abilities in (*self.modelled.values(), tuple(self.grants.values()))
            for ability in abilities
        )
        """Whether a card of the game has (or gives) a continuous ability that keeps it from standing."""
        self.gives_encores = any(
            ability.kind == "cont" and any("encore" in e for e in ability.effects)
            for abilities in self.modelled.values()
            for ability in abilities
        )
        """Whether a card of the game has a continuous ability that gives an Encore (``Keywords.encores_given``)."""
        self.stage_levels = frozenset(
            card_id
            for card_id, abilities in self.modelled.items()
            if any(
                ability.kind == "cont" and ability.zone is None and any("level" in e for e in ability.effects)
                for ability in abilities
            )
        )
        """The cards whose continuous abilities change their own level on the stage."""
        self.facing_conts = frozenset(
            card_id
            for card_id, abilities in self.modelled.items()
            if any(
                ability.kind == "cont" and any(e.get("target") == "facing" for e in ability.effects)
                for ability in abilities
            )
        )
        """The cards with a continuous ability that changes the opponent's character facing them."""
        self.static_lowering = any(
            int(effect.get("power", 0)) < 0
            for abilities in self.modelled.values()
            for ability in abilities
            if ability.kind == "cont"
            for effect in ability.effects
        ) or any(int((definition.keyword("assist") or {}).get("power", 0)) < 0 for definition in definitions.values())
        """Whether a continuous ability or an Assist of this game's cards can lower a character's power."""
        self.weak_printed = any(d.type == "character" and d.power <= 0 for d in definitions.values())
        """Whether some character of this game is printed with 0 or less power."""
        self.build_parts()
        if position is None:
            self.opening.deal_decks()
        else:
            self.opening.place(position)

    def run(self) -> Procedure:
        """The game from its start to its end (or to where the driver stops feeding it)."""
        try:
            if self.position is None:
                yield from self.opening.run()
                yield TurnStart()
                start = "stand"
            else:
                start = self.position.phase
            yield from self.turns(start)
        except GameEnded:
            return

    def unchanging(self) -> tuple[object, ...]:
        return (
            self.definitions,
            self.modelled,
            self.grants,
            self.granting_conts,
            self.facing_conts,
            self.stage_levels,
        )

    def abilities_of(self, card: Card) -> tuple[CardAbility, ...]:
        """The modelled abilities ``card`` has now: its record's, then those it has gained (8.1.1), numbered after
        them in the order gained."""
        printed = self.modelled.get(card.identity or "", ())
        if not self.grants:
            return printed
        gained = self.characteristics.granted(card)
        if not gained:
            return printed
        definition = self.definitions.get(card.identity or "")
        first = len(definition.abilities) if definition is not None else len(printed)
        return printed + tuple(ability.reindexed(first + k) for k, ability in enumerate(gained))

    def turns(self, start: str) -> Procedure:
        """Turn after turn, the first from the beginning of phase ``start``; a ``TurnStart`` before each next."""
        while True:
            yield from self.phases.play_turn(start)
            start = "stand"
            self.turn += 1
            self.turn_player = self.other_rules.next_turn_player()
            yield TurnStart()

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data (see ``engine.core.interface.PlayableGame.snapshot``).

        Each pile is bottom first but the deck, top first (``ZONES``); the stage maps a position to its
        character's card, orientation, power, soul and traits (8.9), and to ``pile``, every card there,
        while a character put on an occupied position waits for 9.6; ``markers`` maps a position to its
        markers; ``level`` is also the player's level (its card count, 8.6.2.1.2).
        """
        players: dict[str, dict[str, Any]] = {}
        for player, state in self.player_states.items():
            view: dict[str, Any] = {zone: [card.identity for card in state.zone(zone)] for zone in PILES}
            view["stage"] = {}
            for position, pile in zip(POSITIONS, state.stage, strict=True):
                if not pile:
                    continue
                card = pile[-1]
                view["stage"][position] = {
                    "card": card.identity,
                    "state": card.orientation,
                    "power": self.characteristics.power(card),
                    "soul": self.characteristics.soul(card),
                    "traits": sorted(self.characteristics.traits(card)),
                }
                if len(pile) > 1:  # until the rule action of 9.6 puts the earlier one into the waiting room
                    view["stage"][position]["pile"] = [earlier.identity for earlier in pile]
            view["markers"] = {
                position: [card.identity for card in markers]
                for position, markers in zip(POSITIONS, state.markers, strict=True)
                if markers
            }
            view["refresh_point"] = state.refresh_point
            players[player] = view
        outcome = self.outcome
        return {
            "turn": self.turn,
            "phase": self.phase,
            "turn_player": self.turn_player,
            "outcome": None
            if outcome is None
            else {"winner": outcome.winner, "termination": outcome.termination.value, "reason": outcome.reason},
            "players": players,
        }

    def canonical_state(self) -> dict[str, Any]:
        """The state a state hash covers (``engine.core.state_hash``): each player's piles (the deck top first, a
        hand and a waiting room as multisets), each stage position's pile with orientations and its markers, the
        refresh point; the attack in progress and its step, the attacks made this turn; the continuous effects
        and the abilities waiting; the turn, its player, the phase.  Powers and souls are not in it: the cards
        and the effects make them."""
        places = hashing.Places()
        players: dict[str, dict[str, Any]] = {}
        for player, state in self.player_states.items():
            view: dict[str, Any] = {
                zone: hashing.pile(ZONES[zone], state.zone(zone), places, f"{player} {zone}") for zone in PILES
            }
            view["stage"] = {
                str(position): hashing.pile(
                    ZONES["stage"], cards, places, f"{player} stage {position}", hashing.oriented
                )
                for position, cards in zip(POSITIONS, state.stage, strict=True)
                if cards
            }
            view["markers"] = {
                str(position): hashing.pile(ZONES["markers"], markers, places, f"{player} markers {position}")
                for position, markers in zip(POSITIONS, state.markers, strict=True)
                if markers
            }
            view["refresh_point"] = state.refresh_point
            players[player] = view
        attack = self.attack_phase.attack
        canonical = hashing.common(self)
        canonical["players"] = players
        canonical["attack"] = (
            None
            if attack is None
            else {
                "attacker": places.of(attack.attacker.instance),
                "position": attack.position,
                "kind": attack.kind,
                "defender": None if attack.defender is None else places.of(attack.defender.instance),
                "defender_position": attack.defender_position,
                "step": attack.step,
            }
        )
        canonical["attacks_this_turn"] = self.attack_phase.attacks_this_turn
        canonical["shot_armed"] = places.instances(
            instance for instance, armed in self.attack_phase.shot_armed.items() if armed
        )
        canonical["effects"] = hashing.effects(self.effects, places)
        canonical["standby"] = hashing.standby(self.standby, places)
        return canonical

    # -- the check timing's rule actions (9), for engine.core.check_timing ------------

    def rule_actions_due(self) -> bool:
        return self.rule_actions.rule_actions_due()

    def perform_rule_actions(self) -> Procedure:
        return self.rule_actions.perform_rule_actions()

    # -- legality: checking and explaining choices ---------------------------------

    def refusal_of(self, decision: Decision, choice: Choice) -> Refusal | None:
        if decision.kind == "mulligan" and choice.verb == "mulligan":
            return self._check_cards_in_hand(decision.player, choice.cards, ("ws:5.2.1.4",))
        if decision.kind == "discard" and choice.verb == "discard":
            excess = len(self.player_states[decision.player].hand) - HAND_LIMIT
            if len(choice.cards) != excess:
                return Refusal(
                    ("ws:6.8.1.2", "ws:3.3.3.1"),
                    f"{decision.player} must put exactly {counted(excess, 'card')} into the waiting room, not {len(choice.cards)}",
                )
            return self._check_cards_in_hand(decision.player, choice.cards, ("ws:6.8.1.2",))
        if decision.kind == "encore" and choice.verb == "encore":
            card = self.player_states[decision.player].character_at(choice.pos) if choice.pos in POSITIONS else None
            if choice.flag and card is not None:
                cost = choice.cost if isinstance(choice, PutReversed) else None
                refusal = self.keywords.payment_refusal(decision.player, card, cost)
                if refusal is not None:
                    return refusal
            choice = Choice("encore", pos=choice.pos)
        if decision.kind == "pay" and isinstance(choice, PayCost) and choice.flag and choice.cost is None:
            paying = [option for option in decision.options if isinstance(option, PayCost) and option.flag]
            costs = sorted({option.cost for option in paying if option.cost is not None})
            if len(costs) > 1:
                either = " or ".join(f"{cost} stock" for cost in costs)
                return Refusal(
                    decision.clauses + ("ws:10.2.3",) if decision.ability == "encore" else decision.clauses,
                    f"{decision.source}'s cost can be paid with {either}: the entry must name the one paid "
                    f"(pay: {{stock: {costs[0]}}})",
                )
            if paying:
                return None
        return super().refusal_of(decision, choice)

    def carries_out(self, decision: Decision, choice: Choice) -> bool:
        """Whether a refused choice can be carried out as stated (see ``Game.carries_out``): a card played, clocked
        or countered is in the hand and its cost can be paid; an attacker stands on a center position with the
        type of attack its facing allows; a level up's card is among the bottom seven of the clock; cards to
        discard or mulligan are in the hand; a move names two positions."""
        player = decision.player
        me = self.player_states[player]
        verb = choice.verb
        if verb in ("play", "clock", "climax", "counter"):
            definition = self.definitions.get(choice.card or "")
            if definition is None or definition.id not in self.moves.hand_identities(player):
                return False
            if verb == "clock":
                return True
            if verb == "climax":
                return definition.type == "climax"
            backup = definition.keyword("backup") if verb == "counter" else None
            cost = stock_cost(backup, 0) if backup is not None else definition.cost
            if cost > len(me.stock):
                return False
            if verb == "play":
                return (definition.type == "character" and choice.pos in POSITIONS) or (
                    definition.type == "event" and choice.pos is None
                )
            return True
        if isinstance(choice, DeclareAttack):
            attacker = me.character_at(choice.pos) if choice.pos in CENTER else None
            if attacker is None:
                return False
            facing = self.player_states[self.opponent(player)].character_at(FACING[choice.position])
            return (choice.attack_type == "direct") == (facing is None) and choice.attack_type in ATTACK_TYPES
        if isinstance(choice, Move):
            return choice.pos in POSITIONS and choice.other in POSITIONS and choice.pos != choice.other
        if verb == "level_up":
            return any(card.identity == choice.card for card in me.clock[:7])
        if verb in ("discard", "mulligan"):
            return self._check_cards_in_hand(player, choice.cards, ()) is None
        return False

    def concrete(self, decision: Decision, choice: Choice) -> Choice:
        """The option a legal but loosely written choice stands for (``pay: true`` -> the cheapest)."""
        if decision.kind == "pay" and isinstance(choice, PayCost) and choice.flag and choice.cost is None:
            return next(option for option in decision.options if option.flag)
        if decision.kind == "pay" and choice.flag is False:
            return decision.options[0]
        return choice

    def _check_cards_in_hand(self, player: str, cards: tuple[str, ...], clauses: tuple[str, ...]) -> Refusal | None:
        missing = first_unheld(self.player_states[player].hand, cards)
        return None if missing is None else Refusal(clauses, self.moves.not_in_hand(player, missing))

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        """Why ``choice`` is not legal at ``decision``: the clause of the part of the rules it breaks."""
        player = decision.player
        if decision.kind == "rest_cost" and isinstance(choice, RestCharacters):
            offered = sorted(
                {
                    position
                    for option in decision.options
                    if isinstance(option, RestCharacters)
                    for position in option.positions
                }
            )
            return Refusal(
                decision.clauses,
                f"the characters on {', '.join(map(str, choice.positions)) or 'no position'} cannot pay this cost: "
                f"{decision.prompt}, among those on {', '.join(map(str, offered)) or 'no position'}",
            )
        if decision.kind in ("discard_cost", "hand_pick") and choice.verb == decision.kind:
            unheld = self._check_cards_in_hand(player, choice.cards, decision.clauses)
            return unheld or Refusal(
                decision.clauses, f"{', '.join(choice.cards)} cannot pay this cost: {decision.prompt}"
            )
        chosen = choice.card if choice.verb == "salvage" else (choice.cards[0] if choice.cards else None)
        if decision.kind in ("salvage", "search", "look_take") and choice.verb == decision.kind and chosen is not None:
            zone, named = ("waiting", "waiting room") if decision.kind == "salvage" else ("deck", "deck")
            pile = self.player_states[player].zone(zone)
            held = any(card.identity == chosen for card in pile) or chosen in self.moves.unseen_identities(pile)
            where = "" if held else f"{chosen} is not in {player}'s {named}; "
            return Refusal(decision.clauses, f"{where}{chosen} cannot be chosen: {decision.prompt}")
        if choice.verb not in decision.verbs and choice.verb != "pass":
            return Refusal(decision.clauses, f"{choice.verb} is not possible now: {decision.prompt}")
        if choice.verb == "pass":
            return Refusal(decision.clauses, f"{player} cannot pass here: {decision.prompt}")
        refusal: Refusal | None = None
        if choice.verb in ("play", "clock", "climax", "counter") and choice.card is not None:
            refusal = self.playing.card_refusal(decision, choice)
        elif choice.verb == "attack":
            refusal = self.attack_phase.attack_refusal(player, choice)
        elif choice.verb == "level_up":
            refusal = Refusal(("ws:9.3.2",), f"{choice.card} is not among the bottom seven cards of {player}'s clock")
        elif choice.verb == "move":
            refusal = self.move_refusal(player, choice)
        elif choice.verb == "act":
            refusal = self.phases.act_refusal(player, choice)
        elif choice.verb == "encore":
            refusal = self.not_reversed(player, choice.pos)
        if refusal is not None:
            return refusal
        legal = ", ".join(option.describe() for option in decision.options[:12])
        return Refusal(decision.clauses, f"{choice.describe()} is not a legal option ({legal})")

    def move_refusal(self, player: str, choice: Choice) -> Refusal:
        """Why ``choice`` is no move of ``player``'s (ws 6.5.1.2.4: two stage positions exchange what they hold):
        a position that is none of the five, one position named twice, or two empty positions, each with what
        emptied it where the game saw it."""
        first, second = choice.pos, choice.other if isinstance(choice, Move) else None
        named = [position for position in (first, second) if position is not None]
        if len(named) < 2:
            return Refusal(("ws:6.5.1.2.4",), "a move names two stage positions, from and to (1-5)")
        outside = next((position for position in named if position not in POSITIONS), None)
        if outside is not None:
            return Refusal(("ws:6.5.1.2.4", "ws:3.6.3"), f"{outside} is not a stage position: they are 1-5")
        if first == second:
            return Refusal(("ws:6.5.1.2.4",), f"a move exchanges two positions; from and to are both {first}")
        blocker = self.phases.move_blocker(player, choice) if self.restricts_moves else None
        if blocker is not None:
            return Refusal(
                ("ws:8.1.1.3", "ws:6.5.1.2.4"),
                f"{blocker.identity} cannot move to another position of the stage: a continuous ability says so",
            )
        me = self.player_states[player]
        if not me.pile_at(first or 0) and not me.pile_at(second or 0):
            causes = [
                f"{position}: {emptied}"
                for position in named
                if (emptied := because(self.why_empty.get((player, position))))
            ]
            return Refusal(
                ("ws:6.5.1.2.4",),
                f"stage positions {first} and {second} are both empty: there is no character to move"
                + (f" ({'; '.join(causes)})" if causes else ""),
            )
        return Refusal(("ws:6.5.1.2.4",), "move exchanges two stage positions, 1-5")

    def not_reversed(self, player: str, position: int | None) -> Refusal | None:
        """Why no encore step puts ``player``'s character on ``position`` into the waiting room (ws 7.7.1.2: only a
        reversed one goes): the position is empty, or the character is not reversed, with what made it so (an
        attack that rested it, and no battle after a side or direct attack, 7.5.1.3).  None for a reversed one."""
        if position not in POSITIONS:
            return None
        card = self.player_states[player].character_at(position)
        if card is None:
            emptied = because(self.why_empty.get((player, position)))
            where = f"no character of {player} is on position {position}"
            return Refusal(("ws:7.7.1.2",), where + (f": {emptied}" if emptied else ""))
        if card.orientation == "reverse":
            return None
        state = "rested" if card.orientation == "rest" else "standing"
        message = f"{card.identity} on position {position} is {state}, not reversed"
        clauses: tuple[str, ...] = ("ws:7.7.1.2",)
        cause = ""
        rested = self.why_rested.get(card.instance) if card.orientation == "rest" else None
        if rested is not None:
            message += f": {because(rested)}"
            kind = rested[1][1] if len(rested[1]) > 1 else None
            if kind in ("side", "direct"):
                message += f"; a {kind} attack ends after the damage step, with no battle (ws:7.5.1.3)"
                clauses += ("ws:7.5.1.3",)
                cause = f"the {kind} attack of turn {rested[2]} at entry {rested[3]}"
        else:
            side = self.side_attack_facing(player, position)
            if side is not None:
                message += (
                    f": it faced the side attack of {self.opponent(player)}'s position {side[1][0]} in turn {side[2]}"
                    f" (entry {side[3]}), which ends after the damage step, with no battle (ws:7.5.1.3)"
                )
                clauses += ("ws:7.5.1.3",)
                cause = f"the side attack of turn {side[2]} at entry {side[3]}"
        return Refusal(
            clauses, message + ", and only reversed characters go to the waiting room in the encore step", cause
        )

    def side_attack_facing(self, player: str, position: int) -> Because | None:
        """What rested the opponent's character that made a side attack against ``player``'s ``position`` (the
        position facing it, ws 3.6.5) in this turn or the one before, if one did and still stands rested."""
        for attacker_position, attacker in self.player_states[self.opponent(player)].characters():
            why = self.why_rested.get(attacker.instance) if attacker.orientation == "rest" else None
            if why is None or why[2] < self.turn - 1 or len(why[1]) < 2 or why[1][1] != "side":
                continue
            if FACING.get(attacker_position) == position:
                return why
        return None

    def why_not_now(self, verb: str, player: str, choice: Choice | None = None) -> Refusal:
        """The clause that rules out ``verb`` by ``player`` at this point of the game, and for an ``encore`` the
        state of the character it names (``not_reversed``)."""
        me = self.player_states.get(player)
        if verb == "counter":
            if self.attack_phase.attack is not None and self.attack_phase.attack.kind != "front":
                return Refusal(("ws:7.3.1.3",), f"a {self.attack_phase.attack.kind} attack has no counter step")
            return Refusal(("ws:7.4.1.2",), "a counter is played in the counter step of a front attack")
        if verb == "damage" and self.attack_phase.no_damage is not None:
            return self.attack_phase.no_damage
        if verb == "damage":
            return Refusal(("ws:7.5.1.2",), "no damage is dealt here")
        if verb == "trigger":
            return Refusal(("ws:7.3.1.2",), "no trigger check happens here")
        if verb == "discard" and me is not None:
            return Refusal(
                ("ws:6.8.1.2", "ws:3.3.3.1"),
                f"{player} discards to the hand limit only in the end phase with more than {HAND_LIMIT} cards "
                f"(the hand holds {len(me.hand)})",
            )
        if verb == "climax":
            return Refusal(("ws:6.6.1.2", "ws:6.6.1.2.2"), "a climax is played once, in the climax phase")
        if verb == "clock":
            return Refusal(("ws:6.4.1.2",), "a card is clocked once, in the clock phase")
        if verb in ("play", "move", "act"):
            return Refusal(("ws:6.5.1.2",), f"{verb} is a main-phase action of the turn player")
        if verb == "attack":
            return Refusal(("ws:7.2.1.3",), "attacks are declared in the attack declaration step")
        if verb == "level_up":
            return Refusal(("ws:9.3.1",), f"{player} has fewer than 7 cards in the clock")
        if verb == "mulligan":
            return Refusal(("ws:5.2.1.4",), "each player mulligans once, before the first turn")
        if verb == "encore":
            cause = self.not_reversed(player, choice.pos) if choice is not None and me is not None else None
            return cause or Refusal(
                ("ws:7.7.1.2", "ws:7.7.1.3"),
                "a reversed character goes to the waiting room in the encore step, its master's turn first",
            )
        if verb == "draw":
            return Refusal(("ws:4.7.1",), f"the rules make {player} draw no card here")
        if verb == "refresh":
            return Refusal(("ws:9.2.1",), f"{player}'s deck is not empty: no refresh is due")
        if verb == "refresh_point":
            return Refusal(("ws:9.9.1",), f"{player} has no refresh point to pay here")
        if verb == "resolve":
            return Refusal(("ws:8.5.1.2", "ws:8.5.1.3"), "no ability of this player waits to be played or resolved")
        return Refusal(self.clauses.turn_order, f"{verb!r} has no place at this point of the turn")
