"""Test project for judge.sphinx_rules: a clean build of it must log no warnings."""

project = "rules domain test"
extensions = ["judge.sphinx_rules"]
exclude_patterns = ["_build"]
