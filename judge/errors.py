"""Errors the command line shows to the user, each with the exit code scripts can rely on.

Exit codes: 0 success, 1 a check found problems (lint findings, an illegal
log), 2 bad usage or bad input (an unknown clause id, a malformed file).
"""

from __future__ import annotations

import click

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2


class JudgeError(click.ClickException):
    """A located, user-facing error; shown without a traceback."""

    exit_code = EXIT_USAGE
