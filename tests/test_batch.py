"""Verifying many logs: inputs (files, folders, patterns, lists), workers (processes, a Dask cluster),
the output's order and bytes, and the commands over folders (``verify``, ``scenario test``, ``graph stats``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import xmlschema
from click.testing import CliRunner, Result

from judge.batch import BatchInputs, BatchItem, ordered_map, verify_chunk, walk_folder
from judge.cli import main
from judge.selfplay import play_game, write_log


def run(*arguments: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(main, list(arguments), input=stdin)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Self-played logs of every game in several encodings and folders, a malformed file and an illegal log."""
    root = tmp_path_factory.mktemp("corpus")
    for seed, (game, suffix) in enumerate([("ws", "yaml"), ("vg", "json"), ("wl", "jsonl"), ("ws", "jsonl")] * 2):
        folder = root / ("round-1" if seed < 4 else "round-2")
        folder.mkdir(exist_ok=True)
        write_log(play_game(seed, game), folder / f"{game}-{seed}.{suffix}")
    broken = play_game(11, "ws")
    del broken["actions"][4:6]
    write_log(broken, root / "round-2" / "ws-broken.yaml")
    (root / "round-2" / "ws-garbled.yaml").write_text("format: judge-log/1\nactions: [\n")
    (root / "round-2" / "notes.txt").write_text("not a log")
    (root / ".hidden").mkdir()
    write_log(play_game(3, "ws"), root / ".hidden" / "skipped.yaml")
    return root


# --------------------------------------------------------------------------- inputs


def test_a_folder_is_walked_depth_first_in_sorted_order_for_log_suffixes_only(corpus: Path) -> None:
    paths = list(walk_folder(str(corpus)))
    names = [os.path.relpath(path, corpus) for path in paths]
    assert names[:4] == [
        "round-1/vg-1.json",
        "round-1/wl-2.jsonl",
        "round-1/ws-0.yaml",
        "round-1/ws-3.jsonl",
    ]
    assert "round-2/notes.txt" not in names  # not a log suffix
    assert not any(name.startswith(".hidden") for name in names)  # hidden folders are skipped
    assert len(names) == 10


def test_arguments_keep_their_order_and_patterns_and_lists_expand(corpus: Path, tmp_path: Path) -> None:
    listed = tmp_path / "list.txt"
    listed.write_text(f"{corpus / 'round-1' / 'ws-0.yaml'}\n\n{corpus / 'missing.yaml'}\n")
    inputs = BatchInputs([str(corpus / "round-2" / "ws-4.yaml"), str(corpus / "round-1" / "w?-*")], str(listed))
    names = [item.name for item in inputs]
    assert names == [
        str(corpus / "round-2" / "ws-4.yaml"),
        str(corpus / "round-1" / "wl-2.jsonl"),
        str(corpus / "round-1" / "ws-0.yaml"),
        str(corpus / "round-1" / "ws-3.jsonl"),
        str(corpus / "round-1" / "ws-0.yaml"),
        str(corpus / "missing.yaml"),
    ]
    assert inputs.count() == len(names)  # a list from a file can be read again, for the progress bar


def test_a_pattern_matching_nothing_is_a_located_malformed_verdict_and_the_batch_goes_on(corpus: Path) -> None:
    result = run("verify", str(corpus / "nothing-*.yaml"), str(corpus / "round-1" / "ws-0.yaml"), "--json")
    verdicts = [json.loads(line) for line in result.stdout.splitlines()]
    assert [verdict["verdict"] for verdict in verdicts] == ["malformed", "legal"]
    assert "no file or folder matches this pattern" in verdicts[0]["violations"][0]["message"]
    assert verdicts[0]["file"] == str(corpus / "nothing-*.yaml")
    assert result.exit_code == 2


def test_paths_can_come_from_standard_input(corpus: Path) -> None:
    listed = "\n".join(str(corpus / "round-1" / name) for name in ("ws-3.jsonl", "vg-1.json")) + "\n"
    result = run("verify", "--from", "-", stdin=listed)
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        str(corpus / "round-1" / "ws-3.jsonl"),
        str(corpus / "round-1" / "vg-1.json"),
    ]


def test_an_unreadable_list_is_a_usage_error(tmp_path: Path) -> None:
    result = run("verify", "--from", str(tmp_path / "no-list.txt"))
    assert result.exit_code == 2
    assert "no-list.txt" in result.output and "Traceback" not in result.output


def test_nothing_to_verify_is_a_usage_error() -> None:
    result = run("verify")
    assert result.exit_code == 2
    assert "name at least one file or folder" in result.output


# --------------------------------------------------------------------------- workers and order


def test_the_output_is_the_same_bytes_in_input_order_for_any_number_of_processes(corpus: Path) -> None:
    serial = run("verify", str(corpus))
    assert serial.exit_code == 2  # the garbled file is malformed, and the batch went on past it
    lines = [line for line in serial.stdout.splitlines() if not line.startswith(" ")]
    assert [line.split(": ")[0] for line in lines] == list(walk_folder(str(corpus)))
    assert any(line.endswith("ws-broken.yaml: illegal (winner: P2)") for line in lines)  # judged to its end
    for jobs in ("2", "0"):
        parallel = run("verify", str(corpus), "--jobs", jobs)
        assert parallel.exit_code == serial.exit_code
        assert parallel.stdout_bytes == serial.stdout_bytes


def test_json_output_is_the_same_bytes_with_a_process_pool(corpus: Path) -> None:
    serial = run("verify", str(corpus), "--json")
    parallel = run("verify", str(corpus), "--json", "--jobs", "2")
    assert parallel.stdout_bytes == serial.stdout_bytes
    assert len(serial.stdout.splitlines()) == 10


def counted(items: list[BatchItem], taken: list[int]) -> Iterator[BatchItem]:
    for item in items:
        taken.append(1)
        yield item


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_arrive_before_the_whole_batch_is_read(corpus: Path, jobs: int) -> None:
    """Streaming with a bounded window: the first result is out while most of a long batch is still unread,
    which is what keeps memory flat in the number of logs."""
    one_log = str(corpus / "round-1" / "ws-3.jsonl")
    items = [BatchItem(one_log)] * 200
    taken: list[int] = []
    results = ordered_map(verify_chunk, counted(items, taken), jobs=jobs, chunk_size=4)
    first = next(results)
    assert first.verdict.file == one_log
    assert len(taken) <= 4 * 3 * jobs + 4  # a chunk per call serially; three chunks a worker in a pool
    rest = list(results)
    assert len(rest) == 199 and len(taken) == 200


CLUSTER_RUN = """
import sys
from click.testing import CliRunner
from distributed import LocalCluster
from judge.cli import main

with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
    result = CliRunner().invoke(main, [*sys.argv[2:], "--dask", cluster.scheduler_address])
    with open(sys.argv[1], "wb") as out:
        out.write(result.stdout_bytes)
    sys.stderr.write(result.stderr)
    cluster.close(timeout=30)
sys.exit(result.exit_code)
"""


def test_a_dask_cluster_gives_the_same_bytes_as_a_serial_run(corpus: Path, tmp_path: Path) -> None:
    """A two-worker LocalCluster, started in its own process (a cluster's threads outlive a test otherwise)."""
    pytest.importorskip("distributed")
    serial = run("verify", str(corpus), "--json")
    output = tmp_path / "clustered.jsonl"
    clustered = subprocess.run(
        [sys.executable, "-c", CLUSTER_RUN, str(output), "verify", str(corpus), "--json"],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert clustered.returncode == serial.exit_code, clustered.stderr
    assert output.read_bytes() == serial.stdout_bytes


def test_an_unreachable_cluster_is_a_usage_error_not_a_traceback(corpus: Path) -> None:
    pytest.importorskip("distributed")
    result = run("verify", str(corpus / "round-1"), "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


# --------------------------------------------------------------------------- reports


def test_summary_counts_verdicts_and_rates_on_standard_error(corpus: Path) -> None:
    result = run("verify", str(corpus), "--summary", "--jobs", "2")
    assert "10 log(s)" in result.stderr
    assert "8 legal, 1 illegal, 0 incomplete, 1 malformed" in result.stderr
    assert "games/s" in result.stderr and "entries/s" in result.stderr and "slowest:" in result.stderr
    assert "games/s" not in result.stdout


def test_junit_and_html_reports_are_written_beside_the_text(corpus: Path, tmp_path: Path) -> None:
    junit, page = tmp_path / "verdicts.xml", tmp_path / "verdicts.html"
    result = run("verify", str(corpus), "--junit", str(junit), "--html", str(page), "--docs-url", "https://rules.test")
    assert result.exit_code == 2
    xmlschema.XMLSchema10(Path(__file__).parent / "data" / "junit.xsd").validate(str(junit))
    assert junit.read_text().count("<testcase") == 10
    assert "ws-broken.yaml" in page.read_text() and "https://rules.test/rules/ws/" in page.read_text()


def test_an_unwritable_report_fails_before_any_log_is_verified(corpus: Path, tmp_path: Path) -> None:
    result = run("verify", str(corpus), "--junit", str(tmp_path / "missing-folder" / "v.xml"))
    assert result.exit_code == 2
    assert "cannot write" in result.output
    assert result.stdout.count(": legal") == 0


# --------------------------------------------------------------------------- scenarios and graph statistics


def test_scenario_test_over_a_folder_is_the_same_with_processes_and_goes_on_past_a_bad_file(tmp_path: Path) -> None:
    from judge.scenarios import library_root

    folder = tmp_path / "rulings"
    source = library_root() / "ws" / "damage"
    folder.mkdir()
    for path in sorted(source.glob("*.yaml"))[:4]:
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "a-bad-one.yaml").write_text("format: judge-log/1\ngame: ws\n")
    serial = run("scenario", "test", str(folder))
    parallel = run("scenario", "test", str(folder), "--jobs", "2")
    assert parallel.stdout_bytes == serial.stdout_bytes
    lines = serial.stdout.splitlines()
    assert lines[0].startswith("FAIL  a-bad-one") and "malformed scenario" in lines[1]
    assert sum(line.startswith("ok    ") for line in lines) == 4
    assert lines[-1] == "4 held, 1 did not"
    assert serial.exit_code == 2


def test_graph_stats_over_a_folder_is_the_same_with_processes(corpus: Path) -> None:
    serial = run("graph", "stats", str(corpus / "round-1"), "--json")
    parallel = run("graph", "stats", str(corpus / "round-1"), "--json", "--jobs", "2")
    assert serial.exit_code == 0, serial.output
    assert parallel.stdout_bytes == serial.stdout_bytes
    assert json.loads(serial.stdout)["logs"] == 4


def test_graph_stats_leaves_out_a_malformed_log_with_a_located_message(corpus: Path) -> None:
    result = run("graph", "stats", str(corpus / "round-2"))
    assert result.exit_code == 2
    assert "ws-garbled.yaml:2:11" in result.stderr  # just after the list left open, on the last line
    assert "5 log(s)" in result.stdout


def test_scenario_test_names_a_bundled_scenario_by_its_place_in_the_library_not_the_installation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judge import scenario_cli, scenarios

    library = tmp_path / "installed" / "scenarios"
    (library / "ws" / "damage").mkdir(parents=True)
    (library / "ws" / "damage" / "broken.yaml").write_text("format: judge-log/1\ngame: ws\n")
    monkeypatch.setattr(scenarios, "library_root", lambda: library)
    monkeypatch.setattr(scenario_cli, "library_root", lambda: library)
    result = run("scenario", "test")
    assert result.exit_code == 2
    assert "FAIL  ws/damage/broken  (scenarios/ws/damage/broken.yaml)" in result.stdout
    assert "scenarios/ws/damage/broken.yaml" in result.stdout.splitlines()[1]
    assert str(tmp_path) not in result.output


def test_dask_missing_is_a_usage_error_naming_the_extra(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    result = run("verify", str(corpus / "round-1"), "--dask", "tcp://127.0.0.1:8786")
    assert result.exit_code == 2
    assert "judge[dask]" in result.output and "Traceback" not in result.output
