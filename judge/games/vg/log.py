"""The ``vg`` part of the log format: building a Vanguard game from a log, and reading its entries.

This is where the judge translates the log's words (verbs, circles, ``setup``,
card records) into the engine's (``Choice`` and its circle-naming subclasses,
``Position``, ``VgCardDefinition``), and says what the log's rules of writing
mean for Vanguard: which entry answers which reveal, which field of a ``drive``
or ``damage`` entry answers a trigger's choice, and which points an entry may
pass by implied passes.  The engine never reads the log format; this module
never applies a rule.
"""

from __future__ import annotations

from typing import Any, Final

from engine.core.interface import PlayableGame, PlayerSpec
from engine.core.protocol import PASS, Choice, Decision, Refusal, ResolveFirst, Reveal
from engine.games.vg.card_text import ZONES_OF_TEXT, TextOperation
from engine.games.vg.cards import CardRecordError, VgCardDefinition, definition_from_record
from engine.games.vg.choices import Activate, DeclareAttack, GAssist, OnCircle, PayAbility, SeekMate, Stride
from engine.games.vg.game import PHASES, Vanguard
from engine.games.vg.state import CIRCLES, PlayerPosition, Position
from judge.games import reading
from judge.games.support import expectation_failures as common_expectation_failures
from judge.logfile import GameLog
from judge.logformat import EntryError
from judge.verdict import winner_of

FORCED_VERBS: Final = {
    "draw": ("draw", "opening", "mulligan_draw"),
    "drive": ("drive",),
    "damage": ("damage",),
    "retire": ("retire",),
    "stand_up": ("stand_up",),
}
"""Forced-event verbs and the reveal purposes each answers."""
CHOICE_VERBS: Final = frozenset(
    {
        "first_vanguard",
        "mulligan",
        "g_assist",
        "ride",
        "stride",
        "call",
        "act",
        "move",
        "attack",
        "guard",
        "intercept",
        "resolve",
        "superior_ride",
        "pass",
        "concede",
        "effect",
    }
)
CHOICE_FIELDS: Final = {"power": "power", "critical": "critical", "stand": "stand", "heal": "heal"}
"""Decision kind -> the field of the ``drive`` or ``damage`` entry being applied that answers it: a trigger's
choices (``vg-logs.rst``)."""
CLAIM_FIELDS: Final[dict[str, tuple[str, ...]]] = {"drive": tuple(CHOICE_FIELDS), "damage": tuple(CHOICE_FIELDS)}
"""A check's trigger choices claim what its trigger did: a violation where the trigger does not resolve (vg
2.8.1.1: no unit of the same clan, or a heal that cannot heal)."""
SETUP_PILES: Final = ("hand", "drop", "soul", "bind", "removed")
ORIENTATIONS: Final = ("stand", "rest")


def definitions_of(log: GameLog) -> dict[str, VgCardDefinition]:
    """Every card record of the log as a definition; a bad record is a located error."""
    return reading.definitions_of(log, definition_from_record, CardRecordError)


def position_of(log: GameLog, definitions: dict[str, VgCardDefinition]) -> Position | None:
    """The ``setup`` block as an engine position, or None when the log starts from the opening."""
    head = reading.setup_head(log, PHASES, "stand")
    if head is None:
        return None
    setup, active, phase, turn = head
    player_ids = [str(player["id"]) for player in log.players]
    layouts: dict[str, PlayerPosition] = {}
    for player in player_ids:
        zones = setup.get(player) or {}
        if not isinstance(zones, dict):
            raise reading.located(
                log, ("setup", player), f"setup {player} is {reading.short(zones)}, not a mapping of zones"
            )
        layout = PlayerPosition()
        for zone in SETUP_PILES:
            setattr(layout, zone, reading.card_list(log, ("setup", player, zone), zones.get(zone), definitions))
        damage = zones.get("damage") or []
        if not isinstance(damage, list | int) or isinstance(damage, bool):
            raise reading.located(
                log, ("setup", player, "damage"), f"setup {player} damage: {reading.short(damage)} is not a list"
            )
        if isinstance(damage, int):
            layout.damage = [(None, False)] * reading.count(log, ("setup", player, "damage"), damage)
        else:
            for index, item in enumerate(damage):
                item_at: tuple[object, ...] = ("setup", player, "damage", index)
                if isinstance(item, dict):
                    card = item.get("card")
                    layout.damage.append(
                        (
                            None if card in (None, "?") else reading.card_id(log, item_at, card, definitions),
                            item.get("face") == "down",
                        )
                    )
                else:
                    identity = None if item in (None, "?") else reading.card_id(log, item_at, item, definitions)
                    layout.damage.append((identity, False))
        g_zone = zones.get("g_zone") or {}
        if not isinstance(g_zone, dict):
            raise reading.located(log, ("setup", player, "g_zone"), "g_zone is {down: [ids], up: [ids]}")
        layout.g_down = reading.card_list(log, ("setup", player, "g_zone", "down"), g_zone.get("down"), definitions)
        layout.g_up = [
            reading.card_id(log, ("setup", player, "g_zone", "up", i), card, definitions)
            for i, card in enumerate(g_zone.get("up") or [])
        ]
        layout.deck_top, layout.deck_rest = reading.setup_deck(
            log, ("setup", player, "deck"), zones.get("deck"), definitions
        )
        circles = zones.get("circles") or {}
        at = ("setup", player, "circles")
        if not isinstance(circles, dict):
            raise reading.located(log, at, f"{reading.where(at)}: {reading.short(circles)} is not a mapping of circles")
        for circle, placed in circles.items():
            if circle == "G":
                guardians = placed if isinstance(placed, list) else [placed]
                layout.guardians = [
                    reading.card_id(log, (*at, circle, i), card, definitions) for i, card in enumerate(guardians or [])
                ]
                continue
            if circle not in CIRCLES:
                raise reading.located(
                    log, (*at, circle), f"{reading.where(at)}: {circle!r} is not a circle ({', '.join(CIRCLES)})"
                )
            if placed is None:
                continue
            spec = placed if isinstance(placed, dict) else {"card": placed}
            state = spec.get("state", "stand")
            if state not in ORIENTATIONS:
                raise reading.located(
                    log,
                    (*at, circle),
                    f"{reading.where(at)} {circle}: state {reading.short(state)} is not stand or rest",
                )
            card = reading.card_id(log, (*at, circle), spec.get("card"), definitions)
            layout.circles[str(circle)] = (card, str(state), spec.get("face") == "down")
            layout.states.extend((str(circle), state) for state in ("locked", "deleted") if spec.get(state))
            if circle == "V" and spec.get("mate") is not None:
                layout.mate = reading.card_id(log, (*at, circle, "mate"), spec.get("mate"), definitions)
            if circle == "V" and spec.get("hearts"):
                layout.hearts = [
                    reading.card_id(log, (*at, circle, "hearts", i), heart, definitions)
                    for i, heart in enumerate(spec["hearts"])
                ]
        layouts[player] = layout
    return Position(turn=turn, active=str(active), phase=str(phase), players=layouts)


def game_of(log: GameLog) -> Vanguard:
    """The game a log describes, ready to run; raises LogFormatError for what cannot start."""
    definitions = definitions_of(log)
    players = [
        PlayerSpec(
            str(player["id"]),
            reading.deck_list(log, index, "deck"),
            {"g_deck": reading.deck_list(log, index, "g_deck")},
        )
        for index, player in enumerate(log.players)
    ]
    player_ids = [player.id for player in players]
    position = position_of(log, definitions)
    first = reading.first_player(log, player_ids, None if position is None else position.active)
    order = reading.deck_orders(log, player_ids, definitions)
    game = Vanguard(
        definitions,
        players,
        first=first,
        order=order,
        position=position,
    )
    reading.refuse_impossible(log, game, position)
    return game


# -- reading entries -------------------------------------------------------------------------


def _text(value: Any, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise EntryError(f"{name} {reading.short(value)} is not a {'card id' if name == 'card' else 'circle'}")
    return value


def choice_of(data: dict[str, Any], decision: Decision) -> Choice:
    """The engine choice a log entry states."""
    verb = str(data["do"])
    card = _text(data.get("card"), "card")
    if verb in ("first_vanguard", "ride", "superior_ride"):
        return Choice(verb, card=card)
    if verb == "mulligan":
        return Choice("mulligan", cards=tuple(sorted(reading.ids(data.get("return"), "return"))))
    if verb == "call":
        return OnCircle("call", _text(data.get("to"), "to"), card=card)
    if verb == "move":
        first, second = _text(data.get("from"), "from"), _text(data.get("to"), "to")
        if first in ("BL", "BR") and second in ("FL", "FR"):
            first, second = second, first
        return OnCircle("move", first, other=second)
    if verb == "attack":
        return DeclareAttack(
            _text(data.get("from"), "from"), _text(data.get("target"), "target"), _text(data.get("boost"), "boost")
        )
    if verb == "guard":
        return OnCircle("guard", _text(data.get("guards"), "guards"), card=card)
    if verb == "intercept":
        return OnCircle("intercept", _text(data.get("from"), "from"), other=_text(data.get("guards"), "guards"))
    if verb == "stride":
        return Stride(
            card, tuple(sorted(reading.ids(data.get("discard"), "discard"))), _text(data.get("heart"), "heart")
        )
    if verb == "g_assist":
        remove = data.get("remove") or {}
        if not isinstance(remove, dict):
            raise EntryError(f"remove {reading.short(remove)} is not {{hand: [2 ids], g: [2 ids]}}")
        return GAssist(
            card,
            tuple(sorted(reading.ids(remove.get("hand"), "remove hand"))),
            tuple(sorted(reading.ids(remove.get("g"), "remove g"))),
        )
    if verb == "act" and ("mate" in data or "return" in data):
        mate = data.get("mate")
        return SeekMate(
            _text(data.get("source"), "source"),
            tuple(sorted(reading.ids(data.get("return"), "return"))),
            None if mate in (None, "?") else _text(mate, "mate"),
        )
    if verb == "act":
        ability = data.get("ability")
        return Activate(
            _text(data.get("source"), "source"),
            None if ability is None else str(ability),
            tuple(sorted(reading.ids(data.get("counter_blast"), "counter_blast"))),
            tuple(sorted(reading.ids(data.get("soul_blast"), "soul_blast"))),
            tuple(sorted(reading.ids(data.get("discard"), "discard"))),
        )
    if verb == "resolve":
        if decision.kind == "pay":  # whether an automatic ability's cost is paid, and with which cards (vg 8.6.4)
            return PayAbility(
                str(data.get("source", card)),
                bool(data.get("pay", False)),
                tuple(sorted(reading.ids(data.get("counter_blast"), "counter_blast"))),
                tuple(sorted(reading.ids(data.get("soul_blast"), "soul_blast"))),
                tuple(sorted(reading.ids(data.get("discard"), "discard"))),
            )
        if decision.kind == "overloaded_vanguard":  # the unit that stays on the vanguard circle (vg 9.3)
            if "stays" not in data:
                raise EntryError(
                    "the units placed last on the overloaded vanguard circle wait: name the one that stays"
                )
            return Choice("stays", card=_text(data.get("stays"), "stays"))
        if decision.kind == "forerunner":  # "`resolve` | `source`, `ability` ...": when written, they name it
            source, ability = data.get("source"), data.get("ability")
            if source is not None and str(source) != decision.source:
                raise EntryError(f"source {reading.short(source)}: the Forerunner waiting is {decision.source}'s")
            if ability is not None and str(ability) != "forerunner":
                raise EntryError(
                    f"ability {reading.short(ability)}: the ability waiting is {decision.source}'s Forerunner"
                )
            target = _text(data.get("to"), "to")
            return PASS if target is None else OnCircle("call", target, card=decision.source)
        return ResolveFirst(str(data.get("source", card)), str(data.get("ability")))
    return Choice(verb, card=card)


def field_choice(decision: Decision, data: dict[str, Any]) -> Choice | None:
    """A trigger's choice as the ``drive`` or ``damage`` entry states it, or None when it does not say."""
    field = CHOICE_FIELDS.get(decision.kind)
    if field is None or field not in data:
        return None
    value = data[field]
    if decision.kind == "heal":
        return Choice("heal", card=str(value))
    return OnCircle(decision.kind, str(value))


def revealed_cards(verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
    """The cards a forced entry states for its reveal; a one-card check naming several is refused."""
    if verb in ("drive", "damage"):
        card = data.get("card")
        if isinstance(card, list | dict):
            clause = "vg:7.5.1.2.1" if verb == "drive" else "vg:7.6.1.6.1"
            return None, Refusal((clause,), f"a {verb} check reveals one card; the entry names {card!r}")
        return reading.card_ids(card), None
    if verb == "stand_up":
        return [], None
    return reading.card_ids(data.get("cards")), None


def cards_within(reveal: Reveal, data: dict[str, Any]) -> list[str | None] | None:
    """The cards a mulligan entry says its player drew (``draw``), and the five a G assist looked at
    (``looked``)."""
    if reveal.purpose == "mulligan_draw" and "draw" in data:
        return reading.card_ids(data["draw"])
    if reveal.purpose == "g_assist" and "looked" in data:
        return reading.card_ids(data["looked"])
    return None


def reveal_findings(verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
    """A ``draw`` must list as many cards as the rules draw, a ``retire`` as many units as the rules retire."""
    if reveal.purpose == "mulligan_draw" and len(answer) != reveal.count:  # the format: the cards drawn in exchange
        message = f"the mulligan makes {reveal.player} draw {reveal.count} card(s); the log lists {len(answer)}"
        return [Refusal(reveal.clauses, message)], []
    if verb == "draw" and len(answer) != reveal.count and reveal.purpose != "mulligan_draw":
        message = f"the rules make {reveal.player} draw {reveal.count} card(s) here; the log lists {len(answer)}"
        return [Refusal(reveal.clauses, message)], []
    if verb == "retire" and len(answer) != reveal.count:
        message = f"the rules retire {reveal.count} of {reveal.player}'s unit(s) here; the log lists {len(answer)}"
        return [Refusal(reveal.clauses, message)], []
    return [], []


def subject(data: dict[str, Any]) -> str | None:
    """The player an entry is about: ``p``, or for ``damage`` the damaged player, also written ``to``."""
    player = data.get("to", data.get("p")) if data.get("do") == "damage" else data.get("p")
    return None if player is None else str(player)


def text_operations(data: dict[str, Any]) -> list[TextOperation]:
    """The primitive operations an ``effect`` entry declares; EntryError names a malformed one.

    ``moves: [{card, from, to, circle, to_circle, p}]`` (``from`` and ``to`` are piles, or ``circle`` with the
    circle left in ``circle`` and the circle entered in ``to_circle``), ``power: [{circle, amount, p}]``
    (until end of turn), ``lock`` and ``delete`` (circles, or ``{circle, p}``: vg 10.1.21, 10.1.25) and
    ``extra_turn: true`` (or ``{p}``: vg 11.4); ``p`` inside an operation names the player it applies to.
    """
    operations: list[TextOperation] = []
    extra = data.get("extra_turn")
    if extra:
        who = extra.get("p") if isinstance(extra, dict) else None
        operations.append(TextOperation("extra_turn", player=None if who is None else str(who)))
    for kind in ("lock", "delete"):
        targets = data.get(kind, [])
        for target in targets if isinstance(targets, list) else [targets]:
            spec = target if isinstance(target, dict) else {"circle": target}
            who = spec.get("p")
            operations.append(
                TextOperation(
                    kind, player=None if who is None else str(who), circle=_text(spec.get("circle"), "circle")
                )
            )
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
                    TextOperation(
                        "move",
                        player=player,
                        card=_text(item.get("card"), "card"),
                        source_zone=str(source),
                        target_zone=str(target),
                        circle=_text(item.get("circle"), "circle"),
                        target_circle=_text(item.get("to_circle", item.get("circle")), "to_circle"),
                    )
                )
            else:
                amount = item.get("amount")
                if isinstance(amount, bool) or not isinstance(amount, int):
                    raise EntryError(f"power: amount {amount!r} is not a whole number")
                operations.append(
                    TextOperation("power", player=player, circle=_text(item.get("circle"), "circle"), amount=amount)
                )
    return operations


# -- expectations ----------------------------------------------------------------------------


def expectation_failures(game: PlayableGame, expect: Any) -> list[str]:
    """How the state differs from an ``expect`` mapping: the common comparison, and the ``vg`` parts it does not
    know: the guardian circle as a list (``circles: {G: [ids]}``, in any order) and the G zone's face-down and
    face-up cards (``g_zone: {down: N or [ids], up: N or [ids]}``)."""
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
        wanted = dict(wanted)
        damage = wanted.get("damage")
        if isinstance(damage, list) and isinstance(game, Vanguard):
            del wanted["damage"]
            failures.extend(_damage_failures(game, str(key), damage))
        g_zone = wanted.pop("g_zone", None)
        if g_zone is not None:
            failures.extend(_g_zone_failures(str(key), view["g_zone"], g_zone))
        circles = wanted.get("circles")
        if isinstance(circles, dict) and "G" in circles:
            circles = dict(circles)
            guardians = circles.pop("G")
            wanted["circles"] = circles
            failures.extend(_pile_failures(f"{key} guardian circle", view["circles"].get("G", []), guardians))
        if isinstance(circles, dict):
            circles = {
                circle: _state_failures(str(key), circle, view["circles"], spec, failures)
                for circle, spec in circles.items()
            }
            wanted["circles"] = circles
        common[key] = wanted
    return failures + common_expectation_failures(game, common, winner_of(game.outcome))


ASSERTED_PILES: Final = ("hand", "deck", "soul", "drop", "damage", "bind", "trigger")
NOT_TAKEN: Final = ("power", "critical", "face", "hearts", "mate", "locked", "deleted")
"""What a circle's expectation may assert that the replay does not take from a failed ``expect``: power and
critical come from the cards and the effects, the circle states from what the rules did."""


def take_expectation(game: Vanguard, expect: Any) -> list[str]:
    """Make each player's piles, G zone, face-down damage and circles what a failed ``expect`` asserts (counts, or
    lists taken as their counts; a circle as null, a card id or ``{card, state}``), through the engine
    (``Opening.take_asserted``); what was changed, in words, and what differs but is not taken (power, critical,
    the circle states, the guardian circle)."""
    if not isinstance(expect, dict):
        return []
    snapshot = game.snapshot()
    changed: list[str] = []
    for player, wanted in expect.items():
        if player not in game.player_states or not isinstance(wanted, dict):
            continue
        counts: dict[str, int] = {}
        for zone in ASSERTED_PILES:
            count = _count(wanted.get(zone))
            if count is not None:
                counts[zone] = count
        g_zone = wanted.get("g_zone")
        for side in ("down", "up"):
            count = _count(g_zone.get(side)) if isinstance(g_zone, dict) else None
            if count is not None:
                counts[f"g_{side}"] = count
        face_down = wanted.get("damage_face_down")
        damage = wanted.get("damage")
        if isinstance(damage, list) and not isinstance(face_down, int):
            face_down = sum(1 for item in damage if isinstance(item, dict) and item.get("face") == "down")
        circles: dict[str, tuple[str | None, str | None] | None] = {}
        not_taken: list[str] = []
        shown = snapshot["players"][player]["circles"]
        for circle, value in (wanted.get("circles") or {}).items() if isinstance(wanted.get("circles"), dict) else ():
            if circle not in CIRCLES:
                if circle == "G" and _pile_failures("", shown.get("G", []), value):
                    not_taken.append(f"{player} guardian circle")
                continue
            if value is None:
                circles[circle] = None
            elif isinstance(value, str):
                circles[circle] = (value, None)
            elif isinstance(value, dict):
                card, state = value.get("card"), value.get("state")
                circles[circle] = (card if isinstance(card, str) else None, state if state in ORIENTATIONS else None)
                unit = shown.get(circle)
                for key in NOT_TAKEN:
                    actual = unit.get(key, UNSHOWN.get(key)) if isinstance(unit, dict) else None
                    if key in value and value[key] != actual:
                        not_taken.append(f"{player} {circle} {key}")
        changed.extend(
            game.opening.take_asserted(
                str(player), counts, face_down if isinstance(face_down, int) and face_down >= 0 else None, circles
            )
        )
        if not_taken:
            changed.append(f"not taken (the cards and the effects make them): {', '.join(not_taken)}")
    return changed


def _count(value: Any) -> int | None:
    """A pile's asserted size: a count, or a list's length."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    return len(value) if isinstance(value, list) else None


UNSHOWN: Final = {"face": "up", "locked": False, "deleted": False, "hearts": [], "mate": None}
"""A circle state's value where the snapshot does not show it (a face-up unit has no ``face``)."""


def _state_failures(player: str, circle: Any, shown: dict[str, Any], spec: Any, failures: list[str]) -> Any:
    """Compare the circle states of a circle's expectation (``face``, ``locked``, ``deleted``, ``hearts``,
    ``mate``), a key the unit does not show being its plain value (``face: up``, ``locked: false``); the rest of
    the spec is left to the common comparison.  The format: "Circle states in ``setup`` and ``expect``:
    ``{card, state, face: down}`` ..., ``{card, hearts: [ids]}``, ``{card, mate: id}``, ``{card, locked:
    true}``, ``{card, deleted: true}``"."""
    unit = shown.get(circle)
    if not isinstance(spec, dict) or not isinstance(unit, dict):
        return spec
    rest = dict(spec)
    for key, plain in UNSHOWN.items():
        if key in rest:
            wanted, actual = rest.pop(key), unit.get(key, plain)
            if wanted != actual:
                failures.append(f"{player} circles {circle} {key} is {actual!r}, not {wanted!r}")
    return rest


def _damage_failures(game: Vanguard, player: str, wanted: list[Any]) -> list[str]:
    """The damage zone as a list: the format writes a card turned by a Counter Blast ``{card: X, face: down}``
    ("``damage`` (a card may be ``{card, face: down}`` after a Counter Blast)"), so an item is a card id (the
    card, either face) or ``{card, face}`` (that card, that face up or down); in any order, as the owner may
    reorder the zone."""
    state = game.player_states[player]
    actual = [(card.identity or "?", "down" if card.instance in state.face_down else "up") for card in state.damage]
    shown = sorted(f"{card} (face {face})" for card, face in actual)
    if not all(isinstance(item, str) or (isinstance(item, dict) and "card" in item) for item in wanted):
        return [f"{player} damage: {wanted!r} is not a list of card ids or {{card, face}}"]
    exact = [(str(item["card"]), str(item.get("face", "up"))) for item in wanted if isinstance(item, dict)]
    bare = [str(item) for item in wanted if isinstance(item, str)]
    remaining = list(actual)
    for pair in exact:
        if pair not in remaining:
            return [f"{player} damage holds {shown}, not {wanted!r} (in any order)"]
        remaining.remove(pair)
    if sorted(card for card, _ in remaining) != sorted(bare):
        return [f"{player} damage holds {shown}, not {wanted!r} (in any order)"]
    return []


def _g_zone_failures(player: str, view: dict[str, list[str | None]], wanted: Any) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{player} g_zone: {wanted!r} is not {{down: ..., up: ...}}"]
    failures = []
    for side in ("down", "up"):
        if side in wanted:
            failures.extend(_pile_failures(f"{player} G zone face {side}", view[side], wanted[side]))
    return failures


def _pile_failures(label: str, cards: list[str | None], wanted: Any) -> list[str]:
    """A count, or the cards in any order (the G zone and the guardian circle are not ordered piles)."""
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        return [] if len(cards) == wanted else [f"{label} has {len(cards)} card(s), not {wanted}"]
    if isinstance(wanted, list):
        actual = sorted(card or "?" for card in cards)
        if actual != sorted(str(item) for item in wanted):
            return [f"{label} holds {actual}, not {sorted(str(item) for item in wanted)} (in any order)"]
        return []
    return [f"{label}: {wanted!r} is not a count or a list of card ids"]


# -- implied passes ----------------------------------------------------------------------------

TURN_ORDER: Final = ("g_assist", "ride", "stride", "main", "attack")
"""The turn player's decision points of a turn, in order (vg 6.4.1.2, 6.5.1.1, 6.5.1.2, 6.6, 7.2)."""
POINT_VERBS: Final[dict[str, tuple[str, ...]]] = {
    "g_assist": ("g_assist",),
    "ride": ("ride",),
    "stride": ("stride",),
    "main": ("call", "move", "act"),
    "attack": ("attack",),
}
PHASE_POINT: Final = {"stand": "g_assist", "draw": "g_assist", "ride": "ride", "main": "main", "battle": "attack"}
NEXT_TURN_VERBS: Final = frozenset({"draw", "g_assist", "ride", "stride", "call", "move", "act", "attack"})
"""What the other player can do in the next turn, reached by passing the rest of this one."""
BATTLE_VERBS: Final = frozenset({"guard", "intercept", "drive", "damage", "retire"})


def reachable(game: Vanguard, decision: Decision, verb: str, player: str, this_turn: bool = False) -> bool:
    """Whether ``verb`` by ``player`` can come after ``decision`` if only defaults are taken (implied passes)."""
    if verb in ("resolve", "pass"):
        return True
    if game.phase == "setup":
        return verb in ("first_vanguard", "mulligan", "draw", "stand_up") or player == game.first
    kind = decision.kind
    if kind in TURN_ORDER:
        later_points = TURN_ORDER[TURN_ORDER.index(kind) + 1 :]
    else:  # a decision inside a point (a guard, a trigger's choice): that point goes on
        point = PHASE_POINT.get(game.phase, "attack")
        later_points = TURN_ORDER[TURN_ORDER.index(point) :]
    later = {verb for point in later_points for verb in POINT_VERBS[point]}
    if game.turn == 1:  # no attack in the very first turn of the game (vg 7.2.1.3)
        later.discard("attack")
    if player == game.turn_player and verb in later:
        return True
    battle = game.battle.battle
    if battle is not None and verb in BATTLE_VERBS:
        return battle_step_ahead(game, verb, player)
    if player == game.non_turn_player:
        return verb in NEXT_TURN_VERBS and not this_turn
    return False


def battle_step_ahead(game: Vanguard, verb: str, player: str) -> bool:
    """Whether the battle in progress still has the step where ``verb`` by ``player`` happens."""
    battle = game.battle.battle
    if battle is None:
        return False
    steps = ("attack", "guard", "drive", "damage", "close")
    at = steps.index(battle.step) if battle.step in steps else 0
    if verb in ("guard", "intercept"):
        return player == game.non_turn_player and at <= steps.index("guard")
    if verb == "drive":
        return player == game.turn_player and battle.attacker_circle == "V" and at <= steps.index("drive")
    if verb in ("damage", "retire"):
        return player == game.non_turn_player and at <= steps.index("damage")
    return False


def reachable_after_reveal(game: Vanguard, verb: str, player: str) -> bool:
    """Whether ``verb`` by ``player`` can come after the reveal the game is making now: a battle's entries only
    while that battle has their step ahead."""
    if verb not in BATTLE_VERBS:
        return True
    if game.battle.battle is not None:
        return battle_step_ahead(game, verb, player)
    return game.phase != "battle"


# -- writing entries (self-play) -------------------------------------------------------------------


def entry_of(choice: Choice, decision: Decision) -> dict[str, Any]:
    """The log entry that states ``choice`` (the inverse of ``choice_of``; used by self-play)."""
    entry: dict[str, Any] = {"p": decision.player, "do": choice.verb}
    verb = choice.verb
    if verb in ("first_vanguard", "ride", "superior_ride"):
        entry["card"] = choice.card
    elif verb == "mulligan":
        entry["return"] = list(choice.cards)
    elif isinstance(choice, PayAbility):
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": decision.ability}
        entry["pay"] = bool(choice.flag)
        for field, cards in (("counter_blast", choice.counter_blast), ("soul_blast", choice.soul_blast)):
            if cards:
                entry[field] = list(cards)
        if choice.cards:
            entry["discard"] = list(choice.cards)
    elif isinstance(choice, OnCircle) and decision.kind == "forerunner":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": "forerunner"}
        entry["to"] = choice.circle
    elif isinstance(choice, OnCircle) and verb == "call":
        entry.update(card=choice.card, to=choice.circle)
    elif isinstance(choice, OnCircle) and verb == "move":
        entry.update({"from": choice.circle, "to": choice.other})
    elif isinstance(choice, DeclareAttack):
        entry.update({"from": choice.attacker, "target": choice.target})
        if choice.boost is not None:
            entry["boost"] = choice.boost
    elif isinstance(choice, OnCircle) and verb == "guard":
        entry.update(card=choice.card, guards=choice.circle)
    elif isinstance(choice, OnCircle) and verb == "intercept":
        entry.update({"from": choice.circle, "guards": choice.other})
    elif isinstance(choice, Stride):
        entry.update(card=choice.card, discard=list(choice.cards), heart=choice.heart)
    elif isinstance(choice, GAssist):
        entry.update(card=choice.card, remove={"hand": list(choice.cards), "g": list(choice.g_cards)})
    elif isinstance(choice, ResolveFirst):
        entry.update(source=choice.card, ability=choice.ability)
    elif isinstance(choice, SeekMate):
        entry.update({"source": choice.card, "return": list(choice.cards), "mate": choice.mate})
    elif isinstance(choice, Activate):
        entry["source"] = choice.card
        if choice.ability is not None:
            entry["ability"] = choice.ability
        for field, cards in (("counter_blast", choice.counter_blast), ("soul_blast", choice.soul_blast)):
            if cards:
                entry[field] = list(cards)
        if choice.cards:
            entry["discard"] = list(choice.cards)
    elif verb == "stays":
        entry = {"p": decision.player, "do": "resolve", "stays": choice.card}
    elif verb == "pass" and decision.kind == "forerunner":
        entry = {"p": decision.player, "do": "resolve", "source": decision.source, "ability": "forerunner"}
    return entry


def field_stating(choice: Choice, decision: Decision) -> tuple[str, Any] | None:
    """The ``drive`` or ``damage`` field that states a trigger's choice (inverse of ``field_choice``)."""
    field = CHOICE_FIELDS.get(decision.kind)
    if field is None:
        return None
    if decision.kind == "heal":
        return field, choice.card
    return field, choice.circle if isinstance(choice, OnCircle) else None
