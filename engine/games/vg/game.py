"""A game of Cardfight!! Vanguard (CR 1.37): the parts of the procedure, composed.

Each part is a module laid out like the rules document: ``opening`` (5.4, 6.1),
``phases`` (6.2-6.6, 6.8), ``battle`` (7), ``triggers`` (2.8), ``playing`` (8.1,
8.5: abilities and their costs), ``rule_actions`` (9), ``keywords`` (10.2),
``actions`` (4, 10.1: cards moving) and
``characteristics`` (2.5-2.7, 8.7); ``state`` holds the zones, ``cards`` the
characteristics and deck construction (5.2, 5.3).  This class owns the state,
runs the turns (6.2.1: the players alternate; the first player draws on turn 1,
and there is no attack in the very first turn, 7.2.1.3) and answers for the
game as a whole: legality, explanations, the snapshot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, Final

from engine.core import state_hash as hashing
from engine.core.cards import Card, IdentityPool, first_unheld
from engine.core.check_timing import CheckTimingGame
from engine.core.game import GameClauses, GameEnded, Procedure
from engine.core.interface import PlayerSpec
from engine.core.parts import Part
from engine.core.protocol import Choice, Decision, Refusal, TurnStart
from engine.games.vg.actions import CardMoves
from engine.games.vg.battle import BattlePhase
from engine.games.vg.card_text import CardText
from engine.games.vg.cards import VgCardDefinition
from engine.games.vg.characteristics import Characteristics
from engine.games.vg.choices import Activate, DeclareAttack, GAssist, OnCircle, PayAbility, SeekMate, Stride
from engine.games.vg.costs import Costs
from engine.games.vg.keywords import Keywords
from engine.games.vg.opening import Opening
from engine.games.vg.phases import Phases
from engine.games.vg.playing import Playing
from engine.games.vg.rule_actions import RuleActions
from engine.games.vg.state import CIRCLES, GUARDIAN, ZONES, PlayerState, Position
from engine.games.vg.triggers import Triggers

PHASES: Final = ("stand", "draw", "ride", "main", "battle", "end")
"""vg 6.2.1, in order."""
STEP_CLAUSES: Final = {
    "end_of_battle": ("close step", ("vg:7.7.1.1", "vg:7.7.1.3")),
    "end_of_turn": ("end phase", ("vg:6.8.1.3", "vg:6.8.1.5")),
}
"""Each step timing (``engine.games.vg.playing.STEP_TIMINGS``): its step, and the clauses by which its abilities stand
by once in it."""
PILES: Final = ("deck", "hand", "drop", "soul", "damage", "bind", "trigger", "removed")
"""The zones that hold a pile of cards, as a snapshot lists them."""


class Vanguard(CheckTimingGame[VgCardDefinition]):
    """A game of Cardfight!! Vanguard from the opening, or from a given position."""

    game_id = "vg"
    check_timing_clauses: tuple[str, ...] = ("vg:8.4.1", "vg:8.4.1.4")
    """A check timing's record stands for all of it, which ends when nothing is left to do (8.4.1.4)."""
    standby_clauses: tuple[str, ...] = ("vg:8.4.1.2", "vg:8.4.1.3", "vg:8.6.1", "vg:8.6.3", "vg:8.6.3.1")
    clauses = GameClauses(
        turn_order=("vg:6.2.1",),
        game_end=("vg:1.2.1",),
        unmodelled_text=("vg:8.5",),
        loops=("vg:11.1.1",),
        concession=("vg:1.2.4",),
        card_records=("vg:2.1",),
    )
    zones = ZONES
    turn_begins_with = "stand"
    parts = (
        Part("moves", CardMoves),
        Part("opening", Opening, calls=("moves",)),
        Part("phases", Phases, calls=("moves", "playing", "keywords", "card_text")),
        Part("battle", BattlePhase, calls=("moves", "triggers", "characteristics", "playing", "card_text")),
        Part("triggers", Triggers, calls=("moves", "characteristics")),
        Part("characteristics", Characteristics, calls=("playing",)),
        Part("rule_actions", RuleActions, calls=("moves",)),
        Part("keywords", Keywords, calls=("moves", "playing", "card_text")),
        Part("playing", Playing, calls=("keywords", "costs", "card_text")),
        Part("costs", Costs, calls=("moves",)),
        Part("card_text", CardText, calls=("moves", "characteristics")),
    )
    # The parts again, as a compiled build needs them (engine.core.parts): their types, and the
    # attributes close() may delete; tests/test_engine_parts.py checks that all three agree.
    moves: CardMoves
    opening: Opening
    phases: Phases
    battle: BattlePhase
    triggers: Triggers
    characteristics: Characteristics
    rule_actions: RuleActions
    keywords: Keywords
    playing: Playing
    costs: Costs
    card_text: CardText
    __deletable__ = (
        "moves",
        "opening",
        "phases",
        "battle",
        "triggers",
        "characteristics",
        "rule_actions",
        "keywords",
        "playing",
        "costs",
        "card_text",
    )

    def __init__(
        self,
        definitions: dict[str, VgCardDefinition],
        players: list[PlayerSpec],
        first: str,
        order: dict[str, list[str]] | None = None,
        position: Position | None = None,
        step_budget: int = 200_000,
    ) -> None:
        super().__init__((players[0].id, players[1].id), definitions, step_budget)
        self.player_states: dict[str, PlayerState] = {}
        """Each player's zones, by player id."""
        for spec in players:
            deck_list = Counter(spec.deck)
            self.player_states[spec.id] = PlayerState(
                spec.id,
                deck_list=deck_list,
                g_deck_list=Counter(spec.other_decks.get("g_deck", {})),
                unknown=IdentityPool(f"deck list of {spec.id}", dict(deck_list)),
            )
        self.first = first
        self.turn_player = first
        self.order = order or {}
        """Known deck orders after the opening shuffle, top first, by player id."""
        self.position = position
        """The position the game starts from, or None for the opening (5.4)."""
        self.extra_turns: list[str] = []
        """The players given extra turns, the last given last (vg 11.4): each is taken after the current turn,
        the one given last first (11.4.2)."""
        self.why_rested: dict[int, tuple[str, str, int, int | None]] = {}
        """What last rested a card, by instance: the event (``its attack``), the clause by which it rested, the
        turn and the log entry, which a later refusal names (``Refusal.cause``)."""
        self.rode: dict[str, tuple[int, int | None]] = {}
        """Each player's last normal ride (vg 6.5.1.1.2): its turn and log entry."""
        self.strode: dict[str, tuple[int, int | None]] = {}
        """Each player's last normal stride (vg 6.5.1.2.2): its turn and log entry."""
        self.locked_at: dict[int, int | None] = {}
        """The log entry whose effect locked a card (vg 10.1.21), by the locked card's instance."""
        self.build_parts()
        self.opening.check_decks()
        if position is not None:
            self.opening.place(position)

    # -- reading the table -----------------------------------------------------------------

    def grade_of_id(self, identity: str | None) -> int:
        definition = self.definitions.get(identity) if identity is not None else None
        return definition.grade if definition is not None else 0

    def grade_of(self, card: Card) -> int:
        return self.grade_of_id(card.identity)

    def vanguard_grade(self, player: str) -> int:
        """The grade of ``player``'s vanguard: a G unit's grade stands for the stride conditions (8.5.2.1.1)."""
        vanguard = self.player_states[player].vanguard
        return self.grade_of(vanguard) if vanguard is not None else 0

    def has_skill(self, card: Card, skill: str) -> bool:
        definition = self.definition(card)
        return definition is not None and skill in definition.skills

    def rested_by(self, card: Card, event: str, clause: str) -> None:
        """``card`` has just rested, by ``event`` of the entry being applied, under ``clause``."""
        self.why_rested[card.instance] = (event, clause, self.turn, self.entry)

    def rested_refusal(self, card: Card, clauses: tuple[str, ...], message: str) -> Refusal:
        """A refusal because ``card`` is rested: ``message``, and what rested it in this turn, with its entry and
        clause, where the game saw it (``the attack at entry 12`` is the cause)."""
        why = self.why_rested.get(card.instance)
        if card.orientation == "stand" or why is None or why[2] != self.turn:
            return Refusal(clauses, message)
        event, clause, _, entry = why
        at = f" at entry {entry}" if entry is not None else ""
        return Refusal(
            clauses if clause in clauses else (*clauses, clause),
            f"{message}: {event}{at} rested it ({clause})",
            f"the attack at entry {entry}" if entry is not None else "",
        )

    # -- the turns ---------------------------------------------------------------------------

    def run(self) -> Procedure:
        try:
            if self.position is None:
                yield from self.opening.run()
                start = "stand"
            else:
                start = self.position.phase
            yield from self.turns(start)
        except GameEnded:
            return

    def turns(self, start: str) -> Procedure:
        """Turn after turn (6.2.1: the players alternate, but for an extra turn, 11.4), the first from the beginning
        of phase ``start``; a ``TurnStart`` before each next."""
        while True:
            yield from self.play_turn(start)
            start = "stand"
            self.turn += 1
            self.turn_player = self.extra_turns.pop() if self.extra_turns else self.opponent(self.turn_player)
            yield TurnStart()

    def play_turn(self, start: str) -> Procedure:
        """One turn from the beginning of phase ``start`` (6.2.1: stand, draw, ride, main, battle, end)."""
        phases = PHASES[PHASES.index(start) :]
        for phase in phases:
            if phase == "stand":
                yield from self.phases.stand_phase()
            elif phase == "draw":
                yield from self.phases.draw_phase()
            elif phase == "ride":
                yield from self.phases.ride_phase()
            elif phase == "main":
                yield from self.phases.main_phase()
            elif phase == "battle":
                yield from self.battle.run()
            else:
                yield from self.phases.end_phase()

    def unchanging(self) -> tuple[object, ...]:
        return (self.definitions,)

    # -- the check timing's rule actions (9), for engine.core.check_timing --------------------

    def rule_actions_due(self) -> bool:
        return self.rule_actions.due()

    def perform_rule_actions(self) -> Procedure:
        return self.rule_actions.perform()

    # -- the state as data ---------------------------------------------------------------------

    def canonical_state(self) -> dict[str, Any]:
        """The state a state hash covers (``engine.core.state_hash``): each player's piles (the deck top first, the
        others their order only where the rules fix it), the G zone's face-down and face-up cards, each circle's
        pile with orientations and states (face down, locked, deleted), the hearts, the Legion Mate, the
        guardians and what each guards; the battle in progress and its step; the extra turns due; the continuous
        effects and the abilities waiting; the turn, its player, the phase.  Powers are not in it: the cards and
        the effects make them."""
        places = hashing.Places()
        players: dict[str, dict[str, Any]] = {}
        for player, state in self.player_states.items():

            def shown(card: Card, state: PlayerState = state) -> dict[str, Any]:
                view = hashing.oriented(card)
                for name, instances in (
                    ("face_down", state.face_down),
                    ("locked", state.locked),
                    ("deleted", state.deleted),
                ):
                    if card.instance in instances:
                        view[name] = True
                return view

            view: dict[str, Any] = {
                zone: hashing.pile(ZONES[zone], state.zone(zone), places, f"{player} {zone}") for zone in PILES
            }
            view["damage"] = hashing.pile(ZONES["damage"], state.damage, places, f"{player} damage", shown)
            view["g_zone"] = {
                "down": hashing.pile(ZONES["g_zone"], state.g_down, places, f"{player} g_zone down"),
                # the G zone is hidden but for its face-up cards, which every player sees (vg 4.11.2, 4.11.3)
                "up": hashing.pile(ZONES["g_zone"], state.g_up, places, f"{player} g_zone up", public=True),
            }
            view["circles"] = {
                circle: hashing.pile(ZONES["circles"], cards, places, f"{player} {circle}", shown)
                for circle, cards in state.circles.items()
                if cards
            }
            view["hearts"] = [heart.identity for heart in state.hearts]
            for index, heart in enumerate(state.hearts):
                places.put(heart, f"{player} hearts {index}")
            view["mate"] = None if state.mate is None else shown(state.mate)
            if state.mate is not None:
                places.put(state.mate, f"{player} mate")
            # guardians stand on the guardian circle for all to see, in no order of their own (the hand's)
            view["guardians"] = hashing.pile(ZONES["hand"], state.guardians, places, f"{player} G", shown, public=True)
            players[player] = view
        for player, state in self.player_states.items():
            view = players[player]
            view["guarding"] = hashing.multiset(
                [places.of(instance), circle] for instance, circle in state.guarding.items()
            )
            view["been_in_legion"] = places.instances(state.been_in_legion)
            view["legion_in_hearts"] = (
                None
                if state.legion_in_hearts is None
                else [places.of(card.instance) for card in state.legion_in_hearts]
            )
        battle = self.battle.battle
        canonical = hashing.common(self)
        canonical["players"] = players
        canonical["battle"] = (
            None
            if battle is None
            else {
                "attacker": places.of(battle.attacker.instance),
                "attacker_circle": battle.attacker_circle,
                "target": places.of(battle.target.instance),
                "target_circle": battle.target_circle,
                "booster": None if battle.booster is None else places.of(battle.booster.instance),
                "booster_circle": battle.booster_circle,
                "step": battle.step,
                "drive_checks": battle.drive_checks,
                "damage_checks": battle.damage_checks,
            }
        )
        canonical["extra_turns"] = list(self.extra_turns)
        canonical["effects"] = hashing.effects(self.effects, places)
        canonical["standby"] = hashing.standby(self.standby, places)
        return canonical

    def snapshot(self) -> dict[str, Any]:
        """The state as plain data (see ``engine.core.interface.PlayableGame.snapshot``).

        Each pile is bottom first but the deck, top first (``ZONES``); ``circles`` maps a circle to its unit's
        card, orientation (``state``), power and critical, ``face: down`` for a face-down unit, ``hearts``
        under a G unit, ``mate`` beside a Legion Leader, and ``pile``, every card on the circle, where there are
        several (two units while vg 9.3 is due, the hearts under a G unit, a legion); the guardian circle ``G`` to the list of its guardians' cards; ``g_zone`` gives the G zone's
        face-down and face-up cards apart; ``damage_face_down`` counts the damage turned by Counter Blasts.
        """
        players: dict[str, dict[str, Any]] = {}
        for player, state in self.player_states.items():
            view: dict[str, Any] = {zone: [card.identity for card in state.zone(zone)] for zone in PILES}
            view["g_zone"] = {"down": [c.identity for c in state.g_down], "up": [c.identity for c in state.g_up]}
            circles: dict[str, Any] = {}
            for circle in CIRCLES:
                pile = state.circles[circle]
                if not pile:
                    continue
                unit = pile[-1]
                shown: dict[str, Any] = {
                    "card": unit.identity,
                    "state": unit.orientation,
                    "power": self.battle.battle_power(player, unit),
                    "critical": self.characteristics.critical(unit),
                }
                if unit.instance in state.face_down:
                    shown["face"] = "down"
                if unit.instance in state.locked:
                    shown["locked"] = True
                if unit.instance in state.deleted:
                    shown["deleted"] = True
                everything = list(pile)
                if circle == "V" and state.hearts:
                    shown["hearts"] = [heart.identity for heart in state.hearts]
                    everything[:0] = state.hearts
                if circle == "V" and state.mate is not None:
                    shown["mate"] = state.mate.identity
                    everything.append(state.mate)
                if len(everything) > 1:
                    shown["pile"] = [card.identity for card in everything]
                circles[circle] = shown
            if state.guardians:
                circles[GUARDIAN] = [guardian.identity for guardian in state.guardians]
            view["circles"] = circles
            view["damage_face_down"] = sum(1 for card in state.damage if card.instance in state.face_down)
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

    # -- legality: checking and explaining choices ------------------------------------------------

    def refusal_of(self, decision: Decision, choice: Choice) -> Refusal | None:
        if decision.kind == "mulligan" and choice.verb == "mulligan":
            return self.cards_in_hand(decision.player, choice.cards, ("vg:5.4.4",))
        if decision.kind == "stride" and isinstance(choice, Stride):
            return self.phases.stride_refusal(decision.player, choice)
        if decision.kind == "main" and isinstance(choice, SeekMate):
            return self.keywords.seek_mate_refusal(decision.player, choice)
        if decision.kind == "main" and isinstance(choice, Activate):
            return self.playing.act_refusal(decision.player, choice)
        if decision.kind == "g_assist" and isinstance(choice, GAssist):
            return self.phases.g_assist_problem(decision.player, choice, [])
        return super().refusal_of(decision, choice)

    def named_cards(self, choice: Choice) -> Iterator[str]:
        """The card ids ``choice`` names: a unit named by its circle (``act FR``) names none; a cost's cards, a
        G assist's G units, a Seek Mate's mate and a stride's heart are card ids."""
        for identity in super().named_cards(choice):
            if identity not in CIRCLES and identity != GUARDIAN:
                yield identity
        if isinstance(choice, Activate | PayAbility):
            yield from (*choice.counter_blast, *choice.soul_blast)
        elif isinstance(choice, GAssist):
            yield from choice.g_cards
        elif isinstance(choice, SeekMate) and choice.mate is not None:
            yield choice.mate
        elif isinstance(choice, Stride) and choice.heart is not None and choice.heart not in CIRCLES:
            yield choice.heart

    def cards_in_hand(self, player: str, cards: tuple[str, ...], clauses: tuple[str, ...]) -> Refusal | None:
        """None when ``player``'s hand holds ``cards`` (known, or unknown cards that could be them)."""
        missing = first_unheld(self.player_states[player].hand, cards)
        return None if missing is None else Refusal(clauses, f"{player}'s hand holds no {missing} to give")

    def explain(self, decision: Decision, choice: Choice) -> Refusal:
        """Why ``choice`` is not legal at ``decision``: the clause of the part of the rules it breaks."""
        player = decision.player
        if choice.verb not in decision.verbs and choice.verb != "pass" and decision.kind != choice.verb:
            return Refusal(decision.clauses, f"{choice.verb} is not possible now: {decision.prompt}")
        if choice.verb == "pass":
            return Refusal(decision.clauses, f"{player} cannot pass here: {decision.prompt}")
        refusal: Refusal | None = None
        if isinstance(choice, DeclareAttack):
            refusal = self.battle.attack_refusal(player, choice)
        elif isinstance(choice, OnCircle) and choice.verb in ("guard", "intercept"):
            refusal = self.battle.guard_refusal(player, choice)
        elif choice.verb == "ride":
            refusal = self.ride_refusal(player, choice)
        elif isinstance(choice, OnCircle) and choice.verb == "call":
            refusal = self.call_refusal(player, choice)
        elif isinstance(choice, OnCircle) and choice.verb == "move":
            refusal = self.phases.move_refusal(player, choice)
        elif isinstance(choice, PayAbility) and decision.kind == "pay":
            refusal = self.costs.payment_refusal(player, self.costs.cost_asked, choice)
        elif choice.verb == "first_vanguard":
            refusal = Refusal(("vg:5.4.3",), f"{choice.card} is not a grade 0 card of {player}'s main deck")
        if refusal is not None:
            return refusal
        legal = ", ".join(option.describe() for option in decision.options[:12])
        return Refusal(decision.clauses, f"{choice.describe()} is not a legal option ({legal})")

    def ride_refusal(self, player: str, choice: Choice) -> Refusal:
        grade = self.vanguard_grade(player)
        definition = self.definitions.get(choice.card or "")
        if choice.card is None:
            return Refusal(("vg:6.5.1.1.2",), "a ride names the card from the hand it rides")
        if self.cards_in_hand(player, (choice.card_id,), ()) is not None:
            return Refusal(("vg:8.5.2.1", "vg:6.5.1.1.2"), f"{choice.card} is not in {player}'s hand")
        if definition is not None and definition.grade not in (grade, grade + 1):
            legion = self.player_states[player].mate is not None  # the Legion Leader's grade (10.1.24.10)
            return Refusal(
                ("vg:8.5.2.1.1", "vg:8.5.2.1.1.1", *(("vg:10.1.24.10",) if legion else ())),
                f"{choice.card} is grade {definition.grade}; a ride takes grade {grade} or {grade + 1}"
                + (" (the Legion Leader's grade and one more)" if legion else ""),
            )
        return Refusal(("vg:6.5.1.1.2",), f"{choice.card} cannot ride now")

    def call_refusal(self, player: str, choice: OnCircle) -> Refusal:
        grade = self.vanguard_grade(player)
        definition = self.definitions.get(choice.card or "")
        if choice.circle not in CIRCLES or choice.circle == "V":
            return Refusal(
                ("vg:6.6.1.2.1.1",), f"a call in the main phase goes to a rear-guard circle, not {choice.circle}"
            )
        if choice.card is None:
            return Refusal(("vg:6.6.1.2.1",), "a call names the card from the hand it calls")
        if self.cards_in_hand(player, (choice.card_id,), ()) is not None:
            return Refusal(("vg:6.6.1.2.1",), f"{choice.card} is not in {player}'s hand")
        if definition is not None and definition.grade > grade:
            return Refusal(
                ("vg:8.5.2.1.1", "vg:8.5.2.1.1.2"),
                f"{choice.card} is grade {definition.grade}, above the vanguard's grade {grade}",
            )
        me = self.player_states[player]
        locked = next((card for card in me.circles[choice.circle] if card.instance in me.locked), None)
        if locked is not None:
            entry = self.locked_at.get(locked.instance)
            by = f": the effect at entry {entry} locked it" if entry is not None else ""
            return Refusal(
                ("vg:6.6.1.2.1", "vg:10.1.21.6", "vg:4.6.7"),
                f"{choice.card} cannot be called now: {choice.circle} holds a locked card, a lock type circle "
                f"(vg:10.1.21.6){by}",
                f"the effect at entry {entry}" if entry is not None else "",
            )
        return Refusal(("vg:6.6.1.2.1",), f"{choice.card} cannot be called now")

    def once_a_turn(self, refusal: Refusal, last: tuple[int, int | None] | None, did: str, event: str) -> Refusal:
        """``refusal`` of an action done once a turn, and where it was done in this turn (``last``: its turn and
        log entry), the earlier entry a judge looks at."""
        if last is None or last[0] != self.turn or last[1] is None:
            return refusal
        return Refusal(
            refusal.clauses,
            f"{refusal.message}: {did} at entry {last[1]} in this turn ({refusal.clauses[0]})",
            f"the {event} at entry {last[1]}",
        )

    def why_not_now(self, verb: str, player: str, choice: Choice | None = None) -> Refusal:
        """The clause that rules out ``verb`` by ``player`` at this point of the game."""
        if verb == "ride":
            return self.once_a_turn(
                Refusal(("vg:6.5.1.1.2",), "a normal ride happens once a turn, in the ride step of the turn player"),
                self.rode.get(player),
                f"{player} rode",
                "ride",
            )
        if verb == "stride":
            return self.once_a_turn(
                Refusal(
                    ("vg:6.5.1.2.2",), "a normal stride happens once a turn, in the stride step of the turn player"
                ),
                self.strode.get(player),
                f"{player} strode",
                "stride",
            )
        if verb in ("call", "move", "act"):
            return Refusal(("vg:6.6.1.2",), f"{verb} is a main-phase action of the turn player")
        if verb == "attack" and self.turn == 1:
            return Refusal(("vg:7.2.1.3",), "no attack is possible in the very first turn of the game")
        if verb == "attack":
            return Refusal(("vg:7.2.1.2", "vg:7.3.1.3"), "attacks are chosen in the start step of the turn player")
        battle = self.battle.battle or (self.battle.finished if self.phase == "battle" else None)
        if verb in ("guard", "intercept"):
            guarding = Refusal(("vg:7.4.1.2",), "guardians are called by the non-turn player in the guard step")
            if battle is None or battle.step in ("attack", "guard") or battle.entry is None:
                return guarding
            return Refusal(
                (*guarding.clauses, "vg:7.4.1.4"),
                f"{guarding.message}: the guard step of the attack at entry {battle.entry} ended with a pass and its "
                f"check timing (vg:7.4.1.2.3, vg:7.4.1.4); the battle is in its {battle.step} step",
                f"the attack at entry {battle.entry}",
            )
        if verb == "drive" and battle is not None and battle.drive_checks:
            return Refusal(
                ("vg:7.5.1.3",),
                f"the attacking vanguard's drive is {battle.drive_checks}: that many drive checks were made",
            )
        if verb == "drive":
            return Refusal(("vg:7.5.1.2",), "drive checks are made in the drive step of a vanguard's attack")
        if verb == "damage" and battle is not None and battle.damage_checks:
            return Refusal(
                ("vg:7.6.1.5", "vg:7.6.1.6.6"),
                f"the attack dealt {battle.damage_checks} damage: that many damage checks were made",
            )
        if verb == "damage":
            return Refusal(("vg:7.6.1.6",), "damage checks are made when an attack hits a vanguard")
        if verb == "g_assist":
            refusal = self.phases.g_assist_skipped
            if refusal is not None and player == self.turn_player:
                return refusal
            return Refusal(("vg:6.4.1.2.3",), "a G assist is made in the G assist step of the turn player")
        if verb in ("mulligan", "first_vanguard"):
            return Refusal(("vg:5.4.3", "vg:5.4.4"), f"{verb} happens once, before the game")
        if verb == "draw":
            return Refusal(("vg:10.1.1",), f"the rules make {player} draw no card here")
        if verb == "retire":
            return Refusal(("vg:7.6.1.8",), "units are retired by the rules at the end of the damage step")
        if verb == "superior_ride":
            return Refusal(("vg:9.5.1",), f"{player} has a vanguard: no superior ride is due")
        if verb == "resolve":
            timing = self.playing.stood_by_in_step(choice.card if choice is not None else None)
            if timing is not None:
                step, clauses = STEP_CLAUSES[timing]
                return Refusal(
                    clauses,
                    f"the {timing.replace('_', ' ')} ability of {choice.card if choice else '?'} stood by in this "
                    f"{step} already: it stands by once in it",
                )
            return Refusal(("vg:8.4.1.2", "vg:8.4.1.3"), "no ability of this player waits to be played or resolved")
        return Refusal(self.clauses.turn_order, f"{verb!r} has no place at this point of the turn")
