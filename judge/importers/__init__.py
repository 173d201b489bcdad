"""Importers: games recorded or played by other programs, written as ``judge-log/1`` logs.

Each importer is a package of its own (``weiss_sim``), reads what the other
program leaves of a game, checks its own reading against that program's state,
and writes logs any command of the judge takes.  An importer's third-party
dependencies are an optional extra of the package, imported only when the
importer runs.
"""
