"""Checking many files at once: which files, on how many processes or machines, in which order.

A tournament verifies every game of an event and a platform millions a day, so a
batch is read lazily and its results leave in input order as soon as they are
known, with at most a bounded window of work in flight: memory stays flat in the
number of files, and the output is the same byte for byte whatever runs it.

* :func:`expand_inputs` turns the command line's arguments (files, folders,
  glob patterns) and ``--from`` lists into :class:`BatchItem` objects, in a
  stable order: arguments as given, a folder's log files sorted by path.
* :func:`ordered_map` applies a function to chunks of items serially, on a pool
  of worker processes (``--jobs``), or on a Dask distributed cluster
  (``--dask``), and yields the results in input order.
* :func:`verify_chunk`, :func:`check_scenario_chunk` and :func:`summarise_chunk`
  are the functions ``judge verify``, ``judge scenario test`` and ``judge graph
  stats`` map: plain results, small enough to send between processes.

The workers of a cluster need not see the files: for a cluster, the driver
reads each file and sends its bytes (:func:`read_items`); a local process pool
reads them itself.
"""

from __future__ import annotations

import glob
import multiprocessing
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from judge import progress
from judge.logfile import ENCODINGS_BY_SUFFIX, GameLog, LogFormatError, load_log, load_log_bytes, read_log_bytes
from judge.progress import Progress
from judge.verdict import Verdict

if TYPE_CHECKING:  # networkx is loaded only by the commands that draw graphs
    from judge.graphs.dynamic import GraphSummary

Result = TypeVar("Result")

LOG_SUFFIXES = tuple(ENCODINGS_BY_SUFFIX)
"""The suffixes a folder is walked for: ``.yaml``, ``.yml``, ``.json``, ``.jsonl``."""
GLOB_CHARACTERS = frozenset("*?[")
POOL_CHUNK = 4
"""Files a local worker process takes at a time: small, so that the output follows the input closely."""
CLUSTER_CHUNK = 16
"""Files a cluster worker takes at a time: larger, each task's scheduling costs a network round trip."""


class ClusterError(Exception):
    """A batch sent to a Dask cluster could not be run there: Dask missing, or the cluster failing."""


class PathError(LogFormatError):
    """A path the user gave that names nothing to read: no such file or folder, or a pattern no file matches.
    Not a log of the wrong shape, so what reports it says only what the path is missing."""


NO_SUCH_PATH = "no such file or folder"
NO_MATCH = "no file or folder matches this pattern"


def missing(path: str) -> PathError | None:
    """The error for a path that names no file or folder (a broken symbolic link is a file that cannot be read,
    said when it is read); None when there is something there."""
    return None if os.path.lexists(path) else PathError(path, NO_SUCH_PATH)


def load_named(path: str) -> GameLog:
    """The log at ``path``, given by the user (``judge replay``, ``judge why``, ``judge graph replay``): a
    ``PathError`` when there is no such file or folder, a ``LogFormatError`` when it is not a readable log."""
    error = missing(path)
    if error is not None:
        raise error
    return load_log(path)


@dataclass(frozen=True, slots=True)
class BatchItem:
    """One file of a batch: its name as the user wrote it (the name every report shows), and either
    nothing yet (a worker reads it), its bytes (read by the driver for a cluster), or why it cannot be read."""

    name: str
    content: bytes | None = None
    problem: LogFormatError | None = None


# --------------------------------------------------------------------------- inputs


class BatchInputs:
    """The files named by arguments and a ``--from`` list, iterable once or, without standard input, again.

    ``count()`` walks the folders a second time (cheap beside verifying) so that a progress bar can show
    the time left; it is None when the list comes from standard input, which can be read once only.
    """

    def __init__(
        self, arguments: Sequence[str], from_file: str | None = None, suffixes: tuple[str, ...] = LOG_SUFFIXES
    ):
        self.arguments = tuple(arguments)
        self.from_file = from_file
        self.suffixes = suffixes
        self._listed: list[str] | None = None

    def listed_paths(self) -> list[str]:
        """The paths of the ``--from`` list (read once); blank lines are skipped."""
        if self._listed is None:
            self._listed = [] if self.from_file is None else list(_read_list(self.from_file))
        return self._listed

    def __iter__(self) -> Iterator[BatchItem]:
        for argument in self.arguments:
            yield from _expand(argument, self.suffixes)
        if self.from_file is not None:
            for path in self.listed_paths():
                yield BatchItem(path, problem=missing(path))

    def count(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return bool(self.arguments) or self.from_file is not None


def expand_inputs(arguments: Sequence[str], from_file: str | None = None) -> BatchInputs:
    """The batch named by the command line: see :class:`BatchInputs`."""
    return BatchInputs(arguments, from_file)


def _read_list(from_file: str) -> Iterator[str]:
    """The paths of a list file, one a line; ``-`` is standard input.  An unreadable list is an OSError."""
    if from_file == "-":
        for line in sys.stdin:
            if line.strip():
                yield line.rstrip("\r\n")
        return
    with open(from_file, encoding="utf-8", errors="surrogateescape") as handle:
        for line in handle:
            if line.strip():
                yield line.rstrip("\r\n")


def _expand(argument: str, suffixes: tuple[str, ...]) -> Iterator[BatchItem]:
    if os.path.isdir(argument):
        yield from (BatchItem(path) for path in walk_folder(argument, suffixes))
    elif os.path.lexists(argument):
        yield BatchItem(argument)  # a file: reading it says whether it is a log
    elif not GLOB_CHARACTERS & set(argument):
        yield BatchItem(argument, problem=PathError(argument, NO_SUCH_PATH))
    else:
        matches = sorted(glob.glob(argument, recursive=True))
        if not matches:
            yield BatchItem(argument, problem=PathError(argument, NO_MATCH))
        for match in matches:
            if os.path.isdir(match):
                yield from (BatchItem(path) for path in walk_folder(match, suffixes))
            else:
                yield BatchItem(match)


def walk_folder(folder: str, suffixes: tuple[str, ...] = LOG_SUFFIXES) -> Iterator[str]:
    """The files under ``folder`` whose suffix is one of ``suffixes``, depth first, each folder's entries
    sorted by name; hidden files and folders (a leading dot) and symbolic links to folders are skipped."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = os.path.join(folder, entry.name)
        if entry.is_dir(follow_symlinks=False):
            yield from walk_folder(path, suffixes)
        elif os.path.splitext(entry.name)[1].lower() in suffixes:
            yield path


def read_items(items: Iterable[BatchItem]) -> Iterator[BatchItem]:
    """The items with their bytes read here, for workers that cannot see this machine's files."""
    for item in items:
        if item.problem is not None or item.content is not None:
            yield item
            continue
        try:
            yield BatchItem(item.name, content=read_log_bytes(item.name))
        except LogFormatError as error:
            yield BatchItem(item.name, problem=error)


# --------------------------------------------------------------------------- running


def chunked(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def worker_count(jobs: int) -> int:
    """``--jobs``: 0 means every core this process may use."""
    if jobs > 0:
        return jobs
    available = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    return len(available) if available else os.cpu_count() or 1


def ordered_map(
    function: Callable[[list[Any]], list[Result]],
    items: Iterable[Any],
    jobs: int = 1,
    dask_address: str | None = None,
    chunk_size: int | None = None,
) -> Iterator[Result]:
    """``function`` applied to chunks of ``items``; the results one by one, in input order.

    Serial for one job, a process pool for more, a Dask cluster when an address is given.  At most a few
    chunks per worker are in flight, so a slow file holds back the output but never fills memory.
    """
    if chunk_size is None:  # a cluster's round trip costs more than a pipe's: larger chunks there
        chunk_size = CLUSTER_CHUNK if dask_address is not None else POOL_CHUNK
    chunks = chunked(items, chunk_size)
    if dask_address is not None:
        yield from _dask_map(function, chunks, dask_address)
    elif jobs == 1:
        for chunk in chunks:
            yield from function(chunk)
    else:
        yield from _pool_map(function, chunks, jobs)


def _windowed(submit: Callable[[list[Any]], Any], chunks: Iterator[list[Any]], window: int) -> Iterator[Any]:
    """Submit chunks keeping ``window`` of them in flight; yield their futures in submission order."""
    pending: deque[Any] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield pending.popleft()
    yield from pending


def _pool_map(
    function: Callable[[list[Any]], list[Result]], chunks: Iterator[list[Any]], jobs: int
) -> Iterator[Result]:
    # fork shares what the driver already imported (the engine, the rules) with the workers for free
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        try:
            futures: Iterator[Future[list[Result]]] = _windowed(
                lambda chunk: pool.submit(function, chunk), chunks, window=3 * jobs
            )
            for future in futures:
                yield from future.result()
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _dask_map(
    function: Callable[[list[Any]], list[Result]], chunks: Iterator[list[Any]], address: str
) -> Iterator[Result]:
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("--dask needs the dask distributed package: pip install 'judge[dask]'") from None
    try:
        with Client(address, set_as_default=False) as client:
            workers = max(1, sum(client.nthreads().values()))
            futures = _windowed(lambda chunk: client.submit(function, chunk, pure=False), chunks, window=3 * workers)
            for future in futures:
                yield from future.result()
    except (OSError, ClusterError):
        raise
    except Exception as error:  # the cluster's own failures (a scheduler with another judge, a lost worker)
        raise ClusterError(f"the Dask cluster at {address} failed: {error}") from error


# --------------------------------------------------------------------------- verifying


@dataclass(frozen=True, slots=True)
class Checked:
    """One log's verdict (without its trace) and the seconds its check took."""

    verdict: Verdict
    seconds: float


_clause_exists: Callable[[str], bool] | None = None


def clause_check() -> Callable[[str], bool]:
    """A test for clause ids, from the rules index (for the notes on a log's ``rule`` fields).

    The index is loaded at the first id checked (by then the log's game, and with it the rules document
    a game may bring, is loaded), once per process.
    """
    global _clause_exists
    if _clause_exists is None:
        index = None

        def exists(clause_id: str) -> bool:
            nonlocal index
            if index is None:
                from rules_index import load_index

                index = load_index()
            return index.resolve(clause_id) is not None

        _clause_exists = exists
    return _clause_exists


def verify_item(item: BatchItem, hashes: bool = False) -> Checked:
    """One log's verdict and time; with ``hashes``, the state hash after each entry in the verdict."""
    from judge.replay import malformed, verify_log

    started = time.perf_counter()
    with progress.for_log(item.name) as shown:  # None unless a large log's progress is shown (judge.progress)
        try:
            log = _load(item, shown)
        except LogFormatError as error:
            verdict = malformed(error)
        else:
            taken = None if shown is None else shown.replaying(len(log.entries))
            verdict = verify_log(log, clause_check(), trace=False, hashes=hashes, taken=taken)
    return Checked(verdict, time.perf_counter() - started)


def verify_chunk(items: list[BatchItem]) -> list[Checked]:
    """What ``judge verify`` maps over a batch: each log's verdict and time."""
    return [verify_item(item) for item in items]


def verify_chunk_hashed(items: list[BatchItem]) -> list[Checked]:
    """What ``judge verify --hashes`` maps over a batch: each log's verdict, with its state hashes, and time."""
    return [verify_item(item, hashes=True) for item in items]


def _load(item: BatchItem, shown: Progress | None = None) -> GameLog:
    if item.problem is not None:
        raise item.problem
    return load_log(item.name, shown) if item.content is None else load_log_bytes(item.name, item.content, shown)


# --------------------------------------------------------------------------- scenarios and graph statistics


@dataclass(frozen=True, slots=True)
class ScenarioChecked:
    """One scenario file checked: its id, whether it held, and each difference (or why it could not be read)."""

    id: str
    path: str
    differences: tuple[str, ...]
    malformed: bool = False

    @property
    def held(self) -> bool:
        return not self.differences


def check_scenario_chunk(items: list[BatchItem]) -> list[ScenarioChecked]:
    """What ``judge scenario test`` maps over a batch: each scenario replayed and compared with its ruling.

    A bundled scenario is named ``scenarios/<id>.yaml`` in what is shown, never by where the package is
    installed; another file by its path as given.
    """
    from judge.scenarios import check, library_id_of, scenario_of

    results = []
    for item in items:
        library_id = library_id_of(item.name)
        scenario_id = library_id or os.path.splitext(os.path.basename(item.name))[0]
        if library_id is not None and item.problem is None:
            shown = f"scenarios/{library_id}{os.path.splitext(item.name)[1]}"
            try:
                item = BatchItem(shown, content=read_log_bytes(item.name) if item.content is None else item.content)
            except LogFormatError as error:
                item = BatchItem(shown, problem=LogFormatError(shown, error.message))
        try:
            scenario = scenario_of(_load(item), scenario_id)
        except LogFormatError as error:
            said = str(error) if isinstance(error, PathError) else f"malformed scenario: {error}"
            results.append(ScenarioChecked(scenario_id, item.name, (said,), malformed=True))
            continue
        result = check(scenario, clause_check())
        results.append(ScenarioChecked(scenario_id, item.name, tuple(result.differences)))
    return results


@dataclass(frozen=True, slots=True)
class GraphSummarised:
    """One log's contribution to ``judge graph stats``, or why it has none."""

    name: str
    game: str
    summary: GraphSummary | None
    problem: str | None = None


def summarise_chunk(items: list[BatchItem]) -> list[GraphSummarised]:
    """What ``judge graph stats`` maps over a batch: each log replayed and its trigger graph summarised."""
    from judge.graphs.dynamic import graph_summary, replay_graph
    from judge.replay import verify_log
    from judge.report import located
    from judge.verdict import VerdictKind

    results = []
    for item in items:
        try:
            log = _load(item)
        except LogFormatError as error:
            said = str(error) if isinstance(error, PathError) else f"malformed log: {error}"
            results.append(GraphSummarised(item.name, "", None, said))
            continue
        verdict = verify_log(log)
        if verdict.kind is VerdictKind.MALFORMED:
            results.append(GraphSummarised(item.name, "", None, f"malformed log: {located(verdict)}"))
            continue
        cited = [clause for record in verdict.records for clause in record.clauses]
        game = str(log.header.get("game"))
        graph = replay_graph(verdict.records, os.path.basename(item.name), game=game)
        results.append(GraphSummarised(item.name, game, graph_summary(graph, cited)))
    return results
