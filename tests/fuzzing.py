"""Inputs for fuzzing the log loader and the replay, and the contract they are held to.

Shared by ``tests/test_fuzz.py`` (a small budget, on every test run) and
``bench/fuzz.py`` (a large one, on demand).  Every input starts from a log the
project ships, the three bundled example games and every scenario, so that most
inputs are close to valid and get past the parser into the shape checks, the
position reader and the replay:

* structure-aware (``structured_inputs``): a log read as data and mutated as data
  (entries dropped, duplicated, swapped or cut off; a value replaced by one of
  another type; keys deleted or added; unknown card ids and verbs; the header's
  game, format, players, decks and setup changed), then written as YAML, JSON or
  JSON Lines;
* byte-level (``byte_inputs``): a log file's bytes mutated (bytes flipped,
  inserted or deleted, lines spliced, duplicated or dropped, the file cut short,
  invalid UTF-8, tabs and control characters, YAML and JSON tokens).

The contract (``contract_problems``): whatever bytes a file holds,
``verify_path`` returns a verdict and raises nothing, and a ``malformed`` verdict
names the file and, unless the file is empty, a line of it.
"""

from __future__ import annotations

import copy
import functools
import json
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

from judge.replay import verify_path
from judge.verdict import Verdict, VerdictKind
from tests.guards import time_limit

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = tuple(sorted((REPO / "judge" / "examples").glob("*.yaml")))
SCENARIOS = tuple(sorted((REPO / "scenarios").rglob("*.yaml")))
SUFFIXES = (".yaml", ".json", ".jsonl")

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Document = Any
"""A log read as data: normally a mapping, anything once mutated."""
Draw = Callable[[st.SearchStrategy[Any]], Any]


# --------------------------------------------------------------------------- sources


@functools.cache
def source_documents() -> tuple[tuple[str, Document], ...]:
    """Every shipped log as data, with its name: the examples first, then the scenarios."""
    return tuple((path.name, yaml.load(path.read_bytes(), Loader=_Loader)) for path in (*EXAMPLES, *SCENARIOS))


@functools.cache
def source_files() -> tuple[tuple[str, str, bytes], ...]:
    """Every shipped log as a file (name, suffix, bytes), and each example written as JSON and as JSON Lines."""
    files = [(path.name, ".yaml", path.read_bytes()) for path in (*EXAMPLES, *SCENARIOS)]
    for name, document in source_documents()[: len(EXAMPLES)]:
        for suffix in (".json", ".jsonl"):
            files.append((name, suffix, encode(document, suffix).encode("utf-8")))
    return tuple(files)


def sources(count: int) -> st.SearchStrategy[int]:
    """An index into a list of ``count`` sources whose first ``len(EXAMPLES)`` are the examples: the examples,
    long real games, half of the time, one of the many short scenarios otherwise."""
    examples = len(EXAMPLES)
    return st.one_of(st.integers(0, examples - 1), st.integers(examples, count - 1))


# --------------------------------------------------------------------------- writing


def encode(document: Document, suffix: str, style: int = 0) -> str:
    """``document`` in the encoding of ``suffix``; ``style`` varies the layout (flow or block YAML, JSON indentation).

    JSON Lines puts the header (every key but ``actions``) on line 1 and each entry on
    its own line, as ``judge/site/log-format.rst`` says; a document without an ``actions`` list is
    written whole on line 1.
    """
    if suffix == ".json":
        return json.dumps(document, indent=(None, 1, 2)[style % 3], ensure_ascii=style % 2 == 0, default=str)
    if suffix == ".jsonl":
        if isinstance(document, dict) and isinstance(document.get("actions"), list):
            header = {key: value for key, value in document.items() if key != "actions"}
            rows = [json.dumps(header, default=str)]
            rows += [json.dumps(entry, default=str, ensure_ascii=style % 2 == 0) for entry in document["actions"]]
            return "\n".join(rows) + "\n"
        return json.dumps(document, default=str) + "\n"
    flow = (None, False, True)[style % 3]
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=style % 2 == 0, default_flow_style=flow, width=100)


# --------------------------------------------------------------------------- values

UNKNOWN_CARDS = ("ZZ-99", "?", "", "AL-01@9", "leader", "V", "none")
VERBS = (
    "pass",
    "draw",
    "play",
    "attack",
    "trigger",
    "damage",
    "ride",
    "call",
    "guard",
    "drive",
    "give",
    "block",
    "counter",
    "resolve",
    "effect",
    "concede",
    "level_up",
    "refresh",
    "ko",
    "end",
    "explode",
    "PASS",
    "",
)
ODD_NUMBERS = (-1, 0, 1, 2, 3, 7, 50, 10_001, 2**31, 2**63, 10**30, -(10**30))

scalars: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from(ODD_NUMBERS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
    st.sampled_from(UNKNOWN_CARDS),
    st.sampled_from(VERBS),
    st.sampled_from(("P1", "P2", "P3", "stand", "rest", "reverse", "main", "attack", "2026-13-45", "1e999", "0x1F")),
)
"""Values of every type a log can hold, and strings that mean something somewhere in a log."""

values: st.SearchStrategy[Any] = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers(0, 6)), inner, max_size=4),
    ),
    max_leaves=8,
)


# --------------------------------------------------------------------------- structure-aware mutations


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``value`` (``()`` included), depth first."""
    pending = [(prefix, value)]
    while pending:
        path, node = pending.pop()
        yield path
        if isinstance(node, dict):
            pending.extend(((*path, key), child) for key, child in node.items())
        elif isinstance(node, list):
            pending.extend(((*path, index), child) for index, child in enumerate(node))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _actions(document: Document) -> list[Any] | None:
    actions = document.get("actions") if isinstance(document, dict) else None
    return actions if isinstance(actions, list) else None


def _mappings(document: Document) -> list[tuple[Any, ...]]:
    return [path for path in _paths(document) if isinstance(_get(document, path), dict)]


def drop_entries(draw: Draw, document: Document) -> str:
    actions = _actions(document)
    if not actions:
        return "no entries to drop"
    start = draw(st.integers(0, len(actions) - 1))
    count = draw(st.integers(1, 3))
    del actions[start : start + count]
    return f"drop entries {start}..{start + count - 1}"


def duplicate_entry(draw: Draw, document: Document) -> str:
    actions = _actions(document)
    if not actions:
        return "no entry to duplicate"
    source = draw(st.integers(0, len(actions) - 1))
    target = draw(st.integers(0, len(actions)))
    actions.insert(target, copy.deepcopy(actions[source]))
    return f"copy entry {source} to {target}"


def swap_entries(draw: Draw, document: Document) -> str:
    actions = _actions(document)
    if not actions or len(actions) < 2:
        return "no entries to swap"
    first = draw(st.integers(0, len(actions) - 1))
    second = draw(st.integers(0, len(actions) - 1))
    actions[first], actions[second] = actions[second], actions[first]
    return f"swap entries {first} and {second}"


def truncate_actions(draw: Draw, document: Document) -> str:
    actions = _actions(document)
    if not actions:
        return "no entries to cut"
    keep = draw(st.integers(0, len(actions) - 1))
    del actions[keep:]
    return f"keep the first {keep} entries"


def replace_value(draw: Draw, document: Document) -> str:
    paths = [path for path in _paths(document) if path]
    if not paths:
        return "nothing to replace"
    path = draw(st.sampled_from(paths))
    value = draw(values)
    _get(document, path[:-1])[path[-1]] = value
    return f"{path} = {value!r}"


def delete_key(draw: Draw, document: Document) -> str:
    paths = [path for path in _paths(document) if path and isinstance(_get(document, path[:-1]), dict)]
    if not paths:
        return "no key to delete"
    path = draw(st.sampled_from(paths))
    del _get(document, path[:-1])[path[-1]]
    return f"delete {path}"


def add_key(draw: Draw, document: Document) -> str:
    mappings = _mappings(document)
    if not mappings:
        return "no mapping to add to"
    path = draw(st.sampled_from(mappings))
    key = draw(st.one_of(st.sampled_from(("x", "do", "p", "card", "turn", "expect", "setup", "unknown")), st.text()))
    value = draw(values)
    _get(document, path)[key] = value
    return f"{(*path, key)} = {value!r} (added)"


def strange_card(draw: Draw, document: Document) -> str:
    """A card id in an entry or in ``setup`` replaced by an unknown one or by another deck's."""
    paths = [
        path
        for path in _paths(document)
        if path and path[0] in ("actions", "setup", "order") and isinstance(_get(document, path), str)
    ]
    if not paths:
        return "no card to change"
    path = draw(st.sampled_from(paths))
    cards = document.get("cards") if isinstance(document, dict) else None
    known = sorted(str(card) for card in cards) if isinstance(cards, dict) and cards else ["?"]
    value = draw(st.one_of(st.sampled_from(UNKNOWN_CARDS), st.sampled_from(known)))
    _get(document, path[:-1])[path[-1]] = value
    return f"{path} = {value!r} (card)"


def strange_verb(draw: Draw, document: Document) -> str:
    actions = _actions(document)
    entries = [index for index, entry in enumerate(actions or []) if isinstance(entry, dict)]
    if not actions or not entries:
        return "no verb to change"
    index = draw(st.sampled_from(entries))
    verb = draw(st.one_of(st.sampled_from(VERBS), scalars))
    actions[index]["do"] = verb
    return f"entry {index} do = {verb!r}"


def strange_entry_field(draw: Draw, document: Document) -> str:
    actions = _actions(document)
    entries = [index for index, entry in enumerate(actions or []) if isinstance(entry, dict)]
    if not actions or not entries:
        return "no entry to change"
    index = draw(st.sampled_from(entries))
    key = draw(st.sampled_from(("p", "turn", "card", "cards", "pos", "to", "from", "target", "expect", "rule", "type")))
    value = draw(values)
    actions[index][key] = value
    return f"entry {index} {key} = {value!r}"


def _players(document: Document) -> list[Any] | None:
    players = document.get("players") if isinstance(document, dict) else None
    return players if isinstance(players, list) else None


def strange_header(draw: Draw, document: Document) -> str:
    """One of the header's fields changed: game, format, first, the players, a deck list, or ``setup``."""
    if not isinstance(document, dict):
        return "no header"
    field = draw(st.sampled_from(("game", "format", "first", "players", "deck", "setup", "result", "order")))
    players = _players(document)
    if field == "game":
        document["game"] = draw(st.one_of(st.sampled_from(("ws", "vg", "wl", "mtg", "WS", "")), scalars))
        return f"game = {document['game']!r}"
    if field == "format":
        document["format"] = draw(st.sampled_from(("judge-log/2", "judge-log/1 ", "", None, 1)))
        return f"format = {document['format']!r}"
    if field == "first":
        document["first"] = draw(st.one_of(st.sampled_from(("P1", "P2", "P3")), scalars))
        return f"first = {document['first']!r}"
    if field == "players" and players:
        change = draw(st.sampled_from(("drop", "third", "swap", "same ids", "id")))
        if change == "drop":
            del players[draw(st.integers(0, len(players) - 1))]
        elif change == "third":
            players.append(copy.deepcopy(players[0]))
        elif change == "swap":
            players.reverse()
        elif change == "same ids" and isinstance(players[-1], dict) and isinstance(players[0], dict):
            players[-1]["id"] = players[0].get("id")
        elif isinstance(players[0], dict):
            players[0]["id"] = draw(scalars)
        return f"players: {change}"
    if field == "deck" and players:
        player = players[draw(st.integers(0, len(players) - 1))]
        deck = player.get("deck") if isinstance(player, dict) else None
        if isinstance(deck, dict) and deck:
            card = draw(st.sampled_from(sorted(deck, key=str)))
            change = draw(st.sampled_from(("count", "unknown", "remove")))
            if change == "count":
                deck[card] = draw(st.one_of(st.sampled_from(ODD_NUMBERS), scalars))
            elif change == "unknown":
                deck[draw(st.sampled_from(UNKNOWN_CARDS))] = draw(st.integers(1, 4))
            else:
                del deck[card]
            return f"deck {card!r}: {change}"
    if field == "setup" and isinstance(document.get("setup"), dict):
        setup = document["setup"]
        slots = [path for path in _paths(setup) if path]
        if slots and draw(st.booleans()):
            path = draw(st.sampled_from(slots))
            value = draw(values)
            _get(setup, path[:-1])[path[-1]] = value
            return f"setup {path} = {value!r}"
        key = draw(st.sampled_from(("turn", "active", "phase", "P1", "P2", "x")))
        setup[key] = draw(values)
        return f"setup {key} = {setup[key]!r}"
    if field == "setup":
        document.pop("setup", None)
        return "no setup"
    document[field] = draw(values)
    return f"{field} = {document[field]!r}"


STRUCTURE_MUTATIONS: tuple[Callable[[Draw, Document], str], ...] = (
    drop_entries,
    duplicate_entry,
    swap_entries,
    truncate_actions,
    replace_value,
    delete_key,
    add_key,
    strange_card,
    strange_verb,
    strange_entry_field,
    strange_header,
)


@dataclass(frozen=True)
class FuzzInput:
    """One input: the file's bytes, the suffix it is written under, and how it was made."""

    suffix: str
    content: bytes
    how: str


@st.composite
def mutated_documents(draw: Draw) -> tuple[str, Document]:
    """A shipped log as data after one to four structural mutations; a description of them."""
    documents = source_documents()
    name, original = documents[draw(sources(len(documents)))]
    document = copy.deepcopy(original)
    changes = [draw(st.sampled_from(STRUCTURE_MUTATIONS))(draw, document) for _ in range(draw(st.integers(1, 4)))]
    return f"{name}: {'; '.join(changes)}", document


@st.composite
def structured_inputs(draw: Draw) -> FuzzInput:
    """A mutated document written as YAML, JSON or JSON Lines."""
    how, document = draw(mutated_documents())
    suffix = draw(st.sampled_from(SUFFIXES))
    style = draw(st.integers(0, 5))
    return FuzzInput(suffix, encode(document, suffix, style).encode("utf-8"), f"{how} (as {suffix}, style {style})")


# --------------------------------------------------------------------------- byte-level mutations

INVALID_UTF8 = (b"\xff", b"\xfe", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\x80")
CONTROL = tuple(
    text.encode("utf-8")
    for text in ("\t", "\x00", "\x1b", "\x7f", "\r", "\r\n", "\x0c", "\x0b", "\x85", "\u2028", "\ufeff", "\ud7ff")
)
TOKENS = (
    b"&a ",
    b"*a ",
    b"<<: *a\n",
    b"!!python/object/apply:os.system ",
    b"!!binary ",
    b"!foo ",
    b"! ",
    b"[",
    b"{",
    b"]",
    b"}",
    b",",
    b"- ",
    b": ",
    b"? ",
    b"---\n",
    b"...\n",
    b"%YAML 1.1\n",
    b'"',
    b"'",
    b"\\",
    b"#",
    b"|\n",
    b">-\n",
    b"~",
    b"null",
    b"1e999",
    b"2026-13-45",
    b"9" * 5000,
    b"[" * 80,
    b"{" * 70 + b"a",
    b"- " * 70,
    b"\n" + b" " * 130 + b"x: 1",
    b'"\\ud800"',
    b'{"do": "pass"}\n',
)


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def _flip(draw: Draw, data: bytearray) -> str:
    if not data:
        return "nothing to flip"
    at = draw(st.integers(0, len(data) - 1))
    data[at] ^= draw(st.integers(1, 255))
    return f"flip byte {at}"


def _insert_bytes(draw: Draw, data: bytearray) -> str:
    at = draw(st.integers(0, len(data)))
    inserted = draw(st.one_of(st.binary(min_size=1, max_size=8), st.sampled_from(TOKENS)))
    data[at:at] = inserted
    return f"insert {inserted[:20]!r} at {at}"


def _delete_bytes(draw: Draw, data: bytearray) -> str:
    if not data:
        return "nothing to delete"
    at = draw(st.integers(0, len(data) - 1))
    count = draw(st.integers(1, 64))
    del data[at : at + count]
    return f"delete {count} bytes at {at}"


def _truncate(draw: Draw, data: bytearray) -> str:
    at = draw(st.integers(0, len(data)))
    del data[at:]
    return f"cut at {at}"


def _invalid_utf8(draw: Draw, data: bytearray) -> str:
    at = draw(st.integers(0, len(data)))
    inserted = draw(st.sampled_from(INVALID_UTF8))
    data[at:at] = inserted
    return f"insert {inserted!r} at {at}"


def _control(draw: Draw, data: bytearray) -> str:
    at = draw(st.integers(0, len(data)))
    inserted = draw(st.sampled_from(CONTROL))
    data[at:at] = inserted
    return f"insert {inserted!r} at {at}"


def _token(draw: Draw, data: bytearray) -> str:
    lines = _lines(bytes(data))
    line = draw(st.integers(0, len(lines) - 1))
    column = draw(st.integers(0, len(lines[line])))
    inserted = draw(st.sampled_from(TOKENS))
    lines[line] = lines[line][:column] + inserted + lines[line][column:]
    data[:] = b"".join(lines)
    return f"insert {inserted[:20]!r} at line {line + 1}, column {column + 1}"


def _line_operation(draw: Draw, data: bytearray) -> str:
    lines = _lines(bytes(data))
    source = draw(st.integers(0, len(lines) - 1))
    operation = draw(st.sampled_from(("duplicate", "move", "delete", "splice")))
    if operation == "duplicate":
        lines.insert(source, lines[source])
    elif operation == "delete":
        del lines[source]
    elif operation == "move":
        line = lines.pop(source)
        lines.insert(draw(st.integers(0, len(lines))), line)
    else:  # the start of one line joined to the end of another
        target = draw(st.integers(0, len(lines) - 1))
        head = lines[source][: draw(st.integers(0, len(lines[source])))]
        tail = lines[target][draw(st.integers(0, len(lines[target]))) :]
        lines.insert(source, head + tail)
    data[:] = b"".join(lines)
    return f"{operation} line {source + 1}"


BYTE_MUTATIONS: tuple[Callable[[Draw, bytearray], str], ...] = (
    _flip,
    _insert_bytes,
    _delete_bytes,
    _truncate,
    _invalid_utf8,
    _control,
    _token,
    _line_operation,
)


@st.composite
def byte_inputs(draw: Draw) -> FuzzInput:
    """A shipped log file's bytes after one to four byte-level mutations, under its own suffix or another."""
    files = source_files()
    examples = [index for index, (name, _, _) in enumerate(files) if name in {path.name for path in EXAMPLES}]
    others = [index for index in range(len(files)) if index not in examples]
    index = draw(st.one_of(st.sampled_from(examples), st.sampled_from(others)))
    name, suffix, content = files[index]
    data = bytearray(content)
    changes = [draw(st.sampled_from(BYTE_MUTATIONS))(draw, data) for _ in range(draw(st.integers(1, 4)))]
    if draw(st.integers(0, 9)) == 0:  # now and then, the bytes of one encoding under another's suffix
        suffix = draw(st.sampled_from(SUFFIXES))
    return FuzzInput(suffix, bytes(data), f"{name}: {'; '.join(changes)} (as {suffix})")


def any_inputs() -> st.SearchStrategy[FuzzInput]:
    """Structure-aware and byte-level inputs, half and half."""
    return st.one_of(structured_inputs(), byte_inputs())


# --------------------------------------------------------------------------- the contract


@dataclass
class Outcome:
    """What ``verify_path`` did with one file: its verdict, or the traceback of what it raised; and how long it took."""

    verdict: Verdict | None
    crash: str | None
    seconds: float


def write_input(folder: Path, case: FuzzInput, stem: str = "case") -> Path:
    path = folder / f"{stem}{case.suffix}"
    path.write_bytes(case.content)
    return path


def run(path: Path, seconds: float = 60.0) -> Outcome:
    """``verify_path(path)``, catching anything it raises (the contract says it raises nothing)."""
    started = time.perf_counter()
    try:
        with time_limit(seconds):
            verdict = verify_path(str(path))
    except BaseException as error:  # SystemExit and the like escaping are findings too
        if isinstance(error, KeyboardInterrupt):
            raise
        return Outcome(None, traceback.format_exc(), time.perf_counter() - started)
    return Outcome(verdict, None, time.perf_counter() - started)


def contract_problems(outcome: Outcome, path: Path, content: bytes) -> list[str]:
    """How ``outcome`` breaks the contract for the file ``path`` holding ``content``; empty when it keeps it."""
    if outcome.verdict is None:
        return [f"raised:\n{outcome.crash}"]
    verdict = outcome.verdict
    problems = []
    if verdict.file != str(path):
        problems.append(f"the verdict names {verdict.file!r}, not the file")
    if verdict.kind is VerdictKind.MALFORMED:
        if not verdict.violations:
            problems.append("a malformed verdict without a message")
        for violation in verdict.violations:
            if not violation.message.startswith(str(path)):
                problems.append(f"a malformed verdict's message does not name the file: {violation.message}")
            if violation.line is None and content:
                problems.append(f"a malformed verdict without a line: {violation.message}")
    return problems


def unlocated(outcome: Outcome, content: bytes) -> bool:
    """Whether ``outcome`` is a malformed verdict of a non-empty file that names no line."""
    verdict = outcome.verdict
    return (
        verdict is not None
        and verdict.kind is VerdictKind.MALFORMED
        and bool(content)
        and any(violation.line is None for violation in verdict.violations)
    )
