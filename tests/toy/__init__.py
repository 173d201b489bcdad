"""High Card, a toy game registered with the judge to show that the judge is game-agnostic.

``rules.txt`` is its comprehensive rules (ids ``toy:5.3.2``), ``game.py`` its engine on
``engine.core``, ``support.py`` its part of the log format (``judge.games.support``) and
``rulings/`` two scenario rulings.  ``tests/test_toy_game.py`` registers it and runs it
through verify, replay, selfplay, scenario test and graph rules; ``docs/adding-a-game.rst``
walks through the same steps.
"""
