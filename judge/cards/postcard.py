"""Reading data serialised with postcard, the compact binary format of Rust's ``postcard`` crate, from a
description of its types.

postcard is not self-describing: a file is a sequence of values whose layout only the types that wrote it
know.  Those types are given here as data (:class:`Layout`): each struct its fields in order, each enum its
variants in order with their payloads, every type written as Rust writes it (``u8``, ``Option<String>``,
``Vec<TriggerIcon>``, ``Box<AbilityDef>``).  One decoder reads any such description:

* ``u8``, ``i8``: one byte (``i8`` two's complement); ``bool``: one byte, 0 or 1;
* ``u16``, ``u32``, ``u64``: a varint (seven bits a byte, least significant first, the high bit set on every
  byte but the last); ``i16``, ``i32``, ``i64``: the zigzag of the value as such a varint;
* ``String``: a varint length, then that many bytes of UTF-8; ``Vec<T>``: a varint count, then the items;
* ``Option<T>``: a tag byte, 0 (None) or 1 followed by the value; ``Box<T>``: the value itself;
* a struct: its fields in order, with nothing between them;
* an enum: a varint, the index of the variant, then its payload: nothing for a unit variant, the value for
  a newtype variant (``AbilityDef(AbilityDef)``), the fields in order for a struct variant.

Decoded values are plain data: a struct is a dict of its fields, a unit variant its name, any other variant
``{name: payload}``, as serde writes externally tagged enums in JSON.  Data that does not read as the layout
says (a byte past the end, an unknown variant, a tag that is neither 0 nor 1, bytes left over) is a
:class:`PostcardError` naming the offset and what was being read: a different layout is never misread in
silence, only refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

__all__ = ["Layout", "PostcardError", "decoder"]

Reader = Callable[[bytes, int], tuple[Any, int]]
"""Reads one value at an offset: the value and the offset after it."""

VARINT_BYTES: Final = {"u16": 3, "u32": 5, "u64": 10}
"""The most bytes postcard writes for each varint type."""
_SIGNED_VARINTS: Final = {"i16": "u16", "i32": "u32", "i64": "u64"}
_BITS: Final = {"u16": 16, "u32": 32, "u64": 64}
_GENERIC = re.compile(r"^(Vec|Option|Box)<(.+)>$")
_FIELD = re.compile(r"^\s*(\w+)\s*:\s*(.+?)\s*$")
_VARIANT = re.compile(r"^\s*(\w+)\s*(?:\{(.*)\}|\((.*)\))?\s*$")


class PostcardError(ValueError):
    """Bytes that do not read as the layout says: where, and what was expected there."""

    def __init__(self, offset: int, message: str) -> None:
        super().__init__(offset, message)
        self.offset = offset
        self.message = message

    def __str__(self) -> str:
        return f"at byte {self.offset}: {self.message}"


@dataclass(frozen=True, slots=True)
class Layout:
    """The types a postcard file was written with.

    ``structs`` maps a struct's name to its fields in order, each ``"name: Type"``; ``enums`` maps an enum's
    name to its variants in order, each ``"Name"`` (unit), ``"Name(Type)"`` (newtype) or
    ``"Name { field: Type, ... }"`` (struct variant).
    """

    structs: Mapping[str, Sequence[str]]
    enums: Mapping[str, Sequence[str]]


def decoder(layout: Layout, root: str) -> Callable[[bytes], Any]:
    """A function that decodes a whole buffer as one value of type ``root`` of ``layout``; PostcardError when
    the buffer is not exactly one such value."""
    read = _Compiler(layout).reader(root)

    def decode(data: bytes) -> Any:
        try:
            value, end = read(data, 0)
        except IndexError:
            raise PostcardError(len(data), f"the data ends inside a {root}") from None
        if end != len(data):
            raise PostcardError(end, f"{len(data) - end} byte(s) left after the {root}")
        return value

    return decode


def _fields(text: str) -> list[tuple[str, str]]:
    """``"a: u8, b: Vec<u16>"`` as (name, type) pairs (no type of the layouts has a comma inside it)."""
    found = []
    for part in text.split(","):
        if not part.strip():
            continue
        match = _FIELD.match(part)
        if match is None:
            raise ValueError(f"{part.strip()!r} is not 'name: Type'")
        found.append((match.group(1), match.group(2)))
    return found


class _Compiler:
    """Builds one reader per type of a layout, each made once and shared (recursive types included)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.readers: dict[str, Reader] = {}

    def reader(self, name: str) -> Reader:
        name = name.strip()
        found = self.readers.get(name)
        if found is not None:
            return found
        generic = _GENERIC.match(name)
        if generic is not None:
            made = self._generic(generic.group(1), generic.group(2))
        elif name in ("u8", "i8", "bool", "String"):
            made = _PRIMITIVES[name]
        elif name in VARINT_BYTES:
            made = _unsigned(name)
        elif name in _SIGNED_VARINTS:
            made = _signed(name)
        elif name in self.layout.structs or name in self.layout.enums:
            made = self._named(name)
        else:
            raise ValueError(f"the layout has no type {name!r}")
        self.readers[name] = made
        return made

    def _generic(self, kind: str, inner: str) -> Reader:
        item = self.reader(inner)
        if kind == "Box":
            return item
        if kind == "Option":

            def read_option(data: bytes, at: int) -> tuple[Any, int]:
                tag = data[at]
                if tag == 0:
                    return None, at + 1
                if tag != 1:
                    raise PostcardError(at, f"an Option<{inner}> tag is {tag}, expected 0 or 1")
                return item(data, at + 1)

            return read_option

        def read_vec(data: bytes, at: int) -> tuple[Any, int]:
            count = data[at]
            if count == 0:  # most are: one byte, no list to fill
                return [], at + 1
            if count < 0x80:
                at += 1
            else:
                count, at = _varint(data, at, "u32")
            if count > len(data) - at:  # every item of these layouts takes a byte at least
                raise PostcardError(at, f"a Vec<{inner}> of {count} items is longer than the data left")
            values = []
            for _ in range(count):
                value, at = item(data, at)
                values.append(value)
            return values, at

        return read_vec

    def _named(self, name: str) -> Reader:
        """A struct's or an enum's reader.  A type may contain itself (through ``Box``): while it is being
        built, its name stands for a reader that forwards to it."""
        built: list[Reader] = []

        def forward(data: bytes, at: int) -> tuple[Any, int]:
            return built[0](data, at)

        self.readers[name] = forward
        if name in self.layout.structs:
            fields = _fields(", ".join(self.layout.structs[name]))
            made = _struct([(field, self.reader(kind)) for field, kind in fields])
        else:
            made = _enum(name, [self._variant(name, text) for text in self.layout.enums[name]])
        built.append(made)
        return made

    def _variant(self, name: str, text: str) -> tuple[str, Reader | None]:
        match = _VARIANT.match(text)
        if match is None:
            raise ValueError(f"{name}: {text!r} is not a variant")
        variant, struct_fields, newtype = match.groups()
        if struct_fields is not None:
            return variant, _struct([(field, self.reader(kind)) for field, kind in _fields(struct_fields)])
        if newtype is not None:
            return variant, self.reader(newtype)
        return variant, None


def _struct(fields: list[tuple[str, Reader]]) -> Reader:
    def read_struct(data: bytes, at: int) -> tuple[Any, int]:
        value = {}
        for field, read in fields:
            value[field], at = read(data, at)
        return value, at

    return read_struct


def _enum(name: str, variants: list[tuple[str, Reader | None]]) -> Reader:
    def read_enum(data: bytes, at: int) -> tuple[Any, int]:
        start = at
        index = data[at]
        if index < 0x80:
            at += 1
        else:
            index, at = _varint(data, at, "u32")
        if index >= len(variants):
            raise PostcardError(start, f"{name} variant {index}, but {name} has {len(variants)}")
        variant, payload = variants[index]
        if payload is None:
            return variant, at
        value, at = payload(data, at)
        return {variant: value}, at

    return read_enum


def _varint(data: bytes, at: int, kind: str) -> tuple[int, int]:
    first = data[at]
    if first < 0x80:
        return first, at + 1
    start = at
    value = shift = 0
    for _ in range(VARINT_BYTES[kind]):
        part = data[at]
        at += 1
        value |= (part & 0x7F) << shift
        if part < 0x80:
            if value >> _BITS[kind]:
                raise PostcardError(start, f"a {kind} varint holds {value}, more than a {kind}")
            return value, at
        shift += 7
    raise PostcardError(start, f"a {kind} varint runs past {VARINT_BYTES[kind]} bytes")


def _unsigned(kind: str) -> Reader:
    def read_unsigned(data: bytes, at: int) -> tuple[Any, int]:
        first = data[at]
        if first < 0x80:
            return first, at + 1
        return _varint(data, at, kind)

    return read_unsigned


def _signed(kind: str) -> Reader:
    unsigned = _SIGNED_VARINTS[kind]

    def read_signed(data: bytes, at: int) -> tuple[Any, int]:
        value = data[at]
        if value < 0x80:
            at += 1
        else:
            value, at = _varint(data, at, unsigned)
        return (value >> 1) ^ -(value & 1), at

    return read_signed


def _read_u8(data: bytes, at: int) -> tuple[Any, int]:
    return data[at], at + 1


def _read_i8(data: bytes, at: int) -> tuple[Any, int]:
    byte = data[at]
    return byte - 256 if byte > 127 else byte, at + 1


def _read_bool(data: bytes, at: int) -> tuple[Any, int]:
    byte = data[at]
    if byte > 1:
        raise PostcardError(at, f"a bool is {byte}, expected 0 or 1")
    return byte == 1, at + 1


def _read_string(data: bytes, at: int) -> tuple[Any, int]:
    length, start = _varint(data, at, "u32")
    end = start + length
    if end > len(data):
        raise PostcardError(at, f"a String of {length} bytes is longer than the data left")
    try:
        return data[start:end].decode("utf-8"), end
    except UnicodeDecodeError as error:
        raise PostcardError(start + error.start, f"a String is not UTF-8 ({error.reason})") from None


_PRIMITIVES: Final[dict[str, Reader]] = {
    "u8": _read_u8,
    "i8": _read_i8,
    "bool": _read_bool,
    "String": _read_string,
}
