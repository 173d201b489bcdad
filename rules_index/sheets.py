"""Parsers for the two beginner documents, which are indexed by their headings.

The Weiss Schwarz rules sheet (Markdown) and beginner guide (plain-text outline)
carry no clause numbers, so each heading becomes a clause and its id is the
slug path of the heading chain: ``ws-sheet:progressing-through-a-turn/iv-main-phase``,
``ws-guide:turn-phases/attack-phase/trigger-step``.

* In the sheet, ``#``..``######`` headings nest by level, and bold-term list
  items (``- Deck:** Your Deck ...``, ``- Level**``; the sheet mostly prints only
  the closing ``**``) are entries under the heading they follow.  Terms nest
  under terms by list indentation; other list items are text of their owner.
  The single ``#`` title is a root clause whose slug is left out of its
  descendants' ids, to keep them short.
* In the guide, unindented short lines are top-level headings, and indented
  ``•`` / ``N.`` items whose first line is a short title with deeper lines under
  it are headings nested by indentation.  Every other line is text of the
  nearest heading indented less than it.

Both parsers are pure and never raise: any text gives a (possibly empty) list.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rules_index.model import Clause, Document

TITLE_MAX_LENGTH = 60
TERM_MAX_LENGTH = 80
TERM_DEPTH = 10
"""Nesting depth of a bold term at indentation 0; deeper than any heading level."""

MD_HEADING = re.compile(r"^ {0,3}(?P<hashes>#{1,6})(?:[ \t]+(?P<title>.*?))?(?:[ \t]+#+)?[ \t]*$")
MD_BULLET = re.compile(r"^(?P<indent>\s*)[-*+][ \t]+(?P<content>.*)$")
MD_TERM_ITEM = re.compile(r"^(?P<open>\*\*)?(?P<term>[^*\s](?:[^*]*[^*\s])?)\*\*(?P<rest>(?:\s.*)?)$")
MD_TERM_LINE = re.compile(r"^\*\*(?P<term>[^*\s][^*]*?)(?::\*\*|\*\*:)(?:\s+(?P<rest>.*))?$")
OUTLINE_ITEM = re.compile(r"^(?P<marker>[•◦▪‣·]|\d+[.)])\s+(?P<body>.*)$")
BULLET_MARK = re.compile(r"^[•◦▪‣·]\s*")
TERMINAL_PUNCTUATION = re.compile(r"[.,:;!?]$")
INNER_DASH = re.compile(r"\s[–—-]\s|=>")
GLUED_ICON = re.compile(r"\bws_(?P<name>[a-z]+)(?P<word>[A-Z][a-z]+|[A-Z]+)\b")
ICON_TOKEN = re.compile(r"\bws_\w+")
APOSTROPHES = re.compile(r"['’‘`]")
WORDS = re.compile(r"[^\W_]+")
WHITESPACE = re.compile(r"\s+")


def slugify(heading: str) -> str:
    """A lowercase slug of ``heading``: letters and digits, words joined by ``-``.

    ``ß`` folds to ``ss`` and accents are dropped (``Weiß`` -> ``weiss``); a
    heading with no letters or digits gives ``section``.
    """
    folded = unicodedata.normalize("NFKD", heading.casefold())
    folded = "".join(char for char in folded if not unicodedata.combining(char))
    words = WORDS.findall(APOSTROPHES.sub("", folded))
    return "-".join(words) or "section"


def _prose(fragment: str) -> str:
    """A text fragment without Markdown bold markers, whitespace collapsed."""
    return WHITESPACE.sub(" ", fragment.replace("**", "")).strip()


def _lines(text: str) -> list[str]:
    """The lines of ``text`` as an editor numbers them (``\\n``, ``\\r\\n`` or ``\\r``)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


@dataclass(slots=True)
class _Node:
    clause: Clause
    depth: int
    prefix: str
    """Path its children's numbers start with (empty under the title root)."""
    texts: list[str] = field(default_factory=list)


class _Outline:
    """Builds the clause tree as headings open and text arrives, in document order."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self.nodes: list[_Node] = []
        self.stack: list[_Node] = []
        self.taken: set[str] = set()

    def open(self, title: str, line: int, depth: int, *, title_root: bool = False) -> None:
        """Open a heading at ``depth``, closing every open heading at the same depth or deeper."""
        while self.stack and self.stack[-1].depth >= depth:
            self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        slug = slugify(title)
        number = f"{parent.prefix}/{slug}" if parent and parent.prefix else slug
        if number in self.taken:
            suffix = 2
            while f"{number}-{suffix}" in self.taken:
                suffix += 1
            number = f"{number}-{suffix}"
        self.taken.add(number)
        clause = Clause(
            id=f"{self.document.key}:{number}",
            doc=self.document.key,
            number=number,
            text="",
            line=line,
            order=len(self.nodes),
            title=title,
            parent=parent.clause.id if parent else None,
        )
        if parent:
            parent.clause.children.append(clause.id)
        node = _Node(clause, depth, "" if title_root else number)
        self.nodes.append(node)
        self.stack.append(node)

    def close_to(self, depth: int) -> None:
        """Close open headings at ``depth`` or deeper, but never the outermost one."""
        while len(self.stack) > 1 and self.stack[-1].depth >= depth:
            self.stack.pop()

    def add_text(self, fragment: str) -> None:
        """Append prose to the innermost open heading; text before any heading is dropped."""
        fragment = _prose(fragment)
        if fragment and self.stack:
            self.stack[-1].texts.append(fragment)

    def clauses(self) -> list[Clause]:
        """The finished clauses, each with its collected text joined into prose."""
        for node in self.nodes:
            node.clause.text = " ".join(node.texts)
        return [node.clause for node in self.nodes]


def _markdown_title(raw: str) -> str:
    return _prose(raw.replace("__", "").replace("`", "")).strip("#").strip()


def _markdown_level(line: str) -> int | None:
    """The level of a Markdown heading line with a title, else None."""
    match = MD_HEADING.match(line)
    if match and _markdown_title(match["title"] or ""):
        return len(match["hashes"])
    return None


def _term_item(content: str) -> tuple[str, str] | None:
    """``(term, rest)`` when a list item's content starts with a bold term."""
    match = MD_TERM_ITEM.match(content)
    if match is None:
        return None
    term, rest = match["term"], match["rest"].strip()
    # A properly opened ``**bold**`` lead is a term only as ``**Term:**`` or on its own.
    if match["open"] and rest and not term.endswith(":"):
        return None
    term = term.rstrip(":").strip()
    if not term or len(term) > TERM_MAX_LENGTH:
        return None
    return _prose(term), rest


def parse_markdown_sheet(document: Document, text: str) -> list[Clause]:
    """Clauses for the headings and bold list terms of a Markdown sheet, in document order."""
    lines = _lines(text)
    h1_count = sum(1 for line in lines if _markdown_level(line) == 1)
    outline = _Outline(document)
    list_indent: int | None = None  # indentation of the latest list item while a list is open
    after_blank = True
    for number, raw in enumerate(lines, start=1):
        line = raw.expandtabs(4).rstrip()
        if not line.strip():
            after_blank = True
            continue
        indent = _indent(line)
        heading = MD_HEADING.match(line)
        bullet = MD_BULLET.match(line)
        term_line = MD_TERM_LINE.match(line.strip())
        if heading and (title := _markdown_title(heading["title"] or "")):
            level = len(heading["hashes"])
            outline.open(title, number, level, title_root=level == 1 and h1_count == 1)
            list_indent = None
        elif bullet:
            indent = len(bullet["indent"])
            list_indent = indent
            term = _term_item(bullet["content"])
            if term:
                outline.open(term[0], number, TERM_DEPTH + indent)
                outline.add_text(term[1])
            else:
                outline.close_to(TERM_DEPTH + indent)
                outline.add_text(bullet["content"])
        elif term_line and _prose(term_line["term"]):
            # ``**Clock Icon (C):** ...`` on its own line: a sibling of the item it follows.
            depth = TERM_DEPTH + (list_indent if list_indent is not None else indent)
            outline.open(_prose(term_line["term"]), number, depth)
            outline.add_text(term_line["rest"] or "")
        else:
            if after_blank and indent == 0:
                outline.close_to(TERM_DEPTH)  # an unindented paragraph ends the list
                list_indent = None
            outline.add_text(line)
        after_blank = False
    return outline.clauses()


def _drop_glued_icons(line: str) -> str:
    """``ws_standSTAND`` -> ``STAND``: an icon placeholder glued to its own name."""
    return GLUED_ICON.sub(
        lambda m: m["word"] if m["word"].casefold() == m["name"] else m[0],
        line,
    )


def _outline_title(body: str) -> str | None:
    """The heading title ``body`` makes, or None when it reads as text."""
    body = _prose(body)
    if not body or len(body) > TITLE_MAX_LENGTH or TERMINAL_PUNCTUATION.search(body) or INNER_DASH.search(body):
        return None
    # Icon placeholders (``ws_counter``) stand for images, not words of the title.
    return _prose(ICON_TOKEN.sub("", body)) or body


def parse_outline_guide(document: Document, text: str) -> list[Clause]:
    """Clauses for the headings of a plain-text outline guide, in document order."""
    lines = [_drop_glued_icons(line.expandtabs(4).rstrip()) for line in _lines(text)]
    indents = [_indent(line) if line.strip() else None for line in lines]
    outline = _Outline(document)
    for index, line in enumerate(lines):
        indent = indents[index]
        if indent is None:
            continue
        stripped = line.strip()
        item = OUTLINE_ITEM.match(stripped)
        title: str | None = None
        if item:
            next_indent = next((i for i in indents[index + 1 :] if i is not None), None)
            if next_indent is not None and next_indent > indent:
                title = _outline_title(item["body"])
        elif indent == 0:
            title = _outline_title(stripped)
        if title:
            outline.open(title, index + 1, indent)
        else:
            outline.close_to(indent)
            outline.add_text(BULLET_MARK.sub("", stripped))
    return outline.clauses()
