"""The game-agnostic core: cards, effects, the request protocol and the check-timing loop."""
