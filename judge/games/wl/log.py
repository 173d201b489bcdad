"""The ``wl`` part of the log format: building an ENERGIO!! game from a log, and reading its entries.

This is where the judge translates the log's words (verbs, ``leader`` and
``AL-01@2`` addresses, ``setup``, card records) into the engine's (``Named``
choices, ``Position``, ``WlCardDefinition``), and says what the log's rules of
writing mean for this game: which entry answers which reveal, which field of a
``damage`` entry answers the [Trigger] choice, and which points an entry may
pass by implied passes.  The engine never reads the log format; this module
never applies a rule.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame
from engine.core.protocol import Choice, Decision, Refusal, ResolveFirst, Reveal
from engine.games.wl.card_text import ZONES_OF_TEXT, TextOperation
from engine.games.wl.cards import CardRecordError, WlCardDefinition, definition_from_record
from engine.games.wl.choices import Named
from engine.games.wl.game import PHASES, Energio, WlPlayer
from engine.games.wl.phases import END
from engine.games.wl.state import LEADER, ORIENTATION_WORDS, CharacterPosition, PlayerPosition, Position
from judge.games import reading
from judge.games.support import expectation_failures as common_expectation_failures
from judge.logfile import GameLog
from judge.logformat import EntryError
from judge.verdict import winner_of

FORCED_VERBS: Final = {
    "draw": ("draw", "opening", "mulligan_draw"),
    "life": ("life",),
    "energio": ("energio",),
    "damage": ("damage",),
    "ko": ("ko",),
}
"""Forced-event verbs and the reveal purposes each answers."""
CHOICE_VERBS: Final = frozenset(
    {"mulligan", "play", "act", "give", "attack", "block", "counter", "resolve", "end", "effect", "pass", "concede"}
)
CHOICE_FIELDS: Final = {"trigger": "trigger"}
CLAIM_FIELDS: Final[dict[str, tuple[str, ...]]] = {"damage": ("trigger",)}
"""A ``damage`` entry's ``trigger: true`` claims a [Trigger] was activated: a violation where the Life card
taken has none (wl 10.1.5)."""
"""Decision kind -> the field of the ``damage`` entry being applied that answers it: the [Trigger] choice."""
SETUP_PILES: Final = ("hand", "trash", "life", "stage")


def definitions_of(log: GameLog) -> dict[str, WlCardDefinition]:
    """Every card record of the log as a definition; a bad record is a located error."""
    return reading.definitions_of(log, definition_from_record, CardRecordError)


def _state(log: GameLog, at: tuple[object, ...], value: Any) -> str:
    if value is None:
        return "stand"
    if value not in ORIENTATION_WORDS:
        raise reading.located(log, at, f"{reading.where(at)}: state {reading.short(value)} is not active or rested")
    return ORIENTATION_WORDS[value]


def _stage(
    log: GameLog, at: tuple[object, ...], value: Any, definitions: dict[str, WlCardDefinition]
) -> tuple[list[str], str]:
    """A ``setup`` Stage: the format's "``stage`` (a card id, or ``{card, state}`` like a Character)", or a list
    of one; its card ids and orientation."""
    items = [] if value in (None, []) else value if isinstance(value, list) else [value]
    state = "stand"
    cards = []
    for index, item in enumerate(items):
        spec = item if isinstance(item, dict) else {"card": item}
        cards.append(
            reading.card_id(log, (*at, index) if isinstance(value, list) else at, spec.get("card"), definitions)
        )
        state = _state(log, (*at, "state"), spec.get("state"))
    return cards, state


def position_of(log: GameLog, definitions: dict[str, WlCardDefinition]) -> Position | None:
    """The ``setup`` block as an engine position, or None when the log starts from the pre-game preparations."""
    head = reading.setup_head(log, PHASES, "refresh")
    if head is None:
        return None
    setup, active, phase, turn = head
    player_ids = [str(player["id"]) for player in log.players]
    layouts: dict[str, PlayerPosition] = {}
    for player in player_ids:
        zones = setup.get(player) or {}
        if not isinstance(zones, dict):
            raise reading.located(log, ("setup", player), f"setup {player} is {reading.short(zones)}, not a mapping")
        layout = PlayerPosition()
        for zone in ("hand", "trash", "life"):
            setattr(layout, zone, reading.card_list(log, ("setup", player, zone), zones.get(zone), definitions))
        layout.stage, layout.stage_state = _stage(log, ("setup", player, "stage"), zones.get("stage"), definitions)
        leader = zones.get("leader") or {}
        if isinstance(leader, dict) and leader.get("card") is not None:
            index = player_ids.index(player)
            if leader["card"] != log.players[index].get("leader"):
                raise reading.located(
                    log,
                    ("setup", player, "leader", "card"),
                    f"setup {player} leader is {leader['card']!r}; {player}'s Leader is {log.players[index].get('leader')!r}",
                )
        if isinstance(leader, dict):
            layout.leader_state = _state(log, ("setup", player, "leader", "state"), leader.get("state"))
            layout.leader_given = reading.count(log, ("setup", player, "leader", "given"), leader.get("given", 0))
        characters = zones.get("characters") or []
        if not isinstance(characters, list):
            raise reading.located(
                log, ("setup", player, "characters"), "characters is a list of {card, state, given, fresh}"
            )
        for index, item in enumerate(characters):
            at: tuple[object, ...] = ("setup", player, "characters", index)
            spec = item if isinstance(item, dict) else {"card": item}
            layout.characters.append(
                CharacterPosition(
                    reading.card_id(log, at, spec.get("card"), definitions),
                    _state(log, (*at, "state"), spec.get("state")),
                    reading.count(log, (*at, "given"), spec.get("given", 0)),
                    bool(spec.get("fresh", False)),
                )
            )
        cost = zones.get("cost") or {}
        if not isinstance(cost, dict):
            raise reading.located(log, ("setup", player, "cost"), "cost is {active: N, rested: N}")
        layout.cost_active = reading.count(log, ("setup", player, "cost", "active"), cost.get("active", 0))
        layout.cost_rested = reading.count(log, ("setup", player, "cost", "rested"), cost.get("rested", 0))
        if "energio_deck" in zones:
            layout.energio_deck = reading.count(log, ("setup", player, "energio_deck"), zones["energio_deck"])
        layout.deck_top, layout.deck_rest = reading.setup_deck(
            log, ("setup", player, "deck"), zones.get("deck"), definitions
        )
        layouts[player] = layout
    return Position(turn=turn, active=str(active), phase=str(phase), players=layouts)


def game_of(log: GameLog) -> Energio:
    """The game a log describes, ready to run; raises LogFormatError for what cannot start."""
    definitions = definitions_of(log)
    players = []
    for index, player in enumerate(log.players):
        leader = player.get("leader")
        reading.card_id(log, ("players", index, "leader"), leader, definitions)
        players.append(
            WlPlayer(
                str(player["id"]),
                str(leader),
                reading.deck_list(log, index, "deck"),
                reading.deck_list(log, index, "energio"),
            )
        )
    player_ids = [player.id for player in players]
    position = position_of(log, definitions)
    first = reading.first_player(log, player_ids, None if position is None else position.active)
    order = reading.deck_orders(log, player_ids, definitions)
    game = Energio(
        definitions,
        players,
        first=first,
        order=order,
        position=position,
    )
    reading.refuse_impossible(log, game, position)
    return game


# -- reading entries ------------------------------------------------------------------------------


def _text(value: Any, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise EntryError(f"{name} {reading.short(value)} is not a card id or an address")
    return value


def choice_of(data: dict[str, Any], decision: Decision) -> Choice:
    """The engine choice a log entry states."""
    verb = str(data["do"])
    card = _text(data.get("card"), "card")
    if verb == "mulligan":
        return Choice("mulligan", flag=bool(data.get("redraw", False)))
    if verb == "play":
        return Named("play", card=card, target=_text(data.get("trash"), "trash"))
    if verb == "give":
        count = data.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int):
            raise EntryError(f"count {reading.short(count)} is not a whole number")
        return Named("give", target=_text(data.get("to"), "to"), count=count)
    if verb == "attack":
        return Named(
            "attack", source=_text(data.get("attacker"), "attacker"), target=_text(data.get("target"), "target")
        )
    if verb == "block":
        return Named("block", source=_text(data.get("blocker"), "blocker"))
    if verb == "counter":
        return Named("counter", card=card, target=_text(data.get("target", LEADER), "target"))
    if verb == "end" or (verb == "pass" and decision.kind == "main"):
        return END
    if verb == "resolve":
        if decision.kind == "pay":  # whether an auto effect's cost is paid, and the cards trashed (wl 8.3.1.4)
            cards = tuple(sorted(reading.ids(data.get("trash"), "trash")))
            return Choice("pay", card=decision.source, cards=cards, flag=bool(data.get("pay", False)))
        return ResolveFirst(str(data.get("source", card)), str(data.get("ability")))
    if verb == "act":
        ability = data.get("ability")
        return Named(
            "act",
            source=_text(data.get("source"), "source"),
            target=None if ability is None else str(ability),
            cards=tuple(sorted(reading.ids(data.get("trash"), "trash"))),
        )
    return Choice(verb, card=card)


def field_choice(decision: Decision, data: dict[str, Any]) -> Choice | None:
    """The [Trigger] choice as the ``damage`` entry states it (``trigger: bool``), or None when it does not say."""
    if decision.kind == "trigger" and "trigger" in data:
        return Choice("trigger", flag=bool(data["trigger"]))
    return None


def revealed_cards(verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
    """The cards a forced entry states for its reveal."""
    if verb in ("damage", "ko"):
        card = data.get("card")
        if isinstance(card, list | dict):
            return None, Refusal(("wl:7.1.4.1.1.2",), f"a {verb} entry names one card, not {card!r}")
        if verb == "ko":
            return ([None] if card is None else [str(card).partition("@")[0]]), None
        return reading.card_ids(card), None
    if verb == "energio":
        count = data.get("count")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return None, Refusal(("wl:6.4.1",), f"an energio entry's count is {count!r}, not a number of cards")
        return [None] * count, None
    return reading.card_ids(data.get("cards")), None


def cards_within(reveal: Reveal, data: dict[str, Any]) -> list[str | None] | None:
    """The new hand a redraw's entry names (``draw``, wl 5.2.1.6.1)."""
    if reveal.purpose == "mulligan_draw" and "draw" in data:
        return reading.card_ids(data["draw"])
    return None


def reveal_findings(verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
    """A ``draw``, ``life`` or ``energio`` entry must state as many cards as the rules move."""
    if reveal.purpose == "mulligan_draw" and len(answer) != reveal.count:  # the format: the cards drawn in exchange
        message = f"the mulligan makes {reveal.player} draw {reveal.count} card(s); the log lists {len(answer)}"
        return [Refusal(reveal.clauses, message)], []
    if verb in ("draw", "life", "energio") and len(answer) != reveal.count and reveal.purpose != "mulligan_draw":
        noun = "ENERGIO!! card(s)" if verb == "energio" else "card(s)"
        message = f"the rules move {reveal.count} {noun} of {reveal.player}'s here; the log states {len(answer)}"
        return [Refusal(reveal.clauses, message)], []
    return [], []


def text_operations(data: dict[str, Any]) -> list[TextOperation]:
    """The primitive operations an ``effect`` entry declares: ``moves: [{card, from, to, p}]`` between the hand,
    trash, deck (its top), life, characters and stage, and ``power: [{target, amount, p}]`` until end of turn."""
    operations: list[TextOperation] = []
    for kind in ("moves", "power"):
        items = data.get(kind, [])
        if isinstance(items, dict):
            items = [items]
        if not isinstance(items, list):
            raise EntryError(f"{kind} is {reading.short(items)}, not a list of operations")
        for item in items:
            if not isinstance(item, dict):
                raise EntryError(f"{kind}: {reading.short(item)} is not a mapping")
            player = None if item.get("p") is None else str(item["p"])
            if kind == "moves":
                source, target = item.get("from"), item.get("to")
                if source not in ZONES_OF_TEXT or target not in ZONES_OF_TEXT:
                    raise EntryError(f"a move goes from and to one of {', '.join(ZONES_OF_TEXT)}: {item!r}")
                operations.append(
                    TextOperation("move", player, _text(item.get("card"), "card"), str(source), str(target))
                )
            else:
                amount = item.get("amount")
                if isinstance(amount, bool) or not isinstance(amount, int):
                    raise EntryError(f"power: amount {amount!r} is not a whole number")
                operations.append(
                    TextOperation("power", player, target=_text(item.get("target", LEADER), "target"), amount=amount)
                )
    return operations


# -- implied passes ---------------------------------------------------------------------------------

MAIN_VERBS: Final = frozenset({"play", "act", "give", "attack", "end"})
NEXT_TURN_VERBS: Final = frozenset({"draw", "energio", "play", "act", "give", "attack", "end"})
"""What the other player can do in the next turn, reached by passing the rest of this one."""


def reachable(game: Energio, decision: Decision, verb: str, player: str, this_turn: bool = False) -> bool:
    """Whether ``verb`` by ``player`` can come after ``decision`` if only defaults are taken (``wl-logs.rst``: a
    ``counter`` implies the Block Step's pass; a ``damage``, ``ko`` or later turn player's entry implies every
    pass of the battle; an ``act`` or a [Main] ``play`` after an ``attack`` belongs after that battle)."""
    if verb in ("resolve", "pass"):
        return True
    if game.phase == "setup":
        return verb in ("mulligan", "draw", "life") or player == game.first
    kind = decision.kind
    if kind in ("block", "counter"):
        if player == game.non_turn_player and verb == "counter":
            return kind == "block"
        if verb in ("damage", "ko"):
            return True
        if player == game.turn_player and verb in MAIN_VERBS:
            return True
    return player == game.non_turn_player and verb in NEXT_TURN_VERBS and not this_turn


def reachable_after_reveal(game: Energio, verb: str, player: str) -> bool:
    return True


# -- expectations -----------------------------------------------------------------------------------


def expectation_failures(game: PlayableGame, expect: Any) -> list[str]:
    """How the state differs from an ``expect`` mapping: the common comparison for the piles, counters and
    ``turn``/``phase``/``winner``, and the ``wl`` parts: ``leader: {state, given, power}``, ``characters`` as a
    count or a list of ``{card, state, given, power}`` in the order they entered, ``cost: {active, rested}``."""
    if not isinstance(expect, dict):
        return [f"{expect!r} is not a mapping"]
    snapshot = game.snapshot()
    failures: list[str] = []
    common: dict[str, Any] = {}
    for key, wanted in expect.items():
        view = snapshot["players"].get(key)
        if view is None or not isinstance(wanted, dict):
            common[key] = wanted
            continue
        rest = {}
        for zone, value in wanted.items():
            if zone == "leader":
                failures.extend(_card_failures(f"{key} leader", view["leader"], value))
            elif zone == "characters":
                failures.extend(_characters_failures(str(key), list(view["characters"].values()), value))
            elif zone == "cost":
                if not isinstance(value, dict):
                    failures.append(f"{key} cost: {value!r} is not {{active: N, rested: N}}")
                for part in ("active", "rested"):
                    if isinstance(value, dict) and part in value and view["cost"][part] != value[part]:
                        failures.append(f"{key} cost {part} is {view['cost'][part]}, not {value[part]}")
            elif zone == "stage" and isinstance(value, dict) and isinstance(game, Energio):
                failures.extend(_stage_failures(game, str(key), value))
            elif zone == "stage" and not isinstance(value, list | int):
                rest[zone] = [] if value is None else [value]
            else:
                rest[zone] = value
        common[key] = rest
    return failures + common_expectation_failures(game, common, winner_of(game.outcome))


ASSERTED_PILES: Final = ("hand", "deck", "trash", "life")


def take_expectation(game: Energio, expect: Any) -> list[str]:
    """Make each player's piles, Stage, Leader, Characters, cost area and ENERGIO!! deck what a failed ``expect``
    asserts (counts, or lists taken as their counts; the Leader's ``{state, given}``; the Characters as a count
    or ``{card, state, given}`` in the order they entered), through the engine (``Opening.take_asserted``); what
    was changed, in words, and a power that differs, which is not taken (the cards and the effects make it)."""
    if not isinstance(expect, dict):
        return []
    snapshot = game.snapshot()
    changed: list[str] = []
    for player, wanted in expect.items():
        if player not in game.player_states or not isinstance(wanted, dict):
            continue
        view = snapshot["players"][player]
        not_taken: list[str] = []
        counts: dict[str, int] = {}
        for zone in ASSERTED_PILES:
            count = _count(wanted.get(zone))
            if count is not None:
                counts[zone] = count
        stage: tuple[str | None, str | None, int | None] | None = None
        value = wanted.get("stage", ...)
        if value is None:
            counts["stage"] = 0
        elif isinstance(value, str):
            stage = (value, None, None)
        elif isinstance(value, dict):
            card = value.get("card")
            stage = (card if isinstance(card, str) else None, _orientation(value.get("state")), None)
        elif value is not ...:
            count = _count(value)
            if count is not None:
                counts["stage"] = count
        leader = _asserted(wanted.get("leader"))
        if isinstance(wanted.get("leader"), dict) and _power_differs(view["leader"], wanted["leader"]):
            not_taken.append(f"{player} leader power")
        characters: int | list[tuple[str | None, str | None, int | None]] | None = None
        value = wanted.get("characters")
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            characters = value
        elif isinstance(value, list):
            characters = [_asserted(spec) for spec in value]
            shown = list(view["characters"].values())
            for index, spec in enumerate(value):
                if index < len(shown) and isinstance(spec, dict) and _power_differs(shown[index], spec):
                    not_taken.append(f"{player} Character {index + 1} power")
        cost = wanted.get("cost")
        active, rested = (cost.get("active"), cost.get("rested")) if isinstance(cost, dict) else (None, None)
        energio = wanted.get("energio_deck")
        changed.extend(
            game.opening.take_asserted(
                str(player),
                counts,
                characters,
                stage,
                leader,
                (_count(active), _count(rested)),
                _count(energio),
            )
        )
        if not_taken:
            changed.append(f"not taken (the cards and the effects make it): {', '.join(not_taken)}")
    return changed


def _count(value: Any) -> int | None:
    """A pile's asserted size: a count, or a list's length."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return len(value) if isinstance(value, list) else None


def _orientation(state: Any) -> str | None:
    return ORIENTATION_WORDS.get(state) if isinstance(state, str) else None


def _asserted(spec: Any) -> tuple[str | None, str | None, int | None]:
    """A card's expectation (``{card, state, given}``, or a bare card id) as the engine takes it."""
    if isinstance(spec, str):
        return spec, None, None
    if not isinstance(spec, dict):
        return None, None, None
    card, given = spec.get("card"), spec.get("given")
    return (card if isinstance(card, str) else None, _orientation(spec.get("state")), _count(given))


def _power_differs(shown: dict[str, Any], spec: dict[str, Any]) -> bool:
    return "power" in spec and shown.get("power") != spec["power"]


def _stage_failures(game: Energio, player: str, wanted: dict[str, Any]) -> list[str]:
    """``stage: {card, state}`` (either or both), as ``setup`` writes a Stage "like a Character"."""
    stage = game.player_states[player].stage
    if not stage:
        return [f"{player} has no Stage, not {wanted!r}"]
    shown = {"card": stage[-1].identity, "state": "active" if stage[-1].orientation == "stand" else "rested"}
    return _card_failures(f"{player} stage", shown, wanted)


def _card_failures(label: str, shown: dict[str, Any], wanted: Any) -> list[str]:
    spec = wanted if isinstance(wanted, dict) else {"card": wanted}
    failures = []
    for key, value in spec.items():
        if key == "state":
            value = "active" if ORIENTATION_WORDS.get(str(value)) == "stand" else "rested"
        if key in shown and shown[key] != value:
            failures.append(f"{label} {key} is {shown[key]!r}, not {value!r}")
    return failures


def _characters_failures(player: str, shown: list[dict[str, Any]], wanted: Any) -> list[str]:
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        return [] if len(shown) == wanted else [f"{player} has {len(shown)} Character(s), not {wanted}"]
    if not isinstance(wanted, list):
        return [f"{player} characters: {wanted!r} is not a count or a list"]
    if len(wanted) != len(shown):
        return [f"{player} has {len(shown)} Character(s), not {len(wanted)}"]
    failures = []
    for index, (one, spec) in enumerate(zip(shown, wanted, strict=True)):
        failures.extend(_card_failures(f"{player} Character {index + 1}", one, spec))
    return failures


# -- writing entries (self-play) ------------------------------------------------------------------------


def entry_of(choice: Choice, decision: Decision) -> dict[str, Any]:
    """The log entry that states ``choice`` (the inverse of ``choice_of``; used by self-play)."""
    entry: dict[str, Any] = {"p": decision.player, "do": choice.verb}
    if choice.verb == "mulligan":
        entry["redraw"] = bool(choice.flag)
    elif isinstance(choice, Named):
        if choice.verb == "play":
            entry["card"] = choice.card
            if choice.target is not None:
                entry["trash"] = choice.target
        elif choice.verb == "give":
            entry.update(to=choice.target, count=choice.count)
        elif choice.verb == "attack":
            entry.update(attacker=choice.source, target=choice.target)
        elif choice.verb == "block":
            entry["blocker"] = choice.source
        elif choice.verb == "counter":
            entry.update(card=choice.card, target=choice.target)
        elif choice.verb == "act":
            entry.update(source=choice.source, ability=int(choice.target) if choice.target else None)
            if choice.cards:
                entry["trash"] = list(choice.cards)
    elif isinstance(choice, ResolveFirst):
        entry.update(source=choice.card, ability=choice.ability)
    elif choice.verb == "pay":
        entry.update(do="resolve", source=decision.source, ability=int(decision.ability or 0), pay=bool(choice.flag))
        if choice.cards:
            entry["trash"] = list(choice.cards)
    return entry
