"""A game of ENERGIO!! (the Whitelist rules document): the parts of the procedure, composed.

Each part is a module laid out like the rules document: ``opening`` (5.2),
``phases`` (6), ``battle`` (7.1), ``playing`` (6.5.3-6.5.5, 7.1.3.2, 8),
``rule_processing`` (9) and ``moves`` (3, 4: cards moving); ``state`` holds the
areas, ``cards`` the card information and deck construction (2, 5.1).  This
class owns the state, runs the turns (6.1: refresh, draw, ENERGIO!!, main, end;
the players alternate) and answers for the game as a whole: legality,
explanations, the snapshot.  There is no check timing in this game (wl 9.1.2:
rule processing happens at once), so it builds on ``Game``, not on
``CheckTimingGame``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from engine.core import state_hash as hashing
from engine.core.cards import Card, IdentityPool
from engine.core.game import Game, GameClauses, GameEnded, Procedure
from engine.core.parts import Part
from engine.core.protocol import Choice, Decision, Refusal, ResolveFirst, TurnStart
from engine.games.wl.autos import AutoEffects
from engine.games.wl.battle import BattleSteps
from engine.games.wl.card_text import CardText
from engine.games.wl.cards import WlCardDefinition
from engine.games.wl.choices import Named
from engine.games.wl.costs import Costs
from engine.games.wl.moves import CardMoves
from engine.games.wl.opening import Opening
from engine.games.wl.phases import Phases
from engine.games.wl.playing import Playing
from engine.games.wl.rule_processing import RuleProcessing
from engine.games.wl.state import LEADER, ZONES, PlayerState, Position

PHASES: Final = ("refresh", "draw", "energio", "main", "end")
"""wl 6.1.1, in order."""
PILES: Final = ("deck", "hand", "trash", "life", "stage")
"""The areas that hold a pile of cards, as a snapshot lists them."""


class WlPlayer:
    """What a log's player brings to an ENERGIO!! game: a Leader, a deck and an ENERGIO!! deck (wl 5.1.2)."""

    __slots__ = ("deck", "energio", "id", "leader")

    def __init__(self, id: str, leader: str, deck: dict[str, int], energio: dict[str, int]) -> None:
        self.id = id
        self.leader = leader
        self.deck = deck
        self.energio = energio


class Energio(Game[WlCardDefinition]):
    """A game of ENERGIO!! from the pre-game preparations, or from a given position."""

    game_id = "wl"
    clauses = GameClauses(
        turn_order=("wl:6.1.1", "wl:6.1.2", "wl:6.6.1.4"),
        game_end=("wl:1.2.1",),
        unmodelled_text=("wl:8.1.1",),
        loops=("wl:11.1.1",),
        concession=("wl:1.2.3",),
        card_records=("wl:2.1",),
    )
    zones = ZONES
    turn_begins_with = "refresh"
    parts = (
        Part("moves", CardMoves, calls=("rule_processing",)),
        Part("opening", Opening, calls=("moves", "card_text", "rule_processing")),
        Part("phases", Phases, calls=("moves", "battle", "playing", "autos", "card_text")),
        Part("battle", BattleSteps, calls=("moves", "phases", "playing", "autos", "rule_processing")),
        Part("playing", Playing, calls=("moves", "costs", "autos", "card_text")),
        Part("costs", Costs, calls=("moves",)),
        Part("autos", AutoEffects, calls=("playing", "costs", "card_text")),
        Part("card_text", CardText, calls=("moves", "playing", "rule_processing")),
        Part("rule_processing", RuleProcessing),
    )
    # The parts again, as a compiled build needs them (engine.core.parts): their types, and the
    # attributes close() may delete; tests/test_engine_parts.py checks that all three agree.
    moves: CardMoves
    opening: Opening
    phases: Phases
    battle: BattleSteps
    playing: Playing
    costs: Costs
    autos: AutoEffects
    card_text: CardText
    rule_processing: RuleProcessing
    __deletable__ = (
        "moves",
        "opening",
        "phases",
        "battle",
        "playing",
        "costs",
        "autos",
        "card_text",
        "rule_processing",
    )

    def __init__(
        self,
        definitions: dict[str, WlCardDefinition],
        players: list[WlPlayer],
        first: str,
        order: dict[str, list[str]] | None = None,
        position: Position | None = None,
        step_budget: int = 200_000,
    ) -> None:
        super().__init__((players[0].id, players[1].id), definitions, step_budget)
        self.specs = {player.id: player for player in players}
        self.player_states: dict[str, PlayerState] = {}
        for spec in players:
            self.player_states[spec.id] = PlayerState(
                spec.id,
                leader=Card(spec.id, spec.leader),
                deck_list=dict(spec.deck),
                unknown=IdentityPool(f"deck list of {spec.id}", dict(spec.deck)),
                energio_card=next(iter(spec.energio), None),
            )
        self.first = first
        self.turn_player = first
        self.order = order or {}
        """Known deck orders after the shuffle, top first, by player id."""
        self.position = position
        self.why_rested: dict[int, tuple[str, str, int, int | None]] = {}
        """What last rested a card, by instance: the event (``its attack``), the clause by which it rested, the
        turn and the log entry, which a later refusal names (``Refusal.cause``)."""
        self.played_at: dict[int, int | None] = {}
        """The log entry that played each Character still played this turn (``PlayerState.fresh``)."""
        self.spent: dict[str, list[tuple[str, int | None]]] = {}
        """Each player's ENERGIO!! spent since their refresh phase (wl 6.2.3): how (``given to EM-04@1``, ``rested
        for EM-02``) and the log entry, which a refused give names."""
        self.build_parts()
        self.opening.check_decks()
        if position is not None:
            self.opening.place(position)

    # -- the turns ---------------------------------------------------------------------------------

    def run(self) -> Procedure:
        try:
            if self.position is None:
                yield from self.opening.run()
                start = "refresh"
            else:
                start = self.position.phase
                self.opening.report_text_in_play()
            yield from self.turns(start)
        except GameEnded:
            return

    def turns(self, start: str) -> Procedure:
        """Turn after turn (6.1), the first from the beginning of phase ``start``; a ``TurnStart`` before each next."""
        while True:
            for phase in PHASES[PHASES.index(start) :]:
                if phase == "refresh":
                    yield from self.phases.refresh_phase()
                elif phase == "draw":
                    yield from self.phases.draw_phase()
                elif phase == "energio":
                    yield from self.phases.energio_phase()
                elif phase == "main":
                    yield from self.phases.main_phase()
                else:
                    yield from self.phases.end_phase()
            start = "refresh"
            self.turn += 1
            self.turn_player = self.opponent(self.turn_player)
            yield TurnStart()

    def unchanging(self) -> tuple[object, ...]:
        return (self.definitions, self.specs)

    # -- the state as data -------------------------------------------------------------------------------

    def canonical_state(self) -> dict[str, Any]:
        """The state a state hash covers (``engine.core.state_hash``): each player's piles (the deck top first, Life
        in its order, a hand and the trash as multisets), the Leader and each Character (in the order they
        entered) with its orientation, the ENERGIO!! cards given to it and whether it was played this turn, the
        cost area's active and rested cards, the ENERGIO!! deck's count; the battle in progress and its step;
        the continuous effects and the abilities waiting; the turn, its player, the phase.  Powers are not in
        it: the cards and the effects make them."""
        places = hashing.Places()
        players: dict[str, dict[str, Any]] = {}
        for player, me in self.player_states.items():

            def shown(card: Card, me: PlayerState = me) -> dict[str, Any]:
                view = hashing.oriented(card)
                view["given"] = me.given.get(card.instance, 0)
                if card is not me.leader:
                    view["fresh"] = card.instance in me.fresh
                return view

            view: dict[str, Any] = {
                zone: hashing.pile(ZONES[zone], me.zone(zone), places, f"{player} {zone}") for zone in PILES
            }
            view["leader"] = hashing.pile(ZONES["leader"], [me.leader], places, f"{player} leader", shown)[0]
            view["characters"] = hashing.pile(ZONES["characters"], me.characters, places, f"{player} characters", shown)
            view["cost"] = {"active": me.cost_active, "rested": me.cost_rested}
            view["energio_deck"] = me.energio_deck
            players[player] = view
        battle = self.battle.battle
        canonical = hashing.common(self)
        canonical["players"] = players
        canonical["battle"] = (
            None
            if battle is None
            else {
                "attacker": places.of(battle.attacker.instance),
                "target": places.of(battle.target.instance),
                "step": battle.step,
                "blocked": battle.blocked,
                "attacker_moved": battle.attacker.instance != battle.attacker_object,
                "target_moved": battle.target.instance != battle.target_object,
            }
        )
        canonical["effects"] = hashing.effects(self.effects, places)
        canonical["standby"] = hashing.standby(self.standby, places)
        return canonical

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data (see ``engine.core.interface.PlayableGame.snapshot``): the piles (the deck top
        first, the others bottom first), ``leader`` and each Character (keyed by its address, in the order they
        entered) as ``{card, state, given, power}`` (``state`` is ``active`` or ``rested``; a Character also says
        ``fresh``), the cost area's ``{active, rested}`` and the ENERGIO!! deck's count."""
        players: dict[str, dict[str, Any]] = {}
        for player, me in self.player_states.items():
            view: dict[str, Any] = {zone: [card.identity for card in me.zone(zone)] for zone in PILES}
            view["leader"] = self.shown(player, me.leader)
            view["characters"] = {me.address(card): self.shown(player, card) for card in me.characters}
            view["cost"] = {"active": me.cost_active, "rested": me.cost_rested}
            view["energio_deck"] = me.energio_deck
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

    def shown(self, player: str, card: Card) -> dict[str, Any]:
        me = self.player_states[player]
        shown: dict[str, Any] = {
            "card": card.identity,
            "state": "active" if card.orientation == "stand" else "rested",
            "given": me.given.get(card.instance, 0),
            "power": self.playing.power(player, card),
        }
        if card is not me.leader:
            shown["fresh"] = card.instance in me.fresh
        return shown

    # -- the causes a refusal names ----------------------------------------------------------------------------

    def rested_by(self, card: Card, event: str, clause: str) -> None:
        """``card`` has just rested, by ``event`` of the entry being applied, under ``clause``."""
        self.why_rested[card.instance] = (event, clause, self.turn, self.entry)

    def rested_cause(self, card: Card) -> tuple[str, str, str] | None:
        """What rested ``card``, where the game saw it: a text naming the entry and clause, the clause, and the
        cause (``the attack at entry 12``)."""
        why = self.why_rested.get(card.instance)
        if card.orientation == "stand" or why is None or why[3] is None:
            return None
        event, clause, _, entry = why
        return (
            f"{event} at entry {entry} rested it ({clause})",
            clause,
            f"the {event.split()[-1]} at entry {entry}",
        )

    def spend_energio(self, player: str, how: str) -> None:
        """``player`` spent ENERGIO!! of the cost area ``how``, by the entry being applied."""
        self.spent.setdefault(player, []).append((how, self.entry))

    # -- legality --------------------------------------------------------------------------------------------

    def canonical(self, decision: Decision, choice: Choice) -> Choice:
        """A choice with its cards named by their full addresses: a log may name a Character by its bare card id
        where only one Character has it (``AL-01`` for ``AL-01@1``)."""
        if not isinstance(choice, Named) or choice.verb not in ("attack", "block", "give", "counter"):
            return choice
        me = self.player_states[decision.player]
        targets = self.player_states[self.opponent(decision.player)] if choice.verb == "attack" else me
        source = me.find(choice.source)
        target = targets.find(choice.target)
        return Named(
            choice.verb,
            choice.card,
            source=me.address(source) if source is not None else choice.source,
            target=targets.address(target) if target is not None else choice.target,
            count=choice.count,
            cards=choice.cards,
        )

    def concrete(self, decision: Decision, choice: Choice) -> Choice:
        return self.canonical(decision, choice)

    def refusal_of(self, decision: Decision, choice: Choice) -> Refusal | None:
        choice = self.canonical(decision, choice)
        if decision.kind == "main" and isinstance(choice, Named) and choice.verb == "play":
            return self.playing.play_refusal(decision.player, choice)
        if decision.kind == "main" and isinstance(choice, Named) and choice.verb == "give":
            return self.playing.give_refusal(decision.player, choice)
        if decision.kind == "main" and isinstance(choice, Named) and choice.verb == "act":
            return self.playing.act_refusal(decision.player, choice)
        if decision.kind == "counter" and isinstance(choice, Named) and choice.verb == "counter":
            return self.playing.counter_refusal(decision.player, choice)
        return super().refusal_of(decision, choice)

    def named_cards(self, choice: Choice) -> Iterator[str]:
        """The card ids ``choice`` names: its card and cards, and the cards its addresses name (``EM-01@2`` names
        EM-01; ``leader`` names none; an ``act``'s target is the ability's number)."""
        yield from super().named_cards(choice)
        if isinstance(choice, Named):
            for address in (choice.source, choice.target if choice.verb != "act" else None):
                identity = self.card_of_address(address)
                if identity is not None:
                    yield identity

    @staticmethod
    def card_of_address(address: str | None) -> str | None:
        """The card id a log's address names (``EM-01@2``: EM-01; an id: itself); None for ``leader`` or none."""
        if address is None or address == LEADER:
            return None
        return address.partition("@")[0]

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        player = decision.player
        if choice.verb not in decision.verbs and choice.verb not in ("pass", "end") and decision.kind != choice.verb:
            return Refusal(decision.clauses, f"{choice.verb} is not possible now: {decision.prompt}")
        if isinstance(choice, Named) and choice.verb == "attack":
            return self.battle.attack_refusal(player, choice)
        if isinstance(choice, Named) and choice.verb == "block":
            return self.battle.block_refusal(player, choice)
        if decision.kind == "trigger" and choice.verb == "trigger" and choice.flag and self.battle.no_trigger:
            return Refusal(decision.clauses, self.battle.no_trigger)
        if isinstance(choice, ResolveFirst) and decision.kind == "order":
            waiting = ", ".join(
                f"{option.card}'s ability {option.ability}"
                for option in decision.options
                if isinstance(option, ResolveFirst)
            )
            return Refusal(
                decision.clauses,
                f"no auto effect of {choice.card} numbered {choice.ability} waits to resolve; waiting: {waiting}",
            )
        legal = ", ".join(option.describe() for option in decision.options[:12])
        return Refusal(decision.clauses, f"{choice.describe()} is not a legal option ({legal})")

    def no_block(self, player: str, choice: Choice | None, refusal: Refusal) -> Refusal:
        """``refusal`` of a block, and why: the card it names has no [Blocker], the Blocker it names is rested (by
        what, at which entry), or the Block Step of the battle is over."""
        me = self.player_states[player]
        blocker = me.find(choice.source) if isinstance(choice, Named) and choice.source else None
        definition = self.definition(blocker) if blocker is not None and blocker is not me.leader else None
        if blocker is not None and definition is not None and "blocker" not in definition.keywords:
            return Refusal(refusal.clauses, f"{refusal.message}: {me.address(blocker)} has no [Blocker]")
        rested = self.rested_cause(blocker) if blocker is not None else None
        if blocker is not None and rested is not None:
            text, clause, cause = rested
            clauses = refusal.clauses if clause in refusal.clauses else (*refusal.clauses, clause)
            return Refusal(clauses, f"{refusal.message}: {me.address(blocker)} is rested: {text}", cause)
        return self.step_over(refusal, ("counter", "damage", "end"), "Block", "wl:7.1.2.3")

    def step_over(self, refusal: Refusal, later: tuple[str, ...], step: str, clause: str) -> Refusal:
        """``refusal`` of an action of a battle's ``step``, and, where this turn's battle is past it (in a step of
        ``later``, or ended), the attack that began that battle, by its entry, and ``clause``, the step's end."""
        battle = self.battle.battle
        ended = battle is None
        if battle is None:
            battle = self.battle.finished
        if battle is None or battle.turn != self.turn or battle.entry is None:
            return refusal
        if not ended and battle.step not in later:
            return refusal
        where = "the battle has ended (wl:7.1.5)" if ended else f"the battle is in its {battle.step.capitalize()} Step"
        return Refusal(
            refusal.clauses if clause in refusal.clauses else (*refusal.clauses, clause),
            f"{refusal.message}: the {step} Step of the battle of the attack at entry {battle.entry} is over "
            f"({clause}); {where}",
            f"the attack at entry {battle.entry}",
        )

    def why_not_now(self, verb: str, player: str, choice: Choice | None = None) -> Refusal:
        if verb in ("play", "give", "act", "end"):
            return Refusal(("wl:6.5.2",), f"{verb} is a main-phase action of the turn player")
        if verb == "attack":
            if self.phase == "main" and player == self.turn_player and self.phases.first_turn_of(player):
                return Refusal(("wl:6.5.6.1",), "neither player can battle on their first turn")
            return Refusal(("wl:6.5.6", "wl:7.1"), "an attack is a main-phase action of the turn player")
        cut = self.battle.cut_short
        if cut is not None and cut[0] == self.turn:
            never = {"block": ("block", "counter"), "counter": ("counter",), "damage": ()}[cut[2]]
            if verb in never or verb in ("damage", "ko"):
                return Refusal(
                    (cut[1], "wl:7.1.5"),
                    f"the attacking card or the target moved areas: the last battle ended with no "
                    f"{cut[2].capitalize()} Step",
                )
        if verb == "block" and self.battle.battle is not None and player == self.non_turn_player:
            return self.no_block(
                player,
                choice,
                Refusal(
                    ("wl:7.1.2.1", "wl:10.1.4.1"),
                    f"{player} has no active [Blocker] other than the attacked card to rest for a block",
                ),
            )
        if verb == "block":
            return self.no_block(
                player,
                choice,
                Refusal(("wl:7.1.2.1",), "a block is the attacked player's, in the Block Step, once a battle"),
            )
        if verb == "counter":
            return self.step_over(
                Refusal(("wl:7.1.3.2",), "counters are the attacked player's, in the Counter Step"),
                ("damage", "end"),
                "Counter",
                "wl:7.1.3.2.3",
            )
        if verb == "damage":
            return Refusal(("wl:7.1.4.1.1",), "damage is dealt when an attack on the Leader wins")
        if verb == "ko":
            return Refusal(("wl:7.1.4.1.2", "wl:10.2.1"), "a Character is K.O.'d when an attack on it wins")
        if verb == "draw":
            return Refusal(("wl:6.3.1", "wl:4.5"), f"the rules make {player} draw no card here")
        if verb == "energio":
            return Refusal(("wl:6.4.1",), "ENERGIO!! cards are placed in the ENERGIO!! phase")
        if verb in ("mulligan", "life"):
            return Refusal(("wl:5.2.1.6", "wl:5.2.1.7"), f"{verb} happens once, before the first turn")
        return Refusal(self.clauses.turn_order, f"{verb!r} has no place at this point of the turn")
