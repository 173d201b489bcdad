"""A head judge's correction: the log replayed with some entries replaced, removed or put in, and what that changes.

``judge verify LOG --fix N='{...}'`` replaces entry N by the given entry, ``--fix N=-`` removes it, and
``--fix N+='{...}'`` puts the given entry in before entry N (one the log left out).  The log is
corrected in memory (the file is never written), replayed, and compared with the log as written at the next
checkpoint after the last corrected entry: the next entry with an ``expect``, or the end of the log.  The
comparison is of the games' ``snapshot()``, field by field.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

import yaml

from judge import games
from judge.batch import clause_check
from judge.logfile import GameLog, LogEntry, LogFormatError
from judge.replay import Replay, check_verbs, verify_log
from judge.verdict import Verdict, VerdictKind

REMOVED: Final = "-"
DIFFERENCES_SHOWN: Final = 30
"""At most this many differing fields are listed; the rest are counted."""
CARDS_SHOWN: Final = 8
"""At most this many cards a zone gains (or loses) are listed; the rest are counted."""


class FixError(ValueError):
    """A ``--fix`` that cannot be applied: not ``N=ENTRY``, an entry out of range, an entry of the wrong shape."""


@dataclass(frozen=True, slots=True)
class Fix:
    """One correction: entry ``index`` replaced by ``data``, or removed (``data`` None), or, with ``before``,
    ``data`` put in before it."""

    index: int
    data: dict[str, object] | None
    before: bool = False

    def describe(self) -> str:
        if self.data is None:
            return f"entry {self.index} removed"
        written = yaml.safe_dump(self.data, default_flow_style=True, width=10**6, sort_keys=False).strip()
        if self.before:
            return f"{written} put in before entry {self.index}"
        return f"entry {self.index} replaced by {written}"


def parse_fix(text: str) -> Fix:
    """``N={...}`` (a YAML or JSON flow mapping, an entry), ``N=-`` or ``N+={...}``."""
    found = re.fullmatch(r"\s*(\d+)\s*(\+?)=(.*)", text, re.DOTALL)
    if found is None:
        raise FixError(
            f"--fix {text!r}: expected N='{{p: P1, do: ...}}', N=- or N+='{{p: P1, do: ...}}' (N: an entry's number)"
        )
    index, before, value = int(found.group(1)), found.group(2) == "+", found.group(3).strip()
    if value == REMOVED and not before:
        return Fix(index, None)
    try:
        data = yaml.safe_load(value)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (column {mark.column + 1})" if mark is not None else ""
        raise FixError(f"--fix {index}: the entry is not a YAML or JSON mapping{where}: {value}") from None
    if not isinstance(data, dict) or not isinstance(data.get("do"), str):
        raise FixError(f"--fix {index}: the entry must be a mapping with 'do' (like the log's entries): {value}")
    if not all(isinstance(key, str) for key in data):
        raise FixError(f"--fix {index}: the entry's keys must be strings: {value}")
    return Fix(index, data, before)


def corrected(log: GameLog, fixes: list[Fix]) -> GameLog:
    """A copy of ``log`` with the corrections made; ``log`` itself is unchanged.  A replaced entry keeps the
    line of the one it replaces; entries after a removed one are numbered on (as in the corrected log)."""
    by_index: dict[int, Fix] = {}
    put_in: dict[int, Fix] = {}
    for given in fixes:
        if not 0 <= given.index < len(log.entries):
            last = len(log.entries) - 1
            raise FixError(
                f"--fix {given.index}: entry {given.index} is out of range: the log's entries are 0 to {last}"
            )
        corrections = put_in if given.before else by_index
        if given.index in corrections:
            raise FixError(f"--fix {given.index}: entry {given.index} is corrected twice")
        corrections[given.index] = given
    players = [str(player.get("id")) for player in log.players]
    support = games.get(str(log.header.get("game")))
    verbs = {*support.choice_verbs, *support.forced_verbs}
    entries: list[LogEntry] = []

    def checked(fix: Fix) -> dict[str, object]:
        data = dict(fix.data or {})
        if "p" in data and data["p"] not in players:
            raise FixError(f"--fix {fix.index}: 'p' is {data['p']!r}, not a player of this log ({', '.join(players)})")
        if data["do"] not in verbs:
            known = ", ".join(sorted(verbs))
            raise FixError(f"--fix {fix.index}: {data['do']!r} is not a verb of {support.title} logs ({known})")
        return data

    for entry in log.entries:
        if entry.index in put_in:  # the entry put in takes the line of the one it comes before
            entries.append(LogEntry(len(entries), entry.line, entry.column, checked(put_in[entry.index])))
        fix = by_index.get(entry.index)
        if fix is not None and fix.data is None:
            continue
        data = dict(entry.data) if fix is None else checked(fix)
        entries.append(LogEntry(len(entries), entry.line, entry.column, data))
    return dataclasses.replace(log, entries=entries)


def checkpoint_of(log: GameLog, fixes: list[Fix]) -> int | None:
    """The index (in ``log``) of the next entry with an ``expect`` after the last corrected one; None: the end."""
    last = max(fix.index for fix in fixes)
    return next((entry.index for entry in log.entries[last + 1 :] if "expect" in entry.data), None)


def snapshot_at(log: GameLog, index: int | None) -> tuple[dict[str, Any] | None, str]:
    """The game's snapshot once entry ``index`` has been applied (None: at the end of the replay), and where it
    was taken; None when the replay could not start."""
    support = games.get(str(log.header.get("game")))
    try:
        check_verbs(log, support)
        game = support.build(log)
    except LogFormatError:
        return None, "the log cannot be replayed"
    replay = Replay(log, game, support, trace=False)
    taken: list[dict[str, Any]] = []

    def on_applied(entry: LogEntry) -> None:
        if index is not None and entry.index == index and not taken:
            taken.append(replay.game.snapshot())

    replay.on_applied = on_applied
    replay.run()
    if taken:
        where = f"after entry {index}"
    else:
        taken.append(replay.game.snapshot())
        where = "at the end of the replay"
    replay.game.close()
    return taken[0], where


def flattened(value: Any, prefix: str = "") -> dict[str, Any]:
    """A snapshot as ``path -> value`` (``players.P1.hand``), lists kept whole: a zone is one field."""
    if isinstance(value, dict):
        found: dict[str, Any] = {}
        for key, item in value.items():
            found.update(flattened(item, f"{prefix}.{key}" if prefix else str(key)))
        return found
    return {prefix: value}


def shown(value: Any) -> str:
    if value is None:
        return "-"
    return (
        str(yaml.safe_dump(value, default_flow_style=True, width=10**6, sort_keys=False))
        .strip()
        .removesuffix("...")
        .strip()
    )


def differences(before: dict[str, Any] | None, after: dict[str, Any] | None) -> list[str]:
    """The fields that differ between two snapshots, one line each: ``turn: 9 -> 11``; a zone by its count and the
    cards it gains and loses (``players.P1.hand: 3 -> 4 cards; + [AL-02]``), ``?`` for a card the log never shows."""
    if before is None or after is None:
        return []
    old, new = flattened(before), flattened(after)
    lines = []
    for key in [*new, *(key for key in old if key not in new)]:
        was, now = old.get(key), new.get(key)
        if was == now:
            continue
        if isinstance(was, list) and isinstance(now, list):
            lines.append(f"{key}: {zone_change(was, now)}")
        else:
            lines.append(f"{key}: {shown(was)} -> {shown(now)}")
    if len(lines) > DIFFERENCES_SHOWN:
        lines = [*lines[:DIFFERENCES_SHOWN], f"... and {len(lines) - DIFFERENCES_SHOWN} more field(s)"]
    return lines


def zone_change(was: list[Any], now: list[Any]) -> str:
    """How a list (a zone's cards) changed: its count, then the cards gained and lost, or that only the order did."""

    def named(item: Any) -> str:
        return "?" if item is None else shown(item)

    old, new = Counter(map(named, was)), Counter(map(named, now))
    count = f"{len(was)} -> {len(now)} cards" if len(was) != len(now) else f"{len(now)} cards"
    if old == new:
        return f"{count}, in another order"
    parts = [count]
    for sign, cards in (("+", new - old), ("-", old - new)):
        if cards:
            listed = sorted(cards.elements())
            more = f", ... {len(listed) - CARDS_SHOWN} more" if len(listed) > CARDS_SHOWN else ""
            parts.append(f"{sign} [{', '.join(listed[:CARDS_SHOWN])}{more}]")
    return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Corrected:
    """A log verified with corrections: the verdict, and how the game differs at the checkpoint."""

    verdict: Verdict
    fixes: list[Fix]
    where: str
    """Where the games were compared (``after entry 41 (line 530), the next with an expect``)."""
    differences: list[str]

    def text(self) -> str:
        lines = [f"corrected: {'; '.join(fix.describe() for fix in self.fixes)} (the file is unchanged)"]
        if not self.where:
            lines.append("the corrected log cannot be replayed: no state to compare")
        elif self.differences:
            lines.append(f"the game {self.where}, as written -> as corrected:")
            lines.extend(f"  {line}" for line in self.differences)
        else:
            lines.append(f"the game {self.where} is the same as written and as corrected")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "fixes": [{"entry": fix.index, "data": fix.data} for fix in self.fixes],
            "compared": self.where,
            "differences": list(self.differences),
        }


def verify_corrected(log: GameLog, fixes: list[Fix]) -> Corrected:
    """Verify ``log`` with ``fixes`` made (in memory), and compare its game with the log's as written at the next
    checkpoint (see the module's description)."""
    fixed = corrected(log, fixes)
    verdict = verify_log(fixed, clause_check(), trace=False)
    if verdict.kind is VerdictKind.MALFORMED:
        return Corrected(verdict, fixes, "", [])
    checkpoint = checkpoint_of(log, fixes)
    shift = 0  # how the checkpoint's entry is numbered in the corrected log
    for fix in fixes:
        if checkpoint is not None and (fix.index < checkpoint or (fix.before and fix.index == checkpoint)):
            shift += 1 if fix.before else -1 if fix.data is None else 0
    before, where_before = snapshot_at(log, checkpoint)
    after, where_after = snapshot_at(fixed, None if checkpoint is None else checkpoint + shift)
    if checkpoint is not None and where_before.startswith("after") and where_after.startswith("after"):
        entry = log.entries[checkpoint]
        where = f"after entry {checkpoint} (line {entry.line}), the next with an expect"
    else:
        where = "at the end of the replay"
        if checkpoint is not None:  # one of them never applied the checkpoint's entry: compare at the end
            before, _ = snapshot_at(log, None)
            after, _ = snapshot_at(fixed, None)
    return Corrected(verdict, fixes, where, differences(before, after))
