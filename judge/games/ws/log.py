"""The ``ws`` part of the log format: building a Weiss Schwarz game from a log, and reading its entries.

This is where the judge translates the log's words (verbs, ``setup``, card
records) into the engine's (``Choice``, ``Position``, ``WsCardDefinition``), and
says what the log's rules of writing mean for Weiss Schwarz: which entry answers
which reveal, which field of a trigger entry answers an icon's choice, and which
points an entry may pass by implied passes.  The engine never reads the log
format; this module never applies a rule.
"""

from __future__ import annotations

import re
from typing import Any, Final

from engine.core.interface import PlayerSpec
from engine.core.protocol import Choice, Decision, Refusal, ResolveFirst, Reveal
from engine.core.wording import counted
from engine.games.ws.attack import ATTACK_STEPS, Attack
from engine.games.ws.cards import CardRecordError, WsCardDefinition, definition_from_record
from engine.games.ws.choices import (
    Activate,
    DeclareAttack,
    DrawUpTo,
    Move,
    PayCost,
    PutReversed,
    PutTo,
    RestCharacters,
)
from engine.games.ws.game import WeissSchwarz
from engine.games.ws.keywords import CLOCK_COST, HAND_COST
from engine.games.ws.playing import TextOperation
from engine.games.ws.state import HAND_LIMIT, POSITIONS, PlayerPosition, Position
from judge.games import reading
from judge.logfile import GameLog
from judge.logformat import EntryError

FORCED_VERBS: Final = {
    "draw": ("draw", "opening", "mulligan_draw"),
    "trigger": ("trigger",),
    "damage": ("damage",),
    "refresh": ("refresh",),
    "refresh_point": ("refresh_point",),
}
"""Forced-event verbs and the reveal purposes each answers."""
CHOICE_VERBS: Final = frozenset(
    {
        "mulligan",
        "clock",
        "play",
        "act",
        "move",
        "climax",
        "attack",
        "counter",
        "level_up",
        "resolve",
        "encore",
        "discard",
        "pass",
        "concede",
        "effect",
    }
)
PHASE_NAMES: Final = ("stand", "draw", "clock", "main", "climax", "attack", "end")
SETUP_ZONES: Final = ("level", "clock", "stock", "waiting", "hand", "memory")
ATTACK_TYPES: Final = {"front": "front", "frontal": "front", "side": "side", "direct": "direct"}


def definitions_of(log: GameLog) -> dict[str, WsCardDefinition]:
    """Every card record of the log as a definition; a bad record is a located error."""
    return reading.definitions_of(log, definition_from_record, CardRecordError)


def position_of(log: GameLog, definitions: dict[str, WsCardDefinition]) -> Position | None:
    """The ``setup`` block as an engine position, or None when the log starts from the opening."""
    head = reading.setup_head(log, PHASE_NAMES, "stand")
    if head is None:
        return None
    setup, active, phase, turn = head
    player_ids = [str(player["id"]) for player in log.players]
    layouts: dict[str, PlayerPosition] = {}
    for player in player_ids:
        zones = setup.get(player) or {}
        if not isinstance(zones, dict):
            raise reading.located(log, ("setup", player), f"setup {player} is {zones!r}, not a mapping of zones")
        layout = PlayerPosition()
        for zone in SETUP_ZONES:
            setattr(layout, zone, reading.card_list(log, ("setup", player, zone), zones.get(zone), definitions))
        climax = zones.get("climax")
        layout.climax = (
            []
            if climax in (None, [])
            else reading.card_list(
                log, ("setup", player, "climax"), climax if isinstance(climax, list) else [climax], definitions
            )
        )
        layout.deck_top, layout.deck_rest = reading.setup_deck(
            log, ("setup", player, "deck"), zones.get("deck"), definitions
        )
        stage = zones.get("stage") or {}
        at = ("setup", player, "stage")
        if not isinstance(stage, dict):
            raise reading.located(log, at, f"{reading.where(at)}: {reading.short(stage)} is not a mapping of positions")
        for raw_position, placed in stage.items():
            position = int(raw_position) if str(raw_position).isdigit() else raw_position
            if position not in POSITIONS:
                raise reading.located(
                    log, (*at, raw_position), f"{reading.where(at)}: {raw_position!r} is not a stage position (1-5)"
                )
            if placed is None:
                continue
            if isinstance(placed, dict):
                card, state = placed.get("card"), placed.get("state", "stand")
            else:
                card, state = placed, "stand"
            if state not in ("stand", "rest", "reverse"):
                raise reading.located(
                    log, (*at, raw_position), f"{reading.where(at)} {position}: state {reading.short(state)}"
                )
            layout.stage[position] = (reading.card_id(log, (*at, raw_position), card, definitions), state)
        layout.refresh_point = reading.count(log, ("setup", player, "refresh_point"), zones.get("refresh_point", 0))
        layouts[player] = layout
    return Position(turn=turn, active=active, phase=phase, players=layouts)


def game_of(log: GameLog) -> WeissSchwarz:
    """The game a log describes, ready to run; raises LogFormatError for what cannot start."""
    definitions = definitions_of(log)
    players = [
        PlayerSpec(str(player["id"]), {str(card): int(copies) for card, copies in player["deck"].items()})
        for player in log.players
    ]
    player_ids = [player.id for player in players]
    position = position_of(log, definitions)
    first = reading.first_player(log, player_ids, None if position is None else position.active)
    for index, player in enumerate(players):
        if sum(player.deck.values()) > reading.MAX_CARDS:
            raise reading.located(
                log, ("players", index, "deck"), f"{player.id}'s deck list has more than {reading.MAX_CARDS} cards"
            )
    order = reading.deck_orders(log, player_ids, definitions)
    game = WeissSchwarz(
        definitions,
        players,
        first=first,
        order=order,
        position=position,
    )
    reading.refuse_impossible(log, game, position)
    return game


def _ints(value: Any, name: str = "pos") -> int | None:
    """A position or an ability's index as a number, written as one or as digits (None and booleans: not
    stated); ``EntryError`` naming the argument for anything else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    what = "an ability's index (0 for the card's first)" if name == "ability" else "a position"
    raise EntryError(f"{name} {reading.short(value)} is not {what}")


def _positions(value: Any) -> tuple[int, ...]:
    """Stage positions, written as a list or as one (``rest: [1, 3]``), in order; ``EntryError`` for another
    value."""
    written = value if isinstance(value, list) else [] if value in (None, False) else [value]
    positions = [_ints(position, "rest") for position in written]
    return tuple(sorted(position for position in positions if position is not None))


def _signed(value: Any) -> int | None:
    """A whole number, written as one or as text with an optional sign ("-500", "+1000")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"[+-]?\d{1,9}", value.strip()):
        return int(value)
    return None


def paid(value: Any) -> tuple[bool | None, int | str | None]:
    """An entry's ``pay``: whether the cost is paid, and the cost it names (None: not named).

    ``pay`` is ``true``, ``false``, or the cost paid, where an ability has more than one (an Encore [2] beside
    the Encore [3] every character has, ws 10.2.3): ``{stock: 2}``, ``{discard: 1}`` for a cost that puts a card
    from the hand into the waiting room (``HAND_COST``), or the ability itself as the card record writes it,
    ``{keyword: encore, cost: {stock: 2}}``.
    """
    if value is None or isinstance(value, bool):
        return value, None
    cost = value.get("cost") if isinstance(value, dict) and "keyword" in value else value
    if isinstance(cost, dict) and cost.get("discard"):
        return True, HAND_COST
    if isinstance(cost, dict) and cost.get("clock"):
        return True, CLOCK_COST
    stock = cost.get("stock") if isinstance(cost, dict) else cost
    if isinstance(stock, int) and not isinstance(stock, bool) and stock >= 0:
        return True, stock
    raise EntryError(
        f"pay {value!r} is not true, false or the cost paid ({{stock: N}}, {{discard: 1}} or {{clock: 1}})"
    )


def _named_cost(
    data: dict[str, Any], decision: Decision | None, pay: bool | None, cost: int | str | None
) -> int | str | None:
    """The cost an entry that pays names: ``cards`` beside a plain ``pay: true`` names the card a hand cost puts
    into the waiting room, ``revealed`` the card a clock cost puts into the clock, and so that cost, where the
    ability has one among others."""
    for field, named in (("cards", HAND_COST), ("revealed", CLOCK_COST)):
        if (
            pay
            and cost is None
            and data.get(field)
            and (
                decision is None
                or any(isinstance(option, PayCost) and option.cost == named for option in decision.options)
            )
        ):
            return named
    return cost


def choice_of(data: dict[str, Any], decision: Decision) -> Choice:
    """The engine choice a log entry states."""
    verb = str(data["do"])
    card = data.get("card")
    if card is not None and not isinstance(card, str):
        raise EntryError(f"card {card!r} is not a card id")
    if verb == "play":
        return Choice("play", card=card, pos=_ints(data.get("pos")))
    if verb in ("clock", "climax", "level_up"):
        return Choice(verb, card=card)
    if verb == "move":
        first, second = _ints(data.get("from"), "from"), _ints(data.get("to"), "to")
        if first is not None and second is not None and first > second:
            first, second = second, first
        return Move(first, second)
    if verb == "attack":
        kind = ATTACK_TYPES.get(str(data.get("type", "")).lower())
        if kind is None:  # the type left out: the one the position allows, if only one
            kinds = {
                option.attack_type
                for option in decision.options
                if isinstance(option, DeclareAttack) and option.pos == _ints(data.get("pos"))
            }
            kind = kinds.pop() if len(kinds) == 1 else str(data.get("type"))
        return DeclareAttack(_ints(data.get("pos")), kind)
    if verb == "counter":
        pos = _ints(data.get("target"), "target")
        offered = [option.pos for option in decision.options if option.verb == "counter" and option.card == card]
        if offered and all(offered_pos is None for offered_pos in offered):
            pos = None  # a counter event: its ``target`` is its effect's choice (``field_choice``), not the play's
        return Choice("counter", card=card, pos=pos)
    if verb == "encore":
        pay, cost = paid(data.get("pay"))
        return PutReversed(_ints(data.get("pos")), pay, _named_cost(data, None, pay, cost))
    if verb in ("discard", "mulligan"):
        cards = reading.ids(data.get("cards") if verb == "discard" else data.get("discard"))
        return Choice(verb, cards=tuple(sorted(cards)))
    if verb == "resolve":
        if decision.kind == "pay":
            pay, cost = paid(data.get("pay", False))
            return PayCost(str(data.get("source", card)), bool(pay), _named_cost(data, decision, pay, cost))
        if decision.kind == "replace":
            return Choice("replace", card=decision.source, flag=bool(data.get("use", data.get("pay", False))))
        if decision.kind == "use":
            return Choice("use", card=decision.source, flag=bool(data.get("use", False)))
        if decision.kind == "draw_up_to":
            return drawn_up_to(decision, data.get("use", False))
        if decision.kind in ("target", "salvage"):
            return field_choice(decision, {"target": data.get("target")}) or Choice("pass")
        if decision.kind == "discard_cost":
            return Choice("discard_cost", cards=tuple(sorted(reading.ids(data.get("cards")))))
        if decision.kind == "rest_cost":
            return RestCharacters(_positions(data.get("rest")))
        if decision.kind in ("search", "look_take", "hand_pick"):
            return field_choice(decision, {"cards": data.get("cards")}) or Choice("pass")
        if decision.kind in ("move_to", "put_to"):
            return field_choice(decision, {"to": data.get("to")}) or Choice("pass")
        if decision.kind == "reveal_from":  # the entry that names the card revealed
            return Choice("reveal_from", card=decision.source)
        if decision.kind == "standby":  # an ability's standby effect
            return field_choice(decision, {"standby": data.get("standby")}) or Choice("pass")
        if decision.kind in ("bond", "shift"):
            target = data.get("target")
            if not data.get("pay", target is not None) or target is None:
                return Choice("pass")
            return Choice(decision.kind, card=str(target))
        return ResolveFirst(str(data.get("source", card)), str(data.get("ability")))
    if verb == "act":
        return Activate(_ints(data.get("pos")), _ints(data.get("ability"), "ability"))
    return Choice(verb, card=card, pos=_ints(data.get("pos")))


CHOICE_FIELDS: Final = {
    "pool": "pool",
    "treasure": "pool",
    "draw": "draw",
    "comeback": "comeback",
    "return": "return",
    "standby": "standby",
    "target": "target",
    "salvage": "target",
    "discard_cost": "cards",
    "rest_cost": "rest",
    "search": "cards",
    "look_take": "cards",
    "hand_pick": "cards",
    "move_to": "to",
    "put_to": "to",
    "reveal_from": "revealed",
}
"""Decision kind -> the field of the entry being applied that answers it: a trigger entry's icon choices
(``ws details``: ``pool`` answers both the pool and the treasure icon), and the target an ``act``, ``play``
or ``resolve`` entry names for its ability."""


CLAIM_FIELDS: Final[dict[str, tuple[str, ...]]] = {"trigger": ("pool", "draw", "comeback", "return", "standby")}
"""A trigger entry's icon choices: each claims what an icon did, so it is a violation where the card revealed
has no icon that asks it (ws 4.12.2)."""


def choice_claims(game: WeissSchwarz, decision: Decision, data: dict[str, Any]) -> list[Refusal]:
    """A ``play`` entry's ``paid`` must name the stock cards the cost takes: the format's ``play`` row has
    "optional ``paid: [ids]``", and "``paid`` lists the stock cards paid, top of the stock first"; the cost is
    paid from the top of the stock (ws 3.10.2, 8.6.2.3).  An unknown stock card matches any id."""
    if data.get("do") != "play" or "paid" not in data:
        return []
    try:
        named = list(reading.ids(data.get("paid"), "paid"))
    except EntryError as error:
        return [Refusal(("ws:8.6.2.3",), str(error))]
    unknown = [refusal for identity in named if (refusal := game.no_record(identity)) is not None]
    if unknown:
        return unknown[:1]
    definition = game.definitions.get(str(data.get("card")))
    if definition is None or decision.player not in game.player_states:
        return []
    stock = game.player_states[decision.player].stock
    taken = [card.identity for card in reversed(stock)][: definition.cost]
    if len(named) == len(taken) and all(known in (None, card) for known, card in zip(taken, named, strict=True)):
        return []
    shown = [known or "?" for known in taken]
    return [
        Refusal(
            ("ws:8.6.2.3", "ws:3.10.2"),
            f"paid lists {named}; {definition.id} costs {definition.cost}, paid from the top of the stock: {shown}",
        )
    ]


def drawn_up_to(decision: Decision, use: Any) -> Choice:
    """How many cards a resolve entry's ``use`` draws of a "draw up to N cards" (4.7.4): true all N, false none,
    or a number of them."""
    if isinstance(use, bool):
        return DrawUpTo(len(decision.options) - 1 if use else 0)
    count = _ints(use, "use")
    if count is None:
        raise EntryError(f"'use' of a draw up to {len(decision.options) - 1} cards is true, false or a number")
    return DrawUpTo(count)


def field_choice(decision: Decision, data: dict[str, Any]) -> Choice | None:
    """A trigger icon's choice (or an ability's target) as the entry states it, or None when it does not say."""
    field = CHOICE_FIELDS.get(decision.kind)
    if field is None or field not in data:
        return None
    value = data[field]
    name = decision.kind
    if name == "reveal_from":
        return Choice("reveal_from", card=decision.source)
    if name in ("pool", "treasure", "draw"):
        return Choice(name, flag=bool(value))
    if value in (None, False, "", "pass"):
        return Choice("pass")
    if name == "comeback":
        return Choice("comeback", card=str(value))
    if name == "return":
        return Choice("return", pos=_ints(value, "return"))
    if name == "target":
        return Choice("target", pos=_ints(value, "target"))
    if name == "salvage":
        return Choice("salvage", card=str(value))
    if name == "discard_cost":
        return Choice("discard_cost", cards=tuple(sorted(reading.ids(value))))
    if name == "rest_cost":
        return RestCharacters(_positions(value))
    if name == "move_to":
        return Choice("move_to", pos=_ints(value, "to"))
    if name == "put_to":
        return PutTo(str(value))
    if name == "hand_pick":
        return Choice("hand_pick", cards=tuple(sorted(reading.ids(value))))
    if name in ("search", "look_take"):
        found = tuple(reading.ids(value))
        return Choice(name, cards=found) if found else Choice("pass")
    if name == "standby":
        if isinstance(value, dict):
            return Choice("standby", card=str(value.get("card")), pos=_ints(value.get("pos")))
        return Choice("standby", card=str(value), pos=_ints(data.get("pos")))
    return None


def subject(data: dict[str, Any]) -> str | None:
    """The player an entry is about: ``p``, or for ``damage`` the damaged player (``to``)."""
    player = data.get("to", data.get("p")) if data.get("do") == "damage" else data.get("p")
    return None if player is None else str(player)


FORCED_CLAUSES: Final = {"trigger": ("ws:7.3.1.2",), "refresh_point": ("ws:9.9.1",)}
"""The clause that says how many cards a one-card forced event reveals."""


def revealed_cards(verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
    """The cards a forced entry states for its reveal; a one-card event naming several is refused."""
    if verb in ("trigger", "refresh_point"):
        card = data.get("card")
        if isinstance(card, list | dict):
            return None, Refusal(FORCED_CLAUSES[verb], f"{verb} reveals one card; the entry names {card!r}")
        return reading.card_ids(card), None
    if verb == "refresh":
        return reading.card_ids(data.get("order")) or None, None
    return reading.card_ids(data.get("cards")), None


def cards_within(reveal: Reveal, data: dict[str, Any]) -> list[str | None] | None:
    """The cards a mulligan entry says its player drew (its ``draw``), for the draw inside it (ws 5.2.1.4), and
    the cards a text moves or looks at from the top of the deck, as the entry being applied names them, top first
    (its ``revealed``)."""
    if reveal.purpose == "mulligan_draw" and "draw" in data:
        return reading.card_ids(data["draw"])
    if reveal.purpose == "text" and "revealed" in data:
        return reading.card_ids(data["revealed"])
    return None


def reveal_findings(verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
    """A ``draw`` must list as many cards as the rules draw, a ``damage`` every card the damage process moved and
    no more (``ws-logs.rst``, ``damage``: a list longer or shorter breaks ws 4.10.1.3; one that goes on after
    a cancel is the engine's to refuse, ws 4.10.1.2), and a ``refresh`` order the whole new deck (ws 9.2.2)."""
    if reveal.purpose == "mulligan_draw" and len(answer) != reveal.count:  # the format: the cards drawn in exchange
        message = (
            f"the mulligan makes {reveal.player} draw {counted(reveal.count, 'card')}; the log lists {len(answer)}"
        )
        return [Refusal(reveal.clauses, message)], []
    if verb == "draw" and len(answer) != reveal.count and reveal.purpose != "mulligan_draw":
        message = (
            f"the rules make {reveal.player} draw {counted(reveal.count, 'card')} here; the log lists {len(answer)}"
        )
        return [Refusal(reveal.clauses, message)], []
    if verb == "refresh" and answer and len(answer) != reveal.count:
        message = (
            f"the refresh makes {reveal.player}'s waiting room of {counted(reveal.count, 'card')} the new deck; the log's "
            f"order lists {len(answer)}"
        )
        return [Refusal(("ws:9.2.2",), message)], []
    dealt_in_full = reveal.used == reveal.count and not reveal.problems  # no cancel, no loss in the middle
    if verb == "damage" and (len(answer) < reveal.used or (dealt_in_full and len(answer) > reveal.used)):
        message = (
            f"the damage process moved {counted(reveal.used, 'card')} of {reveal.player}'s deck to the resolution zone; "
            f"the log lists {len(answer)}"
        )
        dealt = tuple(clause for clause in reveal.clauses if clause != "ws:4.10.1")  # what made the damage that much
        return [Refusal(("ws:4.10.1.3", *dealt), message)], []
    return [], []


# -- the state a log asserts ----------------------------------------------------------

ASSERTED_PILES: Final = ("hand", "deck", "stock", "clock", "level", "waiting", "memory", "climax")


def take_expectation(game: WeissSchwarz, expect: Any) -> list[str]:
    """Make each player's piles and stage what a failed ``expect`` asserts (counts, or lists taken as their
    counts; stage positions as ``{card, state}``, a card id, or null), through the engine
    (``Opening.take_asserted``); what was changed, in words."""
    if not isinstance(expect, dict):
        return []
    changed: list[str] = []
    for player, wanted in expect.items():
        if player not in game.player_states or not isinstance(wanted, dict):
            continue
        counts: dict[str, int] = {}
        for zone in ASSERTED_PILES:
            value = wanted.get(zone)
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                counts[zone] = value
            elif isinstance(value, list):
                counts[zone] = len(value)
        stage: dict[int, tuple[str | None, str | None] | None] = {}
        positions = wanted.get("stage")
        for key, value in positions.items() if isinstance(positions, dict) else ():
            try:
                position = _ints(key)
            except EntryError:
                continue
            if position is None:
                continue
            if value is None:
                stage[position] = None
            elif isinstance(value, str):
                stage[position] = (value, None)
            elif isinstance(value, dict):
                card, state = value.get("card"), value.get("state")
                stage[position] = (
                    card if isinstance(card, str) else None,
                    state if state in ("stand", "rest", "reverse") else None,
                )
        changed.extend(game.opening.take_asserted(str(player), counts, stage))
    return changed


# -- implied passes --------------------------------------------------------------------

TURN_ORDER: Final = ("clock", "main", "climax", "attack", "encore", "discard")
"""The turn player's decision points of a turn, in order (ws 6.4-6.8, 7.2, 7.7)."""
POINT_VERBS: Final[dict[str, tuple[str, ...]]] = {
    "clock": ("clock",),
    "main": ("play", "move", "act"),
    "climax": ("climax",),
    "attack": ("attack",),
    "encore": ("encore",),
    "discard": ("discard",),
}
"""The verbs each of those points takes."""
PHASE_POINT: Final = {"clock": "clock", "main": "main", "climax": "climax", "attack": "attack", "end": "discard"}
NEXT_TURN_VERBS: Final = frozenset({"draw", "clock", "play", "move", "act", "climax", "attack"})
"""What the other player can do in the next turn, reached by passing the rest of this one."""


def reachable(game: WeissSchwarz, decision: Decision, verb: str, player: str, this_turn: bool = False) -> bool:
    """Whether ``verb`` by ``player`` can come after ``decision`` if only defaults are taken.

    This is what makes a pass implied (``log-format.rst``, "Passing": an entry that can only belong
    to a later point passes the points before it): the entry must fit a later
    point of this turn reached by passing, or the next turn, which the other
    player takes.  A ``damage`` or ``trigger`` needs an attack first, so it
    never passes an attack declaration.  ``player`` is the one the entry is
    about (``to`` for damage).  With ``this_turn`` (the entry says it is of this turn) the next turn is not
    reached.
    """
    if verb in ("resolve", "pass"):
        return True
    if verb in RULE_ACTION_VERBS:
        return rule_action_ahead(game, verb, player)
    if game.phase == "setup":
        return verb in ("mulligan", "draw") or player == game.first
    kind = decision.kind
    if kind in TURN_ORDER:
        later_points = TURN_ORDER[TURN_ORDER.index(kind) + 1 :]
    else:  # a decision inside a point (an Encore to pay, an icon's choice): that point goes on
        point = PHASE_POINT.get(game.phase, "attack")
        later_points = TURN_ORDER[TURN_ORDER.index(point) :]
    later = {verb for point in later_points for verb in POINT_VERBS[point]}
    if kind in ("attack", "encore", "counter", "pay", "standby", "standby_order"):
        later.add("encore")
    if verb == "discard" and len(game.player_states[player].hand) <= HAND_LIMIT - 2:
        return False
    if player == game.turn_player and verb in later:
        return True
    attack = game.attack_phase.attack
    if attack is not None and step_ahead(game, attack, verb, player):
        return True
    if player == game.non_turn_player:
        return (verb in NEXT_TURN_VERBS and not this_turn) or (verb == "encore" and "encore" in later)
    return False


RULE_ACTION_VERBS: Final = frozenset({"refresh", "refresh_point", "level_up"})
IMPLIED_DRAWS: Final = 2
"""The most cards passing alone draws a player before a refresh is due: a draw phase's card, and one for
a card text that resolves on its own on the way."""


def rule_action_ahead(game: WeissSchwarz, verb: str, player: str) -> bool:
    """Whether passing can bring the rule action ``verb`` of ``player`` due: a refresh needs the deck nearly
    empty (ws 9.2.1), a refresh point a refresh first or one pending (ws 9.9.1), a level up a clock that a
    refresh point can take to seven (ws 9.3.1).  Passing deals no damage, so nothing else fills the clock."""
    me = game.player_states[player]
    refresh = len(me.deck) <= IMPLIED_DRAWS
    if verb == "refresh":
        return refresh
    if verb == "refresh_point":
        return refresh or me.refresh_point > 0
    return len(me.clock) >= 7 or (len(me.clock) == 6 and (refresh or me.refresh_point > 0))


def reachable_after_reveal(game: WeissSchwarz, verb: str, player: str) -> bool:
    """Whether ``verb`` by ``player`` can come after the reveal the game is making now.

    Only the steps of an attack are bound to it: a trigger, a counter or a
    damage entry outside the steps still ahead fits no later point.
    """
    if verb not in ("trigger", "counter", "damage"):
        return True
    attack = game.attack_phase.attack
    if attack is not None:
        return step_ahead(game, attack, verb, player)
    return game.phase != "attack" or verb == "trigger" and player == game.turn_player


def step_ahead(game: WeissSchwarz, attack: Attack, verb: str, player: str) -> bool:
    """Whether the attack in progress still has the step where ``verb`` by ``player`` happens."""
    steps = ATTACK_STEPS.index(attack.step)
    if verb == "trigger":
        return player == game.turn_player and steps < ATTACK_STEPS.index("trigger")
    if verb == "counter":
        return player == game.non_turn_player and attack.kind == "front" and steps < ATTACK_STEPS.index("counter")
    if verb == "damage":
        return player == game.non_turn_player and steps < ATTACK_STEPS.index("damage")
    return False


# -- writing entries (self-play) ---------------------------------------------------------


def entry_of(choice: Choice, decision: Decision) -> dict[str, Any]:
    """The log entry that states ``choice`` (the inverse of ``choice_of``; used by self-play)."""
    entry: dict[str, Any] = {"p": decision.player, "do": choice.verb}
    verb = choice.verb
    if verb == "play":
        entry["card"] = choice.card
        if choice.pos is not None:
            entry["pos"] = choice.pos
    elif verb in ("clock", "climax", "level_up"):
        entry["card"] = choice.card
    elif verb == "move":
        entry["from"], entry["to"] = choice.pos, choice.other if isinstance(choice, Move) else None
    elif verb == "attack":
        entry["pos"], entry["type"] = choice.pos, choice.attack_type if isinstance(choice, DeclareAttack) else None
    elif verb == "counter":
        entry["card"] = choice.card
        if choice.pos is not None:
            entry["target"] = choice.pos
    elif verb == "encore":
        entry["pos"] = choice.pos
    elif verb == "discard":
        entry["cards"] = list(choice.cards)
    elif verb == "mulligan":
        entry["discard"] = list(choice.cards)
    elif verb == "pay":
        entry = {
            "p": decision.player,
            "do": "resolve",
            "source": choice.card,
            "ability": decision.ability,
            "pay": bool(choice.flag),
        }
        paying = [option for option in decision.options if option.flag]
        if choice.flag and len(paying) > 1 and isinstance(choice, PayCost):  # the cost paid, where two could be
            entry["pay"] = {HAND_COST: {"discard": 1}, CLOCK_COST: {"clock": 1}}.get(
                str(choice.cost), {"stock": choice.cost}
            )
    elif verb == "resolve":
        entry["source"], entry["ability"] = choice.card, choice.ability if isinstance(choice, ResolveFirst) else None
    elif verb == "act":
        entry["pos"], entry["ability"] = choice.pos, choice.ability if isinstance(choice, Activate) else None
    elif verb == "discard_cost":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["cards"] = list(choice.cards)
    elif verb == "rest_cost":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["rest"] = list(choice.positions) if isinstance(choice, RestCharacters) else []
    elif decision.kind == "standby" and "resolve" in decision.verbs:  # an ability's standby effect
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["standby"] = {"card": choice.card, "pos": choice.pos} if verb == "standby" else False
    elif verb in ("replace", "use"):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["use"] = bool(choice.flag)
    elif verb == "draw_up_to":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["use"] = choice.count if isinstance(choice, DrawUpTo) else 0
    elif verb in ("target", "salvage"):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["target"] = choice.pos if verb == "target" else choice.card
    elif verb in ("bond", "shift"):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": verb}
        entry.update({"pay": True, "target": choice.card})
    elif verb in ("search", "look_take", "hand_pick"):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["cards"] = list(choice.cards)
    elif verb == "move_to":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["to"] = choice.pos
    elif verb == "reveal_from":  # the card revealed is written on it as it is answered (revealed)
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
    elif verb == "put_to":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["to"] = choice.place if isinstance(choice, PutTo) else None
    elif verb == "pass" and decision.kind in ("search", "look_take"):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["cards"] = []
    elif verb == "pass" and decision.kind == "salvage" and "resolve" in decision.verbs:  # "up to": none chosen
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["target"] = False
    elif verb == "pass" and decision.kind in ("bond", "shift"):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.kind}
        entry["pay"] = False
    return entry


def field_stating(choice: Choice, decision: Decision) -> tuple[str, Any] | None:
    """The forced-entry field that states a trigger icon's choice (inverse of ``field_choice``)."""
    field = CHOICE_FIELDS.get(decision.kind)
    if field is None:
        return None
    if choice.verb == "pass":
        return field, False
    if decision.kind in ("pool", "treasure", "draw"):
        return field, bool(choice.flag)
    if decision.kind == "comeback":
        return "comeback", choice.card
    if decision.kind == "return":
        return "return", choice.pos
    if decision.kind == "standby":
        return "standby", {"card": choice.card, "pos": choice.pos}
    return None


def text_operations(data: dict[str, Any]) -> list[TextOperation]:
    """The primitive operations an ``effect`` entry declares; EntryError names a malformed one.

    ``moves: [{card, from, to, pos, p}]`` (``pos`` is the stage position left or
    entered), ``power: [{pos, amount, p}]`` and ``soul: [{pos, amount, p}]``
    (until end of turn); ``p`` inside an operation names the player it applies to.
    """
    operations: list[TextOperation] = []
    for kind in ("moves", "power", "soul"):
        items = data.get(kind, [])
        if isinstance(items, dict):
            items = [items]
        if not isinstance(items, list):
            raise EntryError(f"{kind} is {items!r}, not a list of operations")
        for item in items:
            if not isinstance(item, dict):
                raise EntryError(f"{kind}: {item!r} is not a mapping")
            player = item.get("p")
            if kind == "moves":
                source, target = item.get("from"), item.get("to")
                if not isinstance(source, str) or not isinstance(target, str):
                    raise EntryError(f"a move needs 'from' and 'to' zones: {item!r}")
                position = _ints(item.get("pos"))
                operations.append(
                    TextOperation(
                        "move",
                        player=None if player is None else str(player),
                        card=None if item.get("card") is None else str(item["card"]),
                        source_zone=source,
                        target_zone=target,
                        position=position if source == "stage" else None,
                        target_position=position if target == "stage" else None,
                    )
                )
            else:
                amount = _signed(item.get("amount"))
                if amount is None:
                    raise EntryError(f"{kind}: amount {item.get('amount')!r} is not a whole number")
                operations.append(
                    TextOperation(
                        kind,
                        player=None if player is None else str(player),
                        position=_ints(item.get("pos")),
                        amount=amount,
                    )
                )
    return operations
