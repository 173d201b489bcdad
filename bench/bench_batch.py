"""Verification at scale: one process, a process pool and a Dask cluster on the same corpus, and memory
against the number of logs.

Prints, for a corpus of self-played Weiss Schwarz logs (made once and kept in
``--corpus``):

* ``judge verify FOLDER`` serially, with ``--jobs 2`` and on a two-worker Dask
  ``LocalCluster``: wall time, the speed-up over the serial run (target for
  ``--jobs 2`` on two cores: at least 1.8), peak memory of the driver and of a
  worker, and whether the output is byte for byte the serial run's;
* peak memory of ``judge verify --jobs 2 --junit --html`` on a small and a
  large batch (the large one of hard links to the corpus's files): flat in the
  number of logs when the ratio of the two peaks stays near 1.

Each run is its own process, so each peak is its own.

    python3 bench/bench_batch.py [--logs 1000] [--small 100] [--large 10000]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEED_UP_TARGET = 1.8


def measure_run(arguments: list[str], output: str, cluster_workers: int = 0) -> None:
    """In a child process: run ``judge`` with ``arguments`` (its standard output into ``output``), on a
    LocalCluster of ``cluster_workers`` workers when asked, then print its time and peaks as JSON."""
    from judge.cli import main

    cluster = None
    if cluster_workers:
        from distributed import LocalCluster

        cluster = LocalCluster(n_workers=cluster_workers, threads_per_worker=1, processes=True, dashboard_address=None)
        arguments = [*arguments, "--dask", cluster.scheduler_address]
    started = time.perf_counter()
    with open(output, "w", encoding="utf-8") as handle:
        saved, sys.stdout = sys.stdout, handle
        try:
            main(arguments, standalone_mode=False)
        except SystemExit:
            pass
        finally:
            sys.stdout = saved
    seconds = time.perf_counter() - started
    workers_peak = 0
    if cluster is not None:
        from distributed import Client

        with Client(cluster) as client:
            peaks = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
        workers_peak = max(peaks.values(), default=0)
        cluster.close()
    print(
        json.dumps(
            {
                "seconds": seconds,
                "driver_peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                "workers_peak": max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024, workers_peak),
            }
        )
    )


def run(arguments: list[str], output: Path, cluster_workers: int = 0) -> dict[str, float]:
    """One measured run in a fresh process."""
    command = [sys.executable, __file__, "--measure", json.dumps(arguments), str(output), str(cluster_workers)]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    finished = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
    return dict(json.loads(finished.stdout.strip().splitlines()[-1]))


def make_corpus(folder: Path, count: int) -> None:
    """``count`` self-played logs in ``folder``, kept between runs."""
    have = len(list(folder.glob("*.yaml"))) if folder.is_dir() else 0
    if have >= count:
        return
    print(f"playing {count} games into {folder} ...", flush=True)
    subprocess.run(
        [sys.executable, "-m", "judge", "selfplay", "--games", str(count), "--out", str(folder)],
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stderr=subprocess.DEVNULL,
    )


def linked_batch(corpus: Path, folder: Path, count: int) -> Path:
    """A folder of ``count`` logs: hard links to the corpus's, round and round."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = sorted(corpus.glob("*.yaml"))
    for index in range(count):
        target = folder / f"game-{index:06d}.yaml"
        if not target.exists():
            os.link(sources[index % len(sources)], target)
    return folder


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def megabytes(size: float) -> str:
    return f"{size / 2**20:7.1f} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=1000, help="logs in the corpus timed three ways")
    parser.add_argument("--small", type=int, default=100, help="logs in the small batch of the memory check")
    parser.add_argument("--large", type=int, default=10000, help="logs in the large batch of the memory check")
    parser.add_argument("--corpus", type=Path, default=Path(tempfile.gettempdir()) / "judge-bench-batch")
    options = parser.parse_args()
    corpus = options.corpus / f"selfplay-{options.logs}"
    make_corpus(corpus, options.logs)
    scratch = Path(tempfile.mkdtemp(prefix="judge-bench-batch-"))
    print(f"\n== {options.logs} self-played ws logs, on {os.cpu_count()} cores")
    runs = {
        "serial (--jobs 1)": run(["verify", str(corpus)], scratch / "serial.txt"),
        "--jobs 2": run(["verify", str(corpus), "--jobs", "2"], scratch / "jobs2.txt"),
        "Dask LocalCluster, 2 workers": run(["verify", str(corpus)], scratch / "dask.txt", cluster_workers=2),
    }
    outputs = {"serial (--jobs 1)": "serial.txt", "--jobs 2": "jobs2.txt", "Dask LocalCluster, 2 workers": "dask.txt"}
    reference = digest(scratch / "serial.txt")
    serial_seconds = runs["serial (--jobs 1)"]["seconds"]
    for name, measured in runs.items():
        same = digest(scratch / outputs[name]) == reference
        print(
            f"  {name:30} {measured['seconds']:7.2f} s  speed-up {serial_seconds / measured['seconds']:4.2f}x  "
            f"driver {megabytes(measured['driver_peak'])}  worker {megabytes(measured['workers_peak'])}  "
            f"output {'identical' if same else 'DIFFERENT'}"
        )
    ratio = serial_seconds / runs["--jobs 2"]["seconds"]
    print(f"  --jobs 2 over serial: {ratio:.2f}x (target {SPEED_UP_TARGET}x on two cores)")

    print(
        f"\n== memory against the number of logs (--jobs 2, with --junit and --html): {options.small} vs {options.large}"
    )
    peaks = {}
    for count in (options.small, options.large):
        folder = linked_batch(corpus, options.corpus / f"linked-{count}", count)
        arguments = ["verify", str(folder), "--jobs", "2", "--junit", str(scratch / "v.xml")]
        measured = run([*arguments, "--html", str(scratch / "v.html")], scratch / f"linked-{count}.txt")
        peaks[count] = measured
        print(
            f"  {count:6} logs  {measured['seconds']:7.2f} s  driver {megabytes(measured['driver_peak'])}  "
            f"worker {megabytes(measured['workers_peak'])}"
        )
    small, large = peaks[options.small], peaks[options.large]
    print(
        f"  peak ratio {options.large} / {options.small} logs: driver {large['driver_peak'] / small['driver_peak']:.2f}, "
        f"worker {large['workers_peak'] / small['workers_peak']:.2f} (flat: near 1)"
    )


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--measure":
        sys.path.insert(0, str(ROOT))
        measure_run(json.loads(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
    else:
        main()
