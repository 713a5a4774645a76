"""The hex lattice every hexagon board stands on, one job a module.

A cell is an axial point (q, r), as in Red Blob Games' hexagon guide. ids.py
names cells in the `a1` scheme (shared/GAMES.md); orientation.py says how
axial points land on the page (pointy or flat cells); shapes.py holds the
shapes, each the cells inside a few straight sides, with the geometry-free
facts rules and referees need (neighbours, sides, rings, the outline);
placed.py puts a shape on the page in mm. Only placed.py measures, and
nothing here draws.
"""
