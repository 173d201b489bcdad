"""Cross-references and defined terms: resolved both ways, or reported by the lint."""

from __future__ import annotations

import pytest

from rules_index.index import RulesIndex
from rules_index.model import FindingKind, ReferenceKind


def targets(index: RulesIndex, clause_id: str) -> list[str | None]:
    return [ref.target for ref in index.get(clause_id).refs]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("ws:1.2.2", ["ws:9"]),  # "(refer to Section 9)"
        ("ws:3.3.3", ["ws:6.8", "ws:3.3.3.1", "ws:6.8.1.2"]),  # "(Section 6.8)", "(Clause 3.3.3.1)", "(Clause 6.8.1.2)"
        ("ws:4.4.2", ["ws:8.5"]),  # "See "Section 8.5 Check Timing/Play Timing, ...""
        ("ws:2.4.2", ["ws:8"]),  # 'Refer to "8. Playing and Resolving Cards and Abilities"'
        ("wl:1.3.10.1", ["wl:6.5.3.1"]),  # "(See 6-5-3-1.)"
        ("wl:1.2.2", ["wl:9"]),  # "(See 9. Rule Processing)"
        ("vg:1.2.6", ["vg:3.5"]),  # "(refer to 3.5)"
        ("vg:10.1.1.1", ["vg:3.12"]),  # "See 3. 12 for more details"
        ("vg:6.7.1", ["vg:7"]),  # 'See "Attack and Battle"'
    ],
)
def test_reference_forms(index: RulesIndex, source: str, expected: list[str]) -> None:
    assert targets(index, source) == expected


def test_range_references_every_member(index: RulesIndex) -> None:
    refs = index.get("vg:8.7.2").refs  # "cannot be decided by 8.7.1.1-8.7.1.3"
    assert [ref.target for ref in refs] == ["vg:8.7.1.1", "vg:8.7.1.2", "vg:8.7.1.3"]
    assert {ref.kind for ref in refs} == {ReferenceKind.RANGE}
    ws_range = index.get("ws:8.9.1.4").refs  # "Clause 8.9.1.1 – 8.9.1.3"
    assert [ref.target for ref in ws_range] == ["ws:8.9.1.1", "ws:8.9.1.2", "ws:8.9.1.3"]


def test_wl_spaced_hyphen_reference(index: RulesIndex) -> None:
    # "If not, return to 4-5- 4-1."
    assert "wl:4.5.4.1" in targets(index, "wl:4.5.4.3")


def test_unresolved_reference_is_kept(index: RulesIndex) -> None:
    # ws 4.10.1.3 says "return to 4.9.1.1." where 4.10.1.1 is meant.
    (ref,) = index.get("ws:4.10.1.3").refs
    assert ref.target is None and ref.target_number == "4.9.1.1"


def test_referenced_by_is_the_inverse_of_refs(index: RulesIndex) -> None:
    forward = {(clause.id, ref.target) for clause in index for ref in clause.refs if ref.target}
    backward = {(source, clause.id) for clause in index for source in clause.referenced_by}
    assert forward == backward
    assert "ws:1.2.2" in index.get("ws:9").referenced_by


@pytest.mark.parametrize("doc", ["ws", "vg", "wl"])
def test_every_reference_is_resolved_or_reported(index: RulesIndex, doc: str) -> None:
    reported = {
        (finding.clause, finding.target)
        for finding in index.findings(doc)
        if finding.kind is FindingKind.UNRESOLVED_REFERENCE
    }
    for clause in index.documents[doc].clauses:
        for ref in clause.refs:
            if ref.target is None:
                assert (clause.id, f"{doc}:{ref.target_number}") in reported
            else:
                assert index.resolve(ref.target) is not None


@pytest.mark.parametrize(
    ("term", "defined_by"),
    [
        ("check timing", "ws:4.4.1"),
        ("play timing", "ws:4.5.1"),
        ("damage cancel", "ws:4.10.1.2"),
        ("refresh", "ws:9.2.4"),
        ("master", "ws:4.3.1"),
        ("owner", "ws:4.2.1"),
        ("waiting room", "ws:3.4.1"),
        ("encore", "ws:10.2.1"),
    ],
)
def test_ws_defined_terms(index: RulesIndex, term: str, defined_by: str) -> None:
    assert index.documents["ws"].definitions[term] == defined_by
    assert term in index.get(defined_by).defines


def test_other_documents_define_terms(index: RulesIndex) -> None:
    assert index.documents["vg"].definitions["retire"] == "vg:10.1.3.1"
    assert index.documents["vg"].definitions["check timing"] == "vg:3.5.1"
    assert index.documents["wl"].definitions["damage processing"] == "wl:4.6.1"


def test_term_uses_link_to_the_definition(index: RulesIndex) -> None:
    uses = {use.term: use.defined_by for use in index.get("ws:3.13.1.3").terms}
    assert uses["damage cancel"] == "ws:4.10.1.2"
    assert uses["waiting room"] == "ws:3.4.1"
    # A definition does not link to itself.
    assert "damage cancel" not in {use.term for use in index.get("ws:4.10.1.2").terms}
