"""The docs site's scenario library, beginner-sheet pages and log-format reference (reST, written for Sphinx).

``judge.docs_build`` copies ``docs/`` and calls these to write the generated
pages beside the hand-written ones:

* the scenario library: an index per game with the scenarios grouped by topic,
  and a page per scenario with its question, the walk through it (the
  interactive stepper of :mod:`judge.scenario_page` where that module is
  installed, else the text screens of :mod:`judge.stepper`), its ruling, the
  clauses it hinges on as links, the verdict, and the previous and next
  scenario of its topic;
* the beginner sheets, each heading followed by the clauses of the rules it
  explains, from the curated table ``judge/data/sheet-links.yaml`` (a search on
  the heading's words finds clauses that share a word, not the ones it explains);
* the JSON Schema as tables: the header's fields, each game's verbs with their
  arguments, and every record the verbs use (``schema-fields.inc``, included by
  ``judge/site/log-format.rst``).

Nothing written here holds a path of the machine that builds it: a scenario is
named by its id and its file by its place in the library.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from judge.clause_anchors import anchor_for, page_of
from rules_index import RulesIndex
from rules_index.documents import DOCUMENTS_BY_KEY, beginner_documents, comprehensive_rules

if TYPE_CHECKING:
    from engine.core.vocabulary import Vocabulary
    from judge.scenarios import Scenario
    from judge.stepper import Step

SHEET_LINKS = "sheet-links.yaml"
"""The curated table of ``judge/data``: beginner-sheet clause id -> the ``ws`` clause ids it explains."""
STEPPER_MODULE = "judge.scenario_page"
"""The interactive stepper: ``stepper_html(scenario, link) -> str``, a self-contained HTML fragment."""
SCHEMA_INCLUDE = "schema-fields.inc"
VOCABULARY_INCLUDE = "printed-text-vocabulary.inc"


def escape(text: str) -> str:
    """Plain text made safe for reST inline markup."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def _heading(text: str, underline: str) -> list[str]:
    """A reST section title underlined with ``underline``, and the blank line after it."""
    return [text, underline * len(text), ""]


def _indented(text: str, prefix: str = "   ") -> list[str]:
    """The lines of ``text`` as the content of a directive (blank lines stay empty)."""
    return [f"{prefix}{line}" if line.strip() else "" for line in text.splitlines()]


def _context(index: RulesIndex, clause_id: str) -> str:
    """What a clause is about, in a few words: its title, or the title of the nearest section above it."""
    clause = index.resolve(clause_id)
    if clause is None:
        return ""
    for candidate in [clause, *reversed(index.ancestors(clause))]:
        if candidate.title:
            return candidate.title
    return clause.heading


def _rule_links(index: RulesIndex, clause_ids: Iterable[str]) -> str:
    """``:rule:`` links, each followed by the title of the section it belongs to."""
    links = []
    for clause_id in clause_ids:
        context = _context(index, clause_id)
        links.append(f":rule:`{clause_id}`" + (f" ({escape(context)})" if context else ""))
    return ", ".join(links)


# --------------------------------------------------------------------------- the beginner sheets


def sheet_links() -> dict[str, tuple[str, ...]]:
    """The curated table: beginner-sheet clause id -> the rules clauses it explains, in the table's order.

    TypeError when the file is not a mapping of clause ids to lists of clause ids.
    """
    text = resources.files("judge").joinpath("data", SHEET_LINKS).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise TypeError(f"{SHEET_LINKS} is a mapping of sheet clause ids to lists of clause ids")
    table: dict[str, tuple[str, ...]] = {}
    for key, targets in data.items():
        if not isinstance(key, str) or not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
            raise TypeError(f"{SHEET_LINKS}: {key!r} maps to {targets!r}, not a list of clause ids")
        table[key] = tuple(targets)
    return table


def sheet_pages(index: RulesIndex, rules_dir: Path, sheets: Sequence[str]) -> list[str]:
    """Write a page per beginner sheet of ``sheets`` (document keys) into ``rules_dir``; returns their names for
    the toctree.

    Each heading is a ``rules:clause`` target followed by the clauses the curated
    table says it explains.  A heading missing from the table is an error, so a
    new version of a sheet cannot be published with headings that explain nothing.
    """
    links = sheet_links()
    names = []
    for doc in sheets:
        document = DOCUMENTS_BY_KEY[doc]
        lines = _heading(document.title, "=")
        lines += [
            (
                f"The headings of this beginner document, each with the clauses of the "
                f"{comprehensive_rules(document.game).title} that it explains."
            ),
            "",
        ]
        for clause in index.documents[doc].clauses:
            if clause.id not in links:
                raise ValueError(f"{SHEET_LINKS} has no entry for {clause.id}")
            lines += [f".. rules:clause:: {clause.id}", f"   :title: {escape(clause.title or clause.heading)}", ""]
            if clause.text:
                lines += ["   " + escape(clause.text), ""]
            if links[clause.id]:
                lines += ["   | **Explains:** " + _rule_links(index, links[clause.id]), ""]
        (rules_dir / f"{doc}.rst").write_text("\n".join(lines), encoding="utf-8")
        names.append(doc)
    return names


# --------------------------------------------------------------------------- the scenario library


@dataclass(slots=True)
class ScenarioWalk:
    """A scenario of the library, walked once: its steps and the closing text (verdict, ruling, clauses)."""

    scenario: Scenario
    steps: list[Step]
    ending: str

    @property
    def id(self) -> str:
        """The scenario's id in the library: ``ws/damage/cancel-first``."""
        return str(self.scenario.id)

    @property
    def topic(self) -> str:
        """The topic it is filed under: the folder it is in (``ws/damage/cancel-first`` -> ``damage``)."""
        topics = self.scenario.topics
        return str(topics[0]) if topics else "other"

    @property
    def file(self) -> str:
        """Where it is, relative to the project: ``scenarios/ws/damage/cancel-first.yaml``."""
        return f"scenarios/{self.id}{Path(str(self.scenario.path)).suffix}"

    def reached(self) -> list[str]:
        """The clauses it exercises: those it cites and those its replay reached, sorted."""
        found = set(self.scenario.clauses)
        for step in self.steps:
            for record in step.happened:
                found.update(record.clauses)
        return sorted(found)

    def without_paths(self, text: str) -> str:
        """``text`` with the scenario file's absolute path written as its place in the library."""
        return text.replace(str(self.scenario.path), self.file)


def scenario_walks(documents: tuple[str, ...]) -> list[ScenarioWalk]:
    """Every library scenario of a game whose rules ``documents`` are built and whose engine is registered."""
    from judge import games
    from judge.scenarios import library
    from judge.stepper import walk

    playable = {key for key in games.available() if games.get(key).rules in documents}
    walks = []
    for scenario in library():
        if scenario.game in playable:
            steps, ending = walk(scenario)
            walks.append(ScenarioWalk(scenario, steps, ending))
    return walks


def _topic_title(topic: str) -> str:
    """A topic folder's name as a heading: ``first-turn`` -> ``First turn``."""
    return topic.replace("-", " ").capitalize()


def _stepper_fragment(walk: ScenarioWalk, index: RulesIndex) -> str | None:
    """The interactive stepper's HTML for this scenario, or None where :mod:`judge.scenario_page` is not there;
    its clause ids link to their rules pages (the scenario's page is ``scenarios/<game>/<topic>/<name>``)."""
    if importlib.util.find_spec(STEPPER_MODULE) is None:
        return None
    module = importlib.import_module(STEPPER_MODULE)
    to_root = "../" * (walk.id.count("/") + 1)  # scenarios/ and each folder of the id
    single = beginner_documents()

    def link(clause: str) -> str | None:
        page = page_of(clause, single)
        return None if clause not in index.clauses or page is None else f"{to_root}{page}.html#{anchor_for(clause)}"

    return walk.without_paths(str(module.stepper_html(walk.scenario, link)))


def _text_walk(walk: ScenarioWalk) -> str:
    """The stepper's screens one after the other, as ``judge scenario step`` prints them."""
    from judge.stepper import screen

    screens = [screen(walk.scenario, walk.steps, number) for number in range(len(walk.steps))]
    return walk.without_paths("\n\n".join(screens))


def _verdict_text(walk: ScenarioWalk) -> str:
    """The closing text's verdict lines (the ruling and the clauses are shown as prose and links instead)."""
    lines = []
    for line in walk.ending.splitlines():
        if line.startswith(("ruling: ", "clauses: ")):
            break
        lines.append(line)
    return walk.without_paths("\n".join(lines))


def _neighbours(walks: list[ScenarioWalk]) -> dict[str, tuple[ScenarioWalk | None, ScenarioWalk | None]]:
    """Scenario id -> the previous and the next scenario of the same game and topic."""
    by_topic: dict[tuple[str, str], list[ScenarioWalk]] = defaultdict(list)
    for walk in walks:
        by_topic[(walk.scenario.game, walk.topic)].append(walk)
    found: dict[str, tuple[ScenarioWalk | None, ScenarioWalk | None]] = {}
    for group in by_topic.values():
        group.sort(key=lambda walk: walk.id)
        for position, walk in enumerate(group):
            before = group[position - 1] if position > 0 else None
            after = group[position + 1] if position + 1 < len(group) else None
            found[walk.id] = (before, after)
    return found


def _doc_link(walk: ScenarioWalk) -> str:
    """A link to a scenario's page, by its title."""
    return f":doc:`{escape(walk.scenario.title)} </scenarios/{walk.id}>`"


def _stepper_links(before: ScenarioWalk | None, after: ScenarioWalk | None, topic: str) -> list[str]:
    """The line that leads to the previous and the next scenario of the topic."""
    parts = []
    parts.append(f"Previous: {_doc_link(before)}" if before else "First of the topic")
    parts.append(f"Next: {_doc_link(after)}" if after else "last of the topic")
    return [f"| {' · '.join(parts)} ({escape(_topic_title(topic))})", ""]


def scenario_page(
    walk: ScenarioWalk, index: RulesIndex, before: ScenarioWalk | None, after: ScenarioWalk | None, folder: Path
) -> str:
    """The reST page of one scenario; the stepper's HTML, when there is one, is written beside it in ``folder``."""
    scenario = walk.scenario
    game = scenario.game
    lines = _heading(scenario.title, "=")
    filed = f":ref:`{escape(_topic_title(walk.topic))} <scenarios-{game}-{walk.topic}>`"
    also = ", ".join(escape(_topic_title(topic)).lower() for topic in scenario.topics if topic != walk.topic)
    lines += [f"``{walk.id}`` (``{walk.file}``), topic: {filed}" + (f"; also about {also}" if also else ""), ""]
    lines += _stepper_links(before, after, walk.topic)
    lines += _heading("Question", "-") + [escape(scenario.question), ""]
    lines += _heading("Step by step", "-")
    fragment = _stepper_fragment(walk, index)
    if fragment is not None:
        name = f"{walk.id.rsplit('/', 1)[-1]}.stepper.html"
        (folder / name).write_text(fragment, encoding="utf-8")
        lines += [".. raw:: html", f"   :file: {name}", ""]
    else:
        lines += [
            (
                "The position, then the board after each entry, with the clauses of what the rules made happen "
                f"(``judge scenario step {walk.id}`` shows the same screens one at a time)."
            ),
            "",
            ".. code-block:: text",
            "",
            *_indented(_text_walk(walk)),
            "",
        ]
    lines += _heading("Ruling", "-") + [escape(scenario.ruling), ""]
    lines += _heading("Clauses", "-")
    for clause_id in scenario.clauses:
        context = _context(index, clause_id)
        lines.append(f"* :rule:`{clause_id}`" + (f": {escape(context)}" if context else ""))
    lines += ["", *_heading("Verdict", "-"), ".. code-block:: text", "", *_indented(_verdict_text(walk)), ""]
    lines += _stepper_links(before, after, walk.topic)
    return "\n".join(lines)


def write_scenario_pages(source: Path, walks: list[ScenarioWalk], index: RulesIndex) -> None:
    """The scenario library into ``source/scenarios``: its index, an index per game by topic, a page per scenario."""
    from judge import games

    root = source / "scenarios"
    root.mkdir(parents=True, exist_ok=True)
    neighbours = _neighbours(walks)
    by_game: dict[str, dict[str, list[ScenarioWalk]]] = defaultdict(lambda: defaultdict(list))
    for walk in sorted(walks, key=lambda walk: walk.id):
        by_game[walk.scenario.game][walk.topic].append(walk)
        folder = root / Path(walk.id).parent
        folder.mkdir(parents=True, exist_ok=True)
        before, after = neighbours[walk.id]
        page = scenario_page(walk, index, before, after, folder)
        (root / f"{walk.id}.rst").write_text(page, encoding="utf-8")
    top = _heading("The scenario library", "=")
    top += [
        (
            "Each scenario is a position, a question and its ruling, checked against the engine: the replay must "
            "reach the ruling's verdict and every expectation it states.  A scenario's page walks through it entry "
            "by entry, with the board after each; :doc:`/scenarios` describes the format."
        ),
        "",
    ]
    if not by_game:
        top += ["No scenario of the games this site covers.", ""]
    else:
        order = [game for game in games.available() if game in by_game]  # as the registry lists them
        top += [".. toctree::", "   :maxdepth: 2", "", *[f"   {game}/index" for game in order], ""]
    (root / "index.rst").write_text("\n".join(top), encoding="utf-8")
    for game, topics in by_game.items():
        title = f"{games.get(game).title} scenarios"
        count = sum(len(group) for group in topics.values())
        lines = _heading(title, "=") + [f"{count} scenarios in {len(topics)} topics.", ""]
        toc = []
        for topic in sorted(topics):
            lines += [f".. _scenarios-{game}-{topic}:", "", *_heading(_topic_title(topic), "-")]
            for walk in topics[topic]:
                verdict = walk.scenario.verdict.value
                lines.append(f"* {_doc_link(walk)} ({verdict}): {escape(_first_sentence(walk.scenario.question))}")
                toc.append(f"   /scenarios/{walk.id}")
            lines.append("")
        lines += [".. toctree::", "   :hidden:", "", *toc, ""]
        (root / game / "index.rst").write_text("\n".join(lines), encoding="utf-8")


def _first_sentence(text: str, limit: int = 160) -> str:
    """The first sentence of a question, for the library's list (the page has all of it)."""
    match = re.match(r"(.+?[.?!])(\s|$)", text.strip(), re.DOTALL)
    sentence = " ".join((match.group(1) if match else text).split())
    return sentence if len(sentence) <= limit else sentence[: limit - 3].rstrip() + "..."


# --------------------------------------------------------------------------- the schema as tables

Schema = dict[str, Any]


@dataclass(frozen=True, slots=True)
class _SchemaText:
    """Turns schema nodes into short reST phrases, linking the definitions that have a section of their own."""

    defs: dict[str, Schema]

    def has_section(self, name: str) -> bool:
        """Whether a definition gets a section (a record or a titled value) rather than being described inline."""
        node = self.defs.get(name, {})
        return "title" in node or "properties" in node

    def label(self, name: str) -> str:
        """The reST label of a definition's section: ``wsDo_attack`` -> ``schema-wsdo-attack``."""
        return f"schema-{name.lower().replace('_', '-')}"

    def title(self, name: str) -> str:
        """A definition's title; an untitled one is named from its key (``wsDeclaredMove`` -> ``Declared move``)."""
        title = self.defs[name].get("title")
        if isinstance(title, str):
            return title
        words = re.findall(r"[A-Z][a-z]*|[a-z]+", re.sub(r"^(?:ws|vg|wl)(?=[A-Z])", "", name))
        return " ".join(words).capitalize() if words else name

    def link(self, name: str) -> str:
        """A link to a definition's section, by its title."""
        return f":ref:`{escape(self.title(name))} <{self.label(name)}>`"

    def value(self, node: Any) -> str:
        """What a value must be, in words: ``one of ...``, ``a list of ...``, a link to a record."""
        if not isinstance(node, dict):
            return "any value"
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            return self.link(name) if self.has_section(name) else self.value(self.defs[name])
        if "const" in node:
            return f"``{json.dumps(node['const'])}``"
        if "enum" in node:
            return "one of " + ", ".join(f"``{json.dumps(value)}``" for value in node["enum"])
        for key in ("anyOf", "oneOf"):
            described = [self.value(item) for item in node.get(key, []) if _describes_a_value(item)]
            if described:
                return " or ".join(dict.fromkeys(described))
        if {"if", "then", "else"} <= node.keys() and isinstance(node["else"], dict) and "items" in node["else"]:
            one, each = self.value(node["then"]), self.value(node["else"]["items"])
            return f"{one}, or a list of them" if one == each else f"{one}, or a list of {each}"
        alternatives = [self.value(item["then"]) for item in node.get("allOf", []) if "then" in item]
        types = node.get("type")
        type_list = [types] if isinstance(types, str) else list(types or [])
        if alternatives and type_list:
            plain = [self._type(kind, node) for kind in type_list if kind != "object"]
            return " or ".join([*plain, *alternatives])
        if type_list:
            return " or ".join(self._type(kind, node) for kind in type_list)
        return "any value"

    def _type(self, kind: str, node: Schema) -> str:
        """One JSON type of a node in words, with what its items, keys or bounds say."""
        if kind == "array":
            items = node.get("items")
            return f"a list of {self.value(items)}" if items is not None else "a list"
        if kind == "object":
            keys = node.get("additionalProperties")
            if isinstance(keys, dict):
                names = self.value(node["propertyNames"]) if "propertyNames" in node else "name"
                return f"a mapping of {names} to {self.value(keys)}"
            if "properties" in node:
                return "a mapping with " + ", ".join(f"``{name}``" for name in node["properties"])
            return "a mapping"
        if kind == "string":
            if node.get("pattern") == r"\S":
                return "text"
            if node.get("minLength"):
                return "a non-empty string"
            return "a string"
        if kind == "integer":
            low = node.get("minimum")
            return f"an integer, at least {low}" if low is not None else "an integer"
        return {"boolean": "true or false", "null": "null", "number": "a number"}.get(kind, kind)

    def description(self, node: Any) -> str:
        """A node's description on one line, escaped for reST; empty when it has none."""
        return escape(" ".join(str(node.get("description", "")).split())) if isinstance(node, dict) else ""


def _describes_a_value(node: Any) -> bool:
    """False for a branch that only constrains which keys are present (``oneOf: [{required: [...]}]``)."""
    return isinstance(node, dict) and bool(node.keys() - {"required", "description", "title"})


def _cell(text: str) -> str:
    """A table cell's text; an empty cell as an escaped space, which ``list-table`` needs."""
    return text if text else "\\ "


def _table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]], widths: str) -> list[str]:
    """A ``list-table`` with a header row; ``widths`` are the columns' relative widths."""
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", "   :class: schema-table", ""]
    for row in [header, *rows]:
        first, *rest = row
        lines.append(f"   * - {_cell(first)}")
        lines += [f"     - {_cell(cell)}" for cell in rest]
    return [*lines, ""]


def _requirement(node: Schema, name: str) -> str:
    """Whether a mapping's definition requires key ``name``: ``yes``; ``yes, or ``to```` where either of two will
    do (``anyOf`` of ``required``); for a definition with ``if``/``then``/``else``, what the ``else`` says (the case
    the ``if`` singles out is in the key's description); empty when it is optional."""
    if name in node.get("required", []):
        return "yes"
    for branches in (node.get("anyOf", []), node.get("oneOf", [])):
        groups = [b["required"] for b in branches if isinstance(b, dict) and set(b) == {"required"}]
        if len(groups) == len(branches) and any(name in group for group in groups):
            others = [key for group in groups for key in group if key != name]
            return "yes, or " + " or ".join(f"``{key}``" for key in others)
    marks = [_requirement(node[key], name) for key in ("else", "then") if isinstance(node.get(key), dict)]
    return next((mark for mark in marks if mark), "")


def _fields(text: _SchemaText, node: Schema) -> list[str]:
    """A table of an object's fields: name, value, whether it is required, and what it means."""
    rows = [
        (f"``{name}``", text.value(field), _requirement(node, name), text.description(field))
        for name, field in node.get("properties", {}).items()
    ]
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and rows:
        names = text.value(node["propertyNames"]) if "propertyNames" in node else "any other key"
        rows.append((escape(names), text.value(extra), "", text.description(extra)))
    if not rows:
        return []
    return _table(("field", "value", "required", "meaning"), rows, "16 34 9 41")


def _definition_section(text: _SchemaText, name: str, underline: str) -> list[str]:
    """A definition's section: its label, title, description, and its fields as a table (or its value)."""
    node = text.defs[name]
    title = text.title(name)
    lines = [f".. _{text.label(name)}:", "", *_heading(title, underline)]
    if node.get("description"):
        lines += [text.description(node), ""]
    table = _fields(text, node)
    if table:
        lines += table
    else:
        lines += [f"Value: {text.value({key: v for key, v in node.items() if key != 'title'})}.", ""]
    then = node.get("then")
    if isinstance(then, dict) and then.get("description"):
        lines += [text.description(then), ""]
    return lines


def _after_name(requirement: str) -> str:
    """What follows a key's name in a verb's list: `` (required)``, `` (required, or ``to``)``, or nothing."""
    return f" (required{requirement.removeprefix('yes')})" if requirement else ""


def _verb_table(text: _SchemaText, game: str, entry: Schema) -> list[str]:
    """A game's verbs: each with what it is (a choice, a forced event, a declared effect), its arguments, and the
    keys every entry has, each key with its value and whether it is required: every key an entry of the verb may
    have, and no other."""
    verbs = entry.get("properties", {}).get("do", {}).get("enum", [])
    common = list(text.defs.get("entry", {}).get("properties", {}))
    rows = []
    for verb in verbs:
        node = text.defs.get(f"{game}Do_{verb}", {})
        keys = node.get("properties", {})
        arguments = []
        for name, field in keys.items():
            if name in common:
                continue
            mark = _after_name(_requirement(node, name))
            meaning = text.description(field)
            arguments.append(f"``{name}``{mark}: {text.value(field)}" + (f"; {meaning}" if meaning else ""))
        shared = [
            f"``{name}``" + _after_name(_requirement(node, name) if keys else "")
            for name in common
            if name in keys or not keys
        ]
        arguments.append(", ".join(shared) + ": as in every :ref:`entry <schema-entry>`")
        cell = "\n\n       ".join(f"* {argument}" for argument in arguments)
        rows.append((f"``{verb}``", text.description(node), cell))
    return _table(("verb", "what it is", "keys"), rows, "14 36 50")


def schema_reference(schema: Schema) -> str:
    """The log schema as reST tables: the header, the shared records, then each game's verbs and records."""
    from judge import games

    defs = schema.get("$defs", {})
    text = _SchemaText(defs)
    keys = tuple(games.available())

    def owner(name: str) -> str | None:
        for key in keys:
            if name.startswith(key) and name[len(key) : len(key) + 1].isupper():
                return key
        return None

    lines = _heading("The header", "-")
    lines += [
        (
            "The top-level keys of a log.  Every entry of ``actions`` is an :ref:`entry <schema-entry>`; what "
            "each game adds to the header, its verbs and their arguments follow, game by game."
        ),
        "",
        *_fields(text, schema),
    ]
    lines += _heading("Shared records", "-")
    for name in defs:
        if owner(name) is None and text.has_section(name):
            lines += _definition_section(text, name, "~")
    for key in keys:
        title = f"{games.get(key).title} (``game: {key}``)"
        lines += _heading(title, "-")
        log = defs.get(f"{key}Log", {})
        lines += [f".. _{text.label(key + 'Log')}:", ""] if log else []
        if log:
            lines += _fields(text, log)
            then = log.get("then")
            if isinstance(then, dict) and then.get("description"):
                lines += [text.description(then), ""]
        entry = defs.get(f"{key}Entry", {})
        if entry:
            lines += [f".. _{text.label(key + 'Entry')}:", "", *_heading("Verbs", "~")]
            expect = entry.get("properties", {}).get("expect")
            lines += [
                text.description(entry) + (f"  An entry's ``expect`` is {text.value(expect)}." if expect else ""),
                "",
                *_verb_table(text, key, entry),
            ]
        for name in defs:
            if owner(name) != key or name in (f"{key}Log", f"{key}Entry") or name.startswith(f"{key}Do_"):
                continue
            if text.has_section(name):
                lines += _definition_section(text, name, "~")
    return "\n".join(lines) + "\n"


def write_schema_page(source: Path, schema: Schema) -> None:
    """The tables that ``judge/site/log-format.rst`` and ``judge/site/printed-text.rst`` include, written into
    the build's source folder."""
    (source / SCHEMA_INCLUDE).write_text(schema_reference(schema), encoding="utf-8")
    (source / VOCABULARY_INCLUDE).write_text(vocabulary_reference(), encoding="utf-8")


def vocabulary_reference() -> str:
    """The table of each registered game's vocabulary of printed text (``GameSupport.printed_text_vocabulary``):
    each word as the text the reader reads it from, the record it is read as and the clauses the engine cites
    when it plays it; made from the reader itself, so the page says what it reads."""
    import json

    from judge import games

    lines: list[str] = []
    for key in games.available():
        support = games.get(key)
        words = support.card_text_words()
        if words is not None:
            lines += _words_table(f"{support.title}: the words", words)
        rows = support.printed_text_vocabulary()
        if not rows:
            continue
        lines += [
            *_heading(f"{support.title}: the words as printed", "~"),
            ".. list-table::",
            "   :header-rows: 1",
            "   :widths: 8 16 34 30 12",
            "",
        ]
        lines += ["   * - Kind", "     - What", "     - Printed text", "     - Read as", "     - Cites"]
        for kind, what, text, record, clauses in rows:
            lines.append(f"   * - {escape(kind)}")
            lines.append(f"     - {escape(what)}")
            lines.append(f"     - {escape(text)}")
            lines.append(f"     - ``{json.dumps(record, ensure_ascii=False)}``")
            lines.append(f"     - {escape(', '.join(clauses))}")
        lines.append("")
    return "\n".join(lines) + "\n"


def _words_table(title: str, words: Vocabulary) -> list[str]:
    """The table of a game's words (``engine.core.vocabulary``), made from their definitions: each word's part,
    name, meaning, the values it takes and the clauses that govern it in the game."""
    lines = [
        *_heading(title, "~"),
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 10 14 44 18 14",
        "",
        "   * - Part",
        "     - Word",
        "     - Meaning",
        "     - Takes",
        "     - Cites",
    ]
    for part, name, meaning, takes, clauses in words.rows():
        lines.append(f"   * - {escape(part)}")
        lines.append(f"     - ``{name}``")
        lines.append(f"     - {escape(meaning)}")
        lines.append(f"     - {escape(takes)}")
        lines.append(f"     - {escape(', '.join(clauses))}")
    return [*lines, ""]


__all__ = [
    "SCHEMA_INCLUDE",
    "VOCABULARY_INCLUDE",
    "SHEET_LINKS",
    "STEPPER_MODULE",
    "ScenarioWalk",
    "escape",
    "scenario_page",
    "scenario_walks",
    "schema_reference",
    "sheet_links",
    "sheet_pages",
    "vocabulary_reference",
    "write_scenario_pages",
    "write_schema_page",
]
