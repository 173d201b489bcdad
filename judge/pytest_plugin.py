"""A pytest plugin: scenario files are test items, one per scenario, failing with the located difference.

pytest loads it through the ``pytest11`` entry point of the installed package.
It collects ``.yaml``/``.yml``/``.json``/``.jsonl`` files under a folder named
``scenarios`` (the library, or a project's own rulings), so other data files are
left alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.logfile import LogFormatError
from judge.scenarios import SUFFIXES, check, load_scenario


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix in SUFFIXES and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFailure(Exception):
    """A scenario that does not hold, or a malformed one."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        parts = self.path.parts
        start = len(parts) - 1 - parts[::-1].index("scenarios")
        scenario_id = Path(*parts[start + 1 :]).with_suffix("").as_posix()
        try:
            scenario = load_scenario(self.path, scenario_id)
        except LogFormatError as error:
            raise ScenarioFailure(f"malformed scenario: {error}") from None
        result = check(scenario)
        if not result.passed:
            raise ScenarioFailure(
                f"{scenario.title}\n" + "\n".join(f"  {difference}" for difference in result.differences)
            )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: str | None = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.path}: {excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, f"scenario {self.name}"
