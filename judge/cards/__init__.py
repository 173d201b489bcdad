"""Card catalogs: files of card records for the card ids a log names without defining them.

* ``catalog``: reading a catalog file (JSON Lines, JSON or YAML), every problem located, and merging several;
* ``weiss_sim``: the cards of an installed weiss-sim, read from its card database, for
  ``judge cards import weiss-sim``; ``postcard`` and ``weiss_sim_layout`` are how that database is decoded.

The project ships no card text of its own: a catalog is data its user brings, or imports from a simulator
installed beside the judge.
"""
