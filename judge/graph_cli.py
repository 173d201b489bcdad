"""``judge graph``: the procedure and clause graphs of a game, and the trigger graph of a replay."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

import click
import networkx as nx

from engine.core.protocol import ActionRecord
from engine.core.wording import counted
from judge import games
from judge.batch import LOG_SUFFIXES, BatchInputs, PathError, load_named, summarise_chunk
from judge.batch_cli import BatchRun, batch_options, echo
from judge.errors import EXIT_USAGE, JudgeError
from judge.graphs.dynamic import CorpusTally, ReplayStats, replay_graph
from judge.graphs.export import FORMATS, ExportError, graph_text, render, write_graph
from judge.graphs.pages import outline_page, procedure_page
from judge.graphs.static import clause_graph, procedure_graph
from judge.graphs.timeline import replay_page
from judge.logfile import GameLog, LogFormatError
from judge.options_cli import cards_option, game_option
from judge.replay import verify_log
from judge.report import located
from judge.verdict import VerdictKind
from judge.why import page_data
from rules_index.documents import comprehensive_rules


def _output_options(command):
    """The options every graph command shares: format, file, rendering, the HTML view and its clause links."""
    command = click.option(
        "--docs-url",
        metavar="URL",
        help="Base address of the rules site (judge docs): the HTML view links each node to its clause there.",
    )(command)
    command = click.option(
        "--html",
        "html",
        type=click.Path(dir_okay=False),
        help="Write a self-contained HTML view to this file (alone, prints nothing; with --format or --out, "
        "the export too).",
    )(command)
    command = click.option(
        "--render", "render_as", type=click.Choice(["svg", "png"]), help="Draw it with Graphviz into --out."
    )(command)
    command = click.option("--out", type=click.Path(dir_okay=False), help="Write to this file, not stdout.")(command)
    return click.option("--format", "fmt", type=click.Choice(FORMATS), help="Export format (default: json).")(command)


def _emit(
    graph: nx.MultiDiGraph,
    fmt: str | None,
    out: str | None,
    render_as: str | None,
    html: str | None,
    page: Callable[[], str],
) -> None:
    """Export, render and write the HTML view as asked: ``--html`` alone writes only its file."""
    try:
        if render_as:
            if out is None:
                raise JudgeError("--render needs --out, the image file to write")
            render(graph, out, render_as)
        elif out is not None:
            write_graph(graph, out, fmt or "json")
        elif html is None or fmt is not None:
            click.echo(graph_text(graph, fmt or "json"), nl=False)
        if html:
            Path(html).write_text(page(), encoding="utf-8")
    except ExportError as error:
        raise JudgeError(str(error)) from None
    except OSError as error:
        raise JudgeError(f"cannot write: {error.strerror}: {error.filename}") from None
    if out:
        click.echo(f"{graph.number_of_nodes()} nodes, {graph.number_of_edges()} edges", err=True)


@click.group()
def graph() -> None:
    """Graphs (networkx) of the procedure, the clauses, and what triggered what in a game.

    \b
    Examples:
      judge graph rules --game ws --html procedure.html
      judge graph replay judge/examples/ws-game.yaml --html game.html
      judge graph replay ws/damage/cancel-first --format dot
      judge graph stats corpus/ --json
    """


@graph.command()
@game_option("Which game's procedure")
@_output_options
def rules(
    game: str, fmt: str | None, out: str | None, render_as: str | None, html: str | None, docs_url: str | None
) -> None:
    """The procedure graph: phases, steps, check and play timings, activation conditions, rule actions.

    Edges: next, checked_at, may_trigger; every node has its clause id and title.  The HTML view and
    --render draw it as a flowchart: phases and steps as columns in turn order.

    \b
    Examples:
      judge graph rules --game ws --format graphml --out ws-procedure.graphml
      judge graph rules --html procedure.html --docs-url https://example.org/judge
      judge graph rules --game vg --render svg --out vg-procedure.svg
    """
    try:
        built = procedure_graph(game)
    except ValueError as error:
        raise JudgeError(str(error)) from None
    _emit(built, fmt, out, render_as, html, lambda: procedure_page(built, docs_url))


@graph.command()
@click.option(
    "--game",
    "doc",
    default=lambda: comprehensive_rules(games.default()).key,
    show_default=games.default(),
    help="Which rules document: a registered game's key, or a beginner document's (ws-sheet).",
)
@_output_options
def clauses(
    doc: str, fmt: str | None, out: str | None, render_as: str | None, html: str | None, docs_url: str | None
) -> None:
    """The clause graph: parent and child, references, and defined terms to their definitions.

    \b
    Examples:
      judge graph clauses --game ws --format gexf --out ws-clauses.gexf
    """
    try:
        built = clause_graph(doc)
    except ValueError as error:
        raise JudgeError(str(error)) from None
    _emit(built, fmt, out, render_as, html, lambda: outline_page(built, str(built.graph["name"]), docs_url))


def _log_or_scenario(name: str) -> tuple[GameLog, str]:
    """The log ``name`` names, and how pages name it: a file's log by its file name, or a library scenario's by
    its id (``ws/damage/cancel-first``), as ``judge scenario step`` takes one."""
    from judge.scenarios import find

    if os.path.lexists(name) or Path(name).suffix in LOG_SUFFIXES:
        try:
            return load_named(name), Path(name).name
        except PathError as error:
            raise JudgeError(str(error)) from None
        except LogFormatError as error:
            raise JudgeError(f"malformed log: {error}") from None
    try:
        return find(name).log, name
    except LogFormatError as error:
        raise JudgeError(f"malformed scenario: {error}") from None
    except LookupError as error:
        raise JudgeError(str(error.args[0]).replace("no scenario ", "no log file or scenario ", 1)) from None


def _replayed(name: str) -> tuple[nx.MultiDiGraph, list[ActionRecord], str, GameLog, str]:
    """The trigger graph of a log or scenario, the records of its trace, its game, the log and its name."""
    log, shown = _log_or_scenario(name)
    verdict = verify_log(log)
    if verdict.kind is VerdictKind.MALFORMED:
        raise JudgeError(f"malformed log: {located(verdict)}")
    game = str(log.header.get("game"))
    return replay_graph(verdict.records, shown, game=game), verdict.records, game, log, shown


@graph.command()
@cards_option
@click.argument("log", metavar="LOG|SCENARIO")
@_output_options
def replay(
    log: str, fmt: str | None, out: str | None, render_as: str | None, html: str | None, docs_url: str | None
) -> None:
    """The trigger graph of a replayed game: check timings, the rule actions they performed, the
    abilities played in them and what their resolution caused and triggered.

    LOG|SCENARIO is a log file, or a library scenario's id as `judge scenario
    list` shows it (the same as `judge scenario step` takes).

    The HTML view shows it along time: one turn or one attack at a time, chosen in a list or on a strip of
    the whole game; check timings that did nothing are folded into a count.

    \b
    Examples:
      judge graph replay judge/examples/ws-game.yaml --html game.html
      judge graph replay ws/abilities/standby-order-chosen --format dot
      judge graph replay my-ruling.yaml --render svg --out ruling.svg
    """
    built, records, game, game_log, shown = _replayed(log)

    def html_page() -> str:
        why = page_data(game_log) if game in games.available() else None
        return replay_page(records, shown, game, docs_url, built, why=why)

    _emit(built, fmt, out, render_as, html, html_page)


@graph.command()
@click.argument("logs", nargs=-1, type=click.Path())
@batch_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
def stats(logs: tuple[str, ...], from_file: str | None, jobs: int, dask_address: str | None, as_json: bool) -> None:
    """Over a corpus: the longest trigger chain; per game, its longest chain and what starts chains;
    the check timings with the most abilities played; and which clauses of the procedure the games
    reached and which they never did.

    A chain is a path of causes and effects in a game's trigger graph (a drive check, the power its
    trigger icon gives; a play, the [On Play] effect it activates, what that does); it starts at a step
    nothing leads to, named by the kind of step its record says it is, or by its label.  Per game, the
    starts are listed longest chains first, for example:

    \b
      wl (100 logs): longest chain 5 steps, starting at: attack
        attack: 1793 chains, longest 5 steps
        play: 88 chains, longest 3 steps

    LOGS are files, folders (walked for .yaml, .yml, .json and .jsonl files,
    sorted by path) or glob patterns.  A file that is not a log is reported,
    located, on standard error and left out; the exit status is then 2.

    \b
    Examples:
      judge graph stats game-1.jsonl game-2.jsonl --json
      judge graph stats corpus/ --jobs 0
    """
    run = BatchRun(BatchInputs(logs, from_file), jobs, dask_address)
    tally = CorpusTally()
    played: dict[str, None] = {}
    left_out = 0
    for result in run.results(summarise_chunk):
        if result.summary is None:
            left_out += 1
            echo(f"{result.problem}", err=True)
            continue
        tally.add(result.summary)
        played[result.game] = None
    if tally.games + left_out == 0:
        raise run.nothing_found()
    if tally.games == 0:  # every file named was left out: no statistics to show
        sys.exit(EXIT_USAGE)
    procedure = {
        data["clause"]
        for game in played
        if game in games.available()
        for _, data in procedure_graph(game).nodes(data=True)
        if data["clause"]
    }
    result = tally.stats(procedure)
    _show_stats(result, tally.games, as_json)
    if left_out:
        sys.exit(EXIT_USAGE)


def _show_stats(result: ReplayStats, logs: int, as_json: bool) -> None:
    if as_json:
        click.echo(
            json.dumps(
                {
                    "logs": logs,
                    "longest_chain": result.longest_chain,
                    "games": [
                        {
                            "game": chains.game,
                            "logs": chains.logs,
                            "longest_chain": chains.longest_chain,
                            "longest_chain_starts_at": chains.start,
                            "chain_starts": [
                                {"start": starts.start, "chains": starts.chains, "longest": starts.longest}
                                for starts in chains.starts
                            ],
                        }
                        for chains in result.games
                    ],
                    "busiest_check_timings": [
                        {"check_timing": label, "abilities": n} for label, n in result.busiest_timings
                    ],
                    "procedure_clauses_reached": sorted(result.reached),
                    "procedure_clauses_never_reached": sorted(result.never),
                },
                indent=1,
            )
        )
        return
    click.echo(f"{logs} log(s)")
    click.echo(f"longest trigger chain ({len(result.longest_chain)} steps):")
    for label in result.longest_chain:
        click.echo(f"  {label}")
    for chains in result.games:
        click.echo(
            f"{chains.game} ({counted(chains.logs, 'log')}): longest chain {len(chains.longest_chain)} steps"
            + (f", starting at: {chains.start}" if chains.start else "")
        )
        for starts in chains.starts:
            click.echo(
                f"  {starts.start}: {counted(starts.chains, 'chain')}, longest {counted(starts.longest, 'step')}"
            )
    click.echo("check timings with the most abilities played:")
    for label, count in result.busiest_timings:
        click.echo(f"  {count}  {label}")
    total = len(result.reached) + len(result.never)
    click.echo(f"procedure clauses reached: {len(result.reached)} of {total}")
    if result.never:
        click.echo(f"never reached: {', '.join(sorted(result.never))}")
