"""Stepping through a scenario at a terminal: keys, colour, and redrawing in place.

The screens themselves are :mod:`judge.stepper`'s; this is the command line's side of the
stepper (``judge scenario step``), the only part of it that reads keys and knows about
terminals, so that the library stays free of click.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any, Final

import click

from judge.scenarios import Scenario
from judge.stepper import Step, ending_text, plain, screen, why_text

STYLES: Final[dict[str, dict[str, Any]]] = {
    "title": {"bold": True},
    "entry": {"fg": "cyan", "bold": True},
    "clauses": {"fg": "bright_black"},
    "dim": {"fg": "bright_black"},
    "refused": {"fg": "red", "bold": True},
    "changed": {"fg": "yellow", "bold": True},
    "good": {"fg": "green", "bold": True},
    "bad": {"fg": "red", "bold": True},
}


def coloured(text: str, role: str) -> str:
    """ANSI colour for a terminal that has it."""
    return click.style(text, **STYLES.get(role, {}))


HELP: Final = "n, Enter or \u2192 next \u00b7 b or \u2190 back \u00b7 j N jump to step N \u00b7 w why (what was legal) \u00b7 q quit"
KEYS: Final = {
    "n": "next",
    "\r": "next",
    "\n": "next",
    "\x1b[C": "next",
    "\x1bOC": "next",
    "b": "back",
    "\x1b[D": "back",
    "\x1bOD": "back",
    "j": "jump",
    "w": "why",
    "q": "quit",
}
"""A key (or the escape sequence a terminal sends for an arrow) -> what it does; any other key does nothing."""
KEY_NAMES: Final = {
    "\x1b[A": "\u2191",
    "\x1b[B": "\u2193",
    "\x1bOA": "\u2191",
    "\x1bOB": "\u2193",
    "\x1b": "Esc",
    " ": "space",
}


def colour_wanted() -> bool:
    """Whether the standard output is a terminal that shows colour (not ``TERM=dumb``, no ``NO_COLOR``)."""
    return sys.stdout.isatty() and os.environ.get("TERM") != "dumb" and not os.environ.get("NO_COLOR")


def key_name(key: str) -> str:
    """A key as a message names it: itself when printable, an arrow's sign, or its escaped form."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    return key if key.isprintable() else key.encode("unicode_escape").decode("ascii")


def read_command(last: int) -> tuple[str, str]:
    """The next command: (``next`` | ``back`` | ``quit`` | ``jump`` | ``why`` | ``unknown``, its argument).

    At a terminal a single key is read as it is pressed (``j`` then asks for the step); from a pipe, a line
    (``n``, ``b``, ``j 3``, ``w``, ``q``; an empty line is Enter).  The end of the input, or Ctrl-C, quits.
    """
    if sys.stdin.isatty():
        try:
            key = click.getchar()
        except (KeyboardInterrupt, EOFError):
            return "quit", ""
        command = KEYS.get(key.lower() if len(key) == 1 else key, "unknown")
        if command != "jump":
            return command, key
        try:
            return "jump", str(click.prompt(f"jump to step (0-{last})", default="", show_default=False)).strip()
        except (KeyboardInterrupt, EOFError, click.Abort):
            return "quit", ""
    line = sys.stdin.readline()
    if not line:
        return "quit", ""
    text = line.strip()
    if not text:
        return "next", ""
    lowered = text.lower()
    for command, words in (
        ("next", ("n", "next")),
        ("back", ("b", "back")),
        ("why", ("w", "why")),
        ("quit", ("q", "quit")),
    ):
        if lowered in words:
            return command, ""
    jump = re.fullmatch(r"(?:j|jump)\s*(\S*)", lowered)
    if jump is not None:
        return "jump", jump.group(1)
    return "unknown", text


def stepping(scenario: Scenario, steps: list[Step], ending: str) -> None:
    """Step through a walk from the keyboard.  On a terminal each screen replaces the one before (in colour
    when the terminal has it); from a pipe the screens follow one another.  A key that is not a command moves
    nothing and says which keys are.  ``w`` shows, under the step, what was legal at its entry and why every
    other verb was refused (``judge why``), until the step changes."""
    in_place = sys.stdout.isatty()
    paint = coloured if colour_wanted() else plain
    last = len(steps) - 1
    index, message, show = 0, "", True
    shown_before: int | None = None  # the step on the screen before this one: the change marks are since it
    why_shown = ""  # what ``w`` answered for this step, shown under it until the step changes
    while True:
        if in_place:
            click.clear()
        if show or in_place:
            click.echo(screen(scenario, steps, index, paint, shown_before))
            if index == last:
                click.echo(ending_text(ending, paint))
        if why_shown:
            click.echo(why_shown)
        if message:
            click.echo(paint(message, "refused"))
        click.echo(paint(HELP, "dim"))
        command, argument = read_command(last)
        message, show, previous = "", True, index
        if command == "quit" or (command == "next" and index == last):
            return
        if command == "next":
            index += 1
        elif command == "back":
            index = max(0, index - 1)
        elif command == "jump" and argument.isdigit() and int(argument) <= last:
            index = int(argument)
        elif command == "jump":
            message, show = f"jump to a step from 0 to {last} (j N)", False
        elif command == "why":
            why_shown, show = why_text(scenario, steps[index], paint), False
        else:
            message, show = f"unknown key {key_name(argument)}: n next, b back, j N jump, w why, q quit", False
        if index != previous:
            shown_before = previous
            why_shown = ""
