"""Setuptools' build script: the package is plain Python, unless a compiled build is asked for.

``JUDGE_COMPILE=1 python3 -m pip install .`` compiles the modules a verification spends its
time in (the engine, the log loader, each game's log reading, the replay driver) into C
extensions with mypyc, the compiler that ships with mypy.  The compiled modules behave as the Python ones do;
``tests/test_compiled_build.py`` replays the same logs through both and compares.
The metadata is in ``pyproject.toml``; ``build_backend.py`` brings mypy into the build.
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

COMPILED_MODULES = [
    "engine/core/card_records.py",
    "engine/core/cards.py",
    "engine/core/check_timing.py",
    "engine/core/effects.py",
    "engine/core/game.py",
    "engine/core/interface.py",
    "engine/core/parts.py",
    "engine/core/printed_text.py",
    "engine/core/procedure.py",
    "engine/core/protocol.py",
    "engine/core/reveals.py",
    "engine/core/state_hash.py",
    "engine/core/vocabulary.py",
    "engine/core/wording.py",
    "engine/core/zones.py",
    "engine/games/vg/actions.py",
    "engine/games/vg/battle.py",
    "engine/games/vg/cards.py",
    "engine/games/vg/characteristics.py",
    "engine/games/vg/choices.py",
    "engine/games/vg/card_text.py",
    "engine/games/vg/costs.py",
    "engine/games/vg/game.py",
    "engine/games/vg/keywords.py",
    "engine/games/vg/opening.py",
    "engine/games/vg/phases.py",
    "engine/games/vg/playing.py",
    "engine/games/vg/procedure.py",
    "engine/games/vg/rule_actions.py",
    "engine/games/vg/state.py",
    "engine/games/vg/text.py",
    "engine/games/vg/triggers.py",
    "engine/games/wl/autos.py",
    "engine/games/wl/battle.py",
    "engine/games/wl/card_text.py",
    "engine/games/wl/cards.py",
    "engine/games/wl/choices.py",
    "engine/games/wl/costs.py",
    "engine/games/wl/game.py",
    "engine/games/wl/moves.py",
    "engine/games/wl/opening.py",
    "engine/games/wl/phases.py",
    "engine/games/wl/playing.py",
    "engine/games/wl/procedure.py",
    "engine/games/wl/rule_processing.py",
    "engine/games/wl/state.py",
    "engine/games/wl/text.py",
    "engine/games/ws/abilities.py",
    "engine/games/ws/attack.py",
    "engine/games/ws/cards.py",
    "engine/games/ws/characteristics.py",
    "engine/games/ws/choices.py",
    "engine/games/ws/costs.py",
    "engine/games/ws/deck_operations.py",
    "engine/games/ws/game.py",
    "engine/games/ws/keywords.py",
    "engine/games/ws/moves.py",
    "engine/games/ws/opening.py",
    "engine/games/ws/operation_records.py",
    "engine/games/ws/operations.py",
    "engine/games/ws/other_rules.py",
    "engine/games/ws/phases.py",
    "engine/games/ws/playing.py",
    "engine/games/ws/procedure.py",
    "engine/games/ws/rendering.py",
    "engine/games/ws/rule_actions.py",
    "engine/games/ws/state.py",
    "engine/games/ws/text.py",
    "engine/games/ws/text_effects.py",
    "engine/games/ws/text_keywords.py",
    "engine/games/ws/vocabulary.py",
    "engine/games/ws/vocabulary_effects.py",
    "engine/games/ws/wordings.py",
    "engine/games/ws/words.py",
    "judge/games/reading.py",
    "judge/games/support.py",
    "judge/games/vg/__init__.py",
    "judge/games/vg/log.py",
    "judge/games/wl/__init__.py",
    "judge/games/wl/log.py",
    "judge/games/ws/__init__.py",
    "judge/games/ws/log.py",
    "judge/logfile.py",
    "judge/logformat.py",
    "judge/loglimits.py",
    "judge/lookahead.py",
    "judge/replay.py",
]


def compiling() -> bool:
    """Whether this build compiles (``JUDGE_COMPILE`` set to anything but empty or 0)."""
    return os.environ.get("JUDGE_COMPILE", "") not in ("", "0")


def extensions() -> list[Extension]:
    """The C extensions of a compiled build; none for a plain one."""
    if not compiling():
        return []
    from mypyc.build import mypycify

    return mypycify(COMPILED_MODULES, opt_level="3", group_name="judge_native")


setup(ext_modules=extensions())
