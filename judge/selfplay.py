"""Self-play: complete games chosen at random among a game's legal options, written as logs.

Each registered game plays itself (``GameSupport.self_play``), deterministically
for a seed, with its bundled card pool; this module writes the result in any of
the log's encodings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from judge import games


def play_game(seed: int, game: str | None = None) -> dict[str, Any]:
    """One complete self-played game of ``game`` (the registry's default game when None), as a ``judge-log/1``
    document."""
    return games.get(game or games.default()).self_play(seed)


def write_log(document: dict[str, Any], path: Path) -> None:
    """Write a log in the encoding its suffix names (.yaml, .json or .jsonl)."""
    if path.suffix == ".jsonl":
        header = {key: value for key, value in document.items() if key != "actions"}
        lines = [json.dumps(header, ensure_ascii=False)]
        lines.extend(json.dumps(entry, ensure_ascii=False) for entry in document["actions"])
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    elif path.suffix == ".json":
        path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    else:
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        path.write_text(
            yaml.dump(document, Dumper=dumper, sort_keys=False, allow_unicode=True, default_flow_style=None),
            encoding="utf-8",
        )
