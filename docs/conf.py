"""Sphinx configuration of the judge documentation (build: sphinx-build -W docs docs/_build)."""

project = "judge"
author = "the judge authors"
extensions: list[str] = []
exclude_patterns = ["_build"]
html_theme = "alabaster"
