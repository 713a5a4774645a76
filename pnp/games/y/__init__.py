"""Y (Claude Shannon; Craige Schensted and Charles Titus) and Mudcrack Y: connect all three sides of a triangle.

This folder holds everything pnp knows of the game:
- mudcrack.py: Mudcrack Y boards, a triangle cut into irregular cells grown from a seed;
- code.py: board codes, the (cells, seed) of a mudcrack board in eight characters.
"""
