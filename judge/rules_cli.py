"""``judge rules``: the rules reference on the command line (show, search, tree, lint, export, coverage)."""

from __future__ import annotations

import csv
import io
import json
import sys

import click

from judge.clause_accounting import LISTED
from judge.errors import EXIT_PROBLEMS, JudgeError
from judge.options_cli import game_option
from rules_index import Clause, RulesIndex, UnknownClauseError, load_index
from rules_index.documents import DOCUMENTS, DOCUMENTS_BY_KEY
from rules_index.search import HIGHLIGHT_END, HIGHLIGHT_START

DOC_KEYS = [document.key for document in DOCUMENTS]


def _index() -> RulesIndex:
    return load_index()


def _joined(words: tuple[str, ...]) -> str:
    """The id the words of the ID argument spell: ``ws:4.10``, or ``ws 4.10`` typed unquoted, as prose writes it."""
    if len(words) > 2:
        raise click.UsageError(f"ID is one clause id, such as ws:4.10.1.2; got {len(words)} words: {' '.join(words)}")
    return " ".join(words)


def _get(index: RulesIndex, clause_id: str) -> Clause:
    try:
        return index.get(clause_id)
    except UnknownClauseError as error:
        raise JudgeError(str(error)) from None


def _display_number(clause: Clause) -> str:
    """The id, with the ENERGIO!! hyphen form beside it."""
    if DOCUMENTS_BY_KEY[clause.doc].hyphen_aliases:
        return f"{clause.id} ({clause.number.replace('.', '-')})"
    return clause.id


def _one_line(clause: Clause) -> str:
    return f"{clause.id}  {clause.heading}"


def _emit_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@click.group()
def rules() -> None:
    """Look up, search, browse, lint and export the comprehensive rules.

    Clause ids are DOC:NUMBER: ws:4.10.1.2 (Weiss Schwarz CR 2.00), vg:8.4.1.1
    (Cardfight!! Vanguard CR 1.37), wl:7.1.4.1.2 or wl:7-1-4-1-2 (ENERGIO!!),
    and the beginner sheets' headings, ws-sheet:... and ws-guide:... .  An id
    written as prose writes it, ws 4.10.1.2, is taken too.

    \b
    Examples:
      judge rules show ws:4.10.1.2
      judge rules search damage cancel
      judge rules tree ws:4.10
    """


@rules.command()
@click.argument("words", metavar="ID", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the clause as a JSON object.")
def show(words: tuple[str, ...], as_json: bool) -> None:
    """Show one clause: its text, ancestors, children, references and terms.

    ID is DOC:NUMBER; a space for the colon (ws 7.2.1.5.3, as prose writes
    an id) and the ENERGIO!! hyphen form are accepted too.

    \b
    Examples:
      judge rules show ws:4.10.1.2
      judge rules show ws 4.10.1.2
      judge rules show wl:7-1-4-1-2
      judge rules show vg:3.1.1#2      (the second clause printed as 3.1.1)

    An unknown id prints the nearest ids and exits with status 2.
    """
    index = _index()
    clause = _get(index, _joined(words))
    ancestors = index.ancestors(clause)
    document = DOCUMENTS_BY_KEY[clause.doc]
    twins = [other.id for other in index.documents[clause.doc].clauses if other.number == clause.number]
    if as_json:
        data = clause.to_dict()
        data["document"] = document.title
        data["breadcrumb"] = [{"id": a.id, "heading": a.heading} for a in ancestors]
        data["refs"] = [ref.to_dict() for ref in clause.refs]
        data["same_number"] = [twin for twin in twins if twin != clause.id]
        _emit_json(data)
        return
    click.secho(_display_number(clause), bold=True, nl=False)
    click.echo(f"  ({document.title}, {document.filename} line {clause.line})")
    if ancestors:
        click.echo(" > ".join(f"{a.id} {a.title}".rstrip() for a in ancestors))
    if clause.title:
        click.secho(clause.title, bold=True)
    if clause.text:
        click.echo(clause.text)
    if len(twins) > 1:
        click.echo(f"\nThe document prints number {clause.number} more than once: {', '.join(twins)}")
    children = index.children(clause)
    if children:
        click.echo("\nChildren:")
        for child in children:
            click.echo(f"  {_one_line(child)}")
    if clause.refs:
        click.echo("\nRefers to:")
        for ref in clause.refs:
            if ref.target is not None:
                click.echo(f"  {_one_line(index.clauses[ref.target])}")
            else:
                click.echo(f"  {clause.doc}:{ref.target_number}  (written {ref.written!r}; no such clause)")
    if clause.referenced_by:
        click.echo("\nReferred to by:")
        for source in clause.referenced_by:
            click.echo(f"  {_one_line(index.clauses[source])}")
    if clause.defines:
        click.echo(f"\nDefines: {', '.join(clause.defines)}")
    if clause.terms:
        click.echo("\nDefined terms used:")
        for use in clause.terms:
            click.echo(f"  {use.term} -> {use.defined_by}")


def _render_snippet(snippet: str, plain: bool) -> str:
    if plain:
        return snippet.replace(HIGHLIGHT_START, "**").replace(HIGHLIGHT_END, "**")
    parts = []
    for chunk in snippet.split(HIGHLIGHT_START):
        if HIGHLIGHT_END in chunk:
            match, rest = chunk.split(HIGHLIGHT_END, 1)
            parts.append(click.style(match, bold=True, fg="yellow") + rest)
        else:
            parts.append(chunk)
    return "".join(parts)


@rules.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--doc", type=click.Choice(DOC_KEYS), help="Search one document only.")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 500), help="How many results.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as a JSON list.")
def search(query: tuple[str, ...], doc: str | None, limit: int, as_json: bool) -> None:
    """Ranked full-text search over all five documents.

    Definitions rank first, then titles, then clauses with the exact phrase.
    Matched words are highlighted (marked **like this** when not on a terminal).

    \b
    Examples:
      judge rules search damage cancel
      judge rules search "refresh point" --doc ws --limit 5
    """
    index = _index()
    hits = index.search(" ".join(query), doc=doc, limit=limit)
    if as_json:
        _emit_json(
            [
                {
                    "id": hit.clause.id,
                    "score": hit.score,
                    "heading": hit.clause.heading,
                    "snippet": _render_snippet(hit.snippet, plain=True),
                }
                for hit in hits
            ]
        )
        return
    if not hits:
        click.echo(f"no clause matches {' '.join(query)!r}")
        return
    plain = not sys.stdout.isatty()
    for hit in hits:
        ancestors = index.ancestors(hit.clause)
        where = f"  [{ancestors[0].heading}]" if ancestors else ""
        click.secho(hit.clause.id, bold=True, nl=False)
        click.echo(where)
        click.echo(f"    {_render_snippet(hit.snippet, plain)}")


@rules.command()
@click.argument("words", metavar="ID", nargs=-1, required=True)
@click.option("--depth", type=click.IntRange(0), default=None, help="How many levels below ID to show.")
def tree(words: tuple[str, ...], depth: int | None) -> None:
    """Print a clause and its descendants as an indented tree.

    ID is a clause id, as `judge rules show` takes it, or a document (ws, vg,
    wl, ws-sheet, ws-guide) for all its sections.

    \b
    Examples:
      judge rules tree ws:4.10
      judge rules tree ws 4.10 --depth 1
      judge rules tree ws --depth 0      (the sections of WS CR 2.00)
    """
    index = _index()
    clause_id = _joined(words)
    if clause_id in DOCUMENTS_BY_KEY:
        starts, offset = index.roots(clause_id), 0
        limit = depth
    else:
        starts, offset = [_get(index, clause_id)], 0
        limit = depth
    for start in starts:
        for level, clause in index.walk(start, limit):
            click.echo("  " * (level + offset) + _one_line(clause))


@rules.command()
@click.argument("doc", required=False, type=click.Choice(DOC_KEYS))
@click.option("--json", "as_json", is_flag=True, help="Print the findings as a JSON list.")
def lint(doc: str | None, as_json: bool) -> None:
    """Report mistakes in the rules text, located by source line.

    Kinds: unresolved-reference, numbering-gap, duplicate-number, glued-label,
    missing-space, missing-period, label-mismatch.  Exits 1 when there is any
    finding, 0 when the text is clean.

    \b
    Examples:
      judge rules lint ws
      judge rules lint --json | python3 -m json.tool
    """
    index = _index()
    findings = index.findings(doc)
    if as_json:
        _emit_json([finding.to_dict() for finding in findings])
    else:
        for finding in findings:
            filename = DOCUMENTS_BY_KEY[finding.doc].filename
            target = f" -> {finding.target}" if finding.target else ""
            click.echo(f"{filename}:{finding.line}: {finding.kind.value} {finding.clause}{target}: {finding.message}")
        click.echo(f"{len(findings)} finding(s)", err=True)
    if findings:
        sys.exit(EXIT_PROBLEMS)


EXPORT_FIELDS = ["id", "doc", "number", "title", "text", "parent", "children", "line", "order", "refs"]


@rules.command()
@click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True)
@click.option("--doc", type=click.Choice(DOC_KEYS), help="Export one document only.")
@click.option("--out", type=click.Path(dir_okay=False, writable=True), help="Write to this file, not stdout.")
def export(fmt: str, doc: str | None, out: str | None) -> None:
    """Export clauses as JSON (a list of clause objects) or CSV (one row each).

    Fields: id, doc, number, title, text, parent, children, line, order, refs
    (ids of the clauses referred to); JSON adds referenced_by, terms, defines.
    In CSV, lists are joined with spaces.

    \b
    Examples:
      judge rules export --format json --doc ws > ws.json
      judge rules export --format csv --out clauses.csv
    """
    index = _index()
    clauses = [clause for clause in index if doc is None or clause.doc == doc]
    if fmt == "json":
        text = json.dumps([clause.to_dict() for clause in clauses], indent=1, ensure_ascii=False) + "\n"
    else:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=EXPORT_FIELDS, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for clause in clauses:
            row = clause.to_dict()
            row["children"] = " ".join(clause.children)
            row["refs"] = " ".join(str(ref.target or ref.target_number) for ref in clause.refs)
            writer.writerow(row)
        text = buffer.getvalue()
    if out is None:
        click.echo(text, nl=False)
    else:
        try:
            with open(out, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        except OSError as error:
            raise JudgeError(f"cannot write {out}: {error.strerror}") from None
        click.echo(f"wrote {len(clauses)} clauses to {out}", err=True)


@rules.command()
@game_option("Account for this game's procedure chapters")
@click.option("--list", "group", type=click.Choice(LISTED), help="Also print the clauses of one listed group.")
@click.option("--json", "as_json", is_flag=True, help="Print the table (and the group) as JSON.")
def coverage(game: str, group: str | None, as_json: bool) -> None:
    """How the engine accounts for each clause of a game's procedure chapters, by chapter.

    Every clause of those chapters is cited by the engine's code, or listed in the
    game's clauses.yaml beside its engine as applied (done, but cited under no
    clause), card text only (no game action without a card that says so) or not
    modelled yet (with what it would take).  Exits 1 when a clause is in no group
    or a listed one is no longer right (the docs' accounting page has the same
    table; tests/test_clause_accounting.py checks it).

    \b
    Examples:
      judge rules coverage --game vg
      judge rules coverage --game wl --list not_modelled
    """
    from judge import games
    from judge.clause_accounting import GROUPS, account, load_accounting
    from judge.docs_build import engine_citations

    found = games.get(game).clause_accounting()
    if found is None:
        raise JudgeError(f"{game} keeps no account of its procedure clauses (no clauses.yaml)")
    ledger = account(_index(), engine_citations().keys(), load_accounting(found))
    rows = [*ledger.chapters, ledger.total()]
    listed = [] if group is None else ledger.group(group)
    if as_json:
        table = [
            {"chapter": row.chapter or "all", "clauses": row.clauses, **row.counts, "unaccounted": row.unaccounted}
            for row in rows
        ]
        entries = [{"clause": item.clause, "reason": item.reason, "key": item.key} for item in listed]
        _emit_json({"chapters": table, "faults": ledger.faults(), **({group: entries} if group else {})})
    else:
        names = ["chapter", "clauses", *GROUPS, "cited %", "accounted %"]
        click.echo("  ".join(f"{name:>12}" for name in names))
        for row in rows:
            shares = [100 * row.counts[GROUPS[0]] / row.clauses, 100 * row.accounted / row.clauses]
            cells = [row.chapter or "all", row.clauses, *(row.counts[name] for name in GROUPS)]
            click.echo("  ".join(f"{cell:>12}" for cell in cells) + "".join(f"  {share:>11.0f}%" for share in shares))
        for item in listed:
            click.echo(f"{item.clause}  {item.reason}")
        for fault in ledger.faults():
            click.echo(f"fault: {fault}", err=True)
    if ledger.faults():
        sys.exit(EXIT_PROBLEMS)
