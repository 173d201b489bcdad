"""Reading weiss-sim's replay files (``.wsr``): the decisions taken and the events they caused.

weiss-sim 1.2 writes a sampled episode, when its pool is dropped, as ``WSR1``
followed by a flags byte, the payload's length and the payload: the episode in
the postcard encoding (unsigned integers as LEB128 varints, signed ones zigzag
encoded, a ``u8`` as one byte, an ``Option`` as a ``0``/``1`` byte then the
value, a sequence as its length then its items, an enum as its variant index
then its fields).  Replay schema 3 holds the header, the actions, their ids, the
event stream (when events are stored), one record per decision step and the
final state.

Only what vanilla decks produce is read: an event or an effect whose layout is
not known here (a card ability's payload) raises ``ReplayFormatError`` with the
byte offset, never guesses.  Events are plain dictionaries, ``{"ev": name,
field: value, ...}``, with enum values as their variant names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, TypeVar

Event = dict[str, Any]
"""One event of the stream: ``ev`` names its kind, the other keys are its fields."""

T = TypeVar("T")

MAGIC: Final = b"WSR1"
SCHEMA_VERSION: Final = 3
FLAG_COMPRESSED: Final = 1
FLAG_WIDE_LENGTH: Final = 2

ZONES: Final = ("Deck", "Hand", "WaitingRoom", "Clock", "Level", "Stock", "Memory", "Climax", "Resolution", "Stage")
CHOICE_ZONES: Final = (
    *("WaitingRoom", "Stage", "Hand", "DeckTop", "Clock", "Level", "Stock", "Memory", "Climax", "Resolution"),
    *("Stack", "PriorityCounter", "PriorityAct", "PriorityPass", "Skip"),
)
CHOICE_REASONS: Final = (
    *("TriggerStandbySelect", "TriggerTreasureSelect", "TriggerDrawSelect", "TriggerChoiceSelect"),
    *("TriggerAutoCostSelect", "BrainstormDrawSelect", "StackOrderSelect", "PriorityActionSelect"),
    *("CostPayment", "TargetSelect", "EndPhaseDiscard"),
)
WINDOWS: Final = (
    *("MainWindow", "ClimaxWindow", "AttackDeclarationWindow", "TriggerResolutionWindow", "CounterWindow"),
    *("DamageResolutionWindow", "EncoreWindow", "EndPhaseWindow"),
)
TRIGGER_EFFECTS: Final = ("Soul", "Draw", "Shot", "Bounce", "Choice", "Pool", "Treasure", "Gate", "Standby")
TRIGGER_ICONS: Final = ("Soul", "Shot", "Bounce", "Draw", "Choice", "Pool", "Treasure", "Gate", "Standby")
ATTACK_TYPES: Final = ("Frontal", "Side", "Direct")
DAMAGE_TYPES: Final = ("Battle", "Effect")
REVEAL_REASONS: Final = ("TriggerCheck", "DamageCheck", "RefreshPenalty", "Play", "AbilityEffect")
AUDIENCES: Final = ("Public", "OwnerOnly", "ControllerOnly", "BothPlayers", "ReplayOnly")
MODIFIER_KINDS: Final = (
    *("Power", "Soul", "Level", "AttackCost", "CannotAttack", "CannotSideAttack", "CannotFrontalAttack"),
    *("CannotBecomeReverse", "CannotBeChosenByOpponentEffects", "CannotMoveStagePosition"),
    *("CannotPlayEventsFromHand", "CannotPlayBackupFromHand", "CannotStandDuringStandPhase"),
    *("BattleOpponentMoveToMemoryOnReverse", "EncoreStockCost"),
)
DECISION_KINDS: Final = (
    *("Mulligan", "Clock", "Main", "Climax", "AttackDeclaration", "LevelUp", "Encore", "TriggerOrder", "Choice"),
)
ACTIONS: Final = (
    ("MulliganConfirm", ()),
    ("MulliganSelect", ("hand_index",)),
    ("Pass", ()),
    ("Clock", ("hand_index",)),
    ("MainPlayCharacter", ("hand_index", "stage_slot")),
    ("MainPlayEvent", ("hand_index",)),
    ("MainMove", ("from_slot", "to_slot")),
    ("MainActivateAbility", ("slot", "ability_index")),
    ("ClimaxPlay", ("hand_index",)),
    ("Attack", ("slot", "attack_type")),
    ("CounterPlay", ("hand_index",)),
    ("LevelUp", ("index",)),
    ("EncorePay", ("slot",)),
    ("EncoreDecline", ("slot",)),
    ("TriggerOrder", ("index",)),
    ("ChoiceSelect", ("index",)),
    ("ChoicePrevPage", ()),
    ("ChoiceNextPage", ()),
    ("Concede", ()),
)
"""Each action variant, in index order, with the names of its one-byte fields (an attack type is an enum)."""
SOURCE_KINDS: Final = ("Trigger", "Auto", "Activated", "Continuous", "EventPlay", "Counter", "Replacement", "System")
TARGET_ZONES: Final = (
    *("Stage", "Hand", "DeckTop", "Clock", "Level", "Stock", "Memory", "WaitingRoom", "Climax", "Resolution"),
)
EFFECT_KINDS: Final = {52: ("ModifyPendingAttackDamage", ("delta",))}
"""The effect kinds a stack item may carry that vanilla decks produce (the soul icon's), with their signed
fields.  Any other kind stops the reader: its layout is not known here."""


class ReplayFormatError(ValueError):
    """The file is not a weiss-sim replay this reader knows, or holds what it cannot read (located by byte)."""


@dataclass(frozen=True, slots=True)
class DecisionStep:
    """One decision of the episode: who took it, of which kind, and what the simulator flagged about it."""

    actor: int
    decision_kind: str
    illegal: bool
    engine_error: bool


@dataclass(frozen=True, slots=True)
class ReplayFile:
    """A decoded episode: ``actions[i]`` was taken at ``steps[i]``; ``events`` is the whole stream in order."""

    header: dict[str, Any]
    actions: list[dict[str, Any]]
    events: list[Event]
    steps: list[DecisionStep]
    terminal: tuple[Any, ...] | None
    """``("Win", seat)``, ``("Draw",)``, ``("Timeout",)``, or None when the episode did not end."""


class _Reader:
    """A cursor over the postcard payload."""

    def __init__(self, data: bytes, at: int) -> None:
        self.data = data
        self.at = at

    def fail(self, what: str) -> ReplayFormatError:
        return ReplayFormatError(f"{what} at byte {self.at}")

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise self.fail("the payload ends early")
        value = self.data[self.at]
        self.at += 1
        return value

    def unsigned(self) -> int:
        value = shift = 0
        while True:
            part = self.byte()
            value |= (part & 0x7F) << shift
            shift += 7
            if not part & 0x80:
                return value

    def signed(self) -> int:
        value = self.unsigned()
        return (value >> 1) ^ -(value & 1)

    def flag(self) -> bool:
        value = self.byte()
        if value not in (0, 1):
            raise self.fail(f"a boolean byte of {value}")
        return bool(value)

    def optional(self, read: Callable[[], T]) -> T | None:
        return read() if self.flag() else None

    def sequence(self, read: Callable[[], T]) -> list[T]:
        return [read() for _ in range(self.unsigned())]

    def text(self) -> str:
        length = self.unsigned()
        raw = self.data[self.at : self.at + length]
        self.at += length
        return raw.decode("utf-8")

    def named(self, names: tuple[str, ...]) -> str:
        index = self.unsigned()
        if index >= len(names):
            raise self.fail(f"variant {index} of an enum with {len(names)}")
        return names[index]


def _trigger_effect(reader: _Reader) -> Any:
    index = reader.unsigned()
    if index < len(TRIGGER_EFFECTS):
        return TRIGGER_EFFECTS[index]
    if index == 9:
        return ("AutoAbility", reader.byte())
    if index == 10:
        return ("GrantedAutoAbility", reader.unsigned())
    raise reader.fail(f"trigger effect {index}")


def _option_ref(reader: _Reader) -> dict[str, Any]:
    return {
        "card_id": reader.unsigned(),
        "instance_id": reader.unsigned(),
        "zone": reader.named(CHOICE_ZONES),
        "index": reader.optional(reader.unsigned),
        "target_slot": reader.optional(reader.byte),
    }


def _damage_modifier(reader: _Reader) -> tuple[Any, ...]:
    index = reader.unsigned()
    if index == 0:
        return ("AddAmount", reader.signed())
    if index == 1:
        return ("SetCancelable", reader.flag())
    if index == 2:
        return ("CancelNext",)
    if index == 3:
        return ("SetAmount", reader.signed())
    raise reader.fail(f"damage modifier {index}")


def _effect_id(reader: _Reader) -> dict[str, Any]:
    return {
        "source_kind": reader.named(SOURCE_KINDS),
        "source_card": reader.unsigned(),
        "ability_index": reader.byte(),
        "effect_index": reader.byte(),
    }


def _target_ref(reader: _Reader) -> dict[str, Any]:
    return {
        "player": reader.byte(),
        "zone": reader.named(TARGET_ZONES),
        "index": reader.byte(),
        "card_id": reader.unsigned(),
        "instance_id": reader.unsigned(),
    }


def _target_spec(reader: _Reader) -> dict[str, Any]:
    zone = reader.named(TARGET_ZONES)
    side = reader.unsigned()
    slot_filter = reader.unsigned()
    slot = reader.byte() if slot_filter == 3 else None
    return {
        "zone": zone,
        "side": side,
        "slot_filter": (slot_filter, slot),
        "card_type": reader.optional(reader.unsigned),
        "card_trait": reader.optional(reader.unsigned),
        "level_max": reader.optional(reader.byte),
        "cost_max": reader.optional(reader.byte),
        "card_ids": reader.sequence(reader.unsigned),
        "count": reader.byte(),
        "limit": reader.optional(reader.byte),
        "source_only": reader.flag(),
        "reveal_to_controller": reader.flag(),
    }


def _effect_kind(reader: _Reader) -> dict[str, Any]:
    index = reader.unsigned()
    if index not in EFFECT_KINDS:
        raise reader.fail(f"effect kind {index} (a card ability's effect: only vanilla decks are read)")
    name, fields = EFFECT_KINDS[index]
    return {"kind": name, **{field: reader.signed() for field in fields}}


def _stack_item(reader: _Reader) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": reader.unsigned(),
        "controller": reader.byte(),
        "source_id": reader.unsigned(),
        "effect_id": _effect_id(reader),
    }
    item["spec"] = {
        "id": _effect_id(reader),
        "kind": _effect_kind(reader),
        "target": reader.optional(lambda: _target_spec(reader)),
        "optional": reader.flag(),
    }
    item["targets"] = reader.sequence(lambda: _target_ref(reader))
    item["source_ref"] = reader.optional(lambda: _target_ref(reader))
    return item


def _event_fields(reader: _Reader) -> dict[int, Callable[[], Event]]:
    """Each event variant's decoder, by variant index."""
    r = reader
    player, card = r.byte, r.unsigned

    def event(name: str, **fields: Callable[[], Any]) -> Callable[[], Event]:
        return lambda: {"ev": name, **{key: read() for key, read in fields.items()}}

    def named(names: tuple[str, ...]) -> Callable[[], str]:
        return lambda: r.named(names)

    def optional(read: Callable[[], Any]) -> Callable[[], Any]:
        return lambda: r.optional(read)

    def sequence(read: Callable[[], Any]) -> Callable[[], Any]:
        return lambda: r.sequence(read)

    def stack_item() -> dict[str, Any]:
        return _stack_item(r)

    choice_option = sequence(lambda: {"option_id": r.unsigned(), "ref": _option_ref(r)})
    return {
        0: event("Draw", player=player, card=card),
        1: event("Damage", player=player, card=card),
        2: event("DamageCancel", player=player),
        3: event(
            "DamageIntent",
            event_id=r.unsigned,
            source_player=player,
            source_slot=optional(r.byte),
            target=player,
            amount=r.signed,
            damage_type=named(DAMAGE_TYPES),
            cancelable=r.flag,
        ),
        4: event(
            "DamageModifierApplied",
            event_id=r.unsigned,
            modifier=lambda: _damage_modifier(r),
            before_amount=r.signed,
            after_amount=r.signed,
            before_cancelable=r.flag,
            after_cancelable=r.flag,
            before_canceled=r.flag,
            after_canceled=r.flag,
        ),
        5: event(
            "DamageModified",
            event_id=r.unsigned,
            target=player,
            original=r.signed,
            modified=r.signed,
            canceled=r.flag,
            damage_type=named(DAMAGE_TYPES),
        ),
        6: event("DamageCommitted", event_id=r.unsigned, target=player, card=card, damage_type=named(DAMAGE_TYPES)),
        7: event("ReversalCommitted", player=player, slot=r.byte, cause=optional(r.unsigned)),
        8: event("Reveal", player=player, card=card, reason=named(REVEAL_REASONS), audience=named(AUDIENCES)),
        9: event(
            "TriggerQueued",
            trigger_id=r.unsigned,
            group_id=r.unsigned,
            player=player,
            source=card,
            effect=lambda: _trigger_effect(r),
        ),
        10: event("TriggerGrouped", group_id=r.unsigned, trigger_ids=sequence(r.unsigned)),
        11: event("TriggerResolved", trigger_id=r.unsigned, player=player, effect=lambda: _trigger_effect(r)),
        12: event("TriggerCanceled", trigger_id=r.unsigned, player=player, reason=r.unsigned),
        13: event("TimingWindowEntered", window=named(WINDOWS), player=player),
        14: event("PriorityGranted", window=named(WINDOWS), player=player),
        15: event("PriorityPassed", player=player, window=named(WINDOWS), pass_count=r.byte),
        16: event("StackGroupPresented", group_id=r.unsigned, controller=player, items=sequence(stack_item)),
        17: event("StackOrderChosen", group_id=r.unsigned, controller=player, stack_id=r.unsigned),
        18: event("StackPushed", item=stack_item),
        19: event("StackResolved", item=stack_item),
        20: event("AutoResolveCapExceeded", cap=r.unsigned, stack_len=r.unsigned, window=optional(r.unsigned)),
        21: event("WindowAdvanced", frm=named(WINDOWS), to=optional(named(WINDOWS))),
        22: event(
            "ChoicePresented",
            choice_id=r.unsigned,
            player=player,
            reason=named(CHOICE_REASONS),
            options=choice_option,
            total=r.unsigned,
            page_start=r.unsigned,
        ),
        23: event("ChoicePageChanged", choice_id=r.unsigned, player=player, from_start=r.unsigned, to_start=r.unsigned),
        24: event(
            "ChoiceMade",
            choice_id=r.unsigned,
            player=player,
            reason=named(CHOICE_REASONS),
            option=lambda: _option_ref(r),
        ),
        25: event(
            "ChoiceAutopicked",
            choice_id=r.unsigned,
            player=player,
            reason=named(CHOICE_REASONS),
            option=lambda: _option_ref(r),
        ),
        26: event("ChoiceSkipped", choice_id=r.unsigned, player=player, reason=named(CHOICE_REASONS), skip=r.unsigned),
        27: event(
            "ZoneMove",
            player=player,
            card=card,
            frm=named(ZONES),
            to=named(ZONES),
            from_slot=optional(r.byte),
            to_slot=optional(r.byte),
        ),
        28: event(
            "ControlChanged",
            card=card,
            owner=player,
            from_controller=player,
            to_controller=player,
            from_slot=r.byte,
            to_slot=r.byte,
        ),
        29: event(
            "ModifierAdded",
            id=r.unsigned,
            source=card,
            target_player=player,
            target_slot=r.byte,
            target_card=card,
            kind=named(MODIFIER_KINDS),
            magnitude=r.signed,
            duration=r.unsigned,
        ),
        30: event("ModifierRemoved", id=r.unsigned, reason=r.unsigned),
        31: event("Concede", player=player),
        32: event("Play", player=player, card=card, slot=r.byte),
        33: event("PlayEvent", player=player, card=card),
        34: event("PlayClimax", player=player, card=card),
        35: event("Trigger", player=player, icon=named(TRIGGER_ICONS), card=optional(card)),
        36: event("Attack", player=player, slot=r.byte),
        37: event("AttackType", player=player, attacker_slot=r.byte, attack_type=named(ATTACK_TYPES)),
        38: event("Counter", player=player, card=card, power=r.signed),
        39: event("Clock", player=player, card=optional(card)),
        40: event("Shuffle", player=player, zone=named(ZONES)),
        41: event("Refresh", player=player),
        42: event("RefreshPenalty", player=player, card=card),
        43: event("LevelUpChoice", player=player, card=card),
        44: event("Encore", player=player, slot=r.byte, kept=r.flag),
        45: event("Stand", player=player),
        46: event("EndTurn", player=player),
        47: event("Terminal", winner=optional(player)),
    }


def _action(reader: _Reader) -> dict[str, Any]:
    index = reader.unsigned()
    if index >= len(ACTIONS):
        raise reader.fail(f"action variant {index}")
    name, fields = ACTIONS[index]
    action: dict[str, Any] = {"kind": name}
    for field in fields:
        action[field] = reader.named(ATTACK_TYPES) if field == "attack_type" else reader.byte()
    return action


def _terminal(reader: _Reader) -> tuple[Any, ...]:
    index = reader.unsigned()
    if index == 0:
        return ("Win", reader.byte())
    if index == 1:
        return ("Draw",)
    if index == 2:
        return ("Timeout",)
    raise reader.fail(f"terminal variant {index}")


def _header(reader: _Reader) -> dict[str, Any]:
    header = {
        "obs_version": reader.unsigned(),
        "action_version": reader.unsigned(),
        "replay_version": reader.unsigned(),
        "seed": reader.unsigned(),
        "base_seed": reader.unsigned(),
        "episode_seed": reader.unsigned(),
        "spec_hash": reader.unsigned(),
        "starting_player": reader.byte(),
        "deck_ids": [reader.unsigned(), reader.unsigned()],
        "curriculum_id": reader.text(),
        "config_hash": reader.unsigned(),
        "fingerprint_algo": reader.text(),
        "env_id": reader.unsigned(),
        "episode_index": reader.unsigned(),
    }
    if header["replay_version"] != SCHEMA_VERSION:
        raise ReplayFormatError(f"replay schema {header['replay_version']}, not {SCHEMA_VERSION}")
    return header


def parse_replay(data: bytes) -> ReplayFile:
    """Decode the bytes of a ``.wsr`` file; ReplayFormatError says what and where when it cannot."""
    if data[:4] != MAGIC:
        raise ReplayFormatError("not a weiss-sim replay (no WSR1 magic)")
    if len(data) < 9:
        raise ReplayFormatError("the file ends inside its header")
    flags = data[4]
    if flags & FLAG_COMPRESSED:
        raise ReplayFormatError("a compressed replay (write replays uncompressed)")
    width = 8 if flags & FLAG_WIDE_LENGTH else 4
    start = 5 + width
    length = int.from_bytes(data[5:start], "little")
    if start + length > len(data):
        raise ReplayFormatError(f"the payload holds {len(data) - start} bytes, not {length}")
    reader = _Reader(data[: start + length], start)
    header = _header(reader)
    actions = reader.sequence(lambda: _action(reader))
    reader.sequence(reader.unsigned)  # the action ids: the actions above say the same
    decoders = _event_fields(reader)

    def event() -> Event:
        index = reader.unsigned()
        if index not in decoders:
            raise reader.fail(f"event variant {index}")
        return decoders[index]()

    events = reader.optional(lambda: reader.sequence(event))
    if events is None:
        raise ReplayFormatError("the replay holds no events (replay sampling must store them)")
    steps = reader.sequence(lambda: _step(reader))
    final = reader.optional(lambda: _final(reader))
    if reader.at != len(reader.data):
        raise reader.fail(f"{len(reader.data) - reader.at} bytes left after the replay")
    return ReplayFile(header, actions, events, steps, final)


def _step(reader: _Reader) -> DecisionStep:
    step = DecisionStep(reader.byte(), reader.named(DECISION_KINDS), reader.flag(), reader.flag())
    reader.flag()  # whether it was a main-phase move
    reader.flag()  # whether it was a main-phase pass
    return step


def _final(reader: _Reader) -> tuple[Any, ...] | None:
    terminal = reader.optional(lambda: _terminal(reader))
    for _ in range(3):  # the state hash, the decision count, the tick count
        reader.unsigned()
    return terminal


def read_replay(path: Path) -> ReplayFile:
    """Read and decode one ``.wsr`` file."""
    return parse_replay(path.read_bytes())
