"""Walking through a scenario step by step: after each entry, the board and the clauses of what happened.

The walk is computed once (the replay runs to the end, taking a picture of the
board at every step); moving forward, back or to step N only shows a different
picture, so every screen is the same whichever way it is reached.

The walk opens on the position the question asks about: a scenario's ``setup``
as written.  What the rules then do on their own before the first entry (a draw
phase's draw, a refresh, the checks of a check timing) is the next step, "by the
rules", with the board after it.  Then there is one step per log entry, in the
order of the log, and each picture is taken later than the one before it, so the
walk never goes back in time:

* an entry's picture is taken when it has been applied;
* an entry applied inside an earlier one (a refresh inside the damage that
  emptied the deck, a draw inside the drive check of a draw trigger) waits for
  the earlier one to end, and the earlier one is pictured as it stands when the
  inner one begins (``in progress``: its cards are in the resolution or trigger
  zone then);
* an entry the replay refused is pictured when the replay moves on, with the
  violation; one it never reached, at the end.

The board of a step is data (``board_data`` of the game's ``board`` module: both
players' stage or circles by row, front and back, and every zone with its cards
by name and id), drawn as text here and as HTML by ``judge.scenario_page``; a
step knows which places changed since the step before.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import yaml

from engine.core.interface import PlayableGame
from engine.core.protocol import ActionRecord, RecordKind
from judge import games
from judge.games.support import GameSupport
from judge.logfile import GameLog, LogEntry, LogFormatError
from judge.replay import Replay
from judge.report import clause_text, clauses_text, verdict_text
from judge.scenarios import Scenario, ScenarioResult, compare, library_root
from judge.verdict import Violation

APPLIED: Final = "applied"
IN_PROGRESS: Final = "in progress"
"""The entry was still being applied when a later one began inside it: the picture is of the moment that began."""
REFUSED: Final = "refused"
"""The replay took the entry and found it against the rules; it went on without it, or with what the rules allow."""
TAKEN: Final = "taken"
"""While walking: the replay took the entry and did not apply it as a request (refused, or carried out at once)."""
NOT_REACHED: Final = "not reached"
"""The replay ended (the game was over, or the entries could not be placed) before it took the entry."""
START: Final = "start"
"""The position the scenario starts from: its ``setup`` as written, or, with none, the game as its entries begin."""
BY_THE_RULES: Final = "by the rules"
"""What the game did on its own between the written position and the first entry."""

Paint = Callable[[str, str], str]
"""How a piece of a screen is drawn: (text, role) -> text; roles are ``title``, ``entry``, ``clauses``,
``refused``, ``changed``, ``dim``, ``good``, ``bad``."""


def plain(text: str, role: str) -> str:
    """No colour: the text as it is."""
    return text


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the scenario (none for the starting position) and the board after it."""

    number: int
    entry: LogEntry | None
    happened: tuple[ActionRecord, ...]
    board: str
    """The board as plain text, without marks."""
    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The board as data (its shape: ``walk_document``)."""
    changed: tuple[str, ...] = ()
    """The keys of the places (``P2/waiting``, ``P1/stage/2``, ``turn``) that differ from the step before."""
    refused: tuple[Violation, ...] = ()
    """The violations the replay found at this entry."""
    state: str = APPLIED
    own_text: bool = False
    """The game draws its board itself (a game without board data): ``board`` is its text, the changes are
    listed under it rather than marked in it."""
    hash: str = ""
    """The state hash of the game as pictured (``engine.core.state_hash``)."""


@dataclass(frozen=True, slots=True)
class Walk:
    """A scenario walked through: its steps, what the replay made of it, and the name it is shown by."""

    scenario: Scenario
    name: str
    steps: list[Step]
    result: ScenarioResult

    @property
    def ending(self) -> str:
        """The closing text: the verdict, whether the scenario holds, the ruling and its clauses."""
        verdict = dataclasses.replace(self.result.verdict, file=self.name)
        ending = [verdict_text(verdict)]
        ending.append("the scenario holds" if self.result.passed else "the scenario does not hold:")
        ending.extend(f"  {difference}" for difference in self.result.differences)
        ending.append(f"ruling: {self.scenario.ruling}")
        ending.append(f"clauses: {', '.join(clause_text(clause) for clause in self.scenario.clauses)}")
        return "\n".join(ending)


def shown_name(scenario: Scenario, given: str | None = None) -> str:
    """How output names a scenario: a library scenario by its id, a file by the path as the user gave it."""
    try:
        Path(scenario.path).resolve().relative_to(library_root().resolve())
    except ValueError:
        return given if given is not None else scenario.path
    return scenario.id


def walk(scenario: Scenario, given: str | None = None) -> tuple[list[Step], str]:
    """Every step of the scenario, and the closing text (the verdict and the ruling); ``given`` is the path a
    user named a scenario file by, which the closing text repeats."""
    walked = walk_scenario(scenario, given)
    return walked.steps, walked.ending


def walk_scenario(scenario: Scenario, given: str | None = None) -> Walk:
    """The scenario replayed once, pictured at every step (see the module's description for when)."""
    support = games.get(scenario.game)
    game = support.build(scenario.log)
    replay = Replay(scenario.log, game, support)
    data_of = board_maker(support, scenario.log)
    own_text = data_of is None  # a game without board data draws its board itself, as text
    names = card_names(scenario.log)

    def board_of(game: PlayableGame) -> dict[str, Any]:
        return data_of(game) if data_of is not None else generic_board(game.snapshot(), names)

    def drawn(board: dict[str, Any]) -> str:
        return support.board_text(replay.game) if own_text else board_text_of(board)

    entries = scenario.log.entries
    pictures: dict[int, tuple[tuple[ActionRecord, ...], dict[str, Any], str, str, str]] = {}
    taken: set[int] = set()
    applied: set[int] = set()
    seen = 0

    def picture(index: int, state: str) -> None:
        """The board now, and what happened since the last picture, for entry ``index`` (-1: the start)."""
        nonlocal seen
        game = replay.game  # the replay may go back and on with another game (``Replay.rewound``)
        happened = tuple(record for record in game.records[seen:] if _shown(record))
        seen = len(game.records)
        board = board_of(game)
        pictures[index] = (happened, board, drawn(board), state, hash_of(game))

    def next_unpictured() -> int:
        return len(pictures) - 1  # the start, then the entries in the log's order: the next is the count so far

    def being_applied() -> set[int]:
        return {entry.index for entry in replay.applying}

    def on_taken(entry: LogEntry) -> None:
        """Before ``entry`` begins: the entries before it the replay took are pictured now, as they stand."""
        taken.add(entry.index)
        if not pictures:  # the starting position: a game without a setup has laid out its decks by now
            picture(-1, APPLIED)
        while (index := next_unpictured()) < entry.index and index in taken:
            picture(index, IN_PROGRESS if index in being_applied() else APPLIED if index in applied else TAKEN)

    def on_applied(entry: LogEntry) -> None:
        """After ``entry``: it is pictured, with the entries after it already applied, once none before it is
        still being applied."""
        applied.add(entry.index)
        while (index := next_unpictured()) in applied and not any(open_index < index for open_index in being_applied()):
            picture(index, APPLIED)

    written: tuple[dict[str, Any], str, str] | None = None
    if scenario.log.header.get("setup") is not None:  # the position as written, before the rules act on it
        written_board = board_of(replay.game)
        written = (written_board, drawn(written_board), hash_of(replay.game))
        seen = len(replay.game.records)
    replay.on_taken = on_taken
    replay.on_applied = on_applied
    replay.run()
    if not pictures:
        picture(-1, APPLIED)
    for index in range(next_unpictured(), len(entries)):
        picture(index, APPLIED if index in applied else TAKEN if index in taken else NOT_REACHED)
    refusals: dict[int, list[Violation]] = {}
    for place, violation in enumerate(replay.violations):
        if violation.entry is not None and place not in replay.undecided:  # undecided: card text could allow it
            refusals.setdefault(violation.entry, []).append(violation)
    opening, start, start_text, _, start_hash = pictures[-1]
    if written is None:
        steps = [Step(0, None, opening, start_text, start, state=START, own_text=own_text, hash=start_hash)]
    else:
        steps = [Step(0, None, (), written[1], written[0], state=START, own_text=own_text, hash=written[2])]
        if opening or start != written[0]:
            changed = tuple(changed_places(written[0], start))
            steps.append(
                Step(
                    1, None, opening, start_text, start, changed, state=BY_THE_RULES, own_text=own_text, hash=start_hash
                )
            )
    before = start
    for entry in entries:
        happened, board, text, state, digest = pictures[entry.index]
        if state == TAKEN:  # taken, never applied: refused, or carried out at once (a declared effect)
            state = REFUSED if entry.index in refusals else APPLIED
        steps.append(
            Step(
                len(steps),
                entry,
                happened,
                text,
                board,
                tuple(changed_places(before, board)),
                tuple(refusals.get(entry.index, ())),
                state,
                own_text,
                digest,
            )
        )
        before = board
    result = compare(scenario, replay.verdict())
    return Walk(scenario, shown_name(scenario, given), steps, result)


def _shown(record: ActionRecord) -> bool:
    """Whether the walk shows a record: all but the timing of phases and steps, implied passes shown."""
    return record.kind is not RecordKind.TIMING or bool(record.data.get("implied"))


# -- the board as data ---------------------------------------------------------------------------------------


def hash_of(game: PlayableGame) -> str:
    """The game's state hash, or an empty text for a game (of another package) that gives no canonical state."""
    try:
        return game.state_hash()
    except NotImplementedError:
        return ""


def board_maker(support: GameSupport, log: GameLog) -> Callable[[PlayableGame], dict[str, Any]] | None:
    """How a game's board becomes data: the ``board_data`` of its support package's ``board`` module (the
    built-in games), or None for a game without one (its ``board_text`` draws it; ``generic_board`` reads its
    snapshot as data)."""
    module = importlib.import_module(type(support).__module__)
    data_of = getattr(getattr(module, "board", None), "board_data", None)
    if not callable(data_of):
        return None
    return lambda game: dict(data_of(game, log))


def generic_board(snapshot: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A snapshot as board data without a game's layout: lists are zones, cards on places one row, the rest
    facts."""

    def card(identity: Any, **details: Any) -> dict[str, Any]:
        shown = None if identity is None else str(identity)
        return {"id": shown, "name": names.get(shown, shown) if shown else "?", **details}

    players = []
    for player, view in snapshot.get("players", {}).items():
        zones: list[dict[str, Any]] = []
        slots: list[dict[str, Any]] = []
        facts: dict[str, Any] = {}
        for name, value in view.items():
            if isinstance(value, list):
                cards = [card(identity) for identity in value]
                zones.append({"key": f"{player}/{name}", "name": name, "count": len(cards), "cards": cards})
            elif isinstance(value, dict) and all(
                isinstance(place, dict) and "card" in place for place in value.values()
            ):
                for place, shown in value.items():
                    details = {key: item for key, item in shown.items() if key not in ("card", "pile")}
                    pile = shown.get("pile", [shown["card"]])
                    cards = [card(identity, role="under") for identity in pile[:-1]]
                    cards.append(card(pile[-1], detail=" ".join(str(item) for item in details.values()), **details))
                    slots.append({"key": f"{player}/{name}/{place}", "position": str(place), "cards": cards})
            else:
                facts[name] = value
        rows = [{"row": "field", "label": "field", "slots": slots}] if slots else []
        players.append({"id": player, "facts": facts, "rows": rows, "zones": zones})
    return {
        "turn": snapshot.get("turn"),
        "phase": snapshot.get("phase"),
        "turn_player": snapshot.get("turn_player"),
        "outcome": snapshot.get("outcome"),
        "players": players,
    }


def board_cards(board: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card on a board: on the field, row by row, then in the zones."""
    found = []
    for player in board["players"]:
        for row in player["rows"]:
            for slot in row["slots"]:
                found.extend(slot["cards"])
        for zone in player["zones"]:
            found.extend(zone["cards"])
    return found


def places(board: dict[str, Any]) -> dict[str, Any]:
    """Every place of a board by its key: the turn's facts, each player's facts, field places and zones."""
    found: dict[str, Any] = {key: board.get(key) for key in ("turn", "phase", "turn_player", "outcome")}
    for player in board["players"]:
        for fact, value in player["facts"].items():
            found[f"{player['id']}/{fact}"] = value
        for row in player["rows"]:
            for slot in row["slots"]:
                found[slot["key"]] = slot["cards"]
        for zone in player["zones"]:
            found[zone["key"]] = zone["cards"]
    return found


def changed_places(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """The keys of the places that differ between two boards, in the order of ``after`` (a place gone last)."""
    old, new = places(before), places(after)
    changed = [key for key, value in new.items() if old.get(key, None) != value or key not in old]
    return changed + [key for key in old if key not in new]


# -- the board as text ---------------------------------------------------------------------------------------


def card_text(card: dict[str, Any]) -> str:
    """A card by name with its id beside (``Runner (RUNNER)``), its id alone when it has no other name."""
    identity, name = card.get("id"), card.get("name")
    if identity is None:
        return "?"
    return str(identity) if name in (None, identity) else f"{name} ({identity})"


def _grouped(cards: Iterable[dict[str, Any]], text: Callable[[dict[str, Any]], str]) -> str:
    """Cards in order, a run of the same card written once with its count (``ENERGIO!! (EM-EN) x3``)."""
    runs: list[list[Any]] = []
    for card in cards:
        shown = text(card)
        if runs and runs[-1][0] == shown:
            runs[-1][1] += 1
        else:
            runs.append([shown, 1])
    return ", ".join(shown if count == 1 else f"{shown} x{count}" for shown, count in runs)


def _slot_text(slot: dict[str, Any]) -> str:
    cards = slot["cards"]
    if not cards:
        return "-"
    main = [card for card in cards if "role" not in card]
    shown = ", ".join(f"{card_text(card)} {card.get('detail', '')}".strip() for card in main)
    others = [card for card in cards if "role" in card]
    if others:
        extra = _grouped(others, lambda card: f"{card['role']} {card_text(card)}")
        shown = f"{shown} [{extra}]" if shown else f"[{extra}]"
    return shown


def board_text_of(board: dict[str, Any], changed: Iterable[str] = (), paint: Paint = plain) -> str:
    """A board's data as text: the turn, then each player's facts, field by row (front, back ...) and zones;
    every card is somewhere in it (a deck by its count and top card).  A place in ``changed`` is marked ``*``."""
    changed = set(changed)

    def mark(key: str, text: str) -> str:
        return paint("*" + text, "changed") if key in changed else text

    turn = f"turn {board['turn']}, {board['phase']} phase; turn player {board['turn_player']}"
    lines = [mark("turn", turn) if {"turn", "phase", "turn_player"} & changed else turn]
    outcome = board.get("outcome")
    if outcome:
        lines.append(mark("outcome", f"game over: {outcome.get('winner') or 'no one'} wins ({outcome.get('reason')})"))
    for player in board["players"]:
        facts = ", ".join(mark(f"{player['id']}/{fact}", f"{fact} {value}") for fact, value in player["facts"].items())
        lines.append(f"{player['id']}: {facts}" if facts else f"{player['id']}:")
        rows = player["rows"]
        labels = {
            id(row): row["row"] if row["label"] in ("", row["row"]) else f"{row['row']} ({row['label']})"
            for row in rows
        }
        width = max(map(len, labels.values()), default=0)
        for row in rows:
            slots = " | ".join(mark(slot["key"], f"{slot['position']}: {_slot_text(slot)}") for slot in row["slots"])
            lines.append(f"  {labels[id(row)].ljust(width)}  {slots or '-'}")
        counts = []
        listed = []
        for zone in player["zones"]:
            count = f"{zone['name']} {zone['count']}"
            if zone.get("top_first") and zone["cards"] and zone["cards"][0].get("id"):
                count += f" (top: {card_text(zone['cards'][0])})"
            counts.append(mark(zone["key"], count))
            if zone["cards"] and not zone.get("top_first"):
                listed.append(mark(zone["key"], f"{zone['name']}: ") + _grouped(zone["cards"], _zone_card_text))
        lines.append("  zones  " + ", ".join(counts))
        lines.extend(f"    {line}" for line in listed)
    return "\n".join(lines)


def _zone_card_text(card: dict[str, Any]) -> str:
    state = card.get("state")
    return f"{card_text(card)} {state}" if state else card_text(card)


# -- screens -------------------------------------------------------------------------------------------------


def _as_written(value: object) -> str:
    """An entry's value as a log writes it (``true``, ``[A, B]``), not as Python prints it."""
    if isinstance(value, str):
        return value
    return yaml.safe_dump(value, default_flow_style=True, width=10**6).strip().removesuffix("\n...").strip()


def entry_text(entry: LogEntry) -> str:
    """An entry's data as a log writes it, without its ``expect``."""
    return ", ".join(f"{key}: {_as_written(value)}" for key, value in entry.data.items() if key != "expect")


def entry_words(step: Step, names: dict[str, str]) -> str:
    """What a step's entry did, in the words of the game's trace (``P1 attacks P2's FG-22 on V with FG-31 on
    V``), cards by name; for an entry that left no trace of its own (a pass), the player and the verb."""
    assert step.entry is not None
    entry = step.entry
    for record in step.happened:
        if record.entry == entry.index and record.kind is not RecordKind.TIMING:
            return named(record.message, names)
    return f"{entry.data.get('p', '?')}: {entry.data.get('do', '?')}"


def card_names(log: GameLog) -> dict[str, str]:
    """Card id -> the name its record in the log's ``cards`` gives, where that differs from the id."""
    names = {}
    for identity, record in log.cards.items():
        name = record.get("name") if isinstance(record, dict) else None
        if isinstance(name, str) and name and name != identity:
            names[str(identity)] = name
    return names


def named(text: str, names: dict[str, str]) -> str:
    """A message of the engine, which names cards by id, with each card's name before its id
    (``RUNNER goes to the stock`` -> ``Runner (RUNNER) goes to the stock``; ``EM-04@1`` -> ``Ash Lancer
    (EM-04@1)``)."""
    if not names:
        return text
    ids = "|".join(re.escape(identity) for identity in sorted(names, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w@-])({ids})(@\d+)?(?![\w-])")
    return pattern.sub(lambda found: f"{names[found[1]]} ({found[1]}{found[2] or ''})", text)


def mentioned(entry: LogEntry, names: dict[str, str]) -> list[str]:
    """The named cards an entry mentions by id, in the order it does, each once."""
    found: dict[str, None] = {}

    def visit(value: object) -> None:
        if isinstance(value, str):
            identity = value.partition("@")[0]
            if identity in names:
                found[identity] = None
        elif isinstance(value, dict):
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    visit({key: value for key, value in entry.data.items() if key not in ("expect", "note")})
    return list(found)


STATE_NOTES: Final = {
    IN_PROGRESS: "in progress: the next entry happens inside it; the board is as it stands then",
    REFUSED: "refused: the rules do not allow it here; the board is as the replay went on",
    NOT_REACHED: "not reached: the replay ended before it",
    BY_THE_RULES: "what the game does on its own, from the position as written to the first entry",
}


def screen(
    scenario: Scenario, steps: list[Step], index: int, paint: Paint = plain, shown_before: int | None = None
) -> str:
    """What the stepper shows at step ``index``: the entry, what happened with its clauses, the board with the
    places changed since the step shown before it (``shown_before``, after a jump or a step back; by default the
    step before) marked ``*``."""
    step = steps[index]
    since = index - 1 if shown_before is None else shown_before
    changed = list(step.changed)
    if since != index - 1 and 0 <= since < len(steps) and not step.own_text:
        changed = changed_places(steps[since].data, step.data)
    elif since == index:
        changed = []
    names = card_names(scenario.log)
    head = paint(f"== {scenario.title} == step {index}/{len(steps) - 1}", "title")
    if step.state == BY_THE_RULES:
        body = ["before the first entry, by the rules:"]
    elif step.entry is None:
        body = [f"question: {scenario.question}"]
        if step.happened:
            body.append("before the first entry:")
    else:
        body = [paint(f"entry {step.entry.index} (line {step.entry.line}): {entry_words(step, names)}", "entry")]
        body.append(paint(f"  as written: {entry_text(step.entry)}", "dim"))
        cards = [card for card in mentioned(step.entry, names) if names[card].casefold() != card.casefold()]
        if cards:
            body.append(paint("  (" + "; ".join(f"{card} is {names[card]}" for card in cards) + ")", "dim"))
        if step.state in STATE_NOTES:
            body.append(paint(f"  ({STATE_NOTES[step.state]})", "refused" if step.state == REFUSED else "dim"))
    own = step.entry.index if step.entry is not None else None
    for record in step.happened:
        elsewhere = f"  [entry {record.entry}]" if record.entry is not None and record.entry != own else ""
        clauses = paint(f"({clauses_text(record.clauses)})", "clauses")
        body.append(f"  {named(record.message, names)}  {clauses}{elsewhere}")
    for violation in step.refused:
        message = named(violation.message, names)
        body.append(paint(f"  violation: {clauses_text(violation.clauses)}: {message}", "refused"))
    if step.state == START:
        body.append("the starting position:")
    if step.own_text:
        lines = [head, *body, step.board]
        if step.changed:
            lines.append(paint(f"changed since step {index - 1}: {', '.join(step.changed)}", "dim"))
    else:
        lines = [head, *body, board_text_of(step.data, changed, paint)]
        if changed:
            lines.append(paint(f"(* changed since step {since})", "dim"))
    if step.hash:
        lines.append(paint(f"state hash {step.hash}", "dim"))
    return "\n".join(lines)


def why_text(scenario: Scenario, step: Step, paint: Paint = plain) -> str:
    """What was legal at the step's entry and why every other verb was refused there (``judge why``); a step
    without an entry says so."""
    from judge.why import WhyError, why

    if step.entry is None:
        return paint("why: this step has no entry; step to an entry to see what was legal there", "dim")
    try:
        answer = why(scenario.log, step.entry.index)
    except WhyError as error:
        return paint(f"why: {error}", "dim")
    lines = answer.text().splitlines()[1:]  # the entry is on the screen already
    return "\n".join([paint(f"why, at entry {step.entry.index}:", "title"), *lines])


def ending_text(ending: str, paint: Paint = plain) -> str:
    """The closing text, whether the scenario holds in colour."""
    lines = []
    for line in ending.splitlines():
        if line == "the scenario holds":
            line = paint(line, "good")
        elif line.startswith("the scenario does not hold"):
            line = paint(line, "bad")
        lines.append(line)
    return "\n".join(lines)


# -- the walk as data, for pages ---------------------------------------------------------------------------------


def why_points(log: GameLog) -> dict[int, Any]:
    """Each entry's point (``judge.why.points_of``); none for a log the replay cannot start."""
    from judge.why import points_of

    try:
        return dict(points_of(log))
    except LogFormatError:
        return {}


def walk_document(scenario: Scenario, given: str | None = None) -> dict[str, Any]:
    """The walk as JSON-serialisable data, for a page that steps through a scenario without a server:

    ``{"id", "name", "title", "question", "ruling", "clauses", "game", "holds", "steps", "ending"}``, each step
    ``{"number", "entry": {"index", "line", "text", "said", "cards"} | None, "state", "note", "happened":
    [{"message", "clauses", "entry"}], "violations": [{"message", "clauses", "options"}], "board", "board_text",
    "changed", "why"}``; an entry's ``text`` is its data as written, ``said`` what it did in words; ``why`` is what
    was legal where the replay took the entry and what refused the other verbs (``judge why``: ``{"point",
    "player", "legal": {verb: [option]}, "refused": {verb: {"clauses", "reason"}}}``), None for a step without an
    entry or an entry the replay never reached.

    ``board`` is the structured board: ``{"turn", "phase", "turn_player", "outcome", "players": [{"id",
    "facts": {label: value}, "rows": [{"row": "front" | "back" | ..., "label", "slots": [{"key", "position",
    "cards"}]}], "zones": [{"key", "name", "count", "cards", "hidden", "top_first"}]}]}``; a card is ``{"id",
    "name"}`` with ``detail`` (power, state ...) for the one on a place and ``role`` (``leaving``, ``marker``,
    ``heart`` ...) for one beside it.  ``changed`` lists the keys of the places that changed since the step
    before.
    """
    walked = walk_scenario(scenario, given)
    names = card_names(scenario.log)
    points = why_points(scenario.log)
    steps = []
    for step in walked.steps:
        entry = step.entry
        steps.append(
            {
                "number": step.number,
                "entry": None
                if entry is None
                else {
                    "index": entry.index,
                    "line": entry.line,
                    "text": entry_text(entry),
                    "said": entry_words(step, names),
                    "cards": [{"id": card, "name": names[card]} for card in mentioned(entry, names)],
                },
                "state": step.state,
                "note": STATE_NOTES.get(step.state, ""),
                "happened": [
                    {
                        "message": named(record.message, names),
                        "clauses": list(record.clauses),
                        "entry": record.entry,
                    }
                    for record in step.happened
                ],
                "violations": [
                    {
                        "message": named(violation.message, names),
                        "clauses": list(violation.clauses),
                        "options": list(violation.options),
                    }
                    for violation in step.refused
                ],
                "board": step.data,
                "board_text": step.board,
                "changed": list(step.changed),
                "why": None if entry is None or entry.index not in points else points[entry.index].to_dict(),
            }
        )
    return {
        "id": scenario.id,
        "name": walked.name,
        "title": scenario.title,
        "question": scenario.question,
        "ruling": scenario.ruling,
        "clauses": list(scenario.clauses),
        "game": scenario.game,
        "holds": walked.result.passed,
        "steps": steps,
        "ending": walked.ending,
    }
