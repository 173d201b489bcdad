"""Headless Chromium for the tests that open pages in a browser: one way to find it, run it and skip without it.

``dump_dom`` prints a page's DOM after its scripts ran (``--dump-dom``), ``screenshot`` saves what the window
shows.  Every run is headless (the new mode), sandbox and GPU off, without the browser's background traffic
(updates, sync, first-run pages), in a profile folder of its own (the one given, or else a throwaway one
Chromium makes), so a run depends on the page alone.  Each run has a time limit: a browser still running then
is killed with every process it started, and the test fails.  ``layout_report`` reads what a graph page
reports of its own drawing.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser", "google-chrome") if (found := shutil.which(name))), None
)
"""The browser binary, or None where none is installed."""

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
"""Skips a test that opens a page in the browser, where there is none."""

WINDOW = (1400, 1000)
TIMEOUT_SECONDS = 120.0
"""Far beyond what any page of the tests takes: only a stuck browser reaches it."""

QUIET = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""What every run passes besides headless mode: no sandbox or GPU, and none of the browser's own traffic."""
NO_SCROLLBARS = ("--hide-scrollbars",)
"""For pages whose layout is measured or pictured: the whole window is the page's."""


def layout_report(dom: str) -> dict[str, Any] | None:
    """The report a graph page writes into ``<pre id="layout">`` once drawn (judge/graphs/pages.py): the window's
    size, the view shown, ``ready_ms`` and every node's box on screen.  None while the page has written none."""
    found = re.search(r'<pre id="layout"[^>]*>(.*?)</pre>', dom, re.DOTALL)
    if found is None or not found[1]:
        return None
    report: dict[str, Any] = json.loads(html.unescape(found[1]))
    return report


def command(url: str, profile_dir: Path | None, window: tuple[int, int], flags: Sequence[str]) -> list[str]:
    """The command line that opens ``url`` headless at ``window`` (width, height) with ``flags`` before it.

    ``profile_dir`` None leaves the profile to Chromium: a throwaway one, which also leaves the page the
    window's full height (a named ``--user-data-dir`` costs the page some 56 pixels of it), as the pages
    whose layout is measured need.
    """
    assert CHROMIUM is not None, "Chromium is not installed: mark the test with needs_chromium"
    width, height = window
    profile = [] if profile_dir is None else [f"--user-data-dir={profile_dir}"]
    return [CHROMIUM, "--headless=new", *QUIET, f"--window-size={width},{height}", *profile, *flags, url]


def run(arguments: list[str], timeout: float) -> str:
    """Run the browser; its standard output.  Fails the test when it exits with an error or outlives ``timeout``.

    The browser runs in a process group of its own, so that on a timeout its helper processes (renderer,
    zygote) are killed along with it and nothing keeps the output pipes open.
    """
    with subprocess.Popen(
        arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    ) as browser:
        try:
            out, err = browser.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(browser.pid, signal.SIGKILL)
            browser.communicate()
            pytest.fail(f"Chromium still running after {timeout:g} s: {' '.join(arguments[1:])}")
    assert browser.returncode == 0, f"Chromium exited with {browser.returncode}:\n{err[-2000:]}"
    return out


def dump_dom(
    url: str,
    profile_dir: Path | None,
    *,
    budget_ms: int = 5000,
    window: tuple[int, int] = WINDOW,
    extra_flags: Sequence[str] = (),
    timeout: float = TIMEOUT_SECONDS,
) -> str:
    """The DOM of ``url`` once its scripts ran for ``budget_ms`` of the page's (virtual) time."""
    flags = [*extra_flags, f"--virtual-time-budget={budget_ms}", "--dump-dom"]
    return run(command(url, profile_dir, window, flags), timeout)


def screenshot(
    url: str,
    out_png: Path,
    profile_dir: Path | None,
    *,
    window: tuple[int, int] = WINDOW,
    extra_flags: Sequence[str] = (),
    timeout: float = TIMEOUT_SECONDS,
) -> Path:
    """Save what the window shows of ``url`` to ``out_png``; returns ``out_png``."""
    run(command(url, profile_dir, window, [*extra_flags, f"--screenshot={out_png}"]), timeout)
    return out_png
