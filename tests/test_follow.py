"""``judge verify --follow``: a log judged entry by entry as it is written gets the verdict of the whole file, each
violation reported at its own entry, and bad input a located error."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge import games
from judge.batch import clause_check
from judge.follow import Feed, Follower
from judge.logfile import LogFormatError, load_log, parse_log
from judge.replay import verify_log
from judge.verdict import EXIT_CODES

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "judge" / "examples"
BROKEN = sorted((ROOT / "tests" / "data" / "format").glob("*/broken/*.yaml"))
GAMES = ("ws", "vg", "wl")


def json_lines(path: Path) -> list[str]:
    """A log as JSON Lines rows: the header, then one row an entry."""
    log = load_log(path)
    return [json.dumps(log.header, default=str)] + [json.dumps(entry.data, default=str) for entry in log.entries]


def example_rows(game: str) -> list[str]:
    return json_lines(EXAMPLES / f"{game}-game.yaml")


def injected(rows: list[str]) -> list[str]:
    """The log with an illegal entry: a card played (called, ridden) a second time at once, a third of the way in."""
    game = games.get(json.loads(rows[0])["game"])
    at = next(
        index
        for index, row in enumerate(rows)
        if index > len(rows) // 3 and "card" in (data := json.loads(row)) and data["do"] in game.choice_verbs
    )
    return [*rows[: at + 1], rows[at], *rows[at + 1 :]]


def without_a_pass(rows: list[str]) -> list[str]:
    """The log with one written pass left out, a third of the way in: the replay implies it."""
    at = next(i for i, row in enumerate(rows) if i > len(rows) // 3 and json.loads(row).get("do") == "pass")
    return [*rows[:at], *rows[at + 1 :]]


def batch(rows: list[str], name: str = "game.jsonl") -> tuple[dict[str, Any], int]:
    verdict = verify_log(parse_log("\n".join(rows) + "\n", name, "jsonl"), clause_check(), trace=False)
    return verdict.to_dict(), EXIT_CODES[verdict.kind]


def followed(rows: list[str], name: str = "game.jsonl") -> tuple[list[dict[str, Any]], dict[str, Any], int]:
    out = io.StringIO()
    feed = Feed(name, idle=0.1, stream=io.BytesIO(("\n".join(rows) + "\n").encode()))
    code = Follower(feed, as_json=True, out=out).run()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    return lines[:-1], lines[-1], code


def assert_same_as_batch(rows: list[str], lines: list[dict[str, Any]], verdict: dict[str, Any], code: int) -> None:
    expected, expected_code = batch(rows)
    assert verdict == expected
    assert code == expected_code
    final: dict[int, dict[str, Any]] = {}
    for line in lines:
        if line["status"] != "pending":
            assert line["entry"] not in final, f"entry {line['entry']} settled twice"
            final[line["entry"]] = line
    by_entry: dict[int, list[dict[str, Any]]] = {}
    for violation in expected["violations"]:
        if violation["entry"] is not None:
            shown = {key: value for key, value in violation.items() if key not in ("entry", "line")}
            by_entry.setdefault(violation["entry"], []).append(shown)
            assert final[violation["entry"]]["line"] == violation["line"]
    reported = {entry: line["violations"] for entry, line in final.items() if line["violations"]}
    assert reported == by_entry
    assert all(line["status"] == ("violation" if line["violations"] else "applied") for line in final.values())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("variant", ["as written", "an illegal entry", "a pass left out"])
def test_followed_entry_by_entry_the_verdict_is_the_whole_files(game: str, variant: str) -> None:
    rows = example_rows(game)
    if variant == "an illegal entry":
        rows = injected(rows)
    elif variant == "a pass left out":
        rows = without_a_pass(rows)
    lines, verdict, code = followed(rows)
    assert_same_as_batch(rows, lines, verdict, code)
    assert {line["entry"] for line in lines} == set(range(len(rows) - 1))
    if variant == "an illegal entry":
        assert verdict["verdict"] == "illegal"
    if variant == "a pass left out" and verdict["verdict"] == "legal":
        assert any(line["implied"] for line in lines)


@pytest.mark.parametrize("path", BROKEN, ids=lambda path: f"{path.parent.parent.name}-{path.stem}")
def test_broken_logs_followed_get_the_whole_files_violations(path: Path) -> None:
    rows = json_lines(path)
    lines, verdict, code = followed(rows)
    assert_same_as_batch(rows, lines, verdict, code)


class Piped:
    """``judge verify --follow -`` in a process of its own, fed one line at a time through a pipe."""

    def __init__(self, *arguments: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "judge", "verify", "--follow", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        self.watchdog = threading.Timer(120, self.process.kill)
        self.watchdog.start()

    def send(self, row: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(row + "\n")
        self.process.stdin.flush()

    def lines_until(self, entry: int) -> Iterator[dict[str, Any]]:
        """The lines printed until the first one about ``entry``."""
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            assert line, "the follower stopped before reporting the entry"
            shown = json.loads(line)
            yield shown
            if shown.get("entry") == entry:
                return

    def finish(self) -> tuple[list[str], str, int]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        rest = self.process.stdout.read().splitlines()
        code = self.process.wait()
        self.watchdog.cancel()
        assert self.process.stderr is not None
        return rest, self.process.stderr.read(), code


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("illegal", [False, True], ids=["as written", "an illegal entry"])
def test_a_game_fed_through_a_pipe_is_reported_entry_by_entry(game: str, illegal: bool) -> None:
    rows = example_rows(game)
    if illegal:
        rows = injected(rows)
    piped = Piped("-", "--json")
    piped.send(rows[0])
    lines: list[dict[str, Any]] = []
    for index, row in enumerate(rows[1:]):
        piped.send(row)
        lines.extend(piped.lines_until(index))  # a line about each entry before the next is written
    rest, errors, code = piped.finish()
    lines.extend(json.loads(line) for line in rest[:-1])
    assert errors == ""
    assert_same_as_batch(rows, lines, json.loads(rest[-1]) | {"file": "game.jsonl"}, code)


def test_a_follower_started_again_on_the_grown_file_gives_the_same_verdict(tmp_path: Path) -> None:
    rows = injected(example_rows("ws"))
    path = tmp_path / "game.jsonl"
    half = len(rows) // 2
    path.write_text("\n".join(rows[:half]) + "\n", encoding="utf-8")
    command = [sys.executable, "-m", "judge", "verify", "--follow", str(path), "--json", "--idle", "30"]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert first.stdout is not None
    seen: set[int] = set()
    while len(seen) < half - 1:  # the entries there are replayed, a line each, before it waits for more
        seen.add(json.loads(first.stdout.readline())["entry"])
    assert seen == set(range(half - 1))
    first.kill()  # dies mid-game
    first.wait()
    first.stdout.close()
    with path.open("a", encoding="utf-8") as handle:  # the game goes on meanwhile
        handle.write("\n".join(rows[half:]) + "\n")
    again = subprocess.run(
        [*command[:-2], "--idle", "1"], check=False, capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    verdict = json.loads(again.stdout.splitlines()[-1])
    expected, code = batch(rows, str(path))
    assert verdict == expected
    assert again.returncode == code == 1


def test_a_growing_file_is_followed_until_the_game_ends(tmp_path: Path) -> None:
    rows = example_rows("wl")
    path = tmp_path / "game.jsonl"
    path.write_text(rows[0] + "\n", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "judge", "verify", "--follow", str(path)], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    with path.open("a", encoding="utf-8") as handle:
        for row in rows[1:]:
            handle.write(row[:10])  # a line written in two goes waits for its newline
            handle.flush()
            handle.write(row[10:] + "\n")
            handle.flush()
    started = time.monotonic()
    out, _ = process.communicate(timeout=120)
    assert time.monotonic() - started < 60  # the game's end, not --idle, ends it
    assert out.splitlines()[-1] == f"{path}: legal (winner: P1)"
    assert process.returncode == 0


def with_result_line(rows: list[str]) -> list[str]:
    """The log with its result claimed on a last line of its own instead of in the header line."""
    header = json.loads(rows[0])
    result = header.pop("result")
    return [json.dumps(header), *rows[1:], json.dumps({"result": result})]


@pytest.mark.parametrize("game", GAMES)
def test_a_result_line_ends_a_followed_log_and_is_the_logs_claim(game: str, tmp_path: Path) -> None:
    """A log written as the game is played learns its result last: a last line ``{"result": ...}`` is the claim
    the header would make.  Followed, the log ends there: the verdict is printed without waiting for the input
    to close or go idle; read whole, the verdict is the one of the log with the result in its header."""
    rows = example_rows(game)
    assert "result" in json.loads(rows[0])
    moved = with_result_line(rows)
    assert batch(moved) == batch(rows)
    lines, verdict, code = followed(moved)
    assert_same_as_batch(moved, lines, verdict, code)
    wrong = [*moved[:-1], json.dumps({"result": {"winner": "P9", "reason": "concede"}})]
    claims = [violation["message"] for violation in batch(wrong)[0]["violations"]]
    assert any("the log claims 'P9' won" in message for message in claims)
    piped = Piped("-", "--json")  # standard input stays open: the result line alone ends the game
    for row in moved:
        piped.send(row)
    assert piped.process.stdout is not None
    printed = [json.loads(piped.process.stdout.readline())]
    while "verdict" not in printed[-1]:
        printed.append(json.loads(piped.process.stdout.readline()))
    assert printed[-1]["verdict"] == verdict["verdict"]
    piped.finish()


@pytest.mark.parametrize(
    ("tail", "message"),
    [
        ('{"result": {"winner": "P1"}}\n{"p": "P1", "do": "pass"}', "a line after the result line (line 3)"),
        ('{"result": "P1"}', "the result line's 'result' is 'P1'"),
    ],
)
def test_a_result_line_is_the_last_and_a_mapping(tail: str, message: str) -> None:
    header = json.loads(example_rows("ws")[0])
    header.pop("result")
    text = json.dumps(header) + '\n{"p": "P1", "do": "pass"}\n' + tail + "\n"
    with pytest.raises(LogFormatError, match=re.escape(message)):
        parse_log(text, "game.jsonl", "jsonl")


def test_a_result_in_the_header_and_on_a_line_is_refused() -> None:
    rows = example_rows("ws")
    text = "\n".join([*rows, json.dumps({"result": {"winner": "P2"}})]) + "\n"
    with pytest.raises(LogFormatError, match="already claims a result") as refused:
        parse_log(text, "game.jsonl", "jsonl")
    assert refused.value.line == len(rows) + 1


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "the log is empty"),
        ("format: judge-log/1\ngame: ws\n", 1, "JSON syntax error"),
        ('{"game": "ws"}\n', 1, "'format' is missing"),
        ("HEADER\n{}\n", 2, "entry 0 has no 'do'"),
        ('HEADER\n{"p": "P1", "do": "pass"}\n{"do": "pass"\n', 3, "JSON syntax error"),
        ('HEADER\n{"p": "P1", "do": "fly"}\n', 2, "'fly' is not a verb"),
        ('HEADER\n{"p": "P9", "do": "pass"}\n', 2, "'p' is 'P9'"),
        ('HEADER\n{"actions": []}\n', 2, "entry 0 has no 'do'"),
        ("HEADER\n\xff\n", 2, "not UTF-8"),
    ],
)
def test_bad_input_is_a_located_error(tmp_path: Path, text: str, line: int, message: str) -> None:
    header = example_rows("ws")[0]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(text.replace("HEADER", header).encode("utf-8").replace(b"\xc3\xbf", b"\xff"))
    for source, stdin in ((str(path), None), ("-", path.read_bytes())):
        done = subprocess.run(
            [sys.executable, "-m", "judge", "verify", "--follow", source, "--idle", "0.2"],
            input=stdin,
            check=False,
            capture_output=True,
            cwd=ROOT,
            timeout=60,
        )
        out = done.stdout.decode()
        assert done.returncode == 2, out
        assert "Traceback" not in out + done.stderr.decode()
        assert "malformed" in out
        assert f":{line}" in out and message in out, out


def test_follow_is_taught_and_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from judge.cli import main

    runner = CliRunner()
    shown = runner.invoke(main, ["verify", "--help"])
    assert "tail -f" in shown.output and "--follow" in shown.output and "--idle" in shown.output
    twice = runner.invoke(main, ["verify", "--follow", "a.jsonl", "b.jsonl"])
    assert twice.exit_code == 2 and "exactly one LOG" in twice.output
    with_junit = runner.invoke(main, ["verify", "--follow", "-", "--junit", str(tmp_path / "x.xml")])
    assert with_junit.exit_code == 2 and "--junit" in with_junit.output
    missing = runner.invoke(main, ["verify", "--follow", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2 and "no such file or folder" in missing.output


def test_the_whole_file_is_not_replayed_for_each_entry() -> None:
    """Following costs about what verifying the whole file does, not a replay per entry."""
    rows = example_rows("ws")
    text = "\n".join(rows) + "\n"
    started = time.perf_counter()
    followed(rows)
    following = time.perf_counter() - started
    started = time.perf_counter()
    verify_log(parse_log(text, "game.jsonl", "jsonl"), trace=True)
    whole = time.perf_counter() - started
    assert following < 10 * whole + 0.5, (following, whole)  # a replay per entry would be hundreds of times


def test_lying_logs_followed_get_the_whole_files_violations() -> None:
    """Every kind of lie, alone and two far apart: the look-ahead after each waits for the entries it reads, and
    the follower reports what the whole file's verdict does."""
    from tests.mutants import double_mutants, mutants

    seeds = range(3)
    for mutant in [*mutants(seeds), *double_mutants(seeds)]:
        document = mutant.document
        header = {key: value for key, value in document.items() if key != "actions"}
        rows = [json.dumps(header)] + [json.dumps(entry) for entry in document["actions"]]
        lines, verdict, code = followed(rows)
        assert_same_as_batch(rows, lines, verdict, code)
