"""The docs site's command reference, scenario library, beginner sheets and log-format page, as built.

The site is built once for the test session (``--game ws``: the ``ws_site`` fixture
of tests/conftest.py, which tests/test_docs.py reads too); each test reads the pages
it names and writes nothing into it.
"""

from __future__ import annotations

import enum
import html
import importlib.util
import re
import shlex
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType

import click
import pytest
from click.testing import CliRunner

from judge import docs_pages
from judge.cli import main
from judge.docs_pages import SHEET_LINKS, ScenarioWalk, sheet_links
from judge.scenarios import library
from rules_index.index import RulesIndex
from tests.browser import dump_dom, needs_chromium

ROOT = Path(__file__).resolve().parents[1]
TYPOGRAPHIC = "\u2013\u2014\u2018\u2019\u201c\u201d"
"""En and em dashes and curly quotes: what smart quotes make of ``--`` and quotes."""
CHEAP = (
    ("rules", "show"),
    ("rules", "search"),
    ("rules", "tree"),
    ("scenario", "list"),
    ("scenario", "show"),
    ("verify",),
    ("replay",),
)
"""Commands whose examples run in well under a second, on files of the checkout, writing nothing."""
SHELL_SEPARATORS = {"|", ">", ">>", "<", "&&", ";", "2>"}


@pytest.fixture(scope="module")
def site(ws_site: Path) -> Path:
    """The session's ``--game ws`` site (tests/conftest.py); these tests only read it."""
    return ws_site


def _page(site: Path, name: str) -> str:
    return (site / name).read_text(encoding="utf-8")


# --------------------------------------------------------------------------- the command reference


class _Lines(HTMLParser):
    """The text of every ``<div class="line">`` (sphinx-click writes each line of an Examples block as one)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._depth = 0
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div":
            if self._depth:
                self._depth += 1
            elif ("class", "line") in attrs:
                self._depth, self._text = 1, []

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._depth:
            self._depth -= 1
            if not self._depth:
                self.lines.append("".join(self._text))

    def handle_data(self, data: str) -> None:
        if self._depth:
            self._text.append(data)


def command_examples(page: str) -> list[str]:
    """Every example command line of the command reference: a line that runs ``judge``, its comment cut off."""
    parser = _Lines()
    parser.feed(page)
    examples = []
    for line in parser.lines:
        line = html.unescape(line).strip()
        if line.startswith("judge ") or " judge " in line:
            examples.append(re.split(r"\s{2,}", line)[0])  # "judge rules lint      mistakes found ..."
    return examples


def judge_words(example: str) -> list[str]:
    """The words of the ``judge`` command in a shell line: pipes, redirections and other commands cut away."""
    words = shlex.split(example)
    segments: list[list[str]] = [[]]
    for word in words:
        if word in SHELL_SEPARATORS:
            segments.append([])
        else:
            segments[-1].append(word)
    found = [segment for segment in segments if segment[:1] == ["judge"]]
    assert found, f"no judge command in {example!r}"
    return found[0]


def parse_command_line(words: list[str]) -> tuple[tuple[str, ...], list[str]]:
    """Parse a ``judge`` command line as click would, without running it.

    Returns the command's path (``("rules", "show")``) and the values given to its
    file and folder parameters.

    Raises ``click.UsageError`` for an unknown command or option, a missing option
    or argument, an extra argument, or a value its option does not take (a choice
    not offered, a word for a number).  Files need not exist: an example names
    the files its reader has.
    """
    command: click.Command = main
    ctx = click.Context(main, info_name="judge")
    path: list[str] = []
    files: list[str] = []
    args = words[1:]
    while True:
        options, rest, _ = command.make_parser(ctx).parse_args(args=list(args))
        for param in command.get_params(ctx):
            value = options.get(param.name) if param.name else None
            if value is None or value == () or isinstance(value, enum.Enum):  # click 8.2+ marks absence so
                if param.required:
                    raise click.MissingParameter(ctx=ctx, param=param)
                continue
            if isinstance(param.type, click.Path | click.File):
                files += [value] if isinstance(value, str) else list(value)
            else:
                param.type_cast_value(ctx, value)
        if not isinstance(command, click.Group):
            if rest:
                raise click.UsageError(f"unexpected extra arguments: {' '.join(rest)}", ctx)
            return tuple(path), files
        if not rest:
            raise click.UsageError("no subcommand", ctx)
        name, args = rest[0], rest[1:]
        found = command.get_command(ctx, name)
        if found is None:
            raise click.UsageError(f"no such command {name!r}", ctx)
        command, ctx = found, click.Context(found, info_name=name, parent=ctx)
        path.append(name)


@pytest.fixture(scope="module")
def examples(site: Path) -> list[str]:
    found = command_examples(_page(site, "commands.html"))
    assert len(found) >= 30, found
    return found


def test_every_command_example_is_typed_with_plain_dashes_and_quotes(examples: list[str]) -> None:
    for example in examples:
        assert not set(example) & set(TYPOGRAPHIC), example
    assert any(" --" in example for example in examples)


def test_every_command_example_parses(examples: list[str]) -> None:
    failures = []
    for example in examples:
        try:
            parse_command_line(judge_words(example))
        except click.UsageError as error:
            failures.append(f"{example}: {error.format_message()}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    "example",
    [
        "judge selfplay \u2013games 5 \u2013out corpus/",  # what smart quotes made of the example
        "judge selfplay --games 5",  # no --out
        "judge selfplay --games 5 --out corpus/ --format xml",
        "judge rules shwo ws:4.10.1.2",
        "judge verify --jobz 2 game.yaml",
    ],
)
def test_the_parse_check_catches_a_broken_example(example: str) -> None:
    with pytest.raises(click.UsageError):
        parse_command_line(judge_words(example))


def test_the_cheap_examples_run_as_written(examples: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    ran = []
    for example in examples:
        words = shlex.split(example)
        if set(words) & SHELL_SEPARATORS or words[0] != "judge":
            continue
        command, files = parse_command_line(words)
        if command not in CHEAP or not all((ROOT / name).exists() for name in files):
            continue  # slow, or on a file of the reader's (game.jsonl, my-ruling.yaml)
        result = CliRunner().invoke(main, words[1:])
        assert result.exit_code != 2, f"{example}: {result.output}"
        assert "No such option" not in result.output and "Missing option" not in result.output, example
        assert result.exception is None or isinstance(result.exception, SystemExit), (example, result.exception)
        ran.append(example)
    assert "judge rules show ws:4.10.1.2" in ran
    assert "judge verify judge/examples/ws-game.yaml" in ran
    assert len(ran) >= 8, ran


# --------------------------------------------------------------------------- no path of the build machine


def test_no_page_holds_a_path_of_the_machine_that_built_it(site: Path) -> None:
    forbidden = [str(site), str(ROOT), str(Path(tempfile.gettempdir()) / "judge-docs-")]
    found = []
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix not in {".html", ".txt", ".js", ".json", ".inv", ".css"}:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(site)}: {bad}" for bad in forbidden if bad in text]
    assert not found, "\n".join(found[:20])
    assert (site / "scenarios" / "ws" / "damage" / "cancel-middle.html").is_file()


# --------------------------------------------------------------------------- the scenario library


def _ws_scenarios() -> list[tuple[str, str, str]]:
    """(id, topic, title) of every Weiss Schwarz scenario of the library."""
    return [(s.id, s.id.split("/")[1], s.title) for s in library() if s.game == "ws"]


def test_the_library_is_grouped_by_game_and_topic(site: Path) -> None:
    top = _page(site, "scenarios/index.html")
    assert 'href="ws/index.html"' in top
    page = _page(site, "scenarios/ws/index.html")
    scenarios = _ws_scenarios()
    topics = sorted({topic for _, topic, _ in scenarios})
    starts = {topic: page.index(f'id="scenarios-ws-{topic}"') for topic in topics}
    assert list(starts) == sorted(starts, key=starts.__getitem__)  # topics in alphabetical order
    listed: dict[str, set[str]] = {}
    for topic in topics:
        section = page[starts[topic] :].split("</section>", 1)[0]
        listed[topic] = set(re.findall(r'href="([a-z0-9-]+/[a-z0-9-]+)\.html"', section))
    for scenario_id, topic, _ in scenarios:
        relative = scenario_id.split("/", 1)[1]
        assert [name for name, links in listed.items() if relative in links] == [topic], scenario_id
    assert f"{len(scenarios)} scenarios in {len(topics)} topics" in page


def test_a_scenario_page_has_its_question_ruling_clauses_verdict_and_neighbours(site: Path) -> None:
    scenario = next(s for s in library() if s.id == "ws/damage/cancel-middle")
    page = html.unescape(_page(site, "scenarios/ws/damage/cancel-middle.html"))
    assert scenario.question in " ".join(page.split())
    assert scenario.ruling in " ".join(page.split())
    for clause in scenario.clauses:
        anchor = clause.replace(":", "-").replace(".", "-")
        assert re.search(rf'href="[^"]*rules/ws/\d+\.html#{anchor}"', page), clause
    verdict = page[page.index('id="verdict"') :]
    assert "legal" in verdict and "the scenario holds" in verdict
    damage = sorted(s.id for s in library() if s.id.startswith("ws/damage/"))
    position = damage.index(scenario.id)
    before, after = damage[position - 1], damage[position + 1]
    assert f'href="{before.rsplit("/", 1)[-1]}.html"' in page
    assert f'href="{after.rsplit("/", 1)[-1]}.html"' in page


def test_the_first_and_last_of_a_topic_link_one_way(site: Path) -> None:
    damage = sorted(s.id for s in library() if s.id.startswith("ws/damage/"))
    first = _page(site, f"scenarios/{damage[0]}.html")
    assert "First of the topic" in first and f'href="{damage[1].rsplit("/", 1)[-1]}.html"' in first
    last = _page(site, f"scenarios/{damage[-1]}.html")
    assert "last of the topic" in last and f'href="{damage[-2].rsplit("/", 1)[-1]}.html"' in last


def test_a_scenario_page_walks_through_the_scenario(site: Path) -> None:
    page = _page(site, "scenarios/ws/damage/cancel-middle.html")
    walk = page[page.index('id="step-by-step"') :].split('id="ruling"', 1)[0]
    if importlib.util.find_spec("judge.scenario_page") is None:  # the text walk
        assert "step 0/3" in walk and "step 3/3" in walk
        assert "front (center stage)" in walk
    else:  # the interactive stepper, in the page
        assert 'class="judge-stepper"' in walk and 'data-steps="4"' in walk
        assert "<script>" in walk and "<noscript>" in walk


def _walked(scenario_id: str) -> ScenarioWalk:
    from judge.stepper import walk

    scenario = next(s for s in library() if s.id == scenario_id)
    steps, ending = walk(scenario)
    return ScenarioWalk(scenario, steps, ending)


def test_without_the_interactive_stepper_a_page_shows_the_text_walk(
    index: RulesIndex, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(docs_pages, "STEPPER_MODULE", "judge.no_such_stepper")
    page = docs_pages.scenario_page(_walked("ws/damage/cancel-middle"), index, None, None, tmp_path)
    walk = page.split("Step by step\n------------\n", 1)[1].split("Ruling\n------", 1)[0]
    assert ".. code-block:: text" in walk and ".. raw:: html" not in walk
    assert "step 0/3" in walk and "step 3/3" in walk
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(importlib.util.find_spec("judge.scenario_page") is None, reason="no interactive stepper")
def test_with_the_interactive_stepper_a_page_embeds_its_fragment(index: RulesIndex, tmp_path: Path) -> None:
    page = docs_pages.scenario_page(_walked("ws/damage/cancel-middle"), index, None, None, tmp_path)
    assert ".. raw:: html\n   :file: cancel-middle.stepper.html" in page
    fragment = (tmp_path / "cancel-middle.stepper.html").read_text(encoding="utf-8")
    assert 'class="judge-stepper"' in fragment


def test_a_scenario_file_is_named_by_its_place_in_the_library() -> None:
    walked = _walked("ws/damage/cancel-middle")
    assert walked.file == "scenarios/ws/damage/cancel-middle.yaml"
    absolute = str(walked.scenario.path)
    assert Path(absolute).is_absolute()
    assert walked.without_paths(f"{absolute}: legal") == "scenarios/ws/damage/cancel-middle.yaml: legal"


# --------------------------------------------------------------------------- the beginner sheets


def test_the_sheets_link_the_clauses_of_the_curated_table(site: Path) -> None:
    page = _page(site, "rules/ws-sheet.html")
    table = sheet_links()
    objective = "ws-sheet:what-is-the-object-of-the-game"
    start = page.index('id="ws-sheet-what-is-the-object-of-the-game"')
    block = page[start : page.index('id="ws-sheet-game-cards"')]
    linked = re.findall(r'href="ws/\d+\.html#(ws-[0-9-]+)"', block)
    assert linked == [clause.replace(":", "-").replace(".", "-") for clause in table[objective]]
    assert "ws-1-2-2-1" in linked  # a fourth level card loses (the sheet's "Level 4 wins")
    assert not any(anchor.startswith("ws-8-10") for anchor in linked)  # not replacement effects
    guide = _page(site, "rules/ws-guide.html")
    assert guide.count("Explains:") == len([key for key in table if key.startswith("ws-guide:")])
    assert SHEET_LINKS.endswith(".yaml")


# --------------------------------------------------------------------------- the log format


def test_the_log_format_page_has_every_verb_in_tables_and_a_download(site: Path) -> None:
    from judge import games
    from judge.schema import log_schema

    page = _page(site, "log-format.html")
    assert re.search(r'href="_downloads/[0-9a-f]+/judge-log-1\.schema\.json"', page)
    assert "highlight-json" not in page and '"$defs"' not in page
    assert len(page) < 400_000
    defs = log_schema()["$defs"]
    for game in games.available():
        verbs = defs[f"{game}Entry"]["properties"]["do"]["enum"]
        section = page[page.index(f'id="schema-{game}entry"') :]
        table = section[: section.index("</table>")]
        for verb in verbs:
            assert f'<code class="docutils literal notranslate"><span class="pre">{verb}</span></code>' in table, verb
    attack = page[page.index('id="schema-wsentry"') :]
    row = attack[attack.index('<span class="pre">attack</span>') :]
    row = row[: row.index("</tr>")]
    assert '<span class="pre">pos</span></code> (required)' in row
    assert "front" in row and "direct" in row  # the attack types it takes
    header = page[page.index('id="the-header"') :]
    assert '<span class="pre">players</span>' in header.split("</table>")[0]


# --------------------------------------------------------------------------- in a browser


def _shown_step(dom: str) -> str:
    """What the stepper's counter says (``step 2/3``); empty when the page has no counter."""
    counter = re.search(r'class="js-count"[^>]*>([^<]*)<', dom)
    return counter.group(1) if counter else ""


@needs_chromium
def test_a_scenario_page_opens_at_the_step_its_address_names(site: Path, tmp_path: Path) -> None:
    page = (site / "scenarios" / "ws" / "damage" / "cancel-middle.html").as_uri()
    opened = dump_dom(page, tmp_path / "profile")
    assert "A climax revealed in the middle cancels the whole damage" in opened
    if importlib.util.find_spec("judge.scenario_page") is None:
        assert "step 2/3" in opened  # the text walk: every screen is on the page
        return
    assert _shown_step(opened) == "step 0/3"
    at_two = dump_dom(page + "#step=2", tmp_path / "profile")
    assert _shown_step(at_two) == "step 2/3"
    assert "trigger" in at_two.split('class="js-entry"', 1)[1].split("</div>", 1)[0]  # entry 1: the trigger check


@needs_chromium
def test_the_stepper_advances_when_next_is_clicked(site: Path) -> None:
    if importlib.util.find_spec("judge.scenario_page") is None:
        pytest.skip("the interactive stepper is not installed: the page shows the text walk")
    pictures = _make_pictures()
    executable = pictures.find_chromium()
    assert executable is not None
    with pictures.Browser(executable, 1200, 900) as browser:
        browser.open((site / "scenarios" / "ws" / "damage" / "cancel-middle.html").as_uri())
        count = "document.querySelector('.judge-stepper .js-count').textContent"
        assert browser.evaluate(count) == "step 0/3"
        assert pictures.step_forward(browser, 2)
        assert browser.evaluate(count) == "step 2/3"
        browser.evaluate("document.querySelector('.judge-stepper .js-back').click()")
        assert browser.evaluate(count) == "step 1/3"


def _make_pictures() -> ModuleType:
    """``scripts/make_pictures.py`` as a module (its browser driver)."""
    spec = importlib.util.spec_from_file_location("make_pictures", ROOT / "scripts" / "make_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_chromium
def test_the_steppers_clause_ids_link_to_the_rules_pages_where_they_are(site: Path, tmp_path: Path) -> None:
    """In a scenario page of the built site, every clause id of the stepper's current step is a link, and each
    link lands on a rules page of the site that holds the clause's anchor."""
    page = site / "scenarios" / "ws" / "damage" / "cancel-middle.html"
    dom = dump_dom(f"{page.as_uri()}#step=3", None, budget_ms=3000)
    links = re.findall(r'<span class="js-clauses">(.*?)</span>', dom, re.DOTALL)
    addresses = [address for span in links for address in re.findall(r'<a href="([^"]+)">', span)]
    assert addresses, links
    for address in addresses:
        target, _, anchor = address.partition("#")
        landed = (page.parent / target).resolve()
        assert landed.is_file(), address
        assert f'id="{anchor}"' in landed.read_text(encoding="utf-8"), address
