"""The fields of a ``judge-log/1`` log, checked as the JSON Schema defines them.

The schema's definitions (``judge.schema`` and each game's ``judge.games.<key>.schema``) are the one statement of
which keys the header, a player, a card record, ``setup``, ``expect`` and each verb's entry have, what each holds
and which are required.  This module compiles them, once per game, into the checks the loader runs on every log
(``judge.logformat.check_shape`` and ``check_entry``): a field of the wrong type, a key the format does not know
or a required key left out is a :class:`FieldError`, which the loader turns into a located format error at that
field, naming it, echoing what was written and saying what was expected.

The checks judge a log's *shape*, with one difference from the schema: where the schema lists or bounds the values
a field may take (``enum``, ``const``, ``minimum``, ``pattern``, ``maxItems``, ``not``), a check asks only for a
value of the same kind.  ``pos: 9`` is a number, as a stage position is: that there is no position 9 is a rule of
the game (ws 3.6.3), which the replay cites, while ``pos: abc`` is no position in any game.  ``true``, ``false`` and
``null`` among a field's values are kept as they are: they mark a shape (``pass: false``), not a value of a domain.
A number with a fraction is not an integer here, though JSON Schema counts ``2.0`` as one: no reader takes it.

The JSON Schema subset the definitions use, and what each part means to a check:

* ``type``, ``enum``, ``const``: the kinds of value a field may hold (above);
* ``properties``, ``required``, ``additionalProperties`` (a schema, or ``false``: no other key), ``items``;
* ``propertyNames: {$ref: playerId}``: every key the definition does not name is a player of the log, as in
  ``setup`` and ``expect`` (which the check knows and a schema cannot say); other ``propertyNames`` list the
  values of a domain (stage positions), which is the replay's to judge;
* ``$ref``, ``allOf``, ``anyOf``/``oneOf`` (one branch must fit), ``if``/``then``/``else``.  An ``if`` that asks
  for a key the check already knows (the log's ``game``, an entry's ``do``) is decided when the check is compiled,
  so each verb's entries get a check of their own.

``note`` and ``meta`` are free-form: their definitions say nothing of their contents.
"""

from __future__ import annotations

import datetime
import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = [
    "FieldError",
    "LogFields",
    "MissingKey",
    "UnknownKey",
    "WrongType",
    "compile_fields",
    "field_name",
    "kind_of",
]

Schema = dict[str, Any]
Players = Sequence[str]
Check = Callable[[object, Players], None]
"""A compiled check: raises FieldError for a value not of its definition's shape."""
_MISSING: Final = object()

_KIND_WORDS: Final = {
    "null": "null",
    "true": "true",
    "false": "false",
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "object": "a mapping",
    "array": "a list",
}
_JSON_TYPES: Final = {
    "null": ("null",),
    "boolean": ("true", "false"),
    "integer": ("integer",),
    "number": ("integer", "number"),
    "string": ("string",),
    "object": ("object",),
    "array": ("array",),
}


_KIND_OF_TYPE: Final[dict[type, str]] = {
    str: "string",
    dict: "object",
    int: "integer",
    list: "array",
    float: "number",
    type(None): "null",
}


def kind_of(value: object) -> str:
    """The kind of a parsed value, as the checks tell kinds apart: ``true`` and ``false`` apart, a number with a
    fraction apart from an integer, a YAML date as the string it is in JSON."""
    kind = _KIND_OF_TYPE.get(type(value))
    if kind is not None:
        return kind
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str | datetime.date):
        return "string"
    if isinstance(value, Mapping):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return type(value).__name__


# --------------------------------------------------------------------------- errors


class FieldError(Exception):
    """A field not of the shape its definition gives.  ``steps`` lead from the value checked to the field, the
    innermost first (each container adds its key on the way out, so the happy path builds no paths)."""

    def __init__(self) -> None:
        super().__init__()
        self.steps: list[object] = []

    def path(self) -> tuple[object, ...]:
        """The steps from the value checked to the field, outermost first."""
        return tuple(reversed(self.steps))

    def describe(self, owner: str) -> str:
        """The message, ``owner`` naming the value checked (``a 'play' entry``, ``the header``)."""
        raise NotImplementedError


class WrongType(FieldError):
    """A value of another kind than its field holds."""

    def __init__(self, value: object, expected: str) -> None:
        super().__init__()
        self.value = value
        self.expected = expected

    def describe(self, owner: str) -> str:
        return f"{field_name(self.path())!r} is {described(self.value)}, expected {self.expected}"


class UnknownKey(FieldError):
    """A key its mapping's definition does not name (nor leaves open)."""

    def __init__(self, key: object, known: Iterable[str]) -> None:
        super().__init__()
        self.key = key
        self.known = tuple(known)

    def describe(self, owner: str) -> str:
        where = self.path()[:-1]
        inside = f"{field_name(where)!r}" if where else owner
        if not isinstance(self.key, str):
            from judge.logformat import show_value

            return f"key {show_value(self.key)} of {inside} is {_KIND_WORDS.get(kind_of(self.key))}, expected a string"
        key = self.key
        close = difflib.get_close_matches(key, self.known, n=1, cutoff=0.6)
        if close:
            hint = f"did you mean {close[0]!r}?"
        else:
            hint = "its keys are " + ", ".join(self.known) if self.known else "it has no keys"
        return f"{key!r} is not a key of {inside}; {hint}"


class MissingKey(FieldError):
    """A required key left out; ``keys`` are the keys of which one is needed."""

    def __init__(self, keys: tuple[str, ...], expected: str) -> None:
        super().__init__()
        self.keys = keys
        self.expected = expected
        self.reason = ""
        """Why, where the key is required in some cases only (the description of the case)."""

    def describe(self, owner: str) -> str:
        where = self.path()
        inside = f"{field_name(where)!r}" if where else owner
        needed = " or ".join(repr(key) for key in self.keys)
        reason = f": {_lowered(self.reason.rstrip('.'))}" if self.reason else ""
        return f"{inside} needs {needed}" + (f", {self.expected}" if self.expected else "") + reason


def field_name(path: Sequence[object]) -> str:
    """A path inside the value checked as messages name it: ``standby.card``, ``moves[1].from``."""
    text = ""
    for step in path:
        if isinstance(step, int) and not isinstance(step, bool):
            text += f"[{step}]"
        else:
            text += ("." if text else "") + str(step)
    return text


def described(value: object) -> str:
    """The value and its kind, for "X is ..., expected ..." (``'abc' (a string)``, ``a list ['YL-01']``)."""
    from judge.logformat import show_value  # the loader's one way of quoting a value

    kind = kind_of(value)
    if kind == "null":
        return "null"
    if kind in ("object", "array"):
        return f"{_KIND_WORDS[kind]} {show_value(value)}"
    word = _KIND_WORDS.get(kind, f"a {kind}") if kind not in ("true", "false") else "a boolean"
    return f"{show_value(value)} ({word})"


# --------------------------------------------------------------------------- what a definition says, in words


def _with_article(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def _lowered(title: str) -> str:
    """A title as a phrase inside a sentence: ``Stage position`` -> ``stage position``; a title that capitalizes
    other words (the game's terms: ``Leader or Character``) or starts with an acronym stays as it is."""
    first, _, rest = title.partition(" ")
    if first[1:2].islower() and not any(word[:1].isupper() for word in rest.split()):
        return title[:1].lower() + title[1:]
    return title


def _values(values: Sequence[object]) -> str:
    """A list of values in words: consecutive integers as a range (``1-5``), others quoted."""
    if len(values) > 2 and all(kind_of(v) == "integer" for v in values):
        numbers = sorted(int(v) for v in values)  # type: ignore[call-overload]
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            return f"{numbers[0]}-{numbers[-1]}"
    shown = ["null" if v is None else "true" if v is True else "false" if v is False else repr(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


class _Phrases:
    """What a definition asks for, in the words of a message: ``a stage position (1-5)``, ``a list of card ids``."""

    def __init__(self, defs: Mapping[str, Schema]) -> None:
        self.defs = defs

    def of(self, node: object, depth: int = 0) -> str:
        if not isinstance(node, dict) or depth > 6:
            return "any value"
        if "$ref" in node:
            name = str(node["$ref"]).rsplit("/", 1)[-1]
            target = self.defs.get(name, {})
            if target.get("title") and target.get("type") != "array":
                return self.titled(target)
            return self.of(target, depth + 1)
        if "const" in node:
            return _values([node["const"]])
        if "enum" in node:
            return "one of " + _values(node["enum"]) if len(node["enum"]) > 1 else _values(node["enum"])
        for key in ("anyOf", "oneOf"):
            branches = [self.of(b, depth + 1) for b in node.get(key, []) if _describes_a_value(b)]
            if branches:
                return " or ".join(dict.fromkeys(branches))
        if {"if", "then", "else"} <= node.keys() and isinstance(node["else"], dict) and "items" in node["else"]:
            one = self.of(node["then"], depth + 1)
            return f"{one}, or a list of them"
        types = node.get("type")
        kinds = [types] if isinstance(types, str) else list(types or [])
        if kinds:
            return " or ".join(self._kind(kind, node, depth) for kind in kinds)
        for part in node.get("allOf", []):
            if isinstance(part, dict) and "$ref" in part:
                return self.of(part, depth + 1)
        return "any value"

    def titled(self, node: Schema) -> str:
        """A definition named by its title: ``a stage position (1-5)``."""
        phrase = _with_article(_lowered(str(node["title"])))
        return phrase + (f" ({_values(node['enum'])})" if "enum" in node else "")

    def _kind(self, kind: str, node: Schema, depth: int) -> str:
        if kind == "array" and "items" in node:
            items = self.of(node["items"], depth + 1)
            return "a list" if items == "any value" else f"a list of {_plural(items)}"
        return {
            "array": "a list",
            "object": "a mapping",
            "string": "a string",
            "integer": "an integer",
            "number": "a number",
            "boolean": "true or false",
            "null": "null",
        }.get(kind, kind)


def _plural(phrase: str) -> str:
    """``a card id or '?'`` -> ``card ids or '?'``: the items of a list, named in the plural."""
    parts = []
    for part in phrase.split(" or "):
        words = part.split(" ")
        if words[0] in ("a", "an") and len(words) > 1:
            words = words[1:]
            head = next((i for i, word in enumerate(words) if word.startswith("(")), len(words))
            if head:
                words[head - 1] += "s"
        parts.append(" ".join(words))
    return " or ".join(parts)


def _describes_a_value(node: object) -> bool:
    """False for a branch that only asks for keys (``anyOf: [{required: [...]}]``)."""
    return isinstance(node, dict) and bool(node.keys() - {"required", "description", "title"})


# --------------------------------------------------------------------------- compiling


@dataclass
class _Parts:
    """Everything the in-place parts of a definition ($ref, allOf, a decided if) say of one value."""

    kinds: set[str] | None = None
    expected: str = ""
    properties: dict[str, list[object]] = field(default_factory=dict)
    additional: list[tuple[frozenset[str], object]] = field(default_factory=list)
    player_keys: bool = False
    required: list[tuple[str, ...]] = field(default_factory=list)
    items: list[object] = field(default_factory=list)
    alternatives: list[list[object]] = field(default_factory=list)
    conditions: list[tuple[object, object, object]] = field(default_factory=list)


def _kinds_of_values(values: Iterable[object]) -> set[str]:
    """The kinds a list of allowed values stands for: each number or string for its kind, true, false and null as
    themselves (see the module's docstring)."""
    kinds: set[str] = set()
    for value in values:
        kind = kind_of(value)
        kinds.update(("integer", "number") if kind == "number" else (kind,))
    return kinds


class _Compiler:
    """Compiles definitions (with the ``$defs`` their ``$ref`` name) into checks, each definition once for each set
    of known key values; a definition is first collected into its parts, then built into a check of them."""

    def __init__(self, defs: Mapping[str, Schema]) -> None:
        self.defs = defs
        self.phrases = _Phrases(defs)
        self.compiled: dict[tuple[int, tuple[tuple[str, Any], ...]], Check | None] = {}
        self.keep: list[object] = []  # the nodes whose ids key ``compiled``, kept alive while it is

    def resolve(self, node: object) -> object:
        seen = 0
        while isinstance(node, dict) and "$ref" in node and len(node) == 1 and seen < 50:
            node = self.defs[str(node["$ref"]).rsplit("/", 1)[-1]]
            seen += 1
        return node

    # -- collecting the parts -------------------------------------------------

    def collect(self, node: object, bound: Mapping[str, Any], parts: _Parts, depth: int = 0) -> None:
        if node is True or not isinstance(node, dict):
            return
        if depth > 40:
            raise ValueError("the schema's definitions refer to each other without end")
        if not parts.expected and "title" in node and node.get("type") != "array":
            parts.expected = self.phrases.titled(node)
        if "$ref" in node:
            target = self.defs[str(node["$ref"]).rsplit("/", 1)[-1]]
            if not parts.expected:
                parts.expected = self.phrases.of({"$ref": node["$ref"]})
            self.collect(target, bound, parts, depth + 1)
        kinds = self._kinds(node)
        if kinds is not None:
            parts.kinds = kinds if parts.kinds is None else parts.kinds & kinds
            if not parts.expected:
                parts.expected = self.phrases.of({key: value for key, value in node.items() if key != "$ref"})
        own = frozenset(node.get("properties", {}))
        for name, sub in node.get("properties", {}).items():
            parts.properties.setdefault(name, []).append(sub)
        if "additionalProperties" in node:
            parts.additional.append((own, node["additionalProperties"]))
        names = node.get("propertyNames")
        if isinstance(names, dict) and str(names.get("$ref", "")).endswith("/playerId"):
            parts.player_keys = True
        for name in node.get("required", []):
            parts.required.append((name,))
        if "items" in node:
            parts.items.append(node["items"])
        for part in node.get("allOf", []):
            self.collect(part, bound, parts, depth + 1)
        for key in ("anyOf", "oneOf"):
            branches = node.get(key)
            if not branches:
                continue
            if all(isinstance(b, dict) and set(b) == {"required"} and len(b["required"]) == 1 for b in branches):
                parts.required.append(tuple(b["required"][0] for b in branches))
            else:
                parts.alternatives.append(list(branches))
        if "if" in node:
            decided = self.decided(node["if"], bound)
            if decided is True:
                self.collect(node.get("then", True), bound, parts, depth + 1)
            elif decided is False:
                self.collect(node.get("else", True), bound, parts, depth + 1)
            else:
                parts.conditions.append((node["if"], node.get("then", True), node.get("else", True)))

    def _kinds(self, node: Schema) -> set[str] | None:
        found: set[str] | None = None
        if "type" in node:
            types = node["type"]
            found = {kind for name in ([types] if isinstance(types, str) else types) for kind in _JSON_TYPES[name]}
        if "enum" in node:
            values = _kinds_of_values(node["enum"])
            found = values if found is None else found & values
        if "const" in node:
            values = _kinds_of_values([node["const"]])
            found = values if found is None else found & values
        return found

    def decided(self, condition: object, bound: Mapping[str, Any]) -> bool | None:
        """Whether an ``if`` holds, when it asks only for keys whose values are known (``do: play``)."""
        if not isinstance(condition, dict) or not bound:
            return None
        properties = condition.get("properties", {})
        if set(condition) - {"type", "properties", "required"} or not properties:
            return None
        verdict = True
        for name, sub in properties.items():
            if name not in bound or not isinstance(sub, dict) or set(sub) != {"const"}:
                return None
            verdict = verdict and bound[name] == sub["const"]
        return verdict

    # -- compiling the parts into a check ----------------------------------------

    def compile(self, node: object, bound: Mapping[str, Any] | None = None, skip: Iterable[str] = ()) -> Check | None:
        """The check of ``node`` (None: anything fits), with the values of ``bound`` keys known and the keys of
        ``skip`` left to another check."""
        bound = bound or {}
        node = self.resolve(node)
        key = (id(node), tuple(sorted(bound.items())) + tuple(("skip:" + name, True) for name in sorted(skip)))
        if key in self.compiled:
            return self.compiled[key]
        forward = _Forward()  # what a definition that contains itself finds for itself while it is compiled
        self.compiled[key] = forward
        self.keep.append(node)
        parts = _Parts()
        self.collect(node, bound, parts)
        for name in skip:
            parts.properties[name] = []
        check = self.build(parts)
        forward.target = check
        self.compiled[key] = check
        return check

    def build(self, parts: _Parts) -> Check | None:
        kinds = frozenset(parts.kinds) if parts.kinds is not None else None
        expected = parts.expected or "another value"
        properties = {name: self.compile_all(subs) for name, subs in parts.properties.items()}
        additional = [
            (own, False if sub is False else self.compile(sub)) for own, sub in parts.additional if sub is not True
        ]
        items = self.compile_all(parts.items)
        alternatives = [self.alternative(branches) for branches in parts.alternatives]
        conditions = [
            (self.condition(test), self.compile(then), self.compile(otherwise), _reason(then), _reason(otherwise))
            for test, then, otherwise in parts.conditions
        ]
        groups = [(group, self.required_phrase(parts, group)) for group in dict.fromkeys(parts.required) if group]
        mapping = bool(properties or additional or groups or parts.player_keys)
        if not mapping and items is None and not alternatives and not conditions:
            return None if kinds is None else _KindCheck(kinds, expected)
        return _ValueCheck(
            kinds=kinds,
            expected=expected,
            properties=properties,
            additional=additional,
            known=tuple(parts.properties),
            player_keys=parts.player_keys,
            required=tuple((group[0], phrase) for group, phrase in groups if len(group) == 1),
            required_any=tuple((group, phrase) for group, phrase in groups if len(group) > 1),
            items=items,
            conditions=conditions,
            alternatives=alternatives,
        ).check

    def compile_all(self, nodes: list[object]) -> Check | None:
        """The check of a value that all of ``nodes`` describe, as one definition (their kinds intersected)."""
        nodes = [node for node in nodes if node is not True and node != {}]
        if not nodes:
            return None
        if len(nodes) == 1:
            return self.compile(nodes[0])
        merged = {"allOf": nodes}
        self.keep.append(merged)
        return self.compile(merged)

    def required_phrase(self, parts: _Parts, group: tuple[str, ...]) -> str:
        for name in group:
            for sub in parts.properties.get(name, []):
                phrase = self.phrases.of(sub)
                if phrase != "any value":
                    return phrase
        return ""

    def alternative(self, branches: list[object]) -> Check:
        """One of ``branches`` must fit; when none does, the error of the one whose kind fits, if one alone does,
        else one that names them all."""
        checks = [self.compile(branch) for branch in branches]
        kinds: list[frozenset[str] | None] = []
        needs: list[tuple[str, ...]] = []
        for branch in branches:
            parts = _Parts()
            self.collect(branch, {}, parts)
            kinds.append(frozenset(parts.kinds) if parts.kinds is not None else None)
            needs.append(tuple(name for group in parts.required if len(group) == 1 for name in group))
        expected = " or ".join(
            dict.fromkeys(self.phrases.of(branch) for branch in branches if _describes_a_value(branch))
        )

        def check(value: object, players: Players) -> None:
            errors: list[FieldError] = []
            for sub in checks:
                if sub is None:
                    return
                try:
                    sub(value, players)
                    return
                except FieldError as error:
                    errors.append(error.with_traceback(None))  # no frame of this call kept: no reference cycle
            kind = kind_of(value)
            fitting = [
                (error, needed)
                for error, allowed, needed in zip(errors, kinds, needs, strict=True)
                if allowed is None or kind in allowed
            ]
            if len(fitting) > 1 and isinstance(value, dict):
                fitting = [(error, needed) for error, needed in fitting if all(name in value for name in needed)]
            if len(fitting) == 1:
                raise fitting[0][0]
            raise WrongType(value, expected or "another value")

        return check

    def condition(self, node: object) -> Callable[[object], bool]:
        """An ``if``: whether a value matches ``node`` in full (a condition asks for values, not only kinds)."""
        return lambda value: self.matches(node, value)

    def matches(self, node: object, value: object) -> bool:
        if node is True or not isinstance(node, dict):
            return node is not False
        if "$ref" in node and not self.matches(self.defs[str(node["$ref"]).rsplit("/", 1)[-1]], value):
            return False
        kind = kind_of(value)
        if "type" in node:
            types = node["type"]
            allowed = {k for name in ([types] if isinstance(types, str) else types) for k in _JSON_TYPES[name]}
            if kind not in allowed:
                return False
        if "const" in node and not _same(value, node["const"]):
            return False
        if "enum" in node and not any(_same(value, option) for option in node["enum"]):
            return False
        if isinstance(value, dict):
            if any(name not in value for name in node.get("required", [])):
                return False
            for name, sub in node.get("properties", {}).items():
                if name in value and not self.matches(sub, value[name]):
                    return False
        if "not" in node and self.matches(node["not"], value):
            return False
        if "allOf" in node and not all(self.matches(sub, value) for sub in node["allOf"]):
            return False
        if "anyOf" in node and not any(self.matches(sub, value) for sub in node["anyOf"]):
            return False
        return True


def _reason(node: object) -> str:
    """The description of a case of a definition (an ``if``'s ``then``), which says why a key is required in it."""
    return str(node.get("description", "")) if isinstance(node, dict) else ""


def _same(value: object, option: object) -> bool:
    """Equal as JSON values are: ``true`` is not ``1``."""
    return kind_of(value) == kind_of(option) and value == option


def _unknown(key: object, known: Iterable[str]) -> UnknownKey:
    error = UnknownKey(key, dict.fromkeys(known))
    error.steps.append(key)
    return error


class _Forward:
    """A check compiled after its first use (a definition that refers to itself)."""

    target: Check | None = None

    def __call__(self, value: object, players: Players) -> None:
        if self.target is not None:
            self.target(value, players)


_PYTHON_TYPES: Final = {
    "string": (str,),
    "object": (dict,),
    "integer": (int,),
    "array": (list,),
    "number": (float,),
    "null": (type(None),),
}


class _KindCheck:
    """The check of a value that only has to be of one of ``kinds``: the value's type is looked up first, and its
    kind worked out only for a type that is not plainly one of them (a bool, a date, a subclass)."""

    __slots__ = ("expected", "kinds", "plain")

    def __init__(self, kinds: frozenset[str], expected: str) -> None:
        self.kinds = kinds
        self.expected = expected
        self.plain = frozenset(python for kind in kinds for python in _PYTHON_TYPES.get(kind, ()))

    def __call__(self, value: object, players: Players) -> None:
        if type(value) not in self.plain and kind_of(value) not in self.kinds:
            raise WrongType(value, self.expected)


class _ValueCheck:
    """The check of a value with more to it than its kind: a mapping's keys, a list's items, branches.

    A key whose definition asks only for a kind is checked in the loop over the keys, without a call: this runs on
    every key of every entry.
    """

    def __init__(
        self,
        *,
        kinds: frozenset[str] | None,
        expected: str,
        properties: dict[str, Check | None],
        additional: list[tuple[frozenset[str], Check | None | bool]],
        known: tuple[str, ...],
        player_keys: bool,
        required: tuple[tuple[str, str], ...],
        required_any: tuple[tuple[tuple[str, ...], str], ...],
        items: Check | None,
        conditions: list[tuple[Callable[[object], bool], Check | None, Check | None, str, str]],
        alternatives: list[Check],
    ) -> None:
        self.kinds = kinds
        self.expected = expected
        self.mapping_ok = kinds is None or "object" in kinds
        self.plain = {name: sub for name, sub in properties.items() if sub is None or isinstance(sub, _KindCheck)}
        self.calls = {name: sub for name, sub in properties.items() if name not in self.plain}
        self.additional = additional
        self.known = known
        self.player_keys = player_keys
        self.required = required
        self.required_any = required_any
        self.items = items
        self.conditions = conditions
        self.alternatives = alternatives

    def check(self, value: object, players: Players) -> None:
        if type(value) is dict:
            if not self.mapping_ok:
                raise WrongType(value, self.expected)
            self.check_mapping(value, players)
        else:
            kind = kind_of(value)
            if self.kinds is not None and kind not in self.kinds:
                raise WrongType(value, self.expected)
            if kind == "object":
                self.check_mapping(value, players)  # type: ignore[arg-type]  # a Mapping: the kind says so
            elif kind == "array" and self.items is not None:
                self.check_items(value, players)  # type: ignore[arg-type]
        for test, then, otherwise, then_reason, else_reason in self.conditions:
            holds = test(value)
            branch = then if holds else otherwise
            if branch is not None:
                try:
                    branch(value, players)
                except MissingKey as error:
                    if not error.steps and not error.reason:
                        error.reason = then_reason if holds else else_reason
                    raise
        for alternative in self.alternatives:
            alternative(value, players)

    def check_mapping(self, value: Mapping[object, object], players: Players) -> None:
        plain = self.plain
        for key, item in value.items():
            kind_check = plain.get(key, _MISSING)  # type: ignore[call-overload]
            if kind_check is not _MISSING:
                if kind_check is not None and type(item) not in kind_check.plain:
                    if kind_of(item) not in kind_check.kinds:
                        error = WrongType(item, kind_check.expected)
                        error.steps.append(key)
                        raise error
                continue
            sub = self.calls.get(key, _MISSING)  # type: ignore[call-overload]
            if sub is not _MISSING:
                if sub is not None:
                    try:
                        sub(item, players)
                    except FieldError as error:
                        error.steps.append(key)
                        raise
                continue
            if self.player_keys and key not in players:
                raise _unknown(key, [*self.known, *players])
            for own, rest in self.additional:
                if key in own:
                    continue
                if rest is False:
                    raise _unknown(key, self.known)
                if callable(rest):
                    try:
                        rest(item, players)
                    except FieldError as error:
                        error.steps.append(key)
                        raise
        for name, phrase in self.required:
            if name not in value:
                raise MissingKey((name,), phrase)
        for group, phrase in self.required_any:
            if not any(name in value for name in group):
                raise MissingKey(group, phrase)

    def check_items(self, value: list[object], players: Players) -> None:
        items = self.items
        assert items is not None
        for index, item in enumerate(value):
            try:
                items(item, players)
            except FieldError as error:
                error.steps.append(index)
                raise


# --------------------------------------------------------------------------- a game's checks


class LogFields:
    """A game's compiled checks: its header (every key but ``actions``) and each of its verbs' entries, the check
    of a verb compiled when a log first has an entry of it."""

    def __init__(
        self,
        game: str,
        title: str,
        verbs: Iterable[str],
        compile_entry: Callable[[str], Check | None],
        header: Check | None,
        any_entry: Check | None,
        open_entries: bool,
    ) -> None:
        self.game = game
        self.title = title
        """The game's name, for messages (``Weiss Schwarz``)."""
        self.verbs = tuple(sorted(verbs))
        self.header = header
        self.any_entry = any_entry
        """The check of what every entry has, for a log whose game is not known."""
        self.open_entries = open_entries
        """Whether the game's entries may have keys their definitions do not name (a game whose part of the schema
        describes no verb's arguments)."""
        self._compile_entry = compile_entry
        self._entries: dict[str, Check | None] = {}

    def check_header(self, top: Mapping[str, object], players: Players) -> None:
        if self.header is not None:
            self.header(top, players)

    def has_verb(self, verb: str) -> bool:
        return verb in self._entries or verb in self.verbs

    def entry(self, verb: str) -> Check | None:
        """The check of a ``verb`` entry (one of ``verbs``); None when anything fits."""
        try:
            return self._entries[verb]
        except KeyError:
            check = self._entries[verb] = self._compile_entry(verb)
            return check


def compile_fields(game: str, log_schema: Schema, verbs: Iterable[str], title: str) -> LogFields:
    """The checks of ``game``'s logs, compiled from ``log_schema`` (``judge.schema.log_schema(game)``, with its
    ``$defs``)."""
    defs = log_schema.get("$defs", {})
    compiler = _Compiler(defs)
    header = compiler.compile(log_schema, {"game": game}, skip=("actions",))
    parts = ["entry", *([f"{game}Entry"] if f"{game}Entry" in defs else [])]
    entry = {"allOf": [{"$ref": f"#/$defs/{name}"} for name in parts]}
    compiler.keep.append(entry)
    open_entries = not any(name.startswith(f"{game}Do_") for name in defs)

    def compile_entry(verb: str) -> Check | None:
        return compiler.compile(entry, {"do": verb}, skip=("do",))

    return LogFields(game, title, verbs, compile_entry, header, compiler.compile(defs.get("entry", True)), open_entries)


_COMPILED: dict[str | None, tuple[object, LogFields]] = {}
"""Game key -> the game's support the checks were compiled for, and the checks (None: the entries of any game)."""


def fields_of(game: str | None) -> LogFields:
    """The compiled checks of ``game``'s logs (None: only what every game's entries have), compiled at the first
    use and again only if the game's registration changes."""
    from judge import games, schema  # the schema's builders import every part of a game: needed only here

    support = None if game is None else games.get(game)
    cached = _COMPILED.get(game)
    if cached is not None and cached[0] is support:
        return cached[1]
    if support is None:
        built = schema.entry_schema(None)
        any_entry = _Compiler(built["$defs"]).compile(built)
        fields = LogFields("", "", (), lambda verb: any_entry, None, any_entry, open_entries=True)
    else:
        verbs = {*support.choice_verbs, *support.forced_verbs}
        fields = compile_fields(support.key, schema.log_schema(support.key), verbs, support.title)
    _COMPILED[game] = (support, fields)
    return fields
