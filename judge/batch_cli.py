"""``judge verify``, and what every command over many files shares: inputs, workers, progress, summary.

``judge verify``, ``judge scenario test`` and ``judge graph stats`` take files,
folders, glob patterns and ``--from`` lists, run on ``--jobs`` processes or a
``--dask`` cluster, print their results in input order as they arrive, and show
a progress bar when standard error is a terminal (see ``judge.batch``); for a batch of one file, that
log's own progress instead, once it has taken a few seconds (``judge.progress``).
"""

from __future__ import annotations

import heapq
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from typing import Any, TypeVar

import click

from judge.batch import (
    NO_SUCH_PATH,
    BatchInputs,
    BatchItem,
    Checked,
    ClusterError,
    ordered_map,
    read_items,
    verify_chunk,
    verify_chunk_hashed,
    worker_count,
)
from judge import progress
from judge.errors import JudgeError
from judge.report import verdict_text
from judge.verdict import EXIT_CODES, Verdict, VerdictKind
from judge.options_cli import cards_option

Command = TypeVar("Command", bound=Callable[..., Any])

SLOWEST_SHOWN = 5


def batch_options(command: Command) -> Command:
    """The options of a command over many files: ``--from``, ``--jobs``, ``--dask``."""
    command = click.option(
        "--dask",
        "dask_address",
        metavar="ADDRESS",
        help="Run on a Dask distributed cluster: its scheduler's address (tcp://host:8786). "
        "The files are read here and sent, so the workers need not see them.  Needs judge[dask].",
    )(command)
    command = click.option(
        "--jobs",
        "-j",
        type=click.IntRange(0),
        default=1,
        show_default=True,
        help="Worker processes; 0 for one per core.  The output is the same whatever the number.",
    )(command)
    return click.option(
        "--from",
        "from_file",
        metavar="FILE",
        help="Also take the paths listed in FILE, one a line ('-' for standard input).",
    )(command)


def printable(text: str) -> str:
    """Text from a log, which may hold characters no encoding can print (a lone surrogate), made printable."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def echo(text: str = "", err: bool = False) -> None:
    """Print text from a log (see :func:`printable`)."""
    click.echo(printable(text), err=err)


class BatchRun:
    """Runs one batch: expands the inputs, maps a worker function over them, shows progress.

    ``results()`` yields the worker's results in input order; ``show(text)`` prints a result line
    without tearing the progress bar.
    """

    def __init__(self, inputs: BatchInputs, jobs: int, dask_address: str | None, unit: str = "log") -> None:
        if not inputs:
            raise click.UsageError("name at least one file or folder, or give --from")
        self.inputs = inputs
        self.jobs = worker_count(jobs)
        self.dask_address = dask_address
        self.unit = unit
        self._bar: Any = None

    def results(self, function: Callable[[list[BatchItem]], list[Any]]) -> Iterator[Any]:
        items: Iterable[BatchItem] = self.inputs
        if self.dask_address is not None:
            items = read_items(items)  # the workers of a cluster may not see this machine's files
        with ExitStack() as stack:
            if sys.stderr.isatty() and self._one_file():  # the log's own progress, not a bar of one
                progress.enable(sys.stderr)
                stack.callback(progress.enable, None)
            elif sys.stderr.isatty():
                self._bar = stack.enter_context(self._progress_bar())
            try:
                for result in ordered_map(function, items, self.jobs, self.dask_address):
                    yield result
                    if self._bar is not None:
                        self._bar.update()
            except ClusterError as error:
                raise JudgeError(str(error)) from None
            except FileNotFoundError as error:  # the --from list
                raise JudgeError(f"{error.filename}: {NO_SUCH_PATH}") from None
            except OSError as error:  # the --from list cannot be read, or the cluster cannot be reached
                where = f"{error.filename}: " if error.filename else ""
                raise JudgeError(f"{where}{error.strerror or error}") from None
            finally:
                self._bar = None

    def _one_file(self) -> bool:
        """Whether the batch is one file read here: its own progress is shown then (``judge.progress``)."""
        return self.dask_address is None and self.inputs.from_file is None and self.inputs.count() == 1

    def _progress_bar(self) -> Any:
        from tqdm import tqdm

        tqdm.monitor_interval = 0  # no monitor thread: worker processes are forked from this one
        total = None if self.inputs.from_file == "-" else self.inputs.count()
        return tqdm(total=total, unit=f" {self.unit}", file=sys.stderr, dynamic_ncols=True, leave=False)

    def nothing_found(self) -> JudgeError:
        """The error for a batch that named no file to check: a script must not take it for a clean run."""
        named = [repr(argument) for argument in self.inputs.arguments]
        if self.inputs.from_file is not None:
            named.append(
                "the list " + ("on standard input" if self.inputs.from_file == "-" else repr(self.inputs.from_file))
            )
        suffixes = ", ".join(self.inputs.suffixes)
        return JudgeError(f"no {self.unit} file to check: {', '.join(named)} name(s) no {suffixes} file")

    def show(self, text: str) -> None:
        if self._bar is not None and sys.stdout.isatty():
            self._bar.write(printable(text), file=sys.stdout)
        else:
            echo(text)


class Summary:
    """What ``--summary`` prints: verdict counts, logs and entries per second, the slowest logs."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.kinds: Counter[VerdictKind] = Counter()
        self.entries = 0
        self.slowest: list[tuple[float, int, str]] = []
        self.logs = 0

    def add(self, checked: Checked) -> None:
        self.logs += 1
        self.kinds[checked.verdict.kind] += 1
        self.entries += checked.verdict.entries
        item = (checked.seconds, -self.logs, checked.verdict.file)
        if len(self.slowest) < SLOWEST_SHOWN:
            heapq.heappush(self.slowest, item)
        else:
            heapq.heappushpop(self.slowest, item)

    def text(self, workers: str) -> str:
        elapsed = max(time.perf_counter() - self.started, 1e-9)
        counts = ", ".join(f"{self.kinds[kind]} {kind.value}" for kind in VerdictKind)
        lines = [
            f"{self.logs} log(s) in {elapsed:.2f} s on {workers}: {counts}",
            f"{self.logs / elapsed:.1f} games/s, {self.entries / elapsed:,.0f} entries/s ({self.entries:,} entries)",
        ]
        if self.slowest:
            lines.append("slowest:")
            for seconds, _, name in sorted(self.slowest, reverse=True):
                lines.append(f"  {seconds:8.3f} s  {name}")
        return "\n".join(lines)


def workers_text(run: BatchRun) -> str:
    if run.dask_address is not None:
        return f"the Dask cluster at {run.dask_address}"
    return "1 process" if run.jobs == 1 else f"{run.jobs} processes"


@click.command()
@click.argument("logs", nargs=-1, type=click.Path())
@cards_option
@batch_options
@click.option("--json", "as_json", is_flag=True, help="One JSON object per log, one per line.")
@click.option("--junit", type=click.Path(dir_okay=False), help="Also write a JUnit XML report (a test case per log).")
@click.option("--html", type=click.Path(dir_okay=False), help="Also write a self-contained HTML report.")
@click.option(
    "--docs-url",
    metavar="URL",
    help="Base URL of the annotated rules site (`judge docs build`): the HTML report links each clause there.",
)
@click.option("--summary", is_flag=True, help="Print counts, games and entries per second and the slowest logs.")
@click.option(
    "--follow",
    is_flag=True,
    help="Judge one JSON Lines log while it is written (LOG, or '-' for standard input): a line per entry as "
    "soon as its outcome is known, then the verdict.",
)
@click.option(
    "--idle",
    type=click.FloatRange(0, min_open=True),
    default=300.0,
    show_default=True,
    metavar="SECONDS",
    help="With --follow FILE: take the file as ended once it has not grown for this long.",
)
@click.option(
    "--fix",
    "fixes",
    multiple=True,
    metavar="N=ENTRY",
    help="Verify one log with entry N replaced by ENTRY (a YAML or JSON flow mapping, as the log writes an entry), "
    "removed with N=-, or ENTRY put in before entry N with N+=ENTRY; repeatable.  The file is not changed.  Also "
    "shows how the game then differs at the next entry with an expect (or the end).",
)
@click.option(
    "--hashes",
    is_flag=True,
    help="With --json: add the state hash after each entry ('hashes'); computed only when asked for.",
)
def verify(
    logs: tuple[str, ...],
    from_file: str | None,
    jobs: int,
    dask_address: str | None,
    as_json: bool,
    junit: str | None,
    html: str | None,
    docs_url: str | None,
    summary: bool,
    follow: bool,
    idle: float,
    fixes: tuple[str, ...],
    hashes: bool,
) -> None:
    """Replay game logs and give each a verdict: legal, illegal, incomplete or malformed.

    LOGS are files, folders (walked for .yaml, .yml, .json and .jsonl files,
    sorted by path) or glob patterns, quoted so that the shell leaves them to
    judge (two stars match any depth of folders).  Verdicts are printed in input order as they are
    reached, whatever --jobs is; a file that cannot be read is a located
    malformed verdict and the batch goes on.

    Every violation names its entry, its line in the file, the clauses it
    breaks, what the rules required and the legal options at that point.

    With --follow, one JSON Lines log is judged as the game goes: from
    standard input ('-') until it is closed, or from a file that grows until
    --idle seconds pass without a new line or the game is over (a file that
    already holds entries is replayed first, so a follower that stopped can
    start again), or to a last line {"result": {...}}, the result learned
    when the game ended.  After each entry it prints one line: applied (with the
    passes it implied), violation (with the clauses), or pending when the
    outcome waits for later entries (a look-ahead after a violation, an entry
    written late), then that outcome once known.  --json prints each line as
    {"entry", "line", "status", "implied", "violations"}.  The verdict comes
    last, the same as without --follow on the whole file.

    With --fix, a head judge's correction: one log is verified with entry N
    replaced (--fix N='{p: P1, do: clock, card: AL-03}'), removed (--fix
    N=-) or with an entry the log left out put in before it (--fix
    N+='{p: P1, do: play, card: AL-01, pos: 3}'), in memory, and the states of the game as written and as corrected
    are compared field by field at the next entry with an expect, or at the
    end.  The why command proposes the correction of an illegal entry.

    Exit status: 0 when every log is legal, 1 when any is illegal or
    incomplete, 2 when any is malformed (or the command is misused).

    \b
    Examples:
      judge verify judge/examples/ws-game.yaml
      judge verify event/ --jobs 0 --summary --junit verdicts.xml
      judge verify 'event/round-?' --json > verdicts.jsonl
      judge verify game.yaml --json --hashes
      git diff --name-only main -- logs | judge verify --from -
      judge verify event/ --dask tcp://scheduler:8786 --html report.html
      tail -f table-12.jsonl | judge verify --follow -
      judge verify --follow table-12.jsonl --json --idle 600
      judge verify round-3.yaml --fix 41='{p: P1, do: attack, pos: 2, type: side}'
      judge verify round-3.yaml --fix 41=- --fix 57=-
      judge verify round-3.yaml --fix 12+='{p: P2, do: play, card: AL-01, pos: 3}'
    """
    if hashes and not as_json:
        raise click.UsageError("--hashes adds the state hashes to the JSON verdicts: use it with --json")
    if hashes and (follow or fixes):
        raise click.UsageError("--hashes goes with the JSON verdicts of a batch, not with --follow or --fix")
    if follow and fixes:
        raise click.UsageError("--follow judges a log as it is written, --fix one written already: not both at once")
    if follow:
        sys.exit(_follow(logs, from_file, dask_address, junit, html, summary, as_json, idle))
    if fixes:
        if len(logs) != 1 or from_file is not None or junit or html or summary:
            raise click.UsageError(
                "--fix corrects one log: name exactly one file, without --from, --junit, --html or --summary"
            )
        sys.exit(verify_fixed(logs[0], fixes, as_json))
    run = BatchRun(BatchInputs(logs, from_file), jobs, dask_address)
    counts = Summary()
    worst = 0
    with ExitStack() as stack:
        reports = _open_reports(stack, junit, html, docs_url)
        for checked in run.results(verify_chunk_hashed if hashes else verify_chunk):
            verdict: Verdict = checked.verdict
            run.show(json.dumps(verdict.to_dict(), ensure_ascii=False) if as_json else verdict_text(verdict))
            for report in reports:
                report.add(verdict, checked.seconds)
            counts.add(checked)
            worst = max(worst, EXIT_CODES[verdict.kind])
        if counts.logs == 0:
            raise run.nothing_found()
        for report in reports:
            report.close()
    if summary:
        echo(counts.text(workers_text(run)), err=True)
    sys.exit(worst)


def _follow(
    logs: tuple[str, ...],
    from_file: str | None,
    dask_address: str | None,
    junit: str | None,
    html: str | None,
    summary: bool,
    as_json: bool,
    idle: float,
) -> int:
    """``judge verify --follow``: one log, judged as it is written (``judge.follow``)."""
    if len(logs) != 1:
        raise click.UsageError("--follow takes exactly one LOG: a JSON Lines file, or '-' for standard input")
    others = {"--from": from_file, "--dask": dask_address, "--junit": junit, "--html": html, "--summary": summary}
    given = [name for name, value in others.items() if value]
    if given:
        raise click.UsageError(f"--follow judges one log as it is written; it takes no {', '.join(given)}")
    suffix = os.path.splitext(logs[0])[1].lower()
    if suffix in (".yaml", ".yml", ".json"):
        kind = "a JSON" if suffix == ".json" else "a YAML"
        raise click.UsageError(
            f"--follow reads JSON Lines (.jsonl), one entry a line as the game is written; {logs[0]} is {kind} "
            f"log: `judge verify {logs[0]}` checks it whole"
        )
    from judge.follow import follow

    try:
        return follow(logs[0], as_json, idle)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly, as the shell's tools do
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # what is left unflushed goes nowhere
        return 1


def verify_fixed(path: str, texts: tuple[str, ...], as_json: bool) -> int:
    """``judge verify LOG --fix ...``: the corrected log's verdict and what the correction changes; the exit code."""
    from judge.fixes import FixError, parse_fix, verify_corrected
    from judge.batch import load_named
    from judge.logfile import LogFormatError
    from judge.replay import malformed

    try:
        fixes = [parse_fix(text) for text in texts]
    except FixError as error:
        raise JudgeError(f"{path}: {error}") from None
    try:
        log = load_named(path)
    except LogFormatError as error:
        verdict = malformed(error)
        echo(json.dumps(verdict.to_dict(), ensure_ascii=False) if as_json else verdict_text(verdict))
        return EXIT_CODES[verdict.kind]
    try:
        result = verify_corrected(log, fixes)
    except FixError as error:
        raise JudgeError(f"{path}: {error}") from None
    if as_json:
        echo(json.dumps({**result.verdict.to_dict(), "correction": result.to_dict()}, ensure_ascii=False))
    else:
        echo(verdict_text(result.verdict))
        echo(result.text())
    return EXIT_CODES[result.verdict.kind]


def _open_reports(stack: ExitStack, junit: str | None, html: str | None, docs_url: str | None) -> list[Any]:
    """The report files asked for, opened before any log is verified so that an unwritable one fails first."""
    reports: list[Any] = []
    if junit is None and html is None:
        return reports
    from judge.batch_reports import HtmlReport, JUnitReport

    try:
        if junit is not None:
            reports.append(JUnitReport(junit))
        if html is not None:
            reports.append(HtmlReport(html, docs_url=docs_url, title="judge verify"))
    except OSError as error:
        for report in reports:
            report.discard()
        raise JudgeError(f"cannot write {error.filename or 'the report'}: {error.strerror or error}") from None

    def discard_unfinished(kind: type[BaseException] | None, *_: object) -> bool:
        if kind is not None:
            for report in reports:
                report.discard()
        return False

    stack.push(discard_unfinished)
    return reports
