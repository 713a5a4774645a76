"""pnp: print-and-play kits for abstract connection games, exact to the millimetre."""

__version__ = "0.1.0"
