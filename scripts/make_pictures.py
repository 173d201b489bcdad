"""Pictures of the docs site for the README: a rules page, the procedure view and a scenario's stepper.

Usage (from the checkout, with Chromium installed)::

    python3 scripts/make_pictures.py [--out docs/pictures] [--site DIR] [--width 1400 --height 1000 --scale 0.75]

It builds the site for Weiss Schwarz (``judge docs build SITE --game ws``, into a
temporary folder unless ``--site`` names one), writes the rules procedure view
(``judge graph rules --game ws --html``), opens each page in headless Chromium
and saves a PNG of the window:

* ``rules-page.png``: ``rules/ws/4.html#ws-4-10-1-2``, the Damage Process;
* ``procedure.png``: the turn procedure of the rules as a graph;
* ``scenario-stepper.png``: ``scenarios/ws/damage/cancel-middle.html``, a step
  into its walk.

Chromium is driven through its DevTools protocol over a pipe (``--remote-debugging-pipe``),
with nothing to install: a plain ``chromium --screenshot`` of a URL with a
``#fragment`` comes out blank, and the stepper needs a click before its picture.
``--scale`` renders at that device scale factor, so the PNGs are smaller
(``1400x1000`` at 0.75 is ``1050x750``) and the pictures stay a few hundred KB in all.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Self

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
RULES_PAGE = "rules/ws/4.html#ws-4-10-1-2"
SCENARIO_PAGE = "scenarios/ws/damage/cancel-middle.html"


def find_chromium() -> str | None:
    """The Chromium (or Chrome) executable on the PATH, or None."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


class Browser:
    """A headless Chromium driven through the DevTools protocol over a pipe: open pages, run script, take PNGs.

    The protocol's messages are JSON texts ended by a NUL byte; Chromium reads them
    on its file descriptor 3 and writes its answers and events on 4.
    """

    def __init__(self, executable: str, width: int = 1400, height: int = 1000, scale: float = 1.0) -> None:
        self._profile = tempfile.mkdtemp(prefix="judge-pictures-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def wire() -> None:  # in the child: the pipes as fds 3 and 4
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        self._process = subprocess.Popen(
            [
                executable,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={self._profile}",
                f"--window-size={width},{height}",
                f"--force-device-scale-factor={scale}",
                "--remote-debugging-pipe",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire,  # noqa: PLW1509 - single-threaded; the child needs the pipes on fds 3 and 4
            pass_fds=(3, 4),
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.width, self.height = width, height
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=scale,
            mobile=False,
        )

    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        decoded: dict[str, Any] = json.loads(message)
        return decoded

    def call(self, method: str, *, session: bool = False, timeout: float = 60.0, **params: Any) -> dict[str, Any]:
        """Send one command (to the page's session when ``session``) and return its result."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self._session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result

    def open(self, url: str, settle: float = 0.5) -> None:
        """Load ``url`` and wait until its load event has fired and its scripts have had ``settle`` seconds."""
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("document.readyState === 'complete'")
        time.sleep(settle)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited when it is a promise)."""
        result = self.call(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails'].get('text')}: {expression}")
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 30.0) -> None:
        """Wait until a JavaScript condition holds in the page."""
        deadline = time.monotonic() + timeout
        while not self.evaluate(f"Boolean({expression})"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page never reached: {expression}")
            time.sleep(0.1)

    def screenshot(self, path: Path) -> Path:
        """The window as a PNG at ``path``."""
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=10)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self._profile, ignore_errors=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def build_site(site: Path) -> None:
    """The docs site for Weiss Schwarz, as ``judge docs build`` makes it."""
    subprocess.run([sys.executable, "-m", "judge", "docs", "build", str(site), "--game", "ws"], cwd=ROOT, check=True)


def write_procedure(path: Path) -> None:
    """The procedure view of the Weiss Schwarz rules, as ``judge graph rules --html`` writes it."""
    subprocess.run(
        [sys.executable, "-m", "judge", "graph", "rules", "--game", "ws", "--html", str(path)],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def step_forward(browser: Browser, steps: int) -> bool:
    """Advance the scenario page's stepper ``steps`` times; False when the page has no stepper to click."""
    clicked = browser.evaluate(
        f"""(() => {{
            const next = document.querySelector('.judge-stepper .js-next');
            if (!next) return false;
            for (let i = 0; i < {steps}; i++) next.click();
            return true;
        }})()"""
    )
    return bool(clicked)


def take_pictures(site: Path, out: Path, browser: Browser, work: Path) -> list[Path]:
    """The three pictures of the README, from a built ``site``, into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    pictures = []
    browser.open((site / RULES_PAGE.split("#")[0]).as_uri() + "#" + RULES_PAGE.split("#")[1])
    anchor = RULES_PAGE.split("#")[1]
    browser.evaluate(f"document.getElementById('{anchor}').scrollIntoView(); window.scrollBy(0, -260)")
    pictures.append(browser.screenshot(out / "rules-page.png"))
    procedure = work / "procedure.html"
    write_procedure(procedure)
    browser.open(procedure.as_uri(), settle=3.0)  # the graph lays itself out
    pictures.append(browser.screenshot(out / "procedure.png"))
    browser.open((site / SCENARIO_PAGE).as_uri())
    if step_forward(browser, 2):
        time.sleep(0.3)
    browser.evaluate(
        "(document.getElementById('step-by-step') || document.body).scrollIntoView(); window.scrollBy(0, -10)"
    )
    pictures.append(browser.screenshot(out / "scenario-stepper.png"))
    return pictures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "pictures", help="where the PNGs go")
    parser.add_argument("--site", type=Path, help="a site already built with --game ws (default: build one)")
    parser.add_argument("--width", type=int, default=1400)
    parser.add_argument("--height", type=int, default=1000)
    parser.add_argument("--scale", type=float, default=0.75, help="device scale factor of the pictures")
    args = parser.parse_args(argv)
    executable = find_chromium()
    if executable is None:
        print("no Chromium on the PATH: the pictures need it (apt-get install chromium)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="judge-pictures-") as temporary:
        work = Path(temporary)
        site = args.site
        if site is None:
            site = work / "site"
            build_site(site)
        with Browser(executable, args.width, args.height, args.scale) as browser:
            pictures = take_pictures(site.resolve(), args.out, browser, work)
    for picture in pictures:
        print(
            f"{picture.relative_to(ROOT) if picture.is_relative_to(ROOT) else picture}: {picture.stat().st_size} bytes"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
