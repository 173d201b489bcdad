"""The rules engine: a game-agnostic core and one package per game under ``engine.games``.

The engine cites clause ids as plain strings (``"ws:8.5.1"``) and imports
neither ``judge`` nor ``rules_index``; a test resolves every id it cites.
"""
