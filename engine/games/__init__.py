"""One package per game: ``ws`` (Weiss Schwarz), ``vg`` (Cardfight!! Vanguard), ``wl`` (ENERGIO!!)."""
