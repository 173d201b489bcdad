"""The YAML loader logs are read with: the safe loader (libyaml's when PyYAML has it), remembering scalar tags.

This module is left out of the compiled build (setup.py): its class derives from PyYAML's loader, a class of
another extension module, which the compiled modules cannot derive from.
"""

from __future__ import annotations

import yaml

from judge.loglimits import YAML_LOADER

__all__ = ["LogLoader"]

_SCALAR_TAGS: dict[tuple[str, tuple[bool, bool]], str] = {}
"""The tag each short plain text resolves to, as the loader has resolved it (``LogLoader``)."""
_SCALAR_TAGS_HELD = 50_000
_SCALAR_TAG_TEXT = 64


class LogLoader(YAML_LOADER):
    """The loader every YAML log is read with: the safe loader, remembering what each short scalar's text resolves
    to.  The safe loader has no path resolvers, so a scalar's tag depends on its text alone, and a log repeats the
    same words thousands of times (card ids, verbs, players): resolving each once halves the time spent there."""

    def resolve(self, kind: type, value: str, implicit: tuple[bool, bool]) -> str:
        if kind is not yaml.ScalarNode or len(value) > _SCALAR_TAG_TEXT or self.yaml_path_resolvers:
            return str(super().resolve(kind, value, implicit))
        key = (value, implicit)
        tag = _SCALAR_TAGS.get(key)
        if tag is None:
            tag = str(super().resolve(kind, value, implicit))
            if len(_SCALAR_TAGS) < _SCALAR_TAGS_HELD:
                _SCALAR_TAGS[key] = tag
        return tag
