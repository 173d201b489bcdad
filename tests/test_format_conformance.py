"""The log format, row by row: a log written to each row replays as the format says, and its broken twin does not.

``/work/shared/spec/log-format.md`` (the contract with everyone who writes logs)
and ``judge/site/*-logs.rst`` name, per game, the verbs and their arguments, the
card fields, the zones a ``setup`` may hold and the keys an ``expect`` may assert.
Each of those is a *row* here (``ws verb play``, ``vg arg attack.boost``, ``wl
setup stage {card, state}``, ``ws expect winner``), and every row has

* a small log under ``tests/data/format/<game>/``, written in the format's own
  spelling, that must verify ``legal`` (``incomplete`` for the ``effect`` rows,
  which declare card text the engine does not model, as the format's verdicts say);
* its broken twin (``<name>.broken.yaml``): the same log with one thing wrong for
  that row, which must be ``illegal`` at the right entry, citing one of the
  clauses that the row's rule is written in.

Where the format gives two forms of one thing (a bare card id or ``{card,
state}``; a count or a list; ``to`` or ``p``), each form is a row of its own
(``FORMS``).  When the contract is beside the project, its tables are read
(``contract_rows``), so a verb, an argument, a card field, a ``setup`` zone or an
``expect`` key added to it without a case here fails
``test_every_row_of_the_format_has_a_case``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from judge.logfile import load_log
from judge.replay import verify_log
from judge.verdict import Verdict, VerdictKind

REPO = Path(__file__).resolve().parents[1]
CONTRACT = REPO.parent / "shared" / "spec" / "log-format.md"
DATA = REPO / "tests" / "data" / "format"
GAMES = ("ws", "vg", "wl")


# --------------------------------------------------------------------------- the contract's rows


def section(text: str, heading: str) -> str:
    """The text of the contract's section ``heading`` (a ``## `` line), up to the next one."""
    found = re.search(rf"^## {re.escape(heading)}$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert found, f"the contract's section {heading!r} was not found"
    return found.group(1)


def between(text: str, start: str, end: str) -> str:
    def spaced(words: str) -> str:  # the contract wraps its lines anywhere
        return r"\s+".join(re.escape(word) for word in words.split(" "))

    found = re.search(spaced(start) + "(.*?)" + spaced(end), text, re.DOTALL)
    assert found, f"the contract's text between {start!r} and {end!r} was not found"
    return found.group(1)


def top_level_items(text: str) -> list[str]:
    """``text`` split at its commas outside brackets and backticks: one item per field the sentence lists."""
    items, depth, quoted, current = [], 0, False, ""
    for char in text:
        if char == "`":
            quoted = not quoted
        elif not quoted and char in "([{":
            depth += 1
        elif not quoted and char in ")]}":
            depth -= 1
        if char == "," and depth == 0 and not quoted:
            items.append(current)
            current = ""
        else:
            current += char
    return [*items, current]


def first_words(text: str) -> list[str]:
    """The first word of each item of a list such as "`name`, `type` (normal | trigger), `clan: [..]`"."""
    words = []
    for item in top_level_items(text):
        word = re.match(r"\s*(?:and\s+)?`?\{?([a-z_]+)", item)
        if word:
            words.append(word.group(1))
    return words


def verb_rows(table_text: str, game: str) -> set[str]:
    """``<game> verb X`` and ``<game> arg X.Y`` for every row of a verb table and every argument it names; an
    argument written "as for `drive`" is that verb's arguments but its ``card``."""
    table = {
        verb: [
            f"as {word}" if re.search(rf"as for `{word}`", arguments) else word
            for word in re.findall(r"`([a-z_]+)", arguments)
            if word not in GAMES  # "as `ws`": no argument of its own
        ]
        for verb, arguments in re.findall(r"^\| `([a-z_]+)` \| [a-z]+ \| (.*?) \|", table_text, re.MULTILINE)
    }
    rows = set()
    for verb, arguments in table.items():
        rows.add(f"{game} verb {verb}")
        for argument in arguments:
            other = argument.removeprefix("as ")
            named = [word for word in table[other] if word != "card"] if argument != other else [argument]
            rows |= {f"{game} arg {verb}.{word}" for word in named}
    return rows


def contract_rows(text: str) -> set[str]:
    """Every row the contract names, per game: verbs, arguments, card fields, ``setup`` zones, ``expect`` keys."""
    rows: set[str] = set()
    header = section(text, "Header")
    ws_fields = re.sub(r"\([^)]*\)", "", between(header, "for `ws`", ". `vg` and `wl`"))
    rows |= {f"ws card {word}" for word in re.findall(r"[a-z_]+", ws_fields)}
    setup_block = between(section(text, "Starting from a position (`setup`)"), "```yaml", "```")
    head = re.findall(r"^  ([a-z_]+):", setup_block, re.MULTILINE)  # turn, active, phase: every game's
    rows |= {f"{game} setup {key}" for key in head for game in GAMES}
    zones = re.findall(r"^    ([a-z_]+):", setup_block, re.MULTILINE)
    rows |= {f"ws setup {zone}" for zone in zones}
    entries = section(text, "Entries")
    expect = between(entries, "`expect` asserts", "A failed expectation")
    rows |= {f"ws expect {zone} count" for zone in zones if zone != "stage"}
    rows |= {f"ws expect {zone} list" for zone in zones if zone != "stage"}
    stage = between(expect, "`stage` maps a position to", "; top-level")
    rows |= {"ws expect stage null"} | {
        f"ws expect stage {key}" for key in re.findall(r"[a-z_]+", between(stage, "{", "}"))
    }
    rows |= {f"ws expect {key}" for key in re.findall(r"`([a-z_]+)`", between(expect, "top-level", "("))}
    rows |= verb_rows(section(text, "`ws` verbs"), "ws")

    vg = section(text, "`vg` logs (Cardfight!! Vanguard, CR 1.37)")
    rows |= {f"vg card {word}" for word in first_words(between(vg, "Card fields:", "A player has"))}
    vg_zones = first_words(between(vg, "a player's zones are", ".\n\n|"))
    rows |= {f"vg setup {zone}" for zone in vg_zones}
    rows |= {f"vg expect {zone} count" for zone in vg_zones if zone not in ("circles", "g_zone")}
    rows |= {f"vg expect {zone} list" for zone in vg_zones if zone not in ("circles", "g_zone")}
    rows |= {f"vg setup g_zone.{side}" for side in ("down", "up")} | {
        f"vg expect g_zone.{side}" for side in ("down", "up")
    }
    circles = between(vg, "`expect` circles take", "(any subset)")
    rows |= {f"vg expect circles {key}" for key in re.findall(r"[a-z_]+", between(circles, "{", "}"))}
    states = between(vg, "Circle states in `setup` and `expect`:", "Stand Up")
    for key in re.findall(r"\{card,\s+(?:state,\s+)?([a-z_]+)", states) + re.findall(r"`([A-Z]+): \[ids\]`", states):
        rows |= {f"vg setup circles {key}", f"vg expect circles {key}"}
    rows |= {f"vg expect {key}" for key in re.findall(r"`([a-z_]+)`", between(expect, "top-level", "("))}
    rows |= verb_rows(vg, "vg")
    rows |= {f"vg verb {verb}" for verb in re.findall(r"forced `([a-z_]+)` entry", vg)}

    wl = section(text, "`wl` logs (the ENERGIO!! game)")
    rows |= {f"wl card {word}" for word in first_words(between(wl, "Card fields:", "A player has"))}
    wl_setup = between(wl, "a player's zones are", "\n\n|")
    wl_zones = first_words(wl_setup)
    rows |= {f"wl setup {zone}" for zone in wl_zones}
    for zone, keys in re.findall(r"`([a-z_]+): \[?\{([a-z_,\s]+)\}", wl_setup):
        rows |= {f"wl setup {zone}.{key}" for key in re.findall(r"[a-z_]+", keys) if key != "card"}
    wl_expect = between(wl, "`expect` keys per player:", "When every player")
    rows |= {f"wl expect {zone}" for zone in wl_zones}
    for zone, keys in re.findall(r"`([a-z_]+)(?::\s*|`[^`]*`)\{([a-z_,\s]+)\}`", wl_expect):
        rows |= {f"wl expect {zone}.{key}" for key in re.findall(r"[a-z_]+", keys)}
    rows |= {f"wl expect {key}" for key in re.findall(r"`([a-z_]+)`", between(expect, "top-level", "("))}
    rows |= verb_rows(wl, "wl")
    return rows


FORMS: frozenset[str] = frozenset(
    {
        # ws: "`type: front, side or direct`"; "the damaged player for `damage` (also written as `to`)"; "`pay: bool`
        # or the encore ability used"; "`pool: bool` answers ... both the pool and the treasure icon"
        "ws form attack.type front",
        "ws form attack.type side",
        "ws form attack.type direct",
        "ws form damage.p",
        "ws form encore.pay ability",
        "ws form trigger.pool treasure",
        # the deck "a list (the whole deck), a number (that many unknown cards), or known top cards plus a number";
        # "a bare card id on a stage position (in `setup`) is a standing character"; `hand: [AL-02, "?"]`
        "ws form setup deck list",
        "ws form setup deck count",
        "ws form setup deck top+rest",
        "ws form setup stage id",
        "ws form setup stage {card, state}",
        "ws form setup hand ?",
        # `winner` is "a player id, `draw`, or `null` while the game is on"
        "ws form expect winner null",
        "ws form expect winner player",
        # vg: the damaged player as `to` or `p`; circles "`{V: id, FL: {card, state}, ...}`"; damage "a card may be
        # `{card, face: down}` after a Counter Blast" (in setup and expect); "A Forerunner's call is a `resolve` with
        # `to: circle`"; the deck forms of `setup`
        "vg form damage.to",
        "vg form damage.p",
        "vg form setup circles id",
        "vg form setup circles {card, state}",
        "vg form setup damage {card, face: down}",
        "vg form expect damage {card, face: down}",
        "vg form resolve.to",
        "vg form setup deck list",
        "vg form setup deck count",
        "vg form setup deck top+rest",
        "vg form expect winner null",
        "vg form expect winner player",
        # wl: "`stage` (a card id, or `{card, state}` like a Character)", in setup and (the setup's zone keys) expect;
        # "`characters` as a count or a list"; a zone as a count or a list; `give`'s "optional `count` (default 1)"
        "wl form setup stage id",
        "wl form setup stage {card, state}",
        "wl form expect stage id",
        "wl form expect stage {card, state}",
        "wl form expect characters count",
        "wl form expect characters list",
        "wl form expect hand list",
        "wl form expect trash list",
        "wl form expect life list",
        "wl form expect deck list",
        "wl form give.count default",
        "wl form setup deck top+rest",
        "wl form expect winner null",
        "wl form expect winner player",
    }
)
"""Rows the tables do not list one by one: each form of a thing the format lets be written more than one way."""


# --------------------------------------------------------------------------- the cases


@dataclass(frozen=True)
class Case:
    """Rows, a log and a broken twin: ``<game>/<log>.yaml`` verifies ``verdict``, and
    ``<game>/broken/<twin>.yaml`` is illegal at ``entry``, citing one of ``clauses``, a message of it saying
    ``says``."""

    game: str
    log: str
    twin: str
    rows: tuple[str, ...]
    entry: int | None
    """The 0-based index of the twin's broken entry; None for the header (a deck list, a card record)."""
    clauses: tuple[str, ...]
    says: str = ""
    verdict: VerdictKind = VerdictKind.LEGAL
    twin_verdict: VerdictKind = VerdictKind.ILLEGAL
    """``malformed`` for a twin whose card record or position the format makes a located error."""
    xfail: str = ""
    """Why the judge does not yet verify the log as the format says (its test fails until it does)."""
    twin_xfail: str = ""
    """Why the judge does not yet refuse the broken twin as the format says."""
    no_twin: str = ""
    """Why no log can break the row (a card field no rule reads but card text): its twin test is skipped."""

    @property
    def path(self) -> Path:
        return DATA / self.game / f"{self.log}.yaml"

    @property
    def broken(self) -> Path:
        return DATA / self.game / "broken" / f"{self.twin}.yaml"


def case(game: str, log: str, twin: str, rows: str, entry: int | None, clauses: str, **more: object) -> Case:
    """A case, its rows written as one ``;``-separated string, its clauses as one space-separated string."""
    return Case(
        game,
        log,
        twin,
        tuple(f"{game} {row.strip()}" for row in rows.split(";") if row.strip()),
        entry,
        tuple(f"{game}:{clause}" for clause in clauses.split()),
        **more,  # type: ignore[arg-type]
    )


WS_CASES = (
    case("ws", "draw", "draw-two", "verb draw; arg draw.cards", 0, "6.3.1.2 4.7 4.7.1"),
    case("ws", "draw", "draw-phase-main", "setup phase", 0, "4.7.1"),
    case("ws", "draw", "draw-turn-player-p2", "setup active", 0, "4.7.1"),
    case("ws", "draw", "draw-deck-top-first", "setup deck; form setup deck top+rest", 0, "3.2.2 6.3.1.2"),
    case("ws", "draw", "draw-turn-five", "setup turn", 0, "6.1.1"),
    case("ws", "mulligan", "mulligan-card-not-in-hand", "verb mulligan; arg mulligan.discard", 2, "5.2.1.4"),
    case("ws", "mulligan", "mulligan-draw-wrong-card", "arg mulligan.draw", 2, "5.2.1.4 3.2.2"),
    case("ws", "mulligan", "mulligan-deck-five-alices", "card name", None, "5.1.2.2"),
    case("ws", "clock", "clock-card-not-in-hand", "verb clock; arg clock.card", 0, "6.4.1.2"),
    case("ws", "clock", "clock-deck-list-order", "form setup deck list", 1, "6.4.1.2 3.2.2"),
    case("ws", "play-character", "play-card-not-in-hand", "verb play; arg play.card", 1, "6.5.1.2"),
    case("ws", "play-character", "play-pos-taken", "arg play.pos", 1, "6.5.1.2 6.5.1.2.1 8.6.2.2.1 3.6.3"),
    case("ws", "play-character", "play-paid-not-top", "arg play.paid", 0, "8.6.2.3 3.10.2"),
    case("ws", "play-character", "play-level-above", "card level; setup level", 0, "6.5.1.2.1 6.5.1.2 8.6.2.1.2"),
    case("ws", "play-character", "play-cost-above-stock", "card cost", 0, "6.5.1.2 6.5.1.2.1 8.3 8.6.2.3.2"),
    case("ws", "play-character", "play-color-missing", "card color", 0, "6.5.1.2.1 8.6.2.1.1"),
    case("ws", "move", "move-from-empty", "verb move; arg move.from", 0, "6.5.1.2.4"),
    case("ws", "move", "move-to-seven", "arg move.to", 0, "6.5.1.2.4 3.6.3"),
    case("ws", "move", "move-state-rest-read", "setup stage; form setup stage {card, state}", 0, "6.5.1.2.4"),
    case("ws", "climax", "climax-character", "verb climax; arg climax.card", 0, "6.6.1.2 6.6.1.2.1"),
    case("ws", "climax", "climax-typed-character", "card type", 0, "6.6.1.2 6.6.1.2.1"),
    case(
        "ws",
        "attack-front",
        "attack-front-unfaced",
        "verb attack; arg attack.pos; form attack.type front",
        0,
        "7.2.1.3 7.2.1.4.1",
    ),
    case("ws", "attack-front", "attack-front-power-read", "card power", 3, "7.2.1.3 7.6.1.1"),
    case("ws", "attack-side", "attack-side-unfaced", "arg attack.type; form attack.type side", 0, "7.2.1.4 7.2.1.4.1"),
    case("ws", "attack-direct", "attack-direct-faced", "form attack.type direct", 0, "7.2.1.5 7.2.1.1 7.2.1 7.2.1.4.2"),
    case("ws", "attack-direct", "attack-direct-soul-read", "card soul", 2, "4.10.1.3"),
    case("ws", "attack-direct", "attack-direct-traits-read", "card traits", 0, "7.2.1.5 7.2.1.5.3"),
    case("ws", "attack-direct", "attack-direct-rested", "form setup stage id", 0, "7.2.1.1 7.2.1 7.2.1.3 7.2.1.5"),
    case("ws", "damage-to", "damage-to-short", "verb damage; arg damage.cards", 2, "4.10.1.3"),
    case("ws", "damage-to", "damage-to-attacker", "arg damage.to", 2, "4.10 7.5.1.2 4.10.1.3"),
    case("ws", "damage-p", "damage-p-attacker", "form damage.p", 2, "4.10 7.5.1.2 4.10.1.3"),
    case("ws", "trigger-soul", "trigger-soul-not-top", "verb trigger; arg trigger.card", 1, "7.3.1.2 3.2.2"),
    case("ws", "trigger-soul", "trigger-soul-icon-read", "card triggers", 2, "4.10.1.3"),
    case("ws", "trigger-pool", "trigger-pool-without-icon", "arg trigger.pool", 1, "4.12.2 4.12.2.3 7.3.1.2"),
    case("ws", "trigger-treasure", "trigger-treasure-pool-taken", "form trigger.pool treasure", 1, "4.12.2.8 4.12.2"),
    case("ws", "trigger-comeback", "trigger-comeback-not-there", "arg trigger.comeback", 1, "4.12.2.4 4.12.2.5"),
    case("ws", "trigger-draw", "trigger-draw-without-icon", "arg trigger.draw", 1, "4.12.2 4.12.2.5 7.3.1.2"),
    case("ws", "trigger-return", "trigger-return-empty", "arg trigger.return", 1, "4.12.2.6 4.12.2.3"),
    case("ws", "trigger-standby", "trigger-standby-level-too-high", "arg trigger.standby", 1, "4.12.2.10"),
    case("ws", "trigger-shot", "trigger-shot-two-cards", "verb trigger", 3, "4.10.1.3 4.12.2.7"),
    case(
        "ws", "counter-backup", "counter-backup-level-above", "verb counter; arg counter.card", 2, "7.4.1.2 10.5 10.5.2"
    ),
    case("ws", "counter-backup", "counter-backup-target-empty", "arg counter.target", 2, "7.4.1.2 10.5 10.5.1"),
    case(
        "ws",
        "counter-backup",
        "counter-backup-no-ability",
        "card abilities",
        2,
        "7.4.1.2 10.5 10.5.1 8.6.2.1.2 7.4.1.2.1",
    ),
    case(
        "ws",
        "counter-event",
        "counter-event-no-icon",
        "card counter",
        2,
        "7.4.1.2 7.4.1.2.1",
        verdict=VerdictKind.INCOMPLETE,
    ),
    case("ws", "level-up", "level-up-card-not-in-clock", "verb level_up; arg level_up.card", 3, "9.3 9.3.1 9.3.2"),
    case("ws", "level-up", "level-up-clock-of-five", "setup clock", 3, "9.3 9.3.1 9.3.2 6.1.1 1.2"),
    case("ws", "refresh", "refresh-order-short", "verb refresh; arg refresh.order", 1, "9.2.2"),
    case("ws", "refresh", "refresh-point-not-top", "verb refresh_point; arg refresh_point.card", 2, "9.9.1 3.2.2"),
    case("ws", "refresh", "refresh-waiting-read", "setup waiting", 1, "9.2.2 9.2"),
    case("ws", "encore-pay", "encore-pos-not-reversed", "verb encore; arg encore.pos", 4, "7.7 7.7.1 7.7.1.2"),
    case("ws", "encore-pay", "encore-pay-short", "arg encore.pay", 4, "10.2 10.2.2 8.4.2.2"),
    case("ws", "encore-pay", "encore-pay-stock-read", "setup stock", 4, "10.2 10.2.2 8.4.2.2"),
    case(
        "ws",
        "encore-resolve",
        "resolve-source-elsewhere",
        "verb resolve; arg resolve.source",
        4,
        "8.5.1.2 8.5.1.3 8.5 10.2",
    ),
    case("ws", "encore-resolve", "resolve-ability-other", "arg resolve.ability", 4, "8.5.1.2 8.5.1.3 8.5 10.2"),
    case("ws", "encore-resolve", "resolve-pay-short", "arg resolve.pay", 4, "10.2 10.2.2 8.4.2.2"),
    case("ws", "discard", "discard-two", "verb discard; arg discard.cards", 0, "6.8.1.2 3.3.3"),
    case("ws", "discard", "discard-hand-read", "setup hand", 0, "6.8.1.2 3.3.3"),
    case(
        "ws",
        "effect",
        "effect-card-not-there",
        "verb effect; arg effect.source",
        0,
        "8.6 8.6.2",
        verdict=VerdictKind.INCOMPLETE,
    ),
    case("ws", "pass", "pass-then-play", "verb pass", 1, "6.5.1.2 6.6.1.2 6.5 4.5.3.2"),
    case("ws", "concede", "concede-winner-wrong", "verb concede; form expect winner player", 0, "1.2.4"),
    case(
        "ws",
        "act",
        "act-pos-empty",
        "verb act; arg act.pos",
        0,
        "6.5.1.2.3 8.4 8.4.2.2",
    ),
    case(
        "ws",
        "act",
        "act-ability-none",
        "arg act.ability",
        0,
        "6.5.1.2.3 8.4 8.4.2.2",
    ),
    case(
        "ws", "encore-pay-ability", "encore-pay-ability-plain-true", "form encore.pay ability", 3, "10.2 10.2.3 10.2.2"
    ),
    case("ws", "expect", "expect-level-count", "expect level count", 0, "6.5.1.2.4", says="level"),
    case("ws", "expect", "expect-clock-count", "expect clock count", 0, "6.5.1.2.4", says="clock"),
    case("ws", "expect", "expect-stock-count", "expect stock count", 0, "6.5.1.2.4", says="stock"),
    case("ws", "expect", "expect-waiting-count", "expect waiting count", 0, "6.5.1.2.4", says="waiting"),
    case("ws", "expect", "expect-hand-count", "expect hand count", 0, "6.5.1.2.4", says="hand"),
    case("ws", "expect", "expect-deck-count", "expect deck count", 0, "6.5.1.2.4", says="deck"),
    case("ws", "expect", "expect-memory-count", "expect memory count", 0, "6.5.1.2.4", says="memory"),
    case("ws", "expect", "expect-climax-count", "expect climax count", 0, "6.5.1.2.4", says="climax"),
    case("ws", "expect", "expect-stage-null", "expect stage null", 0, "6.5.1.2.4", says="stage 3"),
    case("ws", "expect", "expect-stage-card", "expect stage card", 0, "6.5.1.2.4", says="card"),
    case("ws", "expect", "expect-stage-state", "expect stage state", 0, "6.5.1.2.4", says="state"),
    case("ws", "expect", "expect-stage-power", "expect stage power", 0, "6.5.1.2.4", says="power"),
    case("ws", "expect", "expect-stage-soul", "expect stage soul", 0, "6.5.1.2.4", says="soul"),
    case("ws", "expect", "expect-turn", "expect turn", 0, "6.5.1.2.4", says="turn"),
    case("ws", "expect", "expect-phase", "expect phase", 0, "6.5.1.2.4", says="phase"),
    case("ws", "expect", "expect-winner", "expect winner; form expect winner null", 0, "6.5.1.2.4", says="winner"),
    case("ws", "expect", "expect-level-list", "expect level list", 1, "6.5.1.2.4", says="level"),
    case("ws", "expect", "expect-clock-list", "expect clock list", 1, "6.5.1.2.4", says="clock"),
    case("ws", "expect", "expect-stock-list", "expect stock list", 1, "6.5.1.2.4", says="stock"),
    case("ws", "expect", "expect-waiting-list", "expect waiting list", 1, "6.5.1.2.4", says="waiting"),
    case("ws", "expect", "expect-hand-list", "expect hand list", 1, "6.5.1.2.4", says="hand"),
    case("ws", "expect", "expect-deck-list", "expect deck list", 1, "6.5.1.2.4", says="deck"),
    case("ws", "expect", "expect-memory-list", "expect memory list", 1, "6.5.1.2.4", says="memory"),
    case("ws", "expect", "expect-climax-list", "expect climax list", 1, "6.5.1.2.4", says="climax"),
    case("ws", "setup-climax", "setup-climax-left-out", "setup climax", 1, "7.2.1.3 7.2.1.2", says="waiting"),
    case("ws", "setup-memory", "setup-memory-empty", "setup memory", 0, "6.5.1.3 4.5.3.2", says="memory"),
    case("ws", "setup-hand-unknown", "setup-hand-known", "form setup hand ?", 0, "6.5.1.2 8.6.2"),
    case(
        "ws", "setup-deck-count", "setup-deck-count-four", "form setup deck count", 0, "6.3.1.2 4.7 4.7.1", says="deck"
    ),
)
VG_CASES = (
    case(
        "vg", "opening", "opening-first-vanguard-grade-one", "verb first_vanguard; arg first_vanguard.card", 0, "5.4.3"
    ),
    case("vg", "opening", "opening-draw-four", "verb draw; arg draw.cards", 2, "5.4.4"),
    case("vg", "opening", "opening-mulligan-not-in-hand", "verb mulligan; arg mulligan.return", 4, "5.4.4"),
    case("vg", "opening", "opening-mulligan-draws-two", "arg mulligan.draw", 4, "5.4.4"),
    case("vg", "opening", "opening-stand-up-by-second", "verb stand_up", 6, "6.1.1 6.2.1"),
    case("vg", "opening", "opening-two-squires-renamed", "card name", None, "5.2.2.2"),
    case("vg", "draw-phase", "draw-phase-other-card", "setup deck; form setup deck top+rest", 0, "4.2.2"),
    case("vg", "draw-phase", "draw-phase-from-main", "setup phase", 0, "10.1.1"),
    case("vg", "draw-phase", "draw-phase-other-player", "setup active", 0, "10.1.1 6.4.1.1.2 6.2.1"),
    case("vg", "draw-phase", "draw-phase-turn-six", "setup turn", 0, "6.1.1 6.2.1"),
    case(
        "vg",
        "g-assist",
        "g-assist-grade-one-taken",
        "verb g_assist; arg g_assist.card",
        1,
        "6.4.1.2 6.4.1.2.7 6.4.1.2.6",
    ),
    case("vg", "g-assist", "g-assist-looked-other-card", "arg g_assist.looked", 1, "6.4.1.2.7 4.2.2"),
    case("vg", "g-assist", "g-assist-remove-one-g", "arg g_assist.remove", 1, "6.4.1.2.7 6.4.1.2.7.2 6.4.1.2"),
    case(
        "vg", "g-assist", "g-assist-one-g-card", "setup g_zone; setup g_zone.down", 1, "6.4.1.2.3 6.4.1.2.4.2 6.4.1.2.4"
    ),
    case("vg", "g-assist-face-up", "g-assist-face-up-one", "setup g_zone.up", 1, "6.4.1.2.3 6.4.1.2.4.2 6.4.1.2.4"),
    case("vg", "ride", "ride-two-grades-up", "verb ride; arg ride.card; card grade", 0, "6.5.1.1.2 8.5.2.1.1.1"),
    case("vg", "ride", "ride-not-in-hand", "setup hand", 0, "6.5.1.1.2 8.5.2.1.1.1"),
    case(
        "vg",
        "stride",
        "stride-g-unit-not-there",
        "verb stride; arg stride.card",
        0,
        "6.5.1.2.2 10.1.27 10.2.10 10.1.27.2",
    ),
    case("vg", "stride", "stride-discard-two-grades", "arg stride.discard", 0, "10.2.10.3.1 10.2.10 6.5.1.2.2"),
    case("vg", "stride", "stride-heart-other", "arg stride.heart", 0, "10.1.27.2.3 6.5.1.2.2 10.1.27"),
    case(
        "vg",
        "stride",
        "stride-type-normal",
        "card type",
        None,
        "5.3.3",
        twin_verdict=VerdictKind.MALFORMED,
        says="not G units",
    ),
    case("vg", "call", "call-above-grade", "verb call; arg call.card", 0, "6.6.1.2.1 8.5.2.1.1.2"),
    case("vg", "call", "call-to-vanguard", "arg call.to", 0, "6.6.1.2.1.1"),
    case("vg", "move", "move-across-columns", "verb move; arg move.from", 0, "6.6.1.2.3"),
    case("vg", "move", "move-to-vanguard", "arg move.to", 0, "6.6.1.2.3"),
    case("vg", "move", "move-state-read", "setup circles; form setup circles {card, state}", 0, "6.6.1.2.3"),
    case("vg", "attack-boost", "attack-from-back-row", "verb attack; arg attack.from", 0, "7.3.1.3 7.2.1.2"),
    case("vg", "attack-boost", "attack-target-back-row", "arg attack.target", 0, "7.3.1.4 7.2.1.2 7.3.1.3"),
    case("vg", "attack-boost", "attack-boost-other-column", "arg attack.boost", 0, "7.3.1.6 10.2.3.1 7.2.1.2"),
    case("vg", "attack-boost", "attack-boost-without-skill", "card skills", 0, "7.3.1.6 10.2.3.1 7.2.1.2 10.2.3"),
    case("vg", "attack-boost", "attack-rested-attacker", "form setup circles id", 0, "7.3.1.3 7.2.1.2"),
    case("vg", "attack-boost", "attack-power-read", "card power", 1, "7.6.1.2 7.6.1.6 7.6.1.1"),
    case("vg", "guard", "guard-above-grade", "verb guard; arg guard.card", 1, "7.4.1.2.1 8.5.2.1.1.2"),
    case("vg", "guard", "guard-unit-not-attacked", "arg guard.guards", 1, "7.4.1.2.1"),
    case("vg", "guard", "guard-shield-read", "card shield", 5, "7.6.1.8 7.6.1.2 7.6.1.6"),
    case("vg", "guard", "guard-retire-other", "verb retire; arg retire.cards", 5, "7.6.1.8"),
    case(
        "vg",
        "intercept",
        "intercept-without-skill",
        "verb intercept; arg intercept.from",
        1,
        "7.4.1.2.2 10.2.2 10.2.2.1",
    ),
    case("vg", "intercept", "intercept-guards-unattacked", "arg intercept.guards", 1, "7.4.1.2.2 7.4.1.2.1"),
    case("vg", "drive-critical", "drive-not-top", "verb drive; arg drive.card", 1, "4.2.2 7.5.1.2"),
    case("vg", "drive-critical", "drive-power-empty-circle", "arg drive.power", 1, "2.8.1.1.2 2.8.1.1 7.5.1.2.2"),
    case("vg", "drive-critical", "drive-critical-empty-circle", "arg drive.critical", 1, "2.8.1.1.2 2.8.1.1 7.5.1.2.2"),
    case("vg", "drive-critical", "drive-critical-one", "card critical; card trigger", 5, "7.6.1.6 7.6.1.2 7.6.1.5"),
    case("vg", "drive-critical", "drive-clan-mismatch", "card clan", 1, "7.5.1.2.2 2.8.1.1 2.8.1.1.2"),
    case("vg", "drive-stand", "drive-stand-vanguard", "arg drive.stand", 1, "2.8.1.1.4"),
    case(
        "vg",
        "damage-heal",
        "damage-heal-not-there",
        "verb damage; arg damage.card; arg damage.heal",
        3,
        "2.8.1.1.5 10.1.7 10.1.7.1",
    ),
    case("vg", "damage-heal", "damage-power-empty", "arg damage.power", 3, "2.8.1.1.5 2.8.1.1 7.6.1.6.2"),
    case("vg", "damage-heal", "damage-to-attacker", "form damage.to", 3, "7.6.1.6 7.6.1.6.1 6.2.1"),
    case("vg", "damage-heal", "damage-heal-fewer", "setup damage", 3, "2.8.1.1.5 10.1.7 10.1.7.1"),
    case("vg", "damage-critical", "damage-critical-empty", "arg damage.critical", 3, "2.8.1.1.2 2.8.1.1 7.6.1.6.2"),
    case("vg", "damage-critical", "damage-p-attacker", "form damage.p", 3, "7.6.1.6 7.6.1.6.1 6.2.1"),
    case("vg", "damage-stand", "damage-stand-vanguard", "arg damage.stand", 3, "2.8.1.1.4"),
    case("vg", "forerunner", "forerunner-to-vanguard", "verb resolve; form resolve.to", 1, "10.2.6 10.2.6.1"),
    case("vg", "forerunner", "forerunner-source-other", "arg resolve.source", 1, "10.2.6 10.2.6.1 8.4.1.2 8.4.1.3"),
    case("vg", "forerunner", "forerunner-ability-other", "arg resolve.ability", 1, "10.2.6 10.2.6.1 8.4.1.2 8.4.1.3"),
    case("vg", "forerunner", "forerunner-keyword-left-out", "card keywords", 1, "10.2.6 10.2.6.1 8.4.1.2 8.4.1.3"),
    case(
        "vg", "superior-ride", "superior-ride-not-in-soul", "verb superior_ride; arg superior_ride.card", 0, "9.5 9.5.1"
    ),
    case("vg", "superior-ride", "superior-ride-soul-read", "setup soul", 0, "9.5 9.5.1"),
    case("vg", "act", "act-source-vanguard", "verb act; arg act.source", 0, "6.6.1.2.2 8.5 8.1.1.1"),
    case("vg", "act", "act-ability-one", "arg act.ability", 0, "6.6.1.2.2 8.5 8.1.1.1"),
    case("vg", "act", "act-counter-blast-not-there", "arg act.counter_blast", 0, "10.1.15 8.5.2.3 8.5"),
    case("vg", "act", "act-soul-blast-more", "arg act.soul_blast", 0, "10.1.16 8.5.2.3 8.5"),
    case("vg", "act", "act-discard-more", "arg act.discard", 0, "10.1.2 8.5.2.3 8.5"),
    case("vg", "act", "act-without-abilities", "card abilities", 0, "6.6.1.2.2 8.5 8.1.1.1"),
    case("vg", "act", "act-damage-face-down", "form setup damage {card, face: down}", 0, "10.1.15 8.5.2.3 8.5"),
    case(
        "vg",
        "act",
        "act-expect-face-down",
        "form expect damage {card, face: down}",
        0,
        "10.1.15 6.6.1.2.2 8.5",
        says="damage",
    ),
    case(
        "vg", "effect", "effect-card-not-in-drop", "verb effect; setup drop", 0, "8.5", verdict=VerdictKind.INCOMPLETE
    ),
    case("vg", "pass", "pass-then-call", "verb pass", 1, "6.6.1.2"),
    case("vg", "concede", "concede-winner-wrong", "verb concede; form expect winner player", 0, "1.2.4"),
    case(
        "vg",
        "nation-race",
        "",
        "card nation; card race",
        None,
        "",
        no_twin="no rule reads nation or race but card abilities (vg 2.3.1.1, 2.17.2): a log cannot break them",
    ),
    case("vg", "locked", "locked-attacks", "setup circles locked", 0, "7.3.1.3 7.2.1.2"),
    case("vg", "locked", "locked-expect-unlocked", "expect circles locked", 0, "7.2.1.2 7.3.1.3 7.3.1", says="locked"),
    case("vg", "deleted", "deleted-left-out", "setup circles deleted", 0, "7.2.1.2 7.3.1.3 7.3.1", says="power"),
    case("vg", "deleted", "deleted-expect-false", "expect circles deleted", 0, "7.2.1.2 7.3.1.3 7.3.1", says="deleted"),
    case("vg", "face-down", "face-down-expect-up", "expect circles face", 1, "5.4.3", says="face"),
    case("vg", "face-down-setup", "face-down-setup-left-out", "setup circles face", 0, "6.4.1.1.2 10.1.1", says="face"),
    case("vg", "hearts", "hearts-other", "setup circles hearts", 0, "7.2.1.2 7.3.1.3 7.3.1", says="power"),
    case("vg", "hearts", "hearts-expect-other", "expect circles hearts", 0, "7.2.1.2 7.3.1.3 7.3.1", says="hearts"),
    case("vg", "mate", "mate-left-out", "setup circles mate", 0, "7.2.1.2 7.3.1.3 7.3.1 10.1.24.5", says="power"),
    case("vg", "mate", "mate-expect-other", "expect circles mate", 0, "7.2.1.2 7.3.1.3 7.3.1 10.1.24.5", says="mate"),
    case(
        "vg", "guardian-circle", "guardian-circle-empty", "setup circles G", 0, "7.2.1.2 7.3.1.3 7.3.1", says="guardian"
    ),
    case(
        "vg",
        "guardian-circle",
        "guardian-circle-expect-other",
        "expect circles G",
        0,
        "7.2.1.2 7.3.1.3 7.3.1",
        says="guardian",
    ),
    case("vg", "expect", "expect-hand-count", "expect hand count", 0, "6.6.1.2.3", says="hand"),
    case("vg", "expect", "expect-drop-count", "expect drop count", 0, "6.6.1.2.3", says="drop"),
    case("vg", "expect", "expect-soul-count", "expect soul count", 0, "6.6.1.2.3", says="soul"),
    case("vg", "expect", "expect-damage-count", "expect damage count", 0, "6.6.1.2.3", says="damage"),
    case("vg", "expect", "expect-bind-count", "expect bind count", 0, "6.6.1.2.3", says="bind"),
    case("vg", "expect", "expect-removed-count", "expect removed count", 0, "6.6.1.2.3", says="removed"),
    case("vg", "expect", "expect-deck-count", "expect deck count", 0, "6.6.1.2.3", says="deck"),
    case("vg", "expect", "expect-g-zone-down-count", "expect g_zone.down", 0, "6.6.1.2.3", says="down"),
    case("vg", "expect", "expect-g-zone-up-count", "expect g_zone.up", 0, "6.6.1.2.3", says="up"),
    case("vg", "expect", "expect-circles-null", "expect circles card", 0, "6.6.1.2.3", says="card"),
    case("vg", "expect", "expect-circles-state", "expect circles state", 0, "6.6.1.2.3", says="state"),
    case("vg", "expect", "expect-circles-power", "expect circles power", 0, "6.6.1.2.3", says="power"),
    case("vg", "expect", "expect-circles-critical", "expect circles critical", 0, "6.6.1.2.3", says="critical"),
    case("vg", "expect", "expect-turn", "expect turn", 0, "6.6.1.2.3", says="turn"),
    case("vg", "expect", "expect-phase", "expect phase", 0, "6.6.1.2.3", says="phase"),
    case("vg", "expect", "expect-winner", "expect winner; form expect winner null", 0, "6.6.1.2.3", says="winner"),
    case("vg", "expect", "expect-hand-list", "expect hand list", 1, "6.6.1.2.3", says="hand"),
    case("vg", "expect", "expect-drop-list", "expect drop list", 1, "6.6.1.2.3", says="drop"),
    case("vg", "expect", "expect-soul-list", "expect soul list", 1, "6.6.1.2.3", says="soul"),
    case("vg", "expect", "expect-damage-list", "expect damage list", 1, "6.6.1.2.3", says="damage"),
    case("vg", "expect", "expect-bind-list", "expect bind list", 1, "6.6.1.2.3", says="bind"),
    case("vg", "expect", "expect-removed-list", "expect removed list", 1, "6.6.1.2.3", says="removed"),
    case("vg", "expect", "expect-deck-list", "expect deck list", 1, "6.6.1.2.3", says="deck"),
    case("vg", "expect", "expect-g-zone-down-list", "expect g_zone.down", 1, "6.6.1.2.3", says="down"),
    case("vg", "expect", "expect-g-zone-up-list", "expect g_zone.up", 1, "6.6.1.2.3", says="up"),
    case("vg", "expect", "setup-bind-other", "setup bind", 1, "6.6.1.2.3", says="bind"),
    case("vg", "expect", "setup-removed-other", "setup removed", 1, "6.6.1.2.3", says="removed"),
    case("vg", "expect", "setup-deck-list-order", "form setup deck list", 1, "6.6.1.2.3", says="deck"),
    case(
        "vg", "setup-deck-count", "setup-deck-count-other", "form setup deck count", 0, "6.4.1.1.2 10.1.1", says="deck"
    ),
    case("vg", "drive-heal", "drive-heal-not-there", "arg drive.heal", 1, "2.8.1.1.5 10.1.7 10.1.7.1"),
    case(
        "vg",
        "resolve-pay",
        "resolve-pay-nothing-to-blast",
        "arg resolve.pay",
        1,
        "8.6.4 10.1.15",
    ),
)
WL_CASES = (
    case("wl", "opening", "opening-draw-four", "verb draw; arg draw.cards", 0, "5.2.1.6"),
    case("wl", "opening", "opening-mulligan-second-first", "verb mulligan; arg mulligan.redraw", 3, "5.2.1.6 5.2.1.7"),
    case("wl", "opening", "opening-mulligan-draws-four", "arg mulligan.draw", 3, "5.2.1.6.1 5.2.1.6"),
    case("wl", "opening", "opening-life-four", "verb life; arg life.cards; card life", 4, "5.2.1.7 2.9.2"),
    case("wl", "opening", "opening-blue-card", "card color", None, "5.1.2 5.1.2.2"),
    case("wl", "draw-phase", "draw-phase-other-card", "setup deck; form setup deck top+rest", 0, "5.2.1.1 3.2.2 6.3.1"),
    case("wl", "draw-phase", "draw-phase-from-main", "setup phase", 0, "6.3.1 6.3"),
    case("wl", "draw-phase", "draw-phase-other-player", "setup active", 0, "6.3.1 6.3"),
    case("wl", "draw-phase", "draw-phase-turn-six", "setup turn", 0, "6.1.1"),
    case("wl", "energio", "energio-three", "verb energio; arg energio.count", 0, "6.4.1"),
    case("wl", "energio", "energio-deck-one", "setup energio_deck", 0, "6.4.1 6.4.2 6.4.3"),
    case("wl", "play", "play-not-in-hand", "verb play; arg play.card; setup hand", 0, "6.5.3.1 6.5.3"),
    case("wl", "play", "play-cost-four", "card cost", 0, "6.5.3.1 2.7.2 2.7.3 2.7.4"),
    case("wl", "play", "play-cost-rested", "setup cost", 0, "6.5.3.1 2.7.2 2.7.3 2.7.4"),
    case("wl", "play", "play-as-event", "card category", 0, "6.5.3.1 10.2.3 10.2.3.1"),
    case("wl", "play-trash", "play-trash-not-there", "arg play.trash", 0, "3.7.6.1 3.7.6"),
    case("wl", "play-trash", "play-trash-four-characters", "setup characters", 0, "3.7.6.1 3.7.6"),
    case("wl", "act", "act-source-leader", "verb act; arg act.source", 0, "6.5.4.1 10.2.2 8.4.1"),
    case("wl", "act", "act-ability-one", "arg act.ability; card abilities", 0, "6.5.4.1 10.2.2 8.4.1"),
    case("wl", "give", "give-three", "verb give; arg give.count", 0, "6.5.5.1 6.5.5.3"),
    case("wl", "give", "give-to-missing", "arg give.to", 0, "6.5.5.1 6.5.5"),
    case("wl", "give-default", "give-default-none-active", "form give.count default", 0, "6.5.5.1 6.5.5.3"),
    case("wl", "attack", "attack-with-missing", "verb attack; arg attack.attacker", 0, "7.1.1 7.1.1.1"),
    case("wl", "attack", "attack-active-character", "arg attack.target", 0, "7.1.1.2 7.1.1"),
    case("wl", "attack", "attack-fresh", "setup characters.fresh", 0, "7.1.1.1 3.7.4 10.1.1.1"),
    case("wl", "attack", "attack-rested", "setup characters.state", 0, "7.1.1.1 7.1.1"),
    case(
        "wl",
        "attack",
        "damage-other-card",
        "verb damage; arg damage.card; setup life",
        2,
        "7.1.4.1.1.2 3.10.2 7.1.4.1.1",
    ),
    case("wl", "attack", "damage-power-read", "card power", 2, "7.1.4.1.1 7.1.4.2"),
    case("wl", "trigger", "trigger-without", "arg damage.trigger; card trigger", 2, "10.1.5.1 10.1.5"),
    case("wl", "block", "block-not-there", "verb block; arg block.blocker", 1, "10.1.4.1 7.1.2.1"),
    case("wl", "block", "block-without-keyword", "card keywords", 1, "10.1.4.1 7.1.2.1"),
    case("wl", "block", "ko-other", "verb ko; arg ko.card", 3, "7.1.4.1.2 10.2.1.2 10.2.1"),
    case("wl", "counter", "counter-no-value", "verb counter; arg counter.card; card counter", 1, "7.1.3.2.1 7.1.3.2"),
    case("wl", "counter", "counter-target-missing", "arg counter.target", 1, "7.1.3.2.1 7.1.3.2"),
    case("wl", "end", "end-then-play", "verb end", 1, "6.5.3.1 6.5.2.1 6.5.2 6.6"),
    case("wl", "pass", "pass-then-block", "verb pass", 2, "10.1.4.1 7.1.2.1 7.1.2 7.1.3.2"),
    case("wl", "concede", "concede-winner-wrong", "verb concede; form expect winner player", 0, "1.2.3 1.2.4"),
    case(
        "wl", "effect", "effect-not-in-trash", "verb effect; setup trash", 0, "8.1.1 8", verdict=VerdictKind.INCOMPLETE
    ),
    case(
        "wl",
        "resolve",
        "resolve-ability-three",
        "verb resolve; arg resolve.source; arg resolve.ability",
        1,
        "8.1.3.2 8.6.1.1",
    ),
    case("wl", "expect", "expect-turn", "expect turn", 0, "6.5.5.1 6.5.5", says="turn"),
    case("wl", "expect", "expect-phase", "expect phase", 0, "6.5.5.1 6.5.5", says="phase"),
    case("wl", "expect", "expect-winner", "expect winner; form expect winner null", 0, "6.5.5.1 6.5.5", says="winner"),
    case("wl", "expect", "expect-hand-count", "expect hand", 0, "6.5.5.1 6.5.5", says="hand"),
    case("wl", "expect", "expect-trash-count", "expect trash", 0, "6.5.5.1 6.5.5", says="trash"),
    case("wl", "expect", "expect-life-count", "expect life", 0, "6.5.5.1 6.5.5", says="life"),
    case("wl", "expect", "expect-deck-count", "expect deck", 0, "6.5.5.1 6.5.5", says="deck"),
    case("wl", "expect", "expect-stage-count", "expect stage", 0, "6.5.5.1 6.5.5", says="stage"),
    case(
        "wl",
        "expect",
        "expect-characters-count",
        "expect characters; form expect characters count",
        0,
        "6.5.5.1 6.5.5",
        says="Character",
    ),
    case("wl", "expect", "expect-cost", "expect cost", 0, "6.5.5.1 6.5.5", says="cost"),
    case("wl", "expect", "expect-energio-deck", "expect energio_deck", 0, "6.5.5.1 6.5.5", says="energio"),
    case("wl", "expect", "expect-leader-state", "expect leader.state", 0, "6.5.5.1 6.5.5", says="state"),
    case("wl", "expect", "expect-leader-given", "expect leader.given", 0, "6.5.5.1 6.5.5", says="given"),
    case("wl", "expect", "expect-leader-power", "expect leader.power", 0, "6.5.5.1 6.5.5", says="power"),
    case("wl", "expect", "expect-hand-list", "form expect hand list", 1, "6.5.2.1 6.5.2", says="hand"),
    case("wl", "expect", "expect-trash-list", "form expect trash list", 1, "6.5.2.1 6.5.2", says="trash"),
    case("wl", "expect", "expect-life-list", "form expect life list", 1, "6.5.2.1 6.5.2", says="life"),
    case("wl", "expect", "expect-deck-list", "form expect deck list", 1, "6.5.2.1 6.5.2", says="deck"),
    case("wl", "expect", "expect-stage-id", "form expect stage id", 1, "6.5.2.1 6.5.2", says="stage"),
    case("wl", "expect", "expect-leader-id", "expect leader", 1, "6.5.2.1 6.5.2", says="leader"),
    case(
        "wl",
        "expect",
        "expect-characters-card",
        "expect characters.card; form expect characters list",
        1,
        "6.5.2.1 6.5.2",
        says="card",
    ),
    case("wl", "expect", "expect-characters-state", "expect characters.state", 1, "6.5.2.1 6.5.2", says="state"),
    case("wl", "expect", "expect-characters-given", "expect characters.given", 1, "6.5.2.1 6.5.2", says="given"),
    case("wl", "expect", "expect-characters-power", "expect characters.power", 1, "6.5.2.1 6.5.2", says="power"),
    case("wl", "expect", "setup-leader-state", "setup leader.state", 0, "6.5.5.1 6.5.5", says="state"),
    case("wl", "expect", "setup-leader-given", "setup leader.given", 0, "6.5.5.1 6.5.5", says="given"),
    case("wl", "expect", "setup-characters-given", "setup characters.given", 1, "6.5.2.1 6.5.2", says="given"),
    case("wl", "expect", "setup-stage-other", "setup stage; form setup stage id", 1, "6.5.2.1 6.5.2", says="stage"),
    case(
        "wl",
        "expect",
        "setup-leader-not-theirs",
        "setup leader",
        None,
        "",
        twin_verdict=VerdictKind.MALFORMED,
        says="Leader",
    ),
    case(
        "wl",
        "expect",
        "",
        "card name; card types; card attributes",
        None,
        "",
        no_twin="no rule reads a card's name, types or attributes but card text (wl 2.1, 2.4, 2.5): a log cannot break them",
    ),
    case("wl", "stage-state", "stage-state-active", "form setup stage {card, state}", 0, "6.5.2.1 6.5.2", says="state"),
    case(
        "wl",
        "stage-state",
        "stage-state-expect-other",
        "form expect stage {card, state}",
        0,
        "6.5.2.1 6.5.2",
        says="card",
    ),
    case("wl", "leader-rested", "leader-rested-attacks", "setup leader.state", 0, "7.1.1.1 7.1.1"),
)
CASES: tuple[Case, ...] = WS_CASES + VG_CASES + WL_CASES


@cache
def verdict_of(path: Path) -> Verdict:
    return verify_log(load_log(path))


def row_params(broken: bool = False) -> list[object]:
    """One test per row and twin, named by the row; strictly expected to fail where the judge falls short."""
    params = []
    for one in CASES:
        reason = one.twin_xfail if broken else one.xfail
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        if broken and one.no_twin:
            marks = [pytest.mark.skip(reason=one.no_twin)]
        params.extend(pytest.param(one, id=f"{row} ({one.twin or one.log})", marks=marks) for row in one.rows)
    return params


def explain(verdict: Verdict) -> str:
    return "; ".join(f"entry {v.entry}: {v.message} {v.clauses}" for v in verdict.violations) or str(verdict.notes)


@pytest.mark.parametrize("one", row_params())
def test_a_log_written_to_the_row_verifies_as_the_format_says(one: Case) -> None:
    verdict = verdict_of(one.path)
    assert verdict.kind is one.verdict, explain(verdict)


@pytest.mark.parametrize("one", row_params(broken=True))
def test_its_broken_twin_is_illegal_at_the_entry_citing_the_rows_clause(one: Case) -> None:
    verdict = verdict_of(one.broken)
    assert verdict.kind is one.twin_verdict, explain(verdict)
    if one.twin_verdict is VerdictKind.MALFORMED:  # one located error, naming the clause where it has one
        messages = [violation.message for violation in verdict.violations]
        assert not one.clauses or any(clause in message for message in messages for clause in one.clauses), messages
        assert any(one.says in violation.message for violation in verdict.violations), explain(verdict)
        return
    at_entry = [violation for violation in verdict.violations if violation.entry == one.entry]
    assert at_entry, f"no violation at entry {one.entry}: {explain(verdict)}"
    assert any(set(one.clauses) & set(violation.clauses) for violation in at_entry), explain(verdict)
    assert any(one.says in violation.message for violation in at_entry), explain(verdict)


@pytest.mark.skipif(not CONTRACT.is_file(), reason="the shared contract is not beside the project")
def test_every_row_of_the_format_has_a_case() -> None:
    covered = {row for one in CASES for row in one.rows}
    missing = sorted((contract_rows(CONTRACT.read_text(encoding="utf-8")) | FORMS) - covered)
    assert missing == [], f"{len(missing)} row(s) of the format have no log here: {missing}"


@pytest.mark.skipif(not CONTRACT.is_file(), reason="the shared contract is not beside the project")
def test_every_case_covers_a_row_the_format_names() -> None:
    named = contract_rows(CONTRACT.read_text(encoding="utf-8")) | FORMS
    unknown = sorted({row for one in CASES for row in one.rows} - named)
    assert unknown == [], f"rows no table or form names (a typo, or a row the contract dropped): {unknown}"


def test_every_log_here_belongs_to_a_case_and_every_case_has_both_logs() -> None:
    files = {path.relative_to(DATA) for path in DATA.rglob("*.yaml")}
    expected = {
        path.relative_to(DATA) for one in CASES for path in (one.path, one.broken) if one.twin or path == one.path
    }
    assert files == expected
