"""The package's build backend: setuptools', with mypy added to a compiled build's requirements.

``JUDGE_COMPILE=1 python3 -m pip install .`` asks for a compiled build (see ``setup.py``),
which needs mypy's compiler in the build environment; this backend says so to pip.  An
editable install is never compiled: its extensions would go on running, stale, after the
sources they were compiled from change.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

from setuptools import build_meta
from setuptools.build_meta import *  # every hook not redefined here is setuptools'

COMPILER = ("mypy==2.4.1", "types-PyYAML", "lark>=1.1")
"""What a compiled build needs besides setuptools: the compiler (the same mypy the tests type-check
with) and what its type check reads (``judge/logfile.py`` imports ``yaml``, whose stubs are apart;
``engine/core/printed_text.py`` imports ``lark``, which carries its own types).  Asked for here, so
that a fresh environment builds without the test extra installed first."""
SWITCH = "JUDGE_COMPILE"

T = TypeVar("T")


def _compiling() -> bool:
    return os.environ.get(SWITCH, "") not in ("", "0")


def _without_compiling(hook: Callable[..., T], *args: Any) -> T:
    """Run a hook that only reads the metadata (it runs setup.py) without compiling anything."""
    value = os.environ.get(SWITCH)
    os.environ[SWITCH] = "0"
    try:
        return hook(*args)
    finally:
        if value is None:
            del os.environ[SWITCH]
        else:
            os.environ[SWITCH] = value


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if not _compiling():
        return build_meta.get_requires_for_build_wheel(config_settings)
    return [*_without_compiling(build_meta.get_requires_for_build_wheel, config_settings), *COMPILER]


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    return _without_compiling(build_meta.prepare_metadata_for_build_wheel, metadata_directory, config_settings)


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    if _compiling():
        raise RuntimeError(
            f"{SWITCH} applies to `pip install .`, not to an editable install: compiled modules "
            f"would not follow later changes to the sources. Unset {SWITCH} for an editable install."
        )
    return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
