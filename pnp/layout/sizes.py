"""The one list of named papers: a spec's `paper:`, `pnp sky --paper`, the print kit's cover and the gallery.

Kept apart from paper.py (no dataclass here), so the command line can list the names in its help at no
start-up cost.
"""

# Width x height in mm, as reportlab.lib.pagesizes has them, except half-letter: Letter cut in two,
# 5.5 x 8.5 in (reportlab's HALF_LETTER is 5.5 x 8 in). Names are lower case; specs and options take any case.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
    "legal": (215.9, 355.6),
    "a5": (148.0, 210.0),
    "a6": (105.0, 148.0),
    "b5": (176.0, 250.0),
    "half-letter": (139.7, 215.9),
}
# As a printer's settings name them.
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3", "tabloid": "Tabloid", "legal": "US Legal",
               "a5": "A5", "a6": "A6", "b5": "B5", "half-letter": "half Letter"}


def paper_choices() -> str:
    """The named papers as help and messages list them."""
    return ", ".join(PAPERS)
