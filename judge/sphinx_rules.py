"""A Sphinx ``rules`` domain: rules clauses as link targets, ``:rule:`` as links to them.

The documentation quotes comprehensive-rules clauses (``ws:4.10.1.2``,
``vg:8.4.1.1``, ``wl:7.1.4.1.2``) all the time; this extension lets a page
*define* a clause once and every other page *link* to it by its id, with
Sphinx checking both ends the way its own citation domain checks
``[citation]_`` references.

Load it with ``extensions = ["judge.sphinx_rules"]``.

Markup
------

``.. rules:clause:: ws:4.10.1.2``
    Defines a clause.  Option ``:title:`` (inline markup allowed) names it;
    the directive content (any body markup) is the clause text.  The output is a
    block (``<div class="rules-clause">``) with a stable anchor, a heading line
    showing the id (for the documents listed in ``rules_hyphen_docs``, by default
    every document that prints its numbers with hyphens, also the printed hyphen form: ``wl:7.1.4.1.2 (7-1-4-1-2)``), the
    title, and then the content.

    Options for pages that show a whole document, the way it prints itself:

    ``:label: 4.10.1.2``
        The heading shows this text instead of the id (the number as the
        document prints it); the id stays in the link's tooltip.
    ``:inline:``
        Number and text together: the heading runs into the first paragraph of
        the content, as in the printed rules, instead of standing on its own line.
    ``:section:``
        The clause is the section it opens (a chapter or a second-level clause
        shown as a heading): the directive must come first in that section, whose
        title names the clause.  The anchor goes on the ``<section>`` (class
        ``rules-clause``), so the page's table of contents links to it, and the
        block holds only the content.
    ``:class:``
        More classes for the block (or the section): nesting depth, coverage.

``:rule:`ws:4.10.1.2```, ``:rule:`Damage Cancel <ws:4.10.1.2>```
    Links to a clause; the link text is the id as written, or the explicit
    title.  The same role is available as ``:rules:clause:`` (and
    ``:rules:rule:``).  ``:rule:`!ws:4.10.1.2``` renders the id without a link.

Ids are normalised before they are registered or looked up: whitespace around
the colon and a closing period are dropped, the document key is lower-cased
and a number made of digits joined by ``-`` (the ENERGIO!! form
``wl:7-1-4-1-2``) is written with dots (``wl:7.1.4.1.2``), as
:meth:`rules_index.index.RulesIndex.normalise` does.  ``#2`` (the second clause
printed with the same number) is kept.

Anchors
-------

Each clause's anchor is derived from its normalised id alone, so that links
into the pages (``…/rules.html#ws-4-10-1-2``) survive rebuilds, reordering and
moving a clause to another page:

* ``<doc>:<number>`` becomes ``<doc>-<number>`` with every ``.`` and ``-``
  written as ``-``: ``ws:4.10.1.2`` → ``ws-4-10-1-2``, ``wl:7.1.4.1.2`` (and
  its alias ``wl:7-1-4-1-2``) → ``wl-7-1-4-1-2``;
* an occurrence suffix ``#N`` appends ``-`` and the English ordinal:
  ``vg:3.1.1#2`` → ``vg-3-1-1-2nd`` (``#3`` → ``-3rd``, ``#11`` → ``-11th``);
  a plain number never ends in letters, so ``vg-3-1-1-2nd`` cannot clash with
  ``vg:3.1.1.2`` (``vg-3-1-1-2``);
* ids that are not numbers (the beginner sheet's ``ws-sheet:game-cards/climax-cards/level``)
  are lower-cased, each ``/`` becomes ``--`` and every other run of characters
  outside ``[a-z0-9]`` a single ``-``: ``ws-sheet-game-cards--climax-cards--level``.

If the anchor is already taken in the page (a clause defined twice there, or a
section that happens to own that id), the later block gets a generated id
instead; the duplicate is reported.

Diagnostics
-----------

* ``undefined rules clause ws:99.9`` -- a ``:rule:`` whose clause no document
  defines (Sphinx warning type ``ref.clause``, reported at the role).  A clause
  of a document the site does not include at all (a Weiss Schwarz example in a
  hand-written page of a site built for Vanguard alone) is shown as text, with
  no warning: the page is right, the site is a part of the whole.
* ``duplicate rules clause ws:4.10.1.2, also defined in <docname>`` -- a clause
  defined more than once (type ``rules.duplicate``, reported at each later
  definition).  Duplicates are detected in the consistency check after reading,
  not while reading, so that a parallel build, where the two definitions are read
  by different processes, reports exactly what a serial build does.  Links go to
  the first definition in table-of-contents order (pages outside every toctree
  last, by name; within a page, the first by line).

* ``rules clause ws:4.10: :section: needs the clause to come first in its section`` --
  a ``:section:`` clause anywhere but right after a section title (type
  ``rules.section``); it is shown as an ordinary block, with its anchor.

All are ordinary Sphinx warnings: ``sphinx-build -W`` turns them into errors and
``suppress_warnings`` can silence them.

Incremental builds
------------------

The domain records which documents reference which clause.  When a rebuild moves,
removes or adds a clause, the pages that link to it are rewritten even if their
own source did not change, so their links never point at a stale page.
"""

from __future__ import annotations

import functools
import weakref
from typing import TYPE_CHECKING, Any, ClassVar, cast

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.domains import Domain, ObjType
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import RoleFunction

from judge.clause_anchors import NUMERIC, anchor_for, hyphen_form, normalise_clause_id
from rules_index import documents, load_index

if TYPE_CHECKING:
    from collections.abc import Iterable
    from collections.abc import Set as AbstractSet

    from docutils.nodes import Element, Node, system_message
    from sphinx.addnodes import pending_xref
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

__all__ = [
    "ClauseDirective",
    "ClauseRole",
    "RulesDomain",
    "anchor_for",
    "hyphen_form",
    "normalise_clause_id",
    "setup",
]

__version__ = "1.0"

logger = logging.getLogger(__name__)

ClauseEntry = tuple[str, str, str, int]
"""One definition of a clause: (docname, anchor, title, line).

Plain tuples, like the citation domain's, so that the pickled environment does not
depend on a class of this module.
"""

Resolution = dict[str, tuple[str, str, str]]
"""Clause id → (docname, anchor, title) of the definition links go to."""


# -- the domain ----------------------------------------------------------------


class ClauseRole(XRefRole):
    """``:rule:`ws:4.10.1.2``` -- a reference to a clause, under any role name.

    Whatever name it is registered under (``rule`` globally, ``rules:clause`` and
    ``rules:rule`` in the domain), the reference is a ``rules:clause`` pending
    cross-reference, so one ``resolve_xref`` serves them all.  The target is
    normalised here, so the hyphen alias resolves to the dotted clause.
    """

    innernodeclass = nodes.inline

    def run(self) -> tuple[list[Node], list[system_message]]:
        """Build the reference as a ``rules:clause`` one, whatever the role was called."""
        self.refdomain, self.reftype = RulesDomain.name, "clause"
        self.classes = ["xref", "rules", "rules-clause"]
        if self.disabled:
            return self.create_non_xref_node()
        return self.create_xref_node()

    def process_link(
        self, env: BuildEnvironment, refnode: Element, has_explicit_title: bool, title: str, target: str
    ) -> tuple[str, str]:
        """Keep the title as written; look the clause up by its canonical id."""
        return title, normalise_clause_id(target) or target.strip()

    def result_nodes(
        self, document: nodes.document, env: BuildEnvironment, node: Element, is_ref: bool
    ) -> tuple[list[Node], list[system_message]]:
        """Record that this document references the clause (for incremental rebuilds)."""
        if is_ref:
            _domain(env).note_reference(node["reftarget"], env.docname)
        return [node], []


class ClauseDirective(SphinxDirective):
    """``.. rules:clause:: <id>`` -- define a clause: a block with a stable anchor, id, title and text."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "title": directives.unchanged,
        "label": directives.unchanged,
        "inline": directives.flag,
        "section": directives.flag,
        "class": directives.class_option,
    }

    def run(self) -> list[Node]:
        """Render the clause block and register the clause with the domain."""
        clause_id = normalise_clause_id(self.arguments[0])
        if clause_id is None:
            logger.warning(
                "malformed rules clause id %r (expected <doc>:<number>, e.g. ws:4.10.1.2)",
                self.arguments[0],
                location=(self.env.docname, self.lineno),
                type="rules",
                subtype="malformed",
            )
            return []
        title = (self.options.get("title") or "").strip()
        classes = list(self.options.get("class", []))
        section = self._section() if "section" in self.options else None

        block = nodes.container(classes=["rules-clause-body"] if section is not None else ["rules-clause", *classes])
        self.set_source_info(block)
        holder: Element = section if section is not None else block
        if section is not None:
            holder["classes"].extend(["rules-clause", *classes])
        own_id = self._place_anchor(holder, clause_id)

        messages: list[system_message] = []
        plain_title = ""
        title_node: Element | None = None
        if title:
            title_nodes, messages = self.state.inline_text(title, self.lineno)
            title_node = nodes.inline("", "", *title_nodes, classes=["rules-clause-title"])
            plain_title = title_node.astext()  # the link tooltip is plain text
        self.state.nested_parse(self.content, self.content_offset, block)
        if section is None:
            heading = self._heading(clause_id, own_id, title_node, inline="inline" in self.options)
            first = block.children[0] if block.children else None
            if "inline" in self.options and isinstance(first, nodes.paragraph):
                first.insert(0, heading)  # number and text together, as the rules print them
                first["classes"].append("rules-clause-text")
            else:
                block.insert(0, nodes.paragraph("", "", *heading.children, classes=["rules-clause-heading"]))
        block += messages

        _domain(self.env).note_clause(clause_id, self.env.docname, own_id, plain_title, self.lineno)
        if section is not None:
            return [block] if block.children else []
        return [block]

    def _section(self) -> nodes.section | None:
        """The section a ``:section:`` clause opens: the one the directive stands in, right after its title.

        Anywhere else the option is reported and the clause becomes an ordinary block.
        """
        parent = self.state.parent
        if isinstance(parent, nodes.section) and all(isinstance(child, nodes.title) for child in parent.children):
            return parent
        logger.warning(
            "rules clause %s: :section: needs the clause to come first in its section",
            self.arguments[0],
            location=(self.env.docname, self.lineno),
            type="rules",
            subtype="section",
        )
        return None

    def _place_anchor(self, holder: Element, clause_id: str) -> str:
        """Give *holder* the clause's stable anchor (first among its ids), or a generated id when it is taken."""
        document = self.state.document
        holder["rules-clause-id"] = clause_id
        anchor = anchor_for(clause_id)
        taken = document.ids.get(anchor)
        if taken is None:
            holder["ids"].insert(0, anchor)
            document.ids[anchor] = holder
        else:
            if taken.get("rules-clause-id") != clause_id:  # a duplicate id is reported by the domain
                logger.warning(
                    "anchor %r of rules clause %s is already used in this document",
                    anchor,
                    clause_id,
                    location=(self.env.docname, self.lineno),
                    type="rules",
                    subtype="anchor",
                )
            if not holder["ids"]:
                document.set_id(holder)  # a generated id, so that the HTML stays valid
        return str(holder["ids"][0])

    def _heading(self, clause_id: str, own_id: str, title_node: Element | None, *, inline: bool) -> nodes.inline:
        """The clause's heading: its id (or ``:label:``) linking to itself, the hyphen alias, the title."""
        heading = nodes.inline(classes=["rules-clause-heading"])
        label = (self.options.get("label") or "").strip()
        shown = label or clause_id
        self_link = nodes.reference("", "", refid=own_id, internal=True)
        if label:
            self_link["reftitle"] = clause_id
        self_link += nodes.inline(shown, shown, classes=["rules-clause-id"])
        heading += nodes.strong("", "", self_link)
        if (
            not label
            and clause_id.partition(":")[0] in set(self.config.rules_hyphen_docs)
            and NUMERIC.match(clause_id.partition(":")[2].partition("#")[0])
        ):
            alias = f"({hyphen_form(clause_id)})"
            heading += nodes.Text(" ")
            heading += nodes.inline(alias, alias, classes=["rules-clause-alias"])
        if title_node is not None:
            heading += nodes.Text(" " if inline else " \N{EM DASH} ")
            heading += title_node
        if inline:
            heading += nodes.Text(" ")
        return heading


class RulesDomain(Domain):
    """The ``rules`` domain: clause definitions and references to them.

    Data (``env.domaindata["rules"]``):

    ``clauses``
        clause id → list of definitions ``(docname, anchor, title, line)``.  A list,
        not one entry, so that a duplicate is neither lost when the documents are read
        in parallel nor when one of the two definitions is later removed.
    ``references``
        clause id → the documents referencing it, so that an incremental build
        rewrites them when the clause moves.
    """

    name = "rules"
    label = "Rules clauses"
    object_types: ClassVar[dict[str, ObjType]] = {"clause": ObjType("clause", "clause", "rule")}
    directives: ClassVar[dict[str, type[SphinxDirective]]] = {"clause": ClauseDirective}
    roles: ClassVar[dict[str, RoleFunction | XRefRole]] = {
        "clause": ClauseRole(warn_dangling=True),
        "rule": ClauseRole(warn_dangling=True),
    }
    initial_data: ClassVar[dict[str, Any]] = {"clauses": {}, "references": {}}
    data_version = 1
    dangling_warnings: ClassVar[dict[str, str]] = {
        "clause": "undefined rules clause %(target)s",
        "rule": "undefined rules clause %(target)s",
    }

    @property
    def clauses(self) -> dict[str, list[ClauseEntry]]:
        """Clause id → its definitions."""
        return self.data.setdefault("clauses", {})

    @property
    def references(self) -> dict[str, set[str]]:
        """Clause id → the documents that reference it."""
        return self.data.setdefault("references", {})

    # -- recording -----------------------------------------------------------

    def note_clause(self, clause_id: str, docname: str, anchor: str, title: str, line: int) -> None:
        """Record one definition of *clause_id* (duplicates are reported in :meth:`check_consistency`)."""
        self.clauses.setdefault(clause_id, []).append((docname, anchor, title, line))

    def note_reference(self, clause_id: str, docname: str) -> None:
        """Record that *docname* references *clause_id*."""
        self.references.setdefault(clause_id, set()).add(docname)

    def clear_doc(self, docname: str) -> None:
        """Forget what *docname* defined and referenced (it is about to be re-read or is gone)."""
        for clause_id, entries in list(self.clauses.items()):
            kept = [entry for entry in entries if entry[0] != docname]
            if kept:
                self.clauses[clause_id] = kept
            else:
                del self.clauses[clause_id]
        for clause_id, docnames in list(self.references.items()):
            docnames.discard(docname)
            if not docnames:
                del self.references[clause_id]

    def merge_domaindata(self, docnames: AbstractSet[str], otherdata: dict[str, Any]) -> None:
        """Take over what a parallel reader found in *docnames*.

        The other process started from a copy of this environment, so its data also
        holds the other documents' entries; only those of *docnames* are new.
        """
        for clause_id, entries in otherdata.get("clauses", {}).items():
            for entry in entries:
                if entry[0] in docnames:
                    self.clauses.setdefault(clause_id, []).append(entry)
        for clause_id, referencing in otherdata.get("references", {}).items():
            for docname in referencing:
                if docname in docnames:
                    self.note_reference(clause_id, docname)

    # -- resolving -----------------------------------------------------------

    def _document_order(self) -> dict[str, int]:
        """Docname → position in the table of contents (depth first from the root document).

        Documents outside every toctree (orphans) are not listed; they rank after all the
        others, alphabetically.
        """
        includes = self.env.toctree_includes
        order: dict[str, int] = {}
        stack = [self.env.config.root_doc]
        while stack:
            docname = stack.pop()
            if docname in order:
                continue
            order[docname] = len(order)
            stack.extend(reversed(includes.get(docname, ())))
        return order

    def _ranked(self, clause_id: str) -> list[ClauseEntry]:
        """The definitions of *clause_id*, the one links go to first.

        That is the first in table-of-contents order (orphan pages last, by name), and
        within one document the block holding the stable anchor, then the first by line.
        The order depends only on the sources, never on the order documents were read
        in, so serial and parallel builds agree.
        """
        entries = self.clauses.get(clause_id, [])
        if len(entries) < 2:
            return list(entries)
        order = self._document_order()
        stable = anchor_for(clause_id)
        return sorted(
            entries, key=lambda entry: (order.get(entry[0], len(order)), entry[0], entry[1] != stable, entry[3])
        )

    def primary(self, clause_id: str) -> ClauseEntry | None:
        """The definition links to *clause_id* go to (see :meth:`_ranked`), or None."""
        ranked = self._ranked(clause_id)
        return ranked[0] if ranked else None

    def resolution(self) -> Resolution:
        """Every clause id with the (docname, anchor, title) its links go to."""
        result: Resolution = {}
        for clause_id in self.clauses:
            entry = self.primary(clause_id)
            if entry is not None:
                result[clause_id] = entry[:3]
        return result

    def check_consistency(self) -> None:
        """Warn about every clause defined more than once, at each definition but the primary one."""
        for clause_id in sorted(self.clauses):
            if len(self.clauses[clause_id]) < 2:
                continue
            primary, *others = self._ranked(clause_id)
            for entry in others:
                logger.warning(
                    "duplicate rules clause %s, also defined in %s",
                    clause_id,
                    primary[0],
                    location=(entry[0], entry[3]),
                    type="rules",
                    subtype="duplicate",
                )

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> nodes.reference | None:
        """A link to the clause's anchor, or None (Sphinx then warns with :attr:`dangling_warnings`)."""
        clause_id = normalise_clause_id(target) or target
        entry = self.primary(clause_id)
        if entry is None:
            return None
        docname, anchor, title, _line = entry
        return make_refnode(builder, fromdocname, docname, anchor, contnode, _preview(clause_id, title))

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: pending_xref,
        contnode: Element,
    ) -> list[tuple[str, nodes.reference]]:
        """``:any:`ws:4.10.1.2``` finds clauses too."""
        refnode = self.resolve_xref(env, fromdocname, builder, "clause", target, node, contnode)
        return [] if refnode is None else [("rules:clause", refnode)]

    def get_objects(self) -> Iterable[tuple[str, str, str, str, str, int]]:
        """Every clause once (its primary definition), for the search index and ``objects.inv``."""
        for clause_id in sorted(self.clauses):
            entry = self.primary(clause_id)
            if entry is not None:
                yield clause_id, clause_id, "clause", entry[0], entry[1], 1


def _domain(env: BuildEnvironment) -> RulesDomain:
    """The environment's rules domain."""
    return cast("RulesDomain", env.domains[RulesDomain.name])


# -- incremental builds ------------------------------------------------------------

_BEFORE_READING: weakref.WeakKeyDictionary[BuildEnvironment, Resolution] = weakref.WeakKeyDictionary()
"""Where each clause resolved before this build read anything (per environment)."""


def _remember_resolution(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: note where every clause resolves before the changed documents are purged."""
    _BEFORE_READING[env] = _domain(env).resolution()
    return []


def _documents_to_rewrite(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-get-updated``: the documents referencing a clause that now resolves elsewhere (or not at all).

    Sphinx rewrites only the documents it re-read; a page linking to a clause that
    moved, vanished or appeared would keep a stale link (or a stale warning) without this.
    """
    before = _BEFORE_READING.pop(env, None)
    if before is None:
        return []
    domain = _domain(env)
    after = domain.resolution()
    moved = {clause_id for clause_id in before.keys() | after.keys() if before.get(clause_id) != after.get(clause_id)}
    return sorted({docname for clause_id in moved for docname in domain.references.get(clause_id, ())})


def _document_left_out(app: Sphinx, domain: Domain, node: Any) -> bool | None:
    """Keep quiet about a reference to a clause of a document the site defines no clause of (see Diagnostics)."""
    target = str(node.get("reftarget", ""))
    if domain.name != "rules" or ":" not in target:
        return None
    prefix = target.split(":", 1)[0] + ":"
    defined = domain.data.get("clauses", {})
    return True if not any(clause.startswith(prefix) for clause in defined) else None


PREVIEW_LENGTH = 280
"""How much of a clause's text a link's preview shows."""


@functools.cache
def _clause_texts() -> dict[str, str]:
    """Every clause's text on one line, shortened for a preview; read once per process."""
    texts = {}
    for clause_id, clause in load_index().clauses.items():
        text = " ".join(clause.text.split())
        if len(text) > PREVIEW_LENGTH:
            text = text[: PREVIEW_LENGTH - 3].rsplit(" ", 1)[0] + "..."
        texts[clause_id] = text
    return texts


def _preview(clause_id: str, title: str) -> str:
    """What hovering a link to a clause shows: its id, its title, and the start of its text."""
    text = _clause_texts().get(clause_id, "")
    head = f"{clause_id} \N{EM DASH} {title}" if title else clause_id
    return f"{head}: {text}" if text and text != title else head


def _document_of_page(pagename: str) -> str | None:
    """The rules document a page belongs to (``rules/ws/6`` -> ``rules/ws/``, ``rules/ws-sheet`` -> itself), as the
    prefix its pages share; None for a page of no document."""
    parts = pagename.split("/")
    if len(parts) < 2 or parts[0] != "rules" or parts[1] == "index":
        return None
    return f"rules/{parts[1]}/" if len(parts) > 2 else pagename


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: nodes.document | None
) -> None:
    """Every page: the rules documents of the site for the sidebar's game switcher (``judge-games.html``); a
    rules page: its previous and next links kept within its document (the last page of one document does not
    lead into the next game's rules)."""
    found = app.env.found_docs
    shown = []
    for document in documents.documents():
        home = f"rules/{document.key}/index" if f"rules/{document.key}/index" in found else f"rules/{document.key}"
        if home in found:
            current = _document_of_page(pagename) in (f"rules/{document.key}/", f"rules/{document.key}")
            shown.append((document.short_title, context["pathto"](home), current))
    context["judge_documents"] = shown
    prefix = _document_of_page(pagename)
    if prefix is None:
        return
    inside = (lambda other: other.startswith(prefix)) if prefix.endswith("/") else (lambda other: other == prefix)
    relations = _relations(app)
    _parent, previous, following = relations.get(pagename, (None, None, None))
    for key, other in (("prev", previous), ("next", following)):
        if other is not None and not inside(other):
            context[key] = None
    context["rellinks"] = [link for link in context.get("rellinks", []) if link[2] not in ("N", "P") or inside(link[0])]


_RELATIONS: weakref.WeakKeyDictionary[Any, dict[str, list[str | None]]] = weakref.WeakKeyDictionary()


def _relations(app: Sphinx) -> dict[str, list[str | None]]:
    """Each page's parent, previous and next page in the site's reading order, worked out once per build."""
    found = _RELATIONS.get(app.builder)
    if found is None:
        found = _RELATIONS[app.builder] = app.env.collect_relations()
    return found


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the ``rules`` domain, the global ``:rule:`` role and the ``rules_hyphen_docs`` setting."""
    hyphenated = tuple(document.key for document in documents.documents() if document.hyphen_aliases)
    app.add_config_value("rules_hyphen_docs", hyphenated, "env", types=(list, tuple, set, frozenset))
    app.add_domain(RulesDomain)
    app.add_role("rule", ClauseRole(warn_dangling=True))
    app.connect("warn-missing-reference", _document_left_out)
    app.connect("env-get-outdated", _remember_resolution)
    app.connect("env-get-updated", _documents_to_rewrite)
    app.connect("html-page-context", _page_context)
    return {
        "version": __version__,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
        "env_version": 1,
    }
