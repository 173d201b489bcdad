"""``judge scenario``: the ruling library: list, show, step through, test."""

from __future__ import annotations

import sys

import click

from judge.batch import BatchInputs, check_scenario_chunk
from judge.batch_cli import BatchRun, batch_options, echo
from judge.clause_anchors import normalise_clause_id
from judge.errors import EXIT_PROBLEMS, EXIT_USAGE, JudgeError
from judge.logfile import LogFormatError
from judge.options_cli import GAMES_HELP, GAME_KEY, cards_option
from judge.scenarios import SUFFIXES, Scenario, find, library, library_root
from judge.stepper import screen, walk
from judge.why import flow


def _find(name: str) -> Scenario:
    try:
        return find(name)
    except LogFormatError as error:
        raise JudgeError(f"malformed scenario: {error}") from None
    except LookupError as error:
        raise JudgeError(str(error.args[0])) from None


def _library() -> list[Scenario]:
    try:
        return library()
    except LogFormatError as error:
        raise JudgeError(f"malformed scenario: {error}") from None


@click.group()
def scenario() -> None:
    """Scenario rulings: a position, a few actions, and the ruling, checked by the engine.

    A scenario is named by its id in the library (ws/damage/cancel-first, as
    `judge scenario list` shows it) or by its file.

    \b
    Examples:
      judge scenario list --clause ws:4.10
      judge scenario show ws/damage/cancel-first
      judge scenario step ws/damage/cancel-first
      judge scenario test my-rulings/
    """


@scenario.command("list")
@click.option("--game", type=GAME_KEY, help=f"Only this game's scenarios ({GAMES_HELP}).")
@click.option("--clause", help="Only scenarios citing this clause or one under it (ws:4.10 finds ws:4.10.1.2).")
@click.option("--topic", help="Only scenarios of this topic (the library's folders: damage, attack, ...).")
def list_scenarios(game: str | None, clause: str | None, topic: str | None) -> None:
    """List the library's scenarios with their ids, topics and clauses.

    --clause takes a clause id as `judge rules show` does (ws:4.10, ws 4.10,
    wl:7-1-4).  Each scenario's id is what `judge scenario show` and `judge
    scenario step` take.

    \b
    Examples:
      judge scenario list --game vg
      judge scenario list --topic damage
      judge scenario list --clause ws:4.10
    """
    if clause is not None:
        clause = normalise_clause_id(clause) or clause.strip()
    shown = 0
    for item in _library():
        if game and item.game != game:
            continue
        if topic and topic not in item.topics:
            continue
        if clause and not any(cited == clause or cited.startswith(clause + ".") for cited in item.clauses):
            continue
        shown += 1
        click.echo(f"{item.id}  [{', '.join(item.topics)}]  {', '.join(item.clauses)}")
        click.echo(f"    {item.title}")
    if not shown:
        click.echo("no scenario matches", err=True)


@scenario.command()
@click.argument("name", metavar="ID|FILE")
def show(name: str) -> None:
    """Show a scenario's question, ruling, clauses and entries, each entry as the log writes it.

    A library scenario shows the same whether it is named by its id or by its file.

    \b
    Examples:
      judge scenario show ws/damage/cancel-first
      judge scenario show scenarios/ws/damage/cancel-first.yaml
    """
    item = _find(name)
    click.secho(item.title, bold=True)
    click.echo(f"id: {item.id}   topics: {', '.join(item.topics)}   clauses: {', '.join(item.clauses)}")
    click.echo(f"question: {item.question}")
    click.echo(f"ruling: {item.ruling}")
    if item.verdict.value != "legal":
        click.echo(f"expected verdict: {item.verdict.value}")
    click.echo("entries:")
    for entry in item.log.entries:
        echo(f"  {entry.index} (line {entry.line}): {flow(dict(entry.data))}")


@scenario.command()
@cards_option
@click.argument("name", metavar="ID|FILE")
@click.option(
    "--no-input/--interactive",
    default=None,
    help="Print the whole walk at once, or ask at every step; by default, ask when the input is a terminal.",
)
def step(name: str, no_input: bool | None) -> None:
    """Walk through a scenario: its position as written, what the rules do on their own before the first entry,
    then one step per log entry in the log's order: the entry, what happened with its clauses, and both boards,
    every card by name with its id, the places changed since the step before starred.

    Keys: n, Enter or → (next), b or ← (back), j N (jump to step N), w (why: what was legal at the step's entry
    and the clause refusing every other verb, as `judge why` answers), q (quit); any other key only says so.
    On a terminal the screen is redrawn in place, in colour; --no-input prints every step in turn, plain.
    At the end, the verdict and the ruling.

    \b
    Examples:
      judge scenario step ws/damage/cancel-middle
      judge scenario step my-ruling.yaml --no-input
    """
    item = _find(name)
    try:
        steps, ending = walk(item, given=name)
    except LogFormatError as error:
        raise JudgeError(f"malformed scenario: {error}") from None
    if no_input is None:
        no_input = not sys.stdin.isatty()
    if no_input:
        for index in range(len(steps)):
            click.echo(screen(item, steps, index))
            click.echo()
        click.echo(ending)
        return
    from judge.step_cli import stepping

    stepping(item, steps, ending)


@scenario.command()
@click.argument("paths", nargs=-1, type=click.Path())
@batch_options
def test(paths: tuple[str, ...], from_file: str | None, jobs: int, dask_address: str | None) -> None:
    """Check scenarios against the engine (the whole library without PATHS), with a summary.

    PATHS are scenario files, folders (walked for .yaml, .yml, .json and .jsonl
    files, sorted by path) or glob patterns.  A scenario holds when the replay
    gives its verdict and every expectation holds; each difference is printed
    with its entry and line.  A file that is not a scenario is reported, located,
    and the others are still checked.

    Exit status: 0 when every scenario holds, 1 when any does not, 2 when any
    file is not a scenario (or the command is misused).

    \b
    Examples:
      judge scenario test
      judge scenario test my-rulings/ --jobs 0
    """
    if not paths and from_file is None:
        paths = (str(library_root()),)
    run = BatchRun(BatchInputs(paths, from_file, SUFFIXES), jobs, dask_address, unit="scenario")
    held = failed = malformed = 0
    for result in run.results(check_scenario_chunk):
        if result.held:
            held += 1
            run.show(f"ok    {result.id}")
            continue
        failed += 1
        malformed += result.malformed
        run.show(f"FAIL  {result.id}  ({result.path})")
        for difference in result.differences:
            run.show(f"      {difference}")
    if held + failed == 0:
        raise run.nothing_found()
    click.echo(f"{held} held, {failed} did not")
    if malformed:
        sys.exit(EXIT_USAGE)
    if failed:
        sys.exit(EXIT_PROBLEMS)
