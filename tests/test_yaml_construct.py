"""The loader builds a YAML log's data from the parser's events in one pass (``judge.loglimits.build_yaml``), with no
node tree: whatever a document holds, the data is what PyYAML's safe loader makes of it, and a document PyYAML
refuses is refused with the same error; only what the log format forbids (a repeated key, tags, nesting past the
limit, an alias inside its own node) and values no log can hold are refused instead, each located."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge import loglimits
from judge.logformat import LogFormatError
from judge.yaml_loader import LogLoader
from tests.conftest import REPO

SAME = {
    "text and whole numbers": "a: text\nb: 12\nc: '12'\nd: [1, 2, {e: f}]\n",
    "YAML 1.1 numbers": "a: 0x1F\nb: 017\nc: 1_000\nd: +5\ne: -5\nf: 190:20:30\ng: 0b101\nh: 0\ni: 00\n",
    "other digits": "a: \u00b2\nb: \u0663\n",
    "floats and specials": "a: 1.5\nb: .inf\nc: -.Inf\nd: .nan\ne: 1e3\n",
    "booleans and nulls": "a: yes\nb: off\nc: True\nd: ~\ne: null\nf:\n",
    "dates": "a: 2026-11-20\nb: 2026-11-20 10:00:00\n",
    "the same text quoted and plain": "a: [P1, 'P1', \"P1\", 12, '12', 12]\n",
    "aliases share one object": "a: &x {b: [1, 2]}\nc: *x\nd: &y [1]\ne: *y\n",
    "merge keys": "base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\n",
    "merge keys of a list": "a: &a {x: 1}\nb: &b {y: 2}\nc:\n  z: 3\n  <<: [*a, *b]\n  x: 0\n",
    "a merge of a scalar": "a: &a 1\nb: {<<: *a}\n",
    "the value key": "=: x\n",
    "the value key as a value": "a: =\n",
    "the merge key as a value": "a: <<\n",
    "keys of other kinds": "1: one\n~: none\nfalse: no\n2026-01-01: day\n",
    "a list key": "? [1, 2]\n: pair\n",
    "a mapping key": "? {a: 1}\n: pair\n",
    "an alias to a list as a key": "a: &a [1]\n? *a\n: pair\n",
    "an undefined alias": "a: *x\n",
    "an anchor given twice": "a: &x 1\nb: &x 2\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "nothing but a comment": "# nothing\n",
    "an empty document": "---\n...\n",
    "a scalar document": "just text\n",
    "nesting at the limit": "[" * 64 + "]" * 64 + "\n",
    "a syntax error": "a: [1, 2\nb: 3\n",
}
"""Documents built exactly as PyYAML builds them, or refused with exactly its error."""

REFUSED = {
    "a repeated key": ("a: 1\nb: 2\na: 3\n", "duplicate key 'a' (first at line 1)", (3, 1)),
    "a repeated key deep down": ("a:\n  - {x: 1, y: 2}\n  - {y: 1, x: 2, y: 3}\n", "duplicate key 'y'", (3, 18)),
    "keys equal as values": ("1: one\ntrue: yes\n", "duplicate key True (first at line 1)", (2, 1)),
    "two merge keys": ("a: &a {x: 1}\nb: &b {y: 2}\nc: {<<: *a, <<: *b}\n", "duplicate key '<<' (first at line 3)", (3, 13)),
    "two NaN keys": (".nan: 1\n.NaN: 2\n", "duplicate key nan (first at line 1)", (2, 1)),  # PyYAML: one NaN
    "an explicit string tag": ("a: !!str 12\n", "YAML tag !!str is not allowed", (1, 4)),
    "a set": ("!!set {a, b}\n", "YAML tag !!set is not allowed", (1, 1)),
    "an unknown tag": ("a: !thing 1\n", "YAML tag !thing is not allowed", (1, 4)),
    "a date that is none": ("a: 2026-13-45\n", "'2026-13-45' cannot be read as a date", (1, 4)),
    "many digits": ("a: " + "9" * 5000 + "\n", "a number with more digits than a log can hold", (1, 4)),
    "nesting past the limit": ("[" * 65 + "]" * 65 + "\n", "nested too deeply", (1, 65)),
    "a list holding itself": ("&a [*a]\n", "the alias *a is inside the node &a it names", (1, 5)),
    "a mapping holding itself": ("&m {self: *m}\n", "the alias *m is inside the node &m it names", (1, 11)),
}
"""What a log may not hold, refused where it is although PyYAML would make something of it."""


def pyyaml(text: str) -> object:
    return yaml.load(text, Loader=loglimits.YAML_LOADER)  # the safe loader, C or Python


def ours(text: str, loader_class: type = LogLoader) -> object:
    loader = loader_class(text)
    try:
        return loglimits.build_yaml(loader, "case.yaml", text).data
    except loglimits.DuplicateKey as duplicate:
        mapping_at = duplicate.mapping_at
    finally:
        loader.dispose()
    loader = loader_class(text)
    try:
        return loglimits.build_yaml(loader, "case.yaml", text, watch=mapping_at).data
    finally:
        loader.dispose()


def outcome(build: object, text: str) -> tuple[str, object]:
    try:
        return "made", build(text)  # type: ignore[operator]
    except (yaml.YAMLError, ValueError, LogFormatError) as error:
        return "refused", (type(error).__name__, str(error))


@pytest.mark.parametrize("text", SAME.values(), ids=SAME.keys())
def test_each_kind_of_document_is_built_as_pyyaml_builds_it(text: str) -> None:
    assert outcome(ours, text) == outcome(pyyaml, text)


@pytest.mark.parametrize(("text", "words", "where"), REFUSED.values(), ids=REFUSED.keys())
def test_what_a_log_may_not_hold_is_refused_where_it_is(text: str, words: str, where: tuple[int, int]) -> None:
    with pytest.raises(LogFormatError) as caught:
        ours(text)
    assert words in caught.value.message
    assert (caught.value.line, caught.value.column) == where


def refusal(build: object, text: str) -> tuple[str, object]:
    """What ``build`` makes of ``text``, or the kind of its refusal and where it points."""
    try:
        return "made", build(text)  # type: ignore[operator]
    except LogFormatError as error:
        return "refused", (error.message, error.line, error.column)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        return "refused", (type(error).__name__, mark.line if mark else None, mark.column if mark else None)


@pytest.mark.parametrize("text", [*SAME.values(), *(text for text, _, _ in REFUSED.values())])
def test_the_pure_python_parser_builds_the_same(text: str) -> None:
    """The events of PyYAML's pure-Python parser make the same data, and the same refusals at the same places
    (PyYAML's own messages differ between its two parsers)."""
    made, pure = refusal(ours, text), refusal(lambda text: ours(text, yaml.SafeLoader), text)
    assert repr(pure) == repr(made)


def test_an_alias_is_the_same_object_as_its_anchor() -> None:
    data = ours(SAME["aliases share one object"])
    assert isinstance(data, dict)
    assert data["a"] is data["c"] and data["d"] is data["e"]


def test_merged_keys_give_way_to_the_mapping_own_and_the_first_listed_wins() -> None:
    """As the YAML merge key's definition has it (and PyYAML 6.0 to 6.0.3; 6.0.4 lets the last listed win for a key
    of more than one character): a mapping earlier in the list wins over a later one, the mapping's own keys over
    every merged one; the merged keys come first, in PyYAML's order (the last listed mapping's first)."""
    data = ours("a: &a {xx: 1, y: 1}\nb: &b {xx: 2, zz: 2}\nc:\n  w: 3\n  <<: [*a, *b]\n  y: 0\n")
    assert isinstance(data, dict)
    assert data["c"] == {"xx": 1, "y": 0, "zz": 2, "w": 3}
    assert list(data["c"]) == ["xx", "zz", "y", "w"]


def every_yaml_file() -> list[Path]:
    return sorted(
        path
        for folder in ("scenarios", "tests/data", "judge/examples", "judge/data")
        for path in (REPO / folder).rglob("*.yaml")
    )


def test_every_yaml_file_of_the_project_is_built_as_pyyaml_builds_it() -> None:
    files = every_yaml_file()
    assert len(files) > 300
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert outcome(ours, text) == outcome(pyyaml, text), path
