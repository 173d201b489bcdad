"""The lint finds the documents' mistakes from the text alone."""

from __future__ import annotations

from rules_index.index import RulesIndex, parse_document
from rules_index.lint import lint
from rules_index.model import Document, DocumentKind, FindingKind

INVENTED_RULES = """Invented Rules ver. 0.1
Contents
1. Basics\t1

Rules

1. Basics

- 1.1. A clause that refers to Clause 1.9 and to 1.2.
- 1.2.A label glued to its text.
- 1.4. A number after a gap.
- 1.4. The same number printed again.
1.5 A label without its period.
1.6. Heading that runs on1.6.1. Into its first child, which refers to (see 1.1.1).
"""


def invented(kind: DocumentKind = DocumentKind.DOTTED) -> Document:
    return Document("xx", "invented.txt", "Invented Rules", "xx", kind)


def findings_of(text: str) -> set[tuple[str, str, int, str | None]]:
    entry = parse_document(invented(), text)
    return {(f.kind.value, f.clause, f.line, f.target) for f in lint([entry])}


def test_each_kind_of_mistake_is_found_in_an_invented_text() -> None:
    assert findings_of(INVENTED_RULES) == {
        ("unresolved-reference", "xx:1.1", 9, "xx:1.9"),
        ("missing-space", "xx:1.2", 10, None),
        ("numbering-gap", "xx:1.4", 11, "xx:1.3"),
        ("duplicate-number", "xx:1.4#2", 12, "xx:1.4"),
        ("missing-period", "xx:1.5", 13, None),
        ("glued-label", "xx:1.6.1", 14, None),
        ("unresolved-reference", "xx:1.6.1", 14, "xx:1.1.1"),
    }


def test_a_clean_text_has_no_findings() -> None:
    assert findings_of("Rules\n1. Basics\n- 1.1. One.\n- 1.2. Two, see 1.1.\n") == set()


def test_nested_list_labels_are_checked_against_the_nesting() -> None:
    text = "Title\n  1. Basics\n    1. 1-1. Right label.\n    2. 1-3. Wrong label.\n    3. 1-3 No period.\n"
    entry = parse_document(invented(DocumentKind.NESTED_LIST), text)
    kinds = {(f.kind.value, f.clause) for f in lint([entry])}
    assert kinds == {("label-mismatch", "xx:1.2"), ("missing-period", "xx:1.3")}


def test_real_mistakes_in_ws(index: RulesIndex) -> None:
    found = {(f.kind, f.clause, f.target) for f in index.findings("ws")}
    assert (FindingKind.UNRESOLVED_REFERENCE, "ws:4.10.1.3", "ws:4.9.1.1") in found
    assert (FindingKind.UNRESOLVED_REFERENCE, "ws:8.7.4.1.3", "ws:8.6.7.1.2") in found
    assert (FindingKind.NUMBERING_GAP, "ws:4.12.2.10", "ws:4.12.2.9") in found
    assert (FindingKind.MISSING_PERIOD, "ws:4.1.1.1", None) in found


def test_real_mistakes_in_vg(index: RulesIndex) -> None:
    found = {(f.kind, f.clause) for f in index.findings("vg")}
    assert (FindingKind.DUPLICATE_NUMBER, "vg:3.1.1#2") in found
    assert (FindingKind.GLUED_LABEL, "vg:8.4.1") in found
    assert (FindingKind.MISSING_SPACE, "vg:1.2.2.2") in found
    assert (FindingKind.NUMBERING_GAP, "vg:11.1.3") in found
    assert (FindingKind.UNRESOLVED_REFERENCE, "vg:3.14.1.2") in found


def test_real_mistake_in_wl(index: RulesIndex) -> None:
    found = {(f.kind, f.clause, f.line) for f in index.findings("wl")}
    assert (FindingKind.GLUED_LABEL, "wl:6.6", 276) in found


def test_findings_are_located_and_ordered(index: RulesIndex) -> None:
    for doc in ("ws", "vg", "wl"):
        findings = index.findings(doc)
        assert findings, doc
        assert [f.line for f in findings] == sorted(f.line for f in findings)
        for finding in findings:
            assert set(finding.to_dict()) >= {"doc", "kind", "clause", "target", "line", "message"}
            assert finding.doc == doc
