"""The annotated rules site: Sphinx pages generated from the index, the engine's citations and the scenarios.

``build(out, games)`` copies the site as it ships with the package
(``judge/site``: the Sphinx configuration, its static files, a front page, the
schema and command pages) into a temporary source folder, and over it, from a
checkout, the project's own pages of ``docs/`` (the user guide, the design, the
API); it writes the generated pages beside them and runs Sphinx with warnings as
errors.  So an installed package builds the rules, the scenarios and the command
reference from any folder, and a checkout builds the whole site:

* the rules pages (:mod:`judge.docs_rules`): a page per chapter of each rules
  document, every clause a ``rules:clause`` target (stable anchors such as
  ``#ws-4-10-1-2``) nested as the document nests it, with the engine code,
  scenarios and lint findings where there are some; a glossary and a coverage
  page per document; the clause table of the jump box;
* the scenario library (:mod:`judge.docs_pages`): an index by game and topic,
  and a page per scenario with its question, the walk through it with the board
  after each step, its ruling, clauses and verdict;
* the beginner sheets, each heading linked to the clauses it explains (a curated
  table, :mod:`judge.docs_pages`);
* the log JSON Schema as tables of fields, verbs and arguments, and as a download.

Nothing here is kept between builds: the site is always what the code and the
rules say now.
"""

from __future__ import annotations

import ast
import re
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from judge.docs_pages import ScenarioWalk, sheet_pages, write_scenario_pages, write_schema_page
from judge.docs_rules import write_rules_pages
from rules_index import documents, load_index


@dataclass(frozen=True, slots=True)
class Citation:
    """A clause id written in the engine's code."""

    module: str
    function: str
    line: int


def citation_pattern() -> re.Pattern[str]:
    """A clause id of a known rules document with a number (``ws:4.10.1.2``), as the engine writes its citations."""
    keys = "|".join(re.escape(document.key) for document in documents.documents())
    return re.compile(rf"^(?:{keys}):\d+(?:\.\d+)*$")


def engine_citations() -> dict[str, list[Citation]]:
    """Clause id -> where the engine cites it, found by reading the engine's source (ast, no import)."""
    found: dict[str, list[Citation]] = defaultdict(list)
    citation = citation_pattern()
    root = Path(str(resources.files("engine")))
    for path in sorted(root.rglob("*.py")):
        module = "engine." + ".".join(path.relative_to(root).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope, node in _walk(tree, ""):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and citation.match(node.value):
                found[node.value].append(Citation(module, scope, node.lineno))
    return found


def _walk(node: ast.AST, scope: str) -> Iterator[tuple[str, ast.AST]]:
    """Every node with the qualified name of the function or class around it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            inner = f"{scope}.{child.name}" if scope else child.name
            yield from _walk(child, inner)
        else:
            yield scope, child
            yield from _walk(child, scope)


def scenario_citations(documents: tuple[str, ...]) -> tuple[dict[str, list[str]], dict[str, ScenarioWalk]]:
    """Clause id -> the scenarios that exercise it (cited, or reached by their replay); each scenario walked.

    Only the scenarios of games whose rules ``documents`` are built and whose engine is registered.
    """
    from judge.docs_pages import scenario_walks

    exercised: dict[str, list[str]] = defaultdict(list)
    pages: dict[str, ScenarioWalk] = {}
    for walked in scenario_walks(documents):
        for clause in walked.reached():
            exercised[clause].append(walked.id)
        pages[walked.id] = walked
    return exercised, pages


def _escape(text: str) -> str:
    """Plain text made safe for reST inline markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def generate(source: Path, games: tuple[str, ...]) -> None:
    """Write the generated pages into ``source`` (a copy of docs/): ``games`` are the rules documents to build."""
    from judge.schema import log_schema, schema_json

    index = load_index()
    citations = engine_citations()
    exercised, scenario_pages = scenario_citations(games)
    rules_dir = source / "rules"
    toc = write_rules_pages(source, games, index, citations, exercised)
    built = {documents.DOCUMENTS_BY_KEY[key].game for key in games}
    toc.extend(sheet_pages(index, rules_dir, documents.beginner_documents(built)))
    (rules_dir / "index.rst").write_text(
        "\n".join(["The rules", "=========", "", ".. toctree::", "   :maxdepth: 2", "", *[f"   {t}" for t in toc], ""]),
        encoding="utf-8",
    )
    write_scenario_pages(source, list(scenario_pages.values()), index)
    static = source / "_static"
    static.mkdir(exist_ok=True)
    (static / "judge-log-1.schema.json").write_text(schema_json(), encoding="utf-8")
    write_schema_page(source, log_schema())


SITE = Path(__file__).resolve().parent / "site"
"""The site as it ships with the package: configuration, static files and the pages any installation builds."""


def checkout_pages() -> Path | None:
    """The project's own pages (``docs/`` beside the packages), when the judge runs from a checkout; None for an
    installed package, whose site has the rules, the scenarios and the reference pages only."""
    root = Path(__file__).resolve().parents[1]
    docs = root / "docs"
    if (root / "pyproject.toml").is_file() and (docs / "index.rst").is_file():
        return docs
    return None


def rules_documents(keys: Collection[str] = ()) -> tuple[str, ...]:
    """The comprehensive rules of the registered games ``keys`` (every registered game's when empty), in the
    registry's order: the documents a site is built from."""
    from judge import games

    wanted = keys or games.available()
    return tuple(games.get(key).rules for key in wanted)


def build(out: Path, games: tuple[str, ...] = (), jobs: int = 1) -> Path:
    """Build the site into ``out`` with warnings as errors; returns the HTML folder.  ``games`` are rules
    documents (``rules_documents``); none: every registered game's."""
    games = games or rules_documents()
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    with tempfile.TemporaryDirectory(prefix="judge-docs-") as temporary:
        source = Path(temporary) / "source"
        shutil.copytree(SITE, source, ignore=shutil.ignore_patterns("__pycache__"))
        guide = checkout_pages()
        if guide is not None:
            shutil.copytree(guide, source, ignore=shutil.ignore_patterns("_build"), dirs_exist_ok=True)
        generate(source, games)
        with patch_docutils(str(source)), docutils_namespace():  # as sphinx-build does: no roles leak out
            app = Sphinx(
                str(source),
                str(source),
                str(out),
                str(Path(temporary) / "doctrees"),
                "html",
                warningiserror=True,
                parallel=jobs,
                status=None,
            )
            app.build()
        if app.statuscode:
            raise RuntimeError(f"the docs build failed with status {app.statuscode}")
    return out
