"""pnp: print-and-play kits for abstract connection games, exact to the millimetre.

Installed as the distribution `pnp-kits` (the name `pnp` on the package index is another project's); the
command and this package are `pnp`. Its templates, texts, fonts, schema and example positions travel inside
it (pnp/resources.py).
"""

__version__ = "0.1.0"
