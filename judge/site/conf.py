"""Sphinx configuration of the judge documentation.

Build it with ``judge docs build OUT``: that command copies this folder (the site as
it ships with the package: this configuration, its static files and the pages
every installation can build), adds the project's own pages from a checkout's
``docs/`` folder where there is one, writes the generated rules, scenario and
schema pages beside them and builds with warnings as errors.
"""

from pathlib import Path

project = "judge"
author = "the judge authors"
extensions = [
    "judge.sphinx_rules",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_click",
]
exclude_patterns = ["_build"]
# Every object is documented in its own module (automodule without imported members).  Following an attribute's
# value to the module that made it (a ZoneTable held by Game.zones, a builtin dict) filed zones.py's source under
# engine.core.game and linked a builtins page that does not exist.
viewcode_follow_imported_members = False
html_theme = "alabaster"
html_static_path = ["_static"]
# A wider page than alabaster's 940px (the rules nest six deep), a sidebar that stays in view, and
# previous/next links above and below every page: the rules read chapter after chapter.
html_theme_options = {
    "page_width": "1180px",
    "sidebar_width": "270px",
    "fixed_sidebar": True,
    "show_relbars": True,
}
templates_path = ["_templates"]
html_sidebars = {
    "**": ["about.html", "searchfield.html", "judge-games.html", "localtoc.html", "relations.html", "navigation.html"]
}
# The rules pages' look (nesting, annotations, coverage markers, the highlighted clause) and the
# "go to clause" box, which reads the clause table the build writes to _static/judge-clauses.js.
html_css_files = ["judge-rules.css"]
html_js_files = ["judge-jump.js", "judge-notes.js"]
# The site search ranks the clause a query names (4.10.1.2, ws:4.10.1.2, 7-1-4-1-2) first.  Sphinx
# opens this file from the working directory, so the path is made absolute.
html_search_scorer = str(Path(__file__).resolve().parent / "_static" / "judge-search-scorer.js")
autodoc_member_order = "bysource"
autodoc_typehints = "none"
suppress_warnings = ["ref.python"]

# Text is shown as written: the rules' own quotes, and command examples that must run when copied
# (smart quotes would turn ``--out`` into an en dash).
smartquotes = False
