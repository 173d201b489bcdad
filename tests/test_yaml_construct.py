"""The loader builds a plain log (mappings, lists, text, small numbers) in one walk of its YAML nodes
(``judge.loglimits.construct``) and leaves everything else to PyYAML's constructor: whatever the path, the data
is what PyYAML's safe loader makes of the document, and a document it refuses is refused with the same error."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judge import loglimits
from judge.logformat import LogFormatError
from tests.conftest import REPO

CASES = {
    "text and whole numbers": "a: text\nb: 12\nc: '12'\nd: [1, 2, {e: f}]\n",
    "YAML 1.1 numbers": "a: 0x1F\nb: 017\nc: 1_000\nd: +5\ne: -5\nf: 190:20:30\ng: 0b101\nh: 0\ni: 00\n",
    "other digits": "a: \u00b2\nb: \u0663\n",
    "floats and specials": "a: 1.5\nb: .inf\nc: -.Inf\nd: .nan\ne: 1e3\n",
    "booleans and nulls": "a: yes\nb: off\nc: True\nd: ~\ne: null\nf:\n",
    "dates": "a: 2026-11-20\nb: 2026-11-20 10:00:00\n",
    "aliases share one object": "a: &x {b: [1, 2]}\nc: *x\nd: &y [1]\ne: *y\n",
    "merge keys": "base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\n",
    "duplicate keys keep the last": "a: 1\na: 2\n",
    "keys of other kinds": "1: one\n~: none\ntrue: yes\n2026-01-01: day\n",
    "a list key": "? [1, 2]\n: pair\n",
    "a mapping key": "? {a: 1}\n: pair\n",
    "an explicit string tag": "a: !!str 12\nb: !!int '7'\n",
    "a set": "!!set {a, b}\n",
    "an unknown tag": "a: !thing 1\n",
    "a date that is none": "a: 2026-13-45\n",
    "many digits": "a: " + "9" * 5000 + "\n",
    "nesting at the limit": "[" * 64 + "]" * 64 + "\n",
    "nesting past the limit": "[" * 65 + "]" * 65 + "\n",
    "a list holding itself": "&a [*a]\n",
    "a mapping holding itself": "&m {self: *m}\n",
}


def pyyaml(text: str) -> object:
    return yaml.load(text, Loader=loglimits.YAML_LOADER)  # the safe loader, C or Python


def ours(text: str) -> object:
    loader = loglimits.YAML_LOADER(text)
    try:
        root = loader.get_single_node()
        return loglimits.construct(loader, root, "case.yaml")
    finally:
        loader.dispose()


def outcome(build: object, text: str) -> tuple[str, object]:
    try:
        return "made", build(text)  # type: ignore[operator]
    except (yaml.YAMLError, ValueError, LogFormatError) as error:
        return "refused", (type(error).__name__, str(error))


@pytest.mark.parametrize("text", CASES.values(), ids=CASES.keys())
def test_each_kind_of_document_is_built_as_pyyaml_builds_it(text: str) -> None:
    made, theirs = outcome(ours, text), outcome(pyyaml, text)
    if text.startswith("[" * 65):  # past our limit: ours refuses, located; PyYAML builds it
        assert made[0] == "refused" and "nested" in str(made[1]), made
        return
    if "holding itself" in next(name for name, case in CASES.items() if case == text):
        assert made[0] == theirs[0] == "made"
        assert repr(made[1]) == repr(theirs[1])  # the same shape of self-reference
        return
    assert made == theirs


def test_an_alias_is_the_same_object_as_its_anchor() -> None:
    data = ours(CASES["aliases share one object"])
    assert isinstance(data, dict)
    assert data["a"] is data["c"] and data["d"] is data["e"]


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
