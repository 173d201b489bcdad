"""What the judge needs from each game: ``GameSupport``, the engine game and its log adapter.

The engine offers decisions, reveals and legal options and knows nothing of logs
(``engine.core.interface``).  A game's support is the other half: it reads the
game's part of the log format (card records, ``setup``, the verbs and their
arguments), says how an entry answers the engine, and what the log's rules of
writing (implied passes, a trigger entry's icon fields) mean for that game; and
it writes logs (self-play), shows boards (the stepper), describes its part of
the JSON Schema and hands over the game's procedure tables for the graphs.

``judge.games`` registers one per game.  Where every game does the same, the
judge does it once: ``expectation_failures`` here compares an ``expect`` entry
with any game's ``snapshot``.  ``GameSupport`` is an abstract base rather than
a ``Protocol`` so that the compiled replay calls a support natively.
"""

from __future__ import annotations

from collections import Counter
from importlib.abc import Traversable
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from engine.core.interface import PlayableGame
from engine.core.procedure import Procedure
from engine.core.protocol import Choice, Decision, Refusal, Reveal
from engine.core.vocabulary import Vocabulary
from judge.logfile import GameLog
from judge.logformat import EntryError
from judge.verdict import winner_of
from rules_index.model import Document

if TYPE_CHECKING:
    from judge.cards.reading import AbilityReading


@mypyc_attr(allow_interpreted_subclasses=True)
class GameSupport:
    """One game, as the judge reads, checks, writes and shows its logs.

    A game's support subclasses it (``judge.games.ws.WeissSchwarzSupport``), is made with its game's key,
    names and verbs, and writes the methods that raise ``NotImplementedError`` here; the others have the
    behaviour most games want.  A support of another package may subclass it even where this package is compiled.
    """

    def __init__(
        self,
        key: str,
        title: str,
        rules: str,
        choice_verbs: frozenset[str],
        forced_verbs: dict[str, tuple[str, ...]],
        choice_fields: dict[str, str] | None = None,
        rules_document: Document | None = None,
        claim_fields: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self.key = key
        """The log's ``game:`` (``ws``)."""
        self.title = title
        """The game's name (``Weiss Schwarz``)."""
        self.rules = rules
        """The key of its comprehensive rules in the rules index, whose clauses the engine cites (``ws``)."""
        self.choice_verbs = choice_verbs
        """Verbs of entries that state a player's choice (``effect``, card text applied as stated, among them)."""
        self.forced_verbs = forced_verbs
        """Verbs of forced events, each with the purposes of the engine's reveals it answers."""
        self.choice_fields: dict[str, str] = {} if choice_fields is None else choice_fields
        """Decision kind -> the field of the entry being applied that answers it (a trigger entry's ``pool``)."""
        self.rules_document = rules_document
        """Its rules document, for a game whose rules do not ship with the judge (None: they do)."""
        self.claim_fields: dict[str, tuple[str, ...]] = {} if claim_fields is None else claim_fields
        """Forced verb -> the fields of its entries that answer choices the event may or may not ask (a trigger
        check's icon choices): a field that claims an effect where the rules asked no such choice is a
        violation of that entry."""

    # -- reading a log ---------------------------------------------------------

    def build(self, log: GameLog) -> PlayableGame:
        """The game the log's header describes, ready to run; ``LogFormatError``, located, when it cannot start."""
        raise NotImplementedError

    def choice_of(self, data: dict[str, Any], decision: Decision) -> Choice:
        """The engine's choice an entry states at ``decision``; ``EntryError`` for arguments it cannot read."""
        raise NotImplementedError

    def field_choice(self, decision: Decision, data: dict[str, Any]) -> Choice | None:
        """``decision``'s choice as a field of the entry being applied states it (``choice_fields``), or None
        when the entry does not say."""
        return None

    def subject(self, data: dict[str, Any]) -> str | None:
        """The player an entry is about: ``p`` (a game may name another field for some forced events)."""
        player = data.get("p")
        return None if player is None else str(player)

    def revealed_cards(self, verb: str, data: dict[str, Any]) -> tuple[list[str | None] | None, Refusal | None]:
        """The card ids a forced entry states for the reveal it answers (None: it does not say), and why the
        entry cannot answer it as written, if it cannot."""
        raise NotImplementedError

    def choice_claims(self, game: PlayableGame, decision: Decision, data: dict[str, Any]) -> list[Refusal]:
        """What a legal choice entry states beside its choice that the game contradicts at this point (a Weiss
        Schwarz ``play`` whose ``paid`` names other cards than the top of the stock): violations of that entry."""
        return []

    def cards_within(self, reveal: Reveal, data: dict[str, Any]) -> list[str | None] | None:
        """The card ids the entry being applied states for a reveal inside it (a mulligan's new cards), or None
        when the reveal is not one an entry answers from inside."""
        return None

    def reveal_findings(self, verb: str, reveal: Reveal, answer: list[str | None]) -> tuple[list[Refusal], list[str]]:
        """What a forced entry stated that the rules did not do (violations), and what it left out (notes)."""
        return [], []

    def effect_choice(self, data: dict[str, Any]) -> Choice:
        """An ``effect`` entry as a choice, where the game takes card text at a play timing; ``EntryError`` when
        its operations are malformed, or the game takes none."""
        raise EntryError(f"{self.title} takes no card text as a choice")

    def apply_effect(self, game: PlayableGame, data: dict[str, Any], player: str) -> list[Refusal]:
        """Apply an ``effect`` entry's operations to the game now; what could not be done.  ``EntryError`` when
        its operations are malformed."""
        return [Refusal(game.clauses.unmodelled_text, f"{self.title} applies no card text it does not model")]

    def reachable(self, game: PlayableGame, decision: Decision, verb: str, player: str, this_turn: bool) -> bool:
        """Whether an entry of ``verb`` about ``player`` can belong to a point after ``decision`` reached by
        letting every point before it go by (the log's implied passes); with ``this_turn``, a point of this
        turn only (the entry says it is of this turn)."""
        raise NotImplementedError

    def reachable_after_reveal(self, game: PlayableGame, verb: str, player: str) -> bool:
        """Whether an entry of ``verb`` about ``player`` can come after the reveal the game is making now."""
        return True

    def expectation_failures(self, game: PlayableGame, expect: Any) -> list[str]:
        """How the state differs from an ``expect`` mapping (empty when it holds); see the function below."""
        return expectation_failures(game, expect, winner_of(game.outcome))

    def take_expectation(self, game: PlayableGame, expect: Any) -> list[str]:
        """Make the game's state what a failed ``expect`` asserts, as far as the game can (the replay goes on
        from the game the log describes); what was changed, in words.  A game that cannot leaves it as it is."""
        return []

    # -- showing and writing -----------------------------------------------------

    def board_text(self, game: PlayableGame) -> str:
        """Both players' boards as text, for the stepper."""
        raise NotImplementedError

    def procedure(self) -> Procedure:
        """The game's procedure tables (``engine.core.procedure``), for the procedure graph."""
        raise NotImplementedError

    def clause_accounting(self) -> Traversable | None:
        """The game's ``clauses.yaml`` (``judge.clause_accounting``): the clauses of its procedure chapters the
        engine does not cite, each with why; None for a game that keeps no such account."""
        return None

    def schema_defs(self) -> dict[str, Any]:
        """The game's part of the JSON Schema: definitions, among them ``<key>Log`` (what ``game: <key>`` adds to
        a log) and ``<key>Entry`` (one entry)."""
        raise NotImplementedError

    def read_card_abilities(self, record: dict[str, Any]) -> list[AbilityReading]:
        """How the engine reads each ability of a card record (``judge.cards.reading``): its printed text or its
        structured shape, played or not; NotImplementedError for a game with no reader of printed text yet."""
        raise NotImplementedError(f"{self.title} has no reader of printed card text yet")

    def catalog_self_play(self, seed: int, catalog: dict[str, dict[str, Any]]) -> dict[str, Any]:
        """One complete game played with two random legal decks drawn from ``catalog``'s cards the engine plays
        in full (``judge selfplay --decks random``); NotImplementedError for a game whose printed text is not
        read yet, ValueError for a catalog with too few such cards."""
        raise NotImplementedError(f"{self.title} decks cannot be drawn from printed text yet")

    def printed_text_vocabulary(self) -> list[tuple[str, str, str, dict[str, Any], tuple[str, ...]]]:
        """Each word of the game's vocabulary of printed text, for the site's table: its kind, what it is, the
        text it is read from, the record it is read as and the clauses it cites; none for a game whose text is
        not read yet."""
        return []

    def card_text_words(self) -> Vocabulary | None:
        """The game's words of an ability's effect (``engine.core.vocabulary``), from which its schema, its log
        reader's checks and the site's table of words are made; None for a game with none."""
        return None

    def self_play(self, seed: int) -> dict[str, Any]:
        """One complete game played at random among the legal options, as a log document; deterministic."""
        raise NotImplementedError

    def entry_of(self, choice: Choice, decision: Decision) -> dict[str, Any]:
        """The log entry that states ``choice`` at ``decision`` (the inverse of ``choice_of``): what a correction
        proposes in place of an entry the rules refused."""
        raise NotImplementedError


def expectation_failures(game: PlayableGame, expect: Any, winner: str | None) -> list[str]:
    """How ``game``'s snapshot differs from an ``expect`` mapping; ``winner`` as logs write it.

    Per player, a number is a pile's card count and a list its cards (in any order where a player may
    reorder the zone at will), a positioned zone maps a position to null or ``{card, state, ...}``, and
    a counter (``refresh_point``) is compared as it is; top-level ``turn``, ``phase``, ``winner``, and ``hash``,
    the state hash (``engine.core.state_hash``), computed only for an ``expect`` that states one.
    """
    if not isinstance(expect, dict):
        return [f"{expect!r} is not a mapping"]
    snapshot = game.snapshot()
    failures: list[str] = []
    for key, wanted in expect.items():
        if key == "turn":
            if game.turn != wanted:
                failures.append(f"turn is {game.turn}, not {wanted}")
        elif key == "phase":
            if game.phase != wanted:
                failures.append(f"phase is {game.phase}, not {wanted}")
        elif key == "winner":
            if winner != wanted:
                failures.append(f"winner is {winner!r}, not {wanted!r}")
        elif key == "hash":
            try:
                actual = game.state_hash()
            except NotImplementedError:
                failures.append(f"the game gives no state hash to compare with {wanted}")
                continue
            if actual != wanted:
                failures.append(f"state hash is {actual}, not {wanted}")
        elif key in snapshot["players"]:
            failures.extend(_player_failures(game, str(key), snapshot["players"][key], wanted))
        else:
            failures.append(f"unknown expectation {key!r}")
    return failures


def _player_failures(game: PlayableGame, player: str, view: dict[str, Any], wanted: Any) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{player}: {wanted!r} is not a mapping of zones"]
    failures = []
    for zone, value in wanted.items():
        if zone in game.zones and game.zones[zone].positions:
            if game.zones[zone].order.value == "single":
                failures.extend(_position_failures(game, player, str(zone), view[zone], value))
            else:
                failures.append(f"{player}: unknown zone {zone!r}")
            continue
        if zone not in game.zones:
            if zone in view and not isinstance(view[zone], list):  # a counter
                if view[zone] != value:
                    failures.append(f"{player} {str(zone).replace('_', ' ')} is {view[zone]}, not {value}")
            else:
                failures.append(f"{player}: unknown zone {zone!r}")
            continue
        cards = view[zone]
        if not isinstance(cards, list):  # a zone the game keeps as a count (the ENERGIO!! deck)
            if cards != value:
                failures.append(f"{player} {str(zone).replace('_', ' ')} is {cards}, not {value}")
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            if len(cards) != value:
                failures.append(f"{player} {zone} has {len(cards)} card(s), not {value}")
        elif isinstance(value, list):
            actual = [card or "?" for card in cards]
            wanted_list = [str(item) for item in value]
            if game.zones[zone].owner_orders:  # a player may reorder it at will: any order is a legal state
                if Counter(actual) != Counter(wanted_list):
                    failures.append(f"{player} {zone} holds {sorted(actual)}, not {sorted(wanted_list)} (in any order)")
            elif actual != wanted_list:
                failures.append(f"{player} {zone} is {actual}, not {wanted_list}")
    return failures


def _position_text(positions: tuple[int | str, ...]) -> str:
    """How a message lists a zone's positions: ``1-5``, or ``V, FL, FR``."""
    if all(isinstance(position, int) for position in positions):
        return f"{positions[0]}-{positions[-1]}"
    return ", ".join(str(position) for position in positions)


def _position_failures(game: PlayableGame, player: str, zone: str, view: dict[Any, Any], wanted: Any) -> list[str]:
    if not isinstance(wanted, dict):
        return [f"{player} {zone}: {wanted!r} is not a mapping of positions"]
    positions = game.zones[zone].positions
    failures = []
    for raw, value in wanted.items():
        position: Any = int(raw) if isinstance(raw, str) and raw.isdigit() else raw
        if position not in positions:
            failures.append(f"{player} {zone}: {raw!r} is not a {zone} position ({_position_text(positions)})")
            continue
        there = view.get(position)
        if value is None:
            if there is not None:
                failures.append(f"{player} {zone} {position} holds {there['card']}, not nothing")
            continue
        if there is None:
            failures.append(f"{player} {zone} {position} is empty")
            continue
        spec = value if isinstance(value, dict) else {"card": value}
        for key, expected in spec.items():
            if key == "traits":
                traits = there.get("traits", [])
                if not isinstance(expected, list) or set(traits) != {str(item) for item in expected}:
                    failures.append(f"{player} {zone} {position} traits are {sorted(traits)}, not {expected!r}")
            elif key in there and there[key] != expected:
                failures.append(f"{player} {zone} {position} {key} is {there[key]!r}, not {expected!r}")
    return failures
