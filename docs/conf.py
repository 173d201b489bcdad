"""Sphinx configuration of the judge documentation.

Build it with ``judge docs build OUT``: that command writes the generated rules,
scenario and schema pages beside these hand-written ones and builds with
warnings as errors.
"""

project = "judge"
author = "the judge authors"
extensions = [
    "judge.sphinx_rules",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_click",
]
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path = ["_static"]
autodoc_member_order = "bysource"
autodoc_typehints = "none"
suppress_warnings = ["ref.python"]

# Text is shown as written: the rules' own quotes, and command examples that must run when copied
# (smart quotes would turn ``--out`` into an en dash).
smartquotes = False
