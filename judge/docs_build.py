"""The annotated rules site: Sphinx pages generated from the index, the engine's citations and the scenarios.

``build(out, games)`` copies the hand-written pages of ``docs/`` into a
temporary source folder, writes the generated ones beside them, and runs Sphinx
with warnings as errors:

* a page per top-level section of each rules document, every clause a
  ``rules:clause`` target (stable anchors such as ``#ws-4-10-1-2``), its
  references and defined terms as links, and its annotations: the engine code
  that cites it (module and function, linked to the source through autodoc and
  viewcode), the scenarios that exercise it, the lint findings on it, and its
  coverage;
* a coverage summary per document;
* a page per scenario with its step-by-step walk and the board after each step;
* the beginner sheets, each heading linked to the clauses it explains;
* the log JSON Schema, published as a download.

Nothing here is kept between builds: the site is always what the code and the
rules say now.
"""

from __future__ import annotations

import ast
import re
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from rules_index import Clause, RulesIndex, load_index
from rules_index.documents import DOCUMENTS_BY_KEY

CITATION = re.compile(r"^(ws|vg|wl):\d+(?:\.\d+)*$")
RULE_DOCUMENTS = ("ws", "vg", "wl")
SHEETS = ("ws-sheet", "ws-guide")


@dataclass(frozen=True, slots=True)
class Citation:
    """A clause id written in the engine's code."""

    module: str
    function: str
    line: int


def engine_citations() -> dict[str, list[Citation]]:
    """Clause id -> where the engine cites it, found by reading the engine's source (ast, no import)."""
    found: dict[str, list[Citation]] = defaultdict(list)
    root = Path(str(resources.files("engine")))
    for path in sorted(root.rglob("*.py")):
        module = "engine." + ".".join(path.relative_to(root).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope, node in _walk(tree, ""):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and CITATION.match(node.value):
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


def scenario_citations(documents: tuple[str, ...]) -> tuple[dict[str, list[str]], dict[str, tuple[str, str]]]:
    """Clause id -> the scenarios that exercise it (cited, or reached by their replay); scenario pages.

    Only the scenarios of games whose rules ``documents`` are built and whose engine is registered.
    """
    from judge import games
    from judge.scenarios import library
    from judge.stepper import screen, walk

    exercised: dict[str, list[str]] = defaultdict(list)
    pages: dict[str, tuple[str, str]] = {}
    playable = {key for key in games.available() if games.get(key).rules in documents}
    for scenario in library():
        if scenario.game not in playable:
            continue
        steps, ending = walk(scenario)
        reached = set(scenario.clauses)
        for step in steps:
            for record in step.happened:
                reached.update(record.clauses)
        for clause in sorted(reached):
            exercised[clause].append(scenario.id)
        walk_text = "\n\n".join(screen(scenario, steps, index) for index in range(len(steps))) + "\n\n" + ending
        pages[scenario.id] = (scenario.title, walk_text)
    return exercised, pages


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _page_of(clause: Clause) -> str:
    section = clause.number.split(".")[0] if clause.number[:1].isdigit() else _slug(clause.number.split("/")[0])
    return f"rules/{clause.doc}/{section}"


def _escape(text: str) -> str:
    """Plain text made safe for reST inline markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def _linked_text(clause: Clause) -> str:
    """The clause text with its resolved references and defined terms as ``:rule:`` links.

    Links are placed on spans of the original text that do not overlap (the first
    occurrence of each), then every piece is escaped for reST.
    """
    text = clause.text
    spans: list[tuple[int, int, str]] = []

    def place(start: int, end: int, target: str) -> None:
        if all(end <= other_start or start >= other_end for other_start, other_end, _ in spans):
            spans.append((start, end, target))

    for ref in clause.refs:
        if ref.target:
            start = text.find(ref.written)
            if start >= 0:
                place(start, start + len(ref.written), ref.target)
    for use in clause.terms:
        match = re.search(r"\b" + re.escape(use.term) + r"\b", text, re.IGNORECASE)
        if match:
            place(match.start(), match.end(), use.defined_by)
    pieces, position = [], 0
    for start, end, target in sorted(spans):
        pieces.append(_escape(text[position:start]))
        label = text[start:end].replace("<", "").replace(">", "").replace("`", "")
        pieces.append(f"\\ :rule:`{label} <{target}>`\\ ")
        position = end
    pieces.append(_escape(text[position:]))
    return "".join(pieces)


def _clause_block(
    index: RulesIndex,
    clause: Clause,
    citations: dict[str, list[Citation]],
    exercised: dict[str, list[str]],
    findings: dict[str, list[str]],
) -> list[str]:
    lines = [f".. rules:clause:: {clause.id}"]
    if clause.title:
        lines.append(f"   :title: {clause.title}")
    lines.append("")
    if clause.text:
        lines.append(f"   {_linked_text(clause)}")
        lines.append("")
    notes = []
    cited = citations.get(clause.id, [])
    if cited:
        places = sorted({(c.module, c.function) for c in cited})
        links = ", ".join(
            f":py:obj:`{module}.{function}`" if function else f":py:mod:`{module}`" for module, function in places
        )
        notes.append(f"**Engine:** {links}")
    scenarios = exercised.get(clause.id, [])
    if scenarios:
        notes.append("**Scenarios:** " + ", ".join(f":doc:`{s} </scenarios/{s}>`" for s in scenarios[:8]))
    for finding in findings.get(clause.id, []):
        notes.append(f"**Lint:** {finding}")
    coverage = ("cited by the engine" if cited else "not cited by the engine") + (
        ", exercised by a scenario" if scenarios else ""
    )
    notes.append(f"**Coverage:** {coverage}")
    for note in notes:
        lines.append(f"   | {note}")
    lines.append("")
    return lines


def generate(source: Path, games: tuple[str, ...]) -> None:
    """Write the generated pages into ``source`` (a copy of docs/)."""
    from judge.schema import schema_json

    index = load_index()
    citations = engine_citations()
    exercised, scenario_pages = scenario_citations(games)
    rules_dir = source / "rules"
    toc = []
    for doc in games:
        document = DOCUMENTS_BY_KEY[doc]
        findings: dict[str, list[str]] = defaultdict(list)
        for finding in index.findings(doc):
            findings[finding.clause.split("#")[0]].append(f"{finding.kind.value}: {finding.message}")
        pages: dict[str, list[Clause]] = defaultdict(list)
        for clause in index.documents[doc].clauses:
            pages[_page_of(clause)].append(clause)
        (rules_dir / doc).mkdir(parents=True, exist_ok=True)
        page_names = []
        for page, clauses in pages.items():
            root = clauses[0]
            heading = f"{root.number}. {root.title or root.heading}"
            body = [heading, "=" * len(heading), ""]
            for clause in clauses:
                if "#" in clause.id:  # a number printed twice: its second clause is shown in the lint
                    continue
                body.extend(_clause_block(index, clause, citations, exercised, findings))
            (source / f"{page}.rst").write_text("\n".join(body), encoding="utf-8")
            page_names.append(page.split("/")[-1])
        total = len(index.documents[doc].clauses)
        by_engine = sum(1 for clause in index.documents[doc].clauses if clause.id in citations)
        by_scenario = sum(1 for clause in index.documents[doc].clauses if clause.id in exercised)
        summary = [
            document.title,
            "=" * len(document.title),
            "",
            (
                f"{total} clauses. Coverage: the engine cites {by_engine} ({100 * by_engine / total:.0f}%); "
                f"the scenarios exercise {by_scenario} ({100 * by_scenario / total:.0f}%); "
                f"the lint reports {len(index.findings(doc))} findings."
            ),
            "",
            ".. toctree::",
            "   :maxdepth: 1",
            "",
            *[f"   {name}" for name in page_names],
            "",
        ]
        (rules_dir / doc / "index.rst").write_text("\n".join(summary), encoding="utf-8")
        toc.append(f"{doc}/index")
    if "ws" in games:
        toc.extend(_sheet_pages(index, rules_dir))
    (rules_dir / "index.rst").write_text(
        "\n".join(["The rules", "=========", "", ".. toctree::", "   :maxdepth: 2", "", *[f"   {t}" for t in toc], ""]),
        encoding="utf-8",
    )
    scenario_dir = source / "scenarios"
    scenario_toc = []
    for scenario_id, (title, walk_text) in sorted(scenario_pages.items()):
        path = scenario_dir / f"{scenario_id}.rst"
        path.parent.mkdir(parents=True, exist_ok=True)
        indented = "\n".join(f"   {line}" if line else "" for line in walk_text.splitlines())
        path.write_text(
            f"{title}\n{'=' * len(title)}\n\n``{scenario_id}``\n\n.. code-block:: text\n\n{indented}\n",
            encoding="utf-8",
        )
        scenario_toc.append(f"   {scenario_id}")
    scenario_dir.mkdir(parents=True, exist_ok=True)
    (scenario_dir / "index.rst").write_text(
        "The scenario library\n====================\n\n"
        + (
            ".. toctree::\n   :maxdepth: 1\n\n" + "\n".join(scenario_toc) + "\n"
            if scenario_toc
            else "No scenario of the games this site covers.\n"
        ),
        encoding="utf-8",
    )
    static = source / "_static"
    static.mkdir(exist_ok=True)
    (static / "judge-log-1.schema.json").write_text(schema_json(), encoding="utf-8")


def _sheet_pages(index: RulesIndex, rules_dir: Path) -> list[str]:
    """The beginner sheets, each heading followed by the clauses of the rules it explains (by search)."""
    names = []
    for doc in SHEETS:
        document = DOCUMENTS_BY_KEY[doc]
        lines = [document.title, "=" * len(document.title), ""]
        for clause in index.documents[doc].clauses:
            lines.append(f".. rules:clause:: {clause.id}")
            lines.append(f"   :title: {clause.title or clause.heading}")
            lines.append("")
            if clause.text:
                lines.append("   " + _escape(clause.text))
                lines.append("")
            hits = [hit.clause.id for hit in index.search(clause.title or clause.heading, doc="ws", limit=3)]
            if hits:
                lines.append("   | **Explains:** " + ", ".join(f":rule:`{hit}`" for hit in hits))
                lines.append("")
        (rules_dir / f"{doc}.rst").write_text("\n".join(lines), encoding="utf-8")
        names.append(doc)
    return names


def build(out: Path, games: tuple[str, ...] = RULE_DOCUMENTS, jobs: int = 1) -> Path:
    """Build the site into ``out`` with warnings as errors; returns the HTML folder."""
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    docs = Path(__file__).resolve().parents[1] / "docs"
    with tempfile.TemporaryDirectory(prefix="judge-docs-") as temporary:
        source = Path(temporary) / "source"
        shutil.copytree(docs, source, ignore=shutil.ignore_patterns("_build"))
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
